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
- `iree-codegen-vmvx-lowering-pipeline`: `iree-vmvx-lower-executable-target`, then
  `iree-codegen-reconcile-translation-info` (IREE's order);
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
from enum import Enum

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.arg_spec import parse_pipeline
from xdsl.utils.exceptions import ArgSpecParseError

from pyvmvx.dialects.hal import executable_modules
from pyvmvx.ir.diagnostics import CompileError


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass by flag: xDSL's, overridden by pyvmvx's."""
    from xdsl.transforms import get_all_passes as upstream_passes

    from pyvmvx.transforms import get_all_passes

    return {**upstream_passes(), **get_all_passes()}


def build_pipeline(spec: str) -> PassPipeline:
    """The passes of a textual pipeline (`a,b{opt=v}`); ValueError if it does not parse, names
    an unknown pass or gives a pass a bad option. A pass module that fails to import is a
    compiler bug, not a bad spec: its exception propagates unchanged."""
    try:
        specs = tuple(parse_pipeline(spec))
    except ArgSpecParseError as err:  # a BaseException in xDSL
        raise ValueError(str(err)) from None
    passes = available_passes()
    unknown = [s.name for s in specs if s.name not in passes]
    if unknown:
        raise ValueError(f"Unrecognized passes: {unknown}")
    classes = [passes[s.name]() for s in specs]  # imports the pass modules
    return PassPipeline(tuple(c.from_pass_spec(s) for c, s in zip(classes, specs, strict=True)))


@dataclass(frozen=True)
class PipelinePass(ModulePass):
    """A named sequence of passes, run on each executable module (`hal.executable_modules`:
    the inner module of every executable source/variant, where IREE nests its codegen
    pipelines; the module itself when it holds no executable)."""

    @abstractmethod
    def passes(self) -> Sequence[str]:
        """The pipeline's passes as textual specs, from this pass's options."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            pipeline = build_pipeline(",".join(self.passes()))
        except ValueError as err:
            raise CompileError(f"error: {self.name}: {err}") from None
        for root in executable_modules(op):
            pipeline.apply(ctx, root)


@dataclass(frozen=True)
class VMVXConfigurationPipeline(PipelinePass):
    """Chooses each function's lowering strategy and tile sizes."""

    name = "iree-vmvx-configuration-pipeline"

    tile_policy: str = ""

    def passes(self) -> Sequence[str]:
        option = f"{{tile-policy={self.tile_policy}}}" if self.tile_policy else ""
        return [f"iree-vmvx-select-lowering-strategy{option}"]


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
        return [
            f"iree-vmvx-lower-executable-target{_ukernels_option(self.ukernels)}",
            "iree-codegen-reconcile-translation-info",
        ]


VMVX_PASSES = (
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
)
"""The transformation pipeline after codegen lowering, up to the VM conversion: buffer
descriptors, constants and the HAL->VMVX entry ABI."""


def vm_passes(index_bits: int = 64) -> list[str]:
    """The transformation pipeline's last part: VM conversion and its cleanups."""
    return [f"iree-vm-conversion{{index-bits={index_bits}}}", "canonicalize", "cse"]


@dataclass(frozen=True)
class VMVXTransformationPipeline(PipelinePass):
    """Configured executables (or a module of functions) to `vm.module`s."""

    name = "iree-vmvx-transformation-pipeline"

    ukernels: str = ""
    index_bits: int = 64

    def passes(self) -> Sequence[str]:
        return [
            f"iree-codegen-vmvx-lowering-pipeline{_ukernels_option(self.ukernels)}",
            *VMVX_PASSES,
            *vm_passes(self.index_bits),
        ]


HOST_PASSES = ("iree-hal-materialize-resource-caches", "canonicalize", "cse")
"""Run on the host module before its VM conversion: the device, allocator and executables
cached in globals set by `__init`, then the usual clean-up."""
HOIST_RODATA = "iree-vm-hoist-inlined-rodata"
"""Run on the host module only: its tensor constants (weights) become rodata segments, which
a mapped module file keeps in place."""


class Anchor(Enum):
    """Where a phase's pipeline runs."""

    EXECUTABLES = "executables"
    """Each executable module (`hal.executable_modules`)."""
    MODULE = "module"
    """The whole program module once (linking, ordinals)."""

    HOST = "host"
    """The host module of a whole program (`builtin.module @module`, made by
    `pyvmvx-lower-host-to-hal`), when there is one."""

    def roots(self, module: ModuleOp) -> list[ModuleOp]:
        if self is Anchor.EXECUTABLES:
            return executable_modules(module)
        if self is Anchor.HOST:
            return [op for op in module.body.block.ops if is_host_module(op)]
        return [module]


def is_host_module(op: Operation) -> bool:
    """Whether `op` is a program's host module (`builtin.module @module` at the top level)."""
    return isinstance(op, ModuleOp) and op.sym_name is not None and op.sym_name.data == "module"


@dataclass(frozen=True)
class Phase:
    """A compiler phase (`pyvmvx-compile --compile-to=NAME` stops after it): pipelines, each
    with the anchor it runs on, in order."""

    name: str
    pipelines: tuple[tuple[Anchor, str], ...]


PHASES = (
    Phase("flow", ((Anchor.MODULE, "inline,pyvmvx-const-eval,pyvmvx-form-dispatches"),)),
    Phase(
        "codegen",
        (
            (Anchor.EXECUTABLES, "iree-codegen-iree-comprehensive-bufferize"),
            (Anchor.EXECUTABLES, "iree-vmvx-configuration-pipeline"),
            (Anchor.EXECUTABLES, "iree-codegen-vmvx-lowering-pipeline"),
        ),
    ),
    Phase("vmvx", ((Anchor.EXECUTABLES, ",".join(VMVX_PASSES)),)),
    Phase(
        "vm",
        (
            (Anchor.EXECUTABLES, ",".join(vm_passes())),
            (Anchor.MODULE, "iree-vmvx-assign-constant-ordinals"),
            (Anchor.MODULE, "pyvmvx-lower-host-to-hal"),
            (Anchor.HOST, ",".join([*HOST_PASSES, *vm_passes(), HOIST_RODATA])),
        ),
    ),
)
"""The driver's phases after `input`: dispatch formation for whole programs (a no-op on
modules of executables; the driver turns executable sources into VMVX variants after it),
`iree-codegen-iree-comprehensive-bufferize` (executables in IREE's tensor form onto
buffers; a no-op on buffers), then together the configuration pipeline (the tile policy
the variant's target chooses: Python's for `ukernels=all`, IREE's for `none`),
`iree-vmvx-transformation-pipeline` (the same pass lists) and constant ordinals. The
`ukernels` choice travels in each variant's target, not as an option."""
