"""The VM op table: for each `vm` op, what it takes and returns and what it does.

An `OpSpec` lists an op's operand and result kinds, its immediates, whether it names a symbol
and how many successors it has; the module validator checks every instruction against it. Its
`template` is the op's semantics as a Python statement with placeholders (`{a0}` operands,
`{r0}` results, `{k0}` immediates, `{s}` the symbol index, `{c0}` the Python class a ref result
register must hold); the executor fills them with register names and validated integers, so
generated code never contains text taken from a module file. Control flow, calls and returns
have no template: the executor emits them itself.

This table is the single source of pyvmvx's `vm` op set (IREE keeps its bytecode ops in
`runtime/src/iree/vm/bytecode/isa/isa.json`). Besides `OPS`, the instructions a module file may
hold, it names the `vm` ops that never reach a module file: `PSEUDO_OPS`, which the compiler
expands into instructions, and `DECLARATIONS`, which become the module file's tables. The
compiler's `vm` dialect is checked against all three, op by op, down to operand, result and
immediate kinds (`pyvmvx/dialects/vm/op_table.py`).

Semantics follow IREE's VM (`runtime/src/iree/vm/ops.h`, `bytecode/dispatch.c`):

- Registers hold Python ints normalized to the signed range of their width, floats already
  rounded to f32 for f32 registers, and `Buffer`/`List`/None for refs.
- Integer arithmetic wraps; shift amounts are masked to the width (`& 31`, `& 63`).
- Buffer loads/stores/fills take *element* offsets and lengths; copy/compare/clone take bytes.
- f32 arithmetic is done in f64 and rounded to f32 once per op, which gives the correctly
  rounded f32 result for + - * / and sqrt; math functions are correctly rounded f64 results
  rounded to f32 (IREE's libm may differ by an ulp). `vm.fma.f32` is `f32(a*b + c)` with the
  product exact.
- Float-to-int casts round half away from zero (IREE's `lroundf`: 2.5 -> 3) and then wrap to the
  result width; NaN, infinities and magnitudes >= 2**63 give -2**63 before wrapping (x86-64's
  result for IREE's undefined cases). `vm.rem.f*` is IEEE `remainder` (IREE's `remainderf`).
- `vm.min.f*`/`vm.max.f*` are IREE's `rhs < lhs ? rhs : lhs` / `lhs < rhs ? rhs : lhs`.
  These ops keep IREE's meaning, as do `vm.trunc.i32.i8`/`.i16` (zero-extending): where
  MLIR's `arith` ops differ (fptosi truncates, remf is `fmod`, maximumf orders -0.0 below
  +0.0, narrow integers stay sign-extended), the compiler emits other sequences of VM ops
  (`pyvmvx/conversion/to_vm/arith.py`).
- f16 and bf16 values live in f32 registers. pyvmvx adds three ops per type IREE's VM lacks:
  `vm.buffer.load.f16`/`vm.buffer.store.f16` read and write IEEE halves (a store rounds) and
  `vm.trunc.f32.f16` rounds an f32 register to the nearest f16 (ties to even, overflowing
  to +-inf); `.bf16` likewise for bfloat16 (the high half of an f32: a load shifts its bits
  up, a rounding keeps NaN a NaN by setting its quiet bit, and f32 subnormals round to bf16
  subnormals).

Where IREE's C is undefined or disagrees with the op's definition we choose, and say so here:
integer division or remainder by zero raises INVALID_ARGUMENT (C traps); `INT_MIN / -1` wraps to
`INT_MIN` with remainder 0; `abs(INT_MIN)` is `INT_MIN`; ordered compares (`.o`) are false and
unordered ones (`.u`) true when an operand is NaN (IREE's C makes `vm.cmp.ne.f*.o` true for NaN).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument, out_of_range
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.format import Data, Splat
from pyvmvx.runtime.vm.ints import wrap_int
from pyvmvx.runtime.vm.list import List
from pyvmvx.runtime.vm.ref import RefObject

VALUE_TYPES = ("i32", "i64", "f32", "f64")
REF_TYPES = ("buffer", "list", "ref")
REGISTER_TYPES = VALUE_TYPES + REF_TYPES
"""Register (and global) types; `ref` is any ref (IREE's `!vm.ref<?>`)."""

LIST_ELEMENT_TYPES = REGISTER_TYPES
"""Element types `vm.list.alloc` accepts (those of `List`)."""

IMMEDIATE_KINDS = ("i32", "i64", "f32", "f64", "str", "bytes", "alignment", "element_type")
"""`i32`: int in [-2**31, 2**32) (wrapped); `i64`: int in [-2**63, 2**63); `f32`/`f64`: float;
`bytes`: bytes or a `format.Splat` of them; `alignment`: power of two in [1, MAX_ALIGNMENT];
`element_type`: one of LIST_ELEMENT_TYPES."""

SYMBOL_KINDS = ("global", "rodata", "callee", "import")

MAX_ALIGNMENT = 1 << 16
MAX_ALLOCATION = 1 << 40
"""Largest `vm.buffer.alloc`/`clone` a module may request; larger is RESOURCE_EXHAUSTED."""
IN_PLACE_RODATA = 1 << 16
"""Rodata views of a module file this large are used in place even when misaligned."""
MAX_LIST_SIZE = 1 << 26
"""Largest size `vm.list.resize` may ask for; larger is RESOURCE_EXHAUSTED."""


@dataclass(frozen=True)
class OpSpec:
    """What the validator checks about one op and how the executor runs it.

    `operands`/`results` are register kinds: a register type, where `ref` accepts any ref
    register. `successors` is the exact count, or -1 for one or more (`vm.br_table`). Ops with
    `signature` take their operand/result types from the callee (`"callee"`), from a variadic
    import (`"variadic"`: `vm.call.variadic`, whose immediates are the number of values, or
    tuples, passed for each variadic argument of the import, in order) or from the enclosing
    function's results (`"function"`) instead of `operands`/`results`.
    """

    name: str
    operands: tuple[str, ...] = ()
    results: tuple[str, ...] = ()
    template: str = ""
    immediates: tuple[str, ...] = ()
    symbol: str | None = None
    successors: int = 0
    terminator: bool = False
    signature: str | None = None
    prepare: Callable[[tuple[Any, ...]], tuple[Any, ...]] | None = None
    """Turns the validated immediates into the values the template's `{k*}` refer to."""


# ---------------------------------------------------------------------------
# Value helpers (bound into the generated code's namespace)
# ---------------------------------------------------------------------------

_F32 = struct.Struct("<f")
_I32 = struct.Struct("<i")
_F64 = struct.Struct("<d")
_F16 = struct.Struct("<e")
_I64 = struct.Struct("<q")
_U32 = struct.Struct("<I")
_INF = math.inf
_NAN = math.nan


def wrap(expr: str, bits: int) -> str:
    """Python source wrapping integer expression `expr` to a signed `bits`-bit value."""
    half = 1 << (bits - 1)
    return f"((({expr}) + {half}) & {(1 << bits) - 1}) - {half}"


def f32(value: float) -> float:
    """Round a Python float to the nearest f32 (ties to even), overflowing to +-inf."""
    try:
        return _F32.unpack(_F32.pack(value))[0]
    except OverflowError:
        return math.copysign(_INF, value)


def f16(value: float) -> float:
    """Round a Python float to the nearest f16 (ties to even), overflowing to +-inf."""
    try:
        return _F16.unpack(_F16.pack(value))[0]
    except OverflowError:
        return math.copysign(_INF, value)


def bf16_bits(value: float) -> int:
    """The bf16 bits of the f32 `value` rounded to nearest (ties to even), overflowing to
    +-inf; a NaN stays a NaN (quiet, its sign and high payload kept)."""
    try:
        bits = _U32.unpack(_F32.pack(value))[0]
    except OverflowError:
        return 0x7F80 if value > 0 else 0xFF80
    if value != value:
        return (bits >> 16) | 0x40
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def bf16_value(bits: int) -> float:
    """The value of the bf16 with bits `bits` (their low 16), as an f32 register holds it."""
    return _F32.unpack(_U32.pack((bits & 0xFFFF) << 16))[0]


def bf16(value: float) -> float:
    """Round an f32 to the nearest bf16 (ties to even), overflowing to +-inf."""
    return bf16_value(bf16_bits(value))


def _int_to_f32(value: int) -> float:
    """Round an integer of any size to f32 once (float(value) would round twice)."""
    magnitude = abs(value)
    shift = magnitude.bit_length() - 24
    if shift <= 0:
        return float(value)
    mantissa, rest = magnitude >> shift, magnitude & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    if rest > half or (rest == half and mantissa & 1):
        mantissa += 1
    return f32(math.copysign(float(mantissa << shift), value))


def _division_by_zero() -> StatusError:
    return invalid_argument("integer division by zero")


def _sdiv(lhs: int, rhs: int) -> int:
    """C's truncating signed division (the caller wraps INT_MIN / -1)."""
    if rhs == 0:
        raise _division_by_zero()
    quotient = abs(lhs) // abs(rhs)
    return -quotient if (lhs < 0) != (rhs < 0) else quotient


def _srem(lhs: int, rhs: int) -> int:
    """C's signed remainder: the sign of the dividend."""
    if rhs == 0:
        raise _division_by_zero()
    remainder = abs(lhs) % abs(rhs)
    return -remainder if lhs < 0 else remainder


def _udiv(lhs: int, rhs: int, mask: int) -> int:
    if rhs & mask == 0:
        raise _division_by_zero()
    return (lhs & mask) // (rhs & mask)


def _urem(lhs: int, rhs: int, mask: int) -> int:
    if rhs & mask == 0:
        raise _division_by_zero()
    return (lhs & mask) % (rhs & mask)


def _fdiv(lhs: float, rhs: float) -> float:
    if rhs == 0.0:
        if lhs == 0.0 or lhs != lhs:
            return _NAN
        return math.copysign(_INF, lhs) * math.copysign(1.0, rhs)
    return lhs / rhs


def _remainder(lhs: float, rhs: float) -> float:
    """IEEE remainder (C's `remainder`): NaN for x=inf or y=0, x for y=inf."""
    if lhs != lhs or rhs != rhs or rhs == 0.0 or math.isinf(lhs):
        return _NAN
    if math.isinf(rhs):
        return lhs
    return math.remainder(lhs, rhs)


def _integral(function: Callable[[float], int]) -> Callable[[float], float]:
    """Lift math.ceil/floor/trunc-like functions to IEEE: keep inf/NaN and the sign of zero."""

    def apply(value: float) -> float:
        if value != value or math.isinf(value):
            return value
        return math.copysign(float(function(value)), value)

    return apply


def _round_half_away(value: float) -> int:
    truncated = math.trunc(value)
    if abs(value - truncated) >= 0.5:
        truncated += 1 if value > 0 else -1
    return truncated


_ceil = _integral(math.ceil)
_floor = _integral(math.floor)
_round = _integral(_round_half_away)
_round_even = _integral(round)


def _lround(value: float) -> int:
    """IREE's lround-then-cast: round half away; -2**63 where C's lround is undefined."""
    if value != value or math.isinf(value) or abs(value) >= 9.223372036854775808e18:
        return -(1 << 63)
    return _round_half_away(value)


def _min(lhs: float, rhs: float) -> float:
    return rhs if rhs < lhs else lhs


def _max(lhs: float, rhs: float) -> float:
    return rhs if lhs < rhs else lhs


def _guard(function: Callable[..., float], on_overflow: float) -> Callable[..., float]:
    """Give a math function IEEE results: NaN for domain errors, `on_overflow` for overflow."""

    def apply(*args: float) -> float:
        try:
            return function(*args)
        except OverflowError:
            return on_overflow
        except ValueError:
            return _NAN

    return apply


def _log_family(function: Callable[[float], float], pole: float) -> Callable[[float], float]:
    """log/log2/log10 (pole 0) and log1p (pole -1): -inf at the pole, NaN below it."""

    def apply(value: float) -> float:
        if value == pole:
            return -_INF
        if value < pole or value != value:
            return _NAN
        return function(value)

    return apply


def _sqrt(value: float) -> float:
    return _NAN if value < 0.0 or value != value else math.sqrt(value)


def _rsqrt(value: float) -> float:
    return _fdiv(1.0, _sqrt(value))


def _is_odd_integer(value: float) -> bool:
    return math.isfinite(value) and value == math.floor(value) and math.fmod(value, 2.0) != 0.0


def _pow(base: float, exponent: float) -> float:
    try:
        return math.pow(base, exponent)
    except OverflowError:
        negative = base < 0.0 and _is_odd_integer(exponent)
        return -_INF if negative else _INF
    except ValueError:
        if base == 0.0:  # 0 ** negative: a pole
            return math.copysign(_INF, base) if _is_odd_integer(exponent) else _INF
        return _NAN


_exp = _guard(math.exp, _INF)
_exp2 = _guard(math.exp2, _INF)
_expm1 = _guard(math.expm1, _INF)
_sin = _guard(math.sin, _NAN)
_cos = _guard(math.cos, _NAN)
_log = _log_family(math.log, 0.0)
_log2 = _log_family(math.log2, 0.0)
_log10 = _log_family(math.log10, 0.0)
_log1p = _log_family(math.log1p, -1.0)


def _bitcast(pack: struct.Struct, unpack: struct.Struct) -> Callable[[Any], Any]:
    def apply(value: Any) -> Any:
        return unpack.unpack(pack.pack(value))[0]

    return apply


# ---------------------------------------------------------------------------
# Ref helpers
# ---------------------------------------------------------------------------


def _buffer(value: Any, what: str) -> Buffer:
    if isinstance(value, Buffer):
        return value
    if value is None:
        raise invalid_argument(f"{what} is null")
    raise invalid_argument(f"ref type mismatch: {what} is a {type(value).__name__}, not a buffer")


def _list(value: Any) -> List:
    if isinstance(value, List):
        return value
    if value is None:
        raise invalid_argument("list is null")
    raise invalid_argument(f"ref type mismatch: list is a {type(value).__name__}")


def _check_ref(value: Any, cls: type | tuple[type, ...]) -> Any:
    """vm.cast.any.ref: a ref of the wanted class or null, else INVALID_ARGUMENT."""
    if value is None or isinstance(value, cls):
        return value
    raise invalid_argument(f"ref type mismatch: {type(value).__name__} is not the cast's type")


def _element_range(buffer: Buffer, offset: int, count: int, size: int) -> tuple[int, int]:
    """Byte range of `count` elements of `size` bytes at element `offset`, bounds-checked."""
    start = offset * size
    end = start + count * size
    if offset < 0 or count < 0 or end > buffer.length:
        raise out_of_range(
            f"out-of-bounds access detected (offset={start}, length={count * size}, "
            f"alignment={size}, buffer length={buffer.length})"
        )
    return start, end


def _writable(buffer: Buffer) -> Buffer:
    if not buffer.mutable:
        raise StatusError(
            StatusCode.PERMISSION_DENIED, "buffer is read-only and cannot be mapped for mutation"
        )
    return buffer


def _loader(layout: struct.Struct) -> Callable[[Any, int], Any]:
    size = layout.size

    def load(buffer: Any, index: int) -> Any:
        buffer = _buffer(buffer, "source_buffer")
        start, _ = _element_range(buffer, index, 1, size)
        return layout.unpack_from(buffer.data, start)[0]

    return load


def _storer(layout: struct.Struct, mask: int | None) -> Callable[[Any, int, Any], None]:
    size = layout.size

    def store(buffer: Any, index: int, value: Any) -> None:
        buffer = _writable(_buffer(buffer, "target_buffer"))
        start, _ = _element_range(buffer, index, 1, size)
        layout.pack_into(buffer.data, start, value & mask if mask is not None else value)

    return store


def _filler(dtype: type, mask: int | None) -> Callable[[Any, int, int, Any], None]:
    size = np.dtype(dtype).itemsize

    def fill(buffer: Any, offset: int, length: int, value: Any) -> None:
        buffer = _writable(_buffer(buffer, "target_buffer"))
        start, end = _element_range(buffer, offset, length, size)
        pattern = dtype(value & mask if mask is not None else value)
        buffer.data[start:end].view(dtype)[:] = pattern

    return fill


def _byte_range(buffer: Any, offset: int, length: int, what: str) -> tuple[Buffer, int, int]:
    buffer = _buffer(buffer, what)
    start, end = _element_range(buffer, offset, length, 1)
    return buffer, start, end


def _allocate(length: int, alignment: int) -> Buffer:
    if alignment == 0:
        alignment = 16
    if alignment < 0 or alignment > MAX_ALIGNMENT or alignment & (alignment - 1):
        raise invalid_argument(f"alignment must be a power of two <= {MAX_ALIGNMENT}")
    if not 0 <= length <= MAX_ALLOCATION:
        raise StatusError(StatusCode.RESOURCE_EXHAUSTED, f"cannot allocate {length} bytes")
    try:
        return Buffer.allocate(length, alignment)
    except MemoryError:
        raise StatusError(
            StatusCode.RESOURCE_EXHAUSTED, f"cannot allocate {length} bytes"
        ) from None


def _buffer_clone(source: Any, offset: int, length: int, alignment: int) -> Buffer:
    source, start, end = _byte_range(source, offset, length, "source")
    clone = _allocate(length, alignment)
    clone.data[:] = source.data[start:end]
    return clone


def _buffer_copy(source: Any, source_offset: int, target: Any, target_offset: int, n: int) -> None:
    source, start, end = _byte_range(source, source_offset, n, "source_buffer")
    target, target_start, target_end = _byte_range(target, target_offset, n, "target_buffer")
    _writable(target).data[target_start:target_end] = source.data[start:end]


def _buffer_compare(lhs: Any, lhs_offset: int, rhs: Any, rhs_offset: int, n: int) -> int:
    lhs, lhs_start, lhs_end = _byte_range(lhs, lhs_offset, n, "lhs_buffer")
    rhs, rhs_start, rhs_end = _byte_range(rhs, rhs_offset, n, "rhs_buffer")
    return 1 if bytes(lhs.data[lhs_start:lhs_end]) == bytes(rhs.data[rhs_start:rhs_end]) else 0


def read_only_buffer(data: Data, alignment: int) -> Buffer:
    """A read-only, `alignment`-aligned copy of `data` (rodata); a splat is materialized here,
    its pattern copied once and then the filled prefix doubled (a few large copies). A view of
    a module file's bytes (`memoryview`) is used in place, not copied, when the file has it at
    an aligned address or it has `IN_PLACE_RODATA` bytes or more (weights)."""
    if isinstance(data, memoryview):
        view = Buffer(data, mutable=False)
        if view.length >= IN_PLACE_RODATA or view.data.ctypes.data % alignment == 0:
            return view
    storage = Buffer.allocate(len(data), alignment)
    if isinstance(data, Splat):
        filled = len(data.pattern)
        storage.data[:filled] = np.frombuffer(data.pattern, dtype=np.uint8)
        while filled < data.length:
            step = min(filled, data.length - filled)
            storage.data[filled : filled + step] = storage.data[:step]
            filled += step
    else:
        storage.data[:] = np.frombuffer(data, dtype=np.uint8)
    return Buffer(storage.data, mutable=False)


def _list_alloc(element_type: str, capacity: int) -> List:
    return List(element_type, max(capacity, 0))


def _list_resize(lst: Any, size: int) -> None:
    """vm.list.resize; the size is unsigned, as in IREE, and at most MAX_LIST_SIZE. Running
    out of memory while growing is RESOURCE_EXHAUSTED, as for buffers."""
    size &= 0xFFFFFFFF
    if size > MAX_LIST_SIZE:
        raise StatusError(StatusCode.RESOURCE_EXHAUSTED, f"cannot resize a list to {size}")
    try:
        _list(lst).resize(size)
    except MemoryError:
        message = f"out of memory resizing a list to {size}"
        raise StatusError(StatusCode.RESOURCE_EXHAUSTED, message) from None


def _list_get_int(bits: int) -> Callable[[Any, int], int]:
    def get(lst: Any, index: int) -> int:
        value = _list(lst).get(index)
        if not isinstance(value, int):
            raise invalid_argument(f"list element {index} is not an integer")
        return wrap_int(value, bits)

    return get


def _list_get_float(rounding: Callable[[float], float]) -> Callable[[Any, int], float]:
    def get(lst: Any, index: int) -> float:
        value = _list(lst).get(index)
        if not isinstance(value, float):
            raise invalid_argument(f"list element {index} is not a float")
        return rounding(value)

    return get


def _list_get_ref(lst: Any, index: int, cls: type | tuple[type, ...]) -> Any:
    """IREE's vm.list.get.ref: a ref of another type than the result's reads as null."""
    value = _list(lst).get(index)
    return value if isinstance(value, cls) else None


def _list_set(lst: Any, index: int, value: Any) -> None:
    _list(lst).set(index, value)


_STATUS_BY_NUMBER = (
    "OK",
    StatusCode.CANCELLED,
    StatusCode.UNKNOWN,
    StatusCode.INVALID_ARGUMENT,
    StatusCode.DEADLINE_EXCEEDED,
    StatusCode.NOT_FOUND,
    StatusCode.ALREADY_EXISTS,
    StatusCode.PERMISSION_DENIED,
    StatusCode.RESOURCE_EXHAUSTED,
    StatusCode.FAILED_PRECONDITION,
    StatusCode.ABORTED,
    StatusCode.OUT_OF_RANGE,
    StatusCode.UNIMPLEMENTED,
    StatusCode.INTERNAL,
    StatusCode.UNAVAILABLE,
    StatusCode.DATA_LOSS,
    StatusCode.UNAUTHENTICATED,
    StatusCode.DEFERRED,
    StatusCode.INCOMPATIBLE,
)


def _fail(status: int, message: str) -> None:
    """vm.fail: raise with IREE's numbered status (0 and unknown numbers become UNKNOWN)."""
    code = _STATUS_BY_NUMBER[status] if 0 < status < len(_STATUS_BY_NUMBER) else "UNKNOWN"
    raise StatusError(code, message)


_TEMPLATE_FUNCTIONS = """
    _int_to_f32 _sdiv _srem _udiv _urem _fdiv _remainder _ceil _floor _round _round_even _lround
    _min _max _sqrt _rsqrt _pow _exp _exp2 _expm1 _sin _cos _log _log2 _log10 _log1p _buffer
    _list _check_ref _allocate _buffer_clone _buffer_copy _buffer_compare _list_alloc
    _list_resize _list_get_ref _list_set _fail
""".split()

HELPERS: dict[str, Any] = {name: globals()[name] for name in _TEMPLATE_FUNCTIONS}
"""The namespace generated code runs in: every name the templates use."""
HELPERS.update(
    math=math,
    _f32=f32,
    _f16=f16,
    _bf16=bf16,
    _bf16_bits=bf16_bits,
    _bf16_value=bf16_value,
    _RC_buffer=Buffer,
    _RC_list=List,
    _RC_ref=(Buffer, List, RefObject),
    _ld_f32=_loader(_F32),
    _ld_f64=_loader(_F64),
    _ld_f16=_loader(_F16),
)
HELPERS.update(
    _ld_i8u=_loader(struct.Struct("<B")),
    _ld_i8s=_loader(struct.Struct("<b")),
    _ld_i16u=_loader(struct.Struct("<H")),
    _ld_i16s=_loader(struct.Struct("<h")),
    _ld_i32=_loader(_I32),
    _ld_i64=_loader(_I64),
    _st_i8=_storer(struct.Struct("<B"), 0xFF),
    _st_i16=_storer(struct.Struct("<H"), 0xFFFF),
    _st_i32=_storer(_I32, None),
    _st_i64=_storer(_I64, None),
    _st_f32=_storer(_F32, None),
    _st_f64=_storer(_F64, None),
    _st_f16=_storer(_F16, None),
    _fill_i8=_filler(np.uint8, 0xFF),
    _fill_i16=_filler(np.uint16, 0xFFFF),
    _fill_i32=_filler(np.int32, None),
    _fill_i64=_filler(np.int64, None),
    _fill_f32=_filler(np.float32, None),
    _fill_f64=_filler(np.float64, None),
    _bc_i32_f32=_bitcast(_I32, _F32),
    _bc_f32_i32=_bitcast(_F32, _I32),
    _bc_i64_f64=_bitcast(_I64, _F64),
    _bc_f64_i64=_bitcast(_F64, _I64),
    _lget_i32=_list_get_int(32),
    _lget_i64=_list_get_int(64),
    _lget_f32=_list_get_float(f32),
    _lget_f64=_list_get_float(float),
)


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

OPS: dict[str, OpSpec] = {}


def _op(name: str, *args: Any, **kwargs: Any) -> None:
    if name in OPS:
        raise AssertionError(f"duplicate op {name}")
    OPS[name] = OpSpec(name, *args, **kwargs)


def _unary(name: str, kind: str, expr: str, result: str | None = None) -> None:
    _op(name, (kind,), (result or kind,), "{r0} = " + expr)


def _binary(name: str, kind: str, expr: str, result: str | None = None) -> None:
    _op(name, (kind, kind), (result or kind,), "{r0} = " + expr)


def _define_integer_ops(kind: str, bits: int) -> None:
    mask = (1 << bits) - 1
    _binary(f"vm.add.{kind}", kind, wrap("{a0} + {a1}", bits))
    _binary(f"vm.sub.{kind}", kind, wrap("{a0} - {a1}", bits))
    _binary(f"vm.mul.{kind}", kind, wrap("{a0} * {a1}", bits))
    _binary(f"vm.div.{kind}.s", kind, wrap("_sdiv({a0}, {a1})", bits))
    _binary(f"vm.div.{kind}.u", kind, wrap(f"_udiv({{a0}}, {{a1}}, {mask})", bits))
    _binary(f"vm.rem.{kind}.s", kind, "_srem({a0}, {a1})")
    _binary(f"vm.rem.{kind}.u", kind, wrap(f"_urem({{a0}}, {{a1}}, {mask})", bits))
    _op(f"vm.fma.{kind}", (kind,) * 3, (kind,), "{r0} = " + wrap("{a0} * {a1} + {a2}", bits))
    _unary(f"vm.abs.{kind}", kind, wrap("abs({a0})", bits))
    _binary(f"vm.min.{kind}.s", kind, "{a1} if {a1} < {a0} else {a0}")
    _binary(f"vm.max.{kind}.s", kind, "{a1} if {a0} < {a1} else {a0}")
    _binary(f"vm.min.{kind}.u", kind, f"{{a1}} if {{a1}} & {mask} < {{a0}} & {mask} else {{a0}}")
    _binary(f"vm.max.{kind}.u", kind, f"{{a1}} if {{a0}} & {mask} < {{a1}} & {mask} else {{a0}}")
    _unary(f"vm.not.{kind}", kind, "~{a0}")
    _binary(f"vm.and.{kind}", kind, "{a0} & {a1}")
    _binary(f"vm.or.{kind}", kind, "{a0} | {a1}")
    _binary(f"vm.xor.{kind}", kind, "{a0} ^ {a1}")
    _unary(f"vm.ctlz.{kind}", kind, f"{bits} - ({{a0}} & {mask}).bit_length()")
    shift = f"({{a1}} & {bits - 1})"
    _op(f"vm.shl.{kind}", (kind, "i32"), (kind,), "{r0} = " + wrap(f"{{a0}} << {shift}", bits))
    _op(f"vm.shr.{kind}.s", (kind, "i32"), (kind,), f"{{r0}} = {{a0}} >> {shift}")
    _op(
        f"vm.shr.{kind}.u",
        (kind, "i32"),
        (kind,),
        "{r0} = " + wrap(f"({{a0}} & {mask}) >> {shift}", bits),
    )
    for pred, expr in (("eq", "{a0} == {a1}"), ("ne", "{a0} != {a1}")):
        _binary(f"vm.cmp.{pred}.{kind}", kind, f"1 if {expr} else 0", "i32")
    for pred, op, swap in (("lt", "<", False), ("lte", "<=", False), ("gt", "<", True)):
        lhs, rhs = ("{a1}", "{a0}") if swap else ("{a0}", "{a1}")
        _binary(f"vm.cmp.{pred}.{kind}.s", kind, f"1 if {lhs} {op} {rhs} else 0", "i32")
        unsigned = f"1 if {lhs} & {mask} {op} {rhs} & {mask} else 0"
        _binary(f"vm.cmp.{pred}.{kind}.u", kind, unsigned, "i32")
    _binary(f"vm.cmp.gte.{kind}.s", kind, "1 if {a0} >= {a1} else 0", "i32")
    _binary(f"vm.cmp.gte.{kind}.u", kind, f"1 if {{a0}} & {mask} >= {{a1}} & {mask} else 0", "i32")
    _unary(f"vm.cmp.nz.{kind}", kind, "1 if {a0} else 0", "i32")
    _op(f"vm.const.{kind}", (), (kind,), "{r0} = {k0}", immediates=(kind,))


def _define_float_ops(kind: str) -> None:
    r = "_f32" if kind == "f32" else ""

    def rounded(expr: str) -> str:
        return f"{r}({expr})"

    _binary(f"vm.add.{kind}", kind, rounded("{a0} + {a1}"))
    _binary(f"vm.sub.{kind}", kind, rounded("{a0} - {a1}"))
    _binary(f"vm.mul.{kind}", kind, rounded("{a0} * {a1}"))
    _binary(f"vm.div.{kind}", kind, rounded("_fdiv({a0}, {a1})"))
    _binary(f"vm.rem.{kind}", kind, rounded("_remainder({a0}, {a1})"))
    _op(f"vm.fma.{kind}", (kind,) * 3, (kind,), "{r0} = " + rounded("{a0} * {a1} + {a2}"))
    _unary(f"vm.abs.{kind}", kind, "abs({a0})")
    _unary(f"vm.neg.{kind}", kind, "-{a0}")
    _binary(f"vm.min.{kind}", kind, "_min({a0}, {a1})")
    _binary(f"vm.max.{kind}", kind, "_max({a0}, {a1})")
    for name, function in (
        ("ceil", "_ceil"),
        ("floor", "_floor"),
        ("round", "_round"),
        ("atan", "math.atan"),
        ("cos", "_cos"),
        ("sin", "_sin"),
        ("exp", "_exp"),
        ("exp2", "_exp2"),
        ("expm1", "_expm1"),
        ("log", "_log"),
        ("log10", "_log10"),
        ("log1p", "_log1p"),
        ("log2", "_log2"),
        ("rsqrt", "_rsqrt"),
        ("sqrt", "_sqrt"),
        ("tanh", "math.tanh"),
        ("erf", "math.erf"),
    ):
        _unary(f"vm.{name}.{kind}", kind, rounded(f"{function}({{a0}})"))
    _unary(f"vm.round.{kind}.even", kind, "_round_even({a0})")
    _binary(f"vm.atan2.{kind}", kind, rounded("math.atan2({a0}, {a1})"))
    _binary(f"vm.pow.{kind}", kind, rounded("_pow({a0}, {a1})"))
    ordered = {
        "eq": "{a0} == {a1}",
        "ne": "{a0} < {a1} or {a1} < {a0}",
        "lt": "{a0} < {a1}",
        "lte": "{a0} <= {a1}",
        "gt": "{a1} < {a0}",
        "gte": "{a1} <= {a0}",
    }
    unordered = {
        "eq": "not ({a0} < {a1} or {a1} < {a0})",
        "ne": "not {a0} == {a1}",
        "lt": "not {a1} <= {a0}",
        "lte": "not {a1} < {a0}",
        "gt": "not {a0} <= {a1}",
        "gte": "not {a0} < {a1}",
    }
    for pred, expr in ordered.items():
        _binary(f"vm.cmp.{pred}.{kind}.o", kind, f"1 if {expr} else 0", "i32")
        _binary(f"vm.cmp.{pred}.{kind}.u", kind, f"1 if {unordered[pred]} else 0", "i32")
    _unary(f"vm.cmp.nan.{kind}", kind, "1 if {a0} != {a0} else 0", "i32")
    _unary(f"vm.cmp.nz.{kind}.o", kind, "1 if {a0} < 0.0 or 0.0 < {a0} else 0", "i32")
    _unary(f"vm.cmp.nz.{kind}.u", kind, "0 if {a0} == 0.0 else 1", "i32")
    _op(f"vm.const.{kind}", (), (kind,), "{r0} = {k0}", immediates=(kind,))


def _define_typed_ops(kind: str) -> None:
    """Ops that exist for every value type: zero constants, select, globals, lists, buffers."""
    zero = "0.0" if kind.startswith("f") else "0"
    _op(f"vm.const.{kind}.zero", (), (kind,), f"{{r0}} = {zero}")
    _op(f"vm.select.{kind}", ("i32", kind, kind), (kind,), "{r0} = {a1} if {a0} else {a2}")
    _op(f"vm.global.load.{kind}", (), (kind,), "{r0} = _G[{s}]", symbol="global")
    _op(f"vm.global.store.{kind}", (kind,), (), "_G[{s}] = {a0}", symbol="global")
    _op(f"vm.list.get.{kind}", ("list", "i32"), (kind,), f"{{r0}} = _lget_{kind}({{a0}}, {{a1}})")
    _op(f"vm.list.set.{kind}", ("list", "i32", kind), (), "_list_set({a0}, {a1}, {a2})")
    if kind != "i32":
        _op(
            f"vm.buffer.load.{kind}",
            ("buffer", "i64"),
            (kind,),
            f"{{r0}} = _ld_{kind}({{a0}}, {{a1}})",
        )
        _op(
            f"vm.buffer.store.{kind}",
            ("buffer", "i64", kind),
            (),
            f"_st_{kind}({{a0}}, {{a1}}, {{a2}})",
        )
        _op(
            f"vm.buffer.fill.{kind}",
            ("buffer", "i64", "i64", kind),
            (),
            f"_fill_{kind}({{a0}}, {{a1}}, {{a2}}, {{a3}})",
        )


def _define_conversions() -> None:
    for name, kind_in, kind_out, expr in (
        ("vm.trunc.i32.i8", "i32", "i32", "{a0} & 255"),
        ("vm.trunc.i32.i16", "i32", "i32", "{a0} & 65535"),
        ("vm.trunc.i16.i8", "i32", "i32", "{a0} & 255"),
        ("vm.trunc.i64.i8", "i64", "i32", "{a0} & 255"),
        ("vm.trunc.i64.i16", "i64", "i32", "{a0} & 65535"),
        ("vm.trunc.i64.i32", "i64", "i32", wrap("{a0}", 32)),
        ("vm.ext.i8.i32.s", "i32", "i32", "(({a0} & 255) ^ 128) - 128"),
        ("vm.ext.i8.i32.u", "i32", "i32", "{a0} & 255"),
        ("vm.ext.i16.i32.s", "i32", "i32", "(({a0} & 65535) ^ 32768) - 32768"),
        ("vm.ext.i16.i32.u", "i32", "i32", "{a0} & 65535"),
        ("vm.ext.i8.i64.s", "i32", "i64", "(({a0} & 255) ^ 128) - 128"),
        ("vm.ext.i8.i64.u", "i32", "i64", "{a0} & 255"),
        ("vm.ext.i16.i64.s", "i32", "i64", "(({a0} & 65535) ^ 32768) - 32768"),
        ("vm.ext.i16.i64.u", "i32", "i64", "{a0} & 65535"),
        ("vm.ext.i32.i64.s", "i32", "i64", "{a0}"),
        ("vm.ext.i32.i64.u", "i32", "i64", "{a0} & 4294967295"),
        ("vm.trunc.f64.f32", "f64", "f32", "_f32({a0})"),
        ("vm.trunc.f32.f16", "f32", "f32", "_f16({a0})"),
        ("vm.trunc.f32.bf16", "f32", "f32", "_bf16({a0})"),
        ("vm.ext.f32.f64", "f32", "f64", "{a0}"),
        ("vm.cast.si32.f32", "i32", "f32", "_f32(float({a0}))"),
        ("vm.cast.ui32.f32", "i32", "f32", "_f32(float({a0} & 4294967295))"),
        ("vm.cast.si64.f32", "i64", "f32", "_int_to_f32({a0})"),
        ("vm.cast.ui64.f32", "i64", "f32", "_int_to_f32({a0} & 18446744073709551615)"),
        ("vm.cast.si64.f64", "i64", "f64", "float({a0})"),
        ("vm.cast.ui64.f64", "i64", "f64", "float({a0} & 18446744073709551615)"),
        ("vm.bitcast.i32.f32", "i32", "f32", "_bc_i32_f32({a0})"),
        ("vm.bitcast.f32.i32", "f32", "i32", "_bc_f32_i32({a0})"),
        ("vm.bitcast.i64.f64", "i64", "f64", "_bc_i64_f64({a0})"),
        ("vm.bitcast.f64.i64", "f64", "i64", "_bc_f64_i64({a0})"),
    ):
        _unary(name, kind_in, expr, kind_out)
    for source, kind, bits in (("f32", "i32", 32), ("f32", "i64", 64), ("f64", "i64", 64)):
        for sign in ("s", "u"):
            _unary(f"vm.cast.{source}.{sign}{kind}", source, wrap("_lround({a0})", bits), kind)


def _define_buffer_ops() -> None:
    _op("vm.buffer.alloc", ("i64", "i32"), ("buffer",), "{r0} = _allocate({a0}, {a1})")
    _op(
        "vm.buffer.clone",
        ("buffer", "i64", "i64", "i32"),
        ("buffer",),
        "{r0} = _buffer_clone({a0}, {a1}, {a2}, {a3})",
    )
    _op("vm.buffer.length", ("buffer",), ("i64",), "{r0} = _buffer({a0}, 'buffer').length")
    _op(
        "vm.buffer.copy",
        ("buffer", "i64", "buffer", "i64", "i64"),
        (),
        "_buffer_copy({a0}, {a1}, {a2}, {a3}, {a4})",
    )
    _op(
        "vm.buffer.compare",
        ("buffer", "i64", "buffer", "i64", "i64"),
        ("i32",),
        "{r0} = _buffer_compare({a0}, {a1}, {a2}, {a3}, {a4})",
    )
    for suffix in ("i8.u", "i8.s", "i16.u", "i16.s", "i32"):
        name = suffix.replace(".", "")
        _op(
            f"vm.buffer.load.{suffix}",
            ("buffer", "i64"),
            ("i32",),
            f"{{r0}} = _ld_{name}({{a0}}, {{a1}})",
        )
    _op("vm.buffer.load.f16", ("buffer", "i64"), ("f32",), "{r0} = _ld_f16({a0}, {a1})")
    _op("vm.buffer.store.f16", ("buffer", "i64", "f32"), (), "_st_f16({a0}, {a1}, _f16({a2}))")
    _op(
        "vm.buffer.load.bf16",
        ("buffer", "i64"),
        ("f32",),
        "{r0} = _bf16_value(_ld_i16u({a0}, {a1}))",
    )
    _op(
        "vm.buffer.store.bf16",
        ("buffer", "i64", "f32"),
        (),
        "_st_i16({a0}, {a1}, _bf16_bits({a2}))",
    )
    for width in ("i8", "i16", "i32"):
        _op(
            f"vm.buffer.store.{width}",
            ("buffer", "i64", "i32"),
            (),
            f"_st_{width}({{a0}}, {{a1}}, {{a2}})",
        )
        _op(
            f"vm.buffer.fill.{width}",
            ("buffer", "i64", "i64", "i32"),
            (),
            f"_fill_{width}({{a0}}, {{a1}}, {{a2}}, {{a3}})",
        )


def _define_ref_ops() -> None:
    _op("vm.const.ref.zero", (), ("ref",), "{r0} = None")
    _op("vm.const.ref.rodata", (), ("buffer",), "{r0} = _R[{s}]", symbol="rodata")
    _op(
        "vm.rodata.inline",
        (),
        ("buffer",),
        "{r0} = {k0}",
        immediates=("bytes", "alignment"),
        prepare=lambda values: (read_only_buffer(values[0], values[1]), values[1]),
    )
    _op("vm.select.ref", ("i32", "ref", "ref"), ("ref",), "{r0} = {a1} if {a0} else {a2}")
    _op("vm.cmp.eq.ref", ("ref", "ref"), ("i32",), "{r0} = 1 if {a0} is {a1} else 0")
    _op("vm.cmp.ne.ref", ("ref", "ref"), ("i32",), "{r0} = 0 if {a0} is {a1} else 1")
    _op("vm.cmp.nz.ref", ("ref",), ("i32",), "{r0} = 0 if {a0} is None else 1")
    _op("vm.cast.any.ref", ("ref",), ("ref",), "{r0} = _check_ref({a0}, {c0})")
    _op("vm.cast.ref.any", ("ref",), ("ref",), "{r0} = {a0}")
    _op("vm.global.load.ref", (), ("ref",), "{r0} = _G[{s}]", symbol="global")
    _op("vm.global.store.ref", ("ref",), (), "_G[{s}] = {a0}", symbol="global")
    _op(
        "vm.list.alloc",
        ("i32",),
        ("list",),
        "{r0} = _list_alloc({k0}, {a0})",
        immediates=("element_type",),
    )
    _op("vm.list.reserve", ("list", "i32"), (), "_list({a0}).reserve(max({a1}, 0))")
    _op("vm.list.size", ("list",), ("i32",), "{r0} = _list({a0}).size")
    _op("vm.list.resize", ("list", "i32"), (), "_list_resize({a0}, {a1})")
    _op("vm.list.get.ref", ("list", "i32"), ("ref",), "{r0} = _list_get_ref({a0}, {a1}, {c0})")
    _op("vm.list.set.ref", ("list", "i32", "ref"), (), "_list_set({a0}, {a1}, {a2})")


def _define_control_ops() -> None:
    _op("vm.br", successors=1, terminator=True)
    _op("vm.cond_br", ("i32",), successors=2, terminator=True)
    _op("vm.br_table", ("i32",), successors=-1, terminator=True)
    _op("vm.call", symbol="callee", signature="callee")
    _op("vm.call.variadic", symbol="callee", signature="variadic")
    _op("vm.return", terminator=True, signature="function")
    _op("vm.fail", ("i32",), (), "_fail({a0}, {k0})", immediates=("str",), terminator=True)
    _op("vm.cond_fail", ("i32", "i32"), (), "if {a0}: _fail({a1}, {k0})", immediates=("str",))
    _op("vm.import.resolved", (), ("i32",), "{r0} = 1", symbol="import")


_define_integer_ops("i32", 32)
_define_integer_ops("i64", 64)
_define_float_ops("f32")
_define_float_ops("f64")
for _kind in VALUE_TYPES:
    _define_typed_ops(_kind)
_define_conversions()
_define_buffer_ops()
_define_ref_ops()
_define_control_ops()


PSEUDO_OPS: dict[str, str] = {
    **{f"vm.check.{check}": "vm.cond_fail" for check in ("eq", "ne", "nz", "nearly_eq")},
    "vm.cmp.eq.f32.near": "vm.select.i32",
    "vm.cmp.eq.f64.near": "vm.select.i32",
}
"""IREE's compile-only pseudo-ops, each with the instruction its expansion ends in: the
compiler's `canonicalize` rewrites them into instructions (as IREE's `VMOpFolders.cpp` does),
so they never reach a module file, and the validator rejects them like any unknown op."""

DECLARATIONS: dict[str, str] = {
    "vm.module": "Module",
    "vm.module_terminator": "Module",
    "vm.func": "Module.functions",
    "vm.initializer": "Module.functions",
    "vm.import": "Module.imports",
    "vm.export": "Module.exports",
    "vm.rodata": "Module.rodata",
    **{f"vm.global.{kind}": "Module.globals" for kind in (*VALUE_TYPES, "ref")},
}
"""The `vm` ops that are not instructions, each with the part of `format.Module` it becomes."""
