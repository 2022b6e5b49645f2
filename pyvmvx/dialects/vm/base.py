"""Shared machinery for defining the many same-shaped `vm` ops from tables.

IREE defines most VM ops from a handful of TableGen classes instantiated per type
(`VM_BinaryArithmeticOp<I32, "add.i32", ...>`). We do the same: each shape is an abstract
`IRDLOperation` subclass that fixes the operand/result names, the assembly format and the
Python builder, and `define_op` instantiates it for one mnemonic with concrete type
constraints. The generated classes are ordinary IRDL ops, bound to module-level names.

Every op keeps IREE's operand/result order, names its immediate values as properties
(`value`, `global`, `callee`, `rodata`, `message`, ...) and carries its successors as
regular xDSL successors, so a serializer can read any op generically from `op.name`,
`op.operands`, `op.results`, `op.properties` and `op.successors`.

Inherent attributes not spelled by an op's syntax (`ordinal`, `alignment`, ...) are
properties, as in IREE 3.13, read and printed by `pyvmvx.dialects.properties`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, TypeVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, irdl_to_attr_constraint, traits_def
from xdsl.irdl.constraints import AttrConstraint, VerificationContext
from xdsl.pattern_rewriter import RewritePattern
from xdsl.traits import HasCanonicalizationPatternsTrait, OpTrait
from xdsl.utils.exceptions import VerifyException

_OpT = TypeVar("_OpT", bound=IRDLOperation)


def class_name_for(mnemonic: str) -> str:
    """`vm.cmp.lt.i32.s` -> `CmpLtI32SOp` (the Python class name of a generated op)."""
    return "".join(part.capitalize() for part in mnemonic.removeprefix("vm.").split(".")) + "Op"


def format_types(types: Sequence[Attribute]) -> str:
    """`(i32, !vm.buffer)`: a type list as written in MLIR, for diagnostics."""
    return "(" + ", ".join(str(t) for t in types) + ")"


def check_type(op: IRDLOperation, constr: AttrConstraint, attr: Attribute, what: str) -> None:
    """Raise a verifier error naming the op unless `attr` satisfies `constr`."""
    try:
        constr.verify(attr, VerificationContext())
    except VerifyException as e:
        raise VerifyException(f"{what} type {attr} is invalid: {e}") from e


class ExpandPseudoOp(HasCanonicalizationPatternsTrait):
    """An IREE pseudo-op: `canonicalize` rewrites it into instructions (`pseudo_ops`)."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from pyvmvx.dialects.vm.pseudo_ops import PATTERNS

        return PATTERNS


class TypedOp(IRDLOperation):
    """A shape whose value types are set per op by class variables (TableGen's `type`).

    `TYPED_FIELDS` maps an operand or result to the class variable holding its type (an
    attribute or a constraint) and the word naming it in diagnostics; `verify_` checks them
    in order, and the op-table cross-check reads the same map.
    """

    TYPED_FIELDS: ClassVar[Mapping[str, tuple[str, str]]] = {}

    @classmethod
    def field_constraint(cls, field: str) -> AttrConstraint:
        """The per-op type constraint of the typed field `field`."""
        return irdl_to_attr_constraint(getattr(cls, cls.TYPED_FIELDS[field][0]))

    def verify_(self) -> None:
        for field, (_, what) in self.TYPED_FIELDS.items():
            check_type(self, self.field_constraint(field), getattr(self, field).type, what)


def define_op(
    base: type[_OpT],
    mnemonic: str,
    class_vars: dict[str, object] | None = None,
    traits: Sequence[OpTrait] = (),
    fields: dict[str, object] | None = None,
) -> type[_OpT]:
    """Create and register an IRDL op class `mnemonic` deriving from the shape `base`.

    `class_vars` set the shape's UPPER_CASE class variables (the op's types); `traits` add to
    the shape's traits; `fields` replace single IRDL fields of the shape (used where the
    type must be known to the assembly format, e.g. the typed literal of `vm.const.i32`).
    """
    class_vars = class_vars or {}
    namespace: dict[str, object] = {
        "name": mnemonic,
        "__module__": base.__module__,
        "__qualname__": class_name_for(mnemonic),
        "__doc__": base.__doc__,
        "__annotations__": {key: ClassVar for key in class_vars},
        **class_vars,
        **(fields or {}),
    }
    if traits:
        namespace["traits"] = traits_def(*traits)
    return irdl_op_definition(type(class_name_for(mnemonic), (base,), namespace))
