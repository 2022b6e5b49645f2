"""`iree-vmvx-select-lowering-strategy`: choose how each function is lowered (IREE's
`VMVXSelectLoweringStrategy` + `KernelDispatch.cpp`).

For every function with a body and no `translation_info` (also inside HAL executables):
- the root compute op (IREE's `getRootOperation`: the last op with a reduction loop, else the
  last linalg op, else the last pack/unpack) gets
  `lowering_config = #iree_cpu.lowering_config<distribution = [...]>` unless it already has a
  lowering config; the sizes come from the tile policy: option `tile-policy` (`iree` or
  `python`) or, when it is empty, the executable target's choice (`python` for
  `ukernels = "all"`, else `iree`, so IREE's tests give IREE's outcomes; see
  `pyvmvx.transforms.tile_policy`).
  An op already inside a distributed loop (an `scf.for` whose start or step derives from
  the workgroup id or count) gets all sizes 0, so its work is not distributed a second time.
  IREE 3.13 differs: it recognises only its own `affine.apply` form of such loops and gives
  arith-built ones its usual sizes (`[64]`); see docs/iree-conformance.md;
- the function gets
  `translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>`,
  also when it has no compute op.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass

from pyvmvx.dialects.hal import InterfaceWorkgroupCountOp, InterfaceWorkgroupIDOp
from pyvmvx.dialects.iree_codegen import (
    LOWERING_CONFIG,
    TRANSLATION_INFO,
    CPULoweringConfigAttr,
    TranslationInfoAttr,
    VMVXPipelineAttr,
    get_lowering_config,
    get_translation_info,
)
from pyvmvx.interfaces.tiling_interface import compute_ops, root_operation, tiling_model
from pyvmvx.ir.diagnostics import CompileError
from pyvmvx.transforms.tile_policy import TilePolicy, get_tile_policy, policy_name_for


@dataclass(frozen=True)
class VMVXSelectLoweringStrategyPass(ModulePass):
    """Sets translation info on functions and a lowering config on their root op."""

    name = "iree-vmvx-select-lowering-strategy"

    tile_policy: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            chosen = get_tile_policy(self.tile_policy) if self.tile_policy else None
        except ValueError as err:
            raise CompileError(f"error: {self.name}: {err}") from None
        for function in [o for o in op.walk() if isinstance(o, func.FuncOp)]:
            if function.body.blocks and get_translation_info(function) is None:
                policy = chosen or get_tile_policy(policy_name_for(function))
                configure_function(function, policy)


def configure_function(function: func.FuncOp, policy: TilePolicy) -> None:
    """Configure the root op of `function` and set its VMVX translation info."""
    root = root_operation(compute_ops(function))
    if root is not None and get_lowering_config(root) is None:
        model = tiling_model(root)
        assert model is not None
        sizes = (
            (0,) * model.loop_count if is_distributed(root) else policy.distribution_sizes(model)
        )
        root.attributes[LOWERING_CONFIG] = CPULoweringConfigAttr.from_distribution(sizes)
    function.attributes[TRANSLATION_INFO] = TranslationInfoAttr(VMVXPipelineAttr())


def is_distributed(op: Operation) -> bool:
    """Whether `op` sits in an `scf.for` whose start or step derives from the workgroup id or
    count, i.e. in loops that already distribute work over the grid."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        if isinstance(parent, scf.ForOp) and (
            _uses_workgroup_grid(parent.lb) or _uses_workgroup_grid(parent.step)
        ):
            return True
        parent = parent.parent_op()
    return False


def _uses_workgroup_grid(value: SSAValue) -> bool:
    pending, seen = [value], set[SSAValue]()
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        owner = current.owner
        if isinstance(owner, InterfaceWorkgroupIDOp | InterfaceWorkgroupCountOp):
            return True
        if isinstance(owner, Operation) and not owner.regions:
            pending.extend(owner.operands)
    return False
