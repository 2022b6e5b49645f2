"""vmvx -> vm (IREE's `ConvertVMVXToVM.cpp`): each op becomes a `vm.call` to a vmvx import.

Import names follow IREE's `Dialect/VMVX/Conversion/VMVXToVM/ConvertVMVXToVM.cpp`:
`vmvx.<opcode>.<rank>d.<typed>` for binary/unary (`typed` is `f<bits>` for floats, `i<bits>` for
signless integers, `x<bits>` otherwise), `vmvx.copy.<rank>d.x<bits>` and `vmvx.fill.2d.x<bits>`;
i1 counts as 8 bits. A name missing from the imports file is IREE's "failed to resolve VM
function import for <name>".
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import AnyFloat, IntegerType, Signedness, StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation

from pyvmvx.conversion.framework import PatternTable
from pyvmvx.conversion.to_vm.calls import call_import_with_groups
from pyvmvx.conversion.to_vm.rewriter import ConversionRewriter, Pattern, conversion_error
from pyvmvx.dialects import vmvx
from pyvmvx.dialects.vm import VMVX_MODULE


def _bits(op: Operation, attr: Attribute) -> int:
    if isinstance(attr, IntegerType):
        width = attr.width.data
    elif isinstance(attr, AnyFloat):
        width = attr.bitwidth
    else:
        raise conversion_error(op, f"expected an integer or float element type, got {attr}")
    return 8 if width == 1 else width


def sized_type_name(op: Operation, attr: Attribute) -> str:
    """`x<bits>`: the element type by width only (copy, fill)."""
    return f"x{_bits(op, attr)}"


def typed_type_name(op: Operation, attr: Attribute) -> str:
    """`f<bits>`, `i<bits>` (signless) or `x<bits>` (signed/unsigned integers)."""
    if isinstance(attr, AnyFloat):
        prefix = "f"
    elif isinstance(attr, IntegerType) and attr.signedness.data == Signedness.SIGNLESS:
        prefix = "i"
    else:
        prefix = "x"
    return f"{prefix}{_bits(op, attr)}"


def _opcode(op: Operation) -> str:
    opcode = op.properties["opcode"]
    assert isinstance(opcode, StringAttr)
    return opcode.data


def _element_type(op: Operation) -> Attribute:
    return op.properties["element_type"]


def _rank(op: Operation, strides: str) -> int:
    return len(getattr(op, strides))


def _binary_name(op: Operation) -> str:
    rank = _rank(op, "lhs_strides")
    return f"{VMVX_MODULE}.{_opcode(op)}.{rank}d.{typed_type_name(op, _element_type(op))}"


def _unary_name(op: Operation) -> str:
    rank = _rank(op, "in_strides")
    return f"{VMVX_MODULE}.{_opcode(op)}.{rank}d.{typed_type_name(op, _element_type(op))}"


def _copy_name(op: Operation) -> str:
    rank = _rank(op, "in_strides")
    return f"{VMVX_MODULE}.copy.{rank}d.{sized_type_name(op, _element_type(op))}"


def _fill_name(op: Operation) -> str:
    return f"{VMVX_MODULE}.fill.2d.{sized_type_name(op, op.operands[0].type)}"


def operand_groups(rw: ConversionRewriter, op: Operation) -> list[list[SSAValue]]:
    """The converted operands of `op`, one list per ODS operand (variadic or single)."""
    assert isinstance(op, IRDLOperation)
    groups: list[list[SSAValue]] = []
    for name, _ in type(op).get_irdl_definition().operands:
        group = getattr(op, name)
        values: Sequence[SSAValue] = group if isinstance(group, Sequence) else [group]
        groups.append([rw.lookup(value) for value in values])
    return groups


def _to_call(import_name) -> Pattern:
    def convert(rw: ConversionRewriter, op: Operation, _: list[SSAValue]) -> list[SSAValue]:
        return call_import_with_groups(rw, op, import_name(op), operand_groups(rw, op), [])

    return convert


PATTERNS = PatternTable[Pattern](
    "vmvx -> vm",
    [
        (vmvx.BinaryOp, _to_call(_binary_name)),
        (vmvx.UnaryOp, _to_call(_unary_name)),
        (vmvx.CopyOp, _to_call(_copy_name)),
        (vmvx.Fill2DOp, _to_call(_fill_name)),
    ],
)
