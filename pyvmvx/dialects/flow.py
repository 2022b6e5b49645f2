"""The `flow` dialect: the host side of dispatch formation, with IREE's syntax.

`flow.dispatch @ex::@entry[%w0, ...](%a, %n) : (tensor<?x4xf32>{%n}, index) ->
tensor<?x4xf32>{%n}` runs an executable's entry point on tensors: the tensor arguments
become its bindings (in order, then one binding per result), the other arguments its push
constants, and the workload (`[...]`) is what its count region receives. Every dynamic
dimension of an argument or result type is given in braces after it, as IREE prints it.
pyvmvx outlines dispatches straight to `hal.executable.source` ops, so `flow.executable` is
not needed; `flow.dispatch` names the source and its export.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from xdsl.dialects.builtin import ArrayAttr, IndexType, SymbolRefAttr, TensorType
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


def dynamic_dim_count(type_: Attribute) -> int:
    """How many `?` dimensions `type_` has (0 for a non-tensor)."""
    if not isinstance(type_, TensorType):
        return 0
    return sum(1 for d in type_.get_shape() if d < 0)


@irdl_op_definition
class DispatchOp(IRDLOperation):
    """`flow.dispatch @executable::@entry[workload](arguments) : (types{dims}) ->
    types{dims}`."""

    name = "flow.dispatch"

    workload = var_operand_def(IndexType)
    arguments = var_operand_def()
    argument_dims = var_operand_def(IndexType)
    result_dims = var_operand_def(IndexType)
    entry_points = prop_def(ArrayAttr[SymbolRefAttr])
    results_ = var_result_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        entry_point: SymbolRefAttr,
        workload: Sequence[SSAValue],
        arguments: Sequence[SSAValue],
        argument_dims: Sequence[SSAValue],
        result_types: Sequence[Attribute],
        result_dims: Sequence[SSAValue],
    ) -> None:
        super().__init__(
            operands=[workload, arguments, argument_dims, result_dims],
            result_types=[result_types],
            properties={"entry_points": ArrayAttr([entry_point])},
        )

    @property
    def entry_point(self) -> SymbolRefAttr:
        return self.entry_points.data[0]

    def dims_of_argument(self, index: int) -> tuple[SSAValue, ...]:
        """The dynamic dimensions of argument `index`, in order."""
        start = sum(dynamic_dim_count(a.type) for a in self.arguments[:index])
        count = dynamic_dim_count(self.arguments[index].type)
        return tuple(self.argument_dims[start : start + count])

    def dims_of_result(self, index: int) -> tuple[SSAValue, ...]:
        """The dynamic dimensions of result `index`, in order."""
        start = sum(dynamic_dim_count(r.type) for r in self.results_[:index])
        count = dynamic_dim_count(self.results_[index].type)
        return tuple(self.result_dims[start : start + count])

    def verify_(self) -> None:
        if len(self.entry_points.data) != 1 or len(self.entry_point.nested_references) != 1:
            raise VerifyException("expected one entry point @executable::@export")
        expected = sum(dynamic_dim_count(a.type) for a in self.arguments)
        if len(self.argument_dims) != expected:
            raise VerifyException(
                f"expected {expected} dynamic dimensions for the arguments, "
                f"got {len(self.argument_dims)}"
            )
        expected = sum(dynamic_dim_count(r.type) for r in self.results_)
        if len(self.result_dims) != expected:
            raise VerifyException(
                f"expected {expected} dynamic dimensions for the results, "
                f"got {len(self.result_dims)}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> DispatchOp:
        start = parser.pos
        entry = parser.parse_attribute()
        if not isinstance(entry, SymbolRefAttr):
            parser.raise_error("expected an entry point @executable::@export", start, parser.pos)
        workload: list[UnresolvedOperand] = []
        if parser.parse_optional_punctuation("["):
            if not parser.parse_optional_punctuation("]"):
                workload = parser.parse_comma_separated_list(
                    parser.Delimiter.NONE, parser.parse_unresolved_operand
                )
                parser.parse_punctuation("]")
        arguments = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        argument_types, argument_dims = _parse_typed_dims(parser, always_parens=True)
        parser.parse_punctuation("->")
        result_types, result_dims = _parse_typed_dims(parser, always_parens=False)
        if len(argument_types) != len(arguments):
            parser.raise_error(
                f"expected {len(arguments)} argument types, got {len(argument_types)}"
            )
        index = IndexType()
        op = cls(
            entry,
            parser.resolve_operands(workload, [index] * len(workload), start),
            parser.resolve_operands(arguments, argument_types, start),
            parser.resolve_operands(argument_dims, [index] * len(argument_dims), start),
            result_types,
            parser.resolve_operands(result_dims, [index] * len(result_dims), start),
        )
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.entry_point)
        if self.workload:
            printer.print_string("[")
            printer.print_list(self.workload, printer.print_operand)
            printer.print_string("]")
        printer.print_string("(")
        printer.print_list(self.arguments, printer.print_operand)
        printer.print_string(")")
        if self.attributes:
            printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        dims = iter(self.argument_dims)
        printer.print_list(self.arguments, lambda a: _print_typed_dims(printer, a.type, dims))
        printer.print_string(") -> ")
        dims = iter(self.result_dims)
        several = len(self.results_) != 1
        if several:
            printer.print_string("(")
        printer.print_list(self.results_, lambda r: _print_typed_dims(printer, r.type, dims))
        if several:
            printer.print_string(")")


def _parse_typed_dims(
    parser: Parser, *, always_parens: bool
) -> tuple[list[Attribute], list[UnresolvedOperand]]:
    """`(T{%d, ...}, ...)`, or a single `T{...}` when parentheses are optional."""
    dims: list[UnresolvedOperand] = []

    def one() -> Attribute:
        type_ = parser.parse_type()
        if parser.parse_optional_punctuation("{"):
            if not parser.parse_optional_punctuation("}"):
                dims.extend(
                    parser.parse_comma_separated_list(
                        parser.Delimiter.NONE, parser.parse_unresolved_operand
                    )
                )
                parser.parse_punctuation("}")
        return type_

    if always_parens or parser.parse_optional_punctuation("(") is not None:
        if not always_parens:
            types = [] if parser.parse_optional_punctuation(")") else None
            if types is None:
                types = parser.parse_comma_separated_list(parser.Delimiter.NONE, one)
                parser.parse_punctuation(")")
            return types, dims
        return parser.parse_comma_separated_list(parser.Delimiter.PAREN, one), dims
    return [one()], dims


def _print_typed_dims(printer: Printer, type_: Attribute, dims: Iterator[SSAValue]) -> None:
    printer.print_attribute(type_)
    count = dynamic_dim_count(type_)
    if count:
        printer.print_string("{")
        printer.print_list([next(dims) for _ in range(count)], printer.print_operand)
        printer.print_string("}")


Flow = Dialect("flow", [DispatchOp])
