// RUN: pyvmvx-opt %s --split-input-file -p canonicalize | filecheck %s

// memref.dim folds as in MLIR: a static extent to a constant, a subview's dynamic extent to
// the subview's size operand (also through a rank-reducing subview); a dynamic extent of
// another memref, or a non-constant index, stays.

// CHECK-LABEL: func.func @dim_folding(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<?x8x?xf32>, %[[N:[a-z0-9_]+]]: index, %[[O:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index)
func.func @dim_folding(%m: memref<?x8x?xf32>, %n: index, %o: index, %i: index) -> (index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %sv = memref.subview %m[%o, 0, 1] [4, %n, %o] [1, 1, 1] : memref<?x8x?xf32> to memref<4x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %rr = memref.subview %m[%o, 0, 1] [1, %n, %o] [1, 1, 1] : memref<?x8x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %d0 = memref.dim %sv, %c0 : memref<4x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %d1 = memref.dim %sv, %c1 : memref<4x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %d2 = memref.dim %sv, %c2 : memref<4x?x?xf32, strided<[?, ?, 1], offset: ?>>
  %r1 = memref.dim %rr, %c1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %s1 = memref.dim %m, %c1 : memref<?x8x?xf32>
  %s0 = memref.dim %m, %c0 : memref<?x8x?xf32>
  %x = memref.dim %sv, %i : memref<4x?x?xf32, strided<[?, ?, 1], offset: ?>>
  func.return %d0, %d1, %d2, %r1, %s1, %s0, %x : index, index, index, index, index, index, index
}
// CHECK:      %[[C0:.*]] = arith.constant 0 : index
// CHECK:      %[[SV:.*]] = memref.subview %[[M]]
// CHECK-DAG:  %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG:  %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-DAG:  %[[S0:.*]] = memref.dim %[[M]], %[[C0]] : memref<?x8x?xf32>
// CHECK-DAG:  %[[X:.*]] = memref.dim %[[SV]], %[[I]]
// CHECK-NOT:  memref.dim
// CHECK:      func.return %[[FOUR]], %[[N]], %[[O]], %[[O]], %[[EIGHT]], %[[S0]], %[[X]] : index, index, index, index, index, index, index

// -----

// An index out of range is left alone.
// CHECK-LABEL: func.func @dim_out_of_range(
func.func @dim_out_of_range(%m: memref<4xf32>) -> index {
  %c3 = arith.constant 3 : index
  %d = memref.dim %m, %c3 : memref<4xf32>
  func.return %d : index
}
// CHECK: %{{.*}} = memref.dim %{{.*}}, %{{.*}} : memref<4xf32>
