"""`pack` and `unpack`: moving a 2-D matrix to and from the tiled 4-D layout mmt4d uses.

The packed array is `[outer0][outer1][tile0][tile1]`. Logically the source is cut into an
(O0 x O1) grid of (T0 x T1) tiles, where `(O0, O1)` are the packed array's outer sizes, swapped
by TRANSPOSE_OUTER (0x200), and `(T0, T1)` its tile sizes, swapped by TRANSPOSE_INNER (0x100).
Both kernels are a reshape/transpose of strided views plus one or two copies; elements are
moved as raw bits (f32 as uint32), so NaN payloads survive.

pack (flags type f32=1, i8=2, i32=3): source positions beyond `in_size0 x in_size1` take the
padding value (its low 8 or 32 bits), whole padding tiles included; input beyond the tile grid
is not read. If the output rows overlap, the last write in IREE's loop order (the logical
(o0, o1, t0, t1) order) wins.

unpack (flags type f32=1, i32=3): writes the positions of the tile grid that lie inside
`out_size0 x out_size1`, dropping padding. IREE asserts (in debug builds only) that the grid
covers the output; pyvmvx leaves output positions beyond the grid untouched. If the output
overlaps itself, the last write in row-major output order wins (IREE's order depends on its
tile-chunking).

An output sharing memory with the input sees the input as it was before the call.
Other flags types are INVALID_ARGUMENT "unhandled flags", reported before the buffers are
checked; other flag bits are ignored. Negative sizes are INVALID_ARGUMENT. Early exits as IREE:
pack writes nothing if any packed size is 0, unpack if an output size is 0.
"""

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import check_2d, flags_type, store, to_i64, view
from pyvmvx.runtime.status import invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer

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


def _packed_strides(stride0: int, sizes: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Element strides of a packed array whose three inner dimensions are contiguous."""
    return (stride0, sizes[2] * sizes[3], sizes[3], 1)


def _check_packed(
    name: str,
    ref: object,
    elem_size: int,
    offset: int,
    stride0: int,
    sizes: tuple[int, int, int, int],
    write: bool,
) -> tuple[Buffer, tuple[int, int, int, int], int]:
    """IREE's check of a packed operand, as `sizes[0]` rows of `sizes[1] * sizes[2] *
    sizes[3]` contiguous elements; returns the buffer, the sizes as signed 64-bit values and
    the row length."""
    packed = (to_i64(sizes[0]), to_i64(sizes[1]), to_i64(sizes[2]), to_i64(sizes[3]))
    row_length = packed[1] * packed[2] * packed[3]
    buffer = check_2d(name, ref, elem_size, offset, stride0, 1, packed[0], row_length, write)
    return buffer, packed, row_length


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
    out_buf, packed, row_length = _check_packed(
        "out", out_ref, size, out_offset, out_stride0, out_sizes, True
    )
    if 0 in packed:
        return ()
    _non_negative("pack", packed)
    axes = _tile_axes(flags)
    strides = _packed_strides(out_stride0, packed)
    outer0, outer1, tile0, tile1 = (packed[a] for a in axes)
    rows, cols = outer0 * tile0, outer1 * tile1
    used = (min(to_i64(in_size0), rows), min(to_i64(in_size1), cols))
    source = view("in", in_buf, dtype, in_offset, used, (in_stride0, in_stride1))
    padding = padding_value & ((1 << (8 * size)) - 1)

    def compute(out: np.ndarray) -> None:
        if used == (rows, cols):
            grid = source
        else:
            grid = np.full((rows, cols), padding, dtype)
            grid[: used[0], : used[1]] = source
        np.copyto(out, grid.reshape(outer0, tile0, outer1, tile1).transpose(0, 2, 1, 3))

    store(
        "out",
        (out_buf, out_offset, tuple(strides[a] for a in axes)),
        dtype,
        (outer0, outer1, tile0, tile1),
        ((packed[0], row_length), (out_stride0, 1)),
        compute,
    )
    return ()


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
    in_buf, packed, _ = _check_packed("in", in_ref, size, in_offset, in_stride0, in_sizes, False)
    out_buf = check_2d(
        "out", out_ref, size, out_offset, out_stride0, out_stride1, out_size0, out_size1, True
    )
    if out_size0 == 0 or out_size1 == 0:
        return ()
    _non_negative("unpack", packed)
    axes = _tile_axes(flags)
    source = view(
        "in", in_buf, dtype, in_offset, packed, _packed_strides(in_stride0, packed)
    ).transpose(axes)
    outer0, outer1, tile0, tile1 = source.shape
    grid = (outer0 * tile0, outer1 * tile1)
    rows, cols = min(to_i64(out_size0), grid[0]), min(to_i64(out_size1), grid[1])

    def compute(out: np.ndarray) -> None:
        tiles = source.transpose(0, 2, 1, 3)
        if (rows, cols) == grid:
            np.copyto(out.reshape(outer0, tile0, outer1, tile1, copy=False), tiles)
        else:
            np.copyto(out, tiles.reshape(grid)[:rows, :cols])

    out_strides = (out_stride0, out_stride1)
    store(
        "out",
        (out_buf, out_offset, out_strides),
        dtype,
        (rows, cols),
        ((rows, cols), out_strides),
        compute,
    )
    return ()
