"""hal (host ops) -> vm: each op becomes a call of the runtime `hal` module (IREE's
`HALToVM` conversion, for the ops `pyvmvx-lower-host-to-hal` emits).

Arguments are cast to the import's wire types (`index` sizes to i64, counts to i32);
`hal.memory_type`/`hal.buffer_usage` are their i32 constants; the defaults IREE's ops carry
as attributes are constants here: memory types and usage 0 where an allocation has none
(pyvmvx's older spelling; the runtime has one kind of memory), binding slot 0 and a reserved
0 in each binding tuple.
`hal.executable.lookup` becomes `hal.executable.create` of the `vmvx-bytecode-fb` format
whose data is the executable's symbol name (pyvmvx's executables live in the same module
file, see `hal_imports.mlir`). `hal.allocator.import` of a `!util.buffer` (module rodata)
is IREE's `try` import; its `did_import` is whether the buffer is non-null.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.arith import canonical, extend_int
from pyvmvx.conversion.to_vm.calls import call_import_with_groups
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, Pattern
from pyvmvx.dialects import hal
from pyvmvx.dialects import hal_host_ops as host
from pyvmvx.dialects.vm.types import BufferType

EXECUTABLE_FORMAT = "vmvx-bytecode-fb"


def _rodata(rw: ConversionRewriter, text: str) -> SSAValue:
    """A `!vm.buffer` holding the UTF-8 bytes of `text`."""
    return rw.emit_value("vm.rodata.inline", [], BufferType(), value=StringAttr(text))


def _call(
    rw: ConversionRewriter,
    op: Operation,
    name: str,
    groups: Sequence[Sequence[SSAValue]],
) -> list[SSAValue]:
    results: list[Attribute] = [rw.convert_type(r.type, op) for r in op.results]
    return call_import_with_groups(rw, op, f"hal.{name}", groups, results)


def _devices_get(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "devices.get", [[operands[0]]])


def _device_allocator(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "device.allocator", [[operands[0]]])


def _view_dim(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, host.BufferViewDimOp)
    return _call(rw, op, "buffer_view.dim", [[operands[0]], [rw.i32(op.index.value.data)]])


def _view_buffer(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "buffer_view.buffer", [[operands[0]]])


def _view_assert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, host.BufferViewAssertOp)
    view, element_type, encoding, *shape = operands
    message = _rodata(rw, op.message.data)
    return _call(
        rw, op, "buffer_view.assert", [[view], [message], [element_type], [encoding], shape]
    )


def _view_create(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    buffer, offset, length, element_type, encoding, *shape = operands
    groups = [[buffer], [offset], [length], [element_type], [encoding], shape]
    return _call(rw, op, "buffer_view.create", groups)


def _bitfield(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, host.BitfieldOp)
    return [rw.i32(op.value.value.data)]


def _placement(rw: ConversionRewriter, values: Sequence[SSAValue]) -> list[list[SSAValue]]:
    """The memory types and usage groups of an allocation: its operands, or 0 and 0."""
    return [[v] for v in values] or [[rw.i32(0)], [rw.i32(0)]]


def _allocate(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    allocator, affinity, *placement, size = operands
    groups = [[allocator], [affinity], *_placement(rw, placement), [size]]
    return _call(rw, op, "allocator.allocate", groups)


def _buffer_subspan(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "buffer.subspan", [[v] for v in operands])


def _buffer_load(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    """IREE's load of 1, 2 or 4 bytes, narrow results made canonical; an i64 is two 4-byte
    loads, low word first."""
    assert isinstance(op, host.BufferLoadOp)
    buffer, offset = operands
    bits = op.result.type.width.data

    def load(at: SSAValue, length: int) -> SSAValue:
        groups = [[buffer], [at], [rw.i32(length)]]
        return call_import_with_groups(rw, op, "hal.buffer.load", groups, [i32])[0]

    if bits == 64:
        words = [
            extend_int(rw, op, load(at, 4), 32, 64, signed=False)
            for at in (offset, rw.emit_value("vm.add.i64", [offset, rw.i64(4)], i64))
        ]
        high = rw.emit_value("vm.shl.i64", [words[1], rw.i32(32)], i64)
        return [rw.emit_value("vm.or.i64", [words[0], high], i64)]
    value = load(offset, max(bits, 8) // 8)
    return [value if bits == 32 else canonical(rw, op, value, bits)]


def _import(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    """IREE's `try` import (a null buffer when it fails, never an error): `did_import` is
    whether the buffer is non-null."""
    assert isinstance(op, host.AllocatorImportOp)
    allocator, affinity, *placement, source, offset, length = operands
    groups = [
        [allocator],
        [rw.i32(1)],
        [affinity],
        *_placement(rw, placement),
        [source],
        [offset],
        [length],
    ]
    buffer_type = rw.convert_type(op.result.type, op)
    (buffer,) = call_import_with_groups(rw, op, "hal.allocator.import", groups, [buffer_type])
    did_import = rw.emit_value("vm.cmp.nz.ref", [buffer], rw.convert_type(op.did_import.type, op))
    return [did_import, buffer]


def _command_buffer_create(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, hal.CommandBufferCreateOp)
    device, affinity = operands[0], operands[1]
    capacity = operands[2] if len(operands) > 2 else rw.i32(0)
    groups = [
        [device],
        [rw.i32(op.modes.value.data)],
        [rw.i32(op.command_categories.value.data)],
        [affinity],
        [capacity],
    ]
    return _call(rw, op, "command_buffer.create", groups)


def _executable_lookup(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, hal.ExecutableLookupOp)
    name = op.executable.root_reference.data
    constants = rw.emit_value("vm.const.ref.zero", [], BufferType())
    groups = [
        [operands[0]],
        [rw.i64(-1)],
        [_rodata(rw, EXECUTABLE_FORMAT)],
        [_rodata(rw, name)],
        [constants],
    ]
    return _call(rw, op, "executable.create", groups)


def _dispatch(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    assert isinstance(op, hal.CommandBufferDispatchOp)
    values = iter(operands)
    head = [[next(values)] for _ in range(6)]  # cmd, executable, ordinal, x, y, z
    constants = [next(values) for _ in op.constants]
    count = len(op.binding_buffers)
    buffers = [next(values) for _ in range(count)]
    offsets = [next(values) for _ in range(count)]
    lengths = [next(values) for _ in range(count)]
    bindings = [
        value
        for buffer, offset, length in zip(buffers, offsets, lengths, strict=True)
        for value in (rw.i32(0), rw.i32(0), buffer, offset, length)
    ]
    flags = rw.i64(op.flags.value.data)
    return _call(rw, op, "command_buffer.dispatch", [*head, [flags], constants, bindings])


def _finalize(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "command_buffer.finalize", [[operands[0]]])


def _submit_and_wait(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]):
    return _call(rw, op, "ex.submit_and_wait", [[operands[0]], [operands[1]]])


PATTERNS = PatternTable[Pattern](
    "hal -> vm",
    [
        (hal.DevicesGetOp, _devices_get),
        (host.DeviceAllocatorOp, _device_allocator),
        (host.BufferViewDimOp, _view_dim),
        (host.BufferViewBufferOp, _view_buffer),
        (host.BufferViewAssertOp, _view_assert),
        (host.BufferViewCreateOp, _view_create),
        (host.MemoryTypeOp, _bitfield),
        (host.BufferUsageOp, _bitfield),
        (host.AllocatorAllocateOp, _allocate),
        (host.AllocatorImportOp, _import),
        (host.BufferLoadOp, _buffer_load),
        (host.BufferSubspanOp, _buffer_subspan),
        (hal.CommandBufferCreateOp, _command_buffer_create),
        (hal.ExecutableLookupOp, _executable_lookup),
        (hal.CommandBufferDispatchOp, _dispatch),
        (host.CommandBufferFinalizeOp, _finalize),
        (host.SubmitAndWaitOp, _submit_and_wait),
    ],
)
"""Host HAL ops -> calls of the runtime `hal` module."""
