"""Host functions' ABI: IREE's `iree.abi.declaration` parsed from an untrusted file, checked
against the export's calling convention, at run time (`pyvmvx.load`) and at compile time
(`vm_to_format.host_to_format`)."""

from __future__ import annotations

import time

import pytest
from vm_build import FunctionBuilder
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp

from pyvmvx.dialects.vm import VM
from pyvmvx.ir.diagnostics import CompileError, LocatedParser
from pyvmvx.runtime import StatusError
from pyvmvx.runtime.abi import parse_declaration
from pyvmvx.runtime.program import host_functions, instantiate
from pyvmvx.runtime.vm.format import Export, Module, Program
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
        ("sync func @f(%a: i32) -> ()", "takes 'i32'; only tensors are supported"),
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
    (bad,) = _vm_module("sync func @f(%input0: i32) -> (%output0: tensor<4xf32>)").body.block.ops
    with pytest.raises(CompileError, match="host.mlir:2:1: error: .*only tensors are supported"):
        host_to_format(bad)  # type: ignore[arg-type]
