"""`pyvmvx-lower-conv-to-ex-conv`: MLIR's 1-D and 2-D convolutions on buffers become one call
of pyvmvx's `vmvx.ex.conv` (`pyvmvx/runtime/modules/vmvx_ex_conv.py`) each.

Runs under `ukernels=all` (or a list naming `ex.conv`) after tiling and distribution, so each
workgroup tile is one call. It takes the named `linalg.conv_1d_*`, `conv_2d_*` (plain and
grouped) and `depthwise_conv_1d/2d_*` ops on memrefs (not the `_q` ones, not 3-D), whose input
and filter share an element type the export accepts for the output's. Every layout is
strides: each operand's dimensions are named by the op's OpDSL letters (`_ConvSpec`), which
map to the export's `(n, g, h, w, c)`, `(g, kh, kw, c, f)` and `(n, g, oh, ow, f)`; a letter
the op lacks (the group of a plain convolution, `h` of a 1-D one, `c` and `f` of a
depthwise one, whose channel is the group) is a size of 1 with stride 0. The output's zero
`linalg.fill` just before the op is dropped and the call does not accumulate; otherwise it
does (`ACCUMULATE`).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp, i32
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.dialects.upstream_ext.linalg import _ConvOp, _window_values
from pyvmvx.runtime.modules.vmvx_ex_conv import ACCUMULATE
from pyvmvx.runtime.modules.vmvx_ex_matmul import accepts
from pyvmvx.transforms.ukernel_calls import EX_TYPE_CODES, Emitter, zero_fill

UKERNEL = "ex.conv"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

# The export's dimensions of each operand, each with the OpDSL letters that may name it.
_GROUP = ("g", "ic")
_FEATURE = ("f", "fg")
_DIMS = (
    (("n",), _GROUP, ("h",), ("w",), ("c",)),
    (_GROUP, ("kh",), ("kw",), ("c",), _FEATURE),
    (("n",), _GROUP, ("oh",), ("ow",), _FEATURE),
)
# (operand, export dimension) of each size argument: n, g, oh, ow, f from the output,
# kh, kw, c from the filter
_SIZES = ((2, 0), (2, 1), (2, 2), (2, 3), (2, 4), (1, 1), (1, 2), (1, 3))


def _types(op: _ConvOp) -> int | None:
    """The `types` argument for `op`'s element types, or None if `ex.conv` cannot take them."""
    image, weights, out = (v.type for v in (*op.inputs, *op.outputs))
    if not all(isinstance(t, MemRefType) for t in (image, weights, out)):
        return None
    src = EX_TYPE_CODES.get(image.element_type)  # type: ignore[union-attr]
    dst = EX_TYPE_CODES.get(out.element_type)  # type: ignore[union-attr]
    if image.element_type != weights.element_type or src is None or dst is None:  # type: ignore[union-attr]
        return None
    return src | dst << 8 if accepts(src, dst) else None


class LowerConvToExConv(RewritePattern):
    """A 1-D or 2-D convolution on buffers -> `vmvx.ex.conv`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, _ConvOp) or op.SPEC.quantized or op.res or "d" in op.SPEC.input:
            return
        types = _types(op)
        if types is None:
            return
        emitter = Emitter(rewriter, op)
        fill = zero_fill(op)
        args: list[SSAValue] = []
        for value in (types, 0 if fill else ACCUMULATE):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        letters = [op.SPEC.input.split(), op.SPEC.kernel.split(), op.SPEC.output.split()]
        values = (*op.inputs, *op.outputs)
        # per operand and export dimension: the memref dimension, or None
        positions = [
            [next((names.index(x) for x in dim if x in names), None) for dim in dims]
            for names, dims in zip(letters, _DIMS, strict=True)
        ]
        for value, dims in zip(values, positions, strict=True):
            desc = emitter.descriptor(value)
            args += [desc.base_buffer, desc.offset]
            args += [emitter.constant(0) if p is None else desc.strides[p] for p in dims]
        for operand, dim in _SIZES:
            position = positions[operand][dim]
            desc = emitter.descriptor(values[operand])
            args.append(emitter.constant(1) if position is None else desc.sizes[position])
        rank = op.window_rank()
        window = (1,) * (2 - rank)
        strides = window + _window_values(op, "strides", rank)
        dilations = window + _window_values(op, "dilations", rank)
        args += [emitter.constant(v) for v in (*strides, *dilations)]
        emitter.call(UKERNEL, args)
        rewriter.erase(op)
        if fill is not None:
            rewriter.erase(fill)


@dataclass(frozen=True)
class LowerConvToExConvPass(ModulePass):
    """Lowers 1-D and 2-D linalg convolutions on buffers to `vmvx.ex.conv` calls."""

    name = "pyvmvx-lower-conv-to-ex-conv"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerConvToExConv(), apply_recursively=False).rewrite_module(op)
