"""Inherent attributes (properties) that an op's custom assembly form does not spell.

IREE 3.13 prints such properties in a property dictionary between the op's symbol or name and
its discardable attributes, each value in its short form:
`vm.rodata private @t <alignment = 64, ordinal = 0, mime_type = "x"> {attrs} dense<...>`.
An integer prints bare (`64`, its type is the property's), a string quoted, a dialect
attribute of the property's own class without its `#dialect.name` prefix (`ordinal_counts =
<import_funcs = 1, ...>`), any other attribute in full (`#util.inline.never`). The order is
IREE's declaration order, not alphabetical.

Parsing accepts that form, MLIR's generic property dictionary (`<{alignment = 64 : i64}>`),
and the older spelling in the attribute dictionary (`{alignment = 64 : i64}`, still used by
IREE's older lit tests), which IREE 3.13 itself rejects; the printer only emits the first.
Function-like ops (`vm.func`, `vm.import`, `vm.export`, `util.func`) keep their properties in
`attributes {...}`, as IREE prints them; they use `take_properties`/`present_properties`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, StringAttr, i32, i64
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.parser import Parser
from xdsl.printer import Printer


@dataclass(frozen=True)
class PropertyForm:
    """How one property's value reads and prints inside IREE's `<name = value, ...>`."""

    parse: Callable[[Parser], Attribute]
    print: Callable[[Printer, Attribute], None]


def integer_form(int_type: IntegerType | IndexType) -> PropertyForm:
    """A bare integer, typed `int_type` when parsed (`alignment = 64` for an i64)."""

    def print_integer(printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, IntegerAttr)
        printer.print_string(str(attr.value.data))

    return PropertyForm(
        lambda parser: IntegerAttr(parser.parse_integer(allow_boolean=False), int_type),
        print_integer,
    )


def stripped_form(attr_type: type[ParametrizedAttribute]) -> PropertyForm:
    """A dialect attribute of class `attr_type`, written without `#dialect.name`."""

    def print_stripped(printer: Printer, attr: Attribute) -> None:
        assert isinstance(attr, attr_type)
        attr.print_parameters(printer)

    return PropertyForm(
        lambda parser: attr_type.new(attr_type.parse_parameters(parser)), print_stripped
    )


def _print_string(printer: Printer, attr: Attribute) -> None:
    assert isinstance(attr, StringAttr)
    printer.print_string_literal(attr.data)


I32_FORM = integer_form(i32)
I64_FORM = integer_form(i64)
INDEX_FORM = integer_form(IndexType())
STRING_FORM = PropertyForm(lambda parser: StringAttr(parser.parse_str_literal()), _print_string)
ATTRIBUTE_FORM = PropertyForm(lambda parser: parser.parse_attribute(), Printer.print_attribute)
"""An attribute written in full (`inlining_policy = #util.inline.never`)."""

PropertyForms = Mapping[str, PropertyForm]
"""The properties outside an op's syntax, in IREE's declaration (printing) order."""


def parse_optional_properties(parser: Parser, forms: PropertyForms) -> dict[str, Attribute]:
    """IREE 3.13's property dictionary `<name = value, ...>` or the generic `<{...}>`, if present.

    Only the names in `forms` are accepted, each once.
    """
    if parser.parse_optional_punctuation("<") is None:
        return {}
    properties: dict[str, Attribute] = {}

    def parse_entry(generic: bool) -> None:
        pos = parser.pos
        name = parser.parse_identifier_or_str_literal(" (a property name)")
        if name not in forms or name in properties:
            parser.raise_error(
                f"duplicate or unknown property in properties dictionary: {name}", pos, parser.pos
            )
        parser.parse_punctuation("=")
        properties[name] = parser.parse_attribute() if generic else forms[name].parse(parser)

    if parser.parse_optional_punctuation("{") is not None:
        if parser.parse_optional_punctuation("}") is None:
            parser.parse_comma_separated_list(parser.Delimiter.NONE, lambda: parse_entry(True))
            parser.parse_punctuation("}")
    elif parser.parse_optional_punctuation(">") is not None:
        return properties
    else:
        parser.parse_comma_separated_list(parser.Delimiter.NONE, lambda: parse_entry(False))
    parser.parse_punctuation(">")
    return properties


def take_properties(
    attributes: dict[str, Attribute], names: Sequence[str] | Mapping[str, object]
) -> dict[str, Attribute]:
    """Remove the inherent attributes `names` from a parsed attribute dictionary (the older
    IREE syntax writes them there) and return them, to be stored as properties."""
    return {name: attributes.pop(name) for name in names if name in attributes}


def parse_properties_and_attributes(
    parser: Parser, forms: PropertyForms, *, keyword: bool = False
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """`<properties>? attr-dict` (`attributes {...}` with `keyword`): the properties `forms`,
    from either place, and the remaining discardable attributes."""
    properties = parse_optional_properties(parser, forms)
    pos = parser.pos
    if keyword:
        attrs = parser.parse_optional_attr_dict_with_keyword()
        attributes = dict(attrs.data) if attrs is not None else {}
    else:
        attributes = parser.parse_optional_attr_dict()
    legacy = take_properties(attributes, forms)
    if duplicated := sorted(properties.keys() & legacy.keys()):
        parser.raise_error(f"property '{duplicated[0]}' given twice", pos, parser.pos)
    return properties | legacy, attributes


def present_properties(
    op: Operation, names: Sequence[str] | Mapping[str, object]
) -> dict[str, Attribute]:
    """The properties `names` that `op` has (for ops that print them in `attributes {...}`)."""
    return {name: value for name in names if (value := op.properties.get(name)) is not None}


def print_properties(printer: Printer, op: Operation, forms: PropertyForms) -> None:
    """Inverse of `parse_optional_properties`: ` <name = value, ...>` for the properties
    `forms` that `op` has, nothing if it has none."""
    present = present_properties(op, forms)
    if present:
        printer.print_string(" <")
        for index, (name, value) in enumerate(present.items()):
            printer.print_string(f"{', ' if index else ''}{name} = ")
            forms[name].print(printer, value)
        printer.print_string(">")


def print_properties_and_attributes(
    printer: Printer, op: Operation, forms: PropertyForms, *, keyword: bool = False
) -> None:
    """Inverse of `parse_properties_and_attributes`: the properties `forms`, then the
    discardable attributes."""
    print_properties(printer, op, forms)
    printer.print_op_attributes(op.attributes, print_keyword=keyword)
