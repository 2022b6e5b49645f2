"""`pyvmvx-lower-pooling-to-ex-pool`: MLIR's pooling ops on buffers become one call of
pyvmvx's `vmvx.ex.pool` (1-D, 2-D) or `vmvx.ex.pool.3d` (3-D)
(`pyvmvx/runtime/modules/vmvx_ex_conv.py`) each.

Runs under `ukernels=all` (or a list naming `ex.pool`) after tiling and distribution, so each
workgroup tile is one call. It takes `linalg.pooling_{nwc,ncw,nhwc,nchw,ndhwc}_*` on memrefs
whose body is `yield op(out, cast(in))`: `op` one of `ex.pool`'s (`POOL_OPS`), `cast` MLIR's
`cast_signed` or (the `_unsigned` kinds) `cast_unsigned` from the input's element type to the
output's (`extsi`, `extui`, `sitofp`, `uitofp`, `extf`, ...; none if they are the same),
which the call applies (the unsigned-cast bit of `types`) before that very op, so NaNs,
signed zeros, conversions and integer wrapping are those of the scalar loops. Every layout is
strides: the input is `(n, c, spatial...)`, the output `(n, c, out...)`, a spatial dimension
the op lacks (`h` of a 1-D pooling) a size of 1 with stride 0; the window sizes are the
window operand's.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp, i32
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.dialects.upstream_ext.linalg import _PoolingOp, _window_values
from pyvmvx.runtime.modules.vmvx_ex_conv import POOL_OPS, POOL_TYPES, UNSIGNED_CAST, cast_op
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS
from pyvmvx.transforms.ukernel_calls import EX_TYPE_CODES, Emitter

UKERNEL = "ex.pool"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""
UKERNEL_3D = "ex.pool.3d"
"""The export of 3-D pooling ops (enabled with `ex.pool`)."""

_UNSIGNED = frozenset(("arith.extui", "arith.uitofp", "arith.fptoui"))


def _body(op: _PoolingOp, src: int, dst: int) -> tuple[str, int] | None:
    """The combining op's name and the unsigned-cast flag of a `yield op(out, cast(in))`
    body whose cast is MLIR's `cast_signed`/`cast_unsigned` from `src` to `dst` (none if
    they are the same), or None."""
    block = op.body.block
    *ops, terminator = block.ops
    if not 1 <= len(ops) <= 2 or not isinstance(terminator, YieldOp):
        return None
    *casts, combine = ops
    value: SSAValue = block.args[0]
    unsigned = False
    for cast in casts:
        unsigned = cast.name in _UNSIGNED
        if tuple(cast.operands) != (value,) or cast.name != cast_op(src, dst, unsigned):
            return None
        value = cast.results[0]
    if not casts and src != dst:
        return None
    if tuple(combine.operands) != (block.args[2], value) or combine.name not in POOL_OPS:
        return None
    if tuple(terminator.operands) != tuple(combine.results):
        return None
    return combine.name, UNSIGNED_CAST if unsigned else 0


class LowerPoolingToExPool(RewritePattern):
    """A pooling op on buffers -> `vmvx.ex.pool` (1-D, 2-D) or `vmvx.ex.pool.3d` (3-D)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, _PoolingOp) or op.res:
            return
        image, window, out = (*op.inputs, *op.outputs)
        types = [v.type for v in (image, window, out)]
        if not all(isinstance(t, MemRefType) for t in types):
            return
        src = EX_TYPE_CODES.get(types[0].element_type)  # type: ignore[union-attr]
        dst = EX_TYPE_CODES.get(types[2].element_type)  # type: ignore[union-attr]
        if src not in POOL_TYPES or dst not in POOL_TYPES:
            return
        body = _body(op, src, dst)
        if body is None:
            return
        name, unsigned = body
        rank = op.window_rank()
        spatial = max(rank, 2)
        emitter = Emitter(rewriter, op)
        args: list[SSAValue] = []
        for value in (OPS.index(name), src | dst << 8 | unsigned):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        layout = op.LAYOUT
        sizes: list[SSAValue] = []
        for value in (image, out):
            desc = emitter.descriptor(value)
            args += [desc.base_buffer, desc.offset]
            for letter in "nc" + "dhw"[3 - spatial :]:
                position = layout.find(letter)
                args.append(emitter.constant(0) if position < 0 else desc.strides[position])
                if value is out:
                    sizes.append(emitter.constant(1) if position < 0 else desc.sizes[position])
        kernel = emitter.descriptor(window).sizes
        pad = (1,) * (spatial - rank)
        args += [*sizes, *[emitter.constant(1)] * (spatial - rank), *kernel]
        strides = pad + _window_values(op, "strides", rank)
        dilations = pad + _window_values(op, "dilations", rank)
        args += [emitter.constant(v) for v in (*strides, *dilations)]
        emitter.call(UKERNEL if spatial == 2 else UKERNEL_3D, args)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerPoolingToExPoolPass(ModulePass):
    """Lowers linalg pooling ops on buffers to `vmvx.ex.pool`/`ex.pool.3d` calls."""

    name = "pyvmvx-lower-pooling-to-ex-pool"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerPoolingToExPool(), apply_recursively=False).rewrite_module(op)
