// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-contraction-to-ex-matmul | filecheck %s

// Contractions on buffers become one `vmvx.ex.matmul` call: types (input | output << 8, in
// the `ex` codes f32 2, f64 3, i8 5, i32 7), flags (ACCUMULATE 1 unless the output was just
// zero-filled, the fill then dropped), then (buffer, offset, strides b/m/k) of lhs, (b/k/n)
// of rhs, (b/m/n) of out, and sizes batch, M, N, K; an absent loop has stride 0 and size 1.

func.func @matmul_fill(%a : memref<?x500xf32, strided<[500, 1], offset: ?>>, %b : memref<500x1000xf32>, %c : memref<?x1000xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x1000xf32>)
  linalg.matmul ins(%a, %b : memref<?x500xf32, strided<[500, 1], offset: ?>>, memref<500x1000xf32>) outs(%c : memref<?x1000xf32>)
  func.return
}
// CHECK:       func.func private @vmvx.ex.matmul(i32, i32, !util.buffer, index, index, index, index, !util.buffer, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @matmul_fill
// CHECK-NEXT:    %[[C:.*]], %[[CO:.*]], %{{.*}}, %{{.*}}, %[[CS0:.*]], %[[CS1:.*]] = vmvx.get_buffer_descriptor %c
// CHECK-NEXT:    %[[B:.*]], %[[BO:.*]], %{{.*}}, %[[N:.*]], %[[BS0:.*]], %[[BS1:.*]] = vmvx.get_buffer_descriptor %b
// CHECK-NEXT:    %[[A:.*]], %[[AO:.*]], %[[M:.*]], %[[K:.*]], %[[AS0:.*]], %[[AS1:.*]] = vmvx.get_buffer_descriptor %a
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%[[TYPES]], %[[FLAGS]], %[[A]], %[[AO]], %[[ZERO]], %[[AS0]], %[[AS1]], %[[B]], %[[BO]], %[[ZERO]], %[[BS0]], %[[BS1]], %[[C]], %[[CO]], %[[ZERO]], %[[CS0]], %[[CS1]], %[[ONE]], %[[M]], %[[N]], %[[K]])
// CHECK-NOT:     linalg

// -----

func.func @matmul_transpose_b(%a : memref<4x8xf32>, %b : memref<6x8xf32>, %c : memref<4x6xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : memref<4x8xf32>, memref<6x8xf32>) outs(%c : memref<4x6xf32>)
  func.return
}
// A transposed operand (here rhs, indexed (n, k)) is its strides swapped; no fill: ACCUMULATE.
// CHECK-LABEL: func.func @matmul_transpose_b
// CHECK-NEXT:    %[[C:.*]], %[[CO:.*]], %{{.*}}, %{{.*}}, %[[CS0:.*]], %[[CS1:.*]] = vmvx.get_buffer_descriptor %c
// CHECK-NEXT:    %[[B:.*]], %[[BO:.*]], %[[N:.*]], %{{.*}}, %[[BS0:.*]], %[[BS1:.*]] = vmvx.get_buffer_descriptor %b
// CHECK-NEXT:    %[[A:.*]], %[[AO:.*]], %[[M:.*]], %[[K:.*]], %[[AS0:.*]], %[[AS1:.*]] = vmvx.get_buffer_descriptor %a
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%[[TYPES]], %[[FLAGS]], %[[A]], %[[AO]], %[[ZERO]], %[[AS0]], %[[AS1]], %[[B]], %[[BO]], %[[ZERO]], %[[BS1]], %[[BS0]], %[[C]], %[[CO]], %[[ZERO]], %[[CS0]], %[[CS1]], %[[ONE]], %[[M]], %[[N]], %[[K]])

// -----

func.func @batch_matmul_i8(%a : memref<2x4x8xi8>, %b : memref<2x8x6xi8>, %c : memref<2x4x6xi32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x4x8xi8>, memref<2x8x6xi8>) outs(%c : memref<2x4x6xi32>)
  func.return
}
// i8 x i8 -> i32 (the body's extsi casts): types 5 | 7 << 8; the batch loop is b.
// CHECK-LABEL: func.func @batch_matmul_i8
// CHECK-NEXT:    %[[C:.*]], %[[CO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[CS0:.*]], %[[CS1:.*]], %[[CS2:.*]] = vmvx.get_buffer_descriptor %c
// CHECK-NEXT:    %[[B:.*]], %[[BO:.*]], %{{.*}}, %{{.*}}, %[[N:.*]], %[[BS0:.*]], %[[BS1:.*]], %[[BS2:.*]] = vmvx.get_buffer_descriptor %b
// CHECK-NEXT:    %[[A:.*]], %[[AO:.*]], %[[BATCH:.*]], %[[M:.*]], %[[K:.*]], %[[AS0:.*]], %[[AS1:.*]], %[[AS2:.*]] = vmvx.get_buffer_descriptor %a
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 1797 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%[[TYPES]], %[[FLAGS]], %[[A]], %[[AO]], %[[AS0]], %[[AS1]], %[[AS2]], %[[B]], %[[BO]], %[[BS0]], %[[BS1]], %[[BS2]], %[[C]], %[[CO]], %[[CS0]], %[[CS1]], %[[CS2]], %[[BATCH]], %[[M]], %[[N]], %[[K]])

// -----

func.func @matvec_vecmat_dot(%a : memref<4x8xf64>, %x : memref<8xf64>, %y : memref<4xf64>, %r : memref<f64>) {
  linalg.matvec ins(%a, %x : memref<4x8xf64>, memref<8xf64>) outs(%y : memref<4xf64>)
  linalg.vecmat ins(%y, %a : memref<4xf64>, memref<4x8xf64>) outs(%x : memref<8xf64>)
  linalg.dot ins(%x, %x : memref<8xf64>, memref<8xf64>) outs(%r : memref<f64>)
  func.return
}
// matvec (no N), vecmat (no M) and dot (neither): sizes 1, strides 0.
// CHECK-LABEL: func.func @matvec_vecmat_dot
// CHECK:         %[[T1:.*]] = arith.constant 771 : i32
// CHECK:         %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[O1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%[[T1]], %{{.*}}, %{{.*}}, %{{.*}}, %[[Z1]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[Z1]], %{{.*}}, %[[Z1]], %{{.*}}, %{{.*}}, %[[Z1]], %{{.*}}, %[[Z1]], %[[O1]], %{{.*}}, %[[O1]], %{{.*}})
// CHECK:         %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[O2:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[Z2]], %[[Z2]], %{{.*}}, %{{.*}}, %{{.*}}, %[[Z2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[Z2]], %[[Z2]], %{{.*}}, %[[O2]], %[[O2]], %{{.*}}, %{{.*}})
// CHECK:         %[[Z3:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[O3:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.matmul(%{{.*}}, %{{.*}}, %[[X:.*]], %[[XO:.*]], %[[Z3]], %[[Z3]], %[[XS:.*]], %[[X]], %[[XO]], %[[Z3]], %[[XS]], %[[Z3]], %{{.*}}, %{{.*}}, %[[Z3]], %[[Z3]], %[[Z3]], %[[O3]], %[[O3]], %[[O3]], %{{.*}})
// CHECK-NOT:     linalg

// -----

func.func @not_contractions(%a : memref<4x8xf32>, %b : memref<8x6xf32>, %c : memref<4x6xf32>, %d : memref<4x8x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<4x8xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.maximumf %z, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, k, n)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%a, %b : memref<4x8xf32>, memref<8x6xf32>) outs(%d : memref<4x8x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  }
  func.return
}
// Not contractions: a max-accumulating body; all loops parallel (no reduction).
// CHECK-LABEL: func.func @not_contractions
// CHECK-NOT:     vmvx.ex.matmul
// CHECK:         arith.maximumf
// CHECK:         linalg.generic

// -----

func.func @matmul_bf16(%a : memref<4x8xbf16>, %b : memref<8x3xbf16>, %c : memref<4x3xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xbf16>, memref<8x3xbf16>) outs(%c : memref<4x3xf32>)
  func.return
}
// bf16 x bf16 -> f32 (the body's extf casts): types 9 | 2 << 8.
// CHECK-LABEL: func.func @matmul_bf16
// CHECK:         %[[TYPES:.*]] = arith.constant 521 : i32
// CHECK:         func.call @vmvx.ex.matmul(%[[TYPES]],
// CHECK-NOT:     linalg.matmul
