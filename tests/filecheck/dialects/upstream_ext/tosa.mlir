// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// tosa.apply_scale with each rounding mode, on scalars of several widths (unsigned ones too, as
// MLIR admits) and on vectors.

// CHECK-LABEL: func.func @apply_scale(
func.func @apply_scale(%v: i32, %w: i64, %m: i32, %m16: ui16, %s: i8, %vv: vector<4xi32>, %vs: vector<4xi8>) -> i32 {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<DOUBLE_ROUND> : (i32, i32, i8) -> i32
  %1 = tosa.apply_scale %w, %m16, %s rounding_mode<SINGLE_ROUND> {note} : (i64, ui16, i8) -> i32
  %2 = tosa.apply_scale %w, %m, %s rounding_mode<INEXACT_ROUND> : (i64, i32, i8) -> i64
  %3 = tosa.apply_scale %vv, %vv, %vs rounding_mode<DOUBLE_ROUND> : (vector<4xi32>, vector<4xi32>, vector<4xi8>) -> vector<4xi32>
  func.return %0 : i32
}
// CHECK-NEXT: %0 = tosa.apply_scale %v, %m, %s rounding_mode<DOUBLE_ROUND> : (i32, i32, i8) -> i32
// CHECK-NEXT: %1 = tosa.apply_scale %w, %m16, %s rounding_mode<SINGLE_ROUND> {note} : (i64, ui16, i8) -> i32
// CHECK-NEXT: %2 = tosa.apply_scale %w, %m, %s rounding_mode<INEXACT_ROUND> : (i64, i32, i8) -> i64
// CHECK-NEXT: %3 = tosa.apply_scale %vv, %vv, %vs rounding_mode<DOUBLE_ROUND> : (vector<4xi32>, vector<4xi32>, vector<4xi8>) -> vector<4xi32>
// GENERIC: "tosa.apply_scale"(%v, %m, %s) <{rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>}> : (i32, i32, i8) -> i32
