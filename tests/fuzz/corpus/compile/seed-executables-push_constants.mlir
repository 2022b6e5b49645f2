// The HAL CTS "dispatch constants" case: the entry copies its 4 push constants to a buffer.
#layout = #hal.pipeline.layout<constants = 4, bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @push_constants {
  hal.executable.export public @store_constants ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  } attributes {workgroup_size = [1 : index, 1 : index, 1 : index]}
  builtin.module {
    func.func @store_constants() {
      %k0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %k2 = hal.interface.constant.load layout(#layout) ordinal(2) : i32
      %k3 = hal.interface.constant.load layout(#layout) ordinal(3) : i32
      %out = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xi32>
      %i0 = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %i3 = arith.constant 3 : index
      memref.store %k3, %out[%i3] : memref<4xi32>
      memref.store %k2, %out[%i2] : memref<4xi32>
      memref.store %k1, %out[%i1] : memref<4xi32>
      memref.store %k0, %out[%i0] : memref<4xi32>
      return
    }
  }
}
