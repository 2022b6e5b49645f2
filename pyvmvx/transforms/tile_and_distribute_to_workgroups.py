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
`.variant`) keeps the count region its author wrote, as IREE does: the grid-stride loops are
correct for any grid. Only an export without one gets a count region returning the grid:
`ceildiv(N, T)` per distributed axis for a static `N`, `DYNAMIC_WORKGROUP_COUNT` for a dynamic
one (no workload reaches such a region), 1 for unused axes. A region that asks for the
compiler's grid with `iree_tensor_ext.dispatch.workgroup_count_from_slice(%w...)` gets it as a
function of its workload: the op becomes `ceildiv(N, T)` with `N` computed from the `%w`s
(IREE's `lowerWorkgroupCountFromSliceOp`, `_resolve_count_from_slice`).

Nothing is distributed (grid 1x1x1) when the function holds another compute op that writes a
buffer some other compute op reads or writes, or that updates a buffer in place: with no
tensor-level fusion, every workgroup runs the non-root ops whole, so a producer would race with
the tiles that consume its result, and an in-place update would repeat once per workgroup.
Nor when an operand has a non-strided layout. Such an undistributed body runs in workgroup
(0, 0, 0) only (inside an `scf.if`) when its export keeps its author's count region, which may
ask for more workgroups. Functions that already read the workgroup id or count distribute
themselves; no count region is set for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IndexType,
    IntegerAttr,
    MemRefType,
    ModuleOp,
    ShapedType,
)
from xdsl.dialects.linalg.ops import FillOp, IndexOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_side_effect_free

from pyvmvx.dialects import hal
from pyvmvx.dialects.iree_codegen import get_lowering_config
from pyvmvx.dialects.iree_tensor_ext import (
    DispatchWorkgroupCountFromSliceOp,
    DispatchWorkloadOrdinalOp,
)
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
from pyvmvx.ir.memref_layout import constant_int

DYNAMIC_WORKGROUP_COUNT = 8
"""Workgroups along an axis whose extent is dynamic (a small thread pool's worth)."""

Grid = dict[int, tuple[Index, int]]
"""The distributed grid axes: the extent of each one's loop and its tile size."""


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
    """Distribute the root op of `function`; give its export a workgroup count if it has none."""
    self_distributed = any(
        isinstance(op, hal.InterfaceWorkgroupIDOp | hal.InterfaceWorkgroupCountOp)
        for op in function.walk()
    )
    ops = compute_ops(function)
    root = next((op for op in ops if get_lowering_config(op) is not None), None)
    grid: Grid = {}
    if root is not None and (plan := _plan(root, ops)) is not None:
        grid = _distribute(plan)
    export = hal.export_of(function)
    if export is None:
        return
    from_slice = _count_from_slice(export)
    if from_slice is not None:
        _resolve_count_from_slice(from_slice, function, grid)
    elif self_distributed:
        return
    elif not _has_user_count(export):
        _set_workgroup_count(export, _static_counts(grid))
    elif not grid and ops:
        _only_in_the_first_workgroup(function)


def _only_in_the_first_workgroup(function: func.FuncOp) -> None:
    """Run an undistributed body in workgroup (0, 0, 0) only: its author's count region may
    ask for more workgroups, each of which would otherwise run it whole, racing with the others
    (a fill and a reduction into the same buffer) or repeating an in-place update."""
    if len(function.body.blocks) != 1:
        return
    block = function.body.block
    terminator = block.last_op
    moved = [op for op in block.ops if op is not terminator]
    inside = _first_on_unused_axes(IndexBuilder(Builder(InsertPoint.at_start(block))), set())
    for op in moved:
        op.detach()
        inside.insert(op)


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


def _distribute(plan: _Plan) -> Grid:
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
    return {axes[loop]: (extent, plan.tile_sizes[loop]) for loop, _, extent, _, _ in bounds}


def _static_counts(grid: Grid) -> tuple[int, int, int]:
    """The grid's workgroup counts: `ceildiv(N, T)` per axis, `DYNAMIC_WORKGROUP_COUNT` for a
    dynamic `N`, 1 on unused axes."""
    counts = [1, 1, 1]
    for axis, (extent, tile) in grid.items():
        counts[axis] = -(-extent // tile) if isinstance(extent, int) else DYNAMIC_WORKGROUP_COUNT
    return counts[0], counts[1], counts[2]


def _count_from_slice(export: hal.ExecutableExportOp) -> DispatchWorkgroupCountFromSliceOp | None:
    count = export.workgroup_count_block
    ops = [] if count is None else list(count.walk())
    return next((op for op in ops if isinstance(op, DispatchWorkgroupCountFromSliceOp)), None)


def _resolve_count_from_slice(
    count_op: DispatchWorkgroupCountFromSliceOp, function: func.FuncOp, grid: Grid
) -> None:
    """IREE's `lowerWorkgroupCountFromSliceOp`: `count_op` becomes the grid's counts as
    functions of the workload, `ceildiv(N, T)` with the computation of each distributed
    extent `N` cloned into the count region, its `workload.ordinal` values replaced by the
    region's workload operands (1 on unused axes). An extent that is not an index computation
    of the workload gets `DYNAMIC_WORKGROUP_COUNT` (the grid-stride loops take any count)."""
    workload: dict[SSAValue, SSAValue] = {}
    for op in function.walk():
        if not isinstance(op, DispatchWorkloadOrdinalOp):
            continue
        if op.ordinal.value.data >= len(count_op.workload):
            raise op_error(
                op,
                "ordinal number is higher than the number of workloads captured in the "
                "workgroup count region",
            )
        workload[op.result] = count_op.workload[op.ordinal.value.data]
    ib = IndexBuilder(Builder(InsertPoint.before(count_op)))
    counts: list[Index] = [1, 1, 1]
    cloned: dict[SSAValue, Index] = {}
    for axis, (extent, tile) in grid.items():
        size = extent if isinstance(extent, int) else _in_count(ib, extent, workload, cloned)
        counts[axis] = DYNAMIC_WORKGROUP_COUNT if size is None else ib.ceildiv(size, tile)
    for result, count in zip(count_op.results, counts, strict=True):
        result.replace_all_uses_with(ib.value(count))
    count_op.detach()
    count_op.erase()


def _in_count(
    ib: IndexBuilder,
    value: SSAValue,
    workload: dict[SSAValue, SSAValue],
    cloned: dict[SSAValue, Index],
) -> Index | None:
    """`value` of the function computed in the count region from the workload: `arith` ops
    are cloned, `memref.dim` of a binding is its size, a workload ordinal its workload
    operand; None for anything else."""
    if value in workload:
        return workload[value]
    if value in cloned:
        return cloned[value]
    op = value.owner
    result: Index | None = None
    if isinstance(op, memref.DimOp):
        size = _binding_size(op)
        result = _in_count(ib, size, workload, cloned) if isinstance(size, SSAValue) else size
    elif isinstance(op, Operation) and op.dialect_name() == "arith" and is_side_effect_free(op):
        operands = [_in_count(ib, operand, workload, cloned) for operand in op.operands]
        if all(operand is not None for operand in operands):
            clone = op.clone()
            clone.operands = [ib.value(operand) for operand in operands if operand is not None]
            result = ib.insert(clone).results[op.results.index(value)]
    if result is not None:
        cloned[value] = result
    return result


def _binding_size(op: memref.DimOp) -> Index | None:
    """The size `memref.dim` reads from a `hal.interface.binding.subspan`: static, or the
    subspan's dynamic size operand."""
    subspan, dim = op.source.owner, constant_int(op.index)
    if not isinstance(subspan, hal.InterfaceBindingSubspanOp) or dim is None:
        return None
    shape = cast(MemRefType, subspan.result.type).get_shape()
    if shape[dim] != DYNAMIC_INDEX:
        return shape[dim]
    return subspan.dynamic_dims[sum(1 for size in shape[:dim] if size == DYNAMIC_INDEX)]


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


def _has_user_count(export: hal.ExecutableExportOp) -> bool:
    """Whether the export has a count region of its own, one that does not ask for the
    compiler's grid through `iree_tensor_ext.dispatch.workgroup_count_from_slice`."""
    count = export.workgroup_count_block
    return count is not None and not any(
        isinstance(op, DispatchWorkgroupCountFromSliceOp) for op in count.walk()
    )


def _set_workgroup_count(export: hal.ExecutableExportOp, counts: tuple[int, int, int]) -> None:
    old = export.workgroup_count_block
    block = Block(arg_types=[a.type for a in old.args] if old else [hal.DeviceType()])
    values = [arith.ConstantOp(IntegerAttr(c, IndexType())) for c in counts]
    block.add_ops([*values, hal.ReturnOp(*values)])
    region = export.workgroup_count
    for stale in list(region.blocks):
        region.detach_block(stale).erase()
    region.add_block(block)
