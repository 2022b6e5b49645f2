"""`pyvmvx-lower-host-to-hal`: a program's functions on tensors become host code on HAL
buffers, in the nested `builtin.module @module` the VM conversion turns into the host module.

IREE reaches host HAL code through its stream dialect (async allocation, queues, fences);
pyvmvx runs synchronously, so this pass goes from `flow.dispatch` to HAL ops directly:

- A public function takes and returns a `!hal.buffer_view` per tensor and carries IREE's
  reflection (`iree.reflection = {iree.abi.declaration = "sync func @f(%input0:
  tensor<...>, %input1: index) -> ..."}`). Each tensor argument is checked with
  `hal.buffer_view.assert` (element type, dense row-major encoding, rank and static sizes;
  its dynamic sizes are read with `hal.buffer_view.dim`). Scalar arguments and results
  (integers of 1 to 64 bits, `index`, `f16`/`bf16`/`f32`/`f64`) stay plain values, as in IREE's ABI.
- Every tensor on the host is a `!hal.buffer` and its sizes. `flow.dispatch` allocates its
  results (`hal.allocator.allocate`), evaluates the export's count region on the workload,
  and records the dispatch with the ABI of `pyvmvx-form-dispatches` (tensor arguments, then
  results, as bindings; other arguments as 32-bit push constants) into a one-shot command
  buffer that `hal.ex.submit_and_wait` runs at once. Allocations carry the memory types and
  usage IREE gives a device buffer that transfers and dispatches use (`hal.memory_type<
  "DeviceVisible|DeviceLocal">`, `hal.buffer_usage<"TransferSource|...|DispatchStorage">`),
  imports also `SharingImmutable`, as IREE's constants; the runtime ignores them.
- `tensor.expand_shape`, `collapse_shape` and `cast` are views: the same buffer with other
  sizes; a (contiguous) `tensor.extract_slice` is a `hal.buffer.subspan` of its bytes;
  `tensor.dim` is the known size (for an index known only at run time, a select
  among the sizes); `tensor.extract` is a `hal.buffer.load` of the element's storage
  integer (i1 is a byte) at its row-major byte offset, then a bitcast for floats (f16
  through f32: the VM has no i16->f16 bitcast); `arith.select` of tensors selects their
  buffers and sizes.
- Host control flow: `scf.if`/`for`/`while`/`index_switch` are first lowered to `cf`
  (`pyvmvx.conversion.scf_to_cf`); blocks are lowered in reverse post-order (dominators
  first). A tensor block argument becomes a buffer and its dynamic sizes, and
  `cf.br`/`cf.cond_br` pass them; other terminators may not carry tensors. `cf.assert`
  stays: the VM conversion makes it a `vm.cond_fail` (FAILED_PRECONDITION with the
  assert's message).
- A tensor constant (`dense<...>`, a splat, `dense_resource<key>`: torch-mlir's weights) is
  module data: `util.buffer.constant` (rodata of the module file, stored once; a splat
  stays a splat) imported as a read-only buffer without a copy with `hal.allocator.import`,
  what IREE's constant pooling leaves on the host.
- Results become `hal.buffer_view.create`.
- Buffers of temporaries are reused within a block (`_reuse_buffers`): an allocation takes
  the buffer of a same-sized dispatch result that only that block reads and that is dead
  by then. Liveness does not cross blocks: a buffer passed to a successor block or returned
  is never reused.

Other host ops on tensors (`tensor.insert`, `func.call`, ...) and tensors through
`cf.switch` are located errors for now.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, cf, func, tensor
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    BFloat16Type,
    DenseResourceAttr,
    DictionaryAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from pyvmvx.conversion.scf_to_cf import lower_scf_to_cf
from pyvmvx.dialects import flow, hal, util
from pyvmvx.dialects import hal_host_ops as host
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.ir.resources import resource_data_length
from pyvmvx.runtime.modules.element_types import BY_NAME

DENSE_ROW_MAJOR = 1
"""IREE's `IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR`."""
HOST_MODULE = "module"
CONSTANT_ALIGNMENT = 64
"""The alignment of tensor constants in the module file (IREE's for constant buffers)."""
VARIANT = "vmvx_bytecode_fb"
SCALAR_WIDTHS = (1, 8, 16, 32, 64)
"""The integer widths of scalar arguments and results (VM i32 or i64 values)."""
_NAME = "pyvmvx-lower-host-to-hal"


@dataclass
class _Tensor:
    """A tensor on the host: its buffer and every dimension (constants for static ones)."""

    buffer: SSAValue
    dims: list[SSAValue]


@dataclass(frozen=True)
class LowerHostToHALPass(ModulePass):
    """Lowers the module's tensor functions to HAL host code in a nested host module."""

    name = _NAME

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = [f for f in op.body.block.ops if isinstance(f, func.FuncOp | util.FuncOp)]
        if not functions:
            return
        executables = {e.symbol: e for e in op.body.block.ops if isinstance(e, hal.ExecutableOp)}
        for function in functions:
            _Lowering(function, executables).run()
        host_module = ModuleOp([], sym_name=StringAttr(HOST_MODULE))
        for function in functions:
            function.detach()
            host_module.body.block.add_op(function)
        op.body.block.add_op(host_module)


class _Lowering:
    def __init__(
        self, function: func.FuncOp | util.FuncOp, executables: dict[str, hal.ExecutableOp]
    ):
        self.function = function
        self.executables = executables
        self.values: dict[SSAValue, _Tensor] = {}
        self.blocks: dict[Block, Block] = {}
        """Each reachable block and the host block replacing it."""
        self.block = Block()
        """Where `emit` adds ops."""
        self.placements: dict[tuple[type[host.BitfieldOp], enum.IntFlag], SSAValue] = {}
        """The memory types and usage values defined so far, see `placement`."""

    def emit(self, op: Operation) -> Operation:
        self.block.add_op(op)
        return op

    def index(self, value: int) -> SSAValue:
        return self.emit(arith.ConstantOp(IntegerAttr(value, IndexType()))).results[0]

    def dims(self, shape: Sequence[int], dynamic: Iterable[SSAValue]) -> list[SSAValue]:
        """A tensor's sizes: its static ones as constants, the dynamic ones taken from
        `dynamic` in order."""
        sizes = iter(dynamic)
        return [next(sizes) if size < 0 else self.index(size) for size in shape]

    def constant(self, value: int, type_: IntegerType) -> SSAValue:
        return self.emit(arith.ConstantOp(IntegerAttr(value, type_))).results[0]

    def placement(self, usage: host.BufferUsage) -> tuple[SSAValue, SSAValue]:
        """IREE's memory types (device-local) and the given usage of a buffer, as values
        defined once per function after the queue affinity (so they dominate every use)."""
        values = []
        for key in ((host.MemoryTypeOp, host.DEVICE_LOCAL), (host.BufferUsageOp, usage)):
            if key not in self.placements:
                op = key[0](key[1])
                anchor = self.placement_end
                assert isinstance(anchor, Operation) and anchor.parent is not None
                anchor.parent.insert_op_after(op, anchor)
                self.placement_end = op
                self.placements[key] = op.results[0]
            values.append(self.placements[key])
        return values[0], values[1]

    def allocate(self, size: SSAValue) -> host.AllocatorAllocateOp:
        """A device-local buffer of `size` bytes that transfers and dispatches use, with
        IREE's memory types and usage (not yet emitted)."""
        return host.AllocatorAllocateOp(
            self.allocator, self.affinity, size, *self.placement(host.DISPATCH_STORAGE)
        )

    def run(self) -> None:
        function = self.function
        if not function.body.blocks:
            raise op_error(
                function,
                f"{_NAME}: @{function.sym_name.data} is a declaration without a body "
                "(external functions are not supported: define it in the module)",
            )
        inputs = list(function.function_type.inputs.data)
        outputs = list(function.function_type.outputs.data)
        for what, types in (("argument", inputs), ("result", outputs)):
            for type_ in types:
                if not isinstance(type_, TensorType):
                    _check_scalar(type_, what, function)
        lower_scf_to_cf(function.body)
        blocks = _reachable_blocks(function.body)
        entry = blocks[0]
        new_entry = Block(arg_types=[_abi_type(a.type) for a in entry.args])
        self.block = new_entry
        self.device = self.emit(hal.DevicesGetOp(self.index(0))).results[0]
        self.allocator = self.emit(host.DeviceAllocatorOp(self.device)).results[0]
        self.affinity = self.constant(-1, i64)
        self.placement_end = self.affinity.owner
        for position, (arg, new) in enumerate(zip(entry.args, new_entry.args, strict=True)):
            if isinstance(arg.type, TensorType):
                self.values[arg] = self.import_argument(new, arg.type, f"input{position}")
            else:
                arg.replace_all_uses_with(new)
        self.blocks = {entry: new_entry}
        for block in blocks[1:]:
            types = [t for a in block.args for t in _block_types(a.type)]
            self.blocks[block] = Block(arg_types=types)
        for block in blocks:
            self.block = self.blocks[block]
            if block is not entry:
                self.bind_arguments(block)
            for op in list(block.ops):
                if isinstance(op, func.ReturnOp | util.ReturnOp):
                    values = [
                        self.export_result(v) if isinstance(v.type, TensorType) else v
                        for v in op.operands
                    ]
                    self.emit(type(op)(*values))
                elif op.successors:
                    self.branch(op)
                else:
                    self.lower(op)
        for block in list(function.body.blocks):
            function.body.detach_block(block)
            for op in reversed(list(block.ops)):
                op.detach()
                op.erase(safe_erase=False)
        for block in blocks:
            function.body.add_block(self.blocks[block])
            _reuse_buffers(self.blocks[block])
        function.function_type = FunctionType.from_lists(
            [_abi_type(t) for t in inputs], [_abi_type(t) for t in outputs]
        )
        declaration = _declaration(function.sym_name.data, inputs, outputs)
        function.attributes["iree.reflection"] = DictionaryAttr(
            {"iree.abi.declaration": StringAttr(declaration)}
        )

    def bind_arguments(self, block: Block) -> None:
        """Maps `block`'s arguments to those of its host block: a tensor is a buffer and its
        dynamic sizes (its static ones constants), a scalar stays itself."""
        new_args = iter(self.blocks[block].args)
        for arg in block.args:
            if isinstance(arg.type, TensorType):
                buffer = next(new_args)
                self.values[arg] = _Tensor(buffer, self.dims(arg.type.get_shape(), new_args))
            else:
                arg.replace_all_uses_with(next(new_args))

    def flatten(self, values: Sequence[SSAValue]) -> list[SSAValue]:
        """Branch operands for the host blocks: a tensor as its buffer and dynamic sizes."""
        flat: list[SSAValue] = []
        for value in values:
            if isinstance(value.type, TensorType):
                known = self.tensor(value)
                shape = value.type.get_shape()
                flat.append(known.buffer)
                flat.extend(d for d, s in zip(known.dims, shape, strict=True) if s < 0)
            else:
                flat.append(value)
        return flat

    def branch(self, op: Operation) -> None:
        """A terminator with successors, retargeted to the host blocks."""
        blocks = self.blocks
        if isinstance(op, cf.BranchOp):
            self.emit(cf.BranchOp(blocks[op.successor], *self.flatten(op.arguments)))
        elif isinstance(op, cf.ConditionalBranchOp):
            self.emit(
                cf.ConditionalBranchOp(
                    op.cond,
                    blocks[op.then_block],
                    self.flatten(op.then_arguments),
                    blocks[op.else_block],
                    self.flatten(op.else_arguments),
                )
            )
        elif isinstance(op, cf.SwitchOp):
            self.emit(
                cf.SwitchOp(
                    op.flag,
                    blocks[op.default_block],
                    self.flatten(op.default_operands),
                    op.case_values,
                    [blocks[b] for b in op.case_blocks],
                    [self.flatten(operands) for operands in op.case_operand],
                )
            )
        else:  # no tensor operands: the cf ops above are the only ones that take them
            op.detach()
            op.successors = [blocks[b] for b in op.successors]
            self.emit(op)

    def element_type(self, type_: TensorType, op: Operation) -> SSAValue:
        name = str(type_.get_element_type())
        element = BY_NAME.get(name)
        if element is None:
            raise op_error(op, f"{_NAME}: tensors of {name} are not supported on the host")
        return self.constant(element.code, i32)

    def import_argument(self, view: SSAValue, type_: Attribute, name: str) -> _Tensor:
        assert isinstance(type_, TensorType)
        dims = [
            self.emit(host.BufferViewDimOp(view, axis)).results[0] if size < 0 else self.index(size)
            for axis, size in enumerate(type_.get_shape())
        ]
        self.emit(
            host.BufferViewAssertOp(
                view,
                name,
                dims,
                self.element_type(type_, self.function),
                self.constant(DENSE_ROW_MAJOR, i32),
            )
        )
        return _Tensor(self.emit(host.BufferViewBufferOp(view)).results[0], dims)

    def export_result(self, value: SSAValue) -> SSAValue:
        known = self.tensor(value)
        assert isinstance(value.type, TensorType)
        length = self.byte_size(value.type, known.dims)
        create = host.BufferViewCreateOp(
            known.buffer,
            self.index(0),
            length,
            self.element_type(value.type, self.function),
            self.constant(DENSE_ROW_MAJOR, i32),
            known.dims,
        )
        return self.emit(create).results[0]

    def tensor(self, value: SSAValue) -> _Tensor:
        """The host form of a tensor: every op defining one was lowered or refused."""
        return self.values[value]

    def byte_size(self, type_: TensorType, dims: Sequence[SSAValue]) -> SSAValue:
        element_bits = _element_bits(type_.get_element_type())
        size = self.index(max(element_bits, 8) // 8)
        for dim in dims:
            size = self.emit(arith.MuliOp(size, dim)).results[0]
        return size

    def lower(self, op: Operation) -> None:
        if isinstance(op, flow.DispatchOp):
            self.dispatch(op)
        elif isinstance(op, tensor.DimOp):
            self.dim(op)
        elif isinstance(op, tensor.ExtractOp):
            self.extract(op)
        elif isinstance(op, arith.SelectOp) and op.cond.type == IntegerType(1):
            self.select(op)
        elif isinstance(op, tensor.ExpandShapeOp | tensor.CollapseShapeOp | tensor.CastOp):
            self.view(op)
        elif isinstance(op, tensor.ExtractSliceOp):
            self.slice_view(op)
        elif isinstance(op, arith.ConstantOp) and isinstance(op.result.type, TensorType):
            self.tensor_constant(op)
        elif isinstance(op, tensor.EmptyOp):
            self.empty(op)
        elif any(isinstance(v.type, TensorType) for v in (*op.operands, *op.results)):
            raise op_error(op, f"{_NAME}: {op.name} on the host is not supported yet")
        else:
            op.detach()
            self.emit(op)

    def tensor_constant(self, op: arith.ConstantOp) -> None:
        """The constant as module data (`util.buffer.constant`, named by its resource key)
        imported as a read-only `!hal.buffer` over that data (`hal.allocator.import`). An
        unused constant is dropped, so that its data is not written to the module file."""
        if not op.result.uses:
            return
        type_ = op.result.type
        assert isinstance(type_, TensorType)
        self.element_type(type_, op)  # refuses types with no host storage
        shape = type_.get_shape()
        length = max(_element_bits(type_.get_element_type()), 8) // 8 * math.prod(shape)
        value = op.value
        name = "constant"
        if isinstance(value, DenseResourceAttr):
            name = value.resource_handle.data
            stored = resource_data_length(name)
            if stored is None:
                raise op_error(op, f"{_NAME}: dense_resource<{name}> has no data")
            if stored != length:
                message = f"holds {stored} bytes, {type_} needs {length}"
                raise op_error(op, f"{_NAME}: dense_resource<{name}> {message}")
        data = self.emit(util.BufferConstantOp(value, name, CONSTANT_ALIGNMENT)).results[0]
        imported = host.AllocatorImportOp(
            self.allocator,
            data,
            self.index(0),
            self.index(length),
            self.affinity,
            *self.placement(host.DISPATCH_STORAGE | host.BufferUsage.SharingImmutable),
        )
        buffer = self.emit(imported).results[1]
        self.values[op.result] = _Tensor(buffer, [self.index(size) for size in shape])

    def empty(self, op: tensor.EmptyOp) -> None:
        """A tensor of undefined contents left on the host (e.g. passed to another block):
        an allocation of its size, not initialized (as MLIR leaves it). An unused one is
        dropped."""
        if not op.tensor.uses:
            return
        type_ = op.tensor.type
        assert isinstance(type_, TensorType)
        self.element_type(type_, op)  # refuses types with no host storage
        dims = self.dims(type_.get_shape(), op.dynamic_sizes)
        size = self.byte_size(type_, dims)
        allocate = self.allocate(size)
        self.values[op.tensor] = _Tensor(self.emit(allocate).results[0], dims)

    def dim(self, op: tensor.DimOp) -> None:
        """The known size; for an index only known at run time, a select among them."""
        dims = self.tensor(op.source).dims
        index_op = op.index.owner
        if isinstance(index_op, arith.ConstantOp):
            value = index_op.value
            assert isinstance(value, IntegerAttr)
            op.result.replace_all_uses_with(dims[value.value.data])
            return
        size = dims[0] if dims else self.index(0)
        for axis, dim in enumerate(dims[1:], 1):
            is_axis = self.emit(arith.CmpiOp(op.index, self.index(axis), "eq")).results[0]
            size = self.emit(arith.SelectOp(is_axis, dim, size)).results[0]
        op.result.replace_all_uses_with(size)

    def select(self, op: arith.SelectOp) -> None:
        """A choice on a scalar condition: between two tensors' buffers and sizes, or two
        scalars."""
        if not isinstance(op.result.type, TensorType):
            op.detach()
            self.emit(op)
            return
        chosen, other = self.tensor(op.lhs), self.tensor(op.rhs)

        def pick(a: SSAValue, b: SSAValue) -> SSAValue:
            return self.emit(arith.SelectOp(op.cond, a, b)).results[0]

        dims = [pick(a, b) for a, b in zip(chosen.dims, other.dims, strict=True)]
        self.values[op.result] = _Tensor(pick(chosen.buffer, other.buffer), dims)

    def extract(self, op: tensor.ExtractOp) -> None:
        """An element read from the tensor's buffer (`hal.buffer.load` of its row-major
        offset, as an integer of the element's storage width: i1 is a byte)."""
        known = self.tensor(op.tensor)
        assert isinstance(op.tensor.type, TensorType)
        self.element_type(op.tensor.type, op)  # refuses types with no host storage
        element = op.result.type
        if not isinstance(
            element, IntegerType | Float16Type | BFloat16Type | Float32Type | Float64Type
        ):
            raise op_error(op, f"{_NAME}: a {element} element cannot be a host value")
        offset = self.index(0)
        for index, dim in zip(op.indices, known.dims, strict=True):
            scaled = self.emit(arith.MuliOp(offset, dim)).results[0]
            offset = self.emit(arith.AddiOp(scaled, index)).results[0]
        bits = max(_element_bits(element), 8)
        offset = self.emit(arith.MuliOp(offset, self.index(bits // 8))).results[0]
        storage = IntegerType(bits)
        value = self.emit(host.BufferLoadOp(known.buffer, offset, storage)).results[0]
        if element == IntegerType(1):
            value = self.emit(arith.TruncIOp(value, element)).results[0]
        elif isinstance(element, Float16Type):
            value = self.half(value)
        elif not isinstance(element, IntegerType):
            value = self.emit(arith.BitcastOp(value, element)).results[0]
        op.result.replace_all_uses_with(value)

    def half(self, bits: SSAValue) -> SSAValue:
        """The f16 with IEEE bits `bits` (i16), built through f32 (the VM has no i16->f16
        bitcast): the sign and the 15 other bits shifted into place read as an f32 2**112
        times too small, exact for normal and subnormal halves; infinities and NaNs keep
        their payload under an all-ones exponent."""
        word = self.emit(arith.ExtUIOp(bits, i32)).results[0]
        sign_bit = self.emit(arith.AndIOp(word, self.constant(0x8000, i32))).results[0]
        sign = self.emit(arith.ShLIOp(sign_bit, self.constant(16, i32))).results[0]
        rest = self.emit(arith.AndIOp(word, self.constant(0x7FFF, i32))).results[0]
        shifted = self.emit(arith.ShLIOp(rest, self.constant(13, i32))).results[0]
        signed = self.emit(arith.OrIOp(shifted, sign)).results[0]
        small = self.emit(arith.BitcastOp(signed, Float32Type())).results[0]
        scale = self.emit(arith.ConstantOp(FloatAttr(2.0**112, Float32Type()))).results[0]
        finite = self.emit(arith.MulfOp(small, scale)).results[0]
        all_ones = self.emit(arith.OrIOp(signed, self.constant(0x7F800000, i32))).results[0]
        special = self.emit(arith.BitcastOp(all_ones, Float32Type())).results[0]
        limit = self.constant(0x7C00, i32)
        is_special = self.emit(arith.CmpiOp(rest, limit, "uge")).results[0]
        wide = self.emit(arith.SelectOp(is_special, special, finite)).results[0]
        return self.emit(arith.TruncFOp(wide, Float16Type())).results[0]

    def view(self, op: Operation) -> None:
        source = self.tensor(op.operands[0])
        result = op.results[0].type
        assert isinstance(result, TensorType)
        shape = result.get_shape()
        if isinstance(op, tensor.CastOp):
            dims = [self.index(s) if s >= 0 else d for s, d in zip(shape, source.dims, strict=True)]
        elif isinstance(op, tensor.CollapseShapeOp):
            dims = []
            for group in op.reassociation.data:
                size = self.index(1)
                for axis in group.data:
                    size = self.emit(arith.MuliOp(size, source.dims[axis.value.data])).results[0]
                dims.append(size)
        else:
            assert isinstance(op, tensor.ExpandShapeOp)
            dims = self.dims(shape, op.dynamic_output_shape)
        self.values[op.results[0]] = _Tensor(source.buffer, dims)

    def slice_view(self, op: tensor.ExtractSliceOp) -> None:
        """A contiguous slice (the only ones `pyvmvx-form-dispatches` leaves on the host):
        `hal.buffer.subspan` of the source's bytes from the slice's first element."""
        source = self.tensor(op.source)
        result = op.result.type
        assert isinstance(result, TensorType)
        offsets = iter(op.offsets)
        first = self.index(0)
        for axis, static in enumerate(op.static_offsets.get_values()):
            offset = next(offsets) if static == DYNAMIC_INDEX else self.index(static)
            first = self.emit(arith.MuliOp(first, source.dims[axis])).results[0]
            first = self.emit(arith.AddiOp(first, offset)).results[0]
        element_bytes = self.index(max(_element_bits(result.get_element_type()), 8) // 8)
        start = self.emit(arith.MuliOp(first, element_bytes)).results[0]
        dims = self.dims(result.get_shape(), op.sizes)
        subspan = host.BufferSubspanOp(source.buffer, start, self.byte_size(result, dims))
        self.values[op.result] = _Tensor(self.emit(subspan).results[0], dims)

    def dispatch(self, op: flow.DispatchOp) -> None:
        entry = op.entry_point
        executable_name = entry.root_reference.data
        export_name = entry.nested_references.data[0].data
        executable = self.executables.get(executable_name)
        export = None
        if executable is not None:
            export = next(
                (e for v in executable.variants for e in v.exports if e.symbol == export_name),
                None,
            )
        if export is None:
            raise op_error(op, f"{_NAME}: no export @{executable_name}::@{export_name}")
        tensors = [a for a in op.arguments if isinstance(a.type, TensorType)]
        scalars = [a for a in op.arguments if not isinstance(a.type, TensorType)]
        results = []
        for index, result in enumerate(op.results_):
            assert isinstance(result.type, TensorType)
            dims = self.dims(result.type.get_shape(), op.dims_of_result(index))
            size = self.byte_size(result.type, dims)
            buffer = self.emit(self.allocate(size)).results[0]
            known = _Tensor(buffer, dims)
            self.values[result] = known
            results.append((result.type, known))
        bindings = [(t.type, self.tensor(t)) for t in tensors] + results
        counts = self.workgroup_count(export, list(op.workload), op)
        words = [w for value in scalars for w in self.words(value, op)]
        command_buffer = self.emit(
            hal.CommandBufferCreateOp(
                self.device,
                self.affinity,
                hal.CommandBufferModes.OneShot,
                hal.CommandCategories.Dispatch,
            )
        ).results[0]
        lookup = hal.ExecutableLookupOp(
            operands=[self.device],
            result_types=[hal.ExecutableType()],
            properties={"executable": SymbolRefAttr(executable_name)},
        )
        loaded = self.emit(lookup).results[0]
        ordinal = self.constant(export.ordinal_index or 0, i64)
        zero = self.index(0)
        lengths = []
        for type_, known in bindings:
            assert isinstance(type_, TensorType)
            lengths.append(self.byte_size(type_, known.dims))
        self.emit(
            hal.CommandBufferDispatchOp(
                operands=[
                    command_buffer,
                    loaded,
                    ordinal,
                    *counts,
                    words,
                    [known.buffer for _, known in bindings],
                    [zero] * len(bindings),
                    lengths,
                ],
                properties={"flags": IntegerAttr(0, i64)},
            )
        )
        self.emit(host.CommandBufferFinalizeOp(command_buffer))
        self.emit(host.SubmitAndWaitOp(self.device, command_buffer))

    def workgroup_count(
        self, export: hal.ExecutableExportOp, workload: list[SSAValue], op: Operation
    ) -> list[SSAValue]:
        """The export's count region evaluated on the host for `workload`."""
        block = export.workgroup_count_block
        if block is None:
            raise op_error(op, f"{_NAME}: export @{export.symbol} has no count region")
        mapping: dict[SSAValue, SSAValue] = {block.args[0]: self.device}
        mapping.update(zip(block.args[1:], workload, strict=True))
        *body, terminator = block.ops
        assert isinstance(terminator, hal.ReturnOp)  # the region's verifier
        for body_op in body:
            clone = body_op.clone(value_mapper=mapping)
            self.emit(clone)
            mapping.update(zip(body_op.results, clone.results, strict=True))
        return [mapping.get(v, v) for v in terminator.operands]

    def words(self, value: SSAValue, op: Operation) -> list[SSAValue]:
        """`value` as the 32-bit push-constant words `pyvmvx-form-dispatches` expects."""
        type_ = value.type
        if isinstance(type_, IndexType):
            return [self.emit(arith.IndexCastOp(value, i32)).results[0]]
        if isinstance(type_, Float32Type):
            return [self.emit(arith.BitcastOp(value, i32)).results[0]]
        if isinstance(type_, Float16Type | BFloat16Type):
            bits = self.emit(arith.BitcastOp(value, IntegerType(16))).results[0]
            return [self.emit(arith.ExtUIOp(bits, i32)).results[0]]
        if isinstance(type_, IntegerType) and type_.width.data < 32:
            return [self.emit(arith.ExtUIOp(value, i32)).results[0]]
        if type_ == i32:
            return [value]
        if type_ == i64 or isinstance(type_, Float64Type):
            wide = value if type_ == i64 else self.emit(arith.BitcastOp(value, i64)).results[0]
            low = self.emit(arith.TruncIOp(wide, i32)).results[0]
            shifted = self.emit(arith.ShRUIOp(wide, self.constant(32, i64))).results[0]
            return [low, self.emit(arith.TruncIOp(shifted, i32)).results[0]]
        raise op_error(op, f"{_NAME}: cannot pass {type_} as a push constant")


def _element_bits(type_: Attribute) -> int:
    if isinstance(type_, IntegerType):
        return type_.width.data
    bits = getattr(type_, "bitwidth", None)
    assert isinstance(bits, int)
    return bits


def _abi_type(type_: Attribute) -> Attribute:
    """A function argument or result type at the ABI: a tensor is a buffer view."""
    return hal.BufferViewType() if isinstance(type_, TensorType) else type_


def _block_types(type_: Attribute) -> list[Attribute]:
    """A block argument type on the host: a tensor is a buffer and its dynamic sizes."""
    if not isinstance(type_, TensorType):
        return [type_]
    return [hal.BufferType(), *(IndexType() for s in type_.get_shape() if s < 0)]


def _check_scalar(type_: Attribute, what: str, function: Operation) -> None:
    """A scalar argument or result must be one the VM passes as a value (IREE's ABI)."""
    if isinstance(type_, IntegerType) and type_.width.data in SCALAR_WIDTHS:
        return
    if isinstance(type_, IndexType | Float16Type | BFloat16Type | Float32Type | Float64Type):
        return
    raise op_error(function, f"{_NAME}: {what} of type {type_} is not supported")


def _reachable_blocks(region: Region) -> list[Block]:
    """The blocks reachable from the entry block, in reverse post-order: every block comes
    after the blocks that dominate it, so tensors are lowered before their uses."""
    entry = region.blocks[0]
    order: list[Block] = []
    seen = {entry}
    stack: list[tuple[Block, Iterator[Block]]] = [(entry, iter(_successors(entry)))]
    while stack:
        block, successors = stack[-1]
        successor = next(successors, None)
        if successor is None:
            order.append(block)
            stack.pop()
        elif successor not in seen:
            seen.add(successor)
            stack.append((successor, iter(_successors(successor))))
    return order[::-1]


def _successors(block: Block) -> Sequence[Block]:
    last = block.last_op
    return () if last is None else list(last.successors)


def _reuse_buffers(block: Block) -> None:
    """Gives an allocation of `block` the buffer of a temporary that is dead by then.

    A temporary is an allocation whose every use is in `block` and reads it
    (`hal.command_buffer.dispatch` bindings, `hal.buffer.load`): it is not returned, not
    passed to another block and not a view that outlives the block. Dispatches run one
    after the other (each submitted and waited for), so after the op that uses a temporary
    last, its buffer is free, and a later allocation of the same size (the same constant, or
    the same product of the same sizes) takes it instead of allocating. A reused buffer is
    not zero-filled (no allocation is): a dispatch writes all of its result (the contents
    of a `tensor.empty` are undefined, as in MLIR).
    """
    ops = list(block.ops)
    position = {op: i for i, op in enumerate(ops)}
    allocations = [op for op in ops if isinstance(op, host.AllocatorAllocateOp)]
    keys = {op: _size_key(op.result_size) for op in allocations}
    dead_after: dict[int, list[host.AllocatorAllocateOp]] = {}
    for op in allocations:
        if _is_temporary(op.result, block):
            last = max(position[use.operation] for use in op.result.uses)
            dead_after.setdefault(last, []).append(op)
    holder = {op: op.result for op in allocations}
    free: list[tuple[object, SSAValue]] = []
    for index, op in enumerate(ops):
        if isinstance(op, host.AllocatorAllocateOp):
            found = next((i for i, (key, _) in enumerate(free) if key == keys[op]), None)
            if found is not None:
                holder[op] = free.pop(found)[1]
                op.result.replace_all_uses_with(holder[op])
                op.detach()
                op.erase()
        free.extend((keys[dead], holder[dead]) for dead in dead_after.get(index, []))


def _is_temporary(buffer: SSAValue, block: Block) -> bool:
    readers = (hal.CommandBufferDispatchOp, host.BufferLoadOp)
    return bool(buffer.uses) and all(
        isinstance(use.operation, readers) and use.operation.parent_block() is block
        for use in buffer.uses
    )


def _size_key(size: SSAValue) -> object:
    """A byte size as a comparable key: constants by value, products by their factors,
    anything else by identity."""
    owner = size.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    if isinstance(owner, arith.MuliOp):
        return ("*", _size_key(owner.lhs), _size_key(owner.rhs))
    return size


def _declaration(name: str, inputs: Sequence[Attribute], outputs: Sequence[Attribute]) -> str:
    """IREE's `iree.abi.declaration` text for the function's signature (scalars as their
    MLIR type, e.g. `%input1: index`)."""
    arguments = ", ".join(f"%input{i}: {t}" for i, t in enumerate(inputs))
    results = ", ".join(f"%output{i}: {t}" for i, t in enumerate(outputs))
    return f"sync func @{name}({arguments}) -> ({results})"
