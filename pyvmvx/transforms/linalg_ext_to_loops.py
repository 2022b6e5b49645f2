"""`iree-linalg-ext-to-loops`: `linalg.pack` and `linalg.unpack` on buffers as scalar loops.

IREE's `LinalgExtToLoops` with the relayout ops' scalar implementations; it is the fallback
for relayouts no ukernel takes (`ukernels=none`, or shapes the ukernel rejects). Any rank.
Outer packed dimensions follow `outer_dims_perm`, inner tile dimensions `inner_dims_pos`:

- pack: an `scf.for` nest over every destination element (outer dimensions, then inner
  tiles); unpacked dimension `d` of the source is read at `outer * tile + inner` if `d` is
  tiled, else at `outer`. With a `padding_value`, an element whose source index may be out
  of bounds is chosen by `scf.if`: loaded when in bounds, the padding value otherwise, so no
  out-of-bounds load is made. Dimensions whose tiles statically fit the source get no check.
- unpack: a nest over the unpacked destination; dimension `d` at `i` reads the source at
  outer index `i / tile` and inner index `i % tile`.

Ops on tensors are left alone, as IREE's pass does.

Beyond IREE: sizes the ops require but dynamic types cannot show are checked once per op,
before its loops, by a `cf.assert`: a dynamic inner tile equals its packed dimension, a pack
without padding has source elements for all its tiles, an unpack's packed source covers its
destination. Inconsistent sizes then fail with a message instead of moving the wrong
elements (IREE reads out of bounds). Statically inconsistent sizes are a compile error.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, cf, memref, scf
from xdsl.dialects.builtin import IndexType, MemRefType, ModuleOp
from xdsl.ir import Block, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint

from pyvmvx.dialects.upstream_ext.linalg import PackOp, UnPackOp
from pyvmvx.interfaces.tiling_interface import PackTilingModel, UnPackTilingModel
from pyvmvx.ir.diagnostics import located_at, op_error
from pyvmvx.ir.index_builder import Index, IndexBuilder

_PREDICATES: dict[str, Callable[[int, int], bool]] = {
    "eq": operator.eq,
    "slt": operator.lt,
    "sle": operator.le,
}


@dataclass(frozen=True)
class LinalgExtToLoopsPass(ModulePass):
    """Rewrites every `linalg.pack`/`linalg.unpack` on memrefs into loads and stores."""

    name = "iree-linalg-ext-to-loops"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for relayout in [o for o in op.walk() if isinstance(o, PackOp | UnPackOp)]:
            if isinstance(relayout.dest.type, MemRefType):
                lower_relayout_to_loops(relayout)


def lower_relayout_to_loops(op: PackOp | UnPackOp) -> None:
    """Replace a pack or unpack on memrefs by its loop nest (located at it)."""
    with located_at(op):
        if isinstance(op, PackOp):
            _lower_pack(op)
        else:
            _lower_unpack(op)
    op.detach()
    op.erase()


def _lower_pack(op: PackOp) -> None:
    model = PackTilingModel(op)
    rank = model.rank
    ib = IndexBuilder(Builder(InsertPoint.before(op)))
    _check_inner_tiles(ib, op, op.dest, rank)
    outer_sizes = [ib.dim(op.dest, p) for p in range(rank)]
    guarded: list[tuple[int, Index]] = []
    for d in range(rank):
        source_size = ib.dim(op.source, d)
        covered = ib.mul(outer_sizes[model.outer_position(d)], model.inner_tile(d) or 1)
        if _truth(covered, "sle", source_size):
            continue
        if op.padding_value is None:
            message = f"source dimension {d} is smaller than its tiles cover and has no padding"
            _require(ib, op, covered, "sle", source_size, message)
        else:
            guarded.append((d, source_size))

    body, ivs = _loop_nest(ib, [*outer_sizes, *op.get_mixed_tiles()])
    source_index: list[Index] = []
    for d in range(rank):
        outer, tile = ivs[model.outer_position(d)], model.inner_tile(d)
        if tile is None:
            source_index.append(outer)
        else:
            inner = ivs[rank + op.get_inner_dims_pos().index(d)]
            source_index.append(body.add(body.mul(outer, tile), inner))
    value = _guarded_load(body, op, source_index, guarded)
    body.builder.insert(memref.StoreOp.get(value, op.dest, ivs))


def _lower_unpack(op: UnPackOp) -> None:
    model = UnPackTilingModel(op)
    rank = model.rank
    ib = IndexBuilder(Builder(InsertPoint.before(op)))
    _check_inner_tiles(ib, op, op.source, rank)
    sizes = [ib.dim(op.dest, d) for d in range(rank)]
    for d in range(rank):
        covered = ib.mul(ib.dim(op.source, model.outer_position(d)), model.inner_tile(d) or 1)
        message = f"destination dimension {d} is larger than its packed source covers"
        _require(ib, op, sizes[d], "sle", covered, message)

    body, ivs = _loop_nest(ib, sizes)
    source_index: list[Index] = [0] * (rank + len(op.get_inner_dims_pos()))
    for d in range(rank):
        outer, tile = model.outer_position(d), model.inner_tile(d)
        if tile is None:
            source_index[outer] = ivs[d]
        else:
            source_index[outer] = body.div(ivs[d], tile)
            source_index[rank + op.get_inner_dims_pos().index(d)] = body.rem(ivs[d], tile)
    value = _load(body, op.source, source_index)
    body.builder.insert(memref.StoreOp.get(value, op.dest, ivs))


def _check_inner_tiles(
    ib: IndexBuilder, op: PackOp | UnPackOp, packed: SSAValue, rank: int
) -> None:
    """Each inner tile equals the packed buffer's size in its dimension."""
    for j, tile in enumerate(op.get_mixed_tiles()):
        message = f"inner tile {j} differs from the size of packed dimension {rank + j}"
        _require(ib, op, ib.dim(packed, rank + j), "eq", tile, message)


def _truth(a: Index, predicate: str, b: Index) -> bool | None:
    """Whether `a <predicate> b` holds, if both are static."""
    if isinstance(a, int) and isinstance(b, int):
        return _PREDICATES[predicate](a, b)
    return None


def _compare(ib: IndexBuilder, a: Index, predicate: str, b: Index) -> SSAValue:
    return ib.builder.insert(arith.CmpiOp(ib.value(a), ib.value(b), predicate)).result


def _require(
    ib: IndexBuilder, op: PackOp | UnPackOp, a: Index, predicate: str, b: Index, message: str
) -> None:
    """`a <predicate> b` must hold: a compile error if it statically does not, nothing if
    it statically does, else a `cf.assert`."""
    truth = _truth(a, predicate, b)
    if truth is False:
        raise op_error(op, message)
    if truth is None:
        ib.builder.insert(cf.AssertOp(_compare(ib, a, predicate, b), f"'{op.name}' op {message}"))


def _loop_nest(ib: IndexBuilder, bounds: Sequence[Index]) -> tuple[IndexBuilder, list[SSAValue]]:
    """`scf.for %i = 0 to bound step 1` per bound, outermost first, bounds and constants
    before the nest; the builder inside the innermost loop and the induction variables."""
    builder = ib.builder
    ivs: list[SSAValue] = []
    if bounds:
        zero, one, ends = ib.value(0), ib.value(1), [ib.value(b) for b in bounds]
        for end in ends:
            body = Block([scf.YieldOp()], arg_types=[IndexType()])
            builder.insert(scf.ForOp(zero, end, one, [], body))
            builder = Builder(InsertPoint.at_start(body))
            ivs.append(body.args[0])
    return IndexBuilder(builder), ivs


def _load(ib: IndexBuilder, source: SSAValue, index: Sequence[Index]) -> SSAValue:
    return ib.builder.insert(memref.LoadOp.get(source, [ib.value(i) for i in index])).res


def _guarded_load(
    ib: IndexBuilder, op: PackOp, index: Sequence[Index], guarded: Sequence[tuple[int, Index]]
) -> SSAValue:
    """The source element at `index`, or the padding value where a guarded dimension's
    index is not below its size."""
    if not guarded:
        return _load(ib, op.source, index)
    padding = op.padding_value
    assert padding is not None
    in_bounds = [_compare(ib, index[d], "slt", size) for d, size in guarded]
    condition = in_bounds[0]
    for term in in_bounds[1:]:
        condition = ib.builder.insert(arith.AndIOp(condition, term)).result
    loaded = Block()
    then = IndexBuilder(Builder(InsertPoint.at_end(loaded)))
    loaded.add_op(scf.YieldOp(_load(then, op.source, index)))
    guard = scf.IfOp(condition, [padding.type], [loaded], [scf.YieldOp(padding)])
    return ib.builder.insert(guard).results[0]
