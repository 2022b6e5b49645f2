"""Scalar `vm` ops: constants, integer/float arithmetic, compares, selects and conversions.

Names, operand orders, formats and traits follow IREE's `VMOps.td`: ops IREE marks
`VM_PureOp`/total (no UB on any input) are `Pure`; the rest of the arithmetic
(`VM_TrivialOp`: integer add/sub/mul/div/rem/fma/abs and shifts) is `NoMemoryEffect`, which is
enough for CSE and DCE but does not allow speculation. Conditions are `i32` (0 is false).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, f32, f64, i32, i64
from xdsl.interfaces import HasFolderInterface
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    EqAttrConstraint,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.constraints import AttrConstraint
from xdsl.traits import Commutative, ConstantLike, NoMemoryEffect, OpTrait, Pure

from pyvmvx.dialects.vm.base import ExpandPseudoOp, TypedOp, define_op
from pyvmvx.dialects.vm.types import ANY_REF

TYPES: dict[str, Attribute] = {"i32": i32, "i64": i64, "f32": f32, "f64": f64}


# ---------------------------------------------------------------------------
# Op shapes. `TYPE` (set per op) constrains the typed values, which share the type `T`.
# ---------------------------------------------------------------------------

_VALUE = ("TYPE", "value")


class _TypedShape(TypedOp):
    """A shape instantiated per type: its `TYPED_FIELDS` must satisfy `TYPE`."""

    TYPE: ClassVar[AttrConstraint]


class UnaryArithmeticOp(_TypedShape):
    """`%r = vm.<op>.<type> %operand : type`."""

    TYPED_FIELDS: ClassVar = {"operand": _VALUE, "result": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    operand = operand_def(T)
    result = result_def(T)
    assembly_format = "$operand attr-dict `:` type($result)"

    def __init__(self, operand: SSAValue | Operation) -> None:
        value = SSAValue.get(operand)
        super().__init__(operands=[value], result_types=[value.type])


class BinaryArithmeticOp(_TypedShape):
    """`%r = vm.<op>.<type> %lhs, %rhs : type`."""

    TYPED_FIELDS: ClassVar = {"lhs": _VALUE, "rhs": _VALUE, "result": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        lhs_value = SSAValue.get(lhs)
        super().__init__(operands=[lhs_value, rhs], result_types=[lhs_value.type])


class TernaryArithmeticOp(_TypedShape):
    """`%r = vm.fma.<type> %a, %b, %c : type` computes a*b+c."""

    TYPED_FIELDS: ClassVar = {"a": _VALUE, "b": _VALUE, "c": _VALUE, "result": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    a = operand_def(T)
    b = operand_def(T)
    c = operand_def(T)
    result = result_def(T)
    assembly_format = "$a `,` $b `,` $c attr-dict `:` type($result)"

    def __init__(
        self, a: SSAValue | Operation, b: SSAValue | Operation, c: SSAValue | Operation
    ) -> None:
        a_value = SSAValue.get(a)
        super().__init__(operands=[a_value, b, c], result_types=[a_value.type])


class ShiftOp(_TypedShape):
    """`%r = vm.<shl|shr>.<type>[.s|.u] %operand, %amount : type`; the amount is i32."""

    TYPED_FIELDS: ClassVar = {"operand": _VALUE, "result": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    operand = operand_def(T)
    amount = operand_def(i32)
    result = result_def(T)
    assembly_format = "$operand `,` $amount attr-dict `:` type($operand)"

    def __init__(self, operand: SSAValue | Operation, amount: SSAValue | Operation) -> None:
        value = SSAValue.get(operand)
        super().__init__(operands=[value, amount], result_types=[value.type])


class UnaryComparisonOp(_TypedShape):
    """`%c = vm.cmp.<pred>.<type> %operand : type`, an i32 that is 0 or 1."""

    TYPED_FIELDS: ClassVar = {"operand": _VALUE}
    operand = operand_def()
    result = result_def(i32)
    assembly_format = "$operand attr-dict `:` type($operand)"

    def __init__(self, operand: SSAValue | Operation) -> None:
        super().__init__(operands=[operand], result_types=[i32])


class BinaryComparisonOp(_TypedShape):
    """`%c = vm.cmp.<pred>.<type> %lhs, %rhs : type`, an i32 that is 0 or 1."""

    TYPED_FIELDS: ClassVar = {"lhs": _VALUE, "rhs": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(i32)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)"

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        super().__init__(operands=[lhs, rhs], result_types=[i32])


class SelectOp(_TypedShape):
    """`%r = vm.select.<type> %condition, %true_value, %false_value : type`."""

    TYPED_FIELDS: ClassVar = {"true_value": _VALUE, "false_value": _VALUE, "result": _VALUE}
    T: ClassVar = VarConstraint("T", AnyAttr())
    condition = operand_def(i32)
    true_value = operand_def(T)
    false_value = operand_def(T)
    result = result_def(T)
    assembly_format = "$condition `,` $true_value `,` $false_value attr-dict `:` type($result)"

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
    ) -> None:
        true_ssa = SSAValue.get(true_value)
        super().__init__(operands=[condition, true_ssa, false_value], result_types=[true_ssa.type])


class ConversionOp(TypedOp):
    """`%r = vm.<ext|trunc|cast|bitcast>.<from>.<to> %operand : from -> to`."""

    TYPED_FIELDS: ClassVar = {
        "operand": ("OPERAND_TYPE", "operand"),
        "result": ("RESULT_TYPE", "result"),
    }
    OPERAND_TYPE: ClassVar[Attribute]
    RESULT_TYPE: ClassVar[Attribute]
    operand = operand_def()
    result = result_def()
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue | Operation) -> None:
        super().__init__(operands=[operand], result_types=[self.RESULT_TYPE])


class RefCastOp(IRDLOperation):
    """`%r = vm.cast.any.ref %ref : !vm.ref<?> -> !vm.buffer` checks at run time that the ref is
    null or of the result's type (else INVALID_ARGUMENT); `vm.cast.ref.any` widens to any ref."""

    operand = operand_def(ANY_REF)
    result = result_def(ANY_REF)
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[operand], result_types=[result_type])


class ConstOp(IRDLOperation, HasFolderInterface):
    """`%c = vm.const.<type> <literal>`: the literal's type is implied by the op name."""

    VALUE_TYPE: ClassVar[Attribute]
    value = prop_def(IntegerAttr | FloatAttr)
    result = result_def()
    assembly_format = "$value attr-dict"
    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, value: int | float) -> None:
        attr = (
            FloatAttr(float(value), self.VALUE_TYPE)
            if self.VALUE_TYPE in (f32, f64)
            else IntegerAttr(int(value), self.VALUE_TYPE)
        )
        super().__init__(properties={"value": attr}, result_types=[self.VALUE_TYPE])

    def fold(self) -> Sequence[SSAValue | Attribute]:
        return (self.value,)


class ConstZeroOp(IRDLOperation, HasFolderInterface):
    """`%zero = vm.const.<type>.zero`."""

    VALUE_TYPE: ClassVar[Attribute]
    result = result_def()
    assembly_format = "attr-dict"
    traits = traits_def(Pure(), ConstantLike())

    def __init__(self) -> None:
        super().__init__(result_types=[self.VALUE_TYPE])

    def fold(self) -> Sequence[SSAValue | Attribute]:
        if self.VALUE_TYPE in (f32, f64):
            return (FloatAttr(0.0, self.VALUE_TYPE),)
        return (IntegerAttr(0, self.VALUE_TYPE),)


@irdl_op_definition
class ConstRefZeroOp(IRDLOperation):
    """`%null = vm.const.ref.zero : !vm.buffer`: a null reference of any ref type."""

    name = "vm.const.ref.zero"
    result = result_def(ANY_REF)
    assembly_format = "`:` type($result) attr-dict"
    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, ref_type: Attribute) -> None:
        super().__init__(result_types=[ref_type])


# ---------------------------------------------------------------------------
# Instantiation tables (IREE's op set; `s`/`u` = signed/unsigned, `o`/`u` on floats =
# ordered/unordered).
# ---------------------------------------------------------------------------

_TRIVIAL: tuple[OpTrait, ...] = (NoMemoryEffect(),)
_TOTAL: tuple[OpTrait, ...] = (Pure(),)
_TRIVIAL_COMMUTATIVE: tuple[OpTrait, ...] = (NoMemoryEffect(), Commutative())
_TOTAL_COMMUTATIVE: tuple[OpTrait, ...] = (Pure(), Commutative())

_INT_OPS: tuple[tuple[type[_TypedShape], str, tuple[OpTrait, ...]], ...] = (
    (BinaryArithmeticOp, "add.{t}", _TRIVIAL_COMMUTATIVE),
    (BinaryArithmeticOp, "sub.{t}", _TRIVIAL),
    (BinaryArithmeticOp, "mul.{t}", _TRIVIAL_COMMUTATIVE),
    (BinaryArithmeticOp, "div.{t}.s", _TRIVIAL),
    (BinaryArithmeticOp, "div.{t}.u", _TRIVIAL),
    (BinaryArithmeticOp, "rem.{t}.s", _TRIVIAL),
    (BinaryArithmeticOp, "rem.{t}.u", _TRIVIAL),
    (TernaryArithmeticOp, "fma.{t}", _TRIVIAL),
    (UnaryArithmeticOp, "abs.{t}", _TRIVIAL),
    (BinaryArithmeticOp, "min.{t}.s", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "min.{t}.u", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "max.{t}.s", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "max.{t}.u", _TOTAL_COMMUTATIVE),
    (UnaryArithmeticOp, "not.{t}", _TOTAL),
    (BinaryArithmeticOp, "and.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "or.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "xor.{t}", _TOTAL_COMMUTATIVE),
    (UnaryArithmeticOp, "ctlz.{t}", _TOTAL),
    (ShiftOp, "shl.{t}", _TRIVIAL),
    (ShiftOp, "shr.{t}.s", _TRIVIAL),
    (ShiftOp, "shr.{t}.u", _TRIVIAL),
    (BinaryComparisonOp, "cmp.eq.{t}", _TOTAL_COMMUTATIVE),
    (BinaryComparisonOp, "cmp.ne.{t}", _TOTAL_COMMUTATIVE),
    *(
        (BinaryComparisonOp, f"cmp.{pred}.{{t}}.{sign}", _TOTAL)
        for pred in ("lt", "lte", "gt", "gte")
        for sign in ("s", "u")
    ),
    (UnaryComparisonOp, "cmp.nz.{t}", _TOTAL),
    (SelectOp, "select.{t}", _TOTAL),
)

_FLOAT_UNARY = (
    "abs neg ceil floor round atan cos sin exp exp2 expm1 log log10 log1p log2 rsqrt sqrt tanh erf"
)
_FLOAT_OPS: tuple[tuple[type[_TypedShape], str, tuple[OpTrait, ...]], ...] = (
    (BinaryArithmeticOp, "add.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "sub.{t}", _TOTAL),
    (BinaryArithmeticOp, "mul.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "div.{t}", _TOTAL),
    (BinaryArithmeticOp, "rem.{t}", _TOTAL),
    (BinaryArithmeticOp, "min.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "max.{t}", _TOTAL_COMMUTATIVE),
    (BinaryArithmeticOp, "atan2.{t}", _TOTAL),
    (BinaryArithmeticOp, "pow.{t}", _TOTAL),
    (TernaryArithmeticOp, "fma.{t}", _TOTAL),
    *((UnaryArithmeticOp, f"{op}.{{t}}", _TOTAL) for op in _FLOAT_UNARY.split()),
    (UnaryArithmeticOp, "round.{t}.even", _TOTAL),
    *(
        (BinaryComparisonOp, f"cmp.{pred}.{{t}}.{order}", _TOTAL)
        for pred in ("eq", "ne", "lt", "lte", "gt", "gte")
        for order in ("o", "u")
    ),
    (BinaryComparisonOp, "cmp.eq.{t}.near", (*_TOTAL_COMMUTATIVE, ExpandPseudoOp())),
    (UnaryComparisonOp, "cmp.nz.{t}.o", _TOTAL),
    (UnaryComparisonOp, "cmp.nz.{t}.u", _TOTAL),
    (UnaryComparisonOp, "cmp.nan.{t}", _TOTAL),
    (SelectOp, "select.{t}", _TOTAL),
)

_REF_OPS: tuple[tuple[type[_TypedShape], str, tuple[OpTrait, ...]], ...] = (
    (BinaryComparisonOp, "cmp.eq.ref", _TOTAL_COMMUTATIVE),
    (BinaryComparisonOp, "cmp.ne.ref", _TOTAL_COMMUTATIVE),
    (UnaryComparisonOp, "cmp.nz.ref", _TOTAL),
    (SelectOp, "select.ref", _TOTAL),
)

# (mnemonic, operand type, result type)
_CONVERSIONS: tuple[tuple[str, Attribute, Attribute], ...] = (
    ("trunc.i16.i8", i32, i32),
    ("trunc.i32.i8", i32, i32),
    ("trunc.i32.i16", i32, i32),
    ("trunc.i64.i8", i64, i32),
    ("trunc.i64.i16", i64, i32),
    ("trunc.i64.i32", i64, i32),
    ("trunc.f64.f32", f64, f32),
    ("trunc.f32.f16", f32, f32),  # pyvmvx's: rounds to the nearest f16, kept in f32
    ("trunc.f32.bf16", f32, f32),  # pyvmvx's: rounds to the nearest bf16, kept in f32
    *((f"ext.{src}.i32.{s}", i32, i32) for src in ("i8", "i16") for s in ("s", "u")),
    *((f"ext.{src}.i64.{s}", i32, i64) for src in ("i8", "i16", "i32") for s in ("s", "u")),
    ("ext.f32.f64", f32, f64),
    *((f"cast.{s}i32.f32", i32, f32) for s in ("s", "u")),
    *((f"cast.f32.{s}i32", f32, i32) for s in ("s", "u")),
    *((f"cast.{s}i64.f32", i64, f32) for s in ("s", "u")),
    *((f"cast.f32.{s}i64", f32, i64) for s in ("s", "u")),
    *((f"cast.{s}i64.f64", i64, f64) for s in ("s", "u")),
    *((f"cast.f64.{s}i64", f64, i64) for s in ("s", "u")),
    ("bitcast.i32.f32", i32, f32),
    ("bitcast.f32.i32", f32, i32),
    ("bitcast.i64.f64", i64, f64),
    ("bitcast.f64.i64", f64, i64),
)


def _typed_ops(
    table: Sequence[tuple[type[_TypedShape], str, tuple[OpTrait, ...]]],
    type_names: Sequence[str],
) -> list[type[IRDLOperation]]:
    ops: list[type[IRDLOperation]] = []
    for type_name in type_names:
        constr = ANY_REF if type_name == "ref" else EqAttrConstraint(TYPES[type_name])
        for shape, pattern, traits in table:
            mnemonic = "vm." + pattern.format(t=type_name)
            ops.append(define_op(shape, mnemonic, {"TYPE": constr}, traits))
    return ops


def _constant_ops() -> list[type[IRDLOperation]]:
    ops: list[type[IRDLOperation]] = []
    for type_name, value_type in TYPES.items():
        attr_class = FloatAttr if type_name.startswith("f") else IntegerAttr
        value = prop_def(attr_class.constr(type=EqAttrConstraint(value_type)))
        type_vars = {"VALUE_TYPE": value_type}
        result = result_def(value_type)
        ops.append(
            define_op(
                ConstOp,
                f"vm.const.{type_name}",
                type_vars,
                fields={"value": value, "result": result},
            )
        )
        ops.append(
            define_op(
                ConstZeroOp, f"vm.const.{type_name}.zero", type_vars, fields={"result": result}
            )
        )
    return ops


SCALAR_OPS: tuple[type[IRDLOperation], ...] = (
    *_constant_ops(),
    ConstRefZeroOp,
    *_typed_ops(_INT_OPS, ("i32", "i64")),
    *_typed_ops(_FLOAT_OPS, ("f32", "f64")),
    *_typed_ops(_REF_OPS, ("ref",)),
    *(
        define_op(ConversionOp, f"vm.{mnemonic}", {"OPERAND_TYPE": src, "RESULT_TYPE": dst})
        for mnemonic, src, dst in _CONVERSIONS
    ),
    define_op(RefCastOp, "vm.cast.any.ref"),
    define_op(RefCastOp, "vm.cast.ref.any"),
)
"""Every scalar op class, in a stable order (constants, int, float, ref, conversions)."""
