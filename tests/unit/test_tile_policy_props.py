"""Properties of the distribution tile policies over random iteration domains."""

import math

from hypothesis import given
from hypothesis import strategies as st
from xdsl.dialects import test as test_dialect
from xdsl.ir import SSAValue
from xdsl.parser import Parser

from pyvmvx.compiler.driver import make_context
from pyvmvx.interfaces.tiling_interface import (
    MAX_PARTITIONED_LOOPS,
    PARALLEL,
    REDUCTION,
    TilingModel,
    tiling_model,
)
from pyvmvx.transforms.tile_policy import IREETilePolicy, PythonTilePolicy, get_tile_policy


class DomainModel(TilingModel):
    """A bare iteration domain: iterator kinds and static trip counts (None = dynamic), of an
    op without a body (one unit of work and no temporaries per point)."""

    def __init__(self, kinds: list[str], ranges: list[int | None]) -> None:
        super().__init__(test_dialect.TestOp())
        self.kinds = tuple(kinds)
        self.ranges = tuple(ranges)

    @property
    def iterator_types(self) -> tuple[str, ...]:
        return self.kinds

    def static_ranges(self) -> tuple[int | None, ...]:
        return self.ranges

    def loop_bound(self, loop: int) -> tuple[SSAValue, int] | None:
        raise NotImplementedError

    def slices(self, ib, offsets, sizes):  # type: ignore[no-untyped-def]
        raise NotImplementedError

    def read_operands(self) -> tuple[SSAValue, ...]:
        return ()

    def written_operands(self) -> tuple[SSAValue, ...]:
        return ()


@st.composite
def domains(draw: st.DrawFn) -> DomainModel:
    rank = draw(st.integers(1, 6))
    kinds = draw(st.lists(st.sampled_from([PARALLEL, REDUCTION]), min_size=rank, max_size=rank))
    ranges = draw(st.lists(st.none() | st.integers(1, 4096), min_size=rank, max_size=rank))
    return DomainModel(kinds, ranges)


@given(domains())
def test_iree_policy_distributes_each_partitionable_loop_by_64(model: DomainModel) -> None:
    sizes = IREETilePolicy().distribution_sizes(model)
    partitioned = [i for i, size in enumerate(sizes) if size]
    assert all(sizes[i] == 64 for i in partitioned)
    parallel = [
        i for i, kind in enumerate(model.kinds) if kind == PARALLEL and model.ranges[i] != 1
    ]
    # IREE keeps the innermost three parallel loops whose trip count is not a static 1.
    assert partitioned == parallel[-MAX_PARTITIONED_LOOPS:]


@given(domains())
def test_python_policy_bounds_the_grid_and_fills_each_workgroup(model: DomainModel) -> None:
    policy = PythonTilePolicy()
    sizes = policy.distribution_sizes(model)
    extents = [policy.assumed_dynamic_extent if n is None else n for n in model.ranges]
    partitionable = set(model.partitionable_loops())
    assert len(sizes) == len(extents)
    # A dynamic loop's tile may exceed the assumed extent (the actual one is unknown).
    assert all(
        size == 0 or (i in partitionable and (model.ranges[i] is None or size <= extents[i]))
        for i, size in enumerate(sizes)
    )
    total = math.prod(extents)
    if REDUCTION in model.kinds:
        assert not any(sizes)
        return
    dynamic = [i for i in model.partitionable_loops() if model.ranges[i] is None]
    if dynamic:
        # Only the outermost dynamic loop, by rows of about `workgroup_work` points.
        assert [i for i, size in enumerate(sizes) if size] == dynamic[:1]
        full_tile = total // extents[dynamic[0]] * sizes[dynamic[0]]
        assert full_tile >= policy.workgroup_work
        return
    if total < 2 * policy.workgroup_work:
        assert not any(sizes)
        return
    workgroups = math.prod(-(-extents[i] // s) for i, s in enumerate(sizes) if s)
    assert workgroups <= policy.max_workgroups
    if any(sizes):
        full_tile = math.prod(s if s else extents[i] for i, s in enumerate(sizes))
        assert full_tile >= policy.workgroup_work


def test_mmt4d_partitions_its_outer_loops_only() -> None:
    module = Parser(
        make_context(),
        """
        func.func @f(%a: memref<1x4x8x1xf32>, %b: memref<9x4x8x1xf32>, %c: memref<1x9x8x8xf32>) {
          linalg.mmt4d ins(%a, %b : memref<1x4x8x1xf32>, memref<9x4x8x1xf32>)
                       outs(%c : memref<1x9x8x8xf32>)
          func.return
        }
        """,
    ).parse_module()
    op = next(o for o in module.walk() if o.name == "linalg.mmt4d")
    model = tiling_model(op)
    assert model is not None
    # Even with a unit M, mmt4d partitions (M, N), as IREE's Mmt4DOpPartitionableLoops.
    assert model.partitionable_loops() == (0, 1)
    assert get_tile_policy("iree").distribution_sizes(model) == (64, 64, 0, 0, 0, 0)


def test_unknown_policy_names_the_choices() -> None:
    try:
        get_tile_policy("fastest")
    except ValueError as err:
        assert "iree, python" in str(err)
    else:
        raise AssertionError("expected a ValueError")
