// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// The checks of the parse-level iree_codegen ops and attributes, with IREE's messages.

#m = #iree_codegen.workgroup_mapping<w>
// CHECK: expected WorkgroupId to be one of: x, y, z

// -----

func.func @delinearize_x(%n: index) {
  scf.forall (%i) in (%n) {
  } {mapping = [#iree_codegen.workgroup_mapping<x:1>]}
  func.return
}
// CHECK: illegal to use `delinearizationDim` for x

// -----

func.func @results_for_buffers(%m: memref<4xf32>) {
  %0 = iree_codegen.ukernel.generic "fn" outs(%m : memref<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: expected the number of tensor results (1) to be equal to the number of output tensors (0)

// -----

func.func @output_not_shaped(%i: index) {
  iree_codegen.ukernel.generic "fn" outs(%i : index)
  func.return
}
// CHECK: expected output #0 to be a ranked tensor or memref, got index

// -----

func.func @query_result_type() {
  %0 = iree_codegen.query_tile_sizes tensor<4xf32> -> i32
  func.return
}
// CHECK: i32 should be of base attribute index
