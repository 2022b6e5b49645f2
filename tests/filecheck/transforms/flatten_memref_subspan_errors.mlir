// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-codegen-flatten-memref-subspan | filecheck %s

// A user of an N-D memref that the pass cannot rewrite is reported at that user.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func private @consume(memref<4x4xf32>)
func.func @passed_to_a_call() {
  %m = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4x4xf32>
  // CHECK: flatten_memref_subspan_errors.mlir:[[# @LINE + 1]]:3: error: 'func.call' op cannot be rewritten by iree-codegen-flatten-memref-subspan: it uses the memref<4x4xf32> being flattened to memref<16xf32>
  func.call @consume(%m) : (memref<4x4xf32>) -> ()
  func.return
}

// -----

func.func @dim_by_a_variable(%k: index) -> index {
  %m = memref.alloca() : memref<4x4xf32>
  // CHECK: flatten_memref_subspan_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.dim' op cannot be rewritten by iree-codegen-flatten-memref-subspan: it uses the memref<4x4xf32> being flattened to memref<16xf32>
  %d = memref.dim %m, %k : memref<4x4xf32>
  func.return %d : index
}
