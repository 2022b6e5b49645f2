"""The local HAL: VMVX executable loading (ABI checks, reflection, executable constants) and
dispatch over a grid (ids, sizes, counts, push constants, bindings, local memory, threads,
errors), on executables assembled directly in the module-file model."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from vm_build import FunctionBuilder

from pyvmvx.runtime import Buffer, Executable, StatusError, load_executables
from pyvmvx.runtime.modules.hal import ENTRY_CALLING_CONVENTION
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.serialize import decode, encode

ENTRY_PARAMS = ("buffer", "buffer", "list", *("i32",) * 9)

Body = Callable[[FunctionBuilder, tuple[int, ...]], None]


def _entry(name: str, body: Body) -> fmt.Function:
    """An entry point whose body `body(builder, params)` ends before the implicit return."""
    builder = FunctionBuilder(name, ENTRY_PARAMS, ())
    body(builder, builder.params)
    builder.op("vm.return")
    return builder.build()


def _binding(builder: FunctionBuilder, bindings: int, index: int) -> int:
    return builder.op(
        "vm.list.get.ref", bindings, builder.const("i32", index), results=("buffer",)
    )[0]


def _store_i32(builder: FunctionBuilder, buffer: int, index_i32: int, value: int) -> None:
    index = builder.op("vm.ext.i32.i64.s", index_i32)[0]
    builder.op("vm.buffer.store.i32", buffer, index, value)


def _linear_id(builder: FunctionBuilder, params: tuple[int, ...]) -> int:
    """x + count_x * (y + count_y * z)."""
    x, y, z, count_x, count_y = params[3], params[4], params[5], params[9], params[10]
    zy = builder.op("vm.add.i32", y, builder.op("vm.mul.i32", count_y, z)[0])[0]
    return builder.op("vm.add.i32", x, builder.op("vm.mul.i32", count_x, zy)[0])[0]


def _write_ids(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """out[linear] = x + 100*y + 10000*z; out2[linear] = the sizes and counts, packed."""
    out = _binding(builder, params[2], 0)
    x, y, z = params[3:6]
    hundred, ten_thousand = builder.const("i32", 100), builder.const("i32", 10000)
    value = builder.op("vm.mul.i32", y, hundred)[0]
    value = builder.op("vm.add.i32", value, x)[0]
    value = builder.op("vm.add.i32", value, builder.op("vm.mul.i32", z, ten_thousand)[0])[0]
    linear = _linear_id(builder, params)
    _store_i32(builder, out, linear, value)
    shape = _binding(builder, params[2], 1)
    six = builder.const("i32", 6)
    base = builder.op("vm.mul.i32", linear, six)[0]
    for i, register in enumerate(params[6:12]):
        slot = builder.op("vm.add.i32", base, builder.const("i32", i))[0]
        _store_i32(builder, shape, slot, register)


def _copy_constants(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """out[i] = constants[i] for the 3 push constants."""
    out = _binding(builder, params[2], 0)
    for i in range(3):
        index = builder.const("i32", i)
        value = builder.op("vm.buffer.load.i32", params[1], builder.const("i64", i))[0]
        _store_i32(builder, out, index, value)


def _local_memory_probe(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """local[0] += 1, then out[linear] = local[0] + 1000 * (bytes of local memory / 4096)."""
    local, out = params[0], _binding(builder, params[2], 0)
    zero = builder.const("i64", 0)
    bumped = builder.op(
        "vm.add.i32",
        builder.op("vm.buffer.load.i32", local, zero)[0],
        builder.const("i32", 1),
    )[0]
    builder.op("vm.buffer.store.i32", local, zero, bumped)
    pages = builder.op(
        "vm.div.i64.s", builder.op("vm.buffer.length", local)[0], builder.const("i64", 4096)
    )[0]
    pages32 = builder.op("vm.trunc.i64.i32", pages)[0]
    value = builder.op("vm.mul.i32", pages32, builder.const("i32", 1000))[0]
    value = builder.op("vm.add.i32", value, builder.op("vm.buffer.load.i32", local, zero)[0])[0]
    _store_i32(builder, out, _linear_id(builder, params), value)


def _fail_at(workgroup: int) -> Body:
    """Writes 1 to out[linear], but fails with vm.fail in workgroup `workgroup`."""

    def body(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
        linear = _linear_id(builder, params)
        bad = builder.op("vm.cmp.eq.i32", linear, builder.const("i32", workgroup))[0]
        builder.op("vm.cond_fail", bad, builder.const("i32", 10), immediates=("workgroup failed",))
        out = _binding(builder, params[2], 0)
        _store_i32(builder, out, linear, builder.const("i32", 1))

    return body


def _executable(
    *entries: tuple[fmt.Function, dict[str, str]],
    extra: tuple[fmt.Function, ...] = (),
    globals_: tuple[fmt.Global, ...] = (),
    constants: tuple[int, ...] = (),
    entry_attributes: dict[str, tuple[tuple[str, str], ...]] | None = None,
    name: str = "ex",
) -> fmt.Executable:
    functions = tuple(f for f, _ in entries) + extra
    exports = tuple(
        fmt.Export(f.name, i, f.calling_convention, tuple(reflection.items()))
        for i, (f, reflection) in enumerate(entries)
    ) + tuple(
        fmt.Export(f.name, len(entries) + i, f.calling_convention) for i, f in enumerate(extra)
    )
    module = fmt.Module("module", exports=exports, globals=globals_, functions=functions)
    attrs = entry_attributes or {}
    return fmt.Executable(
        name,
        module,
        tuple(fmt.ExecutableEntry(name, a) for name, a in attrs.items()),
        constants,
    )


def _load(executable: fmt.Executable) -> Executable:
    (loaded,) = load_executables(encode(fmt.Program(executables=(executable,)))).values()
    return loaded


def _set_constants_function() -> fmt.Function:
    """__set_constants(buf): global k = buf[0] + 10 * buf[1]."""
    builder = FunctionBuilder("__set_constants", ("buffer",), ())
    (buffer,) = builder.params
    first = builder.op("vm.buffer.load.i32", buffer, builder.const("i64", 0))[0]
    second = builder.op("vm.buffer.load.i32", buffer, builder.const("i64", 1))[0]
    scaled = builder.op("vm.mul.i32", second, builder.const("i32", 10))[0]
    total = builder.op("vm.add.i32", first, scaled)[0]
    builder.op("vm.global.store.i32", total, symbol=fmt.SymbolRef("global", 0))
    builder.op("vm.return")
    return builder.build()


def _write_global(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """out[linear] = global k."""
    value = builder.op("vm.global.load.i32", symbol=fmt.SymbolRef("global", 0))[0]
    _store_i32(builder, _binding(builder, params[2], 0), _linear_id(builder, params), value)


def _constants_executable(constants: tuple[int, ...], with_setter: bool = True) -> fmt.Executable:
    return _executable(
        (_entry("read", _write_global), {"binding_count": "1"}),
        extra=(_set_constants_function(),) if with_setter else (),
        globals_=(fmt.Global("k", "i32", mutable=True),),
        constants=constants,
        name="with_constants",
    )


IDS = _executable(
    (_entry("ids", _write_ids), {"binding_count": "2"}),
    (_entry("constants", _copy_constants), {"binding_count": "1", "constant_count": "3"}),
    (_entry("local", _local_memory_probe), {"binding_count": "1", "local_memory": "5000"}),
    (_entry("fail", _fail_at(5)), {"binding_count": "1"}),
    entry_attributes={
        "ids": (("workgroup_size", "4,2,1"),),
        "constants": (("workgroup_count", "1,1,1"),),
    },
)


@pytest.fixture(scope="module")
def ids() -> Executable:
    return _load(IDS)


# ---------------------------------------------------------------------------
# Dispatch
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [None, 1, 2, 3, 64])
@pytest.mark.parametrize("grid", [(4, 3, 2), (1, 1, 1), (7, 1, 1), (1, 1, 5)])
def test_every_workgroup_runs_once_with_its_ids(
    ids: Executable, grid: tuple[int, int, int], threads: int | None
) -> None:
    count = grid[0] * grid[1] * grid[2]
    out = np.full(count, -1, np.int32)
    shape = np.zeros((count, 6), np.int32)
    ids.dispatch("ids", grid, [out, shape], threads=threads)
    z, y, x = np.meshgrid(*(np.arange(n) for n in grid[::-1]), indexing="ij")
    np.testing.assert_array_equal(out, (x + 100 * y + 10000 * z).reshape(-1))
    np.testing.assert_array_equal(shape, np.tile([4, 2, 1, *grid], (count, 1)))


def test_empty_grid_runs_nothing(ids: Executable) -> None:
    out = np.full(4, -1, np.int32)
    ids.dispatch("ids", (0, 3, 1), [out, np.zeros(24, np.int32)], threads=2)
    assert (out == -1).all()


def test_workgroup_size_defaults_to_zero() -> None:
    executable = _load(_executable((_entry("ids", _write_ids), {"binding_count": "2"})))
    shape = np.ones((1, 6), np.int32)
    executable.dispatch("ids", (1, 1, 1), [np.zeros(1, np.int32), shape])
    np.testing.assert_array_equal(shape, [[0, 0, 0, 1, 1, 1]])


def test_push_constants_are_32_bit_slots(ids: Executable) -> None:
    out = np.zeros(3, np.int32)
    ids.dispatch(1, bindings=[out], constants=[7, -1, np.uint32(0xFFFFFFFE)])
    np.testing.assert_array_equal(out, [7, -1, -2])


def test_bindings_are_written_in_place_through_buffers_and_arrays(ids: Executable) -> None:
    raw = bytearray(12)
    ids.dispatch("constants", bindings=[raw], constants=[1, 2, 3])
    np.testing.assert_array_equal(np.frombuffer(raw, np.int32), [1, 2, 3])
    buffer = Buffer.allocate(12)
    ids.dispatch("constants", bindings=[buffer], constants=[4, 5, 6])
    np.testing.assert_array_equal(buffer.data.view(np.int32), [4, 5, 6])


@pytest.mark.parametrize("threads", [None, 2])
def test_each_workgroup_gets_zeroed_whole_pages_of_local_memory(
    ids: Executable, threads: int | None
) -> None:
    out = np.zeros(6, np.int32)
    ids.dispatch("local", (3, 2, 1), [out], threads=threads)
    np.testing.assert_array_equal(out, [2001] * 6)  # 5000 bytes -> 2 pages, fresh each time


def test_the_compiled_workgroup_count_is_the_default_grid(ids: Executable) -> None:
    assert ids.entry_point("constants").workgroup_count == (1, 1, 1)
    assert ids.entry_point("ids").workgroup_count is None
    with pytest.raises(StatusError, match="'ids' has no compiled workgroup count") as info:
        ids.dispatch("ids", bindings=[np.zeros(1, np.int32), np.zeros(6, np.int32)])
    assert info.value.code == "INVALID_ARGUMENT"


def test_entry_points_by_name_and_ordinal(ids: Executable) -> None:
    assert ids.name == "ex"
    assert ids.entry_points == ("ids", "constants", "local", "fail")
    assert ids.entry_point("local").ordinal == 2
    assert ids.entry_point(np.int64(1)).name == "constants"
    assert ids.entry_point("constants").constant_count == 3


# ---------------------------------------------------------------------------
# Dispatch errors
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "code"),
    [("nope", "NOT_FOUND"), (4, "INVALID_ARGUMENT"), (-1, "INVALID_ARGUMENT"),
     (True, "INVALID_ARGUMENT"), (1.0, "INVALID_ARGUMENT")],
)  # fmt: skip
def test_bad_entry(ids: Executable, entry: object, code: str) -> None:
    with pytest.raises(StatusError) as info:
        ids.dispatch(entry, bindings=[np.zeros(3, np.int32)], constants=[1, 2, 3])  # type: ignore[arg-type]
    assert info.value.code == code


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bindings": []}, "takes 1 bindings, got 0"),
        ({"constants": [1, 2]}, "takes 3 push constants, got 2"),
        ({"constants": [1, 2, 1.5]}, "push constant 2 must be a 32-bit integer"),
        ({"constants": [1, 2, True]}, "push constant 2 must be a 32-bit integer"),
        ({"constants": [1, 2, 1 << 32]}, "does not fit in 32 bits"),
        ({"constants": [1, 2, -(1 << 31) - 1]}, "does not fit in 32 bits"),
        ({"bindings": [[1, 2, 3]]}, "binding 0 must be a numpy array"),
        ({"bindings": [np.zeros((3, 2), np.int32)[:, 0]]}, "binding 0: cannot wrap non-contiguous"),
        ({"workgroup_count": (1, 1)}, "workgroup_count must be 3 integers"),
        ({"workgroup_count": (1, 1, 1.0)}, "workgroup_count must be 3 integers"),
        ({"workgroup_count": (1, -1, 1)}, "is not 3 uint32s"),
        ({"workgroup_count": (1 << 32, 1, 1)}, "is not 3 uint32s"),
        ({"threads": 0}, "threads must be a positive integer"),
        ({"threads": True}, "threads must be a positive integer"),
        ({"threads": "2"}, "threads must be a positive integer"),
        ({"bindings": None}, "bindings must be a sequence, got NoneType"),
        ({"constants": None}, "constants must be a sequence, got NoneType"),
        ({"constants": 7}, "constants must be a sequence, got int"),
    ],
)
def test_invalid_dispatch_arguments(ids: Executable, kwargs: dict, message: str) -> None:
    arguments = {"bindings": [np.zeros(3, np.int32)], "constants": [1, 2, 3], **kwargs}
    with pytest.raises(StatusError, match=message) as info:
        ids.dispatch("constants", **arguments)
    assert info.value.code == "INVALID_ARGUMENT"


def test_too_small_binding_is_out_of_range(ids: Executable) -> None:
    with pytest.raises(StatusError) as info:
        ids.dispatch("constants", bindings=[np.zeros(2, np.int32)], constants=[1, 2, 3])
    assert info.value.code == "OUT_OF_RANGE"


def test_read_only_binding_is_not_writable(ids: Executable) -> None:
    out = np.zeros(3, np.int32)
    out.flags.writeable = False
    with pytest.raises(StatusError) as info:
        ids.dispatch("constants", bindings=[out], constants=[1, 2, 3])
    assert info.value.code == "PERMISSION_DENIED"
    with pytest.raises(StatusError) as info:
        ids.dispatch("constants", bindings=[bytes(12)], constants=[1, 2, 3])
    assert info.value.code == "PERMISSION_DENIED"


@pytest.mark.parametrize("threads", [None, 2, 4])
def test_a_failing_workgroup_fails_the_dispatch(ids: Executable, threads: int | None) -> None:
    out = np.zeros(8, np.int32)
    with pytest.raises(StatusError, match="workgroup failed") as info:
        ids.dispatch("fail", (8, 1, 1), [out], threads=threads)
    assert info.value.code == "ABORTED"
    assert out[5] == 0
    if threads is None:
        np.testing.assert_array_equal(out, [1, 1, 1, 1, 1, 0, 0, 0])


def test_contexts_are_reused_after_failures(ids: Executable) -> None:
    with pytest.raises(StatusError):
        ids.dispatch("fail", (8, 1, 1), [np.zeros(8, np.int32)], threads=2)
    out = np.zeros(4, np.int32)
    ids.dispatch("fail", (4, 1, 1), [out], threads=2)
    np.testing.assert_array_equal(out, [1, 1, 1, 1])


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------


def test_every_export_must_have_the_entry_calling_convention() -> None:
    builder = FunctionBuilder("helper", ("i32",), ("i32",))
    builder.op("vm.return", builder.params[0])
    executable = _executable((_entry("ids", _write_ids), {}), (builder.build(), {}))
    with pytest.raises(
        StatusError, match=f"expected '{ENTRY_CALLING_CONVENTION}' but got '0i_i'"
    ) as info:
        _load(executable)
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize(
    "reflection",
    [{"binding_count": "x"}, {"constant_count": "-1"}, {"local_memory": "4294967296"},
     {"binding_count": ""}, {"binding_count": "١"}],
)  # fmt: skip
def test_reflection_attributes_must_be_uint32(reflection: dict[str, str]) -> None:
    with pytest.raises(StatusError, match="is not a uint32") as info:
        _load(_executable((_entry("ids", _write_ids), reflection)))
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("workgroup_size", "1,2", "workgroup_size '1,2' is not 'x,y,z'"),
        ("workgroup_count", "1,2,3,4", "workgroup_count '1,2,3,4' is not 'x,y,z'"),
        ("workgroup_count", "1,-2,3", "workgroup_count='-2' is not a uint32"),
    ],
)
def test_malformed_grid_attributes_are_rejected(key: str, value: str, message: str) -> None:
    executable = _executable(
        (_entry("ids", _write_ids), {}), entry_attributes={"ids": ((key, value),)}
    )
    with pytest.raises(StatusError, match=message) as info:
        _load(executable)
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize("threads", [None, 2])
def test_executable_constants_reach_every_context(threads: int | None) -> None:
    executable = _load(_constants_executable((3, 4)))
    out = np.zeros(6, np.int32)
    executable.dispatch("read", (6, 1, 1), [out], threads=threads)
    np.testing.assert_array_equal(out, [43] * 6)
    assert executable.entry_points == ("read",)


@pytest.mark.parametrize(
    ("constants", "with_setter", "message"),
    [
        ((), True, "requires executable-level constants but none were provided"),
        ((1,), False, "has no executable-level constants but 1 constants were provided"),
    ],
)
def test_executable_constants_protocol(
    constants: tuple[int, ...], with_setter: bool, message: str
) -> None:
    with pytest.raises(StatusError, match=message) as info:
        _load(_constants_executable(constants, with_setter))
    assert info.value.code == "INVALID_ARGUMENT"


def test_set_constants_buffer_is_read_only_and_sized() -> None:
    builder = FunctionBuilder("__set_constants", ("buffer",), ())
    (buffer,) = builder.params
    length = builder.op("vm.trunc.i64.i32", builder.op("vm.buffer.length", buffer)[0])[0]
    builder.op("vm.global.store.i32", length, symbol=fmt.SymbolRef("global", 0))
    builder.op("vm.buffer.store.i32", buffer, builder.const("i64", 0), length)
    builder.op("vm.return")
    executable = _executable(
        (_entry("read", _write_global), {"binding_count": "1"}),
        extra=(builder.build(),),
        globals_=(fmt.Global("k", "i32", mutable=True),),
        constants=(1, 2, 3),
    )
    with pytest.raises(StatusError) as info:
        _load(executable)
    assert info.value.code == "PERMISSION_DENIED"


def test_set_constants_needs_its_calling_convention() -> None:
    builder = FunctionBuilder("__set_constants", ("i32",), ())
    builder.op("vm.return")
    executable = _executable(
        (_entry("ids", _write_ids), {}), extra=(builder.build(),), constants=(1,)
    )
    with pytest.raises(StatusError, match="__set_constants must have calling convention '0r_v'"):
        _load(executable)


def test_init_runs_per_context_and_is_not_an_entry_point() -> None:
    builder = FunctionBuilder("__init", (), ())
    builder.op("vm.global.store.i32", builder.const("i32", 9), symbol=fmt.SymbolRef("global", 0))
    builder.op("vm.return")
    executable = _load(
        _executable(
            (_entry("read", _write_global), {"binding_count": "1"}),
            extra=(builder.build(),),
            globals_=(fmt.Global("k", "i32", mutable=True),),
        )
    )
    assert executable.entry_points == ("read",)
    out = np.zeros(4, np.int32)
    executable.dispatch("read", (4, 1, 1), [out], threads=2)
    np.testing.assert_array_equal(out, [9] * 4)


def test_load_from_bytes_and_path_round_trips(tmp_path: Path) -> None:
    data = encode(fmt.Program(executables=(IDS, _constants_executable((1, 2)))))
    assert encode(decode(data)) == data
    path = tmp_path / "ex.vmfb"
    path.write_bytes(data)
    for source in (data, bytearray(data), memoryview(data), str(path), path):
        loaded = load_executables(source)
        assert list(loaded) == ["ex", "with_constants"]
        out = np.zeros(1, np.int32)
        loaded["with_constants"].dispatch(0, (1, 1, 1), bindings=[out])
        assert out[0] == 21


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(StatusError) as info:
        load_executables(tmp_path / "missing.vmfb")
    assert info.value.code == "NOT_FOUND"
    with pytest.raises(StatusError) as info:
        load_executables(tmp_path)
    assert info.value.code == "INVALID_ARGUMENT"
    with pytest.raises(StatusError) as info:
        load_executables(b"not a module file")
    assert info.value.code in ("INVALID_ARGUMENT", "OUT_OF_RANGE")
    with pytest.raises(StatusError) as info:
        load_executables(42)  # type: ignore[arg-type]
    assert info.value.code == "INVALID_ARGUMENT"
