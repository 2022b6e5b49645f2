"""`vm.buffer.*` and `vm.list.*` ops.

Units, as in current IREE (`runtime/src/iree/vm/buffer.c` and the VM op descriptions):
- `vm.buffer.load.*` / `vm.buffer.store.*` index the buffer in **elements** of the accessed
  width (`vm.buffer.load.i32 %b[%i]` reads bytes `4*i .. 4*i+3`); util→VM conversion divides
  byte offsets by the element size.
- `vm.buffer.fill.*` takes its offset and length in **elements** of the fill width too.
- `vm.buffer.alloc/clone/copy/compare/length` work in **bytes**.
- Buffer offsets and lengths are i64; alignments (`alloc`, `clone`) and list indices are i32.
Sub-32-bit loads produce an i32 (zero- or sign-extended by the `.u`/`.s` suffix); sub-32-bit
stores and fills take an i32 and keep its low bits. `vm.buffer.load.f16`/`store.f16` and
`.bf16` are pyvmvx's (IREE's VM has no f16 or bf16 access): an element in an f32 register, a
store rounding.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import f32, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyOf,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.irdl.constraints import AttrConstraint, EqAttrConstraint
from xdsl.traits import (
    MemoryAllocEffect,
    MemoryReadEffect,
    MemoryWriteEffect,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.vm.base import TypedOp, define_op
from pyvmvx.dialects.vm.scalar import TYPES
from pyvmvx.dialects.vm.types import (
    ANY_REF,
    BUFFER,
    LIST,
    BufferType,
    ListType,
    OpaqueType,
    is_primitive_type,
    is_ref_type,
)

# ---------------------------------------------------------------------------
# Buffers
# ---------------------------------------------------------------------------


@irdl_op_definition
class BufferAllocOp(IRDLOperation):
    """`%b = vm.buffer.alloc %length, %alignment : !vm.buffer`: `length` zeroed bytes."""

    name = "vm.buffer.alloc"
    length = operand_def(i64)
    alignment = operand_def(i32)
    result = result_def(BUFFER)
    assembly_format = "$length `,` $alignment attr-dict `:` type($result)"
    traits = traits_def(MemoryAllocEffect())

    def __init__(self, length: SSAValue | Operation, alignment: SSAValue | Operation) -> None:
        super().__init__(operands=[length, alignment], result_types=[BufferType()])


@irdl_op_definition
class BufferCloneOp(IRDLOperation):
    """`%c = vm.buffer.clone %src, %offset, %length, %alignment : !vm.buffer -> !vm.buffer`."""

    name = "vm.buffer.clone"
    source_buffer = operand_def(BUFFER)
    source_offset = operand_def(i64)
    length = operand_def(i64)
    alignment = operand_def(i32)
    result = result_def(BUFFER)
    assembly_format = (
        "$source_buffer `,` $source_offset `,` $length `,` $alignment attr-dict"
        " `:` type($source_buffer) `->` type($result)"
    )
    traits = traits_def(MemoryAllocEffect(), MemoryReadEffect())

    def __init__(
        self,
        source: SSAValue | Operation,
        offset: SSAValue | Operation,
        length: SSAValue | Operation,
        alignment: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[source, offset, length, alignment], result_types=[BufferType()])


@irdl_op_definition
class BufferLengthOp(IRDLOperation):
    """`%n = vm.buffer.length %b : !vm.buffer -> i64`: the byte length."""

    name = "vm.buffer.length"
    buffer = operand_def(BUFFER)
    result = result_def(i64)
    assembly_format = "$buffer attr-dict `:` type($buffer) `->` type($result)"
    traits = traits_def(Pure())

    def __init__(self, buffer: SSAValue | Operation) -> None:
        super().__init__(operands=[buffer], result_types=[i64])


@irdl_op_definition
class BufferCopyOp(IRDLOperation):
    """`vm.buffer.copy %src, %src_off, %dst, %dst_off, %len : !vm.buffer -> !vm.buffer` (bytes)."""

    name = "vm.buffer.copy"
    source_buffer = operand_def(BUFFER)
    source_offset = operand_def(i64)
    target_buffer = operand_def(BUFFER)
    target_offset = operand_def(i64)
    length = operand_def(i64)
    assembly_format = (
        "$source_buffer `,` $source_offset `,` $target_buffer `,` $target_offset `,` $length"
        " attr-dict `:` type($source_buffer) `->` type($target_buffer)"
    )
    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(
        self,
        source: SSAValue | Operation,
        source_offset: SSAValue | Operation,
        target: SSAValue | Operation,
        target_offset: SSAValue | Operation,
        length: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[source, source_offset, target, target_offset, length])


@irdl_op_definition
class BufferCompareOp(IRDLOperation):
    """`%eq = vm.buffer.compare %a, %a_off, %b, %b_off, %length : !vm.buffer, !vm.buffer`.

    Returns 1 if the two byte ranges are equal, else 0.
    """

    name = "vm.buffer.compare"
    lhs_buffer = operand_def(BUFFER)
    lhs_offset = operand_def(i64)
    rhs_buffer = operand_def(BUFFER)
    rhs_offset = operand_def(i64)
    length = operand_def(i64)
    result = result_def(i32)
    assembly_format = (
        "$lhs_buffer `,` $lhs_offset `,` $rhs_buffer `,` $rhs_offset `,` $length"
        " attr-dict `:` type($lhs_buffer) `,` type($rhs_buffer)"
    )
    traits = traits_def(MemoryReadEffect())

    def __init__(
        self,
        lhs: SSAValue | Operation,
        lhs_offset: SSAValue | Operation,
        rhs: SSAValue | Operation,
        rhs_offset: SSAValue | Operation,
        length: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[lhs, lhs_offset, rhs, rhs_offset, length], result_types=[i32])


class BufferFillOp(TypedOp):
    """`vm.buffer.fill.<t> %b, %offset, %length, %value : <t or i32> -> !vm.buffer`.

    Offset and length count elements of the fill width.
    """

    TYPED_FIELDS: ClassVar = {"value": ("VALUE_TYPE", "value")}
    VALUE_TYPE: ClassVar[AttrConstraint]
    target_buffer = operand_def(BUFFER)
    target_offset = operand_def(i64)
    length = operand_def(i64)
    value = operand_def()
    assembly_format = (
        "$target_buffer `,` $target_offset `,` $length `,` $value attr-dict"
        " `:` type($value) `->` type($target_buffer)"
    )
    traits = traits_def(MemoryWriteEffect())

    def __init__(
        self,
        target: SSAValue | Operation,
        offset: SSAValue | Operation,
        length: SSAValue | Operation,
        value: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[target, offset, length, value])


class BufferLoadOp(TypedOp):
    """`%v = vm.buffer.load.<t> %b[%element_index] : !vm.buffer -> <t or i32>`."""

    TYPED_FIELDS: ClassVar = {"result": ("RESULT_TYPE", "result")}
    RESULT_TYPE: ClassVar[AttrConstraint]
    DEFAULT_RESULT_TYPE: ClassVar[Attribute]
    source_buffer = operand_def(BUFFER)
    source_offset = operand_def(i64)
    result = result_def()
    assembly_format = (
        "$source_buffer `[` $source_offset `]` attr-dict"
        " `:` type($source_buffer) `->` type($result)"
    )
    traits = traits_def(MemoryReadEffect())

    def __init__(
        self,
        buffer: SSAValue | Operation,
        element_index: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(
            operands=[buffer, element_index],
            result_types=[result_type or self.DEFAULT_RESULT_TYPE],
        )


class BufferStoreOp(TypedOp):
    """`vm.buffer.store.<t> %v, %b[%element_index] : <t or i32> -> !vm.buffer`."""

    TYPED_FIELDS: ClassVar = {"value": ("VALUE_TYPE", "value")}
    VALUE_TYPE: ClassVar[AttrConstraint]
    target_buffer = operand_def(BUFFER)
    target_offset = operand_def(i64)
    value = operand_def()
    assembly_format = (
        "$value `,` $target_buffer `[` $target_offset `]` attr-dict"
        " `:` type($value) `->` type($target_buffer)"
    )
    traits = traits_def(MemoryWriteEffect())

    def __init__(
        self,
        value: SSAValue | Operation,
        buffer: SSAValue | Operation,
        element_index: SSAValue | Operation,
    ) -> None:
        # IREE's operand order is (target_buffer, target_offset, value); the text puts value first.
        super().__init__(operands=[buffer, element_index, value])


def _or_i32(type_name: str) -> AttrConstraint:
    """IREE's `AnyTypeOf<[type, I32]>` for narrow/float buffer accesses."""
    return AnyOf.get(i32, TYPES.get(type_name, i32))


_FILL_WIDTHS = ("i8", "i16", "i32", "i64", "f32", "f64")
_LOADS = ("i8.u", "i8.s", "i16.u", "i16.s", "i32", "i64", "f32", "f64")

BUFFER_OPS: tuple[type[IRDLOperation], ...] = (
    BufferAllocOp,
    BufferCloneOp,
    BufferLengthOp,
    BufferCopyOp,
    BufferCompareOp,
    *(
        define_op(BufferFillOp, f"vm.buffer.fill.{t}", {"VALUE_TYPE": _or_i32(t)})
        for t in _FILL_WIDTHS
    ),
    *(
        define_op(
            BufferLoadOp,
            f"vm.buffer.load.{t}",
            {"RESULT_TYPE": _or_i32(t), "DEFAULT_RESULT_TYPE": TYPES.get(t, i32)},
        )
        for t in _LOADS
    ),
    *(
        define_op(BufferStoreOp, f"vm.buffer.store.{t}", {"VALUE_TYPE": _or_i32(t)})
        for t in _FILL_WIDTHS
    ),
    *(
        define_op(
            BufferLoadOp,
            f"vm.buffer.load.{t}",
            {"RESULT_TYPE": EqAttrConstraint(f32), "DEFAULT_RESULT_TYPE": f32},
        )
        for t in ("f16", "bf16")
    ),
    *(
        define_op(BufferStoreOp, f"vm.buffer.store.{t}", {"VALUE_TYPE": EqAttrConstraint(f32)})
        for t in ("f16", "bf16")
    ),
)

# ---------------------------------------------------------------------------
# Lists
# ---------------------------------------------------------------------------


@irdl_op_definition
class ListAllocOp(IRDLOperation):
    """`%l = vm.list.alloc %initial_capacity : (i32) -> !vm.list<T>`."""

    name = "vm.list.alloc"
    initial_capacity = operand_def(i32)
    result = result_def(LIST)
    assembly_format = (
        "$initial_capacity attr-dict `:` `(` type($initial_capacity) `)` `->` type($result)"
    )
    traits = traits_def(MemoryAllocEffect())

    def __init__(self, initial_capacity: SSAValue | Operation, list_type: ListType) -> None:
        super().__init__(operands=[initial_capacity], result_types=[list_type])


@irdl_op_definition
class ListReserveOp(IRDLOperation):
    """`vm.list.reserve %l, %minimum_capacity : (!vm.list<T>, i32)`."""

    name = "vm.list.reserve"
    list = operand_def(LIST)
    minimum_capacity = operand_def(i32)
    assembly_format = (
        "$list `,` $minimum_capacity attr-dict `:` `(` type($list) `,` type($minimum_capacity) `)`"
    )
    traits = traits_def(MemoryAllocEffect(), MemoryReadEffect(), MemoryWriteEffect())

    def __init__(self, list_value: SSAValue | Operation, capacity: SSAValue | Operation) -> None:
        super().__init__(operands=[list_value, capacity])


@irdl_op_definition
class ListSizeOp(IRDLOperation):
    """`%n = vm.list.size %l : (!vm.list<T>) -> i32`."""

    name = "vm.list.size"
    list = operand_def(LIST)
    result = result_def(i32)
    assembly_format = "$list attr-dict `:` `(` type($list) `)` `->` type($result)"
    traits = traits_def(MemoryReadEffect())

    def __init__(self, list_value: SSAValue | Operation) -> None:
        super().__init__(operands=[list_value], result_types=[i32])


@irdl_op_definition
class ListResizeOp(IRDLOperation):
    """`vm.list.resize %l, %new_size : (!vm.list<T>, i32)`: new slots are 0 or null."""

    name = "vm.list.resize"
    list = operand_def(LIST)
    new_size = operand_def(i32)
    assembly_format = "$list `,` $new_size attr-dict `:` `(` type($list) `,` type($new_size) `)`"
    traits = traits_def(MemoryWriteEffect())

    def __init__(self, list_value: SSAValue | Operation, new_size: SSAValue | Operation) -> None:
        super().__init__(operands=[list_value, new_size])


def _check_list_element(op: IRDLOperation, list_value: SSAValue, want_ref: bool) -> None:
    assert isinstance(list_value.type, ListType)  # guaranteed by the operand constraint
    element = list_value.type.element_type
    if isinstance(element, OpaqueType):
        return
    ok = is_ref_type(element) if want_ref else is_primitive_type(element)
    if not ok:
        kind = "ref" if want_ref else "primitive"
        raise VerifyException(f"requires a list of {kind} elements or '?', got {list_value.type}")


class ListGetOp(TypedOp):
    """`%v = vm.list.get.<t> %l, %index : (!vm.list<T>, i32) -> <t>`."""

    TYPED_FIELDS: ClassVar = {"result": ("RESULT_TYPE", "result")}
    RESULT_TYPE: ClassVar[AttrConstraint]
    DEFAULT_RESULT_TYPE: ClassVar[Attribute | None]
    list = operand_def(LIST)
    index = operand_def(i32)
    result = result_def()
    assembly_format = (
        "$list `,` $index attr-dict `:` `(` type($list) `,` type($index) `)` `->` type($result)"
    )
    traits = traits_def(MemoryReadEffect())

    def __init__(
        self,
        list_value: SSAValue | Operation,
        index: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        result_type = result_type or self.DEFAULT_RESULT_TYPE
        if result_type is None:
            raise ValueError(f"{self.name} needs an explicit result type")
        super().__init__(operands=[list_value, index], result_types=[result_type])

    def verify_(self) -> None:
        super().verify_()
        _check_list_element(self, self.list, is_ref_type(self.result.type))


class ListSetOp(TypedOp):
    """`vm.list.set.<t> %l, %index, %value : (!vm.list<T>, i32, <t>)`."""

    TYPED_FIELDS: ClassVar = {"value": ("VALUE_TYPE", "value")}
    VALUE_TYPE: ClassVar[AttrConstraint]
    list = operand_def(LIST)
    index = operand_def(i32)
    value = operand_def()
    assembly_format = (
        "$list `,` $index `,` $value attr-dict"
        " `:` `(` type($list) `,` type($index) `,` type($value) `)`"
    )
    traits = traits_def(MemoryWriteEffect())

    def __init__(
        self,
        list_value: SSAValue | Operation,
        index: SSAValue | Operation,
        value: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[list_value, index, value])

    def verify_(self) -> None:
        super().verify_()
        _check_list_element(self, self.list, is_ref_type(self.value.type))


_LIST_ELEMENTS: dict[str, AttrConstraint] = {
    **{name: AnyOf.get(attr) for name, attr in TYPES.items()},
    "ref": ANY_REF,
}

LIST_OPS: tuple[type[IRDLOperation], ...] = (
    ListAllocOp,
    ListReserveOp,
    ListSizeOp,
    ListResizeOp,
    *(
        define_op(
            ListGetOp,
            f"vm.list.get.{t}",
            {"RESULT_TYPE": constr, "DEFAULT_RESULT_TYPE": TYPES.get(t)},
        )
        for t, constr in _LIST_ELEMENTS.items()
    ),
    *(
        define_op(ListSetOp, f"vm.list.set.{t}", {"VALUE_TYPE": constr})
        for t, constr in _LIST_ELEMENTS.items()
    ),
)
