"""Arrays printed as `iree-run-module` prints buffer views: `2x3xf32=[1 2 3][4 5 6]`.

The shape and element type, `=`, then the elements in row-major order: each dimension but
the outermost in brackets, elements of a row separated by spaces. Floats are printed as C's
`%G` (`3.14159`, `1E+20`, `NAN`, `-INF`), integers in decimal and i1 as two hex digits
(`01`); bf16 and f8 as `%G` of their value. After `MAX_ELEMENTS` elements (by default) a row
ends in `...` and later rows print as `[...]`.
"""

from __future__ import annotations

import numpy as np

MAX_ELEMENTS = 1024
"""Elements printed before the rest is elided (iree-run-module's default)."""


def format_tensor(element_type: str, array: np.ndarray, max_elements: int = MAX_ELEMENTS) -> str:
    """`array` (of MLIR element type `element_type`, e.g. `f32`) as iree-run-module prints
    it, eliding after `max_elements` elements."""
    shape = "".join(f"{dim}x" for dim in array.shape)
    budget = [max(max_elements, 0)]

    def element(value: np.generic) -> str:
        if array.dtype.kind == "b":
            return f"{int(value):02X}"
        if array.dtype.kind in "iu":
            return str(int(value))
        return f"{float(value):G}"

    def row(values: np.ndarray) -> str:
        shown: list[str] = []
        for value in values:
            if budget[0] == 0:
                return " ".join(shown) + "..."
            budget[0] -= 1
            shown.append(element(value))
        return " ".join(shown)

    def nested(values: np.ndarray, outermost: bool) -> str:
        body = row(values) if values.ndim == 1 else "".join(nested(v, False) for v in values)
        return body if outermost else f"[{body}]"

    body = element(array[()]) if array.ndim == 0 else nested(array, True)
    return f"{shape}{element_type}={body}"
