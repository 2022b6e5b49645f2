// math ops inside linalg.generic bodies, one function per float type: every unary op in
// one generic (one dispatch), then the binary ops and the classifications (i1 results).
// Compared with numpy by tests/e2e/test_tensor_arith_math.py.
#map = affine_map<(d0) -> (d0)>

// exp, exp2, expm1, log, log2, log10, log1p, sqrt, rsqrt, tanh, erf, sin, cos, tan, atan, asin,
// acos, sinh, cosh, absf, ceil, floor, round, roundeven, trunc
func.func @unary_f16(%x: tensor<?xf16>) -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf16>
  %e = tensor.empty(%n) : tensor<?xf16>
  %r:25 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf16>) outs(%e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  ^bb0(%v: f16, %o0: f16, %o1: f16, %o2: f16, %o3: f16, %o4: f16, %o5: f16, %o6: f16, %o7: f16, %o8: f16, %o9: f16, %o10: f16, %o11: f16, %o12: f16, %o13: f16, %o14: f16, %o15: f16, %o16: f16, %o17: f16, %o18: f16, %o19: f16, %o20: f16, %o21: f16, %o22: f16, %o23: f16, %o24: f16):
    %r0 = math.exp %v : f16
    %r1 = math.exp2 %v : f16
    %r2 = math.expm1 %v : f16
    %r3 = math.log %v : f16
    %r4 = math.log2 %v : f16
    %r5 = math.log10 %v : f16
    %r6 = math.log1p %v : f16
    %r7 = math.sqrt %v : f16
    %r8 = math.rsqrt %v : f16
    %r9 = math.tanh %v : f16
    %r10 = math.erf %v : f16
    %r11 = math.sin %v : f16
    %r12 = math.cos %v : f16
    %r13 = math.tan %v : f16
    %r14 = math.atan %v : f16
    %r15 = math.asin %v : f16
    %r16 = math.acos %v : f16
    %r17 = math.sinh %v : f16
    %r18 = math.cosh %v : f16
    %r19 = math.absf %v : f16
    %r20 = math.ceil %v : f16
    %r21 = math.floor %v : f16
    %r22 = math.round %v : f16
    %r23 = math.roundeven %v : f16
    %r24 = math.trunc %v : f16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16
  } -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23, %r#24 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
}

// powf, atan2, copysign, fpowi, isnan, isinf, isfinite, isnormal
func.func @binary_f16(%x: tensor<?xf16>, %y: tensor<?xf16>, %k: tensor<?xi32>) -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf16>
  %e = tensor.empty(%n) : tensor<?xf16>
  %b = tensor.empty(%n) : tensor<?xi1>
  %r:8 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x, %y, %k : tensor<?xf16>, tensor<?xf16>, tensor<?xi32>) outs(%e, %e, %e, %e, %b, %b, %b, %b : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%v: f16, %w: f16, %i: i32, %o0: f16, %o1: f16, %o2: f16, %o3: f16, %o4: i1, %o5: i1, %o6: i1, %o7: i1):
    %r0 = math.powf %v, %w : f16
    %r1 = math.atan2 %v, %w : f16
    %r2 = math.copysign %v, %w : f16
    %r3 = math.fpowi %v, %i : f16, i32
    %r4 = math.isnan %v : f16
    %r5 = math.isinf %v : f16
    %r6 = math.isfinite %v : f16
    %r7 = math.isnormal %v : f16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f16, f16, f16, f16, i1, i1, i1, i1
  } -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// exp, exp2, expm1, log, log2, log10, log1p, sqrt, rsqrt, tanh, erf, sin, cos, tan, atan, asin,
// acos, sinh, cosh, absf, ceil, floor, round, roundeven, trunc
func.func @unary_f32(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r:25 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%v: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32, %o7: f32, %o8: f32, %o9: f32, %o10: f32, %o11: f32, %o12: f32, %o13: f32, %o14: f32, %o15: f32, %o16: f32, %o17: f32, %o18: f32, %o19: f32, %o20: f32, %o21: f32, %o22: f32, %o23: f32, %o24: f32):
    %r0 = math.exp %v : f32
    %r1 = math.exp2 %v : f32
    %r2 = math.expm1 %v : f32
    %r3 = math.log %v : f32
    %r4 = math.log2 %v : f32
    %r5 = math.log10 %v : f32
    %r6 = math.log1p %v : f32
    %r7 = math.sqrt %v : f32
    %r8 = math.rsqrt %v : f32
    %r9 = math.tanh %v : f32
    %r10 = math.erf %v : f32
    %r11 = math.sin %v : f32
    %r12 = math.cos %v : f32
    %r13 = math.tan %v : f32
    %r14 = math.atan %v : f32
    %r15 = math.asin %v : f32
    %r16 = math.acos %v : f32
    %r17 = math.sinh %v : f32
    %r18 = math.cosh %v : f32
    %r19 = math.absf %v : f32
    %r20 = math.ceil %v : f32
    %r21 = math.floor %v : f32
    %r22 = math.round %v : f32
    %r23 = math.roundeven %v : f32
    %r24 = math.trunc %v : f32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23, %r#24 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// powf, atan2, copysign, fpowi, isnan, isinf, isfinite, isnormal
func.func @binary_f32(%x: tensor<?xf32>, %y: tensor<?xf32>, %k: tensor<?xi32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %b = tensor.empty(%n) : tensor<?xi1>
  %r:8 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x, %y, %k : tensor<?xf32>, tensor<?xf32>, tensor<?xi32>) outs(%e, %e, %e, %e, %b, %b, %b, %b : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%v: f32, %w: f32, %i: i32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: i1, %o5: i1, %o6: i1, %o7: i1):
    %r0 = math.powf %v, %w : f32
    %r1 = math.atan2 %v, %w : f32
    %r2 = math.copysign %v, %w : f32
    %r3 = math.fpowi %v, %i : f32, i32
    %r4 = math.isnan %v : f32
    %r5 = math.isinf %v : f32
    %r6 = math.isfinite %v : f32
    %r7 = math.isnormal %v : f32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f32, f32, f32, i1, i1, i1, i1
  } -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// exp, exp2, expm1, log, log2, log10, log1p, sqrt, rsqrt, tanh, erf, sin, cos, tan, atan, asin,
// acos, sinh, cosh, absf, ceil, floor, round, roundeven, trunc
func.func @unary_f64(%x: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %r:25 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e, %e : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%v: f64, %o0: f64, %o1: f64, %o2: f64, %o3: f64, %o4: f64, %o5: f64, %o6: f64, %o7: f64, %o8: f64, %o9: f64, %o10: f64, %o11: f64, %o12: f64, %o13: f64, %o14: f64, %o15: f64, %o16: f64, %o17: f64, %o18: f64, %o19: f64, %o20: f64, %o21: f64, %o22: f64, %o23: f64, %o24: f64):
    %r0 = math.exp %v : f64
    %r1 = math.exp2 %v : f64
    %r2 = math.expm1 %v : f64
    %r3 = math.log %v : f64
    %r4 = math.log2 %v : f64
    %r5 = math.log10 %v : f64
    %r6 = math.log1p %v : f64
    %r7 = math.sqrt %v : f64
    %r8 = math.rsqrt %v : f64
    %r9 = math.tanh %v : f64
    %r10 = math.erf %v : f64
    %r11 = math.sin %v : f64
    %r12 = math.cos %v : f64
    %r13 = math.tan %v : f64
    %r14 = math.atan %v : f64
    %r15 = math.asin %v : f64
    %r16 = math.acos %v : f64
    %r17 = math.sinh %v : f64
    %r18 = math.cosh %v : f64
    %r19 = math.absf %v : f64
    %r20 = math.ceil %v : f64
    %r21 = math.floor %v : f64
    %r22 = math.round %v : f64
    %r23 = math.roundeven %v : f64
    %r24 = math.trunc %v : f64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23, %r#24 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}

// powf, atan2, copysign, fpowi, isnan, isinf, isfinite, isnormal
func.func @binary_f64(%x: tensor<?xf64>, %y: tensor<?xf64>, %k: tensor<?xi32>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %b = tensor.empty(%n) : tensor<?xi1>
  %r:8 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x, %y, %k : tensor<?xf64>, tensor<?xf64>, tensor<?xi32>) outs(%e, %e, %e, %e, %b, %b, %b, %b : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%v: f64, %w: f64, %i: i32, %o0: f64, %o1: f64, %o2: f64, %o3: f64, %o4: i1, %o5: i1, %o6: i1, %o7: i1):
    %r0 = math.powf %v, %w : f64
    %r1 = math.atan2 %v, %w : f64
    %r2 = math.copysign %v, %w : f64
    %r3 = math.fpowi %v, %i : f64, i32
    %r4 = math.isnan %v : f64
    %r5 = math.isinf %v : f64
    %r6 = math.isfinite %v : f64
    %r7 = math.isnormal %v : f64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f64, f64, f64, f64, i1, i1, i1, i1
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}
