"""Argument checking, bounded strided views and stores shared by every `vmvx` export.

Each buffer argument goes through two stages:

1. `check_2d` reproduces IREE's `MAP_BUFFER_2D_*` exactly, in unsigned 64-bit arithmetic: the
   overflow guard (INVALID_ARGUMENT "buffer overflow for <name>"), the ref dereference
   ("ref is null" / "ref type mismatch") and the `iree_vm_buffer_map_ro/rw` range check
   (OUT_OF_RANGE / PERMISSION_DENIED). Kernels run it for all buffers before anything else.
2. `locate` bounds the region a kernel touches in exact arithmetic (unbounded Python integers),
   with offsets and strides read as the signed i64 register values the VM passes: every
   element must lie inside the buffer, or the call fails with OUT_OF_RANGE. IREE's check (and
   numpy's own stride check) compute in wrapping 64-bit arithmetic, which huge strides or
   sizes, a -1 stride or a negative offset can get past; this check cannot be. Every view an
   export makes is `Region.array()` of a region `locate` made (or a part of one, `select`), so
   `locate` is the one place that keeps accesses inside buffers; an `ex.*` export must make
   its views the same way.

Work is bounded by the buffers' real sizes. A non-overlapping output has at most as many
elements as its buffer holds; an output whose elements share addresses can be logically far
larger (a 0 stride on a dimension of size 2**32 - 1). `store` writes a kernel's result: on a
dimension with stride 0 only the last index survives IREE's loop, so the kernel computes only
that index, exactly; if the rest still overlaps itself (rows closer together than their
length), the values go to a temporary and then to memory, the value written last in the
kernel's loop order (the C order of the region) winning, as in IREE's loops. Any logical
element count left above `work_limit` (the total size of the export's buffers plus
`WORK_FLOOR`) is refused with RESOURCE_EXHAUSTED, as is a region too large for numpy to index
(over 2**63 bytes, only reachable through 0 strides).

The fixed cost of those stages (some 60 Python calls) would dominate small tiles, so kernels
first try `plain_views`: for the arguments that compiled code passes (small non-negative
offsets and strides, regions inside their buffers, an output without self-overlap) both
stages provably pass and make the same views, which it builds directly; anything else takes
the stages above, unchanged.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from math import prod
from typing import NamedTuple, TypeGuard, TypeVar

import numpy as np

from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument, out_of_range
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ints import wrap_int

U64 = (1 << 64) - 1
_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1
_HIGH32 = U64 ^ 0xFFFFFFFF
_PLAIN = 1 << 31
"""Offsets, strides and sizes below this are 'plain' (see `plain_views`, `operand_regions`)."""

# Elements of work allowed beyond the size of an export's buffers: keeps small self-overlapping
# outputs (IREE's element-order semantics) working while bounding hostile ones.
WORK_FLOOR = 1 << 16

# An export's implementation: flattened import arguments in, a tuple of results out.
Kernel = Callable[..., tuple[()]]
# The logical indices a kernel computes, one slice (step 1) per dimension of the output.
Box = tuple[slice, ...]
_EVERY = slice(None)
T = TypeVar("T")


def to_i64(value: int) -> int:
    """`value` as a signed 64-bit integer (two's complement wrap-around)."""
    return wrap_int(value, 64)


def to_i32(value: int) -> int:
    """`value` as a signed 32-bit integer (two's complement wrap-around)."""
    return wrap_int(value, 32)


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


def check_nd(
    name: str,
    ref: object,
    elem_size: int,
    offset: int,
    strides: Sequence[int],
    sizes: Sequence[int],
    write: bool,
) -> Buffer:
    """IREE's `MAP_BUFFER_2D_*` check over `len(sizes)` dimensions, in its unsigned 64-bit
    arithmetic: sizes and strides + 1 must fit 32 bits ("buffer overflow for <name>"), then
    the ref and the mapping of the span are checked. Returns the buffer."""
    guard = 0
    span = 1
    for size, stride in zip(sizes, strides, strict=True):
        size &= U64
        stride &= U64
        guard |= size | ((stride + 1) & U64)
        span += (size - 1) * stride
    if guard & _HIGH32:
        raise invalid_argument(f"buffer overflow for {name}")
    length = span * elem_size
    if type(ref) is not Buffer:
        raise invalid_argument("ref is null" if ref is None else "ref type mismatch")
    if 0 not in sizes:  # an empty region maps nothing (a tile past an empty buffer's end)
        ref.check_mapping(elem_size * offset, length, elem_size, write)
    return ref


def work_limit(buffers: Iterable[Buffer]) -> int:
    """The most logical elements an export over `buffers` may compute: their total size in
    bytes (each buffer once) plus `WORK_FLOOR`."""
    return WORK_FLOOR + sum({id(buffer): buffer.length for buffer in buffers}.values())


def check_work(name: str, elements: int, limit: int) -> None:
    """RESOURCE_EXHAUSTED if computing `elements` logical elements of `name` exceeds `limit`."""
    if elements > limit:
        raise StatusError(
            StatusCode.RESOURCE_EXHAUSTED,
            f"{name} needs {elements} elements of work, more than the {limit} its buffers allow",
        )


class Region(NamedTuple):
    """A strided region of `buffer` whose elements all lie inside it (made by `locate`).

    `offset` and `strides` are signed and in elements; a dimension of size 1 has stride 0.
    """

    name: str
    buffer: Buffer
    dtype: np.dtype
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]

    def span(self) -> tuple[int, int]:
        """The lowest and highest element index a non-empty region touches."""
        _, low, high = _extent(self.offset, self.shape, self.strides)
        return low, high

    def byte_span(self) -> np.ndarray:
        """The bytes from the lowest to the highest element of a non-empty region."""
        low, high = self.span()
        size = self.dtype.itemsize
        return self.buffer.data[low * size : (high + 1) * size]

    def select(self, box: Box) -> "Region":
        """The sub-region of the logical indices in `box`."""
        if box.count(_EVERY) == len(box):
            return self
        offset, shape, strides = self.offset, [], []
        for index, n, s in zip(box, self.shape, self.strides, strict=True):
            indices = range(*index.indices(n))
            offset += indices.start * s
            shape.append(len(indices))
            strides.append(s if len(indices) > 1 else 0)
        return Region(self.name, self.buffer, self.dtype, offset, tuple(shape), tuple(strides))

    def array(self) -> np.ndarray:
        """The numpy view of the region (a fresh array if it is empty, as it touches nothing)."""
        size = self.dtype.itemsize
        try:
            if 0 in self.shape:
                return np.empty(self.shape, self.dtype)
            return np.ndarray(
                self.shape,
                self.dtype,
                self.buffer.data,
                self.offset * size,
                [s * size for s in self.strides],
            )
        except ValueError:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED,
                f"{self.name} region of shape {self.shape} is too large to index",
            ) from None


def locate(
    name: str,
    buffer: Buffer,
    dtype: np.dtype,
    offset: int,
    shape: tuple[int, ...],
    strides: tuple[int, ...],
) -> Region:
    """The region of `shape` at element `offset`/`strides` of `buffer`, checked exactly.

    Offsets and strides may be signed or unsigned 64-bit bit patterns; they are read as signed.
    A negative size is INVALID_ARGUMENT; a non-empty region with any element outside the buffer
    is OUT_OF_RANGE. An empty region touches nothing and is not checked, as in IREE.
    """
    if min(shape) < 0:
        raise invalid_argument(f"negative size in {name} shape {shape}")
    if not _I64_MIN <= offset <= _I64_MAX:
        offset = to_i64(offset)
    steps, low, high = _extent(offset, shape, strides)
    if 0 not in shape and (low < 0 or (high + 1) * dtype.itemsize > buffer.length):
        raise out_of_range(
            f"out-of-bounds access detected ({name} touches elements [{low}, {high}] of "
            f"{dtype.itemsize} bytes, buffer length={buffer.length})"
        )
    return Region(name, buffer, dtype, offset, tuple(shape), steps)


Operand = tuple[str, object, np.dtype, int, Sequence[int], Sequence[int], bool]
"""An export's operand: name, ref, element type, offset, sizes, strides, whether written."""


def operand_regions(operands: Sequence[Operand], needed: bool = True) -> list[Region] | None:
    """IREE's check of every operand, in order (`check_nd`), then each operand's exact region
    (`locate`) if the kernel computes anything (`needed`); None if it does not.

    Plain operands (every ref a `Buffer`, sizes in [1, 2**31), offsets and strides in
    [0, 2**31), each region inside its buffer, written ones mutable) provably pass both, and
    get the same regions built directly, without the checks' fixed cost.
    """
    regions = _plain_regions(operands)
    if regions is None:
        checked = [
            (
                name,
                check_nd(name, ref, dtype.itemsize, offset, strides, sizes, write),
                dtype,
                offset,
                tuple(s & U64 for s in sizes),
                tuple(strides),
            )
            for name, ref, dtype, offset, sizes, strides, write in operands
        ]
        if not needed:
            return None
        return [locate(*entry) for entry in checked]
    return regions if needed else None


def _is_plain(
    ref: object, dtype: np.dtype, offset: int, sizes: Sequence[int], strides: Sequence[int]
) -> TypeGuard[Buffer]:
    """Whether an operand is plain: its ref a `Buffer`, its sizes in [1, 2**31), its offset
    and strides in [0, 2**31), its region inside the buffer (exact arithmetic). IREE's check
    and `locate` provably pass on it (`plain_views`, `operand_regions`)."""
    if type(ref) is not Buffer or not 0 <= offset < _PLAIN:
        return False
    last = offset
    for size, stride in zip(sizes, strides, strict=True):
        if not (0 < size < _PLAIN and 0 <= stride < _PLAIN):
            return False
        last += (size - 1) * stride
    return (last + 1) * dtype.itemsize <= ref.length


def _plain_regions(operands: Sequence[Operand]) -> list[Region] | None:
    """`operand_regions`' regions of plain operands, or None if an operand is not plain."""
    regions = []
    for name, ref, dtype, offset, sizes, strides, write in operands:
        if not _is_plain(ref, dtype, offset, sizes, strides) or (write and not ref.mutable):
            return None
        steps = tuple([s if n > 1 else 0 for n, s in zip(sizes, strides, strict=True)])
        regions.append(Region(name, ref, dtype, offset, tuple(sizes), steps))
    return regions


def _extent(
    offset: int, shape: tuple[int, ...], strides: tuple[int, ...]
) -> tuple[tuple[int, ...], int, int]:
    """`strides` read as signed (0 on dimensions of size 1 or 0), and the lowest and highest
    element index of a non-empty region at `offset` with them, in exact arithmetic."""
    steps = []
    low = high = offset
    for n, s in zip(shape, strides, strict=True):
        step = (s if _I64_MIN <= s <= _I64_MAX else to_i64(s)) if n > 1 else 0
        if step < 0:
            low += (n - 1) * step
        else:
            high += (n - 1) * step
        steps.append(step)
    return tuple(steps), low, high


def may_overlap(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    """Whether two elements of a strided region may share an address (False: none do).

    With the dimensions sorted by |stride|, the addresses are distinct if each stride exceeds
    the reach of the smaller ones. Exact for rows of contiguous elements; any other region it
    flags just takes `store`'s slower, equally exact path.
    """
    if len(shape) == 2 and strides[1] == 1 and strides[0] >= shape[1]:
        return False  # the common case: rows of contiguous elements, a row or more apart
    reach = 0
    for step, n in sorted([(abs(s), n) for n, s in zip(shape, strides, strict=True) if n > 1]):
        if step <= reach:
            return True
        reach += (n - 1) * step
    return False


def plain_views(
    operands: Sequence[tuple[object, np.dtype, int, Sequence[int]]],
    shape: Sequence[int],
    kept: Sequence[int] | None = None,
) -> list[np.ndarray] | None:
    """The views of an export's `(ref, dtype, offset, strides)` operands (the last one the
    output) over `shape`, in the plain case; None in any other.

    Plain: every ref is a `Buffer`, every size is in [1, 2**31) and every offset and stride
    in [0, 2**31), each region lies inside its buffer, the output's buffer is mutable and no
    two output elements share an address. Then IREE's check (`check_2d`/`check_nd`) and
    `locate` both pass and `store` would write straight into the output's view, so a kernel
    may compute on these views directly: they are those `locate` makes, bounded by the same
    exact arithmetic. Any other call returns None and takes the checked path, which gives
    the same results and errors as before. The views have the dimensions `kept` (indices
    into `shape`; all by default), e.g. without the unit ones, so numpy sees fewer loops.
    """
    dims = range(len(shape)) if kept is None else kept
    view_shape = [shape[d] for d in dims]
    views = []
    writable = False
    for ref, dtype, offset, strides in operands:
        if not _is_plain(ref, dtype, offset, shape, strides):
            return None
        item = dtype.itemsize
        byte_strides = [strides[d] * item for d in dims]
        try:
            view = np.ndarray(view_shape, dtype, ref.data, offset * item, byte_strides)
        except ValueError:  # more elements than numpy indexes (0 strides): the checked path
            return None
        views.append(view)
        writable = ref.mutable  # the last operand's
    output_strides = tuple(operands[-1][3][d] for d in dims)
    if not writable or may_overlap(tuple(view_shape), output_strides):
        return None
    return views


def strided_2d_kernel(
    names: tuple[str, ...],
    dtype: np.dtype,
    body: Callable[[list[Region]], object],
    fast: Callable[[list[np.ndarray]], bool] | None = None,
) -> Kernel:
    """An export taking `(ref, offset, stride0, stride1)` per operand in `names`, then
    `(size0, size1)`; the last operand is the output.

    Every operand is checked with `check_2d` (in order, the output writable); for a non-empty
    region `body` then runs on the operands' located regions. A plain call (`plain_views`)
    first tries `fast` on the operands' views, which returns whether it did the work (the
    same work `body` does; False leaves it to `body`).
    """
    size = dtype.itemsize
    # (name, index of the operand's first argument, whether it is the output)
    slots = tuple((name, 4 * i, i == len(names) - 1) for i, name in enumerate(names))

    def kernel(*args: int) -> tuple[()]:
        size0, size1 = args[-2], args[-1]
        if fast is not None:
            views = plain_views(
                [(args[at], dtype, args[at + 1], args[at + 2 : at + 4]) for _, at, _ in slots],
                (size0, size1),
            )
            if views is not None and fast(views):
                return ()
        checked = []
        for name, at, write in slots:
            ref, offset, stride0, stride1 = args[at : at + 4]
            buffer = check_2d(name, ref, size, offset, stride0, stride1, size0, size1, write)
            checked.append((name, buffer, offset, (stride0, stride1)))
        if size0 and size1:
            shape = (size0, size1)
            body([locate(n, b, dtype, offset, shape, s) for n, b, offset, s in checked])
        return ()

    return kernel


def store(
    target: Region, compute: Callable[[np.ndarray, Box], object], buffers: Iterable[Buffer]
) -> None:
    """Write a kernel's result to the output `target` (C order = IREE's loop order).

    `compute(out, box)` fills `out` with the result's logical elements `box`. If the region
    may overlap itself, dimensions with stride 0 are cut to their last index (the only one
    whose writes survive), the remaining element count must be within the `work_limit` of the
    export's `buffers`, and if the region still overlaps itself `out` is a temporary written
    back last-write-wins; otherwise `out` is the output's view.
    """
    if 0 in target.shape:
        return
    box: Box = (_EVERY,) * len(target.shape)
    if may_overlap(target.shape, target.strides):
        box = tuple(
            [
                slice(n - 1, n) if s == 0 and n > 1 else _EVERY
                for n, s in zip(target.shape, target.strides, strict=True)
            ]
        )
        target = target.select(box)
        check_work(target.name, prod(target.shape), work_limit(buffers))
        if may_overlap(target.shape, target.strides):
            values = np.empty(target.shape, target.dtype)
            compute(values, box)
            _scatter_last_wins(target, values)
            return
    compute(target.array(), box)


def _scatter_last_wins(target: Region, values: np.ndarray) -> None:
    """Write `values` (C order) to the self-overlapping `target`, the last write winning."""
    low, high = target.span()
    addresses = np.full(target.shape, target.offset - low, dtype=np.int64)
    for axis, (n, s) in enumerate(zip(target.shape, target.strides, strict=True)):
        steps = np.arange(n, dtype=np.int64) * s
        addresses += steps.reshape((n,) + (1,) * (len(target.shape) - axis - 1))
    unique, last = np.unique(addresses.reshape(-1)[::-1], return_index=True)
    span = locate(target.name, target.buffer, target.dtype, low, (high - low + 1,), (1,))
    span.array()[unique] = values.reshape(-1)[::-1][last]
