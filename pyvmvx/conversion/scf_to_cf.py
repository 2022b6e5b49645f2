"""scf -> cf on a function: MLIR's `convert-scf-to-cf` with `scf.while`.

xDSL's `convert-scf-to-cf` lowers `scf.if`, `scf.for` and `scf.index_switch`; `WhileLowering`
adds `scf.while` as MLIR lowers it: a branch into the `before` block, whose `scf.condition`
becomes a `cf.cond_br` into the `after` block or out of the loop, and the `after` block's
`scf.yield` a branch back. `lower_scf_to_cf` runs them all; the ops they build carry the
location of the op they replace.
"""

from __future__ import annotations

from xdsl.dialects import cf, scf
from xdsl.ir import Region
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import BlockInsertPoint, InsertPoint
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering

from pyvmvx.ir.diagnostics import InheritLocation


class WhileLowering(RewritePattern):
    """`scf.while` as a loop of blocks (MLIR's `WhileLowering`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.WhileOp, rewriter: PatternRewriter) -> None:
        block = op.parent_block()
        if block is None:
            return
        end = block.split_before(op)
        results = [end.insert_arg(r.type, i) for i, r in enumerate(op.res)]
        before = op.before_region.block
        after = op.after_region.block
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)  # the op's verifier
        rewriter.replace(
            condition,
            cf.ConditionalBranchOp(condition.condition, after, condition.args, end, condition.args),
        )
        yield_ = after.last_op
        assert isinstance(yield_, scf.YieldOp)
        rewriter.replace(yield_, cf.BranchOp(before, *yield_.operands))
        rewriter.inline_region(op.before_region, BlockInsertPoint.before(end))
        rewriter.inline_region(op.after_region, BlockInsertPoint.before(end))
        rewriter.insert(cf.BranchOp(before, *op.arguments), InsertPoint.at_end(block))
        rewriter.replace(op, [], results)


def lower_scf_to_cf(region: Region) -> None:
    """Lowers every `scf.if`/`for`/`index_switch`/`while` in `region` to `cf` branches."""
    patterns = [IfLowering(), ForLowering(), SwitchLowering(), WhileLowering()]
    applier = GreedyRewritePatternApplier([InheritLocation(p) for p in patterns], dce_enabled=False)
    PatternRewriteWalker(applier).rewrite_region(region)
