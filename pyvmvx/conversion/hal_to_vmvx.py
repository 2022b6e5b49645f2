"""HAL -> VMVX: the executable entry ABI and IREE's `HALToVMVX` patterns.

Every public function of an executable module is an entry point. It must be `() -> ()`
("exported functions must have no I/O") and gets IREE's 12 arguments, in this order:
local memory and push constants (`!util.buffer`), the bindings
(`!util.list<!util.buffer>`), then workgroup id, size and count x/y/z (`i32`). After the
VM conversion the export's calling convention is `0rrriiiiiiiii_v`.

The one exception is the executable-constant setter of `iree-vmvx-materialize-constants`:
a public function carrying the unit attribute `vmvx.set_constants` keeps its signature
`(!util.buffer) -> ()` (see `docs/executable-constants.md`).

In an entry function:
- `hal.interface.workgroup.{id,size,count}[d]` -> `arith.index_cast` (signed) of argument
  `3+d`, `6+d`, `9+d`;
- `hal.interface.constant.load ordinal(N) : T` -> `util.buffer.load` of `sizeof(T)` bytes at
  byte offset `sizeof(T) * N` of the constants buffer;
- `hal.interface.binding.subspan binding(B)` -> `util.list.get` of binding B, viewed through
  `util.buffer.subspan` of the declared byte size when its byte offset is not a constant 0
  or its shape is dynamic, whatever the memref's rank (as IREE: an N-D subspan used only
  through reshapes to rank <= 1 converts). Unlike IREE, which takes the whole binding at
  offset 0 and relies on folding `memref.dim` earlier, a dynamic subspan keeps its declared
  sizes: `memref.dim` becomes the subspan's size, never the binding's length;
- `vmvx.get_raw_interface_binding_buffer binding(B)` -> `util.list.get` of binding B.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import FunctionType, IndexType, MemRefType, ModuleOp, i32
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from pyvmvx.conversion.framework import ConversionState, InPlacePattern, PatternTable
from pyvmvx.conversion.memref_to_util import (
    byte_size,
    emit,
    index_constant,
    multiply,
    static_byte_size,
)
from pyvmvx.dialects import hal, util, vmvx
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.ir.memref_layout import constant_int

SET_CONSTANTS_ATTR = "vmvx.set_constants"
"""Unit attribute marking the executable-constant setter, the one public function with I/O."""

SET_CONSTANTS_NAME = "__set_constants"
"""The setter's symbol and export name, which the runtime loader looks for."""

ENTRY_ARGUMENTS: tuple[tuple[str, Attribute], ...] = (
    ("local_memory", util.BufferType()),
    ("constants", util.BufferType()),
    ("bindings", util.ListType(util.BufferType())),
    *((f"workgroup_{what}_{axis}", i32) for what in ("id", "size", "count") for axis in "xyz"),
)
"""The entry ABI: argument names and types in IREE's order."""

_CONSTANTS, _BINDINGS = 1, 2
_WORKGROUP_BASE = {
    hal.InterfaceWorkgroupIDOp.name: 3,
    hal.InterfaceWorkgroupSizeOp.name: 6,
    hal.InterfaceWorkgroupCountOp.name: 9,
}


def is_public(op: func.FuncOp) -> bool:
    return op.sym_visibility is None or op.sym_visibility.data == "public"


def is_entry_point(op: Operation) -> bool:
    """A public function definition other than the constant setter."""
    return (
        isinstance(op, func.FuncOp)
        and is_public(op)
        and not op.is_declaration
        and SET_CONSTANTS_ATTR not in op.attributes
    )


def _check_setter(op: func.FuncOp) -> None:
    expected = FunctionType.from_lists([util.BufferType()], [])
    if op.sym_name.data != SET_CONSTANTS_NAME or op.function_type != expected:
        raise op_error(
            op,
            f"a function marked {SET_CONSTANTS_ATTR} must be "
            f"@{SET_CONSTANTS_NAME}(!util.buffer) -> ()",
        )


def rewrite_entry_signatures(module: ModuleOp) -> None:
    """Give every entry point of `module` the 12 ABI arguments (IREE's
    `updateHALToVMVXEntryFuncOp`)."""
    for op in module.body.block.ops:
        if not isinstance(op, func.FuncOp) or not is_public(op) or op.is_declaration:
            continue
        if SET_CONSTANTS_ATTR in op.attributes:
            _check_setter(op)
            continue
        if op.function_type.inputs.data or op.function_type.outputs.data:
            raise op_error(op, "exported functions must have no I/O")
        block = op.body.blocks.first
        assert block is not None
        for name, arg_type in ENTRY_ARGUMENTS:
            block.insert_arg(arg_type, len(block.args)).name_hint = name
        op.properties["function_type"] = FunctionType.from_lists(
            [t for _, t in ENTRY_ARGUMENTS], []
        )


def _entry_arguments(state: ConversionState, op: Operation) -> Sequence[BlockArgument] | None:
    """The ABI arguments of the entry function around `op` (None, recorded, if there is none)."""
    function = op.parent_op()
    while function is not None and not isinstance(function, func.FuncOp):
        function = function.parent_op()
    if function is None or not is_entry_point(function):
        state.fail(op, "is only valid in an exported (public) dispatch function")
        return None
    return function.args


def _workgroup(state: ConversionState, op: Operation) -> None:
    assert isinstance(
        op,
        hal.InterfaceWorkgroupIDOp | hal.InterfaceWorkgroupSizeOp | hal.InterfaceWorkgroupCountOp,
    )
    args = _entry_arguments(state, op)
    if args is None:
        return
    argument = args[_WORKGROUP_BASE[op.name] + op.dim]
    state.replace(op, emit(op, arith.IndexCastOp(argument, IndexType())).results)


def _constant_load(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, hal.InterfaceConstantLoadOp)
    args = _entry_arguments(state, op)
    if args is None:
        return
    constants = args[_CONSTANTS]
    value_type = op.result.type
    size = emit(op, util.BufferSizeOp(constants)).results[0]
    element_size = static_byte_size(value_type)
    if element_size is not None:
        offset = index_constant(op, element_size * op.ordinal_index)
    else:
        offset = multiply(op, byte_size(op, value_type), index_constant(op, op.ordinal_index))
    length = byte_size(op, value_type)
    load = emit(op, util.BufferLoadOp(constants, size, offset, length, value_type))
    state.replace(op, load.results)


def _binding(state: ConversionState, op: Operation, binding: int) -> SSAValue | None:
    args = _entry_arguments(state, op)
    if args is None:
        return None
    index = index_constant(op, binding)
    return emit(op, util.ListGetOp(args[_BINDINGS], index)).results[0]


def _subspan(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, hal.InterfaceBindingSubspanOp)
    memref_type = op.result.type
    if not isinstance(memref_type, MemRefType):
        state.fail(op, f"binding subspans of type {memref_type} have no buffer form")
        return
    buffer = _binding(state, op, op.binding_index)
    if buffer is None:
        return
    offset = op.byte_offset
    at_start = offset is None or constant_int(offset) == 0
    if at_start and not op.dynamic_dims:
        state.replace(op, [buffer])
        return
    if offset is None:
        offset = index_constant(op, 0)
    source_size = emit(op, util.BufferSizeOp(buffer)).results[0]
    size = byte_size(op, memref_type.element_type)
    dynamic = iter(op.dynamic_dims)
    for extent in memref_type.get_shape():
        count = next(dynamic) if extent < 0 else index_constant(op, extent)
        size = multiply(op, size, count)
    subspan = emit(op, util.BufferSubspanOp(buffer, source_size, offset, size))
    state.replace(op, subspan.results)


def _raw_binding(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, vmvx.GetRawInterfaceBindingBufferOp)
    buffer = _binding(state, op, op.binding.value.data)
    if buffer is not None:
        state.replace(op, [buffer])


PATTERNS = PatternTable[InPlacePattern](
    "hal -> vmvx",
    [
        (
            (
                hal.InterfaceWorkgroupIDOp,
                hal.InterfaceWorkgroupSizeOp,
                hal.InterfaceWorkgroupCountOp,
            ),
            _workgroup,
        ),
        (hal.InterfaceConstantLoadOp, _constant_load),
        (hal.InterfaceBindingSubspanOp, _subspan),
        (vmvx.GetRawInterfaceBindingBufferOp, _raw_binding),
    ],
)
