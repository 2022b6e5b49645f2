"""affine.apply/min/max -> vm (the affine-to-std patterns IREE's VM conversion includes).

Each map result is evaluated with index-typed VM integer ops. `mod` is the non-negative
remainder and `floordiv`/`ceildiv` round toward minus/plus infinity, as affine defines
them (also for semi-affine maps with non-constant divisors).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import affine
from xdsl.dialects.builtin import AffineMapAttr
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.arith import ceil_div, compare_int, floor_div, select
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, Pattern, type_suffix
from pyvmvx.dialects.upstream_ext.affine import MaxOp


def _evaluate(
    rw: ConversionRewriter, expr: AffineExpr, dims: Sequence[SSAValue], symbols: Sequence[SSAValue]
) -> SSAValue:
    if isinstance(expr, AffineConstantExpr):
        return rw.const_int(expr.value, rw.types.index_type)
    if isinstance(expr, AffineDimExpr):
        return dims[expr.position]
    if isinstance(expr, AffineSymExpr):
        return symbols[expr.position]
    assert isinstance(expr, AffineBinaryOpExpr)
    lhs = _evaluate(rw, expr.lhs, dims, symbols)
    rhs = _evaluate(rw, expr.rhs, dims, symbols)
    t = type_suffix(lhs.type)
    match expr.kind:
        case AffineBinaryOpKind.Add:
            return rw.emit_value(f"vm.add.{t}", [lhs, rhs], lhs.type)
        case AffineBinaryOpKind.Mul:
            return rw.emit_value(f"vm.mul.{t}", [lhs, rhs], lhs.type)
        case AffineBinaryOpKind.FloorDiv:
            return floor_div(rw, lhs, rhs)
        case AffineBinaryOpKind.CeilDiv:
            return ceil_div(rw, lhs, rhs)
        case AffineBinaryOpKind.Mod:
            remainder = rw.emit_value(f"vm.rem.{t}.s", [lhs, rhs], lhs.type)
            negative = compare_int(rw, "slt", remainder, rw.const_int(0, lhs.type))
            wrapped = rw.emit_value(f"vm.add.{t}", [remainder, rhs], lhs.type)
            return select(rw, negative, wrapped, remainder)


def _results(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    affine_map = op.properties["map"]
    assert isinstance(affine_map, AffineMapAttr)
    num_dims = affine_map.data.num_dims
    dims, symbols = operands[:num_dims], operands[num_dims:]
    return [_evaluate(rw, expr, dims, symbols) for expr in affine_map.data.results]


def _apply(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    return _results(rw, op, operands)


def _extremum(kind: str) -> Pattern:
    """affine.min/max: the signed minimum/maximum over the map's results."""

    def convert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
        values = _results(rw, op, operands)
        result = values[0]
        for value in values[1:]:
            mnemonic = f"vm.{kind}.{type_suffix(result.type)}.s"
            result = rw.emit_value(mnemonic, [result, value], result.type)
        return [result]

    return convert


PATTERNS = PatternTable[Pattern](
    "affine -> vm",
    [(affine.ApplyOp, _apply), (affine.MinOp, _extremum("min")), (MaxOp, _extremum("max"))],
)
