"""Host control flow, scalars and host reads of tensors, end to end (issue 11).

`tensor_programs/host_control.mlir` is compiled once per codegen mode and called with numpy
values: loops (`scf.for`, `scf.while`), branches (`scf.if`, `scf.index_switch`,
`cf.cond_br`, `cf.switch`) and a `cf.assert` around dispatches, scalar arguments and results,
`tensor.extract` (i1, i8, i64, f16, f32, f64 elements) and `tensor.dim` on the host, i1
tensors as numpy bools, Python scalars for rank-0 tensors and a chain of dispatches whose
dead temporary's buffer is reused.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusCode, StatusError
from pyvmvx.runtime.program import Module

PROGRAM = Path(__file__).parent / "tensor_programs" / "host_control.mlir"
MODES = ["all", "none"]


@functools.cache
def _compiled(ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


def _load(ukernels: str) -> Module:
    return pyvmvx.load(_compiled(ukernels))


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("n", [0, 1, 3])
def test_for_loop_applies_a_dispatch_n_times(ukernels: str, n: int) -> None:
    a = np.linspace(-2, 2, 9, dtype=np.float32)
    np.testing.assert_array_equal(_load(ukernels).repeat(a, n), a * 2**n)


@pytest.mark.parametrize("ukernels", MODES)
def test_if_on_an_element_read_on_the_host(ukernels: str) -> None:
    module = _load(ukernels)
    for first in (1.5, -1.5, 0.0):
        a = np.array([first, 2, 3, 4], np.float32)
        expected = a + 1 if first > 0 else a - 1
        np.testing.assert_array_equal(module.branch(a), expected)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize(("limit", "steps"), [(2.0, 0), (3.5, 1), (20.0, 3)])
def test_while_loop_on_a_reduction(ukernels: str, limit: float, steps: int) -> None:
    a = np.array([0.5, 1.0, 1.5], np.float32)
    result, count = _load(ukernels).grow(a, limit)
    np.testing.assert_array_equal(result, a * 2**steps)
    assert count == steps and isinstance(count, np.int32)


@pytest.mark.parametrize("ukernels", MODES)
def test_cf_blocks_and_an_i1_argument(ukernels: str) -> None:
    module = _load(ukernels)
    a = np.array([1, 5, -2], np.float32)
    b = np.array([3, 2, -1], np.float32)
    np.testing.assert_array_equal(module.blocks(True, a, b), np.maximum(a, b))
    np.testing.assert_array_equal(module.blocks(np.bool_(False), a, b), a)


@pytest.mark.parametrize("ukernels", MODES)
def test_failing_assert_raises_its_message(ukernels: str) -> None:
    with pytest.raises(StatusError, match="a and b must have the same size") as info:
        _load(ukernels).blocks(True, np.ones(2, np.float32), np.ones(3, np.float32))
    assert info.value.code == StatusCode.FAILED_PRECONDITION


@pytest.mark.parametrize("ukernels", MODES)
def test_scalar_arguments_and_results(ukernels: str) -> None:
    a = np.array([[1, -2, 3], [4, 5, -6]], np.float64)
    scaled, negative, rows, signs = _load(ukernels).scalars(a, 1, 2, 0.5)
    assert scaled == -3.0 and isinstance(scaled, np.float64)
    assert negative is np.True_
    assert rows == 2 and isinstance(rows, np.int64)
    assert signs.dtype == np.bool_
    np.testing.assert_array_equal(signs, a < 0)


@pytest.mark.parametrize("ukernels", MODES)
def test_host_reads_of_narrow_and_wide_integers(ukernels: str) -> None:
    module = _load(ukernels)
    b = np.array([1, -7, 3], np.int8)
    w = np.array([5, -(2**40) - 3], np.int64)
    c = np.zeros((2, 5), np.int32)
    pick, half, size = module.integers(np.array([True, False]), b, w, 1, c)
    assert (pick, half, size) == (-7, -7, 5)
    assert isinstance(half, np.int16)
    pick, _, size = module.integers(np.array([False, True]), b.view(np.uint8), w, 0, c)
    assert (pick, size) == (-(2**40) - 3, 2)


@pytest.mark.parametrize("ukernels", MODES)
def test_f16_element_and_scalar(ukernels: str) -> None:
    module = _load(ukernels)
    values = np.array([np.inf, -np.inf, 6e-8, -6e-8, 1e-5, 65504, -0.0, 1 / 3], np.float16)
    for value in values:
        result = module.half(np.array([0, 0, value], np.float16), np.float16(0.25))
        assert isinstance(result, np.float16)
        assert result.view(np.uint16) == (value + np.float16(0.25)).view(np.uint16)
    assert np.isnan(module.half(np.array([0, 0, np.nan], np.float16), 1.0))


def test_declarations_print_scalars_as_iree_does() -> None:
    functions = _load("all").functions
    assert str(functions["scalars"]) == (
        "sync func @scalars(%input0: tensor<?x3xf64>, %input1: index, %input2: index, "
        "%input3: f64) -> (%output0: f64, %output1: i1, %output2: index, "
        "%output3: tensor<?x3xi1>)"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((np.ones(2, np.float32), 1.5), "a Python float cannot be an index scalar"),
        ((np.ones(2, np.float32), "3"), "expected a index scalar, got str"),
        ((np.ones(2, np.float32), np.int32(3)), "expected a index scalar (int64), got int32"),
        ((np.ones(2, np.float32), 2**64), "does not fit in index"),
    ],
)
def test_bad_scalar_arguments_are_invalid_argument(
    arguments: tuple[object, ...], message: str
) -> None:
    with pytest.raises(StatusError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        _load("all").repeat(*arguments)
    assert info.value.code == StatusCode.INVALID_ARGUMENT


def test_an_extract_out_of_bounds_reads_nothing() -> None:
    with pytest.raises(StatusError) as info:
        _load("all").scalars(np.ones((2, 3)), 5, 0, 1.0)
    assert info.value.code == StatusCode.OUT_OF_RANGE


@pytest.mark.parametrize("ukernels", MODES)
def test_a_chain_of_dispatches_reusing_a_dead_buffer(ukernels: str) -> None:
    a = np.arange(16, dtype=np.float32).reshape(4, 4) / 8
    np.testing.assert_allclose(_load(ukernels).power(a), a @ a @ a @ a, rtol=1e-5)


@pytest.mark.parametrize("ukernels", MODES)
def test_python_scalars_for_rank_0_tensors(ukernels: str) -> None:
    value, flag = _load(ukernels).rank0(-7, True)
    assert value == -7 and isinstance(value, np.int32)
    assert flag.shape == () and flag.dtype == np.bool_ and bool(flag)


@pytest.mark.parametrize("ukernels", MODES)
def test_index_switch_with_a_tensor_result(ukernels: str) -> None:
    module = _load(ukernels)
    a = np.array([1, -2, 3, 0.5], np.float32)
    for k, expected in ((0, a + 1), (1, a * 3), (2, a), (7, a)):
        np.testing.assert_array_equal(module.switch(a, k), expected)


@pytest.mark.parametrize("ukernels", MODES)
def test_cf_switch_passes_tensors_to_its_successors(ukernels: str) -> None:
    module = _load(ukernels)
    a = np.array([1, -2, 3, 0.5, 7], np.float32)
    b = np.array([2, 2, -3, 0.25, 9], np.float32)
    for k, expected in ((1, a + b), (2, np.maximum(a, b)), (0, a), (-5, a)):
        np.testing.assert_array_equal(module.cf_switch(k, a, b), expected)


def test_a_numpy_scalar_must_have_the_declared_dtype() -> None:
    a = np.ones(3, np.float32)
    with pytest.raises(StatusError, match=r"expected a f32 scalar \(float32\), got float64"):
        _load("all").grow(a, np.float64(2.0))
    _, steps = _load("all").grow(a, np.float32(5.0))
    assert steps == 1


@pytest.mark.parametrize("ukernels", MODES)
def test_select_of_tensors(ukernels: str) -> None:
    module = _load(ukernels)
    a, b = np.arange(3, dtype=np.float32), np.arange(5, dtype=np.float32) - 9
    np.testing.assert_array_equal(module.pick(True, a, b), a)
    np.testing.assert_array_equal(module.pick(False, a, b), b)
