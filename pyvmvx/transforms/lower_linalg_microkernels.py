"""`iree-vmvx-lower-linalg-microkernels`: elementwise linalg ops on buffers become
`vmvx.get_buffer_descriptor` + `vmvx.binary` / `vmvx.unary` / `vmvx.copy` / `vmvx.fill2d`.

IREE's patterns (`compiler/src/iree/compiler/Codegen/VMVX/VMVXLowerLinalgMicrokernels.cpp`),
for linalg ops on memrefs whose loops are all parallel:
- binary: the body is one op plus a yield of its result, the op's two operands are block
  arguments (possibly the same one, possibly an `outs` argument), and the op is one of the
  14 arith ops of `_BINARY_OPCODES` with a 32-bit result; LHS/RHS are the buffers of its
  operands, OUT is `outs[0]`;
- unary: the same with one operand and one of the 8 ops of `_UNARY_OPCODES`;
- copy: the body only yields block arguments; one `vmvx.copy` per yielded value, of any
  VMVX element type;
- `linalg.fill` of a rank-2 memref whose inner dim is contiguous, with a 32-bit scalar:
  `vmvx.fill2d` with the outer stride as row stride. The scalar must have the buffer's
  element type (IREE does not check; a mismatch means a conversion that fill2d would not
  do).
Every indexing map must be a projected permutation and the loop rank at most 2. Each
operand's strides are permuted into loop order (stride 0 for a loop dim it does not use:
broadcast), then strides are left-padded to rank 2 with 0 and sizes with 1. Descriptors go
right after the buffer's definition, as IREE puts them, one per distinct buffer of the op
(IREE makes one per operand and leaves the duplicates to CSE).

Differences from IREE:
- Sizes are in loop order (each loop dim's size taken from an output, else an input, that
  indexes with it). IREE passes the output buffer's sizes unpermuted, which pairs sizes
  and strides wrongly for a transposed output map of a non-square shape.
- Any xDSL linalg op on buffers with a body and indexing maps is matched by the same rules,
  so named ops lower without generalization: `linalg.copy`, `linalg.transpose`,
  `linalg.broadcast` (copies), `linalg.add`/`sub`/`mul` (binary), `linalg.exp`/`log`
  (unary), as xDSL defines them. Every operand involved must have the op's element type
  (named ops may otherwise imply casts that their xDSL bodies do not show).
- A copy may yield an `outs` block argument (IREE indexes the inputs out of range).

With `warn-on-unconverted`, each linalg op left (rank > 2, reductions, unmapped ops, ...)
gets IREE's warning on stderr, located at the op, with a note showing the op.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from io import StringIO

from xdsl.context import Context
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import MemRefType, ModuleOp, f32, i32
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp, ReduceOp, YieldOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.printer import Printer

from pyvmvx.dialects.vmvx import (
    ELEMENT_TYPES,
    BinaryOp,
    CopyOp,
    Fill2DOp,
    UnaryOp,
)
from pyvmvx.ir.diagnostics import op_diagnostic
from pyvmvx.ir.memref_layout import strided_layout
from pyvmvx.transforms.ukernel_calls import Emitter, Operand, Structured, loop_sizes

_BINARY_OPCODES: dict[type[Operation], str] = {
    arith.AddfOp: "add",
    arith.AddiOp: "add",
    arith.AndIOp: "and",
    arith.DivfOp: "div",
    arith.DivSIOp: "divs",
    arith.DivUIOp: "divu",
    arith.MulfOp: "mul",
    arith.MuliOp: "mul",
    arith.OrIOp: "or",
    arith.ShLIOp: "shl",
    arith.ShRSIOp: "shrs",
    arith.XOrIOp: "xor",
    arith.SubfOp: "sub",
    arith.SubiOp: "sub",
}
"""IREE's binary table (`arith.shrui`, min/max, rem, ... are not mapped)."""

_UNARY_OPCODES: dict[type[Operation], str] = {
    math.AbsFOp: "abs",
    math.CeilOp: "ceil",
    math.CountLeadingZerosOp: "ctlz",
    math.ExpOp: "exp",
    math.FloorOp: "floor",
    math.LogOp: "log",
    arith.NegfOp: "neg",
    math.RsqrtOp: "rsqrt",
}

_X32_TYPES: tuple[Attribute, ...] = (i32, f32)
"""The element types of the binary, unary and fill ukernels."""

WARNING = (
    "Linalg op not converted to microkernel and will be implemented with fallback scalar loops"
)


def _opcode(table: dict[type[Operation], str], op: Operation) -> str | None:
    for cls in type(op).__mro__:
        if cls in table:
            return table[cls]
    return None


def _element_type(value: SSAValue) -> Attribute | None:
    return value.type.element_type if isinstance(value.type, MemRefType) else None


# ---------------------------------------------------------------------------------------
# Matching: a plan of ukernel calls, built without touching the IR
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One ukernel call: `opcode` None is a copy; `inputs` are 1 (unary, copy) or 2."""

    opcode: str | None
    element_type: Attribute
    inputs: tuple[Operand, ...]
    output: Operand


def _same_types(element_type: Attribute, operands: Sequence[Operand]) -> bool:
    return all(_element_type(o.value) == element_type for o in operands)


def _compute_call(view: Structured, compute: Operation) -> Call | None:
    """The binary or unary call for a body `compute op; yield result`."""
    count = len(compute.operands)
    table = {1: _UNARY_OPCODES, 2: _BINARY_OPCODES}.get(count)
    opcode = None if table is None else _opcode(table, compute)
    if opcode is None or len(compute.results) != 1 or view.num_outputs != 1:
        return None
    element_type = compute.results[0].type
    inputs = [view.operand_of(arg) for arg in compute.operands]
    if element_type not in _X32_TYPES or None in inputs:
        return None
    call = Call(opcode, element_type, tuple(o for o in inputs if o is not None), view.output(0))
    return call if _same_types(element_type, [*call.inputs, call.output]) else None


def _copy_calls(view: Structured, yielded: Sequence[SSAValue]) -> list[Call] | None:
    """One copy per yielded block argument."""
    calls: list[Call] = []
    for index, value in enumerate(yielded):
        source, output = view.operand_of(value), view.output(index)
        element_type = _element_type(output.value)
        if source is None or element_type not in ELEMENT_TYPES:
            return None
        if not _same_types(element_type, [source]):
            return None
        calls.append(Call(None, element_type, (source,), output))
    return calls


def _calls(view: Structured) -> list[Call] | None:
    *body, terminator = view.body.ops
    if not isinstance(terminator, YieldOp):
        return None
    if not body:
        return _copy_calls(view, terminator.operands)
    if len(body) != 1 or tuple(terminator.operands) != tuple(body[0].results):
        return None
    call = _compute_call(view, body[0])
    return None if call is None else [call]


# ---------------------------------------------------------------------------------------
# Emission
# ---------------------------------------------------------------------------------------


class _Emitter(Emitter):
    """The emitter of IREE's vmvx ops."""

    def call(self, call: Call, rank: int, sizes: Sequence[SSAValue]) -> Operation:
        ins = [self.strided(o, rank) for o in call.inputs]
        out = self.strided(call.output, rank)
        if call.opcode is None:
            return CopyOp(call.element_type, ins[0], out, sizes)
        if len(ins) == 2:
            return BinaryOp(call.opcode, call.element_type, ins[0], ins[1], out, sizes)
        return UnaryOp(call.opcode, call.element_type, ins[0], out, sizes)


class LowerElementwise(RewritePattern):
    """Binary, unary and copy linalg ops (generic or named) to vmvx ops."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        view = Structured.of(op)
        calls = None if view is None else _calls(view)
        if view is None or not calls:
            return
        if not all(m.is_projected_permutation() for m in view.maps):
            return
        rank = view.maps[0].num_dims
        if rank > 2:
            return
        involved = [o for c in calls for o in (c.output, *c.inputs)]
        found = loop_sizes(involved, rank)
        if found is None:
            return
        emitter = _Emitter(rewriter, op)
        sizes = emitter.sizes(found)
        for call in calls:
            emitter.insert(emitter.call(call, rank, sizes))
        rewriter.erase(op)


class LowerFill(RewritePattern):
    """`linalg.fill` of a rank-2 buffer with contiguous rows and a 32-bit scalar."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, FillOp) or op.res or len(op.outputs) != 1:
            return
        out = op.outputs[0]
        scalar = op.inputs[0]
        if not isinstance(out.type, MemRefType) or scalar.type not in _X32_TYPES:
            return
        layout = strided_layout(out.type)
        if out.type.get_num_dims() != 2 or layout is None or layout.strides[1] != 1:
            return
        if _element_type(out) != scalar.type:
            return
        emitter = _Emitter(rewriter, op)
        desc = emitter.descriptor(out)
        emitter.insert(
            Fill2DOp(scalar, desc.base_buffer, desc.offset, desc.strides[0], *desc.sizes)
        )
        rewriter.erase(op)


def _is_linalg_op(op: Operation) -> bool:
    """MLIR's `LinalgOp`: structured ops, broadcast and reduce (not yield, index, pack)."""
    return isinstance(op, LinalgStructuredOperation | BroadcastOp | ReduceOp)


def warn_unconverted(module: ModuleOp) -> None:
    """IREE's warning, with a note showing the op, for every linalg op left."""
    for op in module.walk():
        if _is_linalg_op(op):
            text = StringIO()
            Printer(text).print_op(op)
            print(op_diagnostic(op, "warning", WARNING), file=sys.stderr)
            print(op_diagnostic(op, "note", f"unmatched op: {text.getvalue()}"), file=sys.stderr)


@dataclass(frozen=True)
class LowerLinalgMicrokernelsPass(ModulePass):
    """Lowers elementwise linalg ops on buffers to vmvx ukernel ops (IREE's
    `iree-vmvx-lower-linalg-microkernels`)."""

    name = "iree-vmvx-lower-linalg-microkernels"

    warn_on_unconverted: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(
            GreedyRewritePatternApplier([LowerFill(), LowerElementwise()]),
            apply_recursively=False,
        ).rewrite_module(op)
        if self.warn_on_unconverted:
            sys.stdout.flush()
            warn_unconverted(op)
