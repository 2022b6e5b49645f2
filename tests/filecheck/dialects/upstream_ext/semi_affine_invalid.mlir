// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Expressions that are not even semi-affine are parse errors at the operator.

func.func @product_of_dims(%i: index, %j: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 * d1)>(%i, %j)
  func.return %0 : index
}
// CHECK: semi_affine_invalid.mlir:6:48
// CHECK: non-affine expression: at least one of the multiply operands of (d0 * d1) has to be either a constant or symbolic

// -----

func.func @division_by_dim(%i: index, %j: index) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (s0 floordiv (d0 + 1))>(%i)[%j]
  func.return %0 : index
}
// CHECK: non-affine expression: right operand of floordiv in (s0 floordiv (d0 + 1)) has to be either a constant or symbolic

// -----

func.func @mod_by_dim(%i: index, %j: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d1 mod d0)>(%i, %j)
  func.return %0 : index
}
// CHECK: non-affine expression: right operand of mod in (d1 mod d0) has to be either a constant or symbolic
