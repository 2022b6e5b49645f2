// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-elementwise-to-ex-ukernels | filecheck %s

// Multi-op elementwise bodies on buffers become one vmvx.ex.* call per body op (op code and
// types as i32 constants; buffer, offset and 4 strides per operand; 4 sizes), temporaries in
// tile-sized allocas, scalars in one-element allocas read with stride 0.

// relu(x + b): the add goes to a temporary, the max straight to the output; the 0.0 from
// outside the body is stored once; b's dim 0 broadcasts (stride 0).
// CHECK:       func.func private @vmvx.ex.binary.4d(i32, i32, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @bias_relu(
// CHECK:         %[[TMP:.*]] = memref.alloca() : memref<8x16xf32>
// CHECK:         %[[TB:.*]], %[[TO:.*]], %{{.*}}, %{{.*}}, %[[TS0:.*]], %[[TS1:.*]] = vmvx.get_buffer_descriptor %[[TMP]]
// CHECK:         %[[ADD:.*]] = arith.constant 0 : i32
// CHECK:         %[[F32:.*]] = arith.constant 514 : i32
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         func.call @vmvx.ex.binary.4d(%[[ADD]], %[[F32]], %{{.*}}, %{{.*}}, %[[C0]], %[[C0]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C0]], %[[C0]], %[[C0]], %{{.*}}, %[[TB]], %[[TO]], %[[C0]], %[[C0]], %[[TS0]], %[[TS1]],
// CHECK:         %[[ZERO:.*]] = memref.alloca() : memref<1xf32>
// CHECK:         %[[ZB:.*]], %[[ZO:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[ZERO]]
// CHECK:         memref.store %zero, %[[ZERO]][%[[C0]]] : memref<1xf32>
// CHECK:         func.call @vmvx.ex.binary.4d(%{{.*}}, %{{.*}}, %[[TB]], %[[TO]], %[[C0]], %[[C0]], %[[TS0]], %[[TS1]], %[[ZB]], %[[ZO]], %[[C0]], %[[C0]], %[[C0]], %[[C0]],
// CHECK-NOT:     linalg.generic
func.func @bias_relu(%x : memref<8x16xf32>, %b : memref<16xf32>, %out : memref<8x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<8x16xf32>, memref<16xf32>) outs(%out : memref<8x16xf32>) {
  ^bb0(%v : f32, %bv : f32, %o : f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// A dynamic tile: the temporary takes the loop sizes from the descriptors; the compare's i1
// lives in an i8 temporary; a yielded block argument is copied (op "copy").
// CHECK-LABEL: func.func @select_dynamic(
// CHECK:         memref.alloca(%{{.*}}) : memref<?xi8>
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK:         func.call @vmvx.ex.ternary.4d(
// CHECK:         func.call @vmvx.ex.unary.4d(
func.func @select_dynamic(%x : memref<?xf64>, %y : memref<?xf64>, %out : memref<?xf64>, %copy : memref<?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : memref<?xf64>, memref<?xf64>) outs(%out, %copy : memref<?xf64>, memref<?xf64>) {
  ^bb0(%v : f64, %w : f64, %o : f64, %c : f64):
    %lt = arith.cmpf olt, %v, %w : f64
    %s = arith.select %lt, %v, %w : f64
    linalg.yield %s, %v : f64, f64
  }
  func.return
}

// -----

// An op without an ex kernel (linalg.index) keeps the generic for the scalar fallback.
// CHECK-LABEL: func.func @unsupported(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
func.func @unsupported(%out : memref<8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xi32>) {
  ^bb0(%o : i32):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i32
    %w = arith.addi %v, %o : i32
    linalg.yield %w : i32
  }
  func.return
}

// -----

// An input that is a local allocation of the function is never reused as a temporary: the
// subtraction goes to a new tile-sized alloca, not into the row maxima %m.
// CHECK-LABEL: func.func @local_input(
// CHECK:         %[[M:.*]] = memref.alloca() : memref<4xf32>
// CHECK:         %[[T:.*]] = memref.alloca() : memref<4x10xf32>
// CHECK:         %[[TB:.*]], %[[TO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[T]]
// CHECK:         func.call @vmvx.ex.binary.4d({{.*}}, %[[TB]], %[[TO]],
// CHECK:         func.call @vmvx.ex.unary.4d({{.*}}, %[[TB]], %[[TO]],
func.func @local_input(%x : memref<4x10xf32>, %out : memref<4x10xf32>) {
  %m = memref.alloca() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : memref<4x10xf32>, memref<4xf32>) outs(%out : memref<4x10xf32>) {
  ^bb0(%v : f32, %mv : f32, %o : f32):
    %d = arith.subf %v, %mv : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  }
  func.return
}
