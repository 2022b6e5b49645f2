"""Builders of index arithmetic, shared by the passes.

- `IndexBuilder` emits `arith` ops on `index` values at a builder's insertion point, folding
  static operands (the tiling passes, `iree-vmvx-resolve-buffer-descriptors`, the conversions'
  constants);
- `AffineIndexBuilder` builds (semi-)affine expressions over SSA values and emits each as one
  `affine.apply` (`fold-memref-alias-ops`, `iree-codegen-flatten-memref-subspan`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from xdsl.builder import Builder
from xdsl.dialects import affine, arith, memref, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    IndexType,
    IntegerAttr,
    LocationAttr,
    MemRefType,
    ShapedType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineExpr, AffineMap, AffineSymExpr

from pyvmvx.ir.memref_layout import Mixed, constant_int
from pyvmvx.ir.semi_affine import mul, replace_dims_and_symbols

Index = Mixed
"""A static (int) or dynamic (`index`-typed SSA value) index, size, offset or stride."""

_OpT = TypeVar("_OpT", bound=Operation)
_INDEX = IndexType()


def named_constant(value: int, value_type: Attribute = _INDEX) -> arith.ConstantOp:
    """`arith.constant` whose result is named as MLIR names it: `%c4`, `%c4_i32`."""
    constant = arith.ConstantOp(IntegerAttr(value, value_type))
    suffix = "" if isinstance(value_type, IndexType) else f"_{value_type}"
    constant.result.name_hint = f"c{value}{suffix}".replace("-", "_")
    return constant


def constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` of index type, else None."""
    return constant_int(value) if isinstance(value.type, IndexType) else None


class IndexBuilder:
    """Index arithmetic inserted through `builder` (at its insertion point), each op given
    `location` if one is set. Operations on static operands fold to an int; `x + 0`,
    `x - 0`, `x * 1`, `1 * x` and a division by 1 give `x`.

    By default only ints are static and each static operand becomes a new `arith.constant`.
    `composed=True` folds as IREE's composed, folded `affine.apply` does: an `arith.constant`
    operand is static too, `x * 0` and `0 floordiv x` are 0, and each constant value is
    emitted once. `named_constants=True` names constants as MLIR does (`%c4`).
    """

    def __init__(
        self,
        builder: Builder,
        *,
        location: LocationAttr | None = None,
        composed: bool = False,
        named_constants: bool = False,
    ) -> None:
        self.builder = builder
        self.location = location
        self.composed = composed
        self.named_constants = named_constants
        self._constants: dict[int, SSAValue] = {}

    def insert(self, op: _OpT) -> _OpT:
        """Insert `op` (given this builder's location, if any) and return it."""
        if self.location is not None:
            op.location = self.location
        return self.builder.insert(op)

    def static(self, x: Index) -> int | None:
        """The int `x` is known to be (see the class docstring), else None."""
        if isinstance(x, int):
            return x
        return constant_int(x) if self.composed else None

    def value(self, x: Index) -> SSAValue:
        """`x` as an SSA value (an `arith.constant` for an int)."""
        if isinstance(x, SSAValue):
            return x
        if x in self._constants:
            return self._constants[x]
        if self.named_constants:
            constant = named_constant(x)
        else:
            constant = arith.ConstantOp(IntegerAttr(x, IndexType()))
        result = self.insert(constant).result
        if self.composed:
            self._constants[x] = result
        return result

    def _binary(
        self,
        a: Index,
        b: Index,
        fold: Callable[[int, int], int],
        op: Callable[[SSAValue, SSAValue], Operation],
    ) -> Index:
        sa, sb = self.static(a), self.static(b)
        if sa is not None and sb is not None:
            return fold(sa, sb)
        return self.insert(op(self.value(a), self.value(b))).results[0]

    def add(self, a: Index, b: Index) -> Index:
        if self.static(b) == 0:
            return a
        return self._binary(a, b, lambda x, y: x + y, arith.AddiOp)

    def sub(self, a: Index, b: Index) -> Index:
        if self.static(b) == 0:
            return a
        return self._binary(a, b, lambda x, y: x - y, arith.SubiOp)

    def mul(self, a: Index, b: Index) -> Index:
        sa, sb = self.static(a), self.static(b)
        if sa is not None and sb is not None:
            return sa * sb
        if self.composed and 0 in (sa, sb):
            return 0
        if sa == 1:
            return b
        if sb == 1:
            return a
        return self._binary(a, b, lambda x, y: x * y, arith.MuliOp)

    def floordiv(self, a: Index, b: Index) -> Index:
        """`a floordiv b` (signed, rounding toward negative infinity)."""
        sa, sb = self.static(a), self.static(b)
        if sa is not None and sb:
            return sa // sb
        if self.composed and sa == 0:
            return 0
        if sb == 1:
            return a
        return self.insert(arith.FloorDivSIOp(self.value(a), self.value(b))).result

    def div(self, a: Index, b: Index) -> Index:
        """`a / b` for non-negative `a` (exact or truncating)."""
        if self.static(b) == 1:
            return a
        return self._binary(a, b, lambda x, y: x // y, arith.DivUIOp)

    def ceildiv(self, a: Index, b: Index) -> Index:
        """`ceil(a / b)` for non-negative `a` and positive `b`."""
        if self.static(b) == 1:
            return a
        return self._binary(a, b, lambda x, y: -(-x // y), arith.CeilDivUIOp)

    def rem(self, a: Index, b: Index) -> Index:
        """`a % b` for non-negative `a` and positive `b`."""
        if self.static(b) == 1:
            return 0
        return self._binary(a, b, lambda x, y: x % y, arith.RemUIOp)

    def min(self, a: Index, b: Index) -> Index:
        return self._binary(a, b, min, arith.MinSIOp)

    def max(self, a: Index, b: Index) -> Index:
        return self._binary(a, b, max, arith.MaxSIOp)

    def product(self, values: Sequence[Index]) -> Index:
        result: Index = 1
        for v in values:
            result = self.mul(result, v)
        return result

    def row_major_strides(self, sizes: Sequence[Index]) -> list[Index]:
        """Identity-layout strides for `sizes` (last 1, each the product of the sizes after it)."""
        strides: list[Index] = [1] * len(sizes)
        for dim in range(len(sizes) - 2, -1, -1):
            strides[dim] = self.mul(strides[dim + 1], sizes[dim + 1])
        return strides

    def dim(self, shaped: SSAValue, d: int) -> Index:
        """Dimension `d` of a memref or tensor: static, or `memref.dim`/`tensor.dim`."""
        shaped_type = shaped.type
        assert isinstance(shaped_type, ShapedType)
        size = shaped_type.get_shape()[d]
        if size != DYNAMIC_INDEX:
            return size
        index = self.value(d)
        if isinstance(shaped_type, MemRefType):
            return self.insert(memref.DimOp(shaped, index)).result
        return self.insert(tensor.DimOp(shaped, index)).result


class AffineIndexBuilder:
    """Builds index expressions over SSA values and emits each as one `affine.apply`.

    Operands become symbols; constants fold in, and an operand computed by a single-result
    `affine.apply` is composed into the expression (as MLIR's `makeComposedAffineApply`),
    so chains of index arithmetic stay one op per index. Expressions may be semi-affine
    (products of sizes, `s0 * s1`): combine them with `pyvmvx.ir.semi_affine`'s builders.
    """

    def __init__(self) -> None:
        self.symbols: list[SSAValue] = []

    def expr(self, value: Index) -> AffineExpr:
        """`value` as an expression over this builder's symbols."""
        if isinstance(value, int):
            return AffineExpr.constant(value)
        constant = constant_index(value)
        if constant is not None:
            return AffineExpr.constant(constant)
        owner = value.owner
        if isinstance(owner, affine.ApplyOp) and len(owner.map.data.results) == 1:
            affine_map = owner.map.data
            operands = [self.expr(operand) for operand in owner.mapOperands]
            return replace_dims_and_symbols(
                affine_map.results[0],
                operands[: affine_map.num_dims],
                operands[affine_map.num_dims :],
            )
        for position, symbol in enumerate(self.symbols):
            if symbol is value:
                return AffineExpr.symbol(position)
        self.symbols.append(value)
        return AffineExpr.symbol(len(self.symbols) - 1)

    def emit(self, expr: AffineExpr) -> tuple[list[Operation], SSAValue]:
        """The ops computing `expr` and the resulting index value (no op for a bare operand)."""
        expr = _simplified(expr, len(self.symbols))
        if isinstance(expr, AffineConstantExpr):
            constant = named_constant(expr.value)
            return [constant], constant.result
        if isinstance(expr, AffineSymExpr):
            return [], self.symbols[expr.position]
        used = sorted({node.position for node in expr.dfs() if isinstance(node, AffineSymExpr)})
        renumbered = replace_dims_and_symbols(
            expr,
            [],
            [
                AffineExpr.symbol(used.index(p)) if p in used else AffineExpr.constant(0)
                for p in range(len(self.symbols))
            ],
        )
        apply = affine.ApplyOp(
            [self.symbols[p] for p in used], AffineMapAttr(AffineMap(0, len(used), (renumbered,)))
        )
        return [apply], apply.result


def _simplified(expr: AffineExpr, num_symbols: int) -> AffineExpr:
    """xDSL's simplification of a pure affine `expr`, when it is not larger.

    The simplifier folds `(x floordiv 8) * 8 + x mod 8` to `x`, but also expands a lone
    `x mod 16` into `x + (x floordiv 16) * -16`; keeping the smaller form gets both right.
    """
    if not expr.is_pure_affine():
        return expr
    simplified = expr.simplify(0, num_symbols)
    return simplified if len(list(simplified.dfs())) <= len(list(expr.dfs())) else expr


def linearize(indices: Sequence[AffineExpr], sizes: Sequence[AffineExpr]) -> AffineExpr:
    """The row-major linear index of `indices` in a shape of `sizes` (Horner's scheme)."""
    if not indices:
        return AffineExpr.constant(0)
    linear = indices[0]
    for index, size in zip(indices[1:], sizes[1:], strict=True):
        linear = mul(linear, size) + index
    return linear


def product(sizes: Sequence[AffineExpr]) -> AffineExpr:
    """The product of `sizes` (1 for none)."""
    result = AffineExpr.constant(1)
    for size in sizes:
        result = mul(result, size)
    return result
