"""The `hal` ops of host programs, with IREE's syntax: buffer views, allocation (with its
memory types and usage, `hal.memory_type`/`hal.buffer_usage`), host reads
(`hal.buffer.load`), views (`hal.buffer.subspan`), submission.

They are what `pyvmvx-lower-host-to-hal` emits for a whole program's public functions and
what the VM conversion turns into calls of the runtime `hal` module (`hal_imports.mlir`).
`hal.ex.submit_and_wait` is IREE's former experimental op (IREE 3.13's `iree-opt` does not
know it): pyvmvx runs command buffers synchronously instead of through queues and fences.
The ops join the `hal` dialect in `pyvmvx.dialects.get_iree_dialects` (they live apart from
`hal.py` to keep modules small).
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, StringAttr, i1, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects import util
from pyvmvx.dialects.hal import (
    AllocatorType,
    BufferType,
    BufferViewType,
    CommandBufferType,
    DeviceType,
    _parse_bit_enum,
    _parse_typed_operand,
    _print_typed_operand,
)


class MemoryTypes(enum.IntFlag):
    """`HAL_MemoryTypeBitfield` bits, in IREE's order; `HostLocal` and `DeviceLocal` imply
    other bits, as in IREE."""

    Optimal = 0x1
    HostVisible = 0x2
    HostCoherent = 0x4
    HostCached = 0x8
    HostLocal = 0x46
    DeviceVisible = 0x10
    DeviceLocal = 0x30


class BufferUsage(enum.IntFlag):
    """`HAL_BufferUsageBitfield` bits, in IREE 3.13's order and spelling; `Transfer`,
    `DispatchStorage`, `DispatchImage` and `Mapping` are unions of other bits."""

    TransferSource = 0x1
    TransferTarget = 0x2
    Transfer = 0x3
    DispatchIndirectParameters = 0x100
    DispatchUniformRead = 0x200
    DispatchStorageRead = 0x400
    DispatchStorageWrite = 0x800
    DispatchStorage = 0xC00
    DispatchImageRead = 0x1000
    DispatchImageWrite = 0x2000
    DispatchImage = 0x3000
    SharingExport = 0x10000
    SharingReplicate = 0x20000
    SharingConcurrent = 0x40000
    SharingImmutable = 0x80000
    MappingScoped = 0x1000000
    MappingPersistent = 0x2000000
    MappingOptional = 0x4000000
    MappingAccessRandom = 0x8000000
    MappingAccessSequentialWrite = 0x10000000
    Mapping = 0x9000000


DEVICE_LOCAL = MemoryTypes.DeviceLocal
"""The memory type of IREE's device buffers (`"DeviceVisible|DeviceLocal"`)."""
DISPATCH_STORAGE = BufferUsage.Transfer | BufferUsage.DispatchStorage
"""The usage IREE gives a buffer that transfers and dispatches read and write."""


def _cases(value: enum.IntFlag) -> list[enum.IntFlag]:
    """The cases (unions too) whose bits are all set in `value`, in declaration order."""
    return [m for m in type(value).__members__.values() if m and value & m == m]


def _print_bitfield(printer: Printer, value: enum.IntFlag) -> None:
    """A bit field as MLIR prints one inside an op: its `_cases`, one bare, several or
    `"None"` quoted."""
    names = [str(case.name) for case in _cases(value)]
    if len(names) == 1:
        printer.print_identifier_or_string_literal(names[0])
    else:
        printer.print_string_literal("|".join(names) or "None")


class BitfieldOp(IRDLOperation):
    """`hal.<mnemonic><"A|B"> : i32`: a bit field of `FLAGS` as an i32 value."""

    FLAGS: ClassVar[type[enum.IntFlag]]
    PROPERTY: ClassVar[str]
    """IREE's name of the `value` property."""

    value = prop_def(IntegerAttr[IntegerType])
    result = result_def(i32)

    traits = traits_def(Pure())

    def __init__(self, value: enum.IntFlag) -> None:
        super().__init__(
            result_types=[i32], properties={self.PROPERTY: IntegerAttr(int(value), i32)}
        )

    @property
    def flags(self) -> enum.IntFlag:
        return self.FLAGS(self.value.value.data)

    def verify_(self) -> None:
        if self.value.type != i32:
            raise VerifyException(f"{self.name} takes an i32 bit field, got {self.value}")
        value = self.value.value.data
        if functools.reduce(operator.or_, _cases(self.flags), 0) != value:
            raise VerifyException(f"{self.name}: {value} is not a union of {self.FLAGS.__name__}")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        with parser.in_angle_brackets():
            value = _parse_bit_enum(parser, cls.FLAGS)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        start = parser.pos
        if parser.parse_type() != i32:
            parser.raise_error("expected i32", start, parser.pos)
        op = cls(value)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        _print_bitfield(printer, self.flags)
        printer.print_string(">")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : i32")


@irdl_op_definition
class MemoryTypeOp(BitfieldOp):
    """`hal.memory_type<"DeviceVisible|DeviceLocal"> : i32`: the memory types operand of
    `hal.allocator.allocate`/`.import`."""

    name = "hal.memory_type"
    FLAGS: ClassVar[type[enum.IntFlag]] = MemoryTypes
    PROPERTY: ClassVar[str] = "type"

    value = prop_def(IntegerAttr[IntegerType], prop_name=PROPERTY)


@irdl_op_definition
class BufferUsageOp(BitfieldOp):
    """`hal.buffer_usage<"TransferSource|..."> : i32`: the buffer usage operand of
    `hal.allocator.allocate`/`.import`."""

    name = "hal.buffer_usage"
    FLAGS: ClassVar[type[enum.IntFlag]] = BufferUsage
    PROPERTY: ClassVar[str] = "usage"

    value = prop_def(IntegerAttr[IntegerType], prop_name=PROPERTY)


@irdl_op_definition
class BufferViewAssertOp(IRDLOperation):
    """`hal.buffer_view.assert<%v : !hal.buffer_view> message("input0") shape([%d0, ...])
    type(%element_type) encoding(%encoding)`: fails unless the view has that shape,
    element type and encoding."""

    name = "hal.buffer_view.assert"

    buffer_view = operand_def(BufferViewType)
    message = prop_def(StringAttr)
    element_type = operand_def(i32)
    encoding_type = operand_def(i32)
    shape = var_operand_def(IndexType)

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
            operands=[buffer_view, element_type, encoding_type, shape],
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


def _parse_placement(parser: Parser) -> list[SSAValue]:
    """`affinity(%q) (type(%t) usage(%u))?`: the queue affinity and, unless in pyvmvx's older
    spelling, the memory types and usage."""
    parser.parse_keyword("affinity")
    with parser.in_parens():
        values = [parser.parse_operand(i64)]
    if parser.parse_optional_keyword("type"):
        with parser.in_parens():
            values.append(parser.parse_operand(i32))
        parser.parse_keyword("usage")
        with parser.in_parens():
            values.append(parser.parse_operand(i32))
    return values


def _print_placement(printer: Printer, affinity: SSAValue, placement: Sequence[SSAValue]) -> None:
    printer.print_string(" affinity(")
    printer.print_operand(affinity)
    printer.print_string(")")
    for keyword, value in zip(("type", "usage"), placement, strict=False):
        printer.print_string(f" {keyword}(")
        printer.print_operand(value)
        printer.print_string(")")


def _verify_placement(op: IRDLOperation, placement: Sequence[SSAValue]) -> None:
    if len(placement) not in (0, 2):
        raise VerifyException(f"{op.name} takes both memory types and usage or neither")


def _parse_attributes(parser: Parser, op: Operation, before: dict[str, Attribute]) -> None:
    """The attributes of pyvmvx's older spelling (`before` the `:`) or IREE's trailing
    `attributes {...}`."""
    op.attributes.update(before)
    trailing = parser.parse_optional_attr_dict_with_keyword()
    if trailing is not None:
        op.attributes.update(trailing.data)


@irdl_op_definition
class AllocatorAllocateOp(IRDLOperation):
    """`hal.allocator.allocate<%a : !hal.allocator> affinity(%q) type(%memory_types)
    usage(%buffer_usage) : !hal.buffer{%size}`: a new buffer of `%size` bytes,
    uninitialized as in IREE. The runtime has one kind of memory and ignores the memory
    types and usage; they are absent in pyvmvx's older spelling (no `type`/`usage`), which
    is still read and which `iree-opt` rejects."""

    name = "hal.allocator.allocate"

    allocator = operand_def(AllocatorType)
    queue_affinity = operand_def(i64)
    placement = var_operand_def(i32)
    """`[memory_types, buffer_usage]` (IREE's operands), or empty."""
    result_size = operand_def(IndexType)
    result = result_def(BufferType)

    def __init__(
        self,
        allocator: SSAValue,
        queue_affinity: SSAValue,
        size: SSAValue,
        memory_types: SSAValue | None = None,
        buffer_usage: SSAValue | None = None,
    ) -> None:
        placement = [v for v in (memory_types, buffer_usage) if v is not None]
        super().__init__(
            operands=[allocator, queue_affinity, placement, size],
            result_types=[BufferType()],
        )

    def verify_(self) -> None:
        _verify_placement(self, self.placement)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        with parser.in_angle_brackets():
            allocator = _parse_typed_operand(parser)
        affinity, *placement = _parse_placement(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        start = parser.pos
        if not isinstance(parser.parse_type(), BufferType):
            parser.raise_error("expected !hal.buffer", start, parser.pos)
        with parser.in_braces():
            size = parser.parse_operand(IndexType())
        op = cls(allocator, affinity, size, *placement)
        _parse_attributes(parser, op, attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        _print_typed_operand(printer, self.allocator)
        printer.print_string(">")
        _print_placement(printer, self.queue_affinity, self.placement)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        printer.print_string("{")
        printer.print_operand(self.result_size)
        printer.print_string("}")
        printer.print_op_attributes(self.attributes, print_keyword=True)


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
    source(%source : !util.buffer)[%offset, %length] affinity(%q) type(%memory_types)
    usage(%buffer_usage) : i1, !hal.buffer`: the byte range of a host buffer (module rodata:
    weights) as a HAL buffer, without a copy. `%did_import` is false when the import failed
    and `%buffer` is null. Memory types and usage as for `hal.allocator.allocate`."""

    name = "hal.allocator.import"

    allocator = operand_def(AllocatorType)
    queue_affinity = operand_def(i64)
    placement = var_operand_def(i32)
    """`[memory_types, buffer_usage]` (IREE's operands), or empty."""
    source = operand_def(util.BufferType)
    offset = operand_def(IndexType)
    length = operand_def(IndexType)
    did_import = result_def(i1)
    result = result_def(BufferType)

    def __init__(
        self,
        allocator: SSAValue,
        source: SSAValue,
        offset: SSAValue,
        length: SSAValue,
        queue_affinity: SSAValue,
        memory_types: SSAValue | None = None,
        buffer_usage: SSAValue | None = None,
    ) -> None:
        placement = [v for v in (memory_types, buffer_usage) if v is not None]
        super().__init__(
            operands=[allocator, queue_affinity, placement, source, offset, length],
            result_types=[i1, BufferType()],
        )

    def verify_(self) -> None:
        _verify_placement(self, self.placement)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        with parser.in_angle_brackets():
            allocator = _parse_typed_operand(parser)
        parser.parse_keyword("source")
        with parser.in_parens():
            source = _parse_typed_operand(parser)
        with parser.in_square_brackets():
            offset = parser.parse_operand(IndexType())
            parser.parse_punctuation(",")
            length = parser.parse_operand(IndexType())
        affinity, *placement = _parse_placement(parser)
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        start = parser.pos
        if parser.parse_type() != i1:
            parser.raise_error("expected i1", start, parser.pos)
        parser.parse_punctuation(",")
        start = parser.pos
        if not isinstance(parser.parse_type(), BufferType):
            parser.raise_error("expected !hal.buffer", start, parser.pos)
        op = cls(allocator, source, offset, length, affinity, *placement)
        _parse_attributes(parser, op, attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        _print_typed_operand(printer, self.allocator)
        printer.print_string("> source(")
        _print_typed_operand(printer, self.source)
        printer.print_string(")[")
        printer.print_operand(self.offset)
        printer.print_string(", ")
        printer.print_operand(self.length)
        printer.print_string("]")
        _print_placement(printer, self.queue_affinity, self.placement)
        printer.print_string(" : i1, ")
        printer.print_attribute(self.result.type)
        printer.print_op_attributes(self.attributes, print_keyword=True)


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
    MemoryTypeOp,
    BufferUsageOp,
    AllocatorAllocateOp,
    AllocatorImportOp,
    BufferLoadOp,
    BufferSubspanOp,
    CommandBufferFinalizeOp,
    SubmitAndWaitOp,
)
