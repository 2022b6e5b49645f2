"""`iree-vmvx-resolve-buffer-descriptors`: replace `vmvx.get_buffer_descriptor` by the base
buffer, element offset, sizes and element strides of the memref's producer.

IREE's rules (`compiler/src/iree/compiler/Dialect/VMVX/Transforms/ResolveBufferDescriptors.cpp`);
the descriptor's source is produced by
- `memref.subview` (also rank-reducing; dropped unit dims still add to the offset): a
  descriptor of the subview's source, composed with the subview's offsets, sizes, strides;
- `hal.interface.binding.subspan`: sizes from its static and dynamic dims, row-major
  strides, offset = byte offset floordiv element size (`util.sizeof index` for `index`),
  base `vmvx.get_raw_interface_binding_buffer`;
- `memref.alloca` (identity layout) and `memref.get_global` (identity layout, static shape):
  offset 0, row-major strides, base `builtin.unrealized_conversion_cast` to `!util.buffer`.

Beyond IREE, which leaves these to earlier passes:
- `memref.assume_alignment` (of anything, not only a subspan) and `memref.cast` keep their
  source's values;
- `memref.reinterpret_cast` takes its own offset, sizes and strides and its source's base;
- `memref.collapse_shape` needs a source with static strides (a group's stride is the
  smallest stride of its dims not statically of size 1, as MLIR infers it);
  `memref.expand_shape` derives row-major strides inside each group from the source stride.
Function arguments and `memref.alloc` stay unresolved.

A binding subspan must have an identity layout or a strided one whose static strides are
row-major (IREE ignores the layout); anything else stays unresolved rather than resolving to
wrong strides.

The index arithmetic is emitted as `arith` ops on `index` (IREE emits `affine.apply`), with
static operands folded as IREE's folded affine maps do, so static cases become
`arith.constant`s. One deliberate difference: IREE adds `subview offset * (source stride *
subview stride)` to the offset, which is wrong for non-unit subview strides; this pass adds
`subview offset * source stride` (MLIR's subview semantics). Both agree on unit strides.

A descriptor left unresolved is an error ("Unable to resolve all strided buffer
descriptors:" with a note "remaining live use" per op, one error per isolated op such as a
function) unless the option `allow-unresolved` (for testing) is set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ComplexType,
    FixedBitwidthType,
    IndexType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.traits import IsolatedFromAbove

from pyvmvx.dialects import hal, util
from pyvmvx.dialects.vmvx import GetBufferDescriptorOp, GetRawInterfaceBindingBufferOp
from pyvmvx.ir.diagnostics import CompileError, op_diagnostic
from pyvmvx.ir.index_builder import Index, IndexBuilder
from pyvmvx.ir.memref_layout import (
    matches_row_major,
    mixed_values,
    shape_values,
    strided_layout,
)


@dataclass(frozen=True)
class Sum:
    """Index values plus a constant, kept unmaterialized so that constants from several
    steps combine (as in IREE's composed affine maps): `a + 2 + 1000` emits one `addi` of
    1002. Built by `add` only with at least one term."""

    terms: tuple[SSAValue, ...]
    constant: int


Offset = Index | Sum
"""A descriptor's offset: an index or a pending sum."""


# ---------------------------------------------------------------------------------------
# Offset arithmetic (the rest is `IndexBuilder`'s, composed as IREE's affine maps)
# ---------------------------------------------------------------------------------------


def _as_sum(b: IndexBuilder, value: Offset) -> Sum:
    if isinstance(value, Sum):
        return value
    static = b.static(value)
    if static is not None:
        return Sum((), static)
    assert isinstance(value, SSAValue)
    return Sum((value,), 0)


def add(b: IndexBuilder, x: Offset, y: Offset) -> Offset:
    """`x + y`, left pending (see `Sum`)."""
    sx, sy = _as_sum(b, x), _as_sum(b, y)
    total = Sum(sx.terms + sy.terms, sx.constant + sy.constant)
    if not total.terms:
        return total.constant
    if total.terms == (x,) and total.constant == 0:
        return x
    return total


def materialize(b: IndexBuilder, x: Offset) -> SSAValue:
    """`x` as an SSA value (a pending sum as a chain of `arith.addi`)."""
    if not isinstance(x, Sum):
        return b.value(x)
    total: Index = x.terms[0]
    for term in (*x.terms[1:], *([x.constant] if x.constant else [])):
        total = b.add(total, term)
    return b.value(total)


# ---------------------------------------------------------------------------------------
# Descriptors
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Descriptor:
    """The values a `vmvx.get_buffer_descriptor` stands for."""

    base: SSAValue
    offset: Offset
    sizes: Sequence[Index]
    strides: Sequence[Index]


def describe(builder: IndexBuilder, source: SSAValue) -> Descriptor:
    """The descriptor of `source`: resolved through its producer where possible (so that
    chains of views fold together), else a new `vmvx.get_buffer_descriptor` of it."""
    resolved = resolve(builder, source)
    if resolved is not None:
        return resolved
    op = builder.insert(GetBufferDescriptorOp(source))
    assert isinstance(op, GetBufferDescriptorOp)
    return Descriptor(op.base_buffer, op.offset, tuple(op.sizes), tuple(op.strides))


Resolver = Callable[[Operation, IndexBuilder], Descriptor | None]
"""Describes a memref from its producer, or returns None (without touching the IR) if it
cannot; keyed by producer op class in `_RESOLVERS`."""


def _kept_dims(subview: memref.SubviewOp) -> list[int] | None:
    """The source dims a (possibly rank-reducing) subview keeps, matched greedily: a source
    dim is kept when its size matches the next result dim, else it must be a static 1."""
    result_shape = subview.result.type.get_shape()
    kept: list[int] = []
    for dim, size in enumerate(subview.static_sizes.get_values()):
        if len(kept) < len(result_shape) and result_shape[len(kept)] == size:
            kept.append(dim)
        elif size != 1:
            return None
    return kept if len(kept) == len(result_shape) else None


def _from_subview(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.SubviewOp)
    kept = _kept_dims(op)
    if kept is None:
        return None
    source = describe(b, op.source)
    offsets = mixed_values(op.static_offsets, op.offsets)
    sizes = mixed_values(op.static_sizes, op.sizes)
    steps = mixed_values(op.static_strides, op.strides)
    offset = source.offset
    for start, stride in zip(offsets, source.strides, strict=True):
        offset = add(b, offset, b.mul(start, stride))
    strides = [b.mul(s, step) for s, step in zip(source.strides, steps, strict=True)]
    return Descriptor(source.base, offset, [sizes[d] for d in kept], [strides[d] for d in kept])


def _is_row_major(memref_type: MemRefType) -> bool:
    """Identity layout, or strided with static strides equal to the row-major ones."""
    layout = strided_layout(memref_type)
    return layout is not None and matches_row_major(layout.strides, memref_type.get_shape())


def _element_bits(element_type: Attribute) -> int | None:
    """The power-of-two bit width of an int/float (or complex) element type, else None."""
    complex_ = isinstance(element_type, ComplexType)
    inner = element_type.element_type if isinstance(element_type, ComplexType) else element_type
    if not isinstance(inner, FixedBitwidthType):
        return None
    bits = inner.bitwidth * (2 if complex_ else 1)
    return None if bits & (bits - 1) else bits


def _element_offset(b: IndexBuilder, byte_offset: Index, element_type: Attribute) -> Index:
    """`byte_offset` in elements of `element_type` (`index` or one `_element_bits` accepts)."""
    if b.static(byte_offset) == 0:
        return 0
    if isinstance(element_type, IndexType):
        return b.floordiv(byte_offset, b.insert(util.SizeOfOp(IndexType())).results[0])
    bits = _element_bits(element_type)
    assert bits is not None
    if bits < 8:
        return b.mul(byte_offset, 8 // bits)
    return b.floordiv(byte_offset, bits // 8)


def _from_subspan(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, hal.InterfaceBindingSubspanOp)
    memref_type = op.result.type
    if not isinstance(memref_type, MemRefType) or not _is_row_major(memref_type):
        return None
    element = memref_type.element_type
    if not isinstance(element, IndexType) and _element_bits(element) is None:
        return None
    byte_offset: Index = 0 if op.byte_offset is None else op.byte_offset
    offset = _element_offset(b, byte_offset, element)
    sizes = shape_values(memref_type, op.dynamic_dims)
    strides = b.row_major_strides(sizes)
    base = b.insert(GetRawInterfaceBindingBufferOp(op.layout, op.binding_index)).results[0]
    return Descriptor(base, offset, sizes, strides)


def _identity_allocation(
    b: IndexBuilder, value: SSAValue, dynamic_sizes: Sequence[SSAValue]
) -> Descriptor | None:
    memref_type = value.type
    if not isinstance(memref_type, MemRefType) or not isinstance(memref_type.layout, NoneAttr):
        return None
    sizes = shape_values(memref_type, dynamic_sizes)
    cast = b.insert(UnrealizedConversionCastOp.get([value], [util.BufferType()]))
    return Descriptor(cast.results[0], 0, sizes, b.row_major_strides(sizes))


def _from_alloca(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.AllocaOp)
    return _identity_allocation(b, op.memref, op.dynamic_sizes)


def _from_get_global(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.GetGlobalOp)
    if DYNAMIC_INDEX in op.memref.type.get_shape():
        return None
    return _identity_allocation(b, op.memref, ())


def _same_as(source: SSAValue, b: IndexBuilder) -> Descriptor | None:
    """The descriptor of a view op whose runtime values are its (ranked) source's."""
    return describe(b, source) if isinstance(source.type, MemRefType) else None


def _from_assume_alignment(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.AssumeAlignmentOp)
    return _same_as(op.memref, b)


def _from_cast(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.CastOp)
    return _same_as(op.source, b)


def _from_reinterpret_cast(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.ReinterpretCastOp)
    source = describe(b, op.source)
    (offset,) = mixed_values(op.static_offsets, op.offsets)
    sizes = mixed_values(op.static_sizes, op.sizes)
    return Descriptor(source.base, offset, sizes, mixed_values(op.static_strides, op.strides))


def _groups(op: memref.CollapseShapeOp | memref.ExpandShapeOp) -> list[list[int]] | None:
    """The reassociation groups, if they split the larger rank in order into as many groups
    as the smaller rank has dims (xDSL does not verify this)."""
    types = (op.src.type, op.result.type)
    if not all(isinstance(t, MemRefType) for t in types):
        return None
    groups = [[i.value.data for i in group] for group in op.reassociation]
    ranks = sorted(t.get_num_dims() for t in types if isinstance(t, MemRefType))
    if len(groups) != ranks[0] or sum(groups, []) != list(range(ranks[1])):
        return None
    return groups


def _from_collapse_shape(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.CollapseShapeOp)
    source_type = op.src.type
    groups = _groups(op)
    layout = strided_layout(source_type) if isinstance(source_type, MemRefType) else None
    static_strides = None if layout is None else layout.static_strides()
    if groups is None or static_strides is None:
        return None
    shape = source_type.get_shape()
    strides: list[Index] = []
    for group in groups:
        non_unit = [static_strides[d] for d in group if shape[d] != 1]
        strides.append(min(non_unit) if non_unit else static_strides[group[-1]])
    source = describe(b, op.src)
    known = [source.sizes[d] if size == DYNAMIC_INDEX else size for d, size in enumerate(shape)]
    sizes = [b.product([known[d] for d in group]) for group in groups]
    return Descriptor(source.base, source.offset, sizes, strides)


def _from_expand_shape(op: Operation, b: IndexBuilder) -> Descriptor | None:
    assert isinstance(op, memref.ExpandShapeOp)
    groups = _groups(op)
    sizes = mixed_values(op.static_output_shape, op.output_shape)
    if groups is None or len(sizes) != len(sum(groups, [])):
        return None
    source = describe(b, op.src)
    strides: list[Index] = []
    for group, stride in zip(groups, source.strides, strict=True):
        inner = b.row_major_strides([sizes[d] for d in group])
        strides += [b.mul(stride, s) for s in inner]
    return Descriptor(source.base, source.offset, sizes, strides)


_RESOLVERS: dict[type[Operation], Resolver] = {
    memref.SubviewOp: _from_subview,
    hal.InterfaceBindingSubspanOp: _from_subspan,
    memref.AllocaOp: _from_alloca,
    memref.GetGlobalOp: _from_get_global,
    memref.AssumeAlignmentOp: _from_assume_alignment,
    memref.CastOp: _from_cast,
    memref.ReinterpretCastOp: _from_reinterpret_cast,
    memref.CollapseShapeOp: _from_collapse_shape,
    memref.ExpandShapeOp: _from_expand_shape,
}


def resolve(builder: IndexBuilder, source: SSAValue) -> Descriptor | None:
    """The descriptor of `source` derived from its producer, or None (IR untouched)."""
    producer = source.owner
    if not isinstance(producer, Operation):
        return None
    for cls in type(producer).__mro__:
        if cls in _RESOLVERS:
            return _RESOLVERS[cls](producer, builder)
    return None


class ResolveDescriptor(RewritePattern):
    """Replaces a descriptor's results by values derived from its source's producer."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GetBufferDescriptorOp, rewriter: PatternRewriter) -> None:
        source_type = op.source.type
        if not isinstance(source_type, MemRefType) or source_type.get_num_dims() != len(op.sizes):
            return  # results not matching the memref's rank: left for the error
        builder = IndexBuilder(rewriter, location=op.location, composed=True)
        descriptor = resolve(builder, op.source)
        if descriptor is None:
            return
        values = [
            descriptor.base,
            materialize(builder, descriptor.offset),
            *(builder.value(s) for s in descriptor.sizes),
            *(builder.value(s) for s in descriptor.strides),
        ]
        rewriter.replace(op, [], values)


UNRESOLVED = "Unable to resolve all strided buffer descriptors:"


def _isolated_parent(op: Operation, module: ModuleOp) -> Operation:
    parent = op.parent_op()
    while parent is not None and not parent.has_trait(IsolatedFromAbove):
        parent = parent.parent_op()
    return module if parent is None else parent


def unresolved_error(module: ModuleOp, remaining: Sequence[Operation]) -> CompileError:
    """IREE's error, once per isolated op (function) holding unresolved descriptors, with a
    note at each of them."""
    by_parent: dict[Operation, list[Operation]] = {}
    for op in remaining:
        by_parent.setdefault(_isolated_parent(op, module), []).append(op)
    lines: list[str] = []
    for parent, ops in by_parent.items():
        lines.append(op_diagnostic(parent, "error", UNRESOLVED))
        lines += [op_diagnostic(op, "note", "remaining live use") for op in ops]
    return CompileError("\n".join(lines))


@dataclass(frozen=True)
class ResolveBufferDescriptorsPass(ModulePass):
    """Resolves every `vmvx.get_buffer_descriptor` it can (IREE's
    `iree-vmvx-resolve-buffer-descriptors`)."""

    name = "iree-vmvx-resolve-buffer-descriptors"

    allow_unresolved: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(
            GreedyRewritePatternApplier([ResolveDescriptor()]), apply_recursively=True
        ).rewrite_module(op)
        if self.allow_unresolved:
            return
        remaining = [o for o in op.walk() if isinstance(o, GetBufferDescriptorOp)]
        if remaining:
            raise unresolved_error(op, remaining)
