// tensor.empty (filled), reshapes, casts and tensor.dim: static, dynamic, size-0 and rank-0.
func.func @filled(%a: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<f32>, tensor<0x2xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xf32>
  %cst = arith.constant 2.5 : f32
  %e = tensor.empty(%n) : tensor<?x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x3xf32>) -> tensor<?x3xf32>
  %e0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%cst : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %seven = arith.constant 7 : i32
  %ez = tensor.empty() : tensor<0x2xi32>
  %fz = linalg.fill ins(%seven : i32) outs(%ez : tensor<0x2xi32>) -> tensor<0x2xi32>
  return %f, %f0, %fz : tensor<?x3xf32>, tensor<f32>, tensor<0x2xi32>
}

// A dynamic expand (its size computed on the host) and collapse, and 1x1 to rank 0.
func.func @reshape(%a: tensor<?xf32>, %s: tensor<1x1xi32>) -> (tensor<?x4xf32>, tensor<?xf32>, tensor<i32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %rows = arith.divui %n, %c4 : index
  %x = tensor.expand_shape %a [[0, 1]] output_shape [%rows, 4] : tensor<?xf32> into tensor<?x4xf32>
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  %r0 = tensor.collapse_shape %s [] : tensor<1x1xi32> into tensor<i32>
  return %x, %y, %r0 : tensor<?x4xf32>, tensor<?xf32>, tensor<i32>
}

// Casts both ways, and a result sized by tensor.dim of an argument.
func.func @cast(%a: tensor<?x3xi32>) -> (tensor<2x3xi32>, tensor<?x?xi32>, tensor<?xi32>) {
  %s = tensor.cast %a : tensor<?x3xi32> to tensor<2x3xi32>
  %d = tensor.cast %s : tensor<2x3xi32> to tensor<?x?xi32>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %d, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%m) : tensor<?xi32>
  %one = arith.constant 1 : i32
  %f = linalg.fill ins(%one : i32) outs(%e : tensor<?xi32>) -> tensor<?xi32>
  return %s, %d, %f : tensor<2x3xi32>, tensor<?x?xi32>, tensor<?xi32>
}
