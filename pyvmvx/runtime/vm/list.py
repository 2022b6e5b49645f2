"""`!vm.list<T>`: a resizable list of values or refs with a fixed element type.

Element types are the VM's: value types `i32`, `i64`, `f32`, `f64` (stored as Python numbers
already wrapped or rounded to the type), `ref` (any ref or None) and specific ref types by name
(`buffer`, `list`, or any name added with `register_ref_type`), which hold refs of that type or
None. Index errors are OUT_OF_RANGE and type errors INVALID_ARGUMENT, as in IREE.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

from pyvmvx.runtime.status import invalid_argument, out_of_range
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ints import wrap_int
from pyvmvx.runtime.vm.ref import RefObject

_F32 = struct.Struct("<f")


def _int(bits: int) -> Callable[[Any], int]:
    def convert(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise invalid_argument(f"list element must be an integer, got {type(value).__name__}")
        return wrap_int(value, bits)

    return convert


def _float(value: Any) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise invalid_argument(f"list element must be a number, got {type(value).__name__}")
    return float(value)


def _f32(value: Any) -> float:
    # struct rounds to nearest f32; values beyond f32's range overflow to infinity like a C cast.
    value = _float(value)
    try:
        return _F32.unpack(_F32.pack(value))[0]
    except OverflowError:
        return value * float("inf")


_VALUE_TYPES: dict[str, tuple[Callable[[Any], Any], Any]] = {
    "i32": (_int(32), 0),
    "i64": (_int(64), 0),
    "f32": (_f32, 0.0),
    "f64": (_float, 0.0),
}

# ref type name -> Python class; "ref" (any registered ref type) is handled separately.
_REF_TYPES: dict[str, type] = {"buffer": Buffer}


def register_ref_type(name: str, cls: type) -> None:
    """Make `cls` a VM ref type called `name` (usable as a list element type)."""
    if name in _VALUE_TYPES or name == "ref":
        raise ValueError(f"{name!r} is not a valid ref type name")
    _REF_TYPES[name] = cls


class List:
    """A VM list whose elements all have `element_type`."""

    __slots__ = ("element_type", "_items", "_capacity", "_convert", "_default")

    def __init__(self, element_type: str, capacity: int = 0) -> None:
        if element_type in _VALUE_TYPES:
            self._convert, self._default = _VALUE_TYPES[element_type]
        elif element_type == "ref" or element_type in _REF_TYPES:
            self._convert, self._default = _ref_check(element_type), None
        else:
            raise invalid_argument(f"unknown list element type {element_type!r}")
        self.element_type = element_type
        self._items: list[Any] = []
        self._capacity = 0
        self.reserve(capacity)

    @classmethod
    def of(cls, element_type: str, items: Sequence[Any]) -> List:
        """A list of `items` (each checked as `push` does), its capacity their number."""
        result = cls(element_type, len(items))
        convert = result._convert
        result._items = [convert(item) for item in items]
        return result

    @property
    def size(self) -> int:
        return len(self._items)

    @property
    def capacity(self) -> int:
        return self._capacity

    def reserve(self, capacity: int) -> None:
        """Ensure room for `capacity` elements (capacity never shrinks)."""
        if capacity < 0:
            raise invalid_argument(f"list capacity must be non-negative, got {capacity}")
        self._capacity = max(self._capacity, capacity)

    def resize(self, size: int) -> None:
        """Grow with zero values / null refs, or truncate, to exactly `size` elements."""
        if size < 0:
            raise invalid_argument(f"list size must be non-negative, got {size}")
        items = self._items
        if size < len(items):
            del items[size:]
        else:
            items.extend(repeat(self._default, size - len(items)))  # no temporary list
        self._capacity = max(self._capacity, size)

    def get(self, index: int) -> Any:
        self._check_index(index)
        return self._items[index]

    def set(self, index: int, value: Any) -> None:
        self._check_index(index)
        self._items[index] = self._convert(value)

    def push(self, value: Any) -> None:
        self._items.append(self._convert(value))
        self._capacity = max(self._capacity, len(self._items))

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"<List<{self.element_type}> size={len(self._items)}>"

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self._items):
            raise out_of_range(f"index {index} out of bounds ({len(self._items)})")


def _ref_check(expected: str) -> Callable[[Any], Any]:
    """The element check of a `list<expected>` of refs (a function, not a bound method of the
    list, so that a list is no reference cycle)."""

    def check(value: Any) -> Any:
        if value is None:
            return None
        if expected == "ref":
            if isinstance(value, (*_REF_TYPES.values(), RefObject)):
                return value
        elif isinstance(value, _REF_TYPES[expected]):
            return value
        raise invalid_argument(
            f"ref type mismatch: list<{expected}> cannot hold {type(value).__name__}"
        )

    return check


_REF_TYPES["list"] = List
