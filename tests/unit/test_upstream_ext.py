"""Python-level checks of `pyvmvx.dialects.upstream_ext`: the overrides."""

from xdsl.context import Context
from xdsl.dialects import linalg as upstream_linalg
from xdsl.dialects import memref as upstream_memref
from xdsl.dialects.builtin import Builtin
from xdsl.parser import Parser

from pyvmvx.dialects import upstream_ext
from pyvmvx.dialects.upstream_ext.memref import CopyOp as ExtCopyOp


def test_overrides_replace_and_extend_upstream_dialects() -> None:
    overrides = upstream_ext.get_overrides()
    assert set(overrides) == {
        *("memref", "linalg", "scf", "tensor", "arith", "affine", "tosa", "math")
    }
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
    assert issubclass(ops["linalg"]["linalg.generic"], upstream_linalg.ops.GenericOp)
    assert ops["linalg"]["linalg.fill"] is upstream_linalg.ops.FillOp
    for added in (
        "linalg.mmt4d",
        "linalg.pack",
        "linalg.unpack",
        "linalg.batch_matmul",
        "linalg.map",
        "linalg.conv_1d_ncw_fcw",
        "linalg.depthwise_conv_2d_nhwc_hwc",
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
