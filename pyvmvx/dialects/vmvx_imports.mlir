// pyvmvx's `vmvx` runtime module imports, in IREE's `vm.import` syntax.
//
// The VMVX-to-VM conversion copies the imports a module calls into it as `@vmvx.<name>`;
// the runtime's `vmvx` module implements one export per import, matched by name and checked
// by calling convention (tuple arguments travel as their elements: `tuple<i64, i64>` is
// two i64 registers).
//
// The 32 imports below are IREE's (same names, argument order and types). Element-wise
// kernels are named `<op>.<rank>d.<type>`: `f32`/`i32` name the element type, `x8`...`x64`
// only its width. Offsets, strides and sizes count elements, not bytes.
//
// pyvmvx's own kernels go below the IREE set under IREE's experimental prefix, as
// `vm.import private @ex.<name>(...)`, with a matching export in the runtime's `vmvx` module
// (`pyvmvx/runtime/modules/vmvx.py`); tests/unit/test_import_registry.py checks that the
// declarations here and the runtime's exports agree in names and calling conventions.
vm.module @vmvx {

// Binary element-wise: out = lhs <op> rhs over a 2-D strided region.
vm.import private @add.2d.f32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @add.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @and.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @div.2d.f32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @divs.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @divu.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @mul.2d.f32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @mul.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @or.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @shl.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @shrs.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @shru.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @sub.2d.f32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @sub.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @xor.2d.i32(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)

// Unary element-wise: out = <op>(in) over a 2-D strided region.
vm.import private @abs.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @ceil.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @ctlz.2d.i32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @exp.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @floor.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @log.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @neg.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @rsqrt.2d.f32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)

// Strided 2-D copies, by element width.
vm.import private @copy.2d.x8(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @copy.2d.x16(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @copy.2d.x32(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)
vm.import private @copy.2d.x64(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>,
  %sizes : tuple<i64, i64>
)

// Fill a 2-D region with a 32-bit pattern (the row stride is in elements).
vm.import private @fill.2d.x32(
  %fill_value : i32,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64,
  %size_m : i64, %size_n : i64
)

// Microkernels; `flags` select the element types and variants.
vm.import private @mmt4d(
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_row_stride : i64,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_row_stride : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64,
  %m : i64, %n : i64, %k : i64,
  %m0 : i32, %n0 : i32, %k0 : i32,
  %flags : i32
)

vm.import private @pack(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride0 : i64, %in_stride1 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
  %in_size0 : i64, %in_size1 : i64,
  %out_size0 : i64, %out_size1 : i64, %out_size2 : i64, %out_size3 : i64,
  %padding_value : i64,
  %flags : i32
)

vm.import private @unpack(
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride0 : i64, %in_stride1 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
  %in_size0 : i64, %in_size1 : i64, %in_size2 : i64, %in_size3 : i64,
  %out_size0 : i64, %out_size1 : i64,
  %flags : i32
)

// Data-tiling tile sizes for a matmul operand (the sizes are hints, may be dynamic).
vm.import private @query_tile_sizes.2d(
  %size0 : i64, %size1 : i64,
  %flags : i32
) -> (i64, i64)

}
