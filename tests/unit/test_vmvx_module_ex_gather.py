"""`ex.iota` and `ex.gather` against scalar references (one element at a time, as the VM's
loop runs).

Hypothesis draws every type, loop and source sizes with 0 and 1, offsets and each operand's
layout (dimension order, padding, 0 strides for broadcast index operands), indices anywhere
in range and values with NaN, infinities and signed zeros (compared bit for bit). The error
cases: out-of-range and negative indices (also of an empty source), unknown types and dims,
read-only outputs, regions outside their buffers, null refs and IREE's 32-bit size guard.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import TYPES
from tests.unit.test_vmvx_module_ex_conv import SETTINGS, Operand, types, wrap

MODULE = VMVXModule()
DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i1": np.uint8}
DTYPES |= {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
INTS = ["i8", "i16", "i32", "i64"]
SPECIAL = [0.0, -0.0, float("nan"), float("inf"), float("-inf"), 1.5, -2.25]


def _layout(draw: st.DrawFn, shape: tuple[int, ...], dtype: np.dtype, values: np.ndarray,
            broadcast: frozenset[int] = frozenset()) -> Operand:  # fmt: skip
    order = tuple(draw(st.permutations(range(len(shape)))))
    pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
    return Operand(shape, dtype, order, pad, offset, values, broadcast)


def _values(draw: st.DrawFn, name: str, shape: tuple[int, ...]) -> np.ndarray:
    count = int(np.prod(shape))
    if name in ("f16", "f32", "f64"):
        items = st.sampled_from(SPECIAL) | st.floats(-4, 4, width=16)
    elif name == "i1":
        items = st.integers(0, 1)
    else:
        info = np.iinfo(DTYPES[name])
        items = st.integers(int(info.min), int(info.max))
    drawn = draw(st.lists(items, min_size=count, max_size=count))
    return np.array(drawn, DTYPES[name]).reshape(shape)


# --- ex.iota ------------------------------------------------------------------------------


def iota_reference(shape: tuple[int, ...], dim: int, dtype: np.dtype) -> np.ndarray:
    out = np.zeros(shape, dtype)
    for index in itertools.product(*map(range, shape)):
        out[index] = wrap(index[dim], dtype)
    return out


@SETTINGS
@given(st.data())
def test_iota_matches_reference(data: st.DataObject) -> None:
    draw = data.draw
    name, dim = draw(st.sampled_from(INTS)), draw(st.integers(0, 3))
    dtype = np.dtype(DTYPES[name])
    sizes = tuple(draw(st.integers(0, 4)) for _ in range(4))
    out = _layout(draw, sizes, dtype, np.full(sizes, 7, dtype))
    MODULE.call("ex.iota", dim, TYPES[name], *out.args(Buffer(out.data, mutable=True)), *sizes)
    np.testing.assert_array_equal(out.values(), iota_reference(sizes, dim, dtype))


def test_iota_wraps_and_keeps_padding() -> None:
    """i8 indices wrap past 127; elements between rows are not written."""
    out = Operand((1, 1, 2, 300), np.dtype(np.int8), (0, 1, 2, 3), 1, 1,
                  np.zeros((1, 1, 2, 300)))  # fmt: skip
    MODULE.call("ex.iota", 3, TYPES["i8"], *out.args(Buffer(out.data, mutable=True)),
                1, 1, 2, 300)  # fmt: skip
    expected = np.arange(300).astype(np.int8)
    np.testing.assert_array_equal(out.values()[0, 0], [expected, expected])
    assert out.data[0] == 0 and out.data[301] == 0


@pytest.mark.parametrize(
    ("dim", "code", "mutable", "length", "sizes", "status"),
    [
        (4, TYPES["i64"], True, 8, (1, 1, 1, 8), "INVALID_ARGUMENT"),
        (-1, TYPES["i64"], True, 8, (1, 1, 1, 8), "INVALID_ARGUMENT"),
        (3, TYPES["f32"], True, 8, (1, 1, 1, 8), "INVALID_ARGUMENT"),
        (3, TYPES["i1"], True, 8, (1, 1, 1, 8), "INVALID_ARGUMENT"),
        (3, TYPES["i64"] | TYPES["i64"] << 8, True, 8, (1, 1, 1, 8), "INVALID_ARGUMENT"),
        (3, TYPES["i64"], False, 8, (1, 1, 1, 8), "PERMISSION_DENIED"),
        (3, TYPES["i64"], True, 7, (1, 1, 1, 8), "OUT_OF_RANGE"),
        (3, TYPES["i64"], True, 8, (1, 1, 1, 1 << 32), "INVALID_ARGUMENT"),
    ],
)
def test_iota_errors(dim: int, code: int, mutable: bool, length: int,
                     sizes: tuple[int, ...], status: str) -> None:  # fmt: skip
    out = Buffer(np.zeros(length, np.int64), mutable=mutable)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.iota", dim, code, out, 0, 0, 0, 0, 1, *sizes)
    assert err.value.code == status


def test_iota_self_overlapping_output() -> None:
    """An output read through stride 0 along `dim` keeps the last index, as the loop does."""
    out = np.zeros(1, np.int32)
    MODULE.call("ex.iota", 3, TYPES["i32"], Buffer(out, mutable=True), 0, 0, 0, 0, 0,
                1, 1, 1 << 20, 5)  # fmt: skip
    assert out[0] == 4


def test_iota_null_ref_and_empty() -> None:
    with pytest.raises(StatusError, match="ref is null"):
        MODULE.call("ex.iota", 0, TYPES["i64"], None, 0, 0, 0, 0, 1, 1, 1, 1, 4)
    MODULE.call("ex.iota", 0, TYPES["i64"], Buffer(np.zeros(0, np.int64), mutable=True),
                0, 0, 0, 0, 1, 1, 1, 1, 0)  # fmt: skip


# --- ex.gather ----------------------------------------------------------------------------


def gather_reference(source: np.ndarray, indices: list[np.ndarray],
                     sizes: tuple[int, ...]) -> np.ndarray:  # fmt: skip
    out = np.zeros(sizes, source.dtype)
    for index in itertools.product(*map(range, sizes)):
        out[index] = source[tuple(int(i[index]) for i in indices)]
    return out


def _bits(array: np.ndarray) -> np.ndarray:
    return array.view(np.dtype(f"u{array.dtype.itemsize}"))


@st.composite
def gathers(draw: st.DrawFn) -> tuple:
    name = draw(st.sampled_from(sorted(DTYPES)))
    dtype = np.dtype(DTYPES[name])
    source_sizes = tuple(draw(st.integers(1, 3)) for _ in range(4))
    source = _layout(draw, source_sizes, dtype, _values(draw, name, source_sizes))
    sizes = tuple(draw(st.integers(0, 3)) for _ in range(4))
    indices = []
    for n in source_sizes:
        line = draw(st.integers(0, 3))  # a progression along loop dim `line`, if it fits
        step = draw(st.sampled_from([-2, -1, 1, 2]))
        if draw(st.booleans()) and 0 < (sizes[line] - 1) * abs(step) < n:
            span = (sizes[line] - 1) * abs(step)
            start = draw(st.integers(span if step < 0 else 0, n - 1 if step < 0 else n - 1 - span))
            broadcast = frozenset(d for d in range(4) if d != line)
            shape = tuple(s if d == line else 1 for d, s in enumerate(sizes))
            drawn = start + step * np.arange(sizes[line])
        else:
            broadcast = frozenset(d for d in range(4) if draw(st.booleans()))
            shape = tuple(1 if d in broadcast else s for d, s in enumerate(sizes))
            count = int(np.prod(shape))
            drawn = draw(st.lists(st.integers(0, n - 1), min_size=count, max_size=count))
        values = np.broadcast_to(np.array(drawn, np.int64).reshape(shape), sizes)
        indices.append(_layout(draw, sizes, np.dtype(np.int64), values, broadcast))
    out = _layout(draw, sizes, dtype, np.zeros(sizes, dtype))
    return name, source, indices, out, sizes


def _gather_args(source: Operand, indices: list[Operand], out: Operand,
                 mutable: bool = True) -> list[object]:  # fmt: skip
    args = source.args(Buffer(source.data, mutable=False)) + list(source.shape)
    for index in indices:
        args += index.args(Buffer(index.data, mutable=False))
    return args + out.args(Buffer(out.data, mutable=mutable))


@SETTINGS
@given(gathers())
def test_gather_matches_reference(case: tuple) -> None:
    name, source, indices, out, sizes = case
    MODULE.call("ex.gather", types(name, name), *_gather_args(source, indices, out), *sizes)
    expected = gather_reference(source.values(), [i.values() for i in indices], sizes)
    np.testing.assert_array_equal(_bits(out.values()), _bits(expected))  # NaN payloads too


def _embedding(ids: list[int], rows: int = 5, out_mutable: bool = True,
               out_length: int | None = None) -> tuple[np.ndarray, list[object]]:  # fmt: skip
    """An embedding lookup out[i, j] = table[ids[i], j] of a rows x 3 f32 table: the
    table padded left to 4-D (a zero index), the column index a 1-D iota broadcast."""
    table = np.arange(rows * 3, dtype=np.float32).reshape(rows, 3)
    zero = Buffer(np.zeros(1, np.int64), mutable=False)
    column = Buffer(np.arange(3, dtype=np.int64), mutable=False)
    out = np.zeros(out_length if out_length is not None else len(ids) * 3, np.float32)
    args: list[object] = [Buffer(table, mutable=False), 0, 0, 0, 3, 1, 1, 1, rows, 3]
    args += [zero, 0, 0, 0, 0, 0] * 2
    args += [Buffer(np.array(ids, np.int64), mutable=False), 0, 0, 0, 1, 0]
    args += [column, 0, 0, 0, 0, 1]
    args += [Buffer(out, mutable=out_mutable), 0, 0, 0, 3, 1, 1, 1, len(ids), 3]
    return out, args


def test_gather_embedding() -> None:
    out, args = _embedding([4, 0, 0, 2])
    MODULE.call("ex.gather", types("f32", "f32"), *args)
    table = np.arange(15, dtype=np.float32).reshape(5, 3)
    np.testing.assert_array_equal(out.reshape(4, 3), table[[4, 0, 0, 2]])


def test_gather_negative_source_stride() -> None:
    """A reversed source view (offset at its end, stride -1) reads backwards."""
    data = np.arange(6, dtype=np.int32)
    index = np.array([0, 1, 5], np.int64)
    out = np.zeros(3, np.int32)
    zero = [Buffer(np.zeros(1, np.int64), mutable=False), 0, 0, 0, 0, 0]
    MODULE.call("ex.gather", types("i32", "i32"),
                Buffer(data, mutable=False), 5, 0, 0, 0, -1, 1, 1, 1, 6,
                *zero * 3, Buffer(index, mutable=False), 0, 0, 0, 0, 1,
                Buffer(out, mutable=True), 0, 0, 0, 0, 1, 1, 1, 1, 3)  # fmt: skip
    np.testing.assert_array_equal(out, [5, 4, 0])


@pytest.mark.parametrize(("ids", "bad"), [([1, 5], 5), ([1, -1], -1), ([-(1 << 63)], None)])
def test_gather_out_of_range_index(ids: list[int], bad: int | None) -> None:
    out, args = _embedding(ids)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.gather", types("f32", "f32"), *args)
    assert err.value.code == "OUT_OF_RANGE"
    assert "index2" in str(err.value) and (bad is None or f"value {bad} " in str(err.value))
    assert not out.any()  # nothing written


def test_gather_empty_source_and_empty_loop() -> None:
    """No index is in range of an empty source; an empty loop reads no index at all."""
    out, args = _embedding([0], rows=0)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.gather", types("f32", "f32"), *args)
    assert err.value.code == "OUT_OF_RANGE"
    out, args = _embedding([], rows=0)
    MODULE.call("ex.gather", types("f32", "f32"), *args)


@pytest.mark.parametrize(
    ("gather_types", "status", "text"),
    [
        (types("f32", "f64"), "INVALID_ARGUMENT", "unhandled flags"),
        (types("f32", "f32") | 1 << 16, "INVALID_ARGUMENT", "unhandled flags"),
        (0x7F | 0x7F << 8, "INVALID_ARGUMENT", "unhandled flags"),
        (0, "INVALID_ARGUMENT", "unhandled flags"),
    ],
)
def test_gather_bad_types(gather_types: int, status: str, text: str) -> None:
    _, args = _embedding([1])
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.gather", gather_types, *args)
    assert err.value.code == status and text in str(err.value)


@pytest.mark.parametrize(
    ("change", "status", "text"),
    [
        ("read_only_out", "PERMISSION_DENIED", ""),
        ("short_out", "OUT_OF_RANGE", ""),
        ("null_index", "INVALID_ARGUMENT", "ref is null"),
        ("short_source", "OUT_OF_RANGE", ""),
        ("huge_size", "INVALID_ARGUMENT", "buffer overflow for index0"),
        ("huge_source_size", "INVALID_ARGUMENT", "buffer overflow for source"),
    ],
)
def test_gather_bad_buffers(change: str, status: str, text: str) -> None:
    ids = [1, 2]
    out, args = _embedding(ids, out_mutable=change != "read_only_out",
                           out_length=5 if change == "short_out" else None)  # fmt: skip
    if change == "null_index":
        args[22] = None
    elif change == "short_source":
        args[8] = 6  # 6 rows of a 5-row table
    elif change == "huge_size":
        args[-2] = 1 << 32
    elif change == "huge_source_size":
        args[6] = 1 << 32
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.gather", types("f32", "f32"), *args)
    assert err.value.code == status and text in str(err.value)
    assert not out.any()


def test_gather_broadcast_loop_is_bounded() -> None:
    """A huge loop read and written through 0 strides computes only what survives."""
    source = Buffer(np.array([10, 20, 30], np.int16), mutable=False)
    index = Buffer(np.array([2], np.int64), mutable=False)
    zero = [Buffer(np.zeros(1, np.int64), mutable=False), 0, 0, 0, 0, 0]
    out = np.zeros(1, np.int16)
    MODULE.call("ex.gather", types("i16", "i16"), source, 0, 0, 0, 0, 1, 1, 1, 1, 3,
                *zero * 3, index, 0, 0, 0, 0, 0, Buffer(out, mutable=True), 0, 0, 0, 0, 0,
                1, 1, 1 << 20, (1 << 32) - 1)  # fmt: skip
    assert out[0] == 30


def test_gather_into_its_own_source() -> None:
    """An output overlapping the source gets the values the source held before the call."""
    data = np.arange(8, dtype=np.float32)
    ids = Buffer(np.array([3, 2, 1, 0], np.int64), mutable=False)
    column = Buffer(np.arange(2, dtype=np.int64), mutable=False)
    zero = [Buffer(np.zeros(1, np.int64), mutable=False), 0, 0, 0, 0, 0]
    buffer = Buffer(data, mutable=True)
    MODULE.call("ex.gather", types("f32", "f32"), buffer, 0, 0, 0, 2, 1, 1, 1, 4, 2,
                *zero * 2, ids, 0, 0, 0, 1, 0, column, 0, 0, 0, 0, 1,
                buffer, 0, 0, 0, 2, 1, 1, 1, 4, 2)  # fmt: skip
    np.testing.assert_array_equal(data, [6, 7, 4, 5, 2, 3, 0, 1])


@pytest.mark.parametrize("kind", ["reverse", "almost_reverse", "random", "out_of_range"])
def test_gather_long_index_arrays(kind: str) -> None:
    """Index arrays longer than the few values checked in Python: a progression (a slice),
    one broken at its last value (an `np.take`), random indices, one out of range."""
    n = 1000
    data = np.random.default_rng(5).standard_normal(n).astype(np.float64)
    index = {
        "reverse": np.arange(n - 1, -1, -1),
        "almost_reverse": np.concatenate([np.arange(n - 1, 0, -1), [7]]),
        "random": np.random.default_rng(6).integers(0, n, n),
        "out_of_range": np.concatenate([np.arange(n - 1), [n]]),
    }[kind].astype(np.int64)
    out = np.zeros(n, np.float64)
    zero = [Buffer(np.zeros(1, np.int64), mutable=False), 0, 0, 0, 0, 0]
    args = [Buffer(data, mutable=False), 0, 0, 0, 0, 1, 1, 1, 1, n, *zero * 3,
            Buffer(index, mutable=False), 0, 0, 0, 0, 1,
            Buffer(out, mutable=True), 0, 0, 0, 0, 1, 1, 1, 1, n]  # fmt: skip
    if kind == "out_of_range":
        with pytest.raises(StatusError, match=f"value {n} is out of range"):
            MODULE.call("ex.gather", types("f64", "f64"), *args)
        return
    MODULE.call("ex.gather", types("f64", "f64"), *args)
    np.testing.assert_array_equal(out, data[index])
