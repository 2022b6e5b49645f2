"""`pyvmvx-lower-reduction-to-ex-reduce`: reductions on buffers become calls of pyvmvx's
`vmvx.ex.reduce` and `vmvx.ex.argreduce` (`pyvmvx/runtime/modules/vmvx_ex_reduce.py`).

Runs under `ukernels=all` (or a list naming `ex.reduce`) after tiling and distribution, so
each workgroup tile is a few calls. It takes `linalg.reduce` and `linalg.generic`s of up to 4
loops with strided maps (projected permutations, constant 0s for unit dims) and memref
outputs indexed by exactly the parallel loops, whose body yields for each output either

- `op(x, out)` with `op` one of `ex.reduce`'s (`REDUCE_OPS`; `op(out, x)` too where the two
  orders agree bit for bit): one `ex.reduce` call. Several such outputs (a sum and a max of
  one pass) are one call each; or
- torch-mlir's argmax/argmin pair over one reduced loop `r`: `value = op(x, value)` with
  `op` maximumf/minimumf/max[su]i/min[su]i and `index = select(better(x, value),
  index_cast(linalg.index r), index)`, `better` the strict compare of `op` (`cmpf ogt` for
  maximumf, `cmpi slt` for minsi, ...; either operand order): one `ex.argreduce` call
  writing both (the first index of the best value; a NaN stops the index, as the body's
  ordered compare does).

`x` is any value computed from the inputs alone (not from an output). An input's block
argument is read from its buffer; any other `x` (`acc + a * b`, `acc + (a - m)^2`, a compare
of the input for an all-reduction) is computed first into a tile-sized `memref.alloca`
(workgroup-local memory, sized by the tile's loop sizes) by one all-parallel
`linalg.generic` of the body ops it needs over the reduction's whole loop space, which the
`ex` elementwise lowering (`pyvmvx-lower-elementwise-to-ex-ukernels`, later in the pipeline)
makes calls of; the reduction then reads the temporary. Under a `ukernels` list without
`ex` that generic runs as a scalar loop, which is still correct.

The calls apply the body's very ops over the reduced loops in loop order, combined into the
output's value as linalg's init is, so NaNs, signed zeros and integer wrapping are those of
the scalar loops (float sums and products may round differently).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AffineMapAttr,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    i32,
    i64,
)
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, IndexOp, ReduceOp, YieldOp
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.runtime.modules.vmvx_ex_elementwise import OP_TABLE, OPS, RANK, TYPES
from pyvmvx.runtime.modules.vmvx_ex_reduce import BITWISE, REDUCE_OPS
from pyvmvx.transforms.ukernel_calls import (
    EX_TYPE_CODES,
    Emitter,
    Operand,
    is_strided_map,
    loop_sizes,
)

UKERNEL = "ex.reduce"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

_ORDERED = frozenset(("arith.maxnumf", "arith.minnumf"))
"""Ops whose result for equal operands depends on their order (only `op(in, out)`)."""

_BETTER = {
    "arith.maximumf": ("arith.cmpf", 2, 4),  # ogt, or olt with the operands swapped
    "arith.minimumf": ("arith.cmpf", 4, 2),
    "arith.maxsi": ("arith.cmpi", 4, 2),  # sgt / slt
    "arith.minsi": ("arith.cmpi", 2, 4),
    "arith.maxui": ("arith.cmpi", 8, 6),  # ugt / ult
    "arith.minui": ("arith.cmpi", 6, 8),
}
"""For each `ex.argreduce` op, the compare `better(in, out)` that moves the index: its op and
predicate, and the predicate of the same compare as `(out, in)`."""


@dataclass(frozen=True)
class _Reduction:
    """A reduction's operands (ins then outs, in block-argument order), their maps, the
    loop count, the reduced loops and the body."""

    operands: tuple[SSAValue, ...]
    maps: tuple[AffineMap, ...]
    num_inputs: int
    rank: int
    reduced: frozenset[int]
    body: Block

    @property
    def outputs(self) -> list[Operand]:
        pairs = zip(self.operands, self.maps, strict=True)
        return [Operand(v, m) for v, m in list(pairs)[self.num_inputs :]]


@dataclass(frozen=True)
class _Combine:
    """Output `output` is `op(source, output)` over the reduced loops (`ex.reduce`)."""

    op: str
    source: SSAValue
    output: int


@dataclass(frozen=True)
class _ArgCombine:
    """Output `value` is `op(source, value)` and output `index` the reduced loop's index
    where `source` compared strictly better than the value so far (`ex.argreduce`)."""

    op: str
    source: SSAValue
    value: int
    index: int


def _reduction(op: Operation) -> _Reduction | None:
    """The reduction `op` computes, if it is one of the forms the pass takes."""
    if isinstance(op, ReduceOp) and not op.result:
        rank = len(op.input.type.get_shape()) if isinstance(op.input.type, MemRefType) else 0
        reduced = frozenset(op.dimensions.get_values())
        kept = tuple(AffineDimExpr(d) for d in range(rank) if d not in reduced)
        maps = (AffineMap.identity(rank), AffineMap(rank, 0, kept))
        return _Reduction((op.input, op.init), maps, 1, rank, reduced, op.region.block)
    if not isinstance(op, GenericOp) or op.res or not op.outputs:
        return None
    iterators = op.get_iterator_types()
    reduced = frozenset(i for i, t in enumerate(iterators) if t.data == IteratorType.REDUCTION)
    maps = tuple(m.data for m in op.get_indexing_maps())
    kept = {AffineDimExpr(d) for d in range(len(iterators)) if d not in reduced}
    if not reduced or not all(is_strided_map(m) for m in maps):
        return None
    for out_map in maps[len(op.inputs) :]:
        if {r for r in out_map.results if isinstance(r, AffineDimExpr)} != kept:
            return None
    operands = (*op.inputs, *op.outputs)
    return _Reduction(operands, maps, len(op.inputs), len(iterators), reduced, op.body.block)


def _depends_on_outputs(reduction: _Reduction) -> set[SSAValue]:
    """The output block arguments and the body values computed from them."""
    dependent: set[SSAValue] = set(reduction.body.args[reduction.num_inputs :])
    for op in reduction.body.ops:
        if any(v in dependent for v in op.operands):
            dependent.update(op.results)
    return dependent


def _combining(value: SSAValue, acc: SSAValue, ops: Sequence[str]) -> tuple[str, SSAValue] | None:
    """`(op, x)` if `value` is `op(x, acc)` (or `op(acc, x)` for an op whose order does not
    matter) with `op` in `ops`."""
    combine = value.owner
    if not isinstance(combine, Operation) or combine.name not in ops or len(combine.operands) != 2:
        return None
    lhs, rhs = combine.operands
    if rhs is acc and lhs is not acc:
        return combine.name, lhs
    if lhs is acc and rhs is not acc and combine.name not in _ORDERED:
        return combine.name, rhs
    return None


def _arg_combine(reduction: _Reduction, yielded: YieldOp, position: int) -> _ArgCombine | None:
    """Output `position` as the index of torch-mlir's argmax/argmin body, if it is:
    `select(better(x, value), index_cast(linalg.index r), index)` next to an output
    `value = op(x, value)`, `r` the one reduced loop."""
    body, first = reduction.body, reduction.num_inputs
    select = yielded.operands[position].owner
    if not isinstance(select, arith.SelectOp) or select.rhs is not body.args[first + position]:
        return None
    cast, compare = select.lhs.owner, select.cond.owner
    if not isinstance(cast, arith.IndexCastOp) or not isinstance(
        compare, arith.CmpfOp | arith.CmpiOp
    ):
        return None
    index = cast.input.owner
    if (
        not isinstance(index, IndexOp)
        or reduction.reduced != {index.dim.value.data}
        or cast.result.type not in (i32, i64)
    ):
        return None
    for value, result in enumerate(yielded.operands):
        acc = body.args[first + value]
        found = None if value == position else _combining(result, acc, tuple(_BETTER))
        if found is None:
            continue
        op, x = found
        name, forward, backward = _BETTER[op]
        predicate = compare.predicate.value.data
        operands = tuple(compare.operands)
        if compare.name == name and (
            (operands == (x, acc) and predicate == forward)
            or (operands == (acc, x) and predicate == backward)
        ):
            return _ArgCombine(op, x, value, position)
    return None


def _plan(reduction: _Reduction) -> list[_Combine | _ArgCombine] | None:
    """The calls computing each output, or None if some output is not a combination of a
    value computed from the inputs alone."""
    body, first = reduction.body, reduction.num_inputs
    yielded = body.last_op
    if not isinstance(yielded, YieldOp) or any(op.regions for op in body.ops):
        return None
    calls: list[_Combine | _ArgCombine] = []
    done: set[int] = set()
    for position in range(len(yielded.operands)):
        arg = _arg_combine(reduction, yielded, position)
        if arg is not None and arg.value not in done:
            calls.append(arg)
            done.update((arg.value, arg.index))
    for position, value in enumerate(yielded.operands):
        if position in done:
            continue
        found = _combining(value, body.args[first + position], tuple(REDUCE_OPS))
        if found is None:
            return None
        calls.append(_Combine(found[0], found[1], position))
    dependent = _depends_on_outputs(reduction)
    if any(call.source in dependent for call in calls):
        return None
    return calls


def _direct(reduction: _Reduction, value: SSAValue) -> Operand | None:
    """The input buffer behind body value `value`, if it is a block argument of one."""
    if not isinstance(value, BlockArgument) or value.block is not reduction.body:
        return None
    if value.index >= reduction.num_inputs:
        return None
    operand = reduction.operands[value.index]
    if not isinstance(operand.type, MemRefType):
        return None
    return Operand(operand, reduction.maps[value.index])


def _slice(body: Block, values: Sequence[SSAValue]) -> list[Operation]:
    """The body ops `values` are computed with, in body order."""
    needed: set[Operation] = set()
    pending = [v.owner for v in values if isinstance(v.owner, Operation) and v.owner.parent is body]
    while pending:
        op = pending.pop()
        if op in needed:
            continue
        needed.add(op)
        pending += [
            v.owner
            for v in op.operands
            if isinstance(v.owner, Operation) and v.owner.parent is body
        ]
    return [op for op in body.ops if op in needed]


class _Emission:
    """Emits the calls of one reduction."""

    def __init__(self, rewriter: PatternRewriter, reduction: _Reduction, anchor: Operation) -> None:
        self.reduction = reduction
        self.emitter = Emitter(rewriter, anchor, RANK)
        buffers = [
            Operand(v, m)
            for v, m in zip(reduction.operands, reduction.maps, strict=True)
            if isinstance(v.type, MemRefType)
        ]
        self.loop_sizes = loop_sizes(buffers, reduction.rank)

    def sources(self, values: Sequence[SSAValue]) -> dict[SSAValue, Operand]:
        """Where each combined value is read: its input buffer, or a tile-sized temporary
        (workgroup-local) written by one all-parallel `linalg.generic` of the body's ops
        that compute them (the `ex` elementwise lowering makes calls of it)."""
        places = {v: o for v in values if (o := _direct(self.reduction, v)) is not None}
        computed = [v for v in dict.fromkeys(values) if v not in places]
        if not computed:
            return places
        reduction, rank = self.reduction, self.reduction.rank
        assert self.loop_sizes is not None
        temporaries = [self.emitter.alloca(v.type, self.loop_sizes) for v in computed]
        first = reduction.num_inputs
        inputs = reduction.operands[:first]
        block = Block(
            arg_types=[*(a.type for a in reduction.body.args[:first]), *(v.type for v in computed)]
        )
        arguments = zip(reduction.body.args[:first], block.args[:first], strict=True)
        mapping = dict[SSAValue, SSAValue](arguments)
        for op in _slice(reduction.body, computed):
            block.add_op(op.clone(value_mapper=mapping))
        block.add_op(YieldOp(*(mapping.get(v, v) for v in computed)))
        identity = AffineMap.identity(rank)
        generic = GenericOp(
            list(inputs),
            temporaries,
            Region(block),
            [AffineMapAttr(m) for m in (*reduction.maps[:first], *[identity] * len(computed))],
            [IteratorTypeAttr.parallel()] * rank,
        )
        self.emitter.insert(generic)
        for value, temporary in zip(computed, temporaries, strict=True):
            places[value] = Operand(temporary, identity)
        return places

    def call(self, name: str, flags: Sequence[int], operands: Sequence[Operand]) -> None:
        """`vmvx.<name>(flags..., operands..., loop sizes)`."""
        assert self.loop_sizes is not None
        emitter, args = self.emitter, []
        for value in flags:
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        for operand in operands:
            strided = emitter.strided(operand, self.reduction.rank)
            args += [strided.buffer, strided.offset, *strided.strides]
        args += emitter.sizes(self.loop_sizes)
        emitter.call(name, args)


def _accepted(call: _Combine | _ArgCombine, outputs: Sequence[Operand]) -> bool:
    """Whether the call's ukernel takes its element types."""
    code = EX_TYPE_CODES.get(call.source.type)
    value = outputs[call.output if isinstance(call, _Combine) else call.value]
    if code is None or value.value.type.element_type != call.source.type:  # type: ignore[union-attr]
        return False
    if isinstance(call, _ArgCombine):
        index = outputs[call.index].value.type.element_type  # type: ignore[union-attr]
        if index not in (i32, i64) or code == TYPES["i1"]:
            return False
    elif code == TYPES["i1"] and call.op not in BITWISE:
        return False
    return OP_TABLE[call.op].accepts(code, code)


class LowerReductionToExReduce(RewritePattern):
    """A reduction on buffers -> `vmvx.ex.reduce`/`ex.argreduce` calls."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        reduction = _reduction(op)
        if reduction is None or reduction.rank > RANK:
            return
        outputs = reduction.outputs
        if not all(isinstance(o.value.type, MemRefType) for o in outputs):
            return
        calls = _plan(reduction)
        if calls is None or not all(_accepted(c, outputs) for c in calls):
            return
        emission = _Emission(rewriter, reduction, op)
        if emission.loop_sizes is None:
            return
        places = emission.sources([c.source for c in calls])
        pad = RANK - reduction.rank
        axes = sum(1 << (pad + d) for d in reduction.reduced)
        for call in calls:
            code = EX_TYPE_CODES[call.source.type]
            if isinstance(call, _Combine):
                flags = (OPS.index(call.op), code | code << 8, axes)
                emission.call(UKERNEL, flags, [places[call.source], outputs[call.output]])
            else:
                index = EX_TYPE_CODES[outputs[call.index].value.type.element_type]  # type: ignore[union-attr]
                (axis,) = reduction.reduced
                flags = (OPS.index(call.op), code | index << 8, pad + axis)
                operands = [places[call.source], outputs[call.value], outputs[call.index]]
                emission.call("ex.argreduce", flags, operands)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerReductionToExReducePass(ModulePass):
    """Lowers linalg reductions on buffers to `vmvx.ex.reduce` calls."""

    name = "pyvmvx-lower-reduction-to-ex-reduce"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerReductionToExReduce(), apply_recursively=False).rewrite_module(op)
