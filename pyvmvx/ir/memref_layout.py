"""Static facts about memref types and index operands, shared by the memref passes.

- `strided_layout`: a memref type's element strides and offset (MLIR's `getStridesAndOffset`)
  for identity, `strided<...>` and dim-linear affine-map layouts;
- `matches_row_major`: whether known strides agree with the identity layout's;
- `mixed_values` / `shape_values`: MLIR's mixed static/dynamic lists of an op or a type;
- `constant_int`: the integer an `arith.constant` defines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    DenseArrayBase,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    ShapedType,
    StridedLayoutAttr,
)
from xdsl.ir import SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

Mixed = int | SSAValue
"""A static (int) or dynamic (SSA value) size, offset or stride (MLIR's `OpFoldResult`)."""


@dataclass(frozen=True)
class StridedLayout:
    """A memref layout as element strides and offset; `None` marks a dynamic value."""

    strides: tuple[int | None, ...]
    offset: int | None

    def static_strides(self) -> tuple[int, ...] | None:
        """The strides, if all are static."""
        if any(s is None for s in self.strides):
            return None
        return tuple(s for s in self.strides if s is not None)


_Coefficients = dict[AffineExpr | None, int | None]
"""Linear form of an affine expression: dim/symbol (or `None`, the constant term) ->
coefficient, `None` when the coefficient is symbolic."""


def _scale(terms: _Coefficients, factor: int | None) -> _Coefficients:
    return {k: None if c is None or factor is None else c * factor for k, c in terms.items()}


def _linear(expr: AffineExpr) -> _Coefficients | None:
    """`expr` as a sum of coefficient * dim/symbol terms, or `None` if it is not one."""
    if isinstance(expr, AffineConstantExpr):
        return {None: expr.value}
    if isinstance(expr, AffineDimExpr | AffineSymExpr):
        return {expr: 1}
    if not isinstance(expr, AffineBinaryOpExpr):
        return None
    lhs, rhs = _linear(expr.lhs), _linear(expr.rhs)
    if lhs is None or rhs is None:
        return None
    if expr.kind == AffineBinaryOpKind.Add:
        total = dict(lhs)
        for key, coefficient in rhs.items():
            old = total.get(key, 0)
            total[key] = None if old is None or coefficient is None else old + coefficient
        return total
    if expr.kind != AffineBinaryOpKind.Mul:
        return None
    for factor, other in ((rhs, lhs), (lhs, rhs)):
        if set(factor) == {None}:  # a constant factor
            return _scale(other, factor[None])
    for factor, other in ((rhs, lhs), (lhs, rhs)):
        if not any(isinstance(k, AffineDimExpr) for k in factor):  # a symbolic factor
            return _scale(other, None)
    return None


def strided_layout(memref_type: MemRefType) -> StridedLayout | None:
    """The strides and offset of `memref_type`'s layout (MLIR's `getStridesAndOffset`).

    Handles identity, `strided<...>` and affine-map layouts that are linear in the dims;
    returns `None` for any other layout.
    """
    layout = memref_type.layout
    rank = memref_type.get_num_dims()
    if isinstance(layout, NoneAttr):
        return StridedLayout(ShapedType.strides_for_shape(memref_type.get_shape()), 0)
    if isinstance(layout, StridedLayoutAttr):
        return StridedLayout(tuple(layout.get_strides()), layout.get_offset())
    if not isinstance(layout, AffineMapAttr):
        return None
    layout_map = layout.data
    if layout_map.num_dims != rank or len(layout_map.results) != 1:
        return None
    terms = _linear(layout_map.results[0])
    if terms is None:
        return None
    strides = tuple(terms.get(AffineDimExpr(d), 0) for d in range(rank))
    symbolic = any(isinstance(k, AffineSymExpr) for k in terms)
    return StridedLayout(strides, None if symbolic else terms.get(None, 0))


def matches_row_major(strides: Sequence[int | None], shape: Sequence[int]) -> bool:
    """Whether `strides` equal the identity layout's strides of `shape` wherever both are
    statically known."""
    expected = ShapedType.strides_for_shape(shape)
    pairs = zip(strides, expected, strict=True)
    return all(s is None or e is None or s == e for s, e in pairs)


def mixed_values(static: DenseArrayBase, dynamic: Sequence[SSAValue]) -> list[Mixed]:
    """MLIR's mixed list: the static entries, with each dynamic marker taken from `dynamic`."""
    values = iter(dynamic)
    return [next(values) if v == DYNAMIC_INDEX else v for v in static.get_values()]


def shape_values(memref_type: MemRefType, dynamic: Sequence[SSAValue]) -> list[Mixed]:
    """The sizes of `memref_type`, its dynamic ones taken in order from `dynamic`."""
    values = iter(dynamic)
    return [next(values) if d == DYNAMIC_INDEX else d for d in memref_type.get_shape()]


def constant_int(value: SSAValue) -> int | None:
    """The integer `value` is defined to be by an `arith.constant`, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None
