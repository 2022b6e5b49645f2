"""`iree-codegen-reconcile-translation-info`: what IREE's pass
(`compiler/src/iree/compiler/Codegen/Common/ReconcileTranslationInfo.cpp`) does once codegen
has distributed the functions, on pyvmvx's path: every
`iree_tensor_ext.dispatch.workload.ordinal` is discarded, each replaced by its operand (an
identity for codegen; workgroup distribution has already used it to resolve the exports'
`workgroup_count_from_slice`).

Before the ordinals go, each export whose count region takes a workload gets the attribute
`pyvmvx.workload_from_constants`: per workload value, the index program
(`pyvmvx.ir.index_program`) computing it from the `i32` push constants (`c<N>`) its ordinal
was given, or `?` (no ordinal, or not such a computation). The module file carries it, so the
runtime can compute the grid from the push constants alone. IREE's reconciliation of
workgroup and subgroup sizes across functions is not done: pyvmvx's translation infos set
neither.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr, i32
from xdsl.ir import SSAValue
from xdsl.passes import ModulePass

from pyvmvx.dialects import hal
from pyvmvx.dialects.iree_tensor_ext import DispatchWorkloadOrdinalOp
from pyvmvx.ir.index_program import index_program

WORKLOAD_FROM_CONSTANTS = "pyvmvx.workload_from_constants"
UNKNOWN = "?"


@dataclass(frozen=True)
class ReconcileTranslationInfoPass(ModulePass):
    """Records each export's workload in terms of push constants, then drops the ordinals."""

    name = "iree-codegen-reconcile-translation-info"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [o for o in op.walk() if isinstance(o, func.FuncOp)]:
            export = hal.export_of(function)
            if export is not None:
                _record_workload(export, function)
        for ordinal in [o for o in op.walk() if isinstance(o, DispatchWorkloadOrdinalOp)]:
            ordinal.result.replace_all_uses_with(ordinal.operand)
            ordinal.detach()
            ordinal.erase()


def _record_workload(export: hal.ExecutableExportOp, function: func.FuncOp) -> None:
    count = export.workgroup_count_block
    if count is None or len(count.args) < 2:
        return
    programs = [UNKNOWN] * (len(count.args) - 1)
    for ordinal in function.walk():
        if isinstance(ordinal, DispatchWorkloadOrdinalOp):
            index = ordinal.ordinal.value.data
            if index < len(programs):
                programs[index] = index_program(ordinal.operand, _push_constant) or UNKNOWN
    export.attributes[WORKLOAD_FROM_CONSTANTS] = ArrayAttr(StringAttr(p) for p in programs)


def _push_constant(value: SSAValue) -> str | None:
    load = value.owner
    if isinstance(load, hal.InterfaceConstantLoadOp) and load.result.type == i32:
        return f"c{load.ordinal.value.data}"
    return None
