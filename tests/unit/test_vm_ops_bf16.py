"""pyvmvx's bf16 VM ops (`vm.trunc.f32.bf16`, `vm.buffer.load.bf16`, `vm.buffer.store.bf16`)
against ml_dtypes' conversion: round to nearest, ties to even, overflow to infinity,
subnormals, and NaN staying NaN (also a NaN whose payload is only in the dropped bits)."""

from __future__ import annotations

import math
import struct

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from vm_build import op_context, run_op

from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.buffer import Buffer

ml_dtypes = pytest.importorskip(
    "ml_dtypes", reason="bf16 needs the ml-dtypes extra (pip install 'pyvmvx[ml-dtypes]')"
)
BF16 = ml_dtypes.bfloat16

F32_BITS = st.integers(0, (1 << 32) - 1)
# Ties (both parities), their neighbours, the largest finite bf16 and the first tie above it
# (overflows to inf), the largest f32, subnormals and a NaN payload in the low bits only.
EDGES = [0x3F808000, 0x3F818000, 0x3F807FFF, 0x3F808001, 0x7F7F0000, 0x7F7F8000, 0x7F7FFFFF]
EDGES += [0x00000001, 0x00008000, 0x00018000, 0x807FFFFF, 0x7F800001, 0xFFC00000, 0x7F800000]


def _f32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _bits(value: float) -> int:
    return struct.unpack("<I", struct.pack("<f", value))[0]


def _reference(value: float) -> float:
    """ml_dtypes' rounding of the f32 `value` to bf16, as an f32."""
    return float(np.float32(value).astype(BF16).astype(np.float32))


def _assert_same(actual: float, expected: float) -> None:
    if math.isnan(expected):
        assert math.isnan(actual)
    else:
        assert _bits(actual) == _bits(expected), (actual, expected)


@settings(max_examples=400, deadline=None)
@given(F32_BITS)
@example(0x3F808000)  # 1 + 2**-8, a tie: to 1.0 (even)
def test_trunc_rounds_like_ml_dtypes(bits: int) -> None:
    value = _f32(bits)
    _assert_same(run_op("vm.trunc.f32.bf16", value), _reference(value))


@pytest.mark.parametrize("bits", EDGES, ids=hex)
def test_trunc_edges(bits: int) -> None:
    value = _f32(bits)
    _assert_same(run_op("vm.trunc.f32.bf16", value), _reference(value))


def test_trunc_named_cases() -> None:
    assert run_op("vm.trunc.f32.bf16", 1 + 2**-8) == 1.0  # tie to even (down)
    assert run_op("vm.trunc.f32.bf16", 1 + 3 * 2**-8) == 1 + 2**-6  # tie to even (up)
    assert run_op("vm.trunc.f32.bf16", _f32(0x7F7F8000)) == math.inf  # overflow
    assert run_op("vm.trunc.f32.bf16", -_f32(0x7F7FFFFF)) == -math.inf
    assert run_op("vm.trunc.f32.bf16", 2.0**-133) == 2.0**-133  # the smallest subnormal
    assert run_op("vm.trunc.f32.bf16", 2.0**-134) == 0.0  # a tie: to zero (even)
    assert math.isnan(run_op("vm.trunc.f32.bf16", _f32(0x7F800001)))  # not infinity


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 0xFFFF), st.integers(0, 7))
def test_load_widens_every_bf16(bits: int, index: int) -> None:
    data = np.zeros(8, np.uint16)
    data[index] = bits
    expected = float(data[index : index + 1].view(BF16).astype(np.float32)[0])
    _assert_same(
        run_op("vm.buffer.load.bf16", Buffer(data.view(np.uint8), mutable=False), index), expected
    )


@settings(max_examples=300, deadline=None)
@given(F32_BITS)
def test_store_rounds_like_ml_dtypes(bits: int) -> None:
    buffer = Buffer.allocate(8)
    op_context("vm.buffer.store.bf16").call("f", buffer, 3, _f32(bits))
    stored = buffer.data.view(np.uint16)
    assert not stored[:3].any()
    _assert_same(float(stored[3:].view(BF16).astype(np.float32)[0]), _reference(_f32(bits)))


def test_load_and_store_are_bounds_checked() -> None:
    with pytest.raises(StatusError, match="out-of-bounds") as info:
        run_op("vm.buffer.load.bf16", Buffer(bytes(8), mutable=False), 4)
    assert info.value.code == "OUT_OF_RANGE"
    with pytest.raises(StatusError, match="read-only") as info:
        op_context("vm.buffer.store.bf16").call("f", Buffer(bytes(8), mutable=False), 0, 1.0)
    assert info.value.code == "PERMISSION_DENIED"
