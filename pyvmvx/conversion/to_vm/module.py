"""The `iree-vm-conversion` driver: nest the module, translate every op, add imports, check.

Like IREE's `ConversionPass`, the body of a `builtin.module` is moved into a
`vm.module @<name>` (the module's `sym_name`, default `module`); when the module's first op
is itself a `builtin.module`, that inner module is the one converted. When the module holds
HAL executables, only the `builtin.module` of each `hal.executable.variant` is converted
(IREE runs the pass there); the code around the executables is left alone.

`scf` is lowered to `cf` first with xDSL's `convert-scf-to-cf` patterns. The module's ops are
then translated by `ConversionRewriter` (`pyvmvx.conversion.framework.Translator`) with the
union of the dialects' pattern tables below: `MODULE_PATTERNS` for module-level ops, `PATTERNS`
for the ops of every function body, block by block in dominance order. Anything without a
pattern is reported as IREE's legality failure, located at the op: "failed to legalize
operation".
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Operation
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm import affine, arith, control_flow, functions, hal, util, vmvx
from pyvmvx.conversion.to_vm.imports import ImportTable
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, ModulePattern, Pattern
from pyvmvx.conversion.to_vm.type_converter import VMTypeConverter
from pyvmvx.dialects import vm
from pyvmvx.dialects.hal import executable_modules
from pyvmvx.ir.diagnostics import InheritLocation

PATTERNS = PatternTable.union(
    "iree-vm-conversion",
    affine.PATTERNS,
    arith.PATTERNS,
    control_flow.PATTERNS,
    functions.PATTERNS,
    hal.PATTERNS,
    util.PATTERNS,
    vmvx.PATTERNS,
)
"""Function-body ops -> vm."""

MODULE_PATTERNS = PatternTable.union(
    "iree-vm-conversion (module level)", functions.MODULE_PATTERNS, util.MODULE_PATTERNS
)
"""Module-level ops -> vm (`vm` ops there are kept as they are)."""


def convert_to_vm(
    module: ModuleOp,
    index_bits: int = 64,
    *,
    patterns: PatternTable[Pattern] = PATTERNS,
    module_patterns: PatternTable[ModulePattern] = MODULE_PATTERNS,
) -> None:
    """Convert `module` (or each module inside its HAL executable variants) to `vm` with
    `patterns` and `module_patterns` (by default, those of pyvmvx's dialects)."""
    types = VMTypeConverter(index_bits)
    for root in executable_modules(module):
        _convert_root(root, types, patterns, module_patterns)


def _convert_root(
    outer: ModuleOp,
    types: VMTypeConverter,
    patterns: PatternTable[Pattern],
    module_patterns: PatternTable[ModulePattern],
) -> None:
    first = outer.body.block.first_op
    if first is None or first.name == "vm.module":
        return
    source = first if isinstance(first, ModuleOp) else outer
    name = source.sym_name.data if source.sym_name is not None else "module"
    PatternRewriteWalker(
        InheritLocation(
            GreedyRewritePatternApplier(
                [SwitchLowering(), IfLowering(), ForLowering()], dce_enabled=False
            )
        )
    ).rewrite_module(source)
    rw = ConversionRewriter(types, ImportTable(), _symbols(source), patterns, module_patterns)
    ops = rw.convert_module_ops(source.body.block.ops)
    vm_module = vm.ModuleOp(name, rw.imports.materialize(ops))
    vm_module.location = source.location
    rw.check_legal(vm_module)
    if source is outer:
        for op in list(outer.body.block.ops):
            op.detach()
            op.erase(safe_erase=False)
        outer.body.block.add_op(vm_module)
    else:
        block = outer.body.block
        block.insert_op_before(vm_module, source)
        source.detach()
        source.erase(safe_erase=False)
    outer.attributes["vm.toplevel"] = UnitAttr()


def _symbols(module: ModuleOp) -> dict[str, Operation]:
    symbols: dict[str, Operation] = {}
    for op in module.body.block.ops:
        name = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(name, StringAttr):
            symbols[name.data] = op
    return symbols
