// Splat constants: two memref.globals holding one value everywhere (a 2-D f32 scale and a
// 1-D i16 offset) stay one element each from the source to the module file, which stores
// them as splat data, and the runtime materializes them when it loads the executable.
// out[i][j] = in[i][j] * scale[i][j] + offset[8 * i + j].
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @splat_constant {
  hal.executable.export public @scale_and_offset ordinal(0) layout(#layout)
  builtin.module {
    memref.global "private" constant @scale : memref<8x8xf32> = dense<2.5>
    memref.global "private" constant @offset : memref<64xi16> = dense<-3>
    func.func @scale_and_offset() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8x8xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<8x8xf32>
      %scale = memref.get_global @scale : memref<8x8xf32>
      %offset = memref.get_global @offset : memref<64xi16>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        scf.for %j = %c0 to %c8 step %c1 {
          %x = memref.load %in[%i, %j] : memref<8x8xf32>
          %s = memref.load %scale[%i, %j] : memref<8x8xf32>
          %row = arith.muli %i, %c8 : index
          %k = arith.addi %row, %j : index
          %o = memref.load %offset[%k] : memref<64xi16>
          %of = arith.sitofp %o : i16 to f32
          %xs = arith.mulf %x, %s : f32
          %y = arith.addf %xs, %of : f32
          memref.store %y, %out[%i, %j] : memref<8x8xf32>
        }
      }
      return
    }
  }
}
