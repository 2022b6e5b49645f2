// linalg.pack, linalg.unpack and linalg.mmt4d on tensors: IREE's data-tiled matmul
// (pack, pack, mmt4d, unpack) on a dynamic M that is not a multiple of the tile, and the
// relayout ops alone, with padding and outer permutations.

// pack ?x13 into 8x4 tiles (padding -1), outer dimensions transposed; then unpack it back.
func.func @pack_unpack(%a: tensor<?x13xf32>) -> (tensor<4x?x8x4xf32>, tensor<?x13xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant -1.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x13xf32>
  %tiles = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)>()[%n]
  %e = tensor.empty(%tiles) : tensor<4x?x8x4xf32>
  %p = linalg.pack %a padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<?x13xf32> -> tensor<4x?x8x4xf32>
  %e2 = tensor.empty(%n) : tensor<?x13xf32>
  %u = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e2 : tensor<4x?x8x4xf32> -> tensor<?x13xf32>
  return %p, %u : tensor<4x?x8x4xf32>, tensor<?x13xf32>
}

// A transposing pack (inner_dims_pos = [1, 0]) of an exact multiple, without padding.
func.func @pack_transposed(%a: tensor<6x16xi32>) -> tensor<4x3x4x2xi32> {
  %e = tensor.empty() : tensor<4x3x4x2xi32>
  %p = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 2] into %e : tensor<6x16xi32> -> tensor<4x3x4x2xi32>
  return %p : tensor<4x3x4x2xi32>
}

// The data-tiled matmul: C = A (?x70) x B (70x9), tiles M0 = 8, N0 = 8, K0 = 1.
func.func @data_tiled_matmul(%a: tensor<?x70xf32>, %b: tensor<70x9xf32>) -> tensor<?x9xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x70xf32>
  %mt = affine.apply affine_map<()[s0] -> (s0 ceildiv 8)>()[%m]
  %ea = tensor.empty(%mt) : tensor<?x70x8x1xf32>
  %pa = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 1] into %ea : tensor<?x70xf32> -> tensor<?x70x8x1xf32>
  %eb = tensor.empty() : tensor<2x70x8x1xf32>
  %pb = linalg.pack %b padding_value(%zero : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 1] into %eb : tensor<70x9xf32> -> tensor<2x70x8x1xf32>
  %ec = tensor.empty(%mt) : tensor<?x2x8x8xf32>
  %fc = linalg.fill ins(%zero : f32) outs(%ec : tensor<?x2x8x8xf32>) -> tensor<?x2x8x8xf32>
  %pc = linalg.mmt4d ins(%pa, %pb : tensor<?x70x8x1xf32>, tensor<2x70x8x1xf32>) outs(%fc : tensor<?x2x8x8xf32>) -> tensor<?x2x8x8xf32>
  %e = tensor.empty(%m) : tensor<?x9xf32>
  %c = linalg.unpack %pc inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %e : tensor<?x2x8x8xf32> -> tensor<?x9xf32>
  return %c : tensor<?x9xf32>
}

// mmt4d alone on i8 operands accumulating into a given i32 destination.
func.func @mmt4d_i8(%lhs: tensor<?x3x4x2xi8>, %rhs: tensor<5x3x4x2xi8>, %acc: tensor<?x5x4x4xi32>) -> tensor<?x5x4x4xi32> {
  %r = linalg.mmt4d ins(%lhs, %rhs : tensor<?x3x4x2xi8>, tensor<5x3x4x2xi8>) outs(%acc : tensor<?x5x4x4xi32>) -> tensor<?x5x4x4xi32>
  return %r : tensor<?x5x4x4xi32>
}
