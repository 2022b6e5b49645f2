"""End to end: f16 buffers (`executables/f16.mlir`) in both codegen modes, against numpy.

MLIR's f16 ops give f16 results: each f16 arith/math op is computed in f32 and rounded to f16
(ties to even) once, as `arith-emulate-unsupported-floats` lowers it and as numpy computes on
float16 arrays, so `numpy` on float16 operands is the reference, op by op. `addf`/`mulf` are
then exact (f32 holds the product of two halves exactly, and their sum rounded once more is
still correctly rounded); `mul_add` rounds the product before the sum; `exp` is f32's exp
rounded to f16, within an f16 ulp of numpy's; constants (a fill's scalar, a `memref.global`
table) are rounded by the compiler; `extf` is exact and `truncf` rounds to nearest even,
overflowing to infinity.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from e2e_support import load

pytestmark = pytest.mark.parametrize(
    ("ukernels", "threads"), [("all", None), ("all", 2), ("none", None)]
)

RNG = np.random.default_rng(16)
SHAPE = (64, 48)


def _halves(scale: float) -> np.ndarray:
    """Random f16 values of magnitude around `scale`, with infinities, NaN, signed zeros,
    subnormals and the largest finite value among them."""
    values = (RNG.standard_normal(SHAPE) * scale).astype(np.float16)
    special = np.array([np.inf, -np.inf, np.nan, 0.0, -0.0, 6e-8, -6e-5, 65504.0], np.float16)
    values.flat[: special.size] = special
    return values


def _run(
    ukernels: str, threads: int | None, entry: str, inputs: list[np.ndarray], out: np.ndarray
) -> np.ndarray:
    load("f16", ukernels)["f16"].dispatch(entry, None, [*inputs, out], threads=threads)
    return out


def _assert_same(actual: np.ndarray, expected: np.ndarray) -> None:
    """Equal bit for bit, except that any NaN matches any NaN."""
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(actual), nan)
    np.testing.assert_array_equal(actual[~nan], expected[~nan])
    np.testing.assert_array_equal(np.signbit(actual[~nan]), np.signbit(expected[~nan]))


@pytest.mark.parametrize(("entry", "reference"), [("add", np.add), ("mul", np.multiply)])
def test_binary(
    ukernels: str,
    threads: int | None,
    entry: str,
    reference: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> None:
    a, b = _halves(300.0), _halves(300.0)
    out = _run(ukernels, threads, entry, [a, b], np.zeros(SHAPE, np.float16))
    with np.errstate(all="ignore"):
        _assert_same(out, reference(a, b))


def test_each_op_rounds_to_f16(ukernels: str, threads: int | None) -> None:
    a, b = _halves(30.0), _halves(30.0)
    out = _run(ukernels, threads, "mul_add", [a, b], np.zeros(SHAPE, np.float16))
    with np.errstate(all="ignore"):
        expected = a * b + a
        unrounded = (a.astype(np.float32) * b + a).astype(np.float16)
    _assert_same(out, expected)
    assert (unrounded != expected).any()  # the inputs tell the two apart


def test_exp(ukernels: str, threads: int | None) -> None:
    a = _halves(3.0)
    out = _run(ukernels, threads, "exp", [a], np.zeros(SHAPE, np.float16))
    with np.errstate(all="ignore"):
        expected = np.exp(a)
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(out), nan)
    np.testing.assert_array_max_ulp(out[~nan], expected[~nan], maxulp=1)


def test_fill_rounds_its_constant(ukernels: str, threads: int | None) -> None:
    out = _run(ukernels, threads, "fill", [], np.zeros((33, 65), np.float16))
    assert (out == np.float16(0.1)).all()


def test_constant_table(ukernels: str, threads: int | None) -> None:
    out = _run(ukernels, threads, "table", [], np.zeros(4, np.float16))
    np.testing.assert_array_equal(out, np.array([0.1, 1.5, -2.25, 65504.0], np.float16))


def test_extf_is_exact_for_every_half(ukernels: str, threads: int | None) -> None:
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    out = _run(ukernels, threads, "extf", [halves.reshape(256, 256)], np.zeros((256, 256), "f4"))
    _assert_same(out.ravel(), halves.astype(np.float32))


def test_truncf_rounds_to_nearest_even(ukernels: str, threads: int | None) -> None:
    # Midpoints between adjacent halves (ties), their f32 neighbours, and overflow.
    below = np.arange(0x0000, 0x7BFF, 13, dtype=np.uint16).view(np.float16).astype(np.float64)
    above = (below.astype(np.float16).view(np.uint16) + 1).view(np.float16).astype(np.float64)
    ties = ((below + above) / 2).astype(np.float32)
    values = np.concatenate(
        [ties, np.nextafter(ties, np.float32(0)), np.nextafter(ties, np.float32(np.inf))]
    )
    x = RNG.choice(np.concatenate([values, -values]), SHAPE[0] * SHAPE[1])
    x[:5] = [65519.0, 65520.0, -1e30, 3e-8, np.nan]  # to max, to inf, to -inf, to 2**-24
    out = _run(ukernels, threads, "truncf", [x.reshape(SHAPE)], np.zeros(SHAPE, np.float16))
    with np.errstate(all="ignore"):
        _assert_same(out.ravel(), x.astype(np.float16))
