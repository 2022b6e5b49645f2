// Where MLIR's arith semantics differ from IREE 3.13's VM lowering, one generic per op:
// fptosi/fptoui truncate toward zero, remf is fmod, maximumf/minimumf order -0.0 below +0.0
// and propagate NaN.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#unary = #hal.pipeline.layout<bindings = [#ro, #rw]>
#binary = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#id = affine_map<(d0) -> (d0)>
hal.executable.source public @mlir_float_semantics {
  hal.executable.export public @fptosi ordinal(0) layout(#unary)
  hal.executable.export public @fptoui ordinal(1) layout(#unary)
  hal.executable.export public @remf ordinal(2) layout(#binary)
  hal.executable.export public @maximumf ordinal(3) layout(#binary)
  hal.executable.export public @minimumf ordinal(4) layout(#binary)
  builtin.module {
    func.func @fptosi() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<512xf32>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<512xi32>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%a : memref<512xf32>) outs(%c : memref<512xi32>) {
      ^bb0(%x: f32, %out: i32):
        %r = arith.fptosi %x : f32 to i32
        linalg.yield %r : i32
      }
      return
    }
    func.func @fptoui() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<512xf32>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<512xi32>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
          ins(%a : memref<512xf32>) outs(%c : memref<512xi32>) {
      ^bb0(%x: f32, %out: i32):
        %r = arith.fptoui %x : f32 to i32
        linalg.yield %r : i32
      }
      return
    }
    func.func @remf() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<512xf32>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<512xf32>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<512xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
          ins(%a, %b : memref<512xf32>, memref<512xf32>) outs(%c : memref<512xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %r = arith.remf %x, %y : f32
        linalg.yield %r : f32
      }
      return
    }
    func.func @maximumf() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<512xf32>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<512xf32>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<512xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
          ins(%a, %b : memref<512xf32>, memref<512xf32>) outs(%c : memref<512xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %r = arith.maximumf %x, %y : f32
        linalg.yield %r : f32
      }
      return
    }
    func.func @minimumf() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<512xf32>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<512xf32>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<512xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
          ins(%a, %b : memref<512xf32>, memref<512xf32>) outs(%c : memref<512xf32>) {
      ^bb0(%x: f32, %y: f32, %out: f32):
        %r = arith.minimumf %x, %y : f32
        linalg.yield %r : f32
      }
      return
    }
  }
}
