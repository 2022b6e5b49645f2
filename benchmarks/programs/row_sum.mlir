// Sum of each row of a 1024×1024 f32 matrix.
func.func @main(%a: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1024xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<1024xf32>) -> tensor<1024xf32>
  %r = linalg.reduce ins(%a : tensor<1024x1024xf32>) outs(%acc : tensor<1024xf32>) dimensions = [1]
    (%x: f32, %s: f32) {
      %t = arith.addf %x, %s : f32
      linalg.yield %t : f32
    }
  return %r : tensor<1024xf32>
}
