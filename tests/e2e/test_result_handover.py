"""Results are handed over without a copy when nothing else references their memory, and
copied otherwise: no result ever shares memory with an input, another result, a constant of
the module or an earlier call's result."""

from __future__ import annotations

import numpy as np
import pytest

import pyvmvx

_ADD = """
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %r = linalg.add ins(%a, %b : tensor<64xf32>, tensor<64xf32>)
                  outs(%init : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @twice(%a: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %init = tensor.empty() : tensor<64xf32>
  %r = linalg.add ins(%a, %b : tensor<64xf32>, tensor<64xf32>)
                  outs(%init : tensor<64xf32>) -> tensor<64xf32>
  return %r, %r : tensor<64xf32>, tensor<64xf32>
}
func.func @identity(%a: tensor<64xf32>) -> tensor<64xf32> {
  return %a : tensor<64xf32>
}
func.func @constant() -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  return %c : tensor<4xf32>
}
"""


@pytest.fixture(scope="module", params=["all", "none"])
def module(request: pytest.FixtureRequest) -> pyvmvx.Module:
    return pyvmvx.load(pyvmvx.compile(_ADD, ukernels=request.param), threads=1)


def _inputs() -> tuple[np.ndarray, np.ndarray]:
    return np.arange(64, dtype=np.float32), np.full(64, 0.5, np.float32)


def test_a_fresh_result_is_handed_over_and_independent(module: pyvmvx.Module) -> None:
    a, b = _inputs()
    first = module.main(a, b)
    assert first.flags.writeable and first.flags.c_contiguous
    assert not np.shares_memory(first, a) and not np.shares_memory(first, b)
    first[:] = -1.0  # the caller's to change: the next call does not see it
    second = module.main(a, b)
    np.testing.assert_array_equal(second, a + b)
    assert not np.shares_memory(first, second)
    np.testing.assert_array_equal(first, np.full(64, -1.0, np.float32))


def test_the_same_value_twice_is_two_arrays(module: pyvmvx.Module) -> None:
    a, b = _inputs()
    left, right = module.twice(a, b)
    np.testing.assert_array_equal(left, a + b)
    np.testing.assert_array_equal(right, a + b)
    assert not np.shares_memory(left, right)


def test_an_input_returned_is_copied(module: pyvmvx.Module) -> None:
    a, _ = _inputs()
    result = module.identity(a)
    np.testing.assert_array_equal(result, a)
    assert not np.shares_memory(result, a) and result.flags.writeable


def test_a_constant_returned_is_copied(module: pyvmvx.Module) -> None:
    first = module.constant()
    first[:] = 0.0
    np.testing.assert_array_equal(module.constant(), [1.0, 2.0, 3.0, 4.0])


def test_the_handover_is_taken(module: pyvmvx.Module) -> None:
    """A result of a buffer the call allocated is not copied: its memory is the buffer's
    own allocation (a copy would own its data)."""
    a, b = _inputs()
    result = module.main(a, b)
    assert not result.flags.owndata and result.base is not None
