"""`math` with MLIR's float classification ops, which xDSL 0.75 lacks.

`math.isnan`, `math.isinf`, `math.isfinite` and `math.isnormal` take a float (or a vector or
tensor of floats) and give an `i1` of the same shape: `%r = math.isnan %x : f32`. The
`fastmath` flags are MLIR's optional property, spelt as MLIR prints it
(`math.isinf %x fastmath<ninf> : f64`); the attribute-dictionary spelling, which IREE 3.13
rejects, still reads.
"""

from typing import Self

from xdsl.dialects import math
from xdsl.dialects.arith import FastMathFlagsAttr
from xdsl.dialects.builtin import AnyFloat, TensorType, VectorType, i1
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect


def _i1_like(type_: Attribute) -> Attribute:
    """`i1`, or a vector or tensor of `i1` of `type_`'s shape."""
    if isinstance(type_, VectorType):
        return VectorType(i1, type_.get_shape(), type_.scalable_dims)
    if isinstance(type_, TensorType):
        return TensorType(i1, type_.get_shape())
    return i1


class _FloatClassificationOp(IRDLOperation):
    operand = operand_def()
    result = result_def()
    fastmath = opt_prop_def(FastMathFlagsAttr)

    traits = traits_def(Pure())

    def __init__(self, operand: SSAValue) -> None:
        super().__init__(operands=[operand], result_types=[_i1_like(operand.type)])

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        operand = parser.parse_unresolved_operand()
        properties: dict[str, Attribute] = {}
        if parser.parse_optional_keyword("fastmath") is not None:
            properties["fastmath"] = FastMathFlagsAttr.new(
                FastMathFlagsAttr.parse_parameter(parser)
            )
        attributes = dict(parser.parse_optional_attr_dict())
        if "fastmath" in attributes and "fastmath" not in properties:
            properties["fastmath"] = attributes.pop("fastmath")
        parser.parse_punctuation(":")
        type_ = parser.parse_type()
        return cls.create(
            operands=[parser.resolve_operand(operand, type_)],
            result_types=[_i1_like(type_)],
            properties=properties,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand)
        if self.fastmath is not None:
            printer.print_string(" fastmath")
            self.fastmath.print_parameter(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operand.type)

    def verify_(self) -> None:
        type_ = self.operand.type
        element = type_.get_element_type() if isinstance(type_, VectorType | TensorType) else type_
        if not isinstance(element, AnyFloat):
            raise VerifyException(f"operand #0 must be floating-point-like, but got {type_}")
        if self.result.type != _i1_like(type_):
            raise VerifyException(
                "result type has i1 element type and same shape as operands, "
                f"but got {self.result.type}"
            )


@irdl_op_definition
class IsNaNOp(_FloatClassificationOp):
    """`math.isnan %x : f32`: whether `%x` is a NaN."""

    name = "math.isnan"


@irdl_op_definition
class IsInfOp(_FloatClassificationOp):
    """`math.isinf %x : f32`: whether `%x` is an infinity."""

    name = "math.isinf"


@irdl_op_definition
class IsFiniteOp(_FloatClassificationOp):
    """`math.isfinite %x : f32`: whether `%x` is neither infinite nor a NaN."""

    name = "math.isfinite"


@irdl_op_definition
class IsNormalOp(_FloatClassificationOp):
    """`math.isnormal %x : f32`: whether `%x` is finite, not zero and not subnormal."""

    name = "math.isnormal"


Math: Dialect = extend_dialect(math.Math, [IsNaNOp, IsInfOp, IsFiniteOp, IsNormalOp])
