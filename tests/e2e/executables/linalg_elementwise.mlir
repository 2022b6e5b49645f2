// `linalg.elementwise` on buffers: every unary kind on f32, every binary kind on f32 or i32
// (the integer ones and the unsigned ones on i32), select on an i1 condition, and explicit
// indexing maps (a broadcast row, a transposed input). 37x53 is no multiple of a tile size.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#unary = #hal.pipeline.layout<bindings = [#ro, #rw]>
#binary = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#ternary = #hal.pipeline.layout<bindings = [#ro, #ro, #ro, #rw]>
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
hal.executable.source public @elementwise_kinds {
  hal.executable.export public @exp_f32 ordinal(0) layout(#unary)
  hal.executable.export public @log_f32 ordinal(1) layout(#unary)
  hal.executable.export public @abs_f32 ordinal(2) layout(#unary)
  hal.executable.export public @ceil_f32 ordinal(3) layout(#unary)
  hal.executable.export public @floor_f32 ordinal(4) layout(#unary)
  hal.executable.export public @negf_f32 ordinal(5) layout(#unary)
  hal.executable.export public @reciprocal_f32 ordinal(6) layout(#unary)
  hal.executable.export public @round_f32 ordinal(7) layout(#unary)
  hal.executable.export public @sqrt_f32 ordinal(8) layout(#unary)
  hal.executable.export public @rsqrt_f32 ordinal(9) layout(#unary)
  hal.executable.export public @square_f32 ordinal(10) layout(#unary)
  hal.executable.export public @tanh_f32 ordinal(11) layout(#unary)
  hal.executable.export public @erf_f32 ordinal(12) layout(#unary)
  hal.executable.export public @add_f32 ordinal(13) layout(#binary)
  hal.executable.export public @sub_f32 ordinal(14) layout(#binary)
  hal.executable.export public @mul_f32 ordinal(15) layout(#binary)
  hal.executable.export public @div_f32 ordinal(16) layout(#binary)
  hal.executable.export public @max_signed_f32 ordinal(17) layout(#binary)
  hal.executable.export public @min_signed_f32 ordinal(18) layout(#binary)
  hal.executable.export public @max_unsigned_f32 ordinal(19) layout(#binary)
  hal.executable.export public @min_unsigned_f32 ordinal(20) layout(#binary)
  hal.executable.export public @powf_f32 ordinal(21) layout(#binary)
  hal.executable.export public @add_i32 ordinal(22) layout(#binary)
  hal.executable.export public @sub_i32 ordinal(23) layout(#binary)
  hal.executable.export public @mul_i32 ordinal(24) layout(#binary)
  hal.executable.export public @div_i32 ordinal(25) layout(#binary)
  hal.executable.export public @div_unsigned_i32 ordinal(26) layout(#binary)
  hal.executable.export public @max_signed_i32 ordinal(27) layout(#binary)
  hal.executable.export public @min_signed_i32 ordinal(28) layout(#binary)
  hal.executable.export public @max_unsigned_i32 ordinal(29) layout(#binary)
  hal.executable.export public @min_unsigned_i32 ordinal(30) layout(#binary)
  hal.executable.export public @select_f32 ordinal(31) layout(#ternary)
  hal.executable.export public @select_i32 ordinal(32) layout(#ternary)
  hal.executable.export public @add_row_f32 ordinal(33) layout(#binary)
  hal.executable.export public @exp_transposed_f32 ordinal(34) layout(#unary)
  builtin.module {
    func.func @exp_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<exp>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @log_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<log>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @abs_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<abs>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @ceil_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<ceil>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @floor_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<floor>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @negf_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<negf>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @reciprocal_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<reciprocal>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @round_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<round>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @sqrt_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<sqrt>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @rsqrt_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<rsqrt>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @square_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<square>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @tanh_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<tanh>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @erf_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<erf>
          ins(%x0 : memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @add_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<add>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @sub_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<sub>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @mul_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<mul>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @div_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<div>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @max_signed_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<max_signed>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @min_signed_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<min_signed>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @max_unsigned_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @min_unsigned_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<min_unsigned>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @powf_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<powf>
          ins(%x0, %x1 : memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @add_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<add>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @sub_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<sub>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @mul_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<mul>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @div_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<div>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @div_unsigned_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @max_signed_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<max_signed>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @min_signed_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<min_signed>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @max_unsigned_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<max_unsigned>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @min_unsigned_i32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xi32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<min_unsigned>
          ins(%x0, %x1 : memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @select_f32() {
      %x0 = hal.interface.binding.subspan layout(#ternary) binding(0) : memref<37x53xi1>
      %x1 = hal.interface.binding.subspan layout(#ternary) binding(1) : memref<37x53xf32>
      %x2 = hal.interface.binding.subspan layout(#ternary) binding(2) : memref<37x53xf32>
      %out = hal.interface.binding.subspan layout(#ternary) binding(3) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<select>
          ins(%x0, %x1, %x2 : memref<37x53xi1>, memref<37x53xf32>, memref<37x53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @select_i32() {
      %x0 = hal.interface.binding.subspan layout(#ternary) binding(0) : memref<37x53xi1>
      %x1 = hal.interface.binding.subspan layout(#ternary) binding(1) : memref<37x53xi32>
      %x2 = hal.interface.binding.subspan layout(#ternary) binding(2) : memref<37x53xi32>
      %out = hal.interface.binding.subspan layout(#ternary) binding(3) : memref<37x53xi32>
      linalg.elementwise kind=#linalg.elementwise_kind<select>
          ins(%x0, %x1, %x2 : memref<37x53xi1>, memref<37x53xi32>, memref<37x53xi32>) outs(%out : memref<37x53xi32>)
      return
    }
    func.func @add_row_f32() {
      %x0 = hal.interface.binding.subspan layout(#binary) binding(0) : memref<37x53xf32>
      %x1 = hal.interface.binding.subspan layout(#binary) binding(1) : memref<53xf32>
      %out = hal.interface.binding.subspan layout(#binary) binding(2) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [#id, #row, #id]
          ins(%x0, %x1 : memref<37x53xf32>, memref<53xf32>) outs(%out : memref<37x53xf32>)
      return
    }
    func.func @exp_transposed_f32() {
      %x0 = hal.interface.binding.subspan layout(#unary) binding(0) : memref<53x37xf32>
      %out = hal.interface.binding.subspan layout(#unary) binding(1) : memref<37x53xf32>
      linalg.elementwise kind=#linalg.elementwise_kind<exp> indexing_maps = [#transposed, #id]
          ins(%x0 : memref<53x37xf32>) outs(%out : memref<37x53xf32>)
      return
    }
  }
}
