"""The `xdsl.universe` entry point: plain `xdsl-opt` sees pyvmvx's IREE dialects and passes.

The extended upstream dialects (see `pyvmvx.dialects.upstream_ext`) are not part of it: a
universe may not re-register `memref` or `linalg`. Nor are semi-affine maps: pyvmvx's passes may
print them, but only pyvmvx's parser reads them (`pyvmvx.ir.semi_affine`). Use `pyvmvx-opt` for
IR that needs either.
"""

from xdsl.universe import Universe

from pyvmvx.dialects import get_iree_dialects
from pyvmvx.transforms import get_all_passes

PYVMVX_UNIVERSE = Universe(all_dialects=get_iree_dialects(), all_passes=get_all_passes())
