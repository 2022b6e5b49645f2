"""Host functions' ABI: IREE's `iree.abi.declaration` parsed from an untrusted file, checked
against the export's calling convention, at run time (`pyvmvx.load`) and at compile time
(`vm_to_format.host_to_format`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import pytest
from vm_build import FunctionBuilder
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from pyvmvx.dialects.vm import VM
from pyvmvx.ir.diagnostics import CompileError, LocatedParser
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.abi import parse_declaration
from pyvmvx.runtime.program import host_functions, instantiate
from pyvmvx.runtime.tools import run_module
from pyvmvx.runtime.vm.format import Export, Module, Program
from pyvmvx.runtime.vm.serialize import encode
from pyvmvx.target.vm_to_format import host_to_format


def test_iree_s_declarations_parse() -> None:
    text = (
        "sync func @named(%weights: tensor<4x?xbf16>, %input1: tensor<f32>) -> "
        "(%out: tensor<2x3xi1>)"
    )
    signature = parse_declaration(text, "named")
    assert [(s.name, s.shape, s.element_type.name) for s in signature.inputs] == [
        ("weights", (4, None), "bf16"),
        ("input1", (), "f32"),
    ]
    assert [s.type for s in signature.outputs] == ["tensor<2x3xi1>"]
    assert str(signature) == text
    assert parse_declaration("sync func @nothing() -> ()", "n").inputs == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("async func @f(%a: tensor<f32>) -> ()", "is not a sync function declaration"),
        ("sync func @f", "has no argument list"),
        ("sync func @f(%a: tensor<f32>", "has unbalanced parentheses"),
        ("sync func @f(%a: tensor<f32>)", "has no `-> \\(...\\)` result list"),
        ("sync func @f() -> () trailing", "has no `-> \\(...\\)` result list"),
        ("sync func @f(%a: i128) -> ()", "takes 'i128'; only tensors and scalars are supported"),
        ("sync func @f(a: tensor<f32>) -> ()", "has a malformed argument"),
        ("sync func @f(%a: tensor<4xc64>) -> ()", "has unsupported element type 'c64'"),
        ("sync func @f(%a: tensor<-1xf32>) -> ()", "has a malformed shape"),
        (f"sync func @f(%a: tensor<{'9' * 19}xf32>) -> ()", "has a malformed shape"),
        ("sync func @f(%a: tensor<4xf32, #enc>) -> ()", "takes 'tensor<4xf32'; only tensors"),
    ],
)
def test_malformed_declarations_are_invalid_arguments(text: str, message: str) -> None:
    with pytest.raises(StatusError, match=f"host function 'f': iree.abi.declaration {message}"):
        parse_declaration(text, "f")


def test_parsing_is_linear_on_hostile_text() -> None:
    hostile = "sync func @f(" + ") -> (" * 200_000
    start = time.process_time()
    with pytest.raises(StatusError):
        parse_declaration(hostile, "f")
    assert time.process_time() - start < 1.0


def _host(declaration: str, params: int, results: int) -> Module:
    builder = FunctionBuilder("f", ("ref",) * params, ("ref",) * results)
    builder.op("vm.return", *builder.params[:results])
    function = builder.build()
    reflection = (("iree.abi.declaration", declaration),)
    export = Export("f", 0, function.calling_convention, reflection)
    return Module("host", exports=(export,), functions=(function,))


def test_declarations_must_match_the_calling_convention() -> None:
    host = _host("sync func @f(%a: tensor<f32>) -> (%b: tensor<f32>)", 1, 1)
    assert list(host_functions(host)) == ["f"]
    with pytest.raises(StatusError, match="has calling convention '0rr_v'; its declaration"):
        host_functions(_host("sync func @f(%a: tensor<f32>) -> (%b: tensor<f32>)", 2, 0))


def test_a_function_without_results_returns_none() -> None:
    module = instantiate(Program(_host("sync func @f() -> ()", 0, 0)))
    assert module.f() is None


HOST = """
vm.module @host {
  vm.func @f(%a: !vm.ref<?>) -> !vm.ref<?>
      attributes {iree.reflection = {iree.abi.declaration = "DECLARATION"}} {
    vm.return %a : !vm.ref<?>
  }
  vm.export @f
}
"""


def _vm_module(declaration: str) -> ModuleOp:
    ctx = Context()
    ctx.load_dialect(VM)
    text = HOST.replace("DECLARATION", declaration)
    return LocatedParser(ctx, text, "host.mlir").parse_module()


def test_host_to_format_checks_declarations_with_located_errors() -> None:
    good = "sync func @f(%input0: tensor<4xf32>) -> (%output0: tensor<4xf32>)"
    (host,) = _vm_module(good).body.block.ops
    written = host_to_format(host)  # type: ignore[arg-type]
    assert written.exports[0].attributes["iree.abi.declaration"] == good
    (bad,) = _vm_module("sync func @f(%input0: i128) -> (%output0: tensor<4xf32>)").body.block.ops
    with pytest.raises(CompileError, match="host.mlir:2:1: error: .*only tensors and scalars"):
        host_to_format(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("element", "dtype"), [("bf16", "bfloat16"), ("f8E4M3FN", "float8_e4m3fn")]
)
def test_bf16_and_f8_tensors_round_trip(element: str, dtype: str) -> None:
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="bf16 and f8 need the ml-dtypes extra")
    declaration = f"sync func @f(%a: tensor<2x{element}>) -> (%b: tensor<2x{element}>)"
    module = instantiate(Program(_host(declaration, 1, 1)))
    x = np.array([1.5, -2], getattr(ml_dtypes, dtype))
    y = module.f(x)
    assert y.dtype == x.dtype and y.tolist() == x.tolist() and not np.shares_memory(x, y)
    with pytest.raises(StatusError, match=f"expected element type {element}") as info:
        module.f(x.astype(np.float32))
    assert info.value.code == "INVALID_ARGUMENT"


def test_bf16_without_ml_dtypes_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ml_dtypes", None)  # `import ml_dtypes` fails
    module_host = _host("sync func @f(%a: tensor<2xbf16>) -> ()", 1, 0)
    module = instantiate(Program(module_host))
    with pytest.raises(StatusError, match=r"pip install 'pyvmvx\[ml-dtypes\]'") as info:
        module.f(np.zeros(2, np.uint16))
    assert info.value.code == "UNIMPLEMENTED"
    with pytest.raises(StatusError, match=r"bf16 tensors need the optional ml_dtypes"):
        run_module.run(encode(Program(module_host)), "f", ["2xbf16=1 2"], [])


def test_pyvmvx_run_reads_and_prints_bf16(tmp_path: Path) -> None:
    """Printed with `%G`; `np.save` writes bf16 as void `V2`, read back as the argument's type."""
    pytest.importorskip("ml_dtypes", reason="bf16 needs the ml-dtypes extra")
    declaration = "sync func @f(%a: tensor<3xbf16>) -> (%b: tensor<3xbf16>)"
    data = encode(Program(_host(declaration, 1, 1)))
    printed = run_module.run(data, "f", ["3xbf16=1.5 -2 1e3"], [])
    assert printed == "EXEC @f\nresult[0]: hal.buffer_view\n3xbf16=1.5 -2 1000\n"
    saved = tmp_path / "y.npy"
    run_module.run(data, "f", ["3xbf16=1.5 -2 1e3"], [f"@{saved}"])
    assert run_module.run(data, "f", [f"@{saved}"], []) == printed


def _scalar_host(declaration: str, params: tuple[str, ...], result: int) -> bytes:
    """A host module whose `f` returns its parameter `result` (a scalar)."""
    builder = FunctionBuilder("f", params, (params[result],))
    builder.op("vm.return", builder.params[result])
    function = builder.build()
    export = Export("f", 0, function.calling_convention, (("iree.abi.declaration", declaration),))
    return encode(Program(Module("host", exports=(export,), functions=(function,))))


@pytest.mark.parametrize(
    ("declared", "kind", "inputs", "printed", "saved"),
    [
        ("i32", "i32", ["7"], "i32=7", np.int32(7)),
        ("i32", "i32", ["i32=-7"], "i32=-7", np.int32(-7)),
        ("i1", "i32", ["true"], "i32=1", np.int32(1)),  # IREE passes i1 as an i32 value
        ("index", "i64", ["index=5"], "i64=5", np.int64(5)),
        ("f32", "f32", ["1.5"], "f32=1.5", np.float32(1.5)),
        ("f64", "f64", ["f64=1e300"], "f64=1e+300", np.float64(1e300)),
    ],
)
def test_pyvmvx_run_scalar_arguments_and_results(
    declared: str, kind: str, inputs: list[str], printed: str, saved: np.generic, tmp_path: Path
) -> None:
    """Scalars print as IREE prints VM values (`i32=7`, `f32=1.5`: C's `%g`)."""
    declaration = f"sync func @f(%a: tensor<2xf32>, %k: {declared}) -> (%r: {declared})"
    data = _scalar_host(declaration, ("ref", kind), 1)
    assert run_module.run(data, "f", ["2xf32=0", *inputs], []) == (
        f"EXEC @f\nresult[0]: {printed}\n"
    )
    path = tmp_path / "k.npy"
    run_module.run(data, "f", ["2xf32=0", *inputs], [f"@{path}"])
    loaded = np.load(path)
    assert loaded.shape == () and loaded.dtype == saved.dtype and loaded == saved


def test_pyvmvx_run_refuses_bad_scalars() -> None:
    data = _scalar_host("sync func @f(%k: i32) -> (%r: i32)", ("i32",), 0)
    with pytest.raises(StatusError, match="bad value 'x' for i32"):
        run_module.run(data, "f", ["x"], [])
    with pytest.raises(StatusError, match="a scalar is VALUE or TYPE=VALUE"):
        run_module.run(data, "f", ["q=1"], [])
