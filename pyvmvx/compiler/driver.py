"""The compiler driver: MLIR with HAL executables in, a module file out.

Input is a module whose top level holds `hal.executable.source` or `hal.executable` ops (the
form of IREE's HAL conformance executables): each executable's inner `builtin.module` has
`func.func` bodies on linalg/memref/arith/scf reading `hal.interface.*`. The phases:

- `input`: parse and verify; every `hal.executable.source @name` becomes `hal.executable
  @name` with one variant `@vmvx_bytecode_fb` targeting `vmvx` with `ukernels = "all"|"none"`
  (the `ukernels` option). A `hal.executable` keeps its `vmvx` variant; the option fills in
  `ukernels` where the variant's target does not set it. Other targets are an error.
- `codegen`: `iree-vmvx-configuration-pipeline` (lowering strategy with pyvmvx's Python tile
  policy), then the transformation pipeline up to its codegen lowering pipeline: tiled,
  distributed, ukernel or scalar memref code.
- `vmvx`: the transformation pipeline on to the VMVX entry ABI (before `iree-vm-conversion`).
- `vm`: the rest of it (`iree-vm-conversion`, cleanups), then
  `iree-vmvx-assign-constant-ordinals`. Executables are not linked: each stays its own.
- `end`: each executable's `vm.module` bridged (`vm_to_format`) with its executable constants
  evaluated at compile time (`constant_blocks`) and written as one module file.

Errors are `CompileError`s whose text is a located diagnostic (`file:line:col: error: ...`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from io import StringIO
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass, PassPipeline
from xdsl.printer import Printer
from xdsl.transforms import get_all_passes as get_upstream_passes
from xdsl.universe import Universe
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from pyvmvx.dialects import get_iree_dialects, get_upstream_overrides, hal
from pyvmvx.ir.diagnostics import (
    CompileError,
    LocatedParser,
    format_parse_error,
    op_error,
    verify_located,
)
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.format import Program
from pyvmvx.runtime.vm.serialize import encode
from pyvmvx.target.constant_blocks import executable_constants
from pyvmvx.target.vm_to_format import executable_to_format
from pyvmvx.transforms import get_all_passes

PHASES = ("input", "codegen", "vmvx", "vm", "end")
UKERNELS = ("all", "none")
VARIANT_NAME = "vmvx_bytecode_fb"
TARGET_BACKEND = "vmvx"
TARGET_FORMAT = "vmvx-bytecode-fb"

CONFIGURATION_PIPELINE = "iree-vmvx-configuration-pipeline{tile-policy=python}"
TRANSFORMATION_PIPELINE = "iree-vmvx-transformation-pipeline"
PHASE_ENDS = {"codegen": "iree-codegen-vmvx-lowering-pipeline", "vmvx": "iree-vm-conversion"}
"""The transformation pipeline's pass after which `codegen` ends and before which `vmvx`
ends; the `vm` phase is the rest, then `iree-vmvx-assign-constant-ordinals`."""


def make_context() -> Context:
    """A context with every dialect `pyvmvx-opt` knows (xDSL's, IREE's, extended upstream)."""
    ctx = Context()
    dialects: dict[str, Callable[[], object]] = dict(Universe.get_multiverse().all_dialects)
    dialects.update(get_iree_dialects())
    dialects.update(get_upstream_overrides())
    for name, factory in dialects.items():
        ctx.register_dialect(name, factory)  # type: ignore[arg-type]
    return ctx


def read_source(source: str | os.PathLike[str]) -> tuple[str, str]:
    """`(text, name)` of the input: a path, or MLIR text (a `str` is taken as a path only if
    it is one line naming an existing file or ending in `.mlir`)."""
    if isinstance(source, str) and ("\n" in source or not _looks_like_path(source)):
        return source, "<input>"
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except (OSError, UnicodeDecodeError) as err:
        raise CompileError(f"error: cannot read {str(path)!r}: {err}") from None


def _looks_like_path(text: str) -> bool:
    return text.endswith(".mlir") or os.path.isfile(text)


def parse(ctx: Context, text: str, name: str) -> ModuleOp:
    """Parse and verify; syntax and verifier errors become located `CompileError`s."""
    try:
        module = LocatedParser(ctx, text, name).parse_module()
    except ParseError as err:
        raise CompileError(format_parse_error(err)) from None
    verify_located(module)
    return module


def prepare_executables(module: ModuleOp, ukernels: str) -> None:
    """The `input` phase's normalization: sources become single-variant VMVX executables."""
    ops = list(module.body.block.ops)
    if not any(isinstance(op, hal.ExecutableSourceOp | hal.ExecutableOp) for op in ops):
        raise CompileError(
            "error: expected hal.executable.source or hal.executable ops at the top level "
            "(host programs are not supported yet)"
        )
    for op in ops:
        if isinstance(op, hal.ExecutableSourceOp):
            _source_to_executable(op, ukernels)
        elif isinstance(op, hal.ExecutableOp):
            _configure_variants(op, ukernels)
        else:
            raise op_error(
                op, "is not supported at the top level (expected hal.executable or .source)"
            )


def _source_to_executable(source: hal.ExecutableSourceOp, ukernels: str) -> None:
    if source.objects is not None:
        raise op_error(source, "links external objects, which the VMVX target cannot use")
    target = hal.ExecutableTargetAttr(
        TARGET_BACKEND, TARGET_FORMAT, {"ukernels": StringAttr(ukernels)}
    )
    contents = [op for op in source.body.block.ops if op.name != "hal.executable.source_end"]
    for op in contents:
        op.detach()
    variant = hal.ExecutableVariantOp(VARIANT_NAME, target, contents, visibility="public")
    executable = hal.ExecutableOp(source.symbol, [variant], visibility="public")
    executable.location = source.location
    variant.location = source.location
    block = source.parent_block()
    assert block is not None
    block.insert_op_before(executable, source)
    source.detach()
    source.erase()


def _configure_variants(executable: hal.ExecutableOp, ukernels: str) -> None:
    variants = executable.variants
    if len(variants) != 1:
        raise op_error(
            executable, f"has {len(variants)} variants; pyvmvx compiles exactly one (vmvx)"
        )
    for variant in variants:
        target = variant.target
        if target.backend_name != TARGET_BACKEND:
            raise op_error(
                variant,
                f"targets '{target.backend_name}'; pyvmvx compiles only '{TARGET_BACKEND}'",
            )
        if target.get_config("ukernels") is None:
            config = {**target.config, "ukernels": StringAttr(ukernels)}
            variant.properties["target"] = hal.ExecutableTargetAttr(
                target.backend_name, target.format_name, config
            )


def run_pipeline(ctx: Context, module: ModuleOp, spec: str) -> None:
    """Run a textual pass pipeline on `module`; failures become `CompileError`s."""
    for compiler_pass in _pipeline(spec).passes:
        _apply(ctx, module, compiler_pass)


def _pipeline(spec: str) -> PassPipeline:
    """A textual pipeline over xDSL's passes and pyvmvx's (which take precedence)."""
    try:
        return PassPipeline.parse_spec({**get_upstream_passes(), **get_all_passes()}, spec)
    except ValueError as err:
        raise CompileError(f"error: cannot build pipeline '{spec}': {err}") from None


def run_phase(ctx: Context, module: ModuleOp, phase: str) -> None:
    """Take the IR from the phase before `phase` to `phase`: the phase's slice of the
    transformation pipeline's own pass list (so the phases always add up to the real
    pipeline) on each of the pipeline's roots, plus the configuration pipeline before
    `codegen` and the constant-ordinal assignment after `vm`."""
    if phase == "codegen":
        run_pipeline(ctx, module, CONFIGURATION_PIPELINE)
    (pipeline,) = _pipeline(TRANSFORMATION_PIPELINE).passes
    specs = list(pipeline.passes())  # type: ignore[attr-defined]
    names = [spec.partition("{")[0] for spec in specs]
    codegen_end = names.index(PHASE_ENDS["codegen"]) + 1
    vm_start = names.index(PHASE_ENDS["vmvx"])
    phase_specs = {
        "codegen": specs[:codegen_end],
        "vmvx": specs[codegen_end:vm_start],
        "vm": specs[vm_start:],
    }[phase]
    for root in pipeline.roots(module):  # type: ignore[attr-defined]
        for spec in phase_specs:
            run_pipeline(ctx, root, spec)
    if phase == "vm":
        run_pipeline(ctx, module, "iree-vmvx-assign-constant-ordinals")


def _apply(ctx: Context, module: ModuleOp, compiler_pass: ModulePass) -> None:
    try:
        compiler_pass.apply(ctx, module)
    except CompileError:
        raise
    except (VerifyException, DiagnosticException) as err:
        raise CompileError(f"error: {compiler_pass.name}: {err}") from None
    except Exception as err:  # a pass crashed: a compiler bug, reported without a traceback
        raise CompileError(
            f"error: internal compiler error in {compiler_pass.name}: {type(err).__name__}: {err}"
        ) from err
    verify_located(module)


def serialize(module: ModuleOp) -> bytes:
    """The module file of a module whose executables have reached the `vm` phase."""
    executables = []
    for executable in module.body.block.ops:
        if not isinstance(executable, hal.ExecutableOp):
            continue
        for variant in executable.variants:
            constants = executable_constants(variant)
            executables.append(executable_to_format(executable.symbol, variant, constants))
    try:
        return encode(Program(executables=tuple(executables)))
    except StatusError as err:
        raise CompileError(
            f"error: internal compiler error: the compiled module is invalid: {err.message}"
        ) from None


def compile_text(
    text: str, name: str = "<input>", *, ukernels: str = "all", compile_to: str = "end"
) -> ModuleOp | bytes:
    """Compile MLIR `text` (diagnostics name it `name`) up to `compile_to`: the IR at that
    phase, or the module file's bytes for `end`."""
    if ukernels not in UKERNELS:
        raise CompileError(
            f"error: ukernels must be one of {', '.join(UKERNELS)}, got {ukernels!r}"
        )
    if compile_to not in PHASES:
        raise CompileError(f"error: unknown phase {compile_to!r} (phases: {', '.join(PHASES)})")
    ctx = make_context()
    module = parse(ctx, text, name)
    prepare_executables(module, ukernels)
    if compile_to == "input":
        return module
    for phase in PHASES[1:-1]:
        run_phase(ctx, module, phase)
        if phase == compile_to:
            return module
    return serialize(module)


def compile(source: str | os.PathLike[str], *, ukernels: str = "all") -> bytes:
    """Compile MLIR holding HAL executables (text or a path) into a module file's bytes."""
    text, name = read_source(source)
    result = compile_text(text, name, ukernels=ukernels)
    assert isinstance(result, bytes)
    return result


def print_ir(op: Operation) -> str:
    """The IR as `pyvmvx-opt` prints it."""
    out = StringIO()
    Printer(stream=out).print_op(op)
    return out.getvalue() + "\n"
