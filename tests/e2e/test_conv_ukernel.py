"""Convolutions and poolings on `vmvx.ex.conv`/`ex.conv.3d`/`ex.pool`/`ex.pool.3d`
(`tensor_programs/conv_ukernel.mlir`), as whole programs.

Each program runs in both codegen modes against a numpy reference (a sum over filter taps of
matmuls on strided views): `ukernels=all` (one call per workgroup tile) and `ukernels=none`
(IREE's scalar loops) must agree, exactly for integers and within f32 reassociation for
floats. Layouts: NHWC/HWCF (dynamic batch), NCHW/FCHW with strides, dilations and an
accumulated destination, 1-D NCW/FCW, i8 x i8 -> i32, grouped NGCHW/GFCHW, depthwise
NHWC/HWC (also quantized, with a channel multiplier, 3-D), batchless `conv_2d`; 3-D
NDHWC/DHWCF (also quantized) and NCDHW/FCDHW; quantized NCHW/FCHW and NHWC/HWCF (i32 and
i8 zero points, wrapping); max pooling NCHW (with a NaN), an accumulating i32 sum pooling
NWC (wrapping), 3-D max/sum/min pooling and casting pools (i8 summed into i32, f16 max into
f32, unsigned i8 max into f32); a convolution with the batch-norm + relu epilogue
torch-mlir fuses after it, and batch norm's scale with its in-body assert (which must still
fail the call). Under `ukernels=all` the VM ops per workgroup of each program with a
dynamic batch must not grow with the batch: no scalar loop is left.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.vm.executor import OpCounter, count_vm_ops

PROGRAM = Path(__file__).parent / "tensor_programs" / "conv_ukernel.mlir"
RNG = np.random.default_rng(26)
Case = Callable[[], tuple[list[Any], Any]]
"""A program's inputs (arrays and scalars) and expected result(s)."""


@functools.cache
def _compiled(ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


@functools.cache
def _module(ukernels: str) -> Module:
    return pyvmvx.load(_compiled(ukernels))


def _f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape, dtype=np.float32)


def conv(
    x: np.ndarray,
    w: np.ndarray,
    strides: tuple[int, ...] | None = None,
    dilations: tuple[int, ...] | None = None,
) -> np.ndarray:
    """Channels-last input `(n, spatial..., c)`, filter `(kernel..., c, f)` -> `(n, out...,
    f)`, in f64 (floats) or int64 (integers), for any spatial rank."""
    spatial = x.ndim - 2
    strides = strides or (1,) * spatial
    dilations = dilations or (1,) * spatial
    kernel = w.shape[:spatial]
    out_sizes = [
        (size - (k - 1) * d - 1) // s + 1
        for size, k, s, d in zip(x.shape[1:-1], kernel, strides, dilations, strict=True)
    ]
    dtype = np.float64 if x.dtype.kind == "f" else np.int64
    out = np.zeros((x.shape[0], *out_sizes, w.shape[-1]), dtype)
    for tap in itertools.product(*map(range, kernel)):
        window = tuple(
            slice(i * d, i * d + (o - 1) * s + 1, s)
            for i, d, o, s in zip(tap, dilations, out_sizes, strides, strict=True)
        )
        out += x[(slice(None), *window)].astype(dtype) @ w[tap].astype(dtype)
    return out


def _conv_nhwc(n: int = 2) -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(n, 9, 10, 5), _f32(3, 3, 5, 7)
    return [x, w], conv(x, w).astype(np.float32)


def _conv_nchw() -> tuple[list[np.ndarray], np.ndarray]:
    x, w, b = _f32(1, 3, 11, 12), _f32(4, 3, 2, 3), _f32(1, 4, 5, 4)
    nhwc = conv(x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0), (2, 3), (2, 1))
    return [x, w, b], (nhwc.transpose(0, 3, 1, 2) + b).astype(np.float32)


def _conv_1d() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(2, 3, 20), _f32(5, 3, 4)
    nwc = conv(x.transpose(0, 2, 1)[:, None], w.transpose(2, 1, 0)[None])[:, 0]
    return [x, w], nwc.transpose(0, 2, 1).astype(np.float32)


def _conv_i8() -> tuple[list[np.ndarray], np.ndarray]:
    x = RNG.integers(-128, 128, (1, 6, 6, 4), dtype=np.int8)
    w = RNG.integers(-128, 128, (3, 3, 4, 3), dtype=np.int8)
    return [x, w], conv(x, w).astype(np.int32)


def _conv_grouped() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(1, 2, 3, 6, 6), _f32(2, 4, 3, 3, 3)
    groups = [
        conv(x[:, g].transpose(0, 2, 3, 1), w[g].transpose(2, 3, 1, 0)).transpose(0, 3, 1, 2)
        for g in range(2)
    ]
    return [x, w], np.stack(groups, 1).astype(np.float32)


def _conv_depthwise() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(1, 7, 7, 6), _f32(3, 3, 6)
    return [x, w], _depthwise(x, w).astype(np.float32)


def _pool_max_nchw() -> tuple[list[np.ndarray], np.ndarray]:
    x = _f32(2, 3, 9, 9)
    x[0, 0, 0, 0] = np.nan  # maximumf propagates NaN, in both modes
    windows = [x[:, :, i : i + 7 : 2, j : j + 7 : 2] for i in range(3) for j in range(3)]
    return [x], np.maximum.reduce(windows)


def _pool_sum_nwc() -> tuple[list[np.ndarray], np.ndarray]:
    info = np.iinfo(np.int32)
    x = RNG.integers(info.min, info.max, (2, 10, 3), dtype=np.int32, endpoint=True)
    b = RNG.integers(info.min, info.max, (2, 4, 3), dtype=np.int32, endpoint=True)
    total = b.astype(np.int64) + sum(x[:, 2 * j : 2 * j + 4].astype(np.int64) for j in range(3))
    return [x, b], total.astype(np.int32)  # wraps


def _conv_3d(n: int = 2) -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(n, 6, 7, 8, 3), _f32(2, 3, 2, 3, 4)
    return [x, w], conv(x, w, (1, 2, 1)).astype(np.float32)


def _conv_3d_ncdhw() -> tuple[list[np.ndarray], np.ndarray]:
    x, w, b = _f32(1, 2, 5, 6, 5), _f32(3, 2, 2, 2, 2), _f32(1, 3, 3, 5, 4)
    ndhwc = conv(x.transpose(0, 2, 3, 4, 1), w.transpose(2, 3, 4, 1, 0), None, (2, 1, 1))
    return [x, w, b], (ndhwc.transpose(0, 4, 1, 2, 3) + b).astype(np.float32)


def _i8(*shape: int) -> np.ndarray:
    return RNG.integers(-128, 128, shape, dtype=np.int8)


def _conv_q(n: int = 2) -> tuple[list[object], np.ndarray]:
    x, w = _i8(n, 4, 9, 8), _i8(5, 4, 3, 3)
    izp, wzp = np.int32(-7), np.int32(100)
    shifted = (x.astype(np.int64) - izp).transpose(0, 2, 3, 1)
    nhwc = conv(shifted, (w.astype(np.int64) - wzp).transpose(2, 3, 1, 0))
    return [x, w, izp, wzp], nhwc.transpose(0, 3, 1, 2).astype(np.int32)


def _conv_q_nhwc() -> tuple[list[object], np.ndarray]:
    x, w = _i8(2, 9, 9, 3), _i8(3, 2, 3, 4)
    izp, wzp = np.int8(-128), np.int8(127)
    info = np.iinfo(np.int32)
    b = RNG.integers(info.min, info.max, (2, 4, 8, 4), dtype=np.int32, endpoint=True)
    total = conv(x.astype(np.int64) - izp, w.astype(np.int64) - wzp, (2, 1)) + b
    return [x, w, izp, wzp, b], total.astype(np.int32)  # wraps


def _conv_3d_q() -> tuple[list[object], np.ndarray]:
    x, w = _i8(1, 4, 5, 5, 3), _i8(2, 2, 3, 3, 2)
    izp, wzp = np.int32(-100), np.int32(77)
    b = RNG.integers(-1000, 1000, (1, 3, 4, 3, 2), dtype=np.int32)
    total = conv(x.astype(np.int64) - izp, w.astype(np.int64) - wzp) + b
    return [x, w, izp, wzp, b], total.astype(np.int32)


def _windows(x: np.ndarray, kernel: tuple[int, ...], strides: tuple[int, ...],
             dilations: tuple[int, ...], out: tuple[int, ...]) -> list[np.ndarray]:  # fmt: skip
    """The channels-last input's window taps, each `(n, out..., c)`."""
    return [
        x[
            (
                slice(None),
                *(
                    slice(i * d, i * d + (o - 1) * s + 1, s)
                    for i, d, o, s in zip(tap, dilations, out, strides, strict=True)
                ),
            )
        ]
        for tap in itertools.product(*map(range, kernel))
    ]


def _pool_3d(n: int = 2) -> tuple[list[np.ndarray], tuple[np.ndarray, ...]]:
    x = _f32(n, 5, 6, 7, 3)
    x[0, 0, 0, 0, 0] = np.nan
    taps = _windows(x, (2, 2, 3), (1, 2, 2), (1, 1, 1), (4, 3, 3))
    total = sum(t.astype(np.float64) for t in taps)
    return [x], (np.maximum.reduce(taps), np.asarray(total, np.float32))


def _pool_min_3d() -> tuple[list[np.ndarray], np.ndarray]:
    info = np.iinfo(np.int32)
    x = RNG.integers(info.min, info.max, (2, 4, 4, 4, 2), dtype=np.int32, endpoint=True)
    b = RNG.integers(info.min, info.max, (2, 3, 2, 3, 2), dtype=np.int32, endpoint=True)
    taps = _windows(x, (2, 2, 2), (1, 1, 1), (1, 2, 1), (3, 2, 3))
    return [x, b], np.minimum.reduce([b, *taps])


def _pool_cast(n: int = 2) -> tuple[list[np.ndarray], tuple[np.ndarray, ...]]:
    x, h = _i8(n, 7, 7, 3), _f32(n, 7, 7, 3).astype(np.float16)
    shape = ((3, 3), (2, 2), (1, 1), (3, 3))
    total = sum(t.astype(np.int32) for t in _windows(x, *shape))
    maximum = np.maximum.reduce(_windows(h, *shape)).astype(np.float32)
    unsigned = np.maximum.reduce(_windows(x.view(np.uint8), *shape)).astype(np.float32)
    return [x, h], (np.asarray(total, np.int32), maximum, unsigned)


def _conv_bn_relu(n: int = 2) -> tuple[list[np.ndarray], np.ndarray]:
    x, w, bias = _f32(n, 3, 10, 10), _f32(4, 3, 3, 3), _f32(4)
    mean, scale, gamma, beta = (_f32(4, 1, 1) for _ in range(4))
    y = conv(x.transpose(0, 2, 3, 1), w.transpose(2, 3, 1, 0)).transpose(0, 3, 1, 2)
    y = ((y + bias[:, None, None] - mean) * scale * gamma + beta).astype(np.float32)
    return [x, w, bias, mean, scale, gamma, beta], np.maximum(y, 0)


def _depthwise(x: np.ndarray, w: np.ndarray, strides: tuple[int, ...] | None = None) -> np.ndarray:
    """Channels-last depthwise convolution: each channel of `x` with its `(kernel..., c)`
    filter (int64 or f64)."""
    channels = [
        conv(x[..., c : c + 1], w[..., c : c + 1, None], strides)[..., 0]
        for c in range(x.shape[-1])
    ]
    return np.stack(channels, -1)


def _depthwise_q() -> tuple[list[object], np.ndarray]:
    x, w = _i8(2, 6, 7, 4), _i8(3, 3, 4)
    izp, wzp = np.int32(3), np.int32(-128)
    total = _depthwise(x.astype(np.int64) - izp, w.astype(np.int64) - wzp)
    return [x, w, izp, wzp], total.astype(np.int32)


def _depthwise_multiplier() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(1, 6, 6, 3), _f32(2, 3, 3, 2)
    per_multiplier = [_depthwise(x, w[..., m], (1, 2)) for m in range(2)]
    return [x, w], np.stack(per_multiplier, -1).astype(np.float32)


def _depthwise_3d() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(1, 4, 5, 6, 3), _f32(2, 2, 3, 3)
    return [x, w], _depthwise(x, w).astype(np.float32)


def _conv_2d_plain() -> tuple[list[np.ndarray], np.ndarray]:
    x, w = _f32(9, 8), _f32(3, 2)
    return [x, w], conv(x[None, ..., None], w[..., None, None])[0, ..., 0].astype(np.float32)


def _bn_scale(n: int = 2) -> tuple[list[np.ndarray], np.ndarray]:
    var = np.abs(_f32(8 * n))
    return [var], (1 / np.sqrt(var + np.float32(1e-5))).astype(np.float32)


CASES: dict[str, Case] = {
    "conv_nhwc": _conv_nhwc,
    "conv_nchw": _conv_nchw,
    "conv_1d": _conv_1d,
    "conv_i8": _conv_i8,
    "conv_grouped": _conv_grouped,
    "conv_depthwise": _conv_depthwise,
    "pool_max_nchw": _pool_max_nchw,
    "pool_sum_nwc": _pool_sum_nwc,
    "conv_3d": _conv_3d,
    "conv_3d_ncdhw": _conv_3d_ncdhw,
    "conv_q": _conv_q,
    "conv_q_nhwc": _conv_q_nhwc,
    "conv_3d_q": _conv_3d_q,
    "pool_3d": _pool_3d,
    "pool_min_3d": _pool_min_3d,
    "pool_cast": _pool_cast,
    "conv_bn_relu": _conv_bn_relu,
    "bn_scale": _bn_scale,
    "depthwise_q": _depthwise_q,
    "depthwise_multiplier": _depthwise_multiplier,
    "depthwise_3d": _depthwise_3d,
    "conv_2d_plain": _conv_2d_plain,
}


def _check(got: object, expected: object) -> None:
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected)
        for one, reference in zip(got, expected, strict=True):
            _check(one, reference)
        return
    assert isinstance(got, np.ndarray) and isinstance(expected, np.ndarray)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    if got.dtype.kind == "i":
        np.testing.assert_array_equal(got, expected)
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-4, atol=1e-4)  # NaNs equal


@pytest.mark.parametrize("name", sorted(CASES))
def test_both_modes_match_numpy(name: str) -> None:
    inputs, expected = CASES[name]()
    results = {mode: getattr(_module(mode), name)(*inputs) for mode in ("all", "none")}
    for got in results.values():
        _check(got, expected)
    _check(results["all"], results["none"])


def test_assert_in_elementwise_body() -> None:
    """The batch-norm body's assert fails the call with its message in both modes."""
    var = np.abs(_f32(40))
    var[17] = -np.float32(1e-5)  # sqrt(var + eps) == 0
    for mode in ("all", "none"):
        with pytest.raises(StatusError) as err:
            _module(mode).bn_scale(var)
        assert err.value.code == "FAILED_PRECONDITION"
        assert "unimplemented: tensor with zero element" in str(err.value)


@pytest.mark.parametrize("n", [0, 1])
def test_small_batches(n: int) -> None:
    inputs, expected = _conv_nhwc(n)
    for mode in ("all", "none"):
        _check(_module(mode).conv_nhwc(*inputs), expected)


def _ops_per_workgroup(counter: OpCounter) -> int:
    """The most VM ops one call of any executable made (the host module is the first)."""
    return max((ops + calls - 1) // calls for _, (ops, calls) in counter.modules[1:] if calls)


SCALABLE: dict[str, Callable[[int], tuple[list[Any], Any]]] = {
    "conv_nhwc": _conv_nhwc,
    "conv_3d": _conv_3d,
    "conv_q": _conv_q,
    "pool_3d": _pool_3d,
    "pool_cast": _pool_cast,
    "conv_bn_relu": _conv_bn_relu,
    "bn_scale": _bn_scale,
}
"""The programs with a dynamic batch, by their case builders (taking the batch)."""


@pytest.mark.parametrize("name", sorted(SCALABLE))
def test_no_scalar_loop_left(name: str) -> None:
    """VM ops per workgroup are the same for a 16x larger batch under ukernels=all."""
    build = SCALABLE[name]
    with count_vm_ops() as counter:
        module = pyvmvx.load(_compiled("all"))  # loaded while counting
        getattr(module, name)(*build(1)[0])  # executables load on first use
        counts = []
        for n in (2, 32):
            inputs, expected = build(n)
            counter.reset()
            _check(getattr(module, name)(*inputs), expected)
            counts.append(_ops_per_workgroup(counter))
    assert counts[0] == counts[1] and counts[0] < 400, counts
