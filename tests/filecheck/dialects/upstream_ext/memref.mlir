// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// memref.global, copy, cast, load, store, alloc and alloca in MLIR's custom syntax.

// A private constant with an initializer whose type is left out, and an alignment.
memref.global "private" constant @weights : memref<2x2xf32> = dense<[[1.5, -2.0], [0.25, 4.0]]> alignment = 64
// A splat initializer over a large global.
memref.global "private" constant @zeros : memref<256x128xf32> = dense<0.0>
// No visibility, not constant, uninitialized.
memref.global @scratch : memref<16xi32> = uninitialized
// An external declaration: no initializer.
memref.global "public" @imported : memref<3xi8>
// A discardable attribute next to the alignment property, in the older spelling (IREE 3.13
// rejects the alignment in the attribute dictionary).
memref.global "nested" @tagged : memref<2xi16> = dense<[7, -7]> {alignment = 16 : i64, my.tag}

func.func @use_globals() -> memref<2x2xf32> {
  %0 = memref.get_global @weights : memref<2x2xf32>
  func.return %0 : memref<2x2xf32>
}

// CHECK:      memref.global "private" constant @weights : memref<2x2xf32> = dense<{{\[}}[1.500000e+00, -2.000000e+00], [2.500000e-01, 4.000000e+00]]> alignment = 64
// CHECK-NEXT: memref.global "private" constant @zeros : memref<256x128xf32> = dense<0.000000e+00>
// CHECK-NEXT: memref.global @scratch : memref<16xi32> = uninitialized
// CHECK-NEXT: memref.global "public" @imported : memref<3xi8>
// CHECK-NEXT: memref.global "nested" @tagged : memref<2xi16> = dense<[7, -7]> alignment = 16 {my.tag}
// CHECK:      memref.get_global @weights : memref<2x2xf32>

// GENERIC: "memref.global"() <{sym_name = "weights", sym_visibility = "private", type = memref<2x2xf32>, initial_value = dense<{{\[}}[1.500000e+00, -2.000000e+00], [2.500000e-01, 4.000000e+00]]> : tensor<2x2xf32>, constant, alignment = 64 : i64}> : () -> ()
// GENERIC: "memref.global"() <{sym_name = "scratch", type = memref<16xi32>, initial_value}> : () -> ()
// GENERIC: "memref.global"() <{sym_name = "imported", sym_visibility = "public", type = memref<3xi8>}> : () -> ()
// GENERIC: "memref.global"() <{sym_name = "tagged", sym_visibility = "nested", type = memref<2xi16>, initial_value = dense<[7, -7]> : tensor<2xi16>, alignment = 16 : i64}> {my.tag} : () -> ()

// -----

// A dense_resource initializer keeps its blob.
memref.global "private" constant @blob : memref<4xi8> = dense_resource<table>

// CHECK:      memref.global "private" constant @blob : memref<4xi8> = dense_resource<table>
// CHECK:      dialect_resources: {
// CHECK-NEXT:   builtin: {
// CHECK-NEXT:     table: "0x0100000001020304"
// GENERIC:    initial_value = dense_resource<table> : tensor<4xi8>

{-#
  dialect_resources: {
    builtin: {
      table: "0x0100000001020304"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @copies(
func.func @copies(%static: memref<4x8xf32>, %dynamic: memref<?x8xf32>,
                  %strided: memref<4x8xf32, strided<[16, 1], offset: ?>>, %unranked: memref<*xf32>) {
  memref.copy %static, %dynamic : memref<4x8xf32> to memref<?x8xf32>
  memref.copy %strided, %static : memref<4x8xf32, strided<[16, 1], offset: ?>> to memref<4x8xf32>
  memref.copy %unranked, %unranked : memref<*xf32> to memref<*xf32>
  memref.copy %static, %static {my.note} : memref<4x8xf32> to memref<4x8xf32>
  func.return
}
// CHECK-NEXT: memref.copy %static, %dynamic : memref<4x8xf32> to memref<?x8xf32>
// CHECK-NEXT: memref.copy %strided, %static : memref<4x8xf32, strided<[16, 1], offset: ?>> to memref<4x8xf32>
// CHECK-NEXT: memref.copy %unranked, %unranked : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: memref.copy %static, %static {my.note} : memref<4x8xf32> to memref<4x8xf32>
// GENERIC: "memref.copy"(%static, %dynamic) : (memref<4x8xf32>, memref<?x8xf32>) -> ()

// -----

// CHECK-LABEL: func.func @casts(
func.func @casts(%a: memref<4x?xf32>, %s: memref<4x8xf32, strided<[?, 1], offset: ?>>) {
  %0 = memref.cast %a : memref<4x?xf32> to memref<?x8xf32>
  %1 = memref.cast %0 : memref<?x8xf32> to memref<*xf32>
  %2 = memref.cast %1 : memref<*xf32> to memref<4x8xf32>
  %3 = memref.cast %s : memref<4x8xf32, strided<[?, 1], offset: ?>> to memref<4x8xf32, strided<[8, 1], offset: 2>>
  func.return
}
// CHECK-NEXT: %0 = memref.cast %a : memref<4x?xf32> to memref<?x8xf32>
// CHECK-NEXT: %1 = memref.cast %0 : memref<?x8xf32> to memref<*xf32>
// CHECK-NEXT: %2 = memref.cast %1 : memref<*xf32> to memref<4x8xf32>
// CHECK-NEXT: %3 = memref.cast %s : memref<4x8xf32, strided<[?, 1], offset: ?>> to memref<4x8xf32, strided<[8, 1], offset: 2>>
// GENERIC: %0 = "memref.cast"(%a) : (memref<4x?xf32>) -> memref<?x8xf32>

// -----

// Reshapes MLIR accepts: strided sources derive the result's strides and offset; a group
// with a dynamic size (or a stride only known at run time) is accepted as it may be
// contiguous; unit dims are skipped.
// CHECK-LABEL: func.func @reshapes(
func.func @reshapes(%a: memref<2x3x4xf32>, %s: memref<4x2x3xf32, strided<[10, 3, 1], offset: 2>>,
    %d: memref<?x4xf32>, %u: memref<3x1xf32, strided<[1, 7]>>, %v: memref<6xf32, strided<[2], offset: 3>>,
    %w: memref<2x3xf32, strided<[?, 1], offset: ?>>, %n: index, %one: memref<1x1xf32>) {
  %0 = memref.collapse_shape %a [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.collapse_shape %s [[0], [1, 2]] : memref<4x2x3xf32, strided<[10, 3, 1], offset: 2>> into memref<4x6xf32, strided<[10, 1], offset: 2>>
  %2 = memref.collapse_shape %d [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %3 = memref.collapse_shape %u [[0, 1]] : memref<3x1xf32, strided<[1, 7]>> into memref<3xf32, strided<[1]>>
  %4 = memref.collapse_shape %w [[0, 1]] : memref<2x3xf32, strided<[?, 1], offset: ?>> into memref<6xf32, strided<[1], offset: ?>>
  %5 = memref.collapse_shape %one [] : memref<1x1xf32> into memref<f32>
  %6 = memref.expand_shape %v [[0, 1]] output_shape [2, 3] : memref<6xf32, strided<[2], offset: 3>> into memref<2x3xf32, strided<[6, 2], offset: 3>>
  %7 = memref.expand_shape %2 [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  func.return
}
// CHECK-NEXT: %0 = memref.collapse_shape %a [[0 : i64, 1 : i64], [2 : i64]] : memref<2x3x4xf32> into memref<6x4xf32>
// CHECK-NEXT: %1 = memref.collapse_shape %s [[0 : i64], [1 : i64, 2 : i64]] : memref<4x2x3xf32, strided<[10, 3, 1], offset: 2>> into memref<4x6xf32, strided<[10, 1], offset: 2>>
// CHECK:      %6 = memref.expand_shape %v [[0 : i64, 1 : i64]] output_shape [2, 3] : memref<6xf32, strided<[2], offset: 3>> into memref<2x3xf32, strided<[6, 2], offset: 3>>
// CHECK-NEXT: %7 = memref.expand_shape %2 [[0 : i64, 1 : i64]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>

// -----

// `alignment` and `nontemporal` of loads, stores and allocations, in MLIR's syntax (the
// clauses read in either order) and the older attribute-dictionary spelling.
// CHECK-LABEL: func.func @accesses(
func.func @accesses(%m: memref<4xf32>, %v: f32, %i: index, %n: index) {
  memref.store %v, %m[%i] {nontemporal = true} : memref<4xf32>
  memref.store %v, %m[%i] nontemporal(true) alignment(16) {my.tag} : memref<4xf32>
  memref.store %v, %m[%i] nontemporal(false) : memref<4xf32>
  %0 = memref.load %m[%i] {alignment = 8 : i64, nontemporal = true} : memref<4xf32>
  %1 = memref.load %m[%i] alignment(4) : memref<4xf32>
  %2 = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %3 = memref.alloca(%n)[%i] alignment = 32 {my.tag} : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %4 = memref.alloca() : memref<4xf32>
  func.return
}
// CHECK-NEXT: memref.store %v, %m[%i] nontemporal(true) : memref<4xf32>
// CHECK-NEXT: memref.store %v, %m[%i] alignment(16) nontemporal(true) {my.tag} : memref<4xf32>
// CHECK-NEXT: memref.store %v, %m[%i] : memref<4xf32>
// CHECK-NEXT: %0 = memref.load %m[%i] alignment(8) nontemporal(true) : memref<4xf32>
// CHECK-NEXT: %1 = memref.load %m[%i] alignment(4) : memref<4xf32>
// CHECK-NEXT: %2 = memref.alloc(%n) alignment = 64 : memref<?xf32>
// CHECK-NEXT: %3 = memref.alloca(%n)[%i] alignment = 32 {my.tag} : memref<?xf32, affine_map<(d0)[s0] -> ((d0 + s0))>>
// CHECK-NEXT: %4 = memref.alloca() : memref<4xf32>
// GENERIC: "memref.store"(%v, %m, %i) <{nontemporal = true}> : (f32, memref<4xf32>, index) -> ()
// GENERIC: "memref.store"(%v, %m, %i) <{nontemporal = true, alignment = 16 : i64}> {my.tag} : (f32, memref<4xf32>, index) -> ()
// GENERIC: %0 = "memref.load"(%m, %i) <{alignment = 8 : i64, nontemporal = true}> : (memref<4xf32>, index) -> f32
// GENERIC: %2 = "memref.alloc"(%n) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
