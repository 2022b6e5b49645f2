"""Canonicalization patterns of the `util` dialect (IREE's `UtilOpFolders.cpp` subset).

- `util.sizeof` of an integer or float type becomes an `arith.constant` (`index` stays).
- `util.buffer.size` of a subspan or an allocation becomes the known size, and an unused
  allocation is removed.
- Subspans fold into their consumers: loads and stores through a subspan address the
  source buffer at the summed offset, a subspan of a subspan is one subspan, and a subspan
  covering its whole source at offset 0 is the source. IREE relies on this: the VM
  conversion has no lowering for `util.buffer.subspan`.
"""

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloatConstr, IndexType, IntegerAttr, IntegerType
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern

from pyvmvx.dialects import util
from pyvmvx.ir.diagnostics import InheritLocation
from pyvmvx.ir.memref_layout import constant_int


def _add(lhs: SSAValue, rhs: SSAValue, rewriter: PatternRewriter) -> SSAValue:
    """`lhs + rhs` as index arithmetic inserted before the matched op (no op for `+ 0`)."""
    if constant_int(lhs) == 0:
        return rhs
    if constant_int(rhs) == 0:
        return lhs
    add = arith.AddiOp(lhs, rhs)
    rewriter.insert(add)
    return add.result


class FoldStaticSizeOf(RewritePattern):
    """`util.sizeof i32` -> `arith.constant 4 : index` (bytes, rounded up)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.SizeOfOp, rewriter: PatternRewriter, /):
        sized = op.sized_type
        if isinstance(sized, IntegerType) or AnyFloatConstr.verifies(sized):
            size = (sized.bitwidth + 7) // 8  # pyright: ignore[reportAttributeAccessIssue]
            rewriter.replace(op, arith.ConstantOp(IntegerAttr(size, IndexType())))


class FoldBufferSizeOfSized(RewritePattern):
    """`util.buffer.size` of a subspan or an alloc -> the size it was created with."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferSizeOp, rewriter: PatternRewriter, /):
        source = op.operand.owner
        if isinstance(source, util.BufferSubspanOp):
            rewriter.replace(op, [], [source.result_size])
        elif isinstance(source, util.BufferAllocOp):
            rewriter.replace(op, [], [source.storage_size])


class ElideUnusedAlloc(RewritePattern):
    """An allocation nobody uses is removed (IREE's alloc is pure apart from allocating)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferAllocOp, rewriter: PatternRewriter, /):
        if not op.result.uses:
            rewriter.erase(op)


class FoldSubspanIntoLoad(RewritePattern):
    """A load through a subspan reads the subspan's source at the summed offset."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferLoadOp, rewriter: PatternRewriter, /):
        subspan = op.source.owner
        if not isinstance(subspan, util.BufferSubspanOp):
            return
        offset = _add(subspan.source_offset, op.source_offset, rewriter)
        rewriter.replace(
            op,
            util.BufferLoadOp(
                subspan.source, subspan.source_size, offset, op.length, op.result.type
            ),
        )


class FoldSubspanIntoStore(RewritePattern):
    """A store through a subspan writes the subspan's source at the summed offset."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferStoreOp, rewriter: PatternRewriter, /):
        subspan = op.target.owner
        if not isinstance(subspan, util.BufferSubspanOp):
            return
        offset = _add(subspan.source_offset, op.target_offset, rewriter)
        rewriter.replace(
            op,
            util.BufferStoreOp(op.source, subspan.source, subspan.source_size, offset, op.length),
        )


class FoldSubspanOfSubspan(RewritePattern):
    """A subspan of a subspan is one subspan of the outer source at the summed offset."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferSubspanOp, rewriter: PatternRewriter, /):
        inner = op.source.owner
        if not isinstance(inner, util.BufferSubspanOp):
            return
        offset = _add(inner.source_offset, op.source_offset, rewriter)
        rewriter.replace(
            op,
            util.BufferSubspanOp(inner.source, inner.source_size, offset, op.result_size),
        )


class FoldIdentitySubspan(RewritePattern):
    """A subspan at offset 0 with the source's own size is the source."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: util.BufferSubspanOp, rewriter: PatternRewriter, /):
        if op.source_size == op.result_size and constant_int(op.source_offset) == 0:
            rewriter.replace(op, [], [op.source])


PATTERNS: dict[str, tuple[RewritePattern, ...]] = {
    util.SizeOfOp.name: (FoldStaticSizeOf(),),
    util.BufferSizeOp.name: (FoldBufferSizeOfSized(),),
    util.BufferAllocOp.name: (ElideUnusedAlloc(),),
    util.BufferLoadOp.name: (InheritLocation(FoldSubspanIntoLoad()),),
    util.BufferStoreOp.name: (InheritLocation(FoldSubspanIntoStore()),),
    util.BufferSubspanOp.name: (FoldSubspanOfSubspan(), FoldIdentitySubspan()),
}
"""Patterns per op name, as returned by the `util` ops' canonicalization trait (the folded
loads and stores keep the location of those they replace)."""
