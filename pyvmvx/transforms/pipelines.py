"""The registered pass pipelines, each usable as one entry of a `-p` list.

xDSL has flat pass lists, so a pipeline is a `PipelinePass`: a module pass whose subclasses
declare their passes as textual specs (`canonicalize`, `pass{opt=value}`) built from their
own options, looked up by flag in the registry (xDSL's passes overridden by pyvmvx's). A
pipeline runs on the inner `builtin.module` of every `hal.executable.source`/`.variant`, as
IREE nests its codegen pipelines there (host code is left alone), or on the module itself
when it holds no executable.

- `iree-vmvx-configuration-pipeline` = `iree-codegen-vmvx-configuration-pipeline`:
  `iree-vmvx-select-lowering-strategy` (IREE's preprocessing passes act on tensors and
  encodings, which do not occur on this buffer-level path);
- `iree-codegen-vmvx-lowering-pipeline`: `iree-vmvx-lower-executable-target`;
- `iree-vmvx-transformation-pipeline`: IREE's `buildVMVXTransformPassPipeline` on buffers:
  the lowering pipeline, then buffer descriptors, constants, the HAL->VMVX ABI and the VM
  conversion, with canonicalize/cse in between (`iree-vm-conversion` lowers scf itself, so
  no `convert-scf-to-cf` step is needed).

`iree-codegen-vmvx-linking-pipeline` lives in `linking_pipeline`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from pyvmvx.dialects.hal import ExecutableSourceOp, ExecutableVariantOp
from pyvmvx.ir.diagnostics import CompileError


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass by flag: xDSL's, overridden by pyvmvx's."""
    from xdsl.transforms import get_all_passes as upstream_passes

    from pyvmvx.transforms import get_all_passes

    return {**upstream_passes(), **get_all_passes()}


def build_pipeline(spec: str) -> PassPipeline:
    """The passes of a textual pipeline (`a,b{opt=v}`); ValueError if it does not parse or
    names an unknown pass."""
    try:
        return PassPipeline.parse_spec(available_passes(), spec)
    except Exception as err:  # the spec parser raises its own exception types too
        raise ValueError(str(err)) from err


@dataclass(frozen=True)
class PipelinePass(ModulePass):
    """A named sequence of passes, run on each root of the module."""

    @abstractmethod
    def passes(self) -> Sequence[str]:
        """The pipeline's passes as textual specs, from this pass's options."""

    def roots(self, op: ModuleOp) -> list[ModuleOp]:
        """The inner module of each executable source/variant (where IREE nests its codegen
        pipelines), else the module itself when it holds no executable."""
        inner = [
            module
            for container in op.walk()
            if isinstance(container, ExecutableSourceOp | ExecutableVariantOp)
            if (module := container.inner_module) is not None
        ]
        return inner or [op]

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            pipeline = build_pipeline(",".join(self.passes()))
        except ValueError as err:
            raise CompileError(f"error: {self.name}: {err}") from None
        for root in self.roots(op):
            pipeline.apply(ctx, root)


@dataclass(frozen=True)
class VMVXConfigurationPipeline(PipelinePass):
    """Chooses each function's lowering strategy and tile sizes."""

    name = "iree-vmvx-configuration-pipeline"

    tile_policy: str = "iree"

    def passes(self) -> Sequence[str]:
        return [f"iree-vmvx-select-lowering-strategy{{tile-policy={self.tile_policy}}}"]


@dataclass(frozen=True)
class CodegenVMVXConfigurationPipeline(VMVXConfigurationPipeline):
    """IREE's second name for the configuration pipeline."""

    name = "iree-codegen-vmvx-configuration-pipeline"


def _ukernels_option(ukernels: str) -> str:
    return f"{{ukernels={ukernels}}}" if ukernels else ""


@dataclass(frozen=True)
class VMVXLoweringPipeline(PipelinePass):
    """Lowers every configured function to vmvx-ready buffer code."""

    name = "iree-codegen-vmvx-lowering-pipeline"

    ukernels: str = ""

    def passes(self) -> Sequence[str]:
        return [f"iree-vmvx-lower-executable-target{_ukernels_option(self.ukernels)}"]


@dataclass(frozen=True)
class VMVXTransformationPipeline(PipelinePass):
    """Configured executables (or a module of functions) to `vm.module`s."""

    name = "iree-vmvx-transformation-pipeline"

    ukernels: str = ""
    index_bits: int = 64

    def passes(self) -> Sequence[str]:
        return [
            f"iree-codegen-vmvx-lowering-pipeline{_ukernels_option(self.ukernels)}",
            "canonicalize",
            "cse",
            "fold-memref-alias-ops",
            "iree-vmvx-resolve-buffer-descriptors",
            "canonicalize",
            "cse",
            "iree-codegen-flatten-memref-subspan",
            "iree-vmvx-materialize-constants",
            "iree-vmvx-conversion",
            "canonicalize",
            "cse",
            "lower-affine",
            f"iree-vm-conversion{{index-bits={self.index_bits}}}",
            "canonicalize",
            "cse",
        ]
