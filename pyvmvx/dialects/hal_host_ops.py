"""The `hal` ops of host programs, with IREE's syntax: buffer views, allocation, host reads
(`hal.buffer.load`), views (`hal.buffer.subspan`), submission.

They are what `pyvmvx-lower-host-to-hal` emits for a whole program's public functions and
what the VM conversion turns into calls of the runtime `hal` module (`hal_imports.mlir`).
`hal.ex.submit_and_wait` is IREE's former experimental op: pyvmvx runs command buffers
synchronously instead of through queues and fences. The ops join the `hal` dialect in
`pyvmvx.dialects.get_iree_dialects` (they live apart from `hal.py` to keep modules small).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, StringAttr, i1, i32, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure

from pyvmvx.dialects import util
from pyvmvx.dialects.hal import (
    AllocatorType,
    BufferType,
    BufferViewType,
    CommandBufferType,
    DeviceType,
)


@irdl_op_definition
class BufferViewAssertOp(IRDLOperation):
    """`hal.buffer_view.assert<%v : !hal.buffer_view> message("input0") shape([%d0, ...])
    type(%element_type) encoding(%encoding)`: fails unless the view has that shape,
    element type and encoding."""

    name = "hal.buffer_view.assert"

    buffer_view = operand_def(BufferViewType)
    message = prop_def(StringAttr)
    shape = var_operand_def(IndexType)
    element_type = operand_def(i32)
    encoding_type = operand_def(i32)

    assembly_format = (
        "`<` $buffer_view `:` type($buffer_view) `>` `message` `(` $message `)` "
        "`shape` `(` `[` $shape `]` `)` `type` `(` $element_type `)` "
        "`encoding` `(` $encoding_type `)` attr-dict"
    )

    def __init__(
        self,
        buffer_view: SSAValue,
        message: str,
        shape: Sequence[SSAValue],
        element_type: SSAValue,
        encoding_type: SSAValue,
    ) -> None:
        super().__init__(
            operands=[buffer_view, shape, element_type, encoding_type],
            properties={"message": StringAttr(message)},
        )


@irdl_op_definition
class BufferViewBufferOp(IRDLOperation):
    """`hal.buffer_view.buffer<%v : !hal.buffer_view> : !hal.buffer`: the view's buffer."""

    name = "hal.buffer_view.buffer"

    buffer_view = operand_def(BufferViewType)
    result = result_def(BufferType)

    traits = traits_def(Pure())
    assembly_format = "`<` $buffer_view `:` type($buffer_view) `>` attr-dict `:` type($result)"

    def __init__(self, buffer_view: SSAValue) -> None:
        super().__init__(operands=[buffer_view], result_types=[BufferType()])


@irdl_op_definition
class BufferViewDimOp(IRDLOperation):
    """`hal.buffer_view.dim<%v : !hal.buffer_view>[N] : index`: dimension N of the view."""

    name = "hal.buffer_view.dim"

    buffer_view = operand_def(BufferViewType)
    index = prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)

    traits = traits_def(Pure())
    assembly_format = (
        "`<` $buffer_view `:` type($buffer_view) `>` `` `[` $index `]` attr-dict `:` type($result)"
    )

    def __init__(self, buffer_view: SSAValue, index: int) -> None:
        super().__init__(
            operands=[buffer_view],
            result_types=[IndexType()],
            properties={"index": IntegerAttr(index, IndexType())},
        )


@irdl_op_definition
class BufferViewCreateOp(IRDLOperation):
    """`hal.buffer_view.create buffer(%b : !hal.buffer)[%offset, %length] shape([%d0, ...])
    type(%element_type) encoding(%encoding) : !hal.buffer_view`."""

    name = "hal.buffer_view.create"

    source_buffer = operand_def(BufferType)
    source_offset = operand_def(IndexType)
    source_length = operand_def(IndexType)
    element_type = operand_def(i32)
    encoding_type = operand_def(i32)
    shape = var_operand_def(IndexType)
    result = result_def(BufferViewType)

    traits = traits_def(Pure())
    assembly_format = (
        "`buffer` `(` $source_buffer `:` type($source_buffer) `)` "
        "`` `[` $source_offset `,` $source_length `]` `shape` `(` `[` $shape `]` `)` "
        "`type` `(` $element_type `)` `encoding` `(` $encoding_type `)` attr-dict "
        "`:` type($result)"
    )

    def __init__(
        self,
        buffer: SSAValue,
        offset: SSAValue,
        length: SSAValue,
        element_type: SSAValue,
        encoding_type: SSAValue,
        shape: Sequence[SSAValue],
    ) -> None:
        super().__init__(
            operands=[buffer, offset, length, element_type, encoding_type, shape],
            result_types=[BufferViewType()],
        )


@irdl_op_definition
class DeviceAllocatorOp(IRDLOperation):
    """`hal.device.allocator<%d : !hal.device> : !hal.allocator`."""

    name = "hal.device.allocator"

    device = operand_def(DeviceType)
    result = result_def(AllocatorType)

    traits = traits_def(Pure())
    assembly_format = "`<` $device `:` type($device) `>` attr-dict `:` type($result)"

    def __init__(self, device: SSAValue) -> None:
        super().__init__(operands=[device], result_types=[AllocatorType()])


@irdl_op_definition
class AllocatorAllocateOp(IRDLOperation):
    """`hal.allocator.allocate<%a : !hal.allocator> affinity(%q) : !hal.buffer{%size}`: a
    new buffer of `%size` bytes, uninitialized as in IREE. IREE's memory types and usage are
    left out: the runtime has one kind of memory."""

    name = "hal.allocator.allocate"

    allocator = operand_def(AllocatorType)
    queue_affinity = operand_def(i64)
    result_size = operand_def(IndexType)
    result = result_def(BufferType)

    assembly_format = (
        "`<` $allocator `:` type($allocator) `>` `affinity` `(` $queue_affinity `)` "
        "attr-dict `:` type($result) `{` $result_size `}`"
    )

    def __init__(self, allocator: SSAValue, queue_affinity: SSAValue, size: SSAValue) -> None:
        super().__init__(
            operands=[allocator, queue_affinity, size],
            result_types=[BufferType()],
        )


@irdl_op_definition
class BufferLoadOp(IRDLOperation):
    """`hal.buffer.load<%b : !hal.buffer>[%offset] : i32`: the little-endian integer at a byte
    offset of the buffer (a host read of a tensor element; the runtime checks the range)."""

    name = "hal.buffer.load"

    source_buffer = operand_def(BufferType)
    source_offset = operand_def(IndexType)
    result = result_def(IntegerType)

    assembly_format = (
        "`<` $source_buffer `:` type($source_buffer) `>` `` `[` $source_offset `]` attr-dict "
        "`:` type($result)"
    )

    def __init__(self, buffer: SSAValue, offset: SSAValue, result_type: IntegerType) -> None:
        super().__init__(operands=[buffer, offset], result_types=[result_type])


@irdl_op_definition
class BufferSubspanOp(IRDLOperation):
    """`hal.buffer.subspan<%b : !hal.buffer>[%offset, %length] : !hal.buffer`: the byte range
    of a buffer as a buffer of its own, sharing its memory (a host view of a contiguous
    slice; the runtime checks the range)."""

    name = "hal.buffer.subspan"

    source_buffer = operand_def(BufferType)
    source_offset = operand_def(IndexType)
    length = operand_def(IndexType)
    result = result_def(BufferType)

    assembly_format = (
        "`<` $source_buffer `:` type($source_buffer) `>` `` `[` $source_offset `,` $length `]` "
        "attr-dict `:` type($result)"
    )

    def __init__(self, buffer: SSAValue, offset: SSAValue, length: SSAValue) -> None:
        super().__init__(operands=[buffer, offset, length], result_types=[BufferType()])


@irdl_op_definition
class AllocatorImportOp(IRDLOperation):
    """`%did_import, %buffer = hal.allocator.import<%a : !hal.allocator>
    source(%source : !util.buffer)[%offset, %length] affinity(%q) : i1, !hal.buffer`: the
    byte range of a host buffer (module rodata: weights) as a HAL buffer, without a copy.
    `%did_import` is false when the import failed and `%buffer` is null. IREE's memory types
    and usage are left out, as for `hal.allocator.allocate`."""

    name = "hal.allocator.import"

    allocator = operand_def(AllocatorType)
    source = operand_def(util.BufferType)
    offset = operand_def(IndexType)
    length = operand_def(IndexType)
    queue_affinity = operand_def(i64)
    did_import = result_def(i1)
    result = result_def(BufferType)

    assembly_format = (
        "`<` $allocator `:` type($allocator) `>` `source` `(` $source `:` type($source) `)` "
        "`` `[` $offset `,` $length `]` `affinity` `(` $queue_affinity `)` attr-dict "
        "`:` type($did_import) `,` type($result)"
    )

    def __init__(
        self,
        allocator: SSAValue,
        source: SSAValue,
        offset: SSAValue,
        length: SSAValue,
        queue_affinity: SSAValue,
    ) -> None:
        super().__init__(
            operands=[allocator, source, offset, length, queue_affinity],
            result_types=[i1, BufferType()],
        )


@irdl_op_definition
class CommandBufferFinalizeOp(IRDLOperation):
    """`hal.command_buffer.finalize<%cmd : !hal.command_buffer>`: recording is done."""

    name = "hal.command_buffer.finalize"

    command_buffer = operand_def(CommandBufferType)

    assembly_format = "`<` $command_buffer `:` type($command_buffer) `>` attr-dict"

    def __init__(self, command_buffer: SSAValue) -> None:
        super().__init__(operands=[command_buffer])


@irdl_op_definition
class SubmitAndWaitOp(IRDLOperation):
    """`hal.ex.submit_and_wait %device, %cmd`: runs a finalized command buffer and returns
    when it is done (IREE's former experimental op; pyvmvx has no queues or fences)."""

    name = "hal.ex.submit_and_wait"

    device = operand_def(DeviceType)
    command_buffer = operand_def(CommandBufferType)

    assembly_format = "$device `,` $command_buffer attr-dict"

    def __init__(self, device: SSAValue, command_buffer: SSAValue) -> None:
        super().__init__(operands=[device, command_buffer])


HOST_OPS: tuple[type[Operation], ...] = (
    BufferViewAssertOp,
    BufferViewBufferOp,
    BufferViewDimOp,
    BufferViewCreateOp,
    DeviceAllocatorOp,
    AllocatorAllocateOp,
    AllocatorImportOp,
    BufferLoadOp,
    BufferSubspanOp,
    CommandBufferFinalizeOp,
    SubmitAndWaitOp,
)
