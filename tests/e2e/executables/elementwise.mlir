// Elementwise linalg.generic on buffers: add and mul of two 2-D f32 inputs, exp of one, and
// an add over dynamic sizes (from push constants) with a broadcast row operand.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#binary = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#unary = #hal.pipeline.layout<bindings = [#ro, #rw]>
#dynamic = #hal.pipeline.layout<constants = 2, bindings = [#ro, #ro, #rw]>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
hal.executable.source public @elementwise {
  hal.executable.export public @add ordinal(0) layout(#binary)
  hal.executable.export public @mul ordinal(1) layout(#binary)
  hal.executable.export public @exp ordinal(2) layout(#unary)
  hal.executable.export public @add_row ordinal(3) layout(#dynamic)
  builtin.module {
    func.func @add() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<512x384xf32>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<512x384xf32>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<512x384xf32>
      linalg.generic {indexing_maps = [#id, #id, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<512x384xf32>, memref<512x384xf32>) outs(%c : memref<512x384xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %sum = arith.addf %x, %y : f32
        linalg.yield %sum : f32
      }
      return
    }
    func.func @mul() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<512x384xf32>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<512x384xf32>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<512x384xf32>
      linalg.generic {indexing_maps = [#id, #id, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<512x384xf32>, memref<512x384xf32>) outs(%c : memref<512x384xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %product = arith.mulf %x, %y : f32
        linalg.yield %product : f32
      }
      return
    }
    func.func @exp() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<512x384xf32>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<512x384xf32>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a : memref<512x384xf32>) outs(%c : memref<512x384xf32>) {
      ^bb0(%x: f32, %out: f32):
        %e = math.exp %x : f32
        linalg.yield %e : f32
      }
      return
    }
    func.func @add_row() {
      %m_i32 = hal.interface.constant.load layout(#dynamic) ordinal(0) : i32
      %n_i32 = hal.interface.constant.load layout(#dynamic) ordinal(1) : i32
      %m = arith.index_castui %m_i32 : i32 to index
      %n = arith.index_castui %n_i32 : i32 to index
      %a = hal.interface.binding.subspan layout(#dynamic) binding(0) : memref<?x?xf32>{%m, %n}
      %r = hal.interface.binding.subspan layout(#dynamic) binding(1) : memref<?xf32>{%n}
      %c = hal.interface.binding.subspan layout(#dynamic) binding(2) : memref<?x?xf32>{%m, %n}
      linalg.generic {indexing_maps = [#id, #row, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %r : memref<?x?xf32>, memref<?xf32>) outs(%c : memref<?x?xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %sum = arith.addf %x, %y : f32
        linalg.yield %sum : f32
      }
      return
    }
  }
}
