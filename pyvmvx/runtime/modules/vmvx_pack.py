"""`pack` and `unpack`: moving a 2-D matrix to and from the tiled 4-D layout mmt4d uses.

The packed array is `[outer0][outer1][tile0][tile1]`. Logically the source is cut into an
(O0 x O1) grid of (T0 x T1) tiles, where `(O0, O1)` are the packed array's outer sizes, swapped
by TRANSPOSE_OUTER (0x200), and `(T0, T1)` its tile sizes, swapped by TRANSPOSE_INNER (0x100).
Both kernels are a reshape/transpose of strided views plus one or two copies; elements are
moved as raw bits (f32 as uint32), so NaN payloads survive. Each computes only the output
elements `vmvx_common.store` asks for (with a 0 output stride, the last index's), reading only
the input tiles those need.

pack (flags type f32=1, i8=2, i32=3): source positions beyond `in_size0 x in_size1` take the
padding value (its low 8 or 32 bits), whole padding tiles included; input beyond the tile grid
is not read. If the output rows overlap, the last write in IREE's loop order (the logical
(o0, o1, t0, t1) order) wins.

unpack (flags type f32=1, i32=3): writes the positions of the tile grid that lie inside
`out_size0 x out_size1`, dropping padding. IREE asserts (in debug builds only) that the grid
covers the output; pyvmvx leaves output positions beyond the grid untouched (and writes
nothing if an input size is 0). If the output overlaps itself, the last write in row-major
output order wins (IREE's order depends on its tile-chunking).

An output sharing memory with the input sees the input as it was before the call.
Other flags types are INVALID_ARGUMENT "unhandled flags", reported before the buffers are
checked; other flag bits are ignored. Negative sizes are INVALID_ARGUMENT. Early exits as IREE:
pack writes nothing if any packed size is 0, unpack if an output size is 0.
"""

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    Box,
    Region,
    check_2d,
    flags_type,
    locate,
    store,
    to_i64,
)
from pyvmvx.runtime.status import invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ints import wrap_int

TRANSPOSE_INNER = 0x100
TRANSPOSE_OUTER = 0x200

_U8 = np.dtype(np.uint8)
_U32 = np.dtype(np.uint32)
_PACK_TYPES: dict[int, np.dtype] = {1: _U32, 2: _U8, 3: _U32}
_UNPACK_TYPES: dict[int, np.dtype] = {1: _U32, 3: _U32}


def _tile_axes(flags: int) -> tuple[int, int, int, int]:
    """The packed array's axes in logical (o0, o1, t0, t1) order."""
    outer = (1, 0) if flags & TRANSPOSE_OUTER else (0, 1)
    inner = (3, 2) if flags & TRANSPOSE_INNER else (2, 3)
    return outer + inner


def _logical_region(
    name: str,
    buffer: Buffer,
    dtype: np.dtype,
    offset: int,
    stride0: int,
    sizes: tuple[int, int, int, int],
    axes: tuple[int, int, int, int],
) -> Region:
    """The packed operand (three contiguous inner dimensions) located with its dimensions in
    logical (o0, o1, t0, t1) order, `axes` (see `_tile_axes`)."""
    strides = (stride0, sizes[2] * sizes[3], sizes[3], 1)
    return locate(
        name, buffer, dtype, offset, tuple(sizes[a] for a in axes), tuple(strides[a] for a in axes)
    )


def _check_packed(
    name: str,
    ref: object,
    elem_size: int,
    offset: int,
    stride0: int,
    sizes: tuple[int, int, int, int],
    write: bool,
) -> tuple[Buffer, tuple[int, int, int, int]]:
    """IREE's check of a packed operand, as `sizes[0]` rows of `sizes[1] * sizes[2] *
    sizes[3]` contiguous elements; returns the buffer and the sizes as signed 64-bit values."""
    packed = (to_i64(sizes[0]), to_i64(sizes[1]), to_i64(sizes[2]), to_i64(sizes[3]))
    row_length = packed[1] * packed[2] * packed[3]
    buffer = check_2d(name, ref, elem_size, offset, stride0, 1, packed[0], row_length, write)
    return buffer, packed


def _non_negative(kernel: str, sizes: tuple[int, ...]) -> None:
    if min(sizes) < 0:
        raise invalid_argument(f"negative {kernel} size in {sizes}")


def pack(
    in_ref: object,
    in_offset: int,
    in_stride0: int,
    in_stride1: int,
    out_ref: object,
    out_offset: int,
    out_stride0: int,
    out_stride1: int,
    in_size0: int,
    in_size1: int,
    out_size0: int,
    out_size1: int,
    out_size2: int,
    out_size3: int,
    padding_value: int,
    flags: int,
) -> tuple[()]:
    """The `pack` export; `out_stride1` is ignored, as in IREE."""
    dtype = flags_type(_PACK_TYPES, flags)
    size = dtype.itemsize
    in_buf = check_2d(
        "in", in_ref, size, in_offset, in_stride0, in_stride1, in_size0, in_size1, False
    )
    out_sizes = (out_size0, out_size1, out_size2, out_size3)
    out_buf, packed = _check_packed("out", out_ref, size, out_offset, out_stride0, out_sizes, True)
    if 0 in packed:
        return ()
    _non_negative("pack", packed)
    axes = _tile_axes(flags)
    outer0, outer1, tile0, tile1 = (packed[a] for a in axes)
    used = (min(to_i64(in_size0), outer0 * tile0), min(to_i64(in_size1), outer1 * tile1))
    source = locate("in", in_buf, dtype, in_offset, used, (in_stride0, in_stride1))
    target = _logical_region("out", out_buf, dtype, out_offset, out_stride0, packed, axes)
    padding = wrap_int(padding_value, 8 * size, signed=False)

    def compute(out: np.ndarray, box: Box) -> None:
        # The source rows and columns of the outer tiles in `box`, padded, cut into tiles.
        (o0, o0_end, _), (o1, o1_end, _) = box[0].indices(outer0), box[1].indices(outer1)
        grid = _padded(source, (o0 * tile0, o0_end * tile0), (o1 * tile1, o1_end * tile1), padding)
        tiles = grid.reshape(o0_end - o0, tile0, o1_end - o1, tile1).transpose(0, 2, 1, 3)
        np.copyto(out, tiles[:, :, box[2], box[3]])

    store(target, compute, (in_buf, out_buf))
    return ()


def _padded(
    source: Region, rows: tuple[int, int], cols: tuple[int, int], padding: int
) -> np.ndarray:
    """Rows [start, end) and columns [start, end) of `source`, `padding` beyond its edges."""
    (row, row_end), (col, col_end) = rows, cols
    inside = source.select((slice(row, row_end), slice(col, col_end))).array()
    if inside.shape == (row_end - row, col_end - col):
        return inside
    grid = np.full((row_end - row, col_end - col), padding, source.dtype)
    grid[: inside.shape[0], : inside.shape[1]] = inside
    return grid


def unpack(
    in_ref: object,
    in_offset: int,
    in_stride0: int,
    in_stride1: int,
    out_ref: object,
    out_offset: int,
    out_stride0: int,
    out_stride1: int,
    in_size0: int,
    in_size1: int,
    in_size2: int,
    in_size3: int,
    out_size0: int,
    out_size1: int,
    flags: int,
) -> tuple[()]:
    """The `unpack` export; `in_stride1` is ignored, as in IREE."""
    dtype = flags_type(_UNPACK_TYPES, flags)
    size = dtype.itemsize
    in_sizes = (in_size0, in_size1, in_size2, in_size3)
    in_buf, packed = _check_packed("in", in_ref, size, in_offset, in_stride0, in_sizes, False)
    out_buf = check_2d(
        "out", out_ref, size, out_offset, out_stride0, out_stride1, out_size0, out_size1, True
    )
    if out_size0 == 0 or out_size1 == 0:
        return ()
    _non_negative("unpack", packed)
    if 0 in packed:
        return ()  # an empty tile grid: nothing to write
    axes = _tile_axes(flags)
    source = _logical_region("in", in_buf, dtype, in_offset, in_stride0, packed, axes)
    outer0, outer1, tile0, tile1 = source.shape
    grid = (outer0 * tile0, outer1 * tile1)
    rows, cols = min(to_i64(out_size0), grid[0]), min(to_i64(out_size1), grid[1])
    target = locate("out", out_buf, dtype, out_offset, (rows, cols), (out_stride0, out_stride1))

    def compute(out: np.ndarray, box: Box) -> None:
        (outer_r, tile_r, crop_r), (outer_c, tile_c, crop_c) = (
            _covering_tiles(range(*index.indices(n)), tile)
            for index, n, tile in zip(box, (rows, cols), (tile0, tile1), strict=True)
        )
        tiles = source.select((outer_r, outer_c, tile_r, tile_c)).array().transpose(0, 2, 1, 3)
        span0, span1 = tiles.shape[0] * tiles.shape[1], tiles.shape[2] * tiles.shape[3]
        if (span0, span1) == out.shape:
            np.copyto(out.reshape(tiles.shape, copy=False), tiles)
        else:
            np.copyto(out, tiles.reshape(span0, span1)[crop_r, crop_c])

    store(target, compute, (in_buf, out_buf))
    return ()


def _covering_tiles(indices: range, tile: int) -> tuple[slice, slice, slice]:
    """For consecutive `indices` along a tiled dimension: the outer tiles and the positions in
    a tile that cover them (part of one tile, or whole tiles: less than `len(indices) + tile`
    positions when the indices start at 0), and the indices' slice of those positions."""
    first, last = indices.start // tile, (indices.stop - 1) // tile
    start = indices.start - first * tile
    if first == last:
        return slice(first, first + 1), slice(start, start + len(indices)), slice(None)
    return slice(first, last + 1), slice(None), slice(start, start + len(indices))
