"""`ex.unary.4d`, `ex.binary.4d`, `ex.ternary.4d` against a scalar Python reference.

The reference computes each element with Python floats and ints (MLIR's semantics: wrapping
integers, i1 true as -1 when read signed, f32/f16 math in f64 rounded once to f32, fmod, signed
zeros in min/max, NaN rules per op). Hypothesis draws the op, the element types, 4-D shapes
with 0 and 1 extents, offsets and strides (0 for broadcast, padded, reversed dims) and values
with NaN, infinities, signed zeros and integer extremes. Results are bit-exact, except NaN
payloads and transcendental f64 results (numpy and libm may differ by an ulp).
Errors: out-of-range regions, a read-only output, null refs, unknown op or types, division
by zero, and IREE's 32-bit overflow guard.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS, TYPES
from pyvmvx.runtime.vm.ops import bf16, bf16_bits, bf16_value

MODULE = VMVXModule()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DTYPES = {
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "i1": np.uint8,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
    "bf16": np.uint16,  # the bits
}
FLOATS = ("f16", "f32", "f64")
INTS = ("i1", "i8", "i16", "i32", "i64")
WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64}
NAMES = {1: "ex.unary.4d", 2: "ex.binary.4d", 3: "ex.ternary.4d"}


# --- the scalar reference -----------------------------------------------------------------


def wrap(value: int, bits: int) -> int:
    """`value` as a signed `bits`-bit integer (i1: 0 or -1)."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def signed(value: int, type: str) -> int:
    return wrap(int(value), WIDTH[type])


def unsigned(value: int, type: str) -> int:
    return int(value) & ((1 << WIDTH[type]) - 1)


def guarded(function):  # noqa: ANN001, ANN201
    def run(*args: float) -> float:
        try:
            return function(*args)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf

    return run


def _round_half_away(x: float) -> float:
    if math.isnan(x) or math.isinf(x):
        return x
    whole = float(math.trunc(x))
    result = whole + math.copysign(1.0, x) if abs(x - whole) >= 0.5 else whole
    return math.copysign(result, x)


def _minmax(x: float, y: float, pick_max: bool, nan_propagates: bool) -> float:
    if math.isnan(x) or math.isnan(y):
        if nan_propagates or (math.isnan(x) and math.isnan(y)):
            return math.nan
        return y if math.isnan(x) else x
    if x == y and not nan_propagates:  # maxnumf/minnumf: the right one of equal operands
        return y
    if x == y:  # signed zeros: -0.0 below +0.0
        negative = math.copysign(1, x) < 0 and math.copysign(1, y) < 0
        either = math.copysign(1, x) < 0 or math.copysign(1, y) < 0
        return math.copysign(x, -1.0 if (negative if pick_max else either) else 1.0)
    return max(x, y) if pick_max else min(x, y)


def _divide(a: float, b: float) -> float:
    """IEEE division (Python raises on a zero divisor)."""
    if b:
        return a / b
    return math.nan if a == 0 or a != a else math.copysign(math.inf, a) * math.copysign(1, b)


def _pow(base: float, exponent: float) -> float:
    """C's `pow`: overflow to +-inf, a pole at 0 for negative exponents, NaN otherwise."""
    odd = math.isfinite(exponent) and exponent % 2 == 1
    try:
        return math.pow(base, exponent)
    except OverflowError:
        return -math.inf if base < 0 and odd else math.inf
    except ValueError:
        return (math.copysign(math.inf, base) if odd else math.inf) if base == 0 else math.nan


def _sqrt(x: float) -> float:
    return math.nan if x < 0 or x != x else math.sqrt(x)


def _log1p(x: float) -> float:
    return -math.inf if x == -1 else (math.nan if x < -1 or x != x else math.log1p(x))


def _log_of_twice(m: float, small: float) -> float:
    return math.log(m) + 0.6931471805599453 if m > 1e150 else small


def _asinh(x: float) -> float:
    """The scalar VM lowering's formula (pyvmvx/conversion/to_vm/arith.py), in f64."""
    m = abs(x)
    square = m * m
    return math.copysign(
        _log_of_twice(m, _log1p(m + _divide(square, 1.0 + _sqrt(1.0 + square)))), x
    )


def _acosh(x: float) -> float:
    t = x - 1.0
    return _log_of_twice(x, _log1p(t + _sqrt(t) * _sqrt(x + 1.0)))


def _atanh(x: float) -> float:
    m = abs(x)
    return math.copysign(_log1p(_divide(m + m, 1.0 - m)) * 0.5, x)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


FLOAT_BINARY = {
    "arith.addf": lambda a, b: a + b,
    "arith.subf": lambda a, b: a - b,
    "arith.mulf": lambda a, b: a * b,
    "arith.divf": _divide,
    "arith.remf": guarded(math.fmod),
    "arith.maximumf": lambda a, b: _minmax(a, b, True, True),
    "arith.minimumf": lambda a, b: _minmax(a, b, False, True),
    "arith.maxnumf": lambda a, b: _minmax(a, b, True, False),
    "arith.minnumf": lambda a, b: _minmax(a, b, False, False),
    "math.copysign": math.copysign,
    "math.atan2": guarded(math.atan2),
    "math.powf": _pow,
    "math.fpowi": _pow,  # the exponent (an integer) converted to f64
}
FLOAT_UNARY = {
    "arith.negf": lambda a: -a,
    "math.absf": abs,
    "math.exp": guarded(math.exp),
    "math.log": lambda a: -math.inf if a == 0 else guarded(math.log)(a),
    "math.sqrt": guarded(math.sqrt),
    "math.tanh": math.tanh,
    "math.erf": math.erf,
    "math.sin": guarded(math.sin),
    "math.ceil": lambda a: a if not math.isfinite(a) else math.copysign(float(math.ceil(a)), a),
    "math.floor": lambda a: a if not math.isfinite(a) else math.copysign(float(math.floor(a)), a),
    "math.trunc": lambda a: a if not math.isfinite(a) else math.copysign(float(math.trunc(a)), a),
    "math.round": _round_half_away,
    "math.roundeven": lambda a: a if not math.isfinite(a) else math.copysign(float(round(a)), a),
    "math.asinh": _asinh,
    "math.acosh": _acosh,
    "math.atanh": _atanh,
}
TRANSCENDENTAL = {"math.exp", "math.log", "math.tanh", "math.erf", "math.sin", "math.atan2"}
TRANSCENDENTAL |= {"math.powf", "math.fpowi", "math.asinh", "math.acosh", "math.atanh"}
EXPONENTS = ("i8", "i16", "i32", "i64")
"""The types `math.fpowi`'s exponent (its second operand) may have."""
CMPF = {
    "oeq": lambda a, b: a == b,
    "olt": lambda a, b: a < b,
    "oge": lambda a, b: a >= b,
    "one": lambda a, b: a < b or a > b,
    "ord": lambda a, b: a == a and b == b,
    "ueq": lambda a, b: not (a < b or a > b),
    "ult": lambda a, b: not a >= b,
    "une": lambda a, b: a != b,
    "uno": lambda a, b: a != a or b != b,
}
INT_BINARY = {
    "arith.addi": lambda a, b, t: signed(a, t) + signed(b, t),
    "arith.subi": lambda a, b, t: signed(a, t) - signed(b, t),
    "arith.muli": lambda a, b, t: signed(a, t) * signed(b, t),
    "arith.andi": lambda a, b, t: signed(a, t) & signed(b, t),
    "arith.xori": lambda a, b, t: signed(a, t) ^ signed(b, t),
    "arith.maxsi": lambda a, b, t: max(signed(a, t), signed(b, t)),
    "arith.minui": lambda a, b, t: min(unsigned(a, t), unsigned(b, t)),
    "arith.divsi": lambda a, b, t: _trunc_div(signed(a, t), signed(b, t)),
    "arith.remsi": lambda a, b, t: (
        signed(a, t) - _trunc_div(signed(a, t), signed(b, t)) * signed(b, t)
    ),  # noqa: E501
    "arith.floordivsi": lambda a, b, t: signed(a, t) // signed(b, t),
    "arith.ceildivsi": lambda a, b, t: -(-signed(a, t) // signed(b, t)),
    "arith.divui": lambda a, b, t: unsigned(a, t) // unsigned(b, t),
    "arith.remui": lambda a, b, t: unsigned(a, t) % unsigned(b, t),
    "arith.shli": lambda a, b, t: signed(a, t) << (signed(b, t) & (63 if t == "i64" else 31)),
    "arith.shrsi": lambda a, b, t: signed(a, t) >> (signed(b, t) & (63 if t == "i64" else 31)),
    "arith.shrui": lambda a, b, t: unsigned(a, t) >> (signed(b, t) & (63 if t == "i64" else 31)),
}
DIVISIONS = {"arith.divsi", "arith.remsi", "arith.floordivsi", "arith.ceildivsi"}
DIVISIONS |= {"arith.divui", "arith.remui"}
CMPI = {
    "eq": lambda a, b, t: signed(a, t) == signed(b, t),
    "slt": lambda a, b, t: signed(a, t) < signed(b, t),
    "uge": lambda a, b, t: unsigned(a, t) >= unsigned(b, t),
}


def round_float(value: float, type: str, via_f32: bool) -> float:
    """`value` rounded to `type` (through f32 first, as the VM rounds f16 math)."""
    if via_f32 and type == "f16":
        value = float(np.float32(value))
    with np.errstate(all="ignore"):
        return float(np.float64(value).astype(DTYPES[type]))


def reference(op: str, src: str, dst: str, values: list[object]) -> object:
    """The result of `op` on one element's operand values (numpy scalars)."""
    if op in FLOAT_BINARY or op in FLOAT_UNARY:
        function = FLOAT_BINARY.get(op) or FLOAT_UNARY[op]
        result = function(*(float(v) for v in values))
        return round_float(result, dst, via_f32=op in TRANSCENDENTAL)
    if op.startswith("arith.cmpf."):
        return int(CMPF[op.rsplit(".", 1)[1]](*(float(v) for v in values)))
    if op in INT_BINARY:
        return INT_BINARY[op](*values, src)
    if op.startswith("arith.cmpi."):
        return int(CMPI[op.rsplit(".", 1)[1]](*values, src))
    if op == "arith.select":
        return values[1] if int(values[0]) & 1 else values[2]
    (value,) = values
    if op in ("arith.extf", "arith.truncf"):
        return round_float(float(value), dst, via_f32=False)
    if op in ("arith.sitofp", "arith.uitofp"):
        read = signed if op == "arith.sitofp" else unsigned
        return round_float(float(read(value, src)), dst, via_f32=False)
    if op == "arith.fptosi":
        return math.trunc(float(value))
    if op in ("arith.extsi", "arith.trunci"):
        return signed(value, src)
    if op == "arith.extui":
        return unsigned(value, src)
    if op == "math.ctpop":
        return bin(unsigned(value, src)).count("1")
    if op == "math.ctlz":
        return WIDTH[src] - unsigned(value, src).bit_length()
    raise AssertionError(op)


# --- operations and values ----------------------------------------------------------------

SPECIAL_FLOATS = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0, -3.0, 1e30, -1e-30, 6e4]
SPECIAL_FLOATS += [math.inf, -math.inf, math.nan, 100.0]


def values_of(type: str, op: str, operand: int) -> st.SearchStrategy:
    if type in FLOATS:
        finite = st.floats(-1e4, 1e4, width=16 if type == "f16" else 32)
        if op == "arith.fptosi":
            return finite
        return st.one_of(st.sampled_from(SPECIAL_FLOATS), finite)
    bits = WIDTH[type]
    low, high = (0, 1) if type == "i1" else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    if operand == 1 and op in DIVISIONS:
        return st.integers(low, high).filter(lambda v: v != 0 and (v != -1 or "u" in op))
    return st.one_of(st.sampled_from([low, high, 0, 1, -1 if low else 0]), st.integers(low, high))


def _ops() -> list[tuple[str, str, str, int]]:
    """(op, input type, output type, arity) of every case drawn."""
    cases = [(op, t, t, 2) for op in FLOAT_BINARY for t in FLOATS]  # fpowi: see `calls`
    cases += [(op, t, t, 1) for op in FLOAT_UNARY for t in FLOATS]
    cases += [(f"arith.cmpf.{p}", t, "i1", 2) for p in CMPF for t in FLOATS]
    cases += [
        (op, t, t, 2) for op in INT_BINARY for t in INTS if not (t == "i1" and op in DIVISIONS)
    ]
    cases += [(f"arith.cmpi.{p}", t, "i1", 2) for p in CMPI for t in INTS]
    cases += [("arith.select", t, t, 3) for t in (*FLOATS, *INTS)]
    cases += [("arith.extf", "f16", "f64", 1), ("arith.extf", "f32", "f64", 1)]
    cases += [("arith.truncf", "f64", "f16", 1), ("arith.truncf", "f32", "f16", 1)]
    cases += [("arith.sitofp", t, f, 1) for t in INTS for f in FLOATS]
    cases += [("arith.uitofp", t, f, 1) for t in INTS for f in FLOATS]
    cases += [("arith.fptosi", f, t, 1) for f in ("f32", "f64") for t in ("i32", "i64")]
    cases += [("arith.extsi", "i1", "i32", 1), ("arith.extsi", "i8", "i64", 1)]
    cases += [("arith.extui", "i1", "i8", 1), ("arith.extui", "i16", "i64", 1)]
    cases += [("arith.trunci", "i64", "i8", 1), ("arith.trunci", "i32", "i1", 1)]
    cases += [(op, t, t, 1) for op in ("math.ctpop", "math.ctlz") for t in INTS]
    return cases


CASES = _ops()


@st.composite
def operand_layout(draw: st.DrawFn, shape: tuple[int, ...]) -> tuple[int, list[int], int]:
    """(offset, strides, elements needed): each dim contiguous-ish, padded, 0 or reversed
    order."""
    order = draw(st.permutations(range(4)))
    strides = [0] * 4
    step = 1
    for dim in reversed(order):
        if draw(st.booleans()) and shape[dim] > 1 and draw(st.integers(0, 4)) == 0:
            strides[dim] = 0  # broadcast
            continue
        strides[dim] = step
        step *= shape[dim] + draw(st.integers(0, 1))
    offset = draw(st.integers(0, 3))
    extent = sum((n - 1) * s for n, s in zip(shape, strides, strict=True)) + 1
    return offset, strides, offset + max(extent, 1)


@st.composite
def calls(draw: st.DrawFn, cases: list[tuple[str, str, str, int]] = CASES) -> tuple:
    op, src, dst, arity = draw(st.sampled_from(cases))
    shape = tuple(draw(st.integers(0, 3)) for _ in range(4))
    types = [src] * arity
    if op == "arith.select":
        types[0] = "i1"
    if op == "math.fpowi":
        types[1] = draw(st.sampled_from(EXPONENTS))
    inputs = []
    for index, type in enumerate(types):
        offset, strides, length = draw(operand_layout(shape))
        data = draw(st.lists(values_of(type, op, index), min_size=length, max_size=length))
        with np.errstate(all="ignore"):
            array = np.array(data, dtype=np.float64 if type in FLOATS else object)
            array = (
                array.astype(DTYPES[type])
                if type in FLOATS
                else np.array([int(v) for v in data], dtype=np.int64).astype(DTYPES[type])
            )
        inputs.append((array, offset, strides))
    out_offset = draw(st.integers(0, 2))
    out_strides = [0, 0, 0, 0]
    step = 1
    for dim in (3, 2, 1, 0):
        out_strides[dim] = step
        step *= shape[dim]
    out_len = out_offset + step
    return op, src, dst, arity, shape, inputs, (out_offset, out_strides, out_len)


def _element(array: np.ndarray, offset: int, strides: list[int], index: tuple[int, ...]) -> object:
    return array[offset + sum(i * s for i, s in zip(index, strides, strict=True))]


def run_call(op: str, src: str, dst: str, inputs: list, out: tuple, shape: tuple) -> np.ndarray:
    out_offset, out_strides, out_len = out
    result = np.full(out_len, 7, dtype=DTYPES[dst])
    types = TYPES[src] | TYPES[dst] << 8
    if op == "math.fpowi":  # the exponent's type in bits 16-23
        types |= TYPES[f"i{inputs[1][0].dtype.itemsize * 8}"] << 16
    args: list[object] = [OPS.index(op), types]
    for array, offset, strides in inputs:
        args += [Buffer(array, mutable=False), offset, *strides]
    args += [Buffer(result, mutable=True), out_offset, *out_strides, *shape]
    MODULE.call(NAMES[len(inputs)], *args)
    return result


@SETTINGS
@given(calls())
def test_matches_scalar_reference(call: tuple) -> None:
    check_call(call)


MIXED_AND_INVERSE = ("math.fpowi", "math.asinh", "math.acosh", "math.atanh")


@SETTINGS
@given(calls([case for case in CASES if case[0] in MIXED_AND_INVERSE]))
def test_fpowi_and_inverse_hyperbolics_match_scalar_reference(call: tuple) -> None:
    """fpowi with each exponent type, and asinh/acosh/atanh, drawn more often than above."""
    check_call(call)


def check_call(call: tuple) -> None:
    """Run a drawn call and compare every element with the scalar reference."""
    op, src, dst, arity, shape, inputs, out = call
    got = run_call(op, src, dst, inputs, out, shape)
    out_offset, out_strides, out_len = out
    expected = np.full(out_len, 7, dtype=DTYPES[dst])
    for index in np.ndindex(*shape):
        values = [_element(a, o, s, index) for a, o, s in inputs]
        value = reference(op, src, dst, values)
        position = out_offset + sum(i * s for i, s in zip(index, out_strides, strict=True))
        if dst in INTS:
            value = int(value) & 1 if dst == "i1" else wrap(int(value), WIDTH[dst])
        with np.errstate(all="ignore"):
            expected[position] = value
    if dst in FLOATS:
        nan = np.isnan(expected)
        assert (np.isnan(got) == nan).all(), (op, src, dst, got, expected)
        if op in TRANSCENDENTAL and dst == "f64":
            np.testing.assert_allclose(got[~nan], expected[~nan], rtol=4e-16)
        else:
            bits = np.dtype(f"u{expected.itemsize}")
            assert (got[~nan].view(bits) == expected[~nan].view(bits)).all(), (
                op,
                src,
                dst,
                got,
                expected,
            )
    else:
        np.testing.assert_array_equal(got, expected, err_msg=f"{op} {src}->{dst}")


def test_in_place_and_overlapping_output() -> None:
    """An output that is exactly an input is updated in place; a stride-0 output dim keeps
    the last write."""
    data = np.arange(6, dtype=np.float32)
    buffer = Buffer(data, mutable=True)
    f32 = TYPES["f32"] * 0x101
    MODULE.call("ex.binary.4d", OPS.index("arith.mulf"), f32,
                buffer, 0, 0, 0, 3, 1, buffer, 0, 0, 0, 3, 1,
                buffer, 0, 0, 0, 3, 1, 1, 1, 2, 3)  # fmt: skip
    np.testing.assert_array_equal(data, np.arange(6, dtype=np.float32) ** 2)
    out = np.zeros(3, np.float32)
    MODULE.call("ex.unary.4d", OPS.index("copy"), f32,
                buffer, 0, 0, 0, 3, 1, Buffer(out, mutable=True), 0, 0, 0, 0, 1,
                1, 1, 2, 3)  # fmt: skip
    np.testing.assert_array_equal(out, data[3:])


# --- errors -------------------------------------------------------------------------------


FPOWI = OPS.index("math.fpowi")
F32_I32 = TYPES["f32"] * 0x101 | TYPES["i32"] << 16
"""fpowi's `types` for an f32 base and an i32 exponent (i32 ^ 3 is i1, a type it refuses)."""


def _binary_args(**changes: object) -> list[object]:
    lhs = Buffer(np.ones(16, np.float32), mutable=False)
    out = Buffer(np.zeros(16, np.float32), mutable=True)
    values = dict(op=OPS.index("arith.addf"), types=TYPES["f32"] * 0x101, lhs=lhs, rhs=lhs,
                  out=out, out_offset=0, rhs_stride=1, size=4)  # fmt: skip
    values.update(changes)
    return [values["op"], values["types"],
            values["lhs"], 0, 0, 0, 4, 1,
            values["rhs"], 0, 0, 0, 4, values["rhs_stride"],
            values["out"], values["out_offset"], 0, 0, 4, 1,
            1, 1, values["size"], 4]  # fmt: skip


@pytest.mark.parametrize(
    ("changes", "code", "text"),
    [
        ({"out_offset": 1}, "OUT_OF_RANGE", ""),
        ({"size": 5}, "OUT_OF_RANGE", ""),
        ({"out": Buffer(np.zeros(16, np.float32), mutable=False)}, "PERMISSION_DENIED", ""),
        ({"rhs": None}, "INVALID_ARGUMENT", "ref is null"),
        ({"op": len(OPS)}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": -1}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": OPS.index("math.exp")}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["i32"] * 0x101}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["f32"] | TYPES["f64"] << 8}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["f32"] * 0x101 | 1 << 16}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["f32"] * 0x101 | 1 << 24}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": FPOWI}, "INVALID_ARGUMENT", "unhandled flags"),  # no exponent type
        ({"op": FPOWI, "types": F32_I32 ^ 3 << 16}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": FPOWI, "types": TYPES["f32"] * 0x10101}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": FPOWI, "types": F32_I32 | 1 << 24}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"op": FPOWI, "types": F32_I32, "size": 5}, "OUT_OF_RANGE", ""),
        ({"rhs_stride": 1 << 32}, "INVALID_ARGUMENT", "buffer overflow for rhs"),
        ({"rhs_stride": -2}, "INVALID_ARGUMENT", "buffer overflow for rhs"),
        ({"rhs_stride": -1}, "OUT_OF_RANGE", ""),
    ],
)
def test_errors(changes: dict[str, object], code: str, text: str) -> None:
    args = _binary_args(**changes)
    out = args[14]
    before = bytes(out.data) if isinstance(out, Buffer) else b""
    with pytest.raises(StatusError) as info:
        MODULE.call("ex.binary.4d", *args)
    assert info.value.code == code
    assert text in str(info.value)
    if isinstance(out, Buffer):
        assert bytes(out.data) == before


@pytest.mark.parametrize(
    ("op", "types"),
    [
        ("copy", 0),
        ("copy", 10 * 0x101),
        ("arith.bitcast", 10 | TYPES["f32"] << 8),
        ("arith.bitcast", TYPES["i16"] | 0xFF << 8),
        ("arith.select", 0),
        ("arith.select", 0xFF * 0x101),
    ],
)
def test_unknown_type_codes_are_unhandled_flags(op: str, types: int) -> None:
    """The ops taking any pair of equal (`copy`, `select`) or same-width (`bitcast`) types
    still refuse a code that is no type (a KeyError escaped: the fuzz corpus's
    `crash-select-type-code-0.bin`)."""
    arity = 3 if op == "arith.select" else 1
    buffer = Buffer(np.zeros(4, np.uint8), mutable=True)
    with pytest.raises(StatusError, match="unhandled flags") as info:
        MODULE.call(f"ex.{'ternary' if arity == 3 else 'unary'}.4d", OPS.index(op), types,
                    *[buffer, 0, 0, 0, 0, 1] * (arity + 1), 1, 1, 1, 1)  # fmt: skip
    assert info.value.code == "INVALID_ARGUMENT" and not buffer.data.any()


def test_division_by_zero_is_an_error() -> None:
    lhs = Buffer(np.array([4, 5], np.int32), mutable=False)
    rhs = Buffer(np.array([1, 0], np.int32), mutable=False)
    out = Buffer(np.zeros(2, np.int32), mutable=True)
    with pytest.raises(StatusError, match="division by zero"):
        MODULE.call("ex.binary.4d", OPS.index("arith.divsi"), TYPES["i32"] * 0x101,
                    lhs, 0, 0, 0, 0, 1, rhs, 0, 0, 0, 0, 1, out, 0, 0, 0, 0, 1,
                    1, 1, 1, 2)  # fmt: skip


def test_huge_regions() -> None:
    """A size near 2**32 on a dim where every operand has stride 0 computes only the surviving
    writes; with an output stride there, the region is out of range before any view."""
    lhs = Buffer(np.arange(4, dtype=np.float32), mutable=False)
    data = np.zeros(4, np.float32)
    out = Buffer(data, mutable=True)
    exp = OPS.index("math.exp")
    f32 = TYPES["f32"] * 0x101
    MODULE.call("ex.unary.4d", exp, f32, lhs, 0, 0, 0, 0, 1, out, 0, 0, 0, 0, 1,
                (1 << 32) - 1, 1, 1, 4)  # fmt: skip
    np.testing.assert_allclose(data, np.exp(np.arange(4)), rtol=1e-7)
    with pytest.raises(StatusError) as info:
        MODULE.call("ex.unary.4d", exp, f32, lhs, 0, 0, 0, 0, 1, out, 0, 1, 0, 0, 1,
                    (1 << 32) - 1, 1, 1, 4)  # fmt: skip
    assert info.value.code == "OUT_OF_RANGE"


def test_signatures() -> None:
    assert MODULE.signature("ex.binary.4d") == "0ii" + "rIIIII" * 3 + "IIII_v"
    assert MODULE.signature("ex.unary.4d") == "0ii" + "rIIIII" * 2 + "IIII_v"
    assert MODULE.signature("ex.ternary.4d") == "0ii" + "rIIIII" * 4 + "IIII_v"


def test_f32_bits_of_rounded_math() -> None:
    """f32 math is f64 rounded once to f32 (the VM's rounding), not numpy's float32 SIMD."""
    x = np.array([0.1, 1.7, -3.3, 20.0], np.float32)
    out = np.zeros(4, np.float32)
    MODULE.call("ex.unary.4d", OPS.index("math.exp"), TYPES["f32"] * 0x101,
                Buffer(x, mutable=False), 0, 0, 0, 0, 1, Buffer(out, mutable=True), 0, 0, 0, 0, 1,
                1, 1, 1, 4)  # fmt: skip
    expected = [struct.unpack("f", struct.pack("f", math.exp(float(v))))[0] for v in x]
    np.testing.assert_array_equal(out, np.array(expected, np.float32))


@pytest.mark.parametrize("type", FLOATS)
@pytest.mark.parametrize("op", ["math.asinh", "math.acosh", "math.atanh"])
def test_inverse_hyperbolics_at_edges(op: str, type: str) -> None:
    """Zeros, the poles and domain ends (+-1), tiny and huge magnitudes (the log(2m) branch
    above 1e150), infinities and NaN: the scalar lowering's formula, and within 2 ulp of
    numpy's own functions where those are finite."""
    dtype = DTYPES[type]
    info = np.finfo(dtype)
    edges = [0.0, -0.0, 1.0, -1.0, 0.5, -0.999, 1.0000001, 2.0, -3.0, 1e-7, -1e-30, 1e30]
    edges += [float(info.tiny), float(info.max), -float(info.max), 1e151, 1e300]
    edges += [math.inf, -math.inf, math.nan]
    with np.errstate(all="ignore"):
        x = np.array(edges, np.float64).astype(dtype)
    shape = (1, 1, 1, x.size)
    got = run_call(op, type, type, [(x, 0, [0, 0, 0, 1])], (0, [0, 0, 0, 1], x.size), shape)
    expected = np.array(
        [round_float(FLOAT_UNARY[op](float(v)), type, via_f32=True) for v in x], dtype
    )
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(np.signbit(got[~nan]), np.signbit(expected[~nan]))
    np.testing.assert_allclose(got[~nan], expected[~nan], rtol=4e-16 if type == "f64" else 0)
    numpy_function = {"math.asinh": np.arcsinh, "math.acosh": np.arccosh}.get(op, np.arctanh)
    with np.errstate(all="ignore"):
        library = numpy_function(x.astype(np.float64)).astype(dtype)
    finite = np.isfinite(library) & np.isfinite(got)
    spacing = np.spacing(np.abs(library[finite]))
    assert (np.abs(got[finite] - library[finite]) <= 2 * spacing).all(), (got, library)


# --- bf16 ---------------------------------------------------------------------------------


def _bf16_once(x: float | int) -> float:
    """`x` (an f64 or an integer) rounded once to bf16: to nearest, ties to even, beyond the
    largest bf16 to +-inf (exact rational arithmetic)."""
    if x != x:
        return math.nan
    if x == 0 or math.isinf(x):
        return float(x)
    magnitude = abs(Fraction(x))
    exponent = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
    if Fraction(2) ** exponent > magnitude:
        exponent -= 1
    ulp = Fraction(2) ** (max(exponent, -126) - 7)  # 8 significant bits; subnormals below
    steps, rest = divmod(magnitude / ulp, 1)
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and steps % 2):
        steps += 1
    value = steps * ulp
    return math.copysign(math.inf if value >= 2**128 else float(value), x)


def _f32(x: float) -> float:
    with np.errstate(all="ignore"):
        return float(np.float32(x))


# name -> (input type, output type, reference on Python values); bf16 operands arrive as their
# values, a bf16 result is rounded with the VM's own `bf16` (nearest even from f32) unless the
# reference rounds it itself (`_bf16_once`, marked by returning a tuple).
BF16_CASES = {
    "arith.addf": ("bf16", "bf16", lambda a, b: _f32(a + b)),
    "arith.mulf": ("bf16", "bf16", lambda a, b: _f32(a * b)),
    "arith.divf": ("bf16", "bf16", lambda a, b: _f32(_divide(a, b))),
    "arith.maximumf": ("bf16", "bf16", lambda a, b: _minmax(a, b, True, True)),
    "math.exp": ("bf16", "bf16", lambda a: _f32(guarded(math.exp)(a))),
    "math.sqrt": ("bf16", "bf16", lambda a: _f32(guarded(math.sqrt)(a))),
    "arith.cmpf.olt": ("bf16", "i1", lambda a, b: int(a < b)),
    "arith.extf": ("bf16", "f64", lambda a: a),
    "arith.truncf": ("f64", "bf16", lambda a: (_bf16_once(a),)),
    "arith.sitofp": ("i64", "bf16", lambda a: (_bf16_once(int(a)),)),
    "arith.fptosi": ("bf16", "i16", lambda a: _saturated(a, 16)),
}


def _saturated(value: float, bits: int) -> int:
    """fptosi: truncated, NaN 0, out of range the nearest bound."""
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if value != value:
        return 0
    return high if value >= high else low if value <= low else math.trunc(value)


@SETTINGS
@given(st.sampled_from(sorted(BF16_CASES)), st.data())
def test_bf16_matches_scalar_reference(op: str, data: st.DataObject) -> None:
    """bf16 values (any 16 bits: NaN, infinities, subnormals) computed as the scalar VM does:
    in f32 (math in f64 rounded to f32), the result rounded to bf16."""
    src, dst, function = BF16_CASES[op]
    arity = OPS_ARITY[op]
    size = data.draw(st.integers(0, 12))
    inputs = []
    elements = {
        "bf16": st.integers(0, 0xFFFF),
        "f64": st.floats(width=64),
        "i64": st.integers(-(2**63), 2**63 - 1),
    }[src]
    for _ in range(arity):
        values = data.draw(st.lists(elements, min_size=size, max_size=size))
        inputs.append((np.array(values, DTYPES[src]), 0, [0, 0, 0, 1]))
    got = run_call(op, src, dst, inputs, (0, [0, 0, 0, 1], size), (1, 1, 1, size))
    for index in range(size):
        values = [bf16_value(int(a[index])) if src == "bf16" else a[index] for a, _, _ in inputs]
        result = function(*values)
        if dst == "bf16":
            expected = _bf16_once(result[0]) if isinstance(result, tuple) else bf16(result)
            actual = bf16_value(int(got[index]))
            assert (actual != actual) == (expected != expected), (op, values, actual, expected)
            if expected == expected:
                assert bf16_bits(actual) == bf16_bits(expected), (op, values, actual, expected)
        elif dst == "f64":
            assert got[index] == result or (result != result and got[index] != got[index])
        else:
            assert int(got[index]) == result, (op, values, got[index], result)


OPS_ARITY = {
    op: 2 if op in FLOAT_BINARY or op.startswith("arith.cmpf.") else 1 for op in BF16_CASES
}


def test_bf16_bitwise_ops_move_bits() -> None:
    """copy, select and bitcast to and from i16 keep every bit, NaN payloads included."""
    bits = np.array([0x7FC1, 0xFF81, 0x0001, 0x8000, 0x3F80, 0x7F80], np.uint16)
    out = np.zeros(6, np.int16)
    MODULE.call("ex.unary.4d", OPS.index("arith.bitcast"), TYPES["bf16"] | TYPES["i16"] << 8,
                Buffer(bits, mutable=False), 0, 0, 0, 0, 1,
                Buffer(out, mutable=True), 0, 0, 0, 0, 1, 1, 1, 1, 6)  # fmt: skip
    np.testing.assert_array_equal(out.view(np.uint16), bits)
    picked = np.zeros(6, np.uint16)
    condition = np.array([1, 0, 1, 0, 1, 0], np.uint8)
    MODULE.call("ex.ternary.4d", OPS.index("arith.select"), TYPES["bf16"] * 0x101,
                Buffer(condition, mutable=False), 0, 0, 0, 0, 1,
                Buffer(bits, mutable=False), 0, 0, 0, 0, 1,
                Buffer(bits[::-1].copy(), mutable=False), 0, 0, 0, 0, 1,
                Buffer(picked, mutable=True), 0, 0, 0, 0, 1, 1, 1, 1, 6)  # fmt: skip
    np.testing.assert_array_equal(picked, np.where(condition, bits, bits[::-1]))


@pytest.mark.parametrize(
    ("op", "types"),
    [
        ("arith.extf", TYPES["bf16"] | TYPES["f16"] << 8),  # not wider
        ("arith.truncf", TYPES["f16"] | TYPES["bf16"] << 8),
        ("arith.addf", TYPES["bf16"] | TYPES["f32"] << 8),
        ("arith.addi", TYPES["bf16"] * 0x101),
    ],
)
def test_bf16_combinations_refused(op: str, types: int) -> None:
    args = _binary_args(op=OPS.index(op), types=types)
    name = "ex.binary.4d" if op in ("arith.addf", "arith.addi") else "ex.unary.4d"
    if name == "ex.unary.4d":
        args = args[:2] + args[8:]
    with pytest.raises(StatusError, match="unhandled flags"):
        MODULE.call(name, *args)


_SPECIAL_BITS = {
    32: [0x0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001,
         0x7F800002, 0x7FA00000, 0x3F800000, 0xBF800000, 0x00000001],
    64: [0x0, 1 << 63, 0x7FF0 << 48, 0xFFF0 << 48, 0x7FF8 << 48, (0xFFF8 << 48) | 1,
         (0x7FF0 << 48) | 1, (0x7FF0 << 48) | 2, 0x3FF0 << 48, 0xBFF0 << 48, 1],
}  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([32, 64]),
    st.sampled_from(["arith.maximumf", "arith.minimumf"]),
    st.data(),
)
def test_maximumf_minimumf_bits_are_the_scalar_vms(
    width: int, op: str, data: st.DataObject
) -> None:
    """Every bit of `maximumf`/`minimumf`, NaN payloads and signalling NaNs included (two
    NaNs give the right one's bits, never an infinity), also with the output aliasing the
    left operand."""
    patterns = st.lists(st.sampled_from(_SPECIAL_BITS[width]), min_size=1, max_size=12)
    lhs_bits = data.draw(patterns)
    rhs_bits = data.draw(st.lists(st.sampled_from(_SPECIAL_BITS[width]),
                                  min_size=len(lhs_bits), max_size=len(lhs_bits)))  # fmt: skip
    unsigned = np.dtype(f"u{width // 8}")
    lhs = np.array(lhs_bits, unsigned).view(f"f{width // 8}")
    rhs = np.array(rhs_bits, unsigned).view(f"f{width // 8}")
    expected = [
        ref.min_max_float_bits(a, b, lhs.dtype, op == "arith.maximumf")
        for a, b in zip(lhs_bits, rhs_bits, strict=True)
    ]
    n = len(lhs_bits)
    code = TYPES[f"f{width}"] * 0x101
    out = np.zeros_like(lhs)
    MODULE.call("ex.binary.4d", OPS.index(op), code,
                Buffer(lhs, mutable=False), 0, 0, 0, 0, 1,
                Buffer(rhs, mutable=False), 0, 0, 0, 0, 1,
                Buffer(out, mutable=True), 0, 0, 0, 0, 1, 1, 1, 1, n)  # fmt: skip
    assert out.view(unsigned).tolist() == expected
    aliased = lhs.copy()
    buffer = Buffer(aliased, mutable=True)
    MODULE.call("ex.binary.4d", OPS.index(op), code,
                buffer, 0, 0, 0, 0, 1, Buffer(rhs, mutable=False), 0, 0, 0, 0, 1,
                buffer, 0, 0, 0, 0, 1, 1, 1, 1, n)  # fmt: skip
    assert aliased.view(unsigned).tolist() == expected
