"""Compact splats in the compiler: splat literals parse to one element whatever their shape,
print as MLIR does, and reach the module file as splat data; every other dense literal parses
as xDSL parses it."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr
from xdsl.utils.exceptions import ParseError

from pyvmvx.compiler.driver import make_context, print_ir
from pyvmvx.ir.dense_splat import splat_count
from pyvmvx.ir.diagnostics import CompileError, LocatedParser
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.ops import MAX_ALLOCATION
from pyvmvx.target.vm_to_format import module_to_format
from pyvmvx.tools import pyvmvx_opt

HUGE = 300_000_000


def _constant(literal: str, type_: str) -> DenseIntOrFPElementsAttr:
    """The value of `arith.constant <literal> : <type_>`, parsed by pyvmvx's parser."""
    text = f"%0 = arith.constant {literal} : {type_}"
    module = LocatedParser(make_context(), text, "t.mlir").parse_module()
    (op,) = module.body.block.ops
    value = op.properties["value"]
    assert isinstance(value, DenseIntOrFPElementsAttr)
    return value


@pytest.mark.parametrize(
    ("literal", "shape", "element"),
    [
        ("dense<1.5>", f"{HUGE}", "f32"),
        ('dense<"0x0000C03F">', f"{HUGE}", "f32"),
        ("dense<-3>", "1000x1000x300", "i16"),
        ("dense<true>", f"{HUGE}", "i1"),
    ],
)
def test_splat_literals_parse_to_one_element(literal: str, shape: str, element: str) -> None:
    """The one element is what xDSL itself makes of the literal for a single element."""
    value = _constant(literal, f"tensor<{shape}x{element}>")
    assert value.data == _constant(literal, f"tensor<1x{element}>").data
    assert splat_count(value) == HUGE


@pytest.mark.parametrize(
    ("literal", "type_", "count"),
    [
        ("dense<[1.5, 1.5]>", "tensor<2xf32>", 2),
        ('dense<"0x0000C03F0000C03F">', "tensor<2xf32>", 2),
        ("dense<1.5>", "tensor<1xf32>", 1),
        ("dense<1.5>", "tensor<f32>", 1),
        ("dense<1.5>", "tensor<0xf32>", 0),
        ("dense<>", "tensor<0xf32>", 0),
    ],
)
def test_other_literals_hold_every_element(literal: str, type_: str, count: int) -> None:
    value = _constant(literal, type_)
    assert splat_count(value) is None and len(value) == count


def test_out_of_range_splat_is_a_located_error() -> None:
    with pytest.raises(ParseError, match=r"t\.mlir:1:(.|\n)*out of range for type i8"):
        _constant("dense<300>", "tensor<4xi8>")


def test_pyvmvx_opt_prints_a_huge_splat_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "splat.mlir"
    source.write_text(f"%0 = arith.constant dense<1.0> : tensor<{HUGE}xf32>\n")
    assert pyvmvx_opt.main([str(source)]) == 0
    assert f"dense<1.000000e+00> : tensor<{HUGE}xf32>" in capsys.readouterr().out


def _rodata(value: str) -> fmt.Data:
    text = f"vm.module @m {{\n  vm.rodata private @r {value}\n}}"
    module = LocatedParser(make_context(), text, "t.mlir").parse_module()
    (vm_module,) = module.body.block.ops
    (segment,) = module_to_format(vm_module).rodata  # type: ignore[arg-type]
    return segment.data


def test_splats_are_written_as_splat_data() -> None:
    assert _rodata(f"dense<7> : tensor<{HUGE}xi32>") == fmt.Splat(b"\x07\x00\x00\x00", 4 * HUGE)
    assert _rodata("dense<true> : tensor<9xi1>") == fmt.Splat(b"\x01", 9)
    assert _rodata("dense<[1, 2]> : tensor<2xi8>") == b"\x01\x02"


def test_a_splat_beyond_the_module_format_is_a_located_error() -> None:
    with pytest.raises(CompileError, match=r"t\.mlir:2:3: .*more than 1099511627776 bytes"):
        _rodata(f"dense<1> : tensor<{MAX_ALLOCATION + 1}xi8>")


def test_printing_keeps_the_splat() -> None:
    text = f"%0 = arith.constant dense<2> : tensor<{HUGE}xi32>"
    module = LocatedParser(make_context(), text, "t.mlir").parse_module()
    assert f"dense<2> : tensor<{HUGE}xi32>" in print_ir(module)


@pytest.mark.parametrize(
    ("literal", "type_", "expected"),
    [
        ("dense<0xFF800000>", "tensor<2xf32>", [float("-inf")]),
        ("dense<[0x7F800000, 1.5, 0x3F800000]>", "tensor<3xf32>", [float("inf"), 1.5, 1.0]),
        ("dense<0x3C00>", "tensor<1xf16>", [1.0]),
        ("dense<0xBFF0000000000000>", "tensor<1xf64>", [-1.0]),
        ("dense<0x3F80>", "tensor<1xbf16>", [1.0]),
        ("dense<[0x10, 7]>", "tensor<2xi32>", [16, 7]),
    ],
)
def test_hex_elements_of_float_tensors_are_bit_patterns(
    literal: str, type_: str, expected: list[float]
) -> None:
    assert _constant(literal, type_).get_values() == tuple(expected)


def test_a_hex_element_wider_than_its_float_type_is_a_located_error() -> None:
    text = "%0 = arith.constant dense<0xFF800000> : tensor<2xf16>"
    with pytest.raises(ParseError, match="does not fit f16"):
        LocatedParser(make_context(), text, "t.mlir").parse_module()
