"""Python-level checks of `pyvmvx.dialects.upstream_ext`: semi-affine maps and the overrides."""

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects import linalg as upstream_linalg
from xdsl.dialects import memref as upstream_memref
from xdsl.dialects.builtin import AffineMapAttr, Builtin
from xdsl.ir.affine import (
    AffineBinaryOpExpr,
    AffineBinaryOpKind,
    AffineExpr,
    AffineMap,
)
from xdsl.parser import Parser

from pyvmvx.dialects import upstream_ext
from pyvmvx.dialects.upstream_ext.memref import CopyOp as ExtCopyOp
from pyvmvx.dialects.upstream_ext.semi_affine import (
    NonAffineExpressionError,
    enable_semi_affine_maps,
    semi_affine_maps_enabled,
)

enable_semi_affine_maps()

d0, d1 = AffineExpr.dimension(0), AffineExpr.dimension(1)
s0, s1 = AffineExpr.symbol(0), AffineExpr.symbol(1)
small = st.integers(-1000, 1000)
positive = st.integers(1, 64)


def parse_map(text: str) -> AffineMap:
    attr = Parser(Context(), f"affine_map<{text}>").parse_attribute()
    assert isinstance(attr, AffineMapAttr)
    return attr.data


# --- semi-affine maps -----------------------------------------------------------------


def test_enable_is_idempotent_and_reported() -> None:
    enable_semi_affine_maps()
    enable_semi_affine_maps()
    assert semi_affine_maps_enabled()


@given(base=small, i=small, si=small, j=small, sj=small)
def test_buffer_offset_map_evaluates(base: int, i: int, si: int, j: int, sj: int) -> None:
    offset = parse_map("()[s0, s1, s2, s3, s4] -> (s0 + s1 * s2 + s3 * s4)")
    assert offset.eval([], [base, i, si, j, sj]) == (base + i * si + j * sj,)


@given(n=st.integers(-1000, 1000), tile=positive)
def test_divisions_by_a_symbol_follow_mlir(n: int, tile: int) -> None:
    ceil, floor, mod = (
        parse_map("()[s0] -> (16 ceildiv s0)"),
        parse_map("(d0)[s0] -> (d0 floordiv s0)"),
        parse_map("(d0)[s0] -> (d0 mod s0)"),
    )
    assert ceil.eval([], [tile]) == (-(-16 // tile),)
    # floordiv rounds toward -inf and mod is never negative for a positive divisor.
    assert floor.eval([n], [tile]) == (n // tile,)
    assert mod.eval([n], [tile]) == (n % tile,)
    assert 0 <= mod.eval([n], [tile])[0] < tile


def test_symbolic_factor_goes_right() -> None:
    assert s0 * d0 == AffineBinaryOpExpr(AffineBinaryOpKind.Mul, d0, s0)
    assert d0 * s0 == AffineBinaryOpExpr(AffineBinaryOpKind.Mul, d0, s0)
    assert s0 * s1 == AffineBinaryOpExpr(AffineBinaryOpKind.Mul, s0, s1)
    assert parse_map("(d0)[s0] -> (s0 * d0)") == parse_map("(d0)[s0] -> (d0 * s0)")


def test_constant_operands_keep_upstream_folding() -> None:
    assert (d0 * 1) == d0
    assert (d0 * 2) * 3 == AffineBinaryOpExpr(AffineBinaryOpKind.Mul, d0, AffineExpr.constant(6))
    assert AffineExpr.constant(7) * AffineExpr.constant(6) == AffineExpr.constant(42)
    assert AffineExpr.constant(17) // 5 == AffineExpr.constant(3)
    assert AffineExpr.constant(17).ceil_div(5) == AffineExpr.constant(4)
    assert AffineExpr.constant(-7) % 5 == AffineExpr.constant(3)
    assert parse_map("(d0) -> (d0 * 4 + 2)").eval([3], []) == (14,)


@pytest.mark.parametrize(
    "build",
    [
        lambda: d0 * d1,
        lambda: (d0 + s0) * (d1 + 1),
        lambda: s0 // d0,
        lambda: s0.ceil_div(d0 + s1),
        lambda: d1 % d0,
    ],
)
def test_non_affine_expressions_are_rejected(build: Callable[[], AffineExpr]) -> None:
    with pytest.raises(NonAffineExpressionError, match="non-affine expression"):
        build()


def test_compose_and_replace_through_semi_affine_maps() -> None:
    # (d0)[s0] -> (d0 * s0) composed with (d0, d1) -> (d0 + d1): the product stays semi-affine.
    scaled = AffineMap(1, 1, (d0 * s0,))
    total = AffineMap(2, 0, (d0 + d1,))
    composed = scaled.compose(total)
    assert composed.num_dims == 2 and composed.num_symbols == 1
    assert composed.eval([3, 4], [5]) == (35,)
    # Substituting a symbol by a dimension would make the map non-affine.
    with pytest.raises(NonAffineExpressionError):
        (d0 * s0).replace_dims_and_symbols([d0], [d1])
    assert (s0 * s1).replace_dims_and_symbols([], [s1, AffineExpr.constant(2)]) == (
        AffineBinaryOpExpr(AffineBinaryOpKind.Mul, s1, AffineExpr.constant(2))
    )


def test_simplify_of_semi_affine_is_not_supported() -> None:
    # Documented limit: xDSL's flattener only handles pure affine expressions.
    with pytest.raises(NotImplementedError):
        (d0 * s0).simplify(1, 1)


# --- the overrides --------------------------------------------------------------------


def test_overrides_replace_and_extend_upstream_dialects() -> None:
    overrides = upstream_ext.get_overrides()
    assert set(overrides) == {"memref", "linalg", "scf", "tensor", "arith", "affine", "tosa"}
    dialects = {name: factory() for name, factory in overrides.items()}
    for name, dialect in dialects.items():
        assert dialect.name == name
    ops = {name: {op.name: op for op in d.operations} for name, d in dialects.items()}
    # Replaced ops are subclasses of upstream's; untouched upstream ops are kept.
    assert issubclass(ops["memref"]["memref.copy"], upstream_memref.CopyOp)
    assert issubclass(ops["memref"]["memref.global"], upstream_memref.GlobalOp)
    assert issubclass(ops["memref"]["memref.cast"], upstream_memref.CastOp)
    assert ops["memref"]["memref.subview"] is upstream_memref.SubviewOp
    assert issubclass(ops["linalg"]["linalg.matmul"], upstream_linalg.ops.MatmulOp)
    assert ops["linalg"]["linalg.generic"] is upstream_linalg.ops.GenericOp
    for added in (
        "linalg.mmt4d",
        "linalg.pack",
        "linalg.unpack",
        "linalg.batch_matmul",
        "scf.forall",
        "scf.forall.in_parallel",
        "tensor.parallel_insert_slice",
        "arith.remf",
        "arith.index_castui",
        "affine.delinearize_index",
        "affine.linearize_index",
        "affine.max",
        "tosa.apply_scale",
    ):
        assert added in ops[added.split(".")[0]], added
    # arith keeps its constant-materialization interface.
    assert dialects["arith"]._interfaces


def test_parsed_ops_match_upstream_classes() -> None:
    ctx = Context()
    ctx.load_dialect(Builtin)
    for name, factory in upstream_ext.get_overrides().items():
        ctx.register_dialect(name, factory)
    from xdsl.dialects.func import Func

    ctx.load_dialect(Func)
    module = Parser(
        ctx,
        """
        func.func @f(%a: memref<4xf32>, %b: memref<?xf32>) {
          memref.copy %a, %b : memref<4xf32> to memref<?xf32>
          func.return
        }
        """,
    ).parse_module()
    copies = [op for op in module.walk() if isinstance(op, upstream_memref.CopyOp)]
    assert len(copies) == 1
    assert isinstance(copies[0], ExtCopyOp)
