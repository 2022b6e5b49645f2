"""Calls to VM imports: IREE's `castToImportType`/`castFromImportType` and `rewriteToCall`.

Imports declare the exact wire types (`i64` offsets, `i32` flags, `tuple<i64, i64>` stride
pairs). Arguments are cast to them: integers are sign-extended or truncated, floats are
bitcast to the same-width integer (how f32 fill values reach `fill.2d.x32`). A call of an
import with variadic arguments (`hal.buffer_view.create`'s shape) is a `vm.call.variadic`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import FunctionType, IntegerType, SymbolRefAttr, TupleType
from xdsl.ir import Attribute, Operation, SSAValue

from pyvmvx.conversion.to_vm.arith import integer_cast
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, type_suffix
from pyvmvx.dialects.vm import CallVariadicOp
from pyvmvx.ir.diagnostics import op_error


def cast_to_import_type(rw: ConversionRewriter, value: SSAValue, target: Attribute) -> SSAValue:
    """`value` (a VM register value) as the import type `target`."""
    source = value.type
    if source == target or not isinstance(target, IntegerType):
        return value
    source_suffix = type_suffix(source)
    if source_suffix in ("f32", "f64") and source_suffix[1:] == type_suffix(target)[1:]:
        return rw.emit_value(f"vm.bitcast.{source_suffix}.{type_suffix(target)}", [value], target)
    if isinstance(source, IntegerType):
        return integer_cast(rw, value, target, signed=True)
    return value


def emit_call(
    rw: ConversionRewriter,
    callee: str,
    arguments: Sequence[SSAValue],
    call_result_types: Sequence[Attribute],
    result_types: Sequence[Attribute],
) -> list[SSAValue]:
    """`vm.call @callee(arguments) -> call_result_types`, results cast to `result_types`."""
    call = rw.emit(
        "vm.call", [list(arguments)], [list(call_result_types)], callee=SymbolRefAttr(callee)
    )
    return _cast_results(rw, call, result_types)


def _cast_results(
    rw: ConversionRewriter, call: Operation, result_types: Sequence[Attribute]
) -> list[SSAValue]:
    return [
        cast_to_import_type(rw, result, target)
        for result, target in zip(call.results, result_types, strict=True)
    ]


def resolve_import(rw: ConversionRewriter, op: Operation, name: str) -> FunctionType:
    """The signature of the registered import `name`, or IREE's error on `op` if there is none."""
    signature = rw.imports.signature(name)
    if signature is None:
        raise op_error(op, f"failed to resolve VM function import for {name}")
    return signature


def call_import_with_groups(
    rw: ConversionRewriter,
    op: Operation,
    name: str,
    groups: Sequence[Sequence[SSAValue]],
    result_types: Sequence[Attribute],
) -> list[SSAValue]:
    """IREE's `rewriteToCall`: each import argument consumes the next operand group.

    A `tuple<...>` argument takes a group of the tuple's arity and passes its values
    flattened; a variadic argument (`i64 ...`, `tuple<...> ...`) takes a group of any number
    of values (of tuples: a multiple of the arity), and makes the call a `vm.call.variadic`;
    any other argument takes one group (normally a single value).
    """
    signature = resolve_import(rw, op, name)
    declaration = rw.imports.declaration(name)
    assert declaration is not None
    inputs = signature.inputs.data
    if len(groups) != len(inputs):
        raise op_error(
            op, f"has {len(groups)} operand groups but import {name} takes {len(inputs)} arguments"
        )
    arguments: list[SSAValue] = []
    sizes: list[int] = []
    for index, (group, input_type) in enumerate(zip(groups, inputs, strict=True)):
        types = input_type.types.data if isinstance(input_type, TupleType) else None
        variadic = declaration.is_argument_variadic(index)
        width = len(types) if types is not None else 1
        if types is not None and (len(group) % width if variadic else len(group) != width):
            raise op_error(
                op,
                f"passes {len(group)} values for the {input_type} argument of import {name}",
            )
        sizes.append(len(group) // width if variadic else -1)
        for position, value in enumerate(group):
            target = types[position % width] if types is not None else input_type
            arguments.append(cast_to_import_type(rw, value, target))
    if not declaration.is_variadic:
        return emit_call(rw, name, arguments, signature.outputs.data, result_types)
    call = CallVariadicOp(name, arguments, sizes, inputs, signature.outputs.data)
    rw.append(call)
    return _cast_results(rw, call, result_types)
