"""`linalg.index` and gathers on `vmvx.ex.iota`/`vmvx.ex.gather`, as whole programs.

The iota, embedding lookups (from an input and from a constant table) and reversal of
`tensor_programs/linalg_generic.mlir` and the `tensor.generate` of `tensor_build.mlir` run in
both codegen modes (`test_tensor_linalg.py` and `test_tensor_ops.py` compare their results
with numpy), and so do `tensor_programs/gather_ukernel.mlir`'s `torch.gather` (f16, indices
varying along both loops), fixed row of an i1 table and causal mask, here. Under
`ukernels=all` the VM ops per workgroup do not grow with the rows (no scalar loop is left),
and an index out of the table's range is OUT_OF_RANGE in both modes (MLIR leaves it
undefined; neither mode reads outside the table).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.vm.executor import count_vm_ops
from tests.e2e.test_reduce_ukernel import _ops_per_workgroup

PROGRAMS = Path(__file__).parent / "tensor_programs"
RNG = np.random.default_rng(13)
Run = Callable[[Module, int], None]


@functools.cache
def _module(name: str, ukernels: str) -> Module:
    return pyvmvx.load(pyvmvx.compile(PROGRAMS / f"{name}.mlir", ukernels=ukernels))


def _iota(module: Module, rows: int) -> None:
    a = RNG.integers(-50, 50, (rows, 67), dtype=np.int32)
    i, j = np.indices(a.shape)
    iota, lower = module.iota(a)
    np.testing.assert_array_equal(iota, i * 100 + j + a)
    np.testing.assert_array_equal(lower, np.where(j <= i, a, 0))


def _embedding(module: Module, rows: int) -> None:
    table, ids = RNG.standard_normal((9, 6), dtype=np.float32), RNG.integers(0, 9, rows)
    np.testing.assert_array_equal(module.embedding(table, ids), table[ids])


def _embedding_constant(module: Module, rows: int) -> None:
    ids = RNG.integers(0, 20, rows).astype(np.int32)
    table = np.arange(120, dtype=np.float32).reshape(20, 6)
    np.testing.assert_array_equal(module.embedding_constant(ids), table[ids])


def _reverse(module: Module, rows: int) -> None:
    v = RNG.standard_normal(rows, dtype=np.float32)
    np.testing.assert_array_equal(module.reverse(v), v[::-1])


def _generate(module: Module, rows: int) -> None:
    i, j = np.indices((rows, 3))
    result = module.generate(np.zeros(rows, np.float32))
    np.testing.assert_array_equal(result, (i * 10 + j).astype(np.int32))


def _take_along_axis(module: Module, rows: int) -> None:
    x = RNG.standard_normal((rows, 7)).astype(np.float16)
    idx = RNG.integers(0, 7, (rows, 5))
    np.testing.assert_array_equal(module.take_along_axis(x, idx), np.take_along_axis(x, idx, 1))


def _fixed_row(module: Module, rows: int) -> None:
    t = RNG.integers(0, 2, (4, rows)).astype(bool)
    np.testing.assert_array_equal(module.fixed_row(t), ~t[2])


def _causal_mask(module: Module, rows: int) -> None:
    a = RNG.standard_normal((rows, 33), dtype=np.float32)
    i, j = np.indices(a.shape)
    expected = a + np.where(j > i, -np.inf, 0).astype(np.float32)
    np.testing.assert_array_equal(module.causal_mask(a), expected)


CASES: dict[str, tuple[str, Run]] = {
    "iota": ("linalg_generic", _iota),
    "embedding": ("linalg_generic", _embedding),
    "embedding_constant": ("linalg_generic", _embedding_constant),
    "reverse": ("linalg_generic", _reverse),
    "generate": ("tensor_build", _generate),
    "take_along_axis": ("gather_ukernel", _take_along_axis),
    "fixed_row": ("gather_ukernel", _fixed_row),
    "causal_mask": ("gather_ukernel", _causal_mask),
}
OWN = [name for name, (program, _) in CASES.items() if program == "gather_ukernel"]


@pytest.mark.parametrize("ukernels", ["all", "none"])
@pytest.mark.parametrize("rows", [0, 1, 70])
@pytest.mark.parametrize("name", OWN)
def test_both_modes_match_numpy(name: str, rows: int, ukernels: str) -> None:
    CASES[name][1](_module("gather_ukernel", ukernels), rows)


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_scalar_loop_left(name: str) -> None:
    """VM ops per workgroup are the same for 50x more rows under ukernels=all."""
    program, run = CASES[name]
    with count_vm_ops() as counter:
        module = pyvmvx.load(pyvmvx.compile(PROGRAMS / f"{program}.mlir", ukernels="all"))
        run(module, 1)  # executables load on first use
        counts = []
        for rows in (4, 200):
            counter.reset()
            run(module, rows)
            counts.append(_ops_per_workgroup(counter))
    assert counts[0] == counts[1] and counts[0] < 400, counts


@pytest.mark.parametrize("ukernels", ["all", "none"])
@pytest.mark.parametrize("ids", [[0, 9], [-1], [1 << 40]])
def test_out_of_range_ids(ukernels: str, ids: list[int]) -> None:
    table = np.ones((9, 6), np.float32)
    with pytest.raises(StatusError) as err:
        _module("linalg_generic", ukernels).embedding(table, np.array(ids, np.int64))
    assert err.value.code == "OUT_OF_RANGE"
