"""`ex.reduce` against a scalar reference (one `out = op(in, out)` step at a time in the
element type, as the VM's loop runs): strided 4-D regions, every axes mask, NaN and signed
zeros, integer wrap, every dtype, and the error cases.

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
       "arith.maxsi": max, "arith.minsi": min}  # fmt: skip
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
