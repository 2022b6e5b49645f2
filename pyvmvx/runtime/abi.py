"""The host functions' ABI: IREE's `iree.abi.declaration` reflection string, parsed.

Every public function of a host module is an export whose tensor arguments and results are
`!vm.ref<!hal.buffer_view>`, whose scalar ones are VM values (IREE's ABI: `i1`..`i32` as i32,
`i64` and `index` as i64, `f16`/`bf16`/`f32` as f32, `f64` as f64) and whose reflection attribute
`iree.abi.declaration` is IREE's text, `sync func @main(%input0: tensor<?x4xf32>, %input1:
index) -> (%output0: tensor<?x4xf32>)`. `parse_declaration` reads it into a
`FunctionSignature`: argument and result names, element types and shapes (None for a dynamic
dimension) or scalar types. The text comes from an untrusted file: it is parsed in linear time
without regular expressions that backtrack, and anything but a sync function of ranked dense
tensors of the element types of `element_types.ELEMENT_TYPES` and `SCALAR_TYPES` is
INVALID_ARGUMENT, naming the export.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyvmvx.runtime.modules.element_types import BY_NAME, ElementType
from pyvmvx.runtime.status import invalid_argument

DECLARATION_KEY = "iree.abi.declaration"
MAX_DIM_DIGITS = 18
"""Static dimensions are decimal integers of at most this many digits (below 10**18)."""
SCALAR_TYPES = {
    "i1": "i",
    "i8": "i",
    "i16": "i",
    "i32": "i",
    "i64": "I",
    "index": "I",
    "f16": "f",
    "bf16": "f",
    "f32": "f",
    "f64": "F",
}
"""The scalar argument and result types and their calling-convention letters (index is 64
bits, the host module's `index-bits`)."""


@dataclass(frozen=True)
class TensorSpec:
    """One argument or result: its name, shape (None: dynamic) and element type."""

    name: str
    shape: tuple[int | None, ...]
    element_type: ElementType

    @property
    def type(self) -> str:
        """The MLIR type, e.g. `tensor<?x4xf32>`."""
        dims = "".join(f"{'?' if d is None else d}x" for d in self.shape)
        return f"tensor<{dims}{self.element_type.name}>"

    def __str__(self) -> str:
        return f"%{self.name}: {self.type}"


@dataclass(frozen=True)
class ScalarSpec:
    """A scalar argument or result: its name and type (a key of `SCALAR_TYPES`)."""

    name: str
    type: str

    @property
    def convention(self) -> str:
        """Its calling-convention letter."""
        return SCALAR_TYPES[self.type]

    def dtype(self) -> np.dtype:
        """The numpy dtype of its values (index: int64)."""
        if self.type == "index":
            return np.dtype(np.int64)
        return BY_NAME[self.type].dtype()

    def __str__(self) -> str:
        return f"%{self.name}: {self.type}"


Spec = TensorSpec | ScalarSpec


@dataclass(frozen=True)
class FunctionSignature:
    """A host function's declaration: name, inputs and outputs."""

    name: str
    inputs: tuple[Spec, ...]
    outputs: tuple[Spec, ...]

    @property
    def calling_convention(self) -> str:
        """The VM calling convention its export must have (a ref per tensor)."""

        def letters(specs: tuple[Spec, ...]) -> str:
            return "".join("r" if isinstance(s, TensorSpec) else s.convention for s in specs)

        return f"0{letters(self.inputs) or 'v'}_{letters(self.outputs) or 'v'}"

    def __str__(self) -> str:
        inputs = ", ".join(map(str, self.inputs))
        outputs = ", ".join(map(str, self.outputs))
        return f"sync func @{self.name}({inputs}) -> ({outputs})"

    def __repr__(self) -> str:
        return f"<{self}>"


def parse_declaration(text: str, export: str) -> FunctionSignature:
    """The signature in `iree.abi.declaration` text of export `export`."""
    prefix = "sync func @"
    if not text.startswith(prefix):
        raise _invalid(export, f"is not a sync function declaration: {_shown(text)}")
    open_args = text.find("(", len(prefix))
    if open_args < 0:
        raise _invalid(export, f"has no argument list: {_shown(text)}")
    close_args = _closing(text, open_args, export)
    arrow = text[close_args + 1 : close_args + 6]
    if arrow != " -> (" or _closing(text, close_args + 5, export) != len(text) - 1:
        raise _invalid(export, f"has no `-> (...)` result list: {_shown(text)}")
    inputs = _specs(text[open_args + 1 : close_args], export)
    outputs = _specs(text[close_args + 6 : -1], export)
    return FunctionSignature(text[len(prefix) : open_args], inputs, outputs)


def _closing(text: str, start: int, export: str) -> int:
    """The index of the parenthesis closing the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        char = text[index]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index
    raise _invalid(export, "has unbalanced parentheses")


def _specs(text: str, export: str) -> tuple[Spec, ...]:
    if not text:
        return ()
    return tuple(_spec(part, export) for part in text.split(", "))


def _spec(text: str, export: str) -> Spec:
    """`%name: tensor<2x?xf32>` or `%name: index`; the shape and element type must be known
    ones."""
    name, colon, type_text = text.partition(": ")
    if not (colon and name.startswith("%") and len(name) > 1):
        raise _invalid(export, f"has a malformed argument {_shown(text)}")
    if type_text in SCALAR_TYPES:
        return ScalarSpec(name[1:], type_text)
    if not (type_text.startswith("tensor<") and type_text.endswith(">")):
        raise _invalid(export, f"takes {_shown(type_text)}; only tensors and scalars are supported")
    *dims, element = type_text[len("tensor<") : -1].split("x")
    element_type = BY_NAME.get(element)
    if element_type is None:
        raise _invalid(export, f"has unsupported element type {_shown(element)}")
    shape: list[int | None] = []
    for dim in dims:
        if dim == "?":
            shape.append(None)
        elif dim.isascii() and dim.isdigit() and len(dim) <= MAX_DIM_DIGITS:
            shape.append(int(dim))
        else:
            raise _invalid(export, f"has a malformed shape in {_shown(type_text)}")
    return TensorSpec(name[1:], tuple(shape), element_type)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 80 else f"{text[:77]}...")


def _invalid(export: str, problem: str) -> Exception:
    return invalid_argument(f"host function {export!r}: {DECLARATION_KEY} {problem}")
