"""`memref` with MLIR's custom syntax for `memref.global`, `memref.copy` and `memref.cast`,
and MLIR's verifiers for `memref.expand_shape` and `memref.collapse_shape`.

Each op subclasses its upstream class (`isinstance(op, xdsl.dialects.memref.CopyOp)` holds
for parsed ops); build new ops with these classes to get the custom syntax when printed.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, cast

from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I64,
    ArrayAttr,
    BoolAttr,
    DenseArrayBase,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IndexType,
    IntegerAttr,
    MemRefLayoutAttr,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
    UnrankedMemRefType,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.pattern_rewriter import RewritePattern
from xdsl.printer import Printer
from xdsl.traits import HasCanonicalizationPatternsTrait, NoMemoryEffect
from xdsl.utils.exceptions import VerifyException

from pyvmvx.ir.memref_layout import strided_layout

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


_GLOBAL_SYNTAX_PROPERTIES = (
    "sym_name",
    "sym_visibility",
    "type",
    "initial_value",
    "constant",
    "alignment",
)


@irdl_op_definition
class GlobalOp(memref.GlobalOp):
    """`memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]> alignment = 8`
    (the alignment is an i64 property; the older `{alignment = 8 : i64}`, which IREE 3.13
    rejects, still reads).

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
        alignment: Attribute | None = None
        if parser.parse_optional_keyword("alignment") is not None:
            parser.parse_punctuation("=")
            alignment = IntegerAttr(parser.parse_integer(), i64)
        attributes = dict(parser.parse_optional_attr_dict())
        if alignment is None:
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
        if self.alignment is not None:
            printer.print_string(f" alignment = {self.alignment.value.data}")
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


# --- expand_shape / collapse_shape ----------------------------------------------------

_Strides = list[int | None]
"""Strides as xDSL gives them; None is dynamic."""


def _reassociation(op: "ExpandShapeOp | CollapseShapeOp") -> list[list[int]]:
    return [[index.value.data for index in group] for group in op.reassociation]


def _is_dynamic(size: int) -> bool:
    return size == DYNAMIC_INDEX


def _times(stride: int | None, size: int) -> int | None:
    """Saturating product: unknown when either factor is dynamic."""
    return None if stride is None or _is_dynamic(size) else stride * size


def _verify_ranks(source: MemRefType, result: MemRefType, wrong: str, what: str) -> None:
    """Reject a collapse to a higher rank (`wrong` is `<`) or an expansion to a lower one."""
    ranks = len(source.get_shape()), len(result.get_shape())
    if (ranks[0] < ranks[1]) if wrong == "<" else (ranks[0] > ranks[1]):
        raise VerifyException(
            f"has source rank {ranks[0]} and result rank {ranks[1]}. "
            f"This is not {what} ({ranks[0]} {wrong} {ranks[1]})."
        )


def _verify_reassociation(
    collapsed: Sequence[int], expanded: Sequence[int], groups: list[list[int]]
) -> None:
    """MLIR's shape check shared by both ops: one contiguous, non-empty group of expanded
    dims per collapsed dim, dynamic exactly when a member is, of the group's static size."""
    if len(groups) != len(collapsed):
        raise VerifyException(
            f"invalid number of reassociation groups: found {len(groups)}, "
            f"expected {len(collapsed)}"
        )
    next_dim = 0
    for collapsed_dim, group in enumerate(groups):
        if not group:
            raise VerifyException("reassociation indices must not be empty")
        dynamic, size = False, 1
        for dim in group:
            if dim != next_dim:
                raise VerifyException("reassociation indices must be contiguous")
            next_dim += 1
            if dim >= len(expanded):
                raise VerifyException(f"reassociation index {dim} is out of bounds")
            if _is_dynamic(expanded[dim]):
                dynamic = True
            else:
                size *= expanded[dim]
        if _is_dynamic(collapsed[collapsed_dim]) != dynamic:
            raise VerifyException(
                f"collapsed dim ({collapsed_dim}) must be dynamic if and only if "
                "reassociation group is dynamic"
            )
        if not dynamic and size != collapsed[collapsed_dim]:
            raise VerifyException(
                f"collapsed dim size ({collapsed[collapsed_dim]}) must equal reassociation "
                f"group size ({size})"
            )
    if not collapsed:
        if any(size != 1 for size in expanded):
            raise VerifyException("rank 0 memrefs can only be extended/collapsed with/from ones")
    elif next_dim != len(expanded):
        raise VerifyException(
            f"expanded rank ({len(expanded)}) inconsistent with number of reassociation "
            f"indices ({next_dim})"
        )


def _collapsed_strides(
    shape: Sequence[int], strides: _Strides, groups: list[list[int]]
) -> _Strides:
    """Each group's stride is its innermost non-unit dim's; raises unless the group's dims
    are contiguous (where the strides are known)."""
    result: _Strides = []
    for group in groups:
        members = list(group)
        while len(members) > 1 and shape[members[-1]] == 1:
            members.pop()
        innermost = members[-1]
        known = not _is_dynamic(shape[innermost]) or len(members) == 1
        group_stride = strides[innermost] if known else None
        result.append(group_stride)
        stride = group_stride
        for dim in reversed(group[1:]):
            stride = _times(stride, shape[dim])
            outer = strides[dim - 1]
            if shape[dim - 1] != 1 and None not in (stride, outer) and stride != outer:
                raise VerifyException("invalid source layout map or collapsing non-contiguous dims")
    return result


def _expanded_strides(shape: Sequence[int], strides: _Strides, groups: list[list[int]]) -> _Strides:
    """Each source stride spread over its group: the innermost dim keeps it, each outer one
    multiplies by the sizes inside it."""
    result: _Strides = []
    for group, stride in zip(groups, strides, strict=True):
        inner: _Strides = []
        for dim in reversed(group):
            inner.append(stride)
            stride = _times(stride, shape[dim])
        result.extend(reversed(inner))
    return result + [1] * (len(shape) - len(result))


def _verify_reshaped_type(
    kind: str,
    source: MemRefType,
    result: MemRefType,
    derive_strides: Callable[[_Strides], _Strides],
) -> None:
    """`result` must be the type MLIR derives: the source's element type and memory space,
    no layout for a source without one, else `derive_strides` of the source's strides and
    the source's offset. A layout that is not strided is left unchecked (as in
    `_compatible_layouts`)."""
    layout: MemRefLayoutAttr | NoneAttr = NoneAttr()
    if not isinstance(source.layout, NoneAttr):
        known = strided_layout(source)
        if known is None:
            return
        layout = StridedLayoutAttr(derive_strides(list(known.strides)), known.offset)
    expected = MemRefType(
        source.get_element_type(), result.get_shape(), layout, source.memory_space
    )
    if expected != result:
        raise VerifyException(f"expected {kind} type to be '{expected}' but found '{result}'")


@irdl_op_definition
class CollapseShapeOp(memref.CollapseShapeOp):
    """`memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xf32>`
    with MLIR's verifier (upstream checks nothing beyond a contiguous index list)."""

    name = "memref.collapse_shape"

    src = operand_def(MemRefType)
    result = result_def(MemRefType)
    reassociation = prop_def(ArrayAttr[ArrayAttr[IntegerAttr]])

    assembly_format = None  # upstream's, inherited as its parse/print methods

    def verify_(self) -> None:
        source = cast(MemRefType, self.src.type)
        result = cast(MemRefType, self.result.type)
        _verify_ranks(source, result, "<", "a collapse")
        groups = _reassociation(self)
        _verify_reassociation(result.get_shape(), source.get_shape(), groups)
        _verify_reshaped_type(
            "collapsed",
            source,
            result,
            lambda strides: _collapsed_strides(source.get_shape(), strides, groups),
        )


@irdl_op_definition
class ExpandShapeOp(memref.ExpandShapeOp):
    """`memref.expand_shape %m [[0, 1]] output_shape [%n, 4] : memref<?xf32> into
    memref<?x4xf32>` with MLIR's verifier (upstream checks nothing beyond a contiguous
    index list)."""

    name = "memref.expand_shape"

    src = operand_def(MemRefType)
    output_shape = var_operand_def(IndexType)
    result = result_def(MemRefType)
    reassociation = prop_def(ArrayAttr[ArrayAttr[IntegerAttr]])
    static_output_shape = prop_def(DenseArrayBase.constr(i64))

    assembly_format = None  # upstream's, inherited as its parse/print methods

    def verify_(self) -> None:
        source = cast(MemRefType, self.src.type)
        result = cast(MemRefType, self.result.type)
        _verify_ranks(source, result, ">", "an expansion")
        groups = _reassociation(self)
        _verify_reassociation(source.get_shape(), result.get_shape(), groups)
        _verify_reshaped_type(
            "expanded",
            source,
            result,
            lambda strides: _expanded_strides(result.get_shape(), strides, groups),
        )
        self._verify_output_shape(result.get_shape())

    def _verify_output_shape(self, shape: Sequence[int]) -> None:
        static = self.static_output_shape.get_values()
        if len(static) != len(shape):
            raise VerifyException(
                "expected number of static shape bounds to be equal to the output rank "
                f"({len(shape)}) but found {len(static)} inputs instead"
            )
        static_dynamic = sum(map(_is_dynamic, static))
        if len(self.output_shape) != static_dynamic:
            raise VerifyException(
                "mismatch in dynamic dims in output_shape and static_output_shape: "
                f"static_output_shape has {static_dynamic} dynamic dims while output_shape "
                f"has {len(self.output_shape)} values"
            )
        if static_dynamic != (expected := sum(map(_is_dynamic, shape))):
            raise VerifyException(
                f"incorrect number of dynamic sizes, has {static_dynamic}, expected {expected}"
            )
        for pos, (size, bound) in enumerate(zip(shape, static, strict=True)):
            if not _is_dynamic(size) and size != bound:
                raise VerifyException(f"invalid output shape provided at pos {pos}")


# --- load / store / alloc / alloca ---------------------------------------------------
#
# MLIR spells their properties in the syntax (`alignment(16) nontemporal(true)`,
# `alignment = 64`); IREE 3.13 rejects them in the attribute dictionary, where xDSL prints
# them. The attribute-dictionary spelling still reads.


def _verify_access(op: "LoadOp | StoreOp", kind: str) -> None:
    """One index per dimension and a positive power-of-two alignment.

    (Upstream's checks are not reused: the parent's `verify_` checks the parent's properties.)
    """
    rank = cast(MemRefType, op.memref.type).get_num_dims()
    if rank != len(op.indices):
        raise VerifyException(
            f"incorrect number of indices for {kind}, expected {rank} but got {len(op.indices)}"
        )
    if op.alignment is not None:
        value = op.alignment.value.data
        if value <= 0 or value & (value - 1):
            raise VerifyException(f"alignment {value} is not a positive power of two")


def _pop_older_spelling(attributes: dict[str, Attribute], props: dict[str, Attribute]) -> None:
    """Move the properties written in the attribute dictionary (older spelling) to `props`."""
    for name in ("alignment", "nontemporal"):
        if name not in props and name in attributes:
            props[name] = attributes.pop(name)


def _parse_access_properties(
    parser: Parser,
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """`alignment(16)? nontemporal(true)? {attrs}?` (clauses in either order, as MLIR reads
    them): (properties, discardable attributes)."""
    props: dict[str, Attribute] = {}
    while True:
        if "alignment" not in props and parser.parse_optional_keyword("alignment"):
            with parser.in_parens():
                props["alignment"] = IntegerAttr(parser.parse_integer(), i64)
        elif "nontemporal" not in props and parser.parse_optional_keyword("nontemporal"):
            with parser.in_parens():
                props["nontemporal"] = BoolAttr.from_bool(parser.parse_boolean())
        else:
            break
    attributes = dict(parser.parse_optional_attr_dict())
    _pop_older_spelling(attributes, props)
    return props, attributes


def _print_access_properties(printer: Printer, op: "LoadOp | StoreOp") -> None:
    """`alignment(N)` and `nontemporal(true)` when set, then the attribute dictionary."""
    if op.alignment is not None:
        printer.print_string(f" alignment({op.alignment.value.data})")
    if op.nontemporal is not None and op.nontemporal.value.data:
        printer.print_string(" nontemporal(true)")
    printer.print_op_attributes(op.attributes)


@irdl_op_definition
class LoadOp(memref.LoadOp):
    """`memref.load %m[%i] alignment(16)? nontemporal(true)? : memref<4xf32>`; `alignment`
    (an i64 property, MLIR's) is missing upstream."""

    name = "memref.load"

    T: ClassVar = VarConstraint("T", AnyAttr())

    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    memref = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())
    res = result_def(T)

    assembly_format = None

    def verify_(self) -> None:
        _verify_access(self, "load")

    @classmethod
    def parse(cls, parser: Parser) -> "LoadOp":
        ref = parser.parse_unresolved_operand()
        indices = parser.parse_comma_separated_list(
            Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
        )
        props, attributes = _parse_access_properties(parser)
        parser.parse_punctuation(":")
        memref_type = _parse_memref_type(parser)
        return cls(
            operands=[
                parser.resolve_operand(ref, memref_type),
                [parser.resolve_operand(i, IndexType()) for i in indices],
            ],
            result_types=[memref_type.get_element_type()],
            properties=props,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.memref)
        with printer.in_square_brackets():
            printer.print_list(self.indices, printer.print_operand)
        _print_access_properties(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)


@irdl_op_definition
class StoreOp(memref.StoreOp):
    """`memref.store %v, %m[%i] alignment(16)? nontemporal(true)? : memref<4xf32>`;
    `alignment` (an i64 property, MLIR's) is missing upstream."""

    name = "memref.store"

    T: ClassVar = VarConstraint("T", AnyAttr())

    nontemporal = opt_prop_def(BoolAttr, default_value=BoolAttr.from_bool(False))
    alignment = opt_prop_def(IntegerAttr[I64])

    value = operand_def(T)
    memref = operand_def(MemRefType.constr(T))
    indices = var_operand_def(IndexType())

    assembly_format = None

    def verify_(self) -> None:
        _verify_access(self, "store")

    @classmethod
    def parse(cls, parser: Parser) -> "StoreOp":
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        ref = parser.parse_unresolved_operand()
        indices = parser.parse_comma_separated_list(
            Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
        )
        props, attributes = _parse_access_properties(parser)
        parser.parse_punctuation(":")
        memref_type = _parse_memref_type(parser)
        return cls(
            operands=[
                parser.resolve_operand(value, memref_type.get_element_type()),
                parser.resolve_operand(ref, memref_type),
                [parser.resolve_operand(i, IndexType()) for i in indices],
            ],
            properties=props,
            attributes=attributes,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_string(", ")
        printer.print_operand(self.memref)
        with printer.in_square_brackets():
            printer.print_list(self.indices, printer.print_operand)
        _print_access_properties(printer, self)
        printer.print_string(" : ")
        printer.print_attribute(self.memref.type)


def _parse_memref_type(parser: Parser) -> MemRefType:
    pos = parser.pos
    memref_type = parser.parse_type()
    if not isinstance(memref_type, MemRefType):
        parser.raise_error(f"expected a memref type, got {memref_type}", pos, parser.pos)
    return memref_type


def _parse_alloc(cls: "type[AllocOp] | type[AllocaOp]", parser: Parser) -> "AllocOp | AllocaOp":
    """`(%d, ...)` `[%s, ...]`? `alignment = N`? `{attrs}`? `: memref<...>`."""
    sizes = parser.parse_comma_separated_list(
        Parser.Delimiter.PAREN, parser.parse_unresolved_operand
    )
    symbols = parser.parse_optional_comma_separated_list(
        Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )
    props: dict[str, Attribute] = {}
    if parser.parse_optional_keyword("alignment") is not None:
        parser.parse_punctuation("=")
        props["alignment"] = IntegerAttr(parser.parse_integer(), i64)
    attributes = dict(parser.parse_optional_attr_dict())
    _pop_older_spelling(attributes, props)
    parser.parse_punctuation(":")
    memref_type = _parse_memref_type(parser)
    return cls.build(
        operands=[
            [parser.resolve_operand(d, IndexType()) for d in sizes],
            [parser.resolve_operand(s, IndexType()) for s in symbols or ()],
        ],
        result_types=[memref_type],
        properties=props,
        attributes=attributes,
    )


def _print_alloc(printer: Printer, op: "AllocOp | AllocaOp") -> None:
    with printer.in_parens():
        printer.print_list(op.dynamic_sizes, printer.print_operand)
    if op.symbol_operands:
        with printer.in_square_brackets():
            printer.print_list(op.symbol_operands, printer.print_operand)
    if op.alignment is not None:
        printer.print_string(f" alignment = {op.alignment.value.data}")
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(op.memref.type)


@irdl_op_definition
class AllocOp(memref.AllocOp):
    """`memref.alloc(%d)[%s]? alignment = 64? : memref<?xf32>`."""

    name = "memref.alloc"

    dynamic_sizes = var_operand_def(IndexType)
    symbol_operands = var_operand_def(IndexType)
    memref = result_def(MemRefType)
    alignment = opt_prop_def(IntegerAttr[I64])

    @classmethod
    def parse(cls, parser: Parser) -> "AllocOp":
        return cast(AllocOp, _parse_alloc(cls, parser))

    def print(self, printer: Printer) -> None:
        _print_alloc(printer, self)


@irdl_op_definition
class AllocaOp(memref.AllocaOp):
    """`memref.alloca(%d)[%s]? alignment = 64? : memref<?xf32>`."""

    name = "memref.alloca"

    dynamic_sizes = var_operand_def(IndexType)
    symbol_operands = var_operand_def(IndexType)
    memref = result_def(MemRefType)
    alignment = opt_prop_def(IntegerAttr[I64])

    assembly_format = None

    @classmethod
    def parse(cls, parser: Parser) -> "AllocaOp":
        return cast(AllocaOp, _parse_alloc(cls, parser))

    def print(self, printer: Printer) -> None:
        _print_alloc(printer, self)


# --- dim ------------------------------------------------------------------------------


class _DimCanonicalization(HasCanonicalizationPatternsTrait):
    """Looks up `memref.dim`'s patterns in `canonicalization_patterns.memref`."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from pyvmvx.dialects.canonicalization_patterns.memref import DIM_PATTERNS

        return DIM_PATTERNS


@irdl_op_definition
class DimOp(memref.DimOp):
    """`memref.dim %m, %c : memref<...>` with MLIR's folding: a static extent becomes a
    constant, a subview's dynamic extent its size operand (upstream folds nothing)."""

    name = "memref.dim"

    source = operand_def(_MemRefLike)
    index = operand_def(IndexType)
    result = result_def(IndexType)

    traits = traits_def(NoMemoryEffect(), _DimCanonicalization())

    assembly_format = None  # upstream's, inherited as its parse/print methods


MemRef: Dialect = extend_dialect(
    memref.MemRef,
    [
        GlobalOp,
        CopyOp,
        CastOp,
        CollapseShapeOp,
        ExpandShapeOp,
        DimOp,
        LoadOp,
        StoreOp,
        AllocOp,
        AllocaOp,
    ],
)
