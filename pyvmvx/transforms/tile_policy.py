"""Distribution tile sizes: how much of each loop one workgroup takes.

`iree-vmvx-select-lowering-strategy` asks a policy for the distribution tile sizes of the root
compute op (a size per loop, 0 = that loop is not distributed). The executable target chooses
the policy (`policy_name_for`): `python` when its `ukernels` configuration is `all`, `iree`
otherwise (no target, `none`, a list of IREE's ukernels), so IREE's tests keep IREE's sizes.

- `IREETilePolicy` (`iree`): IREE's VMVX choice, 64 for every partitionable loop
  (`TilingModel.partitionable_loops`), 0 elsewhere. Tuned for a C interpreter, where small
  tiles are cheap; the reference for `ukernels=none`.
- `PythonTilePolicy` (`python`): one workgroup, or one per worker thread, because each ukernel
  call costs tens of microseconds of Python overhead and numpy runs at memory speed. With
  `W = workgroup_work` (2^20), `G = max_workgroups` (2, a 2-core pool's worth; fixed so the
  compile does not depend on the compiling machine) and `L = local_memory_bytes` (32 MiB, half
  the runtime's 64 MiB default per workgroup):
  1. `n_i` = the static trip count of loop `i`, or `assumed_dynamic_extent` (1024) if dynamic;
     `P = prod(n_i)` iteration points;
  2. a root with a reduction loop (matmul, convolution, pooling, reduction; lowered to
     `ex.matmul`/`ex.conv`/... whose BLAS threads itself) is not distributed: all sizes 0;
  3. with a dynamic partitionable loop, only the outermost such loop `c` is distributed, by
     `ceil(W / (R * ops))` (at most `floor(L / (R * t))`, at least 1), `R` = the product of
     the other `n_i`: the grid is `ceil(N_c / size)`, computed at run time from the workload
     (`workgroup_count_from_slice`), so each workgroup carries about `W` body-op evaluations
     whatever `N_c` is;
  4. otherwise `groups = max(min(G, floor(P * ops / W)), ceil(P * t / L))`, where `ops` is the
     number of body ops (work per point) and `t` the bytes per point of their results (the
     tile-sized local-memory temporaries of a fused body): small dispatches (below `W` body-op
     evaluations per workgroup; a 1024² f32 add, measured: a second thread does not pay for
     memory-bound ops on this machine class) get one workgroup, and a tile's temporaries stay
     within `L`;
  5. if `groups <= 1`, nothing is distributed (all sizes 0);
  6. otherwise the partitionable loops are split from the outermost inwards: loop `c` gets
     `parts = min(n_c, groups)` parts of size `ceil(n_c / parts)`, the groups still wanted
     become `floor(groups / ceil(n_c / size))`, and splitting stops once one group is left.
  Splitting outer loops first keeps each workgroup's inner rows whole, so its ukernel calls
  cover long contiguous strided regions.

Any sizes are correct: tile-and-distribute emits grid-stride loops, so a dynamic extent that
differs from the assumption only changes the balance, never the result.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import IndexType, StringAttr
from xdsl.ir import Attribute, Operation

from pyvmvx.interfaces.tiling_interface import PARALLEL, TilingModel
from pyvmvx.transforms.ukernel_calls import executable_target


class TilePolicy(ABC):
    """Chooses the distribution tile sizes of a root op from its iteration domain."""

    name: ClassVar[str]

    @abstractmethod
    def distribution_sizes(self, model: TilingModel) -> tuple[int, ...]:
        """One tile size per loop of `model`; 0 leaves the loop undistributed."""


@dataclass(frozen=True)
class IREETilePolicy(TilePolicy):
    """IREE's VMVX default: `tile_size` for each partitionable loop."""

    name: ClassVar[str] = "iree"

    tile_size: int = 64

    def distribution_sizes(self, model: TilingModel) -> tuple[int, ...]:
        partitioned = set(model.partitionable_loops())
        return tuple(self.tile_size if i in partitioned else 0 for i in range(model.loop_count))


@dataclass(frozen=True)
class PythonTilePolicy(TilePolicy):
    """One workgroup, or `max_workgroups` for large dispatches (module docstring)."""

    name: ClassVar[str] = "python"

    workgroup_work: int = 1 << 20
    max_workgroups: int = 2
    local_memory_bytes: int = 1 << 25
    assumed_dynamic_extent: int = 1024

    def distribution_sizes(self, model: TilingModel) -> tuple[int, ...]:
        sizes = [0] * model.loop_count
        if any(kind != PARALLEL for kind in model.iterator_types):
            return tuple(sizes)
        ranges = model.static_ranges()
        extents = [self.assumed_dynamic_extent if n is None else n for n in ranges]
        points = math.prod(extents)
        body = _body_ops(model.op)
        work = max(len(body), 1)
        temporary_bytes = sum(_byte_width(r.type) for o in body for r in o.results)
        dynamic = [loop for loop in model.partitionable_loops() if ranges[loop] is None]
        if dynamic:
            rest = points // extents[dynamic[0]]
            rows = -(-self.workgroup_work // (rest * work))
            if temporary_bytes:
                rows = min(rows, self.local_memory_bytes // (rest * temporary_bytes))
            sizes[dynamic[0]] = max(rows, 1)
            return tuple(sizes)
        groups = max(
            min(self.max_workgroups, points * work // self.workgroup_work),
            -(-points * temporary_bytes // self.local_memory_bytes),
        )
        for loop in model.partitionable_loops():
            if groups <= 1:
                break
            extent = extents[loop]
            parts = min(extent, groups)
            if parts <= 1:
                continue
            sizes[loop] = -(-extent // parts)
            groups //= -(-extent // sizes[loop])
        return tuple(sizes)


def _body_ops(op: Operation) -> list[Operation]:
    """The ops of a linalg op's body, its terminator excluded (none for pack/unpack)."""
    if not op.regions or not op.regions[0].blocks:
        return []
    return [o for o in op.regions[0].block.ops if o is not op.regions[0].block.last_op]


def _byte_width(element: Attribute) -> int:
    """Bytes of one `element` in a temporary (index and unknown types: 8; i1: 1)."""
    if isinstance(element, IndexType):
        return 8
    width = getattr(element, "bitwidth", 64)
    return -(-width // 8) if isinstance(width, int) else 8


POLICIES: dict[str, type[TilePolicy]] = {
    IREETilePolicy.name: IREETilePolicy,
    PythonTilePolicy.name: PythonTilePolicy,
}


def get_tile_policy(name: str) -> TilePolicy:
    """The policy called `name`; ValueError naming the choices otherwise."""
    policy = POLICIES.get(name)
    if policy is None:
        choices = ", ".join(POLICIES)
        raise ValueError(f"unknown tile policy '{name}' (expected one of: {choices})")
    return policy()


def policy_name_for(op: Operation) -> str:
    """`python` when the executable target of `op` (a `hal.executable.target` attribute on it
    or an ancestor, or its enclosing variant's) has `ukernels = "all"`, else `iree`."""
    target = executable_target(op)
    ukernels = None if target is None else target.get_config("ukernels")
    all_ukernels = isinstance(ukernels, StringAttr) and ukernels.data.strip() == "all"
    return PythonTilePolicy.name if all_ukernels else IREETilePolicy.name
