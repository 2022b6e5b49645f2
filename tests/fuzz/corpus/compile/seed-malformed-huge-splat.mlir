func.func @f() -> tensor<100000000000xf32> {
  %0 = arith.constant dense<1.0> : tensor<100000000000xf32>
  func.return %0 : tensor<100000000000xf32>
}
