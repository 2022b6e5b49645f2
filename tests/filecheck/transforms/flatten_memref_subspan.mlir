// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-flatten-memref-subspan | filecheck %s

// N-D binding subspans, allocas and globals become 1-D memrefs of the same element count;
// their loads and stores take the row-major linear index.

#layout = #hal.pipeline.layout<constants = 2, bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @static_subspan(
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: index)
func.func @static_subspan(%i: index, %j: index, %k: index) {
  // CHECK-NEXT: %[[IN:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(0) alignment(64) : memref<24xf32>
  %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) : memref<2x3x4xf32>
  // The byte offset stays on the subspan (iree-vmvx-conversion makes it a util.buffer.subspan).
  // CHECK-NEXT: %[[OFF:.*]] = arith.constant 64 : index
  // CHECK-NEXT: %[[OUT:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(1) offset(%[[OFF]]) flags(ReadOnly) : memref<12xi8>
  %off = arith.constant 64 : index
  %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%off) flags(ReadOnly) : memref<3x4xi8>
  // CHECK-NEXT: %[[L:.*]] = affine.apply affine_map<()[s0, s1, s2] -> ((((s0 * 12) + (s1 * 4)) + s2))> ()[%[[I]], %[[J]], %[[K]]]
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[IN]][%[[L]]] : memref<24xf32>
  %v = memref.load %in[%i, %j, %k] : memref<2x3x4xf32>
  %b = arith.fptosi %v : f32 to i8
  // CHECK:      %[[L2:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 4) + s1))> ()[%[[J]], %[[K]]]
  // CHECK-NEXT: memref.store %{{.*}}, %[[OUT]][%[[L2]]] : memref<12xi8>
  memref.store %b, %out[%j, %k] : memref<3x4xi8>
  func.return
}

// -----

// Dynamic sizes come from the subspan's dynamic dims: the 1-D size is their product with the
// static sizes, and linear indices are semi-affine.

#layout = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>

// CHECK-LABEL: func.func @dynamic_subspan(
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[K:[a-z0-9_]+]]: index, %[[N:[a-z0-9_]+]]: index, %[[M:[a-z0-9_]+]]: index)
func.func @dynamic_subspan(%i: index, %j: index, %k: index, %n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // CHECK:      %[[SIZE:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 8) * s1))> ()[%[[N]], %[[M]]]
  // CHECK-NEXT: %[[X:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(0) offset(%{{.*}}) : memref<?xf32>{%[[SIZE]]}
  %x = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<?x8x?xf32>{%n, %m}
  // CHECK-NEXT: %[[L:.*]] = affine.apply affine_map<()[s0, s1, s2, s3] -> (((((s0 * 8) + s1) * s3) + s2))> ()[%[[I]], %[[J]], %[[K]], %[[M]]]
  // CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%[[L]]] : memref<?xf32>
  %v = memref.load %x[%i, %j, %k] : memref<?x8x?xf32>
  // CHECK-NEXT: %[[L2:.*]] = affine.apply {{.*}}()[%[[I]], %[[J]], %[[K]], %[[M]]]
  // CHECK-NEXT: memref.store %[[V]], %[[X]][%[[L2]]] : memref<?xf32>
  memref.store %v, %x[%i, %j, %k] : memref<?x8x?xf32>
  // memref.dim by a constant is the size it names.
  %d = memref.dim %x, %c2 : memref<?x8x?xf32>
  // CHECK-NEXT: func.return %[[M]] : index
  func.return %d : index
}

// -----

// Allocas (static and dynamic) and constant globals; a global's value is reshaped.

// CHECK: memref.global "private" constant @table : memref<6xi32> = dense<[1, 2, 3, 4, 5, 6]> alignment = 64
memref.global "private" constant @table : memref<2x3xi32> = dense<[[1, 2, 3], [4, 5, 6]]> {alignment = 64 : i64}
// CHECK: memref.global "private" constant @ones : memref<4xf32> = dense<1.000000e+00>
memref.global "private" constant @ones : memref<2x2xf32> = dense<1.0>

// CHECK-LABEL: func.func @internal(
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[N:[a-z0-9_]+]]: index)
func.func @internal(%i: index, %j: index, %n: index) -> (i32, f32) {
  // CHECK-NEXT: %[[T:.*]] = memref.get_global @table : memref<6xi32>
  // CHECK-NEXT: %[[TL:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 3) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: %[[X:.*]] = memref.load %[[T]][%[[TL]]] : memref<6xi32>
  %t = memref.get_global @table : memref<2x3xi32>
  %x = memref.load %t[%i, %j] : memref<2x3xi32>
  // CHECK-NEXT: %[[SA:.*]] = memref.alloca() alignment = 16 : memref<8xf32>
  %sa = memref.alloca() {alignment = 16 : i64} : memref<2x4xf32>
  // CHECK-NEXT: %[[DS:.*]] = affine.apply affine_map<()[s0] -> ((s0 * 4))> ()[%[[N]]]
  // CHECK-NEXT: %[[DA:.*]] = memref.alloca(%[[DS]]) : memref<?xf32>
  %da = memref.alloca(%n) : memref<?x4xf32>
  // CHECK-NEXT: %[[SL:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 4) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: %[[Y:.*]] = memref.load %[[SA]][%[[SL]]] : memref<8xf32>
  %y = memref.load %sa[%i, %j] : memref<2x4xf32>
  // CHECK-NEXT: %[[DL:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 4) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: memref.store %[[Y]], %[[DA]][%[[DL]]] : memref<?xf32>
  memref.store %y, %da[%i, %j] : memref<?x4xf32>
  // CHECK-NEXT: func.return %[[X]], %[[Y]]
  func.return %x, %y : i32, f32
}

// -----

// Views are folded first, reshapes and casts of a flattened memref are looked through, alignment
// hints are dropped, and rank-0/1 memrefs are left as they are.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// CHECK-LABEL: func.func @aliases(
// CHECK-SAME:      %[[I:[a-z0-9_]+]]: index, %[[J:[a-z0-9_]+]]: index, %[[V:[a-z0-9_]+]]: f32)
func.func @aliases(%i: index, %j: index, %v: f32) {
  // CHECK-NEXT: %[[B:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(0) : memref<32xf32>
  %b = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4x8xf32>
  %aligned = memref.assume_alignment %b, 64 : memref<4x8xf32>
  // subview [1, 2] of a 4x8: (i + 1) * 8 + (j + 2).
  // CHECK-NEXT: %[[L0:.*]] = affine.apply affine_map<()[s0, s1] -> ((((s0 * 8) + s1) + 10))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[L0]]] : memref<32xf32>
  %view = memref.subview %aligned[1, 2] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 10>>
  memref.store %v, %view[%i, %j] : memref<2x4xf32, strided<[8, 1], offset: 10>>
  // A cast and an expand_shape that stays used by another expand: both keep the 1-D buffer.
  // CHECK-NEXT: %[[L1:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 8) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[L1]]] : memref<32xf32>
  %dynamic = memref.cast %aligned : memref<4x8xf32> to memref<?x8xf32>
  memref.store %v, %dynamic[%i, %j] : memref<?x8xf32>
  // CHECK-NEXT: %[[L1B:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 8) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[L1B]]] : memref<32xf32>
  %collapsed = memref.collapse_shape %aligned [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  %expanded = memref.expand_shape %collapsed [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32>
  memref.store %v, %expanded[%i, %j] : memref<4x8xf32>
  %other = memref.expand_shape %collapsed [[0, 1]] output_shape [2, 16] : memref<32xf32> into memref<2x16xf32>
  // CHECK-NEXT: %[[L2:.*]] = affine.apply affine_map<()[s0, s1] -> (((s0 * 16) + s1))> ()[%[[I]], %[[J]]]
  // CHECK-NEXT: memref.store %[[V]], %[[B]][%[[L2]]] : memref<32xf32>
  memref.store %v, %other[%i, %j] : memref<2x16xf32>
  // CHECK-NEXT: %[[ONE:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(0) : memref<4xf32>
  // CHECK-NEXT: memref.store %[[V]], %[[ONE]][%[[I]]] : memref<4xf32>
  %one = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xf32>
  memref.store %v, %one[%i] : memref<4xf32>
  // CHECK-NEXT: func.return
  func.return
}

// -----

// The !util.buffer cast that iree-vmvx-resolve-buffer-descriptors makes of an N-D alloca or
// global (a ukernel's base buffer) casts the 1-D memref instead.

memref.global "private" constant @grid : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>

// CHECK-LABEL: func.func @buffer_casts(
func.func @buffer_casts() -> (!util.buffer, !util.buffer) {
  // CHECK-NEXT: %[[T:.*]] = memref.alloca() : memref<32xf32>
  // CHECK-NEXT: %[[TB:.*]] = builtin.unrealized_conversion_cast %[[T]] : memref<32xf32> to !util.buffer
  %t = memref.alloca() : memref<4x8xf32>
  %tb = builtin.unrealized_conversion_cast %t : memref<4x8xf32> to !util.buffer
  // CHECK-NEXT: %[[G:.*]] = memref.get_global @grid : memref<4xi32>
  // CHECK-NEXT: %[[GB:.*]] = builtin.unrealized_conversion_cast %[[G]] : memref<4xi32> to !util.buffer
  %g = memref.get_global @grid : memref<2x2xi32>
  %gb = builtin.unrealized_conversion_cast %g : memref<2x2xi32> to !util.buffer
  // CHECK-NEXT: func.return %[[TB]], %[[GB]]
  func.return %tb, %gb : !util.buffer, !util.buffer
}
