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

// An op without an ex kernel (arith.addui_extended) keeps the generic for the scalar
// fallback.
// CHECK-LABEL: func.func @unsupported(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
func.func @unsupported(%out : memref<8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xi32>) {
  ^bb0(%o : i32):
    %s, %c = arith.addui_extended %o, %o : i32, i1
    linalg.yield %s : i32
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

// -----

// math.fpowi: the exponent's own type (i32, 7) goes in bits 16-23 of `types`:
// f32 | f32 << 8 | i32 << 16 = 459266. A constant exponent is a one-element i32 buffer.
// CHECK-LABEL: func.func @fpowi(
// CHECK:         %[[KB:.*]], %[[KO:.*]], %{{.*}}, %[[KS:.*]] = vmvx.get_buffer_descriptor %k
// CHECK:         %[[TYPES:.*]] = arith.constant 459266 : i32
// CHECK:         func.call @vmvx.ex.binary.4d(%{{.*}}, %[[TYPES]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[KB]], %[[KO]], %{{.*}}, %{{.*}}, %{{.*}}, %[[KS]],
// CHECK:         %[[THREE:.*]] = memref.alloca() : memref<1xi32>
// CHECK:         %[[TB:.*]], %[[TO:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[THREE]]
// CHECK:         %[[TYPES2:.*]] = arith.constant 459266 : i32
// CHECK:         func.call @vmvx.ex.binary.4d(%{{.*}}, %[[TYPES2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[TB]], %[[TO]], %[[C0:.*]], %[[C0]], %[[C0]], %[[C0]],
// CHECK-NOT:     linalg.generic
func.func @fpowi(%x : memref<16xf32>, %k : memref<16xi32>, %out : memref<16xf32>, %out3 : memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %k : memref<16xf32>, memref<16xi32>) outs(%out, %out3 : memref<16xf32>, memref<16xf32>) {
  ^bb0(%v : f32, %n : i32, %o : f32, %o3 : f32):
    %three = arith.constant 3 : i32
    %p = math.fpowi %v, %n : f32, i32
    %q = math.fpowi %v, %three : f32, i32
    linalg.yield %p, %q : f32, f32
  }
  func.return
}

// -----

// More than 4 loops: the unit loop is dropped and the contiguous pair (8, 2) is merged into
// one dim of size 16 read with the inner loop's strides, so the 5-D transpose (the
// transformer's head split) is one call over (1, 3, 16, 32).
// CHECK-LABEL: func.func @transpose_5d(
// CHECK:         %[[OB:.*]], %[[OO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OS0:.*]], %{{.*}}, %[[OS2:.*]], %{{.*}}, %[[OS4:.*]] = vmvx.get_buffer_descriptor %out
// CHECK:         %[[IB:.*]], %[[IO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[N3:.*]], %[[N4:.*]], %{{.*}}, %{{.*}}, %[[IS2:.*]], %[[IS3:.*]], %[[IS4:.*]] = vmvx.get_buffer_descriptor %in
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         func.call @vmvx.ex.unary.4d(%{{.*}}, %{{.*}}, %[[IB]], %[[IO]], %[[C0]], %[[IS3]], %[[IS2]], %[[IS4]], %[[OB]], %[[OO]], %[[C0]], %[[OS0]], %[[OS2]], %[[OS4]], %[[C1]], %[[N3]], %[[C16]], %[[N4]])
// CHECK-NOT:     linalg.transpose
func.func @transpose_5d(%in : memref<1x8x2x3x32xf32>, %out : memref<3x8x2x1x32xf32>) {
  linalg.transpose ins(%in : memref<1x8x2x3x32xf32>) outs(%out : memref<3x8x2x1x32xf32>) permutation = [3, 1, 2, 0, 4]
  func.return
}

// -----

// A contiguous 6-D add is one dim of 2*3*4*5*6*7 = 5040 elements.
// CHECK-LABEL: func.func @add_6d(
// CHECK:         %[[N:.*]] = arith.constant 5040 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         func.call @vmvx.ex.binary.4d({{.*}}, %[[C1]], %[[C1]], %[[C1]], %[[N]])
func.func @add_6d(%a : memref<2x3x4x5x6x7xf32>, %b : memref<2x3x4x5x6x7xf32>, %out : memref<2x3x4x5x6x7xf32>) {
  linalg.add ins(%a, %b : memref<2x3x4x5x6x7xf32>, memref<2x3x4x5x6x7xf32>) outs(%out : memref<2x3x4x5x6x7xf32>)
  func.return
}

// -----

// Five loops that no stride lets merge (a full reversal of the dims), or a dynamic size in
// a pair, stay for the scalar fallback.
// CHECK-LABEL: func.func @reverse_5d(
// CHECK-NOT:     func.call
// CHECK:         linalg.transpose
// CHECK-LABEL: func.func @dynamic_5d(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
func.func @reverse_5d(%in : memref<2x3x4x5x6xf32>, %out : memref<6x5x4x3x2xf32>) {
  linalg.transpose ins(%in : memref<2x3x4x5x6xf32>) outs(%out : memref<6x5x4x3x2xf32>) permutation = [4, 3, 2, 1, 0]
  func.return
}
func.func @dynamic_5d(%in : memref<2x?x4x5x6xf32>, %out : memref<2x?x4x5x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%in : memref<2x?x4x5x6xf32>) outs(%out : memref<2x?x4x5x6xf32>) {
  ^bb0(%v : f32, %o : f32):
    %n = arith.negf %v : f32
    linalg.yield %n : f32
  }
  func.return
}

// -----

// A constant 0 in a map (torch-mlir's batch-norm epilogue indexes the 8x1x1 parameters with
// `(d1, 0, 0)`) reads the first element of that memref dimension: it adds nothing to the
// offset and its stride is unused, so the op is lowered like a broadcast.
// CHECK-LABEL: func.func @unit_dims_indexed_by_zero(
// CHECK-COUNT-2: func.call @vmvx.ex.binary.4d
// CHECK-NOT:     linalg.generic
func.func @unit_dims_indexed_by_zero(%x : memref<2x8x16x16xf32>, %mean : memref<8x1x1xf32>, %scale : memref<8x1x1xf32>, %out : memref<2x8x16x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %scale : memref<2x8x16x16xf32>, memref<8x1x1xf32>, memref<8x1x1xf32>) outs(%out : memref<2x8x16x16xf32>) {
  ^bb0(%v : f32, %m : f32, %s : f32, %o : f32):
    %d = arith.subf %v, %m : f32
    %r = arith.mulf %d, %s : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// Another constant in a map is not a strided view of the operand: left to the fallback.
// CHECK-LABEL: func.func @nonzero_constant_index(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
func.func @nonzero_constant_index(%x : memref<4xf32>, %y : memref<4x2xf32>, %out : memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0, 1)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : memref<4xf32>, memref<4x2xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%v : f32, %w : f32, %o : f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// tosa.apply_scale is expanded to the arith ops iree-vmvx-conversion would give it (64-bit
// product, rounding, the shift), each a call: a quantized rescale is no scalar loop.
// CHECK-LABEL: func.func @apply_scale(
// CHECK-NOT:     tosa.apply_scale
// CHECK:         func.call @vmvx.ex.unary.4d(
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK:         func.call @vmvx.ex.ternary.4d(
// CHECK-NOT:     tosa.apply_scale
// CHECK-NOT:     linalg.generic
func.func @apply_scale(%v : memref<16xi32>, %m : memref<16xi32>, %s : memref<16xi8>, %out : memref<16xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v, %m, %s : memref<16xi32>, memref<16xi32>, memref<16xi8>) outs(%out : memref<16xi32>) {
  ^bb0(%vv : i32, %mv : i32, %sv : i8, %o : i32):
    %r = tosa.apply_scale %vv, %mv, %sv rounding_mode<DOUBLE_ROUND> : (i32, i32, i8) -> i32
    linalg.yield %r : i32
  }
  func.return
}

// -----

// bf16 (type 9) computes as on f32 in the kernel: addf bf16 is types 9 | 9 << 8 = 2313, and
// truncf f32 -> bf16 is 2 | 9 << 8 = 2306.
// CHECK-LABEL: func.func @bf16(
// CHECK:         arith.constant 2306 : i32
// CHECK:         func.call @vmvx.ex.unary.4d(
// CHECK:         arith.constant 2313 : i32
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK-NOT:     linalg.generic
func.func @bf16(%x : memref<16xf32>, %y : memref<16xbf16>, %out : memref<16xbf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : memref<16xf32>, memref<16xbf16>) outs(%out : memref<16xbf16>) {
  ^bb0(%v : f32, %w : bf16, %o : bf16):
    %t = arith.truncf %v : f32 to bf16
    %s = arith.addf %t, %w : bf16
    linalg.yield %s : bf16
  }
  func.return
}
