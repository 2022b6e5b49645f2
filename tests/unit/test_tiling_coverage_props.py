"""Tile-and-distribute covers every index exactly once, whatever the shapes, tile sizes and
dispatched grid.

Random ops (elementwise with static or dynamic shapes, pack, unpack) are tiled by
`tile_and_distribute`; a small evaluator then runs the generated loops for every workgroup of
random grids and records the `memref.subview` slices the cloned op receives.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import DYNAMIC_INDEX, IntegerAttr, ModuleOp
from xdsl.dialects.utils import get_dynamic_index_list
from xdsl.ir import Block, Operation, SSAValue
from xdsl.parser import Parser

from pyvmvx.compiler.driver import make_context
from pyvmvx.dialects.hal import InterfaceWorkgroupCountOp, InterfaceWorkgroupIDOp
from pyvmvx.dialects.upstream_ext.linalg import packed_shape
from pyvmvx.interfaces.tiling_interface import compute_ops
from pyvmvx.transforms.tile_and_distribute_to_workgroups import tile_and_distribute

CTX = make_context()


@dataclass
class View:
    """A slice of a function argument: offsets and sizes per dimension."""

    base: SSAValue
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]


_BINARY = {
    arith.AddiOp: lambda a, b: a + b,
    arith.SubiOp: lambda a, b: a - b,
    arith.MuliOp: lambda a, b: a * b,
    arith.MinSIOp: min,
    arith.MaxSIOp: max,
    arith.DivUIOp: lambda a, b: a // b,
    arith.CeilDivUIOp: lambda a, b: -(-a // b),
    arith.AndIOp: lambda a, b: a & b,
}


class Evaluator:
    """Runs the index code of one tiled function for one workgroup."""

    def __init__(self, dims: dict[SSAValue, Sequence[int]], grid: Sequence[int]) -> None:
        self.dims = dims
        self.grid = grid
        self.workgroup: Sequence[int] = (0, 0, 0)
        self.values: dict[SSAValue, int | View] = {}
        self.calls: list[list[int | View | SSAValue]] = []

    def index(self, value: SSAValue) -> int:
        result = self.values[value]
        assert isinstance(result, int)
        return result

    def run(self, block: Block, workgroup: Sequence[int]) -> None:
        self.workgroup = workgroup
        self.block(block)

    def block(self, block: Block) -> None:
        for op in block.ops:
            self.op(op)

    def mixed(self, static: Sequence[int], dynamic: Sequence[SSAValue]) -> tuple[int, ...]:
        return tuple(
            v if isinstance(v, int) else self.index(v)
            for v in get_dynamic_index_list(static, dynamic, DYNAMIC_INDEX)
        )

    def op(self, op: Operation) -> None:
        if isinstance(op, arith.ConstantOp):
            assert isinstance(op.value, IntegerAttr)
            self.values[op.result] = op.value.value.data
        elif type(op) in _BINARY:
            lhs, rhs = (self.index(v) for v in op.operands)
            self.values[op.results[0]] = _BINARY[type(op)](lhs, rhs)
        elif isinstance(op, InterfaceWorkgroupIDOp):
            self.values[op.result] = self.workgroup[op.dim]
        elif isinstance(op, InterfaceWorkgroupCountOp):
            self.values[op.result] = self.grid[op.dim]
        elif isinstance(op, memref.DimOp):
            self.values[op.result] = self.dims[op.source][self.index(op.index)]
        elif isinstance(op, memref.SubviewOp):
            offsets = self.mixed(op.static_offsets.get_values(), op.offsets)
            sizes = self.mixed(op.static_sizes.get_values(), op.sizes)
            assert set(self.mixed(op.static_strides.get_values(), op.strides)) <= {1}
            self.values[op.result] = View(op.source, offsets, sizes)
        elif isinstance(op, scf.ForOp):
            i, end, step = (self.index(v) for v in (op.lb, op.ub, op.step))
            assert step > 0
            while i < end:
                self.values[op.body.block.args[0]] = i
                self.block(op.body.block)
                i += step
        elif isinstance(op, arith.CmpiOp):
            assert op.predicate.value.data == 0  # eq
            self.values[op.result] = int(self.index(op.lhs) == self.index(op.rhs))
        elif isinstance(op, scf.IfOp):
            if self.index(op.cond):
                self.block(op.true_region.block)
        elif isinstance(op, scf.YieldOp | func.ReturnOp):
            pass
        else:  # the cloned compute op
            self.calls.append([self.values.get(v, v) for v in op.operands])


def tile(text: str, dims: Sequence[Sequence[int]], grids: Sequence[Sequence[int]]):
    """Tile the only op of `text`'s function; its calls per grid, and the function args."""
    module = Parser(CTX, text).parse_module()
    assert isinstance(module, ModuleOp)
    function = next(o for o in module.walk() if isinstance(o, func.FuncOp))
    tile_and_distribute(function)
    if not any(isinstance(o, scf.ForOp) for o in function.walk()):
        grids = [(1, 1, 1)]  # not distributed: the count region's 1x1x1 grid is the contract
    args = function.body.block.args
    results = []
    for grid in grids:
        evaluator = Evaluator(dict(zip(args, dims, strict=True)), grid)
        for z in range(grid[2]):
            for y in range(grid[1]):
                for x in range(grid[0]):
                    evaluator.run(function.body.block, (x, y, z))
        results.append(evaluator.calls)
    return args, results


def _memref(shape: Sequence[int], dynamic: Sequence[bool], element: str = "f32") -> str:
    dims = "x".join("?" if d else str(s) for s, d in zip(shape, dynamic, strict=True))
    return f"memref<{dims}x{element}>"


def _coverage(shape: Sequence[int], views: Sequence[View]) -> np.ndarray:
    counts = np.zeros(shape, dtype=np.int64)
    for view in views:
        region = tuple(slice(o, o + s) for o, s in zip(view.offsets, view.sizes, strict=True))
        assert all(
            o >= 0 and s >= 0 and o + s <= n
            for o, s, n in zip(view.offsets, view.sizes, shape, strict=True)
        )
        counts[region] += 1
    return counts


grids = st.lists(
    st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(1, 3)), min_size=1, max_size=3
)


@st.composite
def elementwise_cases(draw: st.DrawFn):
    rank = draw(st.integers(1, 3))
    shape = draw(st.lists(st.integers(1, 40), min_size=rank, max_size=rank))
    dynamic = draw(st.lists(st.booleans(), min_size=rank, max_size=rank))
    sizes = draw(st.lists(st.integers(0, 48), min_size=rank, max_size=rank))
    return shape, dynamic, sizes, draw(grids)


@settings(max_examples=60, deadline=None)
@given(elementwise_cases())
def test_elementwise_tiles_cover_each_index_once(case) -> None:
    shape, dynamic, sizes, grid_list = case
    rank = len(shape)
    ty = _memref(shape, dynamic)
    loops = ", ".join(f"d{i}" for i in range(rank))
    identity = f"affine_map<({loops}) -> ({loops})>"
    text = f"""
    func.func @f(%in: {ty}, %out: {ty}) {{
      linalg.generic {{indexing_maps = [{identity}, {identity}],
                      iterator_types = [{", ".join(['"parallel"'] * rank)}]}}
          ins(%in : {ty}) outs(%out : {ty})
          attrs = {{lowering_config = #iree_cpu.lowering_config<distribution = {sizes}>}} {{
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }}
      func.return
    }}
    """
    args, results = tile(text, [shape, shape], grid_list)
    for calls in results:
        outs, ins = [], []
        for operands in calls:
            in_view, out_view = (
                v if isinstance(v, View) else View(v, (0,) * rank, tuple(shape)) for v in operands
            )
            assert out_view.base is args[1] and in_view.base is args[0]
            assert (in_view.offsets, in_view.sizes) == (out_view.offsets, out_view.sizes)
            outs.append(out_view)
            ins.append(in_view)
        assert np.all(_coverage(shape, outs) == 1)


@st.composite
def pack_cases(draw: st.DrawFn):
    shape = draw(st.lists(st.integers(1, 30), min_size=2, max_size=2))
    tiles = draw(st.lists(st.integers(1, 6), min_size=2, max_size=2))
    inner = draw(st.sampled_from([[0, 1], [1, 0]]))
    outer = draw(st.sampled_from([None, [0, 1], [1, 0]]))
    sizes = draw(st.lists(st.integers(0, 9), min_size=2, max_size=2))
    return shape, tiles, inner, outer, sizes, draw(grids)


def _relayout_text(op: str, src: str, dst: str, inner, tiles, outer, sizes, padding: bool) -> str:
    perm = f"outer_dims_perm = {outer} " if outer else ""
    pad = "padding_value(%pad : f32) " if padding else ""
    return f"""
    func.func @f(%src: {src}, %dst: {dst}, %pad: f32) {{
      linalg.{op} %src {pad}{perm}inner_dims_pos = {inner} inner_tiles = {tiles} into %dst
          {{lowering_config = #iree_cpu.lowering_config<distribution = {sizes}>}} : {src} -> {dst}
      func.return
    }}
    """


@settings(max_examples=60, deadline=None)
@given(pack_cases())
def test_pack_tiles_cover_each_packed_tile_once(case) -> None:
    shape, tiles, inner, outer, sizes, grid_list = case
    packed = list(packed_shape(shape, inner, tiles, outer or []))
    text = _relayout_text(
        "pack",
        _memref(shape, [False] * 2),
        _memref(packed, [False] * 4),
        inner,
        tiles,
        outer,
        sizes,
        True,
    )
    args, results = tile(text, [shape, packed, []], grid_list)
    tile_of = dict(zip(inner, tiles, strict=True))
    for calls in results:
        outs = []
        for src, dst, _pad in calls:
            src = src if isinstance(src, View) else View(args[0], (0, 0), tuple(shape))
            dst = dst if isinstance(dst, View) else View(args[1], (0,) * 4, tuple(packed))
            outs.append(dst)
            for dim in range(2):
                loop = outer.index(dim) if outer else dim
                start = dst.offsets[loop] * tile_of[dim]
                # the source slice is exactly the part of the tiles' rows that exists
                assert src.offsets[dim] == start
                assert src.sizes[dim] == min(
                    dst.sizes[loop] * tile_of[dim], max(shape[dim] - start, 0)
                )
        assert np.all(_coverage(packed, outs) == 1)


@settings(max_examples=60, deadline=None)
@given(pack_cases())
def test_unpack_tiles_cover_each_element_once(case) -> None:
    shape, tiles, inner, outer, sizes, grid_list = case
    packed = list(packed_shape(shape, inner, tiles, outer or []))
    text = _relayout_text(
        "unpack",
        _memref(packed, [False] * 4),
        _memref(shape, [False] * 2),
        inner,
        tiles,
        outer,
        sizes,
        False,
    ).replace("%pad: f32", "%unused: f32")
    args, results = tile(text, [packed, shape, []], grid_list)
    tile_of = dict(zip(inner, tiles, strict=True))
    for calls in results:
        outs = []
        for src, dst in calls:
            src = src if isinstance(src, View) else View(args[0], (0,) * 4, tuple(packed))
            dst = dst if isinstance(dst, View) else View(args[1], (0, 0), tuple(shape))
            outs.append(dst)
            for dim in range(2):
                position = outer.index(dim) if outer else dim
                t = tile_of[dim]
                # a tile starts on an inner-tile boundary and reads the tiles it overlaps
                assert dst.offsets[dim] % t == 0
                assert src.offsets[position] == dst.offsets[dim] // t
                assert src.sizes[position] == -(-dst.sizes[dim] // t)
        assert np.all(_coverage(shape, outs) == 1)


def test_the_evaluator_sees_distributed_loops() -> None:
    """Guard against vacuous runs: a tiled op does get several distinct slices."""
    shape = [10, 10]
    ty = _memref(shape, [False, False])
    text = f"""
    func.func @f(%in: {ty}, %out: {ty}) {{
      linalg.copy {{lowering_config = #iree_cpu.lowering_config<distribution = [3, 4]>}}
          ins(%in : {ty}) outs(%out : {ty})
      func.return
    }}
    """
    module = Parser(CTX, text).parse_module()
    function = next(o for o in module.walk() if isinstance(o, func.FuncOp))
    tile_and_distribute(function)
    assert any(isinstance(o, scf.ForOp) for o in function.walk())
    assert len(compute_ops(function)) == 1
    _, (calls,) = tile(text, [shape, shape], [(2, 2, 1)])
    assert len(calls) == 4 * 3
