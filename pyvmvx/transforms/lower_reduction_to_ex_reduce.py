"""`pyvmvx-lower-reduction-to-ex-reduce`: reductions on buffers become one call of pyvmvx's
`vmvx.ex.reduce` (`pyvmvx/runtime/modules/vmvx_ex_reduce.py`) each.

Runs under `ukernels=all` (or a list naming `ex.reduce`) after tiling and distribution, so
each workgroup tile is one call. It takes `linalg.reduce` and `linalg.generic`s of up to 4
loops with one input indexed by a permutation of all loops and one output by the parallel
loops in order (and constant 0s: kept unit dims), on memrefs of one element type, whose body
is `yield op(in, out)` with `op` one of `ex.reduce`'s (`REDUCE_OPS`; `op(out, in)` too where
the two orders agree bit for bit). The call applies that very op over the reduced loops in
loop order, combined into the output's value as linalg's init is, so NaNs, signed zeros and
integer wrapping are those of the scalar loops (float sums and products may round
differently).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp, i32
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.linalg.ops import GenericOp, ReduceOp, YieldOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS, RANK, TYPES
from pyvmvx.runtime.modules.vmvx_ex_reduce import REDUCE_OPS
from pyvmvx.transforms.ukernel_calls import (
    EX_TYPE_CODES,
    Emitter,
    Operand,
    loop_sizes,
)

UKERNEL = "ex.reduce"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

_ORDERED = frozenset(("arith.maxnumf", "arith.minnumf"))
"""Ops whose result for equal operands depends on their order (only `op(in, out)`)."""


@dataclass(frozen=True)
class _Reduction:
    """A reduction's input and output operands, loop count and reduced loops."""

    source: Operand
    target: Operand
    rank: int
    reduced: frozenset[int]
    body: Block


def _reduction(op: Operation) -> _Reduction | None:
    """The reduction `op` computes, if it is one of the forms the pass takes."""
    if isinstance(op, ReduceOp) and not op.result:
        rank = len(op.input.type.get_shape()) if isinstance(op.input.type, MemRefType) else 0
        reduced = frozenset(op.dimensions.get_values())
        kept = tuple(AffineDimExpr(d) for d in range(rank) if d not in reduced)
        source = Operand(op.input, AffineMap.identity(rank))
        return _Reduction(
            source, Operand(op.init, AffineMap(rank, 0, kept)), rank, reduced, op.region.block
        )
    if not isinstance(op, GenericOp) or op.res or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    iterators = op.get_iterator_types()
    reduced = frozenset(i for i, t in enumerate(iterators) if t.data == IteratorType.REDUCTION)
    in_map, out_map = (m.data for m in op.get_indexing_maps())
    kept = tuple(AffineDimExpr(d) for d in range(len(iterators)) if d not in reduced)
    if (
        not reduced
        or not in_map.is_projected_permutation()
        or len(in_map.results) != in_map.num_dims
        or _dims(out_map) != kept
    ):
        return None
    return _Reduction(
        Operand(op.inputs[0], in_map),
        Operand(op.outputs[0], out_map),
        len(iterators),
        reduced,
        op.body.block,
    )


def _dims(indexing: AffineMap) -> tuple[AffineExpr, ...] | None:
    """The results of a map but its constant 0s (unit dims kept), or None if it has another
    constant."""
    constants = [r for r in indexing.results if isinstance(r, AffineConstantExpr)]
    if any(r.value != 0 for r in constants):
        return None
    return tuple(r for r in indexing.results if not isinstance(r, AffineConstantExpr))


def _combine(body: Block) -> str | None:
    """The name of the op of a `yield op(in, out)` body, or None."""
    *ops, terminator = body.ops
    if len(ops) != 1 or not isinstance(terminator, YieldOp):
        return None
    (combine,) = ops
    if tuple(terminator.operands) != tuple(combine.results):
        return None
    operands = tuple(combine.operands)
    if operands != (body.args[0], body.args[1]) and (
        combine.name in _ORDERED or operands != (body.args[1], body.args[0])
    ):
        return None
    return combine.name if combine.name in REDUCE_OPS else None


class LowerReductionToExReduce(RewritePattern):
    """A reduction on buffers -> `vmvx.ex.reduce`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        reduction = _reduction(op)
        if reduction is None or reduction.rank > RANK:
            return
        source, target = reduction.source, reduction.target
        types = [source.value.type, target.value.type]
        if not all(isinstance(t, MemRefType) for t in types):
            return
        element = types[0].element_type  # type: ignore[union-attr]
        code = EX_TYPE_CODES.get(element)
        name = _combine(reduction.body)
        if code in (None, TYPES["i1"]) or name is None or element != types[1].element_type:  # type: ignore[union-attr]
            return
        pad = RANK - reduction.rank
        axes = sum(1 << (pad + d) for d in reduction.reduced)
        emitter = Emitter(rewriter, op, RANK)
        args: list[SSAValue] = []
        for value in (OPS.index(name), code | code << 8, axes):  # type: ignore[operator]
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        for operand in (source, target):
            strided = emitter.strided(operand, reduction.rank)
            args += [strided.buffer, strided.offset, *strided.strides]
        found = loop_sizes([source], reduction.rank)
        assert found is not None  # the input map is a permutation
        args += emitter.sizes(found)
        emitter.call(UKERNEL, args)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerReductionToExReducePass(ModulePass):
    """Lowers linalg reductions on buffers to `vmvx.ex.reduce` calls."""

    name = "pyvmvx-lower-reduction-to-ex-reduce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerReductionToExReduce(), apply_recursively=False).rewrite_module(op)
