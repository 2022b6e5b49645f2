"""`arith` with `arith.remf`, `arith.index_castui`, and the flags xDSL 0.75's ops lack.

`arith.index_castui` is not an `arith.index_cast`: it zero-extends (IREE casts i32 push
constants to index with it), so passes must not treat it as the signed cast.

MLIR (and so IREE 3.13's generic output) gives some ops properties xDSL 0.75 does not define;
these subclasses add them with MLIR's names, defaults and custom syntax:
- `overflowFlags` on `arith.trunci` (`overflow<nsw>`, default `none`, as on `arith.addi`);
- `nonNeg` on `arith.extui`, `arith.uitofp`, `arith.index_castui` (`nneg`);
- `isExact` on `arith.divsi`, `divui`, `shrsi`, `shrui` (`exact`);
- `fastmath` on `arith.extf` and `arith.truncf`, and `roundingmode` on `arith.truncf`
  (`arith.truncf %x to_nearest_even fastmath<fast> : f64 to f32`; stored as MLIR's i32 enum
  value, `roundingmode = 0 : i32`).
Flags are hints that a value is in range; dropping one (as ops built with the upstream
classes do) is always correct.
"""

from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.arith import FastMathFlagsAttr, IntegerOverflowAttr
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, UnitAttr, i32
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect

_NNEG_CAST_FORMAT = "$input (`nneg` $nonNeg^)? attr-dict `:` type($input) `to` type($result)"
_EXACT_BINARY_FORMAT = "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)"

ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")
"""MLIR's `arith::RoundingMode` keywords, indexed by their enum value."""


class _Reformatted(IRDLOperation):
    """Base of a subclass that gives an upstream op new properties and `assembly_format`.

    `irdl_op_definition` turned the upstream op's format into `parse`/`print` methods and
    wrapped its verifier with the upstream definition (which rejects the new properties); a
    subclass would inherit all three, and xDSL refuses a format next to custom methods. This
    puts `Operation`'s defaults back in front of them in the MRO, so a subclass restates any
    upstream verifier logic it keeps.
    """

    parse = classmethod(Operation.parse.__func__)
    print = Operation.print
    verify_ = Operation.verify_


@irdl_op_definition
class RemFOp(arith.FloatingPointLikeBinaryOperation):
    """`arith.remf %a, %b : f32`: the remainder of the division, with the sign of `%a`
    (C's `fmod`)."""

    name = "arith.remf"

    traits = traits_def(Pure())


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """`arith.index_castui %x nneg? : i32 to index`: an unsigned cast between index and
    integer (zero-extension when widening, truncation when narrowing)."""

    name = "arith.index_castui"

    input = operand_def(base(IntegerType) | base(IndexType))
    result = result_def(base(IntegerType) | base(IndexType))
    non_neg = opt_prop_def(UnitAttr, prop_name="nonNeg")

    traits = traits_def(Pure())

    assembly_format = _NNEG_CAST_FORMAT

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute):
        super().__init__(operands=[input_arg], result_types=[target_type])

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.result.type, IndexType):
            raise VerifyException(
                f"operand type {self.input.type} and result type {self.result.type} are cast "
                "incompatible: exactly one of them must be index"
            )


def _verify_width_change(source: Attribute, result: Attribute, *, narrower: bool) -> None:
    """Upstream's check of `arith.trunci`/`arith.extui` (which `_Reformatted` drops)."""
    assert isinstance(source, IntegerType) and isinstance(result, IntegerType)
    if narrower and not result.width.data < source.width.data:
        raise VerifyException("Destination bit-width must be smaller than the input bit-width")
    if not narrower and not result.width.data > source.width.data:
        raise VerifyException("Destination bit-width must be larger than the input bit-width")


@irdl_op_definition
class TruncIOp(_Reformatted, arith.TruncIOp):
    """`arith.trunci %x overflow<nsw>? : i64 to i32`."""

    name = "arith.trunci"

    input = operand_def(IntegerType)
    result = result_def(IntegerType)
    overflow_flags = prop_def(
        IntegerOverflowAttr, default_value=IntegerOverflowAttr("none"), prop_name="overflowFlags"
    )

    assembly_format = (
        "$input (`overflow` `` $overflowFlags^)? attr-dict `:` type($input) `to` type($result)"
    )

    def verify_(self) -> None:
        _verify_width_change(self.input.type, self.result.type, narrower=True)


@irdl_op_definition
class ExtUIOp(_Reformatted, arith.ExtUIOp):
    """`arith.extui %x nneg? : i32 to i64`."""

    name = "arith.extui"

    input = operand_def(IntegerType)
    result = result_def(IntegerType)
    non_neg = opt_prop_def(UnitAttr, prop_name="nonNeg")

    assembly_format = _NNEG_CAST_FORMAT

    def verify_(self) -> None:
        _verify_width_change(self.input.type, self.result.type, narrower=False)


@irdl_op_definition
class UIToFPOp(_Reformatted, arith.UIToFPOp):
    """`arith.uitofp %x nneg? : i32 to f32`."""

    name = "arith.uitofp"

    input = operand_def(IntegerType)
    result = result_def(arith.AnyFloatConstr)
    non_neg = opt_prop_def(UnitAttr, prop_name="nonNeg")

    assembly_format = _NNEG_CAST_FORMAT


@irdl_op_definition
class ExtFOp(_Reformatted, arith.ExtFOp):
    """`arith.extf %x fastmath<fast>? : f32 to f64`."""

    name = "arith.extf"

    input = operand_def(arith.floatingPointLike)
    result = result_def(arith.floatingPointLike)
    fastmath = opt_prop_def(FastMathFlagsAttr)

    assembly_format = (
        "$input (`fastmath` `` $fastmath^)? attr-dict `:` type($input) `to` type($result)"
    )


@irdl_op_definition
class TruncFOp(arith.TruncFOp):
    """`arith.truncf %x <rounding mode>? fastmath<...>? : f64 to f32`."""

    name = "arith.truncf"

    input = operand_def(arith.floatingPointLike)
    result = result_def(arith.floatingPointLike)
    roundingmode = opt_prop_def(IntegerAttr.constr(type=i32))
    fastmath = opt_prop_def(FastMathFlagsAttr)

    assembly_format = None  # upstream's format has no rounding mode: parse/print below

    def verify_(self) -> None:
        mode = self.roundingmode
        if mode is not None and not 0 <= mode.value.data < len(ROUNDING_MODES):
            raise VerifyException(f"roundingmode {mode.value.data} is not a rounding mode")

    @classmethod
    def parse(cls, parser: Parser) -> "TruncFOp":
        operand = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        for value, mode in enumerate(ROUNDING_MODES):
            if parser.parse_optional_keyword(mode) is not None:
                properties["roundingmode"] = IntegerAttr(value, i32)
                break
        if parser.parse_optional_keyword("fastmath") is not None:
            properties["fastmath"] = FastMathFlagsAttr(FastMathFlagsAttr.parse_parameter(parser))
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        input_type = parser.parse_type()
        parser.parse_keyword("to")
        result_type = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(operand, input_type)],
            result_types=[result_type],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.input)
        if self.roundingmode is not None:
            printer.print_string(f" {ROUNDING_MODES[self.roundingmode.value.data]}")
        if self.fastmath is not None:
            printer.print_string(" fastmath")
            self.fastmath.print_parameter(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.input.type)
        printer.print_string(" to ")
        printer.print_attribute(self.result.type)


class _ExactBinary(_Reformatted):
    """Division and right shifts: `exact` asserts that no nonzero bits are discarded."""

    T: ClassVar = arith.SignlessIntegerBinaryOperation.T
    lhs = operand_def(T)
    rhs = operand_def(T)
    result = result_def(T)
    is_exact = opt_prop_def(UnitAttr, prop_name="isExact")

    assembly_format = _EXACT_BINARY_FORMAT


@irdl_op_definition
class DivSIOp(_ExactBinary, arith.DivSIOp):
    """`arith.divsi %a, %b exact? : i32`."""

    name = "arith.divsi"


@irdl_op_definition
class DivUIOp(_ExactBinary, arith.DivUIOp):
    """`arith.divui %a, %b exact? : i32`."""

    name = "arith.divui"


@irdl_op_definition
class ShRSIOp(_ExactBinary, arith.ShRSIOp):
    """`arith.shrsi %a, %b exact? : i32`."""

    name = "arith.shrsi"


@irdl_op_definition
class ShRUIOp(_ExactBinary, arith.ShRUIOp):
    """`arith.shrui %a, %b exact? : i32`."""

    name = "arith.shrui"


Arith: Dialect = extend_dialect(
    arith.Arith,
    [
        RemFOp,
        IndexCastUIOp,
        TruncIOp,
        ExtUIOp,
        UIToFPOp,
        ExtFOp,
        TruncFOp,
        DivSIOp,
        DivUIOp,
        ShRSIOp,
        ShRUIOp,
    ],
)
