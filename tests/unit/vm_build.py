"""A small assembler for building `format.Module`s in tests."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pyvmvx.runtime.vm.executor import CompiledModule, Context
from pyvmvx.runtime.vm.format import (
    Block,
    Export,
    Function,
    Instruction,
    Module,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.ops import OPS


class FunctionBuilder:
    """Builds one function: registers are allocated as ops and blocks ask for them."""

    def __init__(self, name: str, params: Sequence[str], results: Sequence[str]) -> None:
        self.name = name
        self.param_types = tuple(params)
        self.result_types = tuple(results)
        self.registers: list[str] = list(params)
        self.blocks: list[tuple[tuple[int, ...], list[Instruction]]] = [
            (tuple(range(len(params))), [])
        ]
        self.current = 0

    @property
    def params(self) -> tuple[int, ...]:
        return self.blocks[0][0]

    def register(self, kind: str) -> int:
        self.registers.append(kind)
        return len(self.registers) - 1

    def block(self, *arg_types: str) -> tuple[int, tuple[int, ...]]:
        """A new block (not yet current) and its argument registers."""
        args = tuple(self.register(t) for t in arg_types)
        self.blocks.append((args, []))
        return len(self.blocks) - 1, args

    def at(self, block: int) -> None:
        self.current = block

    def op(
        self,
        name: str,
        *operands: int,
        results: Sequence[str] | None = None,
        immediates: Sequence[Any] = (),
        symbol: SymbolRef | None = None,
        successors: Sequence[Successor] = (),
    ) -> tuple[int, ...]:
        """Append an op; result types default to the op table's."""
        kinds = OPS[name].results if results is None else results
        regs = tuple(self.register(k) for k in kinds)
        self.blocks[self.current][1].append(
            Instruction(name, operands, regs, tuple(immediates), symbol, tuple(successors))
        )
        return regs

    def const(self, kind: str, value: Any) -> int:
        return self.op(f"vm.const.{kind}", immediates=(value,))[0]

    def counted_loop(self, count: int, start: int | None = None) -> tuple[int, int, int]:
        """Emit `for i in range(start, count)` (start 0 by default) and make its body current:
        returns (loop head block, exit block, the i register)."""
        if start is None:
            start = self.const("i32", 0)
        head, (i,) = self.block("i32")
        body, _ = self.block()
        done, _ = self.block()
        self.op("vm.br", successors=(Successor(head, (start,)),))
        self.at(head)
        more = self.op("vm.cmp.lt.i32.s", i, count)[0]
        self.op("vm.cond_br", more, successors=(Successor(body), Successor(done)))
        self.at(body)
        return head, done, i

    def build(self) -> Function:
        return Function(
            self.name,
            self.param_types,
            self.result_types,
            tuple(self.registers),
            tuple(Block(args, tuple(body)) for args, body in self.blocks),
        )


def module(name: str, *functions: Function, **fields: Any) -> Module:
    """A module exporting every function under its own name."""
    exports = tuple(Export(f.name, i, f.calling_convention) for i, f in enumerate(functions))
    return Module(name, exports=fields.pop("exports", exports), functions=functions, **fields)


def single_op_function(
    op: str, operand_types: Sequence[str], immediates: Sequence[Any] = ()
) -> Function:
    """`f(operands...) -> results` that applies `op` once and returns what it produced."""
    spec = OPS[op]
    builder = FunctionBuilder("f", operand_types, spec.results)
    results = builder.op(op, *builder.params, immediates=immediates)
    builder.op("vm.return", *results)
    return builder.build()


@cache
def op_context(op: str, immediates: tuple[Any, ...] = ()) -> Context:
    """A loaded module whose export `f` runs `op` on its arguments (cached per op)."""
    function = single_op_function(op, OPS[op].operands, immediates)
    return CompiledModule(module("m", function)).instantiate()


def run_op(op: str, *args: Any) -> Any:
    """Run a one-result op on arguments and return its result."""
    (result,) = op_context(op).call("f", *args)
    return result
