"""Malformed MLIR that used to crash xDSL's parser or verifier with a Python exception, and
input the compiler refuses, gets a located diagnostic from both tools and `pyvmvx.compile`,
never a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pyvmvx
from pyvmvx.compiler.driver import compile_text
from pyvmvx.ir.diagnostics import MAX_NESTING, CompileError, InternalCompilerError
from pyvmvx.tools import pyvmvx_opt

CORPUS = Path(__file__).parents[1] / "fuzz" / "corpus" / "compile"


def _nested_ifs(depth: int) -> str:
    opening = "".join("  scf.if %c {\n" for _ in range(depth))
    return f"func.func @f(%c: i1) {{\n{opening}{'  }' * depth}\n  func.return\n}}\n"


CASES = {
    "out of range element": (
        "func.func @f() -> tensor<1xi32> {\n"
        "  %0 = arith.constant dense<[4294967296]> : tensor<1xi32>\n"
        "  func.return %0 : tensor<1xi32>\n}\n",
        "out of range for type i32",
    ),
    "5000-digit integer": (
        f"func.func @f() -> i64 {{\n  %0 = arith.constant {'9' * 5000} : i64\n"
        "  func.return %0 : i64\n}\n",
        "4300 digits",
    ),
    "unknown iterator type": (
        "func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {\n"
        "  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, "
        'affine_map<(d0) -> (d0)>], iterator_types = ["sideways"]} '
        "ins(%a : memref<4xf32>) outs(%b : memref<4xf32>) {\n"
        "  ^bb0(%x: f32, %y: f32):\n    linalg.yield %x : f32\n  }\n  func.return\n}\n",
        "'sideways' is not a valid IteratorType",
    ),
    "duplicate block label": (
        "func.func @f() {\n  cf.br ^bb1\n^bb1:\n  cf.br ^bb1\n^bb1:\n  func.return\n}\n",
        "'bb1' is defined twice or not at all",
    ),
    "regions nested too deeply": (_nested_ifs(MAX_NESTING + 50), "nests too deeply"),
    "types nested too deeply": (
        f"func.func @f(%a: {'tuple<' * 3000}i32{'>' * 3000}) {{\n  func.return\n}}\n",
        "nests too deeply",
    ),
    "memref.load without indices (xDSL's verifier raised a plain Exception)": (
        (CORPUS / "crash-memref-load-without-indices.mlir").read_text(),
        "'memref.load' op incorrect number of indices for load, expected 1 but got 0",
    ),
}

LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.MULTILINE)


@pytest.mark.parametrize("case", CASES)
def test_compile_gives_a_located_compile_error(case: str) -> None:
    text, message = CASES[case]
    with pytest.raises(CompileError) as info:
        pyvmvx.compile(text)
    assert not isinstance(info.value, InternalCompilerError)
    assert LOCATED.search(str(info.value)) and message in str(info.value)


@pytest.mark.parametrize("case", CASES)
def test_pyvmvx_opt_gives_a_located_diagnostic(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, message = CASES[case]
    source = tmp_path / "bad.mlir"
    source.write_text(text)
    assert pyvmvx_opt.main([str(source)]) == 1
    err = capsys.readouterr().err
    assert LOCATED.search(err) and message in err
    assert "Traceback" not in err and "internal" not in err


def test_nesting_up_to_the_documented_depth_is_supported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "deep.mlir"
    source.write_text(_nested_ifs(MAX_NESTING - 2))
    assert pyvmvx_opt.main([str(source)]) == 0
    assert capsys.readouterr().out.count("scf.if") == MAX_NESTING - 2


@pytest.mark.parametrize("tool", ["pyvmvx-opt", "pyvmvx-compile"])
def test_one_source_rule_for_both_tools(
    tool: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Invalid UTF-8 is a located error (never replaced); CR-only line endings are read."""
    from pyvmvx.tools import pyvmvx_compile

    def run(path: Path) -> int:
        if tool == "pyvmvx-opt":
            return pyvmvx_opt.main([str(path)])
        return pyvmvx_compile.main([str(path), "--compile-to=input"])

    bad = tmp_path / "bad.mlir"
    bad.write_bytes(b"func.func @f() {\n  func.return // caf\xe9\n}\n")
    assert run(bad) == 1
    assert f"{bad}:2:21: error: invalid UTF-8 (byte 0xe9)" in capsys.readouterr().err
    old_mac = tmp_path / "cr.mlir"
    old_mac.write_bytes(b"func.func @f() {\r  func.return\r}\r")
    assert run(old_mac) == 0
    assert "func.return" in capsys.readouterr().out


EXECUTABLE_ERRORS = {
    "a host function with a scalar argument": (
        "func.func @f(%x: i128) {\n  func.return\n}\n",
        "end",
        "1:1: error: 'func.func' op pyvmvx-lower-host-to-hal: argument of type i128",
    ),
    "an empty module": (
        "// nothing\n  builtin.module {\n  }\n",
        "input",
        "2:3: error: expected functions, hal.executable.source or hal.executable ops",
    ),
    "another op beside an executable": (
        'hal.executable.source @x {\n}\nmemref.global "private" @g : memref<4xf32>\n',
        "input",
        "3:1: error: 'memref.global' op is not supported at the top level",
    ),
    "a source with objects": (
        "\nhal.executable.source @x attributes {objects = #hal.executable.objects<{"
        '#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = '
        '[#hal.executable.object<{path = "a.o"}>]}>} {\n}\n',
        "executable-sources",
        "2:1: error: 'hal.executable.source' op links external objects",
    ),
    "no variant": (
        "hal.executable @x {\n}\n",
        "executable-sources",
        "1:1: error: 'hal.executable' op has 0 variants",
    ),
    "two variants": (
        'hal.executable @x {\n  hal.executable.variant @a target(<"vmvx", "vmvx-bytecode-fb">) {'
        '\n  }\n  hal.executable.variant @b target(<"vmvx", "vmvx-bytecode-fb">) {\n  }\n}\n',
        "executable-sources",
        "1:1: error: 'hal.executable' op has 2 variants",
    ),
    "another target": (
        'hal.executable @x {\n  hal.executable.variant @v target(<"llvm-cpu", "elf">) {\n  }\n}\n',
        "executable-sources",
        "2:3: error: 'hal.executable.variant' op targets 'llvm-cpu'",
    ),
}


@pytest.mark.parametrize("case", EXECUTABLE_ERRORS)
def test_executable_errors_are_located(case: str) -> None:
    """Every refusal of the driver's own phases names a line and column: of the op it is
    about, else of the module (an implicit module's is the input's start)."""
    text, phase, message = EXECUTABLE_ERRORS[case]
    with pytest.raises(CompileError) as info:
        compile_text(text, "in.mlir", compile_to=phase)
    assert not isinstance(info.value, InternalCompilerError)
    assert str(info.value).startswith(f"in.mlir:{message}"), str(info.value)
