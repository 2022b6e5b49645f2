"""VM calling conventions and pyvmvx's `vmvx` import declarations.

A calling convention string is how the VM runtime checks that a caller and a callee agree
on a signature (IREE's `iree_vm_function_signature_t`): `0`, the argument codes (`v` when
there are none), `_`, the result codes (`v` when there are none), where i32 is `i`, i64 `I`,
f32 `f`, f64 `F` and any reference `r`. `tuple<...>` arguments are flattened. For example the
`vmvx.add.2d.f32` import is `0rIIIrIIIrIIIII_v`.
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
from pyvmvx.dialects.vm.types import flatten_type, is_ref_type

VMVX_IMPORTS_FILE = "vmvx_imports.mlir"

_TYPE_CODES: dict[Attribute, str] = {i32: "i", i64: "I", f32: "f", f64: "F"}


def _type_codes(types: Sequence[Attribute]) -> str:
    codes = []
    for leaf in (leaf for t in types for leaf in flatten_type(t)):
        if is_ref_type(leaf):
            codes.append("r")
        elif leaf in _TYPE_CODES:
            codes.append(_TYPE_CODES[leaf])
        else:
            raise ValueError(f"type {leaf} has no VM calling-convention code")
    return "".join(codes) or "v"


def calling_convention(callee: FunctionType | FuncOp | ImportOp) -> str:
    """The calling-convention string of a signature, e.g. `0rIIIrIIIII_v`.

    Variadic imports use a different encoding (`C...D` spans) that pyvmvx does not need;
    they are rejected.
    """
    if isinstance(callee, ImportOp) and callee.is_variadic:
        raise ValueError(f"@{callee.sym_name.data} is variadic; not supported")
    function_type = callee if isinstance(callee, FunctionType) else callee.function_type
    inputs = _type_codes(function_type.inputs.data)
    outputs = _type_codes(function_type.outputs.data)
    return f"0{inputs}_{outputs}"


@functools.cache
def _parsed_vmvx_imports() -> ModuleOp:
    from pyvmvx.dialects.vm import VM

    text = resources.files("pyvmvx.dialects").joinpath(VMVX_IMPORTS_FILE).read_text()
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(VM)
    module = Parser(ctx, text, VMVX_IMPORTS_FILE).parse_module()
    module.verify()
    return module


def load_vmvx_imports() -> ModuleOp:
    """A fresh copy of `vmvx_imports.mlir`: a module holding `vm.module @vmvx` of imports.

    The file is parsed and verified once per process; each call returns a clone, so callers
    may move or modify the ops.
    """
    return _parsed_vmvx_imports().clone()
