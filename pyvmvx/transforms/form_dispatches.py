"""`pyvmvx-form-dispatches`: each compute op of a tensor program becomes a dispatch.

IREE reaches the same point with its DispatchCreation passes (form dispatch regions, clone
producers into them, convert them to workgroups, outline) followed by HAL's interface
materialization; this pass does the whole of it in one step and emits IREE's
`--compile-to=executable-sources` form directly:

- **Roots.** Every linalg structured op, `linalg.pack`/`unpack`, and the tensor ops that
  produce new data (`tensor.pad`, `concat`, `extract_slice`, `insert_slice`, `insert`,
  `splat`, `generate`, `from_elements`) is the root of one dispatch. A `linalg.fill` of a
  `tensor.empty` used only as the destination of other linalg ops is not a root: like
  `tensor.empty` and constants (scalars, splats and tensors of at most
  `SMALL_CONSTANT_ELEMENTS` elements) it is cloned into the dispatches that use it.
  Everything else (reshapes, `tensor.dim`, `tensor.extract`, `tensor.cast`, scalar code,
  control flow) stays on the host. Fusion of elementwise producers and consumers is not
  done yet: each root is its own dispatch.
- **Executables.** A dispatch becomes `hal.executable.source @<fn>_dispatch_<n>` with one
  export `@<fn>_dispatch_<n>_<op>`: tensor operands are read-only bindings read with
  `iree_tensor_ext.dispatch.tensor.load`, each result a write-only binding written with
  `dispatch.tensor.store`; scalar operands and every dynamic dimension are push constants
  (`index` and integers of up to 32 bits one slot, `f32` bitcast to one slot, 64-bit values
  two slots, low word first); the `index` ones are the workload
  (`iree_tensor_ext.dispatch.workload.ordinal`), and the export's count region is
  `iree_tensor_ext.dispatch.workgroup_count_from_slice` of them.
- **Host.** The root is replaced by `flow.dispatch @<fn>_dispatch_<n>::@<export>[workload]
  (tensors..., scalars...)` with the dynamic dimensions of its arguments (`tensor.dim` on
  the host) and of its results (reified from the root's operands).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
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
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.dialects import flow, hal, iree_tensor_ext, util
from pyvmvx.dialects.upstream_ext.arith import IndexCastUIOp
from pyvmvx.dialects.upstream_ext.linalg import PackOp, UnPackOp
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
    if isinstance(op, _TENSOR_ROOTS) or op.name == "tensor.generate":
        return True
    if isinstance(op, LinalgStructuredOperation) and op.results:
        return not _is_absorbed_fill(op)
    return isinstance(op, PackOp | UnPackOp) and bool(op.results)


def _inits(op: Operation) -> Sequence[SSAValue]:
    """The destination operands of a destination-style op (empty for others)."""
    if isinstance(op, LinalgStructuredOperation):
        return op.outputs
    if isinstance(op, PackOp | UnPackOp):
        return (op.dest,)
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
    """Ops cloned into every dispatch that uses them instead of becoming bindings."""
    if isinstance(op, tensor.EmptyOp) or _is_absorbed_fill(op):
        return True
    if isinstance(op, arith.ConstantOp):
        value = op.value
        if isinstance(value, DenseIntOrFPElementsAttr):
            return value.is_splat() or len(value) <= SMALL_CONSTANT_ELEMENTS
        return True
    return False


def _slots(type_: Attribute) -> int:
    """Push-constant slots a scalar of `type_` takes (0: not passable)."""
    if isinstance(type_, IndexType | Float32Type | Float16Type):
        return 1
    if isinstance(type_, IntegerType):
        return 1 if type_.width.data <= 32 else 2 if type_.width.data == 64 else 0
    return 2 if isinstance(type_, Float64Type) else 0


@dataclass
class _Region:
    """The ops of one dispatch and the values that cross into it."""

    root: Operation
    ops: list[Operation] = field(default_factory=list)
    tensors: list[SSAValue] = field(default_factory=list)
    scalars: list[SSAValue] = field(default_factory=list)

    def collect(self) -> None:
        """`ops`: the root and its cloned producers in program order; the values defined
        outside them, split into tensors (bindings) and scalars (push constants)."""
        members: set[Operation] = set()
        pending = [self.root]
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


@dataclass(frozen=True)
class FormDispatchesPass(ModulePass):
    """Outlines every compute op of the module's functions into a HAL executable source."""

    name = "pyvmvx-form-dispatches"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [f for f in op.body.block.ops if isinstance(f, _FUNCTIONS)]:
            prefix = function.sym_name.data
            roots = [o for o in function.walk() if _is_root(o)]
            known: _Known = {}
            for index, root in enumerate(roots):
                region = _Region(root)
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
    definition (once per tensor and axis) so that every later use is dominated."""
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
                dim = tensor.DimOp(value, index)
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
    if isinstance(root, tensor.SplatOp | tensor.ExtractSliceOp) or root.name == "tensor.generate":
        return [_dynamic_sizes(root)]
    if isinstance(root, tensor.PadOp):
        return [_pad_dims(root, before, known)]
    if isinstance(root, tensor.ConcatOp):
        return [_concat_dims(root, before, known)]
    raise op_error(root, "pyvmvx-form-dispatches: cannot compute the result's dynamic sizes")


def _init_dims(init: SSAValue, known: _Known) -> list[SSAValue]:
    producer = _producer(init)
    if isinstance(producer, tensor.EmptyOp):
        return list(producer.dynamic_sizes)
    if producer is not None and _is_absorbed_fill(producer):
        return _init_dims(_inits(producer)[0], known)
    return _host_dims(init, known)


def _dynamic_sizes(root: Operation) -> list[SSAValue]:
    """The size operands of `tensor.splat`/`generate`, or the kept dynamic sizes of a slice."""
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
    export_name = f"{name}_{root.name.partition('.')[2].replace('.', '_')}"
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
    Rewriter.erase_op(root)
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
    if isinstance(type_, Float16Type):
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
