"""End to end: bf16 programs (`tensor_programs/bf16.mlir`) in both codegen modes, against numpy.

bf16 arrays are `ml_dtypes.bfloat16`. Each bf16 arith/math op is computed in f32 and rounded
to bf16 (ties to even) once, so the reference is numpy on the operands widened to f32, its
result rounded to bf16 by ml_dtypes, op by op; `exp` may differ by a bf16 ulp (the VM's exp is
f64's rounded to f32). ml_dtypes rounds f64 and i32 to f32 first, then to bf16 (twice): where
that differs from one rounding, the expected values are written out.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.program import Module

ml_dtypes = pytest.importorskip(
    "ml_dtypes", reason="bf16 needs the ml-dtypes extra (pip install 'pyvmvx[ml-dtypes]')"
)
BF16 = ml_dtypes.bfloat16
PROGRAM = Path(__file__).parent / "tensor_programs" / "bf16.mlir"
RNG = np.random.default_rng(1616)
N = 257

pytestmark = pytest.mark.parametrize("ukernels", ["all", "none"])


@functools.cache
def _compiled(ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


def _load(ukernels: str) -> Module:
    return pyvmvx.load(_compiled(ukernels))


def _values(scale: float) -> np.ndarray:
    """Random bf16 values around `scale`, with infinities, NaN, signed zeros, a subnormal
    and the largest finite value among them."""
    values = (RNG.standard_normal(N) * scale).astype(BF16)
    special = [np.inf, -np.inf, np.nan, 0.0, -0.0, 1e-39, -3.3895314e38]
    values[: len(special)] = np.array(special, np.float32).astype(BF16)
    return values


def _f32(values: np.ndarray) -> np.ndarray:
    return values.astype(np.float32)


def _assert_same(actual: np.ndarray, expected: np.ndarray) -> None:
    """Same dtype and bits, except that any NaN matches any NaN."""
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    nan = np.isnan(_f32(expected))
    np.testing.assert_array_equal(np.isnan(_f32(actual)), nan)
    np.testing.assert_array_equal(actual[~nan].view(np.uint16), expected[~nan].view(np.uint16))


def test_binary_ops_round_each_result(ukernels: str) -> None:
    x, y = _values(100.0), _values(100.0)
    a, b = _f32(x), _f32(y)
    with np.errstate(all="ignore"):
        product = (a * b).astype(BF16)
        expected = [a + b, a - b, a * b, a / b, _f32(product) + a, np.maximum(a, b), -a]
        expected.append(np.where(a < b, a, b))
        unrounded = (a * b + a).astype(BF16)
    results = _load(ukernels).binary(x, y)
    for actual, reference in zip(results, expected, strict=True):
        _assert_same(actual, reference.astype(BF16))
    assert (results[4] != unrounded).any()  # the rounded product shows


def test_unary_math(ukernels: str) -> None:
    x = _values(3.0)
    exp, sqrt = _load(ukernels).unary(x)
    with np.errstate(all="ignore"):
        expected_exp = np.exp(_f32(x)).astype(BF16)
        _assert_same(sqrt, np.sqrt(_f32(x)).astype(BF16))
    nan = np.isnan(_f32(expected_exp))
    np.testing.assert_array_equal(np.isnan(_f32(exp)), nan)
    ulps = np.abs(exp[~nan].view(np.int16).astype(int) - expected_exp[~nan].view(np.int16))
    assert ulps.max() <= 1


def test_casts(ukernels: str) -> None:
    b = _values(1e4)
    f = RNG.standard_normal(N).astype(np.float32) * np.float32(1e3)
    f[:6] = [3.4e38, -3.4e38, np.nan, 1e-40, 1.00390625, 1.01171875]  # overflow, ties
    d = f.astype(np.float64)
    d[:3] = [1 + 2**-8 + 2**-30, -1e300, -(2**-140)]  # just above a tie; -inf; a subnormal
    i = RNG.integers(-(1 << 24), 1 << 24, N, dtype=np.int32)
    i[:2] = [(1 << 24) + (1 << 16) + 1, -(1 << 31)]  # just above a tie; exact
    s = RNG.integers(-(1 << 15), 1 << 15, N, dtype=np.int16)
    finite = np.where(np.isfinite(_f32(b)), b, BF16(1.5))
    outputs = _load(ukernels).casts(b, f, d, i, s)
    wide32, wide64, from32, from64, from_int, to_int, bits, from_bits = outputs
    _assert_same(wide32, _f32(b))
    np.testing.assert_array_equal(wide64, b.astype(np.float64))
    _assert_same(from32, f.astype(BF16))
    rounded_once = np.array([1.0078125, -np.inf, -(2**-140)], np.float32).astype(BF16)
    _assert_same(from64[:3], rounded_once)
    _assert_same(from64[3:], d[3:].astype(BF16))  # exact in f32: ml_dtypes rounds once
    _assert_same(from_int[:2], np.array([(1 << 24) + (1 << 17), -(2**31)], BF16))
    _assert_same(from_int[2:], i[2:].astype(BF16))
    np.testing.assert_array_equal(to_int[7:], np.trunc(_f32(finite[7:])).astype(np.int32))
    np.testing.assert_array_equal(bits, b.view(np.int16))
    _assert_same(from_bits, s.view(BF16))


def test_scalars_constants_and_fill(ukernels: str) -> None:
    x, t = np.array([1.0, 2.0, 3.0, 4.0], BF16), np.array([7.0, 0.25], BF16)
    scale = BF16(0.1)
    result, fill, total = _load(ukernels).scalars(x, scale, t)
    constant = np.array([0.1, -2.5, 1e30, 3.0], np.float32).astype(BF16)
    product = (_f32(x) * np.float32(scale)).astype(BF16)
    expected = (_f32((_f32(product) + 0.25).astype(BF16)) + _f32(constant)).astype(BF16)
    _assert_same(result, expected)
    _assert_same(fill, np.full((3, 5), 0.1, np.float32).astype(BF16))
    assert type(total) is BF16 and total == BF16(np.float32(scale) + 0.25)
    again = _load(ukernels).scalars(x, 0.1, t)  # a Python float, rounded to bf16
    _assert_same(again[0], expected)


def test_matmul_accumulates_in_f32(ukernels: str) -> None:
    a = RNG.standard_normal((33, 45)).astype(BF16)
    b = RNG.standard_normal((45, 17)).astype(BF16)
    wide, narrow = _load(ukernels).matmul(a, b)
    np.testing.assert_allclose(wide, _f32(a) @ _f32(b), rtol=1e-5, atol=1e-5)
    _assert_same(narrow, wide.astype(BF16))
