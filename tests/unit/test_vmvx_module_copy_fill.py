"""`copy.2d.x8/x16/x32/x64` and `fill.2d.x32` against the scalar reference
(IREE's `runtime/src/iree/modules/vmvx/module.c`).

Both are bit-exact byte movers. Copy has no overlap handling in IREE: it runs in element order,
so a copy within one buffer is compared with the reference's element-order loop. An output
whose elements share addresses (0 or −1 strides) keeps the value written last in loop order.
"""

from __future__ import annotations

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import given
from hypothesis import strategies as st
from vmvx_harness import MODULE, SETTINGS, Arg, Operand, array_of, check_export, layouts, sizes

from pyvmvx.runtime import Buffer, StatusError

COPIES = sorted(ref.COPY_ELEMENT_SIZES)
UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _words(esize: int) -> st.SearchStrategy[int]:
    return st.integers(0, (1 << (8 * esize)) - 1)


@st.composite
def copy_calls(draw: st.DrawFn) -> tuple[str, list[Arg]]:
    name = draw(st.sampled_from(COPIES))
    esize = ref.COPY_ELEMENT_SIZES[name]
    size0, size1 = draw(sizes), draw(sizes)
    in_layout, out_layout = draw(layouts(size0, size1)), draw(layouts(size0, size1))
    source = array_of(draw, UNSIGNED[esize], in_layout.length, _words(esize))
    target = array_of(draw, UNSIGNED[esize], out_layout.length, _words(esize))
    in_ = Operand(source, mutable=draw(st.booleans()))
    return name, [in_, *in_layout.args(), Operand(target), *out_layout.args(), size0, size1]


@SETTINGS
@given(copy_calls())
def test_copy_matches_reference(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


@st.composite
def copies_within_one_buffer(draw: st.DrawFn) -> tuple[str, list[Arg]]:
    """Source and destination regions in the same buffer, usually overlapping."""
    name = draw(st.sampled_from(COPIES))
    esize = ref.COPY_ELEMENT_SIZES[name]
    size0, size1 = draw(sizes), draw(sizes)
    in_layout, out_layout = draw(layouts(size0, size1)), draw(layouts(size0, size1))
    length = max(in_layout.length, out_layout.length)
    shared = Operand(array_of(draw, UNSIGNED[esize], length, _words(esize)))
    return name, [shared, *in_layout.args(), shared, *out_layout.args(), size0, size1]


@SETTINGS
@given(copies_within_one_buffer())
def test_copy_within_one_buffer_runs_in_element_order(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


@pytest.mark.parametrize("shift", [1, -1, 3])
def test_overlapping_row_copy_smears_like_the_c_loop(shift: int) -> None:
    """A 1×8 copy onto itself shifted by `shift`: forward overlap repeats the first values."""
    data = np.arange(16, dtype=np.uint32)
    shared = Operand(data)
    check_export("copy.2d.x32", [shared, 4, 8, 1, shared, 4 + shift, 8, 1, 1, 8])


@st.composite
def fill_calls(draw: st.DrawFn) -> list[Arg]:
    size0, size1 = draw(sizes), draw(sizes)
    layout = draw(layouts(size0, size1, stride1=1))
    target = array_of(draw, np.uint32, layout.length, _words(4))
    value = draw(st.integers(-(2**31), 2**31 - 1))
    return [value, Operand(target), layout.offset, layout.stride0, size0, size1]


@SETTINGS
@given(fill_calls())
def test_fill_matches_reference(args: list[Arg]) -> None:
    check_export("fill.2d.x32", args)


@pytest.mark.parametrize(
    "value", [ref.bits_of_f32(v) for v in (-0.0, float("inf"))] + [0x7FC0_0001, 0xFF80_0002]
)
def test_fill_writes_f32_bit_patterns_unchanged(value: int) -> None:
    """An f32 fill arrives bitcast to i32; NaN payloads and -0 are stored as given."""
    signed = value - (1 << 32) if value >> 31 else value
    check_export("fill.2d.x32", [signed, Operand(np.zeros(12, np.uint32)), 1, 5, 2, 4])


def test_copy_between_python_byte_objects() -> None:
    """`Buffer` wraps bytes (read-only) and bytearray (mutable) in place."""
    target = bytearray(6)
    MODULE.call(
        "copy.2d.x16",
        Buffer(b"abcdefgh", mutable=False), 1, 0, 1,
        Buffer(target, mutable=True), 0, 0, 1,
        1, 3,
    )  # fmt: skip
    assert bytes(target) == b"cdefgh"
    with pytest.raises(StatusError) as info:
        MODULE.call("fill.2d.x32", 1, Buffer(b"abcd", mutable=False), 0, 1, 1, 1)
    assert info.value.code == ref.PERMISSION_DENIED
