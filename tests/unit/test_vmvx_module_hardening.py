"""Hostile arguments against every `vmvx` export: refused or run inside the buffers, never worse.

Every buffer is the middle of a larger array with guard bytes on both sides. Integer arguments
are drawn around 2**31, 2**32, 2**63 and 2**64, as signed values and as the unsigned bit
patterns the VM's i64 registers hold, and offsets are often chosen so that IREE's wrapping
64-bit bound check passes. Whatever the call, it raises a `StatusError` having written nothing,
or succeeds having written nothing outside its buffers; no crash, no other exception, and no
work beyond what the buffers' sizes bound (self-overlapping outputs of logical size 2**32).
Object, structured, string and datetime memory is not accepted as a buffer at all.
"""

from __future__ import annotations

import array
import ctypes
from dataclasses import dataclass, field
from datetime import timedelta

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vmvx_harness import MODULE, Arg, Operand, check_export, run_reference

from pyvmvx.runtime import Buffer, StatusError

GUARD = 32  # guard bytes on each side of a buffer
GUARD_BYTE = 0xA5
U64 = (1 << 64) - 1

HOSTILE = settings(
    max_examples=250,
    deadline=timedelta(seconds=10),  # bounded work: no example may take long
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass(eq=False)
class Guarded:
    """A buffer of `length` bytes in the middle of a guarded backing array."""

    length: int
    mutable: bool
    backing: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.backing = np.full(self.length + 2 * GUARD, GUARD_BYTE, np.uint8)
        self.backing[GUARD : GUARD + self.length] = np.arange(self.length, dtype=np.uint8) * 7

    def buffer(self) -> Buffer:
        return Buffer(self.backing[GUARD : GUARD + self.length], mutable=self.mutable)


# Boundary values: small, around 2**31, 2**32, 2**62, 2**63 and 2**64 (as signed values and as
# unsigned bit patterns), and just outside the accepted i64 range.
SPECIALS = sorted(
    {
        *range(-2, 9), 15, 16, 17,
        *(b + d for b in (1 << 31, 1 << 32, 1 << 62, 1 << 63) for d in (-2, -1, 0, 1)),
        *(-(1 << p) + d for p in (31, 32, 63) for d in (0, 1)),
        U64, U64 - 1, (1 << 64) - (1 << 31), 1 << 64, -(1 << 63) - 1,
    }
)  # fmt: skip
i64s = st.one_of(st.sampled_from(SPECIALS), st.integers(-(1 << 63), U64))


def _mostly(common: st.SearchStrategy[int], rare: st.SearchStrategy[int]) -> st.SearchStrategy[int]:
    """`common` 19 times in 20, else `rare`."""
    return st.sampled_from([common] * 19 + [rare]).flatmap(lambda strategy: strategy)


# Sizes and strides mostly pass IREE's 32-bit guard (sizes below 2**32, strides -1 to 2**32 - 2)
# so that calls reach the kernels; tile sizes may be huge, so that row lengths (products of
# sizes) wrap modulo 2**64.
HUGE_SIZES = [
    1 << 30, (1 << 30) + 1, (1 << 31) - 1, 1 << 31, (1 << 31) + 1, (1 << 32) - 2, (1 << 32) - 1
]  # fmt: skip
HUGE_STRIDES = [1 << 30, (1 << 31) - 1, 1 << 31, (1 << 32) - 2, U64]
sizes_ = _mostly(st.one_of(st.integers(0, 5), st.sampled_from(HUGE_SIZES)), i64s)
strides_ = _mostly(st.one_of(st.integers(-1, 5), st.sampled_from(HUGE_STRIDES)), i64s)
tiles_ = _mostly(
    st.one_of(st.integers(0, 4), st.sampled_from([*HUGE_SIZES, 1 << 62, 1 << 63, U64])), i64s
)
i32s = st.integers(-(1 << 31), (1 << 32) - 1)
tiles32 = _mostly(
    st.integers(0, 4),
    st.one_of(st.sampled_from([1 << 16, 1 << 30, (1 << 31) - 1, 1 << 31, U64 >> 32]), i32s),
)
buffer_lengths = st.sampled_from([0, 3, 16, 256, 4096, 4096])


def strides_for(esize: int, size: int) -> st.SearchStrategy[int]:
    """A stride for a dimension of `size`: any, or (if IREE's guard allows one) the smallest
    that makes `(size - 1) * stride * esize` a multiple of 2**64, so that IREE's bound wraps."""
    steps = (size - 1) & U64
    if not steps:
        return strides_
    power = (steps & -steps).bit_length() - 1 + esize.bit_length() - 1
    wrapping = 1 << max(64 - power, 0)
    return strides_ if wrapping >= (1 << 32) - 1 else st.one_of(strides_, st.just(wrapping))


def _iree_length(sizes: tuple[int, int], strides: tuple[int, int]) -> int:
    """IREE's element count `(size0-1)*stride0 + (size1-1)*stride1 + 1`, modulo 2**64."""
    (size0, size1), (stride0, stride1) = sizes, strides
    return ((size0 - 1) * stride0 + (size1 - 1) * stride1 + 1) & U64


def _signed(value: int) -> int:
    return ((value + (1 << 63)) & U64) - (1 << 63)


@st.composite
def offsets(draw: st.DrawFn, esize: int, sizes: tuple[int, int], strides: tuple[int, int]) -> int:
    """A hostile offset; or one that makes IREE's wrapping byte range `(offset + length) *
    esize` land inside; or one that puts the region's real lowest element a few elements into
    the buffer."""
    choice = draw(st.sampled_from(["hostile", "wrapping", "wrapping", "fitting"]))
    start = draw(st.integers(0, 4))
    if choice == "hostile":
        return draw(i64s)
    if choice == "wrapping":
        wrapped = (start - _iree_length(sizes, strides)) % ((1 << 64) // esize)
        return _signed(wrapped) if draw(st.booleans()) else wrapped
    reach = (
        max(_signed(n) - 1, 0) * min(_signed(s), 0) for n, s in zip(sizes, strides, strict=True)
    )
    return start - sum(reach)


@dataclass
class Call:
    """An export call: its arguments, with `Guarded` standing for buffers."""

    name: str
    args: list[object]

    def guarded(self) -> list[Guarded]:
        return list({id(a): a for a in self.args if isinstance(a, Guarded)}.values())


class Operands:
    """Draws the buffers of one call; a later operand may reuse an earlier buffer (aliasing)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw
        self.made: list[Guarded] = []

    def __call__(
        self, esize: int, sizes: tuple[int, int], strides: tuple[int, int], *, write: bool = False
    ) -> tuple[Guarded, int]:
        draw = self.draw
        if self.made and draw(st.integers(0, 3)) == 0:
            buffer = draw(st.sampled_from(self.made))
            buffer.mutable |= write
        else:
            buffer = Guarded(draw(buffer_lengths), write or draw(st.booleans()))
            self.made.append(buffer)
        return buffer, draw(offsets(esize, sizes, strides))


STRIDED_2D = {
    **dict.fromkeys([*ref.BINARY_OPS, *ref.UNARY_OPS], 4),
    **ref.COPY_ELEMENT_SIZES,
}


@st.composite
def strided_2d_calls(draw: st.DrawFn) -> Call:
    name = draw(st.sampled_from(sorted(STRIDED_2D)))
    count = 3 if name in ref.BINARY_OPS else 2
    sizes = (draw(sizes_), draw(sizes_))
    operand = Operands(draw)
    args: list[object] = []
    for index in range(count):
        esize = STRIDED_2D[name]
        strides = (draw(strides_for(esize, sizes[0])), draw(strides_for(esize, sizes[1])))
        buffer, offset = operand(esize, sizes, strides, write=index == count - 1)
        args += [buffer, offset, *strides]
    return Call(name, [*args, *sizes])


@st.composite
def fill_calls(draw: st.DrawFn) -> Call:
    sizes = (draw(sizes_), draw(sizes_))
    stride = draw(strides_for(4, sizes[0]))
    buffer, offset = Operands(draw)(4, sizes, (stride, 1), write=True)
    return Call("fill.2d.x32", [draw(i32s), buffer, offset, stride, *sizes])


@st.composite
def mmt4d_calls(draw: st.DrawFn) -> Call:
    flags = draw(st.sampled_from([1, 2, 0x101, 0x102, 0x8000_0101, 3]))
    m, n, k = draw(sizes_), draw(sizes_), draw(tiles_)
    m0, n0, k0 = draw(tiles32), draw(tiles32), draw(tiles32)
    operand = Operands(draw)
    args: list[object] = []
    in_size = 1 if flags & 0xFF == ref.MMT4D_S8S8S32 else 4
    for rows, tile, write in ((m, m0 * k0, False), (n, n0 * k0, False), (m, None, True)):
        esize = 4 if write else in_size
        stride = draw(strides_for(esize, rows))
        row = (n * m0 * n0) if tile is None else k * tile
        buffer, offset = operand(esize, (rows, row & U64), (stride, 1), write=write)
        args += [buffer, offset, stride]
    return Call("mmt4d", [*args, m, n, k, m0, n0, k0, flags])


@st.composite
def pack_calls(draw: st.DrawFn) -> Call:
    flags = draw(st.sampled_from([1, 2, 3, 0x101, 0x203, 0x302, 4]))
    in_sizes = (draw(sizes_), draw(sizes_))
    out_sizes = [draw(sizes_), *(draw(tiles_) for _ in range(3))]
    operand = Operands(draw)
    esize = 1 if flags & 0xFF == ref.PACK_I8I8 else 4
    in_strides = (draw(strides_for(esize, in_sizes[0])), draw(strides_for(esize, in_sizes[1])))
    out_strides = (draw(strides_for(esize, out_sizes[0])), draw(strides_))
    source, in_offset = operand(esize, in_sizes, in_strides)
    row = (out_sizes[1] * out_sizes[2] * out_sizes[3]) & U64
    target, out_offset = operand(esize, (out_sizes[0], row), (out_strides[0], 1), write=True)
    return Call(
        "pack",
        [source, in_offset, *in_strides, target, out_offset, *out_strides,
         *in_sizes, *out_sizes, draw(i64s), flags],
    )  # fmt: skip


@st.composite
def unpack_calls(draw: st.DrawFn) -> Call:
    flags = draw(st.sampled_from([1, 3, 0x101, 0x203, 0x301, 2]))
    in_sizes = [draw(sizes_), *(draw(tiles_) for _ in range(3))]
    out_sizes = (draw(sizes_), draw(sizes_))
    operand = Operands(draw)
    in_strides = (draw(strides_for(4, in_sizes[0])), draw(strides_))
    out_strides = (draw(strides_for(4, out_sizes[0])), draw(strides_for(4, out_sizes[1])))
    row = (in_sizes[1] * in_sizes[2] * in_sizes[3]) & U64
    source, in_offset = operand(4, (in_sizes[0], row), (in_strides[0], 1))
    target, out_offset = operand(4, out_sizes, out_strides, write=True)
    return Call(
        "unpack",
        [source, in_offset, *in_strides, target, out_offset, *out_strides,
         *in_sizes, *out_sizes, flags],
    )  # fmt: skip


def run_guarded(call: Call) -> StatusError | None:
    """Runs `call`; asserts the guards survived and a refused call wrote nothing."""
    guarded = call.guarded()
    before = [g.backing.copy() for g in guarded]
    buffers = {id(g): g.buffer() for g in guarded}
    args = [buffers[id(a)] if isinstance(a, Guarded) else a for a in call.args]
    error = None
    try:
        MODULE.call(call.name, *args)
    except StatusError as err:
        error = err
    for g, old in zip(guarded, before, strict=True):
        assert (g.backing[:GUARD] == GUARD_BYTE).all(), f"{call}: wrote before a buffer"
        assert (g.backing[GUARD + g.length :] == GUARD_BYTE).all(), f"{call}: wrote after one"
        if error is not None:
            assert (g.backing == old).all(), f"{call}: refused ({error!r}) but wrote"
    return error


FAMILIES = {
    "strided-2d": strided_2d_calls(),
    "fill": fill_calls(),
    "mmt4d": mmt4d_calls(),
    "pack": pack_calls(),
    "unpack": unpack_calls(),
}


@pytest.mark.parametrize("family", sorted(FAMILIES))
@HOSTILE
@given(data=st.data())
def test_hostile_arguments_are_refused_or_stay_inside_the_buffers(
    family: str, data: st.DataObject
) -> None:
    run_guarded(data.draw(FAMILIES[family]))


# ---------------------------------------------------------------------------------------------
# The attack: strides and sizes whose IREE bound wraps modulo 2**64 to a few bytes
# ---------------------------------------------------------------------------------------------

S, N = 1 << 31, (1 << 31) + 1  # ((N-1)*S + 1) * 4 wraps to 4 bytes (and * 8 to 8)


def _attack(name: str) -> list[object]:
    a, b, c = (Guarded(64, True) for _ in range(3))
    if name == "fill.2d.x32":
        return [7, a, 0, S, N, 1]
    if name == "mmt4d":  # M = N rows 2**31 apart in lhs and out
        return [a, 0, S, b, 0, 1, c, 0, S, N, 1, 1, 1, 1, 1, ref.MMT4D_F32F32F32]
    if name == "pack":
        return [a, 0, S, 1, b, 0, S, 1, N, 1, N, 1, 1, 1, 0, ref.PACK_F32F32]
    if name == "unpack":
        return [a, 0, S, 1, b, 0, S, 1, N, 1, 1, 1, N, 1, ref.PACK_F32F32]
    operands = [a, b, c] if name in ref.BINARY_OPS else [a, b]
    return [*(x for buffer in operands for x in (buffer, 0, S, 1)), N, 1]


ATTACKED = [
    "abs.2d.f32", "exp.2d.f32", "rsqrt.2d.f32", "ctlz.2d.i32", "copy.2d.x32", "copy.2d.x64",
    "add.2d.f32", "mul.2d.f32", "sub.2d.f32", "divs.2d.i32", "shl.2d.i32", "fill.2d.x32",
    "mmt4d", "pack", "unpack",
]  # fmt: skip


@pytest.mark.parametrize("name", ATTACKED)
def test_wrapped_bound_is_out_of_range(name: str) -> None:
    """IREE's check passes (the bound wraps to a few bytes); the exact one refuses."""
    error = run_guarded(Call(name, _attack(name)))
    assert error is not None and error.code == ref.OUT_OF_RANGE, error
    assert "touches elements" in str(error)


# ---------------------------------------------------------------------------------------------
# Self-overlapping outputs of huge logical size: bounded work
# ---------------------------------------------------------------------------------------------

BIG = (1 << 32) - 1


def _scalar(value: float) -> Buffer:
    return Buffer(np.array([value], np.float32), mutable=True)


def test_zero_stride_elementwise_computes_only_the_surviving_element() -> None:
    """IREE's loop writes the one output element 2**64 times; the last write is lhs + rhs."""
    lhs, rhs, out = _scalar(1.5), _scalar(2.0), _scalar(0.0)
    MODULE.call("add.2d.f32", lhs, 0, 0, 0, rhs, 0, 0, 0, out, 0, 0, 0, BIG, BIG)
    assert out.data.view(np.float32).tolist() == [3.5]


def test_zero_row_stride_copy_keeps_the_last_row() -> None:
    source = Buffer(np.arange(3, dtype=np.uint32), mutable=False)
    target = Buffer(np.zeros(3, np.uint32), mutable=True)
    MODULE.call("copy.2d.x32", source, 0, 0, 1, target, 0, 0, 1, BIG, 3)
    assert target.data.view(np.uint32).tolist() == [0, 1, 2]


def test_zero_row_stride_fill_fills_the_span() -> None:
    target = Buffer(np.zeros(5, np.uint32), mutable=True)
    MODULE.call("fill.2d.x32", -1, target, 1, 0, BIG, 3)
    assert target.data.view(np.uint32).tolist() == [0, *[0xFFFF_FFFF] * 3, 0]


def test_zero_row_stride_mmt4d_accumulates_the_last_row_once() -> None:
    """Accumulating rows read the output as before the call, so the last row adds once."""
    lhs, rhs, out = _scalar(2.0), _scalar(3.0), _scalar(1.0)
    flags = ref.MMT4D_F32F32F32 | ref.MMT4D_ACCUMULATE
    MODULE.call("mmt4d", lhs, 0, 0, rhs, 0, 0, out, 0, 0, BIG, 1, 1, 1, 1, 1, flags)
    assert out.data.view(np.float32).tolist() == [7.0]


def test_zero_stride_pack_and_unpack() -> None:
    source = Buffer(np.array([5], np.uint32), mutable=False)
    packed = Buffer(np.zeros(1, np.uint32), mutable=True)
    # 2**32 - 1 rows of one padded tile each, all written to element 0: the last row is padding.
    MODULE.call("pack", source, 0, 0, 0, packed, 0, 0, 0, 1, 1, BIG, 1, 1, 1, 9, ref.PACK_I32I32)
    assert packed.data.view(np.uint32).tolist() == [9]
    out = Buffer(np.zeros(1, np.uint32), mutable=True)
    MODULE.call("unpack", source, 0, 0, 0, out, 0, 0, 0, BIG, 1, 1, 1, BIG, BIG, ref.PACK_I32I32)
    assert out.data.view(np.uint32).tolist() == [5]


def test_overlapping_copy_within_one_buffer_beyond_the_work_bound_is_refused() -> None:
    """Element order matters when the source is the destination: every element would be
    followed, so a logical size beyond the buffers' bound is RESOURCE_EXHAUSTED."""
    shared = Guarded(16, True)
    error = run_guarded(Call("copy.2d.x32", [shared, 0, 0, 1, shared, 1, 0, 1, BIG, 3]))
    assert error is not None and error.code == "RESOURCE_EXHAUSTED"


def test_overlapping_rows_beyond_the_work_bound_are_refused() -> None:
    """Rows one element apart: 1000 x 1000 logical elements on 2000-element buffers."""
    lhs, rhs, out = (Guarded(8000, True) for _ in range(3))
    args = [lhs, 0, 1, 1, rhs, 0, 1, 1, out, 0, 1, 1, 1000, 1000]
    error = run_guarded(Call("add.2d.i32", args))
    assert error is not None and error.code == "RESOURCE_EXHAUSTED"


def test_overlapping_rows_within_the_work_bound_match_the_reference() -> None:
    """Rows one element apart, 150 x 150 logical elements (more than the buffers hold, within
    `WORK_FLOOR`): IREE's last write wins."""
    values = np.arange(300, dtype=np.int32) * 3
    args: list[Arg] = [
        Operand(values), 0, 1, 1, Operand(values[::-1].copy()), 0, 0, 2,
        Operand(np.zeros(300, np.int32)), 1, 1, 1, 150, 150,
    ]  # fmt: skip
    assert run_reference("sub.2d.i32", args).error is None
    check_export("sub.2d.i32", args)


def test_broadcast_mmt4d_rows_beyond_the_work_bound_are_refused() -> None:
    """One lhs row of K = 1000 read for each of 100000 output rows: its rearranged copy would
    hold 10**8 elements."""
    lhs, rhs, out = Guarded(4000, False), Guarded(4000, False), Guarded(400_000, True)
    args = [lhs, 0, 0, rhs, 0, 0, out, 0, 1, 100_000, 1, 1000, 1, 1, 1, ref.MMT4D_F32F32F32]
    error = run_guarded(Call("mmt4d", args))
    assert error is not None and error.code == "RESOURCE_EXHAUSTED"


def test_mmt4d_with_k0_zero_beside_a_huge_k_writes_zeros() -> None:
    """K0 = 0 leaves every lhs/rhs row empty whatever K is: the sums are 0."""
    lhs, rhs = _scalar(2.0), _scalar(3.0)
    out = _scalar(1.0)
    MODULE.call("mmt4d", lhs, 0, 0, rhs, 0, 0, out, 0, 1, 1, 1, 1 << 62, 1, 1, 0, 1)
    assert out.data.view(np.float32).tolist() == [0.0]


def test_unpack_with_an_empty_tile_beside_a_huge_size_writes_nothing() -> None:
    source, out = _scalar(2.0), _scalar(1.0)
    MODULE.call("unpack", source, 0, 0, 0, out, 0, 1, 1, 1, 1 << 62, 0, 1, 1, 1, 1)
    assert out.data.view(np.float32).tolist() == [1.0]


# ---------------------------------------------------------------------------------------------
# Buffers wrap plain numbers only
# ---------------------------------------------------------------------------------------------

ACCEPTED = [
    np.zeros(3, np.bool_), np.zeros(3, np.int8), np.zeros(3, ">u2"), np.zeros(3, np.int64),
    np.zeros(3, np.float16), np.zeros(3, ">f8"), np.zeros(3, np.complex64),
    np.zeros((2, 2), np.longdouble), b"abc", bytearray(3), array.array("d", [1.0]),
    (ctypes.c_char * 3)(), (ctypes.c_int32 * 3)(), memoryview(bytearray(8)).cast("I"),
]  # fmt: skip
REFUSED = [
    np.array([1.0, "x", None], dtype=object), np.zeros(2, [("a", "<f4"), ("b", "<i4")]),
    np.zeros(2, "U3"), np.zeros(2, "S3"), np.zeros(2, "V8"),
    np.zeros(2, "datetime64[s]"), np.zeros(2, "timedelta64[s]"), array.array("u", "ab"),
]  # fmt: skip


@pytest.mark.parametrize("data", ACCEPTED, ids=lambda d: f"{type(d).__name__}")
def test_plain_numbers_are_wrapped(data: object) -> None:
    buffer = Buffer(data, mutable=not memoryview(data).readonly)  # type: ignore[arg-type]
    assert buffer.length == memoryview(data).nbytes  # type: ignore[arg-type]


@pytest.mark.parametrize("data", REFUSED, ids=lambda d: f"{getattr(d, 'dtype', type(d))}")
def test_other_element_types_are_refused(data: object) -> None:
    with pytest.raises(StatusError) as info:
        Buffer(data, mutable=True)
    assert info.value.code == ref.INVALID_ARGUMENT


def test_object_array_never_reaches_a_kernel() -> None:
    objects = np.array([1.5, "text", None, ()], dtype=object)
    with pytest.raises(StatusError) as info:
        MODULE.call("fill.2d.x32", 0, Buffer(objects, mutable=True), 0, 4, 1, 4)
    assert info.value.code == ref.INVALID_ARGUMENT
    assert objects.tolist() == [1.5, "text", None, ()]
