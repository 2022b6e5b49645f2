// IREE's `--compile-to=input` form: util.func and util.call, on static and dynamic sizes.
#map = affine_map<(d0) -> (d0)>
util.func private @twice(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %out: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  util.return %r : tensor<?xf32>
}
util.func public @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %z = arith.subf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<?xf32>
  %r = util.call @twice(%s) : (tensor<?xf32>) -> tensor<?xf32>
  util.return %r : tensor<?xf32>
}
