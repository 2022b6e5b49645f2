// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vm-conversion{index-bits=32}' | filecheck %s --check-prefix=I32

// Extensions look at the source width (the value sits in an i32 register); i1 sign
// extension selects all-ones, sub-byte sign extension shifts, zero extension masks.

// CHECK-LABEL: vm.func private @extend(%c: i32, %b: i32, %h: i32, %a: i32, %n: i32) {
// CHECK-NEXT:    %[[ONES:.*]] = vm.const.i32 -1
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.i32.zero
// CHECK-NEXT:    %s1 = vm.select.i32 %c, %[[ONES]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[ONES64:.*]] = vm.const.i64 -1
// CHECK-NEXT:    %[[ZERO64:.*]] = vm.const.i64.zero
// CHECK-NEXT:    %s1l = vm.select.i64 %c, %[[ONES64]], %[[ZERO64]] : i64
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %u1 = vm.and.i32 %c, %[[ONE]] : i32
// CHECK-NEXT:    %s8 = vm.ext.i8.i32.s %b : i32 -> i32
// CHECK-NEXT:    %u8 = vm.ext.i8.i64.u %b : i32 -> i64
// CHECK-NEXT:    %s16 = vm.ext.i16.i64.s %h : i32 -> i64
// CHECK-NEXT:    %u16 = vm.ext.i16.i32.u %h : i32 -> i32
// CHECK-NEXT:    %s32 = vm.ext.i32.i64.s %a : i32 -> i64
// CHECK-NEXT:    %u32 = vm.ext.i32.i64.u %a : i32 -> i64
// CHECK-NEXT:    %[[SHIFT:.*]] = vm.const.i32 28
// CHECK-NEXT:    %[[UP:.*]] = vm.shl.i32 %n, %[[SHIFT]] : i32
// CHECK-NEXT:    %s4 = vm.shr.i32.s %[[UP]], %[[SHIFT]] : i32
// CHECK-NEXT:    %[[MASK:.*]] = vm.const.i32 15
// CHECK-NEXT:    %[[LOW:.*]] = vm.and.i32 %n, %[[MASK]] : i32
// CHECK-NEXT:    %u4 = vm.ext.i32.i64.u %[[LOW]] : i32 -> i64
// CHECK-NEXT:    vm.return
func.func @extend(%c : i1, %b : i8, %h : i16, %a : i32, %n : i4) {
  %s1 = arith.extsi %c : i1 to i32
  %s1l = arith.extsi %c : i1 to i64
  %u1 = arith.extui %c : i1 to i32
  %s8 = arith.extsi %b : i8 to i32
  %u8 = arith.extui %b : i8 to i64
  %s16 = arith.extsi %h : i16 to i64
  %u16 = arith.extui %h : i16 to i32
  %s32 = arith.extsi %a : i32 to i64
  %u32 = arith.extui %a : i32 to i64
  %s4 = arith.extsi %n : i4 to i32
  %u4 = arith.extui %n : i4 to i64
  func.return
}

// -----

// Truncation keeps the low 32 bits in the canonical form of the narrow type: sign-extended
// from 8 or 16 bits (IREE's vm.trunc.i32.i8 would zero-extend), by a shift pair from other
// widths, i1 as 0/1.

// CHECK-LABEL: vm.func private @truncate(%h: i32, %a: i32, %x: i64) {
// CHECK-NEXT:    %t8 = vm.ext.i8.i32.s %a : i32 -> i32
// CHECK-NEXT:    %[[LOW16:.*]] = vm.trunc.i64.i32 %x : i64 -> i32
// CHECK-NEXT:    %t16 = vm.ext.i16.i32.s %[[LOW16]] : i32 -> i32
// CHECK-NEXT:    %t32 = vm.trunc.i64.i32 %x : i64 -> i32
// CHECK-NEXT:    %t816 = vm.ext.i8.i32.s %h : i32 -> i32
// CHECK-NEXT:    %[[LOW:.*]] = vm.trunc.i64.i32 %x : i64 -> i32
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %t1 = vm.and.i32 %[[LOW]], %[[ONE]] : i32
// CHECK-NEXT:    %[[SHIFT:.*]] = vm.const.i32 28
// CHECK-NEXT:    %[[UP:.*]] = vm.shl.i32 %a, %[[SHIFT]] : i32
// CHECK-NEXT:    %t4 = vm.shr.i32.s %[[UP]], %[[SHIFT]] : i32
// CHECK-NEXT:    vm.return
func.func @truncate(%h : i16, %a : i32, %x : i64) {
  %t8 = arith.trunci %a : i32 to i8
  %t16 = arith.trunci %x : i64 to i16
  %t32 = arith.trunci %x : i64 to i32
  %t816 = arith.trunci %h : i16 to i8
  %t1 = arith.trunci %x : i64 to i1
  %t4 = arith.trunci %a : i32 to i4
  func.return
}

// -----

// index_cast sign-extends or truncates to the index width; index_castui zero-extends.
// Casts of constants fold.

// CHECK-LABEL: vm.func private @index_casts(%i: i64, %a: i32, %x: i64) -> (i32, i64, i64, i64, i64) {
// CHECK-NEXT:    %to_i32 = vm.trunc.i64.i32 %i : i64 -> i32
// CHECK-NEXT:    %from_i32 = vm.ext.i32.i64.s %a : i32 -> i64
// CHECK-NEXT:    %from_u32 = vm.ext.i32.i64.u %a : i32 -> i64
// CHECK-NEXT:    %minus_one = vm.const.i32 -1
// CHECK-NEXT:    %folded = vm.const.i64 4294967295
// CHECK-NEXT:    vm.return %to_i32, %from_i32, %from_u32, %x, %folded : i32, i64, i64, i64, i64

// I32-LABEL: vm.func private @index_casts(%i: i32, %a: i32, %x: i64) -> (i32, i32, i32, i32, i32) {
// I32-NEXT:    %from_i64 = vm.trunc.i64.i32 %x : i64 -> i32
// I32-NEXT:    %minus_one = vm.const.i32 -1
// I32-NEXT:    vm.return %i, %a, %a, %from_i64, %minus_one : i32, i32, i32, i32, i32
func.func @index_casts(%i : index, %a : i32, %x : i64) -> (i32, index, index, index, index) {
  %to_i32 = arith.index_cast %i : index to i32
  %from_i32 = arith.index_cast %a : i32 to index
  %from_u32 = arith.index_castui %a : i32 to index
  %from_i64 = arith.index_cast %x : i64 to index
  %minus_one = arith.constant -1 : i32
  %folded = arith.index_castui %minus_one : i32 to index
  func.return %to_i32, %from_i32, %from_u32, %from_i64, %folded : i32, index, index, index, index
}

// -----

// int<->float casts; narrow unsigned sources are zero-extended to i32 first (signed ones are
// already sign-extended), i32 -> f64 goes through i64. fptosi/fptoui truncate toward zero
// (MLIR): vm.cast.f32.* rounds half away from zero, so it gets ceil(f) below zero, else
// floor(f); a narrow result is sign-extended again. The casts stop at 2**63, so fptoui to
// i64 casts larger operands less 2**63 and adds it back.

// CHECK-LABEL: vm.func private @int_float(%a: i32, %x: i64, %b: i32, %f: f32) {
// CHECK-NEXT:    %si32 = vm.cast.si32.f32 %a : i32 -> f32
// CHECK-NEXT:    %si64 = vm.cast.si64.f64 %x : i64 -> f64
// CHECK-NEXT:    %[[WIDE:.*]] = vm.ext.i32.i64.s %a : i32 -> i64
// CHECK-NEXT:    %si32_f64 = vm.cast.si64.f64 %[[WIDE]] : i64 -> f64
// CHECK-NEXT:    %[[B32:.*]] = vm.ext.i8.i32.u %b : i32 -> i32
// CHECK-NEXT:    %ui8 = vm.cast.ui32.f32 %[[B32]] : i32 -> f32
// CHECK-NEXT:    %si8 = vm.cast.si32.f32 %b : i32 -> f32
// CHECK-NEXT:    %ui64 = vm.cast.ui64.f32 %x : i64 -> f32
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.f32.zero
// CHECK-NEXT:    %[[NEG:.*]] = vm.cmp.lt.f32.o %f, %[[ZERO]] : f32
// CHECK-NEXT:    %[[UP:.*]] = vm.ceil.f32 %f : f32
// CHECK-NEXT:    %[[DOWN:.*]] = vm.floor.f32 %f : f32
// CHECK-NEXT:    %[[TRUNC:.*]] = vm.select.f32 %[[NEG]], %[[UP]], %[[DOWN]] : f32
// CHECK-NEXT:    %fsi = vm.cast.f32.si32 %[[TRUNC]] : f32 -> i32
// CHECK:         %[[T:.*]] = vm.select.f32
// CHECK-NEXT:    %[[TWO_63:.*]] = vm.const.f32 9.22337204e+18
// CHECK-NEXT:    %[[LARGE:.*]] = vm.cmp.gte.f32.o %[[T]], %[[TWO_63]] : f32
// CHECK-NEXT:    %[[LESS:.*]] = vm.sub.f32 %[[T]], %[[TWO_63]] : f32
// CHECK-NEXT:    %[[IN_RANGE:.*]] = vm.select.f32 %[[LARGE]], %[[LESS]], %[[T]] : f32
// CHECK-NEXT:    %[[CAST:.*]] = vm.cast.f32.si64 %[[IN_RANGE]] : f32 -> i64
// CHECK-NEXT:    %[[SIGN:.*]] = vm.const.i64 -9223372036854775808
// CHECK-NEXT:    %[[ADDED:.*]] = vm.xor.i64 %[[CAST]], %[[SIGN]] : i64
// CHECK-NEXT:    %fui = vm.select.i64 %[[LARGE]], %[[ADDED]], %[[CAST]] : i64
// CHECK:         %[[FSI8:.*]] = vm.cast.f32.si32 %{{.*}} : f32 -> i32
// CHECK-NEXT:    %fsi8 = vm.ext.i8.i32.s %[[FSI8]] : i32 -> i32
// CHECK-NEXT:    vm.return
func.func @int_float(%a : i32, %x : i64, %b : i8, %f : f32) {
  %si32 = arith.sitofp %a : i32 to f32
  %si64 = arith.sitofp %x : i64 to f64
  %si32_f64 = arith.sitofp %a : i32 to f64
  %ui8 = arith.uitofp %b : i8 to f32
  %si8 = arith.sitofp %b : i8 to f32
  %ui64 = arith.uitofp %x : i64 to f32
  %fsi = arith.fptosi %f : f32 to i32
  %fui = arith.fptoui %f : f32 to i64
  %fsi8 = arith.fptosi %f : f32 to i8
  func.return
}

// -----

// f16 values live in f32 registers, so f16 -> f32 extension is free.

// CHECK-LABEL: vm.func private @float_float(%f: f32, %d: f64, %h: f32, %x: i64) -> f32 {
// CHECK-NEXT:    %ext = vm.ext.f32.f64 %f : f32 -> f64
// CHECK-NEXT:    %trunc = vm.trunc.f64.f32 %d : f64 -> f32
// CHECK-NEXT:    %bits = vm.bitcast.f32.i32 %f : f32 -> i32
// CHECK-NEXT:    %real = vm.bitcast.i64.f64 %x : i64 -> f64
// CHECK-NEXT:    vm.return %h : f32
func.func @float_float(%f : f32, %d : f64, %h : f16, %x : i64) -> f32 {
  %ext = arith.extf %f : f32 to f64
  %trunc = arith.truncf %d : f64 to f32
  %h32 = arith.extf %h : f16 to f32
  %bits = arith.bitcast %f : f32 to i32
  %real = arith.bitcast %x : i64 to f64
  func.return %h32 : f32
}

// -----

// From f64: fptosi casts to i64 (rounded toward zero first) and truncates to a narrower type;
// truncf to f16 rounds to f32 toward zero, the last bit set when inexact (round-to-odd), so
// rounding that to f16 rounds once.

// CHECK-LABEL: vm.func private @from_f64(%d: f64) {
// CHECK:         %[[T:.*]] = vm.select.f64
// CHECK-NEXT:    %[[I64:.*]] = vm.cast.f64.si64 %[[T]] : f64 -> i64
// CHECK-NEXT:    %fptosi = vm.trunc.i64.i32 %[[I64]] : i64 -> i32
// CHECK-NEXT:    %[[NEAREST:.*]] = vm.trunc.f64.f32 %d : f64 -> f32
// CHECK-NEXT:    %[[BACK:.*]] = vm.ext.f32.f64 %[[NEAREST]] : f32 -> f64
// CHECK-NEXT:    %[[A:.*]] = vm.abs.f64 %[[BACK]] : f64
// CHECK-NEXT:    %[[B:.*]] = vm.abs.f64 %d : f64
// CHECK-NEXT:    %[[AWAY:.*]] = vm.cmp.gt.f64.o %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[INEXACT:.*]] = vm.cmp.ne.f64.u %[[BACK]], %d : f64
// CHECK-NEXT:    %[[BITS:.*]] = vm.bitcast.f32.i32 %[[NEAREST]] : f32 -> i32
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[LESS:.*]] = vm.sub.i32 %[[BITS]], %[[ONE]] : i32
// CHECK-NEXT:    %[[TOWARD_ZERO:.*]] = vm.select.i32 %[[AWAY]], %[[LESS]], %[[BITS]] : i32
// CHECK-NEXT:    %[[ODD:.*]] = vm.or.i32 %[[TOWARD_ZERO]], %[[ONE]] : i32
// CHECK-NEXT:    %[[ROUNDED:.*]] = vm.select.i32 %[[INEXACT]], %[[ODD]], %[[TOWARD_ZERO]] : i32
// CHECK-NEXT:    %[[F32:.*]] = vm.bitcast.i32.f32 %[[ROUNDED]] : i32 -> f32
// CHECK-NEXT:    %truncf = vm.trunc.f32.f16 %[[F32]] : f32 -> f32
func.func @from_f64(%d : f64) {
  %fptosi = arith.fptosi %d : f64 to i32
  %truncf = arith.truncf %d : f64 to f16
  func.return
}
