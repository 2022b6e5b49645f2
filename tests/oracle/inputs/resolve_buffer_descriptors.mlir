// Differential input for iree-vmvx-resolve-buffer-descriptors (pyvmvx vs iree-opt).
// Each function returns every descriptor result, so the comparison sees all of them.

// Subview of a function argument: the descriptor moves to the argument (which stays
// unresolved), offsets fold into the offset, subview strides scale the strides.
func.func @subview_2d(%m: memref<200x30xf32>, %i: index, %j: index) -> (!util.buffer, index, index, index, index, index) {
  %v = memref.subview %m[%i, %j] [10, 12] [2, 3] : memref<200x30xf32> to memref<10x12xf32, strided<[60, 3], offset: ?>>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %v : memref<10x12xf32, strided<[60, 3], offset: ?>> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}

// -----

// Rank-reducing subview dropping the last dimension.
func.func @subview_drop_last(%m: memref<64x32xi32>, %i: index, %j: index) -> (!util.buffer, index, index, index) {
  %v = memref.subview %m[%i, %j] [16, 1] [1, 1] : memref<64x32xi32> to memref<16xi32, strided<[32], offset: ?>>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %v : memref<16xi32, strided<[32], offset: ?>> -> !util.buffer, index, index, index
  return %b, %o, %s, %t : !util.buffer, index, index, index
}

// -----

// Rank-reducing subview dropping a middle dimension (static offsets too).
func.func @subview_drop_middle(%m: memref<9x7x5xf32>, %i: index) -> (!util.buffer, index, index, index, index, index) {
  %v = memref.subview %m[%i, 4, 1] [3, 1, 4] [1, 1, 1] : memref<9x7x5xf32> to memref<3x4xf32, strided<[35, 1], offset: ?>>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %v : memref<3x4xf32, strided<[35, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// Binding subspans: zero offset, a constant byte offset, a dynamic byte offset on index
// elements, dynamic dims, and a subspan seen through memref.assume_alignment.
func.func @subspan_zero_offset() -> (!util.buffer, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %m = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) : memref<24x48xf32>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<24x48xf32> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}
func.func @subspan_constant_offset() -> (!util.buffer, index, index, index) {
  %c96 = arith.constant 96 : index
  %m = hal.interface.binding.subspan layout(#layout) binding(0) alignment(32) offset(%c96) : memref<10xi16>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %m : memref<10xi16> -> !util.buffer, index, index, index
  return %b, %o, %s, %t : !util.buffer, index, index, index
}
func.func @subspan_index_elements(%off: index) -> (!util.buffer, index, index, index, index, index) {
  %m = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%off) : memref<6x8xindex>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<6x8xindex> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}
func.func @subspan_dynamic_dims(%d0: index, %d1: index, %d2: index) -> (!util.buffer, index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %m = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<?x4x?xi8>{%d0, %d2}
  %b, %o, %s:3, %t:3 = vmvx.get_buffer_descriptor %m : memref<?x4x?xi8> -> !util.buffer, index, index, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %s#2, %t#0, %t#1, %t#2 : !util.buffer, index, index, index, index, index, index, index
}
func.func @subspan_assume_alignment(%off: index) -> (!util.buffer, index, index, index) {
  %m = hal.interface.binding.subspan layout(#layout) binding(1) offset(%off) : memref<128xf32>
  %a = memref.assume_alignment %m, 64 : memref<128xf32>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %a : memref<128xf32> -> !util.buffer, index, index, index
  return %b, %o, %s, %t : !util.buffer, index, index, index
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// A subview of a binding subspan resolves all the way to the binding.
func.func @subview_of_subspan(%i: index) -> (!util.buffer, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %m = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : memref<40x50xf32>
  %v = memref.subview %m[%i, 10] [8, 16] [1, 1] : memref<40x50xf32> to memref<8x16xf32, strided<[50, 1], offset: ?>>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %v : memref<8x16xf32, strided<[50, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}

// -----

// Stack allocations, static and dynamic.
func.func @alloca_static() -> (!util.buffer, index, index, index, index, index) {
  %m = memref.alloca() : memref<16x20xi32>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<16x20xi32> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}
func.func @alloca_dynamic(%n: index) -> (!util.buffer, index, index, index, index, index) {
  %m = memref.alloca(%n) : memref<3x?xf32>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<3x?xf32> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}

// -----

memref.global "private" constant @table : memref<4x6xf32> = dense<1.5>

// A constant global.
func.func @global_table() -> (!util.buffer, index, index, index, index, index) {
  %m = memref.get_global @table : memref<4x6xf32>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<4x6xf32> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}

// -----

// Beyond IREE (pyvmvx extension): casts and reshapes with static layouts. IREE leaves
// these descriptors unresolved (allow-unresolved), pyvmvx resolves them.
func.func @through_cast(%m: memref<8x8xf32>) -> (!util.buffer, index, index, index, index, index) {
  %c = memref.cast %m : memref<8x8xf32> to memref<?x8xf32>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %c : memref<?x8xf32> -> !util.buffer, index, index, index, index, index
  return %b, %o, %s#0, %s#1, %t#0, %t#1 : !util.buffer, index, index, index, index, index
}
func.func @through_collapse() -> (!util.buffer, index, index, index) {
  %m = memref.alloca() : memref<3x5xi32>
  %c = memref.collapse_shape %m [[0, 1]] : memref<3x5xi32> into memref<15xi32>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %c : memref<15xi32> -> !util.buffer, index, index, index
  return %b, %o, %s, %t : !util.buffer, index, index, index
}
