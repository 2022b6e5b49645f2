// Data-tiling relayouts: pack a 2-D f32 matrix into 8x4 tiles (padding the edges with 0.5)
// and unpack it back to 2-D.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#two = #hal.pipeline.layout<bindings = [#ro, #rw]>
hal.executable.source public @pack_unpack {
  hal.executable.export public @pack ordinal(0) layout(#two)
  hal.executable.export public @unpack ordinal(1) layout(#two)
  builtin.module {
    func.func @pack() {
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<30x21xf32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<4x6x8x4xf32>
      %pad = arith.constant 0.5 : f32
      linalg.pack %in padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4]
          into %out : memref<30x21xf32> -> memref<4x6x8x4xf32>
      return
    }
    func.func @unpack() {
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<4x6x8x4xf32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<30x21xf32>
      linalg.unpack %in inner_dims_pos = [0, 1] inner_tiles = [8, 4]
          into %out : memref<4x6x8x4xf32> -> memref<30x21xf32>
      return
    }
  }
}
