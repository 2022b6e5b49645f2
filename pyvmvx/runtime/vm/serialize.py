"""The module file: one versioned little-endian binary holding a `format.Program`.

`encode(program)` validates and writes; `decode(data)` reads and validates completely, treating
the bytes as untrusted: every length and count is checked against the bytes that remain before
anything is allocated, every value against its type and range, and the result against
`validate.validate_program`. Decoding is linear in the size of the data. Errors are
StatusError: OUT_OF_RANGE when a length, count or offset runs past the data, INVALID_ARGUMENT
for anything else. The layout is documented byte by byte in `docs/module-format.md`.

Version 3 added splats (read-only data stored as a pattern and a length): rodata segments
carry a data tag (bytes or splat) and immediates a splat tag. Version 4 aligns data for use in
place: every section starts at a multiple of `ALIGNMENT` bytes of the file, and the bytes of a
rodata segment start at such a multiple too (zero padding before them), so the weights of a
mapped file are aligned views, which numpy and BLAS use at full speed (a misaligned float32
matrix made a matmul 3-6x slower). Versions 2 and 3 are still read.
"""

from __future__ import annotations

import mmap
import struct
import zlib
from typing import Any

from pyvmvx.runtime.status import invalid_argument, out_of_range
from pyvmvx.runtime.vm.format import (
    Block,
    Data,
    Executable,
    ExecutableEntry,
    Export,
    Function,
    Global,
    Immediate,
    Import,
    Instruction,
    Module,
    Program,
    Rodata,
    Splat,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.ops import OPS, REGISTER_TYPES
from pyvmvx.runtime.vm.validate import MAX_BR_TABLE_SUCCESSORS, validate_program

MAGIC = b"PYVMVX\r\n"
VERSION = 4
READABLE_VERSIONS = (2, 3, 4)
"""Versions `decode` reads: 3 is 4 without alignment padding, 2 is 3 without splats (and
without a tag on rodata data)."""
ALIGNMENT = 64
"""Version 4: the file offset every section and every rodata segment's bytes start at a
multiple of (zero padding before them)."""
HEADER = struct.Struct("<8sIIII")  # magic, version, flags, crc32 of the rest, section count
SECTION = struct.Struct("<IQQ")  # kind, offset, length
SECTION_HOST = 1
SECTION_EXECUTABLE = 2

TYPE_CODES = {t: i + 1 for i, t in enumerate(REGISTER_TYPES)}
SYMBOL_CODES = {"import": 1, "function": 2, "global": 3, "rodata": 4}
IMM_INT, IMM_FLOAT, IMM_STR, IMM_BYTES, IMM_SPLAT = 1, 2, 3, 4, 5
GLOBAL_MUTABLE, GLOBAL_HAS_INITIAL = 1, 2

_U8 = struct.Struct("<B")
_U32 = struct.Struct("<I")
_U64 = struct.Struct("<Q")
_I64 = struct.Struct("<q")
_F64 = struct.Struct("<d")


def encode(program: Program) -> bytes:
    """The module file for `program` (validated first: INVALID_ARGUMENT if it is not valid)."""
    validate_program(program)
    sections: list[tuple[int, bytes]] = []
    if program.host is not None:
        writer = _Writer()
        writer.module(program.host)
        sections.append((SECTION_HOST, bytes(writer.out)))
    for executable in program.executables:
        writer = _Writer()
        writer.executable(executable)
        sections.append((SECTION_EXECUTABLE, bytes(writer.out)))
    offset = HEADER.size + SECTION.size * len(sections)
    table = bytearray()
    payloads = bytearray()
    for kind, payload in sections:
        padding = _padding(offset)
        payloads += bytes(padding) + payload
        offset += padding
        table += SECTION.pack(kind, offset, len(payload))
        offset += len(payload)
    body = bytes(table) + bytes(payloads)
    return HEADER.pack(MAGIC, VERSION, 0, zlib.crc32(body), len(sections)) + body


def _padding(offset: int) -> int:
    """Bytes from `offset` to the next multiple of `ALIGNMENT`."""
    return -offset % ALIGNMENT


def decode(data: bytes | bytearray | memoryview) -> Program:
    """The validated `Program` in `data`; StatusError (OUT_OF_RANGE or INVALID_ARGUMENT) if
    the bytes are not a well-formed module file of this version.

    Rodata segments are read-only views of `data`, not copies, when `data` cannot change:
    `bytes`, or a memoryview of bytes or of a read-only `mmap` (a mapped module file, whose
    weights are then used in place); anything else is copied first."""
    data = _immutable_view(data)
    if len(data) < HEADER.size:
        raise out_of_range(f"module file too short: {len(data)} bytes")
    magic, version, flags, checksum, count = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise invalid_argument("not a pyvmvx module file (bad magic)")
    if version not in READABLE_VERSIONS:
        raise invalid_argument(
            f"unsupported module file version {version} (expected one of {READABLE_VERSIONS})"
        )
    if flags != 0:
        raise invalid_argument(f"unknown module file flags {flags:#x}")
    if zlib.crc32(memoryview(data)[HEADER.size :]) != checksum:
        raise invalid_argument("module file checksum mismatch (corrupted file)")
    table_end = HEADER.size + SECTION.size * count
    if table_end > len(data):
        raise out_of_range(f"section table of {count} entries runs past the end of the file")
    host: Module | None = None
    executables: list[Executable] = []
    expected_offset = table_end
    for i in range(count):
        kind, offset, length = SECTION.unpack_from(data, HEADER.size + SECTION.size * i)
        if version >= 4:
            _check_padding(data, expected_offset, _padding(expected_offset))
            expected_offset += _padding(expected_offset)
        if offset != expected_offset:
            raise invalid_argument(f"section {i} starts at {offset}, expected {expected_offset}")
        if length > len(data) - offset:
            raise out_of_range(f"section {i} ({length} bytes at {offset}) runs past the file")
        reader = _Reader(data, offset, offset + length, version)
        if kind == SECTION_HOST:
            if host is not None or executables:
                raise invalid_argument(f"section {i}: the host module must be the first section")
            host = reader.module()
        elif kind == SECTION_EXECUTABLE:
            executables.append(reader.executable())
        else:
            raise invalid_argument(f"section {i} has unknown kind {kind}")
        reader.finish()
        expected_offset = offset + length
    if expected_offset != len(data):
        raise invalid_argument(f"{len(data) - expected_offset} trailing bytes after the sections")
    program = Program(host, tuple(executables))
    validate_program(program)
    return program


def _check_padding(data: memoryview, start: int, size: int) -> None:
    """OUT_OF_RANGE if the `size` padding bytes at `start` run past the data, INVALID_ARGUMENT
    if they are not zero."""
    if size > len(data) - start:
        raise out_of_range(f"padding of {size} bytes at offset {start} runs past the data")
    if any(data[start : start + size]):
        raise invalid_argument(f"nonzero padding at offset {start}")


def _immutable_view(data: bytes | bytearray | memoryview) -> memoryview:
    view = memoryview(data)
    owner = view.obj
    immutable = type(owner) is bytes or (type(owner) is mmap.mmap and view.readonly)
    if immutable and view.format == "B" and view.ndim == 1 and view.c_contiguous:
        return view
    return memoryview(bytes(view))


class _Writer:
    def __init__(self) -> None:
        self.out = bytearray()
        self.op_index: dict[str, int] = {}

    def u8(self, value: int) -> None:
        self.out += _U8.pack(value)

    def u32(self, value: int) -> None:
        self.out += _U32.pack(value)

    def string(self, value: str) -> None:
        try:
            raw = value.encode("utf-8")
        except UnicodeEncodeError as err:
            raise invalid_argument(f"string {value!r} is not encodable as UTF-8: {err}") from None
        self.u32(len(raw))
        self.out += raw

    def blob(self, value: bytes) -> None:
        self.out += _U64.pack(len(value))
        self.out += value

    def rodata_data(self, value: Data) -> None:
        """Tagged as a bytes or splat immediate is; bytes after zero padding that puts them
        at a multiple of `ALIGNMENT` from the section's start (itself such a multiple)."""
        if isinstance(value, Splat):
            self.immediate(value)
            return
        self.u8(IMM_BYTES)
        self.out += _U64.pack(len(value))
        self.out += bytes(_padding(len(self.out)))
        self.out += value

    def indices(self, values: tuple[int, ...]) -> None:
        self.u32(len(values))
        for value in values:
            self.u32(value)

    def types(self, values: tuple[str, ...]) -> None:
        self.u32(len(values))
        for value in values:
            self.u8(TYPE_CODES[value])

    def pairs(self, values: tuple[tuple[str, str], ...]) -> None:
        self.u32(len(values))
        for key, value in values:
            self.string(key)
            self.string(value)

    def executable(self, executable: Executable) -> None:
        self.string(executable.name)
        self.module(executable.module)
        self.u32(len(executable.entries))
        for entry in executable.entries:
            self.string(entry.export)
            self.pairs(entry.attributes)
        self.indices(executable.constants)

    def module(self, module: Module) -> None:
        self.string(module.name)
        ops = sorted({i.op for f in module.functions for b in f.blocks for i in b.instructions})
        self.op_index = {name: n for n, name in enumerate(ops)}
        self.u32(len(ops))
        for name in ops:
            self.string(name)
        self.u32(len(module.imports))
        for imported in module.imports:
            self.string(imported.name)
            self.string(imported.calling_convention)
        self.u32(len(module.globals))
        for variable in module.globals:
            self.global_(variable)
        self.u32(len(module.rodata))
        for segment in module.rodata:
            self.string(segment.name)
            self.u32(segment.alignment)
            self.rodata_data(segment.data)
        self.u32(len(module.functions))
        for function in module.functions:
            self.function(function)
        self.u32(len(module.exports))
        for export in module.exports:
            self.string(export.name)
            self.u32(export.function)
            self.string(export.calling_convention)
            self.pairs(export.reflection)

    def global_(self, variable: Global) -> None:
        self.string(variable.name)
        self.u8(TYPE_CODES[variable.type])
        has_initial = variable.initial is not None
        self.u8((GLOBAL_MUTABLE if variable.mutable else 0) | (GLOBAL_HAS_INITIAL * has_initial))
        if isinstance(variable.initial, float):
            self.out += _F64.pack(variable.initial)
        elif has_initial:
            self.out += _I64.pack(variable.initial)

    def function(self, function: Function) -> None:
        self.string(function.name)
        self.types(function.params)
        self.types(function.results)
        self.types(function.registers)
        self.u32(len(function.blocks))
        for block in function.blocks:
            self.indices(block.args)
            self.u32(len(block.instructions))
            for instruction in block.instructions:
                self.instruction(instruction)

    def instruction(self, instruction: Instruction) -> None:
        self.u32(self.op_index[instruction.op])
        self.indices(instruction.operands)
        self.indices(instruction.results)
        self.u32(len(instruction.immediates))
        for value in instruction.immediates:
            self.immediate(value)
        symbol = instruction.symbol
        self.u8(0 if symbol is None else SYMBOL_CODES[symbol.kind])
        if symbol is not None:
            self.u32(symbol.index)
        self.u32(len(instruction.successors))
        for successor in instruction.successors:
            self.u32(successor.block)
            self.indices(successor.args)

    def immediate(self, value: Any) -> None:
        if isinstance(value, int):
            self.u8(IMM_INT)
            self.out += _I64.pack(value)
        elif isinstance(value, float):
            self.u8(IMM_FLOAT)
            self.out += _F64.pack(value)
        elif isinstance(value, str):
            self.u8(IMM_STR)
            self.string(value)
        elif isinstance(value, Splat):
            self.u8(IMM_SPLAT)
            self.out += _U64.pack(value.length)
            self.blob(value.pattern)
        else:
            self.u8(IMM_BYTES)
            self.blob(value)


class _Reader:
    """Reads one section of a file of `version`; every read is bounds-checked against the
    section's end."""

    def __init__(self, data: memoryview, position: int, end: int, version: int) -> None:
        self.data = data
        self.start = position
        self.position = position
        self.end = end
        self.version = version
        self.ops: tuple[str, ...] = ()

    def take(self, size: int) -> int:
        start = self.position
        if size > self.end - start:
            raise out_of_range(f"need {size} bytes at offset {start}, section ends at {self.end}")
        self.position = start + size
        return start

    def u8(self) -> int:
        return self.data[self.take(1)]

    def u32(self) -> int:
        return _U32.unpack_from(self.data, self.take(4))[0]

    def count(self, min_item_size: int) -> int:
        """A u32 item count, refused if that many items cannot fit in what remains."""
        count = self.u32()
        if count * min_item_size > self.end - self.position:
            raise out_of_range(f"count {count} at offset {self.position - 4} exceeds the section")
        return count

    def string(self) -> str:
        length = self.u32()
        start = self.take(length)
        try:
            return str(self.data[start : start + length], "utf-8")
        except UnicodeDecodeError:
            raise invalid_argument(f"invalid UTF-8 string at offset {start}") from None

    def u64(self) -> int:
        return _U64.unpack_from(self.data, self.take(8))[0]

    def blob(self) -> bytes:
        return bytes(self.segment())

    def segment(self) -> memoryview:
        """A blob as a view of the data: rodata segments (weights) are not copied."""
        length = self.u64()
        start = self.take(length)
        return self.data[start : start + length]

    def rodata_data(self) -> Data:
        """A segment's data: a blob in version 2, else bytes or a splat tagged as immediates;
        bytes are a view of the data (`segment`)."""
        if self.version == 2:
            return self.segment()
        tag = self.u8()
        if tag not in (IMM_BYTES, IMM_SPLAT):
            raise invalid_argument(f"unknown rodata data tag {tag} at offset {self.position - 1}")
        if tag == IMM_SPLAT:
            return self.data_value(tag)
        if self.version < 4:
            return self.segment()
        length = self.u64()
        padding = _padding(self.position - self.start)
        _check_padding(self.data, self.take(padding), padding)
        start = self.take(length)
        return self.data[start : start + length]

    def data_value(self, tag: int) -> Data:
        """The bytes (`IMM_BYTES`) or the splat (`IMM_SPLAT`) after a data tag. A splat's
        length is only read here: the validator bounds it, the executor materializes it."""
        if tag == IMM_BYTES:
            return self.blob()
        length = self.u64()
        return Splat(self.blob(), length)

    def indices(self) -> tuple[int, ...]:
        return tuple(self.u32() for _ in range(self.count(4)))

    def type_code(self) -> str:
        code = self.u8()
        if not 1 <= code <= len(REGISTER_TYPES):
            raise invalid_argument(f"unknown type code {code} at offset {self.position - 1}")
        return REGISTER_TYPES[code - 1]

    def types(self) -> tuple[str, ...]:
        return tuple(self.type_code() for _ in range(self.count(1)))

    def pairs(self) -> tuple[tuple[str, str], ...]:
        return tuple((self.string(), self.string()) for _ in range(self.count(8)))

    def finish(self) -> None:
        if self.position != self.end:
            raise invalid_argument(f"{self.end - self.position} unread bytes at end of section")

    def executable(self) -> Executable:
        name = self.string()
        module = self.module()
        entries = tuple(ExecutableEntry(self.string(), self.pairs()) for _ in range(self.count(8)))
        return Executable(name, module, entries, self.indices())

    def module(self) -> Module:
        name = self.string()
        ops = tuple(self.string() for _ in range(self.count(4)))
        for op in ops:
            if op not in OPS:
                raise invalid_argument(f"unknown op {op!r} in the op table")
        if len(set(ops)) != len(ops):
            raise invalid_argument("duplicate names in the op table")
        self.ops = ops
        imports = tuple(Import(self.string(), self.string()) for _ in range(self.count(8)))
        globals_ = tuple(self.global_() for _ in range(self.count(6)))
        rodata = tuple(
            Rodata(self.string(), alignment=self.u32(), data=self.rodata_data())
            for _ in range(self.count(16))
        )
        functions = tuple(self.function() for _ in range(self.count(20)))
        exports = tuple(
            Export(self.string(), self.u32(), self.string(), self.pairs())
            for _ in range(self.count(16))
        )
        return Module(name, imports, exports, globals_, rodata, functions)

    def global_(self) -> Global:
        name = self.string()
        kind = self.type_code()
        flags = self.u8()
        if flags & ~(GLOBAL_MUTABLE | GLOBAL_HAS_INITIAL):
            raise invalid_argument(f"unknown global flags {flags:#x} for {name!r}")
        initial: int | float | None = None
        if flags & GLOBAL_HAS_INITIAL:
            start = self.take(8)
            layout = _F64 if kind in ("f32", "f64") else _I64
            initial = layout.unpack_from(self.data, start)[0]
        return Global(name, kind, bool(flags & GLOBAL_MUTABLE), initial)

    def function(self) -> Function:
        name = self.string()
        params, results, registers = self.types(), self.types(), self.types()
        blocks = tuple(self.block() for _ in range(self.count(8)))
        return Function(name, params, results, registers, blocks)

    def block(self) -> Block:
        args = self.indices()
        return Block(args, tuple(self.instruction() for _ in range(self.count(21))))

    def instruction(self) -> Instruction:
        op_index = self.u32()
        if op_index >= len(self.ops):
            raise invalid_argument(f"op index {op_index} out of range [0, {len(self.ops)})")
        operands, results = self.indices(), self.indices()
        immediates = tuple(self.immediate() for _ in range(self.count(5)))
        symbol_code = self.u8()
        symbol = None
        if symbol_code:
            kinds = [k for k, code in SYMBOL_CODES.items() if code == symbol_code]
            if not kinds:
                raise invalid_argument(f"unknown symbol kind {symbol_code}")
            symbol = SymbolRef(kinds[0], self.u32())
        count = self.count(8)
        if count > MAX_BR_TABLE_SUCCESSORS:
            raise invalid_argument(f"{count} successors, more than {MAX_BR_TABLE_SUCCESSORS}")
        successors = tuple(Successor(self.u32(), self.indices()) for _ in range(count))
        return Instruction(self.ops[op_index], operands, results, immediates, symbol, successors)

    def immediate(self) -> Immediate:
        tag = self.u8()
        if tag == IMM_INT:
            return _I64.unpack_from(self.data, self.take(8))[0]
        if tag == IMM_FLOAT:
            return _F64.unpack_from(self.data, self.take(8))[0]
        if tag == IMM_STR:
            return self.string()
        if tag == IMM_BYTES or (tag == IMM_SPLAT and self.version >= 3):
            return self.data_value(tag)
        raise invalid_argument(f"unknown immediate tag {tag} at offset {self.position - 1}")
