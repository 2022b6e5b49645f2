"""`ex.conv` and `ex.pool`: pyvmvx's direct 2-D convolution and pooling on strided operands.

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
filter[g, i, j, c, f]`. Offsets, strides and sizes count elements, as in IREE's exports, so
NHWC/HWCF, NCHW/FCHW, 1-D (h of size 1) and grouped or depthwise convolutions (c = f = 1, the
channel as the group) are all strides. The input region checked is
`(n, g, (oh-1)*sh + (kh-1)*dh + 1, (ow-1)*sw + (kw-1)*dw + 1, c)` (0 on a side if oh or kh,
ow or kw is 0). `types` and `flags` are those of `ex.matmul` (`vmvx_ex_matmul`), with its
semantics: floats summed in the output type (f16 in f32, rounded once), integers exact and
wrapped; conv strides and dilations must be in [1, 2**32) (else INVALID_ARGUMENT).

The sum runs over the kh * kw filter taps, each a batched matmul of a strided view of the
input (a sub-grid of the located input region, located again as a 7-D window region; copied
only where BLAS cannot take it) with one tap of the filter, into a temporary accumulator;
the output is written once through `vmvx_common.store`, so an output sharing memory with an
input sees the inputs as they were.

    ex.pool(op : i32, types : i32,
            in, in_offset, in_stride_n, in_stride_c, in_stride_h, in_stride_w,
            out, out_offset, out_stride_n, out_stride_c, out_stride_oh, out_stride_ow,
            n, c, oh, ow, kh, kw, stride_h, stride_w, dilation_h, dilation_w)

computes `out[n, c, y, x] = op(... op(out[n, c, y, x], in[n, c, y*sh, x*sw]) ..., in[n, c,
y*sh + i*dh, x*sw + j*dw])` over the window taps (i, j) in row-major order, as `linalg`'s
pooling ops do: `op` is an `ex` elementwise op code (`vmvx_ex_elementwise.OPS`) of `POOL_OPS`
with its exact semantics (NaN and signed zeros of `maximumf`/`minimumf`, f16 rounded after
each step), `types` is `src | dst << 8` with `src == dst`. An empty window leaves `out`
unchanged.
"""

from math import prod

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    U64,
    Box,
    Region,
    check_work,
    locate,
    store,
    work_limit,
)
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OP_TABLE, OPS, TYPES, check_nd
from pyvmvx.runtime.modules.vmvx_ex_matmul import _DTYPES, ACCUMULATE, _blasable, accepts
from pyvmvx.runtime.status import invalid_argument

SIGNATURE = "0ii" + "rIIIIII" * 3 + "I" * 12 + "_v"
POOL_SIGNATURE = "0ii" + "rIIIII" * 2 + "I" * 10 + "_v"
POOL_OPS = frozenset(
    f"arith.{name}"
    for name in ("addf", "addi", "maximumf", "minimumf", "maxsi", "minsi", "maxui", "minui")
)
"""The combining ops `ex.pool` takes (those of `linalg`'s pooling ops)."""

_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_HIGH32 = U64 ^ 0xFFFFFFFF
_EVERY = slice(None)


def _span(out: int, kernel: int, stride: int, dilation: int) -> int:
    """The input extent a window of `out` outputs and `kernel` taps reads."""
    return (out - 1) * stride + (kernel - 1) * dilation + 1 if out and kernel else 0


def _window(args: tuple[object, ...]) -> tuple[int, ...]:
    """`(oh, ow, kh, kw, sh, sw, dh, dw)` (unsigned) from the export's last arguments,
    checking the strides and dilations."""
    window = tuple(s & U64 for s in args)  # type: ignore[operator]
    if any(not 1 <= s or s & _HIGH32 for s in window[4:]):
        raise invalid_argument("convolution strides and dilations must be in [1, 2**32)")
    return window


def _windows(x: Region, window: tuple[int, ...], box: Box) -> np.ndarray:
    """The `(n, g, oh, ow, kh, kw, rest...)` input windows of `x` (dims n, g, h, w, rest...)
    at output rows and columns `box`, located again (each element is one of x's)."""
    oh, ow, kh, kw, sh, sw, dh, dw = window
    sn, sg, sy, sx, *rest = x.strides
    shape = (*x.shape[:2], oh, ow, kh, kw, *x.shape[4:])
    strides = (sn, sg, sy * sh, sx * sw, sy * dh, sx * dw, *rest)
    region = locate(x.name, x.buffer, x.dtype, x.offset, shape, strides)
    return region.select((_EVERY, _EVERY, *box, *[_EVERY] * (2 + len(rest)))).array()


def _peak(array: np.ndarray) -> int:
    """The largest |value| of integer `array` (0 if empty)."""
    if array.size == 0:
        return 0
    return max(abs(int(array.max())), abs(int(array.min())))


def _accumulator(
    out_dtype: np.dtype, depth: int, image: np.ndarray, weights: np.ndarray
) -> np.dtype:
    """The dtype the taps are summed in: the output's float type (f32 for f16); for integers
    f32 or f64 while every partial sum of `depth` products is exact in it, else uint64
    (wrapping, exact modulo the output's width)."""
    if out_dtype.kind == "f":
        return _F64 if out_dtype == _F64 else _F32
    if image.itemsize == 1:
        bound = depth << 14  # |i8 * i8| <= 2**14
    else:
        bound = depth * _peak(image) * _peak(weights)
    if bound <= 1 << 24:
        return _F32
    return _F64 if bound <= 1 << 53 else np.dtype(np.uint64)


def ex_conv(types: int, flags: int, *args: object) -> tuple[()]:
    """The `ex.conv` export (see the module docstring)."""
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if types >> 16 or flags & ~ACCUMULATE or not accepts(src, dst):
        raise invalid_argument("unhandled flags")
    in_type, out_type = _DTYPES[src], _DTYPES[dst]
    n, g, _, _, f, _, _, c = (s & U64 for s in args[21:29])  # type: ignore[operator]
    window = _window((*args[23:25], *args[26:28], *args[29:33]))
    oh, ow, kh, kw, sh, sw, dh, dw = window
    ih, iw = _span(oh, kh, sh, dh), _span(ow, kw, sw, dw)
    operands = (
        ("in", in_type, (n, g, ih, iw, c), False),
        ("filter", in_type, (g, kh, kw, c, f), False),
        ("out", out_type, (n, g, oh, ow, f), True),
    )
    checked = []
    for index, (name, dtype, sizes, write) in enumerate(operands):
        ref, offset, *strides = args[7 * index : 7 * index + 7]
        buffer = check_nd(name, ref, dtype.itemsize, offset, strides, sizes, write)  # type: ignore[arg-type]
        checked.append((name, buffer, dtype, offset, sizes, tuple(strides)))
    accumulate = bool(flags & ACCUMULATE)
    depth = kh * kw * c
    if 0 in (n, g, oh, ow, f) or (depth == 0 and accumulate):
        return ()
    image, weights, target = (locate(*entry) for entry in checked)  # type: ignore[arg-type]
    buffers = (image.buffer, weights.buffer, target.buffer)
    limit = work_limit(buffers)

    def compute(out: np.ndarray, box: Box) -> None:
        old = target.select(box).array() if accumulate else None
        if not depth:
            out[...] = 0
            return
        bn, bg, by, bx, bf = box
        x = image.select((bn, bg, _EVERY, _EVERY, _EVERY))
        w = weights.select((bg, _EVERY, _EVERY, _EVERY, bf))
        check_work("in", prod(x.shape), limit)
        check_work("filter", prod(w.shape), limit)
        windows = _windows(x, window, (by, bx))
        x_array, w_array = x.array(), w.array()
        acc_type = _accumulator(out_type, depth, x_array, w_array)
        total = np.zeros(out.shape, acc_type)
        with np.errstate(all="ignore"):
            for i in range(kh):
                for j in range(kw):
                    lhs = windows[:, :, :, :, i, j, :]  # (n, g, oh, ow, c)
                    if lhs.dtype != acc_type or not _blasable(lhs):
                        lhs = _cast(lhs, acc_type)
                    rhs = _cast(w_array[None, :, i, j, None], acc_type)  # (1, g, 1, c, f)
                    # one channel: an outer product (depthwise), elementwise over the batch
                    total += lhs * rhs if c == 1 else np.matmul(lhs, rhs)
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
    return ()


def _cast(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """A C-contiguous copy of `array` in `dtype` (integers through int64 when summed in
    uint64, so they wrap)."""
    if dtype.kind == "u":
        return np.ascontiguousarray(array, np.int64).view(np.uint64)
    return np.ascontiguousarray(array, dtype)


def ex_pool(op: int, types: int, *args: object) -> tuple[()]:
    """The `ex.pool` export (see the module docstring)."""
    name = OPS[op] if 0 <= op < len(OPS) else None
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if name not in POOL_OPS or types >> 16 or src != dst or src not in _DTYPES:
        raise invalid_argument("unhandled flags")
    entry, dtype = OP_TABLE[name], _DTYPES[src]
    if not entry.accepts(src, dst):
        raise invalid_argument("unhandled flags")
    n, c = (s & U64 for s in args[12:14])  # type: ignore[operator]
    window = _window(args[14:22])
    oh, ow, kh, kw, sh, sw, dh, dw = window
    operands = (
        ("in", (n, c, _span(oh, kh, sh, dh), _span(ow, kw, sw, dw)), False),
        ("out", (n, c, oh, ow), True),
    )
    checked = []
    for index, (label, sizes, write) in enumerate(operands):
        ref, offset, *strides = args[6 * index : 6 * index + 6]
        buffer = check_nd(label, ref, dtype.itemsize, offset, strides, sizes, write)  # type: ignore[arg-type]
        checked.append((label, buffer, dtype, offset, sizes, tuple(strides)))
    if 0 in (n, c, oh, ow, kh, kw):
        return ()
    image, target = (locate(*item) for item in checked)  # type: ignore[arg-type]
    buffers = (image.buffer, target.buffer)
    direct = None if src == TYPES["f16"] else entry.direct  # exact on all but f16
    limit = work_limit(buffers)

    def compute(out: np.ndarray, box: Box) -> None:
        bn, bc, by, bx = box
        x = image.select((bn, bc, _EVERY, _EVERY))
        check_work("in", prod(x.shape), limit)
        windows = _windows(x, window, (by, bx))
        total = target.select(box).array().copy()
        spare = np.empty_like(total)
        with np.errstate(all="ignore"):
            for i in range(kh):
                for j in range(kw):
                    tap = windows[:, :, :, :, i, j]
                    if direct is None:
                        step = entry.compute([total, tap], src, dst)
                        total = np.asarray(step).astype(dtype, casting="unsafe")
                    else:  # straight into the spare array, then swap
                        direct(total, tap, out=spare)
                        total, spare = spare, total
        np.copyto(out, total, casting="unsafe")

    store(target, compute, buffers)
    return ()
