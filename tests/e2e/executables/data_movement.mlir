// Data movement on buffers: fills (f32, i32 and i8, the last without a ukernel), a copy, a
// transpose and a broadcast, all as linalg named ops.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#one = #hal.pipeline.layout<bindings = [#rw]>
#two = #hal.pipeline.layout<bindings = [#ro, #rw]>
hal.executable.source public @data_movement {
  hal.executable.export public @fill_f32 ordinal(0) layout(#one)
  hal.executable.export public @fill_i32 ordinal(1) layout(#one)
  hal.executable.export public @fill_i8 ordinal(2) layout(#one)
  hal.executable.export public @copy ordinal(3) layout(#two)
  hal.executable.export public @transpose ordinal(4) layout(#two)
  hal.executable.export public @broadcast ordinal(5) layout(#two)
  builtin.module {
    func.func @fill_f32() {
      %out = hal.interface.binding.subspan layout(#one) binding(0) : memref<33x65xf32>
      %v = arith.constant -1.25 : f32
      linalg.fill ins(%v : f32) outs(%out : memref<33x65xf32>)
      return
    }
    func.func @fill_i32() {
      %out = hal.interface.binding.subspan layout(#one) binding(0) : memref<130xi32>
      %v = arith.constant 123456789 : i32
      linalg.fill ins(%v : i32) outs(%out : memref<130xi32>)
      return
    }
    func.func @fill_i8() {
      %out = hal.interface.binding.subspan layout(#one) binding(0) : memref<7x9xi8>
      %v = arith.constant -3 : i8
      linalg.fill ins(%v : i8) outs(%out : memref<7x9xi8>)
      return
    }
    func.func @copy() {
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<70x50xi32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<70x50xi32>
      linalg.copy ins(%in : memref<70x50xi32>) outs(%out : memref<70x50xi32>)
      return
    }
    func.func @transpose() {
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<600x300xf32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<300x600xf32>
      linalg.transpose ins(%in : memref<600x300xf32>) outs(%out : memref<300x600xf32>)
          permutation = [1, 0]
      return
    }
    func.func @broadcast() {
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<300xf32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<600x300xf32>
      linalg.broadcast ins(%in : memref<300xf32>) outs(%out : memref<600x300xf32>)
          dimensions = [0]
      return
    }
  }
}
