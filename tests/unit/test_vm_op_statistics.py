"""The executor's opt-in VM op statistics (`count_vm_ops`): exact counts per block executed
and per export call for modules translated inside the block, no counting code otherwise."""

from __future__ import annotations

from vm_build import FunctionBuilder, module, single_op_function

from pyvmvx.runtime.vm.executor import CompiledModule, count_vm_ops
from pyvmvx.runtime.vm.format import Successor


def _loop_module() -> CompiledModule:
    """`f(n: i32) -> i32` running an empty counted loop of `n` iterations."""
    builder = FunctionBuilder("f", ["i32"], ["i32"])
    (n,) = builder.params
    head, done, i = builder.counted_loop(n)
    one = builder.const("i32", 1)
    builder.op("vm.br", successors=(Successor(head, builder.op("vm.add.i32", i, one)),))
    builder.at(done)
    builder.op("vm.return", n)
    return CompiledModule(module("loop", builder.build()))


def test_counts_every_instruction_executed() -> None:
    with count_vm_ops() as counter:
        compiled = CompiledModule(module("add", single_op_function("vm.add.i32", ["i32", "i32"])))
    context = compiled.instantiate()
    assert context.call("f", 2, 3) == (5,)
    assert context.call("f", 4, 5) == (9,)
    assert counter.modules == [("add", [4, 2])]  # vm.add.i32 + vm.return, twice
    counter.reset()
    assert counter.modules == [("add", [0, 0])]


def test_counts_grow_with_loop_trips_only_when_on() -> None:
    with count_vm_ops() as counter:
        compiled = _loop_module()
    context = compiled.instantiate()
    counts = []
    for trips in (3, 30):
        counter.reset()
        assert context.call("f", trips) == (trips,)
        counts.append(counter.modules[0][1][0])
    # the loop head (compare, branch) and body (constant, add, branch): 5 ops a trip
    assert counts[1] - counts[0] == 5 * 27


def test_no_counting_code_when_off() -> None:
    compiled = _loop_module()
    assert "_vm_ops" not in compiled.source
    assert compiled.instantiate().call("f", 3) == (3,)
