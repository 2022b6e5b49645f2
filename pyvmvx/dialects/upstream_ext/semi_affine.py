"""Semi-affine expressions in xDSL's affine maps (xDSL issue #1087).

MLIR accepts a product with a symbolic factor (`s1 * s2`, `d0 * s0`) and a `floordiv`,
`ceildiv` or `mod` by a symbolic right operand (`16 ceildiv s0`, `d0 mod s0`); IREE emits
such maps (`affine_map<()[s0, s1, s2] -> (s0 + s1 * s2)>` in
`iree-vmvx-resolve-buffer-descriptors`). xDSL 0.75 stores, prints and evaluates them
(`AffineBinaryOpExpr`, `AffineMap.eval`), but its expression operators refuse them, and its
parser builds every expression through those operators.

`enable_semi_affine_maps` therefore patches, process-wide, the four `AffineExpr` operators
(`*`, `//`, `ceil_div`, `%`) and the affine parser's binary-op builder. There is no
per-context hook in xDSL for either, and the patch must reach every builder of maps (the
attribute parser, `AffineMap.compose`, `replace_dims_and_symbols`, passes). The rules are
MLIR's:

- a constant operand keeps xDSL's own construction and folding unchanged;
- `a * b` with no constant needs a symbolic operand (one without dimensions), which is put
  on the right: `s0 * d0` becomes `d0 * s0`;
- `floordiv`/`ceildiv`/`mod` need a constant or symbolic right operand;
- anything else (`d0 * d1`, `d0 floordiv d1`) raises `NonAffineExpressionError`, which the
  parser reports as a parse error at the operator.

Not covered: `AffineExpr.simplify` still raises `NotImplementedError` on a semi-affine
expression (xDSL's flattener), so simplification must skip such maps.
"""

from collections.abc import Callable

from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
)
from xdsl.parser.affine_parser import AffineParser
from xdsl.utils.exceptions import ParseError
from xdsl.utils.mlir_lexer import MLIRToken


class NonAffineExpressionError(ValueError):
    """An expression that is not even semi-affine, such as `d0 * d1`."""


_BinaryOp = Callable[[AffineExpr, AffineExpr | int], AffineExpr]
_CreateBinop = Callable[[AffineParser, AffineExpr, AffineExpr, MLIRToken], AffineExpr]

_UPSTREAM_MUL: _BinaryOp = AffineExpr.__mul__
_UPSTREAM_DIVISIONS: dict[AffineBinaryOpKind, _BinaryOp] = {
    AffineBinaryOpKind.FloorDiv: AffineExpr.__floordiv__,
    AffineBinaryOpKind.CeilDiv: AffineExpr.ceil_div,
    AffineBinaryOpKind.Mod: AffineExpr.__mod__,
}
_UPSTREAM_CREATE_BINOP: _CreateBinop = AffineParser._create_binop_expr


def is_symbolic(expr: AffineExpr) -> bool:
    """Whether `expr` involves no dimension (constants and symbols only)."""
    return not any(isinstance(node, AffineDimExpr) for node in expr.dfs())


def _as_expr(value: AffineExpr | int) -> AffineExpr:
    return AffineExpr.constant(value) if isinstance(value, int) else value


def _mul(self: AffineExpr, other: AffineExpr | int) -> AffineExpr:
    other = _as_expr(other)
    if isinstance(self, AffineConstantExpr) or isinstance(other, AffineConstantExpr):
        return _UPSTREAM_MUL(self, other)
    lhs, rhs = (self, other) if is_symbolic(other) else (other, self)
    if not is_symbolic(rhs):
        raise NonAffineExpressionError(
            f"non-affine expression: at least one of the multiply operands of ({self} * "
            f"{other}) has to be either a constant or symbolic"
        )
    return AffineBinaryOpExpr(AffineBinaryOpKind.Mul, lhs, rhs)


def _division(kind: AffineBinaryOpKind) -> _BinaryOp:
    upstream = _UPSTREAM_DIVISIONS[kind]

    def divide(self: AffineExpr, other: AffineExpr | int) -> AffineExpr:
        other = _as_expr(other)
        if isinstance(other, AffineConstantExpr):
            return upstream(self, other)
        if not is_symbolic(other):
            raise NonAffineExpressionError(
                f"non-affine expression: right operand of {kind.get_token()} in ({self} "
                f"{kind.get_token()} {other}) has to be either a constant or symbolic"
            )
        return AffineBinaryOpExpr(kind, self, other)

    return divide


def _create_binop_expr(
    self: AffineParser, lhs: AffineExpr, rhs: AffineExpr, binop: MLIRToken
) -> AffineExpr:
    try:
        return _UPSTREAM_CREATE_BINOP(self, lhs, rhs, binop)
    except NonAffineExpressionError as e:
        raise ParseError(binop.span, str(e)) from e


_PATCHES: dict[tuple[type, str], object] = {
    (AffineExpr, "__mul__"): _mul,
    (AffineExpr, "__floordiv__"): _division(AffineBinaryOpKind.FloorDiv),
    (AffineExpr, "ceil_div"): _division(AffineBinaryOpKind.CeilDiv),
    (AffineExpr, "__mod__"): _division(AffineBinaryOpKind.Mod),
    (AffineParser, "_create_binop_expr"): _create_binop_expr,
}


def enable_semi_affine_maps() -> None:
    """Let xDSL build, parse and print semi-affine expressions as MLIR does (idempotent).

    Applied by `pyvmvx.dialects.upstream_ext.get_overrides`, hence by every tool that
    registers pyvmvx's extended upstream dialects.
    """
    for (owner, attribute), replacement in _PATCHES.items():
        setattr(owner, attribute, replacement)


def semi_affine_maps_enabled() -> bool:
    """Whether `enable_semi_affine_maps` has been applied in this process."""
    return all(getattr(owner, name) is patch for (owner, name), patch in _PATCHES.items())
