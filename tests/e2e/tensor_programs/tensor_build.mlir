// Ops that build new tensors: pad, concat, from_elements, splat, generate, extract, insert.
func.func @pad(%a: tensor<2x3xf32>, %b: tensor<?x?xi32>) -> (tensor<5x4xf32>, tensor<?x?xi32>) {
  %cst = arith.constant 9.0 : f32
  %p = tensor.pad %a low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<5x4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c0 : tensor<?x?xi32>
  %m = tensor.dim %b, %c1 : tensor<?x?xi32>
  %minus = arith.constant -3 : i32
  %q = tensor.pad %b low[%m, 1] high[1, %n] {
  ^bb0(%i: index, %j: index):
    tensor.yield %minus : i32
  } : tensor<?x?xi32> to tensor<?x?xi32>
  return %p, %q : tensor<5x4xf32>, tensor<?x?xi32>
}

func.func @concat(%a: tensor<?x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x2xf32>) -> (tensor<?x3xf32>, tensor<2x5xf32>) {
  %r = tensor.concat dim(0) %a, %b, %a : (tensor<?x3xf32>, tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %s = tensor.concat dim(1) %b, %c : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
  return %r, %s : tensor<?x3xf32>, tensor<2x5xf32>
}

// Scalars taken out of a tensor and put back: extract, from_elements, splat, insert.
func.func @elements(%a: tensor<3x4xi32>, %n: tensor<?xf32>) -> (tensor<3xi32>, tensor<?x2xf32>, tensor<3x4xi32>, tensor<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %x = tensor.extract %a[%c0, %c1] : tensor<3x4xi32>
  %y = tensor.extract %a[%c2, %c3] : tensor<3x4xi32>
  %sum = arith.addi %x, %y : i32
  %v = tensor.from_elements %x, %y, %sum : tensor<3xi32>
  %k = tensor.dim %n, %c0 : tensor<?xf32>
  %f = tensor.extract %n[%c0] : tensor<?xf32>
  %s = tensor.splat %f[%k] : tensor<?x2xf32>
  %i = tensor.insert %sum into %a[%c1, %c2] : tensor<3x4xi32>
  %r0 = tensor.from_elements %y : tensor<i32>
  return %v, %s, %i, %r0 : tensor<3xi32>, tensor<?x2xf32>, tensor<3x4xi32>, tensor<i32>
}

// tensor.generate with a body of its indices, on a dynamic size.
func.func @generate(%a: tensor<?xf32>) -> tensor<?x3xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<?x3xi32>
  return %g : tensor<?x3xi32>
}
