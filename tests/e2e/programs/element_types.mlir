// Rank-0 tensors, i1 and f16 through the host ABI.
#map = affine_map<(d0) -> (d0)>
#s = affine_map<(d0) -> ()>
func.func @scale(%a: tensor<4xf32>, %k: tensor<f32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#map, #s, #map], iterator_types = ["parallel"]}
      ins(%a, %k : tensor<4xf32>, tensor<f32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %z = arith.mulf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @mask(%a: tensor<3xi1>, %b: tensor<3xf16>) -> (tensor<3xi1>, tensor<3xf16>) {
  %e = tensor.empty() : tensor<3xi1>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<3xi1>) outs(%e : tensor<3xi1>) {
  ^bb0(%x: i1, %out: i1):
    %t = arith.constant true
    %z = arith.xori %x, %t : i1
    linalg.yield %z : i1
  } -> tensor<3xi1>
  %e2 = tensor.empty() : tensor<3xf16>
  %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%b : tensor<3xf16>) outs(%e2 : tensor<3xf16>) {
  ^bb0(%x: f16, %out: f16):
    %z = arith.addf %x, %x : f16
    linalg.yield %z : f16
  } -> tensor<3xf16>
  return %r, %s : tensor<3xi1>, tensor<3xf16>
}
