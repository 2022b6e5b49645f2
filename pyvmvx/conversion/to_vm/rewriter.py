"""The translator every to-VM pattern gets: `pyvmvx.conversion.framework.Translator` for `vm`.

The VM conversion is a translation (see the framework): each source op is visited once, in
dominance order, and its pattern emits `vm` ops at the end of the block being built, reading
its operands already converted (IREE's "adaptor" values) and returning the values that replace
its results. On top of the framework's value and block maps, the rewriter builds `vm` ops by
mnemonic and knows the values of the constants it emitted, so patterns can fold the simple
cases IREE's canonicalizer would.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

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

from pyvmvx.conversion.framework import MissingTargetOpError, PatternTable, Translator
from pyvmvx.conversion.to_vm.imports import ImportTable
from pyvmvx.conversion.to_vm.type_converter import VMTypeConverter
from pyvmvx.dialects.vm import OPS_BY_NAME
from pyvmvx.ir.diagnostics import CompileError, op_error
from pyvmvx.runtime.vm.ints import wrap_int

PASS_NAME = "iree-vm-conversion"


def conversion_error(op: Operation, message: str) -> CompileError:
    """A located diagnostic for `op`, naming the pass."""
    return op_error(op, f"{PASS_NAME}: {message}")


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
        raise MissingTargetOpError(f"the VM has no '{mnemonic}' op")
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


def type_suffix(vm_type: Attribute) -> str:
    """The mnemonic suffix of a VM value type: `i32`, `i64`, `f32`, `f64` or `ref`."""
    if isinstance(vm_type, IntegerType) and vm_type.width.data in (32, 64):
        return f"i{vm_type.width.data}"
    if vm_type == f32:
        return "f32"
    if vm_type == f64:
        return "f64"
    return "ref"


class ConversionRewriter(Translator):
    """The `vm` translator: emits `vm` ops and folds the constants it emitted."""

    pass_name = PASS_NAME
    target_dialect = "vm"

    def __init__(
        self,
        types: VMTypeConverter,
        imports: ImportTable,
        symbols: dict[str, Operation],
        patterns: PatternTable[Pattern],
        module_patterns: PatternTable[ModulePattern],
    ) -> None:
        super().__init__(patterns, module_patterns)
        self.types = types
        self.imports = imports
        self.symbols = symbols
        """The source module's top-level symbols (to tell import calls from internal ones)."""
        self.constants: dict[SSAValue, int | float] = {}
        """Values of the integer and float constants emitted so far (for folding)."""
        self._const_cache: dict[tuple[Block, str, int | str], SSAValue] = {}

    def convert_type(self, attr: Attribute, op: Operation) -> Attribute:
        """The VM type of `attr`, or a located error naming `op`."""
        converted = self.types.convert(attr)
        if converted is None:
            raise conversion_error(op, f"type {attr} has no VM equivalent")
        return converted

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

    def const_int(self, value: int, vm_type: Attribute) -> SSAValue:
        """`vm.const.i32/i64 value` (or the `.zero` form) of the VM integer type `vm_type`."""
        suffix = type_suffix(vm_type)
        value = wrap_int(value, 32 if suffix == "i32" else 64)
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

ModulePattern = Callable[[ConversionRewriter, Operation], list[Operation]]
"""Converts one op at module level (a function, global, ...) to the `vm.module` ops replacing
it; bodies are translated with `rw.convert_region`."""
