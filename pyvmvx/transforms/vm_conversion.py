"""`iree-vm-conversion`: converts the module to a `vm.module` holding only `vm` ops.

Option `index-bits` (IREE's `--iree-vm-target-index-bits`, 32 or 64) sets the integer type
that `index` becomes. See `pyvmvx.conversion.to_vm` for what is converted and how.
"""

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pyvmvx.ir.diagnostics import CompileError


@dataclass(frozen=True)
class VMConversionPass(ModulePass):
    """Converts func/arith/math/scf/cf/util/vmvx to `vm` (IREE's `iree-vm-conversion`)."""

    name = "iree-vm-conversion"

    index_bits: int = 64

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from pyvmvx.conversion.to_vm import convert_to_vm

        if self.index_bits not in (32, 64):
            raise CompileError(
                f"error: {self.name}: index-bits must be 32 or 64, got {self.index_bits}"
            )
        convert_to_vm(op, self.index_bits)
