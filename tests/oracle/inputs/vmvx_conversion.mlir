// Differential input for iree-vmvx-conversion (pyvmvx vs iree-opt), run with canonicalize.

#layout = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

memref.global "private" constant @weights : memref<4xf32> = dense<[0.5, 1.5, 2.5, 3.5]>

// The entry ABI, bindings, workgroup queries, push constants, a constant global and
// loads/stores at byte offsets inside a workgroup-distributed loop.
func.func @entry() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @weights : memref<4xf32>
  %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xf32>
  %out = hal.interface.binding.subspan layout(#layout) binding(2) : memref<4xi32>
  %scale = hal.interface.constant.load layout(#layout) ordinal(1) : i32
  %id_x = hal.interface.workgroup.id[0] : index
  %id_y = hal.interface.workgroup.id[1] : index
  %size_x = hal.interface.workgroup.size[0] : index
  %count_z = hal.interface.workgroup.count[2] : index
  %start = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%id_x, %size_x]
  %step = affine.apply affine_map<()[s0, s1] -> (s0 * s1 + s1)>()[%count_z, %id_y]
  scf.for %i = %start to %c4 step %step {
    %a = memref.load %in[%i] : memref<4xf32>
    %b = memref.load %w[%i] : memref<4xf32>
    %p = arith.mulf %a, %b : f32
    %q = arith.fptosi %p : f32 to i32
    %r = arith.muli %q, %scale : i32
    memref.store %r, %out[%i] : memref<4xi32>
  }
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// A binding at a dynamic byte offset becomes a subspan of the binding buffer (IREE's
// canonicalizer then drops that offset when it folds the load); a 0-D binding.
func.func @dynamic_offset_and_scalar() {
  %c3 = arith.constant 3 : index
  %off = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %src = hal.interface.binding.subspan layout(#layout) binding(0) offset(%off) : memref<16xi16>
  %dst = hal.interface.binding.subspan layout(#layout) binding(1) : memref<i16>
  %x = memref.load %src[%c3] : memref<16xi16>
  memref.store %x, %dst[] : memref<i16>
  return
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// Reshapes fold away: a rank-2 binding seen only through collapse_shape, and an
// expand_shape of a rank-1 binding read back through a collapse.
func.func @reshapes() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<2x8xf32> into memref<16xf32>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<6xf32>
  %v = memref.load %flat[%c5] : memref<16xf32>
  memref.store %v, %b[%c0] : memref<6xf32>
  return
}

// -----

// A private helper keeps its signature; only public functions get the entry ABI.
func.func private @helper(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  return %y : i32
}
func.func @calls_helper() {
  %c7 = arith.constant 7 : i32
  %r = func.call @helper(%c7) : (i32) -> i32
  return
}
