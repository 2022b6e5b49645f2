// The HAL CTS "constants + bindings" case: out[i] = in[i] * scale + offset over a dynamic
// length n, with (scale, offset, n) as push constants and a loop over the whole range.
#layout = #hal.pipeline.layout<constants = 3, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @scale_offset {
  hal.executable.export public @scale_and_offset ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  }
  builtin.module {
    func.func @scale_and_offset() {
      %scale = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %offset = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %n_i32 = hal.interface.constant.load layout(#layout) ordinal(2) : i32
      %n = arith.index_castui %n_i32 : i32 to index
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?xi32>{%n}
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<?xi32>{%n}
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%i] : memref<?xi32>
        %scaled = arith.muli %v, %scale : i32
        %r = arith.addi %scaled, %offset : i32
        memref.store %r, %out[%i] : memref<?xi32>
      }
      return
    }
  }
}
