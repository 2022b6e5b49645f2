"""cf -> vm (the control-flow part of IREE's `StandardToVM`).

- `cf.br`/`cf.cond_br` become `vm.br`/`vm.cond_br`.
- `cf.assert` becomes `vm.cond_fail` on the inverted condition (`vm.xor.i32 %c, 1`) with
  status FAILED_PRECONDITION (9) and the assert's message.
- `cf.switch` becomes a chain of `vm.cmp.eq.i32` + `vm.cond_br`, one per case, ending in
  the default destination (IREE uses `vm.br_table`, which our `vm` dialect does not define).
"""

from __future__ import annotations

from xdsl.dialects import cf
from xdsl.dialects.builtin import i32
from xdsl.ir import Block, Operation, SSAValue

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.arith import compare_int, integer_cast
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, Pattern

FAILED_PRECONDITION = 9


def _branch(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    _jump(rw, rw.blocks[op.successors[0]], operands)
    return []


def _cond_branch(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, cf.ConditionalBranchOp)
    then_count = len(op.then_arguments)
    condition, rest = operands[0], operands[1:]
    rw.emit(
        "vm.cond_br",
        [condition, rest[:then_count], rest[then_count:]],
        successors=[rw.blocks[op.then_block], rw.blocks[op.else_block]],
    )
    return []


def _assert(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, cf.AssertOp)
    status = rw.i32(FAILED_PRECONDITION)
    failed = rw.emit_value("vm.xor.i32", [operands[0], rw.i32(1)], i32)
    rw.emit("vm.cond_fail", [failed, status], message=op.msg)
    return []


def _switch(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    assert isinstance(op, cf.SwitchOp) and rw.block is not None
    flag = integer_cast(rw, rw.lookup(op.flag), i32, signed=True)
    default_operands = [rw.lookup(value) for value in op.default_operands]
    values = op.case_values.get_values() if op.case_values is not None else ()
    case_operands = [rw.lookup(value) for value in op.case_operands]
    start = 0
    for value, count, block in zip(
        values, op.case_operand_segments.get_values(), op.case_blocks, strict=True
    ):
        matches = compare_int(rw, "eq", flag, rw.i32(value))
        next_test = rw.new_block_after(rw.block)
        rw.emit(
            "vm.cond_br",
            [matches, case_operands[start : start + count], []],
            successors=[rw.blocks[block], next_test],
        )
        rw.block = next_test
        start += count
    _jump(rw, rw.blocks[op.default_block], default_operands)
    return []


def _jump(rw: ConversionRewriter, dest: Block, operands: list[SSAValue]) -> None:
    rw.emit("vm.br", [operands], successors=[dest])


PATTERNS = PatternTable[Pattern](
    "cf -> vm",
    [
        (cf.BranchOp, _branch),
        (cf.ConditionalBranchOp, _cond_branch),
        (cf.AssertOp, _assert),
        (cf.SwitchOp, _switch),
    ],
)
