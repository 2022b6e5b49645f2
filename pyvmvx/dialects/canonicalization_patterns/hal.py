"""Canonicalization patterns of the `hal` dialect's executable ops (IREE's `HALOpFolders.cpp`).

- `hal.executable.variant`: all its `hal.executable.constant.block`s become one, at the first
  block's place. The new block takes `%device` if any block did; the old bodies run in turn,
  chained with `cf.br` (which the `cf` canonicalizations merge into one block), and one
  `hal.return` yields every key's value in order.
- `hal.executable.constant.block`: an unused `%device` argument is dropped, and a key given
  more than once keeps only its first value.

Linking gathers the constant blocks of many executables into one variant; these patterns,
run by the linking pipeline's canonicalizer, leave one block with unique keys, which is what
the constant ordinals then number.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import cf
from xdsl.dialects.builtin import ArrayAttr, FunctionType, StringAttr
from xdsl.ir import Block, Region, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern, op_type_rewrite_pattern
from xdsl.rewriter import InsertPoint

from pyvmvx.dialects import hal


def _returns(block_op: hal.ExecutableConstantBlockOp) -> list[hal.ReturnOp]:
    return [b.last_op for b in block_op.body.blocks if isinstance(b.last_op, hal.ReturnOp)]


def _splice_body(
    block_op: hal.ExecutableConstantBlockOp,
    header: Block,
    next_block: Block,
    device: SSAValue | None,
    rewriter: PatternRewriter,
) -> Sequence[SSAValue]:
    """Append `header` and then `block_op`'s body to the merged region `header.parent`:
    `header` enters the body (passing `device` if the body takes it) and the body's returns
    leave to `next_block`. Returns the values the body yields."""
    region = header.parent
    assert region is not None
    returns = _returns(block_op)
    exit_block: Block | None = None
    if len(returns) > 1:  # one exit whose arguments collect the values of every return
        exit_block = Block([cf.BranchOp(next_block)], arg_types=block_op.function_type.outputs.data)
    results = tuple(returns[0].values) if exit_block is None else exit_block.args
    for ret in returns:
        branch = (
            cf.BranchOp(next_block) if exit_block is None else cf.BranchOp(exit_block, *ret.values)
        )
        rewriter.replace(ret, branch)
    first = block_op.body.blocks.first
    assert first is not None
    header.add_op(cf.BranchOp(first, *([device] if first.args and device else [])))
    for block in list(block_op.body.blocks):
        block_op.body.detach_block(block)
        region.add_block(block)
    if exit_block is not None:
        region.add_block(exit_block)
    return results


class MergeExecutableConstantBlocks(RewritePattern):
    """Merges a variant's constant blocks into one (IREE's pattern of the same name)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: hal.ExecutableVariantOp, rewriter: PatternRewriter) -> None:
        block_ops = op.constant_blocks
        if len(block_ops) <= 1 or not all(_returns(b) for b in block_ops):
            return
        takes_device = any(b.function_type.inputs.data for b in block_ops)
        entry = Block(arg_types=[hal.DeviceType()] if takes_device else [])
        device = entry.args[0] if takes_device else None
        headers = [Block() for _ in block_ops]
        post = Block()
        entry.add_op(cf.BranchOp(headers[0]))
        region = Region(entry)
        results: list[SSAValue] = []
        for block_op, header, next_block in zip(
            block_ops, headers, [*headers[1:], post], strict=True
        ):
            region.add_block(header)
            results.extend(_splice_body(block_op, header, next_block, device, rewriter))
        post.add_op(hal.ReturnOp(*results))
        region.add_block(post)
        keys = [k for b in block_ops for k in b.key_names]
        merged = hal.ExecutableConstantBlockOp(keys, region, takes_device)
        rewriter.insert(merged, InsertPoint.before(block_ops[0]))
        for block_op in block_ops:
            rewriter.erase(block_op)


class DropUnusedExecutableConstantBlockDeviceArg(RewritePattern):
    """Drops a constant block's `%device` argument when nothing uses it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: hal.ExecutableConstantBlockOp, rewriter: PatternRewriter
    ) -> None:
        entry = op.body.blocks.first
        if entry is None or not entry.args or entry.args[0].uses:
            return
        rewriter.erase_block_argument(entry.args[0])
        op.function_type = FunctionType.from_lists([], op.function_type.outputs.data)
        rewriter.notify_op_modified(op)


class DeduplicateExecutableConstantBlockKeys(RewritePattern):
    """Keeps only the first value of a key a constant block gives more than once."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: hal.ExecutableConstantBlockOp, rewriter: PatternRewriter
    ) -> None:
        keys = op.key_names
        first_of = {key: index for index, key in reversed(list(enumerate(keys)))}
        kept = sorted(first_of.values())
        if len(kept) == len(keys):
            return
        for ret in _returns(op):
            rewriter.replace(ret, hal.ReturnOp(*(ret.values[i] for i in kept)))
        outputs = op.function_type.outputs.data
        op.function_type = FunctionType.from_lists(
            op.function_type.inputs.data, [outputs[i] for i in kept]
        )
        op.keys = ArrayAttr(StringAttr(keys[i]) for i in kept)
        rewriter.notify_op_modified(op)


PATTERNS: dict[str, tuple[RewritePattern, ...]] = {
    hal.ExecutableVariantOp.name: (MergeExecutableConstantBlocks(),),
    hal.ExecutableConstantBlockOp.name: (
        DropUnusedExecutableConstantBlockDeviceArg(),
        DeduplicateExecutableConstantBlockKeys(),
    ),
}
"""Patterns by op name, as the dialect's canonicalization trait looks them up."""
