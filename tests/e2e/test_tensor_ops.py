"""Tensor ops and fused dispatches in whole programs: each program of
`tensor_programs/tensor_*.mlir` is compiled once per codegen mode and must compute what numpy
computes, on static, dynamic, size-0 and rank-0 shapes (`tensor_fusion.mlir`: programs whose
elementwise ops `pyvmvx-form-dispatches` fuses into fewer dispatches).
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest

import pyvmvx

PROGRAMS = Path(__file__).parent / "tensor_programs"
MODES = ["all", "none"]


@functools.cache
def _compiled(name: str, ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAMS / f"tensor_{name}.mlir", ukernels=ukernels)


def _load(name: str, ukernels: str) -> pyvmvx.runtime.program.Module:
    return pyvmvx.load(_compiled(name, ukernels))


def _equal(actual: object, expected: object) -> None:
    assert isinstance(actual, tuple) and isinstance(expected, tuple)
    assert len(actual) == len(expected)
    for a, e in zip(actual, expected, strict=True):
        assert isinstance(a, np.ndarray) and isinstance(e, np.ndarray)
        assert a.shape == e.shape and a.dtype == e.dtype
        np.testing.assert_array_equal(a, e)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 3])
def test_empty_filled(ukernels: str, rows: int) -> None:
    a = np.zeros((rows, 3), np.float32)
    expected = (
        np.full((rows, 3), 2.5, np.float32),
        np.array(2.5, np.float32),
        np.zeros((0, 2), np.int32),
    )
    _equal(_load("shapes", ukernels).filled(a), expected)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 2])
def test_reshapes(ukernels: str, rows: int) -> None:
    a = np.arange(rows * 4, dtype=np.float32)
    s = np.array([[42]], np.int32)
    expected = (a.reshape(rows, 4), a, np.array(42, np.int32))
    _equal(_load("shapes", ukernels).reshape(a, s), expected)


@pytest.mark.parametrize("ukernels", MODES)
def test_casts_and_dim(ukernels: str) -> None:
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    _equal(_load("shapes", ukernels).cast(a), (a, a, np.ones(3, np.int32)))


@pytest.mark.parametrize("ukernels", MODES)
def test_extract_slice(ukernels: str) -> None:
    a = np.arange(48, dtype=np.float32).reshape(6, 8)
    expected = (a[1:3, 2:5], a[0:6:2, 1:7:3], a[4], a[2:4], a[3:3])
    result = _load("slices", ukernels).extract(a)
    _equal(result, expected)
    result[2][0] = -1  # a view on the host, but results own their memory
    assert a[4, 0] == 32


@pytest.mark.parametrize(
    ("ukernels", "shape"),
    [
        *((mode, shape) for mode in MODES for shape in [(5, 4), (1, 3), (0, 3)]),
    ],
)
def test_extract_slice_dynamic(ukernels: str, shape: tuple[int, int]) -> None:
    a = np.arange(shape[0] * shape[1], dtype=np.int32).reshape(shape)
    half = shape[0] // 2
    expected = (a[half:], a[:, 1:3], a[:, 0])
    _equal(_load("slices", ukernels).extract_dynamic(a), expected)


@pytest.mark.parametrize("ukernels", MODES)
def test_insert_slice(ukernels: str) -> None:
    a = np.arange(48, dtype=np.float32).reshape(6, 8)
    b = -np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    r = np.full(8, 0.5, np.float32)
    s, t, u = a.copy(), a.copy(), a.copy()
    s[1:3, 2:5] = b
    t[0:6:3, 1:7:2] = b
    u[5] = r
    _equal(_load("slices", ukernels).insert(a, b, r), (s, t, u))


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize(("rows", "inserted"), [(5, 2), (3, 0), (2, 2)])
def test_insert_slice_dynamic(ukernels: str, rows: int, inserted: int) -> None:
    a = np.arange(rows * 4, dtype=np.float32).reshape(rows, 4)
    b = -np.ones((inserted, 4), np.float32)
    expected = a.copy()
    expected[rows - inserted :] = b
    _equal((_load("slices", ukernels).insert_dynamic(a, b),), (expected,))


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("shape", [(2, 3), (0, 1), (1, 0)])
def test_pad(ukernels: str, shape: tuple[int, int]) -> None:
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(shape[0] * shape[1], dtype=np.int32).reshape(shape)
    expected = (
        np.pad(a, ((1, 2), (0, 1)), constant_values=9.0),
        np.pad(b, ((shape[1], 1), (1, shape[0])), constant_values=-3),
    )
    _equal(_load("build", ukernels).pad(a, b), expected)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 1, 3])
def test_concat(ukernels: str, rows: int) -> None:
    a = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
    b = -np.arange(6, dtype=np.float32).reshape(2, 3)
    c = np.full((2, 2), 7, np.float32)
    expected = (np.concatenate([a, b, a]), np.concatenate([b, c], axis=1))
    _equal(_load("build", ukernels).concat(a, b, c), expected)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("size", [1, 4])
def test_extract_insert_from_elements_splat(ukernels: str, size: int) -> None:
    a = np.arange(12, dtype=np.int32).reshape(3, 4) * 3
    n = np.linspace(-1, 1, size, dtype=np.float32)
    x, y = a[0, 1], a[2, 3]
    inserted = a.copy()
    inserted[1, 2] = x + y
    expected = (
        np.array([x, y, x + y], np.int32),
        np.full((size, 2), n[0], np.float32),
        inserted,
        np.array(y, np.int32),
    )
    _equal(_load("build", ukernels).elements(a, n), expected)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("size", [0, 4])
def test_generate(ukernels: str, size: int) -> None:
    i, j = np.indices((size, 3))
    expected = (i * 10 + j).astype(np.int32)
    result = _load("build", ukernels).generate(np.zeros(size, np.float32))
    _equal((result,), (expected,))


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 1, 9])
def test_fused_dense_layers(ukernels: str, rows: int) -> None:
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, 16), dtype=np.float32)
    w = rng.standard_normal((16, 8), dtype=np.float32)
    b = rng.standard_normal(8, dtype=np.float32)
    module = _load("fusion", ukernels)
    np.testing.assert_allclose(module.dense(x, w, b), np.maximum(x @ w + b, 0), atol=1e-5)
    np.testing.assert_allclose(module.bias_init(x, w, b), x @ w + b, atol=1e-5)


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("rows", [0, 3])
def test_fused_chain_and_unfused_ops(ukernels: str, rows: int) -> None:
    a = np.arange(rows * 5, dtype=np.int32).reshape(rows, 5) - 4
    b = np.arange(rows * 5, dtype=np.int32).reshape(rows, 5) % 3
    c = np.arange(5, dtype=np.int32) * 7
    module = _load("fusion", ukernels)
    _equal((module.chain(a, b, c),), (((a * b + c).sum(axis=1) * 2).astype(np.int32),))
    x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(4, 6)
    w = np.linspace(0, 2, 18, dtype=np.float32).reshape(6, 3)
    transposed, doubled = module.unfused(x, w)
    np.testing.assert_allclose(transposed, -((x + x) @ w).T, atol=1e-5)
    np.testing.assert_array_equal(doubled, x + x)
