"""Contractions on `vmvx.ex.matmul` (`tensor_programs/matmul_ukernel.mlir`), as whole programs.

Each program runs in both codegen modes against numpy: `ukernels=all` (one `ex.matmul` call
per workgroup tile) and `ukernels=none` (IREE's scalar loops) must agree, exactly for
integers (wrapping included) and within f32 reassociation for floats. Leading sizes are
dynamic and run with 0, 1, 3 and, under `ukernels=all` (the scalar path would take seconds),
130, which is not a multiple of the Python tile policy's 128 rows. Under `ukernels=all` the VM
ops each workgroup executes (the executor's opt-in `count_vm_ops`) must not grow with the
problem: no scalar loop is left.
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

PROGRAM = Path(__file__).parent / "tensor_programs" / "matmul_ukernel.mlir"
RNG = np.random.default_rng(25)
Case = Callable[[int], tuple[list[np.ndarray], np.ndarray]]


@functools.cache
def _module(ukernels: str) -> Module:
    return pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels=ukernels))


def _f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape, dtype=np.float32)


def _ints(dtype: type, *shape: int) -> np.ndarray:
    info = np.iinfo(dtype)
    return RNG.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


def _matmul(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = _f32(m, 70), _f32(70, 66)
    return [a, b], a @ b


def _matmul_transpose_b(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = _f32(m, 70), _f32(66, 70)
    return [a, b], a @ b.T


def _matmul_accumulate(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b, c = _f32(m, m + 5), _f32(m + 5, 7), _f32(m, 7)
    return [a, b, c], c + a @ b


def _matmul_f64(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = RNG.standard_normal((m, 33)), RNG.standard_normal((33, 17))
    return [a, b], a @ b


def _matmul_i32(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b, c = _ints(np.int32, m, 9), _ints(np.int32, 9, 5), _ints(np.int32, m, 5)
    exact = c.astype(object) + a.astype(object) @ b.astype(object)
    wrapped = (exact + (1 << 31)) % (1 << 32) - (1 << 31)
    return [a, b, c], wrapped.astype(np.int32).reshape(m, 5)


def _matmul_i8(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = _ints(np.int8, m, 1100), _ints(np.int8, 1100, 20)
    return [a, b], a.astype(np.int32) @ b.astype(np.int32)


def _matmul_f16(m: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = _f32(m, 40).astype(np.float16), _f32(40, 24).astype(np.float16)
    return [a, b], a.astype(np.float32) @ b.astype(np.float32)


def _batch_matmul_transpose_a(n: int) -> tuple[list[np.ndarray], np.ndarray]:
    a, b = _f32(n, 70, 3), _f32(n, 70, 5)
    return [a, b], a.transpose(0, 2, 1) @ b


CASES: dict[str, Case] = {
    "matmul": _matmul,
    "matmul_transpose_b": _matmul_transpose_b,
    "matmul_accumulate": _matmul_accumulate,
    "matmul_f64": _matmul_f64,
    "matmul_i32": _matmul_i32,
    "matmul_i8": _matmul_i8,
    "matmul_f16": _matmul_f16,
    "batch_matmul_transpose_a": _batch_matmul_transpose_a,
}


def _check(got: np.ndarray, expected: np.ndarray) -> None:
    assert got.shape == expected.shape and got.dtype == expected.dtype
    if got.dtype.kind == "i":
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("m", [0, 1, 3])
def test_both_modes_match_numpy(name: str, m: int) -> None:
    inputs, expected = CASES[name](m)
    results = {mode: getattr(_module(mode), name)(*inputs) for mode in ("all", "none")}
    for got in results.values():
        _check(got, expected)
    _check(results["all"], results["none"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_partial_tiles(name: str) -> None:
    inputs, expected = CASES[name](130)
    _check(getattr(_module("all"), name)(*inputs), expected)


def _ops_per_workgroup(counter: OpCounter) -> int:
    """The most VM ops one call of any executable made (the host module is the first)."""
    return max((ops + calls - 1) // calls for _, (ops, calls) in counter.modules[1:] if calls)


def test_no_scalar_loop_left() -> None:
    """VM ops per workgroup are the same for a 32x larger problem under ukernels=all."""
    with count_vm_ops() as counter:
        module = pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels="all"))
        for name, case in CASES.items():  # executables load on first use
            getattr(module, name)(*case(2)[0])
    for name, case in CASES.items():
        counts = []
        for m in (8, 256):
            inputs, expected = case(m)
            counter.reset()
            _check(getattr(module, name)(*inputs), expected)
            counts.append(_ops_per_workgroup(counter))
        assert counts[0] == counts[1] and counts[0] < 200, (name, counts)
