"""Property tests of `iree-vmvx-resolve-buffer-descriptors`' index arithmetic.

A random chain of `memref.subview`s (static or dynamic offsets, non-unit strides,
rank-reducing drops) over an `alloca` or a binding subspan at a byte offset is resolved and
canonicalized; the (offset, sizes, strides) it returns, evaluated with the function's
arguments, must be numpy's for the same chain of views of an `arange` (whose values are the
element offsets). Strides of size-1 dims are not compared: they never affect an address,
and which of several unit dims a rank-reducing subview drops is a free choice.
"""

from dataclasses import dataclass

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import BlockArgument, SSAValue
from xdsl.parser import Parser
from xdsl.transforms.canonicalize import CanonicalizePass

from pyvmvx.compiler.driver import make_context
from pyvmvx.dialects.vmvx import GetBufferDescriptorOp
from pyvmvx.transforms.resolve_buffer_descriptors import ResolveBufferDescriptorsPass

CTX = make_context()


@dataclass(frozen=True)
class Slice:
    """One dim of a subview: offset (static, or dynamic: passed as an argument), size,
    stride, and whether a size-1 dim is dropped."""

    offset: int
    size: int
    stride: int
    dynamic: bool
    drop: bool


@st.composite
def _slice(draw: st.DrawFn, extent: int) -> Slice:
    size = draw(st.integers(1, extent))
    max_stride = 3 if size == 1 else min(3, (extent - 1) // (size - 1))
    stride = draw(st.integers(1, max_stride))
    offset = draw(st.integers(0, extent - 1 - (size - 1) * stride))
    return Slice(offset, size, stride, draw(st.booleans()), size == 1 and draw(st.booleans()))


@st.composite
def _chain(draw: st.DrawFn) -> tuple[list[int], list[list[Slice]]]:
    shape = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3))
    chain: list[list[Slice]] = []
    extents = shape
    for _ in range(draw(st.integers(1, 3))):
        if not extents:
            break
        slices = [draw(_slice(e)) for e in extents]
        chain.append(slices)
        extents = [s.size for s in slices if not s.drop]
    return shape, chain


def _memref(shape: list[int], strided: bool) -> str:
    dims = "".join(f"{n}x" for n in shape)
    if not strided:
        return f"memref<{dims}f32>"
    strides = ", ".join("?" for _ in shape)
    return f"memref<{dims}f32, strided<[{strides}], offset: ?>>"


def _program(shape: list[int], chain: list[list[Slice]], subspan: bool) -> str:
    """The MLIR function: base memref, the subview chain, the descriptor's results."""
    args = ["%bytes: index"] if subspan else []
    lines: list[str] = []
    if subspan:
        lines.append(
            "%v0 = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : "
            + _memref(shape, False)
        )
    else:
        lines.append(f"%v0 = memref.alloca() : {_memref(shape, False)}")
    source_type = _memref(shape, False)
    for step, slices in enumerate(chain):
        offsets: list[str] = []
        for dim, s in enumerate(slices):
            if s.dynamic:
                args.append(f"%o{step}_{dim}: index")
                offsets.append(f"%o{step}_{dim}")
            else:
                offsets.append(str(s.offset))
        kept = [s.size for s in slices if not s.drop]
        result_type = _memref(kept, True)
        lines.append(
            f"%v{step + 1} = memref.subview %v{step}[{', '.join(offsets)}] "
            f"[{', '.join(str(s.size) for s in slices)}] "
            f"[{', '.join(str(s.stride) for s in slices)}] : {source_type} to {result_type}"
        )
        source_type = result_type
    rank = len([s for s in chain[-1] if not s.drop])
    values = ["%off"] + [f"%r{i}" for i in range(2 * rank)]  # offset, sizes, strides
    types = ", ".join(["index"] * len(values))
    lines.append(
        f"%b, {', '.join(values)} = vmvx.get_buffer_descriptor %v{len(chain)} : "
        f"{source_type} -> !util.buffer, {types}"
    )
    lines.append(f"func.return {', '.join(values)} : {types}")
    layout = "#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>\n"
    body = "\n  ".join(lines)
    return f"{layout}func.func @f({', '.join(args)}) -> ({types}) {{\n  {body}\n}}\n"


def _evaluate(value: SSAValue, args: dict[int, int]) -> int:
    """The integer an index value computes, given the function's argument values."""
    if isinstance(value, BlockArgument):
        return args[value.index]
    op = value.owner
    if isinstance(op, arith.ConstantOp):
        assert isinstance(op.value, IntegerAttr)
        return op.value.value.data
    if isinstance(op, arith.AddiOp):
        return _evaluate(op.lhs, args) + _evaluate(op.rhs, args)
    if isinstance(op, arith.MuliOp):
        return _evaluate(op.lhs, args) * _evaluate(op.rhs, args)
    if isinstance(op, arith.FloorDivSIOp):
        return _evaluate(op.lhs, args) // _evaluate(op.rhs, args)
    raise AssertionError(f"unexpected op in index arithmetic: {op}")


def _end(s: Slice) -> int:
    return s.offset + (s.size - 1) * s.stride + 1


def _numpy_view(shape: list[int], chain: list[list[Slice]], skip: int) -> np.ndarray:
    """The chain as numpy views of an arange whose values are element offsets."""
    view = np.arange(skip + int(np.prod(shape)))[skip:].reshape(shape)
    for slices in chain:
        index = tuple(
            s.offset
            if s.drop
            else slice(s.offset, s.offset + (s.size - 1) * s.stride + 1, s.stride)
            for s in slices
        )
        view = view[index]
    return view


@settings(max_examples=150, deadline=None)
@given(chain=_chain(), subspan=st.booleans(), skip=st.integers(0, 5))
def test_subview_chains_match_numpy(
    chain: tuple[list[int], list[list[Slice]]], subspan: bool, skip: int
) -> None:
    shape, slices = chain
    module = Parser(CTX, _program(shape, slices, subspan)).parse_module()
    ResolveBufferDescriptorsPass().apply(CTX, module)
    CanonicalizePass().apply(CTX, module)
    module.verify()
    assert not any(isinstance(op, GetBufferDescriptorOp) for op in module.walk())

    dynamic = [s.offset for step in slices for s in step if s.dynamic]
    args = dict(enumerate(([skip * 4] if subspan else []) + dynamic))
    ret = next(op for op in module.walk() if isinstance(op, func.ReturnOp))
    offset, *rest = (_evaluate(v, args) for v in ret.arguments)
    rank = len(rest) // 2
    sizes, strides = rest[:rank], rest[rank:]

    view = _numpy_view(shape, slices, skip if subspan else 0)
    assert offset == view.flat[0]
    assert sizes == list(view.shape)
    element_strides = [s // view.itemsize for s in view.strides]
    for size, stride, expected in zip(sizes, strides, element_strides, strict=True):
        if size > 1:
            assert stride == expected
    if not args:  # fully static: canonicalize leaves only constants
        assert all(isinstance(v.owner, arith.ConstantOp) for v in ret.arguments)


def test_byte_offset_in_elements() -> None:
    """A subspan's byte offset is divided by the element size (14 bytes = 7 x i16)."""
    module = Parser(
        CTX,
        "#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>\n"
        "func.func @f(%b: index) -> index {\n"
        "  %v = hal.interface.binding.subspan layout(#pl) binding(0) offset(%b) : memref<4xi16>\n"
        "  %x, %o, %s, %t = vmvx.get_buffer_descriptor %v : memref<4xi16>"
        " -> !util.buffer, index, index, index\n"
        "  func.return %o : index\n}\n",
    ).parse_module()
    ResolveBufferDescriptorsPass().apply(CTX, module)
    CanonicalizePass().apply(CTX, module)
    ret = next(op for op in module.walk() if isinstance(op, func.ReturnOp))
    assert _evaluate(ret.arguments[0], {0: 14}) == 7
