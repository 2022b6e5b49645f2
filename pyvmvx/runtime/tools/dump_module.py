"""`pyvmvx-dump-module FILE`: print a module file the way `iree-dump-module` does.

For the host module and each executable: imports and exports with their calling conventions
and reflection attributes, executable entry metadata and constants, globals, rodata sizes (and
a splat's pattern size; a short printable one's text), and every function disassembled with its
typed registers and blocks (`%r3:i64 = vm.add.i64 %r1, %r2`; a variadic call's arguments
grouped as IREE writes them, `@hal.buffer_view.create(%r1, %r2, %r2, %r3, %r4, [%r5, %r6])`).
Reads the file with the runtime's validating reader; exits 1 with the error otherwise.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import cast

from pyvmvx.runtime.api import read_module_file
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.format import (
    Data,
    Function,
    Immediate,
    Instruction,
    Module,
    Program,
    Splat,
    Successor,
)
from pyvmvx.runtime.vm.serialize import VERSION, decode
from pyvmvx.runtime.vm.validate import group_variadic_operands, parse_signature

_SHOWN_TEXT = 64
"""Rodata of at most this many printable ASCII bytes is shown as text."""
_SYMBOL_TABLES = {"import": "imports", "function": "functions", "global": "globals"}


def dump_program(program: Program) -> str:
    """The whole listing of a decoded module file."""
    lines = [f"// pyvmvx module file, version {VERSION}"]
    if program.host is not None:
        lines += ["", f"Host module @{_name(program.host.name)}", *_module(program.host)]
    for executable in program.executables:
        lines += [
            "",
            f"Executable @{_name(executable.name)} (vm.module @{_name(executable.module.name)})",
        ]
        if executable.entries:
            lines.append("  Entry metadata:")
            lines += [
                f"    {_name(entry.export)}{_attributes(entry.attributes)}"
                for entry in executable.entries
            ]
        if executable.constants:
            values = ", ".join(str(value) for value in executable.constants)
            lines.append(f"  Executable constants: [{values}]")
        lines += _module(executable.module)
    return "\n".join(lines) + "\n"


def _module(module: Module) -> list[str]:
    lines = [f"  Imports ({len(module.imports)}):"]
    lines += [
        f"    [{i}] {_name(imported.name)} : {_name(imported.calling_convention)}"
        for i, imported in enumerate(module.imports)
    ]
    lines.append(f"  Exports ({len(module.exports)}):")
    lines += [
        f"    [{i}] {_name(export.name)} : {_name(export.calling_convention)} -> "
        f"@{_name(module.functions[export.function].name)}{_attributes(export.reflection)}"
        for i, export in enumerate(module.exports)
    ]
    lines.append(f"  Globals ({len(module.globals)}):")
    for i, variable in enumerate(module.globals):
        mutable = " mutable" if variable.mutable else ""
        initial = f" = {variable.initial!r}" if variable.initial is not None else ""
        lines.append(
            f"    [{i}]{mutable} @{_name(variable.name)} : {_name(variable.type)}{initial}"
        )
    lines.append(f"  Rodata ({len(module.rodata)}):")
    lines += [
        f"    [{i}] @{_name(segment.name)} : {_data(segment.data)}, alignment {segment.alignment}"
        f"{_text(segment.data)}"
        for i, segment in enumerate(module.rodata)
    ]
    lines.append(f"  Functions ({len(module.functions)}):")
    for i, function in enumerate(module.functions):
        lines += _function(module, i, function)
    return lines


def _function(module: Module, index: int, function: Function) -> list[str]:
    params = _name(", ".join(function.params))
    results = _name(", ".join(function.results))
    lines = [
        f"    [{index}] @{_name(function.name)}({params}) -> ({results}) : "
        f"{_name(function.calling_convention)}, {len(function.registers)} registers"
    ]
    for number, block in enumerate(function.blocks):
        args = ", ".join(_register(function, r) for r in block.args)
        lines.append(f"      ^bb{number}({args}):" if args else f"      ^bb{number}:")
        lines += [f"        {_instruction(module, function, i)}" for i in block.instructions]
    return lines


def _register(function: Function, register: int) -> str:
    return f"%r{register}:{_name(function.registers[register])}"


def _instruction(module: Module, function: Function, instruction: Instruction) -> str:
    text = instruction.op
    if instruction.symbol is not None:
        symbol = instruction.symbol
        table = getattr(module, _SYMBOL_TABLES.get(symbol.kind, symbol.kind))
        text += f" @{_name(table[symbol.index].name)}"
    operands = [f"%r{r}" for r in instruction.operands]
    parts = [_immediate(value) for value in instruction.immediates]
    parts += [_successor(s) for s in instruction.successors]
    if instruction.op == "vm.call":
        text += f"({', '.join(operands)})"
    elif instruction.op == "vm.call.variadic":
        text += f"({_variadic_arguments(module, instruction)})"
        parts = []
    else:
        parts = operands + parts
    if parts:
        text += " " + ", ".join(parts)
    if instruction.results:
        defined = ", ".join(_register(function, r) for r in instruction.results)
        text = f"{defined} = {text}"
    return text


def _variadic_arguments(module: Module, instruction: Instruction) -> str:
    """A variadic call's operands grouped as IREE writes them: `%r1, [%r2, %r3], [(%r4,
    %r5)]` (validated, so the segment sizes fit the import's signature)."""
    assert instruction.symbol is not None
    params, _ = parse_signature(module.imports[instruction.symbol.index].calling_convention)
    groups = group_variadic_operands(
        params,
        cast(tuple[int, ...], instruction.immediates),
        [f"%r{r}" for r in instruction.operands],
    )
    return ", ".join(
        group
        if isinstance(group, str)
        else "[" + ", ".join(t[0] if len(t) == 1 else f"({', '.join(t)})" for t in group) + "]"
        for group in groups
    )


def _immediate(value: Immediate) -> str:
    if isinstance(value, bytes | Splat):
        return f"<{_data(value)}>"
    return repr(value)


def _data(value: Data) -> str:
    """The size of data; for a splat, also that of its pattern."""
    if isinstance(value, Splat):
        return f"{value.length} bytes (splat of a {len(value.pattern)}-byte pattern)"
    return f"{len(value)} bytes"


def _text(value: Data) -> str:
    """` = 'text'` for short printable ASCII data (the names and messages a host passes)."""
    if isinstance(value, Splat) or not 0 < len(value) <= _SHOWN_TEXT:
        return ""
    data = bytes(value)
    if not (data.isascii() and data.decode().isprintable()):
        return ""
    return f" = {data.decode()!r}"


def _name(text: str) -> str:
    """`text` with control and other non-printable characters escaped (as Python's repr does),
    so a name in a hostile file cannot forge listing lines or drive the terminal."""
    return text if text.isprintable() else repr(text)[1:-1]


def _successor(successor: Successor) -> str:
    args = ", ".join(f"%r{r}" for r in successor.args)
    return f"^bb{successor.block}({args})" if args else f"^bb{successor.block}"


def _attributes(pairs: Sequence[tuple[str, str]]) -> str:
    if not pairs:
        return ""
    return " {" + ", ".join(f"{_name(key)} = {value!r}" for key, value in pairs) + "}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-dump-module", description="Print the contents of a pyvmvx module file."
    )
    parser.add_argument("file", help="module file (.vmfb) to print")
    args = parser.parse_args(argv)
    try:
        program = decode(read_module_file(args.file))
    except StatusError as err:
        print(f"pyvmvx-dump-module: error: {err.code}: {err.message}", file=sys.stderr)
        return 1
    sys.stdout.write(dump_program(program))
    return 0


def console_main() -> None:
    sys.exit(main())
