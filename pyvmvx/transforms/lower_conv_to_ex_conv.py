"""`pyvmvx-lower-conv-to-ex-conv`: MLIR's convolutions on buffers become one call of pyvmvx's
`vmvx.ex.conv` or `vmvx.ex.conv.3d` (`pyvmvx/runtime/modules/vmvx_ex_conv.py`) each.

Runs under `ukernels=all` (or a list naming `ex.conv`) after tiling and distribution, so each
workgroup tile is one call. It takes the named `linalg.conv_*` (1-D, 2-D plain and grouped,
3-D, quantized `_q`) and `depthwise_conv_*` ops on memrefs, whose input and filter share an
element type the export accepts for the output's. 1-D and 2-D convolutions call `ex.conv`;
3-D and quantized ones `ex.conv.3d`, whose zero points are the `_q` op's scalar operands
sign-extended to i64 (congruent to MLIR's `cast_signed` of them to the output type modulo
its width, all the wrapping i32 sum depends on; a `_q` op needs an integer output) or 0.
Every layout is strides: each operand's dimensions are named by the op's OpDSL letters
(`_ConvSpec`), which map to the export's `(n, g, spatial..., c)`, `(g, kernel..., c, f)` and
`(n, g, out..., f)`; a letter the op lacks (the group of a plain convolution, the leading
spatial dims of a lower-rank one, `c` and `f` of a depthwise one, whose channel is the group)
is a size of 1 with stride 0. The output's zero `linalg.fill` just before the op is dropped
and the call does not accumulate; otherwise it does (`ACCUMULATE`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType, ModuleOp, i32, i64
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.dialects.upstream_ext.linalg import _ConvOp, _window_values
from pyvmvx.runtime.modules.vmvx_ex_conv import ACCUMULATE
from pyvmvx.runtime.modules.vmvx_ex_matmul import accepts
from pyvmvx.transforms.ukernel_calls import EX_TYPE_CODES, Emitter, zero_fill

UKERNEL = "ex.conv"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""
UKERNEL_3D = "ex.conv.3d"
"""The export of 3-D and quantized convolutions (enabled with `ex.conv`)."""

# The OpDSL letters that may name the export's group and feature dimensions, and its
# spatial dimensions (the last 2 or 3, for the export's rank).
_GROUP = ("g", "ic")
_FEATURE = ("f", "fg", "cm")
_SPATIAL = ("d", "h", "w")


def _dims(spatial: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Per operand (in, filter, out), the letters of each export dimension."""
    names = _SPATIAL[3 - spatial :]
    return (
        (("n",), _GROUP, *((x,) for x in names), ("c",)),
        (_GROUP, *(("k" + x,) for x in names), ("c",), _FEATURE),
        (("n",), _GROUP, *(("o" + x,) for x in names), _FEATURE),
    )


def _sizes(spatial: int) -> list[tuple[int, int]]:
    """(operand, export dimension) of each size argument: n, g, out..., f from the output,
    kernel..., c from the filter."""
    return [(2, d) for d in range(spatial + 3)] + [(1, d) for d in range(1, spatial + 2)]


def _types(op: _ConvOp) -> int | None:
    """The `types` argument for `op`'s element types, or None if `ex.conv` cannot take them
    (or a quantized convolution's zero points are not integers)."""
    image, weights, *zero_points, out = (v.type for v in (*op.inputs, *op.outputs))
    if not all(isinstance(t, MemRefType) for t in (image, weights, out)):
        return None
    if not all(isinstance(t, IntegerType) and t.width.data <= 64 for t in zero_points):
        return None
    src = EX_TYPE_CODES.get(image.element_type)  # type: ignore[union-attr]
    dst = EX_TYPE_CODES.get(out.element_type)  # type: ignore[union-attr]
    if image.element_type != weights.element_type or src is None or dst is None:  # type: ignore[union-attr]
        return None
    if zero_points and not isinstance(out.element_type, IntegerType):  # type: ignore[union-attr]
        return None
    return src | dst << 8 if accepts(src, dst) else None


def _zero_points(emitter: Emitter, values: Sequence[SSAValue]) -> list[SSAValue]:
    """Two i64s, each congruent modulo the output's width to MLIR's `cast_signed` of a zero
    point of `values` to the output type (its sign extension), or both 0 without them."""
    if not values:
        zero = arith.ConstantOp(IntegerAttr(0, i64))
        emitter.insert(zero)
        return [zero.result] * 2
    extended: list[SSAValue] = []
    for value in values:
        if value.type != i64:
            extend = arith.ExtSIOp(value, i64)
            emitter.insert(extend)
            value = extend.result
        extended.append(value)
    return extended


class LowerConvToExConv(RewritePattern):
    """A convolution on buffers -> `vmvx.ex.conv` (1-D, 2-D) or `vmvx.ex.conv.3d` (3-D,
    quantized)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, _ConvOp) or op.res:
            return
        types = _types(op)
        if types is None:
            return
        rank = op.window_rank()
        quantized = op.SPEC.quantized
        spatial = 3 if quantized or rank == 3 else 2
        emitter = Emitter(rewriter, op)
        fill = zero_fill(op)
        args: list[SSAValue] = []
        for value in (types, 0 if fill else ACCUMULATE):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        letters = [op.SPEC.input.split(), op.SPEC.kernel.split(), op.SPEC.output.split()]
        image, weights, *zero_points = op.inputs
        values = (image, weights, op.outputs[0])
        # per operand and export dimension: the memref dimension, or None
        positions = [
            [next((names.index(x) for x in dim if x in names), None) for dim in dims]
            for names, dims in zip(letters, _dims(spatial), strict=True)
        ]
        for value, dims in zip(values, positions, strict=True):
            desc = emitter.descriptor(value)
            args += [desc.base_buffer, desc.offset]
            args += [emitter.constant(0) if p is None else desc.strides[p] for p in dims]
        for operand, dim in _sizes(spatial):
            position = positions[operand][dim]
            desc = emitter.descriptor(values[operand])
            args.append(emitter.constant(1) if position is None else desc.sizes[position])
        window = (1,) * (spatial - rank)
        strides = window + _window_values(op, "strides", rank)
        dilations = window + _window_values(op, "dilations", rank)
        args += [emitter.constant(v) for v in (*strides, *dilations)]
        name = UKERNEL
        if spatial == 3:
            name = UKERNEL_3D
            args += _zero_points(emitter, zero_points)
        emitter.call(name, args)
        rewriter.erase(op)
        if fill is not None:
            rewriter.erase(fill)


@dataclass(frozen=True)
class LowerConvToExConvPass(ModulePass):
    """Lowers linalg convolutions on buffers to `vmvx.ex.conv`/`ex.conv.3d` calls."""

    name = "pyvmvx-lower-conv-to-ex-conv"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerConvToExConv(), apply_recursively=False).rewrite_module(op)
