"""`arith` with `arith.remf` and `arith.index_castui`.

`arith.index_castui` is not an `arith.index_cast`: it zero-extends (IREE casts i32 push
constants to index with it), so passes must not treat it as the signed cast.
"""

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import IRDLOperation, base, irdl_op_definition, operand_def, result_def, traits_def
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect


@irdl_op_definition
class RemFOp(arith.FloatingPointLikeBinaryOperation):
    """`arith.remf %a, %b : f32`: the remainder of the division, with the sign of `%a`
    (C's `fmod`)."""

    name = "arith.remf"

    traits = traits_def(Pure())


@irdl_op_definition
class IndexCastUIOp(IRDLOperation):
    """`arith.index_castui %x : i32 to index`: an unsigned cast between index and integer
    (zero-extension when widening, truncation when narrowing)."""

    name = "arith.index_castui"

    input = operand_def(base(IntegerType) | base(IndexType))
    result = result_def(base(IntegerType) | base(IndexType))

    traits = traits_def(Pure())

    assembly_format = "$input attr-dict `:` type($input) `to` type($result)"

    def __init__(self, input_arg: SSAValue | Operation, target_type: Attribute):
        super().__init__(operands=[input_arg], result_types=[target_type])

    def verify_(self) -> None:
        if isinstance(self.input.type, IndexType) == isinstance(self.result.type, IndexType):
            raise VerifyException(
                f"operand type {self.input.type} and result type {self.result.type} are cast "
                "incompatible: exactly one of them must be index"
            )


Arith: Dialect = extend_dialect(arith.Arith, [RemFOp, IndexCastUIOp])
