"""`ex.iota` and `ex.gather`: pyvmvx's index-array ukernels over strided 4-D regions.

IREE has no kernel for `linalg.index` or for loads at computed indices (`tensor.extract` in
a `linalg.generic` body: embedding lookups, reversals), so those bodies would run as scalar
VM loops. With these two exports the `ex` lowering computes such bodies with whole-tile
calls: `linalg.index` becomes an `ex.iota` into a temporary, the index arithmetic ordinary
`ex.binary.4d`/`ex.unary.4d` calls on i64, and each load one `ex.gather`:

    ex.iota(dim : i32, types : i32, out, out_offset, out_strides[4], sizes[4])

writes `out[i0, i1, i2, i3] = i_dim`; `dim` is 0 to 3 and `types` the output's type code
(`vmvx_ex_elementwise.TYPES`: i8, i16, i32 or i64; narrower types wrap).

    ex.gather(types : i32,
              source, source_offset, source_strides[4], source_sizes[4],
              (index, index_offset, index_strides[4]) x 4,
              out, out_offset, out_strides[4], sizes[4])

writes `out[i] = source[index0[i], index1[i], index2[i], index3[i]]` over the loop region
`i` of `sizes`: one i64 index operand per source dimension, strided over the loop (stride
0 where it does not vary: a constant index is a one-element buffer). `types` is `source type
| output type << 8`, the same type (any of `TYPES`; i1 is one byte). A source of rank below
4 is left-padded with size 1 and a zero index.

Offsets, strides and sizes count elements, as in IREE's exports. Every buffer is checked as
`ex.binary.4d`'s (`check_nd`: the source over its own sizes, index and output operands over
the loop sizes; the output writable) before any view, and located exactly
(`vmvx_common.locate`). Then every index must lie in `[0, size)` of its source dimension,
read as a signed i64: MLIR leaves an out-of-range `tensor.extract`/`memref.load` undefined,
the kernel fails with OUT_OF_RANGE before writing anything and never reads outside the source
region (the scalar loop fails too, when the address leaves the buffer). The index check reads
each index buffer's distinct elements once (0-stride dimensions cut to one), bounded by
`vmvx_common.check_work`; the output is written through `vmvx_common.store`.
"""

from math import prod

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    U64,
    Box,
    Region,
    check_work,
    operand_regions,
    store,
    work_limit,
)
from pyvmvx.runtime.modules.vmvx_ex_elementwise import _STORAGE, RANK, TYPES
from pyvmvx.runtime.status import invalid_argument, out_of_range

_STRIDED = "r" + "I" * (1 + RANK)
IOTA_SIGNATURE = "0ii" + _STRIDED + "I" * RANK + "_v"
GATHER_SIGNATURE = "0i" + _STRIDED + "I" * RANK + _STRIDED * RANK + _STRIDED + "I" * RANK + "_v"
IOTA_TYPES = frozenset(TYPES[name] for name in ("i8", "i16", "i32", "i64"))
"""The output types `ex.iota` takes."""
_INDEX = np.dtype(np.int64)
_EVERY = slice(None)
_WIDTH = 2 + RANK  # buffer, offset, strides
_SMALL = 64  # index arrays up to this many elements are checked in Python


def ex_iota(dim: int, types: int, *args: object) -> tuple[()]:
    """The `ex.iota` export (see the module docstring)."""
    if not 0 <= dim < RANK or types not in IOTA_TYPES:
        raise invalid_argument("unhandled flags")
    dtype = _STORAGE[types]
    shape = tuple(s & U64 for s in args[_WIDTH:])  # type: ignore[operator]
    regions = operand_regions(
        [("out", args[0], dtype, args[1], args[_WIDTH:], args[2:_WIDTH], True)],  # type: ignore[list-item]
        needed=0 not in shape,
    )
    if regions is None:
        return ()
    (target,) = regions

    def compute(out: np.ndarray, box: Box) -> None:
        start, stop, _ = box[dim].indices(shape[dim])
        values = np.arange(start, stop, dtype=np.int64).astype(dtype, copy=False)  # wraps
        out[...] = values.reshape([-1 if d == dim else 1 for d in range(RANK)])

    store(target, compute, [target.buffer])
    return ()


def ex_gather(types: int, *args: object) -> tuple[()]:
    """The `ex.gather` export (see the module docstring)."""
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if types >> 16 or src != dst or src not in _STORAGE:
        raise invalid_argument("unhandled flags")
    dtype = _STORAGE[src]
    sizes = args[-RANK:]
    operands = [("source", dtype, 0, args[_WIDTH : _WIDTH + RANK], False)]
    for k in range(RANK):
        operands.append((f"index{k}", _INDEX, _WIDTH + RANK + k * _WIDTH, sizes, False))
    operands.append(("out", dtype, len(args) - RANK - _WIDTH, sizes, True))
    regions = operand_regions(
        [
            (name, args[at], element, args[at + 1], extent, args[at + 2 : at + _WIDTH], write)
            for name, element, at, extent, write in operands
        ],  # type: ignore[misc]
        needed=0 not in [s & U64 for s in sizes],  # type: ignore[operator]
    )
    if regions is None:
        return ()
    source, *indices, target = regions
    buffers = [region.buffer for region in (source, *indices, target)]
    limit = work_limit(buffers)
    checked_indices: set[tuple[object, ...]] = set()
    for k, region in enumerate(indices):
        key = (id(region.buffer), region.offset, region.strides, source.shape[k])
        if key not in checked_indices:  # e.g. the zero index of every padded dim once
            _check_indices(region, source.shape[k], limit)
            checked_indices.add(key)
    table = source.array()

    def compute(out: np.ndarray, box: Box) -> None:
        _take(table, [region.select(box).array() for region in indices], out)

    store(target, compute, buffers)
    return ()


def _take(table: np.ndarray, arrays: list[np.ndarray], out: np.ndarray) -> None:
    """`out[i] = table[arrays[0][i], ..., arrays[3][i]]` for every loop position `i`, the
    indices checked. A source dimension whose index is constant, or a progression along one
    loop dimension no other index uses (an iota, a reversal), is a basic index (an int or a
    slice); with at most one other dimension, that one is an `np.take` of the distinct
    indices: an embedding lookup copies rows, as numpy's own `take` does, instead of walking
    an index array per dimension. Otherwise numpy's advanced indexing walks them all."""
    values = _basic_take(table, arrays, out)
    if values is not out:
        out[...] = values


def _basic_take(table: np.ndarray, arrays: list[np.ndarray], out: np.ndarray) -> np.ndarray:
    """`_take`'s values, broadcastable to `out`, or `out` itself once written."""
    key: list[int | slice | None] = []
    labels: list[int] = []  # the loop dim of each axis `table[key]` keeps, in order
    taken: list[int] = []  # the varying loop dims of the one taken index
    for n, array in zip(table.shape, arrays, strict=True):
        varying = [d for d in range(RANK) if array.shape[d] > 1 and array.strides[d]]
        if n == 1 or not varying:
            key.append(0 if n == 1 else int(array[(0,) * RANK]))
            continue
        line = _progression(array, varying)
        if line is not None and varying[0] not in labels:
            key.append(line)
            labels.append(varying[0])
        elif not taken:
            key.append(None)
            labels.append(-1)
            taken = varying
        else:
            return table[tuple(arrays)]  # two gathered dims: numpy's advanced indexing
    if set(taken) & set(labels):
        return table[tuple(arrays)]  # the taken index varies along a sliced loop dim
    view = table[tuple(slice(None) if k is None else k for k in key)]
    if taken:
        at = labels.index(-1)
        compact = arrays[key.index(None)][tuple(_EVERY if d in taken else 0 for d in range(RANK))]
        labels[at : at + 1] = taken
        shape = (*view.shape[:at], *compact.shape, *view.shape[at + 1 :])
        direct = labels == sorted(labels) and not np.may_share_memory(out, view)
        dest = _reshaped(out, shape) if direct else None
        # The indices are checked: "clip" clips nothing, and lets `take` write `out` directly.
        view = np.take(view, compact, axis=at, out=dest, mode="clip")
        if dest is not None:
            return out
    order = sorted(range(len(labels)), key=labels.__getitem__)
    shape = [1] * RANK
    for axis in order:
        shape[labels[axis]] = view.shape[axis]
    return view.transpose(order).reshape(shape)


def _reshaped(out: np.ndarray, shape: tuple[int, ...]) -> np.ndarray | None:
    """`out` as an array of `shape` sharing its memory, if it has as many elements and its
    strides allow it."""
    if prod(shape) != out.size:
        return None
    view = out.view()
    try:
        view.shape = shape
    except AttributeError:  # it would take a copy
        return None
    return view


def _progression(array: np.ndarray, varying: list[int]) -> slice | None:
    """The slice of an index array that varies along one loop dim as a progression, if so."""
    if len(varying) != 1:
        return None
    (dim,) = varying
    line = array[tuple(_EVERY if d == dim else 0 for d in range(RANK))]
    start, step = int(line[0]), int(line[1]) - int(line[0])
    if not step:
        return None
    if len(line) <= _SMALL:
        if line.tolist() != list(range(start, start + step * len(line), step)):
            return None
    elif not (np.diff(line) == step).all():  # in range: no difference wraps
        return None
    stop = start + step * len(line)
    return slice(start, stop if stop >= 0 else None, step)


def _check_indices(region: Region, size: int, limit: int) -> None:
    """OUT_OF_RANGE unless every index of `region` is in `[0, size)`."""
    distinct = region.select(
        tuple(slice(0, 1) if s == 0 else _EVERY for s in region.strides)  # one of each repeat
    )
    count = prod(distinct.shape)
    check_work(region.name, count, limit)
    values = distinct.array()
    if count <= _SMALL:  # Python's min/max: faster than numpy's reductions on a few values
        flat = values.reshape(-1).tolist()
        low, high = min(flat), max(flat)
    else:
        low, high = int(values.min()), int(values.max())
    if low < 0 or high >= size:
        bad = low if low < 0 else high
        raise out_of_range(f"{region.name} value {bad} is out of range [0, {size}) of the source")
