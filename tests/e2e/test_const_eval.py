"""Constant expressions evaluated at compile time (`pyvmvx-const-eval`), end to end: the
program's results are those of the unfolded program (numpy), in both codegen modes, with
fewer dispatches; an evaluation that fails leaves its op to run time, which reports it."""

from __future__ import annotations

import numpy as np
import pytest

import pyvmvx
from pyvmvx.compiler.driver import compile_text
from pyvmvx.runtime import StatusError

W = np.arange(12, dtype=np.float32).reshape(4, 3) / 8 - 0.5
B = np.array([0.5, -1.0, 2.0, 0.0], np.float32)
VAR = np.array([0.25, 1.0, 4.0, 9.0], np.float32)


def _dense(array: np.ndarray) -> str:
    return np.array2string(array, separator=", ", floatmode="unique").replace("\n", "")


LINEAR = f"""
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {{
  %w = arith.constant dense<{_dense(W)}> : tensor<4x3xf32>
  %b = arith.constant dense<{_dense(B)}> : tensor<4xf32>
  %var = arith.constant dense<{_dense(VAR)}> : tensor<4xf32>
  %eps = arith.constant 1.0e-5 : f64
  %e = tensor.empty() : tensor<3x4xf32>
  %t = linalg.transpose ins(%w : tensor<4x3xf32>) outs(%e : tensor<3x4xf32>) permutation = [1, 0]
  %e4 = tensor.empty() : tensor<4xf32>
  %inv = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}} ins(%var : tensor<4xf32>) outs(%e4 : tensor<4xf32>) {{
  ^bb0(%v: f32, %out: f32):
    %small = arith.truncf %eps : f64 to f32
    %s = arith.addf %v, %small : f32
    %r = math.rsqrt %s : f32
    linalg.yield %r : f32
  }} -> tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %o = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%o : tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = linalg.matmul ins(%x, %t : tensor<2x3xf32>, tensor<3x4xf32>)
      outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
  %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
      affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>,
      affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}}
      ins(%m, %b, %inv : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>)
      outs(%o : tensor<2x4xf32>) {{
  ^bb0(%a: f32, %c: f32, %s: f32, %out: f32):
    %sum = arith.addf %a, %c : f32
    %r = arith.mulf %sum, %s : f32
    linalg.yield %r : f32
  }} -> tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}}
"""

FAILING = """
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %v = arith.constant dense<[2.0, 0.0]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]} ins(%v : tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%a: f32, %out: f32):
    %zero = arith.constant 0.0 : f32
    %nonzero = arith.cmpf one, %a, %zero : f32
    cf.assert %nonzero, "division by zero"
    %one = arith.constant 1.0 : f32
    %r = arith.divf %one, %a : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %y = linalg.add ins(%x, %inv : tensor<2xf32>, tensor<2xf32>)
      outs(%e : tensor<2xf32>) -> tensor<2xf32>
  func.return %y : tensor<2xf32>
}
"""


def _dispatches(text: str) -> int:
    flow = compile_text(text, compile_to="flow")
    return sum(op.name == "flow.dispatch" for op in flow.walk())  # type: ignore[union-attr]


@pytest.mark.parametrize("ukernels", ["all", "none"])
def test_weight_transpose_and_scales_are_computed_at_compile_time(ukernels: str) -> None:
    x = np.array([[1.0, -2.0, 0.5], [3.0, 0.25, -1.0]], np.float32)
    scale = (1 / np.sqrt((VAR + np.float32(1e-5)).astype(np.float64))).astype(np.float32)
    expected = (x @ W.T + B) * scale
    result = pyvmvx.load(pyvmvx.compile(LINEAR, ukernels=ukernels)).main(x)
    np.testing.assert_allclose(result, expected, rtol=1e-6, atol=1e-6)
    assert _dispatches(LINEAR) == 1  # the matmul with its epilogue; no transpose, no rsqrt


@pytest.mark.parametrize("ukernels", ["all", "none"])
def test_an_evaluation_that_fails_is_left_to_run_time(ukernels: str) -> None:
    assert _dispatches(FAILING) == 2
    module = pyvmvx.load(pyvmvx.compile(FAILING, ukernels=ukernels))
    with pytest.raises(StatusError, match="division by zero"):
        module.main(np.ones(2, np.float32))
