// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-const-eval | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'pyvmvx-const-eval{max-size-increase-threshold=0}' | filecheck %s --check-prefix=NOGROW

// A weight transpose (PyTorch's linear) is computed at compile time: the matmul reads a
// dense_resource holding the transposed data; the weight and the transpose are erased.
func.func @linear(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%x, %t : tensor<2x3xf32>, tensor<3x2xf32>) outs(%f : tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %m : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @linear(
// CHECK-NOT:     linalg.transpose
// CHECK:         %[[T:.*]] = arith.constant dense_resource<[[KEY:const_eval.*]]> : tensor<3x2xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         linalg.matmul ins(%{{.*}}, %[[T]] : tensor<2x3xf32>, tensor<3x2xf32>)
// CHECK:       [[KEY]]: "0x40000000000080
// CHECK-SAME:  3F00008040000000400000A040000040400000C040"

// -----

// Elementwise ops on constants fold, reading scalar constants from outside their bodies
// (batch-norm scales); an op that also reads an argument does not.
func.func @scale(%x: tensor<4xf64>) -> tensor<4xf64> {
  %var = arith.constant dense<[3.0, 8.0, 15.0, 0.0]> : tensor<4xf64>
  %one = arith.constant 1.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : tensor<4xf64>) outs(%e : tensor<4xf64>) {
  ^bb0(%v: f64, %out: f64):
    %a = arith.addf %v, %one : f64
    %r = math.sqrt %a : f64
    linalg.yield %r : f64
  } -> tensor<4xf64>
  %y = linalg.mul ins(%x, %s : tensor<4xf64>, tensor<4xf64>) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  func.return %y : tensor<4xf64>
}

// CHECK-LABEL: func.func @scale(
// CHECK:         %[[S:.*]] = arith.constant dense_resource<[[KEY:const_eval.*]]> : tensor<4xf64>
// CHECK-NOT:     linalg.generic
// CHECK:         linalg.mul ins(%{{.*}}, %[[S]] : tensor<4xf64>, tensor<4xf64>)
// CHECK:       [[KEY]]: "0x40000000000000000000004000000000000008400000000000001040000000000000F03F"

// -----

// A broadcast of a constant folds while it grows the program by at most the threshold
// (1 MiB by default); with a threshold of 0 it stays, and the transpose it reads folds.
func.func @broadcast() -> tensor<4x3x2xf32> {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %b = tensor.empty() : tensor<4x3x2xf32>
  %r = linalg.broadcast ins(%t : tensor<3x2xf32>) outs(%b : tensor<4x3x2xf32>) dimensions = [0]
  func.return %r : tensor<4x3x2xf32>
}

// CHECK-LABEL: func.func @broadcast(
// CHECK-NEXT:    %[[R:.*]] = arith.constant dense_resource<{{.*}}> : tensor<4x3x2xf32>
// CHECK-NEXT:    func.return %[[R]]
// NOGROW-LABEL: func.func @broadcast(
// NOGROW-NEXT:    %[[T:.*]] = arith.constant dense_resource<{{.*}}> : tensor<3x2xf32>
// NOGROW-NEXT:    %[[B:.*]] = tensor.empty() : tensor<4x3x2xf32>
// NOGROW-NEXT:    linalg.broadcast ins(%[[T]]:tensor<3x2xf32>) outs(%[[B]]:tensor<4x3x2xf32>)

// -----

// Not folded: a reshape (a view, free on the host), i1 and dynamic tensors, and an op whose
// evaluation fails (its assert is left for run time, where it reports the error).
func.func @kept(%n: index) -> (tensor<6xf32>, tensor<2xi1>, tensor<?xf32>, tensor<2xf32>) {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %flat = tensor.collapse_shape %w [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %m = arith.constant dense<[true, false]> : tensor<2xi1>
  %em = tensor.empty() : tensor<2xi1>
  %nm = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%m : tensor<2xi1>) outs(%em : tensor<2xi1>) {
  ^bb0(%v: i1, %out: i1):
    %true = arith.constant true
    %r = arith.xori %v, %true : i1
    linalg.yield %r : i1
  } -> tensor<2xi1>
  %d = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %dz = linalg.fill ins(%z : f32) outs(%d : tensor<?xf32>) -> tensor<?xf32>
  %v = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %ev = tensor.empty() : tensor<2xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<2xf32>) outs(%ev : tensor<2xf32>) {
  ^bb0(%x: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %nonzero = arith.cmpf one, %x, %zero : f32
    cf.assert %nonzero, "division by zero"
    %one = arith.constant 1.0 : f32
    %r = arith.divf %one, %x : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  func.return %flat, %nm, %dz, %inv : tensor<6xf32>, tensor<2xi1>, tensor<?xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @kept(
// CHECK-NOT:     dense_resource
// CHECK:         tensor.collapse_shape
// CHECK:         linalg.generic
// CHECK:         arith.xori
// CHECK:         linalg.fill
// CHECK:         linalg.generic
// CHECK:         cf.assert

// -----

// One root failing does not keep the others from folding: each is then evaluated alone.
func.func @partly() -> (tensor<3x2xf32>, tensor<2xf32>) {
  %w = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%w : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %v = arith.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %ev = tensor.empty() : tensor<2xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%v : tensor<2xf32>) outs(%ev : tensor<2xf32>) {
  ^bb0(%x: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %nonzero = arith.cmpf one, %x, %zero : f32
    cf.assert %nonzero, "division by zero"
    %one = arith.constant 1.0 : f32
    %r = arith.divf %one, %x : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  func.return %t, %inv : tensor<3x2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @partly(
// CHECK:         %[[T:.*]] = arith.constant dense_resource<{{.*}}> : tensor<3x2xf32>
// CHECK-NOT:     linalg.transpose
// CHECK:         cf.assert
// CHECK:         func.return %[[T]], %{{.*}} : tensor<3x2xf32>, tensor<2xf32>

// -----

// A compact splat constant is read as all of its elements.
func.func @splat(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = arith.constant dense<2.0> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.mul ins(%w, %w : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %y = linalg.add ins(%x, %s : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  func.return %y : tensor<4xf32>
}

// CHECK-LABEL: func.func @splat(
// CHECK:         %[[S:.*]] = arith.constant dense_resource<[[KEY:const_eval.*]]> : tensor<4xf32>
// CHECK-NOT:     linalg.mul
// CHECK:         linalg.add ins(%{{.*}}, %[[S]] : tensor<4xf32>, tensor<4xf32>)
// CHECK:       [[KEY]]: "0x4000000000008040000080400000804000008040"
