"""util -> vm (IREE's `UtilToVM`): lists, buffers, globals, initializers and hints.

Buffer loads and stores take a byte offset in `util` but an element index in `vm` (for
i8 the two agree), so the offset is divided by the element size, as IREE's
`unscaleOffset` does. Offsets and sizes are i64 in `vm`; with 32-bit indices they are
zero-extended. `util.buffer.subspan` has no lowering: it must have been folded away. f16 and
bf16 elements use pyvmvx's `vm.buffer.load.f16`/`store.f16` and `.bf16` (they live in f32
registers).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    Signedness,
    UnitAttr,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.arith import integer_cast
from pyvmvx.conversion.to_vm.rewriter import (
    ConversionRewriter,
    ModulePattern,
    Pattern,
    build_vm_op,
    conversion_error,
    type_suffix,
)
from pyvmvx.conversion.to_vm.type_converter import NARROW_FLOATS
from pyvmvx.dialects import util
from pyvmvx.dialects.vm.structural import InitializerOp
from pyvmvx.dialects.vm.types import is_ref_type
from pyvmvx.runtime.vm.ints import wrap_int


def _to_i64(rw: ConversionRewriter, value: SSAValue) -> SSAValue:
    """An i64 byte count or offset (IREE's `castToI64`: zero-extends 32-bit indices)."""
    return integer_cast(rw, value, i64, signed=False)


def _from_i64(rw: ConversionRewriter, value: SSAValue) -> SSAValue:
    """An i64 result as an index (truncated when indices are 32-bit)."""
    return integer_cast(rw, value, rw.types.index_type, signed=False)


def _byte_size(rw: ConversionRewriter, op: Operation, attr: Attribute) -> int:
    width = rw.types.bit_width(attr)
    if width is None:
        raise conversion_error(op, f"type {attr} has no byte size")
    return max(1, (width + 7) // 8)


def _element_index(rw: ConversionRewriter, byte_offset: SSAValue, size: int) -> SSAValue:
    """`byte_offset / size` as an i64 element index (folded when the offset is constant)."""
    known = rw.known_int(byte_offset)
    if known is not None:
        if byte_offset.type == i32:
            known = wrap_int(known, 32, signed=False)  # zero-extended, as `_to_i64` does
        quotient = abs(known) // size
        return rw.i64(quotient if known >= 0 else -quotient)
    offset = _to_i64(rw, byte_offset)
    if size == 1:
        return offset
    return rw.emit_value("vm.div.i64.s", [offset, rw.i64(size)], i64)


def _access_suffix(rw: ConversionRewriter, op: Operation, attr: Attribute) -> str:
    """The `vm.buffer.load/store` width suffix for an element of source type `attr`."""
    if isinstance(attr, IndexType):
        attr = rw.types.index_type
    if isinstance(attr, IntegerType) and attr.width.data in (1, 8, 16, 32, 64):
        return f"i{max(8, attr.width.data)}"
    if attr in (f32, f64):
        return type_suffix(attr)
    if attr in NARROW_FLOATS:
        return NARROW_FLOATS[attr]
    raise conversion_error(op, f"unsupported buffer element type {attr}")


def _buffer_load(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, util.BufferLoadOp)
    element = op.result.type
    suffix = _access_suffix(rw, op, element)
    if suffix in ("i8", "i16"):
        unsigned = isinstance(element, IntegerType) and (
            element.signedness.data == Signedness.UNSIGNED
        )
        suffix += ".u" if unsigned else ".s"
    index = _element_index(rw, rw.lookup(op.source_offset), _byte_size(rw, op, element))
    result_type = rw.convert_type(element, op)
    return [rw.emit_value(f"vm.buffer.load.{suffix}", [rw.lookup(op.source), index], result_type)]


def _buffer_store(
    rw: ConversionRewriter, op: Operation, operands: list[SSAValue]
) -> list[SSAValue]:
    assert isinstance(op, util.BufferStoreOp)
    element = op.source.type
    suffix = _access_suffix(rw, op, element)
    index = _element_index(rw, rw.lookup(op.target_offset), _byte_size(rw, op, element))
    rw.emit(f"vm.buffer.store.{suffix}", [rw.lookup(op.target), index, rw.lookup(op.source)])
    return []


def _buffer_size(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return [_from_i64(rw, rw.emit_value("vm.buffer.length", operands, i64))]


def _buffer_alloc(
    rw: ConversionRewriter, op: Operation, operands: list[SSAValue]
) -> list[SSAValue]:
    assert isinstance(op, util.BufferAllocOp)
    alignment = op.alignment.value.data if op.alignment is not None else 0
    result_type = rw.convert_type(op.result.type, op)
    return [
        rw.emit_value("vm.buffer.alloc", [_to_i64(rw, operands[0]), rw.i32(alignment)], result_type)
    ]


def _buffer_constant(
    rw: ConversionRewriter, op: Operation, operands: list[SSAValue]
) -> list[SSAValue]:
    assert isinstance(op, util.BufferConstantOp)
    named: dict[str, Attribute] = {"value": op.value}
    if op.buffer_name is not None:
        named["name"] = op.buffer_name
    if op.alignment is not None:
        named["alignment"] = IntegerAttr(op.alignment.value.data, i64)
    if op.mime_type is not None:
        named["mime_type"] = op.mime_type
    result_type = rw.convert_type(op.result.type, op)
    return [rw.emit_value("vm.rodata.inline", [], result_type, **named)]


def _sizeof(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, util.SizeOfOp)
    size = _byte_size(rw, op, op.sized_type)
    return [rw.const_int(size, rw.convert_type(op.size.type, op))]


def _list_get(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    result_type = rw.convert_type(op.results[0].type, op)
    mnemonic = f"vm.list.get.{type_suffix(result_type)}"
    return [
        rw.emit_value(
            mnemonic, [operands[0], integer_cast(rw, operands[1], i32, signed=False)], result_type
        )
    ]


def _global_load(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, util.GlobalLoadOp)
    result_type = rw.convert_type(op.result.type, op)
    mnemonic = f"vm.global.load.{type_suffix(result_type)}"
    return [rw.emit_value(mnemonic, [], result_type, **{"global": op.global_})]


def _global_store(
    rw: ConversionRewriter, op: Operation, operands: list[SSAValue]
) -> list[SSAValue]:
    assert isinstance(op, util.GlobalStoreOp)
    mnemonic = f"vm.global.store.{type_suffix(operands[0].type)}"
    rw.emit(mnemonic, operands, **{"global": op.global_})
    return []


def _forward(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> Sequence[SSAValue]:
    """Compiler hints (`util.optimization_barrier`, `util.assume.int`) vanish."""
    return operands[: len(op.results)]


def _convert_global(rw: ConversionRewriter, op: Operation) -> list[Operation]:
    """`util.global` -> `vm.global.<type>`, keeping name, visibility, mutability and value.

    Discardable attributes are kept too, as IREE does: `iree-vmvx-assign-constant-ordinals`
    finds the ordinal globals by their `hal.executable.constant.key`.
    """
    assert isinstance(op, util.GlobalOp)
    vm_type = rw.convert_type(op.type, op)
    suffix = "ref" if is_ref_type(vm_type) else type_suffix(vm_type)
    named: dict[str, Attribute] = {**op.attributes, "sym_name": op.sym_name, "type": vm_type}
    if op.sym_visibility is not None:
        named["sym_visibility"] = op.sym_visibility
    if op.is_mutable is not None:
        named["is_mutable"] = UnitAttr()
    if op.initial_value is not None:
        if suffix == "ref":
            raise conversion_error(op, "reference globals cannot have an initial value")
        named["initial_value"] = _initial_value(op, op.initial_value, vm_type)
    return [build_vm_op(f"vm.global.{suffix}", named=named)]


def _initial_value(op: Operation, value: Attribute, vm_type: Attribute) -> Attribute:
    if isinstance(value, IntegerAttr) and isinstance(vm_type, IntegerType):
        return IntegerAttr(wrap_int(value.value.data, vm_type.width.data), vm_type)
    if isinstance(value, FloatAttr) and vm_type in (f32, f64):
        return FloatAttr(value.value.data, vm_type)
    raise conversion_error(op, f"unsupported initial value {value}")


def _convert_initializer(rw: ConversionRewriter, op: Operation) -> list[Operation]:
    """`util.initializer` -> `vm.initializer` with the converted body."""
    return [InitializerOp(rw.convert_region(op.regions[0]))]


PATTERNS = PatternTable[Pattern](
    "util -> vm",
    [
        (util.BufferLoadOp, _buffer_load),
        (util.BufferStoreOp, _buffer_store),
        (util.BufferSizeOp, _buffer_size),
        (util.BufferAllocOp, _buffer_alloc),
        (util.BufferConstantOp, _buffer_constant),
        (util.SizeOfOp, _sizeof),
        (util.ListGetOp, _list_get),
        (util.GlobalLoadOp, _global_load),
        (util.GlobalStoreOp, _global_store),
        ((util.OptimizationBarrierOp, util.AssumeIntOp), _forward),
    ],
)

MODULE_PATTERNS = PatternTable[ModulePattern](
    "util globals -> vm",
    [(util.GlobalOp, _convert_global), (util.InitializerOp, _convert_initializer)],
)
