// Exports with count regions of their own, over an add and a mul for which the compiler
// alone would choose a grid of (2, 1, 1): the user's grids, (1, 1, 1) and (5, 2, 1), are kept.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @user_count {
  hal.executable.export public @add ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  }
  hal.executable.export public @mul ordinal(1) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %x = arith.constant 5 : index
    %y = arith.constant 2 : index
    %z = arith.constant 1 : index
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @add() {
      %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<512x256xf32>
      %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<512x256xf32>
      %c = hal.interface.binding.subspan layout(#layout) binding(2) : memref<512x256xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<512x256xf32>, memref<512x256xf32>) outs(%c : memref<512x256xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %sum = arith.addf %x, %y : f32
        linalg.yield %sum : f32
      }
      return
    }
    func.func @mul() {
      %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<512x256xf32>
      %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<512x256xf32>
      %c = hal.interface.binding.subspan layout(#layout) binding(2) : memref<512x256xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<512x256xf32>, memref<512x256xf32>) outs(%c : memref<512x256xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %product = arith.mulf %x, %y : f32
        linalg.yield %product : f32
      }
      return
    }
  }
}
