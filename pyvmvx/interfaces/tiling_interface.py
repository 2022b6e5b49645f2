"""The iteration domain of a compute op and how to cut it into tiles.

A small model of MLIR's `TilingInterface` and IREE's `PartitionableLoopsInterface` for the ops
VMVX codegen configures and distributes: linalg structured ops (`generic`, `fill`, `copy`,
`transpose`, `matmul`, `mmt4d`, ...), `linalg.broadcast`, `linalg.reduce`, `linalg.pack` and
`linalg.unpack`. `tiling_model(op)` gives, per op:

- its loops: iterator kinds, the operand dimension bounding each loop, static trip counts;
- its partitionable loops, as IREE defines them (parallel loops with a trip count other than a
  static 1, innermost 3; `mmt4d` = {0, 1}; pack/unpack: their leading parallel loops);
- which loops can be tiled and the multiple a tile size must be (an `unpack` tile must cover
  whole inner tiles, so its size is a multiple of the inner tile);
- for given per-loop tile offsets and sizes, the slice of every shaped operand.

`pyvmvx.ir.index_builder.IndexBuilder` emits the index arithmetic, folding constants so
static shapes give static slices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, ShapedType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.linalg.ops import BroadcastOp, ReduceOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap

from pyvmvx.dialects.hal import InterfaceBindingSubspanOp
from pyvmvx.dialects.upstream_ext.linalg import Mmt4DOp, PackOp, UnPackOp
from pyvmvx.ir.index_builder import Index, IndexBuilder

PARALLEL = "parallel"
REDUCTION = "reduction"
MAX_PARTITIONED_LOOPS = 3
"""IREE's `kNumMaxParallelDims`: at most three loops map to the workgroup grid."""


class Slice:
    """`offsets` and `sizes` (unit strides) of shaped operand number `operand`."""

    def __init__(self, operand: int, offsets: Sequence[Index], sizes: Sequence[Index]) -> None:
        self.operand = operand
        self.offsets = tuple(offsets)
        self.sizes = tuple(sizes)


class TilingModel(ABC):
    """The loops of one compute op and the operand slices a tile of them touches."""

    def __init__(self, op: Operation) -> None:
        self.op = op

    @property
    @abstractmethod
    def iterator_types(self) -> tuple[str, ...]: ...

    @abstractmethod
    def loop_bound(self, loop: int) -> tuple[SSAValue, int] | None:
        """The (shaped operand, dimension) whose size is the trip count of `loop`."""

    @abstractmethod
    def slices(
        self, ib: IndexBuilder, offsets: dict[int, Index], sizes: dict[int, Index]
    ) -> list[Slice]:
        """The slice of every shaped operand touched by the tile with the given offsets and
        sizes of the tiled loops (loops not in `offsets` are covered whole)."""

    @abstractmethod
    def read_operands(self) -> tuple[SSAValue, ...]: ...

    @abstractmethod
    def written_operands(self) -> tuple[SSAValue, ...]: ...

    @property
    def loop_count(self) -> int:
        return len(self.iterator_types)

    def static_ranges(self) -> tuple[int | None, ...]:
        """Each loop's trip count, None when dynamic or unknown."""
        ranges: list[int | None] = []
        for loop in range(self.loop_count):
            bound = self.loop_bound(loop)
            if bound is None:
                ranges.append(None)
                continue
            operand, dim = bound
            assert isinstance(operand.type, ShapedType)
            size = operand.type.get_shape()[dim]
            ranges.append(None if size == DYNAMIC_INDEX else size)
        return tuple(ranges)

    def partitionable_loops(self) -> tuple[int, ...]:
        """IREE's default for linalg ops: parallel loops whose trip count is not a static 1,
        the innermost three."""
        ranges = self.static_ranges()
        loops = [
            loop
            for loop, kind in enumerate(self.iterator_types)
            if kind == PARALLEL and ranges[loop] != 1
        ]
        return tuple(loops[-MAX_PARTITIONED_LOOPS:])

    def tile_multiple(self, loop: int) -> int | None:
        """The multiple a tile size of `loop` must be, or None if `loop` cannot be tiled."""
        return 1 if self.loop_bound(loop) is not None else None

    def loop_range(self, ib: IndexBuilder, loop: int) -> Index:
        bound = self.loop_bound(loop)
        assert bound is not None
        return ib.dim(*bound)


def _full(ib: IndexBuilder, value: SSAValue, dims: range) -> tuple[list[Index], list[Index]]:
    return [0 for _ in dims], [ib.dim(value, d) for d in dims]


class MapTilingModel(TilingModel):
    """An op whose operands are indexed by affine maps of its loops (linalg structured ops,
    `linalg.broadcast`, `linalg.reduce`); scalar operands have no map."""

    def __init__(
        self, op: Operation, maps: Sequence[AffineMap | None], iterator_types: Sequence[str]
    ) -> None:
        super().__init__(op)
        self.maps = tuple(maps)
        self._iterator_types = tuple(iterator_types)

    @property
    def iterator_types(self) -> tuple[str, ...]:
        return self._iterator_types

    def _shaped(self) -> list[tuple[int, SSAValue, AffineMap]]:
        return [
            (i, operand, m)
            for i, (operand, m) in enumerate(zip(self.op.operands, self.maps, strict=True))
            if m is not None and isinstance(operand.type, ShapedType)
        ]

    def loop_bound(self, loop: int) -> tuple[SSAValue, int] | None:
        """An operand dimension indexed by `loop` alone, a static one if there is any."""
        candidates = [
            (operand, d)
            for _, operand, m in self._shaped()
            for d, expr in enumerate(m.results)
            if isinstance(expr, AffineDimExpr) and expr.position == loop
        ]
        static = [(v, d) for v, d in candidates if _shape(v)[d] != DYNAMIC_INDEX]
        return next(iter(static or candidates), None)

    def tile_multiple(self, loop: int) -> int | None:
        if self.loop_bound(loop) is None:
            return None
        for _, _, m in self._shaped():
            for expr in m.results:
                if not isinstance(expr, AffineDimExpr | AffineConstantExpr) and (
                    loop in expr.used_dims()
                ):
                    return None
        return 1

    def slices(
        self, ib: IndexBuilder, offsets: dict[int, Index], sizes: dict[int, Index]
    ) -> list[Slice]:
        result: list[Slice] = []
        for i, operand, m in self._shaped():
            slice_offsets: list[Index] = []
            slice_sizes: list[Index] = []
            for d, expr in enumerate(m.results):
                if isinstance(expr, AffineDimExpr) and expr.position in offsets:
                    slice_offsets.append(offsets[expr.position])
                    slice_sizes.append(sizes[expr.position])
                else:
                    slice_offsets.append(0)
                    slice_sizes.append(ib.dim(operand, d))
            result.append(Slice(i, slice_offsets, slice_sizes))
        return result

    def _written_indices(self) -> range:
        count = len(self.op.operands)
        if isinstance(self.op, LinalgStructuredOperation):
            return range(len(self.op.inputs), count)
        return range(count - 1, count)

    def read_operands(self) -> tuple[SSAValue, ...]:
        """Inputs, and outputs whose current value the payload uses (accumulators; the
        payload of `linalg.map` has no argument for its init)."""
        written = self._written_indices()
        body = self.op.regions[0].blocks.first if self.op.regions else None
        args = body.args if body is not None else ()
        return tuple(
            operand
            for i, operand, _ in self._shaped()
            if i not in written or (i < len(args) and args[i].first_use is not None)
        )

    def written_operands(self) -> tuple[SSAValue, ...]:
        return tuple(self.op.operands[i] for i in self._written_indices())


class Mmt4DTilingModel(MapTilingModel):
    """`linalg.mmt4d`: IREE partitions only the outer M and N loops."""

    def partitionable_loops(self) -> tuple[int, ...]:
        return (0, 1)


class _RelayoutTilingModel(TilingModel):
    """`linalg.pack`/`unpack`: all loops parallel, the leading (all) innermost three
    partitionable, as IREE's `OuterParallelAsPartitionableLoops`."""

    op: PackOp | UnPackOp

    @property
    def rank(self) -> int:
        """The unpacked rank, which is the number of loops."""
        unpacked = self.op.source if isinstance(self.op, PackOp) else self.op.dest
        assert isinstance(unpacked.type, ShapedType)
        return unpacked.type.get_num_dims()

    @property
    def iterator_types(self) -> tuple[str, ...]:
        return (PARALLEL,) * self.rank

    def partitionable_loops(self) -> tuple[int, ...]:
        return tuple(range(self.rank))[-MAX_PARTITIONED_LOOPS:]

    def loop_bound(self, loop: int) -> tuple[SSAValue, int] | None:
        return self.op.dest, loop

    def outer_position(self, dim: int) -> int:
        """The packed outer dimension holding unpacked dimension `dim`."""
        perm = self.op.get_outer_dims_perm()
        return perm.index(dim) if perm else dim

    def inner_tile(self, dim: int) -> Index | None:
        """The inner tile size of unpacked dimension `dim`, if it is tiled."""
        positions = self.op.get_inner_dims_pos()
        if dim not in positions:
            return None
        return self.op.get_mixed_tiles()[positions.index(dim)]

    def read_operands(self) -> tuple[SSAValue, ...]:
        return (self.op.source,)

    def written_operands(self) -> tuple[SSAValue, ...]:
        return (self.op.dest,)


class PackTilingModel(_RelayoutTilingModel):
    """Loops are the packed outer dimensions, in the destination's order."""

    op: PackOp

    def slices(
        self, ib: IndexBuilder, offsets: dict[int, Index], sizes: dict[int, Index]
    ) -> list[Slice]:
        source, dest = self.op.source, self.op.dest
        rank = self.rank
        dest_offsets, dest_sizes = _full(ib, dest, range(len(_shape(dest))))
        for loop, offset in offsets.items():
            dest_offsets[loop], dest_sizes[loop] = offset, sizes[loop]
        source_offsets, source_sizes = _full(ib, source, range(rank))
        for dim in range(rank):
            loop = self.outer_position(dim)
            if loop not in offsets:
                continue
            tile = self.inner_tile(dim)
            if tile is None:
                source_offsets[dim], source_sizes[dim] = offsets[loop], sizes[loop]
                continue
            start = ib.mul(offsets[loop], tile)
            remaining = ib.max(ib.sub(source_sizes[dim], start), 0)
            source_offsets[dim] = start
            source_sizes[dim] = ib.min(ib.mul(sizes[loop], tile), remaining)
        return [Slice(0, source_offsets, source_sizes), Slice(1, dest_offsets, dest_sizes)]


class UnPackTilingModel(_RelayoutTilingModel):
    """Loops are the unpacked (destination) dimensions; a tile covers whole inner tiles."""

    op: UnPackOp

    def tile_multiple(self, loop: int) -> int | None:
        tile = self.inner_tile(loop)
        if tile is None:
            return 1
        return tile if isinstance(tile, int) else None

    def slices(
        self, ib: IndexBuilder, offsets: dict[int, Index], sizes: dict[int, Index]
    ) -> list[Slice]:
        source, dest = self.op.source, self.op.dest
        dest_offsets, dest_sizes = _full(ib, dest, range(self.rank))
        source_offsets, source_sizes = _full(ib, source, range(len(_shape(source))))
        for dim, offset in offsets.items():
            dest_offsets[dim], dest_sizes[dim] = offset, sizes[dim]
            outer = self.outer_position(dim)
            tile = self.inner_tile(dim)
            if tile is None:
                source_offsets[outer], source_sizes[outer] = offset, sizes[dim]
            else:
                source_offsets[outer] = ib.div(offset, tile)
                source_sizes[outer] = ib.ceildiv(sizes[dim], tile)
        return [Slice(0, source_offsets, source_sizes), Slice(1, dest_offsets, dest_sizes)]


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, ShapedType)
    return value.type.get_shape()


def _kind(kind: IteratorType) -> str:
    return PARALLEL if kind == IteratorType.PARALLEL else REDUCTION


def tiling_model(op: Operation) -> TilingModel | None:
    """The tiling model of a compute op, None for any other op."""
    if isinstance(op, LinalgStructuredOperation):
        maps = [m.data for m in op.get_indexing_maps().data]
        maps_or_none = [
            m if isinstance(v.type, ShapedType) else None
            for m, v in zip(maps, op.operands, strict=True)
        ]
        kinds = [_kind(k.data) for k in op.get_iterator_types().data]
        cls = Mmt4DTilingModel if isinstance(op, Mmt4DOp) else MapTilingModel
        return cls(op, maps_or_none, kinds)
    if isinstance(op, BroadcastOp):
        rank = len(_shape(op.init))
        dims = set(op.dimensions.get_values())
        kept = [AffineDimExpr(d) for d in range(rank) if d not in dims]
        maps = [AffineMap(rank, 0, tuple(kept)), AffineMap.identity(rank)]
        return MapTilingModel(op, maps, [PARALLEL] * rank)
    if isinstance(op, ReduceOp):
        rank = len(_shape(op.input))
        dims = set(op.dimensions.get_values())
        kept = [AffineDimExpr(d) for d in range(rank) if d not in dims]
        maps = [AffineMap.identity(rank), AffineMap(rank, 0, tuple(kept))]
        kinds = [REDUCTION if d in dims else PARALLEL for d in range(rank)]
        return MapTilingModel(op, maps, kinds)
    if isinstance(op, PackOp):
        return PackTilingModel(op)
    if isinstance(op, UnPackOp):
        return UnPackTilingModel(op)
    return None


def compute_ops(root: Operation) -> list[Operation]:
    """The compute ops nested in `root`, in program order (not looking inside compute ops)."""
    found: list[Operation] = []

    def visit(op: Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    if tiling_model(inner) is not None:
                        found.append(inner)
                    else:
                        visit(inner)

    visit(root)
    return found


def root_operation(ops: Sequence[Operation]) -> Operation | None:
    """IREE's `getRootOperation`: the last op with a reduction loop, else the last linalg op,
    else the last pack/unpack."""
    models = [(op, tiling_model(op)) for op in ops]
    for op, model in reversed(models):
        if model is not None and REDUCTION in model.iterator_types:
            return op
    for op, model in reversed(models):
        if model is not None and not isinstance(op, PackOp | UnPackOp):
            return op
    return next((op for op, _ in reversed(models)), None)


def buffer_of(value: SSAValue) -> object:
    """What `value` views: the binding of a `hal.interface.binding.subspan` (any two spans of
    a binding may alias), else the memref at the end of its chain of views."""
    while isinstance(value.owner, Operation):
        owner = value.owner
        if isinstance(owner, InterfaceBindingSubspanOp):
            return ("binding", owner.binding_index)
        if not owner.operands or not isinstance(owner.operands[0].type, MemRefType):
            break
        value = owner.operands[0]
    return value
