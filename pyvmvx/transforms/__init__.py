"""The pass registry: pass flag name -> lazy factory returning the pass class.

Each entry names the module (one per pass, named after the flag) and the class; nothing is
imported until the pass is used, which keeps `pyvmvx-opt` start-up at xDSL's.
"""

import importlib
from collections.abc import Callable

from xdsl.passes import ModulePass

# flag -> "module:Class" (module relative to pyvmvx.transforms)
_PASSES: dict[str, str] = {
    "iree-vm-conversion": "vm_conversion:VMConversionPass",
    "iree-vm-hoist-inlined-rodata": "hoist_inlined_rodata:HoistInlinedRodataPass",
    "iree-vmvx-lower-executable-target": "lower_executable_target:VMVXLowerExecutableTargetPass",
    "iree-vmvx-configuration-pipeline": "pipelines:VMVXConfigurationPipeline",
    "iree-codegen-vmvx-configuration-pipeline": "pipelines:CodegenVMVXConfigurationPipeline",
    "iree-codegen-vmvx-lowering-pipeline": "pipelines:VMVXLoweringPipeline",
    "iree-vmvx-transformation-pipeline": "pipelines:VMVXTransformationPipeline",
    "iree-codegen-vmvx-linking-pipeline": "linking_pipeline:VMVXLinkingPipeline",
    "iree-codegen-cpu-lower-to-ukernels": "cpu_lower_to_ukernels:CPULowerToUKernelsPass",
    "iree-codegen-tile-and-distribute-to-workgroups": (
        "tile_and_distribute_to_workgroups:TileAndDistributeToWorkgroupsPass"
    ),
    "iree-codegen-flatten-memref-subspan": "flatten_memref_subspan:FlattenMemRefSubspanPass",
    "iree-codegen-reconcile-translation-info": (
        "reconcile_translation_info:ReconcileTranslationInfoPass"
    ),
    "iree-codegen-iree-comprehensive-bufferize": (
        "iree_comprehensive_bufferize:IREEComprehensiveBufferizePass"
    ),
    "fold-memref-alias-ops": "fold_memref_alias_ops:FoldMemRefAliasOpsPass",
    "inline": "inline:InlinePass",
    "pyvmvx-const-eval": "const_eval:ConstEvalPass",
    "pyvmvx-form-dispatches": "form_dispatches:FormDispatchesPass",
    "pyvmvx-lower-conv-to-ex-conv": "lower_conv_to_ex_conv:LowerConvToExConvPass",
    "pyvmvx-lower-pooling-to-ex-pool": "lower_pooling_to_ex_pool:LowerPoolingToExPoolPass",
    "pyvmvx-split-elementwise-asserts": "split_elementwise_asserts:SplitElementwiseAssertsPass",
    "pyvmvx-lower-reduction-to-ex-reduce": (
        "lower_reduction_to_ex_reduce:LowerReductionToExReducePass"
    ),
    "pyvmvx-lower-contraction-to-ex-matmul": (
        "lower_contraction_to_ex_matmul:LowerContractionToExMatmulPass"
    ),
    "pyvmvx-lower-elementwise-to-ex-ukernels": (
        "lower_elementwise_to_ex_ukernels:LowerElementwiseToExUKernelsPass"
    ),
    "pyvmvx-lower-host-to-hal": "lower_host_to_hal:LowerHostToHALPass",
    "iree-hal-materialize-resource-caches": (
        "materialize_resource_caches:MaterializeResourceCachesPass"
    ),
    "iree-linalg-ext-to-loops": "linalg_ext_to_loops:LinalgExtToLoopsPass",
    "iree-vmvx-link-executables": "link_executables:LinkExecutablesPass",
    "iree-vmvx-select-lowering-strategy": (
        "select_lowering_strategy:VMVXSelectLoweringStrategyPass"
    ),
    "iree-vmvx-lower-linalg-microkernels": (
        "lower_linalg_microkernels:LowerLinalgMicrokernelsPass"
    ),
    "iree-vmvx-materialize-constants": "materialize_constants:MaterializeConstantsPass",
    "iree-vmvx-resolve-buffer-descriptors": (
        "resolve_buffer_descriptors:ResolveBufferDescriptorsPass"
    ),
    "iree-vmvx-conversion": "vmvx_conversion:VMVXConversionPass",
    "iree-vmvx-assign-constant-ordinals": "assign_constant_ordinals:AssignConstantOrdinalsPass",
}


def _factory(target: str) -> Callable[[], type[ModulePass]]:
    module_name, class_name = target.split(":")

    def load() -> type[ModulePass]:
        module = importlib.import_module(f"pyvmvx.transforms.{module_name}")
        return getattr(module, class_name)

    return load


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pyvmvx pass, keyed by its (IREE) flag name."""
    return {flag: _factory(target) for flag, target in _PASSES.items()}
