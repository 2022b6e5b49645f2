"""Complete validation of the module model, against the op table.

After `validate_program` passes, the executor may rely on everything it uses: Python types are
exactly the declared ones, never subclasses (so indices interpolated into generated source are
plain ints, names looked up in fixed tables are plain strs, and no attribute access runs
foreign code), every index is in range, every op is in `ops.OPS` with the right operand,
result, immediate, symbol and successor shapes and register types, every block ends in exactly
one terminator, branch arguments match their target's block arguments, `vm.br_table` has at
most `MAX_BR_TABLE_SUCCESSORS` successors, calling conventions are well formed and match
the functions they describe, and every splat is a whole number of copies of a non-empty
pattern, at most `MAX_ALLOCATION` bytes (the executor materializes it under a budget).
Failures raise INVALID_ARGUMENT naming the place.

The work is linear in the size of the module: per-module and per-function tables (import
signatures, block argument types) are computed once, never per instruction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar, cast

from pyvmvx.runtime.status import invalid_argument
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
from pyvmvx.runtime.vm.ops import (
    LIST_ELEMENT_TYPES,
    MAX_ALIGNMENT,
    MAX_ALLOCATION,
    OPS,
    REF_TYPES,
    REGISTER_TYPES,
    OpSpec,
)

CCONV_PATTERN = re.compile(r"0(v|(?:[iIfFr]|C[iIfFr]+D)+)_(v|[iIfFr]+)")
"""IREE's calling conventions; a `C...D` span is a variadic argument (its element kinds)."""
CCONV_KINDS = {"i": "i32", "I": "i64", "f": "f32", "F": "f64", "r": "ref"}
_CCONV_PARAMETER = re.compile(r"C([iIfFr]+)D|([iIfFr])")

_INT_RANGES = {"i32": (-(1 << 31), 1 << 32), "i64": (-(1 << 63), 1 << 63)}

MAX_BR_TABLE_SUCCESSORS = 1 << 16
"""The most successors (the default and the cases) a `vm.br_table` may have."""

_T = TypeVar("_T")

Parameter = str | tuple[str, ...]
"""A parameter's kind, or for a variadic parameter the tuple of its element kinds (one kind
for `i64 ...`, several for `tuple<i32, !vm.ref<?>, i64> ...`)."""

Signature = tuple[tuple[Parameter, ...], tuple[str, ...], bool]
"""A callee's parameter and result kinds, and whether register types must match exactly."""


class _Invalid(Exception):
    """A validation failure below the level that knows where it happened."""


def validate_program(program: Program) -> None:
    """Raise INVALID_ARGUMENT unless `program` is a well-formed, fully consistent program."""
    _expect(program, Program, "program")
    if program.host is not None:
        validate_module(program.host)
    try:
        executables = _items(program.executables, Executable, "executables")
    except _Invalid as err:
        raise invalid_argument(str(err)) from None
    names: set[str] = set()
    for executable in executables:
        try:
            _name(executable.name, names, "executable")
        except _Invalid as err:
            raise invalid_argument(str(err)) from None
        validate_module(executable.module)
        try:
            _entries(executable)
        except _Invalid as err:
            raise invalid_argument(f"executable {executable.name!r}: {err}") from None


def validate_module(module: Module) -> None:
    """Raise INVALID_ARGUMENT unless `module` is well formed and internally consistent."""
    _expect(module, Module, "module")
    if type(module.name) is not str or not module.name:
        raise invalid_argument("module name must be a non-empty string")
    try:
        _check_module(module)
    except _Invalid as err:
        raise invalid_argument(f"module {module.name!r}: {err}") from None


def parse_signature(cconv: str) -> tuple[tuple[Parameter, ...], tuple[str, ...]]:
    """Parameter and result kinds of a calling convention (`ref` for `r`; a variadic `C...D`
    span is the tuple of its element kinds); INVALID_ARGUMENT if it is malformed."""
    match = CCONV_PATTERN.fullmatch(cconv) if type(cconv) is str else None
    if match is None:
        raise invalid_argument(f"malformed calling convention {_show(cconv)}")
    args, results = match.groups()
    params: list[Parameter] = [
        tuple(CCONV_KINDS[c] for c in span) if span else CCONV_KINDS[code]
        for span, code in _CCONV_PARAMETER.findall(args.replace("v", ""))
    ]
    return tuple(params), tuple(CCONV_KINDS[c] for c in results.replace("v", ""))


def parse_calling_convention(cconv: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Argument and result kinds of a function's calling convention (`ref` for `r`);
    INVALID_ARGUMENT if it is malformed or variadic."""
    params, results = parse_signature(cconv)
    kinds = tuple(p for p in params if type(p) is str)
    if len(kinds) != len(params):
        raise invalid_argument(f"calling convention {cconv!r} is variadic")
    return kinds, results


# ---------------------------------------------------------------------------


def _check_module(module: Module) -> None:
    names: set[str] = set()
    for imported in _items(module.imports, Import, "imports"):
        _name(imported.name, names, "import")
        module_name, dot, function_name = imported.name.partition(".")
        if not (module_name and dot and function_name):
            raise _Invalid(f"import {imported.name!r} is not <module>.<function>")
        _cconv(imported.calling_convention, f"import {imported.name!r}")
    names = set()
    for variable in _items(module.globals, Global, "globals"):
        _name(variable.name, names, "global")
        _global(variable)
    names = set()
    for segment in _items(module.rodata, Rodata, "rodata"):
        _name(segment.name, names, "rodata")
        _data(segment.data, f"rodata {segment.name!r}")
        _alignment(segment.alignment, f"rodata {segment.name!r}")
    names = set()
    functions = _items(module.functions, Function, "functions")
    for function in functions:
        _name(function.name, names, "function")
        _signature(function)
    callees = _Callees(module)
    for index, function in enumerate(functions):
        try:
            _function(module, callees, function)
        except _Invalid as err:
            raise _Invalid(f"function {function.name!r} (#{index}): {err}") from None
    names = set()
    for export in _items(module.exports, Export, "exports"):
        _export(module, export, names)


def _entries(executable: Executable) -> None:
    exports = {e.name for e in executable.module.exports}
    seen: set[str] = set()
    for entry in _items(executable.entries, ExecutableEntry, "entries"):
        _name(entry.export, seen, "entry")
        if entry.export not in exports:
            raise _Invalid(f"entry {entry.export!r} is not an export")
        _attributes(entry.attributes, f"entry {entry.export!r}")
    for index, value in enumerate(_tuple(executable.constants, "constants")):
        if type(value) is not int or not 0 <= value < 1 << 32:
            raise _Invalid(f"constant {index} must be a uint32, got {_show(value)}")


def _global(variable: Global) -> None:
    where = f"global {variable.name!r}"
    if type(variable.type) is not str or variable.type not in REGISTER_TYPES:
        raise _Invalid(f"{where} has unknown type {_show(variable.type)}")
    if type(variable.mutable) is not bool:
        raise _Invalid(f"{where}: mutable must be a bool")
    if variable.initial is None:
        return
    if variable.type in _INT_RANGES:
        _int(variable.initial, variable.type, where)
    elif variable.type in ("f32", "f64"):
        if type(variable.initial) is not float:
            raise _Invalid(f"{where}: initial value must be a float")
    else:
        raise _Invalid(f"{where}: ref globals have no initial value")


def _signature(function: Function) -> None:
    for what, types in (("params", function.params), ("results", function.results)):
        for t in _items(types, str, f"function {function.name!r} {what}"):
            if t not in REGISTER_TYPES:
                raise _Invalid(f"function {function.name!r} has unknown type {t!r}")


def _export(module: Module, export: Export, names: set[str]) -> None:
    _name(export.name, names, "export")
    where = f"export {export.name!r}"
    _index(export.function, len(module.functions), f"{where} function")
    _cconv(export.calling_convention, where)
    function = module.functions[export.function]
    if export.calling_convention != function.calling_convention:
        raise _Invalid(
            f"{where} has calling convention {export.calling_convention!r} but its "
            f"function {function.name!r} has {function.calling_convention!r}"
        )
    _attributes(export.reflection, where)


class _Callees:
    """The signature of every possible `vm.call` target of a module, parsed once."""

    def __init__(self, module: Module) -> None:
        self.imports = tuple(
            (*parse_signature(i.calling_convention), False) for i in module.imports
        )
        self.functions = tuple((f.params, f.results, True) for f in module.functions)

    def __getitem__(self, symbol: SymbolRef) -> Signature:
        table = self.functions if symbol.kind == "function" else self.imports
        return table[symbol.index]


def _function(module: Module, callees: _Callees, function: Function) -> None:
    registers = _items(function.registers, str, "registers")
    for t in registers:
        if t not in REGISTER_TYPES:
            raise _Invalid(f"unknown register type {t!r}")
    blocks = _items(function.blocks, Block, "blocks")
    if not blocks:
        raise _Invalid("has no blocks")
    block_types: list[tuple[str, ...]] = []
    for index, block in enumerate(blocks):
        block_types.append(_registers(block.args, registers, "block argument"))
        if len(set(block.args)) != len(block.args):
            raise _Invalid(f"block {index} has a repeated argument register")
    if block_types[0] != function.params:
        raise _Invalid(f"entry block arguments {block_types[0]} do not match the parameters")
    for block_index, block in enumerate(blocks):
        instructions = _items(block.instructions, Instruction, "instructions")
        if not instructions:
            raise _Invalid(f"block {block_index} is empty")
        for position, instruction in enumerate(instructions):
            last = position == len(instructions) - 1
            try:
                spec = _instruction(module, callees, function, block_types, instruction)
                if spec.terminator and not last:
                    raise _Invalid("terminator before the end of its block")
                if last and not spec.terminator:
                    raise _Invalid("block does not end in a terminator")
            except _Invalid as err:
                name = instruction.op if type(instruction.op) is str else "?"
                raise _Invalid(f"block {block_index} op {position} ({name}): {err}") from None


def _instruction(
    module: Module,
    callees: _Callees,
    function: Function,
    block_types: list[tuple[str, ...]],
    instruction: Instruction,
) -> OpSpec:
    if type(instruction.op) is not str or instruction.op not in OPS:
        raise _Invalid("unknown op")
    spec = OPS[instruction.op]
    types = function.registers
    operands = _registers(instruction.operands, types, "operand")
    results = _registers(instruction.results, types, "result")
    symbol = _symbol(module, spec, instruction)
    if spec.signature == "function":
        _match(operands, function.results, "operand", exact=True)
        _match(results, (), "result", exact=True)
    elif spec.signature == "callee":
        params, rets, exact = callees[cast(SymbolRef, symbol)]
        if any(type(p) is tuple for p in params):
            raise _Invalid("calls a variadic import (that takes vm.call.variadic)")
        _match(operands, cast(tuple[str, ...], params), "operand", exact=exact)
        _match(results, rets, "result", exact=exact, produced=True)
    elif spec.signature == "variadic":
        if cast(SymbolRef, symbol).kind != "import":
            raise _Invalid("calls a function (only imports are called with vm.call.variadic)")
        params, rets, _ = callees[cast(SymbolRef, symbol)]
        kinds = _variadic_operands(params, instruction.immediates, len(operands))
        _match(operands, kinds, "operand", exact=False)
        _match(results, rets, "result", exact=False, produced=True)
    else:
        _match(operands, spec.operands, "operand", exact=False)
        _match(results, spec.results, "result", exact=False, produced=True)
    if spec.signature != "variadic":
        _immediates(spec, instruction.immediates)
    _successors(block_types, spec, instruction.successors, function.registers)
    if spec.symbol == "global":
        _global_access(module.globals[cast(SymbolRef, symbol).index], operands + results)
    return spec


def _variadic_operands(
    params: tuple[Parameter, ...], sizes: Any, operand_count: int
) -> tuple[str, ...]:
    """The operand kinds of a variadic call whose immediates `sizes` give the number of
    values (tuples) of each variadic parameter, checked against the `operand_count` operands
    first (exact integers: no size can wrap around the check)."""
    groups = [p for p in params if type(p) is tuple]
    sizes = _tuple(sizes, "immediates")
    if len(sizes) != len(groups):
        raise _Invalid(f"has {len(sizes)} segment sizes for {len(groups)} variadic arguments")
    for size in sizes:
        if type(size) is not int or not 0 <= size <= operand_count:
            raise _Invalid(f"segment size {_show(size)} out of range [0, {operand_count}]")
    counts = iter(sizes)
    total = sum(len(p) * next(counts) if type(p) is tuple else 1 for p in params)
    if total != operand_count:
        raise _Invalid(f"segment sizes give {total} operands, the call has {operand_count}")
    counts = iter(sizes)
    kinds: list[str] = []
    for param in params:
        if type(param) is tuple:
            kinds.extend(param * next(counts))
        else:
            kinds.append(param)
    return tuple(kinds)


def group_variadic_operands(
    params: tuple[Parameter, ...], sizes: tuple[int, ...], operands: Sequence[_T]
) -> list[_T | list[tuple[_T, ...]]]:
    """A validated variadic call's operands by parameter: a fixed parameter's operand, or a
    variadic one's list of operand tuples (one operand each for a single-kind parameter)."""
    values = iter(operands)
    counts = iter(sizes)
    return [
        [tuple(next(values) for _ in param) for _ in range(next(counts))]
        if type(param) is tuple
        else next(values)
        for param in params
    ]


def _symbol(module: Module, spec: OpSpec, instruction: Instruction) -> SymbolRef | None:
    """The instruction's symbol, which is present exactly when the op takes one."""
    symbol = instruction.symbol
    if spec.symbol is None:
        if symbol is not None:
            raise _Invalid("takes no symbol")
        return None
    if type(symbol) is not SymbolRef:
        raise _Invalid("symbol must be a SymbolRef")
    allowed = {"callee": ("import", "function")}.get(spec.symbol, (spec.symbol,))
    if type(symbol.kind) is not str or symbol.kind not in allowed:
        raise _Invalid(f"symbol must be {' or '.join(allowed)}, got {_show(symbol.kind)}")
    table = {
        "import": module.imports,
        "function": module.functions,
        "global": module.globals,
        "rodata": module.rodata,
    }[symbol.kind]
    _index(symbol.index, len(table), f"{symbol.kind} symbol")
    return symbol


def _global_access(variable: Global, registers: tuple[str, ...]) -> None:
    (register,) = registers
    if register != variable.type and "ref" not in (register, variable.type):
        raise _Invalid(f"accesses {variable.type} global {variable.name!r} as {register}")
    if register in REF_TYPES and variable.type not in REF_TYPES:
        raise _Invalid(f"accesses {variable.type} global {variable.name!r} as a ref")


def _match(
    registers: tuple[str, ...],
    kinds: tuple[str, ...],
    what: str,
    *,
    exact: bool,
    produced: bool = False,
) -> None:
    """Check register types against kinds. `ref` kinds take any ref register; results of a
    specific ref kind may also go into a `ref` register (`produced`)."""
    if len(registers) != len(kinds):
        raise _Invalid(f"expects {len(kinds)} {what}s, got {len(registers)}")
    for i, (register, kind) in enumerate(zip(registers, kinds, strict=True)):
        ok = register == kind or (
            not exact
            and register in REF_TYPES
            and (kind == "ref" or (produced and register == "ref" and kind in REF_TYPES))
        )
        if not ok:
            raise _Invalid(f"{what} {i} is a {register} register, expected {kind}")


def _immediates(spec: OpSpec, values: tuple[Any, ...]) -> None:
    values = _tuple(values, "immediates")
    if len(values) != len(spec.immediates):
        raise _Invalid(f"expects {len(spec.immediates)} immediates, got {len(values)}")
    for value, kind in zip(values, spec.immediates, strict=True):
        if kind in _INT_RANGES:
            _int(value, kind, "immediate")
        elif kind in ("f32", "f64"):
            if type(value) is not float:
                raise _Invalid("immediate must be a float")
        elif kind == "alignment":
            _alignment(value, "immediate")
        elif kind == "element_type":
            if type(value) is not str or value not in LIST_ELEMENT_TYPES:
                raise _Invalid(f"unknown list element type {_show(value)}")
        elif kind == "bytes":
            _data(value, "immediate")
        elif type(value) is not str:
            raise _Invalid(f"immediate must be {kind}")


def _successors(
    block_types: list[tuple[str, ...]],
    spec: OpSpec,
    successors: tuple[Any, ...],
    registers: tuple[str, ...],
) -> None:
    successors = _items(successors, Successor, "successors")
    count = len(successors)
    if count != spec.successors and not (spec.successors == -1 and count >= 1):
        raise _Invalid(f"has {count} successors")
    if count > MAX_BR_TABLE_SUCCESSORS:
        raise _Invalid(f"has {count} successors, more than {MAX_BR_TABLE_SUCCESSORS}")
    for successor in successors:
        _index(successor.block, len(block_types), "successor block")
        if successor.block == 0:
            raise _Invalid("the entry block cannot be a branch target")
        args = _registers(successor.args, registers, "successor argument")
        target = block_types[successor.block]
        if args != target:
            raise _Invalid(f"passes {args} to block {successor.block} which takes {target}")


# ---------------------------------------------------------------------------
# Leaf checks
# ---------------------------------------------------------------------------


def _show(value: Any) -> str:
    """`value` for a message, without calling code of foreign objects and without failing (the
    repr of an int of more than 4300 digits raises ValueError)."""
    if type(value) is int and value.bit_length() > 128:
        return f"an int of {value.bit_length()} bits"
    if value is None or type(value) in (int, float, str, bytes, bool):
        text = repr(value)
        return text if len(text) <= 80 else f"{text[:77]}..."
    return f"a {type(value).__name__}"


def _expect(value: Any, cls: type, what: str) -> None:
    if type(value) is not cls:
        raise invalid_argument(f"{what} must be a {cls.__name__}, got {type(value).__name__}")


def _tuple(values: Any, what: str) -> tuple[Any, ...]:
    if type(values) is not tuple:
        raise _Invalid(f"{what} must be a tuple")
    return values


def _items(values: Any, cls: type, what: str) -> tuple[Any, ...]:
    """`values` if it is a tuple of exactly `cls` (no subclass) items."""
    if type(values) is not tuple or not all(type(v) is cls for v in values):
        raise _Invalid(f"{what} must be a tuple of {cls.__name__}")
    return values


def _name(name: Any, seen: set[str], what: str) -> None:
    if type(name) is not str or not name:
        raise _Invalid(f"{what} name must be a non-empty string")
    if name in seen:
        raise _Invalid(f"duplicate {what} {name!r}")
    seen.add(name)


def _index(value: Any, limit: int, what: str) -> None:
    if type(value) is not int or not 0 <= value < limit:
        raise _Invalid(f"{what} index {_show(value)} out of range [0, {limit})")


def _registers(indices: Any, types: tuple[str, ...], what: str) -> tuple[str, ...]:
    for index in _items(indices, int, f"{what}s"):
        _index(index, len(types), f"{what} register")
    return tuple(types[i] for i in indices)


def _int(value: Any, kind: str, what: str) -> None:
    low, high = _INT_RANGES[kind]
    if type(value) is not int or not low <= value < high:
        raise _Invalid(f"{what} must be an {kind} integer, got {_show(value)}")


def _alignment(value: Any, what: str) -> None:
    if type(value) is not int or not 0 < value <= MAX_ALIGNMENT or value & (value - 1):
        raise _Invalid(f"{what} alignment must be a power of two <= {MAX_ALIGNMENT}")


def _data(value: Any, what: str) -> None:
    """Bytes (or a read-only view of them), or a splat: a non-empty pattern repeated a whole
    number of times, at most `MAX_ALLOCATION` bytes in all (exact integers: no length can
    wrap around the checks)."""
    if type(value) is bytes or _is_byte_view(value):
        return
    if (
        type(value) is not Splat
        or type(value.pattern) is not bytes
        or type(value.length) is not int
    ):
        raise _Invalid(f"{what} data must be bytes or a Splat of bytes")
    size, length = len(value.pattern), value.length
    if not 0 < size <= length <= MAX_ALLOCATION or length % size:
        raise _Invalid(
            f"{what} splat must be whole copies of a non-empty pattern, at most "
            f"{MAX_ALLOCATION} bytes: got {_show(length)} bytes of a {size}-byte pattern"
        )


def _is_byte_view(value: Any) -> bool:
    """A read-only, contiguous 1-D memoryview of bytes (a decoded rodata segment)."""
    return (
        type(value) is memoryview
        and value.readonly
        and value.format == "B"
        and value.ndim == 1
        and value.c_contiguous
    )


def _cconv(value: Any, what: str) -> None:
    if type(value) is not str or CCONV_PATTERN.fullmatch(value) is None:
        raise _Invalid(f"{what} has malformed calling convention {_show(value)}")


def _attributes(pairs: Iterable[Any], what: str) -> None:
    keys: set[str] = set()
    for pair in _items(pairs, tuple, f"{what} attributes"):
        if len(pair) != 2 or type(pair[0]) is not str or type(pair[1]) is not str:
            raise _Invalid(f"{what}: attributes must be (str, str) pairs")
        _name(pair[0], keys, f"{what} attribute")


__all__ = [
    "MAX_BR_TABLE_SUCCESSORS",
    "Parameter",
    "group_variadic_operands",
    "parse_calling_convention",
    "parse_signature",
    "validate_module",
    "validate_program",
]
