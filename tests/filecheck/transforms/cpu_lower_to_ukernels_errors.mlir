// RUN: pyvmvx-opt %s --verify-diagnostics -p 'iree-codegen-cpu-lower-to-ukernels{ukernels=all}' | filecheck %s

// A symbol already named like the ukernel import must have its signature.

// CHECK: cpu_lower_to_ukernels_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op conflicts with the signature of ukernel vmvx.mmt4d
func.func private @vmvx.mmt4d(i32)
func.func @mmt4d(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  func.return
}
