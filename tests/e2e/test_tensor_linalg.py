"""linalg's op families on tensors, as whole programs: compiled once per codegen mode, called
with numpy arrays and compared with a numpy reference.

`tensor_programs/linalg_*.mlir` hold the programs: `generic` (permuted and broadcasting maps,
several results, reductions, `linalg.index`, gathers), the named ops, the convolutions, the
pooling ops and the data-tiling ops. Leading sizes are dynamic and run with 0, sizes that are
not multiples of the tile size (64) and, where it means something, rank 0.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

import pyvmvx

PROGRAMS = Path(__file__).parent / "tensor_programs"
MODES = pytest.mark.parametrize("ukernels", ["all", "none"])
RNG = np.random.default_rng(11)


@functools.cache
def _compiled(name: str, ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAMS / f"linalg_{name}.mlir", ukernels=ukernels)


def _load(name: str, ukernels: str) -> pyvmvx.runtime.program.Module:
    return pyvmvx.load(_compiled(name, ukernels))


def _normal(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape, dtype=np.float32)


def _close(actual: np.ndarray, expected: np.ndarray, tol: float = 1e-4) -> None:
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    np.testing.assert_allclose(actual, expected, rtol=tol, atol=tol)


# --- generic --------------------------------------------------------------------------


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_generic_maps_results_and_reductions(ukernels: str, n: int) -> None:
    m = _load("generic", ukernels)
    a, b, c = _normal(n, 5), _normal(n), np.array(1.5, np.float32)
    scaled, relu = m.permute_broadcast(a, b, c)
    _close(scaled, a.T * b + c)
    np.testing.assert_array_equal(relu, np.maximum(a.T, 0))
    a3 = _normal(n, 4, 70)
    permuted, sums, maxima = m.permute_reduce(a3)
    np.testing.assert_array_equal(permuted, a3.transpose(2, 0, 1))
    _close(sums, a3.sum(axis=1))
    np.testing.assert_array_equal(maxima, a3.max(axis=1, initial=-np.inf))


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_generic_index_and_gathers(ukernels: str, n: int) -> None:
    m = _load("generic", ukernels)
    a = RNG.integers(-50, 50, (n, 67), dtype=np.int32)
    iota, lower = m.iota(a)
    i, j = np.indices(a.shape)
    np.testing.assert_array_equal(iota, i * 100 + j + a)
    np.testing.assert_array_equal(lower, np.where(j <= i, a, 0))
    table, ids = _normal(9, 6), RNG.integers(0, 9, n).astype(np.int64)
    np.testing.assert_array_equal(m.embedding(table, ids), table[ids])
    constant = np.arange(120, dtype=np.float32).reshape(20, 6)
    ids = RNG.integers(0, 20, n).astype(np.int32)
    np.testing.assert_array_equal(m.embedding_constant(ids), constant[ids])
    v = _normal(n)
    np.testing.assert_array_equal(m.reverse(v), v[::-1])


@MODES
def test_generic_rank0(ukernels: str) -> None:
    result = _load("generic", ukernels).rank0(np.float32(2), np.float32(3))
    np.testing.assert_array_equal(result, np.array(6, np.float32))


# --- named ops ------------------------------------------------------------------------


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_fill_copy(ukernels: str, n: int) -> None:
    a = RNG.integers(-9, 9, (n, 67), dtype=np.int32)
    filled, copied = _load("named", ukernels).fill_copy(a, np.int32(-7))
    np.testing.assert_array_equal(filled, np.full((n, 67), -7, np.int32))
    np.testing.assert_array_equal(copied, a)


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_contractions(ukernels: str, n: int) -> None:
    m = _load("named", ukernels)
    x, y = _normal(n, 70), _normal(70, 66)
    _close(m.matmul(x, y), x @ y)
    a, b = _normal(n, 3, 70), _normal(n, 70, 5)
    _close(m.batch_matmul(a, b), a @ b)
    mat, vec, w, acc = _normal(n, 66), _normal(66), _normal(n), np.array(0.5, np.float32)
    matvec, vecmat, dot = m.matvec_vecmat_dot(mat, vec, w, acc)
    _close(matvec, mat @ vec)
    _close(vecmat, w @ mat)
    _close(dot, np.array(w @ w + 0.5, np.float32))


@MODES
@pytest.mark.parametrize("shape", [(3, 0, 5), (0, 4, 5), (3, 4, 0), (65, 1, 67)])
def test_matmul_sizes(ukernels: str, shape: tuple[int, int, int]) -> None:
    """Empty reductions (K = 0) leave the zero fill; empty M or N give empty results."""
    m, k, n = shape
    x, y = _normal(m, k), _normal(k, n)
    _close(_load("named", ukernels).matmul(x, y), x @ y)


@MODES
def test_matmul_i8_to_i32(ukernels: str) -> None:
    a = RNG.integers(-128, 128, (5, 7), dtype=np.int8)
    b = RNG.integers(-128, 128, (7, 3), dtype=np.int8)
    expected = a.astype(np.int32) @ b.astype(np.int32)
    np.testing.assert_array_equal(_load("named", ukernels).matmul_i8(a, b), expected)


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_transpose_broadcast_reduce(ukernels: str, n: int) -> None:
    m = _load("named", ukernels)
    a, v = _normal(n, 3, 66), _normal(n)
    transposed, broadcast, reduced = m.transpose_broadcast_reduce(a, v)
    np.testing.assert_array_equal(transposed, a.transpose(2, 0, 1))
    np.testing.assert_array_equal(broadcast, np.broadcast_to(v[:, None], (n, 4)))
    _close(reduced, a.sum(axis=1))
    ints = RNG.integers(-1000, 1000, n, dtype=np.int32)
    expected = np.array(ints.max(initial=np.iinfo(np.int32).min), np.int32)
    np.testing.assert_array_equal(m.reduce_all(ints), expected)


@MODES
@pytest.mark.parametrize("n", [0, 3, 65])
def test_map_and_elementwise(ukernels: str, n: int) -> None:
    p, q = _normal(n, 65), _normal(n, 65)
    mapped, short, maximum, exp = _load("named", ukernels).map_elementwise(p, q)
    _close(mapped, p * q + p, 1e-6)
    np.testing.assert_array_equal(short, p - q)
    np.testing.assert_array_equal(maximum, np.maximum(p, q))
    _close(exp, np.exp(p), 1e-6)


@MODES
def test_named_rank0(ukernels: str) -> None:
    total, negated = _load("named", ukernels).rank0(np.float32(2), np.float32(3))
    assert (total, negated) == (5, -2)


# --- convolutions ---------------------------------------------------------------------


def _windows(
    kernel: Sequence[int], strides: Sequence[int], dilations: Sequence[int], sizes: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[slice, ...]]]:
    """Each kernel position with the input slice it multiplies for every output position."""
    return [
        (
            position,
            tuple(
                slice(k * d, k * d + (o - 1) * s + 1, s)
                for k, d, o, s in zip(position, dilations, sizes, strides, strict=True)
            ),
        )
        for position in itertools.product(*(range(k) for k in kernel))
    ]


def _conv(
    x: np.ndarray, w: np.ndarray, strides: Sequence[int], dilations: Sequence[int]
) -> np.ndarray:
    """MLIR's convolution in NC(spatial) x FC(window) form."""
    sizes = [
        (i - (k - 1) * d - 1) // s + 1
        for i, k, d, s in zip(x.shape[2:], w.shape[2:], dilations, strides, strict=True)
    ]
    out = np.zeros((x.shape[0], w.shape[0], *sizes), np.result_type(x, w))
    for position, window in _windows(w.shape[2:], strides, dilations, sizes):
        taps = w[(slice(None), slice(None), *position)]
        out += np.einsum("nc...,fc->nf...", x[(slice(None), slice(None), *window)], taps)
    return out


def _depthwise(
    x: np.ndarray, w: np.ndarray, strides: Sequence[int], dilations: Sequence[int]
) -> np.ndarray:
    """MLIR's depthwise convolution in NC(spatial) x C(window) form."""
    sizes = [
        (i - (k - 1) * d - 1) // s + 1
        for i, k, d, s in zip(x.shape[2:], w.shape[1:], dilations, strides, strict=True)
    ]
    out = np.zeros((*x.shape[:2], *sizes), np.result_type(x, w))
    for position, window in _windows(w.shape[1:], strides, dilations, sizes):
        taps = w[(slice(None), *position)].reshape(1, -1, *([1] * len(sizes)))
        out += x[(slice(None), slice(None), *window)] * taps
    return out


def _last(x: np.ndarray) -> np.ndarray:
    return np.moveaxis(x, 1, -1)


def _first(x: np.ndarray) -> np.ndarray:
    return np.moveaxis(x, -1, 1)


@MODES
@pytest.mark.parametrize("n", [0, 2])
def test_convolutions(ukernels: str, n: int) -> None:
    m = _load("conv", ukernels)
    x, w = _normal(n, 3, 150), _normal(4, 3, 3)
    _close(m.conv_1d_ncw_fcw(x, w), _conv(x, w, (2,), (2,)))
    x, w = _normal(n, 3, 9, 10), _normal(4, 3, 3, 2)
    _close(m.conv_2d_nchw_fchw(x, w), _conv(x, w, (2, 1), (1, 2)))
    x, w = _normal(n, 9, 10, 3), _normal(3, 2, 3, 4)
    expected = _conv(_first(x), w.transpose(3, 2, 0, 1), (2, 1), (1, 2))
    _close(m.conv_2d_nhwc_hwcf(x, w), _last(expected))
    x, w = _normal(n, 2, 3, 7, 7), _normal(2, 4, 3, 3, 3)
    expected = np.stack([_conv(x[:, g], w[g], (1, 1), (1, 1)) for g in range(2)], axis=1)
    _close(m.conv_2d_ngchw_gfchw(x, w), expected)
    x, w = _normal(n, 2, 5, 6, 7), _normal(3, 2, 2, 3, 2)
    _close(m.conv_3d_ncdhw_fcdhw(x, w), _conv(x, w, (1, 2, 1), (2, 1, 1)))


@MODES
@pytest.mark.parametrize("n", [0, 2])
def test_depthwise_and_quantized_convolutions(ukernels: str, n: int) -> None:
    m = _load("conv", ukernels)
    x, w = _normal(n, 3, 9, 10), _normal(3, 3, 2)
    _close(m.depthwise_conv_2d_nchw_chw(x, w), _depthwise(x, w, (2, 1), (1, 2)))
    x, w = _normal(n, 9, 10, 3), _normal(3, 2, 3)
    expected = _depthwise(_first(x), w.transpose(2, 0, 1), (2, 1), (1, 2))
    _close(m.depthwise_conv_2d_nhwc_hwc(x, w), _last(expected))
    xq = RNG.integers(-128, 128, (n, 3, 6, 6), dtype=np.int8)
    wq = RNG.integers(-128, 128, (4, 3, 3, 3), dtype=np.int8)
    expected = _conv(xq.astype(np.int32) + 3, wq.astype(np.int32) - 5, (1, 1), (1, 1))
    np.testing.assert_array_equal(m.conv_2d_nchw_fchw_q(xq, wq), expected)


@MODES
def test_convolution_with_vector_attributes(ukernels: str) -> None:
    """`dilations = dense<1> : vector<2xi64>` (upstream xDSL's conv refused it)."""
    x, w = _normal(1, 2, 5, 5), _normal(3, 2, 2, 2)
    result = _load("conv", ukernels).conv_2d_nchw_fchw_vector_attrs(x, w)
    _close(result, _conv(x, w, (1, 1), (1, 1)))


# --- pooling --------------------------------------------------------------------------


def _pool(
    x: np.ndarray,
    kind: str,
    window: Sequence[int],
    strides: Sequence[int],
    dilations: Sequence[int],
) -> np.ndarray:
    """MLIR's pooling of a channels-last input from -inf (max) or 0 (sum)."""
    sizes = [
        (i - (k - 1) * d - 1) // s + 1
        for i, k, d, s in zip(x.shape[1:-1], window, dilations, strides, strict=True)
    ]
    out = np.full((x.shape[0], *sizes, x.shape[-1]), -np.inf if kind == "max" else 0, x.dtype)
    for _, index in _windows(window, strides, dilations, sizes):
        value = x[(slice(None), *index, slice(None))]
        out = np.maximum(out, value) if kind == "max" else out + value
    return out


@MODES
@pytest.mark.parametrize("n", [0, 2])
def test_pooling(ukernels: str, n: int) -> None:
    m = _load("pooling", ukernels)
    x = _normal(n, 3, 9, 70)
    _close(m.pooling_nchw_max(x), _first(_pool(_last(x), "max", (3, 2), (2, 1), (1, 2))))
    x = _normal(n, 3, 9, 10)
    _close(m.pooling_nchw_sum(x), _first(_pool(_last(x), "sum", (3, 2), (2, 2), (1, 1))))
    x = _normal(n, 9, 10, 3)
    _close(m.pooling_nhwc_max(x), _pool(x, "max", (3, 2), (2, 1), (1, 2)))
    ints = RNG.integers(-100, 100, (n, 9, 10, 3), dtype=np.int32)
    np.testing.assert_array_equal(
        m.pooling_nhwc_sum(ints), _pool(ints, "sum", (3, 2), (2, 1), (1, 2))
    )
    x = _normal(n, 3, 20)
    for kind, pooled in (("max", m.pooling_ncw_max(x)), ("sum", m.pooling_ncw_sum(x))):
        _close(pooled, _first(_pool(_last(x), kind, (3,), (3,), (2,))))
    x = _normal(n, 4, 7, 6, 2)
    for kind, pooled in (("max", m.pooling_ndhwc_max(x)), ("sum", m.pooling_ndhwc_sum(x))):
        _close(pooled, _pool(x, kind, (2, 3, 2), (1, 2, 1), (1, 1, 2)))


# --- pack, unpack, mmt4d --------------------------------------------------------------


def _pack(
    a: np.ndarray,
    tiles: Sequence[int],
    inner_dims_pos: Sequence[int],
    outer_dims_perm: Sequence[int],
    padding: float = 0,
) -> np.ndarray:
    """MLIR's `linalg.pack` of a 2-D array with both dimensions tiled."""
    tile = dict(zip(inner_dims_pos, tiles, strict=True))
    padded = [-(-size // tile[d]) * tile[d] for d, size in enumerate(a.shape)]
    full = np.full(padded, padding, a.dtype)
    full[: a.shape[0], : a.shape[1]] = a
    split = full.reshape(padded[0] // tile[0], tile[0], padded[1] // tile[1], tile[1])
    outer = [2 * d for d in outer_dims_perm]
    inner = [2 * d + 1 for d in inner_dims_pos]
    return split.transpose(outer + inner)


@MODES
@pytest.mark.parametrize("n", [0, 5, 8, 70])
def test_pack_unpack_mmt4d(ukernels: str, n: int) -> None:
    m = _load("data_tiling", ukernels)
    a = _normal(n, 13)
    packed, unpacked = m.pack_unpack(a)
    np.testing.assert_array_equal(packed, _pack(a, (8, 4), (0, 1), (1, 0), -1))
    np.testing.assert_array_equal(unpacked, a)
    x, y = _normal(n, 70), _normal(70, 9)
    _close(m.data_tiled_matmul(x, y), x @ y)
    lhs = RNG.integers(-128, 128, (n, 3, 4, 2), dtype=np.int8)
    rhs = RNG.integers(-128, 128, (5, 3, 4, 2), dtype=np.int8)
    acc = RNG.integers(-1000, 1000, (n, 5, 4, 4), dtype=np.int32)
    product = np.einsum("mkac,nkbc->mnab", lhs.astype(np.int32), rhs.astype(np.int32))
    np.testing.assert_array_equal(m.mmt4d_i8(lhs, rhs, acc), acc + product)


@MODES
def test_transposing_pack(ukernels: str) -> None:
    a = np.arange(96, dtype=np.int32).reshape(6, 16)
    expected = _pack(a, (4, 2), (1, 0), (1, 0))
    np.testing.assert_array_equal(_load("data_tiling", ukernels).pack_transposed(a), expected)
