"""The 2-D elementwise exports: 15 binary and 8 unary kernels on 32-bit elements.

Every kernel is one or a few numpy calls over strided views (offsets, strides and sizes in
elements). f32 kernels compute in float32; i32 kernels work on 32-bit words with wrap-around.

Where IREE's C code is undefined, pyvmvx defines the result:
- `divs.2d.i32`: x / 0 = 0 and INT_MIN / -1 = INT_MIN (AArch64 SDIV's results);
  otherwise C's quotient, truncated toward zero.
- `divu.2d.i32`: x / 0 = 0 (AArch64 UDIV).
- `shl`, `shrs`, `shru` `.2d.i32`: the shift count is taken modulo 32 (its low 5 bits), as
  scalar x86 and AArch64 32-bit shifts do; `shrs` is an arithmetic shift.
Defined edge cases follow IREE: `ctlz(0) = 32`; `abs`/`neg` clear/flip the sign bit (also of
NaN); `rsqrt(x) = 1.0f / sqrtf(x)` (two f32 roundings). f32 `exp`/`log` use numpy's float32
SIMD functions, which may differ from a C libm's `expf`/`logf` by a few ulps (up to ~4);
every other f32 kernel is correctly rounded and bit-exact.

Aliasing: IREE's kernels take the output as a `restrict` pointer, so an output sharing memory
with an input is undefined in C. pyvmvx: an output that is exactly an input's region is
updated in place, element by element; for any other overlap, all inputs are read before the
output is written (numpy's rule). An output overlapping itself keeps the value of the last
element in row-major (i, j) order, as IREE's loop does; only the elements whose writes
survive are computed (see `vmvx_common.store`).
"""

from collections.abc import Callable

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    Box,
    Kernel,
    Region,
    store,
    strided_2d_kernel,
)

_F32 = np.dtype(np.float32)
_I32 = np.dtype(np.int32)
_U32 = np.dtype(np.uint32)


def _quiet(op: Callable[..., object]) -> Callable[..., object]:
    """`op` with numpy's floating-point warnings off: IEEE results (Inf, NaN) are the answer."""

    def run(*args: np.ndarray) -> None:
        with np.errstate(all="ignore"):
            op(*args)

    return run


def _divs(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray) -> None:
    # |lhs|, |rhs| < 2**31 are exact in float64 and a correctly rounded quotient never crosses
    # an integer, so truncating it is C's quotient; 2**31 (INT_MIN / -1) wraps to INT_MIN.
    zero = rhs == 0
    quotient = np.trunc(np.true_divide(lhs, np.where(zero, 1, rhs)))
    np.copyto(quotient, 0.0, where=zero)
    np.copyto(out.view(np.uint32), quotient.astype(np.int64), casting="unsafe")


def _divu(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray) -> None:
    zero = rhs == 0
    np.floor_divide(lhs, np.where(zero, 1, rhs), out=out)
    np.copyto(out, 0, where=zero)


def _shift(op: np.ufunc) -> Callable[[np.ndarray, np.ndarray, np.ndarray], None]:
    def run(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray) -> None:
        op(lhs, np.bitwise_and(rhs, 31), out=out)

    return run


def _ctlz(value: np.ndarray, out: np.ndarray) -> None:
    # frexp's exponent of a uint32 (exact in float64) is its bit length; frexp(0) gives 0.
    exponent = np.frexp(value.astype(np.float64))[1]
    np.subtract(32, exponent, out=out, casting="unsafe")


def _rsqrt(value: np.ndarray, out: np.ndarray) -> None:
    with np.errstate(all="ignore"):
        np.sqrt(value, out=out)
        np.divide(np.float32(1.0), out, out=out)


def _abs(value: np.ndarray, out: np.ndarray) -> None:
    np.bitwise_and(value, 0x7FFFFFFF, out=out)


def _neg(value: np.ndarray, out: np.ndarray) -> None:
    np.bitwise_xor(value, 0x80000000, out=out)


# export suffix -> (element dtype of every operand, op(lhs, rhs, out))
BINARY: dict[str, tuple[np.dtype, Callable[..., object]]] = {
    "add.2d.f32": (_F32, _quiet(np.add)),
    "add.2d.i32": (_U32, np.add),
    "and.2d.i32": (_U32, np.bitwise_and),
    "div.2d.f32": (_F32, _quiet(np.divide)),
    "divs.2d.i32": (_I32, _divs),
    "divu.2d.i32": (_U32, _divu),
    "mul.2d.f32": (_F32, _quiet(np.multiply)),
    "mul.2d.i32": (_U32, np.multiply),
    "or.2d.i32": (_U32, np.bitwise_or),
    "shl.2d.i32": (_U32, _shift(np.left_shift)),
    "shrs.2d.i32": (_I32, _shift(np.right_shift)),
    "shru.2d.i32": (_U32, _shift(np.right_shift)),
    "sub.2d.f32": (_F32, _quiet(np.subtract)),
    "sub.2d.i32": (_U32, np.subtract),
    "xor.2d.i32": (_U32, np.bitwise_xor),
}

# export name -> (element dtype of both operands, op(in, out))
UNARY: dict[str, tuple[np.dtype, Callable[..., object]]] = {
    "abs.2d.f32": (_U32, _abs),
    "ceil.2d.f32": (_F32, np.ceil),
    "ctlz.2d.i32": (_U32, _ctlz),
    "exp.2d.f32": (_F32, _quiet(np.exp)),
    "floor.2d.f32": (_F32, np.floor),
    "log.2d.f32": (_F32, _quiet(np.log)),
    "neg.2d.f32": (_U32, _neg),
    "rsqrt.2d.f32": (_F32, _rsqrt),
}


def elementwise_kernel(
    names: tuple[str, ...], dtype: np.dtype, op: Callable[..., object]
) -> Kernel:
    """The export over operands `names` (inputs, then the output) computing
    `op(*inputs, out)` on views of element type `dtype`."""

    def body(regions: list[Region]) -> None:
        *inputs, output = regions

        def compute(out: np.ndarray, box: Box) -> None:
            op(*(region.select(box).array() for region in inputs), out)

        store(output, compute, [region.buffer for region in regions])

    def fast(views: list[np.ndarray]) -> bool:
        op(*views)
        return True

    return strided_2d_kernel(names, dtype, body, fast)


def binary_kernel(dtype: np.dtype, op: Callable[..., object]) -> Kernel:
    """The export `(lhs, lhs_offset, lhs_strides, rhs, ..., out, ..., sizes) -> ()`."""
    return elementwise_kernel(("lhs", "rhs", "out"), dtype, op)


def unary_kernel(dtype: np.dtype, op: Callable[..., object]) -> Kernel:
    """The export `(in, in_offset, in_strides, out, out_offset, out_strides, sizes) -> ()`."""
    return elementwise_kernel(("in", "out"), dtype, op)
