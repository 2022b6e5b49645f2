// f16 buffers end to end: add, mul, a chain of two f16 ops, exp, a fill with a constant that
// f16 rounds, a copy of a constant f16 table, and the conversions to and from f32. No VMVX ukernel takes f16, so both codegen
// modes run scalar code on f16 values held in f32 registers.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#binary = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#unary = #hal.pipeline.layout<bindings = [#ro, #rw]>
#output = #hal.pipeline.layout<bindings = [#rw]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @f16 {
  hal.executable.export public @add ordinal(0) layout(#binary)
  hal.executable.export public @mul ordinal(1) layout(#binary)
  hal.executable.export public @mul_add ordinal(2) layout(#binary)
  hal.executable.export public @exp ordinal(3) layout(#unary)
  hal.executable.export public @fill ordinal(4) layout(#output)
  hal.executable.export public @extf ordinal(5) layout(#unary)
  hal.executable.export public @truncf ordinal(6) layout(#unary)
  hal.executable.export public @table ordinal(7) layout(#output)
  builtin.module {
    memref.global "private" constant @halves : memref<4xf16> = dense<[0.1, 1.5, -2.25, 65504.0]>
    func.func @add() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<64x48xf16>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<64x48xf16>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<64x48xf16>
      linalg.generic {indexing_maps = [#id, #id, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<64x48xf16>, memref<64x48xf16>) outs(%c : memref<64x48xf16>) {
      ^bb0(%x: f16, %y: f16, %out: f16):
        %sum = arith.addf %x, %y : f16
        linalg.yield %sum : f16
      }
      return
    }
    func.func @mul() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<64x48xf16>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<64x48xf16>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<64x48xf16>
      linalg.generic {indexing_maps = [#id, #id, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<64x48xf16>, memref<64x48xf16>) outs(%c : memref<64x48xf16>) {
      ^bb0(%x: f16, %y: f16, %out: f16):
        %product = arith.mulf %x, %y : f16
        linalg.yield %product : f16
      }
      return
    }
    // x * y + x: the product is rounded to f16 before the sum.
    func.func @mul_add() {
      %a = hal.interface.binding.subspan layout(#binary) binding(0) : memref<64x48xf16>
      %b = hal.interface.binding.subspan layout(#binary) binding(1) : memref<64x48xf16>
      %c = hal.interface.binding.subspan layout(#binary) binding(2) : memref<64x48xf16>
      linalg.generic {indexing_maps = [#id, #id, #id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<64x48xf16>, memref<64x48xf16>) outs(%c : memref<64x48xf16>) {
      ^bb0(%x: f16, %y: f16, %out: f16):
        %product = arith.mulf %x, %y : f16
        %sum = arith.addf %product, %x : f16
        linalg.yield %sum : f16
      }
      return
    }
    func.func @exp() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<64x48xf16>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<64x48xf16>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a : memref<64x48xf16>) outs(%c : memref<64x48xf16>) {
      ^bb0(%x: f16, %out: f16):
        %e = math.exp %x : f16
        linalg.yield %e : f16
      }
      return
    }
    func.func @fill() {
      %c = hal.interface.binding.subspan layout(#output) binding(0) : memref<33x65xf16>
      %tenth = arith.constant 0.1 : f16
      linalg.fill ins(%tenth : f16) outs(%c : memref<33x65xf16>)
      return
    }
    func.func @extf() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<256x256xf16>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<256x256xf32>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a : memref<256x256xf16>) outs(%c : memref<256x256xf32>) {
      ^bb0(%x: f16, %out: f32):
        %wide = arith.extf %x : f16 to f32
        linalg.yield %wide : f32
      }
      return
    }
    func.func @truncf() {
      %a = hal.interface.binding.subspan layout(#unary) binding(0) : memref<64x48xf32>
      %c = hal.interface.binding.subspan layout(#unary) binding(1) : memref<64x48xf16>
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%a : memref<64x48xf32>) outs(%c : memref<64x48xf16>) {
      ^bb0(%x: f32, %out: f16):
        %narrow = arith.truncf %x : f32 to f16
        linalg.yield %narrow : f16
      }
      return
    }
    func.func @table() {
      %t = memref.get_global @halves : memref<4xf16>
      %c = hal.interface.binding.subspan layout(#output) binding(0) : memref<4xf16>
      linalg.copy ins(%t : memref<4xf16>) outs(%c : memref<4xf16>)
      return
    }
  }
}
