"""The VM executor: each module is translated once into Python, then run as plain calls.

`CompiledModule(module)` validates a `format.Module` and generates the Python source of every VM
function as a top-level Python function (`_vf3` for function 3): registers are locals (`r7`),
each instruction is its op's template from `ops.OPS` filled with register names, and a
multi-block function runs its entry block and then a `while True:` loop that finds the current
block `_b` by a binary search of `if _b < k:` tests, so a branch costs O(log blocks)
comparisons whatever the function's size (a `vm.br_table` looks its target up in a tuple). The
source is produced by this module from validated integers and names from fixed tables, never
from text in the module, and compiled once. `instantiate(natives)` runs the compiled code in a
fresh namespace holding the context's globals, rodata, constants, imports and initializer
budget, and returns a `Context` whose exports run with no interpretation overhead. Translation
time and memory are linear in the size of the module (only read registers are initialized, and
every table is built once).

Initializers run under a budget. The functions that the exports in `INITIALIZERS` (`__init`,
run when a context is created, and `__set_constants`, which the HAL runs next) can reach
through calls are translated with counting code: each call and each backward branch (to a
block that does not come after the branching one) costs a step, `vm.buffer.alloc` and
`vm.buffer.clone` charge their byte length and `vm.list.resize` 8 bytes per element it adds.
The counts are charged only while an initializer export runs, against one budget per context,
`InitLimits` (by default `DEFAULT_INIT_STEPS` steps and `DEFAULT_INIT_ALLOCATION` bytes);
exceeding it is RESOURCE_EXHAUSTED. Functions no initializer reaches (the dispatch entry
points of a compiled executable) hold no counting code at all. A `CompiledModule` takes its
limits as an argument or, by default, from the innermost `init_limits(...)` block around its
construction (`load_executables` sets them from its keyword arguments).

Splats (rodata segments and `vm.rodata.inline` data stored as a pattern and a length) are
materialized once, when the module is translated, and their bytes count against the same
allocation budget: more than it is RESOURCE_EXHAUSTED before anything is allocated, and each
context's initializers get what remains.

VM op statistics are opt-in: a module translated inside `with count_vm_ops() as counter:`
gets one `_vm_ops[0] += n` per block (n: the block's instructions) and counts its export calls,
into `counter.modules[<module name>]`; other modules hold no counting code, so statistics
cost nothing when off.

Imports `<module>.<function>` resolve against `natives[<module>]`: any object with
`call(name, *args) -> tuple` and `signature(name) -> str` (such as `VMVXModule` or another
`Context`), or a dict `{name: (calling_convention, callable)}`. The calling convention the
native reports must equal the import's (INVALID_ARGUMENT); missing modules or functions are
NOT_FOUND. A variadic import (`vm.call.variadic`, a `C...D` span in its convention) receives
each variadic argument as one tuple: of values, or of value tuples when the argument's
elements are tuples (`tuple<i32, !vm.ref<?>, i64> ...`). A native may also have
`bind(name) -> callable`: the export as the VM calls it, with values its typed registers
guarantee (ints in range for `i`/`I`, floats for `f`/`F`, tuples shaped by the convention,
refs of any type or None, which the export checks) and returning a tuple of its results;
such an import is called without `call`'s lookup, and its ref results are taken as they are
(value results are still checked and wrapped, e.g. a uint32 into an i32 register). The
runtime's `hal` and `vmvx` modules bind their exports.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from types import CodeType
from typing import Any, Protocol, cast

from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.format import (
    Data,
    Function,
    Import,
    Instruction,
    Module,
    Splat,
    Successor,
    SymbolRef,
)
from pyvmvx.runtime.vm.ints import wrap_int
from pyvmvx.runtime.vm.list import List
from pyvmvx.runtime.vm.ops import HELPERS, OPS, REF_TYPES, OpSpec, f32, read_only_buffer
from pyvmvx.runtime.vm.ref import RefObject
from pyvmvx.runtime.vm.validate import (
    Parameter,
    group_variadic_operands,
    parse_signature,
    validate_module,
)

INITIALIZERS = ("__init", "__set_constants")
"""Exports that run while a context is set up, under the initializer budget."""
DEFAULT_INIT_STEPS = 1_000_000
"""Calls and backward branches a context's initializers may take (about a second at most)."""
DEFAULT_INIT_ALLOCATION = 1 << 28
"""Bytes a context's initializers may allocate with buffer and list ops (256 MiB)."""
RODATA_PADDING = 64
"""Rodata shorter than its alignment is aligned to at most max(this, its length rounded up to a
power of two), so alignment padding never exceeds max(63, the data's length) bytes."""

_ZEROS = {
    "i32": "0",
    "i64": "0",
    "f32": "0.0",
    "f64": "0.0",
    "buffer": "None",
    "list": "None",
    "ref": "None",
}
_REF_CLASSES = {"buffer": "_RC_buffer", "list": "_RC_list", "ref": "_RC_ref"}
_CHARGES = {
    "vm.buffer.alloc": "_vm_allocate({a0}, 1)",
    "vm.buffer.clone": "_vm_allocate({a2}, 1)",
    "vm.list.resize": "_vm_resize({a0}, {a1})",
}
"""What an allocating op charges to the budget, in initializer code, before it runs."""


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


@dataclass(frozen=True, slots=True)
class InitLimits:
    """The budget of a context's initializers: `steps` (calls and backward branches) and
    `allocation` (bytes allocated by buffer and list ops); non-negative ints."""

    steps: int = DEFAULT_INIT_STEPS
    allocation: int = DEFAULT_INIT_ALLOCATION

    def __post_init__(self) -> None:
        for name, value in (("steps", self.steps), ("allocation", self.allocation)):
            if type(value) is not int or value < 0:
                raise invalid_argument(
                    f"initializer {name} budget must be a non-negative int, got {value!r}"
                )


_OP_COUNTER: ContextVar[OpCounter | None] = ContextVar("pyvmvx_op_counter", default=None)


class OpCounter:
    """VM ops executed and export calls made by each module translated inside
    `count_vm_ops()`, in translation order (every context of a module adds to its counts)."""

    def __init__(self) -> None:
        self.modules: list[tuple[str, list[int]]] = []

    def slot(self, name: str) -> list[int]:
        """New `[ops, calls]` counts for a module named `name`."""
        counts = [0, 0]
        self.modules.append((name, counts))
        return counts

    def reset(self) -> None:
        for _, counts in self.modules:
            counts[:] = [0, 0]


@contextmanager
def count_vm_ops() -> Iterator[OpCounter]:
    """Modules translated in this block count the VM ops they execute (see the docstring)."""
    counter = OpCounter()
    token = _OP_COUNTER.set(counter)
    try:
        yield counter
    finally:
        _OP_COUNTER.reset(token)


_LIMITS: ContextVar[InitLimits | None] = ContextVar("pyvmvx_init_limits", default=None)


@contextmanager
def init_limits(limits: InitLimits) -> Iterator[None]:
    """`CompiledModule`s constructed in this block without explicit limits take `limits`."""
    token = _LIMITS.set(limits)
    try:
        yield
    finally:
        _LIMITS.reset(token)


class CompiledModule:
    """A validated module translated to Python once; instantiate it once per context.

    Each function is compiled on its own, so translation needs memory for the largest function
    rather than the whole module; `source` keeps the generated Python for inspection. `limits`
    budgets the initializers (default: those of `init_limits`); the module's splats take
    `splat_bytes` of its allocation budget.
    """

    def __init__(self, module: Module, limits: InitLimits | None = None) -> None:
        validate_module(module)
        self.module = module
        self.limits = limits or _LIMITS.get() or InitLimits()
        counter = _OP_COUNTER.get()
        self.counts = None if counter is None else counter.slot(module.name)
        self.splat_bytes = _splat_bytes(module)
        if self.splat_bytes > self.limits.allocation:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED,
                f"module {module.name!r} has {self.splat_bytes} bytes of splat rodata, more "
                f"than its allocation budget of {self.limits.allocation} bytes",
            )
        writer = _ModuleWriter(module, counting_ops=counter is not None)
        sources: list[str] = []
        code: list[CodeType] = []
        try:
            for source in writer.functions():
                sources.append(source)
                code.append(compile(source, "<pyvmvx vm function>", "exec"))
            self._rodata = tuple(
                read_only_buffer(s.data, _rodata_alignment(s.data, s.alignment))
                for s in module.rodata
            )
        except MemoryError:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED, f"out of memory translating module {module.name!r}"
            ) from None
        self.source = "".join(sources)
        self._code = tuple(code)
        self._constants = tuple(writer.constants)

    def instantiate(self, natives: Mapping[str, Any] | None = None) -> Context:
        """A fresh context: imports resolved against `natives`, globals at their initial values,
        then `__init` run if the module exports it."""
        return Context(self, natives or {})


class Context:
    """A loaded module instance: call its exports by name with Python values.

    Arguments are checked against the export's calling convention: ints for i32/i64 (wrapped;
    out of range is INVALID_ARGUMENT), numbers for f32/f64, `Buffer`/`List`/None for refs.
    Results come back as a tuple. Exports in `INITIALIZERS` run under the context's budget.
    """

    def __init__(self, compiled: CompiledModule, natives: Mapping[str, Any]) -> None:
        module = compiled.module
        self.globals = [_initial_global(g.type, g.initial) for g in module.globals]
        budget = _Budget(compiled.limits, compiled.splat_bytes)
        namespace = dict(
            HELPERS,
            _G=self.globals,
            _R=compiled._rodata,
            _K=compiled._constants,
            _vm_step=budget.step,
            _vm_allocate=budget.allocate,
            _vm_resize=budget.resize,
        )
        counts = compiled.counts
        namespace["_vm_ops"] = counts
        for index, imported in enumerate(module.imports):
            namespace[f"_vi{index}"] = _bind_import(imported, natives)
        for code in compiled._code:
            exec(code, namespace)
        self._entries: dict[str, tuple[str, Callable[..., tuple[Any, ...]]]] = {}
        for export in module.exports:
            function = namespace[f"_vf{export.function}"]
            if export.name in INITIALIZERS:
                function = budget.charging(function)
            entry = _entry(function, module.functions[export.function])
            if counts is not None:
                entry = _counting_calls(entry, counts)
            self._entries[export.name] = (export.calling_convention, entry)
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


class _Budget:
    """What one context's initializers may still spend, `spent` bytes (the module's splats)
    being already taken. Counting code calls `step`, `allocate` and `resize`, which charge
    only while an initializer export runs (`charging`)."""

    __slots__ = ("limits", "steps", "bytes", "active")

    def __init__(self, limits: InitLimits, spent: int = 0) -> None:
        self.limits = limits
        self.steps = limits.steps
        self.bytes = limits.allocation - spent
        self.active = False

    def charging(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """`function`, charging this budget while it runs."""

        def run(*args: Any) -> Any:
            active, self.active = self.active, True
            try:
                return function(*args)
            finally:
                self.active = active

        return run

    def step(self) -> None:
        """One call or backward branch."""
        if not self.active:
            return
        self.steps -= 1
        if self.steps < 0:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED,
                f"module initializers exceeded their budget of {self.limits.steps} steps "
                "(calls and backward branches)",
            )

    def allocate(self, count: int, unit: int) -> None:
        """`count` items of `unit` bytes (none if `count` <= 0: the op itself refuses it)."""
        if self.active and count > 0:
            self.bytes -= count * unit
            if self.bytes < 0:
                raise StatusError(
                    StatusCode.RESOURCE_EXHAUSTED,
                    "module initializers exceeded their allocation budget of "
                    f"{self.limits.allocation} bytes",
                )

    def resize(self, lst: Any, size: int) -> None:
        """`vm.list.resize`: 8 bytes (a slot) per element added."""
        if isinstance(lst, List):
            self.allocate(size - lst.size, 8)


def load_module(module: Module, natives: Mapping[str, Any] | None = None) -> Context:
    """Translate and instantiate `module` in one step."""
    return CompiledModule(module).instantiate(natives)


# ---------------------------------------------------------------------------
# Values at the boundary
# ---------------------------------------------------------------------------


def _int_argument(bits: int) -> Callable[[Any], int]:
    low, high, signed_high = -(1 << (bits - 1)), 1 << bits, 1 << (bits - 1)

    def convert(value: Any) -> int:
        if type(value) is int and low <= value < signed_high:
            return value  # already the register's value
        try:
            number = operator.index(value)
        except TypeError:
            raise invalid_argument(f"expected an integer, got {type(value).__name__}") from None
        if not low <= number < high:
            shown = number if number.bit_length() <= 128 else f"a {number.bit_length()}-bit int"
            raise invalid_argument(f"{shown} does not fit in i{bits}")
        return wrap_int(number, bits)

    return convert


def _float_argument(rounding: Callable[[float], float]) -> Callable[[Any], float]:
    def convert(value: Any) -> float:
        try:
            return rounding(float(value))
        except (TypeError, ValueError, OverflowError):  # OverflowError: float(10**400)
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
    "ref": _ref_argument((Buffer, List, RefObject)),
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
    _, results = parse_signature(provided)
    bind = getattr(native, "bind", None)
    if bind is not None and all(kind in REF_TYPES for kind in results):
        return _bound_import(name, bind(function_name))
    converters = tuple(_CONVERTERS[kind] for kind in results)
    call = native.call if bind is None else _unnamed(bind(function_name))

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


def _unnamed(function: Callable[..., tuple[Any, ...]]) -> Callable[..., tuple[Any, ...]]:
    """A bound export called as `call(name, *args)`."""
    return lambda _, *args: function(*args)


def _bound_import(name: str, function: Callable[..., tuple[Any, ...]]) -> Callable[..., Any]:
    """A bound native export as an import: errors other than `StatusError` are INTERNAL."""

    def invoke(*args: Any) -> tuple[Any, ...]:
        try:
            return function(*args)
        except (StatusError, RecursionError):
            raise
        except Exception as err:
            message = f"import {name!r} raised {type(err).__name__}: {err}"
            raise StatusError(StatusCode.INTERNAL, message) from err

    return invoke


# ---------------------------------------------------------------------------
# Translation
# ---------------------------------------------------------------------------


def _counting_calls(entry: Callable[..., Any], counts: list[int]) -> Callable[..., Any]:
    """`entry`, adding each call to `counts[1]`."""

    def counted(*args: Any) -> Any:
        counts[1] += 1
        return entry(*args)

    return counted


class _ModuleWriter:
    """Writes the module's source; immediates that are not ints go to the constants `_K`.
    With `counting_ops`, each block first adds its instruction count to `_vm_ops[0]`."""

    def __init__(self, module: Module, *, counting_ops: bool = False) -> None:
        self.module = module
        self.counting_ops = counting_ops
        self.constants: list[Any] = []
        self._signatures: dict[int, tuple[Parameter, ...]] = {}

    def import_parameters(self, index: int) -> tuple[Parameter, ...]:
        """The parameters of import `index` (each import's convention is parsed once)."""
        if index not in self._signatures:
            convention = self.module.imports[index].calling_convention
            self._signatures[index] = parse_signature(convention)[0]
        return self._signatures[index]

    def functions(self) -> Iterator[str]:
        """The source of each function in turn (one at a time keeps memory low)."""
        counted = _initializer_functions(self.module)
        for index, function in enumerate(self.module.functions):
            writer = _FunctionWriter(self, function, counting=index in counted)
            writer.write(index)
            yield "\n".join(writer.lines) + "\n"

    def constant(self, value: Any) -> str:
        self.constants.append(value)
        return f"_K[{len(self.constants) - 1}]"


class _FunctionWriter:
    """Writes one VM function, with the budget's counting code if `counting`. `current` is the
    block being written: a jump to it or to an earlier block is backward."""

    def __init__(self, module: _ModuleWriter, function: Function, *, counting: bool) -> None:
        self.module = module
        self.function = function
        self.counting = counting
        self.lines: list[str] = []
        self.current = 0

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def write(self, index: int) -> None:
        blocks = self.function.blocks
        self.emit(0, f"def _vf{index}({', '.join(f'r{r}' for r in blocks[0].args)}):")
        if self.counting:
            self.emit(1, "_vm_step()")
        for line in _zero_registers(self.function):
            self.emit(1, line)
        self.block(1, 0)
        if len(blocks) > 1:
            self.emit(1, "while True:")
            self.search(2, "_b", 1, len(blocks), self.block)

    def search(
        self,
        depth: int,
        name: str,
        low: int,
        high: int,
        leaf: Callable[[int, int], None],
        keyword: str = "if",
    ) -> None:
        """Code choosing `leaf(value)` for `name` in [low, high) by binary search (upper
        halves continue their parent's test as `elif`, which keeps the nesting shallow)."""
        if high - low == 1:
            leaf(depth, low)
            return
        middle = (low + high) // 2
        self.emit(depth, f"{keyword} {name} < {middle}:")
        self.search(depth + 1, name, low, middle, leaf)
        if high - middle == 1:
            self.emit(depth, "else:")
            leaf(depth + 1, middle)
        else:
            self.search(depth, name, middle, high, leaf, "elif")

    def block(self, depth: int, index: int) -> None:
        self.current = index
        if self.module.counting_ops:
            self.emit(depth, f"_vm_ops[0] += {len(self.function.blocks[index].instructions)}")
        for instruction in self.function.blocks[index].instructions:
            self.instruction(depth, instruction)

    def instruction(self, depth: int, instruction: Instruction) -> None:
        op, operands = instruction.op, instruction.operands
        if op == "vm.call":
            symbol = cast(SymbolRef, instruction.symbol)
            callee = f"{'_vi' if symbol.kind == 'import' else '_vf'}{symbol.index}"
            call = f"{callee}({', '.join(f'r{r}' for r in operands)})"
            self.emit(depth, _assign(instruction.results, call))
        elif op == "vm.call.variadic":
            symbol = cast(SymbolRef, instruction.symbol)
            arguments = self.variadic_arguments(symbol.index, instruction)
            self.emit(depth, _assign(instruction.results, f"_vi{symbol.index}({arguments})"))
        elif op == "vm.return":
            self.emit(depth, f"return ({''.join(f'r{r}, ' for r in operands)})")
        elif op == "vm.br":
            self.jump(depth, instruction.successors[0])
        elif op == "vm.cond_br":
            true, false = instruction.successors
            self.emit(depth, f"if r{operands[0]}:")
            self.jump(depth + 1, true)
            self.emit(depth, "else:")
            self.jump(depth + 1, false)
        elif op == "vm.br_table":
            self.branch_table(depth, f"r{operands[0]}", instruction.successors)
        else:
            fields = self.fields(instruction)
            if self.counting and op in _CHARGES:
                self.emit(depth, _CHARGES[op].format(**fields))
            self.emit(depth, OPS[op].template.format(**fields))

    def variadic_arguments(self, index: int, instruction: Instruction) -> str:
        """The arguments of a variadic call of import `index`: each variadic argument one
        tuple, of registers, or of register tuples when its elements are tuples."""
        groups = group_variadic_operands(
            self.module.import_parameters(index),
            cast(tuple[int, ...], instruction.immediates),
            [f"r{r}" for r in instruction.operands],
        )
        return ", ".join(
            group
            if isinstance(group, str)
            else _tuple_source(t[0] if len(t) == 1 else _tuple_source(t) for t in group)
            for group in groups
        )

    def fields(self, instruction: Instruction) -> dict[str, str]:
        """The template's placeholders: register names, int literals, fixed names, `_K[n]`."""
        spec: OpSpec = OPS[instruction.op]
        fields: dict[str, str] = {}
        for i, register in enumerate(instruction.operands):
            fields[f"a{i}"] = f"r{register}"
        for i, register in enumerate(instruction.results):
            fields[f"r{i}"] = f"r{register}"
            kind = self.function.registers[register]
            if kind in REF_TYPES:
                fields[f"c{i}"] = _REF_CLASSES[kind]
        values = instruction.immediates
        if instruction.op == "vm.rodata.inline":
            data, alignment = cast(tuple[Data, int], values)
            values = (data, _rodata_alignment(data, alignment))
        if spec.prepare is not None:
            values = spec.prepare(values)
        for i, (value, kind) in enumerate(zip(values, spec.immediates, strict=True)):
            fields[f"k{i}"] = self.immediate(value, kind)
        if instruction.symbol is not None:
            fields["s"] = str(instruction.symbol.index)
        return fields

    def immediate(self, value: Any, kind: str) -> str:
        """An int immediate as a literal (i32 ones wrapped), anything else via `_K`."""
        if kind in ("i32", "i64", "alignment"):
            return f"({wrap_int(value, 32) if kind == 'i32' else value})"
        return self.module.constant(f32(value) if kind == "f32" else value)

    def jump(self, depth: int, successor: Successor) -> None:
        """Pass the successor's arguments and go to its block."""
        self.pass_arguments(depth, successor)
        self.emit(depth, f"_b = {successor.block}")
        self.next_block(depth, (successor,))

    def pass_arguments(self, depth: int, successor: Successor) -> None:
        """Copy the arguments into the target's argument registers, in one parallel assignment
        (none where the target's register is the source)."""
        pairs = [
            (target, source)
            for target, source in zip(
                self.function.blocks[successor.block].args, successor.args, strict=True
            )
            if target != source
        ]
        if pairs:
            targets = ", ".join(f"r{t}" for t, _ in pairs)
            self.emit(depth, f"{targets} = {', '.join(f'r{s}' for _, s in pairs)}")

    def next_block(self, depth: int, successors: Sequence[Successor]) -> None:
        """Go to block `_b`, one of `successors`' blocks: a budget step first in counting code
        if that may be a backward branch (outside the entry block, which falls into the loop)."""
        if self.counting and any(s.block <= self.current for s in successors):
            self.emit(depth, "_vm_step()")
        if self.current:
            self.emit(depth, "continue")

    def branch_table(self, depth: int, index: str, successors: tuple[Successor, ...]) -> None:
        """The case indexes a tuple of blocks, or, for successors whose arguments need copying,
        of negated successor numbers that a binary search then dispatches on."""
        blocks = self.function.blocks
        numbers: dict[tuple[int, tuple[int, ...]], int] = {}
        copying: list[Successor] = []
        values: list[int] = []
        for successor in successors:
            if successor.args == blocks[successor.block].args:
                values.append(successor.block)
                continue
            key = (successor.block, successor.args)
            if key not in numbers:
                numbers[key] = -1 - len(copying)
                copying.append(successor)
            values.append(numbers[key])
        table = self.module.constant(tuple(values[1:]))
        bound = f"0 <= {index} < {len(successors) - 1}"
        self.emit(depth, f"_b = {table}[{index}] if {bound} else {values[0]}")
        if copying:

            def leaf(leaf_depth: int, value: int) -> None:
                successor = copying[-1 - value]
                self.pass_arguments(leaf_depth, successor)
                self.emit(leaf_depth, f"_b = {successor.block}")

            self.emit(depth, "if _b < 0:")
            self.search(depth + 1, "_b", -len(copying), 0, leaf)
        self.next_block(depth, successors)


def _initializer_functions(module: Module) -> set[int]:
    """The functions that initializer exports run: theirs and all they can call."""
    pending = [e.function for e in module.exports if e.name in INITIALIZERS]
    reached: set[int] = set()
    while pending:
        index = pending.pop()
        if index in reached:
            continue
        reached.add(index)
        for block in module.functions[index].blocks:
            for instruction in block.instructions:
                symbol = instruction.symbol
                if symbol is not None and symbol.kind == "function":
                    pending.append(symbol.index)
    return reached


def _zero_registers(function: Function) -> list[str]:
    """Statements zeroing every register that is read and is not a parameter (one per kind)."""
    read: set[int] = set()
    for block in function.blocks:
        for instruction in block.instructions:
            read.update(instruction.operands)
            for successor in instruction.successors:
                read.update(successor.args)
    read.difference_update(function.blocks[0].args)
    by_zero: dict[str, list[str]] = {}
    for register, kind in enumerate(function.registers):
        if register in read:
            by_zero.setdefault(_ZEROS[kind], []).append(f"r{register}")
    return [f"{' = '.join(names)} = {zero}" for zero, names in by_zero.items()]


def _splat_bytes(module: Module) -> int:
    """The bytes the module's splats take once materialized: its rodata segments and the data
    of its `vm.rodata.inline` instructions (an exact sum; each is validated to 2**40 at most)."""
    inline = (
        instruction.immediates[0]
        for function in module.functions
        for block in function.blocks
        for instruction in block.instructions
        if instruction.op == "vm.rodata.inline"
    )
    data = (*(segment.data for segment in module.rodata), *inline)
    return sum(value.length for value in data if type(value) is Splat)


def _rodata_alignment(data: Data, alignment: int) -> int:
    """`alignment`, lowered for short data so that padding stays below max(64, len(data))."""
    return min(alignment, max(RODATA_PADDING, 1 << (len(data) - 1).bit_length()))


def _tuple_source(items: Iterable[str]) -> str:
    """Python source of a tuple of the given item sources."""
    return f"({''.join(f'{item}, ' for item in items)})"


def _assign(results: tuple[int, ...], call: str) -> str:
    if not results:
        return call
    return f"({''.join(f'r{r}, ' for r in results)}) = {call}"
