"""`iree-codegen-vmvx-linking-pipeline`: IREE's `buildVMVXLinkingPassPipeline` as one pass.

IREE runs, on the top-level module: `iree-vmvx-link-executables`; a canonicalizer nested in
each top-level `hal.executable` (constant blocks, workgroup-count regions and executable code,
but not host code), whose HAL patterns merge the linked variant's constant blocks into one
with unique keys; then `iree-vmvx-assign-constant-ordinals` on every variant, which numbers
the keys of that block. xDSL pipelines are flat, so this pass runs the three steps itself.

The HAL patterns (`canonicalization_patterns/hal.py`) are passed to the canonicalizer here
because the `hal` dialect's ops do not register them as their canonicalizations.
"""

from __future__ import annotations

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern
from xdsl.transforms.dead_code_elimination import region_dce

from pyvmvx.dialects import hal
from pyvmvx.dialects.canonicalization_patterns.hal import PATTERNS as HAL_PATTERNS
from pyvmvx.transforms.assign_constant_ordinals import AssignConstantOrdinalsPass
from pyvmvx.transforms.link_executables import LinkExecutablesPass


def canonicalize_executables(ctx: Context, module: ModuleOp) -> None:
    """Canonicalize inside each top-level `hal.executable` (MLIR's `canonicalize` nested on
    `hal.executable`), leaving the rest of the module alone."""
    applier = GreedyRewritePatternApplier(
        [CanonicalizationRewritePattern(), *(p for ps in HAL_PATTERNS.values() for p in ps)],
        ctx=ctx,
        folding_enabled=True,
    )
    for executable in [o for o in module.body.block.ops if isinstance(o, hal.ExecutableOp)]:
        PatternRewriteWalker(applier, post_walk_func=region_dce).rewrite_region(executable.body)


class VMVXLinkingPipeline(ModulePass):
    """Links the VMVX executables, tidies them and assigns constant ordinals (IREE's
    `iree-codegen-vmvx-linking-pipeline`)."""

    name = "iree-codegen-vmvx-linking-pipeline"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        LinkExecutablesPass().apply(ctx, op)
        canonicalize_executables(ctx, op)
        AssignConstantOrdinalsPass().apply(ctx, op)
