// math.asinh, acosh and atanh (expanded in f64 by the VM conversion) on f32 and f64.
#map = affine_map<(d0) -> (d0)>
func.func @inverse_hyperbolic_f32(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r:3 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e, %e, %e : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%v: f32, %o0: f32, %o1: f32, %o2: f32):
    %a = math.asinh %v : f32
    %b = math.acosh %v : f32
    %c = math.atanh %v : f32
    linalg.yield %a, %b, %c : f32, f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1, %r#2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
func.func @inverse_hyperbolic_f64(%x: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf64>
  %e = tensor.empty(%n) : tensor<?xf64>
  %r:3 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf64>) outs(%e, %e, %e : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%v: f64, %o0: f64, %o1: f64, %o2: f64):
    %a = math.asinh %v : f64
    %b = math.acosh %v : f64
    %c = math.atanh %v : f64
    linalg.yield %a, %b, %c : f64, f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>)
  return %r#0, %r#1, %r#2 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}
