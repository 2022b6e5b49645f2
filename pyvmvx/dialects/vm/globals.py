"""Module-level state: `vm.global.*` declarations, loads and stores, and read-only data.

Syntax (IREE's `custom<SymbolVisibility>`, `custom<TypeOrAttr>`):
- `vm.global.i32 private mutable @name <ordinal = 0> {attrs} : i32` (zero-initialized), or
  `vm.global.i32 private @name = 42 : i32` (an initial value carries its type);
- `vm.global.ref private mutable @name : !vm.buffer` (refs start null, no initial value);
- `vm.rodata private @name <alignment = 64, ordinal = 0> {attrs} dense<...> : tensor<4xi32>`;
- `%b = vm.const.ref.rodata @name : !vm.buffer`;
- `%b = vm.rodata.inline "name"? <alignment = 64> : !vm.buffer = dense<...> : ...`.
Discardable attributes such as `hal.executable.constant.key` sit in the `{attrs}` dictionary;
properties outside the syntax (`inlining_policy`, `ordinal`, `alignment`, `mime_type`) in
IREE 3.13's `<...>` before it (older syntax in `{attrs}` still parses, see `properties`).
"""

from __future__ import annotations

from collections.abc import Set
from typing import ClassVar

from xdsl.dialects.builtin import (
    FlatSymbolRefAttrConstr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TypeAttribute,
    UnitAttr,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    EqAttrConstraint,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.irdl.constraints import AttrConstraint
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    HasParent,
    IsolatedFromAbove,
    MemoryEffect,
    MemoryEffectKind,
    MemoryWriteEffect,
    Pure,
    SymbolOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.properties import (
    ATTRIBUTE_FORM,
    I32_FORM,
    I64_FORM,
    STRING_FORM,
    parse_properties_and_attributes,
    print_properties_and_attributes,
)
from pyvmvx.dialects.util import InlineAlwaysAttr, InlineNeverAttr
from pyvmvx.dialects.vm.base import TypedOp, check_type, define_op
from pyvmvx.dialects.vm.scalar import TYPES
from pyvmvx.dialects.vm.structural import ModuleOp, lookup_symbol
from pyvmvx.dialects.vm.types import ANY_REF, BUFFER, BufferType

# ---------------------------------------------------------------------------
# Declarations
# ---------------------------------------------------------------------------


_GLOBAL_PROPERTIES = {"inlining_policy": ATTRIBUTE_FORM, "ordinal": I32_FORM}
_RODATA_INLINE_PROPERTIES = {"alignment": I64_FORM, "mime_type": STRING_FORM}
_RODATA_PROPERTIES = {"alignment": I64_FORM, "ordinal": I32_FORM, "mime_type": STRING_FORM}


class GlobalOp(IRDLOperation):
    """`vm.global.<t> private mutable? @name <properties>? {attrs} (: type | = value)`."""

    TYPE: ClassVar[AttrConstraint]
    HAS_INITIAL_VALUE: ClassVar[bool]
    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(SymbolNameConstraint())
    type = prop_def(TypeAttribute)
    is_mutable = opt_prop_def(UnitAttr)
    initial_value = opt_prop_def(IntegerAttr | FloatAttr)
    inlining_policy = opt_prop_def(InlineNeverAttr | InlineAlwaysAttr)
    ordinal = opt_prop_def(IntegerAttr.constr(type=i32))
    traits = traits_def(IsolatedFromAbove(), HasParent(ModuleOp), SymbolOpInterface())

    def __init__(
        self,
        sym_name: str,
        global_type: Attribute,
        *,
        mutable: bool = False,
        initial_value: IntegerAttr | FloatAttr | None = None,
        visibility: str | None = "private",
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "type": global_type,
                "is_mutable": UnitAttr() if mutable else None,
                "initial_value": initial_value,
                "sym_visibility": StringAttr(visibility) if visibility else None,
            },
            attributes=attributes,
        )

    def verify_(self) -> None:
        check_type(self, self.TYPE, self.type, "global")
        if self.initial_value is not None:
            if not self.HAS_INITIAL_VALUE:
                raise VerifyException("cannot have an initial value")
            if self.initial_value.get_type() != self.type:
                raise VerifyException(
                    f"initial value {self.initial_value} does not have the "
                    f"global's type {self.type}"
                )

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        properties: dict[str, Attribute] = {}
        if (visibility := parser.parse_optional_visibility_keyword()) is not None:
            properties["sym_visibility"] = visibility
        if parser.parse_optional_keyword("mutable") is not None:
            properties["is_mutable"] = UnitAttr()
        properties["sym_name"] = parser.parse_symbol_name()
        inherent, attributes = parse_properties_and_attributes(parser, _GLOBAL_PROPERTIES)
        properties |= inherent
        if parser.parse_optional_punctuation("=") is not None:
            pos = parser.pos
            value = parser.parse_attribute()
            if not isinstance(value, IntegerAttr | FloatAttr):
                parser.raise_error("expected an integer or float initial value", pos, parser.pos)
            properties["initial_value"] = value
            properties["type"] = value.get_type()
        else:
            parser.parse_punctuation(":")
            properties["type"] = parser.parse_type()
        return cls.create(properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f" {self.sym_visibility.data}")
        if self.is_mutable is not None:
            printer.print_string(" mutable")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        print_properties_and_attributes(printer, self, _GLOBAL_PROPERTIES)
        if self.initial_value is not None:
            printer.print_string(" = ")
            printer.print_attribute(self.initial_value)
        else:
            printer.print_string(" : ")
            printer.print_attribute(self.type)


# ---------------------------------------------------------------------------
# Loads and stores
# ---------------------------------------------------------------------------


def _resolve_global(op: IRDLOperation, ref: SymbolRefAttr, value_type: Attribute) -> GlobalOp:
    target = lookup_symbol(op, ref)
    name = ref.root_reference.data
    if not isinstance(target, GlobalOp):
        raise VerifyException(f"global @{name} not found")
    expected_kind = op.name.rsplit(".", 1)[-1]
    if target.name != f"vm.global.{expected_kind}":
        raise VerifyException(f"global @{name} is a {target.name}")
    if target.type != value_type:
        raise VerifyException(
            f"type {value_type} does not match global @{name} of type {target.type}"
        )
    return target


class _ReadsMutableGlobal(MemoryEffect):
    """Loads of immutable globals have no effect (so CSE/DCE may fold them); others read."""

    @classmethod
    def get_effects(cls, op: Operation) -> Set[EffectInstance] | None:
        assert isinstance(op, GlobalLoadOp)
        target = lookup_symbol(op, op.global_)
        if isinstance(target, GlobalOp) and target.is_mutable is None:
            return frozenset()
        return frozenset((EffectInstance(MemoryEffectKind.READ),))


class GlobalLoadOp(TypedOp):
    """`%v = vm.global.load.<t> @name : type`."""

    TYPED_FIELDS: ClassVar = {"value": ("TYPE", "result")}
    TYPE: ClassVar[AttrConstraint]
    global_ = prop_def(FlatSymbolRefAttrConstr, prop_name="global")
    value = result_def()
    assembly_format = "$global attr-dict `:` type($value)"
    traits = traits_def(_ReadsMutableGlobal())

    def __init__(self, global_name: str, value_type: Attribute) -> None:
        super().__init__(
            properties={"global": SymbolRefAttr(global_name)}, result_types=[value_type]
        )

    def verify_(self) -> None:
        super().verify_()
        _resolve_global(self, self.global_, self.value.type)


class GlobalStoreOp(TypedOp):
    """`vm.global.store.<t> %value, @name : type`."""

    TYPED_FIELDS: ClassVar = {"value": ("TYPE", "value")}
    TYPE: ClassVar[AttrConstraint]
    value = operand_def()
    global_ = prop_def(FlatSymbolRefAttrConstr, prop_name="global")
    assembly_format = "$value `,` $global attr-dict `:` type($value)"
    traits = traits_def(MemoryWriteEffect())

    def __init__(self, value: SSAValue | Operation, global_name: str) -> None:
        super().__init__(operands=[value], properties={"global": SymbolRefAttr(global_name)})

    def verify_(self) -> None:
        super().verify_()
        _resolve_global(self, self.global_, self.value.type)


# ---------------------------------------------------------------------------
# Read-only data
# ---------------------------------------------------------------------------


@irdl_op_definition
class RodataOp(IRDLOperation):
    """`vm.rodata private @name <alignment = 16> dense<...> : tensor<...>`."""

    name = "vm.rodata"
    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(SymbolNameConstraint())
    value = prop_def()
    alignment = opt_prop_def(IntegerAttr.constr(type=i64))
    ordinal = opt_prop_def(IntegerAttr.constr(type=i32))
    mime_type = opt_prop_def(StringAttr)
    traits = traits_def(IsolatedFromAbove(), HasParent(ModuleOp), SymbolOpInterface())

    def __init__(
        self, sym_name: str, value: Attribute, *, visibility: str | None = "private"
    ) -> None:
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "value": value,
                "sym_visibility": StringAttr(visibility) if visibility else None,
            }
        )

    @classmethod
    def parse(cls, parser: Parser) -> RodataOp:
        properties: dict[str, Attribute] = {}
        if (visibility := parser.parse_optional_visibility_keyword()) is not None:
            properties["sym_visibility"] = visibility
        properties["sym_name"] = parser.parse_symbol_name()
        inherent, attributes = parse_properties_and_attributes(parser, _RODATA_PROPERTIES)
        properties |= inherent
        properties["value"] = parser.parse_attribute()
        return cls.create(properties=properties, attributes=attributes)

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f" {self.sym_visibility.data}")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        print_properties_and_attributes(printer, self, _RODATA_PROPERTIES)
        printer.print_string(" ")
        printer.print_attribute(self.value)


@irdl_op_definition
class ConstRefRodataOp(IRDLOperation):
    """`%b = vm.const.ref.rodata @name : !vm.buffer`: a read-only buffer over `vm.rodata`."""

    name = "vm.const.ref.rodata"
    rodata = prop_def(FlatSymbolRefAttrConstr)
    value = result_def(BUFFER)
    assembly_format = "$rodata attr-dict `:` type($value)"
    traits = traits_def(Pure())

    def __init__(self, rodata: str) -> None:
        super().__init__(properties={"rodata": SymbolRefAttr(rodata)}, result_types=[BufferType()])

    def verify_(self) -> None:
        if not isinstance(lookup_symbol(self, self.rodata), RodataOp):
            raise VerifyException(f"vm.rodata @{self.rodata.root_reference.data} not found")


@irdl_op_definition
class RodataInlineOp(IRDLOperation):
    """`%b = vm.rodata.inline "name"? <alignment = 64> : !vm.buffer = <value>`.

    A `vm.rodata` written inline in a function (hoisted to module level before serialization).
    The name is a string literal, so an unnamed op's attribute dictionary is not taken for it.
    """

    name = "vm.rodata.inline"
    name_ = opt_prop_def(StringAttr, prop_name="name")
    value = prop_def()
    alignment = opt_prop_def(IntegerAttr.constr(type=i64))
    mime_type = opt_prop_def(StringAttr)
    result = result_def(BUFFER)
    traits = traits_def(Pure())

    def __init__(
        self, value: Attribute, *, name: str | None = None, alignment: int | None = None
    ) -> None:
        super().__init__(
            properties={
                "value": value,
                "name": StringAttr(name) if name is not None else None,
                "alignment": IntegerAttr(alignment, i64) if alignment is not None else None,
            },
            result_types=[BufferType()],
        )

    @classmethod
    def parse(cls, parser: Parser) -> RodataInlineOp:
        properties: dict[str, Attribute] = {}
        if (name := parser.parse_optional_str_literal()) is not None:
            properties["name"] = StringAttr(name)
        inherent, attributes = parse_properties_and_attributes(parser, _RODATA_INLINE_PROPERTIES)
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        parser.parse_punctuation("=")
        properties |= inherent | {"value": parser.parse_attribute()}
        return cls.create(properties=properties, attributes=attributes, result_types=[result_type])

    def print(self, printer: Printer) -> None:
        if self.name_ is not None:
            printer.print_string(" ")
            printer.print_string_literal(self.name_.data)
        print_properties_and_attributes(printer, self, _RODATA_INLINE_PROPERTIES)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        printer.print_string(" = ")
        printer.print_attribute(self.value)


# ---------------------------------------------------------------------------
# Instantiation
# ---------------------------------------------------------------------------


def _global_ops() -> list[type[IRDLOperation]]:
    constraints: dict[str, AttrConstraint] = {
        **{name: EqAttrConstraint(attr) for name, attr in TYPES.items()},
        "ref": ANY_REF,
    }
    ops: list[type[IRDLOperation]] = []
    for kind, constr in constraints.items():
        type_vars = {"TYPE": constr}
        ops.append(
            define_op(
                GlobalOp, f"vm.global.{kind}", {**type_vars, "HAS_INITIAL_VALUE": kind != "ref"}
            )
        )
        ops.append(define_op(GlobalLoadOp, f"vm.global.load.{kind}", type_vars))
        ops.append(define_op(GlobalStoreOp, f"vm.global.store.{kind}", type_vars))
    return ops


GLOBAL_OPS: tuple[type[IRDLOperation], ...] = (
    *_global_ops(),
    RodataOp,
    ConstRefRodataOp,
    RodataInlineOp,
)
