"""Semi-affine expressions, built and parsed explicitly (xDSL issue #1087).

MLIR accepts a product with a symbolic factor (`s1 * s2`, `d0 * s0`) and a `floordiv`,
`ceildiv` or `mod` by a symbolic right operand (`16 ceildiv s0`, `d0 mod s0`); IREE emits
such maps (`affine_map<()[s0, s1, s2] -> (s0 + s1 * s2)>` in
`iree-vmvx-resolve-buffer-descriptors`). xDSL 0.75 stores, prints and evaluates them
(`AffineBinaryOpExpr`, `AffineMap.eval`), but its expression operators refuse them, and so
do its parser and every xDSL method built on those operators (`AffineExpr.binary`,
`replace_dims_and_symbols`, `AffineMap.compose`).

Nothing here changes xDSL: semi-affine support is where it is asked for, in any process,
whatever ran before.

- Building: `mul`, `floordiv`, `ceildiv`, `mod`, and `replace_dims_and_symbols` on top of
  them, accept semi-affine results; xDSL's operators (`*`, `//`, `ceil_div`, `%`) keep
  refusing them.
- Parsing: `SemiAffineParser`, an xDSL `Parser` whose affine maps, sets and SSA-id maps
  (`affine.load %m[%i * %n]`) may be semi-affine. pyvmvx's own parser
  (`pyvmvx.ir.diagnostics.LocatedParser`, used by `pyvmvx-opt` and `pyvmvx.compile`) is one.
  xDSL's `Parser`, hence plain `xdsl-opt` (which sees pyvmvx's passes through the
  `xdsl.universe` entry point), does not read them, although those passes may print them.

The rules are MLIR's:

- a constant operand keeps xDSL's own construction and folding unchanged;
- `a * b` with no constant needs a symbolic operand (one without dimensions), which is put
  on the right: `s0 * d0` becomes `d0 * s0`;
- `floordiv`/`ceildiv`/`mod` need a constant or symbolic right operand;
- anything else (`d0 * d1`, `d0 floordiv d1`) raises `NonAffineExpressionError`, which the
  parser reports as a parse error at the operator.

Not covered: `AffineExpr.simplify` raises `NotImplementedError` on a semi-affine expression
(xDSL's flattener), so simplification must skip such expressions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType
from xdsl.ir import SSAValue
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSet,
    AffineSymExpr,
)
from xdsl.parser import AffineParser, Parser, UnresolvedOperand
from xdsl.utils.exceptions import ParseError
from xdsl.utils.mlir_lexer import MLIRToken


class NonAffineExpressionError(ValueError):
    """An expression that is not even semi-affine, such as `d0 * d1`."""


def is_symbolic(expr: AffineExpr) -> bool:
    """Whether `expr` involves no dimension (constants and symbols only)."""
    return not any(isinstance(node, AffineDimExpr) for node in expr.dfs())


def _as_expr(value: AffineExpr | int) -> AffineExpr:
    return AffineExpr.constant(value) if isinstance(value, int) else value


def mul(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineExpr:
    """`lhs * rhs`; without a constant operand, a symbolic one (put on the right)."""
    lhs, rhs = _as_expr(lhs), _as_expr(rhs)
    if isinstance(lhs, AffineConstantExpr) or isinstance(rhs, AffineConstantExpr):
        return lhs * rhs
    if is_symbolic(rhs):
        return AffineBinaryOpExpr(AffineBinaryOpKind.Mul, lhs, rhs)
    if is_symbolic(lhs):
        return AffineBinaryOpExpr(AffineBinaryOpKind.Mul, rhs, lhs)
    raise NonAffineExpressionError(
        f"non-affine expression: at least one of the multiply operands of ({lhs} * {rhs}) "
        "has to be either a constant or symbolic"
    )


def _divide(kind: AffineBinaryOpKind, lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineExpr:
    lhs, rhs = _as_expr(lhs), _as_expr(rhs)
    if isinstance(rhs, AffineConstantExpr):
        return AffineExpr.binary(kind, lhs, rhs)
    if not is_symbolic(rhs):
        raise NonAffineExpressionError(
            f"non-affine expression: right operand of {kind.get_token()} in ({lhs} "
            f"{kind.get_token()} {rhs}) has to be either a constant or symbolic"
        )
    return AffineBinaryOpExpr(kind, lhs, rhs)


def floordiv(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineExpr:
    """`lhs floordiv rhs`; `rhs` constant or symbolic."""
    return _divide(AffineBinaryOpKind.FloorDiv, lhs, rhs)


def ceildiv(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineExpr:
    """`lhs ceildiv rhs`; `rhs` constant or symbolic."""
    return _divide(AffineBinaryOpKind.CeilDiv, lhs, rhs)


def mod(lhs: AffineExpr | int, rhs: AffineExpr | int) -> AffineExpr:
    """`lhs mod rhs`; `rhs` constant or symbolic."""
    return _divide(AffineBinaryOpKind.Mod, lhs, rhs)


_SEMI_AFFINE: dict[AffineBinaryOpKind, Callable[[AffineExpr, AffineExpr], AffineExpr]] = {
    AffineBinaryOpKind.Mul: mul,
    AffineBinaryOpKind.FloorDiv: floordiv,
    AffineBinaryOpKind.CeilDiv: ceildiv,
    AffineBinaryOpKind.Mod: mod,
}
"""The builders replacing xDSL's operators, by kind (`+` is never semi-affine)."""


def replace_dims_and_symbols(
    expr: AffineExpr, dims: Sequence[AffineExpr], symbols: Sequence[AffineExpr]
) -> AffineExpr:
    """xDSL's `expr.replace_dims_and_symbols(dims, symbols)` (which folds as it rebuilds),
    with semi-affine results allowed."""
    if isinstance(expr, AffineDimExpr) and expr.position < len(dims):
        return dims[expr.position]
    if isinstance(expr, AffineSymExpr) and expr.position < len(symbols):
        return symbols[expr.position]
    if not isinstance(expr, AffineBinaryOpExpr):
        return expr
    lhs = replace_dims_and_symbols(expr.lhs, dims, symbols)
    rhs = replace_dims_and_symbols(expr.rhs, dims, symbols)
    build = _SEMI_AFFINE.get(expr.kind)
    return AffineExpr.binary(expr.kind, lhs, rhs) if build is None else build(lhs, rhs)


class _SemiAffineExprParser(AffineParser):
    """xDSL's affine expression parser with the semi-affine builders."""

    _BUILDERS: ClassVar = {kind.get_token(): build for kind, build in _SEMI_AFFINE.items()}

    def _create_binop_expr(self, lhs: AffineExpr, rhs: AffineExpr, binop: MLIRToken) -> AffineExpr:
        build = self._BUILDERS.get(binop.text)
        if build is None:
            return super()._create_binop_expr(lhs, rhs, binop)
        try:
            return build(lhs, rhs)
        except NonAffineExpressionError as e:
            raise ParseError(binop.span, str(e)) from e


class SemiAffineParser(Parser):
    """An xDSL `Parser` that reads semi-affine maps and sets (see the module docstring)."""

    def parse_affine_map(self) -> AffineMap:
        return _SemiAffineExprParser(self._parser_state).parse_affine_map()

    def parse_affine_set(self) -> AffineSet:
        return _SemiAffineExprParser(self._parser_state).parse_affine_set()

    def parse_affine_map_of_ssa_ids(self) -> tuple[AffineMap, Sequence[SSAValue[IndexType]]]:
        parser = _SemiAffineExprParser(self._parser_state)
        affine_map, spans = parser.parse_affine_map_of_ssa_ids()
        operands = [self.resolve_operand(UnresolvedOperand(span, 0), IndexType()) for span in spans]
        return affine_map, operands
