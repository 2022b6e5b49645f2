"""`ex.reduce`, `ex.argreduce`: pyvmvx's reductions of a strided region of up to 4
dimensions.

IREE has no reduction ukernel; `linalg.reduce` and reducing `linalg.generic`s would otherwise
run as scalar VM loops. Each export computes one workgroup tile in one call:

    ex.reduce(op : i32, types : i32, axes : i32,
              in, in_offset, in_strides[4], out, out_offset, out_strides[4], sizes[4])

computes `out[i] = op(in[i, r_n], ... op(in[i, r_1], out[i]))` over the reduced positions
`r` in row-major order, as `linalg.reduce` with the body `op(in, init)` does: bit `d` of
`axes` (bits 0 to 3 only) reduces dimension `d`, whose output stride is ignored (the output
region checked has size 1 there). `op` is an `ex` elementwise op code (`vmvx_ex_elementwise.OPS`) of
`REDUCE_OPS`, `types` is `src | dst << 8` with `src == dst` a float or i8..i64 type (or i1
for `andi`/`ori`/`xori`, bit 0 of each byte read). The
output's initial value is always combined (a `linalg.fill` before is a separate call).

    ex.argreduce(op : i32, types : i32, axis : i32,
                 in, in_offset, in_strides[4], value, value_offset, value_strides[4],
                 index, index_offset, index_strides[4], sizes[4])

is torch-mlir's argmax/argmin body run over dimension `axis` (0 to 3): for each position `r`
in order, `index = r` if `in[r]` compares strictly better than `value` (`ARG_OPS`: greater
for `maximumf`/`maxsi`/`maxui`, less for the min ops; ordered for floats, unsigned for the
`ui` ops), then `value = op(in[r], value)`. So `index` ends at the first position of the best
value if that beats the initial `value`, else keeps its initial contents; a NaN makes every
later compare false, so only the positions before a row's first NaN count (none if the
initial value is NaN) while `value` becomes NaN. `types` is `src | index type << 8`, `src` a
float or i8..i64 type accepted by `op`, the index type i32 or i64 (positions wrap to i32).
The index is written before the value (if the two regions share bytes, the value is computed
from what is there then), and restored if the value's store then refuses the call.

Both check their operands as `ex.binary.4d`'s (`check_nd`) before any view, bound the
input's work (`check_work`, for 0 strides) and write their outputs through
`vmvx_common.store` (a self-overlapping output keeps the last position's result).

Semantics are the scalar VM's: integers wrap; `maximumf`/`minimumf` propagate NaN and order
-0.0 below +0.0; `maxnumf`/`minnumf` ignore NaN and of equal operands keep the earlier one
(the right operand), so max/min results are bit-identical (up to NaN payloads) to the scalar
loop: numpy's `reduce` of its pick, then the zeros' signs set as the loop's order gives them,
then the elementwise op with the initial value. Float sums and products use numpy's pairwise
`reduce` (f16 in f32, rounded once) and add the initial value last: they may differ from the
sequential loop by rounding, within
`n * eps * sum(|x|)` for `n` reduced elements.
"""

from collections.abc import Callable, Sequence
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
from pyvmvx.runtime.modules.vmvx_ex_elementwise import (
    _STORAGE,
    OP_TABLE,
    OPS,
    RANK,
    TYPES,
)
from pyvmvx.runtime.status import StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer

SIGNATURE = "0iii" + ("r" + "I" * (1 + RANK)) * 2 + "I" * RANK + "_v"
ARG_SIGNATURE = "0iii" + ("r" + "I" * (1 + RANK)) * 3 + "I" * RANK + "_v"
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
        "andi",
        "ori",
        "xori",
    )
)
"""The combining ops `ex.reduce` takes."""

BITWISE = {"arith.andi": np.bitwise_and, "arith.ori": np.bitwise_or, "arith.xori": np.bitwise_xor}
"""The ops `ex.reduce` also takes on i1 (one byte, bit 0 read)."""

ARG_OPS = {
    "arith.maximumf": np.greater,
    "arith.minimumf": np.less,
    "arith.maxsi": np.greater,
    "arith.minsi": np.less,
    "arith.maxui": np.greater,
    "arith.minui": np.less,
}
"""The value ops `ex.argreduce` takes, and the strict compare that moves the index."""

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
Compute = Callable[[np.ndarray, Box], None]
"""How `vmvx_common.store` computes an output: `compute(out, box)`."""


def ex_reduce(op: int, types: int, axes: int, *args: object) -> tuple[()]:
    """The `ex.reduce` export (see the module docstring)."""
    name = OPS[op] if 0 <= op < len(OPS) else None
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if (
        name not in REDUCE_OPS
        or types >> 16
        or axes & ~((1 << RANK) - 1)
        or src != dst
        or (src == TYPES["i1"] and name not in BITWISE)
        or not OP_TABLE[name].accepts(src, dst)
    ):
        raise invalid_argument("unhandled flags")
    reduced = [d for d in range(RANK) if axes >> d & 1]
    located = _operands(args, reduced, [_STORAGE[src]])
    if located is None:
        return ()
    rows, (target,) = located
    store(target, _reduction(name, src, rows, target), rows.buffers)
    return ()


def ex_argreduce(op: int, types: int, axis: int, *args: object) -> tuple[()]:
    """The `ex.argreduce` export (see the module docstring)."""
    name = OPS[op] if 0 <= op < len(OPS) else None
    src, index_type = types & 0xFF, (types >> 8) & 0xFF
    if (
        name not in ARG_OPS
        or types >> 16
        or not 0 <= axis < RANK
        or index_type not in (TYPES["i32"], TYPES["i64"])
        or src == TYPES["i1"]
        or not OP_TABLE[name].accepts(src, src)
    ):
        raise invalid_argument("unhandled flags")
    dtypes = [_STORAGE[src], _STORAGE[index_type]]
    located = _operands(args, [axis], dtypes)
    if located is None:
        return ()
    rows, (value, index) = located

    def compute_index(out: np.ndarray, box: Box) -> None:
        values = rows(box)
        count = values.shape[0]
        init = value.select(box).array().reshape(count)
        moved = _arg_index(name, values, init)
        old = index.select(box).array().reshape(count)
        np.copyto(out, np.where(moved >= 0, moved, old).reshape(out.shape), casting="unsafe")

    written = index.byte_span()
    before = written.copy()
    store(index, compute_index, rows.buffers)  # reads the value's initial contents
    try:
        store(value, _reduction(name, src, rows, value), rows.buffers)
    except StatusError:  # the value's own work bound: a refused call changes nothing
        written[...] = before
        raise
    return ()


class _Rows:
    """The input of a reduction as rows: `rows(box)` is the (kept positions in `box`,
    reduced positions) matrix, in row-major order of each."""

    def __init__(self, source: Region, reduced: list[int], buffers: list[Buffer]) -> None:
        self.source = source
        self.reduced = reduced
        self.kept = [d for d in range(RANK) if d not in reduced]
        self.buffers = buffers
        self.limit = work_limit(buffers)

    def __call__(self, box: Box) -> np.ndarray:
        selected = tuple(_EVERY if d in self.reduced else box[d] for d in range(RANK))
        x = self.source.select(selected)
        check_work("in", prod(x.shape), self.limit)
        count = prod(x.shape[d] for d in self.kept)
        return x.array().transpose(*self.kept, *self.reduced).reshape(count, -1)


def _operands(
    args: Sequence[object], reduced: list[int], dtypes: list[np.dtype]
) -> tuple[_Rows, list[Region]] | None:
    """Check the input (of `dtypes[0]`) and the outputs (one per dtype) of a reduction over
    the dims `reduced`, as `ex.binary.4d` checks its operands (an output's stride on a
    reduced dim addresses nothing: its region has size 1 there). Returns the input's rows and
    the outputs' regions, or None when nothing is to be written or combined."""
    sizes = tuple(s & U64 for s in args[-RANK:])  # type: ignore[operator]
    out_sizes = tuple(1 if d in reduced else n for d, n in enumerate(sizes))
    width = 2 + RANK
    operands = []
    labels = ["in", *_OUTPUT_LABELS[len(dtypes)]]
    for index, (label, dtype) in enumerate(zip(labels, [dtypes[0], *dtypes], strict=True)):
        ref, offset, *strides = args[index * width : (index + 1) * width]
        if index:
            strides = [0 if d in reduced else s for d, s in enumerate(strides)]
        shape = out_sizes if index else sizes
        operands.append((label, ref, dtype, offset, shape, strides, bool(index)))
    # with a zero size nothing is written, or nothing combined into the outputs
    regions = operand_regions(operands, needed=0 not in sizes)  # type: ignore[arg-type]
    if regions is None:
        return None
    source, *targets = regions
    buffers = [region.buffer for region in (source, *targets)]
    return _Rows(source, reduced, buffers), targets


_OUTPUT_LABELS = {1: ("out",), 2: ("value", "index")}


def _reduction(name: str, code: int, rows: _Rows, target: Region) -> Compute:
    """The `store` computation of `target = op(rows..., target)` (the element type `code`)."""

    def compute(out: np.ndarray, box: Box) -> None:
        values = rows(box)
        init = target.select(box).array().reshape(values.shape[0])
        with np.errstate(all="ignore"):
            total = _combine(name, code, _reduce(name, code, values), init)
        np.copyto(out, total.reshape(out.shape), casting="unsafe")

    return compute


def _arg_index(name: str, values: np.ndarray, init: np.ndarray) -> np.ndarray:
    """For each row of `values`, the position the scalar loop's index ends at, or -1 where it
    keeps its initial value: the loop moves it to `r` when `values[r]` compares strictly
    better (ordered for floats) than the running value, which starts at `init` and becomes
    `op(values[r], running)`. A NaN running value compares false for good, so only the
    positions before a row's first NaN count, and only if `init` is not NaN; of those, the
    first position holding their best value, if that beats `init` (numpy's argmax/argmin:
    one pass, the first of equal values, -0.0 equal to +0.0)."""
    better = ARG_OPS[name]
    if name in ("arith.maxui", "arith.minui"):
        bits = np.dtype(f"u{values.dtype.itemsize}")
        values, init = values.view(bits), init.view(bits)
    pick = np.argmax if better is np.greater else np.argmin
    first = pick(values, axis=-1)
    best = np.take_along_axis(values, first[:, None], axis=-1)[:, 0]
    if values.dtype.kind == "f":
        stopped = np.isnan(best)  # where numpy's pick stopped at the row's first NaN
        if stopped.any():
            worst = values.dtype.type(-np.inf if better is np.greater else np.inf)
            rows = values[stopped]
            before = np.arange(rows.shape[-1]) < first[stopped][:, None]
            rows = np.where(before, rows, worst)
            first[stopped] = pick(rows, axis=-1)
            best[stopped] = np.take_along_axis(rows, first[stopped][:, None], axis=-1)[:, 0]
    return np.where(better(best, init), first, -1)


def _reduce(name: str, code: int, values: np.ndarray) -> np.ndarray:
    """`values` (at least one position on the last axis) reduced over the last axis."""
    if name in BITWISE:
        return BITWISE[name].reduce(values & 1 if code == TYPES["i1"] else values, axis=-1)
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
    if name in BITWISE:
        return BITWISE[name](later, earlier & 1 if code == TYPES["i1"] else earlier)
    if name in ("arith.addf", "arith.mulf") and code == TYPES["f16"]:
        return _SUMS[name](later, earlier.astype(np.float32))
    result = OP_TABLE[name].compute([later, earlier], code, code)
    return np.asarray(result).astype(earlier.dtype, copy=False)
