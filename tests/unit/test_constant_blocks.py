"""Compile-time evaluation of `hal.executable.constant.block`s."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyvmvx.compiler.driver import make_context, parse, prepare_executables
from pyvmvx.dialects import hal
from pyvmvx.ir.diagnostics import CompileError
from pyvmvx.target.constant_blocks import evaluate_block, executable_constants

I32 = st.integers(-(1 << 31), (1 << 31) - 1)


def _variant(blocks: str) -> hal.ExecutableVariantOp:
    text = f"hal.executable.source public @e {{\n{blocks}\n}}\n"
    module = parse(make_context(), text, "blocks.mlir")
    prepare_executables(module, "none")
    (executable,) = module.body.block.ops
    assert isinstance(executable, hal.ExecutableOp)
    return executable.variants[0]


def _value(body: str, result: str = "%r") -> int:
    """The uint32 value of a block with body `body` returning `result`."""
    variant = _variant(
        f'hal.executable.constant.block() -> i32 as "k" {{\n{body}\nhal.return {result} : i32\n}}'
    )
    (value,) = evaluate_block(variant.constant_blocks[0])
    return value


def _u32(value: int) -> int:
    return value & 0xFFFFFFFF


def _binary(op: str, a: int, b: int, kind: str = "i32") -> int:
    return _value(
        f"%a = arith.constant {a} : {kind}\n%b = arith.constant {b} : {kind}\n"
        f"%x = arith.{op} %a, %b : {kind}\n"
        + (
            "%r = arith.index_cast %x : index to i32"
            if kind == "index"
            else "%r = arith.addi %x, %x : i32"
        ),
    )


@settings(max_examples=25, deadline=None)
@given(I32, I32)
def test_wrapping_arithmetic(a: int, b: int) -> None:
    assert _binary("addi", a, b) == _u32(2 * (a + b))
    assert _binary("muli", a, b) == _u32(2 * a * b)
    assert _binary("xori", a, b) == _u32(2 * (a ^ b))


@settings(max_examples=25, deadline=None)
@given(I32, I32.filter(lambda b: b != 0))
def test_divisions_truncate_or_round_as_named(a: int, b: int) -> None:
    quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
    assert _binary("divsi", a, b) == _u32(2 * quotient)
    assert _binary("remsi", a, b) == _u32(2 * (a - quotient * b))
    assert _binary("floordivsi", a, b) == _u32(2 * (a // b))
    assert _binary("ceildivsi", a, b) == _u32(2 * -(-a // b))
    assert _binary("divui", a, b) == _u32(2 * (_u32(a) // _u32(b)))
    assert _binary("remui", a, b) == _u32(2 * (_u32(a) % _u32(b)))


def test_index_arithmetic_is_64_bit() -> None:
    assert _binary("muli", 1 << 20, 1 << 20, "index") == 0  # 2**40, truncated by index_cast
    assert _binary("subi", 3, 5, "index") == _u32(-2)


def test_compares_selects_casts_and_bitcasts() -> None:
    body = """
%a = arith.constant -1 : i32
%b = arith.constant 1 : i32
%slt = arith.cmpi slt, %a, %b : i32
%ult = arith.cmpi ult, %a, %b : i32
%s = arith.select %slt, %a, %b : i32
%u = arith.select %ult, %a, %b : i32
%w = arith.extsi %s : i32 to i64
%z = arith.extui %u : i32 to i64
%sum = arith.addi %w, %z : i64
%r0 = arith.trunci %sum : i64 to i32
%f = arith.constant 1.5 : f32
%bits = arith.bitcast %f : f32 to i32
%small = arith.constant 3 : i32
%shifted = arith.shrui %a, %small : i32
%m = arith.maxui %shifted, %bits : i32
%r1 = arith.subi %m, %r0 : i32
%r = arith.minsi %r1, %a : i32
"""
    # s = -1 (slt true), u = 1 (ult false): sum = 0; bits(1.5) = 0x3FC00000 > 0x1FFFFFFF.
    assert _value(body, "%r1") == 0x3FC00000
    assert _value(body, "%r") == _u32(-1)


def test_ordinals_follow_keys_across_blocks() -> None:
    variant = _variant(
        """
hal.executable.constant.block(%d: !hal.device) -> (i32, i32) as ("a", "b") {
  %x = arith.constant 10 : i32
  %y = arith.constant -20 : i32
  hal.return %x, %y : i32, i32
}
hal.executable.constant.block() -> i32 as "c" {
  %z = arith.constant 30 : i32
  hal.return %z : i32
}
"""
    )
    assert executable_constants(variant) == (10, _u32(-20), 30)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "%x = util.optimization_barrier %d : !hal.device\n"
            "%c = arith.constant 1 : i32\nhal.return %c : i32",
            "'util.optimization_barrier' op is not a pure constant computation pyvmvx can "
            "evaluate at compile time: it uses the device",
        ),
        (
            "%a = arith.constant 1 : i32\n%z = arith.constant 0 : i32\n"
            "%q = arith.divsi %a, %z : i32\nhal.return %q : i32",
            "blocks.mlir:5:1: error: 'arith.divsi' op divides by zero",
        ),
        (
            "%a = arith.constant 1 : i32\n%s = arith.constant 32 : i32\n"
            "%q = arith.shli %a, %s : i32\nhal.return %q : i32",
            "shifts by the bit width",
        ),
        (
            "%f = arith.constant 1.0 : f32\n%g = arith.addf %f, %f : f32\n"
            "%q = arith.bitcast %g : f32 to i32\nhal.return %q : i32",
            "'arith.addf' op is not a pure constant computation",
        ),
    ],
)
def test_non_constant_blocks_are_located_errors(body: str, message: str) -> None:
    variant = _variant(
        f'hal.executable.constant.block(%d: !hal.device) -> i32 as "k" {{\n{body}\n}}'
    )
    with pytest.raises(CompileError, match=message):
        executable_constants(variant)
