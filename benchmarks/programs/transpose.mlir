// Transpose of a 1024×1024 f32 matrix.
func.func @main(%a: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %init = tensor.empty() : tensor<1024x1024xf32>
  %r = linalg.transpose ins(%a : tensor<1024x1024xf32>) outs(%init : tensor<1024x1024xf32>)
      permutation = [1, 0]
  return %r : tensor<1024x1024xf32>
}
