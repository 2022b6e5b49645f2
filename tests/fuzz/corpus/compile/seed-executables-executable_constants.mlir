// Executable-level constants: two constant blocks computed at compile time, read through
// hal.executable.constant.load; each workgroup stores id * scale + bias.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @executable_constants {
  hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("scale", "unused") {
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %scale = arith.muli %c3, %c4 : i32
    %c0 = arith.constant 0 : i32
    hal.return %scale, %c0 : i32, i32
  }
  hal.executable.constant.block() -> i32 as "bias" {
    %minus_five = arith.constant -5 : i32
    hal.return %minus_five : i32
  }
  hal.executable.export public @affine_ids ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %c16 = arith.constant 16 : index
    %one = arith.constant 1 : index
    hal.return %c16, %one, %one : index, index, index
  }
  builtin.module {
    func.func @affine_ids() {
      %out = hal.interface.binding.subspan layout(#layout) binding(0) : memref<16xi32>
      %id = hal.interface.workgroup.id[0] : index
      %scale = hal.executable.constant.load "scale" : i32
      %bias = hal.executable.constant.load "bias" : i32
      %id_i32 = arith.index_cast %id : index to i32
      %scaled = arith.muli %id_i32, %scale : i32
      %value = arith.addi %scaled, %bias : i32
      memref.store %value, %out[%id] : memref<16xi32>
      return
    }
  }
}
