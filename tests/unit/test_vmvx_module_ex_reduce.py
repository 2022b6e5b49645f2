"""`ex.reduce` and `ex.argreduce` against scalar references (one `out = op(in, out)` step at
a time in the element type, as the VM's loop runs; for `ex.argreduce` torch-mlir's argmax
body): strided 4-D regions, every axes mask, NaN and signed zeros, ties, integer wrap, every
dtype (i1 for the bitwise ops), and the error cases.

Float sums and products draw values whose partial results are exact in every type, so they
are compared bit for bit too; `test_float_sum_tolerance` checks the documented bound on
arbitrary values."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS
from tests.unit.test_vmvx_module_ex_conv import (
    DTYPES,
    SETTINGS,
    Operand,
    _maximumf,
    _minimumf,
    types,
    values,
    wrap,
)

MODULE = VMVXModule()


def _maxnumf(later: float, acc: float) -> float:
    if np.isnan(later) or (not np.isnan(acc) and later == acc):
        return acc
    return later if np.isnan(acc) else max(later, acc)


def _minnumf(later: float, acc: float) -> float:
    if np.isnan(later) or (not np.isnan(acc) and later == acc):
        return acc
    return later if np.isnan(acc) else min(later, acc)


FLOAT = {"arith.addf": lambda a, b: a + b, "arith.mulf": lambda a, b: a * b,
         "arith.maximumf": _maximumf, "arith.minimumf": _minimumf,
         "arith.maxnumf": _maxnumf, "arith.minnumf": _minnumf}  # fmt: skip
INT = {"arith.addi": lambda a, b: a + b, "arith.muli": lambda a, b: a * b,
       "arith.maxsi": max, "arith.minsi": min, "arith.andi": lambda a, b: a & b,
       "arith.ori": lambda a, b: a | b, "arith.xori": lambda a, b: a ^ b}  # fmt: skip
UNSIGNED = {"arith.maxui": max, "arith.minui": min}


def reference(name: str, image: np.ndarray, old: np.ndarray, axes: int) -> np.ndarray:
    """`out = op(in, out)` over the reduced positions in row-major order."""
    dtype = old.dtype
    out = old.copy()
    bits = dtype.itemsize * 8
    for index in itertools.product(*map(range, image.shape)):
        target = tuple(0 if axes >> d & 1 else i for d, i in enumerate(index))
        acc, value = out[target], image[index]
        if name in FLOAT:
            with np.errstate(all="ignore"):
                out[target] = dtype.type(FLOAT[name](dtype.type(value), dtype.type(acc)))
        elif name in INT:
            out[target] = wrap(INT[name](int(value), int(acc)), dtype)
        else:
            pick = UNSIGNED[name](int(value) % (1 << bits), int(acc) % (1 << bits))
            out[target] = wrap(pick, dtype)
    return out


def _floats(draw: st.DrawFn, name: str, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    count = int(np.prod(shape))
    if name == "arith.addf":  # quarters: every partial sum exact
        items = st.integers(-16, 16).map(lambda k: k / 4) | st.just(-0.0)
    elif name == "arith.mulf":  # powers of two shrinking: every partial product exact
        items = st.sampled_from([1.0, -1.0, 0.5, -0.5, 0.0, -0.0])
    else:
        special = st.sampled_from([0.0, -0.0, float("nan"), float("inf"), float("-inf")])
        items = special | st.floats(-4, 4, width=16)
    drawn = draw(st.lists(items, min_size=count, max_size=count))
    return np.array(drawn, dtype).reshape(shape)


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    floats = draw(st.booleans())
    name = draw(st.sampled_from(sorted(FLOAT) if floats else sorted(INT | UNSIGNED)))
    src = draw(st.sampled_from(["f16", "f32", "f64"] if floats else ["i8", "i16", "i32", "i64"]))
    dtype = np.dtype(DTYPES[src])
    sizes = tuple(draw(st.integers(0, 3)) for _ in range(4))
    axes = draw(st.integers(0, 15))
    out_sizes = tuple(1 if axes >> d & 1 else n for d, n in enumerate(sizes))
    operands = []
    for shape in (sizes, out_sizes):
        order = tuple(draw(st.permutations(range(4))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        data = _floats(draw, name, dtype, shape) if floats else values(draw, dtype, shape)
        operands.append(Operand(shape, dtype, order, pad, offset, data))
    return name, src, axes, sizes, operands


def call(name: str, src: str, axes: int, image: Operand, out: Operand, sizes: tuple) -> None:
    args: list[object] = [OPS.index(name), types(src, src), axes]
    args += image.args(Buffer(image.data, mutable=False)) + out.args(Buffer(out.data, mutable=True))
    MODULE.call("ex.reduce", *args, *sizes)


@SETTINGS
@given(cases())
def test_matches_reference(case: tuple) -> None:
    name, src, axes, sizes, (image, out) = case
    old = out.values()
    call(name, src, axes, image, out, sizes)
    expected = reference(name, image.values(), old, axes)
    got = out.values()
    np.testing.assert_array_equal(got, expected)  # NaNs equal
    zeros = expected == 0
    assert np.array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))


def test_row_sum_and_wrap() -> None:
    """A 2-D row sum with a transposed input; i8 sums wrap."""
    rng = np.random.default_rng(0)
    data = rng.integers(-128, 128, (5, 7)).astype(np.int8)
    image = Operand((5, 1, 1, 7), np.dtype(np.int8), (3, 1, 2, 0), 0, 1,
                    data.reshape(5, 1, 1, 7))  # fmt: skip
    out = Operand((5, 1, 1, 1), np.dtype(np.int8), (0, 1, 2, 3), 1, 0, np.ones((5, 1, 1, 1)))
    call("arith.addi", "i8", 8, image, out, (5, 1, 1, 7))
    expected = (data.astype(np.int64).sum(axis=1) + 1).astype(np.int8)
    np.testing.assert_array_equal(out.values().reshape(5), expected)


def test_float_sum_tolerance() -> None:
    """Arbitrary f32 sums stay within `n * eps * sum(|x|)` of an exact sum."""
    rng = np.random.default_rng(1)
    data = rng.standard_normal((3, 1, 1, 1000)).astype(np.float32)
    image = Operand(data.shape, data.dtype, (0, 1, 2, 3), 0, 0, data)
    out = Operand((3, 1, 1, 1), data.dtype, (0, 1, 2, 3), 0, 0, np.full((3, 1, 1, 1), 0.5))
    call("arith.addf", "f32", 8, image, out, data.shape)
    exact = data.astype(np.float64).sum(axis=3).reshape(3) + 0.5
    bound = 1001 * np.finfo(np.float32).eps * (np.abs(data).sum(axis=3).reshape(3) + 0.5)
    assert np.all(np.abs(out.values().reshape(3) - exact) <= bound)


def _call_raw(op: str, reduce_types: int, axes: int, out: Buffer, in_stride: int = 1) -> None:
    image = Buffer(np.ones(8, np.float32), mutable=False)
    MODULE.call("ex.reduce", OPS.index(op), reduce_types, axes, image, 0, 0, 0, 4, in_stride,
                out, 0, 0, 0, 1, 0, 1, 1, 2, 4)  # fmt: skip


@pytest.mark.parametrize(
    ("op", "reduce_types", "axes"),
    [
        ("arith.subf", types("f32", "f32"), 8),
        ("arith.addf", types("f32", "f64"), 8),
        ("arith.addi", types("f32", "f32"), 8),
        ("arith.addi", types("i1", "i1"), 8),
        ("arith.addf", types("f32", "f32"), 16),
    ],
)
def test_errors(op: str, reduce_types: int, axes: int) -> None:
    with pytest.raises(StatusError) as err:
        _call_raw(op, reduce_types, axes, Buffer(np.zeros(2, np.float32), mutable=True))
    assert err.value.code == "INVALID_ARGUMENT" and "unhandled flags" in str(err.value)


def test_bounds() -> None:
    """The input region must lie in its buffer, the output region in a mutable one."""
    for out, in_stride, code in (
        (Buffer(np.zeros(2, np.float32), mutable=True), 2, "OUT_OF_RANGE"),
        (Buffer(np.zeros(1, np.float32), mutable=True), 1, "OUT_OF_RANGE"),
        (Buffer(np.zeros(2, np.float32), mutable=False), 1, "PERMISSION_DENIED"),
    ):
        with pytest.raises(StatusError) as err:
            _call_raw("arith.addf", types("f32", "f32"), 8, out, in_stride)
        assert err.value.code == code
    data = np.zeros(2, np.float32)
    _call_raw("arith.addf", types("f32", "f32"), 8, Buffer(data, mutable=True))
    np.testing.assert_array_equal(data, [4.0, 4.0])


def test_broadcast_input_is_bounded() -> None:
    """A huge reduction read through 0 strides is refused, not computed."""
    image = Buffer(np.ones(1, np.float32), mutable=False)
    out = Buffer(np.zeros(1, np.float32), mutable=True)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.reduce", OPS.index("arith.addf"), types("f32", "f32"), 15,
                    image, 0, 0, 0, 0, 0, out, 0, 0, 0, 0, 0,
                    1, 1, 1 << 20, (1 << 32) - 1)  # fmt: skip
    assert err.value.code == "RESOURCE_EXHAUSTED"


def test_self_overlapping_output() -> None:
    """An output position read through stride 0 keeps the last position's result."""
    data = np.arange(6, dtype=np.int32)
    out = np.array([100], np.int32)
    MODULE.call("ex.reduce", OPS.index("arith.addi"), types("i32", "i32"), 8,
                Buffer(data, mutable=False), 0, 0, 0, 3, 1,
                Buffer(out, mutable=True), 0, 0, 0, 0, 0, 1, 1, 2, 3)  # fmt: skip
    assert out[0] == 100 + 3 + 4 + 5


@SETTINGS
@given(st.data())
def test_i1_bitwise_matches_reference(data: st.DataObject) -> None:
    """andi/ori/xori on i1 (one byte each, bit 0 read; the result 0 or 1)."""
    name = data.draw(st.sampled_from(["arith.andi", "arith.ori", "arith.xori"]))
    sizes = tuple(data.draw(st.integers(0, 3)) for _ in range(4))
    axes = data.draw(st.integers(0, 15))
    out_sizes = tuple(1 if axes >> d & 1 else n for d, n in enumerate(sizes))
    items = st.integers(0, 1) | st.integers(0, 255)  # bytes other than 0/1 read bit 0
    operands = []
    for shape in (sizes, out_sizes):
        count = int(np.prod(shape))
        drawn = np.array(data.draw(st.lists(items, min_size=count, max_size=count)), np.uint8)
        order = tuple(data.draw(st.permutations(range(4))))
        operands.append(Operand(shape, np.dtype(np.uint8), order, 1, 2, drawn.reshape(shape)))
    image, out = operands
    old = out.values()
    call(name, "i1", axes, image, out, sizes)
    expected = old & 1 if 0 not in sizes else old
    for index in itertools.product(*map(range, sizes)):
        target = tuple(0 if axes >> d & 1 else i for d, i in enumerate(index))
        expected[target] = INT[name](int(image.values()[index]) & 1, int(expected[target]))
    np.testing.assert_array_equal(out.values(), expected)


# --- ex.argreduce ---------------------------------------------------------------------------

ARG = {"arith.maximumf": (_maximumf, True), "arith.minimumf": (_minimumf, False),
       "arith.maxsi": (max, True), "arith.minsi": (min, False),
       "arith.maxui": (max, True), "arith.minui": (min, False)}  # fmt: skip
"""Each `ex.argreduce` op: its scalar pick and whether the index moves on greater values."""


def arg_reference(
    name: str, image: np.ndarray, value: np.ndarray, index: np.ndarray, axis: int
) -> tuple[np.ndarray, np.ndarray]:
    """torch-mlir's argmax/argmin body over `axis`, one position at a time in row-major
    order: `index = r if better(in, value)`, then `value = op(in, value)`."""
    value, index = value.copy(), index.copy()
    pick, greater = ARG[name]
    bits = image.dtype.itemsize * 8
    if name.endswith("ui"):
        read = lambda v: int(v) % (1 << bits)  # noqa: E731
    else:
        read = (lambda v: v) if image.dtype.kind == "f" else int  # noqa: E731
    for position in itertools.product(*map(range, image.shape)):
        target = tuple(0 if d == axis else i for d, i in enumerate(position))
        x, acc = read(image[position]), read(value[target])
        with np.errstate(all="ignore"):
            if (x > acc) if greater else (x < acc):  # False if either is NaN
                index[target] = wrap(position[axis], index.dtype)
            if image.dtype.kind == "f":
                value[target] = image.dtype.type(pick(image.dtype.type(x), image.dtype.type(acc)))
            else:
                value[target] = wrap(pick(x, acc), image.dtype)
    return value, index


def _tied(draw: st.DrawFn, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    """Values with many ties (and NaN, infinities and signed zeros for floats)."""
    count = int(np.prod(shape))
    if dtype.kind == "f":
        items = st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.0, float("nan"), float("inf"),
                                 float("-inf")])  # fmt: skip
        return np.array(draw(st.lists(items, min_size=count, max_size=count)), dtype).reshape(shape)
    if draw(st.booleans()):
        return values(draw, dtype, shape)
    info = np.iinfo(dtype)
    items = st.sampled_from([0, 1, -1, 2, int(info.min), int(info.max)])
    return np.array(draw(st.lists(items, min_size=count, max_size=count)), dtype).reshape(shape)


@st.composite
def arg_cases(draw: st.DrawFn) -> tuple:
    name = draw(st.sampled_from(sorted(ARG)))
    floats = name.endswith("mumf")
    src = draw(st.sampled_from(["f16", "f32", "f64"] if floats else ["i8", "i16", "i32", "i64"]))
    index_type = draw(st.sampled_from(["i32", "i64"]))
    sizes = tuple(draw(st.integers(0, 3)) for _ in range(3)) + (draw(st.integers(0, 6)),)
    axis = draw(st.integers(0, 3))
    out_sizes = tuple(1 if d == axis else n for d, n in enumerate(sizes))
    operands = []
    for shape, dtype in ((sizes, DTYPES[src]), (out_sizes, DTYPES[src]),
                         (out_sizes, DTYPES[index_type])):  # fmt: skip
        order = tuple(draw(st.permutations(range(4))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        data = _tied(draw, np.dtype(dtype), shape)
        operands.append(Operand(shape, np.dtype(dtype), order, pad, offset, data))
    return name, src, index_type, axis, sizes, operands


def arg_call(name: str, src: str, index_type: str, axis: int, operands: list[Operand],
             sizes: tuple) -> None:  # fmt: skip
    image, value, index = operands
    args: list[object] = [OPS.index(name), types(src, index_type), axis]
    args += image.args(Buffer(image.data, mutable=False))
    args += value.args(Buffer(value.data, mutable=True))
    args += index.args(Buffer(index.data, mutable=True))
    MODULE.call("ex.argreduce", *args, *sizes)


@SETTINGS
@given(arg_cases())
def test_argreduce_matches_reference(case: tuple) -> None:
    name, src, index_type, axis, sizes, operands = case
    image, value, index = operands
    expected = arg_reference(name, image.values(), value.values(), index.values(), axis)
    arg_call(name, src, index_type, axis, operands, sizes)
    got = (value.values(), index.values())
    for have, want in zip(got, expected, strict=True):
        np.testing.assert_array_equal(have, want)  # NaNs equal
    zeros = expected[0] == 0
    assert np.array_equal(np.signbit(got[0][zeros]), np.signbit(expected[0][zeros]))


def test_argmax_torch_semantics() -> None:
    """torch.argmax's first index of the max; a NaN stops the index (the body's ordered
    compare) while the value becomes NaN; -inf rows keep the initial index 0."""
    x = np.array([[1, 5, 5, 2], [np.nan, 3, 4, 1], [1, 7, np.nan, 9], [-np.inf] * 4], np.float32)
    value = Operand((4, 1, 1, 1), np.dtype(np.float32), (0, 1, 2, 3), 0, 0,
                    np.full((4, 1, 1, 1), -np.inf))  # fmt: skip
    index = Operand((4, 1, 1, 1), np.dtype(np.int64), (0, 1, 2, 3), 0, 1,
                    np.zeros((4, 1, 1, 1)))  # fmt: skip
    image = Operand((4, 1, 1, 4), np.dtype(np.float32), (0, 1, 2, 3), 0, 0, x.reshape(4, 1, 1, 4))
    arg_call("arith.maximumf", "f32", "i64", 3, [image, value, index], (4, 1, 1, 4))
    np.testing.assert_array_equal(value.values().reshape(4), [5, np.nan, np.nan, -np.inf])
    np.testing.assert_array_equal(index.values().reshape(4), [1, 0, 1, 0])


def _arg_raw(op: str, arg_types: int, axis: int, index: Buffer | None = None,
             stride: int = 1) -> None:  # fmt: skip
    image = Buffer(np.ones(8, np.float32), mutable=False)
    value = Buffer(np.zeros(2, np.float32), mutable=True)
    index = Buffer(np.zeros(2, np.int64), mutable=True) if index is None else index
    MODULE.call("ex.argreduce", OPS.index(op), arg_types, axis, image, 0, 0, 0, 4, 1,
                value, 0, 0, 0, 1, 0, index, 0, 0, 0, stride, 0, 1, 1, 2, 4)  # fmt: skip


@pytest.mark.parametrize(
    ("op", "arg_types", "axis"),
    [
        ("arith.addf", types("f32", "i64"), 3),
        ("arith.maxnumf", types("f32", "i64"), 3),
        ("arith.maximumf", types("f32", "i16"), 3),
        ("arith.maximumf", types("f32", "f32"), 3),
        ("arith.maximumf", types("i32", "i64"), 3),
        ("arith.maxsi", types("i1", "i64"), 3),
        ("arith.maximumf", types("f32", "i64") | 1 << 16, 3),
        ("arith.maximumf", types("f32", "i64"), 4),
        ("arith.maximumf", types("f32", "i64"), -1),
    ],
)
def test_argreduce_errors(op: str, arg_types: int, axis: int) -> None:
    with pytest.raises(StatusError) as err:
        _arg_raw(op, arg_types, axis)
    assert err.value.code == "INVALID_ARGUMENT" and "unhandled flags" in str(err.value)


def test_argreduce_bounds() -> None:
    """Every output region must lie in its buffer, mutable; nothing is written otherwise."""
    for index, stride, code in (
        (Buffer(np.zeros(1, np.int64), mutable=True), 1, "OUT_OF_RANGE"),
        (Buffer(np.zeros(2, np.int64), mutable=True), 2, "OUT_OF_RANGE"),
        (Buffer(np.zeros(2, np.int64), mutable=False), 1, "PERMISSION_DENIED"),
        (Buffer(np.zeros(3, np.int32), mutable=True), 1, "OUT_OF_RANGE"),  # 12 bytes, not 2 i64
    ):
        with pytest.raises(StatusError) as err:
            _arg_raw("arith.maximumf", types("f32", "i64"), 3, index, stride)
        assert err.value.code == code
    data = np.full(2, 7, np.int64)
    _arg_raw("arith.maximumf", types("f32", "i64"), 3, Buffer(data, mutable=True))
    np.testing.assert_array_equal(data, [0, 0])  # 1.0 > 0.0 first at position 0


def test_argreduce_self_overlapping_index() -> None:
    """An index output read through stride 0 keeps the last row's result."""
    x = np.array([[3, 1, 2], [1, 2, 9]], np.int32)
    value = np.zeros(2, np.int32)
    index = np.array([-1], np.int64)
    MODULE.call("ex.argreduce", OPS.index("arith.maxsi"), types("i32", "i64"), 3,
                Buffer(x, mutable=False), 0, 0, 0, 3, 1, Buffer(value, mutable=True), 0, 0, 0, 1, 0,
                Buffer(index, mutable=True), 0, 0, 0, 0, 0, 1, 1, 2, 3)  # fmt: skip
    np.testing.assert_array_equal(value, [3, 9])
    assert index[0] == 2


def test_argreduce_refused_after_the_index_leaves_it_unchanged() -> None:
    """A value output whose own work bound refuses the call (it overlaps itself without 0
    strides: 512 x 512 writes) leaves the index as it was, though the index (stride 0: one
    write) was stored first (`crash-argreduce-value-work-after-index.bin` in the fuzz corpus)."""
    index = np.array([7], np.int64)
    value = np.zeros(1024, np.int8)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.argreduce", OPS.index("arith.maxsi"), types("i8", "i64"), 3,
                    Buffer(np.ones(1, np.int8), mutable=False), 0, 0, 0, 0, 1,
                    Buffer(value, mutable=True), 0, 0, 1, 1, 0,
                    Buffer(index, mutable=True), 0, 0, 0, 0, 0, 1, 512, 512, 1)  # fmt: skip
    assert err.value.code == "RESOURCE_EXHAUSTED" and "value needs" in str(err.value)
    assert index[0] == 7 and not value.any()


def test_argreduce_negative_and_zero_strides() -> None:
    """A row read backwards (negative stride, offset at its end) and a broadcast row
    (stride 0 on the kept dim): positions count in the logical order."""
    data = np.array([4, 9, 1, 9, 2], np.float64)
    value = np.full(2, -np.inf)
    index = np.zeros(2, np.int32)
    MODULE.call("ex.argreduce", OPS.index("arith.maximumf"), types("f64", "i32"), 3,
                Buffer(data, mutable=False), 4, 0, 0, 0, -1,
                Buffer(value, mutable=True), 0, 0, 0, 1, 0,
                Buffer(index, mutable=True), 0, 0, 0, 1, 0, 1, 1, 2, 5)  # fmt: skip
    np.testing.assert_array_equal(value, [9, 9])
    np.testing.assert_array_equal(index, [1, 1])  # [2, 9, 1, 9, 4]: the first 9
    with pytest.raises(StatusError) as err:  # backwards past the buffer's start
        MODULE.call("ex.argreduce", OPS.index("arith.maximumf"), types("f64", "i32"), 3,
                    Buffer(data, mutable=False), 3, 0, 0, 0, -1,
                    Buffer(value, mutable=True), 0, 0, 0, 1, 0,
                    Buffer(index, mutable=True), 0, 0, 0, 1, 0, 1, 1, 2, 5)  # fmt: skip
    assert err.value.code == "OUT_OF_RANGE"
