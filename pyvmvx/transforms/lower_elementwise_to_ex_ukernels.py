"""`pyvmvx-lower-elementwise-to-ex-ukernels`: elementwise linalg ops on buffers that IREE's
microkernels do not take become calls of pyvmvx's `vmvx.ex.{unary,binary,ternary}.4d`.

Runs after `iree-vmvx-lower-linalg-microkernels` under `ukernels=all` (the `ex` ukernel), on
what that pass left: linalg ops whose loops are all parallel, with projected-permutation
(transpose/broadcast) maps, and whose body ops are all in the runtime's op table
(`pyvmvx/runtime/modules/vmvx_ex_elementwise.py`: `arith`/`math` ops, compares, select,
casts) on f16/bf16/f32/f64/i1/i8/i16/i32/i64. At most 4 loops, or more that merge into 4
(`loop_groups`: unit loops dropped, loops contiguous in every operand merged), as the calls
take 4 dims.

Each body op becomes one call over the whole tile, in body order: its operands are the
buffers of block arguments (strides permuted into loop order, 0 for a broadcast dim), earlier
results, or scalars (a value from outside the body or an `arith.constant` in it, stored once
into a one-element `memref.alloca` read with stride 0). A result goes straight to its output
when it is yielded there and no later body op reads a block argument (which may alias the
output); other results go to `memref.alloca` temporaries (IREE's workgroup-local memory)
over the loops the value varies along (those of its operands; dynamic where the tile is),
computed by a call over those loops only (size 1 on the others): a value of one loop, or of
none, costs one row or one element, not a tile. Temporaries are reused once their last reader
has run (a kernel may write the region it reads). Outputs still unwritten are filled with a
`copy` call from their yielded value. i1 temporaries hold one byte per element.

Index computations (issue 12): `index` values are i64 (their temporaries and scalars hold
i64, whatever the VM's index width; `index_cast`/`index_castui` are `extsi`/`extui`/`trunci`
or a copy). `linalg.index d` is one `ex.iota` call writing loop `d`'s index (the tile's own;
after tiling the body adds the tile's offset with an `arith.addi`, an ordinary call) into a
temporary over loop `d` alone. A `memref.load` of a memref from outside the body at
computed indices (a bufferized `tensor.extract`: embedding lookups, reversals) is one
`ex.gather` call (`pyvmvx/runtime/modules/vmvx_ex_gather.py`): the source's buffer, offset,
strides and sizes left-padded to 4 dims (a padded dim's index a stored zero), one index
operand per source dim, the output; the kernel checks every index against the source's
sizes. A load from a buffer one of the op's outputs views stays scalar: the loop would read
its own writes back, the gather reads everything first. Both kernels are thin: the index
arithmetic between them is the ordinary per-op calls, so no expression of indices is
encoded in the ABI, and an iota of one loop feeds every later call through stride 0.

Why one call per op rather than one expression ukernel: each call is one or two numpy
passes over the tile, the work numpy itself does for the expression written in Python, and
the op table stays a flat list the compiler and runtime share, with no body encoding in the
ABI. An expression kernel would save only the fixed cost of each call (the VM call and the
bound checks, 5-15 us on a quiet machine), which is a few percent of a numpy pass over a
tile of tens of thousands of elements: `exp(-relu(a * b + c))` on 1024x1024 f32 runs 5 calls
of 65 VM ops per workgroup, and its time is the time of its numpy passes.

Sizes and strides are left-padded to rank 4 (size 1, stride 0). Ops that do not match are
left for the scalar fallback. A `tosa.apply_scale` in a body is first expanded to the arith
ops `iree-vmvx-conversion` would give it (`pyvmvx.conversion.tosa_to_arith.expand_scalar`),
so a quantized rescale epilogue is calls too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.dialects.linalg.ops import IndexOp, YieldOp
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.conversion.tosa_to_arith import expand_scalar
from pyvmvx.dialects.upstream_ext.tosa import ApplyScaleOp
from pyvmvx.interfaces.tiling_interface import buffer_of
from pyvmvx.ir.memref_layout import strided_layout
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OP_TABLE, OPS, RANK, TYPES, entry_for
from pyvmvx.transforms.ukernel_calls import (
    EX_TYPE_CODES as _TYPE_CODES,
)
from pyvmvx.transforms.ukernel_calls import (
    Emitter,
    Operand,
    Structured,
    is_strided_map,
    loop_sizes,
)

UKERNEL = "ex"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

_CMPF = "false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true".split()
_CMPI = "eq ne slt sle sgt sge ult ule ugt uge".split()
_EXPORTS = {1: "unary", 2: "binary", 3: "ternary"}
_I64 = TYPES["i64"]


@dataclass(frozen=True)
class Step:
    """One body op as a call: its op code (the loop dim for `linalg.index`, unused for a
    load) and `types` argument."""

    op: Operation
    code: int
    types: int


def _code(type: Attribute) -> int | None:
    """The `ex` type code of body values of `type` (index values are i64)."""
    return _I64 if isinstance(type, IndexType) else _TYPE_CODES.get(type)


def _bits(type: Attribute) -> int:
    return type.width.data if isinstance(type, IntegerType) else 64  # index: 64 bits


def _key(op: Operation) -> str | None:
    """The op table's name for body op `op`."""
    if op.name in ("arith.index_cast", "arith.index_castui"):
        src, dst = _bits(op.operands[0].type), _bits(op.results[0].type)
        if src == dst:
            return "copy"
        if src > dst:
            return "arith.trunci"
        return "arith.extsi" if op.name == "arith.index_cast" else "arith.extui"
    if isinstance(op, arith.CmpfOp | arith.CmpiOp):
        names = _CMPF if isinstance(op, arith.CmpfOp) else _CMPI
        predicate = op.predicate.value.data
        return f"{op.name}.{names[predicate]}" if 0 <= predicate < len(names) else None
    return op.name if op.name in OP_TABLE else None


def _gather(load: memref.LoadOp, view: Structured) -> Step | None:
    """A load at computed indices as `ex.gather`: from a memref of at most `RANK` dims that
    views no output's buffer (the scalar loop would read its own writes back)."""
    source = load.memref.type
    code = _TYPE_CODES.get(source.element_type) if isinstance(source, MemRefType) else None
    outputs = {buffer_of(view.output(i).value) for i in range(view.num_outputs)}
    if code is None or len(load.indices) > RANK or buffer_of(load.memref) in outputs:
        return None
    return Step(load, 0, code | code << 8)


def _step(op: Operation, view: Structured) -> Step | None:
    if isinstance(op, IndexOp):
        return Step(op, op.dim.value.data, _I64)
    if isinstance(op, memref.LoadOp):
        return _gather(op, view)
    key = _key(op)
    if key is None or len(op.results) != 1:
        return None
    if OP_TABLE[key].arity != len(op.operands):
        return None
    source = op.operands[1 if key == "arith.select" else 0].type
    src, dst = _code(source), _code(op.results[0].type)
    if src is None or dst is None:
        return None
    entry = entry_for(key, src, dst)
    if not entry.accepts(src, dst):
        return None
    second = 0
    if entry.second:  # fpowi: the exponent's own type
        second = _TYPE_CODES.get(op.operands[1].type, 0)
        if second not in entry.second:
            return None
    return Step(op, OPS.index(key), src | dst << 8 | second << 16)


def plan(view: Structured) -> list[Step] | None:
    """The calls of `view`'s body (constants excluded), or None if any op has none."""
    steps: list[Step] = []
    for op in view.body.ops:
        if isinstance(op, YieldOp | arith.ConstantOp):
            continue
        step = _step(op, view)
        if step is None:
            return None
        steps.append(step)
    return steps


def _storage(type: Attribute) -> Attribute:
    """The element type holding values of `type` in memory (one byte for i1, i64 for
    index)."""
    return i8 if type == i1 else i64 if isinstance(type, IndexType) else type


def _inputs(op: Operation) -> Sequence[SSAValue]:
    """The body values body op `op` reads (a load: its indices)."""
    return op.indices if isinstance(op, memref.LoadOp) else op.operands


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
        self.groups = (
            None if self.loop_sizes is None else loop_groups(self.buffers, self.loop_sizes)
        )
        self.places: dict[SSAValue, Operand] = {}
        self.temporaries: set[SSAValue] = set()
        self.free: dict[tuple[Attribute, frozenset[int]], list[Operand]] = {}

    def scalar(self, value: SSAValue) -> Operand:
        """A one-element buffer holding `value` (from outside the body, a scalar operand or
        a constant of the body), read with stride 0."""
        if isinstance(value, BlockArgument) and value.block is self.view.body:
            value = self.view.operands[value.index]
        elif isinstance(value.owner, arith.ConstantOp) and value.owner.parent is self.view.body:
            constant = value.owner.clone()
            self.emitter.insert(constant)
            value = constant.result
        if value.type in (i1, IndexType()):
            cast = arith.ExtUIOp(value, i8) if value.type == i1 else arith.IndexCastOp(value, i64)
            self.emitter.insert(cast)
            value = cast.results[0]
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

    def dims(self, value: SSAValue) -> frozenset[int]:
        """The loop dims along which the body value `value` varies (those its place reads)."""
        results = self.place(value).map.results
        return frozenset(r.position for r in results if isinstance(r, AffineDimExpr))

    def span(self, dims: frozenset[int]) -> frozenset[int]:
        """`dims` widened to the whole call dims (loop groups) they meet."""
        assert self.groups is not None
        return frozenset(d for group in self.groups if dims.intersection(group) for d in group)

    def temporary(self, type: Attribute, dims: frozenset[int]) -> Operand:
        """A free buffer of `type` values over the tile's loop dims `dims` (a `span`)."""
        key = (_storage(type), dims)
        if self.free.get(key):
            return self.free[key].pop()
        assert self.loop_sizes is not None
        shape: list[int] = []
        dynamic: list[SSAValue] = []
        for operand, pos in (self.loop_sizes[d] for d in sorted(dims)):
            assert isinstance(operand.value.type, MemRefType)
            size = operand.value.type.get_shape()[pos]
            shape.append(size)
            if size == DYNAMIC_INDEX:
                dynamic.append(self.emitter.descriptor(operand.value).sizes[pos])
        alloca = memref.AllocaOp.get(key[0], shape=shape or [1], dynamic_sizes=dynamic)
        self.emitter.insert(alloca)
        self.temporaries.add(alloca.memref)
        results = tuple(AffineDimExpr(d) for d in sorted(dims))
        return Operand(alloca.memref, AffineMap(self.rank, 0, results))

    def call(
        self,
        name: str,
        flags: Sequence[int],
        operands: Sequence[Operand | SSAValue],
        dims: frozenset[int],
    ) -> None:
        """Call `vmvx.<name>` with `flags` (i32s), then each operand (an `Operand` as its
        buffer, offset and strides in call-dim order, a value as itself), then the sizes of
        the call dims: the tile's for those meeting `dims`, 1 for the others."""
        assert self.loop_sizes is not None
        emitter = self.emitter
        args: list[SSAValue] = []
        for value in flags:
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        assert self.groups is not None
        call_dims = [group[-1] for group in self.groups]
        for operand in operands:
            if isinstance(operand, SSAValue):
                args.append(operand)
                continue
            strided = emitter.strided(operand, self.rank, call_dims)
            args += [strided.buffer, strided.offset, *strided.strides]
        sizes: list[SSAValue] = []
        for group in self.groups:
            operand, pos = self.loop_sizes[group[0]]
            if not dims.intersection(group):
                sizes.append(emitter.constant(1))
            elif len(group) == 1:
                sizes.append(emitter.descriptor(operand.value).sizes[pos])
            else:  # merged loops have static sizes
                static = [_static_size(self.loop_sizes[d]) for d in group]
                sizes.append(emitter.constant(prod(s for s in static if s is not None)))
        args += emitter.left_pad(sizes, 1)
        emitter.call(name, args)

    def emit(
        self, step: Step, inputs: Sequence[Operand], out: Operand, dims: frozenset[int]
    ) -> None:
        """The call computing `step` from its `inputs` (places) into `out` over `dims`."""
        op = step.op
        if isinstance(op, IndexOp):
            assert self.groups is not None
            dim = RANK - len(self.groups) + self.groups.index([step.code])
            self.call("ex.iota", (dim, step.types), [out], dims)
        elif isinstance(op, memref.LoadOp):
            desc = self.emitter.descriptor(op.memref)
            pad = self.emitter.left_pad
            source = [desc.base_buffer, desc.offset, *pad(desc.strides, 0), *pad(desc.sizes, 1)]
            zero = self.place(self.emitter.constant(0))  # the index of a padded dim
            indices = [zero] * (RANK - len(inputs)) + list(inputs)
            self.call("ex.gather", (step.types,), [*source, *indices, out], dims)
        else:
            name = f"ex.{_EXPORTS[len(inputs)]}.4d"
            self.call(name, (step.code, step.types), [*inputs, out], dims)

    def lower(self, steps: Sequence[Step]) -> None:
        yielded = list(self.view.body.last_op.operands)  # type: ignore[union-attr]
        written: set[int] = set()
        last_use = {value: index for index, step in enumerate(steps) for value in _inputs(step.op)}
        reads_argument = [
            any(isinstance(v, BlockArgument) for v in step.op.operands) for step in steps
        ]
        every = frozenset(range(self.rank))
        for index, step in enumerate(steps):
            values = _inputs(step.op)
            inputs = [self.place(v) for v in values]
            if isinstance(step.op, IndexOp):
                dims = frozenset([step.code])
            else:
                dims = self.span(frozenset().union(*(self.dims(v) for v in values)))
            for value in dict.fromkeys(values):  # each temporary freed once
                if last_use[value] == index and value not in yielded:
                    self._release(value)
            result = step.op.results[0]
            out = self._direct_output(
                result, yielded, written, not any(reads_argument[index + 1 :])
            )
            if out is None:
                out = self.temporary(result.type, dims)
            else:
                dims = every
            self.places[result] = out
            self.emit(step, inputs, out, dims)
        copy = OPS.index("copy")
        for position, value in enumerate(yielded):
            if position not in written:
                code = _TYPE_CODES[value.type]
                operands = [self.place(value), self.view.output(position)]
                self.call("ex.unary.4d", (copy, code | code << 8), operands, every)

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
            self.free.setdefault((_storage(value.type), self.dims(value)), []).append(place)


def _static_size(place: tuple[Operand, int]) -> int | None:
    """The static size of the loop dim operand dim `place` spans, or None."""
    operand, pos = place
    assert isinstance(operand.value.type, MemRefType)
    size = operand.value.type.get_shape()[pos]
    return None if size == DYNAMIC_INDEX else size


def _loop_strides(operand: Operand) -> list[int | None]:
    """The static element stride of each loop dim in `operand` (0 where it broadcasts),
    None where it is not static."""
    assert isinstance(operand.value.type, MemRefType)
    layout = strided_layout(operand.value.type)
    results = operand.map.results
    return [
        (None if layout is None else layout.strides[results.index(AffineDimExpr(d))])
        if AffineDimExpr(d) in results
        else 0
        for d in range(operand.map.num_dims)
    ]


def loop_groups(
    buffers: Sequence[Operand], sizes: Sequence[tuple[Operand, int]]
) -> list[list[int]] | None:
    """The loop dims as the calls' (at most `RANK`) dims: each alone when there are at most
    `RANK`, else loops of static size 1 dropped and adjacent loops merged where both sizes
    are static and every operand's stride of the outer one is its stride of the inner one
    times the inner size (so a 5-D transpose with a unit or contiguous pair of dims is one
    call); None if more than `RANK` remain. A merged group is read with its innermost
    loop's strides."""
    rank = len(sizes)
    if rank <= RANK:
        return [[d] for d in range(rank)]
    static = [_static_size(place) for place in sizes]
    strides = [_loop_strides(operand) for operand in buffers]
    groups: list[list[int]] = []
    for dim in range(rank):
        if static[dim] == 1:
            continue
        if groups and _mergeable(groups[-1][-1], dim, static, strides):
            groups[-1].append(dim)
        else:
            groups.append([dim])
    return groups if len(groups) <= RANK else None


def _mergeable(
    outer: int, inner: int, static: Sequence[int | None], strides: Sequence[Sequence[int | None]]
) -> bool:
    size = static[inner]
    if static[outer] is None or size is None:
        return False
    return all(
        s[outer] is not None and s[inner] is not None and s[outer] == s[inner] * size
        for s in strides
    )


def _matches(view: Structured) -> bool:
    if not all(is_strided_map(m) for m in view.maps):
        return False
    if not view.num_outputs:
        return False
    outputs = [view.output(i).value for i in range(view.num_outputs)]
    if any(not isinstance(v.type, MemRefType) for v in outputs):
        return False
    if not isinstance(view.body.last_op, YieldOp):
        return False
    return all(
        v.type.element_type in _TYPE_CODES  # not index: its width in memory may vary
        for v in view.operands
        if isinstance(v.type, MemRefType)
    )


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
        groups = lowering.groups
        if groups is None or any(
            isinstance(s.op, IndexOp) and [s.code] not in groups for s in steps
        ):  # a linalg.index of a merged or dropped loop
            return
        lowering.lower(steps)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerElementwiseToExUKernelsPass(ModulePass):
    """Lowers the elementwise linalg ops IREE's microkernels leave to `vmvx.ex.*` calls."""

    name = "pyvmvx-lower-elementwise-to-ex-ukernels"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        for scale in [o for o in op.walk() if isinstance(o, ApplyScaleOp)]:
            if Structured.of(scale.parent_op()) is not None:  # type: ignore[arg-type]
                expand_scalar(scale)
        PatternRewriteWalker(LowerElementwiseToEx(), apply_recursively=False).rewrite_module(op)
