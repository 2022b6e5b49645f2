// mmt4d on data-tiled f32 operands (16x8 tiles of 8x4 each side), accumulating into the
// 16x16 tiles of 8x8 of the output, distributed over 8 workgroups of 2 row tiles by an
// explicit lowering config (both tile policies would keep this small contraction whole).
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#three = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
hal.executable.source public @mmt4d {
  hal.executable.export public @mmt4d ordinal(0) layout(#three)
  builtin.module {
    func.func @mmt4d() {
      %lhs = hal.interface.binding.subspan layout(#three) binding(0) : memref<16x8x8x4xf32>
      %rhs = hal.interface.binding.subspan layout(#three) binding(1) : memref<16x8x8x4xf32>
      %acc = hal.interface.binding.subspan layout(#three) binding(2) : memref<16x16x8x8xf32>
      linalg.mmt4d {lowering_config = #iree_cpu.lowering_config<distribution = [2, 0, 0, 0, 0, 0]>}
          ins(%lhs, %rhs : memref<16x8x8x4xf32>, memref<16x8x8x4xf32>)
          outs(%acc : memref<16x16x8x8xf32>)
      return
    }
  }
}
