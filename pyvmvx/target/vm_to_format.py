"""The bridge from an xDSL `vm.module` (after `iree-vm-conversion`) to the module-file model.

`module_to_format` walks the module once: imports, globals and rodata become the tables of a
`format.Module` (rodata with identical data stored once: a weight used by several functions
or dispatches is one segment); every `vm.func` becomes a `format.Function` whose registers
are its SSA values numbered in order of definition (block arguments, then op results, block
by block) and whose instructions name IREE's op, its operand/result registers, its
immediates (constant values, messages, inline rodata bytes and alignment, list element
types, the segment sizes of a `vm.call.variadic`), its symbol (import, function, global or
rodata, by table index) and its successors with their argument registers. The
`vm.initializer`s become functions called in order by a synthesized `__init`, which the runtime
runs when a context is created (what IREE's `iree-vm-global-initialization` does).
`host_to_format` is the same for a program's host module (`Program.host`), whose public
functions it checks against the host ABI.

`executable_to_format` does the same for the `vm.module` of a HAL executable variant and adds
what IREE's VMVX target serializes with it: the exports in HAL ordinal order with the
reflection attributes `local_memory` (the export's `workgroup_local_memory`), `constant_count`
and `binding_count` (from its layout, when non-zero), each entry's `workgroup_size` and, when
its count region is constant, `workgroup_count` (when it computes the grid from the workload,
`workgroup_count_from_workload` and `workload_from_constants` instead), and the
executable-level constant values.
Anything the module file cannot hold is a located `CompileError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    StringAttr,
    f32,
    f64,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from pyvmvx.dialects import hal
from pyvmvx.dialects.vm import calling_convention
from pyvmvx.dialects.vm.globals import ConstRefRodataOp, GlobalOp, RodataInlineOp, RodataOp
from pyvmvx.dialects.vm.structural import (
    BranchTableOp,
    CallOp,
    CallVariadicOp,
    CondBranchOp,
    CondFailOp,
    ExportOp,
    FailOp,
    FuncOp,
    ImportOp,
    ImportResolvedOp,
    InitializerOp,
)
from pyvmvx.dialects.vm.structural import ModuleOp as VMModuleOp
from pyvmvx.dialects.vm.types import BufferType, ListType, RefType
from pyvmvx.ir.dense_splat import splat_count
from pyvmvx.ir.diagnostics import CompileError, op_error
from pyvmvx.ir.index_program import index_program
from pyvmvx.ir.resources import HEADER_BYTES, resource_bytes
from pyvmvx.runtime.program import host_functions
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.ints import wrap_int
from pyvmvx.runtime.vm.ops import MAX_ALLOCATION, OPS
from pyvmvx.target.constant_blocks import evaluate_region
from pyvmvx.transforms.reconcile_translation_info import UNKNOWN, WORKLOAD_FROM_CONSTANTS

INITIALIZER = "__init"
SET_CONSTANTS = "__set_constants"
DEFAULT_RODATA_ALIGNMENT = 16

_VALUE_TYPES: dict[Attribute, str] = {i32: "i32", i64: "i64", f32: "f32", f64: "f64"}

Reflection = tuple[tuple[str, str], ...]


def module_to_format(
    module: VMModuleOp, entry_points: Sequence[tuple[str, Reflection]] = ()
) -> fmt.Module:
    """The module-file form of `module`. `entry_points` lists exports (by export name) to put
    first, in that order, with extra reflection attributes; other exports follow in order."""
    return _ModuleBridge(module).build(entry_points)


def host_to_format(module: VMModuleOp) -> fmt.Module:
    """The module-file form of a program's host `vm.module` (`Program.host`): as
    `module_to_format`, and every export with an `iree.abi.declaration` (from the
    `iree.reflection` of its `vm.func` or `vm.export`) must follow the host ABI that
    `pyvmvx.load` calls (`pyvmvx.runtime.program.host_functions`), else a located error."""
    host = module_to_format(module)
    try:
        host_functions(host)
    except StatusError as err:
        raise op_error(module, err.message) from None
    return host


def executable_to_format(
    name: str, variant: hal.ExecutableVariantOp, constants: Sequence[int] = ()
) -> fmt.Executable:
    """The executable `name` of a variant whose inner module holds a `vm.module`."""
    inner = variant.inner_module
    vm_module = (
        next((op for op in inner.body.block.ops if isinstance(op, VMModuleOp)), None)
        if inner is not None
        else None
    )
    if vm_module is None:
        raise op_error(variant, "has no vm.module to serialize (run iree-vm-conversion first)")
    exports = sorted(
        enumerate(variant.exports),
        key=lambda item: (item[1].ordinal_index is None, item[1].ordinal_index, item[0]),
    )
    entry_points = [(export.symbol, hal_reflection(export)) for _, export in exports]
    entries = tuple(
        fmt.ExecutableEntry(export.symbol, _entry_attributes(export)) for _, export in exports
    )
    module = module_to_format(vm_module, entry_points)
    values = tuple(wrap_int(value, 32, signed=False) for value in constants)
    return fmt.Executable(name, module, entries, values)


def hal_reflection(export: hal.ExecutableExportOp) -> Reflection:
    """The reflection attributes IREE's VMVX target puts on an entry point's `vm.func`."""
    pairs: list[tuple[str, str]] = []
    if (local_memory := export.workgroup_local_memory_bytes) is not None:
        pairs.append(("local_memory", str(local_memory)))
    if (constants := export.layout.constant_count) > 0:
        pairs.append(("constant_count", str(constants)))
    if (bindings := len(export.layout.binding_attrs)) > 0:
        pairs.append(("binding_count", str(bindings)))
    return tuple(pairs)


def _entry_attributes(export: hal.ExecutableExportOp) -> Reflection:
    """`workgroup_size` when the export declares one, and `workgroup_count` when its count
    region is a constant computation (so a dispatch can default to it)."""
    pairs: list[tuple[str, str]] = []
    if export.workgroup_size is not None:
        sizes = ",".join(str(size.value.data) for size in export.workgroup_size.data)
        pairs.append(("workgroup_size", sizes))
    if (count := static_workgroup_count(export)) is not None:
        pairs.append(("workgroup_count", ",".join(map(str, count))))
    else:
        pairs.extend(_workload_count(export))
    return tuple(pairs)


def _workload_count(export: hal.ExecutableExportOp) -> Reflection:
    """`workgroup_count_from_workload` and `workload_from_constants` (the index programs of
    `pyvmvx.runtime.modules.workgroup_count`) when the count region computes the grid from
    its workload; the latter from the export's `pyvmvx.workload_from_constants`, else `?`s."""
    block = export.workgroup_count_block
    if block is None or len(export.workgroup_count.blocks) != 1 or len(block.args) < 2:
        return ()
    workload = {arg: f"w{i}" for i, arg in enumerate(block.args[1:])}
    returned = block.last_op
    if not isinstance(returned, hal.ReturnOp) or len(returned.operands) != 3:
        return ()
    axes = [index_program(value, workload.get) for value in returned.operands]
    if any(axis is None for axis in axes):
        return ()
    sources = [UNKNOWN] * len(workload)
    recorded = export.attributes.get(WORKLOAD_FROM_CONSTANTS)
    if isinstance(recorded, ArrayAttr) and len(recorded.data) == len(sources):
        sources = [s.data if isinstance(s, StringAttr) else UNKNOWN for s in recorded.data]
    return (
        ("workgroup_count_from_workload", ",".join(a for a in axes if a is not None)),
        ("workload_from_constants", ",".join(sources)),
    )


def static_workgroup_count(export: hal.ExecutableExportOp) -> tuple[int, ...] | None:
    """The export's workgroup count if its count region computes it from constants alone."""
    if export.workgroup_count_block is None:
        return None
    try:
        count = evaluate_region(export, export.workgroup_count)
    except CompileError:
        return None  # it depends on the workload or on ops evaluated only at run time
    return count if len(count) == 3 and all(c < 1 << 32 for c in count) else None


class _ModuleBridge:
    """Collects one `vm.module`'s symbol tables, then translates its functions."""

    def __init__(self, module: VMModuleOp) -> None:
        self.module = module
        self.imports: list[fmt.Import] = []
        self.globals: list[fmt.Global] = []
        self.rodata: list[fmt.Rodata] = []
        self.rodata_index: dict[fmt.Data, int] = {}
        """Each distinct rodata value's index in `rodata`."""
        self.functions: list[FuncOp | InitializerOp] = []
        self.exports: list[ExportOp] = []
        self.symbols: dict[str, fmt.SymbolRef] = {}
        for op in module.body.block.ops:
            self._declare(op)

    def _declare(self, op: Operation) -> None:
        if isinstance(op, ImportOp):
            self._symbol(op, op.sym_name.data, "import", len(self.imports))
            try:
                convention = calling_convention(op)
            except ValueError as err:
                raise op_error(op, str(err)) from None
            self.imports.append(fmt.Import(op.sym_name.data, convention))
        elif isinstance(op, GlobalOp):
            self._symbol(op, op.sym_name.data, "global", len(self.globals))
            self.globals.append(_global(op))
        elif isinstance(op, RodataOp):
            alignment = (op.alignment.value.data if op.alignment is not None else None) or (
                DEFAULT_RODATA_ALIGNMENT
            )
            data = _rodata_bytes(op, op.value)
            index = self.rodata_index.setdefault(data, len(self.rodata))
            if index == len(self.rodata):
                self.rodata.append(fmt.Rodata(op.sym_name.data, data, alignment))
            else:  # identical data is stored once, with the largest alignment asked for
                kept = self.rodata[index]
                self.rodata[index] = replace(kept, alignment=max(kept.alignment, alignment))
            self._symbol(op, op.sym_name.data, "rodata", index)
        elif isinstance(op, FuncOp):
            self._symbol(op, op.sym_name.data, "function", len(self.functions))
            self.functions.append(op)
        elif isinstance(op, InitializerOp):
            self.functions.append(op)
        elif isinstance(op, ExportOp):
            self.exports.append(op)
        elif op.name != "vm.module_terminator":
            raise op_error(op, "cannot be serialized into a module file")

    def _symbol(self, op: Operation, name: str, kind: str, index: int) -> None:
        if name in self.symbols:
            raise op_error(op, f"redefines symbol @{name}")
        self.symbols[name] = fmt.SymbolRef(kind, index)

    def build(self, entry_points: Sequence[tuple[str, Reflection]]) -> fmt.Module:
        initializers = [op for op in self.functions if isinstance(op, InitializerOp)]
        names = [self._function_name(op, initializers) for op in self.functions]
        functions = [
            _FunctionBridge(self, op, name).build()
            for op, name in zip(self.functions, names, strict=True)
        ]
        exports = self._exports(entry_points)
        if initializers:
            if INITIALIZER in self.symbols:
                raise op_error(self.module, f"defines @{INITIALIZER} and vm.initializers")
            functions.append(self._initializer(initializers))
            exports.append(fmt.Export(INITIALIZER, len(functions) - 1, "0v_v"))
        return fmt.Module(
            self.module.sym_name.data,
            tuple(self.imports),
            tuple(exports),
            tuple(self.globals),
            tuple(self.rodata),
            tuple(functions),
        )

    def _function_name(self, op: FuncOp | InitializerOp, initializers: list[InitializerOp]) -> str:
        if isinstance(op, FuncOp):
            return op.sym_name.data
        base = f"{INITIALIZER}_{initializers.index(op)}"
        name = base
        while name in self.symbols:
            name = "_" + name
        return name

    def _initializer(self, initializers: list[InitializerOp]) -> fmt.Function:
        """`__init`: calls every initializer function in declaration order."""
        calls = tuple(
            fmt.Instruction("vm.call", symbol=fmt.SymbolRef("function", index))
            for index, op in enumerate(self.functions)
            if op in initializers
        )
        body = fmt.Block((), (*calls, fmt.Instruction("vm.return")))
        return fmt.Function(INITIALIZER, (), (), (), (body,))

    def _exports(self, entry_points: Sequence[tuple[str, Reflection]]) -> list[fmt.Export]:
        by_name: dict[str, ExportOp] = {}
        for op in self.exports:
            name = op.export_name.data
            if name in by_name:
                raise op_error(op, f"exports a second function as {name!r}")
            by_name[name] = op
        ordered: list[tuple[ExportOp, Reflection]] = []
        for name, reflection in entry_points:
            if name not in by_name:
                raise op_error(self.module, f"has no vm.export for entry point {name!r}")
            ordered.append((by_name.pop(name), reflection))
        ordered += [(op, ()) for op in self.exports if op.export_name.data in by_name]
        return [self._export(op, reflection) for op, reflection in ordered]

    def _export(self, op: ExportOp, reflection: Reflection) -> fmt.Export:
        target = self.symbols.get(op.function_ref.root_reference.data)
        if target is None or target.kind != "function":
            raise op_error(op, f"exports {op.function_ref} which is not a vm.func")
        function = self.functions[target.index]
        assert isinstance(function, FuncOp)
        pairs = dict(_func_reflection(function))
        pairs.update(_func_reflection(op))
        pairs.update(reflection)
        convention = calling_convention(function.function_type)
        return fmt.Export(op.export_name.data, target.index, convention, tuple(pairs.items()))


class _FunctionBridge:
    """Numbers one function's values and translates its blocks."""

    def __init__(self, owner: _ModuleBridge, op: FuncOp | InitializerOp, name: str) -> None:
        self.owner = owner
        self.op = op
        self.name = name
        self.registers: dict[SSAValue, int] = {}
        self.types: list[str] = []
        self.blocks: dict[Block, int] = {block: i for i, block in enumerate(op.body.blocks)}

    def build(self) -> fmt.Function:
        function_type: FunctionType = self.op.function_type
        params = tuple(_register_type(self.op, t) for t in function_type.inputs.data)
        results = tuple(_register_type(self.op, t) for t in function_type.outputs.data)
        if not self.blocks:
            raise op_error(self.op, "has no body (declare imports with vm.import)")
        for block in self.op.body.blocks:
            for value in (*block.args, *(r for o in block.ops for r in o.results)):
                self.registers[value] = len(self.types)
                self.types.append(_register_type(self._definer(value), value.type))
        blocks = tuple(
            fmt.Block(self._regs(block.args), tuple(self._instruction(op) for op in block.ops))
            for block in self.op.body.blocks
        )
        return fmt.Function(self.name, params, results, tuple(self.types), blocks)

    def _definer(self, value: SSAValue) -> Operation:
        owner = value.owner
        return owner if isinstance(owner, Operation) else self.op

    def _regs(self, values: Iterable[SSAValue]) -> tuple[int, ...]:
        return tuple(self.registers[v] for v in values)

    def _instruction(self, op: Operation) -> fmt.Instruction:
        if op.name not in OPS:
            raise op_error(op, "is not supported by the pyvmvx module format")
        operands: Sequence[SSAValue] = op.operands
        successors: tuple[fmt.Successor, ...] = ()
        if op.successors:
            operands, groups = _split_operands(op)
            successors = tuple(
                fmt.Successor(self.blocks[block], self._regs(args))
                for block, args in zip(op.successors, groups, strict=True)
            )
        return fmt.Instruction(
            op.name,
            self._regs(operands),
            self._regs(op.results),
            self._immediates(op),
            self._symbol_ref(op),
            successors,
        )

    def _immediates(self, op: Operation) -> tuple[fmt.Immediate, ...]:
        if isinstance(op, FailOp | CondFailOp):
            return (op.message.data if op.message is not None else "",)
        if isinstance(op, CallVariadicOp):  # values (tuples) per variadic argument
            return tuple(size for size in op.sizes() if size >= 0)
        if isinstance(op, RodataInlineOp):
            alignment = op.alignment.value.data if op.alignment is not None else None
            return (_rodata_bytes(op, op.value), alignment or DEFAULT_RODATA_ALIGNMENT)
        if op.name == "vm.list.alloc":
            result_type = op.results[0].type
            assert isinstance(result_type, ListType)
            return (_list_element_type(op, result_type.element_type),)
        value = op.properties.get("value")
        if isinstance(value, IntegerAttr):
            bits = 32 if OPS[op.name].immediates == ("i32",) else 64
            return (wrap_int(value.value.data, bits),)
        if isinstance(value, FloatAttr):
            return (float(value.value.data),)
        return ()

    def _symbol_ref(self, op: Operation) -> fmt.SymbolRef | None:
        spec = OPS[op.name]
        if spec.symbol is None:
            return None
        if isinstance(op, CallOp | CallVariadicOp):
            attr = op.callee
        elif isinstance(op, ConstRefRodataOp):
            attr = op.rodata
        elif isinstance(op, ImportResolvedOp):
            attr = op.import_
        else:
            attr = op.properties["global"]
        name = attr.root_reference.data  # type: ignore[union-attr]
        symbol = self.owner.symbols.get(name)
        wanted = {"callee": ("import", "function"), "global": ("global",), "rodata": ("rodata",)}
        if symbol is None or symbol.kind not in wanted.get(spec.symbol, (spec.symbol,)):
            raise op_error(op, f"refers to @{name}, which is not a {spec.symbol} of the module")
        return symbol


def _split_operands(op: Operation) -> tuple[Sequence[SSAValue], list[Sequence[SSAValue]]]:
    """A branch's own operands and the argument group of each successor."""
    if op.name == "vm.br":
        return [], [op.operands]
    if op.name == "vm.cond_br":
        assert isinstance(op, CondBranchOp)
        return [op.condition], [op.true_dest_operands, op.false_dest_operands]
    if op.name == "vm.br_table":  # the default destination first, then the cases in order
        assert isinstance(op, BranchTableOp)
        return [op.index], [op.default_operands, *op.case_arguments()]
    raise op_error(op, "has successors the module format cannot encode")


def _type_name(attr: Attribute) -> str | None:
    """The module format's name of a VM value or ref type, or None."""
    if attr in _VALUE_TYPES:
        return _VALUE_TYPES[attr]
    if isinstance(attr, BufferType):
        return "buffer"
    if isinstance(attr, ListType):
        return "list"
    if isinstance(attr, RefType):
        return "ref"
    return None


def _register_type(op: Operation, attr: Attribute) -> str:
    name = _type_name(attr)
    if name is None:
        raise op_error(op, f"uses type {attr}, which VM registers cannot hold")
    return name


def _list_element_type(op: Operation, element: Attribute) -> str:
    name = "ref" if element.name == "vm.opaque" else _type_name(element)
    if name is None:
        raise op_error(op, f"lists of {element} are not supported")
    return name


def _global(op: GlobalOp) -> fmt.Global:
    kind = _register_type(op, op.type)
    initial: int | float | None = None
    if isinstance(op.initial_value, IntegerAttr):
        initial = op.initial_value.value.data
    elif isinstance(op.initial_value, FloatAttr):
        initial = float(op.initial_value.value.data)
    return fmt.Global(op.sym_name.data, kind, op.is_mutable is not None, initial)


def _func_reflection(op: FuncOp | ExportOp) -> Reflection:
    """IREE's `iree.reflection` dictionary on a `vm.func` or `vm.export`, as string pairs."""
    attr = op.attributes.get("iree.reflection")
    if attr is None:
        return ()
    pairs: list[tuple[str, str]] = []
    for key, value in getattr(attr, "data", {}).items():
        if isinstance(value, StringAttr):
            pairs.append((key, value.data))
        elif isinstance(value, IntegerAttr):
            pairs.append((key, str(value.value.data)))
        else:
            raise op_error(op, f"reflection attribute {key} = {value} is not a string or integer")
    return tuple(pairs)


def _rodata_bytes(op: Operation, value: Attribute) -> fmt.Data:
    """The data of a rodata value: dense elements (little-endian, i1 as one 0/1 byte; a
    compact splat as a splat of its element, never expanded), a dense resource blob, or a
    string."""
    if isinstance(value, StringAttr):
        return value.data.encode("utf-8")
    if isinstance(value, DenseIntOrFPElementsAttr):
        element = value.get_element_type()
        data = bytes(value.data.data)
        if isinstance(element, IntegerType) and element.width.data == 1:
            data = bytes(1 if b else 0 for b in data)
        count = splat_count(value)
        if count is None:
            return data
        if len(data) * count > MAX_ALLOCATION:
            raise op_error(op, f"holds a constant of more than {MAX_ALLOCATION} bytes")
        return fmt.Splat(data, len(data) * count)
    if isinstance(value, DenseResourceAttr):
        return _resource_bytes(op, value.resource_handle.data)
    raise op_error(op, f"value {value} cannot be stored as read-only data")


def _resource_bytes(op: Operation, key: str) -> bytes:
    raw = resource_bytes(key)
    if raw is None:
        raise op_error(op, f"dense resource '{key}' has no data in the module's resources")
    if len(raw) < HEADER_BYTES:
        raise op_error(op, f"dense resource '{key}' is shorter than its alignment header")
    return raw[HEADER_BYTES:]  # MLIR blobs start with their u32 alignment
