// 1-D bindings of a dynamic size n (a push constant) at offset 0: a linalg.generic and a
// hand-written loop bounded by memref.dim both cover n elements, whatever the buffers' lengths.
#layout = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
#id = affine_map<(d0) -> (d0)>
hal.executable.source public @dynamic_sizes {
  hal.executable.export public @negate ordinal(0) layout(#layout)
  hal.executable.export public @double ordinal(1) layout(#layout)
  builtin.module {
    func.func @negate() {
      %n_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %n = arith.index_castui %n_i32 : i32 to index
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?xf32>{%n}
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<?xf32>{%n}
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%in : memref<?xf32>) outs(%out : memref<?xf32>) {
      ^bb0(%x: f32, %y: f32):
        %r = arith.negf %x : f32
        linalg.yield %r : f32
      }
      return
    }
    func.func @double() {
      %n_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %n = arith.index_castui %n_i32 : i32 to index
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?xf32>{%n}
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<?xf32>{%n}
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %size = memref.dim %out, %c0 : memref<?xf32>
      scf.for %i = %c0 to %size step %c1 {
        %x = memref.load %in[%i] : memref<?xf32>
        %r = arith.addf %x, %x : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      return
    }
  }
}
