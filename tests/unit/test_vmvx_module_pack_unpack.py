"""`pack` (f32, i32, i8) and `unpack` (f32, i32) against the scalar reference
(IREE's `builtins/ukernel/pack.c`, `unpack.c`).

Both move elements without arithmetic, so every comparison is bit-exact (f32 data is drawn as
raw bit patterns, signalling NaNs included). Shapes cover both transpose flags, incomplete
and whole padding tiles, inputs larger than the tiles cover, padding values whose high bits
must be dropped, arbitrary 2-D strides on the unpacked side and the ignored `out_stride1` /
`in_stride1`. A pack output whose rows overlap keeps the last write in the logical
(o0, o1, t0, t1) loop order (pyvmvx's documented choice).
"""

from __future__ import annotations

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import given
from hypothesis import strategies as st
from vmvx_harness import (
    SETTINGS,
    Arg,
    Layout,
    Operand,
    array_of,
    call_module,
    check_export,
    extent,
    layouts,
)

TRANSPOSES = [
    0,
    ref.TRANSPOSE_INNER,
    ref.TRANSPOSE_OUTER,
    ref.TRANSPOSE_INNER | ref.TRANSPOSE_OUTER,
]
PACK_TYPES = {ref.PACK_F32F32: np.uint32, ref.PACK_I32I32: np.int32, ref.PACK_I8I8: np.int8}
UNPACK_TYPES = {ref.PACK_F32F32: np.uint32, ref.PACK_I32I32: np.int32}


def _elements(dtype: type) -> st.SearchStrategy[int]:
    info = np.iinfo(dtype)
    return st.integers(int(info.min), int(info.max))


@st.composite
def tiling(draw: st.DrawFn) -> tuple[int, tuple[int, int], tuple[int, int], tuple[int, ...]]:
    """(flags transpose bits, logical outer (O0, O1), logical tile (T0, T1), physical
    [size0][size1][size2][size3] of the packed operand)."""
    transpose = draw(st.sampled_from(TRANSPOSES))
    outer = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    tile = (draw(st.integers(1, 4)), draw(st.integers(1, 4)))
    physical_outer = outer[::-1] if transpose & ref.TRANSPOSE_OUTER else outer
    physical_tile = tile[::-1] if transpose & ref.TRANSPOSE_INNER else tile
    return transpose, outer, tile, physical_outer + physical_tile


@st.composite
def unpacked_extent(draw: st.DrawFn, covered: int, tile: int) -> int:
    """Rows (or columns) of the unpacked side: within the last tile, fewer (whole padding
    tiles) or a little more than the tiles cover."""
    return draw(
        st.one_of(
            st.integers(max(0, covered - tile + 1), covered),
            st.integers(0, covered),
            st.integers(covered, covered + 2),
        )
    )


@st.composite
def packed_layout(
    draw: st.DrawFn, physical: tuple[int, ...], *, overlapping: bool = False
) -> tuple[int, int, int]:
    """(offset, outer stride, buffer length) of a packed operand; its rows are distinct unless
    `overlapping` (outer stride 0 or −1 then possible)."""
    size0, size1, size2, size3 = physical
    row = size1 * size2 * size3
    stride0 = row + draw(st.integers(0, 3))
    if overlapping:
        stride0 = draw(st.sampled_from([stride0, 0, -1]))
    low, high = extent(size0, row, stride0, 1)
    offset = -low + draw(st.integers(0, 3))
    return offset, stride0, offset + high + 1 + draw(st.integers(0, 2))


@st.composite
def pack_calls(draw: st.DrawFn) -> list[Arg]:
    kind = draw(st.sampled_from(sorted(PACK_TYPES)))
    dtype = PACK_TYPES[kind]
    transpose, outer, tile, physical = draw(tiling())
    in_size0 = draw(unpacked_extent(outer[0] * tile[0], tile[0]))
    in_size1 = draw(unpacked_extent(outer[1] * tile[1], tile[1]))
    source: Layout = draw(layouts(in_size0, in_size1))
    offset, stride0, length = draw(packed_layout(physical, overlapping=True))
    in_ = Operand(array_of(draw, dtype, source.length, _elements(dtype)), draw(st.booleans()))
    out = Operand(array_of(draw, dtype, length, _elements(dtype)))
    ignored_out_stride1 = draw(st.integers(-(2**40), 2**40))
    padding = draw(st.integers(-(2**63), 2**63 - 1))
    return [
        in_, *source.args(),
        out, offset, stride0, ignored_out_stride1,
        in_size0, in_size1, *physical, padding, kind | transpose,
    ]  # fmt: skip


@SETTINGS
@given(pack_calls())
def test_pack_matches_reference(args: list[Arg]) -> None:
    check_export("pack", args)


@st.composite
def unpack_calls(draw: st.DrawFn) -> list[Arg]:
    kind = draw(st.sampled_from(sorted(UNPACK_TYPES)))
    dtype = UNPACK_TYPES[kind]
    transpose, outer, tile, physical = draw(tiling())
    out_size0 = draw(unpacked_extent(outer[0] * tile[0], tile[0]))
    out_size1 = draw(unpacked_extent(outer[1] * tile[1], tile[1]))
    offset, stride0, length = draw(packed_layout(physical))
    target: Layout = draw(layouts(out_size0, out_size1, injective=True))
    in_ = Operand(array_of(draw, dtype, length, _elements(dtype)), draw(st.booleans()))
    out = Operand(array_of(draw, dtype, target.length, _elements(dtype)))
    ignored_in_stride1 = draw(st.integers(-(2**40), 2**40))
    return [
        in_, offset, stride0, ignored_in_stride1,
        out, *target.args(),
        *physical, out_size0, out_size1, kind | transpose,
    ]  # fmt: skip


@SETTINGS
@given(unpack_calls())
def test_unpack_matches_reference(args: list[Arg]) -> None:
    check_export("unpack", args)


@SETTINGS
@given(st.data())
def test_unpack_inverts_pack(data: st.DataObject) -> None:
    """pack then unpack with the same tiling and flags gives back the input exactly."""
    kind = data.draw(st.sampled_from(sorted(UNPACK_TYPES)))
    dtype = UNPACK_TYPES[kind]
    transpose, outer, tile, physical = data.draw(tiling())
    rows = data.draw(st.integers(max(0, (outer[0] - 1) * tile[0] + 1), outer[0] * tile[0]))
    cols = data.draw(st.integers(max(0, (outer[1] - 1) * tile[1] + 1), outer[1] * tile[1]))
    source = array_of(data.draw, dtype, rows * cols, _elements(dtype))
    packed = np.zeros(int(np.prod(physical)), dtype)
    row = physical[1] * physical[2] * physical[3]
    flags = kind | transpose
    call_module(
        "pack",
        [Operand(source, False), 0, cols, 1, Operand(packed), 0, row, 0,
         rows, cols, *physical, 0, flags],
    )  # fmt: skip
    result = np.zeros(rows * cols, dtype)
    call_module(
        "unpack",
        [Operand(packed, False), 0, row, 0, Operand(result), 0, cols, 1,
         *physical, rows, cols, flags],
    )  # fmt: skip
    assert np.array_equal(result, source)


@pytest.mark.parametrize(
    ("kind", "padding"),
    [
        (ref.PACK_I8I8, 0x1234_5678_9ABC_DE7F),
        (ref.PACK_I8I8, -1),
        (ref.PACK_I32I32, -(2**63)),
        (ref.PACK_I32I32, 0x7FFF_FFFF_8000_0001),
        (ref.PACK_F32F32, ref.bits_of_f32(-0.0) | 0x5555_0000_0000_0000),
        (ref.PACK_F32F32, 0x7FA0_0001),  # a signalling NaN pattern must arrive unchanged
    ],
)
def test_padding_takes_the_low_element_bits(kind: int, padding: int) -> None:
    """A 1×1 input packed into 2×2 tiles over a 2×2 outer grid: 15 of 16 elements padding."""
    dtype = PACK_TYPES[kind]
    source = Operand(np.array([3], dtype), mutable=False)
    out = Operand(np.zeros(16, dtype))
    check_export("pack", [source, 0, 1, 1, out, 0, 8, 4, 1, 1, 2, 2, 2, 2, padding, kind])
