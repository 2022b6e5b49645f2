"""The user interfaces of whole programs: `pyvmvx.compile` and `pyvmvx.load` (every
INVALID_ARGUMENT of a call), `pyvmvx-compile --compile-to` at every phase, `pyvmvx-run` with
iree-run-module's input and output forms and printing (also compiling an MLIR input in
memory), `pyvmvx-dump-module` on the host module, and corrupted whole-program module files."""

from __future__ import annotations

import functools
import signal
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.ir.diagnostics import CompileError
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.program import instantiate
from pyvmvx.runtime.tools import dump_module, run_module
from pyvmvx.runtime.vm.serialize import HEADER, decode
from pyvmvx.tools import pyvmvx_compile, pyvmvx_run

PROGRAMS = Path(__file__).parent / "programs"
TWO_RESULTS = PROGRAMS / "two_results.mlir"
ELEMENT_TYPES = PROGRAMS / "element_types.mlir"


@functools.cache
def compiled(path: Path, ukernels: str = "all") -> bytes:
    return pyvmvx.compile(path, ukernels=ukernels)


@pytest.fixture
def module_file(tmp_path: Path) -> Path:
    path = tmp_path / "two_results.vmfb"
    path.write_bytes(compiled(TWO_RESULTS))
    return path


def test_compile_takes_text_or_a_path_and_load_bytes_or_a_path(module_file: Path) -> None:
    assert pyvmvx.compile(TWO_RESULTS.read_text()) == compiled(TWO_RESULTS)
    assert pyvmvx.compile(str(TWO_RESULTS)) == compiled(TWO_RESULTS)
    x, b = np.arange(3, dtype=np.float32), np.ones(4, np.float32)
    for source in (compiled(TWO_RESULTS), module_file, str(module_file)):
        doubled, negated = pyvmvx.load(source).main(x, b)
        np.testing.assert_array_equal(doubled, 2 * x)
        np.testing.assert_array_equal(negated, -b)


def test_functions_list_names_and_signatures() -> None:
    module = pyvmvx.load(compiled(ELEMENT_TYPES))
    assert {name: str(signature) for name, signature in module.functions.items()} == {
        "scale": "sync func @scale(%input0: tensor<4xf32>, %input1: tensor<f32>) -> "
        "(%output0: tensor<4xf32>)",
        "mask": "sync func @mask(%input0: tensor<3xi1>, %input1: tensor<3xf16>) -> "
        "(%output0: tensor<3xi1>, %output1: tensor<3xf16>)",
    }


@pytest.mark.parametrize("ukernels", ["all", "none"])
def test_rank_0_i1_and_f16(ukernels: str) -> None:
    module = pyvmvx.load(compiled(ELEMENT_TYPES, ukernels))
    a = np.array([1, 2, 3, 4], np.float32)
    np.testing.assert_array_equal(module.scale(a, 2.5), a * 2.5)  # a Python float: rank 0
    np.testing.assert_array_equal(module["scale"](a, np.float32(-1)), -a)
    np.testing.assert_array_equal(module.scale(a, np.array(2, np.float32)), 2 * a)
    flags, halves = module.mask(np.array([True, False, True]), np.array([1.5, 4e4, 0.1], "f2"))
    assert flags.dtype == np.bool_ and flags.tolist() == [False, True, False]
    assert halves.dtype == np.float16 and halves.tolist()[:2] == [3.0, np.inf]


X = np.zeros(3, np.float32)
B = np.zeros(4, np.float32)


@pytest.mark.parametrize(
    ("function", "arguments", "message"),
    [
        ("main", (X,), r"^main takes 2 arguments, got 1 \(`sync func @main\(%input0: "),
        ("main", (X, B, B), "^main takes 2 arguments, got 3"),
        ("main", (), "^main takes 2 arguments, got 0"),
        (
            "main",
            (X.astype(np.float64), B),
            r"^input 0 \(input0\): expected element type f32 \(float32\) for tensor<\?xf32>, "
            r"got float64$",
        ),
        ("main", (X, B.astype(np.int32)), r"^input 1 \(input1\): expected element type f32"),
        ("main", (X, B.astype(">f4")), r"^input 1 \(input1\): expected element type f32"),
        (
            "main",
            (X.reshape(1, 3), B),
            r"^input 0 \(input0\): expected rank 1 for tensor<\?xf32>, got rank 2 \(shape "
            r"\(1, 3\)\)$",
        ),
        ("main", (np.float32(1), B), r"^input 0 \(input0\): expected rank 1 .*, got rank 0"),
        (
            "main",
            (X, np.zeros(5, np.float32)),
            r"^input 1 \(input1\): expected size 4 in dimension 0 for tensor<4xf32>, got 5",
        ),
        ("main", (X, [0.0] * 4), r"^input 1 \(input1\): expected a numpy array for tensor<4xf32>"),
        ("main", (1.0, B), r"^input 0 \(input0\): expected a numpy array for tensor<\?xf32>"),
        ("main", (X, None), r"^input 1 \(input1\): expected a numpy array .*, got NoneType"),
        ("scale", (B, 2), None),  # an int is a valid f32 scalar
        ("scale", (B, True), r"^input 1 \(input1\): a Python bool cannot be an f32 scalar"),
        ("scale", (B, "2"), r"^input 1 \(input1\): expected a numpy array for tensor<f32>"),
        ("scale", (B, np.float64(2)), r"^input 1 \(input1\): expected element type f32"),
        ("mask", (np.zeros(3, np.int8), X.astype("f2")), r"^input 0 \(input0\): .*type i1"),
        ("mask", (np.zeros(3, bool), X), r"^input 1 \(input1\): expected element type f16"),
    ],
)
def test_every_invalid_argument_names_the_argument(
    function: str, arguments: tuple[object, ...], message: str | None
) -> None:
    path = TWO_RESULTS if function == "main" else ELEMENT_TYPES
    call = pyvmvx.load(compiled(path))[function]
    if message is None:
        call(*arguments)
        return
    with pytest.raises(StatusError, match=message) as info:
        call(*arguments)
    assert info.value.code == "INVALID_ARGUMENT"


def test_inputs_are_unchanged_and_results_are_independent() -> None:
    x = np.arange(6, dtype=np.float32)[::2]  # not contiguous: copied for the host
    b = np.ones(4, np.float32)
    x.flags.writeable = b.flags.writeable = False  # read-only inputs are fine
    doubled, negated = pyvmvx.load(compiled(TWO_RESULTS)).main(x, b)
    assert doubled.flags.writeable and negated.flags.writeable
    assert not np.shares_memory(doubled, negated)
    assert not any(np.shares_memory(r, i) for r in (doubled, negated) for i in (x, b))
    np.testing.assert_array_equal(x, [0, 2, 4])
    np.testing.assert_array_equal(b, 1)


def test_unknown_function_is_not_found() -> None:
    module = pyvmvx.load(compiled(TWO_RESULTS))
    with pytest.raises(StatusError, match=r"no host function 'other' \(functions: main\)") as info:
        module.other  # noqa: B018
    assert info.value.code == "NOT_FOUND"
    assert not hasattr(module, "other") and getattr(module, "other", None) is None
    assert hasattr(module, "main")


@pytest.mark.parametrize("element", ["f8E4M3FN", "f8E5M2"])
def test_f8_programs_are_a_located_compile_error(tmp_path: Path, element: str) -> None:
    """The runtime and ABI take f8 tensors (tests/unit/test_host_abi.py); codegen does not
    (bf16 does: tests/e2e/test_bf16.py)."""
    source = tmp_path / "f8.mlir"
    source.write_text(TWO_RESULTS.read_text().replace("f32", element))
    with pytest.raises(CompileError, match=rf"f8.mlir:\d+:\d+: error: .*{element}"):
        pyvmvx.compile(source)


PHASES = {
    "input": ["func.func @main(%a: tensor<?xf32>, %b: tensor<4xf32>)", "linalg.generic"],
    "flow": [
        "hal.executable.source private @main_dispatch_0",
        "flow.dispatch @main_dispatch_0::@main_dispatch_0_generic[",
        "flow.dispatch @main_dispatch_1::@main_dispatch_1_generic(%b)",
    ],
    "executable-sources": [
        'hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb", '
        '{ukernels = "none"}>)',
        "flow.dispatch @main_dispatch_1",
    ],
    "codegen": ["hal.interface.binding.subspan", "flow.dispatch @main_dispatch_0"],
    "vmvx": ["%bindings: !util.list<!util.buffer>", "flow.dispatch @main_dispatch_0"],
    "vm": [
        "builtin.module @module attributes {vm.toplevel}",
        "vm.call.variadic @hal.buffer_view.assert(",
        'iree.abi.declaration = "sync func @main(%input0: tensor<?xf32>, %input1: '
        'tensor<4xf32>) -> (%output0: tensor<?xf32>, %output1: tensor<4xf32>)"',
        "vm.call.variadic @hal.command_buffer.dispatch(",
    ],
}


@pytest.mark.parametrize("phase", PHASES)
def test_compile_to_prints_every_phase_of_a_program(
    phase: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(TWO_RESULTS), f"--compile-to={phase}", "--ukernels=none"]
    assert pyvmvx_compile.main(args) == 0
    out = capsys.readouterr().out
    missing = [marker for marker in PHASES[phase] if marker not in out]
    assert not missing, out


def test_compile_tool_writes_a_program_that_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "two_results.vmfb"
    assert pyvmvx_compile.main([str(TWO_RESULTS), "-o", str(output), "--ukernels=none"]) == 0
    assert output.read_bytes() == compiled(TWO_RESULTS, "none")
    args = [f"--module={output}", "--input=3xf32=1 2 3", "--input=4xf32=1.5"]
    assert run_module.main(args) == 0
    assert capsys.readouterr().out == (
        "EXEC @main\nresult[0]: hal.buffer_view\n3xf32=2 4 6\n"
        "result[1]: hal.buffer_view\n4xf32=-1.5 -1.5 -1.5 -1.5\n"
    )


def test_compile_help_describes_whole_programs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        pyvmvx_compile.main(["--help"])
    assert info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "whole program" in text and "executable-sources" in text and "pyvmvx-run" in text


@pytest.mark.parametrize("ukernels", ["all", "none"])
def test_run_compiles_an_mlir_input_in_memory(
    ukernels: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(ELEMENT_TYPES), f"--ukernels={ukernels}", "--function=mask"]
    assert pyvmvx_run.main([*args, "--input=3xi1=1 0 01", "--input=3xf16=1.5 40000 0.1"]) == 0
    assert capsys.readouterr().out == (
        "EXEC @mask\nresult[0]: hal.buffer_view\n3xi1=00 01 00\n"
        "result[1]: hal.buffer_view\n3xf16=3 INF 0.199951\n"
    )
    args = [str(ELEMENT_TYPES), "--function=scale", "--input=4xf32=[1 2][3 4]", "--input=f32=-2"]
    assert pyvmvx_run.main(args) == 0
    assert capsys.readouterr().out.endswith("\n4xf32=-2 -4 -6 -8\n")


def test_run_reads_iree_run_module_inputs(module_file: Path, tmp_path: Path) -> None:
    two = tmp_path / "two.npy"
    with two.open("wb") as file:
        np.save(file, np.arange(2, dtype=np.float32))
        np.save(file, np.full(4, 5, ">f4"))  # big-endian arrays read as their values
    np.savez(tmp_path / "ab.npz", a=np.arange(3, dtype=np.float32), b=np.ones(4, np.float32))
    np.arange(6, dtype=np.float32).tofile(tmp_path / "raw.bin")
    cases = {
        ("2xf32=1,2", "4xf32=7"): ("2xf32=2 4", "4xf32=-7 -7 -7 -7"),  # a splat
        ("0xf32=", "4xf32="): ("0xf32=", "4xf32=-0 -0 -0 -0"),  # no values: zeros
        (f"@{two}", f"+{two}"): ("2xf32=0 2", "4xf32=-5 -5 -5 -5"),
        (f"*{two}",): ("2xf32=0 2", "4xf32=-5 -5 -5 -5"),
        (f"*{tmp_path / 'ab.npz'}",): ("3xf32=0 2 4", "4xf32=-1 -1 -1 -1"),
        (f"@{tmp_path / 'ab.npz'}:b", f"@{tmp_path / 'ab.npz'}:b"): ("4xf32=2 2 2 2", None),
        (f"@{tmp_path / 'ab.npz'}:a", f"+{tmp_path / 'ab.npz'}"): ("3xf32=0 2 4", None),
        (f"2xf32=@{tmp_path / 'raw.bin'}", f"4xf32=+{tmp_path / 'raw.bin'}"): (
            "2xf32=0 2",
            "4xf32=-2 -3 -4 -5",
        ),
    }
    for inputs, (first, second) in cases.items():
        printed = run_module.run(module_file, "main", list(inputs), [])
        assert printed.startswith(f"EXEC @main\nresult[0]: hal.buffer_view\n{first}\n"), inputs
        if second is not None:
            assert printed.endswith(f"result[1]: hal.buffer_view\n{second}\n"), inputs


def test_run_writes_iree_run_module_outputs(module_file: Path, tmp_path: Path) -> None:
    inputs = ["3xf32=1 2 3", "4xf32=1"]
    y = tmp_path / "y.npy"
    printed = run_module.run(module_file, "main", inputs, [f"@{y}", "-"])
    assert printed == "EXEC @main\nhal.buffer_view\n4xf32=-1 -1 -1 -1\n"
    np.testing.assert_array_equal(np.load(y), [2, 4, 6])
    assert run_module.run(module_file, "main", inputs, ["", f"+{y}"]) == "EXEC @main\n"
    with y.open("rb") as file:  # appended: two arrays in one file
        np.testing.assert_array_equal(np.load(file), [2, 4, 6])
        np.testing.assert_array_equal(np.load(file), [-1, -1, -1, -1])
    raw = tmp_path / "y.bin"
    run_module.run(module_file, "main", inputs, [f"@{raw}", ""])
    assert raw.read_bytes() == np.array([2, 4, 6], np.float32).tobytes()


def test_run_elides_long_results(module_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [f"--module={module_file}", "--input=6xf32=1", "--input=4xf32=1"]
    assert run_module.main([*args, "--output_max_element_count=4"]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [
        "6xf32=2 2 2 2...",
        "result[1]: hal.buffer_view",
        "4xf32=-1 -1 -1 -1",  # the budget is per result
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--input=3xq32=1", "--input=4xf32=1"], "unknown element type 'q32'"),
        (["--input=3xf32=1 2", "--input=4xf32=1"], "2 values for 3 elements"),
        (["--input=3xf32=x", "--input=4xf32=1"], "bad value 'x' for f32"),
        (["--input=3xi1=2", "--input=4xf32=1"], "bad value '2' for i1"),
        (["--input=3xi8=256", "--input=4xf32=1"], "bad value '256' for i8"),
        (["--input=3xf32=1", "--input=foo"], "input 'foo' is not SHAPExTYPE=VALUES"),
        (["--input=3xf32=1"], "main takes 2 arguments, got 1"),
        (["--input=3xf32=1", "--input=4xf32=1", "--input=f32=1"], "main takes 2 arguments"),
        (["--input=3xf32=1", "--input=5xf32=1"], "input 1 (input1): expected size 4"),
        (["--input=3xf32=1", "--input=4xf64=1"], "input 1 (input1): expected element type f32"),
        (["--input=3xf32=1", "--input=@missing.npy"], "cannot read input file 'missing.npy'"),
        (["--input=3xf32=1", "--input=@x.txt"], "only .npy and .npz files hold arrays"),
        (["--input=3xf32=1", "--input=4xf32=1", "--output=-"], "1 --output flags for 2 results"),
        (["--input=3xf32=1", "--input=4xf32=1", "--output=-", "--output=y"], "expected empty, -"),
        (["--function=other"], "NOT_FOUND: no function 'other' (exports: main)"),
        (["--input=3xf32=1", "--input=4xf32=1", "--threads=0"], "threads must be a positive"),
    ],
)
def test_run_errors_are_one_line_and_exit_1(
    module_file: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_module.main([f"--module={module_file}", *args]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("pyvmvx-run: error: ") and captured.err.count("\n") == 1
    assert message in captured.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give either an MLIR INPUT to compile or --module=FILE.vmfb"),
        (["MODULE", "SOURCE"], "give either an MLIR INPUT"),
        (["MODULE", "--ukernels=none"], "--ukernels applies only when compiling"),
        (["SOURCE"], "--function is required: the module exports scale, mask"),
        (["BROKEN"], "error: Operation bogus.op is not registered"),
    ],
)
def test_run_front_end_errors(
    tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    module = tmp_path / "m.vmfb"
    module.write_bytes(compiled(ELEMENT_TYPES))
    broken = tmp_path / "broken.mlir"
    broken.write_text("bogus.op\n")
    names = {"MODULE": f"--module={module}", "SOURCE": str(ELEMENT_TYPES), "BROKEN": str(broken)}
    assert pyvmvx_run.main([names.get(arg, arg) for arg in args]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err, err


def test_dump_shows_the_host_module(capsys: pytest.CaptureFixture[str], module_file: Path) -> None:
    assert dump_module.main([str(module_file)]) == 0
    out = capsys.readouterr().out
    host = out[out.index("Host module @module") : out.index("Executable @")]
    assert "[0] main : 0rr_rr -> @main {iree.abi.declaration = 'sync func @main(" in host
    assert "hal.command_buffer.dispatch : 0rrIiiiICiDCiirIID_v" in host
    assert "bytes, alignment 16 = 'vmvx-bytecode-fb'" in host  # executable.create's format
    assert "vm.call.variadic @hal.buffer_view.assert(%r0, " in host


SECONDS_PER_FILE = 2.0
"""How long one corrupted file may run (docs/security.md: a module computes for as long as its
code says, so a rewritten checksum can make a valid module that runs for a long time)."""


class _OutOfTime(BaseException):
    """The time budget of one corrupted file ran out."""


@pytest.fixture
def alarm() -> Iterator[None]:
    def expire(*_: object) -> None:
        raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, expire)
    yield
    signal.signal(signal.SIGALRM, previous)


def _sweep(data: bytes, positions: range, rewrite_checksum: bool) -> set[str]:
    """Flip each byte at `positions`, load the file and call `main`: a StatusError or, with
    the checksum intact, the right result; with it rewritten, results of the declared types.
    The inputs never change."""
    x, b = np.arange(3, dtype=np.float32), np.ones(4, np.float32)
    outcomes: set[str] = set()
    for position in positions:
        corrupted = bytearray(data)
        corrupted[position] ^= 0xFF if position % 2 else 0x01
        if rewrite_checksum:
            struct.pack_into("<I", corrupted, 16, zlib.crc32(bytes(corrupted[HEADER.size :])))
        signal.setitimer(signal.ITIMER_REAL, SECONDS_PER_FILE)
        try:
            doubled, negated = instantiate(decode(bytes(corrupted)), threads=1).main(x, b)
        except StatusError as err:
            outcomes.add(err.code)
            continue
        except _OutOfTime:  # a valid module may compute for as long as its code says
            outcomes.add("out of time")
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            np.testing.assert_array_equal(x, [0, 1, 2])
            np.testing.assert_array_equal(b, [1, 1, 1, 1])
        outcomes.add("ran")
        if rewrite_checksum:
            assert doubled.dtype == negated.dtype == np.float32 and negated.shape == (4,)
        else:
            np.testing.assert_array_equal(doubled, 2 * x)
            np.testing.assert_array_equal(negated, -b)
    return outcomes


def test_truncated_program_files_are_refused() -> None:
    data = compiled(TWO_RESULTS)
    for length in range(len(data)):
        with pytest.raises(StatusError):
            instantiate(decode(data[:length]))


@pytest.mark.parametrize(
    "stride", [pytest.param(1, marks=pytest.mark.slow, id="every-byte"), pytest.param(7, id="1/7")]
)
@pytest.mark.parametrize("rewrite_checksum", [False, True], ids=["checksum-kept", "rewritten"])
@pytest.mark.usefixtures("alarm")
def test_flipped_bytes_of_a_program_file_never_escape(stride: int, rewrite_checksum: bool) -> None:
    """Only StatusError escapes (`_sweep`), or the file runs out of its time."""
    data = compiled(TWO_RESULTS)
    outcomes = _sweep(data, range(0, len(data), stride), rewrite_checksum)
    assert outcomes - {"ran", "out of time"}
