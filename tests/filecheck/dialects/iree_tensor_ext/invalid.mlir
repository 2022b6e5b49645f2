// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Each check of the dispatch tensor type and its load/store, with IREE's message.

func.func @bad_access(%t: !iree_tensor_ext.dispatch.tensor<readable:tensor<4xf32>>) {
  func.return
}
// CHECK: expected tensor access to be one of: readonly, writeonly, readwrite

// -----

func.func @missing_dims(%t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>) {
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>> -> tensor<2x4xf32>
  func.return
}
// CHECK: value set has 1 dynamic dimensions but only 0 dimension values are attached

// -----

func.func @rank_mismatch(%t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0, 0], sizes = [2, 1, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2x4xf32>
  func.return
}
// CHECK: expected mixed offsets rank to match mixed sizes rank (2 vs 3) so the rank of the result type is well-formed.

// -----

func.func @slice_rank(%t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x4xf32>>) {
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0], sizes = [2], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x4xf32>> -> tensor<2xf32>
  func.return
}
// CHECK: expected 2 offset values, got 1

// -----

func.func @store_readonly(%v: tensor<4xf32>, %t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) {
  iree_tensor_ext.dispatch.tensor.store %v, %t, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
  func.return
}
// CHECK: expected a writable dispatch tensor target, got !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>

// -----

func.func @store_shape(%v: tensor<2x4xf32>, %t: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>) {
  iree_tensor_ext.dispatch.tensor.store %v, %t, offsets = [0, 0], sizes = [3, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
  func.return
}
// CHECK: expected type to be 'tensor<3x4xf32>' or a rank-reduced version. (size mismatch)
