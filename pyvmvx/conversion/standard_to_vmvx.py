"""IREE's `StandardToVMVX` patterns for `iree-vmvx-conversion`.

- `memref.collapse_shape`/`memref.expand_shape` between memrefs that both become
  `!util.buffer` fold away: buffers are untyped bytes, so the reshape is the same buffer.
- A one-to-one `builtin.unrealized_conversion_cast` whose converted input already has the
  result type is removed (a cast left by an earlier partial lowering).
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.ir import Operation

from pyvmvx.conversion.framework import ConversionState, InPlacePattern, PatternTable
from pyvmvx.conversion.memref_to_util import forward_operand


def _remove_identity_cast(state: ConversionState, op: Operation) -> None:
    if len(op.operands) != 1 or len(op.results) != 1:
        state.fail(op, "only a one-to-one cast can be removed")
        return
    source = state.remapped(op.operands[0], op)
    if source.type != op.results[0].type:
        state.fail(op, f"the converted input {source.type} is not of the result type")
        return
    state.replace(op, [source])


PATTERNS = PatternTable[InPlacePattern](
    "standard -> vmvx",
    [
        ((memref.CollapseShapeOp, memref.ExpandShapeOp), forward_operand),
        (UnrealizedConversionCastOp, _remove_identity_cast),
    ],
)
