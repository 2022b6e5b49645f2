"""Argument checking, strided views and stores shared by every `vmvx` export.

Each buffer argument goes through two stages:

1. `check_2d` reproduces IREE's `MAP_BUFFER_2D_*` exactly, in unsigned 64-bit arithmetic: the
   overflow guard (INVALID_ARGUMENT "buffer overflow for <name>"), the ref dereference
   ("ref is null" / "ref type mismatch") and the `iree_vm_buffer_map_ro/rw` range check
   (OUT_OF_RANGE / PERMISSION_DENIED). Kernels run it for all buffers before making any view.
2. `view` builds the numpy view the kernel computes on, with numpy's own `ndarray` constructor
   over the buffer's bytes: numpy refuses any shape/strides/offset reaching outside the object,
   so no view can address memory outside the buffer, by construction. IREE's 64-bit check can
   wrap around (a -1 stride, a negative offset); where that would let the C code touch bytes
   outside the buffer, the constructor's refusal becomes OUT_OF_RANGE here.

`store` writes a kernel's result. When the output region overlaps itself (a 0 or -1 stride, or
rows closer together than their length), several elements share an address; the value written
last in the kernel's loop order (the C order of the view given) wins, as in IREE's loops.
"""

from collections.abc import Callable, Mapping
from math import gcd
from typing import TypeVar

import numpy as np

from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument, out_of_range
from pyvmvx.runtime.vm.buffer import Buffer

U64 = (1 << 64) - 1
_I64_SIGN = 1 << 63
_HIGH32 = U64 ^ 0xFFFFFFFF

# (buffer, element offset, element strides) of an output region
Region = tuple[Buffer, int, tuple[int, ...]]
# (buffer, element offset, (stride0, stride1)) of a checked 2-D operand
Operand2D = tuple[Buffer, int, tuple[int, int]]
# An export's implementation: flattened import arguments in, a tuple of results out.
Kernel = Callable[..., tuple[()]]
T = TypeVar("T")


def to_i64(value: int) -> int:
    """`value` as a signed 64-bit integer (two's complement wrap-around)."""
    return ((value + _I64_SIGN) & U64) - _I64_SIGN


def to_i32(value: int) -> int:
    """`value` as a signed 32-bit integer (two's complement wrap-around)."""
    return ((value + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def flags_type(table: Mapping[int, T], flags: int) -> T:
    """The entry of `table` for the type in `flags`' low byte (INVALID_ARGUMENT "unhandled
    flags" if there is none)."""
    entry = table.get(flags & 0xFF)
    if entry is None:
        raise invalid_argument("unhandled flags")
    return entry


def check_2d(
    name: str,
    ref: object,
    elem_size: int,
    offset: int,
    stride0: int,
    stride1: int,
    size0: int,
    size1: int,
    write: bool,
) -> Buffer:
    """IREE's 2-D buffer argument check (see the module docstring); returns the buffer."""
    size0 &= U64
    size1 &= U64
    stride0 &= U64
    stride1 &= U64
    if (size0 | size1 | ((stride0 + 1) & U64) | ((stride1 + 1) & U64)) & _HIGH32:
        raise invalid_argument(f"buffer overflow for {name}")
    length = ((size0 - 1) * stride0 + (size1 - 1) * stride1 + 1) * elem_size
    if type(ref) is not Buffer:
        raise invalid_argument("ref is null" if ref is None else "ref type mismatch")
    ref.check_mapping(elem_size * offset, length, elem_size, write)
    return ref


def strided_2d_kernel(
    names: tuple[str, ...],
    dtype: np.dtype,
    body: Callable[[list[Operand2D], tuple[int, int]], object],
) -> Kernel:
    """An export taking `(ref, offset, stride0, stride1)` per operand in `names`, then
    `(size0, size1)`; the last operand is the output.

    Every operand is checked with `check_2d` (in order, the output writable) before
    `body(operands, (size0, size1))` runs, which it does only for a non-empty region.
    """
    size = dtype.itemsize
    # (name, index of the operand's first argument, whether it is the output)
    slots = tuple((name, 4 * i, i == len(names) - 1) for i, name in enumerate(names))

    def kernel(*args: int) -> tuple[()]:
        size0, size1 = args[-2], args[-1]
        operands: list[Operand2D] = []
        for name, at, write in slots:
            ref, offset, stride0, stride1 = args[at : at + 4]
            buffer = check_2d(name, ref, size, offset, stride0, stride1, size0, size1, write)
            operands.append((buffer, offset, (stride0, stride1)))
        if size0 and size1:
            body(operands, (size0, size1))
        return ()

    return kernel


def view(
    name: str,
    buffer: Buffer,
    dtype: np.dtype,
    offset: int,
    shape: tuple[int, ...],
    strides: tuple[int, ...],
) -> np.ndarray:
    """The strided view of `buffer` with element `offset`/`strides`; never reaches outside it.

    Offsets and strides may be signed or 64-bit unsigned bit patterns. An empty shape touches
    no memory and gets a fresh empty array (IREE maps those without accessing anything).
    """
    size = dtype.itemsize
    try:
        return np.ndarray(shape, dtype, buffer.data, offset * size, [s * size for s in strides])
    except (ValueError, TypeError, OverflowError):
        pass  # unsigned bit patterns of negative values, or a region numpy refuses
    if 0 in shape:
        return np.empty(shape, dtype)
    offset = to_i64(offset)
    strides = tuple(to_i64(s) for s in strides)
    try:
        return np.ndarray(shape, dtype, buffer.data, offset * size, [s * size for s in strides])
    except (ValueError, TypeError, OverflowError):
        raise _outside_error(name, buffer, size, offset, shape, strides) from None


def _outside_error(
    name: str,
    buffer: Buffer,
    size: int,
    offset: int,
    shape: tuple[int, ...],
    strides: tuple[int, ...],
) -> StatusError:
    """Why numpy refused a view: a size or an element outside the buffer, or too big to index."""
    if min(shape) < 0:
        return invalid_argument(f"negative size in {name} shape {shape}")
    low = offset + sum((n - 1) * min(s, 0) for n, s in zip(shape, strides, strict=True))
    high = offset + sum((n - 1) * max(s, 0) for n, s in zip(shape, strides, strict=True))
    if low < 0 or (high + 1) * size > buffer.length:
        return out_of_range(
            f"out-of-bounds access detected ({name} touches elements [{low}, {high}] of "
            f"{size} bytes, buffer length={buffer.length})"
        )
    return StatusError(
        StatusCode.RESOURCE_EXHAUSTED, f"{name} region of shape {shape} is too large to index"
    )


def overlaps_itself(shape: tuple[int, int], strides: tuple[int, int]) -> bool:
    """Whether two distinct elements of a 2-D strided region share an address."""
    n0, n1 = shape
    s0, s1 = strides
    if s1 == 1 and n1 <= s0 < _I64_SIGN:  # the common case: rows of contiguous elements
        return False
    s0, s1 = to_i64(s0), to_i64(s1)
    if n0 <= 1 or n1 <= 1:
        return (n0 > 1 and s0 == 0) or (n1 > 1 and s1 == 0)
    if s0 == 0 or s1 == 0:
        return True
    # i*s0 + j*s1 == 0 has its smallest non-zero solution at |i| = |s1|/g, |j| = |s0|/g.
    a, b = abs(s0), abs(s1)
    g = gcd(a, b)
    return b // g < n0 and a // g < n1


def store(
    name: str,
    region: Region,
    dtype: np.dtype,
    shape: tuple[int, ...],
    outer: tuple[tuple[int, int], tuple[int, int]],
    compute: Callable[[np.ndarray], object],
) -> None:
    """Write `compute`'s result to the output `region` of `shape` (C order = loop order).

    `compute(out)` fills `out`. `outer` is the region as a 2-D (shape, strides) pair used for
    the self-overlap test. Normally `out` is the strided view itself; if the region overlaps
    itself the result goes to a temporary and then to memory, last write winning.
    """
    buffer, offset, strides = region
    if 0 in shape:
        return
    if not overlaps_itself(*outer):
        compute(view(name, buffer, dtype, offset, shape, strides))
        return
    values = np.empty(shape, dtype)
    compute(values)
    _scatter_last_wins(name, buffer, dtype, offset, shape, strides, values)


def _scatter_last_wins(
    name: str,
    buffer: Buffer,
    dtype: np.dtype,
    offset: int,
    shape: tuple[int, ...],
    strides: tuple[int, ...],
    values: np.ndarray,
) -> None:
    offset = to_i64(offset)
    addresses = np.full(shape, offset, dtype=np.int64)
    for axis, (n, s) in enumerate(zip(shape, strides, strict=True)):
        steps = np.arange(n, dtype=np.int64) * to_i64(s)
        addresses += steps.reshape((n,) + (1,) * (len(shape) - axis - 1))
    backwards = addresses.reshape(-1)[::-1]
    unique, last = np.unique(backwards, return_index=True)
    low = int(unique[0])
    span = view(name, buffer, dtype, low, (int(unique[-1]) - low + 1,), (1,))
    span[unique - low] = values.reshape(-1)[::-1][last]
