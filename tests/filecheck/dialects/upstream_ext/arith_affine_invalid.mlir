// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

func.func @index_castui_no_index(%p: i32) {
  %0 = arith.index_castui %p : i32 to i64
  func.return
}
// CHECK: operand type i32 and result type i64 are cast incompatible: exactly one of them must be index

// -----

func.func @remf_int(%p: i32) {
  %0 = arith.remf %p, %p : i32
  func.return
}
// CHECK: arith_affine_invalid.mlir:12:3
// CHECK: Unexpected attribute i32

// -----

func.func @delinearize_basis_size(%id: index) {
  %0:2 = affine.delinearize_index %id into (2, 3, 4) : index, index
  func.return
}
// CHECK: expected 2 or 1 basis elements (one per result, the first optional), got 3

// -----

func.func @delinearize_no_result(%id: index) {
  "affine.delinearize_index"(%id) <{static_basis = array<i64>}> : (index) -> ()
  func.return
}
// CHECK: should return at least one index

// -----

func.func @delinearize_non_positive(%id: index) {
  %0:2 = affine.delinearize_index %id into (4, 0) : index, index
  func.return
}
// CHECK: no basis element may be statically non-positive

// -----

func.func @delinearize_markers(%id: index) {
  %0:2 = "affine.delinearize_index"(%id) <{static_basis = array<i64: -9223372036854775808>}> : (index) -> (index, index)
  func.return
}
// CHECK: mismatch between dynamic and static basis: 1 dynamic markers but 0 dynamic basis values

// -----

func.func @linearize_basis_size(%x: index) {
  %0 = affine.linearize_index [%x] by (2, 3, 4) : index
  func.return
}
// CHECK: expected 1 or 0 basis elements (one per index, the first optional), got 3

// -----

func.func @max_operands(%x: index) {
  %0 = "affine.max"(%x) <{map = affine_map<(d0, d1) -> (d0, d1)>}> : (index) -> index
  func.return
}
// CHECK: affine.max expects 2 operands, but got 1.

// -----

func.func @max_not_a_map(%x: index) {
  %0 = affine.max 3 : index (%x)
  func.return
}
// CHECK: expected an affine map

// -----

func.func @trunci_widens(%p: i32) {
  %0 = arith.trunci %p overflow<nsw> : i32 to i64
  func.return
}
// CHECK: Destination bit-width must be smaller than the input bit-width

// -----

func.func @extui_narrows(%p: i32) {
  %0 = arith.extui %p nneg : i32 to i8
  func.return
}
// CHECK: Destination bit-width must be larger than the input bit-width

// -----

func.func @truncf_bad_mode(%d: f64) {
  %0 = "arith.truncf"(%d) <{roundingmode = 7 : i32}> : (f64) -> f32
  func.return
}
// CHECK: roundingmode 7 is not a rounding mode

// -----

func.func @truncf_unknown_mode(%d: f64) {
  %0 = arith.truncf %d sideways : f64 to f32
  func.return
}
// CHECK: arith_affine_invalid.mlir:{{[0-9]+}}:24
// CHECK: Expected ':'
