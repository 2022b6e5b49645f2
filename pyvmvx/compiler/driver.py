"""The compiler driver: MLIR in, a module file out.

Input is a module whose top level holds HAL executables (`hal.executable.source` or
`hal.executable`, the form of IREE's HAL conformance executables: each executable's inner
`builtin.module` has `func.func` bodies on linalg/memref/arith/scf reading `hal.interface.*`,
or IREE's tensor form on `iree_tensor_ext.dispatch.tensor` bindings) and/or a whole program:
`func.func`/`util.func` on tensors. The phases:

- `input`: parse and verify; only functions and executables at the top level, and at most
  one hand-written host `vm.module` (taken out for the file's host module; no phase sees it).
- `flow`: private calls inlined; constant expressions evaluated (`pyvmvx-const-eval`); each
  compute op of a function outlined into a
  `hal.executable.source` in IREE's executable-sources form, `flow.dispatch` on the host
  (`pyvmvx-form-dispatches`). A module of executables is left as it is.
- `executable-sources`: every `hal.executable.source @name` becomes `hal.executable @name`
  with one variant `@vmvx_bytecode_fb` targeting `vmvx` with `ukernels = "all"|"none"` (the
  `ukernels` option). A `hal.executable` keeps its `vmvx` variant; the option fills in
  `ukernels` where the variant's target does not set it. Other targets are an error.
- `codegen`, `vmvx`, `vm`: the named pipelines of `pyvmvx.transforms.pipelines.PHASES`, each
  run on its anchor (every executable's inner module, or the whole module): the
  configuration pipeline (the tile policy the variant's target chooses) and the codegen
  lowering pipeline;
  the VMVX ABI passes; the VM conversion, then `iree-vmvx-assign-constant-ordinals`.
  Together they are `iree-vmvx-transformation-pipeline`'s own pass lists. Executables are not
  linked: each stays its own.
- `vm` also lowers a program's functions to HAL host code in a nested `builtin.module
  @module` (`pyvmvx-lower-host-to-hal`) and converts that to the host `vm.module`.
- `end`: each executable's `vm.module` bridged (`vm_to_format`) with its executable constants
  evaluated at compile time (`constant_blocks`) and written, with the host module, as one
  module file.

Errors are `CompileError`s whose text is a located diagnostic (`file:line:col: error: ...`);
a crash inside a pass is an `InternalCompilerError` that keeps its cause.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from io import StringIO
from pathlib import Path

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import Builtin, ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.universe import Universe
from xdsl.utils.exceptions import ParseError

from pyvmvx.dialects import get_iree_dialects, get_upstream_overrides, hal, util
from pyvmvx.dialects.vm import ModuleOp as VMModuleOp
from pyvmvx.ir.diagnostics import (
    VERIFIER_ERRORS,
    CompileError,
    LocatedParser,
    decode_source,
    format_parse_error,
    internal_error,
    located_error,
    nesting_limit,
    op_error,
    verify_located,
)
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.format import Program
from pyvmvx.runtime.vm.serialize import encode
from pyvmvx.target.constant_blocks import executable_constants
from pyvmvx.target.vm_to_format import executable_to_format, host_to_format
from pyvmvx.transforms.pipelines import PHASES as PIPELINE_PHASES
from pyvmvx.transforms.pipelines import Anchor, Phase, build_pipeline, is_host_module

PHASES = (
    "input",
    *(phase.name for phase in PIPELINE_PHASES if phase.name == "flow"),
    "executable-sources",
    *(phase.name for phase in PIPELINE_PHASES if phase.name != "flow"),
    "end",
)
UKERNELS = ("all", "none")
VARIANT_NAME = "vmvx_bytecode_fb"
TARGET_BACKEND = "vmvx"
TARGET_FORMAT = "vmvx-bytecode-fb"
_TOP_LEVEL = (hal.ExecutableSourceOp, hal.ExecutableOp, func.FuncOp, util.FuncOp)


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
        return decode_source(path.read_bytes(), str(path)), str(path)
    except OSError as err:
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


def check_top_level(module: ModuleOp) -> None:
    """The `input` phase's check: the module holds HAL executables (sources or variants) and
    tensor functions (`func.func`, `util.func`: a whole program), and nothing else."""
    ops = list(module.body.block.ops)
    if not ops:
        raise located_error(
            module, "expected functions, hal.executable.source or hal.executable ops"
        )
    for op in ops:
        if not isinstance(op, _TOP_LEVEL):
            raise op_error(
                op,
                "is not supported at the top level (expected func.func, util.func, "
                "hal.executable or hal.executable.source)",
            )


def prepare_executables(module: ModuleOp, ukernels: str) -> None:
    """The `executable-sources` phase: sources become single-variant VMVX executables."""
    for op in list(module.body.block.ops):
        if isinstance(op, hal.ExecutableSourceOp):
            _source_to_executable(op, ukernels)
        elif isinstance(op, hal.ExecutableOp):
            _configure_variants(op, ukernels)


def compiled_host_module(module: ModuleOp, hand_written: VMModuleOp | None) -> VMModuleOp | None:
    """The host `vm.module` for the module file: the one the `vm` phase made from the
    program's functions, or a hand-written one (not both)."""
    hosts = [op for op in module.body.block.ops if is_host_module(op)]
    if not hosts:
        return hand_written
    assert isinstance(hosts[0], ModuleOp)
    converted = hosts[0].body.block.first_op
    if not isinstance(converted, VMModuleOp):
        raise internal_error(
            "the host lowering", RuntimeError("the host module was not converted to vm")
        )
    if hand_written is not None:
        raise op_error(hand_written, "is a host vm.module beside a program's functions")
    return converted


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
    try:
        pipeline = build_pipeline(spec)
    except ValueError as err:
        raise CompileError(f"error: cannot build pipeline '{spec}': {err}") from None
    for compiler_pass in pipeline.passes:
        _apply(ctx, module, compiler_pass)


def run_phase(ctx: Context, module: ModuleOp, phase: Phase) -> None:
    """Run the phase's pipelines in order, each on its anchor's roots. Executable pipelines
    are skipped when there is no executable: a program's host functions are not one."""
    has_executables = any(isinstance(op, hal.ExecutableOp) for op in module.body.block.ops)
    for anchor, spec in phase.pipelines:
        if anchor is Anchor.EXECUTABLES and not has_executables:
            continue
        for root in anchor.roots(module):
            run_pipeline(ctx, root, spec)


def _apply(ctx: Context, module: ModuleOp, compiler_pass: ModulePass) -> None:
    """Run one pass and verify its output. A verifier diagnostic is located (at the failing
    op, or at `module` when the pass raised it); anything else the pass or the verifiers of
    its output raise is a pyvmvx bug."""
    try:
        compiler_pass.apply(ctx, module)
        verify_located(module, VERIFIER_ERRORS)
    except CompileError:
        raise
    except VERIFIER_ERRORS as err:
        raise located_error(module, f"{compiler_pass.name}: {err}") from None
    except Exception as err:  # a pass crashed: a compiler bug
        raise internal_error(compiler_pass.name, err) from err


def take_host_module(module: ModuleOp) -> VMModuleOp | None:
    """Detach a hand-written host `vm.module` from the top level (at most one): the phases,
    which compile executables and tensor functions, never see it (nor print it), and
    `serialize` makes it the module file's host module (`vm_to_format.host_to_format`)."""
    hosts = [op for op in module.body.block.ops if isinstance(op, VMModuleOp)]
    if len(hosts) > 1:
        raise op_error(hosts[1], "is a second host vm.module; a module file holds one")
    for host in hosts:
        host.detach()
    return hosts[0] if hosts else None


def serialize(module: ModuleOp, host: VMModuleOp | None = None) -> bytes:
    """The module file of a module whose executables have reached the `vm` phase, with
    `host` as its host module."""
    host_module = host_to_format(host) if host is not None else None
    executables = []
    for executable in module.body.block.ops:
        if not isinstance(executable, hal.ExecutableOp):
            continue
        for variant in executable.variants:
            constants = executable_constants(variant)
            executables.append(executable_to_format(executable.symbol, variant, constants))
    try:
        return encode(Program(host_module, tuple(executables)))
    except StatusError as err:
        raise internal_error("the module-file writer (the module is invalid)", err) from err


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
    with nesting_limit():
        ctx = make_context()
        module = parse(ctx, text, name)
        host = take_host_module(module)
        check_top_level(module)
        if compile_to == "input":
            return module
        for phase in PIPELINE_PHASES:
            run_phase(ctx, module, phase)
            if phase.name == compile_to:
                return module
            if phase.name == "flow":
                prepare_executables(module, ukernels)
                if compile_to == "executable-sources":
                    return module
        try:
            return serialize(module, compiled_host_module(module, host))
        except CompileError:
            raise
        except Exception as err:  # the writer crashed: a compiler bug
            raise internal_error("the module-file writer", err) from err


def compile(source: str | os.PathLike[str], *, ukernels: str = "all") -> bytes:
    """Compile MLIR holding HAL executables (text or a path) into a module file's bytes."""
    text, name = read_source(source)
    result = compile_text(text, name, ukernels=ukernels)
    assert isinstance(result, bytes)
    return result


def print_ir(op: Operation) -> str:
    """The IR as `pyvmvx-opt` prints it, with the `dense_resource` blobs it uses."""
    out = StringIO()
    printer = Printer(stream=out)
    printer.print_op(op)
    printer.print_metadata([Builtin])
    return out.getvalue() + "\n"
