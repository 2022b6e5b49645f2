"""Shared machinery for defining the many same-shaped `vm` ops from tables.

IREE defines most VM ops from a handful of TableGen classes instantiated per type
(`VM_BinaryArithmeticOp<I32, "add.i32", ...>`). We do the same: each shape is an abstract
`IRDLOperation` subclass that fixes the operand/result names, the assembly format and the
Python builder, and `define_op` instantiates it for one mnemonic with concrete type
constraints. The generated classes are ordinary IRDL ops, bound to module-level names.

Every op keeps IREE's operand/result order, names its immediate values as properties
(`value`, `global`, `callee`, `rodata`, `message`, ...) and carries its successors as
regular xDSL successors, so a serializer can read any op generically from `op.name`,
`op.operands`, `op.results`, `op.properties` and `op.successors`.

Inherent attributes not spelled by an op's syntax (`ordinal`, `alignment`, ...) are
properties, as in IREE 3.13. Custom forms read them from two places: IREE 3.13's property
dictionary (`<alignment = 64, mime_type = "x">`, each value in its short form, or the generic
`<{alignment = 64 : i64}>`), and the attribute dictionary of older IREE syntax
(`{alignment = 64 : i64}`), which IREE's own lit tests use. They print in the latter form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import IntegerAttr, IntegerType, StringAttr, i32, i64
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, irdl_to_attr_constraint, traits_def
from xdsl.irdl.constraints import AttrConstraint, VerificationContext
from xdsl.parser import Parser
from xdsl.pattern_rewriter import RewritePattern
from xdsl.traits import HasCanonicalizationPatternsTrait, OpTrait
from xdsl.utils.exceptions import VerifyException

_OpT = TypeVar("_OpT", bound=IRDLOperation)


def class_name_for(mnemonic: str) -> str:
    """`vm.cmp.lt.i32.s` -> `CmpLtI32SOp` (the Python class name of a generated op)."""
    return "".join(part.capitalize() for part in mnemonic.removeprefix("vm.").split(".")) + "Op"


def format_types(types: Sequence[Attribute]) -> str:
    """`(i32, !vm.buffer)`: a type list as written in MLIR, for diagnostics."""
    return "(" + ", ".join(str(t) for t in types) + ")"


def check_type(op: IRDLOperation, constr: AttrConstraint, attr: Attribute, what: str) -> None:
    """Raise a verifier error naming the op unless `attr` satisfies `constr`."""
    try:
        constr.verify(attr, VerificationContext())
    except VerifyException as e:
        raise VerifyException(f"{what} type {attr} is invalid: {e}") from e


class ExpandPseudoOp(HasCanonicalizationPatternsTrait):
    """An IREE pseudo-op: `canonicalize` rewrites it into instructions (`pseudo_ops`)."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from pyvmvx.dialects.vm.pseudo_ops import PATTERNS

        return PATTERNS


class TypedOp(IRDLOperation):
    """A shape whose value types are set per op by class variables (TableGen's `type`).

    `TYPED_FIELDS` maps an operand or result to the class variable holding its type (an
    attribute or a constraint) and the word naming it in diagnostics; `verify_` checks them
    in order, and the op-table cross-check reads the same map.
    """

    TYPED_FIELDS: ClassVar[Mapping[str, tuple[str, str]]] = {}

    @classmethod
    def field_constraint(cls, field: str) -> AttrConstraint:
        """The per-op type constraint of the typed field `field`."""
        return irdl_to_attr_constraint(getattr(cls, cls.TYPED_FIELDS[field][0]))

    def verify_(self) -> None:
        for field, (_, what) in self.TYPED_FIELDS.items():
            check_type(self, self.field_constraint(field), getattr(self, field).type, what)


def define_op(
    base: type[_OpT],
    mnemonic: str,
    class_vars: dict[str, object] | None = None,
    traits: Sequence[OpTrait] = (),
    fields: dict[str, object] | None = None,
) -> type[_OpT]:
    """Create and register an IRDL op class `mnemonic` deriving from the shape `base`.

    `class_vars` set the shape's UPPER_CASE class variables (the op's types); `traits` add to
    the shape's traits; `fields` replace single IRDL fields of the shape (used where the
    type must be known to the assembly format, e.g. the typed literal of `vm.const.i32`).
    """
    class_vars = class_vars or {}
    namespace: dict[str, object] = {
        "name": mnemonic,
        "__module__": base.__module__,
        "__qualname__": class_name_for(mnemonic),
        "__doc__": base.__doc__,
        "__annotations__": {key: ClassVar for key in class_vars},
        **class_vars,
        **(fields or {}),
    }
    if traits:
        namespace["traits"] = traits_def(*traits)
    return irdl_op_definition(type(class_name_for(mnemonic), (base,), namespace))


# ---------------------------------------------------------------------------
# Inherent attributes in custom forms
# ---------------------------------------------------------------------------

ShortFormParser = Callable[[Parser], Attribute]
"""Reads one property value as IREE 3.13 prints it inside `<...>` (e.g. `64` for an i64)."""


def _integer(width: IntegerType) -> ShortFormParser:
    return lambda parser: IntegerAttr(parser.parse_integer(allow_boolean=False), width)


def _string(parser: Parser) -> Attribute:
    return StringAttr(parser.parse_str_literal())


I32_PROPERTY = _integer(i32)
I64_PROPERTY = _integer(i64)
STR_PROPERTY: ShortFormParser = _string


def parse_optional_properties(
    parser: Parser, short_forms: Mapping[str, ShortFormParser]
) -> dict[str, Attribute]:
    """IREE 3.13's property dictionary of an op's custom form, if present.

    `<name = value, ...>` reads each value with `short_forms[name]`; `<{name = attr, ...}>` is
    the generic spelling. Only the names in `short_forms` are accepted, each once.
    """
    if parser.parse_optional_punctuation("<") is None:
        return {}
    properties: dict[str, Attribute] = {}

    def parse_entry(generic: bool) -> None:
        pos = parser.pos
        name = parser.parse_identifier_or_str_literal(" (a property name)")
        if name not in short_forms or name in properties:
            parser.raise_error(
                f"duplicate or unknown property in properties dictionary: {name}", pos, parser.pos
            )
        parser.parse_punctuation("=")
        properties[name] = parser.parse_attribute() if generic else short_forms[name](parser)

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
    parser: Parser, short_forms: Mapping[str, ShortFormParser], *, keyword: bool = False
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """`<properties>? attr-dict` (`attributes {...}` with `keyword`): the properties, from
    either place, and the remaining discardable attributes."""
    properties = parse_optional_properties(parser, short_forms)
    pos = parser.pos
    if keyword:
        attrs = parser.parse_optional_attr_dict_with_keyword()
        attributes = dict(attrs.data) if attrs is not None else {}
    else:
        attributes = parser.parse_optional_attr_dict()
    legacy = take_properties(attributes, short_forms)
    if duplicated := sorted(properties.keys() & legacy.keys()):
        parser.raise_error(f"property '{duplicated[0]}' given twice", pos, parser.pos)
    return properties | legacy, attributes


def present_properties(
    op: IRDLOperation, names: Sequence[str] | Mapping[str, object]
) -> dict[str, Attribute]:
    """The properties `names` that `op` has, to print in its attribute dictionary."""
    return {name: value for name in names if (value := op.properties.get(name)) is not None}
