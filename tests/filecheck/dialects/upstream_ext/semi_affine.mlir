// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s

// Semi-affine maps (xDSL issue #1087): products with a symbolic factor and divisions or
// remainders by a symbol, in affine.apply, affine.min and memref layouts. xDSL prints every
// binary expression in parentheses.

#offset = affine_map<()[s0, s1, s2, s3, s4] -> (s0 + s1 * s2 + s3 * s4)>

// CHECK-LABEL: func.func @apply(
func.func @apply(%base: index, %i: index, %si: index, %j: index, %sj: index, %tile: index) -> (index, index, index, index, index) {
  %0 = affine.apply #offset()[%base, %i, %si, %j, %sj]
  %1 = affine.apply affine_map<()[s0] -> (16 ceildiv s0)>()[%tile]
  %2 = affine.apply affine_map<()[s0, s1] -> (s0 floordiv s1)>()[%base, %tile]
  %3 = affine.apply affine_map<(d0)[s0] -> (d0 mod s0 + s0 * d0)>(%i)[%tile]
  %4 = affine.apply affine_map<(d0)[s0, s1] -> ((d0 + 1) * (s0 * s1 + 2))>(%i)[%si, %sj]
  func.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-NEXT: %0 = affine.apply affine_map<()[s0, s1, s2, s3, s4] -> (((s0 + (s1 * s2)) + (s3 * s4)))> ()[%base, %i, %si, %j, %sj]
// CHECK-NEXT: %1 = affine.apply affine_map<()[s0] -> ((16 ceildiv s0))> ()[%tile]
// CHECK-NEXT: %2 = affine.apply affine_map<()[s0, s1] -> ((s0 floordiv s1))> ()[%base, %tile]
// The symbolic factor goes to the right of a product, as in MLIR.
// CHECK-NEXT: %3 = affine.apply affine_map<(d0)[s0] -> (((d0 mod s0) + (d0 * s0)))> (%i)[%tile]
// CHECK-NEXT: %4 = affine.apply affine_map<(d0)[s0, s1] -> (((d0 + 1) * ((s0 * s1) + 2)))> (%i)[%si, %sj]

// -----

// CHECK-LABEL: func.func @min(
func.func @min(%i: index, %n: index, %t: index) -> index {
  %0 = affine.min affine_map<(d0)[s0, s1] -> (s1, s0 - d0 * s1)>(%i)[%n, %t]
  func.return %0 : index
}
// CHECK-NEXT: %0 = affine.min affine_map<(d0)[s0, s1] -> (s1, (s0 + ((d0 * s1) * -1)))> (%i)[%n, %t]

// -----

// A memref layout given by a semi-affine map (a subview's with dynamic strides).
// CHECK-LABEL: func.func @layout(
func.func @layout(%m: memref<64x64xf32, affine_map<(d0, d1)[s0, s1, s2] -> (s0 + d0 * s1 + d1 * s2)>>) -> memref<64x64xf32, affine_map<(d0, d1)[s0, s1, s2] -> (s0 + d0 * s1 + d1 * s2)>> {
  func.return %m : memref<64x64xf32, affine_map<(d0, d1)[s0, s1, s2] -> (s0 + d0 * s1 + d1 * s2)>>
}
// CHECK-SAME: %m: memref<64x64xf32, affine_map<(d0, d1)[s0, s1, s2] -> (((s0 + (d0 * s1)) + (d1 * s2)))>>
