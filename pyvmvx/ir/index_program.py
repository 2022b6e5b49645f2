"""Index computations written as the runtime's postfix index programs
(`pyvmvx.runtime.modules.workgroup_count`): how the module file tells the runtime to compute a
dispatch's workgroup count from its workload, and the workload from the push constants.

`index_program(value, leaf)` writes the program of a 64-bit (`index` or `i64`) value computed
by `arith` integer ops and single-result `affine.apply`s from the values `leaf` names. A
32-bit value (a leaf or an `i32` constant, held as its unsigned pattern) may only be widened
(`index_cast`/`extsi` sign-extend, `index_castui`/`extui` zero-extend); any other op, or
arithmetic on narrower values, makes it None.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import affine, arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

from pyvmvx.runtime.vm.ints import wrap_int

Leaf = Callable[[SSAValue], str | None]

ARITH_TOKENS = {
    "arith.addi": "add",
    "arith.subi": "sub",
    "arith.muli": "mul",
    "arith.andi": "and",
    "arith.ori": "or",
    "arith.xori": "xor",
    "arith.minsi": "mins",
    "arith.maxsi": "maxs",
    "arith.minui": "minu",
    "arith.maxui": "maxu",
    "arith.divsi": "divs",
    "arith.divui": "divu",
    "arith.remsi": "rems",
    "arith.remui": "remu",
    "arith.floordivsi": "floordivs",
    "arith.ceildivsi": "ceildivs",
    "arith.ceildivui": "ceildivu",
    "arith.shli": "shl",
    "arith.shrsi": "shrs",
    "arith.shrui": "shru",
}
AFFINE_TOKENS = {
    AffineBinaryOpKind.Add: "add",
    AffineBinaryOpKind.Mul: "mul",
    AffineBinaryOpKind.Mod: "mod",
    AffineBinaryOpKind.FloorDiv: "floordivs",
    AffineBinaryOpKind.CeilDiv: "ceildivs",
}
"""The runtime's binary operation for each `arith` op and affine expression kind."""
_SIGN_EXTENDING = ("arith.index_cast", "arith.extsi")
_ZERO_EXTENDING = ("arith.index_castui", "arith.extui")


def index_program(value: SSAValue, leaf: Leaf) -> str | None:
    """The postfix program computing the 64-bit `value` from the leaves, else None."""
    return _program(value, leaf, 64)


def _bits(attr: Attribute) -> int | None:
    if isinstance(attr, IndexType):
        return 64
    return attr.width.data if isinstance(attr, IntegerType) else None


def _program(value: SSAValue, leaf: Leaf, bits: int) -> str | None:
    if _bits(value.type) != bits:
        return None
    if (name := leaf(value)) is not None:
        return name
    op = value.owner
    if not isinstance(op, Operation):
        return None
    if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
        return str(wrap_int(op.value.value.data, bits, signed=bits == 64))
    if bits != 64:
        return None
    if op.name in ARITH_TOKENS:
        lhs, rhs = (_program(v, leaf, 64) for v in op.operands)
        return None if lhs is None or rhs is None else f"{lhs} {rhs} {ARITH_TOKENS[op.name]}"
    if op.name in _SIGN_EXTENDING + _ZERO_EXTENDING:
        source = op.operands[0]
        source_bits = _bits(source.type)
        inner = _program(source, leaf, source_bits) if source_bits in (32, 64) else None
        if inner is None or source_bits == 64 or op.name in _ZERO_EXTENDING:
            return inner
        return f"{inner} sext32"
    if isinstance(op, affine.ApplyOp) and len(op.map.data.results) == 1:
        operands = [_program(v, leaf, 64) for v in op.mapOperands]
        if any(o is None for o in operands):
            return None
        return _affine(op.map.data.results[0], op.map.data.num_dims, operands)
    return None


def _affine(expr: AffineExpr, num_dims: int, operands: list[str | None]) -> str | None:
    if isinstance(expr, AffineDimExpr):
        return operands[expr.position]
    if isinstance(expr, AffineSymExpr):
        return operands[num_dims + expr.position]
    if isinstance(expr, AffineConstantExpr):
        return str(expr.value)
    if isinstance(expr, AffineBinaryOpExpr):
        lhs = _affine(expr.lhs, num_dims, operands)
        rhs = _affine(expr.rhs, num_dims, operands)
        return None if lhs is None or rhs is None else f"{lhs} {rhs} {AFFINE_TOKENS[expr.kind]}"
    return None
