"""The VM executor: each module is translated once into Python, then run as plain calls.

`CompiledModule(module)` validates a `format.Module` and generates the Python source of one
factory function holding every VM function as a nested Python function: registers are locals
(`r7`), a multi-block function is a `while True:` loop over `if _b == <block>:` sections, and
each instruction is its op's template from `ops.OPS` filled with register names. The source is
produced by this module from validated integers and the fixed op table, never from text in the
module, and compiled once. `instantiate(natives)` then binds imports and fresh globals and
returns a `Context` whose exports run with no interpretation overhead.

Imports `<module>.<function>` resolve against `natives[<module>]`: any object with
`call(name, *args) -> tuple` and `signature(name) -> str` (such as `VMVXModule` or another
`Context`), or a dict `{name: (calling_convention, callable)}`. The calling convention the
native reports must equal the import's (INVALID_ARGUMENT); missing modules or functions are
NOT_FOUND.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.format import Function, Import, Instruction, Module, Successor
from pyvmvx.runtime.vm.list import List
from pyvmvx.runtime.vm.ops import HELPERS, OPS, REF_TYPES, OpSpec, f32, read_only_buffer, wrap32
from pyvmvx.runtime.vm.validate import parse_calling_convention, validate_module

_ZEROS = {"i32": "0", "i64": "0", "f32": "0.0", "f64": "0.0"}


class NativeModule(Protocol):
    """What an import can resolve against (`VMVXModule` and `Context` are ones)."""

    def call(self, name: str, *args: Any) -> tuple[Any, ...]: ...

    def signature(self, name: str) -> str: ...


class FunctionTable:
    """A native module made of Python callables: `{name: (calling_convention, callable)}`.

    A callable returns a tuple of its results (None is taken as no results).
    """

    def __init__(self, functions: Mapping[str, tuple[str, Callable[..., Any]]]) -> None:
        self._functions = dict(functions)

    def signature(self, name: str) -> str:
        if name not in self._functions:
            raise StatusError(StatusCode.NOT_FOUND, f"function {name!r} not found")
        return self._functions[name][0]

    def call(self, name: str, *args: Any) -> tuple[Any, ...]:
        self.signature(name)
        results = self._functions[name][1](*args)
        return () if results is None else results


class CompiledModule:
    """A validated module translated to Python once; instantiate it once per context."""

    def __init__(self, module: Module) -> None:
        validate_module(module)
        self.module = module
        self.source, constants = _ModuleWriter(module).write()
        namespace = dict(HELPERS)
        exec(compile(self.source, "<pyvmvx vm module>", "exec"), namespace)
        self._factory: Callable[..., tuple[Callable[..., tuple[Any, ...]], ...]]
        self._factory = namespace["_factory"]
        self._constants = constants
        self._rodata = tuple(read_only_buffer(s.data, s.alignment) for s in module.rodata)

    def instantiate(self, natives: Mapping[str, Any] | None = None) -> Context:
        """A fresh context: imports resolved against `natives`, globals at their initial values,
        then `__init` run if the module exports it."""
        return Context(self, natives or {})


class Context:
    """A loaded module instance: call its exports by name with Python values.

    Arguments are checked against the export's calling convention: ints for i32/i64 (wrapped;
    out of range is INVALID_ARGUMENT), numbers for f32/f64, `Buffer`/`List`/None for refs.
    Results come back as a tuple.
    """

    def __init__(self, compiled: CompiledModule, natives: Mapping[str, Any]) -> None:
        module = compiled.module
        imports = tuple(_bind_import(i, natives) for i in module.imports)
        self.globals = [_initial_global(g.type, g.initial) for g in module.globals]
        functions = compiled._factory(self.globals, compiled._rodata, compiled._constants, imports)
        self._entries = {
            e.name: (
                e.calling_convention,
                _entry(functions[e.function], module.functions[e.function]),
            )
            for e in module.exports
        }
        if "__init" in self._entries:
            self.call("__init")

    @property
    def exports(self) -> tuple[str, ...]:
        return tuple(self._entries)

    def signature(self, name: str) -> str:
        return self._entry(name)[0]

    def lookup(self, name: str) -> Callable[..., tuple[Any, ...]]:
        """The checked callable behind export `name` (saves the lookup on repeated calls)."""
        return self._entry(name)[1]

    def call(self, name: str, *args: Any) -> tuple[Any, ...]:
        return self._entry(name)[1](*args)

    def _entry(self, name: str) -> tuple[str, Callable[..., tuple[Any, ...]]]:
        try:
            return self._entries[name]
        except KeyError:
            raise StatusError(StatusCode.NOT_FOUND, f"export {name!r} not found") from None


def load_module(module: Module, natives: Mapping[str, Any] | None = None) -> Context:
    """Translate and instantiate `module` in one step."""
    return CompiledModule(module).instantiate(natives)


# ---------------------------------------------------------------------------
# Values at the boundary
# ---------------------------------------------------------------------------


def _int_argument(bits: int) -> Callable[[Any], int]:
    low, high, half = -(1 << (bits - 1)), 1 << bits, 1 << (bits - 1)

    def convert(value: Any) -> int:
        try:
            number = operator.index(value)
        except TypeError:
            raise invalid_argument(f"expected an integer, got {type(value).__name__}") from None
        if not low <= number < high:
            raise invalid_argument(f"{number} does not fit in i{bits}")
        return ((number + half) & (high - 1)) - half

    return convert


def _float_argument(rounding: Callable[[float], float]) -> Callable[[Any], float]:
    def convert(value: Any) -> float:
        try:
            return rounding(float(value))
        except (TypeError, ValueError):
            raise invalid_argument(f"expected a number, got {type(value).__name__}") from None

    return convert


def _ref_argument(cls: type | tuple[type, ...]) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        if value is None or isinstance(value, cls):
            return value
        raise invalid_argument(f"expected a ref, got {type(value).__name__}")

    return convert


_CONVERTERS: dict[str, Callable[[Any], Any]] = {
    "i32": _int_argument(32),
    "i64": _int_argument(64),
    "f32": _float_argument(f32),
    "f64": _float_argument(float),
    "buffer": _ref_argument(Buffer),
    "list": _ref_argument(List),
    "ref": _ref_argument((Buffer, List)),
}


def _entry(
    function: Callable[..., tuple[Any, ...]], signature: Function
) -> Callable[..., tuple[Any, ...]]:
    converters = tuple(_CONVERTERS[t] for t in signature.params)
    count = len(converters)

    def entry(*args: Any) -> tuple[Any, ...]:
        if len(args) != count:
            raise invalid_argument(f"{signature.name} takes {count} arguments, got {len(args)}")
        values = [convert(value) for convert, value in zip(converters, args, strict=True)]
        try:
            return function(*values)
        except RecursionError:
            raise StatusError(StatusCode.RESOURCE_EXHAUSTED, "VM call stack exhausted") from None

    return entry


def _initial_global(kind: str, initial: int | float | None) -> Any:
    if kind in REF_TYPES:
        return None
    value = initial if initial is not None else 0
    return _CONVERTERS[kind](value)


def _bind_import(imported: Import, natives: Mapping[str, Any]) -> Callable[..., tuple[Any, ...]]:
    name, module_name, function_name = (
        imported.name,
        imported.module_name,
        imported.function_name,
    )
    native = natives.get(module_name)
    if native is None:
        raise StatusError(StatusCode.NOT_FOUND, f"module {module_name!r} for import {name!r}")
    if isinstance(native, Mapping):
        native = FunctionTable(native)
    try:
        provided = native.signature(function_name)
    except (StatusError, LookupError):
        provided = None
    if provided is None:
        raise StatusError(StatusCode.NOT_FOUND, f"import {name!r} not found")
    if provided != imported.calling_convention:
        raise invalid_argument(
            f"import {name!r} has calling convention {imported.calling_convention!r} but "
            f"module {module_name!r} provides {provided!r}"
        )
    _, results = parse_calling_convention(provided)
    converters = tuple(_CONVERTERS[kind] for kind in results)
    call = native.call

    def invoke(*args: Any) -> tuple[Any, ...]:
        try:
            values = call(function_name, *args)
        except (StatusError, RecursionError):
            raise
        except Exception as err:
            message = f"import {name!r} raised {type(err).__name__}: {err}"
            raise StatusError(StatusCode.INTERNAL, message) from err
        if type(values) is not tuple or len(values) != len(converters):
            raise invalid_argument(f"import {name!r}: argument/result signature mismatch")
        return tuple(convert(v) for convert, v in zip(converters, values, strict=True))

    return invoke


# ---------------------------------------------------------------------------
# Translation
# ---------------------------------------------------------------------------


class _ModuleWriter:
    """Writes the factory's source; immediates that are not ints go to the constants `_K`."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.constants: list[Any] = []

    def write(self) -> tuple[str, tuple[Any, ...]]:
        module = self.module
        lines = ["def _factory(_G, _R, _K, _I):"]
        if module.imports:
            lines.append(f"    ({''.join(f'_i{n}, ' for n in range(len(module.imports)))}) = _I")
        for index, function in enumerate(module.functions):
            lines += ["    " + line for line in self.function(index, function)]
        functions = "".join(f"_f{n}, " for n in range(len(module.functions)))
        lines.append(f"    return ({functions})")
        return "\n".join(lines) + "\n", tuple(self.constants)

    def function(self, index: int, function: Function) -> list[str]:
        params = function.blocks[0].args
        lines = [f"def _f{index}({', '.join(f'r{r}' for r in params)}):"]
        by_zero: dict[str, list[str]] = {}
        for register, kind in enumerate(function.registers):
            if register not in params:
                by_zero.setdefault(_ZEROS.get(kind, "None"), []).append(f"r{register}")
        lines += [f"    {' = '.join(names)} = {zero}" for zero, names in by_zero.items()]
        if len(function.blocks) == 1:
            return lines + ["    " + line for line in self.block(function, 0)]
        lines += ["    _b = 0", "    while True:"]
        for block in range(len(function.blocks)):
            lines.append(f"        if _b == {block}:")
            lines += ["            " + line for line in self.block(function, block)]
        return lines

    def block(self, function: Function, index: int) -> list[str]:
        lines: list[str] = []
        for instruction in function.blocks[index].instructions:
            lines += self.instruction(function, instruction)
        return lines

    def instruction(self, function: Function, instruction: Instruction) -> list[str]:
        spec = OPS[instruction.op]
        args = ", ".join(f"r{r}" for r in instruction.operands)
        if instruction.op == "vm.call":
            symbol = instruction.symbol
            prefix = "_i" if symbol.kind == "import" else "_f"
            return [_assign(instruction.results, f"{prefix}{symbol.index}({args})")]
        if instruction.op == "vm.return":
            return [f"return ({''.join(f'r{r}, ' for r in instruction.operands)})"]
        if instruction.op == "vm.br":
            return _jump(function, instruction.successors[0])
        if instruction.op == "vm.cond_br":
            true, false = instruction.successors
            condition = f"r{instruction.operands[0]}"
            return [
                f"if {condition}:",
                *_indent(_jump(function, true)),
                "else:",
                *_indent(_jump(function, false)),
            ]
        if instruction.op == "vm.br_table":
            default, *cases = instruction.successors
            lines = [f"_x = r{instruction.operands[0]}"]
            for case, successor in enumerate(cases):
                lines += [f"if _x == {case}:", *_indent(_jump(function, successor))]
            return lines + _jump(function, default)
        return [self.template(function, spec, instruction)]

    def template(self, function: Function, spec: OpSpec, instruction: Instruction) -> str:
        fields: dict[str, str] = {}
        for i, register in enumerate(instruction.operands):
            fields[f"a{i}"] = f"r{register}"
        for i, register in enumerate(instruction.results):
            fields[f"r{i}"] = f"r{register}"
            kind = function.registers[register]
            if kind in REF_TYPES:
                fields[f"c{i}"] = f"_RC_{kind}"
        values = instruction.immediates
        if spec.prepare is not None:
            values = spec.prepare(values)
        for i, (value, kind) in enumerate(zip(values, spec.immediates, strict=True)):
            fields[f"k{i}"] = self.immediate(value, kind)
        if instruction.symbol is not None:
            fields["s"] = str(instruction.symbol.index)
        return spec.template.format(**fields)

    def immediate(self, value: Any, kind: str) -> str:
        """An int immediate as a literal (i32 ones wrapped), anything else via `_K`."""
        if kind in ("i32", "i64", "alignment"):
            return f"({wrap32(value) if kind == 'i32' else value})"
        self.constants.append(f32(value) if kind == "f32" else value)
        return f"_K[{len(self.constants) - 1}]"


def _assign(results: tuple[int, ...], call: str) -> str:
    if not results:
        return call
    return f"({''.join(f'r{r}, ' for r in results)}) = {call}"


def _jump(function: Function, successor: Successor) -> list[str]:
    """Pass the successor's arguments (as one parallel assignment) and go to its block."""
    pairs = [
        (f"r{target}", f"r{source}")
        for target, source in zip(
            function.blocks[successor.block].args, successor.args, strict=True
        )
        if target != source
    ]
    copy = [f"{', '.join(t for t, _ in pairs)} = {', '.join(s for _, s in pairs)}"] if pairs else []
    return [*copy, f"_b = {successor.block}", "continue"]


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]
