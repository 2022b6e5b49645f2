"""Splat data in module files (format version 3 on): round trip, version-2 and -3 files, the
version-4 padding, the
validator's refusals (exact integers: no length wraps around a check), materialization at load
and the allocation budget it counts against."""

from __future__ import annotations

import dataclasses
import struct
import zlib
from typing import Any

import pytest
from vm_build import FunctionBuilder, module

from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.tools.dump_module import dump_program
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule, InitLimits
from pyvmvx.runtime.vm.format import Export, Module, Program, Rodata, Splat, SymbolRef
from pyvmvx.runtime.vm.ops import MAX_ALLOCATION
from pyvmvx.runtime.vm.serialize import HEADER, IMM_SPLAT, SECTION, decode, encode
from pyvmvx.runtime.vm.validate import validate_module

PATTERN = b"\x01\x02\x03\x04"
LENGTH = 4 * 1000
SEGMENT = Splat(PATTERN, LENGTH)
INLINE = Splat(b"\xee", 3)


def _module(segment: Any = SEGMENT, inline: Any = INLINE) -> Module:
    """Export `f` returns a splat rodata segment (`@s`, 64-aligned) and an inline splat."""
    builder = FunctionBuilder("f", (), ("buffer", "buffer"))
    rodata = builder.op("vm.const.ref.rodata", symbol=SymbolRef("rodata", 0))[0]
    data = builder.op("vm.rodata.inline", immediates=(inline, 8))[0]
    builder.op("vm.return", rodata, data)
    return module("m", builder.build(), rodata=(Rodata("s", segment, 64),))


def _seal(data: bytes | bytearray) -> bytes:
    data = bytearray(data)
    struct.pack_into("<I", data, 16, zlib.crc32(bytes(data[HEADER.size :])))
    return bytes(data)


def _segment_data_offset(data: bytes) -> int:
    """Where segment `s`'s data tag is: after its name and its u32 alignment."""
    return data.index(struct.pack("<I", 1) + b"s" + struct.pack("<I", 64)) + 9


def test_splat_segment_round_trips_as_a_pattern_and_a_length() -> None:
    program = Program(host=_module())
    data = encode(program)
    assert len(data) < 400  # not the 4,000 bytes it stands for
    at = _segment_data_offset(data)
    assert data[at] == IMM_SPLAT
    assert struct.unpack_from("<QQ", data, at + 1) == (LENGTH, len(PATTERN))
    assert decode(data) == program
    assert encode(decode(data)) == data


def _older(program: Program, version: int) -> bytes:
    """`program` (a host module with bytes in segment `s`) in `version` 3 (version 4 without
    its zero padding) or 2 (also without the data tag of segments)."""
    data = bytearray(encode(program))
    _, start, _ = SECTION.unpack_from(data, HEADER.size)
    tag = _segment_data_offset(bytes(data))
    del data[tag + 9 : tag + 9 + (start - tag - 9) % 64]  # the segment's padding
    if version == 2:
        del data[tag]
    table_end = HEADER.size + SECTION.size
    del data[table_end:start]  # the section's padding
    struct.pack_into("<I", data, 8, version)
    struct.pack_into("<QQ", data, HEADER.size + 4, table_end, len(data) - table_end)
    return _seal(data)


def _version_2(program: Program) -> bytes:
    return _older(program, 2)


def test_version_3_files_are_read() -> None:
    """Version 3 had no padding: its sections and segments sit at any offset."""
    program = Program(host=_module(b"abc", b"de"))
    data = _older(program, 3)
    assert len(data) < len(encode(program))
    assert decode(data) == program


def test_version_4_pads_sections_and_segment_bytes_to_64_with_zeros() -> None:
    program = Program(host=_module(b"abc", b"de"))
    data = encode(program)
    _, start, _ = SECTION.unpack_from(data, HEADER.size)
    assert start % 64 == 0 and not any(data[HEADER.size + SECTION.size : start])
    tag = _segment_data_offset(data)
    at = data.index(b"abc", tag)
    assert at % 64 == 0 and not any(data[tag + 9 : at])
    for where in (start - 1, at - 1):
        forged = bytearray(data)
        forged[where] = 1
        with pytest.raises(StatusError, match="nonzero padding at offset") as info:
            decode(_seal(forged))
        assert info.value.code == "INVALID_ARGUMENT"


def test_version_2_files_are_read() -> None:
    program = Program(host=_module(b"abc", b"de"))
    assert decode(_version_2(program)) == program


def test_version_2_files_have_no_splats() -> None:
    with pytest.raises(StatusError, match=f"unknown immediate tag {IMM_SPLAT}") as info:
        decode(_version_2(Program(host=_module(b"abc"))))
    assert info.value.code == "INVALID_ARGUMENT"


class _SneakyInt(int):
    pass


MALFORMED = {
    "empty pattern": Splat(b"", 0),
    "zero length": Splat(PATTERN, 0),
    "negative length": Splat(PATTERN, -4),
    "length not a multiple of the pattern": Splat(PATTERN, 4001),
    "length shorter than the pattern": Splat(PATTERN, 2),
    "length over MAX_ALLOCATION": Splat(b"\x00", MAX_ALLOCATION + 1),
    "length that wraps to 4 modulo 2**64": Splat(PATTERN, (1 << 64) + 4),
    "length not an int": Splat(PATTERN, 4.0),
    "length a bool": Splat(b"\x00", True),
    "length an int subclass": Splat(PATTERN, _SneakyInt(8)),
    "pattern not bytes": Splat(bytearray(PATTERN), 8),
    "not a Splat": bytearray(8),
}


@pytest.mark.parametrize("case", MALFORMED)
@pytest.mark.parametrize("where", ["segment", "inline"])
def test_malformed_splats_are_refused(case: str, where: str) -> None:
    bad = _module(**{where: MALFORMED[case]})
    with pytest.raises(StatusError, match="data must be|splat must be") as info:
        validate_module(bad)
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize("length", [0, 4001, MAX_ALLOCATION + 4, (1 << 64) - 4, (1 << 64) - 1])
def test_malformed_splat_lengths_in_a_file_are_refused(length: int) -> None:
    data = bytearray(encode(Program(host=_module())))
    struct.pack_into("<Q", data, _segment_data_offset(bytes(data)) + 1, length)
    with pytest.raises(StatusError, match="splat must be") as info:
        decode(_seal(data))
    assert info.value.code == "INVALID_ARGUMENT"


def test_splats_are_materialized_at_load() -> None:
    segment, inline = CompiledModule(_module()).instantiate().call("f")
    assert isinstance(segment, Buffer) and isinstance(inline, Buffer)
    assert bytes(segment.data) == PATTERN * 1000 and bytes(inline.data) == b"\xee" * 3
    assert segment.data.ctypes.data % 64 == 0 and not segment.mutable and not inline.mutable


def _allocating(size: int) -> Module:
    """`_module()` with an `__init` that allocates `size` bytes."""
    init = FunctionBuilder("__init", (), ())
    init.op("vm.buffer.alloc", init.const("i64", size), init.const("i32", 16))
    init.op("vm.return")
    base = _module()
    functions = (*base.functions, init.build())
    exports = (*base.exports, Export("__init", 1, "0v_v"))
    return dataclasses.replace(base, functions=functions, exports=exports)


def test_splats_count_against_the_allocation_budget() -> None:
    """4,003 splat bytes: a budget of 4,002 refuses the module before materializing; one of
    4,103 leaves its initializers 100 bytes."""
    with pytest.raises(StatusError, match="4003 bytes of splat rodata") as info:
        CompiledModule(_module(), InitLimits(allocation=LENGTH + 2))
    assert info.value.code == "RESOURCE_EXHAUSTED"
    limits = InitLimits(allocation=LENGTH + 3 + 100)
    CompiledModule(_allocating(100), limits).instantiate()
    with pytest.raises(StatusError, match="allocation budget") as info:
        CompiledModule(_allocating(101), limits).instantiate()
    assert info.value.code == "RESOURCE_EXHAUSTED"


def test_dump_shows_splat_sizes() -> None:
    listing = dump_program(Program(host=_module()))
    assert "@s : 4000 bytes (splat of a 4-byte pattern), alignment 64" in listing
    assert "vm.rodata.inline <3 bytes (splat of a 1-byte pattern)>, 8" in listing
