"""The in-memory model of a module file: plain frozen dataclasses, shaped like a `vm.module`.

A `Program` holds an optional host `Module` and `Executable`s (a module plus per-export
metadata). A `Module` has imports, exports, globals, rodata segments and functions; a
`Function` has a typed register file and blocks; a `Block` has argument registers and
instructions; an `Instruction` names its op as IREE's `vm` dialect does (`vm.add.i32`) and
refers to registers, symbols and blocks by index. This mirrors MLIR directly: every SSA value
gets a register, every block argument is a register of its block, every successor carries its
operand registers, so the compiler writes it with one walk over a `vm.module`.

Register and global types are the runtime's type names: `i32`, `i64`, `f32`, `f64`, `buffer`,
`list` and `ref` (any ref). Calling conventions are IREE's strings, `0<args>_<results>` with
`i`/`I`/`f`/`F`/`r` per i32/i64/f32/f64/ref value and `v` for none (`0rrriiiiiiiii_v`).

Read-only data (a rodata segment, a `vm.rodata.inline` immediate) is `bytes` or a `Splat`: a
pattern repeated to a length, which keeps a splat constant as small in the file as in the
source and is materialized when the module is loaded. A decoded rodata segment may also be a
read-only `memoryview` of the module file's bytes (of a mapped file: weights not copied).

Nothing here checks anything; `validate.validate_program` does, and `serialize.decode`
validates what it reads. The validator accepts exact types only (a `str`, never a subclass of
it; a `Function`, never a subclass), because the executor generates Python source from these
values. The classes use slots: a module file's objects take a small constant number of bytes
per byte of file.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Splat:
    """`length` bytes of `pattern` repeated (a whole number of times): read-only data kept
    as one copy of its pattern (`dense<1.0> : tensor<300000000xf32>` is 4 bytes of pattern
    and a length of 1.2 GB) until the runtime loads it. `len()` is `length`, as for bytes."""

    pattern: bytes
    length: int

    def __len__(self) -> int:
        return self.length


Data = bytes | memoryview | Splat
"""Read-only data: raw bytes (or a read-only byte view of a module file), or a splat."""

Immediate = int | float | str | Data
"""An instruction immediate: an integer, a float, a string or data (see ops.OpSpec)."""

CCONV_CODES = {
    "i32": "i",
    "i64": "I",
    "f32": "f",
    "f64": "F",
    "buffer": "r",
    "list": "r",
    "ref": "r",
}


def calling_convention(params: tuple[str, ...], results: tuple[str, ...]) -> str:
    """IREE's calling-convention string for a function of these register types."""
    args = "".join(CCONV_CODES[t] for t in params) or "v"
    rets = "".join(CCONV_CODES[t] for t in results) or "v"
    return f"0{args}_{rets}"


@dataclass(frozen=True, slots=True)
class SymbolRef:
    """A reference to a module-level symbol by kind and index into that kind's table.

    `kind` is `import`, `function`, `global` or `rodata`; `vm.call` takes an `import` or a
    `function`.
    """

    kind: str
    index: int


@dataclass(frozen=True, slots=True)
class Successor:
    """A branch target: a block index of the same function and the registers passed to it."""

    block: int
    args: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Instruction:
    """One op: `op` is its full name, registers are indices into the function's registers."""

    op: str
    operands: tuple[int, ...] = ()
    results: tuple[int, ...] = ()
    immediates: tuple[Immediate, ...] = ()
    symbol: SymbolRef | None = None
    successors: tuple[Successor, ...] = ()


@dataclass(frozen=True, slots=True)
class Block:
    """A basic block: argument registers, then instructions ending in one terminator."""

    args: tuple[int, ...]
    instructions: tuple[Instruction, ...]


@dataclass(frozen=True, slots=True)
class Function:
    """A function; `registers[i]` is the type of register i and block 0 is the entry.

    The entry block's argument registers receive the arguments, so their types are `params`.
    """

    name: str
    params: tuple[str, ...]
    results: tuple[str, ...]
    registers: tuple[str, ...]
    blocks: tuple[Block, ...]

    @property
    def calling_convention(self) -> str:
        return calling_convention(self.params, self.results)


@dataclass(frozen=True, slots=True)
class Import:
    """An imported function: its full name (`vmvx.add.2d.f32` is `add.2d.f32` of module
    `vmvx`) and the calling convention it must have."""

    name: str
    calling_convention: str

    @property
    def module_name(self) -> str:
        return self.name.partition(".")[0]

    @property
    def function_name(self) -> str:
        return self.name.partition(".")[2]


@dataclass(frozen=True, slots=True)
class Export:
    """An exported function: public name, function index, calling convention (which must be
    the function's) and reflection attributes (`("local_memory", "0")`, ...)."""

    name: str
    function: int
    calling_convention: str
    reflection: tuple[tuple[str, str], ...] = ()

    @property
    def attributes(self) -> dict[str, str]:
        return dict(self.reflection)


@dataclass(frozen=True, slots=True)
class Global:
    """A global variable; value globals start at `initial` (or zero), ref globals at null."""

    name: str
    type: str
    mutable: bool = False
    initial: int | float | None = None


@dataclass(frozen=True, slots=True)
class Rodata:
    """A read-only data segment, loaded as a read-only buffer aligned to `alignment`."""

    name: str
    data: Data
    alignment: int = 16


@dataclass(frozen=True, slots=True)
class Module:
    """A `vm.module`. A function exported as `__init` runs when the module is loaded."""

    name: str
    imports: tuple[Import, ...] = ()
    exports: tuple[Export, ...] = ()
    globals: tuple[Global, ...] = ()
    rodata: tuple[Rodata, ...] = ()
    functions: tuple[Function, ...] = ()

    def export(self, name: str) -> Export | None:
        return next((e for e in self.exports if e.name == name), None)


@dataclass(frozen=True, slots=True)
class ExecutableEntry:
    """Per-export metadata of an executable, beyond the export's reflection attributes."""

    export: str
    attributes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Executable:
    """A HAL executable: its symbol name, its `vm.module`, metadata per entry point and the
    values of its executable-level constants (uint32s by constant ordinal), which the loader
    passes to the module's `__set_constants` export."""

    name: str
    module: Module
    entries: tuple[ExecutableEntry, ...] = ()
    constants: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Program:
    """What one module file holds: an optional host module and the executables."""

    host: Module | None = None
    executables: tuple[Executable, ...] = ()

    def executable(self, name: str) -> Executable | None:
        return next((e for e in self.executables if e.name == name), None)
