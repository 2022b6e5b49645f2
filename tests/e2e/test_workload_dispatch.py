"""End to end: executables in IREE's dynamic-shape form (`executables/workload_ordinals.mlir`:
push constants tied to the workload by `iree_tensor_ext.dispatch.workload.ordinal`, count
regions from `iree_tensor_ext.dispatch.workgroup_count_from_slice`), in both codegen modes,
dispatched over the grid the count region computes from the workload the caller gives or from
the push constants it maps to, with sizes that are no multiple of the tile size."""

from __future__ import annotations

import numpy as np
import pytest
from e2e_support import load

from pyvmvx.runtime import StatusError

MODES = pytest.mark.parametrize(
    ("ukernels", "threads"), [("all", None), ("all", 2), ("none", None), ("none", 2)]
)
RNG = np.random.default_rng(3)


def _floats(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


@MODES
@pytest.mark.parametrize("n", [1, 63, 65, 200])
def test_add_1d(ukernels: str, threads: int | None, n: int) -> None:
    executable = load("workload_ordinals", ukernels)["workload_ordinals"]
    entry = executable.entry_point("add_1d")
    assert entry.workgroup_count is None
    assert entry.count_function is not None
    assert entry.count_function.from_workload([n]) == (-(-n // 64), 1, 1)
    a, b = _floats(n), _floats(n)
    constants = [n, 0]  # the 64-bit size as its low and high words
    for workload in (None, [n]):
        out = np.zeros(n, np.float32)
        executable.dispatch("add_1d", None, [a, b, out], constants, threads, workload=workload)
        np.testing.assert_array_equal(out, a + b)


@MODES
@pytest.mark.parametrize("shape", [(1, 1), (300, 7), (129, 33)])
def test_mul_2d(ukernels: str, threads: int | None, shape: tuple[int, int]) -> None:
    executable = load("workload_ordinals", ukernels)["workload_ordinals"]
    count = executable.entry_point("mul_2d").count_function
    assert count is not None
    # Python policy (ukernels=all): rows of 1024; IREE's (none): 64 x 64 tiles.
    expected = (
        (-(-shape[0] // 1024), 1, 1)
        if ukernels == "all"
        else (-(-shape[1] // 64), -(-shape[0] // 64), 1)
    )
    assert count.from_constants(shape) == count.from_workload(shape) == expected
    a, b = _floats(*shape), _floats(*shape)
    for workload in (None, shape):
        out = np.zeros(shape, np.float32)
        executable.dispatch("mul_2d", None, [a, b, out], shape, threads, workload=workload)
        np.testing.assert_array_equal(out, a * b)


@MODES
@pytest.mark.parametrize("shape", [(1, 3), (300, 7)])
def test_neg_2d_on_dispatch_tensors(
    ukernels: str, threads: int | None, shape: tuple[int, int]
) -> None:
    executable = load("workload_ordinals", ukernels)["workload_ordinals"]
    a = _floats(*shape)
    for workload in (None, shape):
        out = np.zeros(shape, np.float32)
        executable.dispatch("neg_2d_tensors", None, [a, out], shape, threads, workload=workload)
        np.testing.assert_array_equal(out, -a)


def test_workload_errors() -> None:
    executable = load("workload_ordinals", "all")["workload_ordinals"]
    a = np.zeros(4, np.float32)
    cases = [
        ({"workload": [4, 5]}, "the workload has 1 values, got 2"),
        ({"workload": [4.0]}, "workload 0 must be an integer"),
        ({"workload": [4], "workgroup_count": (1, 1, 1)}, "either workgroup_count or workload"),
    ]
    for options, message in cases:
        with pytest.raises(StatusError, match=message):
            executable.dispatch("add_1d", bindings=[a, a, a], constants=[4, 0], **options)
    constant_grid = load("push_constants", "all")["push_constants"]
    with pytest.raises(StatusError, match="'store_constants' takes no workload"):
        constant_grid.dispatch(
            "store_constants", None, [np.zeros(4, np.int32)], [1, 2, 3, 4], None, [1]
        )
