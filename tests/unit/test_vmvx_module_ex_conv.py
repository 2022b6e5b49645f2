"""`ex.conv`, `ex.conv.3d`, `ex.pool` and `ex.pool.3d` against scalar Python references.

The reference sums `(in[n, g, o*s + k*d..., c] - in_zp) * (filter[g, k..., c, f] -
filter_zp)` with Python ints (wrapped to the output's width: exact) or Python floats (the
kernel's BLAS order differs, so floats compare within a tolerance relative to the sum of
|products|), for 2 (`ex.conv`) or 3 (`ex.conv.3d`, with zero points up to 2**40 for
integers) spatial dims. Hypothesis draws the type pair, sizes with 0 and 1, conv strides and
dilations, offsets and each operand's layout (dimension order and padding: NHWC, NCHW, ...
are all strides), with and without ACCUMULATE. Errors: out-of-range regions, a read-only
output, null refs, unknown types or flags, bad strides/dilations, IREE's 32-bit overflow
guard, nonzero zero points of a float convolution. `ex.pool`/`ex.pool.3d` are checked
bit-exactly (NaN, infinities and signed zeros included) against one op per tap in order,
the input of any type cast to the output's as MLIR's `cast_signed`/`cast_unsigned` (NaN and
out-of-range floats to integers included).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_conv import ACCUMULATE, UNSIGNED_CAST
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
              accumulate: bool, zero_points: tuple[int, int] = (0, 0)) -> np.ndarray:  # fmt: skip
    """`old (+)= sum (in - zero_points[0]) * (filter - zero_points[1])` over the taps, for any
    spatial rank (the filter is `(g, k..., c, f)`)."""
    spatial = weights.ndim - 3
    strides, dilations = window[:spatial], window[spatial:]
    kernel, c = weights.shape[1 : 1 + spatial], weights.shape[-2]
    out = np.zeros(old.shape, old.dtype)
    integer = old.dtype.kind == "i"
    scalar = int if integer else float
    in_zp, filter_zp = zero_points
    for index in itertools.product(*map(range, old.shape)):
        b, gi, *o, fi = index
        total = scalar(old[index]) if accumulate else 0
        for *k, ci in itertools.product(*map(range, kernel), range(c)):
            at = (y * s + i * d for y, i, s, d in zip(o, k, strides, dilations, strict=True))
            a = scalar(image[(b, gi, *at, ci)]) - in_zp
            total += a * (scalar(weights[(gi, *k, ci, fi)]) - filter_zp)
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


def span(out: int, kernel: int, stride: int, dilation: int) -> int:
    return (out - 1) * stride + (kernel - 1) * dilation + 1 if out and kernel else 0


ZERO_POINTS = st.integers(-3, 3) | st.integers(-(1 << 40), 1 << 40)


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    """`ex.conv` (2 spatial dims) or `ex.conv.3d` (3, with zero points for integers)."""
    spatial = draw(st.sampled_from([2, 3]))
    src, dst = draw(st.sampled_from(PAIRS))
    top = 3 if spatial == 2 else 2
    n, g, f, c = (draw(st.integers(0, top)) for _ in range(4))
    out = tuple(draw(st.integers(0, top)) for _ in range(spatial))
    kernel = tuple(draw(st.integers(0, top)) for _ in range(spatial))
    window = tuple(draw(st.integers(1, 3)) for _ in range(2 * spatial))
    spans = tuple(map(span, out, kernel, window[:spatial], window[spatial:]))
    rank = spatial + 3
    operands = []
    for shape, name, output in (
        ((n, g, *spans, c), src, False),
        ((g, *kernel, c, f), src, False),
        ((n, g, *out, f), dst, True),
    ):
        dtype = np.dtype(DTYPES[name])
        order = tuple(draw(st.permutations(range(rank))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        # inputs may be broadcast (stride 0) along some dimensions
        broadcast = frozenset() if output else draw(st.frozensets(st.integers(0, rank - 1)))
        drawn = values(draw, dtype, tuple(1 if d in broadcast else k for d, k in enumerate(shape)))
        data = np.broadcast_to(drawn, shape)
        operands.append(Operand(shape, dtype, order, pad, offset, data, broadcast))
    sizes = (n, g, *out, f, *kernel, c, *window)
    zero_points = (0, 0)
    if spatial == 3 and src.startswith("i"):
        zero_points = (draw(ZERO_POINTS), draw(ZERO_POINTS))
    return src, dst, sizes, operands, draw(st.booleans()), zero_points


def call(src: str, dst: str, flags: int, buffers: list[Buffer | None],
         operands: list[Operand], sizes: tuple[int, ...],
         zero_points: tuple[int, int] = (0, 0)) -> None:  # fmt: skip
    """`ex.conv` for 5-D operands, else `ex.conv.3d` with `zero_points`."""
    args: list[object] = [types(src, dst), flags]
    for buffer, operand in zip(buffers, operands, strict=True):
        args += operand.args(buffer)
    if len(operands[0].shape) == 5:
        MODULE.call("ex.conv", *args, *sizes)
    else:
        MODULE.call("ex.conv.3d", *args, *sizes, *zero_points)


@SETTINGS
@given(cases())
def test_matches_reference(case: tuple) -> None:
    src, dst, sizes, operands, accumulate, zero_points = case
    image, weights, out = operands
    window = sizes[-2 * (len(out.shape) - 3) :]
    old = out.values()
    before = out.data.copy()
    inputs = [image.data.copy(), weights.data.copy()]
    buffers: list[Buffer | None] = [Buffer(o.data, mutable=o is out) for o in operands]
    call(src, dst, ACCUMULATE if accumulate else 0, buffers, operands, sizes, zero_points)
    for data, operand in zip(inputs, (image, weights), strict=True):  # inputs untouched
        assert np.array_equal(data.view(np.uint8), operand.data.view(np.uint8))
    expected = reference(image.values(), weights.values(), old, window, accumulate, zero_points)
    got = out.values()
    if got.dtype.kind == "f":
        products = np.abs(reference(np.abs(image.values()), np.abs(weights.values()),
                                    np.abs(old).astype(np.float64), window, True))  # fmt: skip
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


def _plain_3d(dtype: type = np.int32, **override: object) -> list[object]:
    """`ex.conv.3d` of a 1x1x3x3x3 input and a 2x2x2 filter into a 2x2x2 output (ones),
    with `override`s."""
    args: dict[str, object] = {
        "types": types(*[np.dtype(dtype).name.replace("int", "i").replace("float", "f")] * 2),
        "flags": 0,
        "in": Buffer(np.ones(27, dtype), mutable=False), "in_offset": 0,
        "in_sn": 0, "in_sg": 0, "in_sd": 9, "in_sh": 3, "in_sw": 1, "in_sc": 0,
        "filter": Buffer(np.ones(8, dtype), mutable=False), "filter_offset": 0,
        "f_sg": 0, "f_skd": 4, "f_skh": 2, "f_skw": 1, "f_sc": 0, "f_sf": 0,
        "out": Buffer(np.zeros(8, dtype), mutable=True), "out_offset": 0,
        "out_sn": 0, "out_sg": 0, "out_sd": 4, "out_sh": 2, "out_sw": 1, "out_sf": 0,
        "n": 1, "g": 1, "od": 2, "oh": 2, "ow": 2, "f": 1, "kd": 2, "kh": 2, "kw": 2, "c": 1,
        "sd": 1, "sh": 1, "sw": 1, "dd": 1, "dh": 1, "dw": 1, "in_zp": 0, "filter_zp": 0,
    }  # fmt: skip
    args.update(override)
    return list(args.values())


def test_3d_plain_call_and_zero_points() -> None:
    """Eight taps of (1 - in_zp) * (1 - filter_zp); an i64 zero point given as its unsigned
    bit pattern is read as signed."""
    args = _plain_3d(in_zp=3, filter_zp=(1 << 64) - 2)  # -2
    MODULE.call("ex.conv.3d", *args)
    assert np.array_equal(args[18].data.view(np.int32), np.full(8, 8 * -2 * 3, np.int32))


@pytest.mark.parametrize(
    ("override", "code", "text"),
    [
        ({"in_zp": 1}, "INVALID_ARGUMENT", "zero points of a float convolution"),
        ({"sd": 0}, "INVALID_ARGUMENT", "strides and dilations"),
        ({"dd": 2}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"f_skd": 5}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"od": 3}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"kd": 1 << 32}, "INVALID_ARGUMENT", "buffer overflow for in"),
    ],
)
def test_3d_errors(override: dict[str, object], code: str, text: str) -> None:
    args = _plain_3d(np.float32, **override)
    before = args[18].data.copy()
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.conv.3d", *args)
    assert err.value.code == code and text in str(err.value)
    assert np.array_equal(args[18].data, before)


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


def cast(value: object, src: np.dtype, dst: np.dtype, unsigned: bool) -> object:
    """MLIR's `cast_signed` (`cast_unsigned`) of one element, NaN and out-of-range
    float-to-integer values (poison in MLIR) giving 0 and the nearest integer."""
    if src == dst:
        return value
    if src.kind == "i" and unsigned:
        value = int(value) % (1 << (8 * src.itemsize))
    if dst.kind == "f":
        holder = src if src.kind == "f" or not unsigned else np.uint64
        return np.array(value, holder).astype(dst)[()]
    if src.kind == "i":
        return wrap(int(value), dst)
    if np.isnan(value):
        return dst.type(0)
    bits = 8 * dst.itemsize
    low, high = (0, (1 << bits) - 1) if unsigned else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return wrap(min(max(int(value), low), high) if np.isfinite(value) else
                (high if value > 0 else low), dst)  # fmt: skip


def pool_reference(
    name: str, image: np.ndarray, old: np.ndarray, window: tuple[int, ...], unsigned: bool = False
) -> np.ndarray:
    """`out = op(out, cast(in))` over the taps in order, one step at a time in the output
    type, for any spatial rank (`window`: kernel sizes, strides, dilations)."""
    spatial = old.ndim - 2
    kernel, strides, dilations = (window[i * spatial : (i + 1) * spatial] for i in range(3))
    dtype = old.dtype
    out = old.copy()
    for index in itertools.product(*map(range, old.shape)):
        b, ch, *o = index
        total = out[index]
        for k in itertools.product(*map(range, kernel)):
            at = (y * s + i * d for y, i, s, d in zip(o, k, strides, dilations, strict=True))
            value = cast(image[(b, ch, *at)], image.dtype, dtype, unsigned)
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


def _drawn(draw: st.DrawFn, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    if dtype.kind == "i":
        return values(draw, dtype, shape)
    count = int(np.prod(shape))
    big = 6e4 if dtype.itemsize == 2 else 3e10  # out of every integer range but i64's
    special = st.sampled_from([0.0, -0.0, float("nan"), float("inf"), float("-inf"), big, -big])
    items = draw(st.lists(special | st.floats(-4, 4, width=16), min_size=count, max_size=count))
    return np.array(items, dtype).reshape(shape)


@st.composite
def pool_cases(draw: st.DrawFn) -> tuple:
    """`ex.pool` (2 spatial dims) or `ex.pool.3d`, the input of any type (cast to the
    output's as MLIR's `cast_signed` or `cast_unsigned`)."""
    spatial = draw(st.sampled_from([2, 3]))
    floats = draw(st.booleans())
    names = sorted(POOL_FLOAT) if floats else sorted(POOL_INT | POOL_UNSIGNED)
    name = draw(st.sampled_from(names))
    dst = draw(st.sampled_from(["f16", "f32", "f64"] if floats else ["i8", "i16", "i32", "i64"]))
    src = draw(st.sampled_from([dst, dst, *DTYPES]))
    unsigned = draw(st.booleans())
    top = 3 if spatial == 2 else 2
    n, c = (draw(st.integers(0, top)) for _ in range(2))
    out = tuple(draw(st.integers(0, top)) for _ in range(spatial))
    kernel = tuple(draw(st.integers(0, top)) for _ in range(spatial))
    steps = tuple(draw(st.integers(1, 3)) for _ in range(2 * spatial))
    spans = tuple(map(span, out, kernel, steps[:spatial], steps[spatial:]))
    operands = []
    for shape, code in (((n, c, *spans), src), ((n, c, *out), dst)):
        dtype = np.dtype(DTYPES[code])
        order = tuple(draw(st.permutations(range(2 + spatial))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        operands.append(Operand(shape, dtype, order, pad, offset, _drawn(draw, dtype, shape)))
    return name, (src, dst, unsigned), (n, c, *out, *kernel, *steps), operands


@SETTINGS
@given(pool_cases())
def test_pool_matches_reference(case: tuple) -> None:
    name, (src, dst, unsigned), sizes, (image, out) = case
    old = out.values()
    flags = types(src, dst) | (UNSIGNED_CAST if unsigned else 0)
    args: list[object] = [OPS.index(name), flags]
    args += image.args(Buffer(image.data, mutable=False)) + out.args(Buffer(out.data, mutable=True))
    MODULE.call("ex.pool" if len(out.shape) == 4 else "ex.pool.3d", *args, *sizes)
    with np.errstate(all="ignore"):
        expected = pool_reference(name, image.values(), old, sizes[2 + len(out.shape) - 2 :],
                                  unsigned)  # fmt: skip
    got = out.values()
    np.testing.assert_array_equal(got, expected)  # NaNs equal
    zeros = expected == 0
    assert np.array_equal(np.signbit(got[zeros]), np.signbit(expected[zeros]))


@pytest.mark.parametrize(
    ("op", "pool_types", "code", "text"),
    [
        ("arith.mulf", types("f32", "f32"), "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addf", types("f32", "f32") | 1 << 17, "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addf", TYPES["f32"] | 9 << 8, "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addi", types("f32", "f32"), "INVALID_ARGUMENT", "unhandled flags"),
        ("arith.addi", types("i32", "f32"), "INVALID_ARGUMENT", "unhandled flags"),
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


def test_pool_3d_bounds() -> None:
    """`ex.pool.3d` checks the depth of the input window too."""
    image = Buffer(np.ones(27, np.float32), mutable=False)
    out = Buffer(np.zeros(8, np.float32), mutable=True)
    for depth_dilation, code in ((1, None), (2, "OUT_OF_RANGE")):
        args = [OPS.index("arith.addf"), types("f32", "f32"),
                image, 0, 0, 0, 9, 3, 1, out, 0, 0, 0, 4, 2, 1,
                1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, depth_dilation, 1, 1]  # fmt: skip
        if code is None:
            MODULE.call("ex.pool.3d", *args)
            assert np.array_equal(out.data.view(np.float32), np.full(8, 8, np.float32))
            continue
        with pytest.raises(StatusError) as err:
            MODULE.call("ex.pool.3d", *args)
        assert err.value.code == code


@pytest.mark.parametrize(
    ("kernel_w", "dilation_w", "in_stride_w"), [((1 << 64) - 1, 1, 1), ((1 << 63) + 1, 2, 0)]
)
def test_pool_window_span_past_2_64_is_refused(
    kernel_w: int, dilation_w: int, in_stride_w: int
) -> None:
    """A window whose input span is 2**64 (or 2**64 + 1) does not wrap to an empty (or
    one-element) input region whose windows the kernel then walks (an OverflowError escaped
    when the output overlapping itself made it select a part of them): the span saturates
    and fails the input's size check (`crash-pool-window-span-wraps.bin` in the fuzz corpus)."""
    image = Buffer(np.ones(16, np.int32), mutable=False)
    out = Buffer(np.zeros(2, np.int32), mutable=True)
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.pool", OPS.index("arith.maxsi"), types("i32", "i32"),
                    image, 0, 0, 0, 4, in_stride_w, out, 0, 0, 0, 1, 0,
                    1, 1, 1, 2, 1, kernel_w, 1, 1, 1, dilation_w)  # fmt: skip
    assert err.value.code == "INVALID_ARGUMENT" and "buffer overflow for in" in str(err.value)
    assert not out.data.any()


# --- ex.pool maximumf/minimumf, bit for bit ------------------------------------------------

BITS = {np.dtype(np.float16): np.uint16, np.dtype(np.float32): np.uint32}
BITS |= {np.dtype(np.float64): np.uint64}


def _specials(dtype: np.dtype) -> list[int]:
    """Bit patterns of `dtype`: ±0, ±inf, small values, and NaNs of both signs, quiet and
    signaling, with different payloads (two signaling ones would AND to +inf)."""
    bits = dtype.itemsize * 8
    mantissa = np.finfo(dtype).nmant
    sign, quiet = 1 << (bits - 1), 1 << (mantissa - 1)
    exponent = (sign - 1) ^ ((1 << mantissa) - 1)
    numbers = np.array([0.0, 1.0, -1.0, 2.5, np.inf], dtype).view(BITS[dtype])
    nans = [quiet, quiet | 1, quiet | 6, 1, 2, 5, quiet >> 1]
    return [int(b) | s for b in numbers for s in (0, sign)] + [
        exponent | payload | s for payload in nans for s in (0, sign)
    ]


def pool_bits_reference(
    name: str, image: np.ndarray, old: np.ndarray, window: tuple[int, ...]
) -> np.ndarray:
    """`out = op(out, extf(in))` over the taps in order, on bit patterns of the output type
    (`extf` as numpy's `astype`: a NaN keeps its sign and payload, f32's come out quiet)."""
    spatial = old.ndim - 2
    kernel, strides, dilations = (window[i * spatial : (i + 1) * spatial] for i in range(3))
    bits = BITS[old.dtype]
    with np.errstate(invalid="ignore"):  # widening a signaling NaN
        wide = image.astype(old.dtype).view(bits)
    out = old.view(bits).copy()
    for index in itertools.product(*map(range, old.shape)):
        b, ch, *o = index
        total = int(out[index])
        for k in itertools.product(*map(range, kernel)):
            at = (y * s + i * d for y, i, s, d in zip(o, k, strides, dilations, strict=True))
            tap = int(wide[(b, ch, *at)])
            total = ref.min_max_float_bits(total, tap, old.dtype, name == "arith.maximumf")
        out[index] = total
    return out


@st.composite
def bit_pool_cases(draw: st.DrawFn) -> tuple:
    """max/min `ex.pool` or `ex.pool.3d` of f16/f32/f64 (or a float widened to them), the
    input and the initial output drawn from a palette of special bit patterns (some examples
    without NaNs or zeros, some with many) and small floats."""
    spatial = draw(st.sampled_from([2, 3]))
    name = draw(st.sampled_from(["arith.maximumf", "arith.minimumf"]))
    dst = draw(st.sampled_from(["f16", "f32", "f64"]))
    narrower = {"f16": [], "f32": ["f16"], "f64": ["f16", "f32"]}[dst]
    src = draw(st.sampled_from([dst, dst, dst, *narrower]))
    top = 3 if spatial == 2 else 2
    n, c = (draw(st.integers(1, 2)) for _ in range(2))
    out = tuple(draw(st.integers(1, top)) for _ in range(spatial))
    kernel = tuple(draw(st.integers(0, top)) for _ in range(spatial))
    steps = tuple(draw(st.integers(1, 3)) for _ in range(2 * spatial))
    spans = tuple(map(span, out, kernel, steps[:spatial], steps[spatial:]))
    operands = []
    for shape, code in (((n, c, *spans), src), ((n, c, *out), dst)):
        dtype = np.dtype(DTYPES[code])
        palette = draw(st.lists(st.sampled_from(_specials(dtype)), max_size=5))
        count = int(np.prod(shape))
        small = st.floats(-2, 2, width=16).map(lambda v, t=dtype: int(np.array(v, t).view(BITS[t])))
        items = draw(st.lists(st.sampled_from(palette) | small if palette else small,
                              min_size=count, max_size=count))  # fmt: skip
        data = np.array(items, BITS[dtype]).view(dtype).reshape(shape)
        order = tuple(draw(st.permutations(range(2 + spatial))))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        operands.append(Operand(shape, dtype, order, pad, offset, data))
    return name, (src, dst), (n, c, *out, *kernel, *steps), operands


@SETTINGS
@given(bit_pool_cases())
def test_pool_max_min_bit_exact(case: tuple) -> None:
    """numpy's one-pass pick repaired at its NaNs and zeros gives the scalar op's every bit."""
    name, (src, dst), sizes, (image, out) = case
    old = out.values()
    args: list[object] = [OPS.index(name), types(src, dst)]
    args += image.args(Buffer(image.data, mutable=False)) + out.args(Buffer(out.data, mutable=True))
    MODULE.call("ex.pool" if len(out.shape) == 4 else "ex.pool.3d", *args, *sizes)
    expected = pool_bits_reference(name, image.values(), old, sizes[len(out.shape) :])
    got = out.values().view(BITS[old.dtype])
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(
    ("name", "dtype", "taps", "initial", "expected"),
    [  # one output, a 1×3 window: taps, initial output and result as bit patterns (f32)
        ("arith.maximumf", np.float32, [0x80000000, 0x00000000, 0x80000000], 0x80000000, 0),
        ("arith.maximumf", np.float32, [0x80000000] * 3, 0x80000000, 0x80000000),
        ("arith.minimumf", np.float32, [0x00000000, 0x80000000, 0x00000000], 0, 0x80000000),
        ("arith.minimumf", np.float32, [0x00000000] * 3, 0x00000000, 0x00000000),
        ("arith.maximumf", np.float32, [0x3F800000, 0xFFC00003, 0x7FC00005], 0, 0x7FC00005),
        ("arith.minimumf", np.float32, [0x7FC00001, 0x3F800000, 0xFFC00002], 0, 0xFFC00002),
        ("arith.maximumf", np.float32, [0x7F800001, 0xBF800000, 0x7F800002], 0, 0x7F800002),
        ("arith.maximumf", np.float16, [0x7E01, 0x8000, 0x7E02], 0x8000, 0x7E02),
        (
            "arith.minimumf",
            np.float64,
            [0xFFF8000000000001, 0, 0x7FF8000000000002],
            0,
            0x7FF8000000000002,
        ),
    ],  # fmt: skip
)
def test_pool_max_min_nan_and_zero_bits(
    name: str, dtype: type, taps: list[int], initial: int, expected: int
) -> None:
    """The signed zeros and NaN bits of the scalar op: a NaN tap replaces the running value,
    a NaN running value stays (two signaling NaNs give a NaN, never +inf)."""
    bits = BITS[np.dtype(dtype)]
    image = np.array(taps, bits).view(dtype)
    out = np.array([initial], bits).view(dtype)
    code = {np.float16: "f16", np.float32: "f32", np.float64: "f64"}[dtype]
    MODULE.call("ex.pool", OPS.index(name), types(code, code),
                Buffer(image, mutable=False), 0, 0, 0, 3, 1,
                Buffer(out, mutable=True), 0, 0, 0, 1, 1,
                1, 1, 1, 1, 1, 3, 1, 1, 1, 1)  # fmt: skip
    assert int(out.view(bits)[0]) == expected
