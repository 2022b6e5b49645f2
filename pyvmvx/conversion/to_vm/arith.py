"""arith and math -> vm (IREE's `ArithToVM`, `MathToVM` and the arith expansions it runs).

Ops pick the `.i32`, `.i64`, `.f32` or `.f64` form from the converted operand type.

Integers narrower than 32 bits live in i32 registers, as in IREE, and always in canonical form:
i1 as 0/1 (what compares give and conditions test), every other width sign-extended (as
constants and `vm.buffer.load.i8.s` give them). IREE does not keep a form: its
`vm.trunc.i32.i8` zero-extends, so signed ops after a truncation read 249 for -7. Here every
op whose i32 result may leave the form re-canonicalizes it (`canonical`): add, sub, mul, shl,
absi, divsi/floordivsi/ceildivsi (overflow), trunci, fptosi/fptoui and index_cast to a narrow
type. Ops that need another reading of their operands extend them first and re-canonicalize
the result: signed ops on i1 sign-extend (true is -1); divui, remui, ceildivui, shrui, ctlz
and unsigned casts zero-extend. The rest (and/or/xor, select, eq/ne and unsigned compares,
minui/maxui, as sign extension keeps the unsigned order; signed ops on wider types) work on
the canonical form directly.

Where MLIR's `arith` semantics and IREE 3.13's lowering disagree, this follows MLIR; the VM ops
keep IREE's meaning and the lowering emits another sequence of them:
- fptosi/fptoui truncate toward zero, where `vm.cast.f32.*` rounds half away from zero
  (`lroundf`): the operand is rounded toward zero first (`_toward_zero`);
- remf is C's `fmod` (the sign of the dividend), where `vm.rem.f*` is the IEEE remainder
  (`_remf` corrects it);
- maximumf/minimumf order -0.0 below +0.0 and propagate NaN (`_min_max_float`);
- fptoui to a 64-bit type covers [2**63, 2**64), where the VM's casts stop (`_float_to_int`).

math ops the VM has no instruction for are expanded (IREE's VM conversion leaves them
illegal): tan, asin, acos, sinh, cosh, asinh, acosh and atanh compute in f64, an f32 operand
widened and the result rounded once (`_in_f64`); copysign and the classifications (isnan,
isinf, isfinite, isnormal) work on bits and magnitudes; trunc is ceil or floor by sign; fpowi is
`vm.pow.f64`; ipowi is square and multiply unrolled over the exponent's bits, and gives 0 for
a zero base and a negative exponent (a division by zero in MLIR's expansion).

f16 values live in f32 registers (IREE's type converter). An f16 op computes in f32 and rounds
its result to f16 (`vm.trunc.f32.f16`, pyvmvx's op), as MLIR's
`arith-emulate-unsupported-floats` lowers it; for + - * / the f32 result rounded again is the
correctly rounded f16 result (`_rounded`); truncf from f64 rounds to f32 with round-to-odd
first, so it rounds once (`_round_to_odd_f32`). IREE's VM conversion rejects f16. bf16 is
handled alike with `vm.trunc.f32.bf16` (f32 keeps 16 more bits than bf16, so f32 results
rounded again are correctly rounded too); bitcasts between bf16 and i16 shift its bits
into or out of the high half of an f32. The f8 types have no VM form (a located error).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import copysign, isnan

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    IntegerType,
    bf16,
    f16,
    f32,
    f64,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.rewriter import (
    ConversionRewriter,
    Pattern,
    conversion_error,
    type_suffix,
)
from pyvmvx.conversion.to_vm.type_converter import NARROW_FLOATS
from pyvmvx.dialects.upstream_ext.arith import IndexCastUIOp, RemFOp
from pyvmvx.dialects.upstream_ext.math import IsFiniteOp, IsInfOp, IsNaNOp, IsNormalOp
from pyvmvx.runtime.vm.ints import wrap_int

# arith.cmpi / arith.cmpf predicate numbers (MLIR's enum order).
_CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMPF = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip

# VM mnemonic templates by op; `{t}` is the operand type suffix.
_BINARY: tuple[tuple[type[Operation], str], ...] = (
    (arith.AddfOp, "vm.add.{t}"),
    (arith.SubfOp, "vm.sub.{t}"),
    (arith.MulfOp, "vm.mul.{t}"),
    (arith.DivfOp, "vm.div.{t}"),
    (math.Atan2Op, "vm.atan2.{t}"),
    (math.PowFOp, "vm.pow.{t}"),
)
_UNARY: tuple[tuple[type[Operation], str], ...] = (
    (arith.NegfOp, "vm.neg.{t}"),
    (math.AbsFOp, "vm.abs.{t}"),
    (math.CeilOp, "vm.ceil.{t}"),
    (math.FloorOp, "vm.floor.{t}"),
    (math.RoundOp, "vm.round.{t}"),
    (math.RoundEvenOp, "vm.round.{t}.even"),
    (math.AtanOp, "vm.atan.{t}"),
    (math.CosOp, "vm.cos.{t}"),
    (math.SinOp, "vm.sin.{t}"),
    (math.ExpOp, "vm.exp.{t}"),
    (math.Exp2Op, "vm.exp2.{t}"),
    (math.ExpM1Op, "vm.expm1.{t}"),
    (math.LogOp, "vm.log.{t}"),
    (math.Log10Op, "vm.log10.{t}"),
    (math.Log1pOp, "vm.log1p.{t}"),
    (math.Log2Op, "vm.log2.{t}"),
    (math.RsqrtOp, "vm.rsqrt.{t}"),
    (math.SqrtOp, "vm.sqrt.{t}"),
    (math.TanhOp, "vm.tanh.{t}"),
    (math.ErfOp, "vm.erf.{t}"),
)
# Integer ops: template, how narrow operands are read ("s" signed, "u" unsigned, None: as
# they are) and whether the result may leave the canonical form (module docstring).
_INTEGER: tuple[tuple[type[Operation], str, str | None, bool], ...] = (
    (arith.AddiOp, "vm.add.{t}", None, True),
    (arith.SubiOp, "vm.sub.{t}", None, True),
    (arith.MuliOp, "vm.mul.{t}", None, True),
    (arith.DivSIOp, "vm.div.{t}.s", "s", True),
    (arith.DivUIOp, "vm.div.{t}.u", "u", False),
    (arith.RemSIOp, "vm.rem.{t}.s", "s", False),
    (arith.RemUIOp, "vm.rem.{t}.u", "u", False),
    (arith.MinSIOp, "vm.min.{t}.s", "s", False),
    (arith.MinUIOp, "vm.min.{t}.u", None, False),
    (arith.MaxSIOp, "vm.max.{t}.s", "s", False),
    (arith.MaxUIOp, "vm.max.{t}.u", None, False),
    (arith.AndIOp, "vm.and.{t}", None, False),
    (arith.OrIOp, "vm.or.{t}", None, False),
    (arith.XOrIOp, "vm.xor.{t}", None, False),
    (math.AbsIOp, "vm.abs.{t}", "s", True),
)
_SHIFT: tuple[tuple[type[Operation], str, str | None, bool], ...] = (
    (arith.ShLIOp, "vm.shl.{t}", None, True),
    (arith.ShRSIOp, "vm.shr.{t}.s", "s", False),
    (arith.ShRUIOp, "vm.shr.{t}.u", "u", False),
)
_CMPI_VM: dict[str, str] = {
    "eq": "vm.cmp.eq.{t}",
    "ne": "vm.cmp.ne.{t}",
    "slt": "vm.cmp.lt.{t}.s",
    "sle": "vm.cmp.lte.{t}.s",
    "sgt": "vm.cmp.gt.{t}.s",
    "sge": "vm.cmp.gte.{t}.s",
    "ult": "vm.cmp.lt.{t}.u",
    "ule": "vm.cmp.lte.{t}.u",
    "ugt": "vm.cmp.gt.{t}.u",
    "uge": "vm.cmp.gte.{t}.u",
}
# Ordered (o) and unordered (u) float compares: predicate -> (relation, ordering).
_CMPF_VM: dict[str, tuple[str, str]] = {
    "oeq": ("eq", "o"), "ogt": ("gt", "o"), "oge": ("gte", "o"), "olt": ("lt", "o"),
    "ole": ("lte", "o"), "one": ("ne", "o"), "ueq": ("eq", "u"), "ugt": ("gt", "u"),
    "uge": ("gte", "u"), "ult": ("lt", "u"), "ule": ("lte", "u"), "une": ("ne", "u"),
}  # fmt: skip


def _scalar_suffix(op: Operation, value: SSAValue) -> str:
    suffix = type_suffix(value.type)
    if suffix == "ref":
        raise conversion_error(op, f"operand type {value.type} is not a VM scalar type")
    return suffix


def _result_type(rw: ConversionRewriter, op: Operation) -> Attribute:
    return rw.convert_type(op.results[0].type, op)


def _width(rw: ConversionRewriter, op: Operation, attr: Attribute) -> int:
    width = rw.types.bit_width(attr)
    if width is None:
        raise conversion_error(op, f"expected an integer or float type, got {attr}")
    return width


def _unsupported(op: Operation, what: str) -> Exception:
    return conversion_error(op, f"unsupported {what}")


# ---------------------------------------------------------------------------
# Narrow integers (the canonical form of the module docstring)
# ---------------------------------------------------------------------------


def _narrow_bits(attr: Attribute) -> int | None:
    """The width of an integer type narrower than its i32 register, else None."""
    if isinstance(attr, IntegerType) and attr.width.data < 32:
        return attr.width.data
    return None


def canonical(rw: ConversionRewriter, op: Operation, value: SSAValue, bits: int) -> SSAValue:
    """The i32 register `value` reduced to the canonical form of an i`bits` value."""
    return extend_int(rw, op, value, bits, 32, signed=bits > 1)


def _read_narrow(
    rw: ConversionRewriter, op: Operation, value: SSAValue, bits: int, reading: str | None
) -> SSAValue:
    """A canonical i`bits` value as the i32 whose signed (`"s"`) or unsigned (`"u"`) reading
    is its value; None keeps it as it is."""
    if reading is None or (reading == "s") == (bits > 1):
        return value
    return extend_int(rw, op, value, bits, 32, signed=reading == "s")


def _canonical_result(rw: ConversionRewriter, op: Operation, value: SSAValue) -> SSAValue:
    """`value`, the i32 register of `op`'s result, in canonical form if the result is narrow."""
    bits = _narrow_bits(op.results[0].type)
    return value if bits is None else canonical(rw, op, value, bits)


def _narrow(pattern: Pattern, reading: str | None, wraps: bool) -> Pattern:
    """`pattern` keeping narrow integers canonical: its operands read as `reading`, its
    result re-canonicalized when it `wraps` or an operand had to be extended."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        bits = _narrow_bits(op.results[0].type)
        if bits is None:
            return list(pattern(rw, op, operands))
        read = [_read_narrow(rw, op, value, bits, reading) for value in operands]
        (result,) = pattern(rw, op, read)
        if wraps or read != operands:
            result = canonical(rw, op, result, bits)
        return [result]

    return convert


# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------


def _constant(rw: ConversionRewriter, op: Operation, _: list[SSAValue]) -> Sequence[SSAValue]:
    value = op.properties.get("value")
    target = _result_type(rw, op)
    if isinstance(value, IntegerAttr) and isinstance(target, IntegerType):
        number = value.value.data
        if isinstance(value.type, IntegerType) and value.type.width.data == 1:
            number = 1 if number else 0
        return [rw.const_int(number, target)]
    if isinstance(value, FloatAttr) and target in (f32, f64):
        return [rw.const_float(value.value.data, target)]
    raise _unsupported(op, f"constant {value}")


# ---------------------------------------------------------------------------
# Element-wise arithmetic
# ---------------------------------------------------------------------------


def _templated(template: str) -> Pattern:
    """The op as the `vm` op `template` on its operands' type."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        mnemonic = template.format(t=_scalar_suffix(op, operands[0]))
        return [rw.emit_value(mnemonic, operands, operands[0].type)]

    return convert


def _rounded(pattern: Pattern) -> Pattern:
    """`pattern` on f32 registers, its result rounded to f16 or bf16 when the op's is one."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        results = list(pattern(rw, op, operands))
        return _round_narrow(rw, op.results[0].type, results)

    return convert


def _round_narrow(
    rw: ConversionRewriter, result_type: Attribute, values: list[SSAValue]
) -> list[SSAValue]:
    """`values` (one f32 register) rounded to `result_type` if that lives in f32 registers."""
    if result_type not in NARROW_FLOATS:
        return values
    return [rw.emit_value(f"vm.trunc.f32.{NARROW_FLOATS[result_type]}", values, f32)]


def _shift(template: str) -> Pattern:
    """A shift as the `vm` op `template`, its amount truncated to i32 as the VM wants."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        value, amount = operands
        if amount.type == i64:
            amount = rw.emit_value("vm.trunc.i64.i32", [amount], i32)
        mnemonic = template.format(t=_scalar_suffix(op, value))
        return [rw.emit_value(mnemonic, [value, amount], value.type)]

    return convert


def _ctlz(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """`vm.ctlz`, less the register bits above a narrow operand (zero-extended by `_narrow`)."""
    (value,) = operands
    count = rw.emit_value(f"vm.ctlz.{_scalar_suffix(op, value)}", [value], value.type)
    bits = _narrow_bits(op.results[0].type)
    if bits is None:
        return [count]
    return [rw.emit_value("vm.sub.i32", [count, rw.i32(32 - bits)], i32)]


def _remf(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """MLIR's remf, C's `fmod` (the sign of the dividend), from IREE's IEEE `vm.rem`.

    The two differ by one multiple of the divisor: where the IEEE remainder is non-zero and its
    sign differs from the dividend's, `fmod = remainder + copysign(|b|, a)`, a sum that is
    exact because `fmod`'s result is representable. NaN and infinite cases agree.
    """
    a, b = operands
    t = _scalar_suffix(op, a)
    remainder = rw.emit_value(f"vm.rem.{t}", [a, b], a.type)
    zero = rw.const_float(0.0, f32 if t == "f32" else f64)
    a_negative = compare_float(rw, "olt", a, zero)
    positive = compare_float(rw, "ogt", remainder, zero)
    negative = compare_float(rw, "olt", remainder, zero)
    wrong_sign = select(rw, a_negative, positive, negative)
    magnitude = rw.emit_value(f"vm.abs.{t}", [b], a.type)
    step = select(rw, a_negative, rw.emit_value(f"vm.neg.{t}", [magnitude], a.type), magnitude)
    corrected = rw.emit_value(f"vm.add.{t}", [remainder, step], a.type)
    return [select(rw, wrong_sign, corrected, remainder)]


def _fma(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    mnemonic = f"vm.fma.{_scalar_suffix(op, operands[0])}"
    return [rw.emit_value(mnemonic, operands, operands[0].type)]


def _select(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return [select(rw, *operands)]


def select(
    rw: ConversionRewriter, condition: SSAValue, true_value: SSAValue, false_value: SSAValue
) -> SSAValue:
    """`vm.select.<t> condition, true_value, false_value`."""
    mnemonic = f"vm.select.{type_suffix(true_value.type)}"
    return rw.emit_value(mnemonic, [condition, true_value, false_value], true_value.type)


def _binary(rw: ConversionRewriter, template: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    return rw.emit_value(template.format(t=type_suffix(lhs.type)), [lhs, rhs], lhs.type)


# ---------------------------------------------------------------------------
# Comparisons (results are i32 0/1)
# ---------------------------------------------------------------------------


def compare_int(rw: ConversionRewriter, predicate: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """`vm.cmp.<predicate>` on two i32 or i64 values."""
    mnemonic = _CMPI_VM[predicate].format(t=type_suffix(lhs.type))
    return rw.emit_value(mnemonic, [lhs, rhs], i32)


def _cmpi(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    predicate = _CMPI[_predicate(op)]
    if type_suffix(operands[0].type) not in ("i32", "i64"):
        raise _unsupported(op, f"comparison of {operands[0].type}")
    bits = _narrow_bits(op.operands[0].type)
    if bits is not None and predicate.startswith("s"):
        operands = [_read_narrow(rw, op, value, bits, "s") for value in operands]
    return [compare_int(rw, predicate, *operands)]


def _predicate(op: Operation) -> int:
    predicate = op.properties.get("predicate")
    assert isinstance(predicate, IntegerAttr)
    return predicate.value.data


def compare_float(rw: ConversionRewriter, predicate: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """An `arith.cmpf` predicate on two f32 or f64 values, as VM ops."""
    t = type_suffix(lhs.type)
    if predicate in _CMPF_VM:
        relation, ordering = _CMPF_VM[predicate]
        return rw.emit_value(f"vm.cmp.{relation}.{t}.{ordering}", [lhs, rhs], i32)
    if predicate in ("false", "true"):
        return rw.i32(int(predicate == "true"))
    unordered = rw.emit_value(f"vm.cmp.nan.{t}", [lhs], i32)
    if rhs is not lhs:
        rhs_nan = rw.emit_value(f"vm.cmp.nan.{t}", [rhs], i32)
        unordered = rw.emit_value("vm.or.i32", [unordered, rhs_nan], i32)
    if predicate == "uno":
        return unordered
    # ord = !(isnan(lhs) || isnan(rhs)). IREE's pattern uses `and` here, which is true
    # for ord(1.0, NaN); we keep the predicate's meaning.
    return rw.emit_value("vm.xor.i32", [unordered, rw.i32(1)], i32)


def _cmpf(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    if type_suffix(operands[0].type) not in ("f32", "f64"):
        raise _unsupported(op, f"comparison of {operands[0].type}")
    return [compare_float(rw, _CMPF[_predicate(op)], *operands)]


def _min_max_float(
    rw: ConversionRewriter, op: Operation, operands: list[SSAValue]
) -> list[SSAValue]:
    """MLIR's min/max: compare+select (arith-expand's form), then MLIR's NaN and zero rules.

    maximumf/minimumf propagate a NaN operand and order -0.0 below +0.0: equal operands differ
    at most in the sign of a zero, so max ANDs their bit patterns and min ORs them.
    maxnumf/minnumf return the other operand of a NaN (and either of two zeros, as MLIR
    allows). IREE maps maximumf/minimumf to `vm.max/min.f<n>` (`lhs < rhs ? rhs : lhs`),
    which keeps neither rule. A constant `rhs` (relu's 0.0) drops the selects it makes
    needless: the NaN one unless it is NaN, the zero one unless it is the zero the op
    does not prefer (the compare already picks `rhs` of equal operands).
    """
    lhs, rhs = operands
    is_max = "max" in op.name
    picked = select(rw, compare_float(rw, "ugt" if is_max else "ult", lhs, rhs), lhs, rhs)
    if not op.name.endswith("imumf"):
        return [select(rw, compare_float(rw, "uno", lhs, lhs), rhs, picked)]
    known = rw.constants.get(rhs)
    if known is None or known == 0.0 and copysign(1.0, known) == (-1.0 if is_max else 1.0):
        equal = compare_float(rw, "oeq", lhs, rhs)
        zeros = _float_bit_logic(rw, "and" if is_max else "or", lhs, rhs)
        picked = select(rw, equal, zeros, picked)
    if known is None or isnan(known):
        picked = select(rw, compare_float(rw, "uno", rhs, rhs), rhs, picked)
    return [picked]


def _float_bit_logic(rw: ConversionRewriter, logic: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """`vm.<logic>` (`and`, `or`) of the bit patterns of two f32 or f64 values."""
    t = type_suffix(lhs.type)
    int_type = i32 if t == "f32" else i64
    it = type_suffix(int_type)
    bits = [rw.emit_value(f"vm.bitcast.{t}.{it}", [value], int_type) for value in (lhs, rhs)]
    combined = rw.emit_value(f"vm.{logic}.{it}", bits, int_type)
    return rw.emit_value(f"vm.bitcast.{it}.{t}", [combined], lhs.type)


def _floordivsi(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return [floor_div(rw, *operands)]


def _ceildivsi(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return [ceil_div(rw, *operands)]


def floor_div(rw: ConversionRewriter, a: SSAValue, b: SSAValue) -> SSAValue:
    """Signed a floordiv b: a/b - 1 when the division is inexact and the signs differ."""
    return _signed_div_adjust(rw, a, b, same_sign=False)


def ceil_div(rw: ConversionRewriter, a: SSAValue, b: SSAValue) -> SSAValue:
    """Signed a ceildiv b: a/b + 1 when the division is inexact and the signs agree."""
    return _signed_div_adjust(rw, a, b, same_sign=True)


def _signed_div_adjust(
    rw: ConversionRewriter, a: SSAValue, b: SSAValue, same_sign: bool
) -> SSAValue:
    vm_type = a.type
    quotient = _binary(rw, "vm.div.{t}.s", a, b)
    inexact = compare_int(rw, "ne", a, _binary(rw, "vm.mul.{t}", quotient, b))
    zero = rw.const_int(0, vm_type)
    a_negative = compare_int(rw, "slt", a, zero)
    b_negative = compare_int(rw, "slt", b, zero)
    signs = rw.emit_value("vm.xor.i32", [a_negative, b_negative], i32)
    if same_sign:
        signs = rw.emit_value("vm.xor.i32", [signs, rw.i32(1)], i32)
    adjust = rw.emit_value("vm.and.i32", [inexact, signs], i32)
    one = rw.const_int(1, vm_type)
    adjusted = _binary(rw, "vm.add.{t}" if same_sign else "vm.sub.{t}", quotient, one)
    return select(rw, adjust, adjusted, quotient)


def _ceildivui(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """a ceildiv b (unsigned) = a == 0 ? 0 : (a - 1) / b + 1."""
    a, b = operands
    one = rw.const_int(1, a.type)
    quotient = _binary(rw, "vm.div.{t}.u", _binary(rw, "vm.sub.{t}", a, one), b)
    zero = rw.const_int(0, a.type)
    return [
        select(rw, compare_int(rw, "eq", a, zero), zero, _binary(rw, "vm.add.{t}", quotient, one))
    ]


# ---------------------------------------------------------------------------
# Casts
# ---------------------------------------------------------------------------


def integer_cast(
    rw: ConversionRewriter, value: SSAValue, target: Attribute, signed: bool
) -> SSAValue:
    """Extend (sign or zero) or truncate a VM i32/i64 register value to `target`."""
    source_bits, target_bits = _register_bits(value.type), _register_bits(target)
    if source_bits == target_bits:
        return value
    known = rw.known_int(value)
    if known is not None:
        return rw.const_int(wrap_int(known, source_bits, signed=signed), target)
    if source_bits < target_bits:
        suffix = "s" if signed else "u"
        return rw.emit_value(f"vm.ext.i32.i64.{suffix}", [value], target)
    return rw.emit_value("vm.trunc.i64.i32", [value], target)


def _register_bits(attr: Attribute) -> int:
    assert isinstance(attr, IntegerType)
    return attr.width.data


def _index_cast(signed: bool) -> Pattern:
    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        value = operands[0]
        bits = _narrow_bits(op.operands[0].type)
        if bits is not None:
            value = _read_narrow(rw, op, value, bits, "s" if signed else "u")
        return [_canonical_result(rw, op, integer_cast(rw, value, _result_type(rw, op), signed))]

    return convert


def _extend_int(signed: bool) -> Pattern:
    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        source_bits = _width(rw, op, op.operands[0].type)
        target = _result_type(rw, op)
        target_bits = _register_bits(target)
        return [extend_int(rw, op, operands[0], source_bits, target_bits, signed)]

    return convert


def extend_int(
    rw: ConversionRewriter,
    op: Operation,
    value: SSAValue,
    source_bits: int,
    target_bits: int,
    signed: bool,
) -> SSAValue:
    """Sign- or zero-extend the low `source_bits` of a VM register to `target_bits` (an i1
    must be 0 or 1)."""
    suffix = "s" if signed else "u"
    target = IntegerType(target_bits)
    known = rw.known_int(value)
    if known is not None:
        return rw.const_int(wrap_int(known, source_bits, signed=signed), target)
    if source_bits in (8, 16, 32):
        return rw.emit_value(f"vm.ext.i{source_bits}.i{target_bits}.{suffix}", [value], target)
    if signed and source_bits == 1:
        # i1 true extends to all ones.
        return select(rw, value, rw.const_int(-1, target), rw.const_int(0, target))
    if signed:
        shift = rw.i32(32 - source_bits)
        shifted = rw.emit_value("vm.shl.i32", [value, shift], i32)
        result = rw.emit_value("vm.shr.i32.s", [shifted, shift], i32)
    else:
        result = rw.emit_value("vm.and.i32", [value, rw.i32((1 << source_bits) - 1)], i32)
    if target_bits == 64:
        result = rw.emit_value(f"vm.ext.i32.i64.{suffix}", [result], i64)
    return result


def _trunci(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """The low 32 bits, in canonical form for a narrow result: to i8 or i16 that is
    `vm.ext.i8.i32.s`/`vm.ext.i16.i32.s` where IREE's `vm.trunc.i32.i8` zero-extends."""
    return [_canonical_result(rw, op, integer_cast(rw, operands[0], i32, signed=True))]


def _int_to_float(signed: bool) -> Pattern:
    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        source_bits = _width(rw, op, op.operands[0].type)
        result_type = op.results[0].type
        if _width(rw, op, result_type) not in (32, 64) and result_type not in NARROW_FLOATS:
            raise _unsupported(op, f"conversion to {result_type}")
        target = _result_type(rw, op)
        # A wide integer reaches bf16 through f64 and round-to-odd (exact up to 2**53): rounded
        # to f32 and then to bf16 it could round twice (f16 overflows before that happens).
        through = f64 if result_type == bf16 and source_bits > 24 else target
        value = operands[0]
        if source_bits < 32:
            value = _read_narrow(rw, op, value, source_bits, "s" if signed else "u")
            source_bits = 32
        if source_bits == 32 and through == f64:
            value = extend_int(rw, op, value, 32, 64, signed)
            source_bits = 64
        if source_bits not in (32, 64):
            raise _unsupported(op, f"conversion from i{source_bits}")
        kind = "si" if signed else "ui"
        mnemonic = f"vm.cast.{kind}{source_bits}.{type_suffix(through)}"
        result = rw.emit_value(mnemonic, [value], through)
        return [_round_to_odd_f32(rw, result) if through != target else result]

    return convert


def _float_to_int(signed: bool) -> Pattern:
    """MLIR's fptosi/fptoui, which truncate toward zero: `vm.cast.f32.*`/`vm.cast.f64.*` round
    half away from zero (IREE's `lroundf`), so they are given the operand already rounded
    toward zero. The casts stop at 2**63 (`_lround`); fptoui to a 64-bit type casts larger
    operands less 2**63 and adds it back. f64 to a narrower type casts to i64 and truncates."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        value = operands[0]
        if value.type not in (f32, f64):
            raise _unsupported(op, f"conversion from {op.operands[0].type}")
        t = type_suffix(value.type)
        target = _result_type(rw, op)
        bits = 64 if t == "f64" else _register_bits(target)
        value = _toward_zero(rw, value)
        large = None
        if not signed and bits == 64:
            two_63 = rw.const_float(2.0**63, value.type)
            large = compare_float(rw, "oge", value, two_63)
            value = select(
                rw, large, rw.emit_value(f"vm.sub.{t}", [value, two_63], value.type), value
            )
        result = rw.emit_value(f"vm.cast.{t}.si{bits}", [value], IntegerType(bits))
        if large is not None:
            shifted = rw.emit_value("vm.xor.i64", [result, rw.i64(-(1 << 63))], i64)
            result = select(rw, large, shifted, result)
        return [_canonical_result(rw, op, integer_cast(rw, result, target, signed=True))]

    return convert


def _toward_zero(rw: ConversionRewriter, value: SSAValue) -> SSAValue:
    """An f32 or f64 `value` rounded toward zero: `vm.ceil` below zero, else `vm.floor` (the
    VM has no trunc)."""
    t = type_suffix(value.type)
    negative = compare_float(rw, "olt", value, rw.const_float(0.0, f32 if t == "f32" else f64))
    up = rw.emit_value(f"vm.ceil.{t}", [value], value.type)
    down = rw.emit_value(f"vm.floor.{t}", [value], value.type)
    return select(rw, negative, up, down)


def _trunc(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return [_toward_zero(rw, operands[0])]


def _extf(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    target = _result_type(rw, op)
    if operands[0].type == target:  # f16/bf16 already live in f32 registers.
        return _round_narrow(rw, op.results[0].type, operands)  # bf16 to f16 rounds
    if operands[0].type == f32 and target == f64:
        return [rw.emit_value("vm.ext.f32.f64", operands, f64)]
    raise _unsupported(op, "float extension")


def _truncf(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """f64 to f32 is `vm.trunc.f64.f32`, f32 (or f16, bf16) to f16 or bf16 `vm.trunc.f32.f16`
    or `.bf16`; f64 to those rounds to f32 with round-to-odd first (`_round_to_odd_f32`), so
    rounding twice cannot differ from rounding once."""
    source, result_type = operands[0].type, op.results[0].type
    if source == f64 and result_type == f32:
        return [rw.emit_value("vm.trunc.f64.f32", operands, f32)]
    if result_type in NARROW_FLOATS:
        value = _round_to_odd_f32(rw, operands[0]) if source == f64 else operands[0]
        return _round_narrow(rw, result_type, [value])
    raise _unsupported(op, f"float truncation to {result_type}")


def _round_to_odd_f32(rw: ConversionRewriter, value: SSAValue) -> SSAValue:
    """The f64 `value` as an f32 rounded toward zero, its last bit set if that was inexact
    (f32 keeps 13 more bits than f16, so rounding the result to f16 rounds `value` once)."""
    nearest = rw.emit_value("vm.trunc.f64.f32", [value], f32)
    wide = rw.emit_value("vm.ext.f32.f64", [nearest], f64)
    magnitude = [rw.emit_value("vm.abs.f64", [x], f64) for x in (wide, value)]
    away = compare_float(rw, "ogt", *magnitude)
    inexact = compare_float(rw, "une", wide, value)
    bits = rw.emit_value("vm.bitcast.f32.i32", [nearest], i32)
    toward_zero = select(rw, away, rw.emit_value("vm.sub.i32", [bits, rw.i32(1)], i32), bits)
    odd = rw.emit_value("vm.or.i32", [toward_zero, rw.i32(1)], i32)
    return rw.emit_value("vm.bitcast.i32.f32", [select(rw, inexact, odd, toward_zero)], f32)


def _bitcast(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """A no-op when both types share a register type; f32<->i32 and f64<->i64 otherwise;
    bf16<->i16 through the high half of an f32 (the i16 kept sign-extended)."""
    target = _result_type(rw, op)
    if operands[0].type == target:
        return operands
    source_type, result_type = op.operands[0].type, op.results[0].type
    if (source_type, result_type) == (bf16, i16):
        word = rw.emit_value("vm.bitcast.f32.i32", operands, i32)
        return [rw.emit_value("vm.shr.i32.s", [word, rw.i32(16)], i32)]
    if (source_type, result_type) == (i16, bf16):
        word = rw.emit_value("vm.shl.i32", [operands[0], rw.i32(16)], i32)
        return [rw.emit_value("vm.bitcast.i32.f32", [word], f32)]
    pairs = ((f32, i32), (i32, f32), (f64, i64), (i64, f64))
    if (source_type, result_type) in pairs:
        mnemonic = f"vm.bitcast.{type_suffix(source_type)}.{type_suffix(result_type)}"
        return [rw.emit_value(mnemonic, operands, target)]
    raise _unsupported(op, f"bitcast from {source_type} to {result_type}")


# ---------------------------------------------------------------------------
# math ops the VM has no instruction for
# ---------------------------------------------------------------------------


def _f64(rw: ConversionRewriter, name: str, *operands: SSAValue) -> SSAValue:
    """`vm.<name>.f64` of `operands`."""
    return rw.emit_value(f"vm.{name}.f64", operands, f64)


def _in_f64(expansion: Callable[[ConversionRewriter, SSAValue], SSAValue]) -> Pattern:
    """A unary op computed by `expansion` on f64 registers: an f32 operand is widened and the
    result rounded once, so the expansion's intermediate roundings do not show in f32."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        (value,) = operands
        if value.type == f64:
            return [expansion(rw, value)]
        if value.type != f32:
            raise _unsupported(op, f"operand type {op.operands[0].type}")
        result = expansion(rw, rw.emit_value("vm.ext.f32.f64", [value], f64))
        return [rw.emit_value("vm.trunc.f64.f32", [result], f32)]

    return convert


def _tan(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    return _f64(rw, "div", _f64(rw, "sin", x), _f64(rw, "cos", x))


def _root_of_one_minus_square(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    """sqrt((1 - x) * (1 + x)), NaN for |x| > 1."""
    one = rw.const_float(1.0, f64)
    return _f64(rw, "sqrt", _f64(rw, "mul", _f64(rw, "sub", one, x), _f64(rw, "add", one, x)))


def _asin(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    return _f64(rw, "atan2", x, _root_of_one_minus_square(rw, x))


def _acos(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    return _f64(rw, "atan2", _root_of_one_minus_square(rw, x), x)


def _half_exp(rw: ConversionRewriter, magnitude: SSAValue, small: SSAValue) -> SSAValue:
    """`small`, or exp(magnitude) / 2 as (exp(m / 2) / 2) * exp(m / 2) where exp(m) alone
    would overflow though the half does not (m > 709)."""
    half = rw.const_float(0.5, f64)
    root = _f64(rw, "exp", _f64(rw, "mul", magnitude, half))
    large = _f64(rw, "mul", _f64(rw, "mul", root, half), root)
    return select(rw, compare_float(rw, "ogt", magnitude, rw.const_float(709.0, f64)), large, small)


def _sinh(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    """sign(x) * (expm1(|x|) - expm1(-|x|)) / 2: no cancellation near zero."""
    magnitude = _f64(rw, "abs", x)
    difference = _f64(
        rw, "sub", _f64(rw, "expm1", magnitude), _f64(rw, "expm1", _f64(rw, "neg", magnitude))
    )
    small = _f64(rw, "mul", difference, rw.const_float(0.5, f64))
    return copy_sign(rw, _half_exp(rw, magnitude, small), x)


def _cosh(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    magnitude = _f64(rw, "abs", x)
    total = _f64(rw, "add", _f64(rw, "exp", magnitude), _f64(rw, "exp", _f64(rw, "neg", magnitude)))
    return _half_exp(rw, magnitude, _f64(rw, "mul", total, rw.const_float(0.5, f64)))


_HUGE = 1e150
"""Above this magnitude x*x overflows f64: the inverse hyperbolics use log(x) + ln 2."""


def _log_of_twice(rw: ConversionRewriter, magnitude: SSAValue, small: SSAValue) -> SSAValue:
    """`small`, or log(2 * magnitude) where `magnitude` exceeds `_HUGE`."""
    large = _f64(rw, "add", _f64(rw, "log", magnitude), rw.const_float(0.6931471805599453, f64))
    return select(rw, compare_float(rw, "ogt", magnitude, rw.const_float(_HUGE, f64)), large, small)


def _asinh(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    """sign(x) * log1p(m + m*m / (1 + sqrt(1 + m*m))) for m = |x|: exact near zero."""
    m = _f64(rw, "abs", x)
    one = rw.const_float(1.0, f64)
    square = _f64(rw, "mul", m, m)
    root = _f64(rw, "add", one, _f64(rw, "sqrt", _f64(rw, "add", one, square)))
    small = _f64(rw, "log1p", _f64(rw, "add", m, _f64(rw, "div", square, root)))
    return copy_sign(rw, _log_of_twice(rw, m, small), x)


def _acosh(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    """log1p(t + sqrt(t) * sqrt(x + 1)) for t = x - 1: exact near 1, NaN below 1 (sqrt(t))."""
    one = rw.const_float(1.0, f64)
    t = _f64(rw, "sub", x, one)
    root = _f64(rw, "mul", _f64(rw, "sqrt", t), _f64(rw, "sqrt", _f64(rw, "add", x, one)))
    return _log_of_twice(rw, x, _f64(rw, "log1p", _f64(rw, "add", t, root)))


def _atanh(rw: ConversionRewriter, x: SSAValue) -> SSAValue:
    """sign(x) * log1p(2m / (1 - m)) / 2 for m = |x|: ±inf at ±1, NaN beyond."""
    m = _f64(rw, "abs", x)
    one = rw.const_float(1.0, f64)
    ratio = _f64(rw, "div", _f64(rw, "add", m, m), _f64(rw, "sub", one, m))
    half = _f64(rw, "mul", _f64(rw, "log1p", ratio), rw.const_float(0.5, f64))
    return copy_sign(rw, half, x)


def copy_sign(rw: ConversionRewriter, magnitude: SSAValue, sign: SSAValue) -> SSAValue:
    """The f32 or f64 `magnitude` with the sign bit of `sign`."""
    t = type_suffix(magnitude.type)
    int_type = i32 if t == "f32" else i64
    it = type_suffix(int_type)
    sign_bit = rw.const_int(-(1 << (int_type.width.data - 1)), int_type)
    rest = rw.const_int((1 << (int_type.width.data - 1)) - 1, int_type)
    bits = [rw.emit_value(f"vm.bitcast.{t}.{it}", [x], int_type) for x in (magnitude, sign)]
    kept = rw.emit_value(f"vm.and.{it}", [bits[0], rest], int_type)
    signed = rw.emit_value(f"vm.and.{it}", [bits[1], sign_bit], int_type)
    combined = rw.emit_value(f"vm.or.{it}", [kept, signed], int_type)
    return rw.emit_value(f"vm.bitcast.{it}.{t}", [combined], magnitude.type)


def _copysign(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    _scalar_suffix(op, operands[0])
    return [copy_sign(rw, *operands)]


# The smallest normal magnitude of each float type (f16 and bf16 live in f32 registers).
_MIN_NORMAL = {f16: 2.0**-14, bf16: 2.0**-126, f32: 2.0**-126, f64: 2.0**-1022}


def _classify(kind: str) -> Pattern:
    """math.isnan, isinf, isfinite, isnormal as compares of the operand's magnitude."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        (value,) = operands
        t = _scalar_suffix(op, value)
        if kind == "nan":
            return [rw.emit_value(f"vm.cmp.nan.{t}", [value], i32)]
        float_type = f32 if t == "f32" else f64
        magnitude = rw.emit_value(f"vm.abs.{t}", [value], float_type)
        infinity = rw.const_float(float("inf"), float_type)
        if kind == "inf":
            return [compare_float(rw, "oeq", magnitude, infinity)]
        finite = compare_float(rw, "olt", magnitude, infinity)
        if kind == "finite":
            return [finite]
        smallest = rw.const_float(_MIN_NORMAL[op.operands[0].type], float_type)
        normal = compare_float(rw, "oge", magnitude, smallest)
        return [rw.emit_value("vm.and.i32", [finite, normal], i32)]

    return convert


def _fpowi(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """x ** n for an integer n, as `vm.pow.f64` of n converted exactly (for |n| <= 2**53)."""
    x, n = operands
    if n.type == i32:
        n = rw.emit_value("vm.ext.i32.i64.s", [n], i64)
    exponent = rw.emit_value("vm.cast.si64.f64", [n], f64)
    return _in_f64(lambda rw, wide: _f64(rw, "pow", wide, exponent))(rw, op, [x])


def _ipowi(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    """MLIR's ipowi (the expansion of `convert-math-to-funcs`), unrolled over the exponent's
    bits: square-and-multiply for n >= 0; for n < 0, 1 for b = 1, +-1 for b = -1 and 0
    otherwise (b = 0, a division by zero in MLIR, gives 0 too)."""
    base, exponent = operands
    t = _scalar_suffix(op, base)
    vm_type = base.type
    one, zero = rw.const_int(1, vm_type), rw.const_int(0, vm_type)
    odd = compare_int(rw, "ne", rw.emit_value(f"vm.and.{t}", [exponent, one], vm_type), zero)
    result = one
    bits = _width(rw, op, op.results[0].type) - 1
    for bit in range(bits):
        is_set = odd
        if bit > 0:
            mask = rw.const_int(1 << bit, vm_type)
            masked = rw.emit_value(f"vm.and.{t}", [exponent, mask], vm_type)
            is_set = compare_int(rw, "ne", masked, zero)
        result = select(rw, is_set, rw.emit_value(f"vm.mul.{t}", [result, base], vm_type), result)
        if bit < bits - 1:
            base = rw.emit_value(f"vm.mul.{t}", [base, base], vm_type)
    base = operands[0]
    minus_one = rw.const_int(-1, vm_type)
    sign = select(rw, odd, minus_one, one)
    inverse = select(rw, compare_int(rw, "eq", base, minus_one), sign, zero)
    inverse = select(rw, compare_int(rw, "eq", base, one), one, inverse)
    negative = compare_int(rw, "slt", exponent, zero)
    return [select(rw, negative, inverse, result)]


PATTERNS = PatternTable[Pattern](
    "arith/math -> vm",
    [
        (arith.ConstantOp, _constant),
        *((op_type, _rounded(_templated(template))) for op_type, template in (*_BINARY, *_UNARY)),
        *(
            (op_type, _narrow(_templated(template), reading, wraps))
            for op_type, template, reading, wraps in _INTEGER
        ),
        *(
            (op_type, _narrow(_shift(template), reading, wraps))
            for op_type, template, reading, wraps in _SHIFT
        ),
        (math.CountLeadingZerosOp, _narrow(_ctlz, "u", wraps=False)),
        (RemFOp, _rounded(_remf)),
        (math.TanOp, _rounded(_in_f64(_tan))),
        (math.AsinOp, _rounded(_in_f64(_asin))),
        (math.AcosOp, _rounded(_in_f64(_acos))),
        (math.SinhOp, _rounded(_in_f64(_sinh))),
        (math.CoshOp, _rounded(_in_f64(_cosh))),
        (math.AsinhOp, _rounded(_in_f64(_asinh))),
        (math.AcoshOp, _rounded(_in_f64(_acosh))),
        (math.AtanhOp, _rounded(_in_f64(_atanh))),
        (math.TruncOp, _trunc),
        (math.CopySignOp, _copysign),
        (IsNaNOp, _classify("nan")),
        (IsInfOp, _classify("inf")),
        (IsFiniteOp, _classify("finite")),
        (IsNormalOp, _classify("normal")),
        (math.FPowIOp, _rounded(_fpowi)),
        (math.IPowIOp, _narrow(_ipowi, "s", wraps=True)),
        (math.FmaOp, _rounded(_fma)),
        (arith.SelectOp, _select),
        (arith.CmpiOp, _cmpi),
        (arith.CmpfOp, _cmpf),
        ((arith.MaximumfOp, arith.MinimumfOp, arith.MaxnumfOp, arith.MinnumfOp), _min_max_float),
        (arith.FloorDivSIOp, _narrow(_floordivsi, "s", wraps=True)),
        (arith.CeilDivSIOp, _narrow(_ceildivsi, "s", wraps=True)),
        (arith.CeilDivUIOp, _narrow(_ceildivui, "u", wraps=False)),
        (arith.IndexCastOp, _index_cast(signed=True)),
        (IndexCastUIOp, _index_cast(signed=False)),
        (arith.ExtSIOp, _extend_int(signed=True)),
        (arith.ExtUIOp, _extend_int(signed=False)),
        (arith.TruncIOp, _trunci),
        (arith.SIToFPOp, _rounded(_int_to_float(signed=True))),
        (arith.UIToFPOp, _rounded(_int_to_float(signed=False))),
        (arith.FPToSIOp, _float_to_int(signed=True)),
        (arith.FPToUIOp, _float_to_int(signed=False)),
        (arith.ExtFOp, _extf),
        (arith.TruncFOp, _truncf),
        (arith.BitcastOp, _bitcast),
    ],
)
