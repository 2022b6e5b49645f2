"""The `util` dialect: the parts of IREE's `Dialect/Util/IR` that the VMVX path uses.

Types `!util.buffer`, `!util.list<T>` (`!util.list<?>` holds `!util.variant`), the
`#util.int.assumption` attribute, and the buffer, list, global, function and hint ops, with
IREE's custom syntax (`UtilOps.td`, `UtilOps.cpp`) and IREE's verifier rules. Properties
outside an op's syntax print in IREE 3.13's property dictionary (`util.buffer.constant
<alignment = 16> ...`, see `pyvmvx.dialects.properties`); `util.func` and `util.initializer`
keep them in the attribute dictionary, as IREE prints them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloatConstr,
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    DictionaryAttr,
    FlatSymbolRefAttrConstr,
    FunctionType,
    IndexType,
    IndexTypeConstr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    NoneAttr,
    StringAttr,
    SymbolNameConstraint,
    SymbolRefAttr,
    TypedAttribute,
    UnitAttr,
)
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyAttr,
    BaseAttr,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.pattern_rewriter import RewritePattern
from xdsl.printer import Printer
from xdsl.traits import (
    CallableOpInterface,
    HasCanonicalizationPatternsTrait,
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    MemoryAllocEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
    ReturnLike,
    SymbolOpInterface,
    SymbolTable,
    SymbolUserOpInterface,
)
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.properties import (
    ATTRIBUTE_FORM,
    INDEX_FORM,
    STRING_FORM,
    PropertyForms,
    parse_optional_properties,
    parse_properties_and_attributes,
    print_properties,
    print_properties_and_attributes,
)

Value = SSAValue | Operation

# ---------------------------------------------------------------------------------------
# Types and attributes
# ---------------------------------------------------------------------------------------


@irdl_attr_definition
class BufferType(ParametrizedAttribute, TypeAttribute):
    """`!util.buffer`: a host byte buffer."""

    name = "util.buffer"


@irdl_attr_definition
class VariantType(ParametrizedAttribute, TypeAttribute):
    """`!util.variant`: a value of any type; written `?` as a list element type."""

    name = "util.variant"


@irdl_attr_definition
class ListType(ParametrizedAttribute, TypeAttribute):
    """`!util.list<T>`, or `!util.list<?>` for a list of variants."""

    name = "util.list"

    element_type: TypeAttribute

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            if isinstance(self.element_type, VariantType):
                printer.print_string("?")
            else:
                printer.print_attribute(self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[TypeAttribute]:
        parser.parse_punctuation("<")
        if parser.parse_optional_punctuation("?") is not None:
            element_type: TypeAttribute = VariantType()
        else:
            element_type = parser.parse_type()
        parser.parse_punctuation(">")
        return (element_type,)


@irdl_attr_definition
class InlineNeverAttr(ParametrizedAttribute):
    """`#util.inline.never`: a `util.func` inlining policy that forbids inlining."""

    name = "util.inline.never"


@irdl_attr_definition
class InlineAlwaysAttr(ParametrizedAttribute):
    """`#util.inline.always`: a `util.func` inlining policy that asks for inlining."""

    name = "util.inline.always"


_ASSUMPTION_FIELDS = ("umin", "umax", "udiv")


@irdl_attr_definition
class IntAssumptionAttr(ParametrizedAttribute):
    """`#util.int.assumption<umin = a, umax = b, udiv = c>`; every field is optional."""

    name = "util.int.assumption"

    umin: IntAttr | NoneAttr
    umax: IntAttr | NoneAttr
    udiv: IntAttr | NoneAttr

    @staticmethod
    def get(
        umin: int | None = None, umax: int | None = None, udiv: int | None = None
    ) -> IntAssumptionAttr:
        fields = (umin, umax, udiv)
        return IntAssumptionAttr(*(NoneAttr() if v is None else IntAttr(v) for v in fields))

    def print_parameters(self, printer: Printer) -> None:
        present = [
            (name, value.data)
            for name, value in zip(_ASSUMPTION_FIELDS, self.parameters, strict=True)
            if isinstance(value, IntAttr)
        ]
        with printer.in_angle_brackets():
            printer.print_list(present, lambda kv: printer.print_string(f"{kv[0]} = {kv[1]}"))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> tuple[IntAttr | NoneAttr, ...]:
        values: dict[str, int] = {}

        def parse_field() -> None:
            pos = parser.pos
            key = parser.parse_keyword_in(_ASSUMPTION_FIELDS)
            if key in values:
                parser.raise_error(f"duplicate int assumption field '{key}'", pos, parser.pos)
            parser.parse_punctuation("=")
            values[key] = parser.parse_integer(allow_boolean=False)

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_field)
        return tuple(IntAttr(values[k]) if k in values else NoneAttr() for k in _ASSUMPTION_FIELDS)


# ---------------------------------------------------------------------------------------
# Shared syntax helpers
# ---------------------------------------------------------------------------------------

PRIMITIVE = IndexTypeConstr | BaseAttr(IntegerType) | AnyFloatConstr
"""`Util_Primitive`: what `util.buffer.load/store` move: index, integer or float."""


def _print_attr_dict(
    printer: Printer, op: Operation, *, keyword: bool, elide: Sequence[str] = ()
) -> None:
    """The op's discardable attributes plus the properties that have no own syntax."""
    printer.print_op_attributes(
        op.attributes | {k: v for k, v in op.properties.items() if k not in elide},
        print_keyword=keyword,
    )


def _split_properties(
    op_type: type[IRDLOperation], attrs: dict[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Split an attr-dict into (properties the op declares, discardable attributes)."""
    declared = op_type.get_irdl_definition().properties
    props = {k: v for k, v in attrs.items() if k in declared}
    return props, {k: v for k, v in attrs.items() if k not in declared}


def _parse_attr_dict(
    parser: Parser, op_type: type[IRDLOperation], *, keyword: bool, reserved: Sequence[str]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Inverse of `_print_attr_dict`: (properties, attributes), rejecting `reserved` keys."""
    if keyword:
        parsed = parser.parse_optional_attr_dict_with_keyword(reserved)
        attrs = {} if parsed is None else dict(parsed.data)
    else:
        pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        if clash := sorted(set(reserved) & attrs.keys()):
            parser.raise_error(
                f"{', '.join(clash)} must not be given in the attribute dictionary", pos, parser.pos
            )
    return _split_properties(op_type, attrs)


TIED_NONE = -1
"""Entry of `tied_operands` for a result that is not tied to an operand."""


def _tied_operands(tied: Sequence[int]) -> ArrayAttr[IntegerAttr] | None:
    if all(t == TIED_NONE for t in tied):
        return None
    return ArrayAttr(IntegerAttr(t, IndexType()) for t in tied)


def _tied_list(op: Operation, num_results: int) -> list[int]:
    tied = op.properties.get("tied_operands")
    if not isinstance(tied, ArrayAttr):
        return [TIED_NONE] * num_results
    return [t.value.data for t in tied.data if isinstance(t, IntegerAttr)]


def _parse_result_list(
    parser: Parser,
    operand_by_name: Callable[[UnresolvedOperand], tuple[int, Attribute]],
    *,
    with_attrs: bool,
) -> tuple[list[Attribute], list[dict[str, Attribute]], list[int]]:
    """IREE's tied function result list (after `->`): `type`, `%arg`, `%arg as type`,
    or a parenthesised list of those, each with an optional attr-dict when `with_attrs`.

    Returns (types, per-result attributes, tied operand index or TIED_NONE per result).
    """
    types: list[Attribute] = []
    attrs: list[dict[str, Attribute]] = []
    tied: list[int] = []

    def parse_item(allow_attrs: bool) -> None:
        ref = parser.parse_optional_unresolved_operand()
        if ref is None:
            types.append(parser.parse_type())
            tied.append(TIED_NONE)
        else:
            index, operand_type = operand_by_name(ref)
            tied.append(index)
            explicit = parser.parse_type() if parser.parse_optional_keyword("as") else None
            types.append(explicit or operand_type)
        attrs.append(parser.parse_optional_dictionary_attr_dict() if allow_attrs else {})

    if parser.parse_optional_punctuation("(") is not None:
        if parser.parse_optional_punctuation(")") is None:
            parse_item(with_attrs)
            while parser.parse_optional_punctuation(",") is not None:
                parse_item(with_attrs)
            parser.parse_punctuation(")")
    else:
        parse_item(False)
    return types, attrs, tied


def _print_result_list(
    printer: Printer,
    types: Sequence[Attribute],
    attrs: Sequence[DictionaryAttr] | None,
    tied: Sequence[int],
    print_operand: Callable[[int], None],
    operand_types: Sequence[Attribute],
    *,
    empty_parens: bool,
) -> None:
    """Inverse of `_parse_result_list` (prints nothing for no results unless `empty_parens`)."""
    if not types and not empty_parens:
        return
    has_attrs = attrs is not None and any(a.data for a in attrs)
    parens = len(types) != 1 or has_attrs
    printer.print_string(" -> (" if parens else " -> ")

    def print_item(i: int) -> None:
        # An out-of-range tie (only in unverified IR) prints as an untied type.
        operand = tied[i] if i < len(tied) else TIED_NONE
        if not 0 <= operand < len(operand_types):
            printer.print_attribute(types[i])
        else:
            print_operand(operand)
            if operand_types[operand] != types[i]:
                printer.print_string(" as ")
                printer.print_attribute(types[i])
        if attrs is not None and attrs[i].data:
            printer.print_string(" ")
            printer.print_attr_dict(attrs[i].data)

    printer.print_list(range(len(types)), print_item)
    if parens:
        printer.print_string(")")


def _dict_array(dicts: Sequence[dict[str, Attribute]]) -> ArrayAttr[DictionaryAttr] | None:
    if not any(dicts):
        return None
    return ArrayAttr(DictionaryAttr(d) for d in dicts)


def _verify_alignment(op: IRDLOperation) -> None:
    alignment = op.properties.get("alignment")
    if isinstance(alignment, IntegerAttr):
        value = alignment.value.data
        if value <= 0 or value & (value - 1):
            raise VerifyException(f"alignment must be a power of two, got {value}")


class _UtilCanonicalization(HasCanonicalizationPatternsTrait):
    """Looks up an op's canonicalization patterns in `canonicalization_patterns.util`."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from pyvmvx.dialects.canonicalization_patterns import util

        return tuple(p for patterns in util.PATTERNS.values() for p in patterns)

    def get_patterns(self, op: type[Operation]) -> tuple[RewritePattern, ...]:
        from pyvmvx.dialects.canonicalization_patterns import util

        return util.PATTERNS.get(op.name, ())


# ---------------------------------------------------------------------------------------
# Lists and buffers
# ---------------------------------------------------------------------------------------


@irdl_op_definition
class ListGetOp(IRDLOperation):
    """`util.list.get %list[%i] : !util.list<T> (-> R)?`: element `i` of a list."""

    name = "util.list.get"

    list = operand_def(ListType)
    index = operand_def(IndexType)
    result = result_def()

    traits = traits_def(MemoryReadEffect())

    def __init__(self, list_: Value, index: Value, result_type: Attribute | None = None):
        list_type = SSAValue.get(list_).type
        if result_type is None:
            assert isinstance(list_type, ListType), "util.list.get needs a !util.list"
            result_type = list_type.element_type
        super().__init__(operands=[list_, index], result_types=[result_type])

    def verify_(self) -> None:
        assert isinstance(self.list.type, ListType)
        element_type = self.list.type.element_type
        if not isinstance(element_type, VariantType) and element_type != self.result.type:
            raise VerifyException(
                f"list contains {element_type} and cannot be accessed as {self.result.type}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> ListGetOp:
        list_ = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        index = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        props, attrs = _parse_attr_dict(parser, cls, keyword=False, reserved=())
        parser.parse_punctuation(":")
        pos = parser.pos
        list_type = parser.parse_type()
        if not isinstance(list_type, ListType):
            parser.raise_error(f"expected !util.list<T> type, got {list_type}", pos, parser.pos)
        result_type: Attribute = list_type.element_type
        if parser.parse_optional_punctuation("->") is not None:
            result_type = parser.parse_type()
        op = cls(
            parser.resolve_operand(list_, list_type),
            parser.resolve_operand(index, IndexType()),
            result_type,
        )
        op.properties |= props
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.list)
        printer.print_string("[")
        printer.print_operand(self.index)
        printer.print_string("]")
        _print_attr_dict(printer, self, keyword=False)
        printer.print_string(" : ")
        printer.print_attribute(self.list.type)
        assert isinstance(self.list.type, ListType)
        if self.list.type.element_type != self.result.type:
            printer.print_string(" -> ")
            printer.print_attribute(self.result.type)


@irdl_op_definition
class BufferSizeOp(IRDLOperation):
    """The total byte length of a buffer."""

    name = "util.buffer.size"

    operand = operand_def(BufferType)
    result = result_def(IndexType)

    traits = traits_def(Pure(), _UtilCanonicalization())
    assembly_format = "$operand `:` type($operand) attr-dict-with-keyword"

    def __init__(self, buffer: Value):
        super().__init__(operands=[buffer], result_types=[IndexType()])


@irdl_op_definition
class BufferSubspanOp(IRDLOperation):
    """A view of bytes `[source_offset, source_offset + result_size)` of `source`."""

    name = "util.buffer.subspan"

    source = operand_def(BufferType)
    source_size = operand_def(IndexType)
    source_offset = operand_def(IndexType)
    result_size = operand_def(IndexType)
    result = result_def(BufferType)

    traits = traits_def(Pure(), _UtilCanonicalization())
    assembly_format = (
        "$source `[` $source_offset `]` `:` type($source) `` `{` $source_size `}` `->` "
        "type($result) `` `{` $result_size `}` attr-dict-with-keyword"
    )

    def __init__(self, source: Value, source_size: Value, source_offset: Value, result_size: Value):
        super().__init__(
            operands=[source, source_size, source_offset, result_size],
            result_types=[BufferType()],
        )


@irdl_op_definition
class BufferLoadOp(IRDLOperation):
    """Loads a primitive value at a byte offset (`length` bytes) of a buffer."""

    name = "util.buffer.load"

    source = operand_def(BufferType)
    source_size = operand_def(IndexType)
    source_offset = operand_def(IndexType)
    length = operand_def(IndexType)
    result = result_def(PRIMITIVE)

    traits = traits_def(MemoryReadEffect(), _UtilCanonicalization())
    assembly_format = (
        "$source `[` $source_offset `for` $length `]` `:` type($source) `` `{` $source_size `}` "
        "`->` type($result) attr-dict-with-keyword"
    )

    def __init__(
        self,
        source: Value,
        source_size: Value,
        source_offset: Value,
        length: Value,
        result_type: Attribute,
    ):
        super().__init__(
            operands=[source, source_size, source_offset, length], result_types=[result_type]
        )


@irdl_op_definition
class BufferStoreOp(IRDLOperation):
    """Stores a primitive value at a byte offset (`length` bytes) of a buffer."""

    name = "util.buffer.store"

    source = operand_def(PRIMITIVE)
    target = operand_def(BufferType)
    target_size = operand_def(IndexType)
    target_offset = operand_def(IndexType)
    length = operand_def(IndexType)

    traits = traits_def(MemoryWriteEffect(), _UtilCanonicalization())
    assembly_format = (
        "$source `,` $target `[` $target_offset `for` $length `]` `:` type($source) `->` "
        "type($target) `` `{` $target_size `}` attr-dict-with-keyword"
    )

    def __init__(
        self, source: Value, target: Value, target_size: Value, target_offset: Value, length: Value
    ):
        super().__init__(operands=[source, target, target_size, target_offset, length])


@irdl_op_definition
class BufferAllocOp(IRDLOperation):
    """Allocates a buffer of `storage_size` bytes with undefined contents."""

    name = "util.buffer.alloc"

    storage_size = operand_def(IndexType)
    alignment = opt_prop_def(IntegerAttr[IndexType])
    result = result_def(BufferType)

    traits = traits_def(MemoryAllocEffect(), _UtilCanonicalization())
    PROPERTIES: ClassVar[PropertyForms] = {"alignment": INDEX_FORM}

    def __init__(self, storage_size: Value, alignment: int | None = None):
        super().__init__(
            operands=[storage_size],
            result_types=[BufferType()],
            properties={
                "alignment": None if alignment is None else IntegerAttr(alignment, IndexType())
            },
        )

    def verify_(self) -> None:
        _verify_alignment(self)

    @classmethod
    def parse(cls, parser: Parser) -> BufferAllocOp:
        """`uninitialized <alignment = 16>? {attrs}? : !util.buffer{%size}`."""
        parser.parse_keyword("uninitialized")
        props, attrs = parse_properties_and_attributes(parser, cls.PROPERTIES)
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        parser.parse_punctuation("{")
        size = parser.parse_operand(IndexType())
        parser.parse_punctuation("}")
        return cls.create(
            operands=[size], result_types=[result_type], properties=props, attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" uninitialized")
        print_properties_and_attributes(printer, self, self.PROPERTIES)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        printer.print_string("{")
        printer.print_operand(self.storage_size)
        printer.print_string("}")


@irdl_op_definition
class BufferConstantOp(IRDLOperation):
    """A constant byte buffer holding a serialized attribute (dense elements or a string)."""

    name = "util.buffer.constant"

    buffer_name = opt_prop_def(StringAttr, prop_name="name")
    value = prop_def(AnyAttr())
    alignment = opt_prop_def(IntegerAttr[IndexType])
    mime_type = opt_prop_def(StringAttr)
    result = result_def(BufferType)

    traits = traits_def(Pure())
    PROPERTIES: ClassVar[PropertyForms] = {"alignment": INDEX_FORM, "mime_type": STRING_FORM}

    def __init__(self, value: Attribute, name: str | None = None, alignment: int | None = None):
        super().__init__(
            result_types=[BufferType()],
            properties={
                "value": value,
                "name": None if name is None else StringAttr(name),
                "alignment": None if alignment is None else IntegerAttr(alignment, IndexType()),
            },
        )

    def verify_(self) -> None:
        if not isinstance(self.value, DenseIntOrFPElementsAttr | DenseResourceAttr | StringAttr):
            raise VerifyException(
                "value must be serializable (dense elements, dense_resource or a string), "
                f"got {self.value}"
            )
        _verify_alignment(self)

    @classmethod
    def parse(cls, parser: Parser) -> BufferConstantOp:
        """`"name"? <alignment = 16, mime_type = "x">? {attrs}? : !util.buffer = value`."""
        props: dict[str, Attribute] = {}
        if (name := parser.parse_optional_str_literal()) is not None:
            props["name"] = StringAttr(name)
        inherent, attrs = parse_properties_and_attributes(parser, cls.PROPERTIES)
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        parser.parse_punctuation("=")
        props |= inherent | {"value": parser.parse_attribute()}
        return cls.create(result_types=[result_type], properties=props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if self.buffer_name is not None:
            printer.print_string(" ")
            printer.print_string_literal(self.buffer_name.data)
        print_properties_and_attributes(printer, self, self.PROPERTIES)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        printer.print_string(" = ")
        printer.print_attribute(self.value)


@irdl_op_definition
class SizeOfOp(IRDLOperation):
    """The byte size of a type; folds for integer and float types, `index` stays symbolic."""

    name = "util.sizeof"

    sized_type = prop_def(TypeAttribute, prop_name="sizedType")
    size = result_def(IndexType)

    traits = traits_def(Pure(), _UtilCanonicalization())
    assembly_format = "$sizedType attr-dict-with-keyword"

    def __init__(self, sized_type: Attribute):
        super().__init__(properties={"sizedType": sized_type}, result_types=[IndexType()])


# ---------------------------------------------------------------------------------------
# Globals
# ---------------------------------------------------------------------------------------


def _parse_visibility(parser: Parser) -> dict[str, Attribute]:
    visibility = parser.parse_optional_visibility_keyword()
    return {} if visibility is None else {"sym_visibility": visibility}


def _print_visibility(printer: Printer, op: Operation) -> None:
    visibility = op.properties.get("sym_visibility")
    if isinstance(visibility, StringAttr):
        printer.print_string(f" {visibility.data}")


@irdl_op_definition
class GlobalOp(IRDLOperation):
    """`util.global [vis] [mutable] @name <inlining_policy = ...>? {attrs} (: type)?
    (= initial_value)?`."""

    name = "util.global"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(SymbolNameConstraint())
    type = prop_def(TypeAttribute)
    is_mutable = opt_prop_def(UnitAttr)
    initial_value = opt_prop_def(AnyAttr())
    inlining_policy = opt_prop_def(InlineNeverAttr | InlineAlwaysAttr)

    traits = traits_def(SymbolOpInterface())

    SYNTAX_PROPS: ClassVar[tuple[str, ...]] = (
        "sym_visibility",
        "sym_name",
        "type",
        "is_mutable",
        "initial_value",
    )
    PROPERTIES: ClassVar[PropertyForms] = {"inlining_policy": ATTRIBUTE_FORM}

    def __init__(
        self,
        sym_name: str,
        type: Attribute,
        *,
        mutable: bool = False,
        initial_value: Attribute | None = None,
        visibility: str | None = "private",
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "type": type,
                "is_mutable": UnitAttr() if mutable else None,
                "initial_value": initial_value,
                "sym_visibility": None if visibility is None else StringAttr(visibility),
            }
        )

    def verify_(self) -> None:
        value = self.initial_value
        if isinstance(value, TypedAttribute) and value.get_type() != self.type:
            raise VerifyException(
                f"initial value type {value.get_type()} does not match global type {self.type}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        props = _parse_visibility(parser)
        if parser.parse_optional_keyword("mutable") is not None:
            props["is_mutable"] = UnitAttr()
        props["sym_name"] = parser.parse_symbol_name()
        props |= parse_optional_properties(parser, cls.PROPERTIES)
        extra_props, attrs = _parse_attr_dict(parser, cls, keyword=False, reserved=cls.SYNTAX_PROPS)
        if parser.parse_optional_punctuation(":") is not None:
            props["type"] = parser.parse_type()
            if parser.parse_optional_punctuation("=") is not None:
                props["initial_value"] = parser.parse_attribute()
        else:
            parser.parse_punctuation("=", " or ':' before the global's type")
            pos = parser.pos
            value = parser.parse_attribute()
            if not isinstance(value, TypedAttribute):
                parser.raise_error(
                    f"expected a type with the untyped value {value}", pos, parser.pos
                )
            props |= {"initial_value": value, "type": value.get_type()}
        return cls.create(properties=props | extra_props, attributes=attrs)

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self)
        if self.is_mutable is not None:
            printer.print_string(" mutable")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        print_properties_and_attributes(printer, self, self.PROPERTIES)
        value = self.initial_value
        if not isinstance(value, TypedAttribute) or value.get_type() != self.type:
            printer.print_string(" : ")
            printer.print_attribute(self.type)
        if value is not None:
            printer.print_string(" = ")
            printer.print_attribute(value)


def _lookup_global(op: Operation, symbol: SymbolRefAttr) -> GlobalOp:
    found = SymbolTable.lookup_symbol(op, symbol)
    if not isinstance(found, GlobalOp):
        raise VerifyException(f"undefined global: {symbol}")
    return found


def _check_global_type(global_op: GlobalOp, value_type: Attribute, what: str) -> None:
    if global_op.type != value_type:
        raise VerifyException(
            f"global type mismatch; global @{global_op.sym_name.data} is {global_op.type} "
            f"but {what} is {value_type}"
        )


class _GlobalLoadSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, GlobalLoadOp)
        global_op = _lookup_global(op, op.global_)
        _check_global_type(global_op, op.result.type, "load")
        if op.is_immutable is not None and global_op.is_mutable is not None:
            raise VerifyException(
                f"global @{global_op.sym_name.data} is mutable but the load is marked immutable"
            )


class _GlobalStoreSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, GlobalStoreOp)
        global_op = _lookup_global(op, op.global_)
        _check_global_type(global_op, op.value.type, "store")
        if global_op.is_mutable is None and not isinstance(op.parent_op(), InitializerOp):
            raise VerifyException(
                f"global @{global_op.sym_name.data} is immutable and may only be stored "
                "in a util.initializer"
            )


@irdl_op_definition
class GlobalLoadOp(IRDLOperation):
    """Reads a `util.global`."""

    name = "util.global.load"

    global_ = prop_def(FlatSymbolRefAttrConstr, prop_name="global")
    is_immutable = opt_prop_def(UnitAttr)
    result = result_def()

    traits = traits_def(MemoryReadEffect(), _GlobalLoadSymbolUser())
    assembly_format = "(`immutable` $is_immutable^)? $global attr-dict `:` type($result)"

    def __init__(self, global_: str | SymbolRefAttr, result_type: Attribute):
        super().__init__(
            properties={"global": SymbolRefAttr(global_) if isinstance(global_, str) else global_},
            result_types=[result_type],
        )


@irdl_op_definition
class GlobalStoreOp(IRDLOperation):
    """Writes a `util.global` (immutable globals only from a `util.initializer`)."""

    name = "util.global.store"

    value = operand_def()
    global_ = prop_def(FlatSymbolRefAttrConstr, prop_name="global")

    traits = traits_def(MemoryWriteEffect(), _GlobalStoreSymbolUser())
    assembly_format = "$value `,` $global attr-dict `:` type($value)"

    def __init__(self, value: Value, global_: str | SymbolRefAttr):
        super().__init__(
            operands=[value],
            properties={"global": SymbolRefAttr(global_) if isinstance(global_, str) else global_},
        )


# ---------------------------------------------------------------------------------------
# Functions and initializers
# ---------------------------------------------------------------------------------------


@irdl_op_definition
class InitializerOp(IRDLOperation):
    """Code run once, in module order, when the module is initialized."""

    name = "util.initializer"

    function_type = prop_def(FunctionType, default_value=FunctionType.from_lists([], []))
    body = region_def()

    traits = traits_def(IsolatedFromAbove())

    def __init__(self, body: Region | None = None):
        super().__init__(regions=[body or Region(Block())])

    @classmethod
    def parse(cls, parser: Parser) -> InitializerOp:
        props, attrs = _parse_attr_dict(parser, cls, keyword=True, reserved=("function_type",))
        return cls.create(
            properties={"function_type": FunctionType.from_lists([], [])} | props,
            attributes=attrs,
            regions=[parser.parse_region()],
        )

    def print(self, printer: Printer) -> None:
        _print_attr_dict(printer, self, keyword=True, elide=("function_type",))
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


class _FuncCallable(CallableOpInterface):
    @classmethod
    def get_callable_region(cls, op: Operation) -> Region:
        assert isinstance(op, FuncOp)
        return op.body

    @classmethod
    def get_argument_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.inputs.data

    @classmethod
    def get_result_types(cls, op: Operation) -> tuple[Attribute, ...]:
        assert isinstance(op, FuncOp)
        return op.function_type.outputs.data


@irdl_op_definition
class FuncOp(IRDLOperation):
    """`util.func [vis] @name(%arg: T {attrs}, ...) -> (R {attrs} | %arg ...) attributes {..} {..}`.

    A result may be tied to an argument (`-> %arg0`), recorded in `tied_operands`.
    """

    name = "util.func"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(SymbolNameConstraint())
    function_type = prop_def(FunctionType)
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    tied_operands = opt_prop_def(ArrayAttr[IntegerAttr])
    inlining_policy = opt_prop_def(InlineNeverAttr | InlineAlwaysAttr)
    body = region_def()

    traits = traits_def(IsolatedFromAbove(), SymbolOpInterface(), _FuncCallable())

    SYNTAX_PROPS: ClassVar[tuple[str, ...]] = (
        "sym_visibility",
        "sym_name",
        "function_type",
        "arg_attrs",
        "res_attrs",
        "tied_operands",
    )

    def __init__(
        self,
        name: str,
        inputs: Sequence[Attribute],
        outputs: Sequence[Attribute],
        body: Region | None = None,
        *,
        visibility: str | None = None,
        tied_operands: Sequence[int] | None = None,
    ):
        """A function; without `body`, an entry block with arguments of `inputs` is created."""
        super().__init__(
            regions=[body if body is not None else Region(Block(arg_types=inputs))],
            properties={
                "sym_name": StringAttr(name),
                "function_type": FunctionType.from_lists(inputs, outputs),
                "sym_visibility": None if visibility is None else StringAttr(visibility),
                "tied_operands": None if tied_operands is None else _tied_operands(tied_operands),
            },
        )

    @property
    def is_declaration(self) -> bool:
        return not self.body.blocks

    @property
    def args(self) -> tuple[BlockArgument, ...]:
        assert self.body.blocks.first is not None, "a util.func declaration has no arguments"
        return self.body.blocks.first.args

    def verify_(self) -> None:
        inputs, outputs = self.function_type.inputs.data, self.function_type.outputs.data
        if self.body.blocks.first is not None and self.body.blocks.first.arg_types != inputs:
            raise VerifyException("entry block argument types must match the function input types")
        tied = _tied_list(self, len(outputs))
        if len(tied) != len(outputs):
            raise VerifyException(
                f"tied_operands has {len(tied)} entries for {len(outputs)} results"
            )
        for t in tied:
            if t != TIED_NONE and not 0 <= t < len(inputs):
                raise VerifyException(f"tied operand index {t} is out of range")

    @classmethod
    def parse(cls, parser: Parser) -> FuncOp:
        props = _parse_visibility(parser)
        props["sym_name"] = parser.parse_symbol_name()

        named: list[Parser.Argument] = []
        types: list[Attribute] = []
        arg_attrs: list[dict[str, Attribute]] = []

        def parse_arg() -> None:
            arg = parser.parse_optional_argument()
            if arg is None:
                if named:
                    parser.raise_error("expected all arguments to be named or all unnamed")
                types.append(parser.parse_type())
            else:
                if types and not named:
                    parser.raise_error("expected all arguments to be named or all unnamed")
                named.append(arg)
                types.append(arg.type)
            arg_attrs.append(parser.parse_optional_dictionary_attr_dict())
            if (loc := parser.parse_optional_location()) is not None and named:
                named[-1].location = loc

        parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_arg)

        def by_name(ref: UnresolvedOperand) -> tuple[int, Attribute]:
            for i, arg in enumerate(named):
                if arg.name.text == ref.span.text and ref.index == 0:
                    return i, arg.type
            parser.raise_error(f"tied result {ref.span.text} does not name an argument", ref.span)

        results: list[Attribute] = []
        res_attrs: list[dict[str, Attribute]] = []
        tied: list[int] = []
        if parser.parse_optional_punctuation("->") is not None:
            results, res_attrs, tied = _parse_result_list(parser, by_name, with_attrs=True)
        extra_props, attrs = _parse_attr_dict(parser, cls, keyword=True, reserved=cls.SYNTAX_PROPS)
        region = parser.parse_optional_region(named if named else None) or Region()
        if region.blocks and not named and types:
            parser.raise_error("a util.func with a body needs named arguments")
        props |= {
            "function_type": FunctionType.from_lists(types, results),
            "arg_attrs": _dict_array(arg_attrs),
            "res_attrs": _dict_array(res_attrs),
            "tied_operands": _tied_operands(tied),
        }
        return cls.create(
            properties={k: v for k, v in (props | extra_props).items() if v is not None},
            attributes=attrs,
            regions=[region],
        )

    def print(self, printer: Printer) -> None:
        _print_visibility(printer, self)
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        inputs = self.function_type.inputs.data
        outputs = self.function_type.outputs.data
        tied = _tied_list(self, len(outputs))
        arg_attrs = self.arg_attrs.data if self.arg_attrs is not None else None
        block = self.body.blocks.first

        def print_arg_name(i: int) -> None:
            # A declaration names its arguments `%argN`, as IREE prints it.
            if block is not None:
                printer.print_operand(block.args[i])
            else:
                printer.print_string(f"%arg{i}")

        def print_arg(i: int) -> None:
            print_arg_name(i)
            printer.print_string(": ")
            printer.print_attribute(inputs[i])
            if arg_attrs is not None and arg_attrs[i].data:
                printer.print_string(" ")
                printer.print_attr_dict(arg_attrs[i].data)

        with printer.in_parens():
            printer.print_list(range(len(inputs)), print_arg)
        res_attrs = self.res_attrs.data if self.res_attrs is not None else None
        _print_result_list(
            printer, outputs, res_attrs, tied, print_arg_name, inputs, empty_parens=False
        )
        _print_attr_dict(printer, self, keyword=True, elide=self.SYNTAX_PROPS)
        if block is not None:
            printer.print_string(" ")
            printer.print_region(self.body, print_entry_block_args=False)


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """Returns from a `util.func` (its result types) or a `util.initializer` (nothing)."""

    name = "util.return"

    operands_ = var_operand_def()

    traits = traits_def(IsTerminator(), ReturnLike(), HasParent(FuncOp, InitializerOp))
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"

    def __init__(self, *values: Value):
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        expected = parent.function_type.outputs.data if isinstance(parent, FuncOp) else ()
        if self.operands_.types != expected:
            raise VerifyException(
                f"return types ({', '.join(map(str, self.operands_.types))}) must match the "
                f"enclosing function's result types ({', '.join(map(str, expected))})"
            )


class _CallSymbolUser(SymbolUserOpInterface):
    def verify(self, op: Operation) -> None:
        assert isinstance(op, CallOp)
        callee = SymbolTable.lookup_symbol(op, op.callee)
        callable_ = callee.get_trait(CallableOpInterface) if callee is not None else None
        if callee is None or callable_ is None:
            raise VerifyException(f"{op.callee} does not reference a valid function")
        inputs = callable_.get_argument_types(callee)
        outputs = callable_.get_result_types(callee)
        if tuple(op.arguments.types) != tuple(inputs):
            raise VerifyException(
                f"operand types ({', '.join(map(str, op.arguments.types))}) do not match "
                f"the callee's argument types ({', '.join(map(str, inputs))})"
            )
        if tuple(op.results_.types) != tuple(outputs):
            raise VerifyException(
                f"result types ({', '.join(map(str, op.results_.types))}) do not match "
                f"the callee's result types ({', '.join(map(str, outputs))})"
            )


@irdl_op_definition
class CallOp(IRDLOperation):
    """`util.call @callee(%a, ...) <arg_attrs = ..., res_attrs = ...>? {attrs} : (A, ...) ->
    R | (R, %a as T, ...)`."""

    name = "util.call"

    callee = prop_def(FlatSymbolRefAttrConstr)
    arguments = var_operand_def()
    tied_operands = opt_prop_def(ArrayAttr[IntegerAttr])
    arg_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    res_attrs = opt_prop_def(ArrayAttr[DictionaryAttr])
    results_ = var_result_def()

    traits = traits_def(_CallSymbolUser())

    SYNTAX_PROPS: ClassVar[tuple[str, ...]] = ("callee", "tied_operands")
    PROPERTIES: ClassVar[PropertyForms] = {"arg_attrs": ATTRIBUTE_FORM, "res_attrs": ATTRIBUTE_FORM}

    def __init__(
        self,
        callee: str | SymbolRefAttr,
        arguments: Sequence[Value],
        result_types: Sequence[Attribute],
        tied_operands: Sequence[int] | None = None,
    ):
        super().__init__(
            operands=[arguments],
            result_types=[result_types],
            properties={
                "callee": SymbolRefAttr(callee) if isinstance(callee, str) else callee,
                "tied_operands": None if tied_operands is None else _tied_operands(tied_operands),
            },
        )

    def verify_(self) -> None:
        tied = _tied_list(self, len(self.results_))
        if len(tied) != len(self.results_):
            raise VerifyException(
                f"tied_operands has {len(tied)} entries for {len(self.results_)} results"
            )

    @classmethod
    def parse(cls, parser: Parser) -> CallOp:
        callee = parser.parse_symbol_name()
        refs = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        inherent = parse_optional_properties(parser, cls.PROPERTIES)
        props, attrs = _parse_attr_dict(parser, cls, keyword=False, reserved=cls.SYNTAX_PROPS)
        props |= inherent
        parser.parse_punctuation(":")
        pos = parser.pos
        arg_types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        if len(arg_types) != len(refs):
            parser.raise_error(
                f"{len(refs)} operands but {len(arg_types)} operand types", pos, parser.pos
            )

        def by_name(ref: UnresolvedOperand) -> tuple[int, Attribute]:
            for i, operand in enumerate(refs):
                if (operand.span.text, operand.index) == (ref.span.text, ref.index):
                    return i, arg_types[i]
            parser.raise_error(f"tied result {ref.span.text} does not name an operand", ref.span)

        parser.parse_punctuation("->")
        results, _, tied = _parse_result_list(parser, by_name, with_attrs=False)
        return cls.create(
            operands=[parser.resolve_operand(r, t) for r, t in zip(refs, arg_types, strict=True)],
            result_types=results,
            properties={"callee": SymbolRefAttr(callee)}
            | {k: v for k, v in [("tied_operands", _tied_operands(tied))] if v is not None}
            | props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.callee)
        with printer.in_parens():
            printer.print_list(self.arguments, printer.print_operand)
        print_properties(printer, self, self.PROPERTIES)
        _print_attr_dict(printer, self, keyword=False, elide=(*self.SYNTAX_PROPS, *self.PROPERTIES))
        printer.print_string(" : ")
        arg_types = self.arguments.types
        with printer.in_parens():
            printer.print_list(arg_types, printer.print_attribute)
        _print_result_list(
            printer,
            self.results_.types,
            None,
            _tied_list(self, len(self.results_)),
            lambda i: printer.print_operand(self.arguments[i]),
            arg_types,
            empty_parens=True,
        )


# ---------------------------------------------------------------------------------------
# Compiler hints
# ---------------------------------------------------------------------------------------


def _parse_values_with_types(parser: Parser) -> list[SSAValue]:
    """`%a, %b : ta, tb` (or nothing)."""
    refs = parser.parse_optional_undelimited_comma_separated_list(
        parser.parse_optional_unresolved_operand, parser.parse_unresolved_operand
    )
    if not refs:
        return []
    parser.parse_punctuation(":")
    pos = parser.pos
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    if len(types) != len(refs):
        parser.raise_error(f"{len(refs)} operands but {len(types)} types", pos, parser.pos)
    return [parser.resolve_operand(r, t) for r, t in zip(refs, types, strict=True)]


def _verify_identity_types(op: Operation) -> None:
    if op.operand_types != op.result_types:
        raise VerifyException(
            f"result types ({', '.join(map(str, op.result_types))}) must equal the operand "
            f"types ({', '.join(map(str, op.operand_types))})"
        )


@irdl_op_definition
class OptimizationBarrierOp(IRDLOperation):
    """Identity on its operands that no optimization may see through."""

    name = "util.optimization_barrier"

    operands_ = var_operand_def()
    results_ = var_result_def()

    def __init__(self, *values: Value):
        super().__init__(operands=[values], result_types=[[SSAValue.get(v).type for v in values]])

    def verify_(self) -> None:
        _verify_identity_types(self)

    @classmethod
    def parse(cls, parser: Parser) -> OptimizationBarrierOp:
        props, attrs = _parse_attr_dict(parser, cls, keyword=False, reserved=())
        op = cls(*_parse_values_with_types(parser))
        op.properties |= props
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        _print_attr_dict(printer, self, keyword=False)
        if self.operands_:
            printer.print_string(" ")
            printer.print_list(self.operands_, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list(self.operands_.types, printer.print_attribute)


@irdl_op_definition
class AssumeIntOp(IRDLOperation):
    """Identity on integer/index operands carrying value-range assumptions.

    `%v<umin = 0, umax = 7>` gives one assumption; `%v[<..>, <..>]` one per specialization,
    and every operand then has the same number of them.
    """

    name = "util.assume.int"

    operands_ = var_operand_def(IndexTypeConstr | BaseAttr(IntegerType))
    results_ = var_result_def(IndexTypeConstr | BaseAttr(IntegerType))
    assumptions = prop_def(ArrayAttr[ArrayAttr[IntAssumptionAttr]])

    traits = traits_def(Pure())

    def __init__(self, values: Sequence[Value], assumptions: Sequence[Sequence[IntAssumptionAttr]]):
        super().__init__(
            operands=[values],
            result_types=[[SSAValue.get(v).type for v in values]],
            properties={"assumptions": ArrayAttr(ArrayAttr(row) for row in assumptions)},
        )

    def verify_(self) -> None:
        _verify_identity_types(self)
        rows = self.assumptions.data
        if len(rows) != len(self.operands_):
            raise VerifyException(
                f"expected {len(self.operands_)} assumption lists (one per operand), "
                f"got {len(rows)}"
            )
        for i, row in enumerate(rows):
            if len(row.data) != len(rows[0].data):
                raise VerifyException(
                    f"expected operand #{i} to have {len(rows[0].data)} assumptions "
                    f"but it has {len(row.data)}"
                )

    @classmethod
    def parse(cls, parser: Parser) -> AssumeIntOp:
        refs: list[UnresolvedOperand] = []
        rows: list[list[IntAssumptionAttr]] = []

        def parse_assumption() -> IntAssumptionAttr:
            (umin, umax, udiv) = IntAssumptionAttr.parse_parameters(parser)
            return IntAssumptionAttr(umin, umax, udiv)

        def parse_item() -> None:
            refs.append(parser.parse_unresolved_operand())
            row = parser.parse_optional_comma_separated_list(
                parser.Delimiter.SQUARE, parse_assumption
            )
            rows.append(row if row is not None else [parse_assumption()])

        parser.parse_comma_separated_list(parser.Delimiter.NONE, parse_item)
        props, attrs = _parse_attr_dict(parser, cls, keyword=False, reserved=("assumptions",))
        parser.parse_punctuation(":")
        pos = parser.pos
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(refs):
            parser.raise_error(f"{len(refs)} operands but {len(types)} types", pos, parser.pos)
        op = cls([parser.resolve_operand(r, t) for r, t in zip(refs, types, strict=True)], rows)
        op.properties |= props
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        def print_item(i: int) -> None:
            printer.print_operand(self.operands_[i])
            row = self.assumptions.data[i].data
            if len(row) == 1:
                row[0].print_parameters(printer)
            else:
                with printer.in_square_brackets():
                    printer.print_list(row, lambda a: a.print_parameters(printer))

        printer.print_string(" ")
        printer.print_list(range(len(self.operands_)), print_item)
        _print_attr_dict(printer, self, keyword=False, elide=("assumptions",))
        printer.print_string(" : ")
        printer.print_list(self.operands_.types, printer.print_attribute)


Util = Dialect(
    "util",
    [
        ListGetOp,
        BufferSizeOp,
        BufferSubspanOp,
        BufferLoadOp,
        BufferStoreOp,
        BufferAllocOp,
        BufferConstantOp,
        SizeOfOp,
        GlobalOp,
        GlobalLoadOp,
        GlobalStoreOp,
        InitializerOp,
        ReturnOp,
        FuncOp,
        CallOp,
        OptimizationBarrierOp,
        AssumeIntOp,
    ],
    [BufferType, VariantType, ListType, IntAssumptionAttr, InlineNeverAttr, InlineAlwaysAttr],
)
