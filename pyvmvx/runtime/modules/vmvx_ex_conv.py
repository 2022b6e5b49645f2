"""`ex.conv`, `ex.conv.3d`, `ex.pool`, `ex.pool.3d`: pyvmvx's direct convolution and pooling
on strided operands.

IREE has no convolution or pooling ukernel; `linalg.conv_*`/`pooling_*` would otherwise run
as scalar VM loops. Each export computes one workgroup tile of any layout in one call:

    ex.conv(types : i32, flags : i32,
            in, in_offset, in_stride_n, in_stride_g, in_stride_h, in_stride_w, in_stride_c,
            filter, filter_offset, filter_stride_g, filter_stride_kh, filter_stride_kw,
              filter_stride_c, filter_stride_f,
            out, out_offset, out_stride_n, out_stride_g, out_stride_oh, out_stride_ow,
              out_stride_f,
            n, g, oh, ow, f, kh, kw, c, stride_h, stride_w, dilation_h, dilation_w)

computes `out[n, g, y, x, f] (+)= sum_{i, j, c} in[n, g, y*sh + i*dh, x*sw + j*dw, c] *
filter[g, i, j, c, f]`. `ex.conv.3d` is the same with three spatial dimensions (d, h, w:
a stride per operand, an output size, a kernel size, a stride and a dilation each, in that
order) and two more i64 arguments, the zero points: `out (+)= sum (in - in_zp) * (filter -
filter_zp)`, as `linalg`'s quantized `_q` convolutions compute it (1-D and 2-D ones call it
with a depth of 1); zero points read as signed, and nonzero ones for float types are
INVALID_ARGUMENT. Offsets, strides and sizes count elements, as in IREE's exports, so
NHWC/HWCF, NCHW/FCHW, lower ranks (a spatial dim of size 1), grouped or depthwise
convolutions (c = f = 1, the channel as the group) are all strides. The input region checked
is `(n, g, span..., c)` with `span = (out-1)*stride + (kernel-1)*dilation + 1` per spatial
dim (0 if the output or kernel size is 0; at most 2**64 - 1, so a longer one fails the size
check). `types` and `flags` are those of `ex.matmul`
(`vmvx_ex_matmul`), with its semantics: floats summed in the output type (f16 in f32, rounded
once), integers exact and wrapped (a zero point counts modulo the output's width, as MLIR's
cast of it to the output type does); conv strides and dilations must be in [1, 2**32) (else
INVALID_ARGUMENT).

The sum runs over the filter taps, each a batched matmul of a strided view of the input (a
sub-grid of the located input region, located again as a window region; copied only where
BLAS cannot take it or a zero point shifts it) with one tap of the filter, into a temporary
accumulator; the output is written once through `vmvx_common.store`, so an output sharing
memory with an input sees the inputs as they were.

    ex.pool(op : i32, types : i32,
            in, in_offset, in_stride_n, in_stride_c, in_stride_h, in_stride_w,
            out, out_offset, out_stride_n, out_stride_c, out_stride_oh, out_stride_ow,
            n, c, oh, ow, kh, kw, stride_h, stride_w, dilation_h, dilation_w)

computes `out[n, c, y, x] = op(... op(out[n, c, y, x], cast(in[n, c, y*sh, x*sw])) ...,
cast(in[n, c, y*sh + i*dh, x*sw + j*dw]))` over the window taps (i, j) in row-major order,
as `linalg`'s pooling ops do; `ex.pool.3d` is the same with three spatial dimensions. `op` is
an `ex` elementwise op code (`vmvx_ex_elementwise.OPS`) of `POOL_OPS` with its exact
semantics (NaN and signed zeros of `maximumf`/`minimumf`, f16 rounded after each step) on the
output type; `types` is `src | dst << 8 | unsigned << 16` (`POOL_TYPES`), `cast` MLIR's
`cast_signed` from `src` to `dst` (`cast_unsigned` with `UNSIGNED_CAST`; `cast_op` names
the `arith` op), with the `ex` cast ops' semantics. An empty window leaves `out` unchanged.
"""

import itertools
from collections.abc import Iterator, Sequence
from math import prod
from typing import NamedTuple

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    U64,
    Box,
    Kernel,
    Region,
    check_work,
    locate,
    operand_regions,
    store,
    to_i64,
    work_limit,
)
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OP_TABLE, OPS, TYPES, Op
from pyvmvx.runtime.modules.vmvx_ex_matmul import _DTYPES, ACCUMULATE, _blasable, accepts
from pyvmvx.runtime.status import invalid_argument

SPATIAL = {"ex.conv": 2, "ex.conv.3d": 3, "ex.pool": 2, "ex.pool.3d": 3}
"""The spatial rank of each export."""
ZERO_POINTS = frozenset(("ex.conv.3d",))
"""The convolution exports that take zero points."""


def conv_signature(name: str) -> str:
    """The calling convention of convolution export `name`."""
    spatial = SPATIAL[name]
    zero_points = 2 if name in ZERO_POINTS else 0
    return "0ii" + ("r" + "I" * (spatial + 4)) * 3 + "I" * (4 * spatial + 4 + zero_points) + "_v"


def pool_signature(name: str) -> str:
    """The calling convention of pooling export `name`."""
    spatial = SPATIAL[name]
    return "0ii" + ("r" + "I" * (spatial + 3)) * 2 + "I" * (4 * spatial + 2) + "_v"


POOL_OPS = frozenset(
    f"arith.{name}"
    for name in ("addf", "addi", "maximumf", "minimumf", "maxsi", "minsi", "maxui", "minui")
)
"""The combining ops `ex.pool` takes (those of `linalg`'s pooling ops)."""
POOL_TYPES = frozenset(_DTYPES)
"""The type codes `ex.pool` takes for its input and output (floats, i8 to i64)."""
UNSIGNED_CAST = 1 << 16
"""`ex.pool`'s `types` bit converting the input as MLIR's `cast_unsigned` (else `cast_signed`)."""

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_HIGH32 = U64 ^ 0xFFFFFFFF
_EVERY = slice(None)


class Window(NamedTuple):
    """Per spatial dimension: output size, kernel size, stride and dilation."""

    out: tuple[int, ...]
    kernel: tuple[int, ...]
    stride: tuple[int, ...]
    dilation: tuple[int, ...]

    def spans(self) -> tuple[int, ...]:
        """The input extent of each spatial dimension a window reads, at most 2**64 - 1: a
        longer one fails the input's size check instead of wrapping to an empty (or
        one-element) region that 2**64 kernel taps would then walk."""
        return tuple(
            min((o - 1) * s + (k - 1) * d + 1, U64) if o and k else 0
            for o, k, s, d in zip(self.out, self.kernel, self.stride, self.dilation, strict=True)
        )

    def taps(self) -> Iterator[tuple[int, ...]]:
        """The kernel positions in row-major order."""
        return itertools.product(*(range(k) for k in self.kernel))


def _window(out: Sequence[object], kernel: Sequence[object], steps: Sequence[object]) -> Window:
    """The window (unsigned sizes) from the export's arguments, checking that the strides and
    dilations (`steps`) are in [1, 2**32)."""
    steps = tuple(s & U64 for s in steps)  # type: ignore[operator]
    if any(not 1 <= s or s & _HIGH32 for s in steps):
        raise invalid_argument("convolution strides and dilations must be in [1, 2**32)")
    half = len(steps) // 2
    return Window(
        tuple(s & U64 for s in out),  # type: ignore[operator]
        tuple(s & U64 for s in kernel),  # type: ignore[operator]
        steps[:half],
        steps[half:],
    )


def _windows(x: Region, window: Window, box: Box) -> np.ndarray:
    """The `(n, g, out..., kernel..., rest...)` input windows of `x` (dims n, g, spatial...,
    rest...) at the output positions `box` (one slice per spatial dim), located again (each
    element is one of x's)."""
    spatial = len(window.out)
    sn, sg, *steps = x.strides
    inner, rest = steps[:spatial], steps[spatial:]
    shape = (*x.shape[:2], *window.out, *window.kernel, *x.shape[2 + spatial :])
    strides = (
        sn,
        sg,
        *(a * s for a, s in zip(inner, window.stride, strict=True)),
        *(a * d for a, d in zip(inner, window.dilation, strict=True)),
        *rest,
    )
    region = locate(x.name, x.buffer, x.dtype, x.offset, shape, strides)
    every = (_EVERY,) * (spatial + len(rest))
    return region.select((_EVERY, _EVERY, *box, *every)).array()


def _peak(array: np.ndarray) -> int:
    """The largest |value| of integer `array` (0 if empty)."""
    if array.size == 0:
        return 0
    return max(abs(int(array.max())), abs(int(array.min())))


def _accumulator(out_dtype: np.dtype, bound: int) -> np.dtype:
    """The dtype the taps are summed in: the output's float type (f32 for f16); for integers
    f32 or f64 while every partial sum is exact in it (`bound`: the largest |sum|), else
    uint64 (wrapping, exact modulo the output's width)."""
    if out_dtype.kind == "f":
        return _F64 if out_dtype == _F64 else _F32
    if bound <= 1 << 24:
        return _F32
    return _F64 if bound <= 1 << 53 else np.dtype(np.uint64)


def conv_kernel(name: str) -> Kernel:
    """The convolution export `name` (`ex.conv`, `ex.conv.3d`; see the module docstring)."""
    spatial = SPATIAL[name]
    width = spatial + 5  # buffer, offset, strides
    sizes_at = 3 * width
    steps_at = sizes_at + 2 * spatial + 4

    def kernel(types: int, flags: int, *args: object) -> tuple[()]:
        src, dst = types & 0xFF, (types >> 8) & 0xFF
        if types >> 16 or flags & ~ACCUMULATE or not accepts(src, dst):
            raise invalid_argument("unhandled flags")
        in_type, out_type = _DTYPES[src], _DTYPES[dst]
        sizes = tuple(s & U64 for s in args[sizes_at:steps_at])  # type: ignore[operator]
        n, g, *out, f = sizes[: spatial + 3]
        *kernel_sizes, c = sizes[spatial + 3 :]
        window = _window(out, kernel_sizes, args[steps_at : steps_at + 2 * spatial])
        zero_points = (0, 0)
        if name in ZERO_POINTS:
            zero_points = tuple(to_i64(z) for z in args[steps_at + 2 * spatial :])  # type: ignore[arg-type]
            if in_type.kind == "f" and any(zero_points):
                raise invalid_argument("zero points of a float convolution must be 0")
        shapes = (
            ("in", in_type, (n, g, *window.spans(), c), False),
            ("filter", in_type, (g, *window.kernel, c, f), False),
            ("out", out_type, (n, g, *window.out, f), True),
        )
        accumulate = bool(flags & ACCUMULATE)
        depth = prod(window.kernel) * c
        regions = operand_regions(
            [
                (label, args[at], dtype, args[at + 1], shape, args[at + 2 : at + width], write)
                for at, (label, dtype, shape, write) in zip(
                    range(0, 3 * width, width), shapes, strict=True
                )
            ],  # type: ignore[misc]
            needed=not (0 in (n, g, *window.out, f) or (depth == 0 and accumulate)),
        )
        if regions is None:
            return ()
        image, weights, target = regions
        _convolve(image, weights, target, window, zero_points, accumulate)
        return ()

    return kernel


def _convolve(
    image: Region,
    weights: Region,
    target: Region,
    window: Window,
    zero_points: tuple[int, ...],
    accumulate: bool,
) -> None:
    """`target (+)= conv(image - zero_points[0], weights - zero_points[1])` (located
    regions of the export's operands)."""
    buffers = (image.buffer, weights.buffer, target.buffer)
    limit = work_limit(buffers)
    out_type = target.dtype
    depth = prod(window.kernel) * image.shape[-1]
    spatial = len(window.out)
    in_zp, filter_zp = zero_points

    def compute(out: np.ndarray, box: Box) -> None:
        old = target.select(box).array() if accumulate else None
        if not depth:
            out[...] = 0
            return
        bn, bg, *bo, bf = box
        x = image.select((bn, bg, *[_EVERY] * (spatial + 1)))
        w = weights.select((bg, *[_EVERY] * (spatial + 1), bf))
        check_work("in", prod(x.shape), limit)
        check_work("filter", prod(w.shape), limit)
        windows = _windows(x, window, tuple(bo))
        x_array, w_array = x.array(), w.array()
        if out_type.kind == "f":
            acc_type = _accumulator(out_type, 0)
        else:
            x_peak = 1 << 7 if x_array.itemsize == 1 else _peak(x_array)
            w_peak = 1 << 7 if w_array.itemsize == 1 else _peak(w_array)
            bound = depth * (x_peak + abs(in_zp)) * (w_peak + abs(filter_zp))
            acc_type = _accumulator(out_type, bound)
        shift_in, shift_filter = (_shift(z, acc_type) for z in zero_points)
        total = np.zeros(out.shape, acc_type)
        lead = (_EVERY,) * (2 + spatial)
        with np.errstate(all="ignore"):
            for tap in window.taps():
                lhs = windows[(*lead, *tap)]  # (n, g, out..., c)
                if lhs.dtype != acc_type or not _blasable(lhs):
                    lhs = _cast(lhs, acc_type)
                if shift_in is not None:  # a new array: the casts may be views of the input
                    lhs = lhs - shift_in
                # (1, g, 1..., c, f): one tap, broadcast over the batch and outer rows
                rhs = _cast(w_array[(_EVERY, *tap)], acc_type)
                if shift_filter is not None:
                    rhs = rhs - shift_filter
                rhs = rhs.reshape((1, rhs.shape[0], *[1] * (spatial - 1), *rhs.shape[1:]))
                # one channel: an outer product (depthwise), elementwise over the batch
                total += lhs * rhs if lhs.shape[-1] == 1 else np.matmul(lhs, rhs)
            if out_type.kind == "f":
                if old is not None:
                    total += old
                np.copyto(out, total, casting="unsafe")
                return
        wrapped = np.dtype(f"u{out_type.itemsize}")
        bits = total if acc_type.kind == "u" else total.astype(np.int64).view(np.uint64)
        if old is not None:
            bits += old.astype(np.int64).view(np.uint64)
        np.copyto(out.view(wrapped), bits, casting="unsafe")

    store(target, compute, buffers)


def _shift(zero_point: int, dtype: np.dtype) -> np.generic | None:
    """A zero point as a scalar of the accumulator `dtype` (wrapped in uint64), or None if 0."""
    if not zero_point:
        return None
    return dtype.type(zero_point & U64 if dtype.kind == "u" else zero_point)


def _cast(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`array` as a C-contiguous array of `dtype` (itself if it is one; integers through
    int64 when summed in uint64, so they wrap)."""
    if dtype.kind == "u":
        return np.ascontiguousarray(array, np.int64).view(np.uint64)
    return np.ascontiguousarray(array, dtype)


def cast_op(src: int, dst: int, unsigned: bool) -> str | None:
    """The `arith` op of MLIR's `cast_signed` (`cast_unsigned`) from type code `src` to `dst`
    (`ex.pool`'s input conversion), None if they are the same type."""
    if src == dst:
        return None
    source, target = _DTYPES[src], _DTYPES[dst]
    if source.kind == target.kind == "i":
        if target.itemsize < source.itemsize:
            return "arith.trunci"
        return "arith.extui" if unsigned else "arith.extsi"
    if source.kind == target.kind == "f":
        return "arith.extf" if target.itemsize > source.itemsize else "arith.truncf"
    if source.kind == "i":
        return "arith.uitofp" if unsigned else "arith.sitofp"
    return "arith.fptoui" if unsigned else "arith.fptosi"


def pool_kernel(name: str) -> Kernel:
    """The pooling export `name` (`ex.pool`, `ex.pool.3d`; see the module docstring)."""
    spatial = SPATIAL[name]
    width = spatial + 4  # buffer, offset, strides
    sizes_at = 2 * width

    def kernel(op: int, types: int, *args: object) -> tuple[()]:
        combine = OPS[op] if 0 <= op < len(OPS) else None
        src, dst = types & 0xFF, (types >> 8) & 0xFF
        if combine not in POOL_OPS or types >> 17 or src not in POOL_TYPES or dst not in POOL_TYPES:
            raise invalid_argument("unhandled flags")
        entry, in_type, dtype = OP_TABLE[combine], _DTYPES[src], _DTYPES[dst]
        if not entry.accepts(dst, dst):
            raise invalid_argument("unhandled flags")
        cast = cast_op(src, dst, bool(types & UNSIGNED_CAST))
        n, c, *out = (s & U64 for s in args[sizes_at : sizes_at + 2 + spatial])  # type: ignore[operator]
        steps_at = sizes_at + 2 + 2 * spatial
        window = _window(out, args[sizes_at + 2 + spatial : steps_at], args[steps_at:])
        regions = operand_regions(
            [
                ("in", args[0], in_type, args[1], (n, c, *window.spans()), args[2:width], False),
                (
                    "out",
                    args[width],
                    dtype,
                    args[width + 1],
                    (n, c, *window.out),
                    args[width + 2 : sizes_at],
                    True,
                ),
            ],  # type: ignore[list-item]
            needed=0 not in (n, c, *window.out, *window.kernel),
        )
        if regions is None:
            return ()
        image, target = regions
        _pool(combine, cast, (src, dst), image, target, window)
        return ()

    return kernel


def _pool(
    name: str,
    cast: str | None,
    codes: tuple[int, int],
    image: Region,
    target: Region,
    window: Window,
) -> None:
    """`target = name(... name(target, cast(tap_1)) ..., cast(tap_n))` over the window taps
    of the located regions `image` and `target` (of type codes `codes`). `maximumf` and
    `minimumf` take numpy's pick, one pass per tap, and then the exact op only at the outputs
    where the two may differ (`_suspects`)."""
    src, dst = codes
    entry = OP_TABLE[name]
    dtype = target.dtype
    buffers = (image.buffer, target.buffer)
    pick = _PICKS.get(name)
    limit = work_limit(buffers)
    spatial = len(window.out)

    def taps(windows: np.ndarray) -> Iterator[np.ndarray]:
        """The cast taps of `windows` (outputs..., kernel...) in window order."""
        for position in window.taps():
            tap = windows[(..., *position)]
            if cast is not None:
                tap = np.asarray(OP_TABLE[cast].compute([tap], src, dst))
                tap = tap.astype(dtype, casting="unsafe", copy=False)
            yield tap

    def compute(out: np.ndarray, box: Box) -> None:
        bn, bc, *bo = box
        x = image.select((bn, bc, *[_EVERY] * spatial))
        check_work("in", prod(x.shape), limit)
        windows = _windows(x, window, tuple(bo))
        initial = target.select(box).array()
        total = initial.copy(order="K")  # the layout the taps often share
        with np.errstate(all="ignore"):
            if pick is None:
                total = _fold(entry, dst, total, taps(windows))
            else:
                for tap in taps(windows):
                    pick(total, tap, out=total)
                suspect = _suspects(pick, total)
                if suspect is not None and np.count_nonzero(suspect) * _GATHER > suspect.size:
                    total = _fold(entry, dst, initial.copy(order="K"), taps(windows))
                elif suspect is not None:
                    flat = np.flatnonzero(suspect)  # 10x faster than n-d nonzero
                    at = np.unravel_index(flat, suspect.shape)
                    total[at] = _fold(entry, dst, initial[at], taps(windows[at]))
        np.copyto(out, total, casting="unsafe")

    store(target, compute, buffers)


_PICKS = {"arith.maximumf": np.maximum, "arith.minimumf": np.minimum}
"""numpy's pick of the float pooling ops `maximumf`/`minimumf`: it propagates NaN, and has
their result but for a signed zero's sign and a NaN's bits."""
_GATHER = 8
"""Above 1/8 of the outputs suspect, the exact op reruns on all of them: gathering the
taps of one output (`windows[at]`) costs about as much as eight of the exact op's passes."""


def _suspects(pick: np.ufunc, total: np.ndarray) -> np.ndarray | None:
    """Where `pick`'s fold `total` may differ in bits from the exact op's: the NaNs (whose
    bits the op's order gives) and the zeros of the sign `pick` may have taken wrongly (-0.0
    for max, which is right only if no +0.0 was among the values; +0.0 for min); None if
    nowhere (the common case: two cheap scans, numpy's `max` propagating NaN)."""
    nan, zero = bool(np.isnan(total.max())), bool((total == 0).any())
    if not (nan or zero):
        return None
    suspect = np.isnan(total) if nan else np.zeros(total.shape, bool)
    if zero:
        suspect |= (total == 0) & (np.signbit(total) == (pick is np.maximum))
    return suspect if suspect.any() else None


def _fold(entry: Op, dst: int, total: np.ndarray, taps: Iterator[np.ndarray]) -> np.ndarray:
    """`entry(... entry(total, tap_1) ..., tap_n)` exactly, in `total`'s dtype (of type code
    `dst`); `total` may be overwritten."""
    dtype = total.dtype
    direct = None if dst == TYPES["f16"] else entry.direct  # exact on all but f16
    spare = np.empty_like(total)
    for tap in taps:
        if direct is None:
            step = entry.compute([total, tap], dst, dst)
            total = np.asarray(step).astype(dtype, casting="unsafe")
        else:  # straight into the spare array, then swap
            direct(total, tap, out=spare)
            total, spare = spare, total
    return total
