"""The PyTorch examples: torch-mlir's linalg-on-tensors output compiles and matches PyTorch.

`examples/export_models.py` (extra `torch`) wrote each `examples/<name>.mlir` and, beside it,
`<name>.npz` with the inputs (`input0`, …) and PyTorch's outputs (`output0`, …). This test
needs neither torch nor torch-mlir: it compiles the committed MLIR in both codegen modes, runs
`main` on the inputs and compares with PyTorch's outputs: f32 max abs error at most 1e-4 of the
largest |output|.

A model that does not compile or run today is a strict xfail naming the precise cause, so it
flips to a failure (and the marker must go) when the cause is fixed.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx

EXAMPLES = Path(__file__).parents[2] / "examples"
MODES = ["all", "none"]
TOLERANCE = 1e-4  # relative to the output's scale (its largest magnitude)

# Why an example fails today, per model: a strict xfail naming the precise cause (the op, the
# pass, the message), so that the marker must go when the cause is fixed. None fails today.
FAILURES: dict[str, str] = {}


def _example(name: str) -> object:
    marks = []
    if name in FAILURES:
        marks.append(pytest.mark.xfail(strict=True, reason=FAILURES[name]))
    return pytest.param(name, marks=marks, id=name)


NAMES = [_example(name) for name in ("mlp", "cnn", "transformer")]


@functools.cache
def _compiled(name: str, ukernels: str) -> bytes:
    return pyvmvx.compile(EXAMPLES / f"{name}.mlir", ukernels=ukernels)


def _arrays(name: str, prefix: str) -> list[np.ndarray]:
    with np.load(EXAMPLES / f"{name}.npz") as data:
        keys = sorted(
            (k for k in data.files if k.startswith(prefix)), key=lambda k: int(k[len(prefix) :])
        )
        return [data[k] for k in keys]


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("name", NAMES)
def test_example_matches_pytorch(name: str, ukernels: str) -> None:
    inputs = _arrays(name, "input")
    expected = _arrays(name, "output")
    assert inputs and expected
    result = pyvmvx.load(_compiled(name, ukernels)).main(*inputs)
    actual = result if isinstance(result, tuple) else (result,)
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected, strict=True):
        assert a.shape == e.shape and a.dtype == e.dtype == np.float32
        scale = float(np.abs(e).max())
        error = float(np.abs(a - e).max())
        assert error <= TOLERANCE * scale, f"max |pyvmvx - pytorch| = {error:.3g}, scale {scale}"


@pytest.mark.parametrize("ukernels", MODES)
def test_iree_input_form_matches_pytorch(ukernels: str) -> None:
    """IREE's `--compile-to=input` form of the CNN (`util.func`, made by
    `tests/e2e/inputs/make_iree_sources.py`) runs like torch-mlir's original."""
    source = Path(__file__).parent / "inputs" / "iree_input_cnn.mlir"
    assert "util.func public @main" in source.read_text()
    (expected,) = _arrays("cnn", "output")
    actual = pyvmvx.load(pyvmvx.compile(source, ukernels=ukernels)).main(*_arrays("cnn", "input"))
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    error = float(np.abs(actual - expected).max())
    assert error <= TOLERANCE * float(np.abs(expected).max())


def test_examples_are_modest() -> None:
    """The committed exports stay small: weights of a few hundred KB at most."""
    for name in ("mlp", "cnn", "transformer"):
        assert (EXAMPLES / f"{name}.mlir").stat().st_size < 512 * 1024
        assert (EXAMPLES / f"{name}.npz").stat().st_size < 64 * 1024
