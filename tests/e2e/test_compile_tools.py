"""`pyvmvx.compile`, `pyvmvx-compile` and `pyvmvx-dump-module` on compiled executables."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from e2e_support import EXECUTABLES, compiled

import pyvmvx
from pyvmvx.ir.diagnostics import CompileError
from pyvmvx.runtime import load_executables
from pyvmvx.runtime.tools import dump_module
from pyvmvx.runtime.vm.serialize import decode, encode
from pyvmvx.tools import pyvmvx_compile

ABS = EXECUTABLES / "abs.mlir"


def test_compile_accepts_text_and_paths() -> None:
    text = ABS.read_text()
    expected = compiled("abs", "all")
    assert pyvmvx.compile(text) == expected
    assert pyvmvx.compile(str(ABS)) == expected
    assert pyvmvx.compile(ABS, ukernels="all") == expected


def test_compiled_file_round_trips() -> None:
    data = compiled("multi_entry", "none")
    program = decode(data)
    assert encode(program) == data
    (executable,) = program.executables
    assert executable.name == "two_entries"
    assert [e.name for e in executable.module.exports] == ["negate", "double"]
    assert executable.module.exports[0].reflection == (("binding_count", "2"),)


def test_dump_of_a_compiled_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "push_constants.vmfb"
    path.write_bytes(compiled("push_constants", "all"))
    assert dump_module.main([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Executable @push_constants (vm.module @module)" in lines
    assert "    store_constants {workgroup_size = '1,1,1', workgroup_count = '1,1,1'}" in lines
    assert (
        "    [0] store_constants : 0rrriiiiiiiii_v -> @store_constants "
        "{constant_count = '4', binding_count = '1'}"
    ) in lines
    assert any("vm.buffer.load.i32" in line for line in lines)
    path.write_bytes(compiled("elementwise", "all"))
    assert dump_module.main([str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "    [0] vmvx.add.2d.f32 : 0rIIIrIIIrIIIII_v" in lines
    assert any(line.strip().startswith("vm.call @vmvx.exp.2d.f32(") for line in lines)


def test_workgroup_local_memory_reaches_the_loader() -> None:
    text = ABS.read_text().replace(
        "hal.return %one, %one, %one : index, index, index\n  }",
        "hal.return %one, %one, %one : index, index, index\n  }"
        " attributes {workgroup_local_memory = 5000 : index}",
    )
    data = pyvmvx.compile(text)
    (export,) = decode(data).executables[0].module.exports
    assert export.reflection == (("local_memory", "5000"), ("binding_count", "2"))
    entry = load_executables(data)["abs_executable"].entry_point("abs")
    assert entry.local_memory == 8192  # whole 4096-byte pages


@pytest.mark.parametrize(
    ("phase", "marker"),
    [
        ("input", "hal.executable.source public @abs_executable"),
        ("flow", "hal.executable.source public @abs_executable"),
        ("executable-sources", 'hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx"'),
        ("codegen", "hal.interface.binding.subspan"),
        ("vmvx", "util.list.get"),
        ("vm", "vm.module @module"),
    ],
)
def test_compile_to_prints_each_phase(
    phase: str, marker: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert pyvmvx_compile.main([str(ABS), f"--compile-to={phase}", "--ukernels=none"]) == 0
    out = capsys.readouterr().out
    assert marker in out
    assert (phase not in ("input", "flow")) == ('ukernels = "none"' in out)


def test_compile_tool_writes_a_loadable_file(tmp_path: Path) -> None:
    output = tmp_path / "abs.vmfb"
    assert pyvmvx_compile.main([str(ABS), "-o", str(output)]) == 0
    assert list(load_executables(output)) == ["abs_executable"]
    ir = tmp_path / "abs.vm.mlir"
    assert pyvmvx_compile.main([str(ABS), "--compile-to=vm", "-o", str(ir)]) == 0
    assert "vm.export @abs" in ir.read_text()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hal.executable.source @x {\n  bogus.op\n}\n", "error: Operation bogus.op is not"),
        (
            "func.func @f(%x: i128) {\n  return\n}\n",
            "input.mlir:1:1: error: 'func.func' op pyvmvx-lower-host-to-hal: argument of type i128",
        ),
        (
            'hal.executable @x {\n  hal.executable.variant @v target(<"llvm-cpu", "elf">) {\n'
            "  }\n}\n",
            "input.mlir:2:3: error: 'hal.executable.variant' op targets 'llvm-cpu'",
        ),
        (
            "hal.executable @x {\n}\n",
            "input.mlir:1:1: error: 'hal.executable' op has 0 variants; pyvmvx compiles exactly",
        ),
        (
            'hal.executable.source @x {\n}\nmemref.global "private" @g : memref<4xf32>\n',
            "input.mlir:3:1: error: 'memref.global' op is not supported at the top level",
        ),
    ],
)
def test_compile_errors_are_located_and_exit_1(
    tmp_path: Path, text: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "input.mlir"
    source.write_text(text)
    assert pyvmvx_compile.main([str(source), "-o", str(tmp_path / "out.vmfb")]) == 1
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err
    assert not (tmp_path / "out.vmfb").exists()


def test_compile_api_errors() -> None:
    with pytest.raises(CompileError, match="ukernels must be one of all, none"):
        pyvmvx.compile(ABS, ukernels="some")
    with pytest.raises(CompileError, match="cannot read"):
        pyvmvx.compile("missing.mlir")


def test_compile_tool_needs_an_output_for_a_module_file() -> None:
    with pytest.raises(SystemExit) as info:
        pyvmvx_compile.main([str(ABS)])
    assert info.value.code == 2


def test_compile_tool_reads_stdin(tmp_path: Path) -> None:
    output = tmp_path / "out.vmfb"
    result = subprocess.run(
        [sys.executable, "-m", "pyvmvx.tools.pyvmvx_compile", "-", "-o", str(output)],
        input=ABS.read_text(),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert output.read_bytes() == compiled("abs", "all")


def test_importing_pyvmvx_does_not_load_the_compiler() -> None:
    probe = "import sys, pyvmvx\nprint(any(m.startswith('xdsl') for m in sys.modules))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
