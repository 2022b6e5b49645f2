"""memref -> `!util.buffer` (IREE's `MemRefToUtil` patterns) and the type rule they share.

Type rule (`convert_type`, the type converter of `iree-vmvx-conversion`): a memref of rank 0
or 1 with an identity layout becomes `!util.buffer` (a byte buffer); any other memref has no
conversion and must have been flattened first (`iree-codegen-flatten-memref-subspan`).

The patterns convert in place through `pyvmvx.conversion.framework.ConversionState`: users of
a memref not converted yet see its buffer through a materialization back to the memref type.

Patterns (IREE's behaviour; offsets are in bytes):
- `memref.load/store` -> `util.buffer.load/store` at `index * sizeof(T)` (0 for rank 0);
- `memref.alloca` -> `util.buffer.alloc` of `sizeof(T) * size`;
- `memref.dim` -> `util.buffer.size floordiv sizeof(T)`;
- `memref.global` (constant, with a dense value) -> an immutable private `util.global` set by
  a `util.initializer` from a `util.buffer.constant`; `memref.get_global` -> `util.global.load`;
- `memref.cast`, `memref.reinterpret_cast` (offset 0) and `bufferization.to_buffer` pass
  their operand through; `memref.assume_alignment` is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.builder import Builder
from xdsl.dialects import arith, bufferization, memref
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.conversion.framework import ConversionState, InPlacePattern, PatternTable
from pyvmvx.dialects import util
from pyvmvx.ir.index_builder import IndexBuilder


def is_buffer_memref(memref_type: Attribute) -> bool:
    """A rank-0/1 memref with an identity layout: the memrefs that become `!util.buffer`."""
    if not isinstance(memref_type, MemRefType) or memref_type.get_num_dims() > 1:
        return False
    layout = memref_type.layout
    if isinstance(layout, NoneAttr):
        return True
    return (
        isinstance(layout, StridedLayoutAttr)
        and memref_type.get_offset() == 0
        and all(stride == 1 for stride in memref_type.get_strides() or [None])
    )


def convert_type(attr: Attribute) -> Attribute:
    """The type a value of type `attr` has after the conversion."""
    return util.BufferType() if is_buffer_memref(attr) else attr


def emit(before: Operation, op: Operation) -> Operation:
    """Insert `op` before `before` and return it."""
    Rewriter.insert_op(op, InsertPoint.before(before))
    return op


def index_constant(before: Operation, value: int) -> SSAValue:
    """An `arith.constant value : index` (named as MLIR names it) inserted before `before`."""
    return IndexBuilder(Builder(InsertPoint.before(before)), named_constants=True).value(value)


def static_byte_size(element_type: Attribute) -> int | None:
    """`util.sizeof` of integer and float types (bits rounded up to bytes), else None."""
    if isinstance(element_type, IntegerType | AnyFloat):
        return (element_type.bitwidth + 7) // 8
    return None


def byte_size(before: Operation, element_type: Attribute) -> SSAValue:
    """The byte size of `element_type`: a constant, or `util.sizeof` (e.g. for `index`)."""
    size = static_byte_size(element_type)
    if size is not None:
        return index_constant(before, size)
    return emit(before, util.SizeOfOp(element_type)).results[0]


def multiply(before: Operation, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """`arith.muli lhs, rhs` inserted before `before`."""
    return emit(before, arith.MuliOp(lhs, rhs)).results[0]


_BUFFER_OPERAND = "its operand must have become a !util.buffer"
UNFLATTENED = (
    "only memrefs of rank 0 or 1 with an identity layout become !util.buffer; "
    "run iree-codegen-flatten-memref-subspan first"
)


def _buffer_of(state: ConversionState, op: Operation, value: SSAValue) -> SSAValue | None:
    """The buffer a memref operand converts to, or None (recording the failure)."""
    if not is_buffer_memref(value.type):
        state.fail(op, UNFLATTENED)
        return None
    return state.remapped(value, op)


def _byte_offset(op: Operation, memref_type: MemRefType, indices: Sequence[SSAValue]) -> SSAValue:
    if memref_type.get_num_dims() == 0:
        return index_constant(op, 0)
    return multiply(op, indices[0], byte_size(op, memref_type.element_type))


def _access(
    state: ConversionState, op: memref.LoadOp | memref.StoreOp
) -> tuple[SSAValue, SSAValue, SSAValue, SSAValue] | None:
    """`(buffer, buffer size, byte offset, byte length)` of the element a load or store
    accesses, or None (recording the failure)."""
    memref_type = op.memref.type
    buffer = _buffer_of(state, op, op.memref)
    if buffer is None:
        return None
    assert isinstance(memref_type, MemRefType)
    size = emit(op, util.BufferSizeOp(buffer)).results[0]
    offset = _byte_offset(op, memref_type, op.indices)
    return buffer, size, offset, byte_size(op, memref_type.element_type)


def _load(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.LoadOp)
    access = _access(state, op)
    if access is None:
        return
    load = emit(op, util.BufferLoadOp(*access, op.res.type))
    state.replace(op, load.results)


def _store(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.StoreOp)
    access = _access(state, op)
    if access is None:
        return
    emit(op, util.BufferStoreOp(state.remapped(op.value, op), *access))
    state.replace(op, [])


def _alloca(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.AllocaOp)
    memref_type = op.memref.type
    if not is_buffer_memref(memref_type):
        state.fail(op, UNFLATTENED)
        return
    assert isinstance(memref_type, MemRefType)
    size = byte_size(op, memref_type.element_type)
    if memref_type.get_num_dims() == 1:
        extent = memref_type.get_shape()[0]
        count = op.dynamic_sizes[0] if op.dynamic_sizes else index_constant(op, extent)
        size = multiply(op, count, size)
    alignment = op.alignment.value.data if isinstance(op.alignment, IntegerAttr) else None
    state.replace(op, emit(op, util.BufferAllocOp(size, alignment)).results)


def _dim(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.DimOp)
    buffer = _buffer_of(state, op, op.source)
    if buffer is None:
        return
    assert isinstance(op.source.type, MemRefType)
    size = emit(op, util.BufferSizeOp(buffer)).results[0]
    count = emit(op, arith.FloorDivSIOp(size, byte_size(op, op.source.type.element_type)))
    state.replace(op, count.results)


def _get_global(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.GetGlobalOp)
    if not is_buffer_memref(op.memref.type):
        state.fail(op, UNFLATTENED)
        return
    load = emit(op, util.GlobalLoadOp(op.name_, util.BufferType()))
    state.replace(op, load.results)


def forward_operand(state: ConversionState, op: Operation) -> None:
    """Cast-like ops: the buffer of the operand is the result, whatever the result's type
    (IREE's `FoldAsNoOp`); users needing an unflattened result type fail instead."""
    if isinstance(op, memref.ReinterpretCastOp) and any(op.static_offsets.get_values()):
        state.fail(op, "only a reinterpret_cast with a static zero offset passes through")
        return
    source = state.remapped(op.operands[0], op)
    if not isinstance(source.type, util.BufferType):
        state.fail(op, _BUFFER_OPERAND)
        return
    state.replace(op, [source])


def _drop_assume_alignment(state: ConversionState, op: Operation) -> None:
    assert isinstance(op, memref.AssumeAlignmentOp)
    state.replace(op, [op.memref])


def _convert_global(state: ConversionState, op: Operation) -> None:
    """`memref.global constant` -> `util.global` + a `util.initializer` storing its value."""
    assert isinstance(op, memref.GlobalOp)
    value = op.initial_value
    if op.constant is None:
        state.fail(op, "only constant memref globals are supported (mutable ones are not)")
        return
    if not is_buffer_memref(op.type):
        state.fail(op, UNFLATTENED)
        return
    if not isinstance(value, DenseIntOrFPElementsAttr | DenseResourceAttr):
        state.fail(op, "a constant memref global needs a dense initial value")
        return
    name = op.sym_name.data
    alignment = op.alignment.value.data if op.alignment is not None else None
    body = Block()
    constant = util.BufferConstantOp(value, alignment=alignment)
    body.add_ops([constant, util.GlobalStoreOp(constant.result, name), util.ReturnOp()])
    global_op = util.GlobalOp(name, util.BufferType())
    Rewriter.insert_op([global_op, util.InitializerOp(Region(body))], InsertPoint.before(op))
    Rewriter.erase_op(op)


PATTERNS = PatternTable[InPlacePattern](
    "memref -> util",
    [
        (memref.GlobalOp, _convert_global),
        (memref.LoadOp, _load),
        (memref.StoreOp, _store),
        (memref.AllocaOp, _alloca),
        (memref.DimOp, _dim),
        (memref.GetGlobalOp, _get_global),
        ((memref.CastOp, memref.ReinterpretCastOp, bufferization.ToBufferOp), forward_operand),
        (memref.AssumeAlignmentOp, _drop_assume_alignment),
    ],
)
