"""`memref` with MLIR's custom syntax for `memref.global`, `memref.copy` and `memref.cast`.

Each op subclasses its upstream class (`isinstance(op, xdsl.dialects.memref.CopyOp)` holds
for parsed ops); build new ops with these classes to get the custom syntax when printed.
"""

from collections.abc import Mapping
from typing import cast

from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    I64,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import base, irdl_op_definition, operand_def, opt_prop_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect

_MemRefLike = base(MemRefType) | base(UnrankedMemRefType)


@irdl_op_definition
class CopyOp(memref.CopyOp):
    """`memref.copy %src, %dst : memref<4xf32> to memref<?xf32>`.

    Unlike upstream, shapes need only be compatible (a dynamic size matches any) and
    unranked memrefs are accepted, as in MLIR.
    """

    name = "memref.copy"

    source = operand_def(_MemRefLike)
    destination = operand_def(_MemRefLike)

    assembly_format = "$source `,` $destination attr-dict `:` type($source) `to` type($destination)"

    def verify_(self) -> None:
        source = cast(MemRefType | UnrankedMemRefType, self.source.type)
        destination = cast(MemRefType | UnrankedMemRefType, self.destination.type)
        if source.get_element_type() != destination.get_element_type():
            raise VerifyException("Expected source and destination to have the same element type.")
        if isinstance(source, MemRefType) and isinstance(destination, MemRefType):
            if not _compatible_shapes(source.get_shape(), destination.get_shape()):
                raise VerifyException("Expected source and destination to have compatible shapes.")


@irdl_op_definition
class CastOp(memref.CastOp):
    """`memref.cast %m : memref<4xf32> to memref<?xf32>` with MLIR's cast-compatibility check."""

    name = "memref.cast"

    source = operand_def(_MemRefLike)
    dest = result_def(_MemRefLike)

    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def __init__(self, source: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[source], result_types=[result_type])

    def verify_(self) -> None:
        source, dest = self.source.type, self.dest.type
        if not _cast_compatible(source, dest):
            raise VerifyException(
                f"operand type {source} and result type {dest} are cast incompatible"
            )


def _compatible_shapes(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Same rank and equal sizes where both are static (a negative size is dynamic)."""
    return len(a) == len(b) and all(x == y or min(x, y) < 0 for x, y in zip(a, b, strict=True))


def _compatible_layouts(a: MemRefType, b: MemRefType) -> bool:
    """Strides and offsets equal where both are static (None is dynamic).

    A layout xDSL cannot express as strides (a general affine map) is not compared: it is
    accepted rather than risk rejecting valid IR.
    """
    a_strides, b_strides = a.get_strides(), b.get_strides()
    if a.layout == b.layout or a_strides is None or b_strides is None:
        return True
    a_offset, b_offset = a.get_offset(), b.get_offset()
    strides_ok = all(x == y or None in (x, y) for x, y in zip(a_strides, b_strides, strict=True))
    return strides_ok and (a_offset == b_offset or None in (a_offset, b_offset))


def _cast_compatible(source: Attribute, dest: Attribute) -> bool:
    """MLIR's `memref.cast` rule: same element type and memory space, at most one unranked,
    and for two ranked types compatible shapes, strides and offsets."""
    if not isinstance(source, MemRefType | UnrankedMemRefType):
        return False
    if not isinstance(dest, MemRefType | UnrankedMemRefType):
        return False
    if source.get_element_type() != dest.get_element_type():
        return False
    if source.memory_space != dest.memory_space:
        return False
    if isinstance(source, UnrankedMemRefType) or isinstance(dest, UnrankedMemRefType):
        return not (isinstance(source, UnrankedMemRefType) and isinstance(dest, UnrankedMemRefType))
    if not _compatible_shapes(source.get_shape(), dest.get_shape()):
        return False
    return _compatible_layouts(source, dest)


_GLOBAL_SYNTAX_PROPERTIES = ("sym_name", "sym_visibility", "type", "initial_value", "constant")


@irdl_op_definition
class GlobalOp(memref.GlobalOp):
    """`memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 8}`
    (the alignment is an i64 property).

    The initializer is optional (an external global), `uninitialized`, or an elements
    attribute (`dense<...>`, `dense_resource<...>`) whose type is the memref's tensor type
    and is left out of the text. Unlike upstream, `sym_visibility` and `initial_value` are
    optional, as in MLIR.
    """

    name = "memref.global"

    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(UnitAttr | DenseIntOrFPElementsAttr | DenseResourceAttr)
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    def __init__(
        self,
        sym_name: str | StringAttr,
        memref_type: MemRefType,
        initial_value: Attribute | None = None,
        *,
        sym_visibility: str | StringAttr | None = None,
        constant: bool = False,
        alignment: int | None = None,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name) if isinstance(sym_name, str) else sym_name,
                "sym_visibility": (
                    StringAttr(sym_visibility)
                    if isinstance(sym_visibility, str)
                    else sym_visibility
                ),
                "type": memref_type,
                "initial_value": initial_value,
                "constant": UnitAttr() if constant else None,
                "alignment": None if alignment is None else IntegerAttr(alignment, 64),
            },
            attributes=attributes,
        )

    def is_external(self) -> bool:
        """A declaration without initializer."""
        return self.initial_value is None

    def verify_(self) -> None:
        memref_type = self.type
        if any(dim < 0 for dim in memref_type.get_shape()):
            raise VerifyException(f"type should be static shaped memref, but got {memref_type}")
        if isinstance(self.initial_value, DenseIntOrFPElementsAttr | DenseResourceAttr):
            value_type = self.initial_value.get_type()
            assert isinstance(value_type, TensorType | MemRefType)
            if value_type.get_element_type() != memref_type.get_element_type():
                raise VerifyException(
                    "initial value element expected to be of type "
                    f"{memref_type.get_element_type()}, but was of type "
                    f"{value_type.get_element_type()}"
                )
            if value_type.get_shape() != memref_type.get_shape():
                raise VerifyException(
                    f"initial value shape expected to be {list(memref_type.get_shape())} "
                    f"but was {list(value_type.get_shape())}"
                )
        if self.alignment is not None:
            alignment = self.alignment.value.data
            if alignment <= 0 or alignment & (alignment - 1):
                raise VerifyException(f"alignment attribute value {alignment} is not a power of 2")

    @classmethod
    def parse(cls, parser: Parser) -> "GlobalOp":
        visibility = parser.parse_optional_str_literal()
        constant = parser.parse_optional_keyword("constant") is not None
        sym_name = parser.parse_symbol_name()
        parser.parse_punctuation(":")
        pos = parser.pos
        memref_type = parser.parse_type()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"expected a memref type, got {memref_type}", pos, parser.pos)
        initial_value: Attribute | None = None
        if parser.parse_optional_punctuation("=") is not None:
            initial_value = _parse_initial_value(parser, memref_type)
            if parser.parse_optional_punctuation(":") is not None:
                parser.raise_error("the initial value takes the memref's type: omit its type")
        attributes = dict(parser.parse_optional_attr_dict())
        alignment = attributes.pop("alignment", None)
        op = cls(
            sym_name,
            memref_type,
            initial_value,
            sym_visibility=visibility,
            constant=constant,
            attributes=attributes,
        )
        if alignment is not None:
            op.properties["alignment"] = alignment
        return op

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(" ")
            printer.print_string_literal(self.sym_visibility.data)
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(" ")
        printer.print_symbol_name(self.sym_name.data)
        printer.print_string(" : ")
        printer.print_attribute(self.type)
        if isinstance(self.initial_value, UnitAttr):
            printer.print_string(" = uninitialized")
        elif self.initial_value is not None:
            printer.print_string(" = ")
            self.initial_value.print_without_type(printer)
        extra = {k: v for k, v in self.properties.items() if k not in _GLOBAL_SYNTAX_PROPERTIES}
        printer.print_op_attributes({**extra, **self.attributes})


def _parse_initial_value(parser: Parser, memref_type: MemRefType) -> Attribute:
    """`uninitialized`, or an elements attribute typed by the memref's tensor type."""
    if parser.parse_optional_keyword("uninitialized") is not None:
        return UnitAttr()
    tensor_type = TensorType(memref_type.get_element_type(), memref_type.get_shape())
    if parser.parse_optional_keyword("dense") is not None:
        return parser.parse_dense_int_or_fp_elements_attr(tensor_type)
    if parser.parse_optional_keyword("dense_resource") is not None:
        parser.parse_punctuation("<")
        interface = parser.ctx.get_dialect("builtin").get_interface(OpAsmDialectInterface)
        assert interface is not None, "the builtin dialect declares resources"
        # xDSL only parses resource handles through this private helper.
        handle = parser._parse_dialect_resource_handle("builtin", interface)
        parser.parse_punctuation(">")
        return DenseResourceAttr.from_params(handle, tensor_type)
    parser.raise_error("expected 'uninitialized', 'dense' or 'dense_resource' initial value")


MemRef: Dialect = extend_dialect(memref.MemRef, [GlobalOp, CopyOp, CastOp])
