"""Whole programs on tensors: compile, load, call with numpy arrays, compare with numpy.

Each program of `tensor_programs/` is compiled once per codegen mode; both modes must give
the same (numpy's) results. The programs use dynamic and static sizes, several results, a
private helper that is inlined, host-side reshapes and a pad whose size is computed on the
host.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusCode, StatusError

PROGRAMS = Path(__file__).parent / "tensor_programs"
MODES = ["all", "none"]


@functools.cache
def _compiled(name: str, ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAMS / f"{name}.mlir", ukernels=ukernels)


def _load(name: str, ukernels: str) -> pyvmvx.runtime.program.Module:
    return pyvmvx.load(_compiled(name, ukernels))


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [1, 7, 65])
def test_dense_relu(ukernels: str, rows: int) -> None:
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, 16), dtype=np.float32)
    w = rng.standard_normal((16, 8), dtype=np.float32)
    b = rng.standard_normal(8, dtype=np.float32)
    before = x.copy()
    result = _load("mlp", ukernels).dense_relu(x, w, b)
    np.testing.assert_allclose(result, np.maximum(x @ w + b, 0), rtol=1e-5, atol=1e-5)
    assert result.shape == (rows, 8) and result.dtype == np.float32
    np.testing.assert_array_equal(x, before)


@pytest.mark.parametrize("ukernels", MODES)
def test_reshapes_and_an_inlined_helper(ukernels: str) -> None:
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    scaled, flat = _load("mlp", ukernels).reshapes(a)
    np.testing.assert_array_equal(scaled, a.reshape(2, 6) * 6)
    np.testing.assert_array_equal(flat, a.reshape(12))
    flat[0] = 100  # results own their memory: the input is untouched
    assert a[0, 0] == 0


@pytest.mark.parametrize("ukernels", MODES)
def test_reduction_and_transpose(ukernels: str) -> None:
    a = np.arange(-7, 8, dtype=np.int32).reshape(5, 3)
    sums, transposed = _load("mlp", ukernels).rowsum_transpose(a)
    np.testing.assert_array_equal(sums, a.sum(axis=1))
    np.testing.assert_array_equal(transposed, a.T)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 2, 9])
def test_pad_with_a_dynamic_size(ukernels: str, rows: int) -> None:
    a = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
    expected = np.pad(a, ((1, 2), (1, 2)), constant_values=-1.0)
    np.testing.assert_array_equal(_load("mlp", ukernels).pad(a), expected)


def test_functions_list_their_signatures() -> None:
    functions = _load("mlp", "all").functions
    assert set(functions) == {"dense_relu", "reshapes", "rowsum_transpose", "pad"}
    assert str(functions["pad"]) == (
        "sync func @pad(%input0: tensor<?x3xf32>) -> (%output0: tensor<?x6xf32>)"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((np.zeros((2, 16), np.float32),), "3"),
        (
            (np.zeros((2, 15), np.float32), np.zeros((16, 8), np.float32), np.zeros(8, np.float32)),
            "16",
        ),
        (
            (np.zeros((2, 16), np.float64), np.zeros((16, 8), np.float32), np.zeros(8, np.float32)),
            "f32",
        ),
    ],
)
def test_bad_arguments_are_invalid_argument(
    arguments: tuple[np.ndarray, ...], message: str
) -> None:
    with pytest.raises(StatusError) as info:
        _load("mlp", "all").dense_relu(*arguments)
    assert info.value.code == StatusCode.INVALID_ARGUMENT
    assert message in str(info.value)


@pytest.mark.parametrize("ukernels", MODES)
def test_iree_input_form(ukernels: str) -> None:
    """util.func/util.call (IREE's `--compile-to=input` form) on dynamic sizes."""
    a = np.arange(10, dtype=np.float32)
    b = np.linspace(-1, 1, 10, dtype=np.float32)
    np.testing.assert_array_equal(_load("util_func", ukernels).main(a, b), (a - b) * 2)


@pytest.mark.parametrize("ukernels", MODES)
def test_sizes_that_disagree_are_refused_not_overrun(ukernels: str) -> None:
    """The program assumes equal sizes; the bounds checks refuse a shorter second input."""
    with pytest.raises(StatusError):
        _load("util_func", ukernels).main(np.ones(10, np.float32), np.ones(9, np.float32))
