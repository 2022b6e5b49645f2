"""`iree-vmvx-lower-executable-target`: run the pipeline each function's `translation_info`
names (IREE's `VMVXLowerExecutableTarget`).

Per function carrying `translation_info`:
- `#iree_codegen.no_pipeline` (or `None`): nothing;
- `#iree_codegen.pass_pipeline<"...">`: that textual pass list, run on the function alone;
- `#iree_codegen.vmvx_pipeline` (or `VMVXDefault`): IREE's default VMVX pipeline
  (`addVMVXDefaultPassPipeline` in `compiler/src/iree/compiler/Codegen/VMVX/Passes.cpp`),
  adapted to buffer-level input:
  1. `linalg.map` as the equivalent `linalg.generic`, then tile and distribute the root op
     to workgroups (`tile_and_distribute_to_workgroups`);
  2. with ukernels: mmt4d/pack/unpack to `func.call @vmvx.*`
     (`iree-codegen-cpu-lower-to-ukernels`), contractions to `vmvx.ex.matmul`, convolutions
     (1-D to 3-D, quantized) and poolings (casting ones too) to `vmvx.ex.conv`/`ex.pool`
     (or their `.3d` forms) and reductions to `vmvx.ex.reduce`/`ex.argreduce` (their
     elementwise prefixes to parallel generics for the `ex` lowering)
     (ukernels `ex.matmul`, `ex.conv`, `ex.pool`, `ex.reduce`: their passes; with `ex` too,
     the asserts of elementwise bodies first become flag outputs checked by a reduction,
     `pyvmvx-split-elementwise-asserts`), then
     `iree-vmvx-lower-linalg-microkernels`, then (ukernel `ex`, part of `all`) the
     elementwise ops left to `vmvx.ex.*` calls
     (`pyvmvx-lower-elementwise-to-ex-ukernels`);
  3. the fallback for whatever linalg is left: packs and unpacks no ukernel took become
     loops (`iree-linalg-ext-to-loops`, IREE's `LinalgExtToLoops`), `linalg.broadcast`/
     `linalg.reduce` are generalized to `linalg.generic`, and `convert-linalg-to-loops` makes
     scalar loops of the rest.
  Ukernels come from the `ukernels` option (`all`, `none`, a comma list) or, when it is empty,
  from the `ukernels` configuration of the function's `#hal.executable.target` (missing
  means none, as in IREE);
- a transform-dialect pipeline: "failed to build pass pipeline"; any other pipeline:
  "Unsupported pipeline on VMVX target.".
`translation_info` on anything but a `func.func` (or a `hal.executable.export`, where older
IREE put it) is "unhandled function-like container during executable lowering".

Passes run on a function alone see it in a temporary module, so they cannot touch other
functions; top-level symbols they add are moved back next to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    IndexType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import BroadcastOp, GenericOp, ReduceOp
from xdsl.dialects.utils import get_dynamic_index_list
from xdsl.ir import Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriteWalker
from xdsl.rewriter import Rewriter
from xdsl.transforms.convert_linalg_to_loops import LowerLinalgStructuredOpPattern

from pyvmvx.dialects.hal import ExecutableExportOp
from pyvmvx.dialects.iree_codegen import (
    DispatchLoweringPassPipelineAttr,
    NoPipelineAttr,
    PassPipelineAttr,
    TransformDialectCodegenAttr,
    TranslationInfoAttr,
    VMVXPipelineAttr,
)
from pyvmvx.dialects.upstream_ext.linalg import MapOp
from pyvmvx.interfaces.tiling_interface import PARALLEL, MapTilingModel, tiling_model
from pyvmvx.ir.diagnostics import InheritLocation, inherit_location, op_error
from pyvmvx.transforms.cpu_lower_to_ukernels import lower_to_ukernels, ukernel_setting
from pyvmvx.transforms.lower_contraction_to_ex_matmul import (
    UKERNEL as MATMUL_UKERNEL,
)
from pyvmvx.transforms.lower_contraction_to_ex_matmul import (
    LowerContractionToExMatmulPass,
)
from pyvmvx.transforms.lower_conv_to_ex_conv import UKERNEL as CONV_UKERNEL
from pyvmvx.transforms.lower_conv_to_ex_conv import LowerConvToExConvPass
from pyvmvx.transforms.lower_elementwise_to_ex_ukernels import (
    UKERNEL as EX_UKERNEL,
)
from pyvmvx.transforms.lower_elementwise_to_ex_ukernels import (
    LowerElementwiseToExUKernelsPass,
)
from pyvmvx.transforms.lower_pooling_to_ex_pool import UKERNEL as POOL_UKERNEL
from pyvmvx.transforms.lower_pooling_to_ex_pool import LowerPoolingToExPoolPass
from pyvmvx.transforms.lower_reduction_to_ex_reduce import UKERNEL as REDUCE_UKERNEL
from pyvmvx.transforms.lower_reduction_to_ex_reduce import LowerReductionToExReducePass
from pyvmvx.transforms.pipelines import build_pipeline
from pyvmvx.transforms.split_elementwise_asserts import SplitElementwiseAssertsPass
from pyvmvx.transforms.tile_and_distribute_to_workgroups import tile_and_distribute

UNSUPPORTED_PIPELINE = "Unsupported pipeline on VMVX target."
UNHANDLED_CONTAINER = "unhandled function-like container during executable lowering"


@dataclass(frozen=True)
class VMVXLowerExecutableTargetPass(ModulePass):
    """Lowers each function with the pipeline its translation info names."""

    name = "iree-vmvx-lower-executable-target"

    ukernels: str = ""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for target in list(op.walk()):
            info = target.attributes.get("translation_info")
            if not isinstance(info, TranslationInfoAttr) or isinstance(target, ExecutableExportOp):
                continue
            if not isinstance(target, func.FuncOp):
                raise op_error(target, UNHANDLED_CONTAINER)
            if target.body.blocks:
                self._lower(ctx, target, info)

    def _lower(self, ctx: Context, function: func.FuncOp, info: TranslationInfoAttr) -> None:
        pipeline = info.pipeline
        case = pipeline.data if isinstance(pipeline, DispatchLoweringPassPipelineAttr) else None
        if isinstance(pipeline, NoPipelineAttr) or case == "None":
            return
        if isinstance(pipeline, PassPipelineAttr):
            try:
                passes = build_pipeline(pipeline.pipeline.data).passes
            except ValueError as err:
                raise op_error(function, f"failed to build custom pass pipeline: {err}") from None
            run_on_function(ctx, function, passes)
        elif isinstance(pipeline, VMVXPipelineAttr) or case == "VMVXDefault":
            self._default_pipeline(ctx, function)
        elif isinstance(pipeline, TransformDialectCodegenAttr) or case == (
            "TransformDialectCodegen"
        ):
            raise op_error(
                function,
                "failed to build pass pipeline: transform dialect codegen pipelines are not "
                "supported",
            )
        else:
            raise op_error(function, UNSUPPORTED_PIPELINE)

    def _default_pipeline(self, ctx: Context, function: func.FuncOp) -> None:
        for op in list(function.walk()):
            if isinstance(op, MapOp):
                generic = op.generalize()
                inherit_location(generic, op)
                Rewriter.replace_op(op, generic)
        tile_and_distribute(function)
        ukernels = ukernel_setting(function, self.ukernels)
        if ukernels.any:
            lower_to_ukernels(function, ukernels, skip_roundings=True)
            if ukernels.enabled(MATMUL_UKERNEL):
                run_on_function(ctx, function, [build_pass(LowerContractionToExMatmulPass.name)])
            if ukernels.enabled(CONV_UKERNEL):
                run_on_function(ctx, function, [build_pass(LowerConvToExConvPass.name)])
            if ukernels.enabled(POOL_UKERNEL):
                run_on_function(ctx, function, [build_pass(LowerPoolingToExPoolPass.name)])
            if ukernels.enabled(EX_UKERNEL) and ukernels.enabled(REDUCE_UKERNEL):
                run_on_function(ctx, function, [build_pass(SplitElementwiseAssertsPass.name)])
            if ukernels.enabled(REDUCE_UKERNEL):
                run_on_function(ctx, function, [build_pass(LowerReductionToExReducePass.name)])
            run_on_function(ctx, function, [build_pass("iree-vmvx-lower-linalg-microkernels")])
            if ukernels.enabled(EX_UKERNEL):
                run_on_function(ctx, function, [build_pass(LowerElementwiseToExUKernelsPass.name)])
        for op in list(function.walk()):
            if isinstance(op, BroadcastOp | ReduceOp):
                _generalize(op)
        run_on_function(ctx, function, [build_pass("iree-linalg-ext-to-loops")])
        _linalg_to_loops(function)
        _fold_dims_of_subviews(function)


def build_pass(spec: str) -> ModulePass:
    """The single pass of a textual spec."""
    (single,) = build_pipeline(spec).passes
    return single


def run_on_function(ctx: Context, function: func.FuncOp, passes: Sequence[ModulePass]) -> None:
    """Apply `passes` to `function` alone, in a temporary module."""
    block = function.parent_block()
    assert block is not None
    anchor = function.next_op
    function.detach()
    scratch = ModuleOp([function])
    for module_pass in passes:
        module_pass.apply(ctx, scratch)
    existing = {
        name.data
        for op in block.ops
        if isinstance(name := op.properties.get("sym_name"), StringAttr)
    }
    for op in list(scratch.body.block.ops):
        op.detach()
        name = op.properties.get("sym_name")
        if op is not function and isinstance(name, StringAttr) and name.data in existing:
            op.erase()
        elif anchor is None:
            block.add_op(op)
        else:
            block.insert_op_before(op, anchor)


def _linalg_to_loops(function: func.FuncOp) -> None:
    """xDSL's `convert-linalg-to-loops`, with each loop nest located at the op it lowers."""
    PatternRewriteWalker(
        InheritLocation(LowerLinalgStructuredOpPattern()), apply_recursively=False
    ).rewrite_region(function.body)


def _generalize(op: Operation) -> None:
    """`linalg.broadcast`/`linalg.reduce` on buffers as the equivalent `linalg.generic`."""
    model = tiling_model(op)
    assert isinstance(model, MapTilingModel)
    body = Region()
    op.regions[0].clone_into(body)
    generic = GenericOp(
        list(op.operands[:-1]),
        [op.operands[-1]],
        body,
        [AffineMapAttr(m) for m in model.maps if m is not None],
        [
            IteratorTypeAttr.parallel() if kind == PARALLEL else IteratorTypeAttr.reduction()
            for kind in model.iterator_types
        ],
    )
    inherit_location(generic, op)
    Rewriter.replace_op(op, generic)


def _fold_dims_of_subviews(function: func.FuncOp) -> None:
    """`memref.dim` of a `memref.subview` (the loop bounds convert-linalg-to-loops reads from
    tile views) as the subview's size, as MLIR's `memref.dim` folder does; the subview can
    then fold into the loads and stores."""
    for op in list(function.walk()):
        if not isinstance(op, memref.DimOp):
            continue
        view, index = op.source.owner, op.index.owner
        if not isinstance(view, memref.SubviewOp) or not isinstance(index, arith.ConstantOp):
            continue
        dim = index.value
        assert isinstance(dim, IntegerAttr)
        sizes: list[SSAValue | int] = get_dynamic_index_list(
            view.static_sizes.get_values(), view.sizes, DYNAMIC_INDEX
        )
        size = sizes[dim.value.data]
        if isinstance(size, int):
            Rewriter.replace_op(op, arith.ConstantOp(IntegerAttr(size, IndexType())))
        else:
            op.result.replace_all_uses_with(size)
            Rewriter.erase_op(op)
