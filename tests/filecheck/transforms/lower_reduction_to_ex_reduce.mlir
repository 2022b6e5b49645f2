// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-reduction-to-ex-reduce | filecheck %s

// Reductions on buffers whose body is one combining op become one `vmvx.ex.reduce` call: op
// (an `ex` elementwise code), types (input | output << 8), the reduced-axes bitmask of the
// loops left-padded to 4, then (buffer, offset, 4 strides) of the input and of the output
// (stride 0 on reduced and padding loops) and the 4 loop sizes (1 for padding).

func.func @row_sum(%x : memref<4x8xf32, strided<[?, 1], offset: ?>>, %o : memref<4xf32, strided<[1], offset: ?>>) {
  linalg.reduce ins(%x : memref<4x8xf32, strided<[?, 1], offset: ?>>) outs(%o : memref<4xf32, strided<[1], offset: ?>>) dimensions = [1]
    (%a: f32, %s: f32) {
      %t = arith.addf %a, %s : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK:       func.func private @vmvx.ex.reduce(i32, i32, i32, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @row_sum
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %[[OS:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[M:.*]], %[[N:.*]], %[[XS0:.*]], %[[XS1:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[Z]], %[[XS0]], %[[XS1]], %[[O]], %[[OO]], %[[Z]], %[[Z]], %[[OS]], %[[Z]], %[[ONE]], %[[ONE]], %[[M]], %[[N]])
// CHECK-NOT:     linalg

// -----

// A generic with a permuted input and `op(out, in)` of a commutative op.
#in = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#out = affine_map<(d0, d1, d2) -> (d0)>
func.func @max_generic_i8(%x : memref<5x2x3xi8>, %o : memref<2xi8>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : memref<5x2x3xi8>) outs(%o : memref<2xi8>) {
  ^bb0(%a: i8, %s: i8):
    %t = arith.maxsi %s, %a : i8
    linalg.yield %t : i8
  }
  func.return
}

// CHECK-LABEL: func.func @max_generic_i8
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %[[OS:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 1285 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[XS1]], %[[XS2]], %[[XS0]], %[[O]], %[[OO]], %[[Z]], %[[OS]], %[[Z]], %[[Z]], %[[ONE]], %[[S1]], %[[S2]], %[[S0]])
// CHECK-NOT:     linalg

// -----

// maxnumf only as op(in, out): op(out, in) stays.
func.func @maxnumf_swapped(%x : memref<4x8xf32>, %o : memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x8xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%a: f32, %s: f32) {
      %t = arith.maxnumf %s, %a : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK-LABEL: func.func @maxnumf_swapped
// CHECK-NEXT:    linalg.reduce

// -----

// Not a single combiner: stays.
func.func @sum_squares(%x : memref<4x8xf32>, %o : memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x8xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%a: f32, %s: f32) {
      %q = arith.mulf %a, %a : f32
      %t = arith.addf %q, %s : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK-LABEL: func.func @sum_squares
// CHECK-NEXT:    linalg.reduce

// -----

// A kept unit dim (constant 0 in the output map), as torch's keepdim sums give.
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @sum_keepdim(%x : memref<2x8x32xf64>, %o : memref<2x8x1xf64>) {
  linalg.generic {indexing_maps = [#in3, #keep], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : memref<2x8x32xf64>) outs(%o : memref<2x8x1xf64>) {
  ^bb0(%a: f64, %s: f64):
    %t = arith.addf %a, %s : f64
    linalg.yield %t : f64
  }
  func.return
}

// CHECK-LABEL: func.func @sum_keepdim
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[OS0:.*]], %[[OS1:.*]], %{{.*}} = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 771 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[XS0]], %[[XS1]], %[[XS2]], %[[O]], %[[OO]], %[[Z]], %[[OS0]], %[[OS1]], %[[Z]], %[[ONE]], %[[S0]], %[[S1]], %[[S2]])
// CHECK-NOT:     linalg
