// The HAL CTS "dispatch" case: one workgroup stores |input| for a single f32 (rank-0 buffers).
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @abs_executable {
  hal.executable.export public @abs ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  }
  builtin.module {
    func.func @abs() {
      %zero = arith.constant 0 : index
      %input = hal.interface.binding.subspan layout(#layout) binding(0) alignment(32)
          offset(%zero) : memref<f32>
      %output = hal.interface.binding.subspan layout(#layout) binding(1) alignment(32)
          offset(%zero) : memref<f32>
      %x = memref.load %input[] : memref<f32>
      %y = math.absf %x : f32
      memref.store %y, %output[] : memref<f32>
      return
    }
  }
}
