"""Hostile module files: loading is linear in time and memory, initializers run under a budget,
every loader error is a StatusError, and only exact types reach generated source."""

from __future__ import annotations

import builtins
import dataclasses
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from vm_build import FunctionBuilder, module

from pyvmvx.runtime import Buffer, List, StatusError, load_executables
from pyvmvx.runtime.modules.hal import ENTRY_CALLING_CONVENTION
from pyvmvx.runtime.vm import serialize
from pyvmvx.runtime.vm.executor import HELPERS, CompiledModule, load_module
from pyvmvx.runtime.vm.format import (
    Block,
    Executable,
    ExecutableEntry,
    Export,
    Function,
    Global,
    Instruction,
    Module,
    Program,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.ops import MAX_LIST_SIZE
from pyvmvx.runtime.vm.serialize import decode, encode
from pyvmvx.runtime.vm.validate import MAX_BR_TABLE_SUCCESSORS, validate_module

ENTRY_PARAMS = ("buffer", "buffer", "list", *("i32",) * 9)


def _file(*functions: Function, **fields: Any) -> bytes:
    """A module file with one executable `e` holding `functions` (exported as `fields` says)."""
    entries = fields.pop("entries", ())
    executable = Executable("e", Module("m", functions=functions, **fields), entries)
    return encode(Program(executables=(executable,)))


def _returning(name: str, params: tuple[str, ...] = ()) -> Function:
    return Function(
        name, params, (), params, (Block(tuple(range(len(params))), (Instruction("vm.return"),)),)
    )


def _init_export(index: int = 0) -> Export:
    return Export("__init", index, "0v_v")


# ---------------------------------------------------------------------------
# Time and memory linear in the file
# ---------------------------------------------------------------------------


def _params(n: int) -> bytes:
    return _file(_returning("f", ("i32",) * n))


def _functions(n: int) -> bytes:
    return _file(*(_returning(f"f{i}") for i in range(n)))


def _blocks(n: int) -> bytes:
    """Blocks 1..n-1 branch to each other in a ring."""
    blocks = [Block((), (Instruction("vm.br", successors=(Successor(1),)),))]
    for k in range(1, n):
        target = k + 1 if k + 1 < n else 1
        blocks.append(Block((), (Instruction("vm.br", successors=(Successor(target),)),)))
    return _file(Function("f", (), (), (), tuple(blocks)))


def _branch_table(cases: int) -> Function:
    """f(i) returns i + 1 for i in [0, cases), else 0, through a `vm.br_table`."""
    builder = FunctionBuilder("f", ("i32",), ("i32",))
    (index,) = builder.params
    default, _ = builder.block()
    targets = [builder.block()[0] for _ in range(min(cases, 64))]
    builder.op(
        "vm.br_table",
        index,
        successors=(Successor(default), *(Successor(targets[c % 64]) for c in range(cases))),
    )
    builder.at(default)
    builder.op("vm.return", builder.const("i32", 0))
    for k, block in enumerate(targets):
        builder.at(block)
        builder.op("vm.return", builder.const("i32", k + 1))
    return builder.build()


def _many_copies(branches: int, width: int = 64) -> bytes:
    """`branches` blocks each jump to one block of `width` arguments, passing a rotation of
    them: every argument is a copy (about one token of Python per byte of file)."""
    args = tuple(range(width))
    blocks = [
        Block(args, (Instruction("vm.br", successors=(Successor(1, args),)),)),
        Block(args, (Instruction("vm.br", successors=(Successor(2),)),)),
    ]
    for k in range(branches):
        shift = k % (width - 1) + 1
        rotated = args[shift:] + args[:shift]
        blocks.append(Block((), (Instruction("vm.br", successors=(Successor(1, rotated),)),)))
    return _file(Function("f", ("i32",) * width, (), ("i32",) * width, tuple(blocks)))


def _unused_registers(n: int) -> Function:
    """One byte of file per register."""
    return Function("f", (), (), ("i32",) * n, (Block((), (Instruction("vm.return"),)),))


def _cpu_seconds(data: bytes) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        load_executables(data)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize(
    ("shape", "n"),
    [
        (_params, 10_000),
        (_functions, 1_000),
        (_blocks, 2_500),
        (lambda n: _file(_branch_table(n)), 10_000),
    ],
    ids=["params", "functions", "blocks", "br_table"],
)
def test_load_time_grows_linearly(shape: Callable[[int], bytes], n: int) -> None:
    small, large = shape(n), shape(4 * n)
    assert len(large) < 4.5 * len(small)
    ratio = _cpu_seconds(large) / _cpu_seconds(small)
    assert ratio < 8, f"4x the {n}-item file took {ratio:.1f}x the time"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(_file(_branch_table(30_000)), id="br_table"),
        pytest.param(_file(_unused_registers(300_000)), id="registers"),
        pytest.param(_params(40_000), id="params"),
        pytest.param(_many_copies(500), id="copies"),
    ],
)
def test_load_memory_is_bounded_per_byte(data: bytes) -> None:
    """docs/module-format.md: at most about 500 bytes per byte of the largest function."""
    tracemalloc.start()
    try:
        load_executables(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 500 * len(data) + (1 << 20), f"{peak / len(data):.0f} bytes per byte"


def test_rodata_alignment_padding_is_bounded() -> None:
    """Empty rodata aligned to 64 KiB is padded to 64 bytes, not 64 KiB."""
    builder = FunctionBuilder("f", (), ("buffer",))
    buffers = [builder.op("vm.rodata.inline", immediates=(b"", 1 << 16))[0] for _ in range(1000)]
    builder.op("vm.return", buffers[-1])
    tracemalloc.start()
    try:
        (buffer,) = load_module(module("m", builder.build())).call("f")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert buffer.length == 0 and peak < 1000 * 16384  # not 1000 * 64 KiB


# ---------------------------------------------------------------------------
# Branches: cost independent of the number of blocks, tables bounded
# ---------------------------------------------------------------------------


def test_two_hundred_block_function_runs() -> None:
    """Blocks 1..200 hash an accumulator and pick the next block with a 64-way br_table
    (arguments copied on every edge); checked against the same walk in Python."""
    blocks_count, steps = 200, 3000
    builder = FunctionBuilder("walk", ("i32", "i32"), ("i32",))
    seed, count = builder.params
    blocks = [builder.block("i32", "i32") for _ in range(blocks_count)]
    done, (result,) = builder.block("i32")
    mask, one, factor = (builder.const("i32", v) for v in (63, 1, 31))
    builder.op("vm.br", successors=(Successor(blocks[0][0], (count, seed)),))
    for k, (block, (left, acc)) in enumerate(blocks):
        builder.at(block)
        mixed = builder.op("vm.mul.i32", acc, factor)[0]
        mixed = builder.op("vm.add.i32", mixed, builder.const("i32", k))[0]
        remaining = builder.op("vm.sub.i32", left, one)[0]
        go_on, _ = builder.block()
        stop = builder.op("vm.cmp.eq.i32", remaining, builder.const("i32", 0))[0]
        builder.op(
            "vm.cond_br",
            stop,
            successors=(Successor(done, (mixed,)), Successor(go_on)),
        )
        builder.at(go_on)
        case = builder.op("vm.and.i32", mixed, mask)[0]
        targets = [Successor(blocks[c * 3][0], (remaining, mixed)) for c in range(64)]
        builder.op("vm.br_table", case, successors=(targets[0], *targets))
    builder.at(done)
    builder.op("vm.return", result)
    walk = load_module(module("m", builder.build())).lookup("walk")

    def reference(seed: int, count: int) -> int:
        block, acc = 0, seed
        while True:
            acc = np.int32(np.uint32((acc * 31 + block) & 0xFFFFFFFF)).item()
            count -= 1
            if count == 0:
                return acc
            block = (acc & 63) * 3

    for seed in (0, 7, -123456):
        assert walk(seed, steps) == (reference(seed, steps),)


def test_branch_table_with_copies_shared_and_direct_successors() -> None:
    """Cases to blocks without arguments, to one block with different arguments, repeated
    successors and a copying default."""
    builder = FunctionBuilder("pick", ("i32",), ("i32",))
    (index,) = builder.params
    plain = [builder.block() for _ in range(2)]
    taking, (value,) = builder.block("i32")
    consts = [builder.const("i32", v) for v in (100, 200, 300)]
    successors = (
        Successor(taking, (consts[0],)),  # default
        Successor(plain[0][0]),
        Successor(taking, (consts[1],)),
        Successor(plain[1][0]),
        Successor(taking, (consts[2],)),
        Successor(taking, (consts[1],)),
        Successor(taking, (value,)),  # no copy: the block argument itself (zero)
    )
    builder.op("vm.br_table", index, successors=successors)
    for k, (block, _) in enumerate(plain):
        builder.at(block)
        builder.op("vm.return", builder.const("i32", k + 1))
    builder.at(taking)
    builder.op("vm.return", value)
    pick = load_module(module("t", builder.build())).lookup("pick")
    expected = {-1: 100, 0: 1, 1: 200, 2: 2, 3: 300, 4: 200, 5: 0, 6: 100, 1 << 30: 100}
    assert {i: pick(i)[0] for i in expected} == expected


def test_branch_table_size_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    validate_module(module("ok", _branch_table(MAX_BR_TABLE_SUCCESSORS - 1)))
    too_big = module("big", _branch_table(MAX_BR_TABLE_SUCCESSORS))
    with pytest.raises(StatusError, match="more than 65536") as info:
        validate_module(too_big)
    assert info.value.code == "INVALID_ARGUMENT"
    with monkeypatch.context() as patch:
        patch.setattr(serialize, "validate_program", lambda program: None)
        data = encode(Program(host=too_big))
    with pytest.raises(StatusError, match="successors, more than") as info:
        decode(data)
    assert info.value.code == "INVALID_ARGUMENT"


def test_generated_names_do_not_shadow_helpers() -> None:
    """Function 32 once became `_f32`, the helper that rounds to f32."""
    cast = FunctionBuilder("cast", ("i32",), ("f32",))
    cast.op("vm.return", cast.op("vm.cast.si32.f32", *cast.params)[0])
    functions = (cast.build(), *(_returning(f"f{i}") for i in range(40)))
    assert load_module(module("m", *functions)).call("cast", 3) == (3.0,)
    assert not any(name.startswith(("_vf", "_vi", "_vm_")) for name in HELPERS)


# ---------------------------------------------------------------------------
# Initializers run under a budget
# ---------------------------------------------------------------------------


def _endless_init() -> Function:
    builder = FunctionBuilder("__init", (), ())
    loop, _ = builder.block()
    builder.op("vm.br", successors=(Successor(loop),))
    builder.at(loop)
    builder.op("vm.br", successors=(Successor(loop),))
    return builder.build()


def test_endless_init_loop_is_resource_exhausted() -> None:
    data = _file(_endless_init(), exports=(_init_export(),))
    assert len(data) < 512
    with pytest.raises(StatusError, match="budget of 10000 steps") as info:
        load_executables(data, init_step_budget=10_000)
    assert info.value.code == "RESOURCE_EXHAUSTED"


def test_calls_count_as_steps_and_straight_line_code_does_not() -> None:
    init = FunctionBuilder("__init", (), ())
    for _ in range(10):
        init.op("vm.call", symbol=SymbolRef("function", 1), results=())
        init.const("i32", 1)
    init.op("vm.return")
    data = _file(init.build(), _returning("g"), exports=(_init_export(),))
    load_executables(data, init_step_budget=11)  # __init and ten calls
    with pytest.raises(StatusError) as info:
        load_executables(data, init_step_budget=10)
    assert info.value.code == "RESOURCE_EXHAUSTED"


def _counting(name: str) -> Function:
    """count(n) -> n, one loop iteration at a time."""
    builder = FunctionBuilder(name, ("i32",), ("i32",))
    (n,) = builder.params
    head, done, i = builder.counted_loop(n)
    builder.op(
        "vm.br", successors=(Successor(head, builder.op("vm.add.i32", i, builder.const("i32", 1))),)
    )
    builder.at(done)
    builder.op("vm.return", i)
    return builder.build()


def test_dispatch_runs_without_the_budget() -> None:
    """A loop shared by `__init` and an entry point is charged only while `__init` runs."""
    init = FunctionBuilder("__init", (), ())
    init.op("vm.call", init.const("i32", 50), symbol=SymbolRef("function", 2), results=("i32",))
    init.op("vm.return")
    entry = FunctionBuilder("entry", ENTRY_PARAMS, ())
    total = entry.op(
        "vm.call", entry.const("i32", 5000), symbol=SymbolRef("function", 2), results=("i32",)
    )[0]
    out = entry.op("vm.list.get.ref", entry.params[2], entry.const("i32", 0), results=("buffer",))
    entry.op("vm.buffer.store.i32", out[0], entry.const("i64", 0), total)
    entry.op("vm.return")
    exports = (
        _init_export(),
        Export("entry", 1, ENTRY_CALLING_CONVENTION, (("binding_count", "1"),)),
    )
    data = _file(init.build(), entry.build(), _counting("count"), exports=exports)
    executable = load_executables(data, init_step_budget=100)["e"]
    result = np.zeros(1, np.int32)
    executable.dispatch("entry", (2, 1, 1), [result], threads=2)
    assert result[0] == 5000
    with pytest.raises(StatusError) as info:
        load_executables(data, init_step_budget=50)
    assert info.value.code == "RESOURCE_EXHAUSTED"


def _allocating_init(op: str) -> Function:
    """__init allocates 1 MiB (or a 1 Mi-element list) 1000 times, keeping the last."""
    builder = FunctionBuilder("__init", (), ())
    one = builder.const("i32", 1)
    head, done, i = builder.counted_loop(builder.const("i32", 1000))
    if op == "vm.list.resize":
        items = builder.op("vm.list.alloc", builder.const("i32", 0), immediates=("i32",))[0]
        builder.op(op, items, builder.const("i32", 1 << 20))
    else:
        size = builder.const("i64", 1 << 20)
        buffer = builder.op("vm.buffer.alloc", size, builder.const("i32", 16))[0]
        if op == "vm.buffer.clone":
            zero = builder.const("i64", 0)
            buffer = builder.op(op, buffer, zero, size, builder.const("i32", 16))[0]
        builder.op("vm.global.store.ref", buffer, symbol=SymbolRef("global", 0))
    builder.op("vm.br", successors=(Successor(head, builder.op("vm.add.i32", i, one)),))
    builder.at(done)
    builder.op("vm.return")
    return builder.build()


@pytest.mark.parametrize("op", ["vm.buffer.alloc", "vm.buffer.clone", "vm.list.resize"])
def test_allocation_loop_is_resource_exhausted(op: str) -> None:
    data = _file(
        _allocating_init(op),
        exports=(_init_export(),),
        globals=(Global("keep", "buffer", True),),
    )
    with pytest.raises(StatusError, match="allocation budget of 16777216 bytes") as info:
        load_executables(data, init_allocation_budget=16 << 20)
    assert info.value.code == "RESOURCE_EXHAUSTED"


@pytest.mark.parametrize(
    "budgets",
    [{"init_step_budget": -1}, {"init_step_budget": True}, {"init_allocation_budget": "1"}],
)
def test_budgets_must_be_non_negative_ints(budgets: dict[str, Any]) -> None:
    with pytest.raises(StatusError, match="budget must be a non-negative int") as info:
        load_executables(_file(), **budgets)
    assert info.value.code == "INVALID_ARGUMENT"


# ---------------------------------------------------------------------------
# Dispatch: local memory bounded, allocation failures are RESOURCE_EXHAUSTED
# ---------------------------------------------------------------------------


def _local_memory_file(local_memory: int) -> bytes:
    """An entry point that does nothing with `local_memory` bytes of local memory."""
    reflection = (("local_memory", str(local_memory)),)
    export = Export("entry", 0, ENTRY_CALLING_CONVENTION, reflection)
    return _file(_returning("entry", ENTRY_PARAMS), exports=(export,))


def test_local_memory_is_bounded_per_workgroup() -> None:
    """A 4 GiB request is refused by default; the limit counts whole pages."""
    with pytest.raises(StatusError, match=r"requires 4294967296b of local memory") as info:
        load_executables(_local_memory_file(2**32 - 1))["e"].dispatch("entry", (1, 1, 1))
    assert info.value.code == "RESOURCE_EXHAUSTED"
    data = _local_memory_file(5000)  # two pages
    load_executables(data, local_memory_limit=8192)["e"].dispatch("entry", (2, 1, 1))
    with pytest.raises(StatusError, match="only 8191b is available per workgroup") as info:
        load_executables(data, local_memory_limit=8191)["e"].dispatch("entry", (2, 1, 1))
    assert info.value.code == "RESOURCE_EXHAUSTED"


@pytest.mark.parametrize("limit", [-1, True, 1.5])
def test_local_memory_limit_must_be_a_non_negative_int(limit: Any) -> None:
    with pytest.raises(StatusError, match="local_memory_limit must be") as info:
        load_executables(_local_memory_file(0), local_memory_limit=limit)
    assert info.value.code == "INVALID_ARGUMENT"


def _out_of_memory(*args: Any) -> Any:
    raise MemoryError


def _resizing_entry() -> Function:
    """entry(...): a new i32 list resized to `MAX_LIST_SIZE` elements."""
    builder = FunctionBuilder("entry", ENTRY_PARAMS, ())
    items = builder.op("vm.list.alloc", builder.const("i32", 0), immediates=("i32",))[0]
    builder.op("vm.list.resize", items, builder.const("i32", MAX_LIST_SIZE))
    builder.op("vm.return")
    return builder.build()


@pytest.mark.parametrize("allocation", ["local memory", "vm.list.resize"])
def test_running_out_of_memory_in_a_dispatch_is_resource_exhausted(
    allocation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Within the limits, an allocation the process cannot make is a StatusError too (the
    fuzz corpus makes these fail for real, under `RLIMIT_AS`)."""
    if allocation == "local memory":
        executable = load_executables(_local_memory_file(4096))["e"]
        monkeypatch.setattr(Buffer, "allocate", _out_of_memory)
    else:
        export = Export("entry", 0, ENTRY_CALLING_CONVENTION)
        executable = load_executables(_file(_resizing_entry(), exports=(export,)))["e"]
        monkeypatch.setattr(List, "resize", _out_of_memory)
    with pytest.raises(StatusError, match="out of memory") as info:
        executable.dispatch("entry", (1, 1, 1))
    assert info.value.code == "RESOURCE_EXHAUSTED"


# ---------------------------------------------------------------------------
# Every loader error is a StatusError
# ---------------------------------------------------------------------------

HUGE = "9" * 5000  # beyond Python's 4300-digit int-str limit


@pytest.mark.parametrize(
    ("reflection", "entry"),
    [
        ((("local_memory", HUGE),), ()),
        ((("binding_count", HUGE),), ()),
        ((("constant_count", HUGE),), ()),
        ((), (("workgroup_count", f"1,1,{HUGE}"),)),
        ((), (("workgroup_size", f"{HUGE},1,1"),)),
    ],
)
def test_huge_digit_attributes_are_status_errors(
    reflection: tuple[tuple[str, str], ...], entry: tuple[tuple[str, str], ...]
) -> None:
    data = _file(
        _returning("entry", ENTRY_PARAMS),
        exports=(Export("entry", 0, ENTRY_CALLING_CONVENTION, reflection),),
        entries=(ExecutableEntry("entry", entry),),
    )
    with pytest.raises(StatusError) as info:
        load_executables(data)
    assert info.value.code == "INVALID_ARGUMENT"


def test_unreadable_paths_are_status_errors() -> None:
    with pytest.raises(StatusError) as info:
        load_executables("bad\0path.vmfb")
    assert info.value.code == "INVALID_ARGUMENT"


# ---------------------------------------------------------------------------
# Only exact types reach generated source
# ---------------------------------------------------------------------------


class _Impostor(str):
    """Equal to everything; formats as code that would record that it ran."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash(str(self))

    def __format__(self, spec: str) -> str:
        return "buffer if __import__('builtins').__setattr__('pyvmvx_pwned', 1) else _RC_buffer"


class _SneakyInt(int):
    def __format__(self, spec: str) -> str:
        return "0 if __import__('builtins').__setattr__('pyvmvx_pwned', 1) else 0"


class _ShiftyInstruction(Instruction):
    """A subclass could redefine fields as properties that change between reads."""


class _Tuple(tuple):
    pass


def _allocating() -> Module:
    """f() -> vm.buffer.alloc(16, 16), a ref result: its register kind is formatted."""
    builder = FunctionBuilder("f", (), ("buffer",))
    size, align = builder.const("i64", 16), builder.const("i32", 16)
    builder.op("vm.return", builder.op("vm.buffer.alloc", size, align)[0])
    return module("m", builder.build())


def _replace(base: Module, function: Callable[[Function], Function]) -> Module:
    return dataclasses.replace(base, functions=(function(base.functions[0]),))


def _replace_instruction(base: Module, index: int, **changes: Any) -> Module:
    def change(function: Function) -> Function:
        block = function.blocks[0]
        instructions = list(block.instructions)
        instructions[index] = dataclasses.replace(instructions[index], **changes)
        return dataclasses.replace(function, blocks=(Block(block.args, tuple(instructions)),))

    return _replace(base, change)


IMPOSTORS: dict[str, Callable[[], Module]] = {
    "register kind": lambda: _replace(
        _allocating(),
        lambda f: dataclasses.replace(f, registers=(*f.registers[:-1], _Impostor("buffer"))),
    ),
    "op name": lambda: _replace_instruction(_allocating(), 0, op=_Impostor("vm.const.i64")),
    "register index": lambda: _replace_instruction(_allocating(), 2, operands=(_SneakyInt(0), 1)),
    "immediate": lambda: _replace_instruction(_allocating(), 0, immediates=(_SneakyInt(16),)),
    "operand tuple": lambda: _replace_instruction(_allocating(), 2, operands=_Tuple((0, 1))),
    "instruction": lambda: _replace(
        _allocating(),
        lambda f: dataclasses.replace(
            f,
            blocks=(
                Block(
                    (),
                    (
                        _ShiftyInstruction("vm.const.i64", (), (0,), (16,)),
                        *f.blocks[0].instructions[1:],
                    ),
                ),
            ),
        ),
    ),
    "symbol kind": lambda: _global_module(SymbolRef(_Impostor("global"), 0)),
    "global type": lambda: dataclasses.replace(
        _global_module(SymbolRef("global", 0)), globals=(Global("g", _Impostor("i32")),)
    ),
    "result type": lambda: _replace(
        _allocating(), lambda f: dataclasses.replace(f, results=(_Impostor("buffer"),))
    ),
    "module": lambda: type("SubModule", (Module,), {})("m"),
}


def _global_module(symbol: SymbolRef) -> Module:
    builder = FunctionBuilder("f", (), ("i32",))
    builder.op("vm.return", builder.op("vm.global.load.i32", symbol=symbol)[0])
    return module("m", builder.build(), globals=(Global("g", "i32"),))


@pytest.mark.parametrize("what", sorted(IMPOSTORS))
def test_non_exact_types_are_rejected(what: str) -> None:
    hostile = IMPOSTORS[what]()
    with pytest.raises(StatusError) as info:
        CompiledModule(hostile)
    assert info.value.code == "INVALID_ARGUMENT"
    assert not hasattr(builtins, "pyvmvx_pwned")


def test_the_base_of_the_impostors_is_valid() -> None:
    assert load_module(_allocating()).call("f")[0].length == 16
    assert load_module(_global_module(SymbolRef("global", 0))).call("f") == (0,)


def test_huge_ints_through_the_python_api_are_status_errors() -> None:
    huge = 10**5000  # its repr raises ValueError
    hostile = [
        _replace_instruction(_allocating(), 0, immediates=(huge,)),
        _replace_instruction(_allocating(), 2, operands=(huge, 1)),
        dataclasses.replace(
            _global_module(SymbolRef("global", 0)), globals=(Global("g", "i32", True, huge),)
        ),
    ]
    for module_ in hostile:
        with pytest.raises(StatusError) as info:
            CompiledModule(module_)
        assert info.value.code == "INVALID_ARGUMENT"
    context = load_module(
        module("m", _returning("i", ("i32",)), _returning("f", ("f32",)), _returning("b", ("i64",)))
    )
    for name, value in (("i", huge), ("f", 10**400), ("b", -huge)):
        with pytest.raises(StatusError) as info:
            context.call(name, value)
        assert info.value.code == "INVALID_ARGUMENT"
