"""`iree-vmvx-assign-constant-ordinals`: give each executable-constant ordinal placeholder its
final value.

`iree-vmvx-materialize-constants` leaves one `vm.global.i32 mutable` per constant key, tagged
`hal.executable.constant.key = "<key>"`. Once executables are linked, the key's ordinal is
its position among the `hal.executable.constant.block` keys of the variant (declaration
order, IREE's `gatherConstantOrdinals`). For every variant whose target backend is exactly
`"vmvx"`, each tagged global of the `vm.module`s in the variant's inner module loses the tag,
becomes immutable and is initialized to that ordinal (`vm.global.i32 private @g = 1 : i32`).
A variant without constant blocks is left alone, as IREE does. A tag naming a key no block
provides is an error, "no constant block providing key '<key attribute>'"; the key is printed
as an attribute (`'"foo"'`), as IREE prints it.

IREE anchors the pass on `hal.executable.variant`; xDSL pipelines are flat, so this pass walks
every variant of the module itself.
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i32
from xdsl.passes import ModulePass

from pyvmvx.dialects import hal, vm
from pyvmvx.dialects.vm.globals import GlobalOp
from pyvmvx.ir.diagnostics import op_error

CONSTANT_KEY_ATTR = "hal.executable.constant.key"
"""The discardable attribute naming the constant key an ordinal global stands for."""


def assign_variant_ordinals(variant: hal.ExecutableVariantOp) -> None:
    """Resolve the tagged ordinal globals of one VMVX variant (IREE's per-variant pass)."""
    if variant.target.backend_name != "vmvx":
        return
    ordinals = variant.constant_ordinals()
    inner = variant.inner_module
    if not ordinals or inner is None:
        return
    for vm_module in inner.body.block.ops:
        if not isinstance(vm_module, vm.ModuleOp):
            continue
        for global_op in vm_module.body.block.ops:
            if not isinstance(global_op, GlobalOp) or global_op.name != "vm.global.i32":
                continue
            key = global_op.attributes.get(CONSTANT_KEY_ATTR)
            if key is None:
                continue
            ordinal = ordinals.get(key.data) if isinstance(key, StringAttr) else None
            if ordinal is None:
                raise op_error(global_op, f"no constant block providing key '{key}'")
            del global_op.attributes[CONSTANT_KEY_ATTR]
            global_op.properties.pop("is_mutable", None)
            global_op.properties["initial_value"] = IntegerAttr(ordinal, i32)


class AssignConstantOrdinalsPass(ModulePass):
    """Sets every VMVX variant's constant-ordinal globals to their ordinals (IREE's
    `iree-vmvx-assign-constant-ordinals`)."""

    name = "iree-vmvx-assign-constant-ordinals"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        for variant in [o for o in op.walk() if isinstance(o, hal.ExecutableVariantOp)]:
            assign_variant_ordinals(variant)
