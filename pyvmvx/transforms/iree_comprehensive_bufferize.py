"""`iree-codegen-iree-comprehensive-bufferize`: dispatch bodies on tensors (the form
`iree-compile --compile-to=executable-sources` prints) rewritten onto buffers.

IREE tiles and distributes on tensors and bufferizes afterwards (one-shot bufferization after
converting to destination-passing style and eliminating empty tensors). pyvmvx bufferizes
first, whole ops at a time, and then reuses its buffer-level configuration and tiling
(`iree-vmvx-select-lowering-strategy`, `iree-codegen-tile-and-distribute-to-workgroups`).
Functions without tensors are left alone.

The rules, applied in order to each function's single block:
- `hal.interface.binding.subspan` of `!iree_tensor_ext.dispatch.tensor<access:tensor<S>>`
  becomes one of `memref<S>` (same operands); `dispatch.tensor.load` is that buffer when it
  reads all of it, else a `memref.subview` (static or dynamic, rank-reducing as its type says);
- `arith.constant` of a tensor: `memref.get_global` of a private constant `memref.global`;
- views: `extract_slice` -> `memref.subview`; `expand_shape`/`collapse_shape` -> the memref
  reshape (of a row-major copy when the source is strided); `cast` -> `memref.cast`;
  `extract` -> `memref.load`; `dim` -> the size (`memref.dim` when dynamic);
- writes into a destination: linalg ops with `outs` (every op with a tiling model: generic,
  named ops, fill, matmul, mmt4d, pack, unpack, ...), `insert_slice` (a copy into a subview)
  and `insert` (`memref.store`) write their destination's buffer in place when it is an
  allocation, or the binding slice their result is stored to (and writing there early is
  safe, see below), and writing it clobbers no value still read later; else they write a new
  buffer, copied from the destination first when they read it;
- a new buffer (for such a write, for a `tensor.empty` destination, and for `pad` = fill +
  copy into a subview, `concat` = copies into subviews, `splat` = fill, `from_elements` =
  stores) is the binding slice its value is eventually stored to (found by following
  destinations back from each store) when writing there early is safe (no load or store of
  that memory in between, nothing live clobbered), else a `memref.alloca`;
- `dispatch.tensor.store` is nothing when the value already is in the target slice, else a
  `linalg.copy` into it; a value still to be read from the memory it overwrites is first
  copied away where it was defined.

Clobbering is decided on memory regions (a binding, narrowed to the static box of a slice of
one subspan when known, or an allocation): a write clobbers a value in an overlapping region
that an op after it (or the writing op itself, other than as its destination) uses. Binding
memory is thus written only where the program stores, or early (before the store) by the
ops computing the stored value when no load or store of that memory comes in between and
the store's offsets, sizes and binding are known at the first of them. Inside regions
(linalg bodies, loops) only `extract` and `dim` may use tensors. Anything else on tensors
(tensor arguments, control flow carrying tensors, a padding value computed per element, other
ops) is an error naming the op.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, memref, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    ModuleOp,
    NoneAttr,
    ShapedType,
    StridedLayoutAttr,
    TensorType,
    UnrankedTensorType,
)
from xdsl.dialects.linalg.ops import CopyOp, FillOp
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import SymbolTable

from pyvmvx.dialects.hal import InterfaceBindingSubspanOp, executable_modules
from pyvmvx.dialects.iree_tensor_ext import (
    DispatchTensorLoadOp,
    DispatchTensorStoreOp,
    DispatchTensorType,
)
from pyvmvx.dialects.upstream_ext.memref import CastOp, CollapseShapeOp, ExpandShapeOp, GlobalOp
from pyvmvx.dialects.upstream_ext.tensor import rank_reduction_mask
from pyvmvx.interfaces.tiling_interface import tiling_model
from pyvmvx.ir.diagnostics import CompileError, op_error
from pyvmvx.ir.index_builder import Index, IndexBuilder
from pyvmvx.ir.memref_layout import constant_int, mixed_values

PASS_NAME = "iree-codegen-iree-comprehensive-bufferize"

_Slice = DispatchTensorLoadOp | DispatchTensorStoreOp
_Box = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class IREEComprehensiveBufferizePass(ModulePass):
    """Bufferizes every function of each executable module (`hal.executable_modules`) that
    computes on tensors."""

    name = PASS_NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = [
            f for m in executable_modules(op) for f in m.walk() if isinstance(f, func.FuncOp)
        ]
        for function in functions:
            if not function.is_declaration and (
                any(_is_tensor(a.type) for a in function.args)
                or any(_has_tensor(o) for o in function.walk())
            ):
                _FunctionBufferizer(function).run()


def _is_tensor(value_type: Attribute) -> bool:
    return isinstance(value_type, TensorType | UnrankedTensorType | DispatchTensorType)


def _has_tensor(op: Operation) -> bool:
    return any(_is_tensor(v.type) for v in (*op.operands, *op.results))


def _unsupported(op: Operation, why: str = "no bufferization rule for this op") -> CompileError:
    return op_error(op, f"cannot be bufferized by {PASS_NAME}: {why}")


@dataclass(frozen=True)
class _Region:
    """The memory a buffer covers: its allocation (`root`) and, for a slice of a binding with
    static bounds, the subspan and the half-open box of the slice in it."""

    root: object
    subspan: SSAValue | None = None
    box: _Box | None = None

    def overlaps(self, other: _Region) -> bool:
        if self.root != other.root:
            return False
        if self.box is None or other.box is None or self.subspan is not other.subspan:
            return True
        return all(
            lo < other_hi and other_lo < hi
            for (lo, hi), (other_lo, other_hi) in zip(self.box, other.box, strict=True)
        )


@dataclass(frozen=True)
class _Buffer:
    """Where a tensor value lives."""

    value: SSAValue
    region: _Region
    writable: bool = True


def _init_slots(op: Operation) -> list[int]:
    """The operand slots of a destination-style op's inits, one per result: its last tensor
    operands (ins come before outs, and pack/unpack's dest after its source)."""
    tensors = [i for i, v in enumerate(op.operands) if isinstance(v.type, TensorType)]
    return tensors[len(tensors) - len(op.results) :]


def _element_type(value: SSAValue) -> Attribute:
    assert isinstance(value.type, ShapedType)
    return value.type.get_element_type()


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, ShapedType)
    return value.type.get_shape()


def _mixed_sizes(shape: Sequence[int], dynamic: Sequence[SSAValue]) -> list[Index]:
    values = iter(dynamic)
    return [next(values) if d == DYNAMIC_INDEX else d for d in shape]


def _static(values: Sequence[Index]) -> list[int]:
    return [v if isinstance(v, int) else DYNAMIC_INDEX for v in values]


def _same(a: Index, b: Index) -> bool:
    return a == b if isinstance(a, int) and isinstance(b, int) else a is b


def _binding_root(subspan: SSAValue) -> object:
    owner = subspan.owner
    return (
        ("binding", owner.binding_index)
        if isinstance(owner, InterfaceBindingSubspanOp)
        else subspan
    )


def _dispatch_tensor(op: _Slice) -> SSAValue:
    return op.source if isinstance(op, DispatchTensorLoadOp) else op.target


def _slice_lists(op: _Slice | tensor.ExtractSliceOp | tensor.InsertSliceOp) -> list[list[Index]]:
    return [
        mixed_values(op.static_offsets, op.offsets),
        mixed_values(op.static_sizes, op.sizes),
        mixed_values(op.static_strides, op.strides),
    ]


def _slice_region(op: _Slice) -> _Region:
    subspan = _dispatch_tensor(op)
    lists = [op.static_offsets.get_values(), op.static_sizes.get_values()]
    strides = op.static_strides.get_values()
    box = None
    if DYNAMIC_INDEX not in (*lists[0], *lists[1], *strides):
        box = tuple(
            (o, o + (s - 1) * t + 1 if s else o)
            for o, s, t in zip(lists[0], lists[1], strides, strict=True)
        )
    return _Region(_binding_root(subspan), subspan, box)


def _slice_key(op: _Slice, shape: Sequence[int]) -> tuple[object, ...] | None:
    """What identifies the slice a load or store of shape `shape` accesses (its subspan,
    offsets, sizes, strides and shape); None for the whole binding."""
    subspan = _dispatch_tensor(op)
    assert isinstance(subspan.owner, InterfaceBindingSubspanOp)
    lists = _slice_lists(op)
    full = _mixed_sizes(_shape(subspan), subspan.owner.dynamic_dims)
    if (
        len(shape) == len(full)
        and all(o == 0 for o in lists[0])
        and all(_same(s, f) for s, f in zip(lists[1], full, strict=True))
        and all(t == 1 for t in lists[2])
    ):
        return None
    return (subspan, *map(tuple, lists), tuple(shape))


def _top_level(op: Operation, function: func.FuncOp) -> Operation:
    while (parent := op.parent_op()) is not None and parent is not function:
        op = parent
    return op


class _FunctionBufferizer:
    """Bufferizes one function: new ops go before each original op, which are all erased at
    the end (so the original uses give every tensor value's readers by position)."""

    def __init__(self, function: func.FuncOp) -> None:
        self.function = function
        self.ops = list(function.body.blocks[0].ops)
        self.position = {op: i for i, op in enumerate(self.ops)}
        self.buffers: dict[SSAValue, _Buffer] = {}
        self.bindings: dict[SSAValue, _Buffer] = {}
        self.views: dict[tuple[object, ...], SSAValue] = {}
        self.destinations: dict[SSAValue, DispatchTensorStoreOp] = {}
        self.builder = Builder(InsertPoint.at_start(function.body.blocks[0]))

    def run(self) -> None:
        if any(_is_tensor(a.type) for a in self.function.args):
            raise _unsupported(self.function, "it has tensor arguments")
        if len(self.function.body.blocks) != 1:
            raise _unsupported(self.function, "its body has more than one block")
        for op in self.ops:
            if isinstance(op, DispatchTensorStoreOp):
                self._trace_destination(op)
        replaced: list[Operation] = []
        for op in self.ops:
            self.builder = Builder(InsertPoint.before(op))
            if self._bufferize(op):
                replaced.append(op)
            else:
                self._rewrite_nested_reads(op)
        for op in reversed(replaced):
            Rewriter.erase_op(op)

    def _trace_destination(self, store: DispatchTensorStoreOp) -> None:
        """Mark the values whose buffer may be `store`'s target: the stored value and, through
        the destinations it was written into, those it was computed from."""
        value: SSAValue | None = store.value
        while isinstance(value, OpResult) and not isinstance(value.owner, tensor.EmptyOp):
            self.destinations.setdefault(value, store)
            owner = value.owner
            if isinstance(owner, tensor.InsertOp | tensor.InsertSliceOp):
                value = owner.dest
            elif tiling_model(owner) is not None and _has_tensor(owner):
                value = owner.operands[_init_slots(owner)[value.index]]
            else:
                value = None

    def _bufferize(self, op: Operation) -> bool:
        """Rewrite `op` if it involves tensors; whether it is to be erased."""
        if isinstance(op, InterfaceBindingSubspanOp) and isinstance(
            op.result.type, DispatchTensorType
        ):
            self._binding(op.result)
        elif isinstance(op, DispatchTensorLoadOp):
            self.buffers[op.result] = self._slice_view(op, _shape(op.result))
        elif isinstance(op, DispatchTensorStoreOp):
            self._store(op)
        elif isinstance(op, tensor.EmptyOp):
            pass  # a buffer is made for each use
        elif isinstance(op, arith.ConstantOp) and isinstance(op.result.type, TensorType):
            self._constant(op)
        elif not _has_tensor(op):
            return False
        elif tiling_model(op) is not None:
            self._compute(op)
        elif isinstance(op, tensor.ExtractOp | tensor.DimOp):
            self._read_op(op, self.builder)
        elif isinstance(op, tensor.ExtractSliceOp):
            self._extract_slice(op)
        elif isinstance(op, tensor.ExpandShapeOp | tensor.CollapseShapeOp):
            self._reshape(op)
        elif isinstance(op, tensor.CastOp):
            self._cast(op)
        elif isinstance(op, tensor.InsertSliceOp):
            self._insert_slice(op)
        elif isinstance(op, tensor.InsertOp):
            buffer = self._destination(op, 1, op.result, read=True)
            self.builder.insert(memref.StoreOp.get(op.scalar, buffer.value, op.indices))
            self.buffers[op.result] = buffer
        elif isinstance(op, tensor.PadOp):
            self._pad(op)
        elif isinstance(op, tensor.ConcatOp):
            self._concat(op)
        elif isinstance(op, tensor.SplatOp):
            sizes = _mixed_sizes(_shape(op.result), op.dynamicSizes)
            buffer = self._fresh(op.result, op, sizes)
            self.builder.insert(FillOp([op.input], [buffer.value], res=[]))
            self.buffers[op.result] = buffer
        elif isinstance(op, tensor.FromElementsOp):
            self._from_elements(op)
        else:
            raise _unsupported(op)
        return True

    def _rewrite_nested_reads(self, op: Operation) -> None:
        """`tensor.extract`/`tensor.dim` nested in `op` (a linalg body, a loop) read the
        buffers; any other nested op on tensors is an error."""
        for region in op.regions:
            for inner in list(region.walk()):
                if isinstance(inner, tensor.ExtractOp | tensor.DimOp):
                    self._read_op(inner, Builder(InsertPoint.before(inner)))
                    Rewriter.erase_op(inner)
                elif _has_tensor(inner):
                    raise _unsupported(inner, "only tensor.extract and tensor.dim may be nested")

    # --- buffers ------------------------------------------------------------------------

    def _read(self, value: SSAValue, builder: Builder) -> _Buffer:
        """The buffer holding `value` (a new one for a `tensor.empty`)."""
        owner = value.owner
        if isinstance(owner, tensor.EmptyOp):
            return self._alloca(builder, value, _mixed_sizes(_shape(value), owner.dynamic_sizes))
        return self.buffers[value]

    def _alloca(self, builder: Builder, like: SSAValue, sizes: Sequence[Index]) -> _Buffer:
        alloca = builder.insert(
            memref.AllocaOp.get(
                _element_type(like),
                shape=_static(sizes),
                dynamic_sizes=[s for s in sizes if isinstance(s, SSAValue)],
            )
        )
        return _Buffer(alloca.memref, _Region(alloca.memref))

    def _sizes(self, builder: Builder, buffer: SSAValue) -> list[Index]:
        ib = IndexBuilder(builder)
        return [ib.dim(buffer, d) for d in range(len(_shape(buffer)))]

    def _copy(self, builder: Builder, source: SSAValue, target: SSAValue) -> None:
        builder.insert(CopyOp([source], [target], res=[]))

    def _subview(
        self,
        builder: Builder,
        source: SSAValue,
        lists: Sequence[Sequence[Index]],
        shape: Sequence[int],
        op: Operation,
    ) -> SSAValue:
        """A subview of `source` (offsets, sizes, strides in `lists`) of shape `shape`, which
        may drop unit sizes."""
        offsets, sizes, strides = lists
        source_type = source.type
        assert isinstance(source_type, MemRefType)
        dropped = rank_reduction_mask(_static(sizes), shape)
        if dropped is None:
            raise _unsupported(op, f"a slice of sizes {_static(sizes)} is not of shape {shape}")
        full = memref.SubviewOp.infer_result_type(source_type, offsets, sizes, strides)
        full_strides = full.get_strides()
        assert full_strides is not None
        layout = StridedLayoutAttr(
            [s for d, s in enumerate(full_strides) if d not in dropped], full.get_offset()
        )
        result_type = MemRefType(source_type.element_type, shape, layout)
        subview = memref.SubviewOp.get(source, offsets, sizes, strides, result_type)
        return builder.insert(subview).result

    def _slice_view(self, op: _Slice, shape: Sequence[int]) -> _Buffer:
        """The buffer of the binding slice a load reads or a store writes."""
        subspan = _dispatch_tensor(op)
        if not isinstance(subspan.owner, InterfaceBindingSubspanOp):
            raise _unsupported(op, "its dispatch tensor is not a hal.interface.binding.subspan")
        whole = self._binding(subspan)
        key = _slice_key(op, shape)
        if key is None:
            return _Buffer(whole.value, _slice_region(op), whole.writable)
        if key not in self.views:
            self.views[key] = self._subview(self.builder, whole.value, _slice_lists(op), shape, op)
        return _Buffer(self.views[key], _slice_region(op), whole.writable)

    def _may_overwrite(self, op: Operation, value: SSAValue, buffer: _Buffer) -> bool:
        """Whether `op` may compute `value` over the memory of `buffer`: an allocation, or the
        binding slice `value` is stored to when writing there early is safe."""
        if isinstance(buffer.region.root, SSAValue):
            return True
        store = self.destinations.get(value)
        if store is None or store.target not in self.bindings:
            return False
        key = _slice_key(store, _shape(store.value))
        slice_value = self.bindings[store.target].value if key is None else self.views.get(key)
        return buffer.value is slice_value and self._can_write_early(store, op)

    def _live_values(
        self, region: _Region, op: Operation, init: tuple[SSAValue, int] | None
    ) -> list[SSAValue]:
        """The values in memory overlapping `region` that `op` (apart from its destination
        operand `init`) or a later op still reads."""
        return [
            value
            for value, buffer in self.buffers.items()
            if buffer.region.overlaps(region) and self._read_later(value, op, init)
        ]

    def _read_later(
        self, value: SSAValue, op: Operation, init: tuple[SSAValue, int] | None
    ) -> bool:
        here = self.position[op]
        for use in value.uses:
            if use.operation is op and init is not None and init == (value, use.index):
                continue
            where = self.position.get(_top_level(use.operation, self.function))
            if where is not None and where >= here:
                return True
        return False

    def _destination(self, op: Operation, slot: int, result: SSAValue, *, read: bool) -> _Buffer:
        """The buffer `op` writes `result` into, given its destination operand `slot`: that
        operand's buffer when writing it in place is safe (an allocation, or the binding slice
        `result` is stored to, that holds no value still read), else a new one (a copy of it
        when `read`)."""
        init = op.operands[slot]
        owner = init.owner
        if isinstance(owner, tensor.EmptyOp):
            return self._fresh(result, op, _mixed_sizes(_shape(init), owner.dynamic_sizes))
        buffer = self.buffers[init]
        if (
            buffer.writable
            and self._may_overwrite(op, result, buffer)
            and not self._live_values(buffer.region, op, (init, slot))
        ):
            return buffer
        fresh = self._fresh(result, op, self._sizes(self.builder, buffer.value))
        if read:
            self._copy(self.builder, buffer.value, fresh.value)
        return fresh

    def _fresh(self, value: SSAValue, op: Operation, sizes: Sequence[Index]) -> _Buffer:
        """A buffer for `value`, computed by `op` from nothing it must keep: the slice it is
        stored to when that is safe, else a new allocation."""
        store = self.destinations.get(value)
        if store is not None and self._can_write_early(store, op):
            region = _slice_region(store)
            if not self._live_values(region, op, None):
                return self._slice_view(store, _shape(store.value))
        return self._alloca(self.builder, value, sizes)

    def _can_write_early(self, store: DispatchTensorStoreOp, op: Operation) -> bool:
        """Whether `store`'s target slice can be built before `op` and written there: its
        operands (and its binding's) are defined before `op`, and no load or store between them
        touches it."""
        subspan = store.target.owner
        if not isinstance(subspan, InterfaceBindingSubspanOp):
            return False
        for value in (*subspan.operands, *store.offsets, *store.sizes, *store.strides):
            owner = value.owner
            if isinstance(owner, Operation) and not owner.is_before_in_block(op):
                return False
            if isinstance(value, BlockArgument) and owner is not op.parent_block():
                return False
        region = _slice_region(store)
        between = self.ops[self.position[op] + 1 : self.position[store]]
        return not any(isinstance(o, _Slice) and _slice_region(o).overlaps(region) for o in between)

    def _snapshot(self, value: SSAValue) -> None:
        """Copy `value` to a new buffer right where it is defined (its memory is about to be
        overwritten while it is still read)."""
        old = self.buffers[value]
        assert isinstance(value.owner, Operation)
        builder = Builder(InsertPoint.after(value.owner))
        new = self._alloca(builder, value, self._sizes(builder, old.value))
        self._copy(builder, old.value, new.value)
        self.buffers[value] = new

    # --- ops ----------------------------------------------------------------------------

    def _binding(self, subspan: SSAValue) -> _Buffer:
        """The whole buffer of a binding subspan of a dispatch tensor, made where the builder
        is when first needed (a store's target may be needed before its subspan)."""
        if subspan not in self.bindings:
            assert isinstance(subspan.owner, InterfaceBindingSubspanOp)
            self.bindings[subspan] = self._subspan(subspan.owner)
        return self.bindings[subspan]

    def _subspan(self, op: InterfaceBindingSubspanOp) -> _Buffer:
        dispatch = op.result.type
        assert isinstance(dispatch, DispatchTensorType)
        bound = dispatch.bound_type
        element = bound.get_element_type() if isinstance(bound, ShapedType) else bound
        new = op.create(
            operands=list(op.operands),
            result_types=[MemRefType(element, dispatch.get_shape())],
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            location=op.location,
        )
        self.builder.insert(new)
        new.result.name_hint = op.result.name_hint
        return _Buffer(new.result, _Region(_binding_root(op.result)), dispatch.writable)

    def _store(self, op: DispatchTensorStoreOp) -> None:
        target = self._slice_view(op, _shape(op.value))
        source = self._read(op.value, self.builder)
        if source.value is not target.value:
            for value in self._live_values(target.region, op, None):
                self._snapshot(value)
            source = self.buffers.get(op.value, source)
            self._copy(self.builder, source.value, target.value)

    def _constant(self, op: arith.ConstantOp) -> None:
        value_type = op.result.type
        assert isinstance(value_type, TensorType)
        memref_type = MemRefType(value_type.get_element_type(), value_type.get_shape())
        module = self.function.parent_op()
        assert isinstance(module, ModuleOp)
        name = next(
            (
                g.sym_name.data
                for g in module.body.block.ops
                if isinstance(g, GlobalOp)
                and g.constant is not None
                and g.type == memref_type
                and g.initial_value == op.value
            ),
            None,
        )
        if name is None:
            dims = "".join(f"{d}x" for d in value_type.get_shape())
            base = name = f"__constant_{dims}{value_type.get_element_type()}"
            for n in itertools.count():
                if SymbolTable.lookup_symbol(module, name) is None:
                    break
                name = f"{base}_{n}"
            constant = GlobalOp(
                name, memref_type, op.value, sym_visibility="private", constant=True
            )
            Builder(InsertPoint.before(self.function)).insert(constant)
        get = self.builder.insert(memref.GetGlobalOp(name, memref_type))
        self.buffers[op.result] = _Buffer(get.memref, _Region(("global", name)), writable=False)

    def _compute(self, op: Operation) -> None:
        """A destination-style op (linalg, pack, unpack, ...) rebuilt on buffers."""
        model = tiling_model(op)
        assert model is not None
        slots = _init_slots(op)
        if len(slots) != len(op.results):
            raise _unsupported(op, "its results are not all tensors")
        operands = list(op.operands)
        for slot, value in enumerate(op.operands):
            if isinstance(value.type, TensorType) and slot not in slots:
                operands[slot] = self._read(value, self.builder).value
        reads = model.read_operands()
        for result, slot in zip(op.results, slots, strict=True):
            buffer = self._destination(op, slot, result, read=op.operands[slot] in reads)
            operands[slot] = buffer.value
            self.buffers[result] = buffer
        new = op.create(
            operands=operands,
            properties=dict(op.properties),
            attributes=dict(op.attributes),
            location=op.location,
            regions=[region.clone() for region in op.regions],
        )
        self.builder.insert(new)
        self._rewrite_nested_reads(new)

    def _read_op(self, op: tensor.ExtractOp | tensor.DimOp, builder: Builder) -> None:
        """`tensor.extract` as `memref.load`; `tensor.dim` as its static size, the size a
        `tensor.empty` was given, or `memref.dim`."""
        if isinstance(op, tensor.ExtractOp):
            buffer = self._read(op.tensor, builder)
            load = builder.insert(memref.LoadOp.get(buffer.value, op.indices))
            op.result.replace_all_uses_with(load.res)
            return
        shape, dim = _shape(op.source), constant_int(op.index)
        owner = op.source.owner
        size: Index | None = None
        if dim is not None and shape[dim] != DYNAMIC_INDEX:
            size = shape[dim]
        elif dim is not None and isinstance(owner, tensor.EmptyOp):
            size = _mixed_sizes(shape, owner.dynamic_sizes)[dim]
        if size is None:
            buffer = self._read(op.source, builder)
            size = builder.insert(memref.DimOp(buffer.value, op.index)).result
        op.result.replace_all_uses_with(IndexBuilder(builder).value(size))

    def _extract_slice(self, op: tensor.ExtractSliceOp) -> None:
        source = self._read(op.source, self.builder)
        view = self._subview(self.builder, source.value, _slice_lists(op), _shape(op.result), op)
        self.buffers[op.result] = _Buffer(view, source.region, source.writable)

    def _reshape(self, op: tensor.ExpandShapeOp | tensor.CollapseShapeOp) -> None:
        source = self._read(op.src, self.builder)
        assert isinstance(source.value.type, MemRefType)
        if not isinstance(source.value.type.layout, NoneAttr):
            copy = self._alloca(self.builder, op.src, self._sizes(self.builder, source.value))
            self._copy(self.builder, source.value, copy.value)
            source = copy
        result_type = MemRefType(_element_type(op.result), _shape(op.result))
        properties = dict(op.properties)
        if isinstance(op, tensor.ExpandShapeOp):
            operands = [source.value, *op.dynamic_output_shape]
            new: Operation = ExpandShapeOp.create(
                operands=operands, result_types=[result_type], properties=properties
            )
        else:
            new = CollapseShapeOp.create(
                operands=[source.value], result_types=[result_type], properties=properties
            )
        self.builder.insert(new)
        self.buffers[op.result] = _Buffer(new.results[0], source.region, source.writable)

    def _cast(self, op: tensor.CastOp) -> None:
        source = self._read(op.source, self.builder)
        source_type = source.value.type
        assert isinstance(source_type, MemRefType)
        result_type = MemRefType(_element_type(op.dest), _shape(op.dest), source_type.layout)
        cast = self.builder.insert(CastOp(source.value, result_type))
        self.buffers[op.dest] = _Buffer(cast.dest, source.region, source.writable)

    def _insert_slice(self, op: tensor.InsertSliceOp) -> None:
        source = self._read(op.source, self.builder)
        buffer = self._destination(op, 1, op.result, read=True)
        lists = _slice_lists(op)
        view = self._subview(self.builder, buffer.value, lists, _shape(op.source), op)
        self._copy(self.builder, source.value, view)
        self.buffers[op.result] = buffer

    def _pad(self, op: tensor.PadOp) -> None:
        source = self._read(op.source, self.builder)
        padding = self._padding_value(op)
        ib = IndexBuilder(self.builder)
        low = mixed_values(op.static_low, op.low)
        high = mixed_values(op.static_high, op.high)
        inner = self._sizes(self.builder, source.value)
        sizes = [
            size if size != DYNAMIC_INDEX else ib.add(ib.add(n, lo), hi)
            for size, lo, n, hi in zip(_shape(op.result), low, inner, high, strict=True)
        ]
        buffer = self._fresh(op.result, op, sizes)
        self.builder.insert(FillOp([padding], [buffer.value], res=[]))
        ones: list[Index] = [1] * len(low)
        view = self._subview(self.builder, buffer.value, [low, inner, ones], _shape(op.source), op)
        self._copy(self.builder, source.value, view)
        self.buffers[op.result] = buffer

    def _padding_value(self, op: tensor.PadOp) -> SSAValue:
        """The value `op` pads with, defined outside its region or a constant inside it."""
        terminator = op.region.block.last_op
        assert terminator is not None
        value = terminator.operands[0]
        owner = value.owner
        defined_in = owner if isinstance(owner, Operation) else owner.parent_op()
        if defined_in is None or not op.is_ancestor(defined_in):
            return value
        if isinstance(owner, arith.ConstantOp):
            return self.builder.insert(owner.clone()).result
        raise _unsupported(op, "its padding value is computed per element")

    def _concat(self, op: tensor.ConcatOp) -> None:
        axis = op.dim.value.data
        inputs = [self._read(v, self.builder).value for v in op.inputs]
        parts = [self._sizes(self.builder, v) for v in inputs]
        ib = IndexBuilder(self.builder)
        starts: list[Index] = [0]
        for part in parts:
            starts.append(ib.add(starts[-1], part[axis]))
        sizes = [
            size if size != DYNAMIC_INDEX else (starts[-1] if d == axis else parts[0][d])
            for d, size in enumerate(_shape(op.result))
        ]
        buffer = self._fresh(op.result, op, sizes)
        for value, source, part, start in zip(op.inputs, inputs, parts, starts[:-1], strict=True):
            offsets = [start if d == axis else 0 for d in range(len(part))]
            lists = [offsets, part, [1] * len(part)]
            view = self._subview(self.builder, buffer.value, lists, _shape(value), op)
            self._copy(self.builder, source, view)
        self.buffers[op.result] = buffer

    def _from_elements(self, op: tensor.FromElementsOp) -> None:
        shape = _shape(op.result)
        buffer = self._fresh(op.result, op, shape)
        ib = IndexBuilder(self.builder, composed=True)
        indices = itertools.product(*(range(size) for size in shape))
        for element, index in zip(op.elements, indices, strict=True):
            where = [ib.value(i) for i in index]
            self.builder.insert(memref.StoreOp.get(element, buffer.value, where))
        self.buffers[op.result] = buffer
