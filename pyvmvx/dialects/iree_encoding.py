"""The parts of IREE's `iree_encoding` dialect that data-tiled VMVX inputs use.

- `#iree_encoding.encoding<operand_index = 0 : i64, op_type = matmul, element_types = [...]
  (, user_indexing_maps = [...])? (, iteration_sizes = [?, 4, ?])?>`: how a tensor operand of
  a contraction will be data-tiled. Parameters are written as a struct (any order, each once)
  and printed in declaration order, as IREE 3.13 does; `?` is a dynamic iteration size.
- `#iree_encoding.layout<[...]>`: encodings resolved to target layouts.
- `iree_encoding.set_encoding` / `unset_encoding`: attach or drop an encoding, with
  `encoding_dims{...}` giving the dynamic iteration sizes.

Parse-level: the verifiers are IREE's (with its messages); no pass gives these ops meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    ArrayAttr,
    IndexType,
    IntegerAttr,
    NoneAttr,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

OP_TYPES = ("matmul", "scaled_matmul", "conv")
"""IREE 3.13's `EncodingOpType` cases."""


@irdl_attr_definition
class EncodingAttr(ParametrizedAttribute):
    """`#iree_encoding.encoding<...>`: the data-tiling description of one operand."""

    name = "iree_encoding.encoding"

    operand_index: IntegerAttr
    op_type: StringAttr
    element_types: ArrayAttr
    user_indexing_maps: ArrayAttr | NoneAttr
    iteration_sizes: ArrayAttr[IntegerAttr] | NoneAttr

    def __init__(
        self,
        operand_index: int,
        op_type: str,
        element_types: Sequence[Attribute],
        user_indexing_maps: Sequence[Attribute] | None = None,
        iteration_sizes: Sequence[int] | None = None,
    ) -> None:
        super().__init__(
            IntegerAttr(operand_index, i64),
            StringAttr(op_type),
            ArrayAttr(element_types),
            NoneAttr() if user_indexing_maps is None else ArrayAttr(user_indexing_maps),
            NoneAttr()
            if iteration_sizes is None
            else ArrayAttr(IntegerAttr(s, i64) for s in iteration_sizes),
        )

    @property
    def iteration_size_values(self) -> tuple[int, ...]:
        """The iteration sizes (`DYNAMIC_INDEX` for `?`); empty when absent."""
        sizes = self.iteration_sizes
        return () if isinstance(sizes, NoneAttr) else tuple(s.value.data for s in sizes.data)

    @property
    def num_dynamic_dims(self) -> int:
        """How many `encoding_dims` a set/unset_encoding with this encoding takes."""
        return sum(1 for s in self.iteration_size_values if s == DYNAMIC_INDEX)

    def verify(self) -> None:
        if self.op_type.data not in OP_TYPES:
            raise VerifyException(f"expected op_type to be one of: {', '.join(OP_TYPES)}")
        maps = self.user_indexing_maps
        if isinstance(maps, NoneAttr):
            if not isinstance(self.iteration_sizes, NoneAttr):
                raise VerifyException(
                    "found `iteration_sizes` without any corresponding `user_indexing_maps`"
                )
            return
        for index, entry in enumerate(maps.data):
            if not _is_composable(entry):
                raise VerifyException(
                    f"found a non-composable attribute in `user_indexing_maps` at index: {index}"
                )
        # IREE compares as unsigned, so a negative index is out of range too.
        if not 0 <= self.operand_index.value.data < len(maps.data):
            raise VerifyException("`operandIndex` exceeds the size of `user_indexing_maps`")
        sizes = self.iteration_size_values
        if sizes and maps.data:
            expected = _root_map(maps.data[0]).num_dims
            if len(sizes) != expected:
                raise VerifyException(
                    f"found an encoding with {len(sizes)} iteration sizes, but expected "
                    f"{expected} based on the user indexing maps"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        readers: dict[str, Callable[[], Attribute]] = {
            "operand_index": lambda: _parse_kind(parser, IntegerAttr, "an integer"),
            "op_type": lambda: _parse_op_type(parser),
            "element_types": lambda: _parse_kind(parser, ArrayAttr, "an array of types"),
            "user_indexing_maps": lambda: _parse_kind(parser, ArrayAttr, "an array of maps"),
            "iteration_sizes": lambda: ArrayAttr(
                parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, lambda: _parse_size(parser)
                )
            ),
        }
        values: dict[str, Attribute] = {}

        def parse_entry() -> None:
            start = parser.pos
            key = parser.parse_identifier()
            if key not in readers or key in values:
                parser.raise_error(f"duplicate or unknown struct parameter name: {key}", start)
            parser.parse_punctuation("=")
            values[key] = readers[key]()

        with parser.in_angle_brackets():
            parser.parse_comma_separated_list(Parser.Delimiter.NONE, parse_entry)
        missing = [k for k in ("operand_index", "op_type", "element_types") if k not in values]
        if missing:
            parser.raise_error(f"struct is missing required parameter: {missing[0]}")
        return [values.get(k, NoneAttr()) for k in readers]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string("operand_index = ")
            printer.print_attribute(self.operand_index)
            printer.print_string(f", op_type = {self.op_type.data}, element_types = ")
            printer.print_attribute(self.element_types)
            if isinstance(self.user_indexing_maps, ArrayAttr):
                printer.print_string(", user_indexing_maps = ")
                printer.print_attribute(self.user_indexing_maps)
            if isinstance(self.iteration_sizes, ArrayAttr):
                printer.print_string(", iteration_sizes = [")
                printer.print_list(self.iteration_sizes.data, lambda s: _print_size(printer, s))
                printer.print_string("]")


def _is_composable(entry: Attribute) -> bool:
    """An indexing-map entry: a map, or a non-empty list of maps applied in turn."""
    if isinstance(entry, AffineMapAttr):
        return True
    return (
        isinstance(entry, ArrayAttr)
        and bool(entry.data)
        and all(isinstance(m, AffineMapAttr) for m in entry.data)
    )


def _root_map(entry: Attribute) -> AffineMap:
    """The first map of a (verified composable) indexing-map entry."""
    if isinstance(entry, AffineMapAttr):
        return entry.data
    assert isinstance(entry, ArrayAttr) and isinstance(entry.data[0], AffineMapAttr)
    return entry.data[0].data


def _parse_kind(parser: AttrParser, kind: type[Attribute], what: str) -> Attribute:
    start = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, kind):
        parser.raise_error(f"expected {what}", start, parser.pos)
    return attr


def _parse_op_type(parser: AttrParser) -> StringAttr:
    start = parser.pos
    name = parser.parse_identifier()
    if name not in OP_TYPES:
        parser.raise_error(f"expected op_type to be one of: {', '.join(OP_TYPES)}", start)
    return StringAttr(name)


def _parse_size(parser: AttrParser) -> IntegerAttr:
    if parser.parse_optional_punctuation("?"):
        return IntegerAttr(DYNAMIC_INDEX, i64)
    return IntegerAttr(parser.parse_integer(allow_boolean=False), i64)


def _print_size(printer: Printer, size: IntegerAttr) -> None:
    value = size.value.data
    printer.print_string("?" if value == DYNAMIC_INDEX else str(value))


@irdl_attr_definition
class LayoutAttr(ParametrizedAttribute):
    """`#iree_encoding.layout<[#resolver<...>, ...]>`: an encoding resolved to layouts."""

    name = "iree_encoding.layout"

    layouts: ArrayAttr

    def __init__(self, layouts: Sequence[Attribute]) -> None:
        super().__init__(ArrayAttr(layouts))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [_parse_kind(parser, ArrayAttr, "an array of layouts")]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.layouts)


# ---------------------------------------------------------------------------------------------
# set_encoding / unset_encoding
# ---------------------------------------------------------------------------------------------


def _verify_encoding_change(
    plain: TensorType, encoded: TensorType, encoding_dims: Sequence[SSAValue]
) -> None:
    """IREE's shared checks: same rank, and one `encoding_dims` value per dynamic size."""
    if plain.get_num_dims() != encoded.get_num_dims():
        raise VerifyException("cannot change the rank of the tensor")
    encoding = encoded.encoding
    if isinstance(encoding, EncodingAttr) and encoding.num_dynamic_dims != len(encoding_dims):
        raise VerifyException(
            f"encoding expects {encoding.num_dynamic_dims} dynamic encoding dimension(s), "
            f"but {len(encoding_dims)} provided"
        )


@irdl_op_definition
class SetEncodingOp(IRDLOperation):
    """`iree_encoding.set_encoding %t (encoding_dims{%m, ...})? : T -> T<enc>`."""

    name = "iree_encoding.set_encoding"

    source = operand_def(TensorType)
    encoding_dims = var_operand_def(IndexType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    assembly_format = (
        "attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)? "
        "`:` type($source) `->` type($result)"
    )

    def verify_(self) -> None:
        source, result = self.source.type, self.result.type
        assert isinstance(source, TensorType) and isinstance(result, TensorType)
        if not isinstance(source.encoding, NoneAttr):
            raise VerifyException("source of set_encoding op cannot have a tensor encoding")
        if isinstance(result.encoding, NoneAttr):
            raise VerifyException(
                "result of set_encoding op expected to have a valid tensor encoding"
            )
        _verify_encoding_change(source, result, self.encoding_dims)


@irdl_op_definition
class UnsetEncodingOp(IRDLOperation):
    """`iree_encoding.unset_encoding %t (encoding_dims{...})? : T<enc> -> T ({%d...})?`."""

    name = "iree_encoding.unset_encoding"

    source = operand_def(TensorType)
    result_dims = var_operand_def(IndexType)
    encoding_dims = var_operand_def(IndexType)
    result = result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    assembly_format = (
        "attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)? "
        "`:` type($source) `->` type($result) (`{` $result_dims^ `}`)?"
    )

    def verify_(self) -> None:
        source, result = self.source.type, self.result.type
        assert isinstance(source, TensorType) and isinstance(result, TensorType)
        if not isinstance(result.encoding, NoneAttr):
            raise VerifyException("result of unset_encoding op cannot have a tensor encoding")
        dynamic = sum(1 for d in result.get_shape() if d == DYNAMIC_INDEX)
        if dynamic != len(self.result_dims):
            raise VerifyException(
                f"result type set has {dynamic} dynamic dimensions but only "
                f"{len(self.result_dims)} dimension values are attached"
            )
        _verify_encoding_change(result, source, self.encoding_dims)


IREEEncoding = Dialect(
    "iree_encoding",
    [SetEncodingOp, UnsetEncodingOp],
    [EncodingAttr, LayoutAttr],
)
