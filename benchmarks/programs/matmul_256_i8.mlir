// 256×256 by 256×256 i8 × i8 → i32 matmul (operands sign-extended, as torch-mlir emits).
func.func @main(%a: tensor<256x256xi8>, %b: tensor<256x256xi8>) -> tensor<256x256xi32> {
  %zero = arith.constant 0 : i32
  %init = tensor.empty() : tensor<256x256xi32>
  %acc = linalg.fill ins(%zero : i32) outs(%init : tensor<256x256xi32>) -> tensor<256x256xi32>
  %r = linalg.matmul ins(%a, %b : tensor<256x256xi8>, tensor<256x256xi8>)
      outs(%acc : tensor<256x256xi32>) -> tensor<256x256xi32>
  return %r : tensor<256x256xi32>
}
