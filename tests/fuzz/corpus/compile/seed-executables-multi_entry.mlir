// The HAL CTS "multi entry point" case: two entry points over the same layout; the second is
// declared first in the module to check that ordinals follow the exports.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @two_entries {
  hal.executable.export public @negate ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  }
  hal.executable.export public @double ordinal(1) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  }
  builtin.module {
    func.func @double() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8xi32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<8xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        %v = memref.load %in[%i] : memref<8xi32>
        %r = arith.addi %v, %v : i32
        memref.store %r, %out[%i] : memref<8xi32>
      }
      return
    }
    func.func @negate() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8xi32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<8xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      scf.for %i = %c0 to %c8 step %c1 {
        %v = memref.load %in[%i] : memref<8xi32>
        %r = arith.subi %zero, %v : i32
        memref.store %r, %out[%i] : memref<8xi32>
      }
      return
    }
  }
}
