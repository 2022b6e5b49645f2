"""Canonicalization patterns of the extended `memref` dialect (MLIR's `memref.dim` folder).

- `memref.dim` along an extent its memref type knows becomes an `arith.constant`;
- `memref.dim` of a `memref.subview` along a dynamic extent becomes the subview's size
  operand for that extent.
A dim whose index is not a constant, or out of range, is left alone (as MLIR does).
"""

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, IndexType, IntegerAttr, MemRefType
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from pyvmvx.ir.memref_layout import constant_int


def _dim_index(op: memref.DimOp) -> tuple[MemRefType, int] | None:
    """The ranked source type and the constant, in-range dimension `op` asks for."""
    source = op.source.type
    index = constant_int(op.index)
    if not isinstance(source, MemRefType) or index is None:
        return None
    return (source, index) if 0 <= index < source.get_num_dims() else None


class FoldDimOfStaticExtent(RewritePattern):
    """`memref.dim %m, %c1 : memref<?x8xf32>` -> `arith.constant 8 : index`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.DimOp, rewriter: PatternRewriter, /):
        if (asked := _dim_index(op)) is None:
            return
        source, index = asked
        size = source.get_shape()[index]
        if size != DYNAMIC_INDEX:
            rewriter.replace(op, arith.ConstantOp(IntegerAttr(size, IndexType())))


class FoldDimOfSubview(RewritePattern):
    """`memref.dim (memref.subview %m[...] [4, %n] [...]), %c1` -> `%n`.

    The subview's dynamic sizes give its result's dynamic extents in order (dropped unit
    dims are static), so the k-th dynamic extent is the k-th size operand.
    """

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: memref.DimOp, rewriter: PatternRewriter, /):
        subview = op.source.owner
        if not isinstance(subview, memref.SubviewOp) or (asked := _dim_index(op)) is None:
            return
        shape = asked[0].get_shape()
        dynamic = [i for i, size in enumerate(shape) if size == DYNAMIC_INDEX]
        if asked[1] in dynamic and len(dynamic) == len(subview.sizes):
            rewriter.replace(op, [], [subview.sizes[dynamic.index(asked[1])]])


DIM_PATTERNS: tuple[RewritePattern, ...] = (FoldDimOfStaticExtent(), FoldDimOfSubview())
"""The patterns of `memref.dim`."""
