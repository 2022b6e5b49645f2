"""Distribution tile sizes: how much of each loop one workgroup takes.

`iree-vmvx-select-lowering-strategy` asks a policy for the distribution tile sizes of the root
compute op (a size per loop, 0 = that loop is not distributed). Two policies:

- `IREETilePolicy` (`iree`, the default): IREE's VMVX choice, 64 for every partitionable loop
  (`TilingModel.partitionable_loops`), 0 elsewhere. Tuned for a C interpreter, where small
  tiles are cheap.
- `PythonTilePolicy` (`python`): few, large workgroups, because each ukernel call costs
  microseconds of Python overhead and a Python VM op 50-500 ns. With
  `E = workgroup_elements` (65536) and `G = max_workgroups` (8):
  1. `n_i` = the static trip count of loop `i`, or `assumed_dynamic_extent` (1024) if dynamic;
  2. `groups = min(G, floor(prod(n_i) / E))` over all loops (reductions included, since they
     are work too), so every workgroup carries at least `E` iteration points;
  3. if `groups <= 1`, nothing is distributed (all sizes 0);
  4. otherwise the partitionable loops are split from the outermost inwards: loop `c` gets
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

from pyvmvx.interfaces.tiling_interface import TilingModel


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
    """Few workgroups of at least `workgroup_elements` iteration points (module docstring)."""

    name: ClassVar[str] = "python"

    workgroup_elements: int = 65536
    max_workgroups: int = 8
    assumed_dynamic_extent: int = 1024

    def distribution_sizes(self, model: TilingModel) -> tuple[int, ...]:
        extents = [self.assumed_dynamic_extent if n is None else n for n in model.static_ranges()]
        sizes = [0] * model.loop_count
        groups = min(self.max_workgroups, math.prod(extents) // self.workgroup_elements)
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
