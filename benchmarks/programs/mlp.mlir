// relu(x·w1 + b1)·w2 + b2 for a 64×784 batch: 784 → 256 → 10.
#bias = affine_map<(i, j) -> (j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @main(%x: tensor<64x784xf32>, %w1: tensor<784x256xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x10xf32>, %b2: tensor<10xf32>) -> tensor<64x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64x256xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<64x256xf32>) -> tensor<64x256xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<64x784xf32>, tensor<784x256xf32>)
      outs(%f1 : tensor<64x256xf32>) -> tensor<64x256xf32>
  %h = linalg.generic {indexing_maps = [#id, #bias, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m1, %b1 : tensor<64x256xf32>, tensor<256xf32>) outs(%e1 : tensor<64x256xf32>) {
  ^bb0(%v: f32, %b: f32, %out: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %e2 = tensor.empty() : tensor<64x10xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x10xf32>) -> tensor<64x10xf32>
  %m2 = linalg.matmul ins(%h, %w2 : tensor<64x256xf32>, tensor<256x10xf32>)
      outs(%f2 : tensor<64x10xf32>) -> tensor<64x10xf32>
  %y = linalg.generic {indexing_maps = [#id, #bias, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m2, %b2 : tensor<64x10xf32>, tensor<10xf32>) outs(%e2 : tensor<64x10xf32>) {
  ^bb0(%v: f32, %b: f32, %out: f32):
    %s = arith.addf %v, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x10xf32>
  return %y : tensor<64x10xf32>
}
