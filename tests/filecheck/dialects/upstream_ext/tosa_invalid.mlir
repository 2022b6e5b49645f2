// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// tosa.apply_scale's type constraints (MLIR's messages) and its rounding-mode syntax.

func.func @float_value(%v: f32, %m: i32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (f32, i32, i8) -> i32
  func.return
}
// CHECK: operand #0 must be signless-integer-like, but got f32

// -----

func.func @signed_multiplier(%v: i32, %m: si32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, si32, i8) -> i32
  func.return
}
// CHECK: operand #1 must be signless-integer-like, but got si32

// -----

func.func @index_value(%v: index, %m: i32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (index, i32, i8) -> i32
  func.return
}
// CHECK: operand #0 must be signless-integer-like, but got index

// -----

func.func @wide_shift(%v: i32, %m: i32, %s: i32) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, i32, i32) -> i32
  func.return
}
// CHECK: operand #2 must be signless-integer-8-bit-like, but got i32

// -----

func.func @unsigned_shift(%v: i32, %m: i32, %s: ui8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, i32, ui8) -> i32
  func.return
}
// CHECK: operand #2 must be signless-integer-8-bit-like, but got ui8

// -----

func.func @float_result(%v: i32, %m: i32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, i32, i8) -> f32
  func.return
}
// CHECK: result #0 must be signless-integer-like, but got f32

// -----

func.func @old_spelling(%v: i32, %m: i32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s {rounding_mode = DOUBLE_ROUND} : (i32, i32, i8) -> i32
  func.return
}
// CHECK: Expected 'rounding_mode'

// -----

func.func @unknown_mode(%v: i32, %m: i32, %s: i8) {
  %0 = tosa.apply_scale %v, %m, %s rounding_mode<HALF_EVEN> : (i32, i32, i8) -> i32
  func.return
}
// CHECK: Expected `SINGLE_ROUND`, `INEXACT_ROUND`, or `DOUBLE_ROUND`
