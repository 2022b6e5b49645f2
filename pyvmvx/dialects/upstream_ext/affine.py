"""`affine` with `affine.delinearize_index`, `affine.linearize_index` and `affine.max`.

```
%i:3 = affine.delinearize_index %linear into (%a, 16, 8) : index, index, index
%j:2 = affine.delinearize_index %linear into (16) : index, index
%l = affine.linearize_index disjoint [%x, %y, %z] by (2, 3, 5) : index
%m = affine.max affine_map<(d0)[s0] -> (0, s0 - d0)>(%i)[%n]
```

The basis may have one element per index or one fewer (no outer bound), as in MLIR.
"""

from collections.abc import Sequence
from typing import Self

from xdsl.dialects import affine
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    DenseArrayBase,
    IndexType,
    UnitAttr,
    i64,
)
from xdsl.dialects.utils import get_dynamic_index_list, split_dynamic_index_list
from xdsl.ir import Dialect, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ._utils import ParenDynamicIndexList, extend_dialect, i64_array


def _verify_basis(
    static_basis: Sequence[int], dynamic_basis: Sequence[SSAValue], indices: int, what: str
) -> None:
    """MLIR's basis rules: N or N-1 elements for N indices, markers matching the values,
    no statically non-positive element."""
    if len(static_basis) not in (indices, indices - 1):
        raise VerifyException(
            f"expected {indices} or {indices - 1} basis elements (one per {what}, the first "
            f"optional), got {len(static_basis)}"
        )
    markers = sum(1 for v in static_basis if v == DYNAMIC_INDEX)
    if markers != len(dynamic_basis):
        raise VerifyException(
            f"mismatch between dynamic and static basis: {markers} dynamic markers but "
            f"{len(dynamic_basis)} dynamic basis values"
        )
    if any(v <= 0 and v != DYNAMIC_INDEX for v in static_basis):
        raise VerifyException("no basis element may be statically non-positive")


@irdl_op_definition
class DelinearizeIndexOp(IRDLOperation):
    """`affine.delinearize_index %x into (B0, B1, B2) : index, index, index`: the digits of
    `%x` in the mixed-radix basis (the first element, if given, bounds the first digit)."""

    name = "affine.delinearize_index"

    linear_index = operand_def(IndexType)
    dynamic_basis = var_operand_def(IndexType)
    static_basis = prop_def(DenseArrayBase.constr(i64))
    multi_index = var_result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = (
        "$linear_index `into` custom<ParenDynamicIndexList>($dynamic_basis, $static_basis) "
        "attr-dict `:` type($multi_index)"
    )
    custom_directives = (ParenDynamicIndexList,)

    def __init__(self, linear_index: SSAValue, basis: Sequence[SSAValue | int], results: int):
        static, dynamic = split_dynamic_index_list(basis, DYNAMIC_INDEX)
        super().__init__(
            operands=[linear_index, dynamic],
            properties={"static_basis": i64_array(static)},
            result_types=[[IndexType()] * results],
        )

    def get_mixed_basis(self) -> list[SSAValue | int]:
        return get_dynamic_index_list(
            self.static_basis.get_values(), self.dynamic_basis, DYNAMIC_INDEX
        )

    def has_outer_bound(self) -> bool:
        return len(self.multi_index) == len(self.static_basis.get_values())

    def verify_(self) -> None:
        if not self.multi_index:
            raise VerifyException("should return at least one index")
        _verify_basis(
            self.static_basis.get_values(), self.dynamic_basis, len(self.multi_index), "result"
        )


@irdl_op_definition
class LinearizeIndexOp(IRDLOperation):
    """`affine.linearize_index disjoint [%z, %y, %x] by (Z, Y, X) : index`: the inverse of
    `delinearize_index`; `disjoint` asserts each index is within its basis element."""

    name = "affine.linearize_index"

    multi_index = var_operand_def(IndexType)
    dynamic_basis = var_operand_def(IndexType)
    static_basis = prop_def(DenseArrayBase.constr(i64))
    disjoint = opt_prop_def(UnitAttr)
    linear_index = result_def(IndexType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(Pure())

    assembly_format = (
        "(`disjoint` $disjoint^)? ` ` `[` $multi_index `]` `by` "
        "custom<ParenDynamicIndexList>($dynamic_basis, $static_basis) "
        "attr-dict `:` type($linear_index)"
    )
    custom_directives = (ParenDynamicIndexList,)

    def __init__(
        self,
        multi_index: Sequence[SSAValue],
        basis: Sequence[SSAValue | int],
        disjoint: bool = False,
    ):
        static, dynamic = split_dynamic_index_list(basis, DYNAMIC_INDEX)
        super().__init__(
            operands=[multi_index, dynamic],
            properties={
                "static_basis": i64_array(static),
                "disjoint": UnitAttr() if disjoint else None,
            },
            result_types=[IndexType()],
        )

    def get_mixed_basis(self) -> list[SSAValue | int]:
        return get_dynamic_index_list(
            self.static_basis.get_values(), self.dynamic_basis, DYNAMIC_INDEX
        )

    def has_outer_bound(self) -> bool:
        return len(self.multi_index) == len(self.static_basis.get_values())

    def verify_(self) -> None:
        _verify_basis(
            self.static_basis.get_values(), self.dynamic_basis, len(self.multi_index), "index"
        )


@irdl_op_definition
class MaxOp(IRDLOperation):
    """`affine.max map(dims)[symbols]`: the largest result of the map (syntax of
    upstream's `affine.min`)."""

    name = "affine.max"

    arguments = var_operand_def(IndexType)
    map = prop_def(AffineMapAttr)
    result = result_def(IndexType)

    traits = traits_def(Pure())

    def __init__(self, map_operands: Sequence[SSAValue], affine_map: AffineMapAttr):
        super().__init__(
            operands=[map_operands], properties={"map": affine_map}, result_types=[IndexType()]
        )

    def verify_(self) -> None:
        expected = self.map.data.num_dims + self.map.data.num_symbols
        if len(self.arguments) != expected:
            raise VerifyException(
                f"{self.name} expects {expected} operands, but got {len(self.arguments)}. "
                "The number of map operands must match the sum of the dimensions and "
                "symbols of its map."
            )
        if not self.map.data.results:
            raise VerifyException("affine.max expects at least one result in its map")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pos = parser.pos
        affine_map = parser.parse_attribute()
        if not isinstance(affine_map, AffineMapAttr):
            parser.raise_error("expected an affine map", pos, parser.pos)
        dims = parser.parse_optional_comma_separated_list(
            Parser.Delimiter.PAREN, lambda: parser.parse_operand(IndexType())
        )
        syms = parser.parse_optional_comma_separated_list(
            Parser.Delimiter.SQUARE, lambda: parser.parse_operand(IndexType())
        )
        op = cls([*(dims or ()), *(syms or ())], affine_map)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        num_dims = self.map.data.num_dims
        printer.print_string(" ")
        printer.print_attribute(self.map)
        printer.print_string(" (")
        printer.print_list(self.arguments[:num_dims], printer.print_operand)
        printer.print_string(")")
        if self.map.data.num_symbols:
            printer.print_string("[")
            printer.print_list(self.arguments[num_dims:], printer.print_operand)
            printer.print_string("]")
        printer.print_op_attributes(self.attributes)


Affine: Dialect = extend_dialect(affine.Affine, [DelinearizeIndexOp, LinearizeIndexOp, MaxOp])
