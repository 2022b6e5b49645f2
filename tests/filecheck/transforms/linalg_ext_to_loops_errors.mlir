// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-linalg-ext-to-loops | filecheck %s

// Sizes that statically contradict the op: a pack without padding whose destination has
// more tiles than the source fills would load past the source.

func.func @pack_past_source(%src : memref<8xf32>, %dst : memref<3x4xf32>) {
  // CHECK: linalg_ext_to_loops_errors.mlir:[[# @LINE + 1]]:3: error: 'linalg.pack' op source dimension 0 is smaller than its tiles cover and has no padding
  linalg.pack %src inner_dims_pos = [0] inner_tiles = [4] into %dst : memref<8xf32> -> memref<3x4xf32>
  func.return
}

// -----

func.func @pack_past_source_untiled(%src : memref<2x8xf32>, %dst : memref<3x2x4xf32>) {
  // CHECK: linalg_ext_to_loops_errors.mlir:[[# @LINE + 1]]:3: error: 'linalg.pack' op source dimension 0 is smaller than its tiles cover and has no padding
  linalg.pack %src inner_dims_pos = [1] inner_tiles = [4] into %dst : memref<2x8xf32> -> memref<3x2x4xf32>
  func.return
}
