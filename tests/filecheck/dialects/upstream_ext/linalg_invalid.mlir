// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier errors of the named contractions and of linalg.pack/unpack (MLIR's messages).

func.func @mmt4d_rank(%lhs: tensor<?x?x16xf32>, %rhs: tensor<?x?x16x1xf32>, %acc: tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32> {
  %0 = linalg.mmt4d ins(%lhs, %rhs : tensor<?x?x16xf32>, tensor<?x?x16x1xf32>) outs(%acc : tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32>
  func.return %0 : tensor<?x?x16x16xf32>
}
// CHECK: 'linalg.mmt4d' op expected operand #0 of rank 3 to match the result count of indexing_map #0, 4

// -----

func.func @mmt4d_shape(%lhs: memref<2x3x4x1xf32>, %rhs: memref<5x3x8x1xf32>, %acc: memref<2x5x4x4xf32>) {
  linalg.mmt4d ins(%lhs, %rhs : memref<2x3x4x1xf32>, memref<5x3x8x1xf32>) outs(%acc : memref<2x5x4x4xf32>)
  func.return
}
// CHECK: 'linalg.mmt4d' op inferred input/output operand #2 has shape's dimension #3 to be 8, but found 4

// -----

func.func @matvec_mixed(%m: tensor<4x8xf32>, %x: memref<8xf32>, %y: memref<4xf32>) {
  linalg.matvec ins(%m, %x : tensor<4x8xf32>, memref<8xf32>) outs(%y : memref<4xf32>)
  func.return
}
// CHECK: expected to have pure tensor or buffer semantics

// -----

func.func @dot_one_input(%x: memref<8xf32>, %d: memref<f32>) {
  linalg.dot ins(%x : memref<8xf32>) outs(%d : memref<f32>)
  func.return
}
// CHECK: Could not build linalg op

// -----

func.func @pack_mixed(%src: tensor<16x16xf32>, %dst: memref<2x2x8x8xf32>) {
  linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> memref<2x2x8x8xf32>
  func.return
}
// CHECK: mixing tensor and buffer semantics is not allowed

// -----

func.func @pack_zero_tile(%src: tensor<16x16xf32>, %dst: tensor<2x2x0x8xf32>) -> tensor<2x2x0x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [0, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x0x8xf32>
  func.return %0 : tensor<2x2x0x8xf32>
}
// CHECK: invalid zero tile factor

// -----

func.func @pack_inner_dims_pos(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 0] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: invalid inner_dims_pos vector

// -----

func.func @pack_outer_dims_perm(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src outer_dims_perm = [0, 2] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: invalid outer_dims_perm vector

// -----

func.func @pack_outer_dims_not_permutation(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src outer_dims_perm = [1] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: outer_dims_perm must be a permutation or empty

// -----

func.func @pack_tile_count(%src: tensor<16x16xf32>, %dst: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8] into %dst : tensor<16x16xf32> -> tensor<2x16x8xf32>
  func.return %0 : tensor<2x16x8xf32>
}
// CHECK: tiling factors must equal the number of dimensions to tile

// -----

func.func @pack_rank(%src: tensor<16x16xf32>, %dst: tensor<2x2x8xf32>) -> tensor<2x2x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8xf32>
  func.return %0 : tensor<2x2x8xf32>
}
// CHECK: packed rank != (unpacked rank + num tiling factors), got 3 != 4

// -----

func.func @pack_too_small(%src: tensor<16x16xf32>, %dst: tensor<1x2x8x8xf32>) -> tensor<1x2x8x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<1x2x8x8xf32>
  func.return %0 : tensor<1x2x8x8xf32>
}
// CHECK: the shape of output is not large enough to hold the packed data. Expected at least 2x2x8x8, got tensor<1x2x8x8xf32>

// -----

func.func @pack_tile_mismatch(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x16xf32>) -> tensor<2x2x8x16xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<16x16xf32> -> tensor<2x2x8x16xf32>
  func.return %0 : tensor<2x2x8x16xf32>
}
// CHECK: mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type

// -----

func.func @pack_dynamic_tile_static_size(%src: tensor<16x16xf32>, %dst: tensor<2x2x8x8xf32>, %t: index) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, %t] into %dst : tensor<16x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: mismatch in inner tile sizes specified and shaped of tiled dimension in the packed type

// -----

func.func @pack_padding_type(%src: tensor<13x16xf32>, %dst: tensor<2x2x8x8xf32>, %pad: f16) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src padding_value(%pad : f16) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<13x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: expected padding_value has f32 but got: f16

// -----

func.func @pack_needs_padding(%src: tensor<13x16xf32>, %dst: tensor<2x2x8x8xf32>) -> tensor<2x2x8x8xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : tensor<13x16xf32> -> tensor<2x2x8x8xf32>
  func.return %0 : tensor<2x2x8x8xf32>
}
// CHECK: invalid tile factor or output size provided. Only full tiles are supported when padding_value is not set

// -----

func.func @pack_result_count(%src: memref<16x16xf32>, %dst: memref<2x2x8x8xf32>) {
  %0 = "linalg.pack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 8>, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (memref<16x16xf32>, memref<2x2x8x8xf32>) -> tensor<2x2x8x8xf32>
  func.return
}
// CHECK: expected 0 results, got 1

// -----

func.func @unpack_result_type(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) {
  %0 = "linalg.unpack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 8>}> : (tensor<2x2x8x8xf32>, tensor<16x16xf32>) -> tensor<16x8xf32>
  func.return
}
// CHECK: result type tensor<16x8xf32> must match dest type tensor<16x16xf32>

// -----

func.func @unpack_dynamic_markers(%src: tensor<2x2x8x8xf32>, %dst: tensor<16x16xf32>) {
  %0 = "linalg.unpack"(%src, %dst) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, -9223372036854775808>}> : (tensor<2x2x8x8xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return
}
// CHECK: The number of dynamic positions passed as values (0) does not match the number of dynamic position markers (1).

// -----

func.func @unpack_too_many_tiles(%src: tensor<2x8x8x8xf32>, %dst: tensor<16xf32>) -> tensor<16xf32> {
  %0 = linalg.unpack %src inner_dims_pos = [0, 0, 0] inner_tiles = [8, 8, 8] into %dst : tensor<2x8x8x8xf32> -> tensor<16xf32>
  func.return %0 : tensor<16xf32>
}
// CHECK: invalid inner_dims_pos vector

// -----

func.func @elementwise_rank(%a: memref<8xf32>, %s: f32, %o: memref<4x8xf32>) {
  linalg.sub ins(%s, %a : f32, memref<8xf32>) outs(%o : memref<4x8xf32>)
  func.return
}
// CHECK: 'linalg.sub' op expected operand #1 of rank 1 to match the result count of indexing_map #1, 2
