"""The `vm` dialect checked against the runtime's op table, the single source of the op set.

`pyvmvx.runtime.vm.ops` lists the instructions a module file may hold (`OPS`), the pseudo-ops
the compiler expands before writing one (`PSEUDO_OPS`) and the ops that become its tables
(`DECLARATIONS`). `dialect_signature` reads what an op class accepts from its IRDL definition:

- operand and result kinds: the register types (`i32` ... `f64`, `buffer`, `list`, `ref`) that
  the field's IRDL constraint and, for a `TypedOp` field, its per-op type constraint accept;
  a field taking every ref type is `ref`, one taking several other types `a|b`;
- immediates: the `value` (its integer or float type, `bytes` when any attribute will do),
  `message` (`str`) and `alignment` properties, and `element_type` for a list result;
- the symbol (the `global`, `rodata`, `callee` or `import` property), the successor count
  (-1 when variadic), whether it is a terminator, and where variadic operands take their types
  from (`callee` for calls, `variadic` for `vm.call.variadic`, whose `segment_sizes` become
  the instruction's immediates, else `function`).

`differences` compares every dialect op with the table and returns each disagreement as text;
the test suite requires it to return nothing for `pyvmvx.dialects.vm.VM` and the runtime table.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, fields, replace

from xdsl.dialects.builtin import FloatAttr, IntegerAttr, f32, f64, i32, i64
from xdsl.ir import Attribute, Operation
from xdsl.irdl import IRDLOperation, VariadicDef
from xdsl.irdl.constraints import AttrConstraint, RangeConstraint, VerificationContext
from xdsl.traits import IsTerminator
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.vm.base import ExpandPseudoOp, TypedOp
from pyvmvx.dialects.vm.types import OPAQUE, BufferType, ListType, RefType
from pyvmvx.runtime.vm.ops import SYMBOL_KINDS, OpSpec

REGISTER_TYPES: Mapping[str, Attribute] = {
    "i32": i32,
    "i64": i64,
    "f32": f32,
    "f64": f64,
    "buffer": BufferType(),
    "list": ListType(OPAQUE),
    "ref": RefType(),
}
"""A representative type of each register kind of the runtime."""

_ANY_REF = frozenset(("buffer", "list", "ref"))
_VALUES: Mapping[str, Attribute] = {
    "i32": IntegerAttr(0, i32),
    "i64": IntegerAttr(0, i64),
    "f32": FloatAttr(0.0, f32),
    "f64": FloatAttr(0.0, f64),
}
IMMEDIATE_PROPERTIES = {"message": "str", "alignment": "alignment"}
METADATA_PROPERTIES = frozenset(
    ("name", "mime_type", "operandSegmentSizes", "case_operand_segments", "segment_types")
)
"""Properties that are not part of the instruction (names, operand grouping)."""
VARIADIC_CALL_PROPERTY = "segment_sizes"
"""The property of a variadic call: its instruction's immediates (one per variadic argument)."""

I32_ALIASED = frozenset(
    f"vm.buffer.{access}.{kind}"
    for access in ("fill", "load", "store")
    for kind in ("i64", "f32", "f64")
)
"""Ops whose value may also be an i32 in the dialect (IREE's `AnyTypeOf<[type, I32]>`, from
its bytecode's shared 32-bit register bank). pyvmvx's registers are typed, so the runtime runs
only the named type, which is all the `vm` conversion emits; the comparison allows the alias
for exactly these ops."""


@dataclass(frozen=True)
class Signature:
    """What the module file and the dialect say about one instruction."""

    operands: tuple[str, ...]
    results: tuple[str, ...]
    immediates: tuple[str, ...]
    symbol: str | None
    successors: int
    terminator: bool
    signature: str | None


def runtime_signature(spec: OpSpec) -> Signature:
    """The signature of a runtime op spec."""
    return Signature(
        spec.operands,
        spec.results,
        spec.immediates,
        spec.symbol,
        spec.successors,
        spec.terminator,
        spec.signature,
    )


def _kind(accepted: Collection[str]) -> str:
    if accepted == _ANY_REF:
        return "ref"
    return "|".join(sorted(accepted))


def _accepts(constr: AttrConstraint | RangeConstraint, attr: Attribute) -> bool:
    try:
        if isinstance(constr, RangeConstraint):
            constr.verify((attr,), VerificationContext())
        else:
            constr.verify(attr, VerificationContext())
    except VerifyException:
        return False
    return True


def _field_kind(op: type[IRDLOperation], name: str, constr: RangeConstraint) -> str:
    accepted = {kind for kind, attr in REGISTER_TYPES.items() if _accepts(constr, attr)}
    if issubclass(op, TypedOp) and name in op.TYPED_FIELDS:
        typed = op.field_constraint(name)
        accepted = {kind for kind in accepted if _accepts(typed, REGISTER_TYPES[kind])}
    return _kind(accepted)


def _value_kind(constr: AttrConstraint) -> str:
    accepted = [kind for kind, value in _VALUES.items() if _accepts(constr, value)]
    return "bytes" if len(accepted) == len(_VALUES) else _kind(accepted)


def dialect_signature(op: type[IRDLOperation]) -> Signature:
    """The signature an op class's definition gives it (unknown properties show as `?name`)."""
    op_def = op.get_irdl_definition()
    groups = [*op_def.operands, *op_def.results]
    kinds = {
        name: _field_kind(op, name, field.constr)
        for name, field in groups
        if not isinstance(field, VariadicDef)
    }
    results = tuple(kinds[name] for name, _ in op_def.results if name in kinds)
    symbol: str | None = None
    immediates: list[str] = []
    for name, prop in op_def.properties.items():
        if name in SYMBOL_KINDS:  # `global`, `rodata`, `callee`, `import`
            symbol = name
        elif name == "value":
            immediates.append(_value_kind(prop.constr))
        elif name in IMMEDIATE_PROPERTIES:
            immediates.append(IMMEDIATE_PROPERTIES[name])
        elif name not in METADATA_PROPERTIES and name != VARIADIC_CALL_PROPERTY:
            immediates.append(f"?{name}")
    if "list" in results:
        immediates.append("element_type")
    variadic = any(isinstance(field, VariadicDef) for _, field in groups)
    return Signature(
        operands=tuple(kinds[name] for name, _ in op_def.operands if name in kinds),
        results=results,
        immediates=tuple(immediates),
        symbol=symbol,
        successors=(
            -1
            if any(isinstance(s, VariadicDef) for _, s in op_def.successors)
            else len(op_def.successors)
        ),
        terminator=op.has_trait(IsTerminator),
        signature=(
            _variadic_signature(symbol, op_def.properties)
            if variadic and not op_def.successors
            else None
        ),
    )


def _variadic_signature(symbol: str | None, properties: Mapping[str, object]) -> str:
    """Where variadic operands take their types from: a call's callee (`variadic` for a
    variadic import call) or the enclosing function."""
    if symbol != "callee":
        return "function"
    return "variadic" if VARIADIC_CALL_PROPERTY in properties else "callee"


def _without_i32_alias(kind: str) -> str:
    others = set(kind.split("|")) - {"i32"}
    return others.pop() if "|" in kind and len(others) == 1 else kind


def _compare(name: str, dialect: Signature, runtime: Signature) -> list[str]:
    if name in I32_ALIASED:
        dialect = replace(
            dialect,
            operands=tuple(map(_without_i32_alias, dialect.operands)),
            results=tuple(map(_without_i32_alias, dialect.results)),
        )
    return [
        f"{name}: {f.name} {getattr(dialect, f.name)!r} in the dialect, "
        f"{getattr(runtime, f.name)!r} in the runtime"
        for f in fields(Signature)
        if getattr(dialect, f.name) != getattr(runtime, f.name)
    ]


def differences(
    ops: Mapping[str, OpSpec],
    pseudo_ops: Collection[str],
    declarations: Collection[str],
    dialect: Iterable[type[Operation]],
) -> list[str]:
    """Every disagreement between the dialect's ops and the runtime's table: each dialect op
    is exactly one of an instruction (with the same signature), a pseudo-op that
    `canonicalize` expands, or a declaration, and each table entry is a dialect op."""
    by_name = {op.name: op for op in dialect}
    roles = {"instruction": ops, "pseudo-op": pseudo_ops, "declaration": declarations}
    problems: list[str] = []
    for name in sorted(by_name.keys() | set(ops) | set(pseudo_ops) | set(declarations)):
        listed = [role for role, names in roles.items() if name in names]
        op = by_name.get(name)
        if op is None:
            problems.append(f"{name}: a runtime {listed[0]} that the dialect does not define")
        elif not listed:
            problems.append(f"{name}: a dialect op that the runtime table does not list")
        elif len(listed) > 1:
            problems.append(f"{name}: listed as {' and '.join(listed)}")
        elif listed == ["pseudo-op"] and not op.has_trait(ExpandPseudoOp):
            problems.append(f"{name}: a pseudo-op that canonicalize does not expand")
        elif listed == ["instruction"]:
            assert issubclass(op, IRDLOperation)
            problems += _compare(name, dialect_signature(op), runtime_signature(ops[name]))
    return problems
