"""`vm.call.variadic`: calls of imports with variadic arguments (IREE's `C...D` conventions).

The instruction's immediates are the number of values (tuples) of each variadic argument;
the file round-trips them, the validator checks them against the import's calling
convention with exact integers, the executor passes each variadic argument to the native as
one tuple (of tuples for a tuple argument), and the compiler writes them from the op's
`segment_sizes`.
"""

from __future__ import annotations

from typing import Any

import pytest
from vm_build import FunctionBuilder, module
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, i64
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, result_def, var_operand_def
from xdsl.parser import Parser

from pyvmvx.compiler.driver import make_context
from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.calls import call_import_with_groups
from pyvmvx.conversion.to_vm.module import PATTERNS, convert_to_vm
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, Pattern
from pyvmvx.dialects.vm import VM, CallVariadicOp
from pyvmvx.dialects.vm import ModuleOp as VMModuleOp
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.executor import CompiledModule
from pyvmvx.runtime.vm.format import Import, Instruction, Module, Program, SymbolRef
from pyvmvx.runtime.vm.serialize import decode, encode
from pyvmvx.runtime.vm.validate import (
    parse_calling_convention,
    parse_signature,
    validate_module,
)
from pyvmvx.target.vm_to_format import module_to_format

CONVENTION = "0iCIDCirD_i"
"""`v(a: i32, n: i64 ..., t: tuple<i32, !vm.ref<?>> ...) -> i32`."""


def _caller(sizes: tuple[Any, ...] = (2, 1), operand_count: int | None = None) -> Module:
    """`f(a, b, c, d, e)` calling `n.v(a, [b, c], [(d, e)])` with the given immediates."""
    builder = FunctionBuilder("f", ("i32", "i64", "i64", "i32", "ref"), ("i32",))
    operands = builder.params if operand_count is None else builder.params[:operand_count]
    (result,) = builder.op(
        "vm.call.variadic",
        *operands,
        results=("i32",),
        immediates=sizes,
        symbol=SymbolRef("import", 0),
    )
    builder.op("vm.return", result)
    return module("m", builder.build(), imports=(Import("n.v", CONVENTION),))


def test_signatures_parse_variadic_spans() -> None:
    assert parse_signature(CONVENTION) == (("i32", ("i64",), ("i32", "ref")), ("i32",))
    assert parse_calling_convention("0rI_v") == (("ref", "i64"), ())
    with pytest.raises(StatusError, match="is variadic"):
        parse_calling_convention(CONVENTION)
    for malformed in ("0CD_v", "0C_v", "0iD_v", "0rCIDi_CiD"):
        with pytest.raises(StatusError, match="malformed"):
            parse_signature(malformed)


def test_round_trip_keeps_segment_sizes() -> None:
    program = Program(_caller())
    decoded = decode(encode(program))
    assert decoded == program
    (instruction, _) = decoded.host.functions[0].blocks[0].instructions  # type: ignore[union-attr]
    assert instruction.op == "vm.call.variadic" and instruction.immediates == (2, 1)


def test_executor_passes_variadic_arguments_as_tuples() -> None:
    calls: list[tuple[Any, ...]] = []

    def native(*args: Any) -> tuple[int]:
        calls.append(args)
        return (len(args),)

    context = CompiledModule(_caller()).instantiate({"n": {"v": (CONVENTION, native)}})
    assert context.call("f", 1, 2, 3, 4, None) == (3,)
    assert calls == [(1, (2, 3), ((4, None),))]
    empty = _caller((0, 0), operand_count=1)
    CompiledModule(empty).instantiate({"n": {"v": (CONVENTION, native)}}).call(
        "f", 5, 0, 0, 0, None
    )
    assert calls[-1] == (5, (), ())


@pytest.mark.parametrize(
    ("sizes", "operand_count", "message"),
    [
        ((2,), None, "has 1 segment sizes for 2 variadic arguments"),
        ((2, 1, 0), None, "has 3 segment sizes for 2 variadic arguments"),
        ((-1, 1), None, "segment size -1 out of range"),
        ((1 << 70, 1), None, "segment size 1180591620717411303424 out of range"),
        ((2, 2), None, "segment sizes give 7 operands, the call has 5"),
        ((1, 1), None, "segment sizes give 4 operands, the call has 5"),
        ((True, 1), None, "segment size True out of range"),
        (("2", 1), None, "segment size '2' out of range"),
        ((0, 0), 1, None),
    ],
)
def test_validation_checks_segment_sizes(
    sizes: Any, operand_count: int | None, message: str | None
) -> None:
    caller = _caller(sizes, operand_count)
    if message is None:
        validate_module(caller)
        return
    with pytest.raises(StatusError, match=message) as err:
        validate_module(caller)
    assert err.value.code == "INVALID_ARGUMENT"


def test_validation_checks_operand_kinds_and_callees() -> None:
    builder = FunctionBuilder("f", ("i32", "i32", "i64", "i32", "ref"), ("i32",))
    builder.op(
        "vm.call.variadic",
        *builder.params,
        results=("i32",),
        immediates=(2, 1),
        symbol=SymbolRef("import", 0),
    )
    builder.op("vm.return", builder.params[0])
    wrong_kind = module("m", builder.build(), imports=(Import("n.v", CONVENTION),))
    with pytest.raises(StatusError, match="operand 1 is a i32 register, expected i64"):
        validate_module(wrong_kind)
    caller = _caller()
    block = caller.functions[0].blocks[0]
    plain = Instruction("vm.call", block.instructions[0].operands, (5,), (), SymbolRef("import", 0))
    with pytest.raises(StatusError, match="calls a variadic import"):
        validate_module(_with_call(caller, plain))
    on_function = Instruction("vm.call.variadic", (), (), (), SymbolRef("function", 0))
    with pytest.raises(StatusError, match="only imports are called with vm.call.variadic"):
        validate_module(_with_call(caller, on_function))


def _with_call(caller: Module, call: Instruction) -> Module:
    function = caller.functions[0]
    block = function.blocks[0]
    body = (call, *block.instructions[1:])
    blocks = (type(block)(block.args, body),)
    new_function = type(function)(
        function.name, function.params, function.results, function.registers, blocks
    )
    return Module(caller.name, caller.imports, caller.exports, functions=(new_function,))


HOST = """
vm.module @host {
  vm.import private @n.v(%a : i32, %n : i64 ..., %t : tuple<i32, !vm.ref<?>> ...) -> i32
  vm.func @f(%a: i32, %b: i64, %r: !vm.ref<?>) -> i32 {
    %x = vm.call.variadic @n.v(%a, [%b, %b, %b], [(%a, %r)])
        : (i32, i64 ..., tuple<i32, !vm.ref<?>> ...) -> i32
    vm.return %x : i32
  }
  vm.export @f
}
"""


def _parse(text: str) -> ModuleOp:
    ctx = Context()
    ctx.load_dialect(VM)
    parsed = Parser(ctx, text).parse_module()
    parsed.verify()
    return parsed


def test_compiler_writes_segment_sizes_of_variadic_arguments() -> None:
    (host,) = _parse(HOST).body.block.ops
    assert isinstance(host, VMModuleOp)
    written = module_to_format(host)
    assert written.imports == (Import("n.v", "0iCIDCirD_i"),)
    call = written.functions[0].blocks[0].instructions[0]
    assert (call.op, call.immediates, call.operands) == (
        "vm.call.variadic",
        (3, 1),
        (0, 1, 1, 1, 0, 2),
    )
    natives = {"n": {"v": ("0iCIDCirD_i", lambda a, n, t: (a + sum(n) + len(t),))}}
    assert CompiledModule(written).instantiate(natives).call("f", 1, 10, None) == (32,)


@irdl_op_definition
class MakeViewOp(IRDLOperation):
    """A test op converted to `hal.buffer_view.create(buffer, 0, 0, 0, 0, [dims...])`."""

    name = "test_variadic.make_view"
    args = var_operand_def()
    view = result_def()


def _make_view(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    buffer, offset, *dims = operands
    groups = [[buffer], [offset], [offset], [dims[0]], [dims[0]], dims]
    return call_import_with_groups(rw, op, "hal.buffer_view.create", groups, [op.results[0].type])


def test_conversion_calls_variadic_imports_with_vm_call_variadic() -> None:
    ctx = make_context()
    ctx.load_op(MakeViewOp)
    source = Parser(ctx, CONVERTED).parse_module()
    table = PatternTable[Pattern]("test", [(MakeViewOp, _make_view)])
    convert_to_vm(source, patterns=PatternTable.union("test", PATTERNS, table))
    (call,) = [op for op in source.walk() if isinstance(op, CallVariadicOp)]
    assert call.sizes() == (-1, -1, -1, -1, -1, 2)
    assert [v.type for v in call.operands][-2:] == [i64, i64]  # the i32 dims, widened
    imports = [op.sym_name.data for op in source.walk() if op.name == "vm.import"]
    assert imports == ["hal.buffer_view.create"]


CONVERTED = """
func.func @f(%b: !vm.ref<!hal.buffer>, %o: i64, %d: i32) -> !vm.ref<!hal.buffer_view> {
  %v = "test_variadic.make_view"(%b, %o, %d, %d)
      : (!vm.ref<!hal.buffer>, i64, i32, i32) -> !vm.ref<!hal.buffer_view>
  func.return %v : !vm.ref<!hal.buffer_view>
}
"""
