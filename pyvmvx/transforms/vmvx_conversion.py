"""`iree-vmvx-conversion`: executable code to the VMVX ABI (util buffers, no memref/hal).

Runs on each executable module (`executable_modules`), as IREE's `ConversionPass` does:

1. every public function gets the entry ABI (`rewrite_entry_signatures`; the
   `vmvx.set_constants` setter is exempt);
2. structural type conversion: block arguments of functions and `scf` regions, results of
   `scf` ops and `func.call`, and function types have rank-0/1 memrefs replaced by
   `!util.buffer`;
3. the HALToVMVX, StandardToVMVX, MemRefToUtil and TOSA rescale (`tosa.apply_scale` -> arith,
   `pyvmvx.conversion.tosa_to_arith`) patterns (`PATTERNS`, the union of their tables)
   rewrite each op in place (`pyvmvx.conversion.framework.ConversionState`), module-level
   ops (`memref.global`) first; operands of `func.return`/`func.call`/`scf`/`cf` ops take the
   converted values;
4. the legality check: no `tensor`, `memref`, `hal`, `bufferization`,
   `vmvx.get_raw_interface_binding_buffer` or `builtin.unrealized_conversion_cast` op, and no
   op on a memref or tensor value, may remain. The first one left is reported, at its
   location, as IREE's "conversion to the VMVX dialect failed", with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    FunctionType,
    MemRefType,
    ModuleOp,
    TensorType,
    UnrankedMemRefType,
    UnrankedTensorType,
)
from xdsl.ir import Operation
from xdsl.passes import ModulePass

from pyvmvx.conversion import hal_to_vmvx, memref_to_util, standard_to_vmvx, tosa_to_arith
from pyvmvx.conversion.framework import ConversionState, PatternTable
from pyvmvx.conversion.hal_to_vmvx import rewrite_entry_signatures
from pyvmvx.conversion.memref_to_util import UNFLATTENED, convert_type, is_buffer_memref
from pyvmvx.dialects.hal import executable_modules
from pyvmvx.ir.diagnostics import op_error

PATTERNS = PatternTable.union(
    "iree-vmvx-conversion",
    hal_to_vmvx.PATTERNS,
    standard_to_vmvx.PATTERNS,
    memref_to_util.PATTERNS,
    tosa_to_arith.PATTERNS,
)

ILLEGAL_DIALECTS = ("tensor", "memref", "hal", "bufferization")
ILLEGAL_OPS = ("vmvx.get_raw_interface_binding_buffer", "builtin.unrealized_conversion_cast")


def convert_to_vmvx(module: ModuleOp) -> None:
    """Convert every executable module of `module` (see the module docstring)."""
    for root in executable_modules(module):
        _convert(root)


def _convert(root: ModuleOp) -> None:
    rewrite_entry_signatures(root)
    state = ConversionState(PATTERNS, convert_type)
    functions = [op for op in root.body.block.ops if isinstance(op, func.FuncOp)]
    for function in functions:
        _convert_signature(state, function)
    state.apply(root.body.block.ops)
    for function in functions:
        state.apply(function.walk())
        _remap_structural_operands(state, function)
    state.finalize()
    _check_legal(root, state)


def _is_structural(op: Operation) -> bool:
    """Ops whose operand, result and block argument types follow their values' types."""
    return op.name.startswith(("scf.", "cf.")) or op.name in ("func.call", "func.return")


def _convert_signature(state: ConversionState, function: func.FuncOp) -> None:
    function_type = function.function_type
    outputs = [convert_type(t) for t in function_type.outputs.data]
    if function.is_declaration:
        inputs = [convert_type(t) for t in function_type.inputs.data]
        function.properties["function_type"] = FunctionType.from_lists(inputs, outputs)
        return
    for op in list(function.walk()):
        if op is function or op.name.startswith("scf."):
            for region in op.regions:
                for block in region.blocks:
                    for arg in list(block.args):
                        state.retype(arg)
        if _is_structural(op):
            for result in list(op.results):
                state.retype(result)
    inputs = [arg.type for arg in function.args]
    function.properties["function_type"] = FunctionType.from_lists(inputs, outputs)


def _remap_structural_operands(state: ConversionState, function: func.FuncOp) -> None:
    for op in function.walk():
        if _is_structural(op) and any(convert_type(v.type) != v.type for v in op.operands):
            op.operands = [state.remapped(value, op) for value in op.operands]


def _illegality(op: Operation) -> str | None:
    """Why `op` may not remain after the conversion, or None if it may."""
    if op.name in ILLEGAL_OPS or op.dialect_name() in ILLEGAL_DIALECTS:
        return f"failed to legalize operation '{op.name}'"
    types = [*op.operand_types, *op.result_types]
    if isinstance(op, func.FuncOp):
        types += [*op.function_type.inputs.data, *op.function_type.outputs.data]
    for attr in types:
        if is_buffer_memref(attr):
            return f"no pattern converts its {attr} value to !util.buffer"
        if isinstance(attr, MemRefType | UnrankedMemRefType):
            return f"{attr} has no conversion: {UNFLATTENED}"
        if isinstance(attr, TensorType | UnrankedTensorType):
            return f"{attr} has no conversion: tensors must have been bufferized"
    return None


def _check_legal(root: ModuleOp, state: ConversionState) -> None:
    for op in root.walk():
        if op is root or state.is_materialization(op):
            continue
        reason = state.failures.get(op) or _illegality(op)
        if reason is not None:
            raise op_error(op, f"conversion to the VMVX dialect failed: {reason}")


@dataclass(frozen=True)
class VMVXConversionPass(ModulePass):
    """HAL interface -> VMVX entry ABI, memref -> `!util.buffer` (IREE's `ConversionPass`)."""

    name = "iree-vmvx-conversion"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        convert_to_vmvx(op)
