"""`fold-memref-alias-ops` (MLIR's flag): loads and stores address the aliased memref directly.

The patterns (subview, expand_shape, collapse_shape folded into `memref.load`/`memref.store`)
live in `pyvmvx.conversion.memref_alias`; views left without users are erased.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from pyvmvx.conversion.memref_alias import fold_memref_alias_ops


@dataclass(frozen=True)
class FoldMemRefAliasOpsPass(ModulePass):
    """Loads and stores through subviews and reshapes access the source memref directly."""

    name = "fold-memref-alias-ops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        fold_memref_alias_ops(op)
