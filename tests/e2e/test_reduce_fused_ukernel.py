"""Reductions with more than one body op on `vmvx.ex.reduce`/`ex.argreduce`
(`tensor_programs/reduce_fused.mlir`: torch-mlir's softmax, layer norm, argmax/argmin, var).

Each program runs in both codegen modes: `ukernels=all` (an elementwise prefix on `ex` calls
into a workgroup-local temporary, then one reduction call per output) and `ukernels=none`
(IREE's scalar loops) must agree with each other and with numpy: exactly for indices and
max/min (NaN, ties and signed zeros included), within f32 reassociation for sums. Under
`ukernels=all` the VM ops per workgroup must not grow with the rows: no scalar loop is left.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.vm.executor import count_vm_ops
from tests.e2e.test_reduce_ukernel import _ops_per_workgroup

PROGRAM = Path(__file__).parent / "tensor_programs" / "reduce_fused.mlir"
RNG = np.random.default_rng(7)
MODES = ("all", "none")


@functools.cache
def _module(ukernels: str) -> Module:
    return pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels=ukernels))


def _both(name: str, *inputs: np.ndarray) -> list[tuple[np.ndarray, ...]]:
    """The results of `name` in both modes, each as a tuple."""
    results = []
    for mode in MODES:
        got = getattr(_module(mode), name)(*inputs)
        results.append(got if isinstance(got, tuple) else (got,))
    return results


def body_argmax(x: np.ndarray, axis: int, greater: bool = True) -> np.ndarray:
    """torch-mlir's argmax/argmin body: the first index of the best value, counting only the
    positions before the first NaN (its ordered compare is false from there on); 0 if none
    beats the initial value (-inf/+inf, or the integer minimum/maximum)."""
    x = np.moveaxis(x, axis, -1)
    if x.dtype.kind == "f":
        start = -np.inf if greater else np.inf
    else:
        start = np.iinfo(x.dtype).min if greater else np.iinfo(x.dtype).max
    result = np.zeros(x.shape[:-1], np.int64)
    for row in np.ndindex(*x.shape[:-1]):
        values = x[row]
        if values.dtype.kind == "f" and np.isnan(values).any():
            values = values[: np.flatnonzero(np.isnan(values))[0]]
        if values.size:
            pick = int(np.argmax(values) if greater else np.argmin(values))
            result[row] = pick if values[pick] != start else 0
    return result


def _exact(got: np.ndarray, expected: np.ndarray) -> None:
    assert got.shape == expected.shape and got.dtype == expected.dtype, (got, expected)
    np.testing.assert_array_equal(got, expected)  # NaNs equal
    if got.dtype.kind == "f":
        assert np.array_equal(np.signbit(got), np.signbit(expected))


def test_softmax() -> None:
    x = RNG.standard_normal((6, 8)).astype(np.float32)
    x[1, [2, 5]] = 4.0  # a tied max
    x[2, 3] = np.nan
    x[3] = -np.inf  # every exp(-inf - -inf) is NaN
    x[4, :4] = np.inf
    got_all, got_none = _both("softmax", x)
    wide = x.astype(np.float64)
    with np.errstate(all="ignore"):
        e = np.exp(wide - wide.max(axis=1, keepdims=True))
        expected = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    for got in (got_all[0], got_none[0]):
        np.testing.assert_allclose(got, expected, rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(got_all[0], got_none[0], rtol=2e-6, atol=1e-7)


def test_layer_norm() -> None:
    """f32 in, f64 mean and variance (as torch-mlir accumulates), f32 out."""
    x = (RNG.standard_normal((7, 16)) * 3 + 1).astype(np.float32)
    w, b = RNG.standard_normal(16).astype(np.float32), RNG.standard_normal(16).astype(np.float32)
    got_all, got_none = _both("layer_norm", x, w, b)
    wide = x.astype(np.float64)
    mean = wide.mean(axis=1, keepdims=True)
    var = ((wide - mean) ** 2).mean(axis=1, keepdims=True)
    expected = ((wide - mean) / np.sqrt(var + 1e-5) * w + b).astype(np.float32)
    for got in (got_all[0], got_none[0]):
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got_all[0], got_none[0], rtol=1e-6, atol=1e-6)


def test_argmax_argmin_nan_and_ties() -> None:
    x = RNG.integers(-3, 4, (9, 7)).astype(np.float32)  # many ties
    x[0] = [1, 5, 5, 2, 5, 0, 0]
    x[1] = [np.nan, 3, 4, 1, 0, 0, 9]  # a NaN first: index 0
    x[2] = [1, 7, np.nan, 9, 0, 0, 0]  # the index stops at the NaN
    x[3] = -np.inf  # nothing beats the initial -inf: index 0
    x[4] = np.inf  # nothing is below the initial +inf
    x[5] = [-0.0, 0.0, -0.0, 0.0, -1, -1, -1]  # zeros compare equal
    x[6] = np.nan
    got_all, got_none = _both("argmax", x)
    for got in (got_all, got_none):
        _exact(got[0], body_argmax(x, 1))
        _exact(got[1], body_argmax(x, 1, greater=False))
    clean = ~np.isnan(x).any(axis=1)  # numpy's (and PyTorch's) first index of the max/min
    np.testing.assert_array_equal(got_all[0][clean], np.argmax(x, axis=1)[clean])
    np.testing.assert_array_equal(got_all[1][clean], np.argmin(x, axis=1)[clean])


def test_argmax_int_columns_and_max_with_index() -> None:
    x = RNG.integers(-2, 3, (6, 7)).astype(np.int32)
    x[:, 3] = np.iinfo(np.int32).min  # never beats the initial INT_MIN: index 0
    x[2, 4] = np.iinfo(np.int32).max
    got_all, got_none = _both("argmax_int", x)
    for got in (got_all, got_none):
        _exact(got[0], body_argmax(x, 0))
        _exact(got[1], x.max(axis=1))
        _exact(got[2], np.argmax(x, axis=1).astype(np.int64))


def test_var_sum_amax() -> None:
    x = RNG.standard_normal((5, 9)).astype(np.float32)
    x[1, 4] = np.nan
    x[2] = [-0.0] * 9
    got_all, got_none = _both("var", x)
    for got in (got_all, got_none):
        np.testing.assert_allclose(got[0], np.var(x.astype(np.float64), axis=1, ddof=1),
                                   rtol=1e-6)  # fmt: skip
        np.testing.assert_allclose(got[1], x.sum(axis=1), rtol=1e-5, atol=1e-6)
        amax = np.maximum.reduce(x, axis=1)
        _exact(got[2], amax)
    _exact(got_all[2], got_none[2])


INPUTS = {
    "softmax": lambda rows: [RNG.standard_normal((rows, 8)).astype(np.float32)],
    "layer_norm": lambda rows: [
        RNG.standard_normal((rows, 16)).astype(np.float32),
        np.ones(16, np.float32),
        np.zeros(16, np.float32),
    ],
    "argmax": lambda rows: [RNG.standard_normal((rows, 7)).astype(np.float32)],
    "var": lambda rows: [RNG.standard_normal((rows, 9)).astype(np.float32)],
}


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_no_scalar_loop_left(name: str) -> None:
    """VM ops per workgroup are the same for 32x more rows under ukernels=all."""
    with count_vm_ops() as counter:
        module = pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels="all"))
        getattr(module, name)(*INPUTS[name](2))  # executables load on first use
        counts = []
        for rows in (2, 64):
            counter.reset()
            getattr(module, name)(*INPUTS[name](rows))
            counts.append(_ops_per_workgroup(counter))
    assert counts[0] == counts[1] and counts[0] < 400, counts
