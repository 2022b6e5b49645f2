// A 2-D memref.alloca scratch buffer: a binding is copied into it and back out.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @scratch_alloca {
  hal.executable.export public @copy_through ordinal(0) layout(#layout)
  builtin.module {
    func.func @copy_through() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4x8xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4x8xf32>
      %scratch = memref.alloca() : memref<4x8xf32>
      linalg.copy ins(%in : memref<4x8xf32>) outs(%scratch : memref<4x8xf32>)
      linalg.copy ins(%scratch : memref<4x8xf32>) outs(%out : memref<4x8xf32>)
      return
    }
  }
}
