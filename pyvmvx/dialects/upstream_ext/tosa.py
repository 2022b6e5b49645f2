"""`tosa` with `tosa.apply_scale`, which IREE's quantized matmul epilogues contain.

`tosa.apply_scale %value, %multiplier, %shift rounding_mode<DOUBLE_ROUND> : (i32, i32, i8)
-> i32` computes `round(value * multiplier / 2^shift)` with the given rounding (MLIR's TOSA
utility op). `iree-vmvx-conversion` lowers it to arith
(`pyvmvx.conversion.tosa_to_arith`). The constraints are those MLIR applies
(checked with iree-opt 3.13): value, multiplier and result are "signless-integer-like", which
in practice admits signless and unsigned integers and vectors/tensors of them (not signed
integers, index or floats); the shift is a signless i8 or a vector/tensor of i8.
"""

from xdsl.dialects import tosa
from xdsl.dialects.builtin import IntegerType, Signedness, TensorType, VectorType
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect


@irdl_custom_directive
class RoundingMode(CustomDirective):
    """`<DOUBLE_ROUND>`: a rounding mode written without its `#tosa.rounding_mode` prefix."""

    mode: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        with parser.in_angle_brackets():
            mode = parser.parse_str_enum(tosa.RoundingMode)
        self.mode.set(state, tosa.RoundingModeAttr(mode))
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        mode = self.mode.get(op)
        assert isinstance(mode, tosa.RoundingModeAttr)
        with printer.in_angle_brackets():
            printer.print_string(mode.data)
        state.last_was_punctuation = False
        state.should_emit_space = True


def _element_type(type_: Attribute) -> Attribute:
    return type_.get_element_type() if isinstance(type_, VectorType | TensorType) else type_


def _is_signless_int_like(type_: Attribute) -> bool:
    element = _element_type(type_)
    return isinstance(element, IntegerType) and element.signedness.data != Signedness.SIGNED


@irdl_op_definition
class ApplyScaleOp(IRDLOperation):
    """`tosa.apply_scale`: fixed-point rescaling of an integer by `multiplier * 2^-shift`."""

    name = "tosa.apply_scale"

    value = operand_def()
    multiplier = operand_def()
    shift = operand_def()
    rounding_mode = prop_def(tosa.RoundingModeAttr)
    output = result_def()

    traits = traits_def(Pure())

    assembly_format = (
        "$value `,` $multiplier `,` $shift `rounding_mode` `` custom<RoundingMode>($rounding_mode)"
        " attr-dict `:` functional-type(operands, results)"
    )

    custom_directives = (RoundingMode,)

    def __init__(
        self,
        value: SSAValue,
        multiplier: SSAValue,
        shift: SSAValue,
        rounding_mode: tosa.RoundingMode,
        result_type: Attribute,
    ) -> None:
        super().__init__(
            operands=[value, multiplier, shift],
            result_types=[result_type],
            properties={"rounding_mode": tosa.RoundingModeAttr(rounding_mode)},
        )

    def verify_(self) -> None:
        named = (("operand #0", self.value), ("operand #1", self.multiplier))
        for what, value in (*named, ("result #0", self.output)):
            if not _is_signless_int_like(value.type):
                raise VerifyException(f"{what} must be signless-integer-like, but got {value.type}")
        if _element_type(self.shift.type) != IntegerType(8):
            raise VerifyException(
                f"operand #2 must be signless-integer-8-bit-like, but got {self.shift.type}"
            )


Tosa: Dialect = extend_dialect(tosa.TOSA, [ApplyScaleOp])
