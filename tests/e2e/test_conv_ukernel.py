"""Convolutions and poolings on `vmvx.ex.conv`/`ex.pool` (`tensor_programs/conv_ukernel.mlir`),
as whole programs.

Each program runs in both codegen modes against a numpy reference (a sum over filter taps of
matmuls on strided views): `ukernels=all` (one `ex.conv` call per workgroup tile) and
`ukernels=none` (IREE's scalar loops) must agree, exactly for integers and within f32
reassociation for floats. Layouts: NHWC/HWCF (dynamic batch), NCHW/FCHW with strides,
dilations and an accumulated destination, 1-D NCW/FCW, i8 x i8 -> i32, grouped NGCHW/GFCHW
and depthwise NHWC/HWC; max pooling NCHW (with a NaN) and an accumulating i32 sum pooling NWC
(wrapping). Under `ukernels=all` the VM ops per workgroup must not grow with the
batch: no scalar loop is left.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.vm.executor import OpCounter, count_vm_ops

PROGRAM = Path(__file__).parent / "tensor_programs" / "conv_ukernel.mlir"
RNG = np.random.default_rng(26)
Case = Callable[[], tuple[list[np.ndarray], np.ndarray]]


@functools.cache
def _module(ukernels: str) -> Module:
    return pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels=ukernels))


def _f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape, dtype=np.float32)


def conv(
    x: np.ndarray,
    w: np.ndarray,
    strides: tuple[int, int] = (1, 1),
    dilations: tuple[int, int] = (1, 1),
) -> np.ndarray:
    """NHWC input, HWCF filter -> NHWC output, in f64 (floats) or int64 (integers)."""
    (n, height, width, _), (kh, kw, _, f) = x.shape, w.shape
    (sh, sw), (dh, dw) = strides, dilations
    oh, ow = (height - (kh - 1) * dh - 1) // sh + 1, (width - (kw - 1) * dw - 1) // sw + 1
    dtype = np.float64 if x.dtype.kind == "f" else np.int64
    out = np.zeros((n, oh, ow, f), dtype)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            out += x[:, rows, cols].astype(dtype) @ w[i, j].astype(dtype)
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
    channels = [conv(x[..., c : c + 1], w[:, :, c : c + 1, None])[..., 0] for c in range(6)]
    return [x, w], np.stack(channels, -1).astype(np.float32)


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


CASES: dict[str, Case] = {
    "conv_nhwc": _conv_nhwc,
    "conv_nchw": _conv_nchw,
    "conv_1d": _conv_1d,
    "conv_i8": _conv_i8,
    "conv_grouped": _conv_grouped,
    "conv_depthwise": _conv_depthwise,
    "pool_max_nchw": _pool_max_nchw,
    "pool_sum_nwc": _pool_sum_nwc,
}


def _check(got: np.ndarray, expected: np.ndarray) -> None:
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


@pytest.mark.parametrize("n", [0, 1])
def test_small_batches(n: int) -> None:
    inputs, expected = _conv_nhwc(n)
    for mode in ("all", "none"):
        _check(_module(mode).conv_nhwc(*inputs), expected)


def _ops_per_workgroup(counter: OpCounter) -> int:
    """The most VM ops one call of any executable made (the host module is the first)."""
    return max((ops + calls - 1) // calls for _, (ops, calls) in counter.modules[1:] if calls)


def test_no_scalar_loop_left() -> None:
    """VM ops per workgroup are the same for a 32x larger batch under ukernels=all."""
    with count_vm_ops() as counter:
        module = pyvmvx.load(pyvmvx.compile(PROGRAM, ukernels="all"))
        module.conv_nhwc(*_conv_nhwc(1)[0])  # executables load on first use
        counts = []
        for n in (2, 64):
            inputs, expected = _conv_nhwc(n)
            counter.reset()
            _check(module.conv_nhwc(*inputs), expected)
            counts.append(_ops_per_workgroup(counter))
    assert counts[0] == counts[1] and counts[0] < 200, counts
