// RUN: pyvmvx-opt %s -p 'iree-vmvx-lower-linalg-microkernels{warn-on-unconverted=true}' 2>&1 | filecheck %s
// RUN: pyvmvx-opt %s -p iree-vmvx-lower-linalg-microkernels 2>&1 | filecheck %s --check-prefix=QUIET

// With warn-on-unconverted, every linalg op left gets IREE's warning at its location, with a
// note showing the op; converted ops and non-linalg ops get none. Without it: no warning.

// CHECK: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 14]]:3: warning: Linalg op not converted to microkernel and will be implemented with fallback scalar loops
// CHECK-NEXT: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 13]]:3: note: unmatched op: linalg.copy ins(%a : memref<2x3x4xf32>) outs(%b : memref<2x3x4xf32>)
// CHECK-NEXT: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 13]]:3: warning: Linalg op not converted
// CHECK-NEXT: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 12]]:3: note: unmatched op: linalg.matmul
// CHECK-NEXT: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 12]]:3: warning: Linalg op not converted
// CHECK-NEXT: lower_linalg_microkernels_warnings.mlir:[[# @LINE + 11]]:3: note: unmatched op: linalg.generic
// CHECK-NOT: warning:
// CHECK: linalg.copy
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: vmvx.copy

// QUIET-NOT: warning
func.func @unconverted(%a : memref<2x3x4xf32>, %b : memref<2x3x4xf32>, %m : memref<4x4xf32>, %v : memref<4xf32>) {
  linalg.copy ins(%a : memref<2x3x4xf32>) outs(%b : memref<2x3x4xf32>)
  linalg.matmul ins(%m, %m : memref<4x4xf32>, memref<4x4xf32>) outs(%m : memref<4x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%m : memref<4x4xf32>) outs(%v : memref<4xf32>) {
  ^bb0(%x : f32, %y : f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.copy ins(%v : memref<4xf32>) outs(%v : memref<4xf32>)
  func.return
}
