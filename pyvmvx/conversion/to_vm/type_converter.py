"""IREE's VM type converter (`VM/Conversion/TypeConverter.cpp` plus the util type rules).

VM registers hold i32, i64, f32, f64 and references, so:
- `index` becomes `i<index_bits>` (IREE's `--iree-vm-target-index-bits`, 64 by default);
- integers narrower than 32 bits (i1, i8, i16) live in i32 registers; i32/i64 stay;
- f16 and bf16 widen to f32 (the f32 extension is on for VMVX; `NARROW_FLOATS`); f32/f64
  stay; the f8 types have no VM form;
- `!util.buffer` becomes `!vm.buffer`, `!util.list<T>` becomes `!vm.list<T'>` (variant
  elements, `?`, stay `?`);
- HAL object types (`!hal.buffer_view`, ...) become `!vm.ref<!hal.*>`;
- VM types map to themselves. Anything else has no VM form (`None`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.builtin import (
    AnyFloat,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    bf16,
    f16,
    f32,
    i32,
)
from xdsl.ir import Attribute

from pyvmvx.dialects import hal, util
from pyvmvx.dialects.vm.types import BufferType, ListType, OpaqueType, RefType, is_ref_type

HAL_OBJECT_TYPES = (
    hal.DeviceType,
    hal.AllocatorType,
    hal.BufferType,
    hal.BufferViewType,
    hal.CommandBufferType,
    hal.ExecutableType,
)
"""HAL object types (host code): `!vm.ref<!hal.*>` in VM registers."""

NARROW_FLOATS: dict[Attribute, str] = {f16: "f16", bf16: "bf16"}
"""The floats that live in f32 registers, with the suffix of pyvmvx's `vm` ops that round an
f32 to them (`vm.trunc.f32.<suffix>`) and load and store them (`vm.buffer.load.<suffix>`)."""


@dataclass(frozen=True)
class VMTypeConverter:
    """Converts source types to VM register types for one `index_bits` setting."""

    index_bits: int = 64

    @property
    def index_type(self) -> IntegerType:
        """The VM integer type standing for `index`."""
        return IntegerType(self.index_bits)

    def convert(self, attr: Attribute) -> Attribute | None:
        """The VM type of `attr`, or None when it has none."""
        if isinstance(attr, IndexType):
            return self.index_type
        if isinstance(attr, IntegerType):
            width = attr.width.data
            if width in (32, 64):
                return IntegerType(width)
            return i32 if width < 32 else None
        if isinstance(attr, Float32Type | Float64Type):
            return attr
        if attr in NARROW_FLOATS:
            return f32
        if isinstance(attr, util.BufferType):
            return BufferType()
        if isinstance(attr, util.ListType):
            element = self._list_element(attr.element_type)
            return None if element is None else ListType(element)
        if is_ref_type(attr) or isinstance(attr, OpaqueType):
            return attr
        if isinstance(attr, HAL_OBJECT_TYPES):
            return RefType(attr)
        return None

    def _list_element(self, element: Attribute) -> Attribute | None:
        if isinstance(element, util.VariantType):
            return OpaqueType()
        return self.convert(element)

    def bit_width(self, attr: Attribute) -> int | None:
        """The source bit width of an integer, float or index type (index: `index_bits`)."""
        if isinstance(attr, IndexType):
            return self.index_bits
        if isinstance(attr, IntegerType):
            return attr.width.data
        if isinstance(attr, AnyFloat):
            return attr.bitwidth
        return None
