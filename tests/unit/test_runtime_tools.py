"""`pyvmvx-dump-module` and `pyvmvx-run` on module files assembled in the file model."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from vm_build import FunctionBuilder

from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.tools import dump_module, run_module
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.serialize import encode

ABS_IMPORT = fmt.Import("vmvx.abs.2d.f32", "0rIIIrIIIII_v")


def _abs_function() -> fmt.Function:
    """abs(x: buffer, n: i64) -> buffer: a new buffer of |x[i]| for i < n, via vmvx."""
    builder = FunctionBuilder("abs", ("buffer", "i64"), ("buffer",))
    x, n = builder.params
    four = builder.const("i64", 4)
    out = builder.op(
        "vm.buffer.alloc", builder.op("vm.mul.i64", n, four)[0], builder.const("i32", 16)
    )[0]
    zero, one = builder.const("i64", 0), builder.const("i64", 1)
    builder.op(
        "vm.call",
        *(x, zero, zero, one, out, zero, zero, one, one, n),
        results=(),
        symbol=fmt.SymbolRef("import", 0),
    )
    builder.op("vm.return", out)
    return builder.build()


def _mixed_function() -> fmt.Function:
    """mixed(a: i32, b: i32, c: f32, d: f64) -> (i32, i64, f32, f64)."""
    builder = FunctionBuilder("mixed", ("i32", "i32", "f32", "f64"), ("i32", "i64", "f32", "f64"))
    a, b, c, d = builder.params
    total = builder.op("vm.add.i32", a, b)[0]
    wide = builder.op("vm.ext.i32.i64.s", total)[0]
    half = builder.op("vm.mul.f32", c, builder.const("f32", 0.5))[0]
    builder.op("vm.return", total, wide, half, d)
    return builder.build()


def _host() -> fmt.Module:
    functions = (_abs_function(), _mixed_function())
    return fmt.Module(
        "host",
        imports=(ABS_IMPORT,),
        exports=tuple(fmt.Export(f.name, i, f.calling_convention) for i, f in enumerate(functions)),
        globals=(fmt.Global("counter", "i64", mutable=True, initial=3),),
        rodata=(fmt.Rodata("table", bytes(40), 64),),
        functions=functions,
    )


def _executable() -> fmt.Executable:
    builder = FunctionBuilder("entry", ("buffer", "buffer", "list", *("i32",) * 9), ())
    builder.op("vm.br", successors=(fmt.Successor(1, ()),))
    builder.block()
    builder.at(1)
    builder.op("vm.return")
    entry = builder.build()
    module = fmt.Module(
        "module",
        exports=(fmt.Export("entry", 0, entry.calling_convention, (("binding_count", "2"),)),),
        functions=(entry,),
    )
    return fmt.Executable(
        "dispatch_0", module, (fmt.ExecutableEntry("entry", (("workgroup_size", "1,1,1"),)),)
    )


@pytest.fixture
def module_file(tmp_path: Path) -> Path:
    path = tmp_path / "program.vmfb"
    path.write_bytes(encode(fmt.Program(host=_host(), executables=(_executable(),))))
    return path


def test_dump_shows_imports_exports_globals_rodata_and_code(
    module_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert dump_module.main([str(module_file)]) == 0
    out = capsys.readouterr().out
    expected = [
        "Host module @host",
        "    [0] vmvx.abs.2d.f32 : 0rIIIrIIIII_v",
        "    [0] abs : 0rI_r -> @abs",
        "    [1] mixed : 0iifF_iIfF -> @mixed",
        "    [0] mutable @counter : i64 = 3",
        "    [0] @table : 40 bytes, alignment 64",
        "    [0] @abs(buffer, i64) -> (buffer) : 0rI_r, 8 registers",
        "      ^bb0(%r0:buffer, %r1:i64):",
        "        %r2:i64 = vm.const.i64 4",
        "        %r5:buffer = vm.buffer.alloc %r3, %r4",
        "        vm.call @vmvx.abs.2d.f32(%r0, %r6, %r6, %r7, %r5, %r6, %r6, %r7, %r7, %r1)",
        "        vm.return %r5",
        "        %r6:f32 = vm.const.f32 0.5",
        "Executable @dispatch_0 (vm.module @module)",
        "    entry {workgroup_size = '1,1,1'}",
        "    [0] entry : 0rrriiiiiiiii_v -> @entry {binding_count = '2'}",
        "        vm.br ^bb1",
        "      ^bb1:",
    ]
    lines = out.splitlines()
    for line in expected:
        assert line in lines, line


def test_dump_rejects_a_corrupt_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.vmfb"
    path.write_bytes(b"PYVMVX\r\n" + bytes(30))
    assert dump_module.main([str(path)]) == 1
    assert "pyvmvx-dump-module: error: INVALID_ARGUMENT" in capsys.readouterr().err
    assert dump_module.main([str(tmp_path / "missing")]) == 1
    assert "NOT_FOUND" in capsys.readouterr().err


def test_run_buffers_through_a_vmvx_import(
    module_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [
        f"--module={module_file}",
        "--function=abs",
        "--input=4xf32=-1 2 -3.5 4",
        "--input=i64=4",
    ]
    assert run_module.main(args) == 0
    out = capsys.readouterr().out
    expected = np.array([1, 2, 3.5, 4], np.float32).tobytes()
    assert out == f"buffer<16 bytes>={' '.join(f'{b:02x}' for b in expected)}\n"
    saved = tmp_path / "y.npy"
    assert run_module.main([*args, f"--output=@{saved}"]) == 0
    assert capsys.readouterr().out == ""
    np.testing.assert_array_equal(np.load(saved).view(np.float32), [1, 2, 3.5, 4])


def test_run_npy_input_and_splat(
    module_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "x.npy"
    np.save(source, np.array([[-1.5, 2], [3, -4]], np.float32))
    saved = tmp_path / "y.npy"
    args = ["--function=abs", f"--input=@{source}", "--input=i64=4", f"--output=@{saved}"]
    assert run_module.main([f"--module={module_file}", *args]) == 0
    np.testing.assert_array_equal(np.load(saved).view(np.float32), [1.5, 2, 3, 4])
    args = ["--function=abs", "--input=2x2xf32=-7", "--input=i64=4", f"--output=@{saved}"]
    assert run_module.main([f"--module={module_file}", *args]) == 0
    np.testing.assert_array_equal(np.load(saved).view(np.float32), [7] * 4)


def test_run_scalars(module_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    inputs = ["--input=i32=2147483647", "--input=i32=1", "--input=f32=3", "--input=f64=0.1"]
    saved = tmp_path / "wide.npy"
    args = [f"--module={module_file}", "--function=mixed", *inputs, "--output=-"]
    assert run_module.main([*args, f"--output=@{saved}"]) == 0
    assert capsys.readouterr().out == "i32=-2147483648\nf32=1.5\nf64=0.1\n"
    wide = np.load(saved)
    assert wide.dtype == np.int64 and wide == -(1 << 31)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--function=nope"], "NOT_FOUND: no function 'nope' (exports: abs, mixed)"),
        (["--function=abs", "--input=4xf32=1"], "@abs takes 2 inputs (0rI_r), got 1"),
        (["--function=abs", "--input=4xf32=1", "--input=i32=4"], "input 1 is i32 but @abs"),
        (["--function=abs", "--input=4xf32=1 2", "--input=i64=4"], "2 values for 4 elements"),
        (["--function=abs", "--input=4xq32=1", "--input=i64=4"], "unknown element type 'q32'"),
        (["--function=abs", "--input=4xi8=300", "--input=i64=4"], "bad value '300'"),
        (["--function=abs", "--input=4xi32=1.5", "--input=i64=4"], "bad value '1.5'"),
        (["--function=abs", "--input=-1xf32=1", "--input=i64=4"], "shape dimensions"),
        (["--function=abs", "--input=i8=1", "--input=i64=4"], "a scalar is one i32"),
        (["--function=abs", "--input=4xf32", "--input=i64=4"], "is not TYPE=VALUE"),
        (["--function=abs", "--input=@/nonexistent.npy", "--input=i64=4"], "cannot read input"),
        (["--function=abs", "--input=1xf32=1", "--input=i64=4"], "OUT_OF_RANGE"),
        (["--function=abs", "--input=4xf32=1", "--input=i64=4", "--output=y"], "expected @FILE"),
        (["--function=abs", "--input=4xf32=1", "--input=i64=4", "--output=-", "--output=-"],
         "2 --output flags for 1 results"),
        (["--function=abs", "--input=4xf32=1", "--input=i64=4", "--print-statistics"],
         "--print-statistics and --trace apply to host functions; @abs is a plain export"),
    ],
)  # fmt: skip
def test_run_errors_exit_1_with_a_message(
    module_file: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_module.main([f"--module={module_file}", *args]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pyvmvx-run: error: ") and message in err, err


def test_run_needs_a_host_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "executables.vmfb"
    path.write_bytes(encode(fmt.Program(executables=(_executable(),))))
    assert run_module.main([f"--module={path}", "--function=entry"]) == 1
    assert "no host module (executables: dispatch_0)" in capsys.readouterr().err


def test_console_scripts_run_without_xdsl(module_file: Path) -> None:
    probe = (
        "import sys\n"
        "from pyvmvx.tools import pyvmvx_dump_module, pyvmvx_run\n"
        f"assert pyvmvx_run.main(['--module={module_file}', '--function=mixed', "
        "'--input=i32=1', '--input=i32=2', '--input=f32=1', '--input=f64=1']) == 0\n"
        f"assert pyvmvx_dump_module.main([{str(module_file)!r}]) == 0\n"
        "print(sorted(m for m in sys.modules if m.startswith('xdsl')))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "i32=3"
    assert result.stdout.splitlines()[-1] == "[]"


def test_dump_escapes_control_characters_in_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name from the file cannot forge listing lines or send terminal escapes."""
    forged = "entry\n    [9] evil : 0_v -> @evil\x1b[2J"
    executable = _executable()
    module = executable.module
    exports = (replace(module.exports[0], name=forged),)
    functions = (replace(module.functions[0], name="f\r\x07"),)
    module = replace(module, name="m\u2028", exports=exports, functions=functions)
    entries = (replace(executable.entries[0], export=forged),)
    program = fmt.Program(executables=(replace(executable, module=module, entries=entries),))
    path = tmp_path / "forged.vmfb"
    path.write_bytes(encode(program))
    assert dump_module.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out and "\u2028" not in out
    assert "    [9] evil" not in out.splitlines()
    assert "[0] entry\\n    [9] evil : 0_v -> @evil\\x1b[2J : 0rrriiiiiiiii_v" in out
    assert "vm.module @m\\u2028" in out and "@f\\r\\x07(" in out


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("100000000000xf32=1", "RESOURCE_EXHAUSTED"),
        ("4294967296x4294967296xf32=1", "RESOURCE_EXHAUSTED"),  # numpy's product wraps to 0
        (f"{'9' * 5000}xf32=1", "INVALID_ARGUMENT"),
        (f"{'1x' * (run_module.MAX_INPUT_RANK + 1)}f32=1", "INVALID_ARGUMENT"),
    ],
)
def test_run_input_sizes_are_bounded(text: str, code: str) -> None:
    with pytest.raises(StatusError) as info:
        run_module.parse_input(text)
    assert info.value.code == code


def test_run_input_takes_up_to_max_input_rank_dimensions() -> None:
    """Whatever numpy's own limit on dimensions is (32 before numpy 2)."""
    text = f"{'1x' * run_module.MAX_INPUT_RANK}i8=7"
    assert bytes(run_module.parse_input(text).value.data) == b"\x07"


UNDER_A_MEMORY_LIMIT = """
import resource, sys
from pathlib import Path
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.tools.run_module import parse_input
in_use = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
limit = in_use + int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    print(parse_input(sys.argv[2]).value.length)
except StatusError as err:
    print(err.code)
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(
    ("budget", "expected"), [(600 << 20, "400000000"), (200 << 20, "RESOURCE_EXHAUSTED")]
)
def test_run_input_is_allocated_once_and_running_out_of_memory_is_a_status(
    budget: int, expected: str
) -> None:
    """A 400 MB input takes one 400 MB allocation (no copies), and one that does not fit the
    address space left is RESOURCE_EXHAUSTED, never a `MemoryError`."""
    command = [sys.executable, "-c", UNDER_A_MEMORY_LIMIT, str(budget), "100000000xf32=1"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == expected, result.stderr[-2000:]
