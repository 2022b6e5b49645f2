// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-lower-executable-target | filecheck %s

// Under ukernels=all a contraction is one `vmvx.ex.matmul` call (no scalar loop).

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @all(%a : memref<4x8xf32>, %b : memref<8x6xf32>, %c : memref<4x6xf32>) attributes {hal.executable.target = #vmvx, translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>)
  func.return
}
// CHECK-LABEL: func.func @all
// CHECK-NOT:     scf.for
// CHECK:         func.call @vmvx.ex.matmul
// CHECK-NOT:     scf.for

// -----

// A ukernels list without `ex.matmul` keeps IREE's scalar loops for it (data tiling, through
// mmt4d/pack/unpack, stays the selectable matmul ukernel path).

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "mmt4d,pack,unpack,ex"}>
func.func @without_ex_matmul(%a : memref<4x8xf32>, %b : memref<8x6xf32>, %c : memref<4x6xf32>) attributes {hal.executable.target = #vmvx, translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x6xf32>) outs(%c : memref<4x6xf32>)
  func.return
}
// CHECK-LABEL: func.func @without_ex_matmul
// CHECK-NOT:     vmvx.ex.matmul
// CHECK:         scf.for
// CHECK:         arith.mulf
// CHECK:         arith.addf
