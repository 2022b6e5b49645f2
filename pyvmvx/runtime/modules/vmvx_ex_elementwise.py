"""`ex.unary.4d`, `ex.binary.4d`, `ex.ternary.4d`: pyvmvx's elementwise extension ukernels.

IREE's 23 elementwise exports cover 32-bit add/sub/mul/... only; every other `arith`/`math`
op (min/max, compares, select, casts, math functions, f16/f64/i1/i8/i16/i64) would run as a
scalar VM loop. These three exports compute any of them over a strided region of up to 4
dimensions, so a broadcast or transposed operand is one call. One export per arity keeps the
import registry small; the op is an i32 argument:

    ex.<arity>.4d(op : i32, types : i32,
                  (buffer, offset, strides[4]) per input, then the output, sizes[4])

- `op` is the index in `OPS` of an MLIR op name (`arith.addf`, `math.exp`, `arith.cmpf.olt`,
  `arith.extsi`, `copy` for a plain element copy, `arith.select`); `arity` must be its
  arity. Offsets, strides and sizes count elements, as in IREE's exports.
- `types` is `input type | output type << 8`, each a code of `TYPES` (f16 1, f32 2, f64 3,
  i1 4, i8 5, i16 6, i32 7, i64 8, bf16 9). The output type is the input type for arithmetic, i1 for
  compares, and the target type for casts; `arith.select`'s first operand is i1 and `types`
  describes the other two. `math.fpowi`'s exponent (i8/i16/i32/i64) has its own type, in
  bits 16-23 (`... | exponent type << 16`); every other op has 0 there. i1 is one byte per
  element holding 0 or 1. A combination the op does not take is INVALID_ARGUMENT
  "unhandled flags".

Semantics are MLIR's, and the same as the scalar VM lowering of `ukernels=none`
(`pyvmvx/conversion/to_vm/arith.py`): integers wrap; signed ops read i1 true as -1;
`divsi`/`divui`/`remsi`/`remui`/`floordivsi`/`ceildivsi`/`ceildivui` by zero fail with
INVALID_ARGUMENT "division by zero" (the VM traps too), `INT_MIN / -1` wraps; shift amounts
are taken modulo 32 (64 for i64) of the amount read as signed and the shift done in a 32-bit
(64-bit) register, as the VM does; `remf` is `fmod`; `maximumf`/`minimumf` propagate NaN
and order -0.0 below +0.0; `maxnumf`/`minnumf` ignore NaN and give the right operand of two
equal ones (MLIR allows either zero); `math.round` rounds half away from zero, `roundeven` to
even. f32 and f16 math functions are computed in f64 and
rounded to f32 (then to f16), as the VM computes them; f16 arithmetic rounds its f32 result.
`fpowi` is `pow` of the exponent converted to f64; `asinh`, `acosh`, `atanh` use the scalar
lowering's formulas. bf16 values (stored as their 16 bits) are the high halves of f32s: an
op on them computes as on f32 and rounds its result to bf16 (`vm.trunc.f32.bf16`'s rounding;
`truncf` and `sitofp`/`uitofp` to bf16 round once, through round-to-odd f32); `copy`,
`select` and `bitcast` move the bits.
`fptosi`/`fptoui` truncate; a NaN or out-of-range value (poison in MLIR) gives 0 for NaN and
the nearest representable integer otherwise.

Bounds: each buffer is checked as IREE's `MAP_BUFFER_2D_*` checks its two dimensions,
extended to four (`check_nd`), then located exactly (`vmvx_common.locate`) before any view;
the output is written through `vmvx_common.store` (a self-overlapping output keeps its last
writes, bounded work). The common call (`vmvx_common.plain_views`: small non-negative
offsets and strides, regions inside their buffers, an output without self-overlap) passes
all of these by construction and goes straight to numpy on its views, so a tiny tile costs a
few microseconds.
"""

import math
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    U64,
    Box,
    Kernel,
    Region,
    operand_regions,
    plain_views,
    store,
)
from pyvmvx.runtime.status import invalid_argument

RANK = 4
TYPES: dict[str, int] = {
    "f16": 1,
    "f32": 2,
    "f64": 3,
    "i1": 4,
    "i8": 5,
    "i16": 6,
    "i32": 7,
    "i64": 8,
    "bf16": 9,
}
"""Element type codes of the `types` argument, by MLIR spelling."""

_STORAGE = {
    1: np.dtype(np.float16),
    2: np.dtype(np.float32),
    3: np.dtype(np.float64),
    4: np.dtype(np.uint8),
    5: np.dtype(np.int8),
    6: np.dtype(np.int16),
    7: np.dtype(np.int32),
    8: np.dtype(np.int64),
    9: np.dtype(np.uint16),  # bf16: the bits
}
_FLOATS = frozenset((1, 2, 3))
_INTS = frozenset((4, 5, 6, 7, 8))
_I1 = TYPES["i1"]
_F32 = np.dtype(np.float32)
_F64 = np.dtype(np.float64)

Arrays = Sequence[np.ndarray]
Compute = Callable[[Arrays, int, int], np.ndarray]


class Op(NamedTuple):
    """An op: its arity, which input/output type pairs it takes, and `compute(inputs,
    input type, output type)` giving the result (any dtype; it is cast to the output's).
    `direct`, if set, computes the op straight into its `out=` argument (of the inputs'
    type, or i1 for a compare), for the input types it is exact on (any but f16 and i1).
    `second`, if not empty, is the set of types the second operand has instead of the input
    type (`math.fpowi`'s integer exponent), given in bits 16-23 of `types`."""

    arity: int
    accepts: Callable[[int, int], bool]
    compute: Compute
    direct: Callable[..., object] | None = None
    second: frozenset[int] = frozenset()


def _same(kinds: frozenset[int]) -> Callable[[int, int], bool]:
    return lambda src, dst: src == dst and src in kinds


def _to(kinds: frozenset[int], result: frozenset[int]) -> Callable[[int, int], bool]:
    return lambda src, dst: src in kinds and dst in result


# --- reading values -----------------------------------------------------------------------


def signed(value: np.ndarray, code: int) -> np.ndarray:
    """Integer `value` read as signed (i1 true is -1)."""
    if code == _I1:
        return -(value & 1).astype(np.int8)
    return value


def unsigned(value: np.ndarray, code: int) -> np.ndarray:
    """Integer `value` read as unsigned (i1 is 0 or 1)."""
    if code == _I1:
        return value & 1
    return value.view(np.dtype(f"u{value.dtype.itemsize}"))


def _wide(code: int) -> np.dtype:
    """The register an integer op of type `code` runs in: i32, or i64 for i64."""
    return np.dtype(np.int64 if code == TYPES["i64"] else np.int32)


def _rounded(result: np.ndarray, code: int) -> np.ndarray:
    """A float result computed in f64, rounded as the VM does: to f32, then (when it is
    stored) to the element type."""
    return result.astype(_F32) if code == TYPES["f16"] else result


# --- float ops ----------------------------------------------------------------------------


def _arith(ufunc: Callable[..., np.ndarray]) -> Compute:
    """An exactly rounded float op: in the element type (f16 through f32)."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del dst
        if src == TYPES["f16"]:
            return ufunc(*(a.astype(_F32) for a in args)).astype(np.float16)
        return ufunc(*args)

    return compute


def _function(function: Callable[..., np.ndarray]) -> Compute:
    """A math function: in f64, rounded as the VM rounds it. A NaN result is, as the VM's
    C `math` gives it, the first NaN operand, else (a domain error) the positive quiet NaN."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del dst
        wide = [a.astype(_F64) for a in args]
        return _rounded(_nan_as_c(function(*wide), wide), src)

    return compute


def _nan_as_c(result: np.ndarray, operands: Sequence[np.ndarray]) -> np.ndarray:
    """`result` with each NaN replaced by the first NaN operand, else the positive NaN."""
    result = np.asarray(result)
    nan = np.isnan(result)
    if nan.any():
        np.copyto(result, np.nan, where=nan)
        for operand in reversed(operands):
            np.copyto(result, operand, where=nan & np.isnan(operand))
    return result


_CHUNK = 1 << 14
"""Elements per chunk of a math function computed in f64: small enough to stay in cache."""


def _function_into(function: Callable[..., np.ndarray]) -> Callable[..., object]:
    """`_function` straight into an f32/f64 `out`, chunk by chunk (no tile-sized f64
    temporaries: their page faults cost more than the function)."""

    def direct(*args: np.ndarray, out: np.ndarray) -> None:
        iterator = np.nditer(
            [*args, out],
            flags=["external_loop", "buffered", "zerosize_ok", "copy_if_overlap"],
            op_flags=[["readonly"]] * len(args) + [["writeonly"]],
            op_dtypes=[_F64] * (len(args) + 1),
            casting="unsafe",
            buffersize=_CHUNK,
        )
        with iterator:
            for *chunks, result in iterator:
                result[...] = _nan_as_c(function(*chunks), chunks)

    return direct


def _signed_zeros(pick: np.ufunc, combine: np.ufunc) -> Callable[..., np.ndarray]:
    """min/max with -0.0 below +0.0, into `out`, as the scalar VM computes them: a NaN `rhs`,
    else a NaN `lhs`, else the pick, equal operands (signed zeros) combining their bit
    patterns (AND for max, OR for min). numpy's `pick` returns its first NaN operand, so
    `pick(rhs, lhs)` has the VM's NaN; equal operands take `combine` of both picks (a NaN
    is equal to nothing, so two NaNs keep `rhs`'s bits)."""

    def compute(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray) -> np.ndarray:
        bits = np.dtype(f"u{lhs.dtype.itemsize}")
        if pick is np.maximum and not any(rhs.strides) and rhs.size:
            zero = rhs.reshape(-1)[:1].view(bits)
            if not zero.any():  # relu: max(x, +0.0); adding +0.0 turns -0.0 into +0.0
                pick(lhs, rhs, out=out)
                np.add(out, out.dtype.type(0.0), out=out)
                return out
        equal = np.equal(lhs, rhs)  # both read before `out`, which may alias an input
        other = pick(lhs, rhs)
        pick(rhs, lhs, out=out)
        combine(out.view(bits), other.view(bits), out=out.view(bits), where=equal)
        return out

    return compute


def _ignoring_nan(pick: np.ufunc) -> Compute:
    """maxnumf/minnumf: the other operand of a NaN, and of equal operands (two zeros) the
    right one, as the VM's compare and select picks it (MLIR allows either)."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del src, dst
        lhs, rhs = args
        result = pick(lhs, rhs)
        np.copyto(result, rhs, where=lhs == rhs)
        return result

    return compute


def _round(value: np.ndarray) -> np.ndarray:
    """Half away from zero (C's `round`)."""
    whole = np.trunc(value)
    return np.where(np.abs(value - whole) >= 0.5, whole + np.copysign(1.0, value), whole)


def _rsqrt(value: np.ndarray) -> np.ndarray:
    return 1.0 / np.sqrt(value)


_CMPF: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "false": lambda a, b: np.zeros(np.broadcast_shapes(a.shape, b.shape), bool),
    "oeq": np.equal,
    "ogt": np.greater,
    "oge": np.greater_equal,
    "olt": np.less,
    "ole": np.less_equal,
    "one": lambda a, b: np.less(a, b) | np.greater(a, b),
    "ord": lambda a, b: ~(np.isnan(a) | np.isnan(b)),
    "ueq": lambda a, b: ~(np.less(a, b) | np.greater(a, b)),
    "ugt": lambda a, b: ~np.less_equal(a, b),
    "uge": lambda a, b: ~np.less(a, b),
    "ult": lambda a, b: ~np.greater_equal(a, b),
    "ule": lambda a, b: ~np.greater(a, b),
    "une": np.not_equal,
    "uno": lambda a, b: np.isnan(a) | np.isnan(b),
    "true": lambda a, b: np.ones(np.broadcast_shapes(a.shape, b.shape), bool),
}


def _cmpf(predicate: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Compute:
    return lambda args, src, dst: predicate(*args)


def _compare_into(ufunc: np.ufunc) -> Callable[..., object]:
    """A compare ufunc writing its booleans straight into an i1 (one byte 0/1) `out`."""
    return lambda lhs, rhs, out: ufunc(lhs, rhs, out=out.view(np.bool_))


# --- integer ops --------------------------------------------------------------------------


def _int(ufunc: np.ufunc, read: Callable[[np.ndarray, int], np.ndarray] = signed) -> Compute:
    """A wrapping integer op on the values read as signed or unsigned."""
    return lambda args, src, dst: ufunc(*(read(a, src) for a in args))


def _nonzero(divisor: np.ndarray) -> np.ndarray:
    if not divisor.all():
        raise invalid_argument("division by zero")
    return divisor


def _signed_division(kind: str) -> Compute:
    """divsi (toward zero), floordivsi, ceildivsi, remsi (sign of the dividend), wrapping."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del dst
        lhs, rhs = (signed(a, src).astype(np.int64) for a in args)
        rhs = _nonzero(rhs)
        with np.errstate(all="ignore"):
            floor = lhs // rhs  # INT64_MIN // -1 wraps to INT64_MIN, as the VM's register
            exact = floor * rhs == lhs
        if kind == "floor":
            return floor
        ceil = floor + ~exact
        if kind == "ceil":
            return ceil
        toward_zero = np.where((lhs < 0) != (rhs < 0), ceil, floor)
        return toward_zero if kind == "div" else lhs - toward_zero * rhs

    return compute


def _unsigned_division(kind: str) -> Compute:
    """divui, ceildivui, remui."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del dst
        lhs, rhs = (unsigned(a, src) for a in args)
        rhs = _nonzero(rhs)
        if kind == "rem":
            return lhs % rhs
        quotient = lhs // rhs
        return quotient + (quotient * rhs != lhs) if kind == "ceil" else quotient

    return compute


def _shift(kind: str) -> Compute:
    """shli, shrsi, shrui in the VM's register width, the amount modulo that width."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        del dst
        wide = _wide(src)
        bits = wide.itemsize * 8
        value, amount = args
        count = signed(amount, src).astype(wide) & (bits - 1)
        if kind == "shl":
            return np.left_shift(signed(value, src).astype(wide), count)
        if kind == "shrs":
            return np.right_shift(signed(value, src).astype(wide), count)
        wide_unsigned = np.dtype(f"u{wide.itemsize}")
        return np.right_shift(unsigned(value, src).astype(wide_unsigned), count.view(wide_unsigned))

    return compute


_CMPI = {
    "eq": (np.equal, signed),
    "ne": (np.not_equal, signed),
    "slt": (np.less, signed),
    "sle": (np.less_equal, signed),
    "sgt": (np.greater, signed),
    "sge": (np.greater_equal, signed),
    "ult": (np.less, unsigned),
    "ule": (np.less_equal, unsigned),
    "ugt": (np.greater, unsigned),
    "uge": (np.greater_equal, unsigned),
}


# --- casts --------------------------------------------------------------------------------


def _float_cast(args: Arrays, src: int, dst: int) -> np.ndarray:
    """extf/truncf: one rounding to the target."""
    return args[0].astype(_STORAGE[dst])


def _int_to_float(read: Callable[[np.ndarray, int], np.ndarray]) -> Compute:
    return lambda args, src, dst: read(args[0], src).astype(_STORAGE[dst])


def _float_to_int(is_signed: bool) -> Compute:
    """fptosi/fptoui: truncated; NaN gives 0, out-of-range values the nearest bound."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        value = np.trunc(args[0].astype(_F64))
        if dst == _I1:
            low, high, result = (-1, 0, np.int8) if is_signed else (0, 1, np.uint8)
        else:
            result = _STORAGE[dst] if is_signed else np.dtype(f"u{_STORAGE[dst].itemsize}")
            info = np.iinfo(result)
            low, high = info.min, info.max
        clipped = np.clip(np.nan_to_num(value, nan=0.0), low, high)
        # float64 cannot hold 2**63 - 1 or 2**64 - 1: the bound itself goes in exactly.
        out = clipped.astype(result)
        np.copyto(out, np.asarray(high, result), where=value >= high)
        return out

    return compute


def _int_cast(read: Callable[[np.ndarray, int], np.ndarray]) -> Compute:
    """extsi/extui/trunci: the value read signed or unsigned, wrapped to the target."""
    return lambda args, src, dst: read(args[0], src)


def _bitcast(args: Arrays, src: int, dst: int) -> np.ndarray:
    return args[0].view(_STORAGE[dst])


def _width(code: int) -> int:
    return 1 if code == _I1 else _STORAGE[code].itemsize * 8


def _classify(kind: str) -> Compute:
    """isnan, isinf, isfinite, isnormal (finite, non-zero and not subnormal)."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        (value,) = args
        if kind == "nan":
            return np.isnan(value)
        if kind == "inf":
            return np.isinf(value)
        if kind == "finite":
            return np.isfinite(value)
        magnitude = np.abs(value)
        return np.isfinite(value) & (magnitude >= np.finfo(value.dtype).smallest_normal)

    return compute


def _count(kind: str) -> Compute:
    """ctlz, cttz, ctpop of the value's bits (a zero counts its width)."""

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        value = unsigned(args[0], src)
        width = _width(src)
        if kind == "pop":
            return np.bitwise_count(value)
        if kind == "tz":
            lowest = value & (~value + np.asarray(1, value.dtype))  # the lowest set bit
            return np.where(value == 0, width, _bit_length(lowest) - 1)
        return width - _bit_length(value)

    return compute


def _bit_length(value: np.ndarray) -> np.ndarray:
    """The bit length of unsigned `value` (frexp's exponent of each exact 32-bit half)."""
    wide = value.astype(np.uint64)
    high = np.frexp((wide >> np.uint64(32)).astype(_F64))[1]
    low = np.frexp((wide & np.uint64(0xFFFFFFFF)).astype(_F64))[1]
    return np.where(high > 0, high + 32, low)


def _ipowi(args: Arrays, src: int, dst: int) -> np.ndarray:
    """Square and multiply over the exponent's bits (wrapping); for a negative exponent 1 for
    base 1, +-1 for base -1, else 0, as the VM's expansion."""
    base, exponent = (signed(a, src) for a in args)
    result = np.ones_like(base)
    power = base.copy()
    for bit in range(_width(src) - 1):
        result = np.where((exponent >> bit) & 1, result * power, result)
        power = power * power
    odd = (exponent & 1).astype(bool)
    inverse = np.where(base == 1, 1, np.where(base == -1, np.where(odd, -1, 1), 0))
    return np.where(exponent < 0, inverse.astype(base.dtype), result)


def _select(args: Arrays, src: int, dst: int) -> np.ndarray:
    condition, true, false = args
    return np.where(condition & 1, true, false)


_HUGE = 1e150
"""Above this magnitude x*x overflows f64: the inverse hyperbolics use log(x) + ln 2."""
_LN2 = 0.6931471805599453


def _log_of_twice(magnitude: np.ndarray, small: np.ndarray) -> np.ndarray:
    """`small`, or log(2 * magnitude) where `magnitude` exceeds `_HUGE`."""
    return np.where(magnitude > _HUGE, np.log(magnitude) + _LN2, small)


def _asinh(x: np.ndarray) -> np.ndarray:
    """sign(x) * log1p(m + m*m / (1 + sqrt(1 + m*m))) for m = |x|, in f64: the scalar VM
    lowering's formula (`pyvmvx/conversion/to_vm/arith.py`), exact near zero."""
    m = np.abs(x)
    square = m * m
    small = np.log1p(m + square / (1.0 + np.sqrt(1.0 + square)))
    return np.copysign(_log_of_twice(m, small), x)


def _acosh(x: np.ndarray) -> np.ndarray:
    """log1p(t + sqrt(t) * sqrt(x + 1)) for t = x - 1, as the scalar lowering: NaN below 1."""
    t = x - 1.0
    return _log_of_twice(x, np.log1p(t + np.sqrt(t) * np.sqrt(x + 1.0)))


def _atanh(x: np.ndarray) -> np.ndarray:
    """sign(x) * log1p(2m / (1 - m)) / 2 for m = |x|, as the scalar lowering: +-inf at +-1."""
    m = np.abs(x)
    return np.copysign(np.log1p((m + m) / (1.0 - m)) * 0.5, x)


# --- the op table -------------------------------------------------------------------------


def _table() -> dict[str, Op]:
    floats, ints = _same(_FLOATS), _same(_INTS)
    table: dict[str, Op] = {}
    for name, ufunc in (
        ("arith.addf", np.add),
        ("arith.subf", np.subtract),
        ("arith.mulf", np.multiply),
        ("arith.divf", np.divide),
        ("arith.remf", np.fmod),
        ("math.copysign", np.copysign),
    ):
        table[name] = Op(2, floats, _arith(ufunc), ufunc)
    for name, ufunc in (("arith.negf", np.negative), ("math.absf", np.abs)):
        table[name] = Op(1, floats, _arith(ufunc), ufunc)
    for name, ufunc in (
        ("math.ceil", np.ceil),
        ("math.floor", np.floor),
        ("math.trunc", np.trunc),
        ("math.roundeven", np.rint),
    ):
        table[name] = Op(1, floats, _arith(ufunc), ufunc)
    table["math.round"] = Op(1, floats, _arith(_round))  # type: ignore[arg-type]
    for name, pick, combine in (
        ("arith.maximumf", np.maximum, np.bitwise_and),
        ("arith.minimumf", np.minimum, np.bitwise_or),
    ):
        direct = _signed_zeros(pick, combine)
        table[name] = Op(
            2, floats, _arith(lambda a, b, d=direct: d(a, b, np.empty_like(a))), direct
        )
    table["arith.maxnumf"] = Op(2, floats, _ignoring_nan(np.fmax))
    table["arith.minnumf"] = Op(2, floats, _ignoring_nan(np.fmin))
    for name, function in (
        ("math.exp", np.exp),
        ("math.exp2", np.exp2),
        ("math.expm1", np.expm1),
        ("math.log", np.log),
        ("math.log2", np.log2),
        ("math.log10", np.log10),
        ("math.log1p", np.log1p),
        ("math.sqrt", np.sqrt),
        ("math.rsqrt", _rsqrt),
        ("math.tanh", np.tanh),
        ("math.sin", np.sin),
        ("math.cos", np.cos),
        ("math.tan", np.tan),
        ("math.atan", np.arctan),
        ("math.asin", np.arcsin),
        ("math.acos", np.arccos),
        ("math.sinh", np.sinh),
        ("math.cosh", np.cosh),
    ):
        table[name] = Op(1, floats, _function(function), _function_into(function))
    table["math.erf"] = Op(1, floats, _function(_erf), _function_into(_erf))
    for name, function in (("math.atan2", np.arctan2), ("math.powf", np.power)):
        table[name] = Op(2, floats, _function(function), _function_into(function))
    for predicate, function in _CMPF.items():
        direct = _compare_into(function) if isinstance(function, np.ufunc) else None
        table[f"arith.cmpf.{predicate}"] = Op(
            2, _to(_FLOATS, frozenset([_I1])), _cmpf(function), direct
        )
    for name, ufunc, read in (
        ("arith.addi", np.add, signed),
        ("arith.subi", np.subtract, signed),
        ("arith.muli", np.multiply, signed),
        ("arith.andi", np.bitwise_and, signed),
        ("arith.ori", np.bitwise_or, signed),
        ("arith.xori", np.bitwise_xor, signed),
        ("arith.maxsi", np.maximum, signed),
        ("arith.minsi", np.minimum, signed),
        ("arith.maxui", np.maximum, unsigned),
        ("arith.minui", np.minimum, unsigned),
    ):
        table[name] = Op(2, ints, _int(ufunc, read), ufunc if read is signed else None)
    table["math.absi"] = Op(1, ints, _int(np.abs))
    for kind in ("div", "floor", "ceil", "rem"):
        name = {"div": "divsi", "floor": "floordivsi", "ceil": "ceildivsi", "rem": "remsi"}[kind]
        table[f"arith.{name}"] = Op(2, ints, _signed_division(kind))
    for kind, name in (("div", "divui"), ("ceil", "ceildivui"), ("rem", "remui")):
        table[f"arith.{name}"] = Op(2, ints, _unsigned_division(kind))
    for kind, name in (("shl", "shli"), ("shrs", "shrsi"), ("shru", "shrui")):
        table[f"arith.{name}"] = Op(2, ints, _shift(kind))
    for predicate, (ufunc, read) in _CMPI.items():
        direct = _compare_into(ufunc) if read is signed else None
        table[f"arith.cmpi.{predicate}"] = Op(
            2, _to(_INTS, frozenset([_I1])), _int(ufunc, read), direct
        )
    for kind in ("nan", "inf", "finite", "normal"):
        table[f"math.is{kind}"] = Op(1, _to(_FLOATS, frozenset([_I1])), _classify(kind))
    for kind in ("lz", "tz", "pop"):
        table[f"math.ct{kind}"] = Op(1, ints, _count(kind))
    table["math.ipowi"] = Op(2, ints, _ipowi)
    table["arith.select"] = Op(3, lambda src, dst: src == dst, _select)
    table["copy"] = Op(1, lambda src, dst: src == dst, lambda args, src, dst: args[0])
    table["arith.extf"] = Op(1, lambda s, d: s in _FLOATS and d in _FLOATS and s < d, _float_cast)
    table["arith.truncf"] = Op(1, lambda s, d: s in _FLOATS and d in _FLOATS and s > d, _float_cast)
    int_to_float, float_to_int = _to(_INTS, _FLOATS), _to(_FLOATS, _INTS)
    table["arith.sitofp"] = Op(1, int_to_float, _int_to_float(signed))
    table["arith.uitofp"] = Op(1, int_to_float, _int_to_float(unsigned))
    table["arith.fptosi"] = Op(1, float_to_int, _float_to_int(True))
    table["arith.fptoui"] = Op(1, float_to_int, _float_to_int(False))
    wider = lambda s, d: s in _INTS and d in _INTS and _width(s) < _width(d)  # noqa: E731
    narrower = lambda s, d: s in _INTS and d in _INTS and _width(s) > _width(d)  # noqa: E731
    table["arith.extsi"] = Op(1, wider, _int_cast(signed))
    table["arith.extui"] = Op(1, wider, _int_cast(unsigned))
    table["arith.trunci"] = Op(1, narrower, _int_cast(unsigned))
    table["arith.bitcast"] = Op(
        1, lambda s, d: s != d and _I1 not in (s, d) and _width(s) == _width(d), _bitcast
    )
    table["math.fpowi"] = Op(
        2, floats, _function(np.power), _function_into(np.power), _INTS - {_I1}
    )
    for name, function in (
        ("math.asinh", _asinh),
        ("math.acosh", _acosh),
        ("math.atanh", _atanh),
    ):
        table[name] = Op(1, floats, _function(function), _function_into(function))
    return table


_ERF = np.frompyfunc(math.erf, 1, 1)


def _erf(value: np.ndarray) -> np.ndarray:
    """`math.erf` element by element: numpy has no erf, and the VM computes this one."""
    return _ERF(value).astype(_F64)


OP_TABLE: dict[str, Op] = _table()
OPS: tuple[str, ...] = tuple(OP_TABLE)
"""Op codes: the index of each op name in this tuple (part of the ABI: append only)."""


# --- the exports --------------------------------------------------------------------------


def ex_kernel(arity: int) -> Kernel:
    """The export `ex.<arity>.4d` (see the module docstring)."""
    names = {1: ("in",), 2: ("lhs", "rhs"), 3: ("a", "b", "c")}[arity] + ("out",)
    width = 2 + RANK  # buffer, offset, strides

    plans: dict[tuple[int, int], tuple[Op, list[tuple[int, np.dtype]]]] = {}
    """(op, types) -> the op's entry and each operand's first argument and dtype, for the
    valid codes seen so far (finitely many: invalid ones raise before they are kept)."""

    def plan(op: int, types: int) -> tuple[Op, list[tuple[int, np.dtype]]]:
        src, dst, second = types & 0xFF, (types >> 8) & 0xFF, (types >> 16) & 0xFF
        entry = entry_for(OPS[op], src, dst) if 0 <= op < len(OPS) else None
        if (
            entry is None
            or entry.arity != arity
            or types >> 24
            or second not in (entry.second or {0})
            or src not in _STORAGE  # `copy`, `select` and `bitcast` take any code otherwise
            or dst not in _STORAGE
            or not entry.accepts(src, dst)
        ):
            raise invalid_argument("unhandled flags")
        codes = [src] * arity + [dst]
        if OPS[op] == "arith.select":
            codes[0] = _I1
        if second:
            codes[1] = second
        return entry, [(i * width, _STORAGE[code]) for i, code in enumerate(codes)]

    def kernel(op: int, types: int, *args: object) -> tuple[()]:
        sizes = args[-RANK:]
        found = plans.get((op, types))
        if found is None:
            found = plans[(op, types)] = plan(op, types)
        entry, operands = found
        src, dst = types & 0xFF, (types >> 8) & 0xFF
        # Dims of size 1 address nothing: the views keep the others (numpy's 2-D fast paths).
        kept = [d for d, n in enumerate(sizes) if n != 1] or [RANK - 1]
        views = plain_views(
            [(args[at], dtype, args[at + 1], args[at + 2 : at + width]) for at, dtype in operands],
            sizes,  # type: ignore[arg-type]
            kept,
        )
        if views is not None:
            _compute(entry, src, dst, views[:-1], views[-1])
            return ()
        checked = [
            (name, args[at], dtype, args[at + 1], sizes, args[at + 2 : at + width], name == "out")
            for name, (at, dtype) in zip(names, operands, strict=True)
        ]
        regions = operand_regions(checked, needed=0 not in [s & U64 for s in sizes])  # type: ignore[arg-type, operator]
        if regions is not None:
            _run(entry, src, dst, regions)
        return ()

    return kernel


def _run(entry: Op, src: int, dst: int, regions: list[Region]) -> None:
    *inputs, output = regions

    def compute(out: np.ndarray, box: Box) -> None:
        _compute(entry, src, dst, [region.select(box).array() for region in inputs], out)

    store(output, compute, [region.buffer for region in regions])


def _compute(entry: Op, src: int, dst: int, arrays: list[np.ndarray], out: np.ndarray) -> None:
    """`entry` on the input views `arrays` into the output view `out`."""
    with np.errstate(all="ignore"):
        if src not in (_I1, TYPES["f16"]) and dst in (src, _I1) and entry.direct is not None:
            entry.direct(*arrays, out=out)
            return
        result = entry.compute(arrays, src, dst)
        if dst == _I1:
            result = np.bitwise_and(result, 1, dtype=np.uint8, casting="unsafe")
        np.copyto(out, result, casting="unsafe")  # overflowing to inf is IEEE's answer


# --- bf16 ---------------------------------------------------------------------------------

_BF16 = TYPES["bf16"]
_BITWISE = frozenset(("copy", "arith.select", "arith.bitcast"))
"""Ops that move bf16 bits as they are (on their uint16 storage)."""
_ROUNDED_ONCE = frozenset(("arith.truncf", "arith.sitofp", "arith.uitofp"))
"""Ops whose f64 value the scalar lowering rounds to bf16 once (through round-to-odd f32)."""


def bf16_to_f32(bits: np.ndarray) -> np.ndarray:
    """bf16 bits as f32 values (their high halves): exact."""
    return (bits.astype(np.uint32) << np.uint32(16)).view(_F32)


def f32_to_bf16(value: np.ndarray) -> np.ndarray:
    """f32 values rounded to bf16 bits as the VM's `vm.trunc.f32.bf16`: to nearest, ties to
    even, overflowing to +-inf; a NaN keeps its sign and high payload, made quiet."""
    bits = np.asarray(value, _F32).view(np.uint32)
    high = bits >> np.uint32(16)
    rounded = (bits + np.uint32(0x7FFF) + (high & np.uint32(1))) >> np.uint32(16)
    return np.where(np.isnan(value), high | np.uint32(0x40), rounded).astype(np.uint16)


def _round_to_odd_f32(value: np.ndarray) -> np.ndarray:
    """f64 values as f32 rounded toward zero, the last bit set if inexact: rounding that to
    bf16 rounds the f64 once (the scalar lowering's `_round_to_odd_f32`)."""
    nearest = value.astype(_F32)
    wide = nearest.astype(_F64)
    bits = nearest.view(np.int32)
    toward_zero = np.where(np.abs(wide) > np.abs(value), bits - 1, bits).astype(np.int32)
    return np.where(wide != value, toward_zero | 1, toward_zero).astype(np.int32).view(_F32)


def _as_f32(code: int) -> int:
    """The type bf16 values are computed in (f32); others stay."""
    return TYPES["f32"] if code == _BF16 else code


def _on_bf16(name: str, entry: Op) -> Op:
    """`entry` with bf16 operands or result, as the scalar lowering computes it: the values
    in f32, the op as on f32 (math functions in f64 rounded to f32), the result rounded to
    bf16; extf from bf16 is exact, truncf to it takes f32 or f64."""
    once = name in _ROUNDED_ONCE

    def accepts(src: int, dst: int) -> bool:
        if name == "arith.extf":
            return src == _BF16 and dst in (TYPES["f32"], TYPES["f64"])
        if name == "arith.truncf":
            return src in (TYPES["f32"], TYPES["f64"]) and dst == _BF16
        mixed = {src, dst} == {_BF16, TYPES["f32"]}  # would pass as f32 to f32
        return not mixed and entry.accepts(_as_f32(src), _as_f32(dst))

    def compute(args: Arrays, src: int, dst: int) -> np.ndarray:
        if src == _BF16:  # every operand but fpowi's integer exponent
            args = [bf16_to_f32(a) if a.dtype == np.uint16 else a for a in args]
        result_type = (TYPES["f64"] if once else TYPES["f32"]) if dst == _BF16 else dst
        result = entry.compute(args, _as_f32(src), result_type)
        if dst != _BF16:
            return result
        if once:
            return f32_to_bf16(_round_to_odd_f32(np.asarray(result, _F64)))
        return f32_to_bf16(np.asarray(result).astype(_F32))

    return Op(entry.arity, accepts, compute, None, entry.second)


_ON_BF16 = {name: _on_bf16(name, op) for name, op in OP_TABLE.items() if name not in _BITWISE}


def entry_for(name: str, src: int, dst: int) -> Op:
    """The op table's entry for op `name` on input type `src` and output type `dst`: its
    bf16 form when either is bf16."""
    if _BF16 in (src, dst):
        return _ON_BF16.get(name, OP_TABLE[name])
    return OP_TABLE[name]


def signature(arity: int) -> str:
    """The calling convention of `ex.<arity>.4d`."""
    return "0ii" + ("r" + "I" * (1 + RANK)) * (arity + 1) + "I" * RANK + "_v"


EX_EXPORTS = {
    f"ex.{name}.4d": arity for arity, name in ((1, "unary"), (2, "binary"), (3, "ternary"))
}
"""Export name -> arity."""
