// Two dispatches, a dynamic and a static size, two results: the smallest whole program.
#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<?xf32>, %b: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%b : tensor<4xf32>) outs(%e2 : tensor<4xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r, %s : tensor<?xf32>, tensor<4xf32>
}
