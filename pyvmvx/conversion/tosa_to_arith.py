"""`tosa.apply_scale` -> arith for `iree-vmvx-conversion` (MLIR's TosaToArith rescale patterns).

IREE's VMVX conversion adds `populateTosaRescaleToArithConversionPatterns` without its 32-bit
variant, so `tosa.apply_scale %value, %multiplier, %shift` becomes MLIR's 64-bit-widened form
(`ApplyScaleGenericOpConverter`), elementwise (vectors lane by lane):

    product = sext64(value) * sext64(multiplier) + ((1 << shift) >> 1)
    DOUBLE_ROUND, shift > 31:  product += value >= 0 ? 1 << 30 : -(1 << 30)
    result = trunc(product >>s shift)

`SINGLE_ROUND` and `INEXACT_ROUND` (which allows any rounding) take the single rounding. The
shift (i8 in MLIR 3.13's TOSA) is zero-extended, as in MLIR. Where MLIR always truncates to
i32, an i64 result keeps the 64-bit value (MLIR's pattern would build invalid IR). Signed or
unsigned integer types, which `arith` cannot take, tensors and scalable vectors are left
illegal, a located error.
"""

from __future__ import annotations

from itertools import product

from xdsl.dialects import arith, tosa, vector
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    VectorType,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.conversion.framework import ConversionState, InPlacePattern, PatternTable
from pyvmvx.dialects.upstream_ext.tosa import ApplyScaleOp


def _element(type_: Attribute) -> Attribute:
    return type_.get_element_type() if isinstance(type_, VectorType) else type_


class _Builder:
    """Inserts scalar arith ops before one op."""

    def __init__(self, op: Operation) -> None:
        self.point = InsertPoint.before(op)

    def add(self, op: Operation) -> SSAValue:
        Rewriter.insert_op(op, self.point)
        return op.results[0]

    def constant(self, value: int, type_: IntegerType) -> SSAValue:
        return self.add(arith.ConstantOp(IntegerAttr(value, type_)))

    def extend(self, value: SSAValue, type_: IntegerType, signed: bool) -> SSAValue:
        if value.type == type_:
            return value
        cast = arith.ExtSIOp if signed else arith.ExtUIOp
        return self.add(cast(value, type_))

    def compare(self, predicate: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
        return self.add(arith.CmpiOp(lhs, rhs, predicate))


def _scale(
    b: _Builder,
    value: SSAValue,
    multiplier: SSAValue,
    shift: SSAValue,
    double_round: bool,
    output_type: IntegerType,
) -> SSAValue:
    """MLIR's 64-bit apply_scale on scalars (the module docstring)."""
    shift32 = b.extend(shift, i32, signed=False)
    shift64 = b.extend(shift32, i64, signed=False)
    one = b.constant(1, i64)
    wide = b.add(
        arith.MuliOp(b.extend(value, i64, signed=True), b.extend(multiplier, i64, signed=True))
    )
    half = b.add(arith.ShRUIOp(b.add(arith.ShLIOp(one, shift64)), one))
    wide = b.add(arith.AddiOp(wide, half))
    if double_round:
        assert isinstance(value.type, IntegerType)
        positive = b.compare("sge", value, b.constant(0, value.type))
        direction = b.add(
            arith.SelectOp(positive, b.constant(1 << 30, i64), b.constant(-(1 << 30), i64))
        )
        doubled = b.add(arith.AddiOp(direction, wide))
        large_shift = b.compare("sgt", shift32, b.constant(31, i32))
        wide = b.add(arith.SelectOp(large_shift, doubled, wide))
    result = b.add(arith.ShRSIOp(wide, shift64))
    if output_type != i64:
        result = b.add(arith.TruncIOp(result, output_type))
    return result


def expand_scalar(op: ApplyScaleOp) -> bool:
    """Replace `op`, if it is on signless integer scalars, by its arith form (the same as
    `iree-vmvx-conversion`'s), for passes that lower arith earlier: the elementwise `ex`
    lowering of linalg bodies. Returns whether it did."""
    types = [v.type for v in (op.value, op.multiplier, op.shift, op.output)]
    if not all(
        isinstance(t, IntegerType) and t.signedness.data == Signedness.SIGNLESS for t in types
    ):
        return False
    output_type = op.output.type
    assert isinstance(output_type, IntegerType)
    double_round = op.rounding_mode.data == tosa.RoundingMode.DOUBLE_ROUND
    b = _Builder(op)
    result = _scale(b, op.value, op.multiplier, op.shift, double_round, output_type)
    Rewriter.replace_op(op, [], [result])
    return True


def _apply_scale(state: ConversionState, op: Operation) -> None:
    """Scalars directly; vectors lane by lane (`vector.extract`, scalar form, `vector.insert`
    into a zero vector), as xDSL's `arith` casts take scalars only."""
    assert isinstance(op, ApplyScaleOp)
    operands = (op.value, op.multiplier, op.shift)
    for value in (*operands, op.output):
        element = _element(value.type)
        if not isinstance(element, IntegerType) or element.signedness.data != Signedness.SIGNLESS:
            state.fail(
                op,
                f"tosa.apply_scale on {value.type}: only signless integers (and vectors of "
                "them) lower to arith",
            )
            return
    output_type = _element(op.output.type)
    assert isinstance(output_type, IntegerType)
    double_round = op.rounding_mode.data == tosa.RoundingMode.DOUBLE_ROUND
    b = _Builder(op)
    vector_type = op.output.type
    if not isinstance(vector_type, VectorType):
        state.replace(op, [_scale(b, *operands, double_round, output_type)])
        return
    if vector_type.get_num_scalable_dims():
        state.fail(
            op, f"tosa.apply_scale on {vector_type}: scalable vectors have no lanes to unroll"
        )
        return
    zero = DenseIntOrFPElementsAttr.from_list(vector_type, [0])
    result = b.add(arith.ConstantOp(zero, vector_type))
    for lane in product(*(range(size) for size in vector_type.get_shape())):
        lanes = [b.add(vector.ExtractOp(x, list(lane), _element(x.type))) for x in operands]
        scaled = _scale(b, *lanes, double_round, output_type)
        result = b.add(vector.InsertOp(scaled, result, list(lane), vector_type))
    state.replace(op, [result])


PATTERNS = PatternTable[InPlacePattern]("tosa -> arith", [(ApplyScaleOp, _apply_scale)])
