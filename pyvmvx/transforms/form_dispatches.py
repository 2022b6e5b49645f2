"""`pyvmvx-form-dispatches`: the compute ops of a tensor program become dispatches, with
elementwise producers and consumers fused into them as IREE fuses them.

IREE reaches the same point with its DispatchCreation passes (elementwise op fusion, form
dispatch regions, clone producers into them, convert them to workgroups, outline) followed
by HAL's interface materialization; this pass does the whole of it in one step and emits
IREE's `--compile-to=executable-sources` form directly:

- **Preparation.** `tensor.generate` becomes a `linalg.generic` on a `tensor.empty`
  (`linalg.index` for its indices); `tensor.dim`s of computed tensors are answered from
  the sizes they were created with (`_simplify_dims`); an all-parallel `linalg.generic`
  used once, as an input of another generic, is merged into it (`_fuse_elementwise`).
- **Dispatched ops.** Linalg ops (structured ops, `broadcast`, `reduce`, `pack`, `unpack`)
  and the tensor ops that produce new data (`tensor.pad`, `concat`, `extract_slice`,
  `insert_slice`, `insert`, `splat`, `from_elements`). A `linalg.fill` of a `tensor.empty`
  used only as the destination of other linalg ops is not dispatched: like `tensor.empty`,
  `tensor.extract` (and scalar arithmetic on extracted elements) and constants (scalars,
  splats and tensors of at most `SMALL_CONSTANT_ELEMENTS` elements) it is cloned into the
  dispatches that use it; other constants, and every `dense_resource` (weights), stay on
  the host as module data. A contiguous `extract_slice` (one run of its source's elements)
  stays on the host as a view, as do reshapes, `tensor.cast`, `tensor.dim`, scalar code and
  control flow.
- **Fusion** (`_fusion_groups`, IREE's `FormDispatchRegions` without aggressive fusion):
  roots are first the linalg ops with a reduction loop (matmul, convolutions, reductions,
  ...) and `unpack`, then the remaining dispatched ops. A root takes in the elementwise
  producers used only as its destination, and then its chain of single consumers that are
  all-parallel linalg ops with compatible outer parallel loops and no more loops than it
  (not after `mmt4d`; after a convolution only when the consumer can write in place).
  `relu(matmul(x, w) + b)` is thus one dispatch. An elementwise producer of a matmul
  *input* is not fused (IREE fuses it only under aggressive fusion); tensor ops, `pack` and
  lone fills are dispatches of their own. The dispatch is named after the op its group was
  formed around and returns the results of the group's last op.
- **Executables.** A dispatch becomes `hal.executable.source @<fn>_dispatch_<n>` with one
  export `@<fn>_dispatch_<n>_<op>`: tensor operands are read-only bindings read with
  `iree_tensor_ext.dispatch.tensor.load`, each result a write-only binding written with
  `dispatch.tensor.store`; scalar operands and every dynamic dimension are push constants
  (`index` and integers of up to 32 bits one slot, `f32` bitcast to one slot, the bits of
  `f16`/`bf16` in one, 64-bit values two slots, low word first); the `index` ones are the workload
  (`iree_tensor_ext.dispatch.workload.ordinal`), and the export's count region is
  `iree_tensor_ext.dispatch.workgroup_count_from_slice` of them.
- **Host.** The group is replaced by `flow.dispatch @<fn>_dispatch_<n>::@<export>
  [workload](tensors..., scalars...)` with the dynamic dimensions of its arguments
  (`tensor.dim` on the host) and of its results (reified from the last op's operands,
  through the destinations of the ops fused into it). `--compile-to=flow` prints this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    i32,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import IndexOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.dialects import flow, hal, iree_tensor_ext, util
from pyvmvx.dialects.upstream_ext.arith import IndexCastUIOp
from pyvmvx.dialects.upstream_ext.linalg import (
    BroadcastOp,
    GenericOp,
    Mmt4DOp,
    PackOp,
    ReduceOp,
    UnPackOp,
)
from pyvmvx.dialects.upstream_ext.tensor import GenerateOp
from pyvmvx.interfaces.tiling_interface import PARALLEL, MapTilingModel, tiling_model
from pyvmvx.ir.dense_splat import splat_count
from pyvmvx.ir.diagnostics import op_error

_Add = Callable[[Operation], Operation]
_Known = dict[tuple[SSAValue, int], SSAValue]
"""`tensor.dim`s already made on the host, by (tensor, axis)."""

SMALL_CONSTANT_ELEMENTS = 64
"""Dense tensor constants up to this many elements are cloned into dispatches; larger ones
stay on the host as module data and reach dispatches as bindings."""

_TENSOR_ROOTS = (
    tensor.PadOp,
    tensor.ConcatOp,
    tensor.ExtractSliceOp,
    tensor.InsertSliceOp,
    tensor.InsertOp,
    tensor.SplatOp,
    tensor.FromElementsOp,
)
_FUNCTIONS = (func.FuncOp, util.FuncOp)


def _is_root(op: Operation) -> bool:
    """Ops computed in dispatches (fused or alone)."""
    if isinstance(op, _TENSOR_ROOTS):
        return not _is_contiguous_slice(op)
    if isinstance(op, LinalgStructuredOperation) and op.results:
        return not _is_absorbed_fill(op)
    return isinstance(op, PackOp | UnPackOp | BroadcastOp | ReduceOp) and bool(op.results)


def _is_contiguous_slice(op: Operation) -> bool:
    """A unit-stride `tensor.extract_slice` whose elements are one run of its source's:
    size 1 on the axes before some axis and the whole source on the axes after it (a
    dynamic whole size is a `tensor.dim` of the source on that axis). It stays on the host
    as a view (`hal.buffer.subspan`), as IREE makes such slices of buffers."""
    if not isinstance(op, tensor.ExtractSliceOp):
        return False
    source = op.source.type
    assert isinstance(source, TensorType)
    shape = source.get_shape()
    if any(stride != 1 for stride in op.static_strides.get_values()):
        return False
    offsets = op.static_offsets.get_values()
    dynamic_sizes = iter(op.sizes)
    whole = []
    unit = []
    for axis, size in enumerate(op.static_sizes.get_values()):
        dim = _producer(next(dynamic_sizes)) if size == DYNAMIC_INDEX else None
        unit.append(size == 1)
        full = size == shape[axis] >= 0 or _is_dim(dim, op.source, axis)
        whole.append(offsets[axis] == 0 and full)
    return any(all(unit[:k]) and all(whole[k + 1 :]) for k in range(len(shape))) or not shape


def _is_dim(op: Operation | None, source: SSAValue, axis: int) -> bool:
    """Whether `op` is `tensor.dim` of `source` on the constant `axis`."""
    if not isinstance(op, tensor.DimOp) or op.source is not source:
        return False
    index = _producer(op.index)
    return isinstance(index, arith.ConstantOp) and index.value == IntegerAttr(axis, IndexType())


def _inits(op: Operation) -> Sequence[SSAValue]:
    """The destination operands of a destination-style op (empty for others)."""
    if isinstance(op, LinalgStructuredOperation):
        return op.outputs
    if isinstance(op, PackOp | UnPackOp):
        return (op.dest,)
    if isinstance(op, BroadcastOp | ReduceOp):
        return (op.init,)
    return ()


def _is_absorbed_fill(op: Operation) -> bool:
    """A fill of a `tensor.empty` whose only uses are as destinations of linalg ops."""
    if op.name != "linalg.fill" or not isinstance(_producer(_inits(op)[0]), tensor.EmptyOp):
        return False
    return all(
        use.operation.operands[use.index] in _inits(use.operation) and _is_root(use.operation)
        for result in op.results
        for use in result.uses
    )


def _producer(value: SSAValue) -> Operation | None:
    owner = value.owner
    return owner if isinstance(owner, Operation) else None


def _is_cloned_producer(op: Operation) -> bool:
    """Ops cloned into every dispatch that uses them instead of becoming bindings: empty
    tensors, absorbed fills, small constants, `tensor.extract` (as in IREE) and the scalar
    arithmetic computed from extracted elements."""
    if isinstance(op, tensor.EmptyOp | tensor.ExtractOp) or _is_absorbed_fill(op):
        return True
    if isinstance(op, arith.ConstantOp):
        value = op.value
        if isinstance(value, DenseIntOrFPElementsAttr):
            # Compact splats only: xDSL's `is_splat` builds every element of a constant.
            return len(value) <= SMALL_CONSTANT_ELEMENTS or splat_count(value) is not None
        return not isinstance(value, DenseResourceAttr)  # weights stay on the host
    return _is_element_arithmetic(op)


def _is_element_arithmetic(op: Operation) -> bool:
    """A scalar `arith`/`math` op with an operand computed from a tensor's elements."""
    if op.regions or op.dialect_name() not in ("arith", "math"):
        return False
    if any(isinstance(v.type, TensorType) for v in (*op.operands, *op.results)):
        return False
    return any(
        isinstance(p, tensor.ExtractOp) or p is not None and _is_element_arithmetic(p)
        for p in map(_producer, op.operands)
    )


def _slots(type_: Attribute) -> int:
    """Push-constant slots a scalar of `type_` takes (0: not passable)."""
    if isinstance(type_, IndexType | Float32Type | Float16Type | BFloat16Type):
        return 1
    if isinstance(type_, IntegerType):
        return 1 if type_.width.data <= 32 else 2 if type_.width.data == 64 else 0
    return 2 if isinstance(type_, Float64Type) else 0


@dataclass(eq=False)
class _Region:
    """The ops of one dispatch and the values that cross into it. `fused` are its compute
    ops in program order, the last (`root`) giving the dispatch's results; `seed`, the op
    the group was formed around, names it."""

    fused: list[Operation]
    seed: Operation
    ops: list[Operation] = field(default_factory=list)
    tensors: list[SSAValue] = field(default_factory=list)
    scalars: list[SSAValue] = field(default_factory=list)

    @property
    def root(self) -> Operation:
        return self.fused[-1]

    def collect(self) -> None:
        """`ops`: the fused ops and their cloned producers in program order; the values
        defined outside them, split into tensors (bindings) and scalars (push constants)."""
        members: set[Operation] = set()
        pending = list(self.fused)
        while pending:
            op = pending.pop()
            if op in members:
                continue
            members.add(op)
            for operand in _used_values(op):
                producer = _producer(operand)
                if producer is not None and _is_cloned_producer(producer):
                    pending.append(producer)
        block = self.root.parent_block()
        assert block is not None
        self.ops = [op for op in block.ops if op in members]
        defined = {r for op in self.ops for r in op.results}
        for op in self.ops:
            for operand in _used_values(op):
                if operand in defined or operand in self.tensors or operand in self.scalars:
                    continue
                if isinstance(operand.type, TensorType):
                    self.tensors.append(operand)
                elif _slots(operand.type):
                    self.scalars.append(operand)
                else:
                    raise op_error(
                        op,
                        f"pyvmvx-form-dispatches: cannot pass a value of type "
                        f"{operand.type} into a dispatch",
                    )


def _used_values(op: Operation) -> Iterable[SSAValue]:
    """Operands of `op` and of the ops nested in it that are defined outside `op`."""
    inner = {op, *op.walk()}
    for nested in inner:
        for operand in nested.operands:
            owner = operand.owner
            parent = owner.parent_op() if isinstance(owner, Block) else owner
            if parent not in inner or isinstance(owner, Block) and owner.parent_op() is None:
                yield operand


def _simplify_dims(function: Operation) -> None:
    """`tensor.dim`s answered without their tensor (IREE's `simplifyDimOps`): a static
    size, a `tensor.empty`'s size operand, or the dim of a compute op's destination, so
    that fused intermediate tensors need no host value."""
    for dim in [o for o in function.walk() if isinstance(o, tensor.DimOp)]:
        index_op = _producer(dim.index)
        if not isinstance(index_op, arith.ConstantOp):
            continue
        assert isinstance(index_op.value, IntegerAttr)
        axis = index_op.value.value.data
        source = dim.source
        size: SSAValue | None = None
        while size is None:
            assert isinstance(source.type, TensorType)
            shape = source.type.get_shape()
            if not 0 <= axis < len(shape):
                break
            producer = _producer(source)
            if shape[axis] >= 0:
                size = _index_constant(shape[axis], dim)
            elif isinstance(producer, tensor.EmptyOp):
                size = producer.dynamic_sizes[sum(1 for s in shape[:axis] if s < 0)]
            elif producer is not None and _inits(producer):
                source = _inits(producer)[producer.results.index(source)]
            else:
                break
        if size is not None:
            dim.result.replace_all_uses_with(size)
            Rewriter.erase_op(dim)
        elif source is not dim.source:
            dim.operands[0] = source


def _generate_to_generic(function: Operation) -> None:
    """`tensor.generate` in destination-passing style (MLIR's `ConvertToDestinationStyle`):
    a `linalg.generic` without inputs on a `tensor.empty` of the same sizes, its body the
    generate's with `linalg.index` for the indices."""
    for op in [o for o in function.walk() if isinstance(o, GenerateOp)]:
        result = op.result.type
        assert isinstance(result, TensorType)
        rank = len(result.get_shape())
        empty = tensor.EmptyOp(list(op.dynamic_extents), result)
        block = Block(arg_types=[result.element_type])
        body = op.body.block
        for axis, arg in enumerate(body.args):
            index = IndexOp(axis)
            block.add_op(index)
            arg.replace_all_uses_with(index.result)
        *inner_ops, terminator = body.ops
        for inner in inner_ops:
            inner.detach()
            block.add_op(inner)
        block.add_op(YieldOp(*terminator.operands))
        identity = AffineMapAttr(AffineMap.identity(rank))
        generic = GenericOp(
            [],
            [empty.tensor],
            Region(block),
            [identity],
            [IteratorTypeAttr.parallel()] * rank,
            [result],
        )
        Rewriter.insert_op(empty, InsertPoint.before(op))
        Rewriter.replace_op(op, generic)


def _fuse_elementwise(function: Operation) -> None:
    """IREE's elementwise op fusion (linalg's `fuseElementwiseOps`), before dispatches are
    formed: an all-parallel `linalg.generic` with one result, used once as an input of
    another `linalg.generic`, is merged into it when its result map is a permutation and
    its payload does not read its destination. The merged op takes the producer's inputs in
    place of the fused operand, their maps composed through the producer's result map, and
    computes the producer's payload ahead of the consumer's."""
    fused = True
    while fused:
        fused = False
        for consumer in list(function.walk()):
            if not isinstance(consumer, GenericOp):
                continue
            for index, operand in enumerate(consumer.inputs):
                producer = _producer(operand)
                if isinstance(producer, GenericOp) and _merges_into(producer, consumer):
                    _merge(producer, consumer, index)
                    fused = True
                    break


def _merges_into(producer: GenericOp, consumer: GenericOp) -> bool:
    if len(producer.results) != 1 or len(producer.outputs) != 1:
        return False
    uses = list(producer.results[0].uses)
    if len(uses) != 1 or uses[0].operation is not consumer:
        return False
    if consumer.parent_block() is not producer.parent_block():
        return False
    if not all(_fusion_loops(producer) or [False]):
        return False
    result_map = producer.indexing_maps.data[-1].data
    inverse = result_map.inverse_permutation()
    if result_map.num_dims != len(result_map.results) or inverse is None:
        return False
    if any(isinstance(op, IndexOp) for op in producer.body.walk()):
        operand_map = consumer.indexing_maps.data[uses[0].index].data
        loops = len(consumer.iterator_types)
        if inverse.compose(operand_map) != AffineMap.identity(loops):
            return False  # its indices would need remapping to the consumer's loops
    return not producer.body.block.args[-1].uses


def _merge(producer: GenericOp, consumer: GenericOp, index: int) -> None:
    """Replaces `consumer` by the generic computing `producer` (its input `index`) in it."""
    maps = [m.data for m in consumer.indexing_maps.data]
    producer_maps = [m.data for m in producer.indexing_maps.data]
    inverse = producer_maps[-1].inverse_permutation()
    assert inverse is not None
    to_producer = inverse.compose(maps[index])
    inputs = [*consumer.inputs[:index], *producer.inputs, *consumer.inputs[index + 1 :]]
    new_maps = [
        *maps[:index],
        *(m.compose(to_producer) for m in producer_maps[: len(producer.inputs)]),
        *maps[index + 1 :],
    ]
    consumer_args = consumer.body.block.args
    producer_args = producer.body.block.args[: len(producer.inputs)]
    arg_types = [
        *(a.type for a in consumer_args[:index]),
        *(a.type for a in producer_args),
        *(a.type for a in consumer_args[index + 1 :]),
    ]
    block = Block(arg_types=arg_types)
    new_args = list(block.args)
    mapping: dict[SSAValue, SSAValue] = dict(
        zip(producer_args, new_args[index : index + len(producer_args)], strict=True)
    )
    *producer_ops, producer_yield = producer.body.block.ops
    for op in producer_ops:
        clone = op.clone(value_mapper=mapping)
        block.add_op(clone)
        mapping.update(zip(op.results, clone.results, strict=True))
    mapping[consumer_args[index]] = mapping.get(
        producer_yield.operands[0], producer_yield.operands[0]
    )
    rest = new_args[index + len(producer_args) :]
    mapping.update(zip(consumer_args[:index], new_args[:index], strict=True))
    mapping.update(zip(consumer_args[index + 1 :], rest, strict=True))
    for op in consumer.body.block.ops:
        clone = op.clone(value_mapper=mapping)
        block.add_op(clone)
        mapping.update(zip(op.results, clone.results, strict=True))
    merged = GenericOp(
        inputs,
        consumer.outputs,
        Region(block),
        [AffineMapAttr(m) for m in new_maps],
        consumer.iterator_types,
        [r.type for r in consumer.results],
    )
    Rewriter.replace_op(consumer, merged)
    Rewriter.erase_op(producer)


def _fusion_groups(function: Operation) -> list[_Region]:
    """The dispatches of `function` by IREE's rules (`FormDispatchRegions`, without its
    aggressive-fusion option), block by block:

    1. Roots, last to first: linalg ops with a reduction loop (matmul, convolution,
       pooling, reductions, ...) and `linalg.unpack` (all-parallel named ops count as
       elementwise: IREE generalizes them first). Each takes in its elementwise producers
       used only by it, as its destination (`outs`).
    2. Then each root takes in its single consumer while that consumer is an all-parallel
       linalg op (not `mmt4d`'s) with compatible outer parallel loops and at most as many
       loops; the consumer becomes the group's root, and so on down the chain.
    3. The remaining dispatched ops become roots in turn, with the same two rules for
       all-parallel linalg ops; tensor ops (`pad`, `concat`, slices, ...) and `linalg.pack`
       stay alone.
    """
    group_of: dict[Operation, _Region] = {}
    blocks = [b for o in function.walk() for r in o.regions for b in r.blocks]
    for block in blocks:
        for first_phase in (True, False):
            seeds: list[_Region] = []
            for op in reversed(list(block.ops)):
                if op in group_of or not _is_root(op):
                    continue
                loops = _fusion_loops(op)
                if first_phase and not isinstance(op, UnPackOp) and (loops is None or all(loops)):
                    continue
                region = _Region([op], op)
                group_of[op] = region
                seeds.append(region)
                if loops is not None:
                    _fuse_producers(region, group_of)
            for region in reversed(seeds):
                if _fusion_loops(region.seed) is not None:
                    _fuse_consumers(region, group_of)
    regions = list(dict.fromkeys(group_of.values()))
    for region in regions:
        block = region.seed.parent_block()
        assert block is not None
        region.fused.sort(key=block.get_operation_index)
    return sorted(regions, key=_program_order(function))


def _program_order(function: Operation) -> Callable[[_Region], int]:
    order = {op: index for index, op in enumerate(function.walk())}
    return lambda region: order[region.root]


def _fusion_loops(op: Operation) -> list[bool] | None:
    """Per loop, whether it is parallel, for the ops fusion considers (linalg ops with
    indexing maps, `mmt4d` included; not `fill`, `pack`, `unpack`); None for the others."""
    if isinstance(op, PackOp | UnPackOp) or op.name == "linalg.fill":
        return None
    model = tiling_model(op)
    if not isinstance(model, MapTilingModel) or not op.results:
        return None
    return [kind == PARALLEL for kind in model.iterator_types]


def _outer_parallel(loops: Sequence[bool]) -> list[bool]:
    """IREE's `getOuterParallelLoops`: the leading parallel loops."""
    count = next((i for i, parallel in enumerate(loops) if not parallel), len(loops))
    return [i < count for i in range(len(loops))]


def _operand_map(op: Operation, index: int) -> AffineMap | None:
    model = tiling_model(op)
    assert isinstance(model, MapTilingModel)
    return model.maps[index]


def _result_map(op: Operation, result: SSAValue) -> AffineMap | None:
    return _operand_map(op, _first_init(op) + op.results.index(result))


def _first_init(op: Operation) -> int:
    """The position of the first destination among the operands (they come last)."""
    return len(op.operands) - len(_inits(op))


def _compatible_loops(op: Operation, map_: AffineMap | None, root: Sequence[bool]) -> bool:
    """IREE's `hasCompatibleOuterParallelLoops`: `map_` of `op` is a projected permutation
    that, on the root's outer parallel loops, is the identity (other results being dropped),
    and `op`'s loops are as parallel as the root's."""
    loops = _fusion_loops(op)
    if map_ is None or loops is None or map_.num_symbols or not map_.results:
        return False
    positions = [e.position for e in map_.results if isinstance(e, AffineDimExpr)]
    if len(positions) != len(map_.results) or len(set(positions)) != len(positions):
        return False
    outer = _outer_parallel(loops)
    if not all(outer):
        if outer != list(root):
            return False
    elif any(r and (i >= len(outer) or not outer[i]) for i, r in enumerate(root)):
        return False
    kept = [i < len(root) and root[i] for i in range(len(loops))]
    projected = [sum(kept[:p]) for p in positions if kept[p]]
    return projected == list(range(sum(kept)))


def _fusable(producer: Operation, consumer: Operation, root: Sequence[bool]) -> bool:
    """IREE's `areOpsFusable`: every use of `producer` by `consumer` has compatible loops
    on both sides."""
    return all(
        _compatible_loops(producer, _result_map(producer, operand), root)
        and _compatible_loops(consumer, _operand_map(consumer, index), root)
        for index, operand in enumerate(consumer.operands)
        if _producer(operand) is producer
    )


def _single_use(op: Operation) -> tuple[Operation, int] | None:
    """The one use of `op`'s results (IREE's `getFusableUse` without aggressive fusion,
    after `_simplify_dims`), if it is in the same block."""
    uses = [u for r in op.results for u in r.uses]
    if len(uses) != 1 or uses[0].operation.parent_block() is not op.parent_block():
        return None
    return uses[0].operation, uses[0].index


def _fuse_producers(region: _Region, group_of: dict[Operation, _Region]) -> None:
    """IREE's `fuseRootsWithProducers`: producers used only as a destination of the op."""
    loops = _fusion_loops(region.seed)
    assert loops is not None
    root = _outer_parallel(loops)
    pending = [region.seed]
    while pending:
        candidate = pending.pop()
        for index, operand in enumerate(candidate.operands):
            producer = _producer(operand)
            if (
                producer is None
                or producer in group_of
                or _is_cloned_producer(producer)
                or not _is_root(producer)
                or _fusion_loops(producer) is None
                or _single_use(producer) != (candidate, index)
                or index < _first_init(candidate)
                or not _fusable(producer, candidate, root)
            ):
                continue
            region.fused.append(producer)
            group_of[producer] = region
            pending.append(producer)


def _fuse_consumers(region: _Region, group_of: dict[Operation, _Region]) -> None:
    """IREE's `fuseRootsWithConsumers`: the chain of single all-parallel consumers."""
    loops = _fusion_loops(region.seed)
    assert loops is not None
    root = _outer_parallel(loops)
    current = region.seed
    while (use := _single_use(current)) is not None:
        consumer, index = use
        consumer_loops = _fusion_loops(consumer)
        producer_loops = _fusion_loops(current)
        if (
            consumer in group_of
            or consumer_loops is None
            or producer_loops is None
            or not all(consumer_loops)
            or isinstance(current, Mmt4DOp)
            or len(producer_loops) < len(consumer_loops)
            or not _fusable(current, consumer, root)
            or _is_convolution(current)
            and not _reuses_input(consumer, index)
        ):
            return
        region.fused.append(consumer)
        group_of[consumer] = region
        current = consumer


def _is_convolution(op: Operation) -> bool:
    return op.name.startswith(("linalg.conv", "linalg.depthwise_conv"))


def _reuses_input(consumer: Operation, index: int) -> bool:
    """IREE's `canUseInOperandAsInitOperand`: a destination of the generic `consumer` has
    the type and map of its input `index` and its value is not read, so the fused
    producer's buffer can hold the result (a convolution then needs no extra memory)."""
    if consumer.name != "linalg.generic" or not isinstance(consumer, LinalgStructuredOperation):
        return False
    body = consumer.regions[0].blocks.first
    assert body is not None
    operand = consumer.operands[index]
    return any(
        init.type == operand.type
        and _operand_map(consumer, position) == _operand_map(consumer, index)
        and not body.args[position].uses
        for position, init in enumerate(consumer.operands)
        if position >= len(consumer.inputs)
    )


@dataclass(frozen=True)
class FormDispatchesPass(ModulePass):
    """Outlines the compute ops of the module's functions into HAL executable sources,
    fusing elementwise producers and consumers as IREE does."""

    name = "pyvmvx-form-dispatches"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.body.block.ops if isinstance(f, _FUNCTIONS)]:
            prefix = function.sym_name.data
            _generate_to_generic(function)
            _simplify_dims(function)
            _fuse_elementwise(function)
            known: _Known = {}
            for index, region in enumerate(_fusion_groups(function)):
                region.collect()
                source = _outline(region, f"{prefix}_dispatch_{index}", known)
                Rewriter.insert_op(source, InsertPoint.before(function))
            _erase_dead(function)


def _erase_dead(function: Operation) -> None:
    """Erase host ops left without users (cloned producers, unused dims)."""
    changed = True
    while changed:
        changed = False
        for op in reversed(list(function.walk())):
            dead = op.results and all(not r.uses for r in op.results)
            if dead and _is_cloned_producer(op) or isinstance(op, tensor.DimOp) and dead:
                Rewriter.erase_op(op)
                changed = True


def _index_constant(value: int, before: Operation) -> SSAValue:
    constant = arith.ConstantOp(IntegerAttr(value, IndexType()))
    Rewriter.insert_op(constant, InsertPoint.before(before))
    return constant.result


def _host_dims(value: SSAValue, known: _Known) -> list[SSAValue]:
    """The dynamic dimensions of tensor `value` as host values: the sizes it was created
    with (a dispatch result, `tensor.empty`), else `tensor.dim`s placed right after its
    definition (once per tensor and axis, the program's own dim moved there if it has one)
    so that every later use is dominated."""
    assert isinstance(value.type, TensorType)
    producer = _producer(value)
    if isinstance(producer, flow.DispatchOp):
        return list(producer.dims_of_result(producer.results.index(value)))
    if isinstance(producer, tensor.EmptyOp):
        return list(producer.dynamic_sizes)
    if producer is not None:
        point = InsertPoint.after(producer)
    else:
        owner = value.owner
        assert isinstance(owner, Block)
        point = InsertPoint.at_start(owner)
    dims = []
    for axis, size in enumerate(value.type.get_shape()):
        if size < 0:
            if (value, axis) not in known:
                index = arith.ConstantOp(IntegerAttr(axis, IndexType()))
                dim = next(
                    (u.operation for u in value.uses if _is_dim(u.operation, value, axis)),
                    None,
                )
                if dim is None:
                    dim = tensor.DimOp(value, index)
                else:
                    dim.detach()
                    dim.operands[1] = index.result
                Rewriter.insert_op([index, dim], point)
                point = InsertPoint.after(dim)
                known[value, axis] = dim.result
            dims.append(known[value, axis])
    return dims


def _add(a: SSAValue, b: SSAValue, before: Operation) -> SSAValue:
    total = arith.AddiOp(a, b)
    Rewriter.insert_op(total, InsertPoint.before(before))
    return total.result


def _mixed(static: int, dynamic: Iterable[SSAValue], before: Operation) -> SSAValue:
    return next(iter(dynamic)) if static < 0 else _index_constant(static, before)


def _result_dims(root: Operation, before: Operation, known: _Known) -> list[list[SSAValue]]:
    """The dynamic dimensions of each result of `root`, computed on the host."""
    inits = _inits(root)
    if inits:
        return [_init_dims(init, known) for init in inits]
    result = root.results[0]
    assert isinstance(result.type, TensorType)
    shape = result.type.get_shape()
    if all(s >= 0 for s in shape):
        return [[]]
    if isinstance(root, tensor.InsertSliceOp | tensor.InsertOp):
        return [_host_dims(root.operands[1], known)]
    if isinstance(root, tensor.SplatOp | tensor.ExtractSliceOp):
        return [_dynamic_sizes(root)]
    if isinstance(root, tensor.PadOp):
        return [_pad_dims(root, before, known)]
    if isinstance(root, tensor.ConcatOp):
        return [_concat_dims(root, before, known)]
    raise op_error(root, "pyvmvx-form-dispatches: cannot compute the result's dynamic sizes")


def _init_dims(init: SSAValue, known: _Known) -> list[SSAValue]:
    """The dynamic sizes of a destination, followed through the destinations of the ops
    computing it (fused into the same dispatch, so not on the host)."""
    producer = _producer(init)
    if isinstance(producer, tensor.EmptyOp):
        return list(producer.dynamic_sizes)
    if producer is not None and _inits(producer):
        return _init_dims(_inits(producer)[producer.results.index(init)], known)
    return _host_dims(init, known)


def _dynamic_sizes(root: Operation) -> list[SSAValue]:
    """The size operands of `tensor.splat`, or the kept dynamic sizes of a slice."""
    if isinstance(root, tensor.ExtractSliceOp):
        result = root.result.type
        assert isinstance(result, TensorType)
        return list(root.sizes)[: sum(1 for s in result.get_shape() if s < 0)]
    return [o for o in root.operands if isinstance(o.type, IndexType)]


def _pad_dims(pad: tensor.PadOp, before: Operation, known: _Known) -> list[SSAValue]:
    source = pad.source.type
    assert isinstance(source, TensorType)
    low = iter(pad.low)
    high = iter(pad.high)
    source_dims = iter(_host_dims(pad.source, known))
    dims = []
    result = pad.result.type
    assert isinstance(result, TensorType)
    for axis, size in enumerate(result.get_shape()):
        low_value = _mixed(pad.static_low.get_values()[axis], low, before)
        high_value = _mixed(pad.static_high.get_values()[axis], high, before)
        src = source.get_shape()[axis]
        src_value = next(source_dims) if src < 0 else _index_constant(src, before)
        if size < 0:
            dims.append(_add(_add(src_value, low_value, before), high_value, before))
    return dims


def _concat_dims(concat: tensor.ConcatOp, before: Operation, known: _Known) -> list[SSAValue]:
    axis = concat.dim.value.data
    result = concat.result.type
    assert isinstance(result, TensorType)
    dims = []
    for index, size in enumerate(result.get_shape()):
        if size >= 0:
            continue
        parts = []
        for operand in concat.inputs:
            assert isinstance(operand.type, TensorType)
            extent = operand.type.get_shape()[index]
            if extent >= 0:
                parts.append(_index_constant(extent, before))
            else:
                position = sum(1 for s in operand.type.get_shape()[:index] if s < 0)
                parts.append(_host_dims(operand, known)[position])
            if index != axis:
                break
        total = parts[0]
        for part in parts[1:]:
            total = _add(total, part, before)
        dims.append(total)
    return dims


def _outline(region: _Region, name: str, known: _Known) -> hal.ExecutableSourceOp:
    """The executable of `region`, and its `flow.dispatch` in place of the root."""
    root = region.root
    argument_dims = [_host_dims(t, known) for t in region.tensors]
    result_dims = _result_dims(root, root, known)
    constants: list[SSAValue] = []  # every push-constant operand, in slot order
    for value in [d for dims in argument_dims + result_dims for d in dims] + region.scalars:
        if value not in constants:
            constants.append(value)
    slot_count = sum(_slots(v.type) for v in constants)
    bindings = [
        hal.PipelineBindingAttr(hal.DescriptorType.STORAGE_BUFFER, hal.DescriptorFlags.ReadOnly)
    ] * len(region.tensors) + [hal.PipelineBindingAttr()] * len(root.results)
    layout = hal.PipelineLayoutAttr(bindings, slot_count)
    export_name = f"{name}_{region.seed.name.partition('.')[2].replace('.', '_')}"
    body = _dispatch_body(region, layout, constants, argument_dims, result_dims)
    function = func.FuncOp(export_name, ((), ()), Region(body))
    workload = [v for v in constants if isinstance(v.type, IndexType)]
    export = hal.ExecutableExportOp(
        export_name, layout, ordinal=0, workgroup_count=_count_region(len(workload))
    )
    export.sym_visibility = StringAttr("public")
    source = hal.ExecutableSourceOp(name, [export, ModuleOp([function])], visibility="private")
    dispatch = flow.DispatchOp(
        SymbolRefAttr(name, [export_name]),
        workload,
        [*region.tensors, *constants],
        [d for dims in argument_dims for d in dims],
        [r.type for r in root.results],
        [d for dims in result_dims for d in dims],
    )
    Rewriter.insert_op(dispatch, InsertPoint.before(root))
    for old, new in zip(root.results, dispatch.results, strict=True):
        old.replace_all_uses_with(new)
    for op in reversed(region.fused):
        Rewriter.erase_op(op)
    return source


def _count_region(workload_count: int) -> Region:
    block = Block(arg_types=[hal.DeviceType(), *[IndexType()] * workload_count])
    count = iree_tensor_ext.DispatchWorkgroupCountFromSliceOp(block.args[1:])
    block.add_ops([count, hal.ReturnOp(*count.results)])
    return Region(block)


def _dispatch_body(
    region: _Region,
    layout: hal.PipelineLayoutAttr,
    constants: Sequence[SSAValue],
    argument_dims: Sequence[Sequence[SSAValue]],
    result_dims: Sequence[Sequence[SSAValue]],
) -> Block:
    block = Block()
    mapping: dict[SSAValue, SSAValue] = {}

    def add(op: Operation) -> Operation:
        block.add_op(op)
        return op

    slot = 0
    ordinal = 0
    for value in constants:
        mapping[value], slot, ordinal = _load_constant(add, layout, value.type, slot, ordinal)
    zero = add(arith.ConstantOp(IntegerAttr(0, IndexType()))).results[0]
    binding = 0
    for value, dims in zip(region.tensors, argument_dims, strict=True):
        bound = _bind(add, layout, binding, value.type, [mapping[d] for d in dims], zero, True)
        load = iree_tensor_ext.DispatchTensorLoadOp(
            value.type, bound, [mapping[d] for d in dims], *_full_slice(value.type, dims, mapping)
        )
        mapping[value] = add(load).results[0]
        binding += 1
    for op in region.ops:
        clone = op.clone(value_mapper=mapping)
        add(clone)
        mapping.update(zip(op.results, clone.results, strict=True))
    for result, dims in zip(region.root.results, result_dims, strict=True):
        target_dims = [mapping[d] for d in dims]
        bound = _bind(add, layout, binding, result.type, target_dims, zero, False)
        add(
            iree_tensor_ext.DispatchTensorStoreOp(
                mapping[result], bound, target_dims, *_full_slice(result.type, dims, mapping)
            )
        )
        binding += 1
    add(func.ReturnOp())
    return block


def _full_slice(
    type_: Attribute, dims: Sequence[SSAValue], mapping: dict[SSAValue, SSAValue]
) -> tuple[list[int], list[SSAValue | int], list[int]]:
    assert isinstance(type_, TensorType)
    dynamic = iter(dims)
    sizes: list[SSAValue | int] = [
        mapping[next(dynamic)] if s < 0 else s for s in type_.get_shape()
    ]
    rank = len(sizes)
    return [0] * rank, sizes, [1] * rank


def _bind(
    add: _Add,
    layout: hal.PipelineLayoutAttr,
    binding: int,
    type_: Attribute,
    dims: Sequence[SSAValue],
    zero: SSAValue,
    read_only: bool,
) -> SSAValue:
    access = "readonly" if read_only else "writeonly"
    flags = hal.DescriptorFlags.Indirect | (hal.DescriptorFlags.ReadOnly if read_only else 0)
    subspan = hal.InterfaceBindingSubspanOp(
        iree_tensor_ext.DispatchTensorType(access, type_),
        layout,
        binding,
        zero,
        dims,
        alignment=64,
        flags=hal.DescriptorFlags(flags),
    )
    return add(subspan).results[0]


def _load_constant(
    add: _Add, layout: hal.PipelineLayoutAttr, type_: Attribute, slot: int, ordinal: int
) -> tuple[SSAValue, int, int]:
    """The push constant(s) at `slot` as a value of `type_`; the next slot and ordinal."""

    def word(index: int) -> SSAValue:
        return add(hal.InterfaceConstantLoadOp(i32, layout, index)).results[0]

    if isinstance(type_, IndexType):
        cast = add(IndexCastUIOp(word(slot), IndexType()))
        value = add(iree_tensor_ext.DispatchWorkloadOrdinalOp(cast.results[0], ordinal))
        return value.results[0], slot + 1, ordinal + 1
    if isinstance(type_, IntegerType) and type_.width.data <= 32:
        low = word(slot)
        if type_.width.data == 32:
            return low, slot + 1, ordinal
        return add(arith.TruncIOp(low, type_)).results[0], slot + 1, ordinal
    if isinstance(type_, Float32Type):
        return add(arith.BitcastOp(word(slot), type_)).results[0], slot + 1, ordinal
    if isinstance(type_, Float16Type | BFloat16Type):
        half = add(arith.TruncIOp(word(slot), IntegerType(16))).results[0]
        return add(arith.BitcastOp(half, type_)).results[0], slot + 1, ordinal
    i64 = IntegerType(64)
    low = add(arith.ExtUIOp(word(slot), i64)).results[0]
    high = add(arith.ExtUIOp(word(slot + 1), i64)).results[0]
    shift = add(arith.ConstantOp(IntegerAttr(32, i64))).results[0]
    shifted = add(arith.ShLIOp(high, shift)).results[0]
    value = add(arith.OrIOp(low, shifted)).results[0]
    if isinstance(type_, Float64Type):
        value = add(arith.BitcastOp(value, type_)).results[0]
    return value, slot + 2, ordinal
