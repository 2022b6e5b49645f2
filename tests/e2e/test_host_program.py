"""End to end: a whole program written by hand (`programs/add_bias.mlir`: a host `vm.module`
calling the runtime `hal` module, and one memref-level executable) compiled into one module
file, loaded with `pyvmvx.load` and called with numpy arrays, in both codegen modes; the
Python API's checks and errors; `pyvmvx-run` and `pyvmvx-dump-module` on the file; a sealed
corruption sweep of its host section."""

from __future__ import annotations

import functools
import mmap
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.api import read_module_file
from pyvmvx.runtime.program import buffer_view, instantiate
from pyvmvx.runtime.tools.dump_module import dump_program
from pyvmvx.runtime.tools.run_module import run
from pyvmvx.runtime.vm.serialize import HEADER, SECTION, decode

PROGRAM = Path(__file__).parent / "programs" / "add_bias.mlir"
MODES = pytest.mark.parametrize("ukernels", ["all", "none"])


@functools.cache
def compiled(ukernels: str = "all") -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


@pytest.fixture
def module_path(tmp_path: Path) -> Path:
    path = tmp_path / "add_bias.vmfb"
    path.write_bytes(compiled())
    return path


@MODES
@pytest.mark.parametrize("threads", [None, 2])
@pytest.mark.parametrize("rows", [0, 1, 17])
def test_main_adds_the_bias(ukernels: str, threads: int | None, rows: int) -> None:
    module = pyvmvx.load(compiled(ukernels), threads=threads)
    rng = np.random.default_rng(rows)
    x = rng.standard_normal((rows, 4), dtype=np.float32)
    b = rng.standard_normal(4, dtype=np.float32)
    y = module.main(x, b)
    assert y.dtype == np.float32 and y.shape == (rows, 4)
    np.testing.assert_array_equal(y, x + b)


def test_assemble_fills_copies_and_imports_rodata(module_path: Path) -> None:
    module = pyvmvx.load(module_path)
    values, count = module["assemble"](np.array([4, -5, 6], np.int32))
    np.testing.assert_array_equal(values, [7, 7, 4, -5, 6, 7, 100, 200])
    assert count.shape == () and count == 3
    unsigned, _ = module.assemble(np.array([1, 2, 3], np.uint32))  # i32 is signless
    np.testing.assert_array_equal(unsigned[2:5], [1, 2, 3])


def test_loading_a_path_maps_the_file(module_path: Path) -> None:
    data = read_module_file(module_path)
    assert isinstance(data, memoryview) and isinstance(data.obj, mmap.mmap)
    host = decode(data).host
    assert host is not None
    (weights,) = host.rodata
    assert isinstance(weights.data, memoryview) and weights.data.obj is data.obj
    assert bytes(weights.data) == struct.pack("<2i", 100, 200)


def test_functions_and_lookup_errors() -> None:
    module = pyvmvx.load(compiled())
    assert list(module.functions) == ["main", "assemble"]
    assert str(module.functions["main"]) == (
        "sync func @main(%input0: tensor<?x4xf32>, %input1: tensor<4xf32>) -> "
        "(%output0: tensor<?x4xf32>)"
    )
    assert "main" in dir(module) and module.main.__doc__ == str(module.functions["main"])
    with pytest.raises(StatusError, match=r"no host function 'other' \(functions: main, assemble"):
        module.other  # noqa: B018
    with pytest.raises(StatusError, match="no host function '__init'"):
        module["__init"]


X = np.ones((2, 4), np.float32)
B = np.ones(4, np.float32)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((X,), r"main takes 2 arguments, got 1 \(`sync func @main"),
        ((X, B, B), "main takes 2 arguments, got 3"),
        (
            (X.astype(np.float64), B),
            r"input 0 \(input0\): expected element type f32 \(float32\) for tensor<\?x4xf32>, "
            "got float64",
        ),
        ((X, B.astype(">f4")), r"input 1 \(input1\): expected element type f32"),
        ((X[0], B), r"input 0 \(input0\): expected rank 2 for tensor<\?x4xf32>, got rank 1"),
        (
            (np.ones((2, 5), np.float32), B),
            r"input 0 \(input0\): expected size 4 in dimension 1 for tensor<\?x4xf32>, got 5",
        ),
        ((X, [1.0, 2.0, 3.0, 4.0]), r"input 1 \(input1\): expected a numpy array for "),
        ((X, 1.0), r"input 1 \(input1\): expected a numpy array for tensor<4xf32>, got float"),
    ],
)
def test_argument_errors_name_the_argument(arguments: tuple[object, ...], message: str) -> None:
    module = pyvmvx.load(compiled())
    with pytest.raises(StatusError, match=message) as err:
        module.main(*arguments)
    assert err.value.code == "INVALID_ARGUMENT"


def test_a_failing_assertion_in_the_host_is_its_message() -> None:
    module = pyvmvx.load(compiled())
    with pytest.raises(StatusError, match="^main: more than 1000 rows$") as err:
        module.main(np.zeros((1001, 4), np.float32), B)
    assert err.value.code == "INVALID_ARGUMENT"


def test_inputs_are_read_only_views_and_results_own_their_memory() -> None:
    module = pyvmvx.load(compiled())
    spec = module.functions["main"].inputs[0]
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    view = buffer_view(spec, x, "input 0")
    assert not view.buffer.mutable and np.shares_memory(view.buffer.data, x)
    strided = np.arange(24, dtype=np.float32).reshape(6, 4)[::2]
    before = strided.copy()
    y = module.main(strided, B)
    np.testing.assert_array_equal(y, before + 1)
    np.testing.assert_array_equal(strided, before)
    assert y.flags.owndata and y.flags.writeable


def test_scalars_are_rank_0_tensors() -> None:
    module = pyvmvx.load(compiled())
    spec = module.functions["assemble"].outputs[1]  # tensor<i32>
    assert buffer_view(spec, 5, "input 0").shape == ()
    with pytest.raises(StatusError, match="a Python float cannot be an i32 scalar"):
        buffer_view(spec, 5.0, "input 0")
    with pytest.raises(StatusError, match="does not fit in i32"):
        buffer_view(spec, 1 << 40, "input 0")


def test_load_needs_no_compiler(module_path: Path) -> None:
    probe = (
        "import sys, numpy, pyvmvx\n"
        f"module = pyvmvx.load({str(module_path)!r})\n"
        "y = module.main(numpy.ones((1, 4), numpy.float32), numpy.ones(4, numpy.float32))\n"
        "print(y.tolist(), sorted(m for m in sys.modules if m.split('.')[0] == 'xdsl'))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout == "[[2.0, 2.0, 2.0, 2.0]] []\n", result.stderr


def test_threads_must_be_valid() -> None:
    with pytest.raises(StatusError, match="threads must be a positive integer"):
        pyvmvx.load(compiled(), threads=0)


def test_a_file_without_a_host_module_is_refused() -> None:
    executables = pyvmvx.compile(Path(__file__).parent / "executables" / "abs.mlir")
    with pytest.raises(StatusError, match="module file has no host module"):
        pyvmvx.load(executables)


def test_pyvmvx_run_prints_like_iree_run_module(module_path: Path, tmp_path: Path) -> None:
    inputs = ["2x4xf32=1 2 3 4 5 6 7 8", "4xf32=10 20 30 40"]
    assert run(str(module_path), "main", inputs, []) == (
        "EXEC @main\nresult[0]: hal.buffer_view\n2x4xf32=[11 22 33 44][15 26 37 48]\n"
    )
    saved = tmp_path / "count.npy"
    printed = run(str(module_path), "assemble", ["3xi32=4 5 6"], ["-", f"@{saved}"])
    assert printed == "EXEC @assemble\nhal.buffer_view\n8xi32=7 7 4 5 6 7 100 200\n"
    assert np.load(saved) == 3
    with pytest.raises(StatusError, match=r"input 0 \(input0\): expected size 4"):
        run(str(module_path), "main", ["2x5xf32=1", "4xf32=0"], [])


def test_dump_shows_the_host_module_and_variadic_calls() -> None:
    listing = dump_program(decode(compiled()))
    assert "Host module @program" in listing
    assert "iree.abi.declaration = 'sync func @main(" in listing
    assert "vm.call.variadic @hal.buffer_view.assert(%r0, %r" in listing
    assert ", [(%r" in listing  # the dispatch's binding tuples


def test_corrupting_the_host_section_never_escapes() -> None:
    data = compiled()
    (_, offset, length) = SECTION.unpack_from(data, HEADER.size)
    outcomes = set()
    for position in range(offset, offset + length, max(1, length // 300)):
        corrupted = bytearray(data)
        corrupted[position] ^= 0x41
        struct.pack_into("<I", corrupted, 16, zlib.crc32(bytes(corrupted[HEADER.size :])))
        try:
            module = instantiate(decode(bytes(corrupted)))
            module.main(X, B)
            outcomes.add("ran")
        except StatusError as err:
            outcomes.add(err.code)
    assert "INVALID_ARGUMENT" in outcomes
