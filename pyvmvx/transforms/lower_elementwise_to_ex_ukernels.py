"""`pyvmvx-lower-elementwise-to-ex-ukernels`: elementwise linalg ops on buffers that IREE's
microkernels do not take become calls of pyvmvx's `vmvx.ex.{unary,binary,ternary}.4d`.

Runs after `iree-vmvx-lower-linalg-microkernels` under `ukernels=all` (the `ex` ukernel), on
what that pass left: linalg ops whose loops are all parallel, at most 4 of them, with
projected-permutation (transpose/broadcast) maps, and whose body ops are all in the runtime's
op table (`pyvmvx/runtime/modules/vmvx_ex_elementwise.py`: `arith`/`math` ops, compares,
select, casts) on f16/f32/f64/i1/i8/i16/i32/i64.

Each body op becomes one call over the whole tile, in body order: its operands are the
buffers of block arguments (strides permuted into loop order, 0 for a broadcast dim), earlier
results, or scalars (a value from outside the body or an `arith.constant` in it, stored once
into a one-element `memref.alloca` read with stride 0). A result goes straight to its output
when it is yielded there and no later body op reads a block argument (which may alias the
output); other results go to tile-sized `memref.alloca` temporaries (IREE's workgroup-local
memory, sized by the loop sizes of the tile, dynamic where the tile is), reused once their
last reader has run (a kernel may write the region it reads). Outputs still unwritten are
filled with a `copy` call from their yielded value. i1 temporaries hold one byte per
element.

Why one call per op rather than one expression ukernel: each call is one or two numpy
passes over the tile, the work numpy itself does for the expression written in Python, and
the op table stays a flat list the compiler and runtime share, with no body encoding in the
ABI. An expression kernel would save only the fixed cost of each call (the VM call and the
bound checks, 5-15 us on a quiet machine), which is a few percent of a numpy pass over a
tile of tens of thousands of elements: `exp(-relu(a * b + c))` on 1024x1024 f32 runs 5 calls
of 65 VM ops per workgroup, and its time is the time of its numpy passes.

Sizes and strides are left-padded to rank 4 (size 1, stride 0). Ops that do not match are
left for the scalar fallback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    i1,
    i8,
    i32,
)
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.runtime.modules.vmvx_ex_elementwise import OP_TABLE, OPS, RANK
from pyvmvx.transforms.ukernel_calls import (
    EX_TYPE_CODES as _TYPE_CODES,
)
from pyvmvx.transforms.ukernel_calls import (
    Emitter,
    Operand,
    Structured,
    loop_sizes,
)

UKERNEL = "ex"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

_CMPF = "false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split()
_CMPI = "eq ne slt sle sgt sge ult ule ugt uge".split()
_EXPORTS = {1: "unary", 2: "binary", 3: "ternary"}


@dataclass(frozen=True)
class Step:
    """One body op as a call: its op code and `types` argument."""

    op: Operation
    code: int
    types: int


def _key(op: Operation) -> str | None:
    """The op table's name for body op `op`."""
    if isinstance(op, arith.CmpfOp | arith.CmpiOp):
        names = _CMPF if isinstance(op, arith.CmpfOp) else _CMPI
        predicate = op.predicate.value.data
        return f"{op.name}.{names[predicate]}" if 0 <= predicate < len(names) else None
    return op.name if op.name in OP_TABLE else None


def _step(op: Operation) -> Step | None:
    key = _key(op)
    if key is None or len(op.results) != 1:
        return None
    entry = OP_TABLE[key]
    if entry.arity != len(op.operands):
        return None
    source = op.operands[1 if key == "arith.select" else 0].type
    src, dst = _TYPE_CODES.get(source), _TYPE_CODES.get(op.results[0].type)
    if src is None or dst is None or not entry.accepts(src, dst):
        return None
    return Step(op, OPS.index(key), src | dst << 8)


def plan(view: Structured) -> list[Step] | None:
    """The calls of `view`'s body (constants excluded), or None if any op has none."""
    steps: list[Step] = []
    for op in view.body.ops:
        if isinstance(op, YieldOp | arith.ConstantOp):
            continue
        step = _step(op)
        if step is None:
            return None
        steps.append(step)
    return steps


def _storage(type: Attribute) -> Attribute:
    """The element type holding values of `type` in memory (one byte for i1)."""
    return i8 if type == i1 else type


class _Lowering:
    """Emits the calls of one linalg op."""

    def __init__(self, rewriter: PatternRewriter, view: Structured, anchor: Operation) -> None:
        self.view = view
        self.rank = view.maps[0].num_dims
        self.emitter = Emitter(rewriter, anchor, padded_rank=RANK)
        self.buffers = [
            Operand(value, map)
            for value, map in zip(view.operands, view.maps, strict=True)
            if isinstance(value.type, MemRefType)
        ]
        self.loop_sizes = loop_sizes(self.buffers, self.rank)
        self.places: dict[SSAValue, Operand] = {}
        self.temporaries: set[SSAValue] = set()
        self.free: dict[Attribute, list[Operand]] = {}

    def scalar(self, value: SSAValue) -> Operand:
        """A one-element buffer holding `value` (from outside the body, a scalar operand or
        a constant of the body), read with stride 0."""
        if isinstance(value, BlockArgument) and value.block is self.view.body:
            value = self.view.operands[value.index]
        elif isinstance(value.owner, arith.ConstantOp) and value.owner.parent is self.view.body:
            constant = value.owner.clone()
            self.emitter.insert(constant)
            value = constant.result
        if value.type == i1:
            widened = arith.ExtUIOp(value, i8)
            self.emitter.insert(widened)
            value = widened.result
        alloca = memref.AllocaOp.get(value.type, shape=[1])
        self.emitter.insert(alloca)
        self.emitter.insert(memref.StoreOp.get(value, alloca, [self.emitter.constant(0)]))
        return Operand(alloca.memref, AffineMap(self.rank, 0, ()))

    def place(self, value: SSAValue) -> Operand:
        """Where the body value `value` is read from."""
        if value not in self.places:
            operand = self.view.operand_of(value)
            self.places[value] = operand if operand is not None else self.scalar(value)
        return self.places[value]

    def temporary(self, type: Attribute) -> Operand:
        """A free tile-sized buffer of `type` values."""
        storage = _storage(type)
        if self.free.get(storage):
            return self.free[storage].pop()
        assert self.loop_sizes is not None
        shape: list[int] = []
        dynamic: list[SSAValue] = []
        for operand, pos in self.loop_sizes:
            assert isinstance(operand.value.type, MemRefType)
            size = operand.value.type.get_shape()[pos]
            shape.append(size)
            if size == DYNAMIC_INDEX:
                dynamic.append(self.emitter.descriptor(operand.value).sizes[pos])
        alloca = memref.AllocaOp.get(storage, shape=shape, dynamic_sizes=dynamic)
        self.emitter.insert(alloca)
        self.temporaries.add(alloca.memref)
        return Operand(alloca.memref, AffineMap.identity(self.rank))

    def call(self, code: int, types: int, inputs: Sequence[Operand], out: Operand) -> None:
        assert self.loop_sizes is not None
        emitter = self.emitter
        args: list[SSAValue] = []
        for value in (code, types):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        for operand in (*inputs, out):
            strided = emitter.strided(operand, self.rank)
            args += [strided.buffer, strided.offset, *strided.strides]
        args += emitter.sizes(self.loop_sizes)
        emitter.call(f"ex.{_EXPORTS[len(inputs)]}.4d", args)

    def lower(self, steps: Sequence[Step]) -> None:
        yielded = list(self.view.body.last_op.operands)  # type: ignore[union-attr]
        written: set[int] = set()
        last_use = {value: index for index, step in enumerate(steps) for value in step.op.operands}
        reads_argument = [
            any(isinstance(v, BlockArgument) for v in step.op.operands) for step in steps
        ]
        for index, step in enumerate(steps):
            inputs = [self.place(v) for v in step.op.operands]
            for value in dict.fromkeys(step.op.operands):  # each temporary freed once
                if last_use[value] == index and value not in yielded:
                    self._release(value)
            result = step.op.results[0]
            out = self._direct_output(
                result, yielded, written, not any(reads_argument[index + 1 :])
            )
            if out is None:
                out = self.temporary(result.type)
            self.places[result] = out
            self.call(step.code, step.types, inputs, out)
        copy = OPS.index("copy")
        for position, value in enumerate(yielded):
            if position not in written:
                code = _TYPE_CODES[value.type]
                self.call(copy, code | code << 8, [self.place(value)], self.view.output(position))

    def _direct_output(
        self, result: SSAValue, yielded: list[SSAValue], written: set[int], safe: bool
    ) -> Operand | None:
        if not safe or result not in yielded:
            return None
        position = yielded.index(result)
        written.add(position)
        return self.view.output(position)

    def _release(self, value: SSAValue) -> None:
        """Make the temporary holding `value` (if it is in one) free for later results."""
        place = self.places.get(value)
        if place is not None and place.value in self.temporaries:
            self.free.setdefault(_storage(value.type), []).append(place)


def _matches(view: Structured) -> bool:
    if any(not m.is_projected_permutation() for m in view.maps):
        return False
    if view.maps[0].num_dims > RANK or not view.num_outputs:
        return False
    outputs = [view.output(i).value for i in range(view.num_outputs)]
    if any(not isinstance(v.type, MemRefType) for v in outputs):
        return False
    yielded = view.body.last_op
    if not isinstance(yielded, YieldOp):
        return False
    return all(v.type in _TYPE_CODES for v in yielded.operands)


class LowerElementwiseToEx(RewritePattern):
    """A parallel linalg op whose body ops all have an `ex` op code -> one call per op."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        view = Structured.of(op)
        if view is None or not _matches(view):
            return
        steps = plan(view)
        if steps is None:
            return
        lowering = _Lowering(rewriter, view, op)
        if lowering.loop_sizes is None:
            return
        lowering.lower(steps)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerElementwiseToExUKernelsPass(ModulePass):
    """Lowers the elementwise linalg ops IREE's microkernels leave to `vmvx.ex.*` calls."""

    name = "pyvmvx-lower-elementwise-to-ex-ukernels"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerElementwiseToEx(), apply_recursively=False).rewrite_module(op)
