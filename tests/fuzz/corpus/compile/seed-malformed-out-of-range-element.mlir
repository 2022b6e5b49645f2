func.func @f() -> tensor<1xi32> {
  %0 = arith.constant dense<[4294967296]> : tensor<1xi32>
  func.return %0 : tensor<1xi32>
}
