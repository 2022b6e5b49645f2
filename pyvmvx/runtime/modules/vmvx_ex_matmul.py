"""`ex.matmul`: pyvmvx's batched matrix product on strided operands (no pack/unpack).

IREE's only matmul ukernel, `mmt4d`, needs operands data-tiled by `pack`; a plain
`linalg.matmul` would otherwise run as a scalar VM loop. This export multiplies strided
regions directly, one call per workgroup tile:

    ex.matmul(types : i32, flags : i32,
              lhs, lhs_offset, lhs_stride_b, lhs_stride_m, lhs_stride_k,
              rhs, rhs_offset, rhs_stride_b, rhs_stride_k, rhs_stride_n,
              out, out_offset, out_stride_b, out_stride_m, out_stride_n,
              batch, m, n, k)

computes `out[b, i, j] (+)= sum_l lhs[b, i, l] * rhs[b, l, j]`. Offsets, strides and sizes
count elements, as in IREE's exports; transposed operands are strides, and a matrix-vector,
vector-matrix or dot product is a size of 1. `types` is `input type | output type << 8` in
the codes of `vmvx_ex_elementwise.TYPES` (as the `ex` elementwise exports): floats to a float
at least as wide (f16, f32, f64), bf16 to f32 or f64 (its values are exact in f32), integers
(not i1) to an integer at least as wide; `flags`
is 0 or ACCUMULATE (1). Anything else is INVALID_ARGUMENT "unhandled flags".

Semantics are those of `linalg.matmul` with its casting body:
- floats: the inputs are widened to the output type (f16 is computed in f32 and rounded once
  at the end), then one BLAS product, so the summation order differs from a scalar loop by
  a few ulps of the sum of |products|; with ACCUMULATE the old value is added after the sum;
- integers: the inputs are sign-extended and the sum wraps to the output's width, exactly.
  When every partial sum provably fits a float's mantissa (K * max|lhs| * max|rhs| at most
  2**24, else 2**53; i8 inputs by their type, wider ones by a scan of the operands) the
  product is one exact f32/f64 BLAS product; otherwise numpy's unsigned integer product,
  which wraps by definition.
Nothing is written if batch, M or N is 0, or K is 0 with ACCUMULATE; K = 0 without it writes
zeros.

Bounds: each operand is checked as IREE's `MAP_BUFFER_2D_*` checks its dimensions, extended
to three (`check_nd`), then located exactly (`vmvx_common.locate`) before any view. The
output goes through `vmvx_common.store` (a self-overlapping output keeps its last writes in
(b, i, j) order and, with ACCUMULATE, reads the values it had before the call); inputs that
are broadcast (0 strides) count against `vmvx_common.work_limit`, as numpy may copy them. An
output sharing memory with an input sees the inputs as they were before the call.
"""

from math import prod

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    U64,
    Box,
    check_work,
    operand_regions,
    store,
    work_limit,
)
from pyvmvx.runtime.modules.vmvx_ex_elementwise import TYPES, bf16_to_f32
from pyvmvx.runtime.status import invalid_argument

ACCUMULATE = 1
SIGNATURE = "0ii" + "rIIII" * 3 + "IIII_v"

_FLOATS = {TYPES["f16"]: 16, TYPES["f32"]: 32, TYPES["f64"]: 64}
_INTS = {TYPES["i8"]: 8, TYPES["i16"]: 16, TYPES["i32"]: 32, TYPES["i64"]: 64}
_DTYPES = {
    code: np.dtype(f"{'f' if code in _FLOATS else 'i'}{width // 8}")
    for code, width in (*_FLOATS.items(), *_INTS.items())
}
_BF16 = TYPES["bf16"]
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)
_EVERY = slice(None)


def accepts(src: int, dst: int) -> bool:
    """Whether `ex.matmul` (and `ex.conv`) take inputs of type code `src` to an output of
    `dst`; `ex.matmul` also takes bf16 inputs (`matmul_accepts`)."""
    for widths in (_FLOATS, _INTS):
        if src in widths and dst in widths:
            return widths[src] <= widths[dst]
    return False


def matmul_accepts(src: int, dst: int) -> bool:
    """Whether `ex.matmul` takes inputs of type code `src` to an output of `dst`: `accepts`,
    or bf16 (exact in f32) to f32 or f64."""
    return accepts(src, dst) or (src == _BF16 and dst in (TYPES["f32"], TYPES["f64"]))


def ex_matmul(types: int, flags: int, *args: object) -> tuple[()]:
    """The `ex.matmul` export (see the module docstring)."""
    src, dst = types & 0xFF, (types >> 8) & 0xFF
    if types >> 16 or flags & ~ACCUMULATE or not matmul_accepts(src, dst):
        raise invalid_argument("unhandled flags")
    in_type = np.dtype(np.uint16) if src == _BF16 else _DTYPES[src]  # bf16: the bits
    out_type = _DTYPES[dst]
    sizes = args[-4:]
    batch, m, n, k = (s & U64 for s in sizes)  # type: ignore[operator]
    accumulate = bool(flags & ACCUMULATE)
    regions = operand_regions(
        [
            ("lhs", args[0], in_type, args[1], (sizes[0], sizes[1], sizes[3]), args[2:5], False),
            ("rhs", args[5], in_type, args[6], (sizes[0], sizes[3], sizes[2]), args[7:10], False),
            ("out", args[10], out_type, args[11], sizes[:3], args[12:15], True),
        ],  # type: ignore[list-item]
        needed=not (0 in (batch, m, n) or (k == 0 and accumulate)),
    )
    if regions is None:
        return ()
    lhs, rhs, target = regions
    buffers = (lhs.buffer, rhs.buffer, target.buffer)
    limit = work_limit(buffers)

    def compute(out: np.ndarray, box: Box) -> None:
        batches, rows, cols = box
        left = lhs.select((batches, rows, _EVERY))
        right = rhs.select((batches, _EVERY, cols))
        check_work("lhs", prod(left.shape), limit)
        check_work("rhs", prod(right.shape), limit)
        old = target.select(box).array() if accumulate else None
        if dst in _INTS:
            _integer_product(left.array(), right.array(), old, out)
        elif src == _BF16:
            _float_product(bf16_to_f32(left.array()), bf16_to_f32(right.array()), old, out)
        else:
            _float_product(left.array(), right.array(), old, out)

    store(target, compute, buffers)
    return ()


def _blasable(array: np.ndarray) -> bool:
    """Whether numpy's matmul can hand the matrices of `array` (its last two dimensions) to
    BLAS: a vector, or one unit stride and the other a whole row or column apart. numpy
    multiplies any other layout with a naive loop."""
    rows, cols = array.shape[-2:]
    if rows <= 1 or cols <= 1:
        return True
    row_stride, col_stride = array.strides[-2:]
    size = array.itemsize
    return (col_stride == size and row_stride >= cols * size) or (
        row_stride == size and col_stride >= rows * size
    )


def _operand(array: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """`array` as `dtype` in a layout BLAS takes (a copy only if needed)."""
    if array.dtype != dtype:
        return array.astype(dtype)
    return array if _blasable(array) else np.ascontiguousarray(array)


def _float_product(
    lhs: np.ndarray, rhs: np.ndarray, old: np.ndarray | None, out: np.ndarray
) -> None:
    """Floats: one BLAS product in the output type (f32 for f16), then the old value."""
    dtype = _F64 if out.dtype == _F64 else _F32
    left, right = _operand(lhs, dtype), _operand(rhs, dtype)
    with np.errstate(all="ignore"):
        if old is None and out.dtype == dtype and _blasable(out):
            np.matmul(left, right, out=out)
            return
        product = np.matmul(left, right)
        if old is not None:
            product += old
        np.copyto(out, product, casting="unsafe")


def _peak(array: np.ndarray) -> int:
    """The largest |value| of integer `array` (0 if empty)."""
    if array.size == 0:
        return 0
    return max(abs(int(array.max())), abs(int(array.min())))


def _integer_product(
    lhs: np.ndarray, rhs: np.ndarray, old: np.ndarray | None, out: np.ndarray
) -> None:
    """Integers: the exact product of the sign-extended inputs, wrapped to the output."""
    k = lhs.shape[-1]
    if lhs.dtype.itemsize == 1:
        bound = k << 14  # |i8 * i8| <= 2**14
    else:
        bound = k * _peak(lhs) * _peak(rhs)
    wrapped = np.dtype(f"u{out.dtype.itemsize}")
    if bound <= 1 << 53:
        dtype = _F32 if bound <= 1 << 24 else _F64
        product = np.matmul(_operand(lhs, dtype), _operand(rhs, dtype)).astype(np.int64)
        total = product.view(np.uint64)
    else:
        left = lhs.astype(out.dtype).view(wrapped)
        right = rhs.astype(out.dtype).view(wrapped)
        total = np.matmul(left, right).astype(np.uint64)
    if old is not None:
        total += old.astype(np.int64).view(np.uint64)
    np.copyto(out.view(wrapped), total, casting="unsafe")
