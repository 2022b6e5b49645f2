"""The expansions of IREE's compile-only `vm` pseudo-ops (`PSEUDO_OPS` of the runtime's table).

As in IREE's `VMOpFolders.cpp`, `canonicalize` rewrites them into instructions:

- `vm.check.<eq|ne|nz|nearly_eq> %a(, %b), "message" : T` becomes the matching compare
  (`vm.cmp.<pred>.<T>`; `.o` for floats, `vm.cmp.eq.<f>.near` for `nearly_eq` on floats),
  `vm.xor.i32 %ok, 1` and `vm.cond_fail %failed, 9 (FAILED_PRECONDITION), "message"`.
- `vm.cmp.eq.<f>.near %a, %b` compares exactly when the operands lie on different sides of zero
  (`x >= 0` differs) and otherwise by bit-pattern distance: `|bits(a) - bits(b)| < 100` ulps.
  IREE branches between the two; we compute both and `vm.select.i32`, which is the same value.
"""

from __future__ import annotations

from collections.abc import Mapping

from xdsl.dialects.builtin import IntegerAttr, StringAttr, f32, f64, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from pyvmvx.dialects.vm import OPS_BY_NAME
from pyvmvx.dialects.vm.types import is_ref_type

FAILED_PRECONDITION = 9
"""IREE_STATUS_FAILED_PRECONDITION, the status of a failed `vm.check.*`."""

NEAR_ULPS = 100
"""IREE's tolerance of `vm.cmp.eq.<f>.near`, in units in the last place."""

_TYPES: Mapping[str, Attribute] = {"i32": i32, "i64": i64, "f32": f32, "f64": f64}
_KINDS = {attr: kind for kind, attr in _TYPES.items()}
_BITS = {"f32": "i32", "f64": "i64"}
_CHECK_PREDICATES = {"eq": "eq", "ne": "ne", "nz": "nz", "nearly_eq": "eq"}


def _kind(attr: Attribute) -> str:
    return "ref" if is_ref_type(attr) else _KINDS[attr]


class _Builder:
    """Collects the `vm` ops that replace a pseudo-op, created by name."""

    def __init__(self) -> None:
        self.ops: list[Operation] = []

    def op(
        self,
        name: str,
        *operands: SSAValue,
        result_types: tuple[Attribute, ...] = (),
        properties: Mapping[str, Attribute] | None = None,
    ) -> Operation:
        op = OPS_BY_NAME[name].create(
            operands=operands, result_types=result_types, properties=dict(properties or {})
        )
        self.ops.append(op)
        return op

    def value(self, name: str, *operands: SSAValue, kind: str = "i32") -> SSAValue:
        return self.op(name, *operands, result_types=(_TYPES[kind],)).results[0]

    def const(self, kind: str, value: int) -> SSAValue:
        attr = IntegerAttr(value, _TYPES[kind])
        return self.op(
            f"vm.const.{kind}", result_types=(_TYPES[kind],), properties={"value": attr}
        ).results[0]


class ExpandCheck(RewritePattern):
    """`vm.check.*` -> compare, invert, `vm.cond_fail` with FAILED_PRECONDITION."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        check = op.name.removeprefix("vm.check.")
        if check not in _CHECK_PREDICATES:
            return
        kind = _kind(op.operands[0].type)
        compare = f"vm.cmp.{_CHECK_PREDICATES[check]}.{kind}"
        if kind in _BITS:
            compare += ".near" if check == "nearly_eq" else ".o"
        build = _Builder()
        ok = build.value(compare, *op.operands)
        failed = build.value("vm.xor.i32", ok, build.const("i32", 1))
        status = build.const("i32", FAILED_PRECONDITION)
        message = op.properties.get("message")
        properties = {"message": message} if isinstance(message, StringAttr) else None
        build.op("vm.cond_fail", failed, status, properties=properties)
        rewriter.replace(op, build.ops, [])


class ExpandCmpEQNear(RewritePattern):
    """`vm.cmp.eq.<f>.near` -> exact or ulp-distance compare, chosen by the operands' signs."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if op.name not in ("vm.cmp.eq.f32.near", "vm.cmp.eq.f64.near"):
            return
        lhs, rhs = op.operands
        kind = _kind(lhs.type)
        bits = _BITS[kind]
        build = _Builder()
        zero = build.value(f"vm.const.{kind}.zero", kind=kind)
        signs_differ = build.value(
            "vm.cmp.ne.i32",
            build.value(f"vm.cmp.gte.{kind}.o", lhs, zero),
            build.value(f"vm.cmp.gte.{kind}.o", rhs, zero),
        )
        exact = build.value(f"vm.cmp.eq.{kind}.o", lhs, rhs)
        difference = build.value(
            f"vm.sub.{bits}",
            build.value(f"vm.bitcast.{kind}.{bits}", lhs, kind=bits),
            build.value(f"vm.bitcast.{kind}.{bits}", rhs, kind=bits),
            kind=bits,
        )
        distance = build.value(f"vm.abs.{bits}", difference, kind=bits)
        near = build.value(f"vm.cmp.lt.{bits}.s", distance, build.const(bits, NEAR_ULPS))
        result = build.value("vm.select.i32", signs_differ, exact, near)
        rewriter.replace(op, build.ops, [result])


PATTERNS: tuple[RewritePattern, ...] = (ExpandCheck(), ExpandCmpEQNear())
"""The canonicalization patterns of every op with the `ExpandPseudoOp` trait."""
