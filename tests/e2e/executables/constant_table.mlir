// A constant lookup table: a memref.global becomes read-only data that a global initializer
// stores in a VM global (run once per VM context), read through memref.get_global.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @constant_table {
  hal.executable.export public @lookup ordinal(0) layout(#layout)
  builtin.module {
    memref.global "private" constant @squares : memref<6xi32> = dense<[0, 1, 4, 9, 16, 25]>
    func.func @lookup() {
      %keys = hal.interface.binding.subspan layout(#layout) binding(0) : memref<10xi32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<10xi32>
      %table = memref.get_global @squares : memref<6xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c10 = arith.constant 10 : index
      scf.for %i = %c0 to %c10 step %c1 {
        %key = memref.load %keys[%i] : memref<10xi32>
        %index = arith.index_cast %key : i32 to index
        %value = memref.load %table[%index] : memref<6xi32>
        memref.store %value, %out[%i] : memref<10xi32>
      }
      return
    }
  }
}
