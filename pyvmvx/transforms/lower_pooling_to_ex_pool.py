"""`pyvmvx-lower-pooling-to-ex-pool`: MLIR's 1-D and 2-D pooling ops on buffers become one
call of pyvmvx's `vmvx.ex.pool` (`pyvmvx/runtime/modules/vmvx_ex_conv.py`) each.

Runs under `ukernels=all` (or a list naming `ex.pool`) after tiling and distribution, so each
workgroup tile is one call. It takes `linalg.pooling_{nwc,ncw,nhwc,nchw}_*` on memrefs whose
input and output share an element type (so the body is `yield op(out, in)` without a cast)
and whose combining op is one of `ex.pool`'s (`POOL_OPS`); the call applies that very op, so
NaNs, signed zeros and integer wrapping are those of the scalar loops. Every layout is
strides: the input is `(n, c, h, w)`, the output `(n, c, oh, ow)`, `h` of a 1-D pooling a
size of 1 with stride 0; the window sizes are the window operand's.
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
from pyvmvx.runtime.modules.vmvx_ex_conv import POOL_OPS
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS
from pyvmvx.transforms.ukernel_calls import EX_TYPE_CODES, Emitter

UKERNEL = "ex.pool"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""


def _combine(op: _PoolingOp) -> str | None:
    """The name of the op of a `yield op(out, in)` body, or None."""
    block = op.body.block
    *ops, terminator = block.ops
    if len(ops) != 1 or not isinstance(terminator, YieldOp):
        return None
    (combine,) = ops
    if tuple(combine.operands) != (block.args[2], block.args[0]):
        return None
    return combine.name if combine.name in POOL_OPS else None


class LowerPoolingToExPool(RewritePattern):
    """A 1-D or 2-D pooling op on buffers -> `vmvx.ex.pool`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, _PoolingOp) or op.res or op.window_rank() > 2:
            return
        image, window, out = (*op.inputs, *op.outputs)
        types = [v.type for v in (image, window, out)]
        if not all(isinstance(t, MemRefType) for t in types):
            return
        element = types[0].element_type  # type: ignore[union-attr]
        code = EX_TYPE_CODES.get(element)
        name = _combine(op)
        if code is None or name is None or element != types[2].element_type:  # type: ignore[union-attr]
            return
        emitter = Emitter(rewriter, op)
        args: list[SSAValue] = []
        for value in (OPS.index(name), code | code << 8):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        layout = op.LAYOUT
        sizes: list[SSAValue] = []
        for value in (image, out):
            desc = emitter.descriptor(value)
            args += [desc.base_buffer, desc.offset]
            for letter in "nchw":
                position = layout.find(letter)
                args.append(emitter.constant(0) if position < 0 else desc.strides[position])
                if value is out:
                    sizes.append(emitter.constant(1) if position < 0 else desc.sizes[position])
        rank = op.window_rank()
        kernel = emitter.descriptor(window).sizes
        pad = (1,) * (2 - rank)
        args += [*sizes, *[emitter.constant(1)] * (2 - rank), *kernel]
        strides = pad + _window_values(op, "strides", rank)
        dilations = pad + _window_values(op, "dilations", rank)
        args += [emitter.constant(v) for v in (*strides, *dilations)]
        emitter.call(UKERNEL, args)
        rewriter.erase(op)


@dataclass(frozen=True)
class LowerPoolingToExPoolPass(ModulePass):
    """Lowers 1-D and 2-D linalg pooling ops on buffers to `vmvx.ex.pool` calls."""

    name = "pyvmvx-lower-pooling-to-ex-pool"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerPoolingToExPool(), apply_recursively=False).rewrite_module(op)
