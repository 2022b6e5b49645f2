// exp(-relu(a * b + c)) on 1024×1024 f32: one fused elementwise body.
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>,
                %c: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1024x1024xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : tensor<1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024x1024xf32>)
      outs(%init : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %out: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    %relu = arith.maximumf %s, %zero : f32
    %neg = arith.negf %relu : f32
    %e = math.exp %neg : f32
    linalg.yield %e : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
