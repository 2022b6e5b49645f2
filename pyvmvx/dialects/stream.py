"""The parts of IREE's `stream` dialect that executables enter the HAL pipeline in.

`stream.executable` holds `stream.executable.export`s (with a `workgroups(...)` region
computing the workgroup count from the workload) and an inner `builtin.module` whose functions
take `!stream.binding`s and view them with `stream.binding.subspan`. This is the input of
IREE's `iree-hal-transformation-pipeline` (e.g. the VMVX target's smoke test).

Parse-level, with IREE 3.13's syntax and verifier messages: pyvmvx reads, verifies and prints
these ops; its own compiler starts from `hal.executable`s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    ShapedType,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, Region, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    SymbolTable,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException


@irdl_attr_definition
class BindingType(ParametrizedAttribute, TypeAttribute):
    """`!stream.binding`: a dispatch function's handle to one bound resource."""

    name = "stream.binding"


def _print_visibility(printer: Printer, op: IRDLOperation) -> None:
    """` public `: IREE always prints the visibility, defaulting to public."""
    visibility = op.properties.get("sym_visibility")
    printer.print_string(f" {visibility.data if isinstance(visibility, StringAttr) else 'public'} ")


def _leaf_name(ref: SymbolRefAttr) -> str:
    nested = ref.nested_references.data
    return (nested[-1] if nested else ref.root_reference).data


def _parse_attributes(parser: Parser) -> dict[str, Attribute]:
    """`(attributes {...})?`: the op's discardable attributes."""
    attr_dict = parser.parse_optional_attr_dict_with_keyword()
    return {} if attr_dict is None else dict(attr_dict.data)


@irdl_op_definition
class ExecutableEndOp(IRDLOperation):
    """Implicit terminator of `stream.executable` (never printed in custom form)."""

    name = "stream.executable.end"

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ExecutableOp)))

    assembly_format = "attr-dict"


@irdl_op_definition
class ExecutableOp(IRDLOperation):
    """`stream.executable (public|private)? @name (attributes {...})? { exports, module }`."""

    name = "stream.executable"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(StringAttr)
    body = region_def("single_block")

    traits = traits_def(
        IsolatedFromAbove(),
        SingleBlockImplicitTerminator(ExecutableEndOp),
        SymbolOpInterface(),
        SymbolTable(),
    )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        visibility = parser.parse_optional_visibility_keyword()
        sym_name = parser.parse_symbol_name()
        attrs = _parse_attributes(parser)
        op = cls.create(
            properties={"sym_name": sym_name}, attributes=attrs, regions=[parser.parse_region()]
        )
        if visibility is not None:
            op.properties["sym_visibility"] = visibility
        ensure_terminator(op, SingleBlockImplicitTerminator(ExecutableEndOp))
        return op

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self)
        printer.print_symbol_name(self.sym_name.data)
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_block_terminators=False)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`stream.return (%v : T)?`: ends a `workgroups` region."""

    name = "stream.return"

    values = var_operand_def()

    traits = traits_def(IsTerminator())

    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue) -> None:
        super().__init__(operands=[values])


_WORKGROUP_COUNT = "workgroup count region must return the XYZ dimension counts"


@irdl_op_definition
class ExecutableExportOp(IRDLOperation):
    """`stream.executable.export (public|private)? @func (as("name"))?
    (workgroups(%w: index, ...) -> (index, index, index) {...})?`: exports `@func` of the
    inner module under `name` (the function's name by default)."""

    name = "stream.executable.export"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(StringAttr)
    function_ref = prop_def(SymbolRefAttr)
    workgroup_count = region_def()

    traits = traits_def(HasParent(ExecutableOp), IsolatedFromAbove(), SymbolOpInterface())

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        visibility = parser.parse_optional_visibility_keyword()
        start = parser.pos
        function_ref = parser.parse_attribute()
        if not isinstance(function_ref, SymbolRefAttr):
            parser.raise_error("expected a symbol reference", start, parser.pos)
        sym_name = StringAttr(_leaf_name(function_ref))
        if parser.parse_optional_keyword("as"):
            with parser.in_parens():
                sym_name = StringAttr(parser.parse_str_literal())
        region = Region()
        if parser.parse_optional_keyword("workgroups"):
            args = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_argument)
            parser.parse_punctuation("->")
            start = parser.pos
            types = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
            if len(types) != 3 or not all(isinstance(t, IndexType) for t in types):
                parser.raise_error(_WORKGROUP_COUNT, start, parser.pos)
            region = parser.parse_region(args)
        attrs = _parse_attributes(parser)
        op = cls.create(
            properties={"sym_name": sym_name, "function_ref": function_ref},
            attributes=attrs,
            regions=[region],
        )
        if visibility is not None:
            op.properties["sym_visibility"] = visibility
        return op

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self)
        printer.print_attribute(self.function_ref)
        if self.sym_name.data != _leaf_name(self.function_ref):
            printer.print_string(" as(")
            printer.print_string_literal(self.sym_name.data)
            printer.print_string(")")
        if (body := self.workgroup_count.blocks.first) is not None:
            printer.print_string(" workgroups(")
            printer.print_list(body.args, printer.print_block_argument)
            printer.print_string(") -> (index, index, index) ")
            printer.print_region(self.workgroup_count, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes, print_keyword=True)


@irdl_op_definition
class BindingSubspanOp(IRDLOperation):
    """`stream.binding.subspan %binding[%offset] : !stream.binding -> T({dims})?`: a view of
    a binding starting `%offset` bytes in."""

    name = "stream.binding.subspan"

    binding = operand_def(BindingType)
    byte_offset = operand_def(IndexType)
    dynamic_dims = var_operand_def(IndexType)
    result = result_def()

    traits = traits_def(Pure())

    assembly_format = (
        "$binding `[` $byte_offset `]` attr-dict `:` type($binding) `->` type($result) "
        "(`{` $dynamic_dims^ `}`)?"
    )

    def __init__(
        self,
        result_type: Attribute,
        binding: SSAValue,
        byte_offset: SSAValue,
        dynamic_dims: Sequence[SSAValue] = (),
    ) -> None:
        super().__init__(operands=[binding, byte_offset, dynamic_dims], result_types=[result_type])

    def verify_(self) -> None:
        result_type = self.result.type
        shape = result_type.get_shape() if isinstance(result_type, ShapedType) else ()
        dynamic = sum(1 for d in shape if d == DYNAMIC_INDEX)
        if dynamic != len(self.dynamic_dims):
            raise VerifyException(
                f"type set has {dynamic} dynamic dimensions but only {len(self.dynamic_dims)} "
                "dimension values are attached"
            )


Stream = Dialect(
    "stream",
    [ExecutableOp, ExecutableEndOp, ExecutableExportOp, ReturnOp, BindingSubspanOp],
    [BindingType],
)
