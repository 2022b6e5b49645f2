"""Extensions of upstream xDSL 0.75 dialects that IREE-produced IR needs.

`get_overrides()` returns extended copies of upstream dialects, registered by `pyvmvx-opt`
in place of the upstream ones.

Semi-affine maps (`()[s0, s1, s2] -> (s0 + s1 * s2)`, `()[s0] -> (16 ceildiv s0)`) need a
process-wide patch of xDSL's affine expression operators and parser (there is no other
hook): `enable_semi_affine_maps()` in `semi_affine.py`, whose docstring gives the rules.
`get_overrides()` applies it, so every tool registering these dialects (the `pyvmvx-opt`
driver, the compiler) parses, prints and evaluates semi-affine maps.
"""

from collections.abc import Callable

from xdsl.ir import Dialect

from .semi_affine import enable_semi_affine_maps

__all__ = ["enable_semi_affine_maps", "get_overrides"]


def get_overrides() -> dict[str, Callable[[], Dialect]]:
    """Extended upstream dialects keyed by the name they replace.

    Also enables semi-affine maps (see the module docstring).
    """
    enable_semi_affine_maps()
    return {}
