"""`pyvmvx-split-elementwise-asserts`: a `cf.assert` inside an elementwise linalg body becomes
a flag output of the op and one reduction after it, so the op and the check are ukernels.

torch-mlir's batch norm asserts inside a `linalg.generic` body (`cf.assert %ok,
"unimplemented: tensor with zero element"` on each `1 / sqrt(var + eps)`); a body op the
elementwise lowering has no call for leaves the whole op to the scalar fallback, a VM loop
per tile. Runs under `ukernels=all` (ukernels `ex` and `ex.reduce`) before the reduction
lowering, on linalg ops on buffers whose loops are all parallel, at most 4 of them
(`ex.reduce`'s rank), with the loop sizes readable from their operands. Each assert of the
body is replaced by `arith.extui %ok : i1 to i8` yielded to a new tile-sized i8
`memref.alloca` output (identity map); after the op, a one-element alloca set to 1 takes
`minui` over the flags (a reducing `linalg.generic`, which `pyvmvx-lower-reduction-to-ex-reduce`
makes one `ex.reduce` call), and one scalar `cf.assert` of it with the same message follows.

The assert then fires after the whole tile is computed rather than at the first failing
element; either way the dispatch fails with the same message, and nothing else reads the
outputs of a failed dispatch.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, cf, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    i1,
    i8,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.ir.diagnostics import located_at
from pyvmvx.runtime.modules.vmvx_ex_elementwise import RANK
from pyvmvx.transforms.ukernel_calls import Operand, Structured, loop_sizes


def _buffers(view: Structured) -> list[Operand]:
    """The memref operands of `view` with their maps."""
    pairs = zip(view.operands, view.maps, strict=True)
    return [Operand(v, m) for v, m in pairs if isinstance(v.type, MemRefType)]


def _tile_buffer(
    rewriter: PatternRewriter, sizes: list[tuple[Operand, int]], anchor: Operation
) -> SSAValue:
    """A tile-sized i8 `memref.alloca` (of the loop `sizes`, `memref.dim` where dynamic),
    inserted before `anchor`."""
    shape: list[int] = []
    dynamic: list[SSAValue] = []
    for operand, position in sizes:
        assert isinstance(operand.value.type, MemRefType)
        size = operand.value.type.get_shape()[position]
        shape.append(size)
        if size == DYNAMIC_INDEX:
            index = arith.ConstantOp(IntegerAttr(position, IndexType()))
            dim = memref.DimOp(operand.value, index)
            rewriter.insert([index, dim], InsertPoint.before(anchor))
            dynamic.append(dim.result)
    alloca = memref.AllocaOp.get(i8, shape=shape, dynamic_sizes=dynamic)
    rewriter.insert(alloca, InsertPoint.before(anchor))
    return alloca.memref


def _check_all(builder: Builder, flags: SSAValue, rank: int, message: str) -> None:
    """`cf.assert(min over all of flags != 0, message)`, the minimum a reducing generic."""
    one = builder.insert(arith.ConstantOp(IntegerAttr(1, i8)))
    total = builder.insert(memref.AllocaOp.get(i8, shape=[]))
    builder.insert(memref.StoreOp.get(one.result, total.memref, []))
    body = Block(arg_types=[i8, i8])
    least = arith.MinUIOp(body.args[0], body.args[1])
    body.add_ops([least, YieldOp(least.result)])
    builder.insert(
        GenericOp(
            [flags],
            [total.memref],
            Region(body),
            [AffineMapAttr(AffineMap.identity(rank)), AffineMapAttr(AffineMap(rank, 0, ()))],
            [IteratorTypeAttr.reduction()] * rank,
        )
    )
    value = builder.insert(memref.LoadOp.get(total.memref, []))
    ok = builder.insert(arith.TruncIOp(value.res, i1))
    builder.insert(cf.AssertOp(ok.result, message))


class SplitElementwiseAsserts(RewritePattern):
    """An all-parallel linalg op on buffers with `cf.assert`s in its body -> the op with one
    i8 flag output per assert, then a reduction and a scalar assert per flag."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        view = Structured.of(op)
        if view is None or not isinstance(op, GenericOp):
            return
        asserts = [o for o in view.body.ops if isinstance(o, cf.AssertOp)]
        rank = view.maps[0].num_dims
        if not asserts or not 1 <= rank <= RANK:
            return
        sizes = loop_sizes(_buffers(view), rank)
        if sizes is None:
            return
        with located_at(op):
            self._split(op, asserts, sizes, rewriter)

    @staticmethod
    def _split(
        op: GenericOp,
        asserts: list[cf.AssertOp],
        sizes: list[tuple[Operand, int]],
        rewriter: PatternRewriter,
    ) -> None:
        rank = len(sizes)
        flags = [_tile_buffer(rewriter, sizes, op) for _ in asserts]
        body = Region()
        op.body.clone_into(body)
        block = body.block
        yielded = block.last_op
        assert isinstance(yielded, YieldOp)
        extra: list[SSAValue] = []
        old_asserts = [o for o in block.ops if isinstance(o, cf.AssertOp)]
        for check in old_asserts:
            block.insert_arg(i8, len(block.args))
            flag = arith.ExtUIOp(check.arg, i8)
            Rewriter.insert_op(flag, InsertPoint.before(check))
            Rewriter.erase_op(check)
            extra.append(flag.result)
        Rewriter.replace_op(yielded, YieldOp(*yielded.operands, *extra))
        identity = AffineMapAttr(AffineMap.identity(rank))
        generic = GenericOp(
            list(op.inputs),
            [*op.outputs, *flags],
            body,
            [*op.indexing_maps, *[identity] * len(flags)],
            list(op.iterator_types),
        )
        rewriter.replace(op, generic)
        builder = Builder(InsertPoint.after(generic))
        for check, flag in zip(asserts, flags, strict=True):
            _check_all(builder, flag, rank, check.msg.data)


@dataclass(frozen=True)
class SplitElementwiseAssertsPass(ModulePass):
    """Moves the asserts of elementwise linalg bodies into flag outputs checked after."""

    name = "pyvmvx-split-elementwise-asserts"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(SplitElementwiseAsserts(), apply_recursively=False).rewrite_module(op)
