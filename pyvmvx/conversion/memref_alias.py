"""Rewrite patterns that make loads and stores address an aliased memref directly (MLIR's
`FoldMemRefAliasOps` for `memref.load`/`memref.store`); applied by `fold-memref-alias-ops` and
`iree-codegen-flatten-memref-subspan`.

- `memref.subview`: index `offset + i * stride` per kept dimension, the offset alone for a
  dimension dropped by a rank-reducing subview;
- `memref.expand_shape`: the indices of one reassociation group are linearized with the
  expanded sizes;
- `memref.collapse_shape`: the collapsed index is split over its group, when the group's
  sizes other than the first are static ("where simple"; MLIR uses `memref.dim` otherwise).

Views left without users are erased. Index arithmetic is built by
`pyvmvx.ir.index_builder.AffineIndexBuilder` as one composed `affine.apply` per index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import prod

from xdsl.dialects import affine, arith, memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, ArrayAttr, MemRefType, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import Rewriter

from pyvmvx.ir.diagnostics import InheritLocation
from pyvmvx.ir.index_builder import AffineIndexBuilder, Index, linearize
from pyvmvx.ir.memref_layout import mixed_values
from pyvmvx.ir.semi_affine import mul


def access_parts(op: Operation) -> tuple[SSAValue, Sequence[SSAValue]] | None:
    """The (memref, indices) of a `memref.load` or `memref.store`, else None."""
    if isinstance(op, memref.LoadOp | memref.StoreOp):
        return op.memref, op.indices
    return None


def rebuild_access(op: Operation, target: SSAValue, indices: Sequence[SSAValue]) -> Operation:
    """`op` (a load or store) accessing `target` at `indices`; other properties are kept.

    The new op has `op`'s class, so a parsed op keeps MLIR's syntax and its `alignment`.
    """
    if isinstance(op, memref.LoadOp):
        new = type(op).get(target, indices)
    else:
        assert isinstance(op, memref.StoreOp)
        new = type(op).get(op.value, target, indices)
    new.properties.update(op.properties)
    new.attributes.update(op.attributes)
    new.location = op.location
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
            else builder.expr(offset) + mul(builder.expr(next(indices)), builder.expr(stride))
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
    patterns = GreedyRewritePatternApplier(list(FOLD_PATTERNS))
    PatternRewriteWalker(InheritLocation(patterns)).rewrite_module(module)
