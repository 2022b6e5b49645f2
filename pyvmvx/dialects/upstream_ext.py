"""Extensions of upstream xDSL dialects that IREE-produced IR needs (filled in by issue 2)."""

from collections.abc import Callable

from xdsl.ir import Dialect


def get_overrides() -> dict[str, Callable[[], Dialect]]:
    """Extended upstream dialects keyed by the name they replace."""
    return {}
