"""The conversion framework (`pyvmvx.conversion.framework`): pattern tables keyed by op class,
where a second pattern for an op is an error, and drivers that use a pattern registered for a
new op class (in a function body or at module level) without any edit of theirs."""

from __future__ import annotations

from collections.abc import Sequence
from io import StringIO

import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, StringAttr, i32
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.printer import Printer
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.compiler.driver import make_context
from pyvmvx.conversion.framework import (
    ConversionState,
    DuplicatePatternError,
    InPlacePattern,
    PatternTable,
)
from pyvmvx.conversion.memref_to_util import convert_type
from pyvmvx.conversion.to_vm import convert_to_vm
from pyvmvx.conversion.to_vm.module import MODULE_PATTERNS, PATTERNS
from pyvmvx.conversion.to_vm.rewriter import (
    ConversionRewriter,
    ModulePattern,
    Pattern,
    build_vm_op,
)
from pyvmvx.dialects.upstream_ext import arith as arith_ext
from pyvmvx.ir.diagnostics import CompileError, LocatedParser
from pyvmvx.transforms.vmvx_conversion import PATTERNS as VMVX_PATTERNS


@irdl_op_definition
class DoubleOp(IRDLOperation):
    """A test op of a dialect no conversion knows: `2 * x`."""

    name = "test_fw.double"
    input = operand_def(i32)
    result = result_def(i32)


@irdl_op_definition
class ConstantGlobalOp(IRDLOperation):
    """A test op of a new top-level kind: an i32 global with a value."""

    name = "test_fw.constant_global"
    sym_name = prop_def(StringAttr)
    value = prop_def(IntegerAttr)


def _double(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> Sequence[SSAValue]:
    return [rw.emit_value("vm.add.i32", [operands[0], operands[0]], i32)]


def _constant_global(rw: ConversionRewriter, op: Operation) -> list[Operation]:
    assert isinstance(op, ConstantGlobalOp)
    named = {"sym_name": op.sym_name, "type": i32, "initial_value": op.value}
    return [build_vm_op("vm.global.i32", named=named)]


def _pattern(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return []


def _other(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return []


SOURCE = """
"test_fw.constant_global"() <{sym_name = "answer", value = 42 : i32}> : () -> ()
func.func @f(%x: i32) -> i32 {
  %y = "test_fw.double"(%x) : (i32) -> i32
  func.return %y : i32
}
"""


def _parse(text: str) -> ModuleOp:
    ctx = make_context()
    ctx.load_op(DoubleOp)
    ctx.load_op(ConstantGlobalOp)
    module = LocatedParser(ctx, text, "test.mlir").parse_module()
    module.verify()
    return module


def _printed(op: Operation) -> str:
    out = StringIO()
    Printer(stream=out).print_op(op)
    return out.getvalue()


# ---------------------------------------------------------------------------
# Registration
# ---------------------------------------------------------------------------


def test_a_second_pattern_for_an_op_class_is_an_error_naming_both() -> None:
    table = PatternTable[Pattern]("test", [(arith.AddiOp, _pattern)])
    with pytest.raises(DuplicatePatternError) as err:
        table.add(arith.AddiOp, _other)
    message = str(err.value)
    assert "test: two patterns for 'arith.addi'" in message
    assert "test_conversion_framework._pattern" in message
    assert "test_conversion_framework._other" in message


def test_a_second_pattern_for_an_op_name_is_an_error() -> None:
    """pyvmvx's extended `arith.divsi` is another class of the same op."""
    table = PatternTable[Pattern]("test")
    table.register(arith.DivSIOp)(_pattern)
    with pytest.raises(DuplicatePatternError, match="two patterns for 'arith.divsi'"):
        table.register(arith_ext.DivSIOp)(_other)


def test_union_rejects_an_op_in_two_tables() -> None:
    first = PatternTable[Pattern]("first", [(arith.AddiOp, _pattern)])
    second = PatternTable[Pattern]("second", [((arith.SubiOp, arith.AddiOp), _other)])
    with pytest.raises(DuplicatePatternError, match="both: two patterns for 'arith.addi'"):
        PatternTable.union("both", first, second)


def test_a_pattern_converts_subclasses_with_the_op_name_only() -> None:
    table = PatternTable[Pattern]("test", [(arith.DivSIOp, _pattern)])
    assert table.resolve(arith.DivSIOp) is _pattern
    assert table.resolve(arith_ext.DivSIOp) is _pattern

    class RenamedOp(arith_ext.DivSIOp):
        name = "test_fw.renamed_divsi"

    assert table.resolve(RenamedOp) is None


@pytest.mark.parametrize(
    "table", [PATTERNS, MODULE_PATTERNS, VMVX_PATTERNS], ids=["vm", "vm-module", "vmvx"]
)
def test_every_op_the_context_parses_finds_its_pattern(table: PatternTable[object]) -> None:
    """The class `pyvmvx-opt` parses each registered op name to (upstream or extended)."""
    ctx = make_context()
    for op_type, pattern in table.items():
        parsed = ctx.get_optional_op(op_type.name)
        assert parsed is not None, op_type.name
        assert table.resolve(parsed) is pattern, op_type.name


# ---------------------------------------------------------------------------
# The translator (`iree-vm-conversion`)
# ---------------------------------------------------------------------------


def test_patterns_for_new_op_classes_are_used() -> None:
    body = PatternTable[Pattern]("test_fw -> vm", [(DoubleOp, _double)])
    module_level = PatternTable[ModulePattern]("test_fw globals -> vm")
    module_level.register(ConstantGlobalOp)(_constant_global)
    module = _parse(SOURCE)
    convert_to_vm(
        module,
        patterns=PatternTable.union("test", PATTERNS, body),
        module_patterns=PatternTable.union("test", MODULE_PATTERNS, module_level),
    )
    assert _printed(module).splitlines()[2:6] == [
        "    vm.global.i32 @answer = 42 : i32",
        "    vm.func private @f(%x: i32) -> i32 {",
        "      %y = vm.add.i32 %x, %x : i32",
        "      vm.return %y : i32",
    ]


def test_an_op_without_a_pattern_fails_to_legalize_at_its_location() -> None:
    with pytest.raises(CompileError) as err:
        convert_to_vm(_parse(SOURCE.split("\n", 2)[2]))
    assert str(err.value) == (
        "test.mlir:2:3: error: 'test_fw.double' op iree-vm-conversion: "
        "failed to legalize operation 'test_fw.double'"
    )


def test_a_module_level_op_without_a_converter_fails_to_legalize() -> None:
    with pytest.raises(CompileError) as err:
        convert_to_vm(_parse(SOURCE))
    assert str(err.value) == (
        "test.mlir:2:1: error: 'test_fw.constant_global' op iree-vm-conversion: "
        "failed to legalize operation 'test_fw.constant_global'"
    )


# ---------------------------------------------------------------------------
# In-place conversion (`iree-vmvx-conversion`)
# ---------------------------------------------------------------------------


def test_in_place_patterns_for_new_op_classes_are_applied() -> None:
    def double_to_add(state: ConversionState, op: Operation) -> None:
        assert isinstance(op, DoubleOp)
        add = arith.AddiOp(op.input, op.input)
        Rewriter.insert_op(add, InsertPoint.before(op))
        state.replace(op, add.results)

    table = PatternTable[InPlacePattern]("test_fw -> arith", [(DoubleOp, double_to_add)])
    module = _parse(SOURCE.split("\n", 2)[2])
    ConversionState(table, convert_type).apply(module.walk())
    text = _printed(module)
    assert "arith.addi %x, %x : i32" in text
    assert "test_fw.double" not in text
