// bf16 programs: arith, math and casts in linalg.generic bodies, bf16 scalars passed to a
// dispatch, constants, a fill and a matmul accumulating in f32.
// Compared with numpy (computing in f32, rounding to bf16 with ml_dtypes) by
// tests/e2e/test_bf16.py.
#map = affine_map<(d0) -> (d0)>

// addf subf mulf divf, x * y + x (two roundings), maximumf, negf, select(olt)
func.func @binary(%x_t: tensor<?xbf16>, %y_t: tensor<?xbf16>) -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xbf16>
  %e = tensor.empty(%n) : tensor<?xbf16>
  %r:8 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xbf16>, tensor<?xbf16>) outs(%e, %e, %e, %e, %e, %e, %e, %e : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o0: bf16, %o1: bf16, %o2: bf16, %o3: bf16, %o4: bf16, %o5: bf16, %o6: bf16, %o7: bf16):
    %r0 = arith.addf %x, %y : bf16
    %r1 = arith.subf %x, %y : bf16
    %r2 = arith.mulf %x, %y : bf16
    %r3 = arith.divf %x, %y : bf16
    %r4 = arith.addf %r2, %x : bf16
    %r5 = arith.maximumf %x, %y : bf16
    %r6 = arith.negf %x : bf16
    %lt = arith.cmpf olt, %x, %y : bf16
    %r7 = arith.select %lt, %x, %y : bf16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16
  } -> (tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>
}

// exp and sqrt, computed in f32 and rounded to bf16
func.func @unary(%x_t: tensor<?xbf16>) -> (tensor<?xbf16>, tensor<?xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xbf16>
  %e = tensor.empty(%n) : tensor<?xbf16>
  %r:2 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t : tensor<?xbf16>) outs(%e, %e : tensor<?xbf16>, tensor<?xbf16>) {
  ^bb0(%x: bf16, %o0: bf16, %o1: bf16):
    %r0 = math.exp %x : bf16
    %r1 = math.sqrt %x : bf16
    linalg.yield %r0, %r1 : bf16, bf16
  } -> (tensor<?xbf16>, tensor<?xbf16>)
  return %r#0, %r#1 : tensor<?xbf16>, tensor<?xbf16>
}

// extf to f32 and f64, truncf from f32 and f64, sitofp from i32, fptosi to i32, bitcasts
func.func @casts(%b_t: tensor<?xbf16>, %f_t: tensor<?xf32>, %d_t: tensor<?xf64>, %i_t: tensor<?xi32>, %s_t: tensor<?xi16>) -> (tensor<?xf32>, tensor<?xf64>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xi32>, tensor<?xi16>, tensor<?xbf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b_t, %c0 : tensor<?xbf16>
  %e_bf16 = tensor.empty(%n) : tensor<?xbf16>
  %e_f32 = tensor.empty(%n) : tensor<?xf32>
  %e_f64 = tensor.empty(%n) : tensor<?xf64>
  %e_i32 = tensor.empty(%n) : tensor<?xi32>
  %e_i16 = tensor.empty(%n) : tensor<?xi16>
  %r:8 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%b_t, %f_t, %d_t, %i_t, %s_t : tensor<?xbf16>, tensor<?xf32>, tensor<?xf64>, tensor<?xi32>, tensor<?xi16>) outs(%e_f32, %e_f64, %e_bf16, %e_bf16, %e_bf16, %e_i32, %e_i16, %e_bf16 : tensor<?xf32>, tensor<?xf64>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xi32>, tensor<?xi16>, tensor<?xbf16>) {
  ^bb0(%b: bf16, %f: f32, %d: f64, %i: i32, %s: i16, %o0: f32, %o1: f64, %o2: bf16, %o3: bf16, %o4: bf16, %o5: i32, %o6: i16, %o7: bf16):
    %r0 = arith.extf %b : bf16 to f32
    %r1 = arith.extf %b : bf16 to f64
    %r2 = arith.truncf %f : f32 to bf16
    %r3 = arith.truncf %d : f64 to bf16
    %r4 = arith.sitofp %i : i32 to bf16
    %r5 = arith.fptosi %b : bf16 to i32
    %r6 = arith.bitcast %b : bf16 to i16
    %r7 = arith.bitcast %s : i16 to bf16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7 : f32, f64, bf16, bf16, bf16, i32, i16, bf16
  } -> (tensor<?xf32>, tensor<?xf64>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xi32>, tensor<?xi16>, tensor<?xbf16>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?xf32>, tensor<?xf64>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xbf16>, tensor<?xi32>, tensor<?xi16>, tensor<?xbf16>
}

// x * s + t[0] + c: a bf16 scalar argument and an element of a tensor reach the dispatch as
// push constants; c is a bf16 constant tensor; the fill's scalar is a rounded constant
func.func @scalars(%x_t: tensor<4xbf16>, %s: bf16, %t: tensor<2xbf16>) -> (tensor<4xbf16>, tensor<3x5xbf16>, bf16) {
  %c1 = arith.constant 1 : index
  %t1 = tensor.extract %t[%c1] : tensor<2xbf16>
  %sum = arith.addf %s, %t1 : bf16
  %c = arith.constant dense<[0.1, -2.5, 1.0e30, 3.0]> : tensor<4xbf16>
  %e = tensor.empty() : tensor<4xbf16>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %c : tensor<4xbf16>, tensor<4xbf16>) outs(%e : tensor<4xbf16>) {
  ^bb0(%x: bf16, %k: bf16, %o: bf16):
    %p = arith.mulf %x, %s : bf16
    %q = arith.addf %p, %t1 : bf16
    %y = arith.addf %q, %k : bf16
    linalg.yield %y : bf16
  } -> tensor<4xbf16>
  %tenth = arith.constant 0.1 : bf16
  %e2 = tensor.empty() : tensor<3x5xbf16>
  %f = linalg.fill ins(%tenth : bf16) outs(%e2 : tensor<3x5xbf16>) -> tensor<3x5xbf16>
  return %r, %f, %sum : tensor<4xbf16>, tensor<3x5xbf16>, bf16
}

// bf16 x bf16 -> f32 (exact products summed in f32), and the same rounded to bf16
func.func @matmul(%a: tensor<?x?xbf16>, %b: tensor<?x?xbf16>) -> (tensor<?x?xf32>, tensor<?x?xbf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xbf16>
  %n = tensor.dim %b, %c1 : tensor<?x?xbf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xbf16>, tensor<?x?xbf16>) outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e2 = tensor.empty(%m, %n) : tensor<?x?xbf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<?x?xf32>) outs(%e2 : tensor<?x?xbf16>) {
  ^bb0(%v: f32, %o: bf16):
    %w = arith.truncf %v : f32 to bf16
    linalg.yield %w : bf16
  } -> tensor<?x?xbf16>
  return %r, %t : tensor<?x?xf32>, tensor<?x?xbf16>
}
