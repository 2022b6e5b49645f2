"""The conversion state shared by every to-VM pattern.

xDSL has no DialectConversion framework, so the VM conversion is a translation: each source
op is visited once, in dominance order, and its pattern emits `vm` ops at the end of the
block being built, reading its operands already converted (IREE's "adaptor" values) and
returning the values that replace its results. The rewriter keeps the value and block maps,
builds `vm` ops by mnemonic and knows the values of the constants it emitted, so patterns
can fold the simple cases IREE's canonicalizer would.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation

from pyvmvx.conversion.to_vm.imports import ImportTable
from pyvmvx.conversion.to_vm.type_converter import VMTypeConverter
from pyvmvx.dialects.vm import OPS_BY_NAME
from pyvmvx.ir.diagnostics import CompileError, op_error

PASS_NAME = "iree-vm-conversion"


def conversion_error(op: Operation, message: str) -> CompileError:
    """A located diagnostic for `op`, naming the pass."""
    return op_error(op, f"{PASS_NAME}: {message}")


class MissingVMOpError(Exception):
    """A pattern asked for a `vm` op mnemonic the dialect does not define."""


def build_vm_op(
    mnemonic: str,
    operands: Sequence[SSAValue | Sequence[SSAValue]] = (),
    result_types: Sequence[Attribute | Sequence[Attribute]] = (),
    *,
    successors: Sequence[Block] = (),
    regions: Sequence[Region] = (),
    named: Mapping[str, Attribute] | None = None,
) -> IRDLOperation:
    """Build a `vm` op generically; `named` values go to properties or attributes as defined."""
    cls = OPS_BY_NAME.get(mnemonic)
    if cls is None:
        raise MissingVMOpError(mnemonic)
    assert issubclass(cls, IRDLOperation)
    definition = cls.get_irdl_definition()
    properties: dict[str, Attribute] = {}
    attributes: dict[str, Attribute] = {}
    for key, value in (named or {}).items():
        (properties if key in definition.properties else attributes)[key] = value
    return cls.build(
        operands=list(operands),
        result_types=list(result_types),
        properties=properties,
        attributes=attributes,
        successors=list(successors),
        regions=list(regions),
    )


def signed_value(value: int, width: int) -> int:
    """`value` wrapped to a two's-complement `width`-bit signed integer."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def type_suffix(vm_type: Attribute) -> str:
    """The mnemonic suffix of a VM value type: `i32`, `i64`, `f32`, `f64` or `ref`."""
    if isinstance(vm_type, IntegerType) and vm_type.width.data in (32, 64):
        return f"i{vm_type.width.data}"
    if vm_type == f32:
        return "f32"
    if vm_type == f64:
        return "f64"
    return "ref"


@dataclass
class ConversionRewriter:
    """Maps source values and blocks to their converted counterparts and emits `vm` ops."""

    types: VMTypeConverter
    imports: ImportTable
    symbols: dict[str, Operation] = field(default_factory=dict[str, Operation])
    """The source module's top-level symbols (to tell import calls from internal ones)."""
    values: dict[SSAValue, SSAValue] = field(default_factory=dict[SSAValue, SSAValue])
    blocks: dict[Block, Block] = field(default_factory=dict[Block, Block])
    constants: dict[SSAValue, int | float] = field(default_factory=dict[SSAValue, int | float])
    """Values of the integer and float constants emitted so far (for folding)."""
    _const_cache: dict[tuple[Block, str, int | str], SSAValue] = field(
        default_factory=dict[tuple[Block, str, int | str], SSAValue]
    )
    block: Block | None = None

    def convert_type(self, attr: Attribute, op: Operation) -> Attribute:
        """The VM type of `attr`, or a located error naming `op`."""
        converted = self.types.convert(attr)
        if converted is None:
            raise conversion_error(op, f"type {attr} has no VM equivalent")
        return converted

    def lookup(self, value: SSAValue) -> SSAValue:
        """The converted value standing for source `value`."""
        return self.values[value]

    def emit(
        self,
        mnemonic: str,
        operands: Sequence[SSAValue | Sequence[SSAValue]] = (),
        result_types: Sequence[Attribute | Sequence[Attribute]] = (),
        *,
        successors: Sequence[Block] = (),
        **named: Attribute,
    ) -> IRDLOperation:
        """Build the `vm` op `mnemonic` and append it to the block being converted."""
        op = build_vm_op(mnemonic, operands, result_types, successors=successors, named=named)
        self.append(op)
        return op

    def emit_value(
        self,
        mnemonic: str,
        operands: Sequence[SSAValue],
        result_type: Attribute,
        **named: Attribute,
    ) -> SSAValue:
        """Emit a single-result `vm` op and return its result."""
        return self.emit(mnemonic, operands, [result_type], **named).results[0]

    def append(self, op: Operation) -> None:
        assert self.block is not None, "no block is being converted"
        self.block.add_op(op)

    def new_block_after(self, anchor: Block) -> Block:
        """A new empty block placed after `anchor` in its region (for branching expansions)."""
        region = anchor.parent
        assert region is not None
        block = Block()
        region.insert_block_after(block, anchor)
        return block

    def const_int(self, value: int, vm_type: Attribute) -> SSAValue:
        """`vm.const.i32/i64 value` (or the `.zero` form) of the VM integer type `vm_type`."""
        suffix = type_suffix(vm_type)
        value = signed_value(value, 32 if suffix == "i32" else 64)
        return self._constant(suffix, value, vm_type, IntegerAttr(value, vm_type), value == 0)

    def const_float(self, value: float, vm_type: AnyFloat) -> SSAValue:
        """`vm.const.f32/f64 value` (or the `.zero` form for +0.0)."""
        positive_zero = value == 0.0 and math.copysign(1.0, value) > 0
        attr = FloatAttr(value, vm_type)
        return self._constant(type_suffix(vm_type), value, vm_type, attr, positive_zero)

    def _constant(
        self, suffix: str, value: int | float, vm_type: Attribute, attr: Attribute, zero: bool
    ) -> SSAValue:
        """Emit a constant, or reuse an equal one emitted earlier in the same block."""
        assert self.block is not None
        key = (self.block, suffix, value.hex() if isinstance(value, float) else value)
        if key in self._const_cache:
            return self._const_cache[key]
        if zero:
            result = self.emit_value(f"vm.const.{suffix}.zero", [], vm_type)
        else:
            result = self.emit_value(f"vm.const.{suffix}", [], vm_type, value=attr)
        self.constants[result] = value
        self._const_cache[key] = result
        return result

    def known_int(self, value: SSAValue) -> int | None:
        """The value of `value` if it is an integer constant this rewriter emitted."""
        known = self.constants.get(value)
        return known if isinstance(known, int) else None

    def i32(self, value: int) -> SSAValue:
        return self.const_int(value, i32)

    def i64(self, value: int) -> SSAValue:
        return self.const_int(value, i64)


Pattern = Callable[[ConversionRewriter, Operation, list[SSAValue]], Sequence[SSAValue]]
"""Converts one source op given its converted operands; returns the values replacing its
results (raising a located `CompileError` when the op cannot be converted)."""

RegionConverter = Callable[[Region], Region]
"""Translates a function-like body region into a new region of `vm` ops."""
