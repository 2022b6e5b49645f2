"""Buffer, List and StatusError: wrapping without copies, IREE's mapping rules, list typing."""

import math
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, List, StatusError
from pyvmvx.runtime.vm import register_ref_type


@contextmanager
def _status(code: str, match: str) -> Iterator[None]:
    """Assert that the block raises a StatusError with `code` and a message matching `match`."""
    with pytest.raises(StatusError, match=match) as info:
        yield
    assert info.value.code == code


# --- StatusError ---------------------------------------------------------------------------


def test_status_error_carries_code_and_message() -> None:
    err = StatusError("OUT_OF_RANGE", "index 3 out of bounds (2)")
    assert err.code == "OUT_OF_RANGE"
    assert str(err) == "index 3 out of bounds (2)"
    assert isinstance(err, Exception)


def test_status_error_rejects_unknown_code() -> None:
    with pytest.raises(ValueError, match="unknown status code"):
        StatusError("NOT_A_CODE", "x")


# --- Buffer: wrapping ----------------------------------------------------------------------


def test_buffer_wraps_bytearray_without_copy() -> None:
    raw = bytearray(8)
    buf = Buffer(raw, mutable=True)
    assert buf.length == 8 and buf.mutable
    buf.data[3] = 7
    assert raw[3] == 7


def test_buffer_wraps_numpy_array_without_copy() -> None:
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    buf = Buffer(arr, mutable=True)
    assert buf.length == 24 and buf.data.dtype == np.uint8 and buf.data.shape == (24,)
    buf.map(4, 4, 4, write=True).view(np.float32)[0] = 42.0
    assert arr[0, 1] == 42.0


def test_read_only_buffer_data_is_not_writeable() -> None:
    raw = bytearray(4)
    buf = Buffer(raw, mutable=False)
    assert not buf.data.flags.writeable
    with pytest.raises(ValueError):
        buf.data[0] = 1
    assert raw == bytearray(4)


def test_bytes_are_read_only_sources() -> None:
    assert Buffer(b"abc", mutable=False).data.tobytes() == b"abc"
    with _status("INVALID_ARGUMENT", "read-only memory as a mutable buffer"):
        Buffer(b"abc", mutable=True)
    frozen = np.zeros(4, np.uint8)
    frozen.flags.writeable = False
    with _status("INVALID_ARGUMENT", "read-only"):
        Buffer(frozen, mutable=True)


def test_non_contiguous_and_non_buffer_sources_are_refused() -> None:
    with _status("INVALID_ARGUMENT", "non-contiguous"):
        Buffer(np.zeros((4, 4), np.float32)[:, 1], mutable=False)
    with _status("INVALID_ARGUMENT", "cannot wrap int"):
        Buffer(5, mutable=False)


def test_empty_buffer() -> None:
    buf = Buffer(b"", mutable=False)
    assert buf.length == 0
    assert buf.map(0, 0, 1, write=False).shape == (0,)
    with _status("OUT_OF_RANGE", "out-of-bounds"):
        buf.map(0, 1, 1, write=False)


@pytest.mark.parametrize("alignment", [1, 16, 64])
def test_allocate_is_zeroed_mutable_and_aligned(alignment: int) -> None:
    buf = Buffer.allocate(10, alignment)
    assert buf.length == 10 and buf.mutable
    assert not buf.data.any()
    assert buf.data.ctypes.data % alignment == 0


def test_allocate_rejects_bad_arguments() -> None:
    with _status("INVALID_ARGUMENT", "power of two"):
        Buffer.allocate(4, 3)
    with _status("INVALID_ARGUMENT", "non-negative"):
        Buffer.allocate(-1)


# --- Buffer: mapping -----------------------------------------------------------------------


def test_map_rounds_offset_and_length_down_to_alignment() -> None:
    buf = Buffer(bytearray(range(16)), mutable=False)
    view = buf.map(5, 7, 4, write=False)
    assert view.tolist() == [4, 5, 6, 7]


def test_map_out_of_range_message_matches_iree() -> None:
    buf = Buffer(bytearray(16), mutable=False)
    with _status(
        "OUT_OF_RANGE",
        r"^out-of-bounds access detected \(offset=12, length=8, alignment=4, "
        r"buffer length=16\)$",
    ):
        buf.map(12, 8, 4, write=False)


def test_map_write_needs_mutable_buffer() -> None:
    buf = Buffer(bytearray(8), mutable=False)
    assert buf.map(0, 8, 1, write=False).shape == (8,)
    with _status("PERMISSION_DENIED", "^buffer is read-only and cannot be mapped for mutation$"):
        buf.map(0, 4, 1, write=True)


def test_map_write_view_is_writeable_read_view_of_read_only_buffer_is_not() -> None:
    assert Buffer(bytearray(8), mutable=True).map(0, 8, 1, write=True).flags.writeable
    assert not Buffer(bytearray(8), mutable=False).map(0, 8, 1, write=False).flags.writeable


def test_map_refuses_ranges_that_only_fit_by_wrapping_around() -> None:
    buf = Buffer(bytearray(16), mutable=False)
    # IREE's 64-bit end = offset + length wraps to 4 here; the view would start outside.
    with _status("OUT_OF_RANGE", "out-of-bounds"):
        buf.map(-4, 8, 4, write=False)
    # check_mapping reproduces IREE's (wrapping) arithmetic exactly.
    assert buf.check_mapping(-4, 8, 4, False) == (2**64 - 4, 8)


@given(
    length=st.integers(0, 64),
    offset=st.integers(-(2**64), 2**64),
    size=st.integers(-(2**64), 2**64),
    log_align=st.integers(0, 3),
)
def test_map_never_returns_bytes_outside_the_buffer(
    length: int, offset: int, size: int, log_align: int
) -> None:
    buf = Buffer(bytearray(range(length)), mutable=True)
    alignment = 1 << log_align
    start = (offset % 2**64) // alignment * alignment
    count = (size % 2**64) // alignment * alignment
    try:
        view = buf.map(offset, size, alignment, write=True)
    except StatusError as err:
        assert err.code == "OUT_OF_RANGE"
        assert start + count > length
    else:
        assert start + count <= length
        assert view.tolist() == list(range(start, start + count))


# --- List ----------------------------------------------------------------------------------


def test_list_push_get_set_size() -> None:
    lst = List("i32", capacity=4)
    assert lst.size == 0 and lst.capacity == 4
    lst.push(1)
    lst.push(2**31)  # wraps to i32
    assert lst.size == 2 and lst.get(1) == -(2**31)
    lst.set(0, -1)
    assert lst.get(0) == -1


def test_list_resize_fills_with_zero_or_null_and_truncates() -> None:
    ints = List("i64")
    ints.resize(3)
    assert [ints.get(i) for i in range(3)] == [0, 0, 0]
    ints.resize(1)
    assert ints.size == 1
    refs = List("buffer")
    refs.resize(2)
    assert refs.get(0) is None and refs.get(1) is None


def test_list_reserve_never_shrinks() -> None:
    lst = List("f64", capacity=8)
    lst.reserve(2)
    assert lst.capacity == 8
    with _status("INVALID_ARGUMENT", "non-negative"):
        lst.reserve(-1)


@pytest.mark.parametrize("index", [-1, 2, 100])
def test_list_index_out_of_range(index: int) -> None:
    lst = List("i32")
    lst.resize(2)
    with _status("OUT_OF_RANGE", rf"index {index} out of bounds \(2\)"):
        lst.get(index)
    with _status("OUT_OF_RANGE", "out of bounds"):
        lst.set(index, 0)


def test_list_value_conversions() -> None:
    f32 = List("f32")
    f32.push(0.1)
    assert f32.get(0) == float(np.float32(0.1)) and f32.get(0) != 0.1
    f32.push(1e300)
    assert f32.get(1) == math.inf
    i64 = List("i64")
    i64.push(2**63)
    assert i64.get(0) == -(2**63)


def test_list_type_mismatch_is_invalid_argument() -> None:
    with _status("INVALID_ARGUMENT", "must be an integer"):
        List("i32").push(1.5)
    with _status("INVALID_ARGUMENT", "must be a number"):
        List("f32").push("x")
    buffers = List("buffer")
    buffers.push(Buffer(b"x", mutable=False))
    buffers.push(None)
    with _status("INVALID_ARGUMENT", "ref type mismatch"):
        buffers.push(List("i32"))
    with _status("INVALID_ARGUMENT", "ref type mismatch"):
        buffers.push(3)
    with _status("INVALID_ARGUMENT", "unknown list element type"):
        List("i7")


def test_generic_ref_list_holds_any_ref() -> None:
    refs = List("ref")
    refs.push(Buffer(b"", mutable=False))
    refs.push(List("i32"))
    refs.push(None)
    assert refs.size == 3
    with _status("INVALID_ARGUMENT", "ref type mismatch"):
        refs.push(object())


def test_registered_ref_type() -> None:
    class Thing:
        pass

    register_ref_type("test.thing", Thing)
    things = List("test.thing")
    things.push(Thing())
    with _status("INVALID_ARGUMENT", "ref type mismatch"):
        things.push(Buffer(b"", mutable=False))
    with pytest.raises(ValueError):
        register_ref_type("i32", Thing)
