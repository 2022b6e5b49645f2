"""Compile-time evaluation of `hal.executable.constant.block`s.

IREE runs a variant's constant blocks on the host when it creates the executable (they may
query the device) and passes the i32 results to the loader. pyvmvx has no host program yet, so
the compiler evaluates them: a block must be a pure integer computation over `arith` ops
(constants, wrap-around arithmetic, divisions, shifts, bitwise ops, min/max, compares,
selects, casts and the f32/i32 bitcast) ending in `hal.return`. Anything else — a use of the
device argument, another op, control flow, a division by zero — is a located `CompileError`.

`executable_constants(variant)` returns the values by constant ordinal (the order of
`ExecutableVariantOp.constant_ordinals`), as uint32 bit patterns. `evaluate_region` is the same
evaluation for any such region (the driver uses it on constant workgroup-count regions).
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from xdsl.dialects.builtin import (
    Float32Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
)
from xdsl.ir import Attribute, Operation, Region, SSAValue

from pyvmvx.dialects import hal
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.runtime.vm.ints import wrap_int

Value = int | float
"""An integer as its unsigned bit pattern for its width, or an f32/f64 value."""

_UNSUPPORTED = "is not a pure constant computation pyvmvx can evaluate at compile time"


def executable_constants(variant: hal.ExecutableVariantOp) -> tuple[int, ...]:
    """The variant's executable constants by ordinal, evaluated at compile time (a key given
    by several blocks keeps its first value, as it keeps its first ordinal)."""
    ordinals = variant.constant_ordinals()
    values = [0] * (max(ordinals.values(), default=-1) + 1)
    assigned: set[str] = set()
    for block in variant.constant_blocks:
        for key, value in zip(block.key_names, evaluate_block(block), strict=True):
            if key not in assigned:
                assigned.add(key)
                values[ordinals[key]] = value
    return tuple(values)


def evaluate_block(block: hal.ExecutableConstantBlockOp) -> tuple[int, ...]:
    """The i32 results of one constant block as uint32 bit patterns."""
    return tuple(wrap_int(value, 32, signed=False) for value in evaluate_region(block, block.body))


def evaluate_region(owner: Operation, region: Region) -> tuple[int, ...]:
    """The integer operands of the `hal.return` ending a single-block region of pure integer
    computation, as unsigned bit patterns of their types."""
    if len(region.blocks) != 1:
        raise op_error(owner, "must have a single-block body to be evaluated at compile time")
    env: dict[SSAValue, Value] = {}
    for op in region.block.ops:
        if op.name == "hal.return":
            return tuple(int(_get(env, op, v)) for v in op.operands)
        results = _evaluate(op, [_get(env, op, v) for v in op.operands])
        env.update(zip(op.results, results, strict=True))
    raise op_error(owner, "has no hal.return")


def _get(env: dict[SSAValue, Value], op: Operation, value: SSAValue) -> Value:
    if value not in env:
        raise op_error(op, f"{_UNSUPPORTED}: it uses the device or a value defined elsewhere")
    return env[value]


def _width(op: Operation, attr: Attribute) -> int:
    if isinstance(attr, IntegerType):
        return attr.width.data
    if isinstance(attr, IndexType):
        return 64
    raise op_error(op, f"{_UNSUPPORTED}: type {attr} is not an integer")


def _evaluate(op: Operation, args: list[Value]) -> list[Value]:
    if op.name == "arith.constant":
        value = op.properties.get("value")
        if isinstance(value, IntegerAttr):
            bits = _width(op, value.type)
            return [wrap_int(value.value.data, bits, signed=False)]
        if isinstance(value, FloatAttr):
            return [float(value.value.data)]
        raise op_error(op, f"{_UNSUPPORTED}: constant {value}")
    if op.name == "arith.bitcast":
        return [_bitcast(op, args[0])]
    if len(op.results) != 1:
        raise op_error(op, _UNSUPPORTED)
    result_bits = _width(op, op.results[0].type)
    operand_bits = _width(op, op.operands[0].type) if op.operands else result_bits
    ints = [int(a) for a in args]
    signed = [wrap_int(a, operand_bits) for a in ints]
    if op.name in _BINARY:
        result = _BINARY[op.name](op, ints, signed, operand_bits)
        return [wrap_int(result, result_bits, signed=False)]
    if op.name == "arith.cmpi":
        return [_compare(op, ints, signed)]
    if op.name == "arith.select":
        return [ints[1] if ints[0] else ints[2]]
    if op.name in ("arith.index_cast", "arith.extsi"):
        return [wrap_int(signed[0], result_bits, signed=False)]
    if op.name in ("arith.index_castui", "arith.extui", "arith.trunci"):
        return [wrap_int(ints[0], result_bits, signed=False)]
    raise op_error(op, _UNSUPPORTED)


def _bitcast(op: Operation, value: Value) -> Value:
    source, target = op.operands[0].type, op.results[0].type
    if isinstance(source, Float32Type) and target == IntegerType(32):
        return struct.unpack("<I", struct.pack("<f", float(value)))[0]
    if source == IntegerType(32) and isinstance(target, Float32Type):
        return struct.unpack("<f", struct.pack("<I", int(value)))[0]
    raise op_error(op, f"{_UNSUPPORTED}: bitcast from {source} to {target}")


def _div(kind: str) -> Callable[[Operation, list[int], list[int], int], int]:
    def evaluate(op: Operation, ints: list[int], signed: list[int], bits: int) -> int:
        a, b = ints if kind in ("divui", "remui", "ceildivui") else signed
        if b == 0:
            raise op_error(op, "divides by zero while evaluating an executable constant")
        quotient = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # truncating
        if kind in ("divsi", "divui"):
            return quotient
        if kind in ("remsi", "remui"):
            return a - quotient * b
        if kind == "floordivsi":
            return a // b
        return -(-a // b)  # ceildivsi, ceildivui

    return evaluate


def _shift(kind: str) -> Callable[[Operation, list[int], list[int], int], int]:
    def evaluate(op: Operation, ints: list[int], signed: list[int], bits: int) -> int:
        amount = ints[1]
        if amount >= bits:
            raise op_error(op, "shifts by the bit width or more (poison) in an executable constant")
        if kind == "shli":
            return ints[0] << amount
        return (signed[0] if kind == "shrsi" else ints[0]) >> amount

    return evaluate


_BINARY: dict[str, Callable[[Operation, list[int], list[int], int], int]] = {
    "arith.addi": lambda op, i, s, b: i[0] + i[1],
    "arith.subi": lambda op, i, s, b: i[0] - i[1],
    "arith.muli": lambda op, i, s, b: i[0] * i[1],
    "arith.andi": lambda op, i, s, b: i[0] & i[1],
    "arith.ori": lambda op, i, s, b: i[0] | i[1],
    "arith.xori": lambda op, i, s, b: i[0] ^ i[1],
    "arith.maxsi": lambda op, i, s, b: max(s),
    "arith.minsi": lambda op, i, s, b: min(s),
    "arith.maxui": lambda op, i, s, b: max(i),
    "arith.minui": lambda op, i, s, b: min(i),
    **{
        f"arith.{kind}": _div(kind)
        for kind in ("divsi", "divui", "remsi", "remui", "floordivsi", "ceildivsi", "ceildivui")
    },
    **{f"arith.{kind}": _shift(kind) for kind in ("shli", "shrsi", "shrui")},
}

# arith.cmpi predicates by number: eq ne slt sle sgt sge ult ule ugt uge
_PREDICATES: tuple[Callable[[int, int], bool], ...] = (
    lambda a, b: a == b,
    lambda a, b: a != b,
    lambda a, b: a < b,
    lambda a, b: a <= b,
    lambda a, b: a > b,
    lambda a, b: a >= b,
)


def _compare(op: Operation, ints: list[int], signed: list[int]) -> int:
    predicate = op.properties["predicate"]
    assert isinstance(predicate, IntegerAttr)
    number = predicate.value.data
    if number < 2:
        return int(_PREDICATES[number](ints[0], ints[1]))
    if number < 6:
        return int(_PREDICATES[number](signed[0], signed[1]))
    return int(_PREDICATES[number - 4](ints[0], ints[1]))
