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
