"""Types of IREE's `vm` dialect and the type constraints its ops use.

IREE models every VM reference as `!vm.ref<T>` and prints the two built-in object types
short: `!vm.buffer` and `!vm.list<T>`. We keep those three spellings as three types
(`BufferType`, `ListType`, `RefType`); `RefType` holds any other object type (`?` or an
opaque runtime type such as `!hal.device`). `!vm.ref<!vm.buffer>` is therefore rejected with
a message naming the short spelling, so that one object type never has two representations.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    Signedness,
    TupleType,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import AnyOf, BaseAttr, irdl_attr_definition, param_def
from xdsl.irdl.constraints import AttrConstraint
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException


@irdl_attr_definition
class OpaqueType(ParametrizedAttribute, TypeAttribute):
    """The unknown object type, written `?` inside `!vm.ref<?>` and `!vm.list<?>`."""

    name = "vm.opaque"


OPAQUE = OpaqueType()


@irdl_attr_definition
class BufferType(ParametrizedAttribute, TypeAttribute):
    """`!vm.buffer`: a reference to a byte buffer."""

    name = "vm.buffer"


def _parse_object_type(parser: AttrParser, check: Callable[[Attribute], str | None]) -> Attribute:
    """Parse `<?>` or `<type>` (`?` is `OpaqueType`); a type `check` rejects is a parse error."""
    parser.parse_punctuation("<")
    start = parser.pos
    if parser.parse_optional_punctuation("?") is not None:
        object_type: Attribute = OPAQUE
    else:
        object_type = parser.parse_type()
    if (error := check(object_type)) is not None:
        parser.raise_error(error, start, parser.pos)
    parser.parse_punctuation(">")
    return object_type


def _list_element_error(element: Attribute) -> str | None:
    if isinstance(element, OpaqueType) or is_primitive_type(element) or is_ref_type(element):
        return None
    return f"!vm.list element type must be '?', a primitive or a ref, got {element}"


def _ref_object_error(object_type: Attribute) -> str | None:
    if isinstance(object_type, BufferType | ListType):
        return f"write '{object_type}' instead of '!vm.ref<{object_type}>'"
    if not isinstance(object_type, TypeAttribute):
        return f"!vm.ref object must be '?' or a type, got {object_type}"
    return None


def _print_object_type(printer: Printer, object_type: Attribute) -> None:
    with printer.in_angle_brackets():
        if isinstance(object_type, OpaqueType):
            printer.print_string("?")
        else:
            printer.print_attribute(object_type)


@irdl_attr_definition
class ListType(ParametrizedAttribute, TypeAttribute):
    """`!vm.list<T>`: a reference to a list of primitives (`i32`, ...), refs, or anything (`?`)."""

    name = "vm.list"

    element_type: Attribute = param_def()

    def __init__(self, element_type: Attribute) -> None:
        super().__init__(element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return (_parse_object_type(parser, _list_element_error),)

    def print_parameters(self, printer: Printer) -> None:
        _print_object_type(printer, self.element_type)

    def verify(self) -> None:
        if (error := _list_element_error(self.element_type)) is not None:
            raise VerifyException(error)


@irdl_attr_definition
class RefType(ParametrizedAttribute, TypeAttribute):
    """`!vm.ref<T>`: a counted reference to a runtime object (`?` when unknown)."""

    name = "vm.ref"

    object_type: Attribute = param_def()

    def __init__(self, object_type: Attribute = OPAQUE) -> None:
        super().__init__(object_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return (_parse_object_type(parser, _ref_object_error),)

    def print_parameters(self, printer: Printer) -> None:
        _print_object_type(printer, self.object_type)

    def verify(self) -> None:
        if (error := _ref_object_error(self.object_type)) is not None:
            raise VerifyException(error)


def is_ref_type(attr: Attribute) -> bool:
    """True for every VM reference type (`!vm.buffer`, `!vm.list<T>`, `!vm.ref<T>`)."""
    return isinstance(attr, BufferType | ListType | RefType)


def is_primitive_type(attr: Attribute) -> bool:
    """IREE's VM_PrimitiveType: signless i8/i16/i32/i64 or f16/f32/f64 (list element types)."""
    if isinstance(attr, IntegerType):
        return attr.signedness.data == Signedness.SIGNLESS and attr.width.data in (8, 16, 32, 64)
    return isinstance(attr, Float16Type | Float32Type | Float64Type)


ANY_REF: AttrConstraint = AnyOf.get(BufferType, ListType, RefType)
"""IREE's VM_AnyRef."""

ANY_VM_TYPE: AttrConstraint = AnyOf.get(i32, i64, f32, f64, BufferType, ListType, RefType)
"""IREE's VM_AnyType: what registers, block arguments and call operands may hold."""

BUFFER: AttrConstraint = BaseAttr(BufferType)
LIST: AttrConstraint = BaseAttr(ListType)


def flatten_type(attr: Attribute) -> list[Attribute]:
    """Types as passed on the wire: `tuple<...>` arguments expand to their elements."""
    if isinstance(attr, TupleType):
        return [leaf for element in attr.types.data for leaf in flatten_type(element)]
    return [attr]
