"""Every buffer argument of every export, systematically faulted
(IREE's `runtime/src/iree/modules/vmvx/module.c`).

Each export family has a valid call on buffers exactly as long as its bound check needs. The
cases change one thing -- a buffer one element short, an offset one past (or before) the start,
a null or wrong-type ref, a read-only output, a stride or size the overflow guard refuses, an
unhandled flags type -- or two things, to pin the error order: per buffer in argument order the
overflow guard, then the ref, then the access mode, then the range; mmt4d/pack/unpack check
flags before any buffer. Each case states the status it expects; the scalar reference must
predict the same, and pyvmvx must raise it having written nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import numpy as np
import pytest
import vmvx_reference as ref
from vmvx_harness import WRONG_REF, Arg, Operand, check_export, expect_error, run_reference

INVALID, OOR, DENIED = ref.INVALID_ARGUMENT, ref.OUT_OF_RANGE, ref.PERMISSION_DENIED


@dataclass(frozen=True)
class BufferArg:
    """Where one buffer argument's ref, offset and checked strides are in the argument list."""

    name: str
    ref: int
    offset: int
    strides: tuple[int, ...]
    writes: bool


@dataclass(frozen=True)
class Family:
    """A valid call of one export and where its buffers, sizes and flags are."""

    export: str
    build: Callable[[], list[Arg]]
    buffers: tuple[BufferArg, ...]
    sizes: dict[int, str]  # size argument index -> the first buffer whose check uses it
    flags: int | None = None  # index of the flags argument
    unhandled: tuple[int, ...] = ()  # flag types the shim refuses
    i32_sizes: frozenset[int] = frozenset()  # size arguments that are `i` (i32), not `I`


def _operand(dtype: type, length: int, *, mutable: bool) -> Operand:
    return Operand(np.arange(1, length + 1).astype(dtype), mutable)


def _binary(name: str) -> Family:
    dtype = np.float32 if name.endswith("f32") else np.int32

    def build() -> list[Arg]:
        lhs, rhs = _operand(dtype, 6, mutable=False), _operand(dtype, 6, mutable=False)
        rhs.array[:] = 1  # a safe divisor and shift count
        return [lhs, 0, 3, 1, rhs, 0, 3, 1, _operand(dtype, 6, mutable=True), 0, 3, 1, 2, 3]

    buffers = (
        BufferArg("lhs", 0, 1, (2, 3), False),
        BufferArg("rhs", 4, 5, (6, 7), False),
        BufferArg("out", 8, 9, (10, 11), True),
    )
    return Family(name, build, buffers, {12: "lhs", 13: "lhs"})


def _unary(name: str, dtype: type) -> Family:
    def build() -> list[Arg]:
        return [
            _operand(dtype, 6, mutable=False),
            0,
            3,
            1,
            _operand(dtype, 6, mutable=True),
            0,
            3,
            1,
            2,
            3,
        ]

    buffers = (BufferArg("in", 0, 1, (2, 3), False), BufferArg("out", 4, 5, (6, 7), True))
    return Family(name, build, buffers, {8: "in", 9: "in"})


def _fill() -> Family:
    def build() -> list[Arg]:
        return [-5, _operand(np.int32, 6, mutable=True), 0, 3, 2, 3]

    return Family("fill.2d.x32", build, (BufferArg("out", 1, 2, (3,), True),), {4: "out", 5: "out"})


def _mmt4d(kind: int) -> Family:
    in_dtype = np.float32 if kind == ref.MMT4D_F32F32F32 else np.int8
    out_dtype = np.float32 if kind == ref.MMT4D_F32F32F32 else np.int32

    def build() -> list[Arg]:
        # M = N = K = 2, M0 = N0 = 2, K0 = 1: rows of 4 (lhs, rhs) and 8 (out) elements.
        return [
            _operand(in_dtype, 8, mutable=False), 0, 4,
            _operand(in_dtype, 8, mutable=False), 0, 4,
            _operand(out_dtype, 16, mutable=True), 0, 8,
            2, 2, 2, 2, 2, 1, kind | ref.MMT4D_ACCUMULATE,
        ]  # fmt: skip

    buffers = (
        BufferArg("lhs", 0, 1, (2,), False),
        BufferArg("rhs", 3, 4, (5,), False),
        BufferArg("out", 6, 7, (8,), True),
    )
    sizes = {9: "lhs", 10: "rhs", 11: "lhs", 12: "lhs", 13: "rhs", 14: "lhs"}
    unhandled = (0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0xFF)
    return Family("mmt4d", build, buffers, sizes, 15, unhandled, frozenset({12, 13, 14}))


def _pack(kind: int) -> Family:
    dtype = {ref.PACK_F32F32: np.float32, ref.PACK_I32I32: np.int32, ref.PACK_I8I8: np.int8}[kind]

    def build() -> list[Arg]:
        # A 3×5 input into a [2][3][2][2] output with padding, out_stride1 (ignored) = 4.
        return [
            _operand(dtype, 15, mutable=False), 0, 5, 1,
            _operand(dtype, 24, mutable=True), 0, 12, 4,
            3, 5, 2, 3, 2, 2, -1, kind | ref.TRANSPOSE_INNER,
        ]  # fmt: skip

    buffers = (BufferArg("in", 0, 1, (2, 3), False), BufferArg("out", 4, 5, (6,), True))
    sizes = {8: "in", 9: "in", 10: "out", 11: "out", 12: "out", 13: "out"}
    return Family("pack", build, buffers, sizes, 15, (0, 4, 5, 6, 0xFF))


def _unpack(kind: int) -> Family:
    dtype = np.float32 if kind == ref.PACK_F32F32 else np.int32

    def build() -> list[Arg]:
        # A [2][3][2][2] input, in_stride1 (ignored) = 4, into a 3×5 output.
        return [
            _operand(dtype, 24, mutable=False), 0, 12, 4,
            _operand(dtype, 15, mutable=True), 0, 5, 1,
            2, 3, 2, 2, 3, 5, kind | ref.TRANSPOSE_OUTER,
        ]  # fmt: skip

    buffers = (BufferArg("in", 0, 1, (2,), False), BufferArg("out", 4, 5, (6, 7), True))
    sizes = {8: "in", 9: "in", 10: "in", 11: "in", 12: "out", 13: "out"}
    return Family("unpack", build, buffers, sizes, 14, (0, 2, 4, 5, 6, 0xFF))


FAMILIES: dict[str, Family] = {
    **{name: _binary(name) for name in sorted(ref.BINARY_OPS)},
    **{
        name: _unary(name, np.float32 if name.endswith("f32") else np.int32)
        for name in sorted(ref.UNARY_OPS)
    },
    **{
        name: _unary(name, {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[esize])
        for name, esize in sorted(ref.COPY_ELEMENT_SIZES.items())
    },
    "fill.2d.x32": _fill(),
    "mmt4d/f32": _mmt4d(ref.MMT4D_F32F32F32),
    "mmt4d/s8": _mmt4d(ref.MMT4D_S8S8S32),
    "pack/f32": _pack(ref.PACK_F32F32),
    "pack/i32": _pack(ref.PACK_I32I32),
    "pack/i8": _pack(ref.PACK_I8I8),
    "unpack/f32": _unpack(ref.PACK_F32F32),
    "unpack/i32": _unpack(ref.PACK_I32I32),
}


# A fault rewrites one buffer's arguments in place.
Fault = Callable[[list[Arg], BufferArg], None]


def _shorten(args: list[Arg], buffer: BufferArg) -> None:
    operand = args[buffer.ref]
    assert isinstance(operand, Operand)
    args[buffer.ref] = replace(operand, array=operand.array[:-1].copy())


def _shift_offset(delta: int) -> Fault:
    def fault(args: list[Arg], buffer: BufferArg) -> None:
        offset = args[buffer.offset]
        assert isinstance(offset, int)
        args[buffer.offset] = offset + delta

    return fault


def _set_ref(value: Arg) -> Fault:
    def fault(args: list[Arg], buffer: BufferArg) -> None:
        args[buffer.ref] = value

    return fault


def _read_only(args: list[Arg], buffer: BufferArg) -> None:
    operand = args[buffer.ref]
    assert isinstance(operand, Operand)
    operand.mutable = False


def _set_stride(value: int, which: int = 0) -> Fault:
    def fault(args: list[Arg], buffer: BufferArg) -> None:
        args[buffer.strides[which]] = value

    return fault


@dataclass(frozen=True)
class Case:
    family: str
    faults: tuple[tuple[str, Fault], ...]  # (buffer name, fault), applied in order
    code: str
    text: str
    extra: Callable[[list[Arg]], None] | None = None

    def args(self) -> list[Arg]:
        family = FAMILIES[self.family]
        args = family.build()
        by_name = {buffer.name: buffer for buffer in family.buffers}
        for name, fault in self.faults:
            fault(args, by_name[name])
        if self.extra:
            self.extra(args)
        return args


def _single_buffer_cases(family_key: str, family: Family) -> Iterator[tuple[str, Case]]:
    for buffer in family.buffers:
        overflow = f"buffer overflow for {buffer.name}"
        faults: list[tuple[str, Fault, str, str]] = [
            ("one-element-short", _shorten, OOR, "out-of-bounds"),
            ("offset-one-past", _shift_offset(1), OOR, "out-of-bounds"),
            ("offset-minus-one", _shift_offset(-1), OOR, "out-of-bounds"),
            ("null-ref", _set_ref(None), INVALID, "null"),
            ("list-ref", _set_ref(WRONG_REF), INVALID, "type"),
        ]
        for which, _ in enumerate(buffer.strides):
            faults += [
                (f"stride{which}=-2", _set_stride(-2, which), INVALID, overflow),
                (f"stride{which}=2^32-1", _set_stride(2**32 - 1, which), INVALID, overflow),
                (f"stride{which}=-2^63", _set_stride(-(2**63), which), INVALID, overflow),
                (f"stride{which}=2^32-2", _set_stride(2**32 - 2, which), OOR, "out-of-bounds"),
            ]
        if buffer.writes:
            faults.append(("read-only", _read_only, DENIED, "read-only"))
        for label, fault, code, text in faults:
            yield (
                f"{family_key}-{buffer.name}-{label}",
                Case(family_key, ((buffer.name, fault),), code, text),
            )


def _size_cases(family_key: str, family: Family) -> Iterator[tuple[str, Case]]:
    for index, owner in family.sizes.items():
        for value in (-1, -(2**31)) if index in family.i32_sizes else (2**32, -1):

            def set_size(args: list[Arg], index: int = index, value: int = value) -> None:
                args[index] = value

            yield (
                f"{family_key}-size-arg{index}={value}",
                Case(family_key, (), INVALID, f"buffer overflow for {owner}", set_size),
            )


def _order_cases(family_key: str, family: Family) -> Iterator[tuple[str, Case]]:
    first, last = family.buffers[0], family.buffers[-1]
    Faults = tuple[tuple[str, Fault], ...]
    overflow = f"buffer overflow for {first.name}"
    # Per buffer: the overflow guard, then the ref, then the access mode, then the range.
    pairs: list[tuple[str, Faults, str, str]] = [
        ("overflow-before-null", ((first.name, _set_ref(None)), (first.name, _set_stride(-2))),
         INVALID, overflow),
        ("overflow-before-read-only", ((last.name, _read_only), (last.name, _set_stride(-2))),
         INVALID, f"buffer overflow for {last.name}"),
        ("read-only-before-range", ((last.name, _read_only), (last.name, _shorten)),
         DENIED, "read-only"),
    ]  # fmt: skip
    if first != last:  # Buffers are checked in argument order.
        pairs += [
            ("earlier-null-first", ((first.name, _set_ref(None)), (last.name, _set_stride(-2))),
             INVALID, "null"),
            ("earlier-range-first", ((first.name, _shorten), (last.name, _set_ref(WRONG_REF))),
             OOR, "out-of-bounds"),
        ]  # fmt: skip
    for label, faults, code, text in pairs:
        yield f"{family_key}-order-{label}", Case(family_key, faults, code, text)


def _flag_cases(family_key: str, family: Family) -> Iterator[tuple[str, Case]]:
    if family.flags is None:
        return
    flags_index = family.flags
    for kind in family.unhandled:

        def set_kind(args: list[Arg], kind: int = kind) -> None:
            flags = args[flags_index]
            assert isinstance(flags, int)
            args[flags_index] = (flags & ~0xFF) | kind

        yield (
            f"{family_key}-flags-type-{kind:#x}",
            Case(family_key, (), INVALID, "unhandled flags", set_kind),
        )
        # The flags are checked before any buffer is looked at.
        null_first = ((family.buffers[0].name, _set_ref(None)),)
        yield (
            f"{family_key}-flags-type-{kind:#x}-before-null",
            Case(family_key, null_first, INVALID, "unhandled flags", set_kind),
        )


CASES = dict(
    case
    for key, family in FAMILIES.items()
    for generate in (_single_buffer_cases, _size_cases, _order_cases, _flag_cases)
    for case in generate(key, family)
)


@pytest.mark.parametrize("key", sorted(FAMILIES))
def test_valid_base_call_succeeds(key: str) -> None:
    """The tight base call is valid: every fault below is what makes a case fail."""
    check_export(FAMILIES[key].export, FAMILIES[key].build())


@pytest.mark.parametrize("key", sorted(FAMILIES))
def test_read_only_inputs_are_accepted(key: str) -> None:
    family = FAMILIES[key]
    args = family.build()
    for buffer in family.buffers:
        if not buffer.writes:
            _read_only(args, buffer)
    check_export(family.export, args)


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_fault_raises_expected_status(case_id: str) -> None:
    case = CASES[case_id]
    expect_error(FAMILIES[case.family].export, case.args(), case.code, case.text)


NEGATIVE_SIZE_CALLS: dict[str, tuple[str, list[Arg]]] = {
    # A zero-length row (K = 0, N0 = 0) lets M0 = -1 through the bound check.
    "mmt4d-m0": (
        "mmt4d",
        [_operand(np.float32, 0, mutable=False), 0, 0, _operand(np.float32, 0, mutable=False), 0,
         0, _operand(np.float32, 0, mutable=True), 0, 0, 1, 1, 0, -1, 0, 1, ref.MMT4D_F32F32F32],
    ),
    # Tile sizes -1 × -1 multiply to a row of one element per outer tile.
    "pack-tile": (
        "pack",
        [_operand(np.int32, 4, mutable=False), 0, 2, 1, _operand(np.int32, 4, mutable=True), 0,
         2, 1, 2, 2, 2, 2, -1, -1, 0, ref.PACK_I32I32],
    ),
    "unpack-tile": (
        "unpack",
        [_operand(np.int32, 4, mutable=False), 0, 2, 1, _operand(np.int32, 4, mutable=True), 0,
         2, 1, 2, 2, -1, -1, 2, 2, ref.PACK_I32I32],
    ),
}  # fmt: skip


@pytest.mark.parametrize("key", sorted(NEGATIVE_SIZE_CALLS))
def test_negative_sizes_past_the_bound_check_are_refused(key: str) -> None:
    """IREE's release build would run its loops with these; pyvmvx reports INVALID_ARGUMENT."""
    expect_error(*NEGATIVE_SIZE_CALLS[key], ref.INVALID_ARGUMENT, "negative")


# IREE's bound arithmetic on its own terms: `((size0-1)*stride0 + (size1-1)*stride1 + 1) * 4`
# bytes from `offset * 4`, in wrapping 64-bit arithmetic, with zero sizes not special-cased.
# (sizes, strides, offset, buffer elements, expected status or None for success)
BOUND_QUIRKS = {
    # size0 = 0 with stride0 = size1: the bound is 0 bytes, so even an empty buffer passes.
    "zero-rows-zero-bound": ((0, 3), (3, 1), 0, 0, None),
    "zero-rows-zero-bound-at-end": ((0, 3), (3, 1), 2, 2, None),
    # (0, 0) with unit strides: the bound wraps to 2**64 - 4 bytes: out of range.
    "zero-sizes-huge-bound": ((0, 0), (1, 1), 0, 4, ref.OUT_OF_RANGE),
    # size0 = 0 with stride0 = 0 still maps the whole row, though nothing is accessed.
    "zero-rows-broadcast-bound": ((0, 3), (0, 1), 0, 2, ref.OUT_OF_RANGE),
    "zero-rows-broadcast-bound-fits": ((0, 3), (0, 1), 0, 3, None),
    # One row read backwards: (2-1)*-1 + 1 = 0 bytes passes IREE's check; the elements read
    # (offset, offset - 1) must then lie in the buffer.
    "reversed-pair-inside": ((1, 2), (0, -1), 1, 2, None),
    "reversed-pair-before-start": ((1, 2), (0, -1), 0, 2, ref.OUT_OF_RANGE),
    # Three reversed elements: the bound wraps to 2**64 - 4 bytes, which fails from offset 0 but
    # passes from offset 2, where `offset + length` wraps around to 4 bytes.
    "reversed-triple-wrapped-bound": ((1, 3), (0, -1), 0, 3, ref.OUT_OF_RANGE),
    "reversed-triple-wrapped-end-fits": ((1, 3), (0, -1), 2, 3, None),
    # A huge offset whose byte offset wraps to 0 still addresses elements far outside.
    "offset-wrapping-to-zero": ((1, 1), (1, 1), 2**62, 4, ref.OUT_OF_RANGE),
    # A stride on a dimension of size 1 never multiplies anything: any allowed value fits.
    "huge-stride-on-single-row": ((1, 2), (2**32 - 2, 1), 0, 2, None),
    "reversed-stride-on-single-column": ((2, 1), (1, -1), 0, 2, None),
    # A buffer length is in bytes: a trailing partial element is out of range.
    "partial-last-element": ((1, 2), (2, 1), 0, 1.75, ref.OUT_OF_RANGE),
}


@pytest.mark.parametrize("key", sorted(BOUND_QUIRKS))
@pytest.mark.parametrize("operand", ["in", "out"])
def test_bound_check_arithmetic(key: str, operand: str) -> None:
    """`copy.2d.x32` with one quirky operand (the other a plain 4-element buffer)."""
    (size0, size1), (stride0, stride1), offset, elements, code = BOUND_QUIRKS[key]
    quirky = Operand(np.arange(int(elements * 4), dtype=np.uint8), mutable=True)
    plain = Operand(np.arange(16, dtype=np.uint8), mutable=True)
    layout = [offset, stride0, stride1]
    plain_layout = [0, max(stride0, 0), max(stride1, 0)]
    source, target = (quirky, plain) if operand == "in" else (plain, quirky)
    source_layout, target_layout = (
        (layout, plain_layout) if operand == "in" else (plain_layout, layout)
    )
    args: list[Arg] = [source, *source_layout, target, *target_layout, size0, size1]
    if code is None:
        assert run_reference("copy.2d.x32", args).error is None
        check_export("copy.2d.x32", args)
    else:
        expect_error("copy.2d.x32", args, code, "out-of-bounds")
