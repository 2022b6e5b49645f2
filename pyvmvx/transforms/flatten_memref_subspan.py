"""`iree-codegen-flatten-memref-subspan`: N-D memrefs of the dispatch become 1-D.

`iree-vmvx-conversion` only lowers memrefs of rank 0 or 1 with an identity layout (they
become `!util.buffer`), so, as IREE's `FlattenMemRefSubspanPass` does:

1. `memref.assume_alignment` is dropped (its result is its operand);
2. loads and stores through views are folded onto their sources (`fold-memref-alias-ops`);
3. every N-D (rank >= 2) identity-layout memref created by `hal.interface.binding.subspan`,
   `memref.alloca`, `memref.get_global` (and its `memref.global`) is recreated as a 1-D
   memref of the same element count; dynamic sizes come from the op's dynamic dims;
4. each `memref.load`/`memref.store` of such a memref gets the row-major linear index;
   `memref.dim` by a constant becomes the size; `memref.cast` and `memref.expand_shape`/
   `collapse_shape` of it are looked through (their users are rewritten with their shape);
   a cast of it to `!util.buffer` (a descriptor base) takes the 1-D memref.

Unlike IREE, a subspan keeps its byte offset: `iree-vmvx-conversion` lowers an offset
subspan to `util.buffer.subspan`, so moving the offset into a `memref.subview` is not needed.
Any other user of an N-D memref is an error naming that op.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    MemRefType,
    ModuleOp,
    NoneAttr,
    TensorType,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineExpr
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.conversion.memref_alias import (
    erase_dead_index_math,
    fold_memref_alias_ops,
    rebuild_access,
)
from pyvmvx.dialects import hal, util
from pyvmvx.dialects.upstream_ext import memref as memref_ext
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.ir.index_builder import AffineIndexBuilder, Index, constant_index, linearize, product
from pyvmvx.ir.memref_layout import mixed_values, shape_values


def flattenable(memref_type: Attribute) -> bool:
    """An identity-layout memref of rank >= 2 (the types this pass rewrites)."""
    return (
        isinstance(memref_type, MemRefType)
        and memref_type.get_num_dims() >= 2
        and isinstance(memref_type.layout, NoneAttr)
    )


def flat_type(memref_type: MemRefType) -> MemRefType:
    """The 1-D memref with the same element count, element type and memory space."""
    shape = memref_type.get_shape()
    count = DYNAMIC_INDEX if DYNAMIC_INDEX in shape else prod(shape)
    return MemRefType(memref_type.element_type, [count], memory_space=memref_type.memory_space)


def _emit(builder: AffineIndexBuilder, expr: AffineExpr, before: Operation) -> SSAValue:
    ops, value = builder.emit(expr)
    Rewriter.insert_op(ops, InsertPoint.before(before))
    return value


def _element_count(sizes: Sequence[Index], before: Operation) -> list[SSAValue]:
    """The dynamic size of the flattened memref (none when all sizes are static)."""
    if all(isinstance(size, int) for size in sizes):
        return []
    builder = AffineIndexBuilder()
    return [_emit(builder, product([builder.expr(s) for s in sizes]), before)]


def _flat_initial_value(value: Attribute | None, memref_type: MemRefType) -> Attribute | None:
    tensor = TensorType(memref_type.element_type, memref_type.get_shape())
    if isinstance(value, DenseIntOrFPElementsAttr):
        return DenseIntOrFPElementsAttr(tensor, value.data)
    if isinstance(value, DenseResourceAttr):
        return DenseResourceAttr.from_params(value.resource_handle, tensor)
    return value


def _flatten_global(op: memref.GlobalOp) -> None:
    new_type = flat_type(op.type)
    new = memref_ext.GlobalOp(
        op.sym_name,
        new_type,
        _flat_initial_value(op.initial_value, new_type),
        sym_visibility=op.sym_visibility,
        constant=op.constant is not None,
        alignment=None if op.alignment is None else op.alignment.value.data,
        attributes=op.attributes,
    )
    Rewriter.replace_op(op, new)


def _flatten_root(op: Operation) -> tuple[Operation, list[Index]] | None:
    """The 1-D replacement of an N-D memref-creating op, with the original sizes."""
    result_type = op.results[0].type if op.results else None
    if not flattenable(result_type):
        return None
    assert isinstance(result_type, MemRefType)
    new_type = flat_type(result_type)
    if isinstance(op, hal.InterfaceBindingSubspanOp):
        sizes = shape_values(result_type, op.dynamic_dims)
        new = hal.InterfaceBindingSubspanOp(
            new_type,
            op.layout,
            op.binding_index,
            op.byte_offset,
            _element_count(sizes, op),
            op.alignment_bytes,
            op.flags,
        )
    elif isinstance(op, memref.AllocaOp):
        sizes = shape_values(result_type, op.dynamic_sizes)
        new = type(op).build(
            operands=[_element_count(sizes, op), []],
            result_types=[new_type],
            properties={"alignment": op.alignment},
        )
    elif isinstance(op, memref.GetGlobalOp):
        sizes = list(result_type.get_shape())
        new = memref.GetGlobalOp(op.name_, new_type)
    else:
        return None
    new.attributes.update(op.attributes)
    return new, sizes


def _rewrite_users(value: SSAValue, sizes: Sequence[Index], flat: SSAValue) -> None:
    """Make every user of the N-D `value` (of `sizes`) use the 1-D `flat` instead."""
    for use in list(value.uses):
        user = use.operation
        if isinstance(user, memref.LoadOp | memref.StoreOp) and user.memref is value:
            builder = AffineIndexBuilder()
            linear = linearize(
                [builder.expr(i) for i in user.indices], [builder.expr(s) for s in sizes]
            )
            index = _emit(builder, linear, user)
            old_indices = list(user.indices)
            Rewriter.replace_op(user, rebuild_access(user, flat, [index]))
            erase_dead_index_math(old_indices)
        elif isinstance(user, memref.DimOp) and (k := constant_index(user.index)) is not None:
            size = sizes[k]
            if isinstance(size, int):
                builder = AffineIndexBuilder()
                size = _emit(builder, builder.expr(size), user)
            Rewriter.replace_op(user, [], [size])
        elif (alias := _alias_sizes(user, sizes)) is not None:
            _rewrite_users(user.results[0], alias, flat)
            Rewriter.erase_op(user)
        elif _is_buffer_cast(user):
            user.operands[use.index] = flat
        else:
            raise op_error(
                user,
                "cannot be rewritten by iree-codegen-flatten-memref-subspan: it uses the "
                f"{value.type} being flattened to {flat.type}",
            )


def _is_buffer_cast(op: Operation) -> bool:
    """A cast of the memref to its `!util.buffer` (a descriptor base made by
    `iree-vmvx-resolve-buffer-descriptors`), which is the flat memref's buffer too."""
    return (
        isinstance(op, UnrealizedConversionCastOp)
        and len(op.operands) == 1
        and isinstance(op.results[0].type, util.BufferType)
    )


def _alias_sizes(op: Operation, sizes: Sequence[Index]) -> list[Index] | None:
    """The sizes of an identity-layout reshape or cast of a flattened memref, else None."""
    result_type = op.results[0].type if len(op.results) == 1 else None
    if not isinstance(result_type, MemRefType) or not isinstance(result_type.layout, NoneAttr):
        return None
    if isinstance(op, memref.ExpandShapeOp):
        return mixed_values(op.static_output_shape, op.output_shape)
    if isinstance(op, memref.CollapseShapeOp):
        builder = AffineIndexBuilder()
        groups = [[e.value.data for e in group.data] for group in op.reassociation.data]  # pyright: ignore
        collapsed: list[Index] = []
        for group, extent in zip(groups, result_type.get_shape(), strict=True):
            group_sizes = [sizes[d] for d in group]
            if extent != DYNAMIC_INDEX:
                collapsed.append(extent)
            else:
                collapsed.append(
                    _emit(builder, product([builder.expr(s) for s in group_sizes]), op)
                )
        return collapsed
    if isinstance(op, memref.CastOp):
        return [
            size if extent == DYNAMIC_INDEX else extent
            for size, extent in zip(sizes, result_type.get_shape(), strict=True)
        ]
    return None


def flatten_memref_subspans(module: ModuleOp) -> None:
    """Flatten every N-D subspan, alloca and global of `module` (see the module docstring)."""
    for op in list(module.walk()):
        if isinstance(op, memref.AssumeAlignmentOp):
            Rewriter.replace_op(op, [], [op.memref])
    fold_memref_alias_ops(module)
    for op in list(module.walk()):
        if isinstance(op, memref.GlobalOp) and flattenable(op.type):
            _flatten_global(op)
            continue
        flattened = _flatten_root(op)
        if flattened is None:
            continue
        new, sizes = flattened
        Rewriter.insert_op(new, InsertPoint.before(op))
        _rewrite_users(op.results[0], sizes, new.results[0])
        new.results[0].name_hint = op.results[0].name_hint
        Rewriter.erase_op(op)


@dataclass(frozen=True)
class FlattenMemRefSubspanPass(ModulePass):
    """Rewrites N-D binding subspans, allocas and globals to 1-D memrefs with linear indices."""

    name = "iree-codegen-flatten-memref-subspan"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        flatten_memref_subspans(op)
