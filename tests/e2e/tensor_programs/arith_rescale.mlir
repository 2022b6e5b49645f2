// tosa.apply_scale in linalg.generic bodies (lowered to arith by iree-vmvx-conversion).
// Compared with the TOSA specification's apply_scale_32/apply_scale_16 by
// tests/e2e/test_tensor_arith_math.py.
#map = affine_map<(d0) -> (d0)>
#row = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// An int8 matmul accumulating in i32, then the quantized epilogue: bias, a per-channel
// DOUBLE_ROUND rescale, the output zero point, a clamp to i8.
func.func @quantized_matmul(%a: tensor<?x16xi8>, %b: tensor<16x8xi8>, %bias: tensor<8xi32>,
                            %multiplier: tensor<8xi32>, %shift: tensor<8xi8>) -> tensor<?x8xi8> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %a, %c0 : tensor<?x16xi8>
  %e = tensor.empty(%n) : tensor<?x8xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<?x8xi32>) -> tensor<?x8xi32>
  %acc = linalg.matmul ins(%a, %b : tensor<?x16xi8>, tensor<16x8xi8>) outs(%f : tensor<?x8xi32>) -> tensor<?x8xi32>
  %e8 = tensor.empty(%n) : tensor<?x8xi8>
  %r = linalg.generic {indexing_maps = [#row, #col, #col, #col, #row], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias, %multiplier, %shift : tensor<?x8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi8>)
      outs(%e8 : tensor<?x8xi8>) {
  ^bb0(%v: i32, %bv: i32, %m: i32, %s: i8, %o: i8):
    %biased = arith.addi %v, %bv : i32
    %scaled = tosa.apply_scale %biased, %m, %s rounding_mode<DOUBLE_ROUND> : (i32, i32, i8) -> i32
    %zp = arith.constant -3 : i32
    %shifted = arith.addi %scaled, %zp : i32
    %lo = arith.constant -128 : i32
    %hi = arith.constant 127 : i32
    %clamped = arith.maxsi %shifted, %lo : i32
    %clamped2 = arith.minsi %clamped, %hi : i32
    %y = arith.trunci %clamped2 : i32 to i8
    linalg.yield %y : i8
  } -> tensor<?x8xi8>
  return %r : tensor<?x8xi8>
}

// apply_scale_32 (SINGLE_ROUND and DOUBLE_ROUND) and apply_scale_16 (an int48 value carried in
// an i64, an i16 multiplier).
func.func @apply_scale(%v: tensor<?xi32>, %m: tensor<?xi32>, %s: tensor<?xi8>, %w: tensor<?xi64>,
                       %m16: tensor<?xi16>, %s16: tensor<?xi8>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %v, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r:3 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%v, %m, %s, %w, %m16, %s16 : tensor<?xi32>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi16>, tensor<?xi8>)
      outs(%e, %e, %e : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%vv: i32, %mv: i32, %sv: i8, %wv: i64, %m16v: i16, %s16v: i8, %o0: i32, %o1: i32, %o2: i32):
    %single = tosa.apply_scale %vv, %mv, %sv rounding_mode<SINGLE_ROUND> : (i32, i32, i8) -> i32
    %double = tosa.apply_scale %vv, %mv, %sv rounding_mode<DOUBLE_ROUND> : (i32, i32, i8) -> i32
    %sixteen = tosa.apply_scale %wv, %m16v, %s16v rounding_mode<SINGLE_ROUND> : (i64, i16, i8) -> i32
    linalg.yield %single, %double, %sixteen : i32, i32, i32
  } -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>)
  return %r#0, %r#1, %r#2 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
}
