// A dense layer with bias and relu on a dynamic batch, as torch-mlir's linalg-on-tensors
// output writes it: matmul on a zero-filled destination, then a broadcasting generic.
#map = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
func.func @dense_relu(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e2 = tensor.empty(%n) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%e2 : tensor<?x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %out: f32):
    %s = arith.addf %v, %bv : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// Several results, a private helper called twice, and reshapes that stay views on the host.
func.func private @scale(%t: tensor<2x6xf32>, %k: f32) -> tensor<2x6xf32> {
  %e = tensor.empty() : tensor<2x6xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<2x6xf32>) outs(%e : tensor<2x6xf32>) {
  ^bb0(%v: f32, %out: f32):
    %y = arith.mulf %v, %k : f32
    linalg.yield %y : f32
  } -> tensor<2x6xf32>
  return %r : tensor<2x6xf32>
}
func.func @reshapes(%a: tensor<3x4xf32>) -> (tensor<2x6xf32>, tensor<12xf32>) {
  %flat = tensor.collapse_shape %a [[0, 1]] : tensor<3x4xf32> into tensor<12xf32>
  %two = tensor.expand_shape %flat [[0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<2x6xf32>
  %k = arith.constant 2.0 : f32
  %x2 = func.call @scale(%two, %k) : (tensor<2x6xf32>, f32) -> tensor<2x6xf32>
  %k3 = arith.constant 3.0 : f32
  %x6 = func.call @scale(%x2, %k3) : (tensor<2x6xf32>, f32) -> tensor<2x6xf32>
  return %x6, %flat : tensor<2x6xf32>, tensor<12xf32>
}

// A row sum (a reduction on a filled destination) and a transpose, on i32.
func.func @rowsum_transpose(%a: tensor<5x3xi32>) -> (tensor<5xi32>, tensor<3x5xi32>) {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<5xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<5xi32>) -> tensor<5xi32>
  %s = linalg.generic {indexing_maps = [#map, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<5x3xi32>) outs(%f : tensor<5xi32>) {
  ^bb0(%v: i32, %acc: i32):
    %y = arith.addi %v, %acc : i32
    linalg.yield %y : i32
  } -> tensor<5xi32>
  %et = tensor.empty() : tensor<3x5xi32>
  %t = linalg.transpose ins(%a : tensor<5x3xi32>) outs(%et : tensor<3x5xi32>) permutation = [1, 0]
  return %s, %t : tensor<5xi32>, tensor<3x5xi32>
}

// A pad with a dynamic source, so its result size is computed on the host.
func.func @pad(%a: tensor<?x3xf32>) -> tensor<?x6xf32> {
  %cst = arith.constant -1.0 : f32
  %p = tensor.pad %a low[1, 1] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x3xf32> to tensor<?x6xf32>
  return %p : tensor<?x6xf32>
}
