"""`iree-vm-hoist-inlined-rodata`: every `vm.rodata.inline` becomes a module-level `vm.rodata`
read with `vm.const.ref.rodata` (IREE's `HoistInlinedRodataPass`).

Module-level rodata is a segment of the module file, which the runtime keeps as a view of a
mapped file instead of copying it (`docs/module-format.md`): the host's tensor constants
(weights) are used in place. The segment is named after the inline op's name, else
`<function>_const`, made unique within the module by a `_<n>` suffix (MLIR's symbol-table
renaming), and inserted before the function that used it; its alignment and MIME type are
the inline op's. Identical data is stored once by the module-file writer.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.dialects import vm
from pyvmvx.dialects.vm.globals import ConstRefRodataOp, RodataInlineOp, RodataOp


def hoist_module_rodata(module: vm.ModuleOp) -> None:
    """Hoist the inline rodata of one `vm.module`."""
    names = {name for op in module.body.block.ops if (name := _symbol(op)) is not None}
    suffixes: dict[str, int] = {}
    for container in list(module.body.block.ops):
        inline_ops = [op for op in container.walk() if isinstance(op, RodataInlineOp)]
        for inline in inline_ops:
            name = _unique(_base_name(inline, container), names, suffixes)
            rodata = RodataOp(name, inline.value)
            if inline.alignment is not None:
                rodata.properties["alignment"] = inline.alignment
            if inline.mime_type is not None:
                rodata.properties["mime_type"] = inline.mime_type
            rodata.location = inline.location
            Rewriter.insert_op(rodata, InsertPoint.before(container))
            reference = ConstRefRodataOp(name)
            reference.location = inline.location
            Rewriter.replace_op(inline, reference)


def _symbol(op: Operation) -> str | None:
    name = op.properties.get("sym_name")
    return name.data if isinstance(name, StringAttr) else None


def _base_name(inline: RodataInlineOp, container: Operation) -> str:
    if inline.name_ is not None:
        return inline.name_.data
    function = _symbol(container)
    return "_const" if function is None else f"{function}_const"


def _unique(name: str, taken: set[str], suffixes: dict[str, int]) -> str:
    """`name`, else `name_<n>` with the first free n (counting on from the last one given
    for `name`, so that many constants of one name stay linear)."""
    unique, suffix = name, suffixes.get(name, 0)
    while unique in taken:
        unique, suffix = f"{name}_{suffix}", suffix + 1
    suffixes[name] = suffix
    taken.add(unique)
    return unique


@dataclass(frozen=True)
class HoistInlinedRodataPass(ModulePass):
    """Hoists the inline rodata of every `vm.module` in the module."""

    name = "iree-vm-hoist-inlined-rodata"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for module in [m for m in op.walk() if isinstance(m, vm.ModuleOp)]:
            hoist_module_rodata(module)
