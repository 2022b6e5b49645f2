// linalg's named ops on tensors, as torch-mlir and MLIR print them: fill, copy, the
// contractions, transpose, broadcast, reduce, map and elementwise.

// fill (with a scalar argument) and copy: a filled ?x67 tensor and a copy of the input.
func.func @fill_copy(%a: tensor<?x67xi32>, %v: i32) -> (tensor<?x67xi32>, tensor<?x67xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x67xi32>
  %e = tensor.empty(%n) : tensor<?x67xi32>
  %f = linalg.fill ins(%v : i32) outs(%e : tensor<?x67xi32>) -> tensor<?x67xi32>
  %e2 = tensor.empty(%n) : tensor<?x67xi32>
  %c = linalg.copy ins(%a : tensor<?x67xi32>) outs(%e2 : tensor<?x67xi32>) -> tensor<?x67xi32>
  return %f, %c : tensor<?x67xi32>, tensor<?x67xi32>
}

// matmul and batch_matmul on zero-filled destinations.
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @matmul_i8(%a: tensor<5x7xi8>, %b: tensor<7x3xi8>) -> tensor<5x3xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5x3xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<5x3xi32>) -> tensor<5x3xi32>
  %r = linalg.matmul ins(%a, %b : tensor<5x7xi8>, tensor<7x3xi8>) outs(%f : tensor<5x3xi32>) -> tensor<5x3xi32>
  return %r : tensor<5x3xi32>
}

func.func @batch_matmul(%a: tensor<?x3x70xf32>, %b: tensor<?x70x5xf32>) -> tensor<?x3x5xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x3x70xf32>
  %e = tensor.empty(%n) : tensor<?x3x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3x5xf32>) -> tensor<?x3x5xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x3x70xf32>, tensor<?x70x5xf32>) outs(%f : tensor<?x3x5xf32>) -> tensor<?x3x5xf32>
  return %r : tensor<?x3x5xf32>
}

// matvec, vecmat and dot accumulate into their (given) destinations.
func.func @matvec_vecmat_dot(%a: tensor<?x66xf32>, %x: tensor<66xf32>, %y: tensor<?xf32>, %acc: tensor<f32>) -> (tensor<?xf32>, tensor<66xf32>, tensor<f32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x66xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %mv = linalg.matvec ins(%a, %x : tensor<?x66xf32>, tensor<66xf32>) outs(%f : tensor<?xf32>) -> tensor<?xf32>
  %e2 = tensor.empty() : tensor<66xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<66xf32>) -> tensor<66xf32>
  %vm = linalg.vecmat ins(%y, %a : tensor<?xf32>, tensor<?x66xf32>) outs(%f2 : tensor<66xf32>) -> tensor<66xf32>
  %d = linalg.dot ins(%y, %y : tensor<?xf32>, tensor<?xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %mv, %vm, %d : tensor<?xf32>, tensor<66xf32>, tensor<f32>
}

// transpose, broadcast and a sum reduce.
func.func @transpose_broadcast_reduce(%a: tensor<?x3x66xf32>, %v: tensor<?xf32>) -> (tensor<66x?x3xf32>, tensor<?x4xf32>, tensor<?x66xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x3x66xf32>
  %et = tensor.empty(%n) : tensor<66x?x3xf32>
  %t = linalg.transpose ins(%a : tensor<?x3x66xf32>) outs(%et : tensor<66x?x3xf32>) permutation = [2, 0, 1]
  %m = tensor.dim %v, %c0 : tensor<?xf32>
  %eb = tensor.empty(%m) : tensor<?x4xf32>
  %b = linalg.broadcast ins(%v : tensor<?xf32>) outs(%eb : tensor<?x4xf32>) dimensions = [1]
  %er = tensor.empty(%n) : tensor<?x66xf32>
  %fr = linalg.fill ins(%zero : f32) outs(%er : tensor<?x66xf32>) -> tensor<?x66xf32>
  %r = linalg.reduce ins(%a : tensor<?x3x66xf32>) outs(%fr : tensor<?x66xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %t, %b, %r : tensor<66x?x3xf32>, tensor<?x4xf32>, tensor<?x66xf32>
}

// A max reduce to a scalar (rank 0), in MLIR's short form.
func.func @reduce_all(%a: tensor<?xi32>) -> tensor<i32> {
  %min = arith.constant -2147483648 : i32
  %e = tensor.empty() : tensor<i32>
  %f = linalg.fill ins(%min : i32) outs(%e : tensor<i32>) -> tensor<i32>
  %r = linalg.reduce { arith.maxsi } ins(%a : tensor<?xi32>) outs(%f : tensor<i32>) dimensions = [0]
  return %r : tensor<i32>
}

// map (long and short forms) and elementwise.
func.func @map_elementwise(%a: tensor<?x65xf32>, %b: tensor<?x65xf32>) -> (tensor<?x65xf32>, tensor<?x65xf32>, tensor<?x65xf32>, tensor<?x65xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x65xf32>
  %e = tensor.empty(%n) : tensor<?x65xf32>
  %m = linalg.map ins(%a, %b : tensor<?x65xf32>, tensor<?x65xf32>) outs(%e : tensor<?x65xf32>)
    (%x: f32, %y: f32) {
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %p, %x : f32
      linalg.yield %s : f32
    }
  %short = linalg.map { arith.subf } ins(%a, %b : tensor<?x65xf32>, tensor<?x65xf32>) outs(%e : tensor<?x65xf32>)
  %w = linalg.elementwise kind=#linalg.elementwise_kind<max_signed> ins(%a, %b : tensor<?x65xf32>, tensor<?x65xf32>) outs(%e : tensor<?x65xf32>) -> tensor<?x65xf32>
  %x = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<?x65xf32>) outs(%e : tensor<?x65xf32>) -> tensor<?x65xf32>
  return %m, %short, %w, %x : tensor<?x65xf32>, tensor<?x65xf32>, tensor<?x65xf32>, tensor<?x65xf32>
}

// Rank 0 elementwise and map, on scalars held in tensors.
func.func @rank0(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %e = tensor.empty() : tensor<f32>
  %s = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%a, %b : tensor<f32>, tensor<f32>) outs(%e : tensor<f32>) -> tensor<f32>
  %m = linalg.map ins(%a : tensor<f32>) outs(%e : tensor<f32>)
    (%x: f32) {
      %n = arith.negf %x : f32
      linalg.yield %n : f32
    }
  return %s, %m : tensor<f32>, tensor<f32>
}
