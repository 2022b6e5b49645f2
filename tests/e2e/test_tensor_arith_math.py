"""Whole programs whose linalg.generic bodies use every arith and math op, against numpy.

The programs (`tensor_programs/arith_*.mlir`, `math_*.mlir`) pack many ops into each generic,
one dispatch per generic, and are compiled once per codegen mode. Inputs hold the special
values (NaN, infinities, signed zeros, halves, integer extremes); both modes must give
numpy's results. Transcendental results are compared with a tolerance of a few units in the
last place of the type; everything else exactly, with the sign of zero and NaN positions.
`tosa.apply_scale` (`arith_rescale.mlir`) is checked against the TOSA specification's
`apply_scale_32`/`apply_scale_16` (hypothesis) and in an int8 matmul's rescale epilogue.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyvmvx
from pyvmvx.runtime.program import Module

PROGRAMS = Path(__file__).parent / "tensor_programs"
MODES = ["all", "none"]
FLOATS = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
# Relative tolerance of transcendental results: f16/f32 ops compute in f32/f64 and round.
RTOL = {"f16": 2e-3, "f32": 4e-7, "f64": 1e-13}


@functools.cache
def _compiled(name: str, ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAMS / f"{name}.mlir", ukernels=ukernels)


def _load(name: str, ukernels: str) -> Module:
    return pyvmvx.load(_compiled(name, ukernels))


def assert_same(actual: np.ndarray, expected: np.ndarray, rtol: float = 0.0) -> None:
    """Equal values (within `rtol`), dtypes, NaN positions and signs of zero."""
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=0, equal_nan=True)
    zeros = expected == 0
    np.testing.assert_array_equal(np.signbit(actual[zeros]), np.signbit(expected[zeros]))


def _special(dtype: type[np.floating]) -> np.ndarray:
    """Signed zeros, halves, values around 1, large values, infinities, NaN and randoms."""
    info = np.finfo(dtype)
    fixed = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -2.5, 2.5, 3.0, 0.999, -0.999, 1e-3, 20.0]
    fixed += [-30.0, 100.0, -100.0, float(info.max), float(-info.max), float(info.tiny)]
    fixed += [math.inf, -math.inf, math.nan]
    rng = np.random.default_rng(7)
    return np.concatenate([np.array(fixed), rng.standard_normal(41) * 3]).astype(dtype)


def _rounded(function: Callable[..., np.ndarray], dtype: type) -> Callable[..., np.ndarray]:
    """`function` computed in f64 and rounded to `dtype` once."""

    def apply(*args: np.ndarray) -> np.ndarray:
        with np.errstate(all="ignore"):
            return function(*(np.asarray(a, np.float64) for a in args)).astype(dtype)

    return apply


_erf = np.vectorize(math.erf, otypes=[np.float64])


def _round_half_away(x: np.ndarray) -> np.ndarray:
    return np.copysign(np.floor(np.abs(x) + 0.5), x)


# (name, reference, exact): the order of math_float.mlir's @unary_<T> results.
UNARY: list[tuple[str, Callable[[np.ndarray], np.ndarray], bool]] = [
    ("exp", np.exp, False),
    ("exp2", np.exp2, False),
    ("expm1", np.expm1, False),
    ("log", np.log, False),
    ("log2", np.log2, False),
    ("log10", np.log10, False),
    ("log1p", np.log1p, False),
    ("sqrt", np.sqrt, True),
    ("rsqrt", lambda x: 1 / np.sqrt(x), False),
    ("tanh", np.tanh, False),
    ("erf", _erf, False),
    ("sin", np.sin, False),
    ("cos", np.cos, False),
    ("tan", np.tan, False),
    ("atan", np.arctan, False),
    ("asin", np.arcsin, False),
    ("acos", np.arccos, False),
    ("sinh", np.sinh, False),
    ("cosh", np.cosh, False),
    ("absf", np.abs, True),
    ("ceil", np.ceil, True),
    ("floor", np.floor, True),
    ("round", _round_half_away, True),
    ("roundeven", np.rint, True),
    ("trunc", np.trunc, True),
]


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", list(FLOATS))
def test_math_unary(ukernels: str, type_name: str) -> None:
    dtype = FLOATS[type_name]
    x = _special(dtype)
    results = getattr(_load("math_float", ukernels), f"unary_{type_name}")(x)
    assert len(results) == len(UNARY)
    for (name, reference, exact), actual in zip(UNARY, results, strict=True):
        expected = _rounded(reference, dtype)(x)
        # The f64 reference of an f64 op is numpy's own, itself within an ulp or so.
        rtol = 0.0 if exact else RTOL[type_name]
        try:
            assert_same(actual, expected, rtol)
        except AssertionError as error:
            raise AssertionError(f"math.{name} on {type_name}: {error}") from None


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", ["f32", "f64"])
def test_inverse_hyperbolic(ukernels: str, type_name: str) -> None:
    dtype = FLOATS[type_name]
    extremes = [1e-300, 1e200, -1e200] if dtype == np.float64 else [1e-40, 1e30, -1e30]
    x = np.concatenate([_special(dtype), np.array([*extremes, 1.0000001], dtype)])
    module = _load("math_inverse_hyperbolic", ukernels)
    results = getattr(module, f"inverse_hyperbolic_{type_name}")(x)
    for name, reference, actual in zip(
        ("asinh", "acosh", "atanh"), (np.arcsinh, np.arccosh, np.arctanh), results, strict=True
    ):
        try:
            assert_same(actual, _rounded(reference, dtype)(x), 4 * RTOL[type_name])
        except AssertionError as error:
            raise AssertionError(f"math.{name} on {type_name}: {error}") from None


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", list(FLOATS))
def test_math_binary_and_classification(ukernels: str, type_name: str) -> None:
    dtype = FLOATS[type_name]
    x = _special(dtype)
    y = np.roll(x, 5)
    k = (np.arange(x.size, dtype=np.int32) % 11) - 5
    powf, atan2, copysign, fpowi, isnan, isinf, isfinite, isnormal = getattr(
        _load("math_float", ukernels), f"binary_{type_name}"
    )(x, y, k)
    rtol = RTOL[type_name]
    assert_same(powf, _rounded(np.power, dtype)(x, y), rtol)
    assert_same(atan2, _rounded(np.arctan2, dtype)(x, y), rtol)
    assert_same(copysign, np.copysign(x, y))
    assert_same(fpowi, _rounded(np.power, dtype)(x, k.astype(np.float64)), rtol)
    assert_same(isnan, np.isnan(x))
    assert_same(isinf, np.isinf(x))
    assert_same(isfinite, np.isfinite(x))
    tiny = np.finfo(dtype).tiny
    assert_same(isnormal, np.isfinite(x) & (np.abs(x) >= tiny))


@pytest.mark.parametrize("name", ["math_float"])
def test_both_modes_agree_bitwise(name: str) -> None:
    x = _special(np.float32)
    results = [_load(name, mode).unary_f32(x) for mode in MODES]
    for a, b in zip(*results, strict=True):
        np.testing.assert_array_equal(a.view(np.uint32), b.view(np.uint32))


def _same_bits(a: np.ndarray, b: np.ndarray) -> None:
    """Equal bits, except that any NaN matches any NaN (payloads and signs may differ)."""
    nan = np.isnan(a)
    np.testing.assert_array_equal(nan, np.isnan(b))
    bits = np.dtype(f"u{a.dtype.itemsize}")
    np.testing.assert_array_equal(a[~nan].view(bits), b[~nan].view(bits))


@pytest.mark.parametrize("type_name", ["f32", "f64"])
def test_ex_inverse_hyperbolics_and_fpowi_agree_with_scalar_lowering(type_name: str) -> None:
    """`ex`'s asinh/acosh/atanh use the scalar lowering's formulas and fpowi its pow: the
    two modes agree bit for bit (up to a libm/numpy ulp in f64, which does not show in f32)."""
    dtype = FLOATS[type_name]
    x = np.concatenate([_special(dtype), np.array([1e-30, 1e30, 1.0000001, 7.5], dtype)])
    k = (np.arange(x.size, dtype=np.int32) % 23) - 11
    for name, function, arguments in (
        ("math_inverse_hyperbolic", f"inverse_hyperbolic_{type_name}", (x,)),
        ("math_float", f"binary_{type_name}", (x, np.roll(x, 3), k)),
    ):
        results = [getattr(_load(name, mode), function)(*arguments) for mode in MODES]
        for a, b in zip(*results, strict=True):
            if type_name == "f32" or a.dtype != np.float64:
                _same_bits(a, b)
            else:
                assert_same(a, b, 4e-16)


# ---------------------------------------------------------------------------
# arith on floats
# ---------------------------------------------------------------------------


def _float_pairs(dtype: type[np.floating]) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of special values (NaN, infinities, signed zeros, extremes)."""
    values = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 3.0, 0.1, float(np.finfo(dtype).max)]
    values += [math.inf, -math.inf, math.nan]
    grid = np.array(values, dtype=dtype)
    return np.repeat(grid, grid.size), np.tile(grid, grid.size)


def _signed_zero_max(x: np.ndarray, y: np.ndarray, is_max: bool) -> np.ndarray:
    """MLIR's maximumf/minimumf: NaN wins, -0.0 < +0.0."""
    result = np.maximum(x, y) if is_max else np.minimum(x, y)
    zeros = (x == 0) & (y == 0)
    negative = np.signbit(x) & np.signbit(y) if is_max else np.signbit(x) | np.signbit(y)
    result[zeros] = np.where(negative, -0.0, 0.0)[zeros].astype(x.dtype)
    return result


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", list(FLOATS))
def test_arith_float_binary(ukernels: str, type_name: str) -> None:
    x, y = _float_pairs(FLOATS[type_name])
    results = getattr(_load("arith_float", ukernels), f"binary_{type_name}")(x, y)
    with np.errstate(all="ignore"):
        expected = [x + y, x - y, x * y, x / y, np.fmod(x, y)]
        expected += [_signed_zero_max(x, y, True), _signed_zero_max(x, y, False)]
    for actual, reference in zip(results, expected, strict=False):
        assert_same(actual, reference)
    maxnumf, minnumf, negf, select = results[7:]
    # maxnumf/minnumf may return either zero of two zeros (MLIR leaves it open).
    np.testing.assert_array_equal(maxnumf, np.fmax(x, y))
    np.testing.assert_array_equal(minnumf, np.fmin(x, y))
    assert_same(negf, -x)
    assert_same(select, np.where(x < y, x, y))


CMPF = "false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split()


def _cmpf(predicate: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    unordered = np.isnan(x) | np.isnan(y)
    if predicate in ("false", "true"):
        return np.full(x.shape, predicate == "true")
    if predicate in ("ord", "uno"):
        return ~unordered if predicate == "ord" else unordered
    relation = {"eq": x == y, "gt": x > y, "ge": x >= y, "lt": x < y, "le": x <= y}
    relation["ne"] = (x != y) & ~unordered
    held = relation[predicate[1:]]
    return held | unordered if predicate[0] == "u" else held


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", list(FLOATS))
def test_arith_cmpf(ukernels: str, type_name: str) -> None:
    x, y = _float_pairs(FLOATS[type_name])
    results = getattr(_load("arith_float", ukernels), f"cmpf_{type_name}")(x, y)
    for predicate, actual in zip(CMPF, results, strict=True):
        assert actual.dtype == np.bool_
        np.testing.assert_array_equal(actual, _cmpf(predicate, x, y), err_msg=predicate)


# ---------------------------------------------------------------------------
# arith on integers
# ---------------------------------------------------------------------------

INTS = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}


def _wrap(value: int, bits: int) -> int:
    return ((value + (1 << (bits - 1))) & ((1 << bits) - 1)) - (1 << (bits - 1))


def _int_pairs(bits: int, dtype: type) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of extremes and small values, then random pairs."""
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    grid = np.array([0, 1, -1, 2, -2, 3, -7, 5, low, high, low + 1, high - 1], dtype=dtype)
    rng = np.random.default_rng(bits)
    random = rng.integers(low, high, size=(2, 32), endpoint=True, dtype=dtype)
    x = np.concatenate([np.repeat(grid, grid.size), random[0]])
    y = np.concatenate([np.tile(grid, grid.size), random[1]])
    return x, y


def _ipowi(base: int, exponent: int, bits: int) -> int:
    if exponent >= 0:
        return _wrap(pow(base, exponent, 1 << bits), bits)
    if base == 1:
        return 1
    return (-1 if exponent & 1 else 1) if base == -1 else 0


def _int_reference(bits: int, x: int, y: int) -> list[int | None]:
    """@binary_<T>'s results for one element; None where MLIR's result is poison."""
    mask = (1 << bits) - 1
    d, s, p = y | 1, y & (bits - 1), y & 7
    ux, uy, ud = x & mask, y & mask, d & mask
    overflow = x == -(1 << (bits - 1)) and d == -1
    quotient = None if overflow else abs(x) // abs(d) * (1 if (x < 0) == (d < 0) else -1)
    values: list[int | None] = [x + y, x - y, x * y, quotient, ux // ud]
    values += [abs(x) % abs(d) * (-1 if x < 0 else 1), ux % ud, min(x, y), max(x, y)]
    values += [min(ux, uy), max(ux, uy), x & y, x | y, x ^ y, x << s, x >> s, ux >> s]
    values += [None if overflow else x // d, None if overflow else -(-x // d), -(-ux // ud)]
    values += [abs(x), _ipowi(x, p, bits), _ipowi(x, y, bits), max(x, y)]
    return [None if v is None else _wrap(v, bits) for v in values]


def _check_ints(results: tuple[np.ndarray, ...], expected: list[list[int | None]]) -> None:
    for k, actual in enumerate(results):
        column = [row[k] for row in expected]
        keep = np.array([v is not None for v in column])
        wanted = np.array([0 if v is None else v for v in column], dtype=np.int64)
        np.testing.assert_array_equal(
            actual.astype(np.int64)[keep], wanted[keep], err_msg=f"result #{k}"
        )


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", [*INTS, "index"])
def test_arith_int_binary(ukernels: str, type_name: str) -> None:
    dtype = INTS.get(type_name, np.int64)
    bits = np.iinfo(dtype).bits
    x, y = _int_pairs(bits, dtype)
    results = getattr(_load("arith_int", ukernels), f"binary_{type_name}")(x, y)
    assert all(r.dtype == dtype for r in results)
    _check_ints(results, [_int_reference(bits, int(a), int(b)) for a, b in zip(x, y, strict=True)])


CMPI = "eq ne slt sle sgt sge ult ule ugt uge".split()


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("type_name", list(INTS))
def test_arith_cmpi(ukernels: str, type_name: str) -> None:
    dtype = INTS[type_name]
    x, y = _int_pairs(np.iinfo(dtype).bits, dtype)
    ux, uy = (
        x.view(np.dtype(dtype.__name__.replace("int", "uint"))),
        y.view(np.dtype(dtype.__name__.replace("int", "uint"))),
    )
    expected = [x == y, x != y, x < y, x <= y, x > y, x >= y, ux < uy, ux <= uy, ux > uy]
    expected.append(ux >= uy)
    results = getattr(_load("arith_int", ukernels), f"cmpi_{type_name}")(x, y)
    for predicate, actual, reference in zip(CMPI, results, expected, strict=True):
        assert actual.dtype == np.bool_
        np.testing.assert_array_equal(actual, reference, err_msg=predicate)


@pytest.mark.parametrize("ukernels", MODES)
def test_arith_i1(ukernels: str) -> None:
    xi = np.array([0, 0, 1, 1, 2, 3, -1, -2], dtype=np.int8)
    yi = np.array([0, 1, 0, 1, 5, 4, -1, 7], dtype=np.int8)
    results = _load("arith_int", ukernels).ops_i1(xi, yi)
    x, y = (xi & 1).astype(bool), (yi & 1).astype(bool)
    sx, sy = -x.astype(np.int8), -y.astype(np.int8)  # i1 true is -1 when signed
    expected = [x ^ y, x ^ y, x & y, x & y, x | y, x ^ y]
    expected += [np.minimum(sx, sy) != 0, np.maximum(sx, sy) != 0, x & y, x | y]
    expected += [sx < sy, x < y, sx > sy, x == y]
    expected += [np.where(x, xi, yi), sx, x.astype(np.int32), x.astype(np.float32)]
    expected.append(sx.astype(np.float32))
    assert len(results) == len(expected)
    for k, (actual, reference) in enumerate(zip(results, expected, strict=True)):
        assert actual.dtype == reference.dtype, (k, actual.dtype, reference.dtype)
        np.testing.assert_array_equal(actual, reference, err_msg=f"result #{k}")


# ---------------------------------------------------------------------------
# casts
# ---------------------------------------------------------------------------


def _unsigned(array: np.ndarray) -> np.ndarray:
    return array.view(np.dtype(f"u{array.dtype.itemsize}"))


@pytest.mark.parametrize("ukernels", MODES)
def test_casts_from_ints(ukernels: str) -> None:
    x64, y64 = _int_pairs(64, np.int64)
    ints = np.concatenate([x64, y64[::7], np.array([2**53 + 1, 2**63 - 1, -(2**63), 2**24 + 1])])
    b, h, k, w = (ints.astype(t) for t in (np.int8, np.int16, np.int32, np.int64))
    k[:4] = [2**24 + 1, -(2**24) - 3, 2**31 - 1, -(2**31)]
    results = _load("arith_casts", ukernels).from_ints(b, h, k, w)
    f32, f64, f16 = np.float32, np.float64, np.float16
    expected = [b.astype(f32), h.astype(f64), k.astype(f32), k.astype(f64), w.astype(f32)]
    expected += [w.astype(f64), h.astype(f16)]
    expected += [_unsigned(b).astype(f32), _unsigned(k).astype(f32), _unsigned(k).astype(f64)]
    expected += [_unsigned(w).astype(f32), _unsigned(w).astype(f64), _unsigned(b).astype(f16)]
    expected += [b.astype(np.int32), h.astype(np.int64), k.astype(np.int64), b.astype(np.int16)]
    expected += [_unsigned(b).astype(np.int32), _unsigned(h).astype(np.int64)]
    expected += [_unsigned(k).astype(np.int64), _unsigned(b).astype(np.int16)]
    expected += [w.astype(np.int32), k.astype(np.int8), w.astype(np.int16), h.astype(np.int8)]
    expected += [(k & 1).astype(bool), k.view(f32), w.view(f64)]
    expected += [k.astype(np.int64), _unsigned(k).astype(np.int64), w.astype(np.int32)]
    expected += [w.astype(np.int8), _unsigned(b).astype(np.int64)]
    assert len(results) == len(expected)
    for index, (actual, reference) in enumerate(zip(results, expected, strict=True)):
        try:
            assert_same(actual, reference)
        except AssertionError as error:
            raise AssertionError(f"result #{index}: {error}") from None


def _to_int(values: np.ndarray, dtype: type[np.integer]) -> tuple[np.ndarray, np.ndarray]:
    """fptosi/fptoui's results and where they are defined (the truncated value fits)."""
    info = np.iinfo(dtype)
    exact = [int(v) if np.isfinite(v) else None for v in np.trunc(values.astype(np.float64))]
    defined = np.array([v is not None and info.min <= v <= info.max for v in exact])
    kept = [v if ok else 0 for v, ok in zip(exact, defined, strict=True)]
    return np.array(kept, dtype=dtype), defined


@pytest.mark.parametrize("ukernels", MODES)
def test_casts_from_floats(ukernels: str) -> None:
    tie = 1 + 2.0**-11  # an f16 tie; a bit more must round up, rounding once
    wide = [0.0, -0.0, 0.5, -0.5, 2.5, -2.5, 127.9, -128.9, 255.5, 300.0, -1e10, 3e9]
    wide += [2.0**31, 2.0**63, 1.5 * 2.0**63, 2.0**64 - 2048, 1e300, math.inf, -math.inf]
    wide += [math.nan, tie + 2.0**-40, -(tie + 2.0**-40), tie, 65520.0, 1e-300, 2.0**-25]
    rng = np.random.default_rng(3)
    d = np.concatenate([np.array(wide), rng.standard_normal(20) * 1000])
    with np.errstate(over="ignore"):
        x, hf = d.astype(np.float32), d.astype(np.float16)
    results = _load("arith_casts", ukernels).from_floats(x, d, hf)
    conversions = [(x, np.int32), (x, np.int8), (x, np.int64), (d, np.int64), (d, np.int32)]
    conversions += [(hf, np.int16), (x, np.uint32), (x, np.uint8), (d, np.uint64)]
    conversions += [(d, np.uint32), (x, np.uint64)]
    for index, (source, dtype) in enumerate(conversions):
        actual = results[index]
        assert actual.dtype == np.dtype(dtype).str.replace("u", "i")
        wanted, defined = _to_int(source, dtype)
        np.testing.assert_array_equal(
            actual.view(np.dtype(dtype))[defined], wanted[defined], f"#{index}"
        )
    rest = results[len(conversions) :]
    expected = [x.astype(np.float64), hf.astype(np.float32), hf.astype(np.float64)]
    with np.errstate(over="ignore"):
        expected += [d.astype(np.float32), x.astype(np.float16), d.astype(np.float16)]
    expected += [x.view(np.int32), d.view(np.int64)]
    for index, (actual, reference) in enumerate(zip(rest, expected, strict=True)):
        try:
            assert_same(actual, reference)
        except AssertionError as error:
            raise AssertionError(f"extf/truncf/bitcast #{index}: {error}") from None


# ---------------------------------------------------------------------------
# tosa.apply_scale, against the TOSA specification's pseudo-code
# ---------------------------------------------------------------------------


def apply_scale_32(value: int, multiplier: int, shift: int, double_round: bool) -> int:
    """TOSA's `apply_scale_32`, its REQUIREs asserted."""
    assert multiplier >= 0 and 2 <= shift <= 62
    assert -(1 << (shift - 1)) <= value < 1 << (shift - 1)
    rounding = 1 << (shift - 1)
    if double_round and shift > 31:
        rounding += 1 << 30 if value >= 0 else -(1 << 30)
    result = (value * multiplier + rounding) >> shift
    assert -(1 << 31) <= result < 1 << 31  # the REQUIRE on value makes it fit
    return result


def apply_scale_16(value: int, multiplier: int, shift: int) -> int:
    """TOSA's `apply_scale_16` (an int48 value, an int16 multiplier)."""
    assert -(1 << 47) <= value < 1 << 47 and 0 <= multiplier < 1 << 15 and 2 <= shift <= 62
    result = (value * multiplier + (1 << (shift - 1))) >> shift
    assert -(1 << 31) <= result < 1 << 31
    return result


@st.composite
def _scale_32_case(draw: st.DrawFn) -> tuple[int, int, int]:
    shift = draw(st.integers(2, 62))
    bound = 1 << min(shift - 1, 31)
    value = draw(st.integers(-bound, bound - 1) | st.sampled_from([-bound, bound - 1, 0, -1]))
    multiplier = draw(st.integers(0, 2**31 - 1) | st.sampled_from([0, 1, 1 << 30, 2**31 - 1]))
    return value, multiplier, shift


@st.composite
def _scale_16_case(draw: st.DrawFn) -> tuple[int, int, int]:
    shift = draw(st.integers(2, 62))
    multiplier = draw(st.integers(0, 2**15 - 1))
    # |value * multiplier| < 2**(shift + 31) keeps the result in int32 (TOSA's REQUIRE).
    limit = min(1 << 47, ((1 << (shift + 30)) // max(multiplier, 1)))
    value = draw(st.integers(-limit, limit - 1))
    return value, multiplier, shift


@pytest.mark.parametrize("ukernels", MODES)
@settings(max_examples=25, deadline=None)
@given(data=st.data(), size=st.integers(1, 40))
def test_apply_scale_matches_tosa(ukernels: str, data: st.DataObject, size: int) -> None:
    cases = data.draw(st.lists(_scale_32_case(), min_size=size, max_size=size))
    cases16 = data.draw(st.lists(_scale_16_case(), min_size=size, max_size=size))
    v, m, s = (np.array(column) for column in zip(*cases, strict=True))
    w, m16, s16 = (np.array(column) for column in zip(*cases16, strict=True))
    single, double, sixteen = _load("arith_rescale", ukernels).apply_scale(
        v.astype(np.int32),
        m.astype(np.int32),
        s.astype(np.int8),
        w.astype(np.int64),
        m16.astype(np.int16),
        s16.astype(np.int8),
    )
    np.testing.assert_array_equal(single, [apply_scale_32(*case, False) for case in cases])
    np.testing.assert_array_equal(double, [apply_scale_32(*case, True) for case in cases])
    np.testing.assert_array_equal(sixteen, [apply_scale_16(*case) for case in cases16])


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [1, 5])
def test_quantized_matmul_with_a_rescale_epilogue(ukernels: str, rows: int) -> None:
    rng = np.random.default_rng(rows)
    a = rng.integers(-128, 128, size=(rows, 16), dtype=np.int8)
    b = rng.integers(-128, 128, size=(16, 8), dtype=np.int8)
    bias = rng.integers(-5000, 5000, size=8, dtype=np.int32)
    multiplier = rng.integers(1 << 30, 2**31 - 1, size=8, dtype=np.int32)
    shift = rng.integers(33, 40, size=8, dtype=np.int8)
    result = _load("arith_rescale", ukernels).quantized_matmul(a, b, bias, multiplier, shift)
    acc = a.astype(np.int64) @ b.astype(np.int64) + bias
    expected = np.array(
        [
            [
                apply_scale_32(int(acc[i, j]), int(multiplier[j]), int(shift[j]), True)
                for j in range(8)
            ]
            for i in range(rows)
        ]
    )
    np.testing.assert_array_equal(result, np.clip(expected - 3, -128, 127).astype(np.int8))
