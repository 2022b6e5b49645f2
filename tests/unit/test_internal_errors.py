"""User errors keep their one-line diagnostics; a crash inside a pass says it is internal,
keeps its cause, and shows the traceback only when asked (`--debug`, `PYVMVX_DEBUG=1`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects import func, memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import VerifyException

import pyvmvx.transforms
from pyvmvx.compiler.driver import make_context, parse, run_pipeline
from pyvmvx.ir.diagnostics import CompileError, InternalCompilerError
from pyvmvx.tools import pyvmvx_opt
from pyvmvx.transforms.pipelines import build_pipeline


@dataclass(frozen=True)
class CrashingPass(ModulePass):
    """A pass with a bug: it uses an undefined name."""

    name = "test-crashing-pass"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise NameError("name 'undefined_helper' is not defined")


@dataclass(frozen=True)
class RejectingPass(ModulePass):
    """A pass that reports a verifier diagnostic about the IR it was given."""

    name = "test-rejecting-pass"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise VerifyException("the input is not what this pass expects")


@dataclass(frozen=True)
class InvalidIRPass(ModulePass):
    """A pass with a bug: it emits a `memref.load` without indices, on which xDSL's verifier
    raises a plain `Exception`."""

    name = "test-invalid-ir-pass"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        function = next(o for o in op.walk() if isinstance(o, func.FuncOp))
        block = function.body.blocks[0]
        block.insert_op_before(memref.LoadOp.get(block.args[0], []), block.first_op)


def _broken_import() -> type[ModulePass]:
    raise ImportError("cannot import name 'gone' from 'pyvmvx.transforms.somewhere'")


@pytest.fixture
def extra_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pyvmvx.transforms.get_all_passes

    def with_test_passes() -> dict[str, Callable[[], type[ModulePass]]]:
        return {
            **real(),
            "test-crashing-pass": lambda: CrashingPass,
            "test-rejecting-pass": lambda: RejectingPass,
            "test-invalid-ir-pass": lambda: InvalidIRPass,
            "test-broken-import": _broken_import,
        }

    monkeypatch.setattr(pyvmvx.transforms, "get_all_passes", with_test_passes)
    monkeypatch.setattr(pyvmvx_opt, "get_all_passes", with_test_passes)


def test_a_crash_in_a_pass_is_internal_and_keeps_its_cause(extra_passes: None) -> None:
    with pytest.raises(InternalCompilerError) as info:
        run_pipeline(Context(), ModuleOp([]), "test-crashing-pass")
    assert "internal compiler error in test-crashing-pass: NameError" in str(info.value)
    assert isinstance(info.value.__cause__, NameError)


def test_a_verifier_diagnostic_from_a_pass_is_located_at_its_module(extra_passes: None) -> None:
    module = parse(make_context(), "\n  builtin.module {\n  }\n", "in.mlir")
    with pytest.raises(CompileError) as info:
        run_pipeline(Context(), module, "test-rejecting-pass")
    assert not isinstance(info.value, InternalCompilerError)
    assert str(info.value) == (
        "in.mlir:2:3: error: test-rejecting-pass: the input is not what this pass expects"
    )


def test_invalid_ir_from_a_pass_is_internal_whatever_the_verifier_raises(
    extra_passes: None,
) -> None:
    """Verifying the user's input turns any verifier exception into a located error; the
    output of a pass that fails to verify other than with a verifier diagnostic is a bug."""
    text = "func.func @f(%m: memref<4xf32>) {\n  func.return\n}\n"
    module = parse(make_context(), text, "in.mlir")
    with pytest.raises(InternalCompilerError, match="in test-invalid-ir-pass: Exception") as info:
        run_pipeline(Context(), module, "test-invalid-ir-pass")
    assert type(info.value.__cause__) is Exception


def test_a_pass_that_fails_to_import_is_not_a_bad_spec(extra_passes: None) -> None:
    with pytest.raises(ImportError):
        build_pipeline("canonicalize,test-broken-import")
    with pytest.raises(ValueError, match="Unrecognized passes"):
        build_pipeline("no-such-pass")
    with pytest.raises(ValueError, match="Expected"):
        build_pipeline("canonicalize{bad")


def test_a_bad_spec_is_a_user_error() -> None:
    with pytest.raises(CompileError) as info:
        run_pipeline(Context(), ModuleOp([]), "no-such-pass")
    assert not isinstance(info.value, InternalCompilerError)
    assert str(info.value) == (
        "error: cannot build pipeline 'no-such-pass': Unrecognized passes: ['no-such-pass']"
    )


@pytest.mark.parametrize("debug", ["flag", "env", "off"])
def test_pyvmvx_opt_reports_internal_errors(
    extra_passes: None,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    debug: str,
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text("func.func @f() {\n  func.return\n}\n")
    args = [str(source), "-p", "test-crashing-pass"]
    monkeypatch.delenv("PYVMVX_DEBUG", raising=False)
    if debug == "flag":
        args.append("--debug")
    elif debug == "env":
        monkeypatch.setenv("PYVMVX_DEBUG", "1")
    assert pyvmvx_opt.main(args) == 1
    err = capsys.readouterr().err
    assert "error: internal compiler error in pyvmvx-opt: NameError" in err
    assert ("Traceback (most recent call last)" in err) == (debug != "off")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no-such-pass", "error: invalid pass pipeline 'no-such-pass': Unrecognized passes"),
        ("canonicalize{bad", "error: Error parsing pass pipeline specification:"),
        (
            "iree-vmvx-select-lowering-strategy{tile-policy=zzz}",
            "unknown tile policy 'zzz'",
        ),
    ],
)
def test_pyvmvx_opt_bad_pipeline_is_a_one_line_user_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, message: str
) -> None:
    source = tmp_path / "in.mlir"
    source.write_text("func.func @f() {\n  func.return\n}\n")
    assert pyvmvx_opt.main([str(source), "-p", spec]) == 1
    err = capsys.readouterr().err
    assert message in err
    assert "internal" not in err and "Traceback" not in err
