"""User errors keep their one-line diagnostics; a crash inside a pass says it is internal,
keeps its cause, and shows the traceback only when asked (`--debug`, `PYVMVX_DEBUG=1`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

import pyvmvx.transforms
from pyvmvx.compiler.driver import run_pipeline
from pyvmvx.ir.diagnostics import CompileError, InternalCompilerError
from pyvmvx.tools import pyvmvx_opt
from pyvmvx.transforms.pipelines import build_pipeline


@dataclass(frozen=True)
class CrashingPass(ModulePass):
    """A pass with a bug: it uses an undefined name."""

    name = "test-crashing-pass"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise NameError("name 'undefined_helper' is not defined")


def _broken_import() -> type[ModulePass]:
    raise ImportError("cannot import name 'gone' from 'pyvmvx.transforms.somewhere'")


@pytest.fixture
def extra_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    real = pyvmvx.transforms.get_all_passes

    def with_test_passes() -> dict[str, Callable[[], type[ModulePass]]]:
        return {
            **real(),
            "test-crashing-pass": lambda: CrashingPass,
            "test-broken-import": _broken_import,
        }

    monkeypatch.setattr(pyvmvx.transforms, "get_all_passes", with_test_passes)
    monkeypatch.setattr(pyvmvx_opt, "get_all_passes", with_test_passes)


def test_a_crash_in_a_pass_is_internal_and_keeps_its_cause(extra_passes: None) -> None:
    with pytest.raises(InternalCompilerError) as info:
        run_pipeline(Context(), ModuleOp([]), "test-crashing-pass")
    assert "internal compiler error in test-crashing-pass: NameError" in str(info.value)
    assert isinstance(info.value.__cause__, NameError)


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
