// RUN: pyvmvx-opt %s --split-input-file -p fold-memref-alias-ops | filecheck %s

// Loads and stores through views access the view's source; each source index is one
// composed affine.apply (or the index itself, or a constant).

// CHECK-LABEL: func.func @subview(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<8x16xf32>, %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[O:[a-z0-9_]+]]: index, %[[S:[a-z0-9_]+]]: index)
func.func @subview(%m: memref<8x16xf32>, %i: index, %j: index, %o: index, %s: index) -> f32 {
  // offset + index * stride, static and dynamic.
  // CHECK-NEXT: %[[ROW:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 + s1))> ()[%[[O]], %[[I]]]
  // CHECK-NEXT: %[[COL:.*]] = affine.apply affine_map<()[s0] -> (((s0 * 2) + 4))> ()[%[[J]]]
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[ROW]], %[[COL]]] : memref<8x16xf32>
  %v0 = memref.subview %m[%o, 4] [4, 6] [1, 2] : memref<8x16xf32> to memref<4x6xf32, strided<[16, 2], offset: ?>>
  %v = memref.load %v0[%i, %j] : memref<4x6xf32, strided<[16, 2], offset: ?>>
  // CHECK-NEXT: %[[COL2:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 * s1))> ()[%[[J]], %[[S]]]
  // CHECK-NEXT: memref.store %[[V]], %[[M]][%[[I]], %[[COL2]]] nontemporal(true) : memref<8x16xf32>
  %w0 = memref.subview %m[0, 0] [8, 4] [1, %s] : memref<8x16xf32> to memref<8x4xf32, strided<[16, ?]>>
  memref.store %v, %w0[%i, %j] {nontemporal = true} : memref<8x4xf32, strided<[16, ?]>>
  // CHECK-NEXT: func.return %[[V]] : f32
  func.return %v : f32
}

// -----

// Rank-reducing subviews: the dropped dimension is addressed at its offset. Between unit
// dimensions, the result's strides tell which one is kept.

// CHECK-LABEL: func.func @rank_reducing(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<4x3x5xf32>, %[[N:[a-z0-9_]+]]: memref<3x3xf32>, %[[A:[a-z0-9_]+]]: index, %[[B:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index)
func.func @rank_reducing(%m: memref<4x3x5xf32>, %n: memref<3x3xf32>, %a: index, %b: index, %i: index, %j: index) -> (f32, f32, f32, f32) {
  // CHECK-NEXT: %[[R0:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 + s1))> ()[%[[A]], %[[I]]]
  // CHECK-NEXT: %[[R1:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[R2:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 + s1))> ()[%[[B]], %[[J]]]
  // CHECK-NEXT: %[[X:.*]] = memref.load %[[M]][%[[R0]], %[[R1]], %[[R2]]] : memref<4x3x5xf32>
  %middle = memref.subview %m[%a, 2, %b] [2, 1, 4] [1, 1, 1] : memref<4x3x5xf32> to memref<2x4xf32, strided<[15, 1], offset: ?>>
  %x = memref.load %middle[%i, %j] : memref<2x4xf32, strided<[15, 1], offset: ?>>
  // CHECK-NEXT: %[[E0:.*]] = affine.apply affine_map<()[s0] -> ((s0 + 3))> ()[%[[I]]]
  // CHECK-NEXT: %[[E1:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[E2:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[Y:.*]] = memref.load %[[M]][%[[E0]], %[[E1]], %[[E2]]] : memref<4x3x5xf32>
  %column = memref.subview %m[3, 1, 0] [1, 1, 1] [1, 1, 1] : memref<4x3x5xf32> to memref<1xf32, strided<[15], offset: 50>>
  %y = memref.load %column[%i] : memref<1xf32, strided<[15], offset: 50>>
  // CHECK-NEXT: %[[K0:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 + s1))> ()[%[[A]], %[[I]]]
  // CHECK-NEXT: %[[Z:.*]] = memref.load %[[N]][%[[K0]], %[[B]]] : memref<3x3xf32>
  %rows = memref.subview %n[%a, %b] [1, 1] [1, 1] : memref<3x3xf32> to memref<1xf32, strided<[3], offset: ?>>
  %z = memref.load %rows[%i] : memref<1xf32, strided<[3], offset: ?>>
  // CHECK-NEXT: %[[K1:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 + s1))> ()[%[[B]], %[[I]]]
  // CHECK-NEXT: %[[W:.*]] = memref.load %[[N]][%[[A]], %[[K1]]] : memref<3x3xf32>
  %cols = memref.subview %n[%a, %b] [1, 1] [1, 1] : memref<3x3xf32> to memref<1xf32, strided<[1], offset: ?>>
  %w = memref.load %cols[%i] : memref<1xf32, strided<[1], offset: ?>>
  // CHECK-NEXT: func.return %[[X]], %[[Y]], %[[Z]], %[[W]]
  func.return %x, %y, %z, %w : f32, f32, f32, f32
}

// -----

// A subview of a subview folds in two steps, composing the index arithmetic.

// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<64xf32>, %[[O:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index)
func.func @nested(%m: memref<64xf32>, %o: index, %i: index) -> f32 {
  // CHECK-NEXT: %[[IDX:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 + (s1 * 6)) + 2))> ()[%[[O]], %[[I]]]
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[IDX]]] : memref<64xf32>
  // CHECK-NEXT: func.return %[[V]] : f32
  %outer = memref.subview %m[%o] [16] [2] : memref<64xf32> to memref<16xf32, strided<[2], offset: ?>>
  %inner = memref.subview %outer[1] [4] [3] : memref<16xf32, strided<[2], offset: ?>> to memref<4xf32, strided<[6], offset: ?>>
  %v = memref.load %inner[%i] : memref<4xf32, strided<[6], offset: ?>>
  func.return %v : f32
}

// -----

// expand_shape: the indices of a group are linearized with the expanded sizes, which may be
// dynamic (a semi-affine product).

// CHECK-LABEL: func.func @expand(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<?xf32>, %[[N:[a-z0-9_]+]]: index, %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index)
func.func @expand(%m: memref<?xf32>, %n: index, %i: index, %j: index) -> (f32, f32) {
  // CHECK-NEXT: %[[IDX0:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 4) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: %[[X:.*]] = memref.load %[[M]][%[[IDX0]]] : memref<?xf32>
  %static_inner = memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
  %x = memref.load %static_inner[%i, %j] : memref<?x4xf32>
  // CHECK-NEXT: %[[IDX1:.*]] = affine.apply affine_map<()[s0, s1, s2] -> (((s1 * s0) + s2))> ()[%[[N]], %[[I]], %[[J]]]
  // CHECK-NEXT: %[[Y:.*]] = memref.load %[[M]][%[[IDX1]]] : memref<?xf32>
  %dynamic_inner = memref.expand_shape %m [[0, 1]] output_shape [4, %n] : memref<?xf32> into memref<4x?xf32>
  %y = memref.load %dynamic_inner[%i, %j] : memref<4x?xf32>
  // CHECK-NEXT: func.return %[[X]], %[[Y]]
  func.return %x, %y : f32, f32
}

// -----

// collapse_shape: a collapsed index is split over its group when the group's inner sizes
// are static; a dynamic inner size is left alone. Collapsing to rank 0 addresses index 0.

// CHECK-LABEL: func.func @collapse(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<2x3x4xf32>, %[[D:[a-z0-9_]+]]: memref<4x?xf32>, %[[K:[a-z0-9_]+]]: memref<1x1xi8>, %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[V:[a-z0-9_]+]]: f32)
func.func @collapse(%m: memref<2x3x4xf32>, %d: memref<4x?xf32>, %k: memref<1x1xi8>, %i: index, %j: index, %v: f32) -> (f32, i8) {
  // CHECK-NEXT: %[[Q:.*]] = affine.apply affine_map<()[s0] -> ((s0 floordiv 3))> ()[%[[I]]]
  // CHECK-NEXT: %[[R:.*]] = affine.apply affine_map<()[s0] -> ((s0 mod 3))> ()[%[[I]]]
  // CHECK-NEXT: memref.store %[[V]], %[[M]][%[[Q]], %[[R]], %[[J]]] : memref<2x3x4xf32>
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>
  memref.store %v, %c[%i, %j] : memref<6x4xf32>
  // CHECK-NEXT: %[[DYN:.*]] = memref.collapse_shape %[[D]]
  // CHECK-NEXT: %[[X:.*]] = memref.load %[[DYN]][%[[I]]] : memref<?xf32>
  %dynamic = memref.collapse_shape %d [[0, 1]] : memref<4x?xf32> into memref<?xf32>
  %x = memref.load %dynamic[%i] : memref<?xf32>
  // CHECK-NEXT: %[[Z0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[Z1:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[Y:.*]] = memref.load %[[K]][%[[Z0]], %[[Z1]]] : memref<1x1xi8>
  %scalar = memref.collapse_shape %k [] : memref<1x1xi8> into memref<i8>
  %y = memref.load %scalar[] : memref<i8>
  // CHECK-NEXT: func.return %[[X]], %[[Y]]
  func.return %x, %y : f32, i8
}

// -----

// A view with other users stays; only the accesses are folded.

// CHECK-LABEL: func.func @shared_view(
// CHECK-SAME:      %[[M:[a-z0-9_]+]]: memref<8xf32>, %[[I:[a-z0-9_]+]]: index)
func.func @shared_view(%m: memref<8xf32>, %i: index) -> memref<4xf32, strided<[1], offset: 4>> {
  // CHECK-NEXT: %[[VIEW:.*]] = memref.subview %[[M]][4] [4] [1]
  // CHECK-NEXT: %[[IDX:.*]] = affine.apply affine_map<()[s0] -> ((s0 + 4))> ()[%[[I]]]
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[M]][%[[IDX]]] : memref<8xf32>
  // CHECK-NEXT: memref.store %[[V]], %[[M]][%[[I]]] : memref<8xf32>
  // CHECK-NEXT: func.return %[[VIEW]]
  %view = memref.subview %m[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  %v = memref.load %view[%i] : memref<4xf32, strided<[1], offset: 4>>
  memref.store %v, %m[%i] : memref<8xf32>
  func.return %view : memref<4xf32, strided<[1], offset: 4>>
}
