// Contractions that `ukernels=all` lowers to one `vmvx.ex.matmul` call per workgroup tile
// (tests/e2e/test_matmul_ukernel.py). Leading sizes are dynamic.

// f32 on a zero-filled destination (the call does not accumulate).
func.func @matmul(%a: tensor<?x70xf32>, %b: tensor<70x66xf32>) -> tensor<?x66xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x70xf32>
  %e = tensor.empty(%m) : tensor<?x66xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x66xf32>) -> tensor<?x66xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x70xf32>, tensor<70x66xf32>) outs(%f : tensor<?x66xf32>) -> tensor<?x66xf32>
  return %r : tensor<?x66xf32>
}

// A transposed rhs through indexing maps (torch's x @ w.T of a linear layer).
func.func @matmul_transpose_b(%a: tensor<?x70xf32>, %b: tensor<66x70xf32>) -> tensor<?x66xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x70xf32>
  %e = tensor.empty(%m) : tensor<?x66xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x66xf32>) -> tensor<?x66xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<?x70xf32>, tensor<66x70xf32>) outs(%f : tensor<?x66xf32>) -> tensor<?x66xf32>
  return %r : tensor<?x66xf32>
}

// Accumulating into a given destination, all sizes dynamic.
func.func @matmul_accumulate(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @matmul_f64(%a: tensor<?x33xf64>, %b: tensor<33x17xf64>) -> tensor<?x17xf64> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %m = tensor.dim %a, %c0 : tensor<?x33xf64>
  %e = tensor.empty(%m) : tensor<?x17xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<?x17xf64>) -> tensor<?x17xf64>
  %r = linalg.matmul ins(%a, %b : tensor<?x33xf64>, tensor<33x17xf64>) outs(%f : tensor<?x17xf64>) -> tensor<?x17xf64>
  return %r : tensor<?x17xf64>
}

// i32 products and sums that wrap.
func.func @matmul_i32(%a: tensor<?x9xi32>, %b: tensor<9x5xi32>, %c: tensor<?x5xi32>) -> tensor<?x5xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x9xi32>, tensor<9x5xi32>) outs(%c : tensor<?x5xi32>) -> tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}

// i8 x i8 -> i32 (sign-extended by the named op's body), K above the f32-exact bound.
func.func @matmul_i8(%a: tensor<?x1100xi8>, %b: tensor<1100x20xi8>) -> tensor<?x20xi32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %m = tensor.dim %a, %c0 : tensor<?x1100xi8>
  %e = tensor.empty(%m) : tensor<?x20xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<?x20xi32>) -> tensor<?x20xi32>
  %r = linalg.matmul ins(%a, %b : tensor<?x1100xi8>, tensor<1100x20xi8>) outs(%f : tensor<?x20xi32>) -> tensor<?x20xi32>
  return %r : tensor<?x20xi32>
}

// f16 x f16 -> f32 (extf in the body).
func.func @matmul_f16(%a: tensor<?x40xf16>, %b: tensor<40x24xf16>) -> tensor<?x24xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x40xf16>
  %e = tensor.empty(%m) : tensor<?x24xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x24xf32>) -> tensor<?x24xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x40xf16>, tensor<40x24xf16>) outs(%f : tensor<?x24xf32>) -> tensor<?x24xf32>
  return %r : tensor<?x24xf32>
}

// batch_matmul with a transposed lhs (indexed (b, k, m)).
func.func @batch_matmul_transpose_a(%a: tensor<?x70x3xf32>, %b: tensor<?x70x5xf32>) -> tensor<?x3x5xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x70x3xf32>
  %e = tensor.empty(%n) : tensor<?x3x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3x5xf32>) -> tensor<?x3x5xf32>
  %r = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, k, m)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%a, %b : tensor<?x70x3xf32>, tensor<?x70x5xf32>) outs(%f : tensor<?x3x5xf32>) -> tensor<?x3x5xf32>
  return %r : tensor<?x3x5xf32>
}
