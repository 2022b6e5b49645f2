"""The executor: control flow, calls, imports, globals, rodata, failures and the call boundary."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from vm_build import FunctionBuilder, module

from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule, Context, FunctionTable, load_module
from pyvmvx.runtime.vm.format import (
    Export,
    Global,
    Import,
    Module,
    Program,
    Rodata,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.serialize import decode, encode


def test_counted_loop_accumulates_into_a_buffer() -> None:
    """buf[i] += f32(i) for i < n, returning the f32 running sum."""
    builder = FunctionBuilder("accumulate", ("buffer", "i32"), ("f32",))
    buffer, n = builder.params
    head, done, i = builder.counted_loop(n)
    index = builder.op("vm.ext.i32.i64.s", i)[0]
    old = builder.op("vm.buffer.load.f32", buffer, index)[0]
    value = builder.op("vm.cast.si32.f32", i)[0]
    new = builder.op("vm.add.f32", old, value)[0]
    builder.op("vm.buffer.store.f32", buffer, index, new)
    running = builder.op("vm.global.load.f32", symbol=SymbolRef("global", 0))[0]
    updated = builder.op("vm.add.f32", running, new)[0]
    builder.op("vm.global.store.f32", updated, symbol=SymbolRef("global", 0))
    one = builder.const("i32", 1)
    builder.op("vm.br", successors=(Successor(head, builder.op("vm.add.i32", i, one)),))
    builder.at(done)
    result = builder.op("vm.global.load.f32", symbol=SymbolRef("global", 0))[0]
    builder.op("vm.return", result)
    context = load_module(module("m", builder.build(), globals=(Global("sum", "f32", True, 0.0),)))
    data = np.full(1000, 0.1, np.float32)
    (total,) = context.call("accumulate", Buffer(data, mutable=True), 1000)
    expected_data = np.full(1000, 0.1, np.float32) + np.arange(1000, dtype=np.float32)
    np.testing.assert_array_equal(data, expected_data)
    expected_total = np.float32(0)
    for value in expected_data:
        expected_total = np.float32(expected_total + value)
    assert total == float(expected_total)


def _factorial_module() -> Module:
    """fact(n: i64) -> i64, recursively; divmod(a, b) -> (q, r) with two results."""
    fact = FunctionBuilder("fact", ("i64",), ("i64",))
    (n,) = fact.params
    one = fact.const("i64", 1)
    small = fact.op("vm.cmp.lte.i64.s", n, one)[0]
    base, _ = fact.block()
    step, _ = fact.block()
    fact.op("vm.cond_br", small, successors=(Successor(base), Successor(step)))
    fact.at(base)
    fact.op("vm.return", one)
    fact.at(step)
    smaller = fact.op("vm.sub.i64", n, one)[0]
    sub = fact.op("vm.call", smaller, results=("i64",), symbol=SymbolRef("function", 0))[0]
    fact.op("vm.return", fact.op("vm.mul.i64", n, sub)[0])

    divmod_ = FunctionBuilder("divmod", ("i32", "i32"), ("i32", "i32"))
    a, b = divmod_.params
    q = divmod_.op("vm.div.i32.s", a, b)[0]
    r = divmod_.op("vm.rem.i32.s", a, b)[0]
    divmod_.op("vm.return", q, r)

    via = FunctionBuilder("fact_of_sum", ("i64", "i64"), ("i64",))
    total = via.op("vm.add.i64", *via.params)[0]
    via.op(
        "vm.return", *via.op("vm.call", total, results=("i64",), symbol=SymbolRef("function", 0))
    )
    return module("m", fact.build(), divmod_.build(), via.build())


def test_internal_calls_recursion_and_multiple_results() -> None:
    context = load_module(_factorial_module())
    assert context.call("fact", 20) == (2432902008176640000,)
    assert context.call("fact", 21) == (-4249290049419214848,)  # wraps at 64 bits
    assert context.call("divmod", -7, 2) == (-3, -1)
    assert context.call("fact_of_sum", 2, 3) == (120,)


def test_runaway_recursion_is_resource_exhausted() -> None:
    context = load_module(_factorial_module())
    with pytest.raises(StatusError, match="stack") as info:
        context.call("fact", 1 << 40)
    assert info.value.code == "RESOURCE_EXHAUSTED"


# ---------------------------------------------------------------------------
# Imports
# ---------------------------------------------------------------------------


def _importing_module(cconv: str = "0fi_f") -> Module:
    """scaled(x, k) = host.scale(x, k) + 1.0"""
    builder = FunctionBuilder("scaled", ("f32", "i32"), ("f32",))
    (scaled,) = builder.op(
        "vm.call", *builder.params, results=("f32",), symbol=SymbolRef("import", 0)
    )
    one = builder.const("f32", 1.0)
    builder.op("vm.return", builder.op("vm.add.f32", scaled, one)[0])
    return module("m", builder.build(), imports=(Import("host.scale", cconv),))


def test_imports_from_a_dict_of_callables() -> None:
    calls: list[tuple[Any, ...]] = []

    def scale(x: float, k: int) -> tuple[float]:
        calls.append((x, k))
        return (x * k,)

    context = load_module(_importing_module(), {"host": {"scale": ("0fi_f", scale)}})
    assert context.call("scaled", 0.5, 3) == (2.5,)
    assert calls == [(0.5, 3)]
    # Results are converted to the register type: an f32 import result is rounded.
    context = load_module(_importing_module(), {"host": {"scale": ("0fi_f", lambda x, k: (0.1,))}})
    assert context.call("scaled", 0.0, 0) == (float(np.float32(np.float32(0.1) + 1)),)


def test_imports_from_an_object_with_call_and_signature() -> None:
    class Host:
        def signature(self, name: str) -> str:
            return {"scale": "0fi_f"}[name]

        def call(self, name: str, *args: Any) -> tuple[Any, ...]:
            x, k = args
            return (x - k,)

    assert load_module(_importing_module(), {"host": Host()}).call("scaled", 5.0, 2) == (4.0,)


@pytest.mark.parametrize(
    ("natives", "code", "message"),
    [
        ({}, "NOT_FOUND", "module 'host'"),
        ({"host": {}}, "NOT_FOUND", "import 'host.scale' not found"),
        ({"host": {"scale": ("0fi_i", lambda x, k: (1,))}}, "INVALID_ARGUMENT", "'0fi_i'"),
    ],
)
def test_import_resolution_errors(natives: dict[str, Any], code: str, message: str) -> None:
    with pytest.raises(StatusError, match=message) as info:
        load_module(_importing_module(), natives)
    assert info.value.code == code


def test_import_call_errors() -> None:
    def broken(x: float, k: int) -> tuple[float]:
        raise ValueError("boom")

    context = load_module(_importing_module(), {"host": {"scale": ("0fi_f", broken)}})
    with pytest.raises(StatusError, match="ValueError: boom") as info:
        context.call("scaled", 1.0, 1)
    assert info.value.code == "INTERNAL"
    context = load_module(_importing_module(), {"host": {"scale": ("0fi_f", lambda x, k: ())}})
    with pytest.raises(StatusError, match="signature mismatch") as info:
        context.call("scaled", 1.0, 1)
    assert info.value.code == "INVALID_ARGUMENT"


def test_a_context_can_serve_as_a_native_module() -> None:
    provider = load_module(_factorial_module())
    builder = FunctionBuilder("g", ("i64",), ("i64",))
    builder.op(
        "vm.return",
        *builder.op("vm.call", *builder.params, results=("i64",), symbol=SymbolRef("import", 0)),
    )
    consumer = load_module(
        module("c", builder.build(), imports=(Import("math.fact", "0I_I"),)), {"math": provider}
    )
    assert consumer.call("g", 5) == (120,)


def test_calls_into_the_vmvx_module() -> None:
    vmvx = pytest.importorskip("pyvmvx.runtime.modules.vmvx")
    builder = FunctionBuilder("add", ("buffer", "buffer", "buffer", "i64"), ())
    lhs, rhs, out, n = builder.params
    zero = builder.const("i64", 0)
    one = builder.const("i64", 1)
    args = (lhs, zero, n, one, rhs, zero, n, one, out, zero, n, one, one, n)
    builder.op("vm.call", *args, results=(), symbol=SymbolRef("import", 0))
    builder.op("vm.return")
    source = module("m", builder.build(), imports=(Import("vmvx.add.2d.f32", "0rIIIrIIIrIIIII_v"),))
    # Through the file format too: what the compiler writes is what runs.
    decoded = decode(encode(Program(host=source))).host
    context = load_module(decoded, {"vmvx": vmvx.VMVXModule()})
    a = np.arange(6, dtype=np.float32)
    b = np.full(6, 0.5, np.float32)
    out = np.zeros(6, np.float32)
    args_ = [Buffer(a, mutable=False), Buffer(b, mutable=False), Buffer(out, mutable=True), 6]
    assert context.call("add", *args_) == ()
    np.testing.assert_array_equal(out, a + b)
    with pytest.raises(StatusError) as info:  # the vmvx module's own bounds check
        context.call("add", *args_[:3], 7)
    assert info.value.code in ("OUT_OF_RANGE", "INVALID_ARGUMENT")


# ---------------------------------------------------------------------------
# Globals, rodata, failures
# ---------------------------------------------------------------------------


def _globals_module() -> Module:
    init = FunctionBuilder("__init", (), ())
    seven = init.const("i32", 7)
    init.op("vm.global.store.i32", seven, symbol=SymbolRef("global", 1))
    init.op("vm.return")
    get = FunctionBuilder("get", (), ("i32", "i32", "f32", "ref"))
    values = [
        get.op(f"vm.global.load.{kind}", symbol=SymbolRef("global", i), results=(kind,))[0]
        for i, kind in enumerate(("i32", "i32", "f32", "ref"))
    ]
    get.op("vm.return", *values)
    bump = FunctionBuilder("bump", (), ())
    old = bump.op("vm.global.load.i32", symbol=SymbolRef("global", 0))[0]
    one = bump.const("i32", 1)
    bump.op(
        "vm.global.store.i32", bump.op("vm.add.i32", old, one)[0], symbol=SymbolRef("global", 0)
    )
    bump.op("vm.return")
    return module(
        "g",
        init.build(),
        get.build(),
        bump.build(),
        globals=(
            Global("counter", "i32", True, 0xFFFFFFFF),
            Global("set_by_init", "i32", True),
            Global("tenth", "f32", False, 0.1),
            Global("nothing", "ref", True),
        ),
    )


def test_globals_start_at_initial_values_and_init_runs() -> None:
    compiled = CompiledModule(_globals_module())
    first, second = compiled.instantiate(), compiled.instantiate()
    assert first.call("get") == (-1, 7, float(np.float32(0.1)), None)
    first.call("bump")
    first.call("bump")
    assert first.call("get")[0] == 1
    assert second.call("get")[0] == -1  # each context has its own globals


def _rodata_module() -> Module:
    get = FunctionBuilder("get", ("i64",), ("i32", "buffer", "buffer"))
    (index,) = get.params
    table = get.op("vm.const.ref.rodata", symbol=SymbolRef("rodata", 0))[0]
    value = get.op("vm.buffer.load.i32", table, index)[0]
    inline = get.op("vm.rodata.inline", immediates=(b"\x01\x02\x03", 32))[0]
    get.op("vm.return", value, table, inline)
    poke = FunctionBuilder("poke", (), ())
    table = poke.op("vm.const.ref.rodata", symbol=SymbolRef("rodata", 0))[0]
    zero = poke.const("i64", 0)
    poke.op("vm.buffer.store.i32", table, zero, poke.const("i32", 9))
    poke.op("vm.return")
    segment = Rodata("table", np.array([10, 20, 30], np.int32).tobytes(), 64)
    return module("r", get.build(), poke.build(), rodata=(segment,))


def test_rodata_is_shared_read_only_and_aligned() -> None:
    context = load_module(_rodata_module())
    value, table, inline = context.call("get", 2)
    assert value == 30
    assert not table.mutable and table.data.ctypes.data % 64 == 0 and table.length == 12
    assert not inline.mutable and bytes(inline.data) == b"\x01\x02\x03"
    assert inline.data.ctypes.data % 32 == 0
    again = context.call("get", 0)
    assert again[0] == 10 and again[1] is table and again[2] is inline
    with pytest.raises(StatusError, match="read-only") as info:
        context.call("poke")
    assert info.value.code == "PERMISSION_DENIED"
    with pytest.raises(StatusError) as info:
        context.call("get", 3)
    assert info.value.code == "OUT_OF_RANGE"


def _failing_module(message: str) -> Module:
    builder = FunctionBuilder("check", ("i32", "i32"), ("i32",))
    flag, status = builder.params
    builder.op("vm.cond_fail", flag, status, immediates=(message,))
    bad, _ = builder.block()
    good, _ = builder.block()
    negative = builder.op("vm.cmp.lt.i32.s", status, builder.const("i32", 0))[0]
    builder.op("vm.cond_br", negative, successors=(Successor(bad), Successor(good)))
    builder.at(bad)
    builder.op("vm.fail", status, immediates=("negative status",))
    builder.at(good)
    builder.op("vm.return", status)
    return module("f", builder.build())


def test_fail_raises_with_code_and_message() -> None:
    context = load_module(_failing_module("checked: bad input"))
    assert context.call("check", 0, 5) == (5,)
    with pytest.raises(StatusError, match="checked: bad input") as info:
        context.call("check", 1, 11)
    assert info.value.code == "OUT_OF_RANGE"  # IREE's status number 11
    with pytest.raises(StatusError, match="checked") as info:
        context.call("check", 1, 3)
    assert info.value.code == "INVALID_ARGUMENT"
    with pytest.raises(StatusError, match="negative status") as info:
        context.call("check", 0, -4)
    assert info.value.code == "UNKNOWN"


def test_branch_table() -> None:
    builder = FunctionBuilder("pick", ("i32",), ("i32",))
    (index,) = builder.params
    targets = [builder.block("i32") for _ in range(3)]
    constants = [builder.const("i32", v) for v in (100, 200, 300)]
    builder.op(
        "vm.br_table",
        index,
        successors=tuple(Successor(b, (c,)) for (b, _), c in zip(targets, constants, strict=True)),
    )
    for block, (value,) in targets:
        builder.at(block)
        builder.op("vm.return", value)
    context = load_module(module("t", builder.build()))
    results = [context.call("pick", i)[0] for i in (-1, 0, 1, 2, 7)]
    assert results == [100, 200, 300, 100, 100]  # successor 0 is the default


# ---------------------------------------------------------------------------
# The call boundary and the translation
# ---------------------------------------------------------------------------


def test_export_argument_checks() -> None:
    context = load_module(_rodata_module())
    with pytest.raises(StatusError, match="takes 1 arguments, got 2") as info:
        context.call("get", 1, 2)
    assert info.value.code == "INVALID_ARGUMENT"
    with pytest.raises(StatusError, match="expected an integer"):
        context.call("get", "1")
    with pytest.raises(StatusError, match="export 'nope' not found") as info:
        context.call("nope")
    assert info.value.code == "NOT_FOUND"
    assert context.exports == ("get", "poke")
    assert context.signature("get") == "0I_irr"
    builder = FunctionBuilder("length", ("buffer",), ("i64",))
    builder.op("vm.return", builder.op("vm.buffer.length", *builder.params)[0])
    lengths = load_module(module("l", builder.build()))
    assert lengths.lookup("length")(Buffer.allocate(3)) == (3,)
    with pytest.raises(StatusError, match="expected a ref"):
        lengths.call("length", np.zeros(3))
    with pytest.raises(StatusError, match="buffer is null"):
        lengths.call("length", None)


def test_generated_source_holds_no_text_from_the_module() -> None:
    payload = "'); __import__('os').system('echo pwned'); ('"
    builder = FunctionBuilder(payload, ("i32",), ("i32",))
    builder.op("vm.cond_fail", *builder.params, *builder.params, immediates=(payload,))
    builder.op("vm.return", *builder.params)
    source_module = Module(
        payload,
        exports=(Export(payload, 0, "0i_i"),),
        globals=(Global(payload, "i32"),),
        functions=(builder.build(),),
    )
    compiled = CompiledModule(source_module)
    assert "pwned" not in compiled.source and "import" not in compiled.source
    with pytest.raises(StatusError) as info:
        compiled.instantiate().call(payload, 3)
    assert info.value.message == payload


def test_large_functions_translate_flat() -> None:
    """2000 chained blocks and 4000 registers: no nesting limit of the Python compiler."""
    builder = FunctionBuilder("chain", ("i32",), ("i32",))
    (value,) = builder.params
    one = builder.const("i32", 1)
    for _ in range(2000):
        block, (arg,) = builder.block("i32")
        builder.op("vm.br", successors=(Successor(block, (value,)),))
        builder.at(block)
        value = builder.op("vm.add.i32", arg, one)[0]
    builder.op("vm.return", value)
    context: Context = load_module(module("big", builder.build()))
    assert context.call("chain", 5) == (2005,)


def test_function_table_reports_missing_functions() -> None:
    table = FunctionTable({"f": ("0v_v", lambda: None)})
    assert table.call("f") == ()
    with pytest.raises(StatusError) as info:
        table.signature("g")
    assert info.value.code == "NOT_FOUND"
