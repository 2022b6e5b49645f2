"""`ex.matmul` against a scalar Python reference.

The reference sums `lhs[b, i, l] * rhs[b, l, j]` with Python ints (sign-extended, wrapped to
the output's width: exact) or Python floats (f64; the kernel's BLAS order differs, so floats
compare within a tolerance relative to the sum of |products|, and f16 outputs to f16's
precision). Hypothesis draws the type pair, sizes with 0 and 1 (and non-multiples of any
tile), offsets, and each operand's layout (dimension order, so transposed operands, and
padding), with and without ACCUMULATE. Errors: out-of-range regions, a read-only output,
null refs, unknown types or flags, and IREE's 32-bit overflow guard.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, StatusError, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import TYPES
from pyvmvx.runtime.modules.vmvx_ex_matmul import ACCUMULATE

MODULE = VMVXModule()
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DTYPES = {
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
    "i8": np.int8,
    "i16": np.int16,
    "i32": np.int32,
    "i64": np.int64,
}
PAIRS = [
    (src, dst)
    for src, dst in itertools.product(DTYPES, DTYPES)
    if src[0] == dst[0] and np.dtype(DTYPES[src]).itemsize <= np.dtype(DTYPES[dst]).itemsize
]


def types(src: str, dst: str) -> int:
    return TYPES[src] | TYPES[dst] << 8


def wrap(value: int, dtype: np.dtype) -> int:
    bits = dtype.itemsize * 8
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


class Operand:
    """A strided 3-D region in its own buffer: offset, strides (elements) and the array."""

    def __init__(
        self,
        shape: tuple[int, ...],
        dtype: np.dtype,
        order: tuple[int, ...],
        pad: int,
        offset: int,
        values: np.ndarray,
    ) -> None:
        strides = [0, 0, 0]
        step = 1
        for dim in reversed(order):  # order[-1] is the innermost dimension
            strides[dim] = step
            step *= shape[dim] + pad
        span = sum((n - 1) * s for n, s in zip(shape, strides, strict=True)) + 1
        self.data = np.zeros(offset + max(span, 0) + 1, dtype)
        self.offset, self.strides, self.shape = offset, strides, shape
        view = self.view()
        if view is not None:
            view[...] = values

    def view(self) -> np.ndarray | None:
        if 0 in self.shape:
            return None
        size = self.data.itemsize
        return np.lib.stride_tricks.as_strided(
            self.data[self.offset :], self.shape, [s * size for s in self.strides]
        )

    def values(self) -> np.ndarray:
        view = self.view()
        return np.zeros(self.shape, self.data.dtype) if view is None else view.copy()

    def args(self, buffer: Buffer) -> list[object]:
        return [buffer, self.offset, *self.strides]


def reference(lhs: np.ndarray, rhs: np.ndarray, old: np.ndarray, accumulate: bool) -> np.ndarray:
    batch, m, k = lhs.shape
    n = rhs.shape[2]
    out = np.zeros((batch, m, n), old.dtype)
    integer = old.dtype.kind == "i"
    for b, i, j in itertools.product(range(batch), range(m), range(n)):
        total = (int(old[b, i, j]) if integer else float(old[b, i, j])) if accumulate else 0
        for l in range(k):  # noqa: E741
            a, c = lhs[b, i, l], rhs[b, l, j]
            total += int(a) * int(c) if integer else float(a) * float(c)
        out[b, i, j] = wrap(total, old.dtype) if integer else total
    return out


def magnitudes(lhs: np.ndarray, rhs: np.ndarray, old: np.ndarray) -> np.ndarray:
    products = (
        np.abs(lhs.astype(np.float64))[..., :, :, None]
        * np.abs(rhs.astype(np.float64))[..., None, :, :]
    )
    return products.sum(axis=-2) + np.abs(old.astype(np.float64))


def values(draw: st.DrawFn, dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    count = int(np.prod(shape))
    if dtype.kind == "i":
        info = np.iinfo(dtype)
        small = draw(st.booleans())
        low, high = (-3, 3) if small else (int(info.min), int(info.max))
        items = draw(st.lists(st.integers(low, high), min_size=count, max_size=count))
    else:
        items = draw(st.lists(st.floats(-4, 4, width=16), min_size=count, max_size=count))
    return np.array(items, dtype).reshape(shape)


@st.composite
def cases(draw: st.DrawFn) -> tuple:
    src, dst = draw(st.sampled_from(PAIRS))
    batch = draw(st.integers(0, 3))
    m, n, k = (draw(st.integers(0, 6)) for _ in range(3))
    operands = []
    for shape, dtype in (
        ((batch, m, k), DTYPES[src]),
        ((batch, k, n), DTYPES[src]),
        ((batch, m, n), DTYPES[dst]),
    ):
        order = draw(st.permutations((0, 1, 2)))
        pad, offset = draw(st.integers(0, 2)), draw(st.integers(0, 3))
        dtype = np.dtype(dtype)
        operands.append(
            Operand(shape, dtype, tuple(order), pad, offset, values(draw, dtype, shape))
        )
    return src, dst, (batch, m, n, k), operands, draw(st.booleans())


def call(
    src: str,
    dst: str,
    flags: int,
    buffers: list[Buffer],
    operands: list[Operand],
    sizes: tuple[int, ...],
) -> None:
    args: list[object] = [types(src, dst), flags]
    for buffer, operand in zip(buffers, operands, strict=True):
        args += operand.args(buffer)
    MODULE.call("ex.matmul", *args, *sizes)


@SETTINGS
@given(cases())
def test_matches_reference(case: tuple) -> None:
    src, dst, sizes, operands, accumulate = case
    lhs, rhs, out = operands
    old = out.values()
    before = out.data.copy()
    buffers = [Buffer(o.data, mutable=o is out) for o in operands]
    call(src, dst, ACCUMULATE if accumulate else 0, buffers, operands, sizes)
    expected = reference(lhs.values(), rhs.values(), old, accumulate)
    got = out.values()
    if DTYPES[dst] in (np.float16, np.float32, np.float64):
        eps = np.finfo(DTYPES[dst]).eps
        bound = 4 * eps * magnitudes(lhs.values(), rhs.values(), old) * max(sizes[3], 1)
        assert np.all(np.abs(got.astype(np.float64) - expected.astype(np.float64)) <= bound)
    else:
        assert np.array_equal(got, expected)
    after = out.data.copy()
    for data in (before, after):  # elements outside the output region are untouched
        region = Operand(out.shape, data.dtype, (0, 1, 2), 0, 0, np.zeros(out.shape, data.dtype))
        region.data, region.offset = data, out.offset
        region.strides = out.strides
        view = region.view()
        if view is not None:
            view[...] = 0
    assert np.array_equal(before.view(np.uint8), after.view(np.uint8))


def test_integer_wraps_and_every_path() -> None:
    rng = np.random.default_rng(0)
    for dtype, k, high in (
        (np.int8, 1500, 128),  # f64 path (K > 1024)
        (np.int8, 64, 128),  # f32 path
        (np.int32, 7, 1 << 31),  # unsigned wrapping path
        (np.int32, 7, 100),  # small values: float path
        (np.int64, 5, 1 << 63),
    ):
        lhs = rng.integers(-high, high, (1, 3, k), dtype=dtype)
        rhs = rng.integers(-high, high, (1, k, 4), dtype=dtype)
        out_type = np.int32 if dtype == np.int8 else dtype
        out = np.full((1, 3, 4), 7, out_type)
        src = {np.int8: "i8", np.int32: "i32", np.int64: "i64"}[dtype]
        dst = {np.int32: "i32", np.int64: "i64"}[out_type]
        MODULE.call(
            "ex.matmul", types(src, dst), ACCUMULATE,
            Buffer(lhs, mutable=False), 0, 0, k, 1,
            Buffer(rhs, mutable=False), 0, 0, 4, 1,
            Buffer(out, mutable=True), 0, 0, 4, 1,
            1, 3, 4, k,
        )  # fmt: skip
        expected = reference(lhs, rhs, np.full((1, 3, 4), 7, out_type), True)
        assert np.array_equal(out, expected), dtype


def _plain(out_mutable: bool = True, out_length: int = 4, **override: object) -> list[object]:
    lhs = Buffer(np.ones(4, np.float32), mutable=False)
    rhs = Buffer(np.ones(4, np.float32), mutable=False)
    out = Buffer(np.zeros(out_length, np.float32), mutable=out_mutable)
    args: dict[str, object] = {
        "types": types("f32", "f32"), "flags": 0,
        "lhs": lhs, "lhs_offset": 0, "lhs_sb": 0, "lhs_sm": 2, "lhs_sk": 1,
        "rhs": rhs, "rhs_offset": 0, "rhs_sb": 0, "rhs_sk": 2, "rhs_sn": 1,
        "out": out, "out_offset": 0, "out_sb": 0, "out_sm": 2, "out_sn": 1,
        "batch": 1, "m": 2, "n": 2, "k": 2,
    }  # fmt: skip
    args.update(override)
    return list(args.values())


def test_plain_call() -> None:
    args = _plain()
    MODULE.call("ex.matmul", *args)
    assert np.array_equal(args[12].data.view(np.float32), np.full(4, 2, np.float32))


@pytest.mark.parametrize(
    ("override", "code", "text"),
    [
        ({"types": TYPES["f32"] | TYPES["f16"] << 8}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["i32"] | TYPES["f32"] << 8}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"types": TYPES["i1"] | TYPES["i1"] << 8}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"flags": 2}, "INVALID_ARGUMENT", "unhandled flags"),
        ({"lhs_offset": 1}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"rhs_sk": 3}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"out_length": 3}, "OUT_OF_RANGE", "out-of-bounds"),
        ({"out_mutable": False}, "PERMISSION_DENIED", "read-only"),
        ({"lhs": None}, "INVALID_ARGUMENT", "ref is null"),
        ({"k": 1 << 32}, "INVALID_ARGUMENT", "buffer overflow for lhs"),
        ({"out_sm": -2}, "INVALID_ARGUMENT", "buffer overflow for out"),
    ],
)
def test_errors(override: dict[str, object], code: str, text: str) -> None:
    override = dict(override)
    buffer_options = {k: override.pop(k) for k in ("out_mutable", "out_length") if k in override}
    args = _plain(**buffer_options, **override)  # type: ignore[arg-type]
    before = args[12].data.copy()
    with pytest.raises(StatusError) as err:
        MODULE.call("ex.matmul", *args)
    assert err.value.code == code and text in str(err.value)
    assert np.array_equal(args[12].data, before)


def test_self_overlapping_output_keeps_last_write() -> None:
    lhs = np.arange(6, dtype=np.float32).reshape(3, 2)
    rhs = np.ones((2, 1), np.float32)
    out = np.zeros(1, np.float32)
    MODULE.call(
        "ex.matmul", types("f32", "f32"), 0,
        Buffer(lhs, mutable=False), 0, 0, 2, 1,
        Buffer(rhs, mutable=False), 0, 0, 1, 1,
        Buffer(out, mutable=True), 0, 0, 0, 1,
        1, 3, 1, 2,
    )  # fmt: skip
    assert out[0] == 9.0  # row 2 (4 + 5) is written last


@pytest.mark.parametrize("accumulate", [False, True])
def test_output_aliasing_an_input_reads_the_inputs_before_the_call(accumulate: bool) -> None:
    data = np.arange(1, 10, dtype=np.float32).reshape(3, 3)
    rhs = np.full((3, 3), 2, np.float32)
    before = data.copy()
    buffer = Buffer(data, mutable=True)
    MODULE.call(
        "ex.matmul", types("f32", "f32"), ACCUMULATE if accumulate else 0,
        buffer, 0, 0, 3, 1,
        Buffer(rhs, mutable=False), 0, 0, 3, 1,
        buffer, 0, 0, 3, 1,
        1, 3, 3, 3,
    )  # fmt: skip
    np.testing.assert_array_equal(data, before @ rhs + (before if accumulate else 0))


@SETTINGS
@given(st.data())
def test_bf16_inputs(data: st.DataObject) -> None:
    """bf16 operands (any bits of magnitude in [2**-31, 2**17), or zeros: no product leaves
    f32's normal range) are exactly f32 values: the f32/f64 product of those, strided and
    transposed like the other types; bf16 to a 16-bit float is refused."""
    dst = data.draw(st.sampled_from(["f32", "f64"]))
    m, n, k = (data.draw(st.integers(0, 5)) for _ in range(3))
    finite = st.sampled_from([0, 0x8000]) | st.builds(
        lambda sign, exponent, mantissa: sign << 15 | exponent << 7 | mantissa,
        st.integers(0, 1),
        st.integers(0x60, 0x8F),
        st.integers(0, 0x7F),
    )
    operands = []
    for shape in ((1, m, k), (1, k, n)):
        bits = data.draw(st.lists(finite, min_size=m * k if shape[2] == k else k * n))
        bits = (bits + [0] * (shape[1] * shape[2]))[: shape[1] * shape[2]]
        order = data.draw(st.permutations((0, 1, 2)))
        array = np.array(bits, np.uint16).reshape(shape)
        operands.append(Operand(shape, np.dtype(np.uint16), tuple(order), 0, 1, array))
    out = Operand((1, m, n), np.dtype(DTYPES[dst]), (0, 1, 2), 0, 0, np.zeros((1, m, n)))
    buffers = [Buffer(o.data, mutable=False) for o in operands] + [Buffer(out.data, mutable=True)]
    args: list[object] = [TYPES["bf16"] | TYPES[dst] << 8, 0]
    for buffer, operand in zip(buffers, [*operands, out], strict=True):
        args += operand.args(buffer)
    MODULE.call("ex.matmul", *args, 1, m, n, k)
    lhs, rhs = ((o.values().astype(np.uint32) << 16).view(np.float32) for o in operands)
    expected = reference(lhs, rhs, np.zeros((1, m, n)), False)
    zero = np.zeros((1, m, n))
    bound = 4 * np.finfo(DTYPES[dst]).eps * magnitudes(lhs, rhs, zero) * max(k, 1)
    assert np.all(np.abs(out.values().astype(np.float64) - expected) <= bound)
    args[0] = TYPES["bf16"] | TYPES["f16"] << 8
    with pytest.raises(StatusError, match="unhandled flags"):
        MODULE.call("ex.matmul", *args, 1, m, n, k)
