"""VM calling conventions and the import declarations of the registered native modules.

A calling convention string is how the VM runtime checks that a caller and a callee agree
on a signature (IREE's `iree_vm_function_signature_t`): `0`, the argument codes (`v` when
there are none), `_`, the result codes (`v` when there are none), where i32 is `i`, i64 `I`,
f32 `f`, f64 `F` and any reference `r`. `tuple<...>` arguments are flattened, and a variadic
import argument is its flattened codes between `C` and `D`. For example the
`vmvx.add.2d.f32` import is `0rIIIrIIIrIIIII_v` and `hal.buffer_view.create` is `0rIIiiCID_r`.

The modules a program may import from are the runtime's import registry
(`pyvmvx.runtime.modules.registry.MODULES`); the imports of module `<name>` are declared in
IREE's `vm.import` syntax in `pyvmvx/dialects/<name>_imports.mlir`, as `vm.module @<name>`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import resources

from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, FunctionType, ModuleOp, f32, f64, i32, i64
from xdsl.ir import Attribute
from xdsl.parser import Parser

from pyvmvx.dialects.vm.structural import FuncOp, ImportOp
from pyvmvx.dialects.vm.structural import ModuleOp as VMModuleOp
from pyvmvx.dialects.vm.types import flatten_type, is_ref_type
from pyvmvx.runtime.modules import vmvx
from pyvmvx.runtime.modules.registry import MODULES

IMPORT_MODULES: tuple[str, ...] = tuple(MODULES)
"""Names of the modules whose imports the compiler declares, in registry order."""

IMPORT_MODULE_ATTR = "vm.import.module"
"""The attribute binding a function declaration to the import of its name in a module."""

VMVX_MODULE = vmvx.MODULE_NAME
"""The module the `vmvx` dialect's ops and the ukernels are calls into."""

_TYPE_CODES: dict[Attribute, str] = {i32: "i", i64: "I", f32: "f", f64: "F"}


def _type_codes(types: Sequence[Attribute]) -> str:
    return _codes(types) or "v"


def _codes(types: Sequence[Attribute]) -> str:
    codes = []
    for leaf in (leaf for t in types for leaf in flatten_type(t)):
        if is_ref_type(leaf):
            codes.append("r")
        elif leaf in _TYPE_CODES:
            codes.append(_TYPE_CODES[leaf])
        else:
            raise ValueError(f"type {leaf} has no VM calling-convention code")
    return "".join(codes)


def calling_convention(callee: FunctionType | FuncOp | ImportOp) -> str:
    """The calling-convention string of a signature, e.g. `0rIIIrIIIII_v`, with a `C...D`
    span for each variadic argument of an import (`0rIIiiCID_r`)."""
    function_type = callee if isinstance(callee, FunctionType) else callee.function_type
    if isinstance(callee, ImportOp) and callee.is_variadic:
        spans = [
            f"C{_codes([t])}D" if callee.is_argument_variadic(i) else _codes([t])
            for i, t in enumerate(function_type.inputs.data)
        ]
        return f"0{''.join(spans)}_{_type_codes(function_type.outputs.data)}"
    inputs = _type_codes(function_type.inputs.data)
    outputs = _type_codes(function_type.outputs.data)
    return f"0{inputs}_{outputs}"


@functools.cache
def _parsed_imports(module: str) -> ModuleOp:
    from pyvmvx.dialects.hal import HAL
    from pyvmvx.dialects.vm import VM

    if module not in MODULES:
        raise ValueError(f"no registered import module {module!r}")
    file = f"{module}_imports.mlir"
    text = resources.files("pyvmvx.dialects").joinpath(file).read_text()
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(VM)
    ctx.load_dialect(HAL)
    parsed = Parser(ctx, text, file).parse_module()
    parsed.verify()
    ops = list(parsed.body.block.ops)
    if len(ops) != 1 or not isinstance(ops[0], VMModuleOp) or ops[0].sym_name.data != module:
        raise ValueError(f"{file} must hold exactly one `vm.module @{module}`")
    return parsed


def load_imports(module: str) -> ModuleOp:
    """A fresh copy of `<module>_imports.mlir`: a module holding `vm.module @<module>` of imports.

    The file is parsed and verified once per process; each call returns a clone, so callers
    may move or modify the ops.
    """
    return _parsed_imports(module).clone()


def declared_imports(imports: ModuleOp) -> dict[str, ImportOp]:
    """The `vm.import`s of a module as `load_imports` returns it, by unqualified name."""
    return {
        op.sym_name.data: op
        for vm_module in imports.body.block.ops
        for op in vm_module.regions[0].block.ops
        if isinstance(op, ImportOp)
    }
