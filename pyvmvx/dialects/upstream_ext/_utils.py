"""Helpers shared by the extended upstream dialects."""

from collections.abc import Iterable, Sequence, Set

from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, IntegerType, MemRefType, i64
from xdsl.dialects.utils import (
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
)
from xdsl.ir import Attribute, Dialect, Operation
from xdsl.irdl import IRDLOperation
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    VariadicOperandVariable,
    irdl_custom_directive,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import EffectInstance, MemoryEffect, MemoryEffectKind
from xdsl.utils.hints import isa


def extend_dialect(
    base: Dialect,
    operations: Sequence[type[Operation]],
    attributes: Sequence[type[Attribute]] = (),
) -> Dialect:
    """A copy of `base` where `operations`/`attributes` replace those of the same name.

    Entries with a new name are added. The dialect's interfaces are kept.
    """
    new_ops = {op.name: op for op in operations}
    new_attrs = {attr.name: attr for attr in attributes}
    ops = [new_ops.pop(op.name, op) for op in base.operations] + list(new_ops.values())
    attrs = [new_attrs.pop(a.name, a) for a in base.attributes] + list(new_attrs.values())
    # xDSL has no public accessor for the whole interface list.
    return Dialect(base.name, ops, attrs, list(base._interfaces))


def parse_int_list(parser: Parser) -> list[int]:
    """`[1, 0]`: MLIR's custom syntax of a DenseI64ArrayAttr."""
    return parser.parse_comma_separated_list(Parser.Delimiter.SQUARE, parser.parse_integer)


def print_int_list(printer: Printer, values: Iterable[int]) -> None:
    with printer.in_square_brackets():
        printer.print_list(values, printer.print_int)


def i64_array(values: Sequence[int]) -> DenseArrayBase[IntegerType]:
    return DenseArrayBase.from_list(i64, values)


@irdl_custom_directive
class ParenDynamicIndexList(CustomDirective):
    """`(%a, 4, %b)`: a mixed static/dynamic index list in parentheses.

    MLIR's `custom<DynamicIndexList>` with the `Paren` delimiter (xDSL's directive only
    has square brackets).
    """

    dynamic_position: VariadicOperandVariable
    static_position: AttributeVariable

    def parse(self, parser: Parser, state: ParsingState) -> None:
        dynamic, static = parse_dynamic_index_list_without_types(
            parser, DYNAMIC_INDEX, delimiter=Parser.Delimiter.PAREN
        )
        self.dynamic_position.set(state, dynamic)
        self.static_position.set(state, i64_array(static))

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        state.print_whitespace(printer)
        static = self.static_position.get(op)
        assert isa(static, DenseArrayBase[IntegerType])
        print_dynamic_index_list(
            printer,
            DYNAMIC_INDEX,
            self.dynamic_position.get(op),
            static.get_values(),
            delimiter=Parser.Delimiter.PAREN,
        )


_READ_WRITE = frozenset(
    (EffectInstance(MemoryEffectKind.READ), EffectInstance(MemoryEffectKind.WRITE))
)


class DestinationStyleMemoryEffect(MemoryEffect):
    """No effect on tensors; reads and writes memory when any operand is a memref.

    The effects of MLIR's destination-style ops, so that dead tensor ops can be erased.
    """

    @classmethod
    def get_effects(cls, op: Operation) -> Set[EffectInstance]:
        if any(isinstance(operand.type, MemRefType) for operand in op.operands):
            return _READ_WRITE
        return frozenset()
