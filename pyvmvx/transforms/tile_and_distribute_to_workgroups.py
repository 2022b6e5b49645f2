"""`iree-codegen-tile-and-distribute-to-workgroups`: split the root op of each function into
tiles spread over the workgroup grid, on buffers.

IREE tiles on tensors (`scf.forall` mapped to workgroups) and bufferizes afterwards; our input
is already on memrefs, so the root op (the one carrying a `lowering_config`) is tiled in place:

- the distributed loops are the parallel loops with a non-zero distribution size that can be
  tiled (`pyvmvx.interfaces.tiling_interface`), the innermost three; the innermost maps to grid
  axis x, the next to y, the next to z. An `unpack` tile size is rounded up to whole inner
  tiles;
- each becomes a grid-stride loop `scf.for %iv = id * T to N step count * T` (`id`/`count` =
  `hal.interface.workgroup.id/count` of its axis), so any dispatched grid computes every tile
  exactly once; the tile size is `T`, or `min(T, N - %iv)` unless `T` divides a static `N`;
- inside, every shaped operand is replaced by a `memref.subview` of the tile's slice and the
  root op is cloned onto the subviews (`linalg.index` is offset to stay absolute);
- a `linalg.fill` of a root output (the same SSA value) is fused: each tile fills its slice.

The enclosing `hal.executable.export` (when the function is in a `hal.executable.source` or
`.variant`) gets a count region returning the grid: `ceildiv(N, T)` per distributed axis for
a static `N`, `DYNAMIC_WORKGROUP_COUNT` for a dynamic one (no workload reaches the region on
this path, and the loops are correct for any count), 1 for unused axes.

Nothing is distributed (grid 1x1x1) when the function holds another compute op that writes a
buffer some other compute op reads or writes, or that updates a buffer in place: with no
tensor-level fusion, every workgroup runs the non-root ops whole, so a producer would race with
the tiles that consume its result, and an in-place update would repeat once per workgroup.
Nor when an operand has a non-strided layout. Functions that already read the workgroup id or
count distribute themselves; their count region is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, MemRefType, ModuleOp, ShapedType
from xdsl.dialects.linalg.ops import FillOp, IndexOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint

from pyvmvx.dialects import hal
from pyvmvx.dialects.iree_codegen import get_lowering_config
from pyvmvx.interfaces.tiling_interface import (
    MAX_PARTITIONED_LOOPS,
    PARALLEL,
    Slice,
    TilingModel,
    buffer_of,
    compute_ops,
    tiling_model,
)
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.ir.index_builder import Index, IndexBuilder

DYNAMIC_WORKGROUP_COUNT = 8
"""Workgroups along an axis whose extent is dynamic (a small thread pool's worth)."""


@dataclass(frozen=True)
class TileAndDistributeToWorkgroupsPass(ModulePass):
    """Tiles each function's root op into grid-stride loops over workgroups."""

    name = "iree-codegen-tile-and-distribute-to-workgroups"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [o for o in op.walk() if isinstance(o, func.FuncOp)]:
            if function.body.blocks:
                tile_and_distribute(function)


@dataclass
class _Plan:
    root: Operation
    model: TilingModel
    loops: tuple[int, ...]
    """The distributed loops, outermost first."""
    tile_sizes: dict[int, int]
    fused_fills: list[FillOp]


def tile_and_distribute(function: func.FuncOp) -> None:
    """Distribute the root op of `function` and set its export's workgroup count."""
    self_distributed = any(
        isinstance(op, hal.InterfaceWorkgroupIDOp | hal.InterfaceWorkgroupCountOp)
        for op in function.walk()
    )
    ops = compute_ops(function)
    root = next((op for op in ops if get_lowering_config(op) is not None), None)
    counts = (1, 1, 1)
    if root is not None and (plan := _plan(root, ops)) is not None:
        counts = _distribute(plan)
    if not self_distributed:
        _set_workgroup_count(function, counts)


def _plan(root: Operation, ops: Sequence[Operation]) -> _Plan | None:
    config = get_lowering_config(root)
    model = tiling_model(root)
    assert config is not None and model is not None
    sizes = config.workgroup_tile_sizes()
    if sizes and len(sizes) != model.loop_count:
        raise op_error(
            root,
            f"lowering_config has {len(sizes)} distribution tile sizes for "
            f"{model.loop_count} loops",
        )
    multiples = {loop: model.tile_multiple(loop) for loop in range(model.loop_count)}
    loops = tuple(
        loop
        for loop, size in enumerate(sizes)
        if size > 0 and model.iterator_types[loop] == PARALLEL and multiples[loop] is not None
    )[-MAX_PARTITIONED_LOOPS:]
    if not loops:
        return None
    shaped = [v for v in root.operands if isinstance(v.type, ShapedType)]
    if any(not isinstance(v.type, MemRefType) for v in shaped):
        raise op_error(root, "tile and distribute needs buffer (memref) operands")
    if any(v.type.get_strides() is None for v in shaped if isinstance(v.type, MemRefType)):
        return None
    fills = [op for op in ops if _is_fused_fill(op, root, model)]
    if _conflicting([op for op in ops if op not in fills], root):
        return None
    tile_sizes = {}
    for loop in loops:
        multiple = multiples[loop]
        assert multiple is not None
        tile_sizes[loop] = -(-sizes[loop] // multiple) * multiple
    return _Plan(root, model, loops, tile_sizes, fills)


def _is_fused_fill(op: Operation, root: Operation, model: TilingModel) -> bool:
    return (
        isinstance(op, FillOp)
        and op is not root
        and op.parent_block() is root.parent_block()
        and op.outputs[0] in model.written_operands()
    )


def _conflicting(ops: Sequence[Operation], root: Operation) -> bool:
    """Whether running every op but `root` whole in each workgroup could be wrong."""
    models = {op: tiling_model(op) for op in ops}
    written = {op: {buffer_of(v) for v in m.written_operands()} for op, m in models.items() if m}
    touched = {
        op: written[op] | {buffer_of(v) for v in m.read_operands()} for op, m in models.items() if m
    }
    for op, model in models.items():
        if model is None:
            continue
        if op is not root and written[op] & {buffer_of(v) for v in model.read_operands()}:
            return True
        if any(written[op] & touched[other] for other in touched if other is not op):
            return True
    return False


def _distribute(plan: _Plan) -> tuple[int, int, int]:
    root, model = plan.root, plan.model
    outer = IndexBuilder(Builder(InsertPoint.before(root)))
    axes = {loop: axis for axis, loop in enumerate(reversed(plan.loops))}
    bounds: list[tuple[int, SSAValue, Index, SSAValue, SSAValue]] = []
    for loop in plan.loops:
        tile = plan.tile_sizes[loop]
        wg_id, wg_count = _grid_values(outer.builder, axes[loop])
        start = outer.value(outer.mul(wg_id, tile))
        step = outer.value(outer.mul(wg_count, tile))
        extent = model.loop_range(outer, loop)
        bounds.append((loop, start, extent, outer.value(extent), step))
    builder = _first_on_unused_axes(outer, set(axes.values()))
    offsets: dict[int, Index] = {}
    sizes: dict[int, Index] = {}
    for loop, start, extent, end, step in bounds:
        body = Block(arg_types=[IndexType()])
        builder.insert(scf.ForOp(start, end, step, [], body))
        body.add_op(scf.YieldOp())
        builder = Builder(InsertPoint.at_start(body))
        tile, offsets[loop] = plan.tile_sizes[loop], body.args[0]
        if isinstance(extent, int) and extent % tile == 0:
            sizes[loop] = tile
        else:
            ib = IndexBuilder(builder)
            sizes[loop] = ib.min(tile, ib.sub(extent, body.args[0]))
    ib = IndexBuilder(builder)
    views = {
        s.operand: _subview(ib, root.operands[s.operand], s)
        for s in model.slices(ib, offsets, sizes)
    }
    for fill in plan.fused_fills:
        index = list(root.operands).index(fill.outputs[0])
        _clone_onto(builder, fill, {len(fill.inputs): views[index]}, {})
        fill.detach()
        fill.erase()
    _clone_onto(builder, root, views, offsets)
    root.detach()
    root.erase()
    counts = [1, 1, 1]
    for loop, _, extent, _, _ in bounds:
        tile = plan.tile_sizes[loop]
        counts[axes[loop]] = (
            -(-extent // tile) if isinstance(extent, int) else DYNAMIC_WORKGROUP_COUNT
        )
    return counts[0], counts[1], counts[2]


def _grid_values(builder: Builder, axis: int) -> tuple[SSAValue, SSAValue]:
    """The workgroup id and count along `axis`."""
    wg_id = builder.insert(hal.InterfaceWorkgroupIDOp(axis)).result
    wg_count = builder.insert(hal.InterfaceWorkgroupCountOp(axis)).result
    wg_id.name_hint = f"workgroup_id_{'xyz'[axis]}"
    wg_count.name_hint = f"workgroup_count_{'xyz'[axis]}"
    return wg_id, wg_count


def _first_on_unused_axes(ib: IndexBuilder, used: set[int]) -> Builder:
    """A builder inside `scf.if` (workgroup id is 0 on every axis no loop uses), so that a
    grid larger than the count region along those axes does no duplicate work."""
    unused = [axis for axis in range(3) if axis not in used]
    if not unused:
        return ib.builder
    condition: SSAValue | None = None
    for axis in unused:
        wg_id = ib.builder.insert(hal.InterfaceWorkgroupIDOp(axis)).result
        wg_id.name_hint = f"workgroup_id_{'xyz'[axis]}"
        first = ib.builder.insert(arith.CmpiOp(wg_id, ib.value(0), "eq")).result
        condition = (
            first if condition is None else ib.builder.insert(arith.AndIOp(condition, first)).result
        )
    assert condition is not None
    body = Block([scf.YieldOp()])
    ib.builder.insert(scf.IfOp(condition, [], [body]))
    return Builder(InsertPoint.before(body.first_op))  # type: ignore[arg-type]


def _subview(ib: IndexBuilder, source: SSAValue, piece: Slice) -> SSAValue:
    source_type = source.type
    assert isinstance(source_type, MemRefType)
    strides = [1] * len(piece.sizes)
    result_type = memref.SubviewOp.infer_result_type(
        source_type, piece.offsets, piece.sizes, strides
    )
    return ib.builder.insert(
        memref.SubviewOp.get(source, piece.offsets, piece.sizes, strides, result_type)
    ).result


def _clone_onto(
    builder: Builder,
    op: Operation,
    operands: dict[int, SSAValue],
    offsets: dict[int, Index],
) -> None:
    """Clone `op` with `operands` replaced; `linalg.index` of a tiled loop gets the tile's
    offset added back."""
    clone = op.clone()
    for index, value in operands.items():
        clone.operands[index] = value
    builder.insert(clone)
    for index_op in [o for o in clone.walk() if isinstance(o, IndexOp)]:
        offset = offsets.get(index_op.dim.value.data)
        if offset is None:
            continue
        shifted = arith.AddiOp(index_op.result, IndexBuilder(builder).value(offset))
        index_op.result.replace_uses_with_if(
            shifted.result, lambda use, new=shifted: use.operation is not new
        )
        Builder(InsertPoint.after(index_op)).insert(shifted)


def _export_of(function: func.FuncOp) -> hal.ExecutableExportOp | None:
    module = function.parent_op()
    container = None if module is None else module.parent_op()
    if not isinstance(container, hal.ExecutableSourceOp | hal.ExecutableVariantOp):
        return None
    name = function.sym_name.data
    return next((e for e in container.exports if e.symbol == name), None)


def _set_workgroup_count(function: func.FuncOp, counts: tuple[int, int, int]) -> None:
    export = _export_of(function)
    if export is None:
        return
    old = export.workgroup_count_block
    block = Block(arg_types=[a.type for a in old.args] if old else [hal.DeviceType()])
    values = [arith.ConstantOp(IntegerAttr(c, IndexType())) for c in counts]
    block.add_ops([*values, hal.ReturnOp(*values)])
    region = export.workgroup_count
    for stale in list(region.blocks):
        region.detach_block(stale).erase()
    region.add_block(block)
