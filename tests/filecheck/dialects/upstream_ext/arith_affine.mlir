// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// arith.remf, arith.index_castui, affine.delinearize_index, affine.linearize_index and
// affine.max, plus the upstream ops IREE's VMVX IR relies on (checked to exist here).

// CHECK-LABEL: func.func @arith(
func.func @arith(%f: f32, %v: vector<4xf64>, %p: i32, %q: i64, %i: index) -> (f32, index, i64) {
  %0 = arith.remf %f, %f : f32
  %1 = arith.remf %v, %v fastmath<nnan,ninf> : vector<4xf64>
  %2 = arith.index_castui %p : i32 to index
  %3 = arith.index_castui %i : index to i64
  func.return %0, %2, %3 : f32, index, i64
}
// CHECK-NEXT: %0 = arith.remf %f, %f : f32
// CHECK-NEXT: %1 = arith.remf %v, %v fastmath<nnan,ninf> : vector<4xf64>
// CHECK-NEXT: %2 = arith.index_castui %p : i32 to index
// CHECK-NEXT: %3 = arith.index_castui %i : index to i64
// GENERIC: %0 = "arith.remf"(%f, %f) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC: %2 = "arith.index_castui"(%p) : (i32) -> index

// -----

// The flags MLIR (and IREE 3.13's generic output) puts on arith ops, which xDSL 0.75 lacks.
// CHECK-LABEL: func.func @arith_flags(
func.func @arith_flags(%a: i32, %w: i64, %i: index, %f: f32, %d: f64) {
  %0 = arith.trunci %w : i64 to i32
  %1 = arith.trunci %w overflow<nsw> : i64 to i32
  %2 = arith.addi %a, %a overflow<nsw, nuw> : i32
  %3 = arith.extui %a nneg : i32 to i64
  %4 = arith.uitofp %a nneg : i32 to f32
  %5 = arith.index_castui %i nneg : index to i32
  %6 = arith.divsi %a, %a exact : i32
  %7 = arith.divui %a, %a : i32
  %8 = arith.shrsi %a, %a exact : i32
  %9 = arith.shrui %a, %a exact : i32
  %10 = arith.extf %f fastmath<fast> : f32 to f64
  %11 = arith.truncf %d : f64 to f32
  %12 = arith.truncf %d toward_zero fastmath<nnan> : f64 to f32
  %13 = arith.truncf %d to_nearest_even : f64 to f32
  %14 = arith.index_cast %i : index to i32
  func.return
}
// CHECK-NEXT: %0 = arith.trunci %w : i64 to i32
// CHECK-NEXT: %1 = arith.trunci %w overflow<nsw> : i64 to i32
// CHECK-NEXT: %2 = arith.addi %a, %a overflow<nsw,nuw> : i32
// CHECK-NEXT: %3 = arith.extui %a nneg : i32 to i64
// CHECK-NEXT: %4 = arith.uitofp %a nneg : i32 to f32
// CHECK-NEXT: %5 = arith.index_castui %i nneg : index to i32
// CHECK-NEXT: %6 = arith.divsi %a, %a exact : i32
// CHECK-NEXT: %7 = arith.divui %a, %a : i32
// CHECK-NEXT: %8 = arith.shrsi %a, %a exact : i32
// CHECK-NEXT: %9 = arith.shrui %a, %a exact : i32
// CHECK-NEXT: %10 = arith.extf %f fastmath<fast> : f32 to f64
// CHECK-NEXT: %11 = arith.truncf %d : f64 to f32
// CHECK-NEXT: %12 = arith.truncf %d toward_zero fastmath<nnan> : f64 to f32
// CHECK-NEXT: %13 = arith.truncf %d to_nearest_even : f64 to f32
// CHECK-NEXT: %14 = arith.index_cast %i : index to i32
// GENERIC-LABEL: sym_name = "arith_flags"
// GENERIC:      %0 = "arith.trunci"(%w) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
// GENERIC-NEXT: %1 = "arith.trunci"(%w) <{overflowFlags = #arith.overflow<nsw>}> : (i64) -> i32
// GENERIC:      %3 = "arith.extui"(%a) <{nonNeg}> : (i32) -> i64
// GENERIC-NEXT: %4 = "arith.uitofp"(%a) <{nonNeg}> : (i32) -> f32
// GENERIC-NEXT: %5 = "arith.index_castui"(%i) <{nonNeg}> : (index) -> i32
// GENERIC-NEXT: %6 = "arith.divsi"(%a, %a) <{isExact}> : (i32, i32) -> i32
// GENERIC:      %10 = "arith.extf"(%f) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f64
// GENERIC-NEXT: %11 = "arith.truncf"(%d) : (f64) -> f32
// GENERIC-NEXT: %12 = "arith.truncf"(%d) <{roundingmode = 3 : i32, fastmath = #arith.fastmath<nnan>}> : (f64) -> f32

// -----

// IREE 3.13's generic spelling reads as is.
// CHECK-LABEL: func.func @arith_flags_generic(
func.func @arith_flags_generic(%w: i64, %d: f64) {
  %0 = "arith.trunci"(%w) <{overflowFlags = #arith.overflow<nuw>}> : (i64) -> i32
  %1 = "arith.truncf"(%d) <{fastmath = #arith.fastmath<fast>, roundingmode = 1 : i32}> : (f64) -> f32
  %2 = "arith.muli"(%0, %0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  func.return
}
// CHECK-NEXT: %0 = arith.trunci %w overflow<nuw> : i64 to i32
// CHECK-NEXT: %1 = arith.truncf %d downward fastmath<fast> : f64 to f32
// CHECK-NEXT: %2 = arith.muli %0, %0 overflow<nsw> : i32

// -----

// Upstream ops of the VMVX path that need no extension.
// CHECK-LABEL: func.func @upstream_arith_math(
func.func @upstream_arith_math(%a: f32, %b: f32, %c: f32, %x: i32, %y: i32) -> f32 {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %0, %b : f32
  %2 = arith.maxnumf %1, %b : f32
  %3 = arith.minnumf %2, %b : f32
  %4 = arith.ceildivsi %x, %y : i32
  %5 = arith.floordivsi %4, %y : i32
  %6 = arith.uitofp %5 : i32 to f32
  %7 = arith.bitcast %6 : f32 to i32
  %8 = math.fma %3, %b, %c : f32
  %9 = math.ctlz %7 : i32
  %10 = math.rsqrt %8 : f32
  func.return %10 : f32
}
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.maxnumf
// CHECK: arith.minnumf
// CHECK: arith.ceildivsi
// CHECK: arith.floordivsi
// CHECK: arith.uitofp
// CHECK: arith.bitcast
// CHECK: math.fma
// CHECK: math.ctlz
// CHECK: math.rsqrt

// -----

// CHECK-LABEL: func.func @affine_index_ops(
func.func @affine_index_ops(%id: index, %n: index, %x: index, %y: index) -> (index, index, index) {
  %d:3 = affine.delinearize_index %id into (%n, 16, 8) : index, index, index
  %e:2 = affine.delinearize_index %id into (16) : index, index
  %l = affine.linearize_index disjoint [%d#0, %d#1, %d#2] by (%n, 16, 8) : index
  %m = affine.linearize_index [%x, %y] by (4) : index
  %k = affine.max affine_map<(d0)[s0] -> (0, s0 - d0 * 64)>(%x)[%n]
  %j = affine.max affine_map<()[s0] -> (s0, 16)>()[%n] {my.tag}
  func.return %l, %m, %k : index, index, index
}
// CHECK-NEXT: %d, %d_1, %d_2 = affine.delinearize_index %id into (%n, 16, 8) : index, index, index
// CHECK-NEXT: %e, %e_1 = affine.delinearize_index %id into (16) : index, index
// CHECK-NEXT: %l = affine.linearize_index disjoint [%d, %d_1, %d_2] by (%n, 16, 8) : index
// CHECK-NEXT: %m = affine.linearize_index [%x, %y] by (4) : index
// CHECK-NEXT: %k = affine.max affine_map<(d0)[s0] -> (0, (s0 + (d0 * -64)))> (%x)[%n]
// CHECK-NEXT: %j = affine.max affine_map<()[s0] -> (s0, 16)> ()[%n] {my.tag}
// GENERIC: "affine.delinearize_index"(%id, %n) <{static_basis = array<i64: -9223372036854775808, 16, 8>}> : (index, index) -> (index, index, index)
// GENERIC: "affine.linearize_index"(%d, %d_1, %d_2, %n) <{disjoint, static_basis = array<i64: -9223372036854775808, 16, 8>, operandSegmentSizes = array<i32: 3, 1>}> : (index, index, index, index) -> index
// GENERIC: "affine.max"(%x, %n) <{map = affine_map<(d0)[s0] -> (0, (s0 + (d0 * -64)))>}> : (index, index) -> index
