"""`ex.reduce`: pyvmvx's reduction of a strided region of up to 4 dimensions.

IREE has no reduction ukernel; `linalg.reduce` and reducing `linalg.generic`s would otherwise
run as scalar VM loops. The export computes one workgroup tile in one call:

    ex.reduce(op : i32, types : i32, axes : i32,
              in, in_offset, in_strides[4], out, out_offset, out_strides[4], sizes[4])

computes `out[i] = op(in[i, r_n], ... op(in[i, r_1], out[i]))` over the reduced positions
`r` in row-major order, as `linalg.reduce` with the body `op(in, init)` does: bit `d` of
`axes` (bits 0 to 3 only) reduces dimension `d`, whose output stride is ignored (the output
region checked has size 1 there). `op` is an `ex` elementwise op code (`vmvx_ex_elementwise.OPS`) of
`REDUCE_OPS`, `types` is `src | dst << 8` with `src == dst` a float or i8..i64 type. The
output's initial value is always combined (a `linalg.fill` before is a separate call). Bounds
are checked as `ex.binary.4d`'s (`check_nd`) before any view, the input's work is bounded
(`check_work`, for 0 strides) and the output is written through `vmvx_common.store` (a
self-overlapping output keeps the last position's result).

Semantics are the scalar VM's: integers wrap; `maximumf`/`minimumf` propagate NaN and order
-0.0 below +0.0; `maxnumf`/`minnumf` ignore NaN and of equal operands keep the earlier one
(the right operand), so max/min results are bit-identical (up to NaN payloads) to the scalar
loop: numpy's `reduce` of its pick, then the zeros' signs set as the loop's order gives them,
then the elementwise op with the initial value. Float sums and products use numpy's pairwise
`reduce` (f16 in f32, rounded once) and add the initial value last: they may differ from the
sequential loop by rounding, within
`n * eps * sum(|x|)` for `n` reduced elements.
"""

from math import prod

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import U64, Box, check_work, locate, store, work_limit
from pyvmvx.runtime.modules.vmvx_ex_elementwise import (
    _STORAGE,
    OP_TABLE,
    OPS,
    RANK,
    TYPES,
    check_nd,
)
from pyvmvx.runtime.status import invalid_argument

SIGNATURE = "0iii" + "r" + "I" * (1 + RANK) + "r" + "I" * (1 + RANK) + "I" * RANK + "_v"
REDUCE_OPS = frozenset(
    f"arith.{name}"
    for name in (
        "addf",
        "addi",
        "mulf",
        "muli",
        "maximumf",
        "minimumf",
        "maxnumf",
        "minnumf",
        "maxsi",
        "minsi",
        "maxui",
        "minui",
    )
)
"""The combining ops `ex.reduce` takes."""

_SUMS = {
    "arith.addf": np.add,
    "arith.addi": np.add,
    "arith.mulf": np.multiply,
    "arith.muli": np.multiply,
}


_PICKS: dict[str, tuple[np.ufunc, bool]] = {
    "arith.maximumf": (np.maximum, False),
    "arith.minimumf": (np.minimum, False),
    "arith.maxnumf": (np.fmax, False),
    "arith.minnumf": (np.fmin, False),
    "arith.maxsi": (np.maximum, False),
    "arith.minsi": (np.minimum, False),
    "arith.maxui": (np.maximum, True),
    "arith.minui": (np.minimum, True),
}
"""numpy's reduction of each pick op, and whether it reads the values as unsigned."""
_EVERY = slice(None)


def ex_reduce(op: int, types: int, axes: int, *args: object) -> tuple[()]:
    """The `ex.reduce` export (see the module docstring)."""
    name = OPS[op] if 0 <= op < len(OPS) else None
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if (
        name not in REDUCE_OPS
        or types >> 16
        or axes & ~((1 << RANK) - 1)
        or src != dst
        or src == TYPES["i1"]
        or not OP_TABLE[name].accepts(src, dst)
    ):
        raise invalid_argument("unhandled flags")
    dtype = _STORAGE[src]
    sizes = tuple(s & U64 for s in args[-RANK:])  # type: ignore[operator]
    reduced = [d for d in range(RANK) if axes >> d & 1]
    out_sizes = tuple(1 if d in reduced else n for d, n in enumerate(sizes))
    width = 2 + RANK
    checked = []
    for index, (label, shape) in enumerate((("in", sizes), ("out", out_sizes))):
        ref, offset, *strides = args[index * width : (index + 1) * width]
        if index:  # a reduced dimension's output stride addresses nothing
            strides = [0 if d in reduced else s for d, s in enumerate(strides)]
        buffer = check_nd(label, ref, dtype.itemsize, offset, strides, shape, bool(index))  # type: ignore[arg-type]
        checked.append((label, buffer, dtype, offset, shape, tuple(strides)))
    if 0 in out_sizes or 0 in sizes:  # nothing written, or nothing combined into `out`
        return ()
    source, target = (locate(*item) for item in checked)  # type: ignore[arg-type]
    buffers = (source.buffer, target.buffer)
    limit = work_limit(buffers)
    kept = [d for d in range(RANK) if d not in reduced]

    def compute(out: np.ndarray, box: Box) -> None:
        x = source.select(tuple(_EVERY if d in reduced else box[d] for d in range(RANK)))
        check_work("in", prod(x.shape), limit)
        count = prod(out.shape)  # kept positions, one row each
        values = x.array().transpose(*kept, *reduced).reshape(count, -1)
        init = target.select(box).array().reshape(count)
        with np.errstate(all="ignore"):
            total = _combine(name, src, _reduce(name, src, values), init)
        np.copyto(out, total.reshape(out.shape), casting="unsafe")

    store(target, compute, buffers)
    return ()


def _reduce(name: str, code: int, values: np.ndarray) -> np.ndarray:
    """`values` (at least one position on the last axis) reduced over the last axis."""
    if name in _SUMS:
        if code == TYPES["f16"]:
            values = values.astype(np.float32)
        if name == "arith.addf":  # numpy starts from +0.0, which turns a sum of -0.0 positive
            return np.add.reduce(values, axis=-1, initial=-0.0)
        return _SUMS[name].reduce(values, axis=-1)
    ufunc, unsigned = _PICKS[name]
    if unsigned:
        bits = np.dtype(f"u{values.dtype.itemsize}")
        return ufunc.reduce(values.view(bits), axis=-1).view(values.dtype)
    result = ufunc.reduce(values, axis=-1)
    if values.dtype.kind == "f":
        _fix_zeros(name, values, result)
    return result


def _fix_zeros(name: str, values: np.ndarray, result: np.ndarray) -> None:
    """Give the zeros of `result` the sign the scalar loop gives them: `maximumf` -0.0 only
    if every zero is, `minimumf` if any is, `maxnumf`/`minnumf` the first zero's."""
    zero = result == 0
    if not zero.any():
        return
    rows = values[zero]
    negative = np.signbit(rows) & (rows == 0)
    if name == "arith.maximumf":
        signs = np.all(negative | (rows != 0), axis=-1)
    elif name == "arith.minimumf":
        signs = np.any(negative, axis=-1)
    else:
        first = np.argmax(rows == 0, axis=-1)
        signs = np.take_along_axis(negative, first[:, None], axis=-1)[:, 0]
    result[zero] = np.where(signs, -0.0, 0.0)


def _combine(name: str, code: int, later: np.ndarray, earlier: np.ndarray) -> np.ndarray:
    """`op(later, earlier)` elementwise, in the element type (sums of f16 in f32)."""
    if name in ("arith.addf", "arith.mulf") and code == TYPES["f16"]:
        return _SUMS[name](later, earlier.astype(np.float32))
    result = OP_TABLE[name].compute([later, earlier], code, code)
    return np.asarray(result).astype(earlier.dtype, copy=False)
