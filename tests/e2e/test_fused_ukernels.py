"""Multi-op elementwise bodies on `vmvx.ex.*` ukernels (`tensor_programs/fused_*.mlir`).

Each program runs in both codegen modes against numpy; `ukernels=none` (IREE's scalar loops)
and `ukernels=all` (one ex call per body op) must agree bit for bit. Under `ukernels=all`
the VM ops each workgroup executes, counted by the executor's opt-in statistics
(`count_vm_ops`), must not grow with the tensor: no scalar loop is left.
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

PROGRAM = Path(__file__).parent / "tensor_programs" / "fused_elementwise.mlir"
MODES = ["all", "none"]
RNG = np.random.default_rng(12)


@functools.cache
def _compiled(ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


def _floats(shape: tuple[int, ...], dtype: type = np.float32) -> np.ndarray:
    values = RNG.standard_normal(shape) * 2
    flat = values.reshape(-1)
    specials = [0.0, -0.0, np.nan, np.inf, -np.inf, 0.5, -2.5]
    flat[: min(len(specials), flat.size)] = specials[: flat.size]
    return values.astype(dtype)


def _exp_chain(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    a, b, c = (_floats((n, n + 3)) for _ in range(3))
    with np.errstate(all="ignore"):
        expected = np.exp(-np.maximum(a * b + c, np.float32(0)))
    return [a, b, c], [expected]


def _bias_relu(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    x, b = _floats((n, n)), _floats((n,))
    with np.errstate(all="ignore"):
        return [x, b], [np.maximum(x + b, np.float32(0))]


def _compare_select(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    x, y = _floats((n, n + 1), np.float64), _floats((n + 1, n), np.float64)
    less = x < y.T
    with np.errstate(all="ignore"):
        return [x, y], [np.where(less, x * 2, y.T), less]


def _casts_ints(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    x = RNG.integers(-128, 128, (n, n), dtype=np.int8)
    y = RNG.integers(-(1 << 62), 1 << 62, (n, n), dtype=np.int64)
    halved = (x.astype(np.float16) * np.float16(0.5)).astype(np.float32)
    with np.errstate(all="ignore"):
        product = y * x.astype(np.int64)
    return [x, y], [np.trunc(halved).astype(np.int16), np.maximum(product >> 3, y)]


def _permute_4d(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    x = _floats((5, 3, n, 2))  # d3, d1, d0, d2 of the loop (n, 3, 2, 5)
    y = _floats((3, 5))
    loop = np.transpose(x, (2, 1, 3, 0))
    broadcast = y[None, :, None, :]
    return [x, y], [np.fmin(loop - broadcast, broadcast)]


def _reuse(n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    x = _floats((n, n))
    with np.errstate(all="ignore"):
        square = x * x
        return [x], [square * square - square + x]


CASES: dict[str, Callable[[int], tuple[list[np.ndarray], list[np.ndarray]]]] = {
    "exp_chain": _exp_chain,
    "bias_relu": _bias_relu,
    "compare_select": _compare_select,
    "casts_ints": _casts_ints,
    "permute_4d": _permute_4d,
    "reuse": _reuse,
}


def _results(module: Module, name: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    result = getattr(module, name)(*inputs)
    return list(result) if isinstance(result, tuple) else [result]


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_modes_match_numpy(name: str) -> None:
    inputs, expected = CASES[name](9)
    outputs = {mode: _results(pyvmvx.load(_compiled(mode)), name, inputs) for mode in MODES}
    for got, want in zip(outputs["all"], expected, strict=True):
        assert got.dtype == want.dtype
        rtol = 2e-7 if name == "exp_chain" else 0
        np.testing.assert_allclose(got, want, rtol=rtol, atol=0, equal_nan=True)
    for fused, scalar in zip(outputs["all"], outputs["none"], strict=True):
        np.testing.assert_array_equal(fused.view(np.uint8), scalar.view(np.uint8))


def _ops_per_workgroup(counter: OpCounter) -> int:
    """The most VM ops one call of any executable made (the host module is the first)."""
    return max((ops + calls - 1) // calls for _, (ops, calls) in counter.modules[1:] if calls)


def test_no_scalar_loop_left() -> None:
    """VM ops per workgroup are the same for a 16x larger tensor under ukernels=all."""
    with count_vm_ops() as counter:
        module = pyvmvx.load(_compiled("all"))
        for name, case in CASES.items():  # executables load on first use
            _results(module, name, case(2)[0])
    for name, case in CASES.items():
        counts = []
        for n in (16, 256):
            inputs, expected = case(n)
            counter.reset()
            outputs = _results(module, name, inputs)
            counts.append(_ops_per_workgroup(counter))
            np.testing.assert_allclose(outputs[0], expected[0], rtol=2e-7, equal_nan=True)
        assert counts[0] == counts[1] and counts[0] < 400, (name, counts)
