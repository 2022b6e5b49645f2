"""`pyvmvx-lower-host-to-hal`: a program's functions on tensors become host code on HAL
buffers, in the nested `builtin.module @module` the VM conversion turns into the host module.

IREE reaches host HAL code through its stream dialect (async allocation, queues, fences);
pyvmvx runs synchronously, so this pass goes from `flow.dispatch` to HAL ops directly:

- A public function takes and returns `!hal.buffer_view`s and carries IREE's reflection
  (`iree.reflection = {iree.abi.declaration = "sync func @f(%input0: tensor<...>) -> ..."}`).
  Each argument is checked with `hal.buffer_view.assert` (element type, dense row-major
  encoding, rank and static sizes; its dynamic sizes are read with `hal.buffer_view.dim`).
- Every tensor on the host is a `!hal.buffer` and its sizes. `flow.dispatch` allocates its
  results (`hal.allocator.allocate`), evaluates the export's count region on the workload,
  and records the dispatch with the ABI of `pyvmvx-form-dispatches` (tensor arguments, then
  results, as bindings; other arguments as 32-bit push constants) into a one-shot command
  buffer that `hal.ex.submit_and_wait` runs at once.
- `tensor.expand_shape`, `collapse_shape` and `cast` are views: the same buffer with other
  sizes; `tensor.dim` is the known size.
- Results become `hal.buffer_view.create`.

Functions (`func.func` or `util.func`) must be single blocks on tensors: scalar arguments
and results, host control flow, host-side tensor constants and `tensor.extract` are located
errors for now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    DictionaryAttr,
    Float16Type,
    Float32Type,
    Float64Type,
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
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass

from pyvmvx.dialects import flow, hal, util
from pyvmvx.dialects import hal_host_ops as host
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.runtime.modules.element_types import BY_NAME

DENSE_ROW_MAJOR = 1
"""IREE's `IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR`."""
HOST_MODULE = "module"
VARIANT = "vmvx_bytecode_fb"
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
        self.ops: list[Operation] = []

    def emit(self, op: Operation) -> Operation:
        self.ops.append(op)
        return op

    def index(self, value: int) -> SSAValue:
        return self.emit(arith.ConstantOp(IntegerAttr(value, IndexType()))).results[0]

    def constant(self, value: int, type_: IntegerType) -> SSAValue:
        return self.emit(arith.ConstantOp(IntegerAttr(value, type_))).results[0]

    def run(self) -> None:
        function = self.function
        blocks = function.body.blocks
        if len(blocks) != 1:
            raise op_error(function, f"{_NAME}: host control flow is not supported yet")
        block = blocks[0]
        for arg in block.args:
            if not isinstance(arg.type, TensorType):
                raise op_error(
                    function,
                    f"{_NAME}: argument of type {arg.type} is not supported "
                    "(public functions take tensors; pass a scalar as a rank-0 tensor)",
                )
        self.device = self.emit(hal.DevicesGetOp(self.index(0))).results[0]
        self.allocator = self.emit(host.DeviceAllocatorOp(self.device)).results[0]
        self.affinity = self.constant(-1, i64)
        new_block = Block(arg_types=[hal.BufferViewType()] * len(block.args))
        for position, (arg, view) in enumerate(zip(block.args, new_block.args, strict=True)):
            self.values[arg] = self.import_argument(view, arg.type, f"input{position}")
        inputs = [a.type for a in block.args]
        outputs: list[Attribute] = []
        for op in list(block.ops):
            if isinstance(op, func.ReturnOp | util.ReturnOp):
                outputs = [v.type for v in op.operands]
                for type_ in outputs:
                    if not isinstance(type_, TensorType):
                        raise op_error(
                            function, f"{_NAME}: result of type {type_} is not supported"
                        )
                views = [self.export_result(v) for v in op.operands]
                self.emit(type(op)(*views))
            else:
                self.lower(op)
        new_block.add_ops(self.ops)
        function.body.detach_block(block)
        for op in reversed(list(block.ops)):
            op.detach()
            op.erase(safe_erase=False)
        function.body.add_block(new_block)
        function.function_type = FunctionType.from_lists(
            [hal.BufferViewType()] * len(inputs), [hal.BufferViewType()] * len(outputs)
        )
        declaration = _declaration(function.sym_name.data, inputs, outputs)
        function.attributes["iree.reflection"] = DictionaryAttr(
            {"iree.abi.declaration": StringAttr(declaration)}
        )

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
        elif isinstance(op, tensor.ExpandShapeOp | tensor.CollapseShapeOp | tensor.CastOp):
            self.view(op)
        elif any(isinstance(v.type, TensorType) for v in (*op.operands, *op.results)):
            raise op_error(op, f"{_NAME}: {op.name} on the host is not supported yet")
        else:
            op.detach()
            self.emit(op)

    def dim(self, op: tensor.DimOp) -> None:
        known = self.tensor(op.source)
        index_op = op.index.owner
        if not isinstance(index_op, arith.ConstantOp):
            raise op_error(op, f"{_NAME}: tensor.dim needs a constant index")
        value = index_op.value
        assert isinstance(value, IntegerAttr)
        op.result.replace_all_uses_with(known.dims[value.value.data])

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
            dynamic = iter(op.dynamic_output_shape)
            dims = [next(dynamic) if s < 0 else self.index(s) for s in shape]
        self.values[op.results[0]] = _Tensor(source.buffer, dims)

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
            dynamic = iter(op.dims_of_result(index))
            dims = [next(dynamic) if s < 0 else self.index(s) for s in result.type.get_shape()]
            size = self.byte_size(result.type, dims)
            buffer = self.emit(
                host.AllocatorAllocateOp(self.allocator, self.affinity, size)
            ).results[0]
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
        if isinstance(type_, Float16Type):
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


def _declaration(name: str, inputs: Sequence[Attribute], outputs: Sequence[Attribute]) -> str:
    """IREE's `iree.abi.declaration` text for the function's tensor signature."""
    arguments = ", ".join(f"%input{i}: {t}" for i, t in enumerate(inputs))
    results = ", ".join(f"%output{i}: {t}" for i, t in enumerate(outputs))
    return f"sync func @{name}({arguments}) -> ({results})"
