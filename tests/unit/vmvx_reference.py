"""Scalar reference of the runtime `vmvx` module's 32 exports, written from IREE's sources.

Source: IREE's `runtime/src/iree/modules/vmvx/` (`exports.inl`, `module.c`, `elementwise.c`)
and `runtime/src/iree/builtins/ukernel/` (`mmt4d.c`, `pack.c`, `unpack.c`). Every export is a
plain loop over elements on a simulated byte memory (`Memory`), taking the import's flattened
arguments in order. It reproduces IREE's argument validation exactly -- the 2-D overflow guard
and byte bound in wrapping 64-bit arithmetic, then the ref checks, then the map checks, buffer
by buffer in argument order -- so it predicts both the results of an input and which error it
must raise (`RefError`). It never imports pyvmvx: it is the independent oracle of the unit tests.

Arithmetic is done the way IREE's C does it: f32 in f32 (numpy float32 scalars, one rounding
per operation, no FMA; exp and log, which no libm rounds exactly, are computed in f64 and
rounded once), integers on Python ints masked to 32 bits. The one deliberate
departure from IREE is pyvmvx's safety rule: an access IREE's check lets through (negative
offsets, −1 strides) is still refused with OUT_OF_RANGE if it would touch memory outside the
buffer (see `View`). Where the spec leaves a result open, the reference follows pyvmvx's
documented choice: the C-undefined integer cases (`UNDEFINED`), the fixed tile-size table of
`query_tile_sizes.2d` (`TILE_SIZES`), and -- for outputs whose elements share addresses -- the
last write in the loop order shown here wins.
"""

from __future__ import annotations

import math
import operator
import struct
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

MASK32 = (1 << 32) - 1
MASK64 = (1 << 64) - 1
HIGH32 = MASK64 ^ MASK32
INT32_MIN = -(1 << 31)

INVALID_ARGUMENT = "INVALID_ARGUMENT"
OUT_OF_RANGE = "OUT_OF_RANGE"
PERMISSION_DENIED = "PERMISSION_DENIED"

# mmt4d / pack / unpack flag bits (IREE's `builtins/ukernel/exported_bits.h`).
MMT4D_F32F32F32 = 0x01
MMT4D_S8S8S32 = 0x02
MMT4D_ACCUMULATE = 0x100
PACK_F32F32 = 0x01
PACK_I8I8 = 0x02
PACK_I32I32 = 0x03
TRANSPOSE_INNER = 0x100
TRANSPOSE_OUTER = 0x200

# query_tile_sizes.2d operand roles; the matmul operation is `flags & 0xFF00`.
ROLE_LHS = 0x01
ROLE_RHS = 0x02
ROLE_RESULT = 0x03


class RefError(Exception):
    """The error an export must raise: an IREE status name and the text its message holds."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass
class Memory:
    """A VM byte buffer: its bytes and whether it may be mapped for writing."""

    data: bytearray
    mutable: bool


# --------------------------------------------------------------------------------------------
# Argument validation and mapping (IREE's `modules/vmvx/module.c`)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """A mapped operand: element `index` is at byte `(base + index) * esize` of `memory`.

    Every access is bounds-checked in exact arithmetic: pyvmvx's safety rule. IREE's own check
    computes its bound and byte offset in wrapping 64-bit arithmetic, so negative or huge
    offsets and −1 strides can pass it while the elements the kernel then touches lie outside
    the buffer; pyvmvx refuses those with OUT_OF_RANGE (before writing anything -- a failed
    reference run's memory is discarded). Elements a kernel never touches are not checked.
    """

    memory: Memory
    base: int
    esize: int

    def _start(self, index: int) -> int:
        start = (self.base + index) * self.esize
        if start < 0 or start + self.esize > len(self.memory.data):
            raise RefError(OUT_OF_RANGE, "out-of-bounds")
        return start

    def load(self, index: int) -> int:
        start = self._start(index)
        return int.from_bytes(self.memory.data[start : start + self.esize], "little")

    def store(self, index: int, value: int) -> None:
        start = self._start(index)
        bits = value & ((1 << (8 * self.esize)) - 1)
        self.memory.data[start : start + self.esize] = bits.to_bytes(self.esize, "little")


def map_2d(
    ref: object,
    name: str,
    esize: int,
    offset: int,
    stride0: int,
    stride1: int,
    size0: int,
    size1: int,
    *,
    write: bool,
) -> View:
    """Validates and maps one buffer argument exactly as IREE's MAP_BUFFER_2D does.

    Order (IREE's macro): overflow guard, ref dereference, access mode, byte range -- the last
    with IREE's wrap-around `offset + length`.
    """
    s0, s1, t0, t1 = (v & MASK64 for v in (size0, size1, stride0, stride1))
    overflow = (s0 | s1 | ((t0 + 1) & MASK64) | ((t1 + 1) & MASK64)) & HIGH32
    last_index = ((s0 - 1) * t0 + (s1 - 1) * t1) & MASK64
    length = ((last_index + 1) * esize) & MASK64
    byte_offset = (esize * (offset & MASK64)) & MASK64
    if overflow:
        raise RefError(INVALID_ARGUMENT, f"buffer overflow for {name}")
    if ref is None:
        raise RefError(INVALID_ARGUMENT, "null")
    if not isinstance(ref, Memory):
        raise RefError(INVALID_ARGUMENT, "type")
    if write and not ref.mutable:
        raise RefError(PERMISSION_DENIED, "read-only")
    if (byte_offset + length) & MASK64 > len(ref.data):
        raise RefError(OUT_OF_RANGE, "out-of-bounds")
    return View(ref, _signed64(offset), esize)


def _signed64(value: int) -> int:
    value &= MASK64
    return value - (1 << 64) if value >> 63 else value


def _signed32(value: int) -> int:
    value &= MASK32
    return value - (1 << 32) if value >> 31 else value


def _signed8(value: int) -> int:
    value &= 0xFF
    return value - 0x100 if value >> 7 else value


# --------------------------------------------------------------------------------------------
# f32 helpers: bit patterns in, bit patterns out, arithmetic in numpy float32
# --------------------------------------------------------------------------------------------


def f32_of_bits(bits: int) -> np.float32:
    return np.float32(struct.unpack("<f", struct.pack("<I", bits & MASK32))[0])


def bits_of_f32(value: float | np.floating) -> int:
    return int(struct.unpack("<I", struct.pack("<f", float(value)))[0])


def _f32_binary(op: Callable[[np.float32, np.float32], np.float32]) -> Callable[[int, int], int]:
    def apply(lhs: int, rhs: int) -> int:
        with np.errstate(all="ignore"):
            return bits_of_f32(op(f32_of_bits(lhs), f32_of_bits(rhs)))

    return apply


def _f32_unary(op: Callable[[float], float]) -> Callable[[int], int]:
    """An f32 unary op computed in f64 and rounded once to f32 (or exact where it is exact)."""

    def apply(bits: int) -> int:
        with np.errstate(all="ignore"):
            return bits_of_f32(np.float32(op(float(f32_of_bits(bits)))))

    return apply


def _floor(x: float) -> float:
    if not math.isfinite(x) or x == 0:
        return x
    return float(math.floor(x))


def _ceil(x: float) -> float:
    if not math.isfinite(x) or x == 0:
        return x
    result = float(math.ceil(x))
    return math.copysign(result, x) if result == 0 else result


def _exp(x: float) -> float:
    if math.isnan(x):
        return x
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x: float) -> float:
    if math.isnan(x) or x < 0:
        return math.nan
    if x == 0:
        return -math.inf
    return math.log(x)


def _rsqrt(bits: int) -> int:
    """`1.0f / sqrtf(x)`: two f32 roundings."""
    with np.errstate(all="ignore"):
        return bits_of_f32(np.float32(1.0) / np.sqrt(f32_of_bits(bits)))


def _ctlz(bits: int) -> int:
    return 32 - (bits & MASK32).bit_length()


# --------------------------------------------------------------------------------------------
# i32 helpers: Python ints in, 32-bit patterns out
# --------------------------------------------------------------------------------------------


def _divs(lhs: int, rhs: int) -> int:
    a, b = _signed32(lhs), _signed32(rhs)
    if b == 0:
        return UNDEFINED.divs_by_zero
    if a == INT32_MIN and b == -1:
        return UNDEFINED.divs_overflow
    quotient = abs(a) // abs(b)
    return (quotient if (a < 0) == (b < 0) else -quotient) & MASK32


def _divu(lhs: int, rhs: int) -> int:
    if rhs == 0:
        return UNDEFINED.divu_by_zero
    return lhs // rhs


def _shift(op: str, lhs: int, count: int) -> int:
    """A defined shift: `count` in [0, 32)."""
    if op == "shl":
        return (lhs << count) & MASK32
    if op == "shrs":
        return (_signed32(lhs) >> count) & MASK32
    return lhs >> count


def _shift_count_mod_32(op: str, lhs: int, count: int) -> int:
    return _shift(op, lhs, count & 31)


@dataclass(frozen=True)
class UndefinedBehaviour:
    """Results for the integer cases C leaves undefined: pyvmvx's documented choice."""

    divs_by_zero: int
    """Result bits of `divs` x / 0."""
    divu_by_zero: int
    """Result bits of `divu` x / 0."""
    divs_overflow: int
    """Result bits of INT32_MIN / -1."""
    shift: Callable[[str, int, int], int]
    """(op, lhs bits, count bits) -> result bits for a count outside [0, 32)."""


# As documented in pyvmvx/runtime/modules/vmvx_elementwise.py: AArch64's SDIV/UDIV results for
# division (x / 0 = 0, INT_MIN / -1 = INT_MIN) and the count's low 5 bits for shifts.
UNDEFINED = UndefinedBehaviour(
    divs_by_zero=0, divu_by_zero=0, divs_overflow=INT32_MIN & MASK32, shift=_shift_count_mod_32
)


def _shift_op(op: str) -> Callable[[int, int], int]:
    def apply(lhs: int, rhs: int) -> int:
        count = _signed32(rhs) if op == "shrs" else rhs
        if 0 <= count < 32:
            return _shift(op, lhs, count)
        return UNDEFINED.shift(op, lhs, rhs) & MASK32

    return apply


BINARY_OPS: dict[str, Callable[[int, int], int]] = {
    "add.2d.f32": _f32_binary(lambda a, b: a + b),
    "add.2d.i32": lambda a, b: (a + b) & MASK32,
    "and.2d.i32": lambda a, b: a & b,
    "div.2d.f32": _f32_binary(lambda a, b: a / b),
    "divs.2d.i32": _divs,
    "divu.2d.i32": _divu,
    "mul.2d.f32": _f32_binary(lambda a, b: a * b),
    "mul.2d.i32": lambda a, b: (a * b) & MASK32,
    "or.2d.i32": lambda a, b: a | b,
    "shl.2d.i32": _shift_op("shl"),
    "shrs.2d.i32": _shift_op("shrs"),
    "shru.2d.i32": _shift_op("shru"),
    "sub.2d.f32": _f32_binary(lambda a, b: a - b),
    "sub.2d.i32": lambda a, b: (a - b) & MASK32,
    "xor.2d.i32": lambda a, b: a ^ b,
}

UNARY_OPS: dict[str, Callable[[int], int]] = {
    "abs.2d.f32": lambda bits: bits & 0x7FFF_FFFF,
    "ceil.2d.f32": _f32_unary(_ceil),
    "ctlz.2d.i32": _ctlz,
    "exp.2d.f32": _f32_unary(_exp),
    "floor.2d.f32": _f32_unary(_floor),
    "log.2d.f32": _f32_unary(_log),
    "neg.2d.f32": lambda bits: bits ^ 0x8000_0000,
    "rsqrt.2d.f32": _rsqrt,
}

COPY_ELEMENT_SIZES = {"copy.2d.x8": 1, "copy.2d.x16": 2, "copy.2d.x32": 4, "copy.2d.x64": 8}


# --------------------------------------------------------------------------------------------
# Exports
# --------------------------------------------------------------------------------------------


def _binary_export(op: Callable[[int, int], int]) -> Callable[..., tuple[int, ...]]:
    def export(
        lhs: object, lhs_offset: int, lhs_stride0: int, lhs_stride1: int,
        rhs: object, rhs_offset: int, rhs_stride0: int, rhs_stride1: int,
        out: object, out_offset: int, out_stride0: int, out_stride1: int,
        size0: int, size1: int,
    ) -> tuple[int, ...]:  # fmt: skip
        sizes = (size0, size1)
        lhs_view = map_2d(lhs, "lhs", 4, lhs_offset, lhs_stride0, lhs_stride1, *sizes, write=False)
        rhs_view = map_2d(rhs, "rhs", 4, rhs_offset, rhs_stride0, rhs_stride1, *sizes, write=False)
        out_view = map_2d(out, "out", 4, out_offset, out_stride0, out_stride1, *sizes, write=True)
        for i in range(size0):
            for j in range(size1):
                a = lhs_view.load(i * lhs_stride0 + j * lhs_stride1)
                b = rhs_view.load(i * rhs_stride0 + j * rhs_stride1)
                out_view.store(i * out_stride0 + j * out_stride1, op(a, b))
        return ()

    return export


def _unary_export(op: Callable[[int], int], esize: int = 4) -> Callable[..., tuple[int, ...]]:
    """A unary elementwise export; with `op` the identity and any `esize`, also a copy."""

    def export(
        in_: object, in_offset: int, in_stride0: int, in_stride1: int,
        out: object, out_offset: int, out_stride0: int, out_stride1: int,
        size0: int, size1: int,
    ) -> tuple[int, ...]:  # fmt: skip
        sizes = (size0, size1)
        in_view = map_2d(in_, "in", esize, in_offset, in_stride0, in_stride1, *sizes, write=False)
        out_view = map_2d(
            out, "out", esize, out_offset, out_stride0, out_stride1, *sizes, write=True
        )
        for i in range(size0):
            for j in range(size1):
                value = in_view.load(i * in_stride0 + j * in_stride1)
                out_view.store(i * out_stride0 + j * out_stride1, op(value))
        return ()

    return export


def fill_2d_x32(
    fill_value: int, out: object, out_offset: int, out_row_stride: int, size_m: int, size_n: int
) -> tuple[int, ...]:
    view = map_2d(out, "out", 4, out_offset, out_row_stride, 1, size_m, size_n, write=True)
    for i in range(size_m):
        for j in range(size_n):
            view.store(i * out_row_stride + j, fill_value)
    return ()


def mmt4d(
    lhs: object, lhs_offset: int, lhs_row_stride: int,
    rhs: object, rhs_offset: int, rhs_row_stride: int,
    out: object, out_offset: int, out_row_stride: int,
    m: int, n: int, k: int, m0: int, n0: int, k0: int, flags: int,
) -> tuple[int, ...]:  # fmt: skip
    """`out[i][j][i0][j0] (+)= Σ_kk Σ_k0 lhs[i][kk][i0][k0] * rhs[j][kk][j0][k0]`."""
    kind = flags & 0xFF
    if kind not in (MMT4D_F32F32F32, MMT4D_S8S8S32):
        raise RefError(INVALID_ARGUMENT, "unhandled flags")
    in_esize = 4 if kind == MMT4D_F32F32F32 else 1
    M, N, K, M0, N0, K0 = (v & MASK64 for v in (m, n, k, m0, n0, k0))
    lhs_view = map_2d(
        lhs, "lhs", in_esize, lhs_offset, lhs_row_stride, 1, M, K * M0 * K0 & MASK64, write=False
    )
    rhs_view = map_2d(
        rhs, "rhs", in_esize, rhs_offset, rhs_row_stride, 1, N, K * N0 * K0 & MASK64, write=False
    )
    out_view = map_2d(
        out, "out", 4, out_offset, out_row_stride, 1, M, N * M0 * N0 & MASK64, write=True
    )
    accumulate = bool(flags & MMT4D_ACCUMULATE)
    if M == 0 or N == 0 or (K == 0 and accumulate):
        return ()
    _refuse_negative(k, m0, n0, k0)
    for i in range(M):
        for j in range(N):
            for i0 in range(M0):
                for j0 in range(N0):
                    index = i * out_row_stride + (j * M0 + i0) * N0 + j0
                    lhs_row = [i * lhs_row_stride + (kk * M0 + i0) * K0 for kk in range(K)]
                    rhs_row = [j * rhs_row_stride + (kk * N0 + j0) * K0 for kk in range(K)]
                    initial = out_view.load(index) if accumulate else 0
                    products = [
                        (lhs_view.load(lp + k_0), rhs_view.load(rp + k_0))
                        for lp, rp in zip(lhs_row, rhs_row, strict=True)
                        for k_0 in range(K0)
                    ]
                    out_view.store(index, _dot(kind, initial, products))
    return ()


def _refuse_negative(*sizes: int) -> None:
    """pyvmvx's choice for negative sizes the bound check lets through (a zero-sized row
    hides them): INVALID_ARGUMENT, where IREE's release build would run undefined loops."""
    if min(sizes) < 0:
        raise RefError(INVALID_ARGUMENT, "negative")


def _dot(kind: int, initial: int, products: list[tuple[int, int]]) -> int:
    """The generic tile's accumulation, in order: f32 adds without FMA, or int32 wrap-around."""
    if kind == MMT4D_S8S8S32:
        total = _signed32(initial) + sum(_signed8(a) * _signed8(b) for a, b in products)
        return total & MASK32
    with np.errstate(all="ignore"):
        acc = f32_of_bits(initial)
        for a, b in products:
            acc = np.float32(acc + f32_of_bits(a) * f32_of_bits(b))
    return bits_of_f32(acc)


def _tile_order(
    outer: tuple[int, int], tile: tuple[int, int], flags: int
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The logical outer and tile extents (O0, O1), (T0, T1) after the transpose flags."""
    if flags & TRANSPOSE_OUTER:
        outer = (outer[1], outer[0])
    if flags & TRANSPOSE_INNER:
        tile = (tile[1], tile[0])
    return outer, tile


def _packed_index(
    o: tuple[int, int], t: tuple[int, int], outer_stride: int, sizes: tuple[int, int], flags: int
) -> int:
    """Element index, in a packed [outer0][outer1][tile0][tile1] operand, of logical (o, t)."""
    a, b = (o[1], o[0]) if flags & TRANSPOSE_OUTER else o
    c, d = (t[1], t[0]) if flags & TRANSPOSE_INNER else t
    return a * outer_stride + (b * sizes[0] + c) * sizes[1] + d


def _logical_positions(
    outer: tuple[int, int], tile: tuple[int, int]
) -> list[tuple[tuple[int, int], tuple[int, int], int, int]]:
    """Every (o, t, i0, i1): logical outer and tile index and the unpacked row and column."""
    return [
        ((o0, o1), (t0, t1), o0 * tile[0] + t0, o1 * tile[1] + t1)
        for o0 in range(outer[0])
        for o1 in range(outer[1])
        for t0 in range(tile[0])
        for t1 in range(tile[1])
    ]


def pack(
    in_: object, in_offset: int, in_stride0: int, in_stride1: int,
    out: object, out_offset: int, out_stride0: int, out_stride1: int,
    in_size0: int, in_size1: int,
    out_size0: int, out_size1: int, out_size2: int, out_size3: int,
    padding_value: int, flags: int,
) -> tuple[int, ...]:  # fmt: skip
    """Tiles a 2-D input into [out_size0][out_size1][out_size2][out_size3]."""
    del out_stride1  # Ignored: the ukernel uses out_size2 * out_size3.
    esize = {PACK_F32F32: 4, PACK_I8I8: 1, PACK_I32I32: 4}.get(flags & 0xFF)
    if esize is None:
        raise RefError(INVALID_ARGUMENT, "unhandled flags")
    tile_size = out_size2 * out_size3 & MASK64
    in_view = map_2d(
        in_, "in", esize, in_offset, in_stride0, in_stride1, in_size0, in_size1, write=False
    )
    out_view = map_2d(
        out, "out", esize, out_offset, out_stride0, 1, out_size0, out_size1 * tile_size & MASK64,
        write=True,
    )  # fmt: skip
    if 0 in (out_size0, out_size1, out_size2, out_size3):
        return ()
    _refuse_negative(out_size0, out_size1, out_size2, out_size3)
    outer, tile = _tile_order((out_size0, out_size1), (out_size2, out_size3), flags)
    for o, t, i0, i1 in _logical_positions(outer, tile):
        if i0 < in_size0 and i1 < in_size1:
            value = in_view.load(i0 * in_stride0 + i1 * in_stride1)
        else:
            value = padding_value
        out_view.store(_packed_index(o, t, out_stride0, (out_size2, out_size3), flags), value)
    return ()


def unpack(
    in_: object, in_offset: int, in_stride0: int, in_stride1: int,
    out: object, out_offset: int, out_stride0: int, out_stride1: int,
    in_size0: int, in_size1: int, in_size2: int, in_size3: int,
    out_size0: int, out_size1: int, flags: int,
) -> tuple[int, ...]:  # fmt: skip
    """The inverse of `pack`: writes the in-range part of the unpacked 2-D array."""
    del in_stride1  # Ignored: the ukernel uses in_size2 * in_size3.
    esize = {PACK_F32F32: 4, PACK_I32I32: 4}.get(flags & 0xFF)
    if esize is None:
        raise RefError(INVALID_ARGUMENT, "unhandled flags")
    tile_size = in_size2 * in_size3 & MASK64
    in_view = map_2d(
        in_, "in", esize, in_offset, in_stride0, 1, in_size0, in_size1 * tile_size & MASK64,
        write=False,
    )  # fmt: skip
    out_view = map_2d(
        out, "out", esize, out_offset, out_stride0, out_stride1, out_size0, out_size1, write=True
    )
    if out_size0 == 0 or out_size1 == 0:
        return ()
    _refuse_negative(in_size0, in_size1, in_size2, in_size3)
    outer, tile = _tile_order((in_size0, in_size1), (in_size2, in_size3), flags)
    for o, t, i0, i1 in _logical_positions(outer, tile):
        if i0 < out_size0 and i1 < out_size1:
            value = in_view.load(_packed_index(o, t, in_stride0, (in_size2, in_size3), flags))
            out_view.store(i0 * out_stride0 + i1 * out_stride1, value)
    return ()


# IREE's generic (M, K, N) tile sizes, pyvmvx's fixed table for every matmul operation.
TILE_SIZES = dict.fromkeys((0x100, 0x200, 0x300, 0x400, 0x500, 0x600), (8, 4, 8))


def query_tile_sizes_2d(size0: int, size1: int, flags: int) -> tuple[int, int]:
    """LHS -> (M, K), RHS -> (N, K), RESULT -> (M, N); the sizes are ignored."""
    del size0, size1
    tiles, role = TILE_SIZES.get(flags & 0xFF00), flags & 0xFF
    if tiles is None or role not in (ROLE_LHS, ROLE_RHS, ROLE_RESULT):
        raise RefError(INVALID_ARGUMENT, "unhandled flags")
    m, k, n = tiles
    return {ROLE_LHS: (m, k), ROLE_RHS: (n, k), ROLE_RESULT: (m, n)}[role]


# --------------------------------------------------------------------------------------------
# The export table and calling conventions (IREE's `modules/vmvx/exports.inl`)
# --------------------------------------------------------------------------------------------

BINARY_CC = "0rIIIrIIIrIIIII_v"
UNARY_CC = "0rIIIrIIIII_v"

Export = Callable[..., tuple[int, ...]]


def _with_signature(signature: str, export: Export) -> Export:
    """`export` behind the VM's argument marshalling: the arity must match, and each `I`/`i`
    argument must be an integer of that width, signed or as an unsigned bit pattern; the
    export sees it signed."""
    kinds = signature[1 : signature.index("_")]

    def call(*args: object) -> tuple[int, ...]:
        if len(args) != len(kinds):
            raise RefError(INVALID_ARGUMENT, "signature mismatch")
        return export(*(_marshal(kind, arg) for kind, arg in zip(kinds, args, strict=True)))

    return call


def _marshal(kind: str, arg: object) -> object:
    if kind == "r":
        return arg
    bits = 64 if kind == "I" else 32
    try:
        value = operator.index(arg)  # type: ignore[call-overload]
    except TypeError:
        raise RefError(INVALID_ARGUMENT, "signature mismatch") from None
    if not -(1 << (bits - 1)) <= value < 1 << bits:
        raise RefError(INVALID_ARGUMENT, "signature mismatch")
    return _signed64(value) if bits == 64 else _signed32(value)


SIGNATURES: dict[str, str] = {
    **dict.fromkeys(BINARY_OPS, BINARY_CC),
    **dict.fromkeys(UNARY_OPS, UNARY_CC),
    **dict.fromkeys(COPY_ELEMENT_SIZES, UNARY_CC),
    "fill.2d.x32": "0irIIII_v",
    "mmt4d": "0rIIrIIrIIIIIiiii_v",
    "pack": "0rIIIrIIIIIIIIIIi_v",
    "query_tile_sizes.2d": "0IIi_II",
    "unpack": "0rIIIrIIIIIIIIIi_v",
}

_KERNELS: dict[str, Export] = {
    **{name: _binary_export(op) for name, op in BINARY_OPS.items()},
    **{name: _unary_export(op) for name, op in UNARY_OPS.items()},
    **{name: _unary_export(lambda v: v, esize) for name, esize in COPY_ELEMENT_SIZES.items()},
    "fill.2d.x32": fill_2d_x32,
    "mmt4d": mmt4d,
    "pack": pack,
    "query_tile_sizes.2d": query_tile_sizes_2d,
    "unpack": unpack,
}

# Import name -> the reference export, called with the import's flattened arguments.
EXPORTS: dict[str, Export] = {
    name: _with_signature(SIGNATURES[name], kernel) for name, kernel in _KERNELS.items()
}


def min_max_float_bits(lhs: int, rhs: int, dtype: np.dtype, pick_max: bool) -> int:
    """pyvmvx's `arith.maximumf`/`minimumf` (the scalar VM's lowering in `to_vm/arith.py`,
    which its `ex` ukernels match) on the bit patterns of two `dtype` floats: a NaN rhs, else
    a NaN lhs, else equal values (two zeros) AND-ed (max) / OR-ed (min), else the
    larger/smaller value. (Not one of IREE's 32 exports: pyvmvx's extension semantics.)"""
    x, y = np.array([lhs, rhs], f"u{dtype.itemsize}").view(dtype)
    if np.isnan(y):
        return rhs
    if np.isnan(x):
        return lhs
    if x == y:
        return lhs & rhs if pick_max else lhs | rhs
    return lhs if (x > y) == pick_max else rhs
