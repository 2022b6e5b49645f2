"""func (and util function-like ops) -> vm (the structural part of IREE's `StandardToVM`).

- A function with a body becomes a private `vm.func`; a public one also gets `vm.export`.
- A declaration tagged `vm.import.module = "<module>"`, `<module>` a registered import module
  (`IMPORT_MODULES`, e.g. `vmvx`), is bound to that module's import of the same name (added
  from its imports file); other declarations become `vm.import`s with the converted signature.
- `func.call` becomes `vm.call`; arguments of calls to registered imports are cast to the
  import's signature (index -> i64, f32 -> i32 bitcast, ...) and results cast back.
- `func.return`/`util.return` become `vm.return`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    FlatSymbolRefAttr,
    FunctionType,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
)
from xdsl.ir import Attribute, Operation, Region, SSAValue

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.calls import cast_to_import_type, emit_call, resolve_import
from pyvmvx.conversion.to_vm.rewriter import (
    ConversionRewriter,
    ModulePattern,
    Pattern,
    build_vm_op,
    conversion_error,
)
from pyvmvx.dialects import util
from pyvmvx.dialects.vm import IMPORT_MODULE_ATTR, IMPORT_MODULES

_RETAINED_FUNC_ATTRS = ("iree.reflection", "nosideeffects")


def _function_type(op: Operation) -> FunctionType:
    function_type = op.properties.get("function_type")
    assert isinstance(function_type, FunctionType)
    return function_type


def _sym_name(op: Operation) -> str:
    name = op.properties.get("sym_name") or op.attributes.get("sym_name")
    assert isinstance(name, StringAttr)
    return name.data


def is_public(op: Operation) -> bool:
    visibility = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
    return not isinstance(visibility, StringAttr) or visibility.data == "public"


def is_declaration(op: Operation) -> bool:
    return not op.regions[0].blocks


def is_registered_import(op: Operation) -> bool:
    """Whether declaration `op` is bound (`vm.import.module`) to a registered import module."""
    module = op.attributes.get(IMPORT_MODULE_ATTR)
    return isinstance(module, StringAttr) and module.data in IMPORT_MODULES


def _convert_signature(rw: ConversionRewriter, op: Operation) -> FunctionType:
    function_type = _function_type(op)
    inputs = [rw.convert_type(t, op) for t in function_type.inputs.data]
    outputs = [rw.convert_type(t, op) for t in function_type.outputs.data]
    return FunctionType.from_lists(inputs, outputs)


def _convert_function(rw: ConversionRewriter, op: Operation) -> list[Operation]:
    """The module-level VM ops replacing function-like `op` (definition or declaration)."""
    name = _sym_name(op)
    if is_declaration(op):
        if is_registered_import(op):
            resolve_import(rw, op, name)  # added with the other used imports at the end
            return []
        named: dict[str, Attribute] = {
            "sym_name": StringAttr(name),
            "function_type": _convert_signature(rw, op),
        }
        visibility = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
        if visibility is not None:
            named["sym_visibility"] = visibility
        return [build_vm_op("vm.import", regions=[Region()], named=named)]
    named = {
        "sym_name": StringAttr(name),
        "function_type": _convert_signature(rw, op),
        "sym_visibility": StringAttr("private"),
    }
    for key in _RETAINED_FUNC_ATTRS:
        if key in op.attributes:
            named[key] = op.attributes[key]
    if "noinline" in op.attributes:
        named["noinline"] = UnitAttr()
    vm_func = build_vm_op("vm.func", regions=[rw.convert_region(op.regions[0])], named=named)
    if not is_public(op):
        return [vm_func]
    export = build_vm_op(
        "vm.export",
        named={"function_ref": FlatSymbolRefAttr(name), "export_name": StringAttr(name)},
    )
    return [vm_func, export]


def _call(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> Sequence[SSAValue]:
    callee_attr = op.properties.get("callee") or op.attributes.get("callee")
    assert isinstance(callee_attr, SymbolRefAttr)
    callee = callee_attr.string_value()
    result_types = [rw.convert_type(result.type, op) for result in op.results]
    declaration = rw.symbols.get(callee)
    if declaration is not None and is_registered_import(declaration):
        signature = resolve_import(rw, declaration, callee)
        if len(signature.inputs.data) != len(operands):
            raise conversion_error(
                op,
                f"passes {len(operands)} arguments to import {callee}, "
                f"which takes {len(signature.inputs.data)}",
            )
        arguments = [
            cast_to_import_type(rw, value, target)
            for value, target in zip(operands, signature.inputs.data, strict=True)
        ]
        return emit_call(rw, callee, arguments, signature.outputs.data, result_types)
    return emit_call(rw, callee, operands, result_types, result_types)


def _return(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
    rw.emit("vm.return", [operands])
    return []


PATTERNS = PatternTable[Pattern](
    "func/util calls -> vm",
    [((func.CallOp, util.CallOp), _call), ((func.ReturnOp, util.ReturnOp), _return)],
)

MODULE_PATTERNS = PatternTable[ModulePattern](
    "func/util functions -> vm", [((func.FuncOp, util.FuncOp), _convert_function)]
)
