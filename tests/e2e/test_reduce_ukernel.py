"""Reductions on `vmvx.ex.reduce`/`ex.argreduce` (`tensor_programs/reduce_ukernel.mlir`), as
whole programs.

Each program runs in both codegen modes against numpy: `ukernels=all` (one `ex.reduce` call
per workgroup tile) and `ukernels=none` (IREE's scalar loops) must agree, exactly for
integers and max/min (NaN and signed zeros included), within f32 reassociation for sums.
Under `ukernels=all` the VM ops per workgroup must not grow with the rows: no scalar loop is
left.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.vm.executor import OpCounter, count_vm_ops

PROGRAM = Path(__file__).parent / "tensor_programs" / "reduce_ukernel.mlir"
RNG = np.random.default_rng(12)
Case = Callable[[], tuple[list[np.ndarray], np.ndarray]]


@functools.cache
def _module(ukernels: str) -> Module:
    return pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels=ukernels))


def _row_sum(rows: int = 5) -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.standard_normal((rows, 64), dtype=np.float32)
    return [a], a.astype(np.float64).sum(axis=1).astype(np.float32)


def _col_max() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.standard_normal((6, 7), dtype=np.float32)
    a[2, 3] = np.nan
    a[:, 5] = [-0.0, 0.0, -0.0, -1, -2, -3]
    expected = np.maximum.reduce(a, axis=0)
    expected[5] = 0.0  # maximumf orders -0.0 below +0.0 (numpy keeps either)
    return [a], expected


def _row_maxnum() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.standard_normal((4, 9))
    a[0, :] = np.nan
    a[1, ::2] = np.nan
    b = np.array([np.nan, -np.inf, 5.0, 0.0])
    return [a, b], np.fmax(np.fmax.reduce(a, axis=1), b)


def _sum_i8() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.integers(-128, 128, (5, 3, 4), dtype=np.int8)
    b = RNG.integers(-128, 128, 3, dtype=np.int8)
    total = a.astype(np.int64).sum(axis=(0, 2)) + b
    return [a, b], total.astype(np.int8)  # wraps


def _min_u16() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.integers(-(1 << 15), 1 << 15, (3, 4, 5), dtype=np.int16)
    b = np.array([-1, 7, 300, -5], np.int16)
    low = np.minimum(a.view(np.uint16).min(axis=(0, 2)), b.view(np.uint16))
    return [a, b], low.view(np.int16)


def _prod_i64() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.integers(-(1 << 62), 1 << 62, (3, 8), dtype=np.int64)
    b = np.array([1, -3, 7], np.int64)
    with np.errstate(over="ignore"):
        return [a, b], np.multiply.reduce(a, axis=1) * b  # wraps


def _sum_keepdim() -> tuple[list[np.ndarray], np.ndarray]:
    a = RNG.standard_normal((2, 8, 32))
    return [a], a.sum(axis=-1, keepdims=True)


CASES: dict[str, Case] = {
    "row_sum": _row_sum,
    "col_max": _col_max,
    "row_maxnum": _row_maxnum,
    "sum_i8": _sum_i8,
    "min_u16": _min_u16,
    "prod_i64": _prod_i64,
    "sum_keepdim": _sum_keepdim,
}


def _check(got: np.ndarray, expected: np.ndarray, exact: bool) -> None:
    assert got.shape == expected.shape and got.dtype == expected.dtype
    if exact:
        np.testing.assert_array_equal(got, expected)  # NaNs equal
        assert np.array_equal(np.signbit(got), np.signbit(expected))
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_modes_match_numpy(name: str) -> None:
    inputs, expected = CASES[name]()
    exact = name not in ("row_sum", "sum_keepdim")
    results = {mode: getattr(_module(mode), name)(*inputs) for mode in ("all", "none")}
    for got in results.values():
        _check(got, expected, exact)
    _check(results["all"], results["none"], exact)


def test_prefix_and_argmax_bodies() -> None:
    """An argmax of |x| (NaN stops the index, -0.0 ties +0.0) and a count with a scaled sum:
    both modes agree with numpy."""
    a = RNG.integers(-3, 4, (70, 9)).astype(np.float32)
    a[3, 4] = np.nan
    a[5] = [-0.0, 0.0] * 4 + [-0.0]
    results = {mode: _module(mode).argmax_abs(a) for mode in ("all", "none")}
    magnitude = np.abs(a)
    first_nan = np.where(np.isnan(a).any(axis=1), np.isnan(a).argmax(axis=1), 9)
    clipped = np.where(np.arange(9) < first_nan[:, None], magnitude, -np.inf)
    expected_index = np.where(clipped.max(axis=1) > -np.inf, clipped.argmax(axis=1), 0)
    for value, index in results.values():
        _check(value, np.maximum.reduce(magnitude, axis=1), exact=True)
        _check(index, expected_index.astype(np.int32), exact=True)
    s = np.float32(2.5)
    for mode in ("all", "none"):
        count, total = _module(mode).count_and_scaled_sum(a, s)
        _check(count, np.full(70, 9, np.float32), exact=True)
        _check(total, (a * s).sum(axis=1), exact=False)


def _ops_per_workgroup(counter: OpCounter) -> int:
    """The most VM ops one call of any executable made (the host module is the first)."""
    return max((ops + calls - 1) // calls for _, (ops, calls) in counter.modules[1:] if calls)


def test_no_scalar_loop_left() -> None:
    """VM ops per workgroup are the same for 32x more rows under ukernels=all."""
    with count_vm_ops() as counter:
        module = pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels="all"))
        module.row_sum(*_row_sum(1)[0])  # executables load on first use
        counts = []
        for rows in (2, 64):
            inputs, expected = _row_sum(rows)
            counter.reset()
            _check(module.row_sum(*inputs), expected, exact=False)
            counts.append(_ops_per_workgroup(counter))
    assert counts[0] == counts[1] and counts[0] < 200, counts
