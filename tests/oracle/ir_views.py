"""Normalized views of MLIR modules, so pyvmvx's output can be compared with iree-opt's.

Both outputs are parsed with pyvmvx's parser and reduced to what is semantically comparable:

- each function-like op (`func.func`, `vm.func`, `util.func`, initializers, constant blocks)
  becomes a `FunctionView`: its path of enclosing symbols, visibility, signature, the
  ordered *anchors* (ops without results, or with regions: stores, `vmvx.*` kernels,
  `vm.call`, returns, loops) and a count of op names;
- every other symbol op becomes a `DeclView` (path, op name, attributes).

An anchor's operands are rendered as expressions of the function's arguments, never as SSA
names: `%arg2` for the third entry-block argument, `vmvx.get_buffer_descriptor(%arg0).stride1`
for a descriptor result, `op{attrs}(operands)` for other results.

Integer arithmetic (`arith.constant`/`addi`/`subi`/`muli` on any integer type, integer
`vm.const.*`, `vm.add/sub/mul`, `affine.apply`) is evaluated into a polynomial over those
expressions, so IREE's `affine.apply (s0 + s1 * s2)` and an equivalent `arith.muli` +
`arith.addi` chain, or two constants materialized in different places, compare equal.
`affine.min`/`max` compare as the sorted list of their results. Integer divisions (`floordiv`,
`divsi`, `divui`, `floordivsi`, `vm.div.*`) all become `floordiv(a, b)`: the values divided
here are non-negative byte offsets and sizes, where the forms agree; an exact division by a
constant (`(4*i) / 4`) is simplified, so a fold that one canonicalizer does and the other does
not is no difference. Float constants compare by value (`vm.const.f32.zero` is `0.0`).

Attributes are compared as pyvmvx prints them (properties and attributes merged, segment
sizes dropped), so property-vs-attribute storage differences do not count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AffineMapAttr,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineSymExpr,
)

from pyvmvx.ir.semi_affine import SemiAffineParser
from pyvmvx.tools.pyvmvx_opt import PyVMVXOptMain

SPLIT_MARKER = "// -----"
FUNCTION_OPS = frozenset(
    {
        "func.func",
        "vm.func",
        "util.func",
        "util.initializer",
        "vm.initializer",
        "hal.executable.constant.block",
        "hal.executable.export",
    }
)
# Keys that only say how operands are grouped, or how a symbol is named (that is the path).
_IGNORED_ATTRS = frozenset(
    {"operandSegmentSizes", "resultSegmentSizes", "sym_name", "function_type", "sym_visibility"}
)
_ADD = frozenset({"arith.addi", "vm.add.i32", "vm.add.i64"})
_SUB = frozenset({"arith.subi", "vm.sub.i32", "vm.sub.i64"})
_MUL = frozenset({"arith.muli", "vm.mul.i32", "vm.mul.i64"})
_FLOORDIV = frozenset(
    {"arith.floordivsi", "arith.divsi", "arith.divui"}
    | {f"vm.div.i{bits}.{sign}" for bits in (32, 64) for sign in "su"}
)
_CEILDIV = frozenset({"arith.ceildivsi", "arith.ceildivui"})
_REM = frozenset(
    {"arith.remsi", "arith.remui"}
    | {f"vm.rem.i{bits}.{sign}" for bits in (32, 64) for sign in "su"}
)
_ZERO_CONSTS = frozenset({"vm.const.i32.zero", "vm.const.i64.zero"})
_FLOAT_ZERO_CONSTS = {"vm.const.f32.zero": "f32", "vm.const.f64.zero": "f64"}
_SCALAR_CONSTS = frozenset(
    {"arith.constant"} | {f"vm.const.{t}" for t in ("i32", "i64", "f32", "f64")}
)


@cache
def _context() -> Context:
    return PyVMVXOptMain(args=["--allow-unregistered-dialect"]).ctx


def parse_module(text: str) -> ModuleOp:
    """Parse one MLIR section with every pyvmvx dialect (unknown dialects allowed)."""
    return SemiAffineParser(_context(), text).parse_module()


def split_sections(text: str) -> list[str]:
    """Split `--split-input-file` text (input or output) into its sections."""
    sections: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip() == SPLIT_MARKER:
            sections.append([])
        else:
            sections[-1].append(line)
    return ["\n".join(lines) + "\n" for lines in sections]


# ---------------------------------------------------------------------------------------
# Polynomials over opaque expressions: the normal form of integer arithmetic.

Monomial = tuple[str, ...]


@dataclass(frozen=True)
class Poly:
    """A polynomial with integer coefficients whose variables are expression strings."""

    terms: tuple[tuple[Monomial, int], ...]

    @staticmethod
    def of(mapping: dict[Monomial, int]) -> Poly:
        return Poly(tuple(sorted((m, c) for m, c in mapping.items() if c != 0)))

    @staticmethod
    def const(value: int) -> Poly:
        return Poly.of({(): value})

    @staticmethod
    def var(name: str) -> Poly:
        return Poly.of({(name,): 1})

    def constant(self) -> int | None:
        if not self.terms:
            return 0
        if len(self.terms) == 1 and self.terms[0][0] == ():
            return self.terms[0][1]
        return None

    def __add__(self, other: Poly) -> Poly:
        out = dict(self.terms)
        for mono, coeff in other.terms:
            out[mono] = out.get(mono, 0) + coeff
        return Poly.of(out)

    def scale(self, factor: int) -> Poly:
        return Poly.of({m: c * factor for m, c in self.terms})

    def __sub__(self, other: Poly) -> Poly:
        return self + other.scale(-1)

    def __mul__(self, other: Poly) -> Poly:
        out: dict[Monomial, int] = {}
        for m1, c1 in self.terms:
            for m2, c2 in other.terms:
                mono = tuple(sorted(m1 + m2))
                out[mono] = out.get(mono, 0) + c1 * c2
        return Poly.of(out)

    def __str__(self) -> str:
        if not self.terms:
            return "0"
        parts = []
        for mono, coeff in self.terms:
            factors = ([] if coeff == 1 and mono else [str(coeff)]) + list(mono)
            parts.append("*".join(factors))
        return " + ".join(parts)


def _divide(kind: str, lhs: Poly, rhs: Poly) -> Poly:
    """`floordiv`, `ceildiv` or `mod`, folded when both sides are constants or when a
    constant divides every coefficient (then every rounding mode gives the exact quotient)."""
    a, b = lhs.constant(), rhs.constant()
    if a is not None and b:
        folded = {"floordiv": a // b, "ceildiv": -(-a // b), "mod": a % b}[kind]
        return Poly.const(folded)
    if b and all(coeff % b == 0 for _, coeff in lhs.terms):
        if kind == "mod":
            return Poly.const(0)
        return Poly.of({mono: coeff // b for mono, coeff in lhs.terms})
    return Poly.var(f"{kind}({lhs}, {rhs})")


def _affine(expr: AffineExpr, dims: Sequence[Poly], syms: Sequence[Poly]) -> Poly:
    match expr:
        case AffineConstantExpr():
            return Poly.const(expr.value)
        case AffineDimExpr():
            return dims[expr.position]
        case AffineSymExpr():
            return syms[expr.position]
        case AffineBinaryOpExpr():
            lhs, rhs = _affine(expr.lhs, dims, syms), _affine(expr.rhs, dims, syms)
            match expr.kind:
                case AffineBinaryOpKind.Add:
                    return lhs + rhs
                case AffineBinaryOpKind.Mul:
                    return lhs * rhs
                case AffineBinaryOpKind.FloorDiv:
                    return _divide("floordiv", lhs, rhs)
                case AffineBinaryOpKind.CeilDiv:
                    return _divide("ceildiv", lhs, rhs)
                case AffineBinaryOpKind.Mod:
                    return _divide("mod", lhs, rhs)
    raise ValueError(f"unexpected affine expression {expr}")


# ---------------------------------------------------------------------------------------
# Views.


@dataclass(frozen=True)
class Anchor:
    """An effectful or structural op: its name, attributes and operand expressions."""

    name: str
    attrs: str
    operands: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name}{self.attrs}({', '.join(self.operands)})"


@dataclass(frozen=True)
class FunctionView:
    """A function-like op: where it is, its interface, its anchors (compared) and, for
    `counted_ops` and documented-difference checks, its op counts and callees."""

    path: str
    kind: str
    visibility: str
    signature: str
    attrs: str
    anchors: tuple[Anchor, ...]
    op_counts: Counter[str] = field(compare=False)
    callees: frozenset[str] = field(compare=False)

    def counted_ops(self) -> Counter[str]:
        """Op names, without constants and integer arithmetic (materialization details)."""
        return Counter(
            {name: n for name, n in self.op_counts.items() if not _is_arithmetic_name(name)}
        )


@dataclass(frozen=True)
class DeclView:
    """A symbol op that is not a function (global, import, rodata, executable, ...)."""

    path: str
    name: str
    visibility: str
    signature: str
    attrs: str


@dataclass(frozen=True)
class ModuleView:
    """Every function (by symbol path) and declaration of a module."""

    functions: dict[str, FunctionView]
    decls: tuple[DeclView, ...]

    def decls_of(self, op_name: str) -> list[DeclView]:
        return [d for d in self.decls if d.name == op_name]


def _is_arithmetic_name(name: str) -> bool:
    return (
        name in _ADD | _SUB | _MUL | _FLOORDIV | _CEILDIV | _REM
        or name in _ZERO_CONSTS | _SCALAR_CONSTS | _FLOAT_ZERO_CONSTS.keys()
        or name in ("affine.apply", "affine.min", "affine.max")
    )


def _attr(op: Operation, key: str) -> Attribute | None:
    """An inherent or discardable attribute (pyvmvx and IREE may store them differently)."""
    return op.properties.get(key, op.attributes.get(key))


def render_attrs(op: Operation) -> str:
    """Properties and attributes, merged and sorted, without naming/grouping keys."""
    merged = {**op.properties, **op.attributes}
    items = [f"{k}={merged[k]}" for k in sorted(merged) if k not in _IGNORED_ATTRS]
    return "{" + ", ".join(items) + "}" if items else ""


def _symbol_name(op: Operation) -> str | None:
    attr = _attr(op, "sym_name")
    return attr.data if isinstance(attr, StringAttr) else None


def _path(op: Operation, leaf: str) -> str:
    names = [leaf]
    parent = op.parent_op()
    while parent is not None:
        if (name := _symbol_name(parent)) is not None:
            names.append(name)
        parent = parent.parent_op()
    return "::".join(f"@{n}" for n in reversed(names))


class _FunctionNormalizer:
    """Renders the values of one function as argument-relative expressions."""

    def __init__(self, func: Operation) -> None:
        self.func = func
        self.cache: dict[SSAValue, str | Poly] = {}
        self.block_names: dict[Block, str] = {}
        self.anchors: list[Anchor] = []

    def run(self) -> tuple[Anchor, ...]:
        for index, block in enumerate(self.func.regions[0].blocks if self.func.regions else []):
            self.block_names[block] = "%" if index == 0 else f"^bb{index}%"
        for op in self.func.walk():
            if op is self.func:
                continue
            for region_index, region in enumerate(op.regions):
                for block_index, block in enumerate(region.blocks):
                    self.block_names[block] = f"^{len(self.anchors)}.{region_index}.{block_index}%"
            if not op.results or op.regions:
                operands = tuple(str(self.value(v)) for v in op.operands)
                self.anchors.append(Anchor(op.name, render_attrs(op), operands))
        return tuple(self.anchors)

    def value(self, value: SSAValue) -> str | Poly:
        if value not in self.cache:
            self.cache[value] = self._compute(value)
        return self.cache[value]

    def poly(self, value: SSAValue) -> Poly:
        result = self.value(value)
        return result if isinstance(result, Poly) else Poly.var(result)

    def _compute(self, value: SSAValue) -> str | Poly:
        if isinstance(value, BlockArgument):
            prefix = self.block_names.get(value.block, "^outer%")
            return f"{prefix}arg{value.index}"
        assert isinstance(value, OpResult)
        op = value.op
        arithmetic = self._arithmetic(op)
        if arithmetic is not None:
            return arithmetic
        operands = ", ".join(str(self.value(v)) for v in op.operands)
        return f"{op.name}{render_attrs(op)}({operands}){self._result_role(value)}"

    def _arithmetic(self, op: Operation) -> str | Poly | None:
        name = op.name
        if name in _ZERO_CONSTS:
            return Poly.const(0)
        if name in _FLOAT_ZERO_CONSTS:
            return f"float(0.0:{_FLOAT_ZERO_CONSTS[name]})"
        if name in _SCALAR_CONSTS:
            attr = _attr(op, "value")
            if isinstance(attr, IntegerAttr):
                return Poly.const(attr.value.data)
            if isinstance(attr, FloatAttr):
                return f"float({attr.value.data}:{attr.type})"
            return None
        binary: dict[frozenset[str], Callable[[Poly, Poly], Poly]] = {
            _ADD: Poly.__add__,
            _SUB: Poly.__sub__,
            _MUL: Poly.__mul__,
            _FLOORDIV: lambda a, b: _divide("floordiv", a, b),
            _CEILDIV: lambda a, b: _divide("ceildiv", a, b),
            _REM: lambda a, b: _divide("mod", a, b),
        }
        for names, fold in binary.items():
            if name in names:
                return fold(self.poly(op.operands[0]), self.poly(op.operands[1]))
        if name in ("affine.apply", "affine.min", "affine.max"):
            map_attr = _attr(op, "map")
            assert isinstance(map_attr, AffineMapAttr)
            affine_map = map_attr.data
            polys = [self.poly(v) for v in op.operands]
            dims, syms = polys[: affine_map.num_dims], polys[affine_map.num_dims :]
            results = [_affine(result, dims, syms) for result in affine_map.results]
            if name == "affine.apply":
                (result,) = results
                return result
            # min/max are commutative: their results compare as a sorted list.
            operands = ", ".join(sorted(map(str, results)))
            return Poly.var(f"{name.removeprefix('affine.')}({operands})")
        return None

    @staticmethod
    def _result_role(value: OpResult) -> str:
        op = value.op
        if op.name != "vmvx.get_buffer_descriptor":
            return f"#{value.index}" if len(op.results) > 1 else ""
        rank = (len(op.results) - 2) // 2
        if value.index < 2:
            return (".base", ".offset")[value.index]
        kind, dim = divmod(value.index - 2, rank)
        return f".{('size', 'stride')[kind]}{dim}"


def _signature(op: Operation) -> str:
    function_type = _attr(op, "function_type")
    if isinstance(function_type, FunctionType):
        return str(function_type)
    region = op.regions[0] if op.regions else None
    if region is not None and region.blocks:
        return "(" + ", ".join(str(a.type) for a in region.blocks[0].args) + ")"
    return "()"


def _visibility(op: Operation) -> str:
    attr = _attr(op, "sym_visibility")
    return attr.data if isinstance(attr, StringAttr) else "public"


def module_view(module: ModuleOp) -> ModuleView:
    """The normalized view of every function and symbol declaration in `module`.

    A function-like op without a symbol name (an initializer, a constant block) is named by
    its op name and its position among such ops of its parent: `<util.initializer 0>`.
    """
    functions: dict[str, FunctionView] = {}
    decls: list[DeclView] = []
    anonymous: Counter[tuple[int, str]] = Counter()
    for op in _ops_outside_functions(module):
        name = _symbol_name(op)
        if op.name in FUNCTION_OPS:
            if name is None:
                key = (id(op.parent_op()), op.name)
                name = f"<{op.name} {anonymous[key]}>"
                anonymous[key] += 1
            path = _path(op, name)
            functions[path] = FunctionView(
                path=path,
                kind=op.name,
                visibility=_visibility(op),
                signature=_signature(op),
                attrs=render_attrs(op),
                anchors=_FunctionNormalizer(op).run(),
                op_counts=Counter(inner.name for inner in op.walk() if inner is not op),
                callees=frozenset(_callees(op)),
            )
        elif name is not None:
            path = _path(op, name)
            decls.append(DeclView(path, op.name, _visibility(op), _signature(op), render_attrs(op)))
    return ModuleView(functions, tuple(decls))


def _callees(function: Operation) -> Iterator[str]:
    for op in function.walk():
        callee = _attr(op, "callee")
        if callee is not None and op is not function:
            yield str(callee).removeprefix("@")


def _ops_outside_functions(op: Operation) -> Iterator[Operation]:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                yield inner
                if inner.name not in FUNCTION_OPS:
                    yield from _ops_outside_functions(inner)
