"""`ex.conv` and `ex.pool` against scalar Python references.

The reference sums `in[n, g, y*sh + i*dh, x*sw + j*dw, c] * filter[g, i, j, c, f]` with
Python ints (wrapped to the output's width: exact) or Python floats (the kernel's BLAS order
differs, so floats compare within a tolerance relative to the sum of |products|). Hypothesis
draws the type pair, sizes with 0 and 1, conv strides and dilations, offsets and each
operand's layout (dimension order and padding: NHWC, NCHW, ... are all strides), with and
without ACCUMULATE. Errors: out-of-range regions, a read-only output, null refs, unknown
types or flags, bad strides/dilations and IREE's 32-bit overflow guard. `ex.pool` is checked
bit-exactly (NaN, infinities and signed zeros included) against one op per tap in order.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_conv import ACCUMULATE
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS, TYPES

MODULE = VMVXModule()
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DTYPES = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8}
DTYPES |= {"i16": np.int16, "i32": np.int32, "i64": np.int64}
PAIRS = [("f16", "f16"), ("f16", "f32"), ("f32", "f32"), ("f32", "f64"), ("f64", "f64")]
PAIRS += [("i8", "i32"), ("i8", "i8"), ("i16", "i32"), ("i32", "i32"), ("i64", "i64")]


def types(src: str, dst: str) -> int:
    return TYPES[src] | TYPES[dst] << 8


def wrap(value: int, dtype: np.dtype) -> int:
    bits = dtype.itemsize * 8
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


class Operand:
    """A strided 5-D region in its own buffer, its dimensions laid out in `order`, those
    in `broadcast` with stride 0 (`values` then equal along them)."""

    def __init__(self, shape: tuple[int, ...], dtype: np.dtype, order: tuple[int, ...],
                 pad: int, offset: int, values: np.ndarray,
                 broadcast: frozenset[int] = frozenset()) -> None:  # fmt: skip
        self.strides = [0] * len(shape)
        step = 1
        for dim in reversed(order):  # order[-1] is the innermost dimension
            if dim not in broadcast:
                self.strides[dim] = step
                step *= shape[dim] + pad
        span = sum((n - 1) * s for n, s in zip(shape, self.strides, strict=True)) + 1
        self.data = np.zeros(offset + max(span, 0) + 1, dtype)
        self.offset, self.shape = offset, shape
        if 0 not in shape:
            self.view()[...] = values

    def view(self) -> np.ndarray:
        size = self.data.itemsize
        return np.lib.stride_tricks.as_strided(
            self.data[self.offset :], self.shape, [s * size for s in self.strides]
        )

    def values(self) -> np.ndarray:
        if 0 in self.shape:
            return np.zeros(self.shape, self.data.dtype)
        return self.view().copy()

    def args(self, buffer: Buffer | None) -> list[object]:
        return [buffer, self.offset, *self.strides]


def reference(image: np.ndarray, weights: np.ndarray, old: np.ndarray, window: tuple[int, ...],
              accumulate: bool) -> np.ndarray:  # fmt: skip
    sh, sw, dh, dw = window
    g, kh, kw, c, f = weights.shape
    out = np.zeros(old.shape, old.dtype)
    integer = old.dtype.kind == "i"
    scalar = int if integer else float
    for index in itertools.product(*map(range, old.shape)):
        b, gi, y, x, fi = index
        total = scalar(old[index]) if accumulate else 0
        for i, j, ci in itertools.product(range(kh), range(kw), range(c)):
            a = image[b, gi, y * sh + i * dh, x * sw + j * dw, ci]
            total += scalar(a) * scalar(weights[gi, i, j, ci, fi])
        out[index] = wrap(total, old.dtype) if integer else total
    return out


def values(draw: st.DrawFn, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    count = int(np.prod(shape))
    if dtype.kind == "i":
        info = np.iinfo(dtype)
        low, high = (-3, 3) if draw(st.booleans()) else (int(info.min), int(info.max))
        items = draw(st.lists(st.integers(low, high), min_size=count, max_size=count))
    else:
        items = draw(st.lists(st.floats(-4, 4, width=16), min_size=count, max_size=count))
    return np.array(items, dtype).reshape(shape)


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    src, dst = draw(st.sampled_from(PAIRS))
    n, g, oh, ow, f, kh, kw, c = (draw(st.integers(0, 3)) for _ in range(8))
    window = tuple(draw(st.integers(1, 3)) for _ in range(4))
    sh, sw, dh, dw = window
    ih = (oh - 1) * sh + (kh - 1) * dh + 1 if oh and kh else 0
    iw = (ow - 1) * sw + (kw - 1) * dw + 1 if ow and kw else 0
    operands = []
    for shape, name, output in (
        ((n, g, ih, iw, c), src, False),
        ((g, kh, kw, c, f), src, False),
        ((n, g, oh, ow, f), dst, True),
    ):
        dtype = np.dtype(DTYPES[name])
        order = tuple(draw(st.permutations(range(5))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        # inputs may be broadcast (stride 0) along some dimensions
        broadcast = frozenset() if output else draw(st.frozensets(st.integers(0, 4)))
        drawn = values(draw, dtype, tuple(1 if d in broadcast else k for d, k in enumerate(shape)))
        data = np.broadcast_to(drawn, shape)
        operands.append(Operand(shape, dtype, order, pad, offset, data, broadcast))
    sizes = (n, g, oh, ow, f, kh, kw, c, *window)
    return src, dst, sizes, operands, draw(st.booleans())


def call(src: str, dst: str, flags: int, buffers: list[Buffer | None],
         operands: list[Operand], sizes: tuple[int, ...]) -> None:  # fmt: skip
    args: list[object] = [types(src, dst), flags]
    for buffer, operand in zip(buffers, operands, strict=True):
        args += operand.args(buffer)
    MODULE.call("ex.conv", *args, *sizes)


@SETTINGS
@given(cases())
def test_matches_reference(case: tuple) -> None:
    src, dst, sizes, operands, accumulate = case
    image, weights, out = operands
    old = out.values()
    before = out.data.copy()
    buffers: list[Buffer | None] = [Buffer(o.data, mutable=o is out) for o in operands]
    call(src, dst, ACCUMULATE if accumulate else 0, buffers, operands, sizes)
    expected = reference(image.values(), weights.values(), old, sizes[8:], accumulate)
    got = out.values()
    if got.dtype.kind == "f":
        products = np.abs(reference(np.abs(image.values()), np.abs(weights.values()),
                                    np.abs(old).astype(np.float64), sizes[8:], True))  # fmt: skip
        bound = 8 * np.finfo(got.dtype).eps * products
        assert np.all(np.abs(got.astype(np.float64) - expected) <= bound)
    else:
        assert np.array_equal(got, expected)
    if 0 not in out.shape:  # elements outside the output region are untouched
        out.view()[...] = 0
        out.data, after = before, out.data
        out.view()[...] = 0
        assert np.array_equal(before.view(np.uint8), after.view(np.uint8))


def test_layouts_and_wrapping() -> None:
    """NCHW/FCHW and NHWC/HWCF strides give the same result; i32 products wrap."""
    rng = np.random.default_rng(0)
    x = rng.integers(-(1 << 31), 1 << 31, (2, 3, 7, 6), dtype=np.int32)  # NCHW
    w = rng.integers(-(1 << 31), 1 << 31, (4, 3, 3, 2), dtype=np.int32)  # FCHW
    results = []
    for image, weights in (
        (x, w),
        (x.transpose(0, 2, 3, 1).copy(), w.transpose(2, 3, 1, 0).copy()),
    ):
        nchw = image is x
        xs = np.array(image.strides) // 4
        ws = np.array(weights.strides) // 4
        in_strides = [xs[0], 0, xs[2], xs[3], xs[1]] if nchw else [xs[0], 0, xs[1], xs[2], xs[3]]
        w_strides = [0, ws[2], ws[3], ws[1], ws[0]] if nchw else [0, ws[0], ws[1], ws[2], ws[3]]
        out = np.zeros((2, 1, 3, 4, 4), np.int32)
        MODULE.call(
            "ex.conv", types("i32", "i32"), 0,
            Buffer(image, mutable=False), 0, *in_strides,
            Buffer(weights, mutable=False), 0, *w_strides,
            Buffer(out, mutable=True), 0, *(np.array(out.strides) // 4),
            2, 1, 3, 4, 4, 3, 2, 3, 2, 1, 1, 2,
        )  # fmt: skip
        results.append(out)
    image = x.transpose(0, 2, 3, 1)[:, None]
    expected = reference(image, w.transpose(2, 3, 1, 0)[None], results[0], (2, 1, 1, 2), False)
    assert np.array_equal(results[0], expected) and np.array_equal(results[1], expected)


def _plain(out_mutable: bool = True, out_length: int = 4, **override: object) -> list[object]:
    """A 1x1x3x3 input, 2x2 filter, 2x2 output (all f32, ones), with `override`s."""
    args: dict[str, object] = {
        "types": types("f32", "f32"), "flags": 0,
        "in": Buffer(np.ones(9, np.float32), mutable=False), "in_offset": 0,
        "in_sn": 0, "in_sg": 0, "in_sh": 3, "in_sw": 1, "in_sc": 0,
        "filter": Buffer(np.ones(4, np.float32), mutable=False), "filter_offset": 0,
        "f_sg": 0, "f_skh": 2, "f_skw": 1, "f_sc": 0, "f_sf": 0,
        "out": Buffer(np.zeros(out_length, np.float32), mutable=out_mutable), "out_offset": 0,
        "out_sn": 0, "out_sg": 0, "out_sh": 2, "out_sw": 1, "out_sf": 0,
        "n": 1, "g": 1, "oh": 2, "ow": 2, "f": 1, "kh": 2, "kw": 2, "c": 1,
        "sh": 1, "sw": 1, "dh": 1, "dw": 1,
    }  # fmt: skip
    args.update(override)
    return list(args.values())


def test_plain_call() -> None:
    args = _plain()
    MODULE.call("ex.conv", *args)
    assert np.array_equal(args[16].data.view(np.float32), np.full(4, 4, np.float32))


@pytest.mark.parametrize(
    ("override", "code", "text"),
    [
        ({"types": TYPES["f32"] | TYPES["f16"] << 8}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"flags": 2}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"sh": 0}, "INVALID_ARGUMENT", "strides and dilations"),
        ({"dw": 1 << 32}, "INVALID_ARGUMENT", "strides and dilations"),
        ({"in_offset": 1}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"dh": 2}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"f_skw": 2}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"out_length": 3}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"out_mutable": False}, "PERMISSION_DENIED", "read-only"),
        ({"filter": None}, "INVALID_ARGUMENT", "ref is null"),
        ({"c": 1 << 32}, "INVALID_ARGUMENT", "buffer overflow for in"),
        ({"in_sw": -2}, "INVALID_ARGUMENT", "buffer overflow for in"),
    ],
)
def test_errors(override: dict[str, object], code: str, text: str) -> None:
    override = dict(override)
    buffer_options = {k: override.pop(k) for k in ("out_mutable", "out_length") if k in override}
    args = _plain(**buffer_options, **override)  # type: ignore[arg-type]
    before = args[16].data.copy()
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.conv", *args)
    assert err.value.code == code and text in str(err.value)
    assert np.array_equal(args[16].data, before)


def test_broadcast_input_is_bounded() -> None:
    """A huge channel count read through 0 strides is refused, not computed."""
    args = _plain()
    args[30] = (1 << 32) - 1  # c, whose strides are 0
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.conv", *args)
    assert err.value.code == "RESOURCE_EXHAUSTED"


# --- ex.pool ----------------------------------------------------------------------------


def _maximumf(a: float, b: float) -> float:
    if np.isnan(a) or np.isnan(b):
        return float("nan")
    if a == b:
        return a if not np.signbit(a) else b  # +0 above -0
    return max(a, b)


def _minimumf(a: float, b: float) -> float:
    if np.isnan(a) or np.isnan(b):
        return float("nan")
    if a == b:
        return a if np.signbit(a) else b  # -0 below +0
    return min(a, b)


POOL_FLOAT = {"arith.addf": lambda a, b: a + b, "arith.maximumf": _maximumf,
              "arith.minimumf": _minimumf}  # fmt: skip
POOL_INT = {"arith.addi": lambda a, b: a + b, "arith.maxsi": max, "arith.minsi": min}
POOL_UNSIGNED = {"arith.maxui": max, "arith.minui": min}


def pool_reference(
    name: str, image: np.ndarray, old: np.ndarray, window: tuple[int, ...]
) -> np.ndarray:
    """`out = op(out, in)` over the taps in order, one step at a time in the element type."""
    kh, kw, sh, sw, dh, dw = window
    dtype = old.dtype
    out = old.copy()
    for index in itertools.product(*map(range, old.shape)):
        b, ch, y, x = index
        total = out[index]
        for i, j in itertools.product(range(kh), range(kw)):
            value = image[b, ch, y * sh + i * dh, x * sw + j * dw]
            if name in POOL_FLOAT:
                total = dtype.type(POOL_FLOAT[name](dtype.type(total), dtype.type(value)))
            elif name in POOL_INT:
                total = wrap(POOL_INT[name](int(total), int(value)), dtype)
            else:
                bits = dtype.itemsize * 8
                pick = POOL_UNSIGNED[name]
                total = wrap(pick(int(total) % (1 << bits), int(value) % (1 << bits)), dtype)
        out[index] = total
    return out


@st.composite
def pool_cases(draw: st.DrawFn) -> tuple:
    floats = draw(st.booleans())
    names = sorted(POOL_FLOAT) if floats else sorted(POOL_INT | POOL_UNSIGNED)
    name = draw(st.sampled_from(names))
    src = draw(st.sampled_from(["f16", "f32", "f64"] if floats else ["i8", "i16", "i32", "i64"]))
    n, c, oh, ow, kh, kw = (draw(st.integers(0, 3)) for _ in range(6))
    window = tuple(draw(st.integers(1, 3)) for _ in range(4))
    sh, sw, dh, dw = window
    ih = (oh - 1) * sh + (kh - 1) * dh + 1 if oh and kh else 0
    iw = (ow - 1) * sw + (kw - 1) * dw + 1 if ow and kw else 0
    dtype = np.dtype(DTYPES[src])
    operands = []
    for shape in ((n, c, ih, iw), (n, c, oh, ow)):
        order = tuple(draw(st.permutations(range(4))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        if floats:
            count = int(np.prod(shape))
            special = st.sampled_from([0.0, -0.0, float("nan"), float("inf"), float("-inf")])
            items = draw(
                st.lists(special | st.floats(-4, 4, width=16), min_size=count, max_size=count)
            )
            data = np.array(items, dtype).reshape(shape)
        else:
            data = values(draw, dtype, shape)
        operands.append(Operand(shape, dtype, order, pad, offset, data))
    return name, src, (n, c, oh, ow, kh, kw, *window), operands


@SETTINGS
@given(pool_cases())
def test_pool_matches_reference(case: tuple) -> None:
    name, src, sizes, (image, out) = case
    old = out.values()
    args: list[object] = [OPS.index(name), types(src, src)]
    args += image.args(Buffer(image.data, mutable=False)) + out.args(Buffer(out.data, mutable=True))
    MODULE.call("ex.pool", *args, *sizes)
    with np.errstate(all="ignore"):
        expected = pool_reference(name, image.values(), old, sizes[4:])
    got = out.values()
    np.testing.assert_array_equal(got, expected)  # NaNs equal
    zeros = expected == 0
    assert np.array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))


@pytest.mark.parametrize(
    ("op", "pool_types", "code", "text"),
    [
        ("arith.mulf", types("f32", "f32"), "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addf", types("f32", "f64"), "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addi", types("f32", "f32"), "INVALID_ARGUMENT", "unhandled flags"),
    ],
)
def test_pool_errors(op: str, pool_types: int, code: str, text: str) -> None:
    image = Buffer(np.ones(9, np.float32), mutable=False)
    out = Buffer(np.zeros(4, np.float32), mutable=True)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.pool", OPS.index(op), pool_types, image, 0, 0, 0, 3, 1,
                    out, 0, 0, 0, 2, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1)  # fmt: skip
    assert err.value.code == code and text in str(err.value)


def test_pool_bounds() -> None:
    """The input window must lie in the buffer; a read-only output is refused."""
    image = Buffer(np.ones(9, np.float32), mutable=False)
    for out, dilation, code in (
        (Buffer(np.zeros(4, np.float32), mutable=True), 2, "OUT_OF_RANGE"),
        (Buffer(np.zeros(4, np.float32), mutable=False), 1, "PERMISSION_DENIED"),
    ):
        with pytest.raises(StatusError) as err:
            MODULE.call("ex.pool", OPS.index("arith.maximumf"), types("f32", "f32"),
                        image, 0, 0, 0, 3, 1, out, 0, 0, 0, 2, 1,
                        1, 1, 2, 2, 2, 2, 1, 1, dilation, 1)  # fmt: skip
        assert err.value.code == code
