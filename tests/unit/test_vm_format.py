"""The module file: round trip, validation rules, and corrupted or truncated files."""

from __future__ import annotations

import dataclasses
import struct
import zlib
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vm_build import FunctionBuilder

from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.executor import CompiledModule, InitLimits
from pyvmvx.runtime.vm.format import (
    Block,
    Executable,
    ExecutableEntry,
    Export,
    Function,
    Global,
    Import,
    Instruction,
    Module,
    Program,
    Rodata,
    Splat,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.serialize import HEADER, MAGIC, decode, encode
from pyvmvx.runtime.vm.validate import validate_module, validate_program

LOAD_ERRORS = {"INVALID_ARGUMENT", "OUT_OF_RANGE"}


def _rich_module() -> Module:
    """A module using every kind of record and field the format has."""
    loop = FunctionBuilder("loop", ("i32", "buffer"), ("i32", "f64"))
    n, buf = loop.params
    head, done, i = loop.counted_loop(n, loop.op("vm.const.i32.zero")[0])
    wide = loop.op("vm.ext.i32.i64.s", i)[0]
    loop.op("vm.buffer.store.i32", buf, wide, i)
    step = loop.const("i32", 1)
    nxt = loop.op("vm.add.i32", i, step)[0]
    table_index = loop.op("vm.and.i32", nxt, step)[0]
    loop.op(
        "vm.br_table",
        table_index,
        successors=(Successor(head, (nxt,)), Successor(head, (nxt,))),
    )
    loop.at(done)
    total = loop.op("vm.global.load.i32", symbol=SymbolRef("global", 0))[0]
    half = loop.const("f64", 0.5)
    loop.op("vm.return", total, half)

    main = FunctionBuilder("main", (), ("i32", "f64"))
    count = main.const("i32", 0xFFFFFFFF)
    size = main.const("i64", -(1 << 63))
    align = main.const("i32", 16)
    buffer = main.op("vm.buffer.alloc", size, align)[0]
    main.op("vm.rodata.inline", immediates=(b"\x00\x01", 4))
    main.op("vm.rodata.inline", immediates=(Splat(b"\xab\xcd", 6), 2))
    main.op("vm.const.ref.rodata", symbol=SymbolRef("rodata", 0))
    main.op("vm.list.alloc", count, immediates=("buffer",))
    main.const("f32", float("-inf"))
    main.op("vm.call", count, count, count, symbol=SymbolRef("import", 0))
    results = main.op(
        "vm.call", count, buffer, results=("i32", "f64"), symbol=SymbolRef("function", 0)
    )
    main.op("vm.cond_fail", count, count, immediates=("message \u00e9",))
    main.op("vm.return", *results)
    functions = (loop.build(), main.build())
    return Module(
        "rich",
        imports=(Import("native.fn", "0iii_v"), Import("vmvx.add.2d.f32", "0rIIIrIIIrIIIII_v")),
        exports=(
            Export("main", 1, "0v_iF", (("local_memory", "0"), ("binding_count", "2"))),
            Export("loop", 0, "0ir_iF"),
        ),
        globals=(
            Global("g_i32", "i32", True, -5),
            Global("g_i64", "i64", False, (1 << 63) - 1),
            Global("g_f32", "f32", True, 1.5),
            Global("g_f64", "f64"),
            Global("g_buf", "buffer", True),
            Global("g_ref", "ref"),
        ),
        rodata=(
            Rodata("blob", bytes(range(7)), 64),
            Rodata("empty", b""),
            Rodata("splat", Splat(b"\x01\x02\x03", 3 * 5), 8),
        ),
        functions=functions,
    )


def _rich_program() -> Program:
    module = _rich_module()
    entry = ExecutableEntry("main", (("workgroup_size", "1,1,1"),))
    executable = Executable("ex0", module, (entry,), constants=(0, 7, 0xFFFFFFFF))
    return Program(host=module, executables=(executable,))


@pytest.fixture(scope="module")
def rich_file() -> bytes:
    return encode(_rich_program())


@pytest.fixture(scope="module")
def sweep_file() -> bytes:
    """The rich module once, as an executable (the sweeps cost time per byte)."""
    return encode(Program(executables=_rich_program().executables))


def _translate_all(program: Program | None) -> None:
    """Whatever decodes must also translate, or be refused as over its allocation budget (of
    1 MiB here): a corrupted splat length may be a valid, larger one."""
    if program is not None:
        for executable in program.executables:
            try:
                CompiledModule(executable.module, InitLimits(allocation=1 << 20))
            except StatusError as err:
                assert err.code == "RESOURCE_EXHAUSTED", err


def _fix_checksum(data: bytes | bytearray) -> bytes:
    """Re-seal a modified file so the structural validation (not the CRC) must catch it."""
    data = bytearray(data)
    struct.pack_into("<I", data, 16, zlib.crc32(bytes(data[HEADER.size :])))
    return bytes(data)


def _decode_outcome(data: bytes) -> Program | None:
    """Decode untrusted bytes: either a valid program, or None for a load error."""
    try:
        program = decode(data)
    except StatusError as err:
        assert err.code in LOAD_ERRORS, err
        return None
    validate_program(program)
    return program


# ---------------------------------------------------------------------------
# Round trip
# ---------------------------------------------------------------------------


def test_round_trip_preserves_every_field(rich_file: bytes) -> None:
    program = decode(rich_file)
    assert program == _rich_program()
    assert encode(program) == rich_file


def test_round_trip_keeps_nan_and_signed_zero_bits() -> None:
    builder = FunctionBuilder("f", (), ("f64", "f64"))
    nan = builder.const("f64", struct.unpack("<d", bytes.fromhex("0100000000f8ff7f"))[0])
    neg_zero = builder.const("f64", -0.0)
    builder.op("vm.return", nan, neg_zero)
    module = Module("m", functions=(builder.build(),))
    decoded = decode(encode(Program(host=module))).host
    assert decoded is not None
    immediates = [i.immediates[0] for i in decoded.functions[0].blocks[0].instructions[:2]]
    assert struct.pack("<d", immediates[0]).hex() == "0100000000f8ff7f"
    assert struct.pack("<d", immediates[1]) == struct.pack("<d", -0.0)


def test_empty_program_round_trips() -> None:
    assert decode(encode(Program())) == Program()


def test_file_starts_with_magic_and_version(rich_file: bytes) -> None:
    assert rich_file[:8] == MAGIC
    assert struct.unpack_from("<I", rich_file, 8)[0] == 4


# ---------------------------------------------------------------------------
# Validation (the writer validates too)
# ---------------------------------------------------------------------------


def _replace_function(module: Module, index: int, **changes: object) -> Module:
    functions = list(module.functions)
    functions[index] = dataclasses.replace(functions[index], **changes)
    return dataclasses.replace(module, functions=tuple(functions))


def _replace_instruction(module: Module, block: int, position: int, **changes: object) -> Module:
    function = module.functions[0]
    blocks = list(function.blocks)
    instructions = list(blocks[block].instructions)
    instructions[position] = dataclasses.replace(instructions[position], **changes)
    blocks[block] = dataclasses.replace(blocks[block], instructions=tuple(instructions))
    return _replace_function(module, 0, blocks=tuple(blocks))


class _SneakyInt(int):
    def __format__(self, spec: str) -> str:
        return "0; import os"


MUTATIONS: dict[str, Callable[[Module], Module]] = {
    "unknown op": lambda m: _replace_instruction(m, 0, 0, op="vm.frobnicate.i32"),
    "register out of range": lambda m: _replace_instruction(m, 0, 0, results=(999,)),
    "register not an exact int": lambda m: _replace_instruction(m, 0, 0, results=(_SneakyInt(2),)),
    "register type mismatch": lambda m: _replace_instruction(m, 1, 0, operands=(7, 0)),
    "too many operands": lambda m: _replace_instruction(m, 1, 0, operands=(2, 0, 0)),
    "missing immediate": lambda m: _replace_instruction(m, 2, 0, immediates=()),
    "wrong immediate type": lambda m: _replace_instruction(m, 2, 0, immediates=(1.0,)),
    "i32 immediate out of range": lambda m: _replace_instruction(m, 2, 0, immediates=(1 << 32,)),
    "bool immediate": lambda m: _replace_instruction(m, 2, 0, immediates=(True,)),
    "branch target out of range": lambda m: _replace_instruction(
        m, 0, 1, successors=(Successor(9, (2,)),)
    ),
    "branch to the entry block": lambda m: _replace_instruction(
        m, 0, 1, successors=(Successor(0, (2,)),)
    ),
    "branch argument count": lambda m: _replace_instruction(m, 0, 1, successors=(Successor(1),)),
    "branch argument type": lambda m: _replace_instruction(
        m, 0, 1, successors=(Successor(1, (7,)),)
    ),
    "cond_br with one successor": lambda m: _replace_instruction(
        m, 1, 1, successors=(Successor(2),)
    ),
    "symbol where none is taken": lambda m: _replace_instruction(
        m, 0, 0, symbol=SymbolRef("global", 0)
    ),
    "global index out of range": lambda m: _replace_instruction(
        m, 3, 0, symbol=SymbolRef("global", 99)
    ),
    "global of another type": lambda m: _replace_instruction(
        m, 3, 0, symbol=SymbolRef("global", 1)
    ),
    "callee of the wrong kind": lambda m: _replace_instruction(
        m, 3, 0, symbol=SymbolRef("rodata", 0)
    ),
    "missing terminator": lambda m: _replace_instruction(
        m, 3, 2, op="vm.const.i32.zero", operands=(), results=(6,)
    ),
    "terminator mid-block": lambda m: _replace_instruction(
        m, 1, 0, op="vm.return", operands=(1,), results=()
    ),
    "return of the wrong type": lambda m: _replace_instruction(m, 3, 2, operands=(7,)),
    "entry arguments differ from params": lambda m: _replace_function(m, 0, params=("i64",)),
    "unknown register type": lambda m: _replace_function(m, 0, registers=("i7",) * 8),
    "operands as a list": lambda m: _replace_instruction(m, 1, 0, operands=[2, 0]),
    "export cconv mismatch": lambda m: dataclasses.replace(m, exports=(Export("f", 0, "0i_v"),)),
    "malformed export cconv": lambda m: dataclasses.replace(m, exports=(Export("f", 0, "i_i"),)),
    "export function out of range": lambda m: dataclasses.replace(
        m, exports=(Export("f", 3, "0i_i"),)
    ),
    "duplicate export": lambda m: dataclasses.replace(
        m, exports=(Export("f", 0, "0i_i"), Export("f", 0, "0i_i"))
    ),
    "malformed import cconv": lambda m: dataclasses.replace(m, imports=(Import("a.b", "0q_v"),)),
    "import without module": lambda m: dataclasses.replace(m, imports=(Import("ab", "0v_v"),)),
    "ref global with initial value": lambda m: dataclasses.replace(
        m, globals=(Global("g", "buffer", True, 0),)
    ),
    "rodata alignment not a power of two": lambda m: dataclasses.replace(
        m, rodata=(Rodata("r", b"", 3),)
    ),
    "duplicate function name": lambda m: dataclasses.replace(
        m, functions=m.functions + m.functions
    ),
    "empty module name": lambda m: dataclasses.replace(m, name=""),
}


def _counting_module() -> Module:
    """f(n) = sum of 0..n-1 with a global counter: four blocks, loop-carried arguments."""
    builder = FunctionBuilder("f", ("i32",), ("i32",))
    (n,) = builder.params
    head, (i,) = builder.block("i32")
    body, _ = builder.block()
    done, _ = builder.block()
    zero = builder.op("vm.const.i32.zero")[0]
    builder.op("vm.br", successors=(Successor(head, (zero,)),))
    builder.at(head)
    more = builder.op("vm.cmp.lt.i32.s", i, n)[0]
    builder.op("vm.cond_br", more, successors=(Successor(body), Successor(done)))
    builder.at(body)
    step = builder.const("i32", 1)
    nxt = builder.op("vm.add.i32", i, step)[0]
    builder.op("vm.br", successors=(Successor(head, (nxt,)),))
    builder.at(done)
    total = builder.op("vm.global.load.i32", symbol=SymbolRef("global", 0))[0]
    builder.op("vm.global.load.f32", symbol=SymbolRef("global", 1))  # register 7, an f32
    builder.op("vm.return", total)
    return Module(
        "m",
        exports=(Export("f", 0, "0i_i"),),
        globals=(Global("count", "i32", True), Global("x", "f32")),
        rodata=(Rodata("r", b"\x01"),),
        functions=(builder.build(),),
    )


def test_base_of_mutations_is_valid() -> None:
    validate_module(_counting_module())


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_invalid_modules_are_rejected(mutation: str) -> None:
    module = MUTATIONS[mutation](_counting_module())
    with pytest.raises(StatusError) as info:
        validate_module(module)
    assert info.value.code == "INVALID_ARGUMENT"
    with pytest.raises(StatusError):
        encode(Program(host=module))


def test_executable_entry_must_name_an_export() -> None:
    module = _counting_module()
    program = Program(executables=(Executable("e", module, (ExecutableEntry("nope"),)),))
    with pytest.raises(StatusError, match="not an export") as info:
        validate_program(program)
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize("value", [-1, 1 << 32, True, 1.0])
def test_executable_constants_must_be_uint32s(value: object) -> None:
    executable = Executable("e", _counting_module(), constants=(1, value))  # type: ignore[arg-type]
    with pytest.raises(StatusError, match="constant") as info:
        validate_program(Program(executables=(executable,)))
    assert info.value.code == "INVALID_ARGUMENT"


def test_duplicate_executable_names_are_rejected() -> None:
    module = _counting_module()
    program = Program(executables=(Executable("e", module), Executable("e", module)))
    with pytest.raises(StatusError, match="duplicate executable"):
        validate_program(program)


def test_block_arguments_must_be_distinct() -> None:
    function = Function(
        "f", ("i32", "i32"), (), ("i32",), (Block((0, 0), (Instruction("vm.return"),)),)
    )
    with pytest.raises(StatusError, match="repeated argument"):
        validate_module(Module("m", functions=(function,)))


# ---------------------------------------------------------------------------
# Untrusted input
# ---------------------------------------------------------------------------


def test_header_errors() -> None:
    good = encode(Program(host=_counting_module()))
    cases = {
        b"": "OUT_OF_RANGE",
        good[:10]: "OUT_OF_RANGE",
        b"XXXXXXXX" + good[8:]: "INVALID_ARGUMENT",
        good[:8] + struct.pack("<I", 1) + good[12:]: "INVALID_ARGUMENT",
        good[:8] + struct.pack("<I", 5) + good[12:]: "INVALID_ARGUMENT",
        good[:12] + struct.pack("<I", 1) + good[16:]: "INVALID_ARGUMENT",
        good[:-1] + bytes([good[-1] ^ 1]): "INVALID_ARGUMENT",
        _fix_checksum(good + b"\x00"): "INVALID_ARGUMENT",
        _fix_checksum(good[:20] + struct.pack("<I", 1 << 31) + good[24:]): "OUT_OF_RANGE",
    }
    for data, code in cases.items():
        with pytest.raises(StatusError) as info:
            decode(data)
        assert info.value.code == code, data[:24]


def test_every_truncation_is_rejected(sweep_file: bytes) -> None:
    for length in range(len(sweep_file)):
        with pytest.raises(StatusError) as info:
            decode(sweep_file[:length])
        assert info.value.code in LOAD_ERRORS
        # Re-sealed, the truncation must be caught by the structure, not only the CRC.
        if length >= HEADER.size:
            assert _decode_outcome(_fix_checksum(sweep_file[:length])) is None


def test_every_byte_corruption_is_rejected_or_valid(sweep_file: bytes) -> None:
    detected = 0
    for position in range(len(sweep_file)):
        for flip in (0x01, 0xFF):
            corrupted = bytearray(sweep_file)
            corrupted[position] ^= flip
            with pytest.raises(StatusError) as info:
                decode(bytes(corrupted))
            assert info.value.code in LOAD_ERRORS
            if position >= HEADER.size:
                program = _decode_outcome(_fix_checksum(corrupted))
                detected += program is None
                _translate_all(program)
    assert detected > len(sweep_file)  # most sealed corruptions break the structure


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=256))
def test_random_bytes_are_rejected(data: bytes) -> None:
    with pytest.raises(StatusError) as info:
        decode(MAGIC + data)
    assert info.value.code in LOAD_ERRORS


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_edits_of_a_valid_file_never_escape(data: st.DataObject) -> None:
    original = encode(Program(executables=(Executable("e", _counting_module()),)))
    edited = bytearray(original)
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(HEADER.size, len(edited) - 1))
        action = data.draw(st.sampled_from(["set", "insert", "delete"]))
        if action == "set":
            edited[position] = data.draw(st.integers(0, 255))
        elif action == "insert":
            edited[position:position] = data.draw(st.binary(min_size=1, max_size=8))
        elif len(edited) > HEADER.size + 1:
            del edited[position]
    _translate_all(_decode_outcome(_fix_checksum(edited)))


def test_huge_counts_fail_before_allocating() -> None:
    """A count of 2**32-1 list items in a tiny section is refused by the bound, not by memory."""
    module = Module("m")
    data = bytearray(encode(Program(host=module)))
    start = struct.unpack_from("<IQQ", data, HEADER.size)[1]  # the section's (padded) offset
    op_count_at = start + 4 + len("m")  # name length, name
    assert struct.unpack_from("<I", data, op_count_at)[0] == 0
    struct.pack_into("<I", data, op_count_at, 0xFFFFFFFF)
    with pytest.raises(StatusError, match="exceeds the section") as info:
        decode(_fix_checksum(data))
    assert info.value.code == "OUT_OF_RANGE"


def test_unknown_op_name_in_file_is_rejected() -> None:
    data = encode(Program(host=_counting_module()))
    assert b"vm.add.i32" in data
    forged = _fix_checksum(data.replace(b"vm.add.i32", b"vm.add.x32"))
    with pytest.raises(StatusError, match="unknown op 'vm.add.x32'") as info:
        decode(forged)
    assert info.value.code == "INVALID_ARGUMENT"
