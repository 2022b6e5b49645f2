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

// pyvmvx extensions (`pyvmvx/runtime/modules/vmvx_ex_elementwise.py`): elementwise ops over
// 4-D strided regions. `op` indexes the runtime's op table (an MLIR op name such as
// `arith.maximumf` or `arith.cmpf.olt`); `types` is input type | output type << 8
// (f16 1, f32 2, f64 3, i1 4, i8 5, i16 6, i32 7, i64 8).
vm.import private @ex.unary.4d(
  %op : i32, %types : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride0 : i64, %in_stride1 : i64,
    %in_stride2 : i64, %in_stride3 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)
vm.import private @ex.binary.4d(
  %op : i32, %types : i32,
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_stride0 : i64, %lhs_stride1 : i64,
    %lhs_stride2 : i64, %lhs_stride3 : i64,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_stride0 : i64, %rhs_stride1 : i64,
    %rhs_stride2 : i64, %rhs_stride3 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)
vm.import private @ex.ternary.4d(
  %op : i32, %types : i32,
  %a_buffer : !vm.buffer, %a_offset : i64, %a_stride0 : i64, %a_stride1 : i64,
    %a_stride2 : i64, %a_stride3 : i64,
  %b_buffer : !vm.buffer, %b_offset : i64, %b_stride0 : i64, %b_stride1 : i64,
    %b_stride2 : i64, %b_stride3 : i64,
  %c_buffer : !vm.buffer, %c_offset : i64, %c_stride0 : i64, %c_stride1 : i64,
    %c_stride2 : i64, %c_stride3 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_matmul.py`): batched matrix product on
// strided operands, out[b, m, n] (+)= sum_k lhs[b, m, k] * rhs[b, k, n]; `types` as above
// (input type | output type << 8), `flags` 0 or ACCUMULATE (1).
vm.import private @ex.matmul(
  %types : i32, %flags : i32,
  %lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_stride_b : i64, %lhs_stride_m : i64,
    %lhs_stride_k : i64,
  %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_stride_b : i64, %rhs_stride_k : i64,
    %rhs_stride_n : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride_b : i64, %out_stride_m : i64,
    %out_stride_n : i64,
  %batch : i64, %m : i64, %n : i64, %k : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_conv.py`): grouped 2-D convolution on
// strided operands, out[n, g, y, x, f] (+)= sum_{i, j, c} in[n, g, y*sh + i*dh, x*sw + j*dw, c]
// * filter[g, i, j, c, f]; `types` and `flags` as `ex.matmul`'s.
vm.import private @ex.conv(
  %types : i32, %flags : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride_n : i64, %in_stride_g : i64,
    %in_stride_h : i64, %in_stride_w : i64, %in_stride_c : i64,
  %filter_buffer : !vm.buffer, %filter_offset : i64, %filter_stride_g : i64,
    %filter_stride_kh : i64, %filter_stride_kw : i64, %filter_stride_c : i64,
    %filter_stride_f : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride_n : i64, %out_stride_g : i64,
    %out_stride_oh : i64, %out_stride_ow : i64, %out_stride_f : i64,
  %n : i64, %g : i64, %oh : i64, %ow : i64, %f : i64, %kh : i64, %kw : i64, %c : i64,
  %stride_h : i64, %stride_w : i64, %dilation_h : i64, %dilation_w : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_conv.py`): 2-D pooling on strided
// operands, out[n, c, y, x] = op(out[n, c, y, x], cast(in[n, c, y*sh + i*dh, x*sw + j*dw])) over
// the window taps in order; `op` an `ex` elementwise op code (add, max, min variants),
// `types` input | output << 8 | unsigned << 16, the input converted to the output type as
// MLIR's `cast_signed` (`cast_unsigned` with the unsigned bit) does.
vm.import private @ex.pool(
  %op : i32, %types : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride_n : i64, %in_stride_c : i64,
    %in_stride_h : i64, %in_stride_w : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride_n : i64, %out_stride_c : i64,
    %out_stride_oh : i64, %out_stride_ow : i64,
  %n : i64, %c : i64, %oh : i64, %ow : i64, %kh : i64, %kw : i64,
  %stride_h : i64, %stride_w : i64, %dilation_h : i64, %dilation_w : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_conv.py`): `ex.conv` with three spatial
// dimensions (d, h, w) and zero points: out[n, g, z, y, x, f] (+)= sum_{k, i, j, c}
// (in[n, g, z*sd + k*dd, y*sh + i*dh, x*sw + j*dw, c] - in_zp) * (filter[g, k, i, j, c, f]
// - filter_zp) (zero points 0 for floats); also quantized 1-D/2-D convolutions (d of size 1).
vm.import private @ex.conv.3d(
  %types : i32, %flags : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride_n : i64, %in_stride_g : i64,
    %in_stride_d : i64, %in_stride_h : i64, %in_stride_w : i64, %in_stride_c : i64,
  %filter_buffer : !vm.buffer, %filter_offset : i64, %filter_stride_g : i64,
    %filter_stride_kd : i64, %filter_stride_kh : i64, %filter_stride_kw : i64,
    %filter_stride_c : i64, %filter_stride_f : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride_n : i64, %out_stride_g : i64,
    %out_stride_od : i64, %out_stride_oh : i64, %out_stride_ow : i64, %out_stride_f : i64,
  %n : i64, %g : i64, %od : i64, %oh : i64, %ow : i64, %f : i64, %kd : i64, %kh : i64,
    %kw : i64, %c : i64,
  %stride_d : i64, %stride_h : i64, %stride_w : i64,
  %dilation_d : i64, %dilation_h : i64, %dilation_w : i64,
  %in_zero_point : i64, %filter_zero_point : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_conv.py`): `ex.pool` with three spatial
// dimensions (d, h, w): out[n, c, z, y, x] = op(out[n, c, z, y, x], cast(in[n, c, z*sd + k*dd,
// y*sh + i*dh, x*sw + j*dw])) over the window taps in order; `types` as `ex.pool`'s.
vm.import private @ex.pool.3d(
  %op : i32, %types : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride_n : i64, %in_stride_c : i64,
    %in_stride_d : i64, %in_stride_h : i64, %in_stride_w : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride_n : i64, %out_stride_c : i64,
    %out_stride_od : i64, %out_stride_oh : i64, %out_stride_ow : i64,
  %n : i64, %c : i64, %od : i64, %oh : i64, %ow : i64, %kd : i64, %kh : i64, %kw : i64,
  %stride_d : i64, %stride_h : i64, %stride_w : i64,
  %dilation_d : i64, %dilation_h : i64, %dilation_w : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_reduce.py`): reduction of a strided
// region, out[i] = op(in[i, r], ... op(in[i, r_1], out[i])) over the dimensions of the `axes`
// bitmask (output strides there ignored); `op` an `ex` elementwise op code (add, mul, max, min
// variants, and, or, xor), `types` input | output << 8 (the same type).
vm.import private @ex.reduce(
  %op : i32, %types : i32, %axes : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride0 : i64, %in_stride1 : i64,
    %in_stride2 : i64, %in_stride3 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_reduce.py`): argmax/argmin of a strided
// region along dimension `axis`, as torch-mlir's `linalg.generic` body computes it:
// value = op(in[r], value) and index = r when in[r] compares strictly better than the
// running value (first index of the best; a NaN stops the index); `op` an `ex` op code
// (maximumf, minimumf, maxsi, minsi, maxui, minui), `types` input | index type << 8 (i32 or
// i64); the output strides on `axis` are ignored.
vm.import private @ex.argreduce(
  %op : i32, %types : i32, %axis : i32,
  %in_buffer : !vm.buffer, %in_offset : i64, %in_stride0 : i64, %in_stride1 : i64,
    %in_stride2 : i64, %in_stride3 : i64,
  %value_buffer : !vm.buffer, %value_offset : i64, %value_stride0 : i64,
    %value_stride1 : i64, %value_stride2 : i64, %value_stride3 : i64,
  %index_buffer : !vm.buffer, %index_offset : i64, %index_stride0 : i64,
    %index_stride1 : i64, %index_stride2 : i64, %index_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_gather.py`): out[i0, i1, i2, i3] = i_dim
// (`linalg.index`); `types` the output's type code (i8, i16, i32 or i64).
vm.import private @ex.iota(
  %dim : i32, %types : i32,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)

// pyvmvx extension (`pyvmvx/runtime/modules/vmvx_ex_gather.py`): a gather,
// out[i] = source[index0[i], index1[i], index2[i], index3[i]] over the loop region `i` of the
// sizes, each index an i64 operand strided over the loop and checked against the source's
// size in its dimension (OUT_OF_RANGE otherwise); `types` source | output << 8 (the same type).
vm.import private @ex.gather(
  %types : i32,
  %source_buffer : !vm.buffer, %source_offset : i64, %source_stride0 : i64,
    %source_stride1 : i64, %source_stride2 : i64, %source_stride3 : i64,
    %source_size0 : i64, %source_size1 : i64, %source_size2 : i64, %source_size3 : i64,
  %index0_buffer : !vm.buffer, %index0_offset : i64, %index0_stride0 : i64,
    %index0_stride1 : i64, %index0_stride2 : i64, %index0_stride3 : i64,
  %index1_buffer : !vm.buffer, %index1_offset : i64, %index1_stride0 : i64,
    %index1_stride1 : i64, %index1_stride2 : i64, %index1_stride3 : i64,
  %index2_buffer : !vm.buffer, %index2_offset : i64, %index2_stride0 : i64,
    %index2_stride1 : i64, %index2_stride2 : i64, %index2_stride3 : i64,
  %index3_buffer : !vm.buffer, %index3_offset : i64, %index3_stride0 : i64,
    %index3_stride1 : i64, %index3_stride2 : i64, %index3_stride3 : i64,
  %out_buffer : !vm.buffer, %out_offset : i64, %out_stride0 : i64, %out_stride1 : i64,
    %out_stride2 : i64, %out_stride3 : i64,
  %size0 : i64, %size1 : i64, %size2 : i64, %size3 : i64
)

}
