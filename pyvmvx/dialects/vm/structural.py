"""Structural and control-flow `vm` ops: module, func, import, export, initializer, call,
return, branches, fail, check and `vm.import.resolved`.

Syntax is IREE's (`VMOps.td`/`VMOps.cpp`):
- `vm.module public? @name <ordinal_counts = <...>>? attributes {...} { ... }` (implicit
  `vm.module_terminator`);
- `vm.func private? @f(%a: i32) -> i32 attributes {...} { ... }` (FunctionOpInterface form);
- `vm.import private? optional? @m.f(%name : type ..., ...) -> (results) attributes {...}`,
  where argument names live in `arg_attrs` as `vm.name` and `...` marks `vm.variadic`;
- `vm.export @f as("name") attributes {...}` (`as(...)` omitted when the names agree);
- `vm.br_table %index { default: ^bb1(%a : i32), 0: ^bb2, 1: ^bb3(%b : i64) }`.
As in IREE 3.13, every op's inherent attributes (`sym_name`, `sym_visibility`, `function_type`,
`ordinal`, ...) are properties, so IREE's generic form (`<{...}>`) reads unchanged. Those
outside the syntax print where IREE 3.13 prints them: `vm.module`'s in a property dictionary
(`<version = 1>`), `vm.func`/`vm.import`/`vm.export`'s in `attributes {...}`; an inherent
attribute written in the attribute dictionary (older IREE syntax) moves to its property
(see `pyvmvx.dialects.properties`). `noinline` on `vm.func` is a discardable attribute, as in
IREE 3.13.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    FunctionType,
    IntAttr,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TupleType,
    UnitAttr,
    VectorType,
    i16,
    i32,
)
from xdsl.dialects.utils import parse_func_op_like, print_func_op_like
from xdsl.ir import Attribute, Block, Operation, ParametrizedAttribute, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_result_def,
    var_successor_def,
)
from xdsl.irdl.operations import operand_def
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    NoMemoryEffect,
    Pure,
    ReturnLike,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    SymbolTable,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.properties import (
    I32_FORM,
    parse_properties_and_attributes,
    present_properties,
    print_properties_and_attributes,
    stripped_form,
    take_properties,
)
from pyvmvx.dialects.util import InlineAlwaysAttr, InlineNeverAttr
from pyvmvx.dialects.vm.base import ExpandPseudoOp, format_types
from pyvmvx.dialects.vm.types import ANY_VM_TYPE, flatten_type


def lookup_symbol(op: Operation, ref: SymbolRefAttr | str) -> Operation | None:
    """The op named `ref` in the nearest enclosing symbol table, or None if there is none."""
    try:
        return SymbolTable.lookup_symbol(op, ref)
    except ValueError:  # no symbol-table ancestor (detached op)
        return None


def _print_visibility(printer: Printer, visibility: StringAttr | None) -> None:
    if visibility is not None:
        printer.print_string(f" {visibility.data}")


# ---------------------------------------------------------------------------
# vm.module
# ---------------------------------------------------------------------------


@irdl_op_definition
class ModuleTerminatorOp(IRDLOperation):
    """`vm.module_terminator`: the implicit terminator of a `vm.module` body."""

    name = "vm.module_terminator"
    assembly_format = "attr-dict"
    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ModuleOp)))


_ORDINAL_COUNT_FIELDS = (
    "import_funcs",
    "export_funcs",
    "internal_funcs",
    "global_bytes",
    "global_refs",
    "rodatas",
    "rwdatas",
)


@irdl_attr_definition
class OrdinalCountsAttr(ParametrizedAttribute):
    """`#vm.ordinal_counts<import_funcs = 1, ...>`: per-kind ordinal counts of a `vm.module`,
    set by IREE's ordinal allocation (fields in any order when parsed, all required)."""

    name = "vm.ordinal_counts"
    import_funcs: IntAttr
    export_funcs: IntAttr
    internal_funcs: IntAttr
    global_bytes: IntAttr
    global_refs: IntAttr
    rodatas: IntAttr
    rwdatas: IntAttr

    def print_parameters(self, printer: Printer) -> None:
        fields = zip(_ORDINAL_COUNT_FIELDS, self.parameters, strict=True)
        printer.print_string(
            "<" + ", ".join(f"{name} = {value.data}" for name, value in fields) + ">"
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr, ...]:
        values: dict[str, int] = {}

        def parse_field() -> None:
            pos = parser.pos
            name = parser.parse_identifier()
            if name not in _ORDINAL_COUNT_FIELDS or name in values:
                parser.raise_error(f"duplicate or unknown ordinal count '{name}'", pos, parser.pos)
            parser.parse_punctuation("=")
            values[name] = parser.parse_integer(allow_boolean=False)

        pos = parser.pos
        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_field)
        if missing := [name for name in _ORDINAL_COUNT_FIELDS if name not in values]:
            parser.raise_error(f"missing ordinal count '{missing[0]}'", pos, parser.pos)
        return tuple(IntAttr(values[name]) for name in _ORDINAL_COUNT_FIELDS)


_MODULE_PROPERTIES = {"ordinal_counts": stripped_form(OrdinalCountsAttr), "version": I32_FORM}
"""Properties outside `vm.module`'s syntax, in IREE's printing order."""


@irdl_op_definition
class ModuleOp(IRDLOperation):
    """`vm.module @name { ... }`: a VM module (functions, imports, exports, globals, rodata)."""

    name = "vm.module"
    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(SymbolNameConstraint())
    ordinal_counts = opt_prop_def(OrdinalCountsAttr)
    version = opt_prop_def(IntegerAttr.constr(type=i32))
    body = region_def("single_block")
    traits = traits_def(
        IsolatedFromAbove(),
        SymbolOpInterface(),
        SymbolTable(),
        SingleBlockImplicitTerminator(ModuleTerminatorOp),
    )

    def __init__(
        self,
        sym_name: str,
        ops: Sequence[Operation] = (),
        *,
        visibility: str | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "sym_visibility": StringAttr(visibility) if visibility else None,
            },
            attributes=attributes,
            regions=[Region(Block(ops))],
        )
        ensure_terminator(self, SingleBlockImplicitTerminator(ModuleTerminatorOp))

    def append(self, op: Operation) -> None:
        """Insert `op` at the end of the body, before the implicit terminator."""
        terminator = self.body.block.last_op
        assert terminator is not None
        self.body.block.insert_op_before(op, terminator)

    @classmethod
    def parse(cls, parser: Parser) -> ModuleOp:
        visibility = parser.parse_optional_visibility_keyword()
        sym_name = parser.parse_symbol_name()
        properties, attributes = parse_properties_and_attributes(
            parser, _MODULE_PROPERTIES, keyword=True
        )
        properties["sym_name"] = sym_name
        if visibility is not None:
            properties["sym_visibility"] = visibility
        region = parser.parse_region()
        op = cls.create(properties=properties, attributes=attributes, regions=[region])
        ensure_terminator(op, SingleBlockImplicitTerminator(ModuleTerminatorOp))
        return op

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self.sym_visibility)
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        print_properties_and_attributes(printer, self, _MODULE_PROPERTIES, keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_block_terminators=False)


# ---------------------------------------------------------------------------
# vm.func, vm.initializer
# ---------------------------------------------------------------------------


class VMCallableInterface(CallableOpInterface):
    """`vm.func`/`vm.initializer` bodies are callable regions with their function type."""

    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp | InitializerOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp | InitializerOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp | InitializerOp)
        return op.function_type.outputs.data


def _verify_entry_block(op: FuncOp | InitializerOp) -> None:
    if not op.body.blocks:
        return
    entry = op.body.blocks.first
    assert entry is not None
    if tuple(entry.arg_types) != op.function_type.inputs.data:
        raise VerifyException(
            f"entry block arguments {format_types(entry.arg_types)} do not match the "
            f"function inputs {format_types(op.function_type.inputs.data)}"
        )


_FUNC_PROPERTIES = ("ordinal", "inlining_policy")
"""`vm.func` properties written in its attribute dictionary."""


@irdl_op_definition
class FuncOp(IRDLOperation):
    """`vm.func private? @f(%a: i32) -> i32 attributes {...} { ... }`: a VM function."""

    name = "vm.func"
    function_type = prop_def(FunctionType)
    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    ordinal = opt_prop_def(IntegerAttr.constr(type=i32))
    inlining_policy = opt_prop_def(InlineNeverAttr | InlineAlwaysAttr)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    body = region_def()
    traits = traits_def(
        IsolatedFromAbove(), HasParent(ModuleOp), SymbolOpInterface(), VMCallableInterface()
    )

    def __init__(
        self,
        sym_name: str,
        function_type: FunctionType | tuple[Sequence[Attribute], Sequence[Attribute]],
        body: Region | None = None,
        *,
        visibility: str | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        if isinstance(function_type, tuple):
            function_type = FunctionType.from_lists(*function_type)
        if body is None:
            body = Region(Block(arg_types=function_type.inputs.data))
        super().__init__(
            properties={
                "function_type": function_type,
                "sym_name": StringAttr(sym_name),
                "sym_visibility": StringAttr(visibility) if visibility is not None else None,
            },
            attributes=attributes,
            regions=[body],
        )

    def verify_(self) -> None:
        _verify_entry_block(self)

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        visibility = parser.parse_optional_visibility_keyword()
        name, inputs, outputs, body, extra, arg_attrs, res_attrs = parse_func_op_like(
            parser, reserved_attr_names=("sym_name", "function_type", "sym_visibility")
        )
        attributes = dict(extra.data) if extra else {}
        properties: dict[str, Attribute] = {
            "function_type": FunctionType.from_lists(inputs, outputs),
            "sym_name": StringAttr(name),
            **take_properties(attributes, _FUNC_PROPERTIES),
        }
        if arg_attrs is not None:
            properties["arg_attrs"] = arg_attrs
        if res_attrs is not None:
            properties["res_attrs"] = res_attrs
        if visibility is not None:
            properties["sym_visibility"] = visibility
        return cls.create(properties=properties, attributes=attributes, regions=[body])

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self.sym_visibility)
        extra = present_properties(self, _FUNC_PROPERTIES)
        print_func_op_like(
            printer,
            self.sym_name,
            self.function_type,
            self.body,
            self.attributes | extra,
            arg_attrs=self.arg_attrs,
            res_attrs=self.res_attrs,
            reserved_attr_names=("sym_name", "function_type", "sym_visibility"),
            print_empty_outputs=False,
        )


@irdl_op_definition
class InitializerOp(IRDLOperation):
    """`vm.initializer attributes {...} { ... }`: runs at module load, in definition order."""

    name = "vm.initializer"
    function_type = prop_def(FunctionType)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    body = region_def()
    traits = traits_def(IsolatedFromAbove(), HasParent(ModuleOp), VMCallableInterface())

    def __init__(self, body: Region | None = None) -> None:
        super().__init__(
            properties={"function_type": FunctionType.from_lists((), ())},
            regions=[body if body is not None else Region(Block())],
        )

    def verify_(self) -> None:
        if self.function_type.inputs.data or self.function_type.outputs.data:
            raise VerifyException("must have type () -> ()")
        _verify_entry_block(self)

    @classmethod
    def parse(cls, parser: Parser) -> InitializerOp:
        attrs = parser.parse_optional_attr_dict_with_keyword(("function_type",))
        op = cls(parser.parse_region())
        if attrs is not None:
            op.attributes |= attrs.data
        return op

    def print(self, printer: Printer) -> None:
        printer.print_op_attributes(self.attributes, print_keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body)


# ---------------------------------------------------------------------------
# vm.import, vm.export
# ---------------------------------------------------------------------------

_IMPORT_PROPERTIES = ("ordinal", "minimum_version")


@irdl_op_definition
class ImportOp(IRDLOperation):
    """`vm.import private @module.fn(%name : type, ...) -> (results) attributes {...}`.

    Declares a function of another VM module (`vmvx`, `hal`, ...). Each argument's name is
    kept in `arg_attrs` as `vm.name`, a trailing `...` as `vm.variadic`. Argument types may be
    `tuple<...>`: callers pass the tuple's elements as separate operands.
    """

    name = "vm.import"
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    sym_visibility = opt_prop_def(StringAttr)
    ordinal = opt_prop_def(IntegerAttr.constr(type=i32))
    is_optional = opt_prop_def(UnitAttr)
    minimum_version = opt_prop_def(IntegerAttr.constr(type=i32))
    body = region_def()
    traits = traits_def(SymbolOpInterface())

    def __init__(
        self,
        sym_name: str,
        arguments: Sequence[tuple[str | None, Attribute]],
        results: Sequence[Attribute] = (),
        *,
        visibility: str | None = "private",
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        """`arguments` are (name or None, type) pairs."""
        arg_attrs = ArrayAttr(
            DictionaryAttr({"vm.name": StringAttr(n)} if n is not None else {})
            for n, _ in arguments
        )
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "function_type": FunctionType.from_lists([t for _, t in arguments], results),
                "arg_attrs": arg_attrs if any(d.data for d in arg_attrs) else None,
                "sym_visibility": StringAttr(visibility) if visibility else None,
            },
            attributes=attributes,
            regions=[Region()],
        )

    def argument_attrs(self, index: int) -> dict[str, Attribute]:
        if self.arg_attrs is None:
            return {}
        return dict(self.arg_attrs.data[index].data)

    def argument_name(self, index: int) -> str | None:
        name = self.argument_attrs(index).get("vm.name")
        return name.data if isinstance(name, StringAttr) else None

    def is_argument_variadic(self, index: int) -> bool:
        return "vm.variadic" in self.argument_attrs(index)

    @property
    def is_variadic(self) -> bool:
        return any(map(self.is_argument_variadic, range(len(self.function_type.inputs))))

    def verify_(self) -> None:
        if self.body.blocks:
            raise VerifyException("must not have a body")
        if self.arg_attrs is not None and len(self.arg_attrs) != len(self.function_type.inputs):
            raise VerifyException("needs one arg_attrs entry per argument")

    @classmethod
    def parse(cls, parser: Parser) -> ImportOp:
        properties: dict[str, Attribute] = {}
        if (visibility := parser.parse_optional_visibility_keyword()) is not None:
            properties["sym_visibility"] = visibility
        if parser.parse_optional_keyword("optional") is not None:
            properties["is_optional"] = UnitAttr()
        properties["sym_name"] = parser.parse_symbol_name()

        def parse_argument() -> tuple[Attribute, DictionaryAttr]:
            attrs: dict[str, Attribute] = {}
            if (operand := parser.parse_optional_unresolved_operand()) is not None:
                attrs["vm.name"] = StringAttr(operand.span.text.removeprefix("%"))
                parser.parse_punctuation(":")
            arg_type = parser.parse_type()
            if parser.parse_optional_punctuation("...") is not None:
                attrs["vm.variadic"] = UnitAttr()
            return arg_type, DictionaryAttr(attrs)

        arguments = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_argument)
        results: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            parsed = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type
            )
            results = parsed if parsed is not None else [parser.parse_type()]
        attrs = parser.parse_optional_attr_dict_with_keyword()
        attributes = dict(attrs.data) if attrs else {}
        properties |= take_properties(attributes, _IMPORT_PROPERTIES)
        properties["function_type"] = FunctionType.from_lists([t for t, _ in arguments], results)
        if any(d.data for _, d in arguments):
            properties["arg_attrs"] = ArrayAttr(d for _, d in arguments)
        return cls.create(properties=properties, attributes=attributes, regions=[Region()])

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self.sym_visibility)
        if self.is_optional is not None:
            printer.print_string(" optional")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)

        def print_argument(index: int) -> None:
            if (name := self.argument_name(index)) is not None:
                printer.print_string(f"%{name} : ")
            printer.print_attribute(self.function_type.inputs.data[index])
            if self.is_argument_variadic(index):
                printer.print_string(" ...")

        with printer.in_parens():
            printer.print_list(range(len(self.function_type.inputs)), print_argument)
        outputs = self.function_type.outputs.data
        if len(outputs) == 1:
            printer.print_string(" -> ")
            printer.print_attribute(outputs[0])
        elif outputs:
            printer.print_string(" -> (")
            printer.print_list(outputs, printer.print_attribute)
            printer.print_string(")")
        extra = present_properties(self, _IMPORT_PROPERTIES)
        printer.print_op_attributes(self.attributes | extra, print_keyword=True)

    def flat_argument_types(self) -> list[Attribute]:
        """The argument types as passed by `vm.call` (tuples expanded)."""
        return [leaf for t in self.function_type.inputs.data for leaf in flatten_type(t)]


@irdl_op_definition
class ExportOp(IRDLOperation):
    """`vm.export @f as("name") attributes {...}`: exports `vm.func @f` under `name`."""

    name = "vm.export"
    function_ref = prop_def(FlatSymbolRefAttrConstr)
    export_name = prop_def(StringAttr)
    ordinal = opt_prop_def(IntegerAttr.constr(type=i32))

    def __init__(
        self,
        function: str,
        export_name: str | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            properties={
                "function_ref": SymbolRefAttr(function),
                "export_name": StringAttr(export_name or function),
            },
            attributes=attributes,
        )

    def verify_(self) -> None:
        target = lookup_symbol(self, self.function_ref)
        if not isinstance(target, FuncOp):
            raise VerifyException(
                f"vm.func op named '{self.function_ref.root_reference.data}' not found for export"
            )

    @classmethod
    def parse(cls, parser: Parser) -> ExportOp:
        function = parser.parse_symbol_name()
        properties: dict[str, Attribute] = {
            "function_ref": SymbolRefAttr(function),
            "export_name": function,
        }
        if parser.parse_optional_keyword("as") is not None:
            parser.parse_punctuation("(")
            properties["export_name"] = StringAttr(parser.parse_str_literal())
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict_with_keyword()
        attributes = dict(attrs.data) if attrs else {}
        properties |= take_properties(attributes, ("ordinal",))
        return cls.create(properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.function_ref.root_reference.data)
        if self.export_name != self.function_ref.root_reference:
            printer.print_string(" as(")
            printer.print_string_literal(self.export_name.data)
            printer.print_string(")")
        printer.print_op_attributes(
            self.attributes | present_properties(self, ("ordinal",)), print_keyword=True
        )


# ---------------------------------------------------------------------------
# Calls and control flow
# ---------------------------------------------------------------------------


@irdl_op_definition
class CallOp(IRDLOperation):
    """`%r = vm.call @callee(%a, %b) : (i32, !vm.buffer) -> i32`.

    The callee is a `vm.func` or a `vm.import`; `tuple<...>` import arguments are passed as
    their elements, so operand types must equal the callee's flattened argument types.
    """

    name = "vm.call"
    callee = prop_def(FlatSymbolRefAttrConstr)
    operands_ = var_operand_def(ANY_VM_TYPE)
    results_ = var_result_def(ANY_VM_TYPE)
    assembly_format = (
        "$callee `(` $operands_ `)` attr-dict `:` functional-type($operands_, $results_)"
    )

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[SSAValue | Operation],
        result_types: Sequence[Attribute],
    ) -> None:
        if isinstance(callee, str):
            callee = SymbolRefAttr(callee)
        super().__init__(
            operands=[arguments], result_types=[result_types], properties={"callee": callee}
        )

    def verify_(self) -> None:
        target = lookup_symbol(self, self.callee)
        name = self.callee.root_reference.data
        if isinstance(target, ImportOp):
            if target.is_variadic:
                raise VerifyException(f"callee @{name} is variadic")
            inputs = target.flat_argument_types()
        elif isinstance(target, FuncOp):
            inputs = list(target.function_type.inputs.data)
        else:
            raise VerifyException(f"callee @{name} is not a vm.func or vm.import")
        operand_types = [v.type for v in self.operands_]
        outputs = list(target.function_type.outputs.data)
        if operand_types != inputs or list(self.results_.types) != outputs:
            raise VerifyException(
                f"type {format_types(operand_types)} -> {format_types(self.results_.types)} "
                f"does not match callee @{name} of type {format_types(inputs)} -> "
                f"{format_types(outputs)} (tuple arguments are passed flattened)"
            )


# One entry of a variadic call's argument list as written: an operand, a parenthesized tuple
# of operands, or a bracketed variadic list of those.
_CallEntry = UnresolvedOperand | list[UnresolvedOperand] | list[list[UnresolvedOperand]]


@irdl_op_definition
class CallVariadicOp(IRDLOperation):
    """`vm.call.variadic @callee(%a, [%b, %c], [(%d, %e), (%f, %g)]) : (i32, i64 ...,
    tuple<i32, i64> ...) -> i32`: a call of an import with variadic arguments.

    `segment_types` are the import's argument types (tuples kept) and `segment_sizes` (an
    `i16` vector) gives, per argument, -1 when it is not variadic, else how many values (or
    tuples) the call passes for it; the operands are all of them flattened, in order.
    """

    name = "vm.call.variadic"
    callee = prop_def(FlatSymbolRefAttrConstr)
    segment_sizes = prop_def(DenseIntOrFPElementsAttr)
    segment_types = prop_def(ArrayAttr)
    operands_ = var_operand_def(ANY_VM_TYPE)
    results_ = var_result_def(ANY_VM_TYPE)

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[SSAValue | Operation],
        sizes: Sequence[int],
        segment_types: Sequence[Attribute],
        result_types: Sequence[Attribute],
    ) -> None:
        """`arguments` flattened; `sizes` per argument of `segment_types` (-1: not variadic)."""
        super().__init__(
            operands=[arguments],
            result_types=[result_types],
            properties={
                "callee": SymbolRefAttr(callee) if isinstance(callee, str) else callee,
                "segment_sizes": _segment_sizes(sizes),
                "segment_types": ArrayAttr(segment_types),
            },
        )

    def sizes(self) -> tuple[int, ...]:
        return tuple(int(v) for v in self.segment_sizes.get_values())

    def groups(self) -> list[list[list[SSAValue]]]:
        """Per argument, its values split into tuples of the argument's flattened width
        (one tuple for a non-variadic argument)."""
        operands = iter(self.operands_)
        return [
            [[next(operands) for _ in flatten_type(t)] for _ in range(_tuple_count(size))]
            for t, size in zip(self.segment_types.data, self.sizes(), strict=True)
        ]

    def verify_(self) -> None:
        name = self.callee.root_reference.data
        target = lookup_symbol(self, self.callee)
        if not isinstance(target, ImportOp):
            raise VerifyException(f"callee @{name} is not a vm.import")
        sizes = self.sizes()
        inputs = target.function_type.inputs.data
        if tuple(self.segment_types.data) != inputs or len(sizes) != len(inputs):
            raise VerifyException(
                f"segment types {format_types(self.segment_types.data)} do not match the "
                f"arguments {format_types(inputs)} of callee @{name}"
            )
        for index, size in enumerate(sizes):
            if (size == -1) == target.is_argument_variadic(index) or size < -1:
                raise VerifyException(f"segment size {size} of argument {index} is invalid")
        expected = [
            leaf
            for t, size in zip(inputs, sizes, strict=True)
            for leaf in flatten_type(t) * _tuple_count(size)
        ]
        outputs = list(target.function_type.outputs.data)
        if list(self.operands_.types) != expected or list(self.results_.types) != outputs:
            raise VerifyException(
                f"type {format_types(self.operands_.types)} -> "
                f"{format_types(self.results_.types)} does not match the segments of callee "
                f"@{name}: {format_types(expected)} -> {format_types(outputs)}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> CallVariadicOp:
        callee = parser.parse_symbol_name()

        def parse_tuple() -> list[UnresolvedOperand] | None:
            return parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_unresolved_operand
            )

        def parse_item() -> UnresolvedOperand | list[UnresolvedOperand]:
            return parse_tuple() or parser.parse_unresolved_operand()

        def parse_entry() -> _CallEntry:
            group = parser.parse_optional_comma_separated_list(parser.Delimiter.SQUARE, parse_item)
            if group is not None:
                return [g if isinstance(g, list) else [g] for g in group]
            return parse_tuple() or parser.parse_unresolved_operand()

        entries = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_entry)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")

        def parse_segment() -> tuple[Attribute, bool]:
            segment_type = parser.parse_type()
            return segment_type, parser.parse_optional_punctuation("...") is not None

        segments = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_segment)
        results: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            parsed = parser.parse_optional_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_type
            )
            results = parsed if parsed is not None else [parser.parse_type()]
        if len(entries) != len(segments):
            parser.raise_error(f"{len(entries)} arguments but {len(segments)} segment types")
        operands: list[SSAValue] = []
        sizes: list[int] = []
        for entry, (segment_type, variadic) in zip(entries, segments, strict=True):
            leaves = flatten_type(segment_type)
            tuples = entry if variadic else [entry]
            if variadic != (isinstance(entry, list) and all(isinstance(t, list) for t in entry)):
                parser.raise_error(f"argument of type {segment_type} written as the wrong kind")
            for item in tuples:
                values = item if isinstance(item, list) else [item]
                if len(values) != len(leaves):
                    parser.raise_error(f"{len(values)} values for an argument of {segment_type}")
                operands += [
                    parser.resolve_operand(v, t) for v, t in zip(values, leaves, strict=True)
                ]
            sizes.append(len(tuples) if variadic else -1)
        return cls.create(
            operands=operands,
            result_types=results,
            properties={
                "callee": SymbolRefAttr(callee),
                "segment_sizes": _segment_sizes(sizes),
                "segment_types": ArrayAttr(t for t, _ in segments),
            },
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_symbol_name(self.callee.root_reference.data)

        def print_values(values: list[SSAValue], parens: bool) -> None:
            if parens:
                with printer.in_parens():
                    printer.print_list(values, printer.print_operand)
            else:
                printer.print_operand(values[0])

        def print_argument(index: int) -> None:
            segment_type = self.segment_types.data[index]
            tuples = self.groups()[index]
            parens = isinstance(segment_type, TupleType)
            if self.sizes()[index] == -1:
                print_values(tuples[0], parens)
                return
            with printer.in_square_brackets():
                printer.print_list(tuples, lambda values: print_values(values, parens))

        with printer.in_parens():
            printer.print_list(range(len(self.segment_types.data)), print_argument)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")

        def print_segment(index: int) -> None:
            printer.print_attribute(self.segment_types.data[index])
            if self.sizes()[index] != -1:
                printer.print_string(" ...")

        with printer.in_parens():
            printer.print_list(range(len(self.segment_types.data)), print_segment)
        outputs = self.results_.types
        if len(outputs) == 1:
            printer.print_string(" -> ")
            printer.print_attribute(outputs[0])
        elif outputs:
            printer.print_string(" -> (")
            printer.print_list(outputs, printer.print_attribute)
            printer.print_string(")")


def _tuple_count(size: int) -> int:
    """How many tuples of its argument's values a segment of `size` holds (-1: exactly one)."""
    return 1 if size == -1 else size


def _segment_sizes(sizes: Sequence[int]) -> DenseIntOrFPElementsAttr:
    return DenseIntOrFPElementsAttr.from_list(VectorType(i16, [len(sizes)]), sizes)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`vm.return %a, %b : i32, f32`."""

    name = "vm.return"
    operands_ = var_operand_def(ANY_VM_TYPE)
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"
    traits = traits_def(Pure(), ReturnLike(), IsTerminator())

    def __init__(self, *values: SSAValue | Operation) -> None:
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        while parent is not None and not isinstance(parent, FuncOp | InitializerOp):
            parent = parent.parent_op()
        if parent is None:
            return
        expected = list(parent.function_type.outputs.data)
        if list(self.operands_.types) != expected:
            raise VerifyException(
                f"returns {format_types(self.operands_.types)} but the enclosing "
                f"function returns {format_types(expected)}"
            )


def _verify_successor_operands(
    op: Operation, block: Block, operands: Sequence[SSAValue], label: str
) -> None:
    if [v.type for v in operands] != list(block.arg_types):
        raise VerifyException(
            f"passes {format_types([v.type for v in operands])} to {label} successor whose "
            f"arguments are {format_types(block.arg_types)}"
        )


@irdl_op_definition
class BranchOp(IRDLOperation):
    """`vm.br ^bb1(%a, %b : i32, i64)`."""

    name = "vm.br"
    dest_operands = var_operand_def(ANY_VM_TYPE)
    dest = successor_def()
    assembly_format = "$dest (`(` $dest_operands^ `:` type($dest_operands) `)`)? attr-dict"
    traits = traits_def(IsTerminator(), Pure())

    def __init__(self, dest: Block, *operands: SSAValue | Operation) -> None:
        super().__init__(operands=[operands], successors=[dest])

    def verify_(self) -> None:
        _verify_successor_operands(self, self.dest, self.dest_operands, "its")


@irdl_op_definition
class CondBranchOp(IRDLOperation):
    """`vm.cond_br %c, ^bb1(%a : i32), ^bb2`: branches to the first block if `%c != 0`."""

    name = "vm.cond_br"
    condition = operand_def(i32)
    true_dest_operands = var_operand_def(ANY_VM_TYPE)
    false_dest_operands = var_operand_def(ANY_VM_TYPE)
    true_dest = successor_def()
    false_dest = successor_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    assembly_format = (
        "$condition `,` $true_dest (`(` $true_dest_operands^ `:` type($true_dest_operands) `)`)?"
        " `,` $false_dest (`(` $false_dest_operands^ `:` type($false_dest_operands) `)`)?"
        " attr-dict"
    )
    traits = traits_def(IsTerminator(), Pure())

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_dest: Block,
        true_operands: Sequence[SSAValue | Operation],
        false_dest: Block,
        false_operands: Sequence[SSAValue | Operation],
    ) -> None:
        super().__init__(
            operands=[condition, true_operands, false_operands],
            successors=[true_dest, false_dest],
        )

    def verify_(self) -> None:
        _verify_successor_operands(self, self.true_dest, self.true_dest_operands, "the true")
        _verify_successor_operands(self, self.false_dest, self.false_dest_operands, "the false")


def _parse_table_case(parser: Parser) -> tuple[Block, list[SSAValue]]:
    """`: ^bb(%a, %b : i32, i64)` or `: ^bb` (one `vm.br_table` destination)."""
    parser.parse_punctuation(":")
    block = parser.parse_successor()
    if parser.parse_optional_punctuation("(") is None:
        return block, []
    operands = parser.parse_comma_separated_list(
        parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    pos = parser.pos
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return block, list(parser.resolve_operands(operands, types, pos))


@irdl_op_definition
class BranchTableOp(IRDLOperation):
    """`vm.br_table %index { default: ^bb0(...), 0: ^bb1(...), ... }`.

    Branches to case `%index` if there is one, else to the default destination; case values
    are the cases' positions, written out in order.
    """

    name = "vm.br_table"
    index = operand_def(i32)
    default_operands = var_operand_def(ANY_VM_TYPE)
    case_operands = var_operand_def(ANY_VM_TYPE)
    case_operand_segments = prop_def(DenseArrayBase.constr(i32))
    default_destination = successor_def()
    case_destinations = var_successor_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(IsTerminator(), Pure())

    def __init__(
        self,
        index: SSAValue | Operation,
        default: tuple[Block, Sequence[SSAValue | Operation]],
        cases: Sequence[tuple[Block, Sequence[SSAValue | Operation]]] = (),
    ) -> None:
        super().__init__(
            operands=[index, default[1], [v for _, args in cases for v in args]],
            properties={
                "case_operand_segments": DenseArrayBase.from_list(
                    i32, [len(args) for _, args in cases]
                )
            },
            successors=[default[0], [block for block, _ in cases]],
        )

    def case_arguments(self) -> list[Sequence[SSAValue]]:
        """The operands passed to each case destination."""
        groups: list[Sequence[SSAValue]] = []
        start = 0
        for size in self.case_operand_segments.get_values():
            groups.append(self.case_operands[start : start + size])
            start += size
        return groups

    def verify_(self) -> None:
        sizes = self.case_operand_segments.get_values()
        if len(sizes) != len(self.case_destinations) or sum(sizes) != len(self.case_operands):
            raise VerifyException(
                f"case_operand_segments {list(sizes)} do not match "
                f"{len(self.case_destinations)} cases with {len(self.case_operands)} operands"
            )
        _verify_successor_operands(
            self, self.default_destination, self.default_operands, "the default"
        )
        for case, (block, args) in enumerate(
            zip(self.case_destinations, self.case_arguments(), strict=True)
        ):
            _verify_successor_operands(self, block, args, f"the case {case}")

    @classmethod
    def parse(cls, parser: Parser) -> BranchTableOp:
        index = parser.resolve_operand(parser.parse_unresolved_operand(), i32)
        parser.parse_punctuation("{")
        parser.parse_keyword("default")
        default = _parse_table_case(parser)
        cases: list[tuple[Block, list[SSAValue]]] = []
        while parser.parse_optional_punctuation(",") is not None:
            pos = parser.pos
            value = parser.parse_integer(allow_boolean=False)
            if value != len(cases):
                parser.raise_error(f"expected case {len(cases)}, got {value}", pos, parser.pos)
            cases.append(_parse_table_case(parser))
        parser.parse_punctuation("}")
        op = cls(index, default, cases)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.index)
        printer.print_string(" {")
        destinations = [
            ("default", self.default_destination, self.default_operands),
            *(
                (str(case), block, args)
                for case, (block, args) in enumerate(
                    zip(self.case_destinations, self.case_arguments(), strict=True)
                )
            ),
        ]
        with printer.indented():
            for i, (label, block, args) in enumerate(destinations):
                printer.print_string(("," if i else "") + f"\n{label}: ")
                printer.print_block_name(block)
                if args:
                    with printer.in_parens():
                        printer.print_list(args, printer.print_operand)
                        printer.print_string(" : ")
                        printer.print_list([a.type for a in args], printer.print_attribute)
        printer.print_string("\n}")
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class FailOp(IRDLOperation):
    """`vm.fail %status, "message"`: aborts the invocation with an IREE status code."""

    name = "vm.fail"
    status = operand_def(i32)
    message = opt_prop_def(StringAttr)
    assembly_format = "$status (`,` $message^)? attr-dict"
    traits = traits_def(IsTerminator())

    def __init__(self, status: SSAValue | Operation, message: str | None = None) -> None:
        super().__init__(
            operands=[status],
            properties={"message": StringAttr(message) if message is not None else None},
        )


@irdl_op_definition
class CondFailOp(IRDLOperation):
    """`vm.cond_fail %condition, %status, "message"`: `vm.fail` when `%condition != 0`.

    `vm.cond_fail %status, "message"` is the short form when the status is the condition.
    """

    name = "vm.cond_fail"
    condition = operand_def(i32)
    status = operand_def(i32)
    message = opt_prop_def(StringAttr)

    def __init__(
        self,
        condition: SSAValue | Operation,
        status: SSAValue | Operation,
        message: str | None = None,
    ) -> None:
        super().__init__(
            operands=[condition, status],
            properties={"message": StringAttr(message) if message is not None else None},
        )

    @classmethod
    def parse(cls, parser: Parser) -> CondFailOp:
        condition = parser.parse_operand(i32)
        status = condition
        message: Attribute | None = None
        while parser.parse_optional_punctuation(",") is not None:
            if (literal := parser.parse_optional_str_literal()) is not None:
                message = StringAttr(literal)
                break
            status = parser.parse_operand(i32)
        attributes = dict(parser.parse_optional_attr_dict())
        properties = {"message": message} if message is not None else {}
        return cls.create(
            operands=[condition, status], properties=properties, attributes=attributes
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.condition)
        if self.status != self.condition:
            printer.print_string(", ")
            printer.print_operand(self.status)
        if self.message is not None:
            printer.print_string(", ")
            printer.print_string_literal(self.message.data)
        printer.print_op_attributes(self.attributes)


class _CheckOp(IRDLOperation):
    """`vm.check.*`: fails the invocation unless the check holds (a pseudo-op in IREE,
    expanded by `canonicalize` into a compare and `vm.cond_fail`)."""

    message = opt_prop_def(StringAttr)
    traits = traits_def(ExpandPseudoOp())

    def __init__(self, *values: SSAValue | Operation, message: str | None = None) -> None:
        super().__init__(
            operands=values,
            properties={"message": StringAttr(message) if message is not None else None},
        )


@irdl_op_definition
class CheckNZOp(_CheckOp):
    """`vm.check.nz %value, "message" : type`: fails if the value is zero or null."""

    name = "vm.check.nz"
    value = operand_def(ANY_VM_TYPE)
    assembly_format = "$value (`,` $message^)? attr-dict `:` type($value)"


class _BinaryCheckOp(_CheckOp):
    T: ClassVar = VarConstraint("T", ANY_VM_TYPE)
    lhs = operand_def(T)
    rhs = operand_def(T)
    assembly_format = "$lhs `,` $rhs (`,` $message^)? attr-dict `:` type($lhs)"


@irdl_op_definition
class CheckEQOp(_BinaryCheckOp):
    """`vm.check.eq %a, %b, "message" : type`."""

    name = "vm.check.eq"


@irdl_op_definition
class CheckNEOp(_BinaryCheckOp):
    """`vm.check.ne %a, %b, "message" : type`."""

    name = "vm.check.ne"


@irdl_op_definition
class CheckNearlyEQOp(_BinaryCheckOp):
    """`vm.check.nearly_eq %a, %b, "message" : type` (floating-point tolerance)."""

    name = "vm.check.nearly_eq"


@irdl_op_definition
class ImportResolvedOp(IRDLOperation):
    """`%resolved = vm.import.resolved @module.fn : i32`: 1 if the import was resolved at run
    time (pyvmvx's runtime resolves every import a module declares or fails to load it)."""

    name = "vm.import.resolved"
    import_ = prop_def(FlatSymbolRefAttrConstr, prop_name="import")
    result = result_def(i32)
    assembly_format = "$import attr-dict `:` type($result)"
    traits = traits_def(NoMemoryEffect())

    def __init__(self, import_name: str) -> None:
        super().__init__(properties={"import": SymbolRefAttr(import_name)}, result_types=[i32])

    def verify_(self) -> None:
        if not isinstance(lookup_symbol(self, self.import_), ImportOp):
            raise VerifyException(f"vm.import @{self.import_.root_reference.data} not found")


STRUCTURAL_OPS: tuple[type[IRDLOperation], ...] = (
    ModuleOp,
    ModuleTerminatorOp,
    FuncOp,
    InitializerOp,
    ImportOp,
    ExportOp,
    CallOp,
    CallVariadicOp,
    ReturnOp,
    BranchOp,
    CondBranchOp,
    BranchTableOp,
    FailOp,
    CondFailOp,
    CheckNZOp,
    CheckEQOp,
    CheckNEOp,
    CheckNearlyEQOp,
    ImportResolvedOp,
)
