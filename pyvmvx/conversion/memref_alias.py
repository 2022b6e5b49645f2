"""Rewrite patterns that make loads and stores address an aliased memref directly (MLIR's
`FoldMemRefAliasOps` for `memref.load`/`memref.store`), and the affine index builder they
use; applied by `fold-memref-alias-ops` and `iree-codegen-flatten-memref-subspan`.

- `memref.subview`: index `offset + i * stride` per kept dimension, the offset alone for a
  dimension dropped by a rank-reducing subview;
- `memref.expand_shape`: the indices of one reassociation group are linearized with the
  expanded sizes;
- `memref.collapse_shape`: the collapsed index is split over its group, when the group's
  sizes other than the first are static ("where simple"; MLIR uses `memref.dim` otherwise).

Views left without users are erased. Index arithmetic is built by `AffineIndexBuilder` as
one composed `affine.apply` per index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import prod

from xdsl.dialects import affine, arith, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    ArrayAttr,
    IndexType,
    MemRefType,
    ModuleOp,
)
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import (
    AffineConstantExpr,
    AffineExpr,
    AffineMap,
    AffineSymExpr,
)
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import Rewriter

from pyvmvx.conversion.memref_to_util import named_constant
from pyvmvx.dialects.upstream_ext.semi_affine import enable_semi_affine_maps
from pyvmvx.ir.memref_layout import constant_int, mixed_values

Index = SSAValue | int
"""A static (int) or dynamic (index-typed SSA value) size, offset, stride or index."""


def constant_index(value: SSAValue) -> int | None:
    """The value of an `arith.constant` of index type, else None."""
    return constant_int(value) if isinstance(value.type, IndexType) else None


class AffineIndexBuilder:
    """Builds index expressions over SSA values and emits each as one `affine.apply`.

    Operands become symbols; constants fold in, and an operand computed by a single-result
    `affine.apply` is composed into the expression (as MLIR's `makeComposedAffineApply`),
    so chains of index arithmetic stay one op per index.
    """

    def __init__(self) -> None:
        enable_semi_affine_maps()  # products of sizes (`s0 * s1`) are semi-affine
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
            return affine_map.results[0].replace_dims_and_symbols(
                operands[: affine_map.num_dims], operands[affine_map.num_dims :]
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
        renumbered = expr.replace_dims_and_symbols(
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
        linear = linear * size + index
    return linear


def product(sizes: Sequence[AffineExpr]) -> AffineExpr:
    """The product of `sizes` (1 for none)."""
    result = AffineExpr.constant(1)
    for size in sizes:
        result = result * size
    return result


def access_parts(op: Operation) -> tuple[SSAValue, Sequence[SSAValue]] | None:
    """The (memref, indices) of a `memref.load` or `memref.store`, else None."""
    if isinstance(op, memref.LoadOp | memref.StoreOp):
        return op.memref, op.indices
    return None


def rebuild_access(op: Operation, target: SSAValue, indices: Sequence[SSAValue]) -> Operation:
    """`op` (a load or store) accessing `target` at `indices`; other properties are kept."""
    if isinstance(op, memref.LoadOp):
        new = memref.LoadOp.get(target, indices)
    else:
        assert isinstance(op, memref.StoreOp)
        new = memref.StoreOp.get(op.value, target, indices)
    new.properties.update(op.properties)
    new.attributes.update(op.attributes)
    return new


def erase_dead_index_math(
    values: Iterable[SSAValue], erase: Callable[[Operation], None] = Rewriter.erase_op
) -> None:
    """Erase (with `erase`) the `affine.apply`/`arith.constant` ops computing `values` once
    unused: composition leaves the index arithmetic of the old indices dead."""
    work = list(values)
    while work:
        owner = work.pop().owner
        if (
            isinstance(owner, affine.ApplyOp | arith.ConstantOp)
            and owner.parent_block() is not None
            and not owner.results[0].uses
        ):
            work.extend(owner.operands)
            erase(owner)


def replace_access(
    rewriter: PatternRewriter,
    op: Operation,
    target: SSAValue,
    builder: AffineIndexBuilder,
    index_exprs: Sequence[AffineExpr],
) -> None:
    """Replace the load/store `op` by one accessing `target` at the given index expressions."""
    old_indices = list(access_parts(op)[1])  # pyright: ignore[reportOptionalSubscript]
    indices: list[SSAValue] = []
    for expr in index_exprs:
        ops, value = builder.emit(expr)
        rewriter.insert(ops)
        indices.append(value)
    rewriter.replace(op, rebuild_access(op, target, indices))
    erase_dead_index_math(old_indices, rewriter.erase)


def _groups(reassociation: ArrayAttr) -> list[list[int]]:
    return [[entry.value.data for entry in group.data] for group in reassociation.data]  # pyright: ignore


def _dropped_dims(view: memref.SubviewOp, sizes: Sequence[Index]) -> set[int] | None:
    """The source dimensions a rank-reducing subview drops (None if ambiguous or invalid).

    Kept dimensions must match the result shape in order; a dropped one has static size 1.
    Where both are known, result strides must equal source stride times subview stride,
    which decides between unit dimensions as MLIR's `computeMemRefRankReductionMask` does.
    """
    result_type = view.result.type
    source_type = view.source.type
    assert isinstance(result_type, MemRefType) and isinstance(source_type, MemRefType)
    shape = result_type.get_shape()
    if len(shape) == len(sizes):
        return set()
    result_strides = result_type.get_strides() or [None] * len(shape)
    source_strides = source_type.get_strides() or [None] * len(sizes)
    steps = mixed_values(view.static_strides, view.strides)
    expected = [
        s * t if isinstance(s, int) and isinstance(t, int) else None
        for s, t in zip(source_strides, steps, strict=True)
    ]

    def keeps(i: int, j: int) -> bool:
        size, extent = sizes[i], shape[j]
        size_ok = extent == DYNAMIC_INDEX or (isinstance(size, int) and size == extent)
        stride_ok = None in (expected[i], result_strides[j]) or expected[i] == result_strides[j]
        return size_ok and stride_ok

    def search(i: int, j: int) -> set[int] | None:
        if i == len(sizes):
            return set() if j == len(shape) else None
        if j < len(shape) and keeps(i, j):
            found = search(i + 1, j + 1)
            if found is not None:
                return found
        if sizes[i] == 1:
            found = search(i + 1, j)
            if found is not None:
                return found | {i}
        return None

    return search(0, 0)


class FoldSubviewIntoAccess(RewritePattern):
    """`load/store %subview[%i...]` -> `load/store %source[offset + i * stride ...]`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        parts = access_parts(op)
        if parts is None or not isinstance(view := parts[0].owner, memref.SubviewOp):
            return
        offsets = mixed_values(view.static_offsets, view.offsets)
        strides = mixed_values(view.static_strides, view.strides)
        dropped = _dropped_dims(view, mixed_values(view.static_sizes, view.sizes))
        if dropped is None:
            return
        builder = AffineIndexBuilder()
        indices = iter(parts[1])
        exprs = [
            builder.expr(offset)
            if dim in dropped
            else builder.expr(offset) + builder.expr(next(indices)) * builder.expr(stride)
            for dim, (offset, stride) in enumerate(zip(offsets, strides, strict=True))
        ]
        replace_access(rewriter, op, view.source, builder, exprs)


class FoldExpandShapeIntoAccess(RewritePattern):
    """`load/store %expanded[%i...]` -> the source index of each group, linearized."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        parts = access_parts(op)
        if parts is None or not isinstance(view := parts[0].owner, memref.ExpandShapeOp):
            return
        builder = AffineIndexBuilder()
        sizes = [builder.expr(s) for s in mixed_values(view.static_output_shape, view.output_shape)]
        indices = [builder.expr(i) for i in parts[1]]
        exprs = [
            linearize([indices[d] for d in group], [sizes[d] for d in group])
            for group in _groups(view.reassociation)
        ]
        replace_access(rewriter, op, view.src, builder, exprs)


class FoldCollapseShapeIntoAccess(RewritePattern):
    """`load/store %collapsed[%i...]` -> each index split over its group's static sizes."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        parts = access_parts(op)
        if parts is None or not isinstance(view := parts[0].owner, memref.CollapseShapeOp):
            return
        source_type = view.src.type
        assert isinstance(source_type, MemRefType)
        shape = source_type.get_shape()
        groups = _groups(view.reassociation)
        if any(shape[d] == DYNAMIC_INDEX for group in groups for d in group[1:]):
            return
        builder = AffineIndexBuilder()
        exprs: list[AffineExpr] = [AffineExpr.constant(0)] * len(shape)  # rank-0 results
        for group, index in zip(groups, parts[1], strict=True):
            linear = builder.expr(index)
            for position, dim in enumerate(group):
                inner = prod(shape[d] for d in group[position + 1 :])
                split = linear // inner if inner != 1 else linear
                exprs[dim] = split if position == 0 else split % shape[dim]
        replace_access(rewriter, op, view.src, builder, exprs)


FOLD_PATTERNS: tuple[RewritePattern, ...] = (
    FoldSubviewIntoAccess(),
    FoldExpandShapeIntoAccess(),
    FoldCollapseShapeIntoAccess(),
)


def fold_memref_alias_ops(module: ModuleOp) -> None:
    """Fold views into the loads and stores using them; erase views left unused."""
    PatternRewriteWalker(GreedyRewritePatternApplier(list(FOLD_PATTERNS))).rewrite_module(module)
