"""IREE's element types (`iree_hal_element_type_t`) and the numpy dtypes that hold them.

A code is `numerical type << 24 | bit count`: `0x21000020` is f32 (IEEE float, 32 bits),
`0x10000020` a signless i32, `0x11000020` si32, `0x12000020` ui32, `0x13000008` i1 (a bool in
one byte), `0x22000010` bf16; numerical type 0 is opaque (`*8`). `ELEMENT_TYPES` is the one
table the runtime uses both ways, by MLIR spelling (`f32`, `si8`, `f8E4M3FN`) and by code.
Signless integers are held in numpy's signed dtypes. bf16 and the f8 types need the optional
`ml_dtypes` package (`pip install 'pyvmvx[ml-dtypes]'`); without it, asking for their dtype is
UNIMPLEMENTED with a message naming the extra.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import numpy as np

from pyvmvx.runtime.status import StatusCode, StatusError

ML_DTYPES_EXTRA = "ml-dtypes"
"""The optional extra (`pip install 'pyvmvx[ml-dtypes]'`) that brings bf16 and f8 dtypes."""
OPAQUE = 0x00
INTEGER, SIGNED, UNSIGNED, BOOLEAN = 0x10, 0x11, 0x12, 0x13
FLOAT = 0x20
"""Numerical types: the float ones are 0x21 (IEEE) to 0x28 (f8E8M0FNU)."""


@dataclass(frozen=True)
class ElementType:
    """One element type: its MLIR spelling, its IREE code and the dtype holding it (a numpy
    dtype name, or an `ml_dtypes` attribute when `ml_dtypes` is set)."""

    name: str
    code: int
    dtype_name: str
    ml_dtypes: bool = False

    @property
    def numerical_type(self) -> int:
        return self.code >> 24

    @property
    def bits(self) -> int:
        return self.code & 0xFF

    def dtype(self) -> np.dtype:
        """The numpy dtype of this element type (UNIMPLEMENTED if it needs the absent
        `ml_dtypes`)."""
        if not self.ml_dtypes:
            return np.dtype(self.dtype_name)
        try:
            module = importlib.import_module("ml_dtypes")
        except ImportError:
            raise StatusError(
                StatusCode.UNIMPLEMENTED,
                f"{self.name} tensors need the optional ml_dtypes package "
                f"(pip install 'pyvmvx[{ML_DTYPES_EXTRA}]')",
            ) from None
        return np.dtype(getattr(module, self.dtype_name))

    def accepts(self, dtype: np.dtype) -> bool:
        """Whether arrays of `dtype` hold this type: the same dtype, or for integers one of
        the same width and a compatible signedness (signless takes both, as IREE's asserts),
        in native byte order."""
        if not dtype.isnative:
            return False
        if self.numerical_type in (INTEGER, SIGNED, UNSIGNED):
            kinds = {INTEGER: "iu", SIGNED: "i", UNSIGNED: "u"}[self.numerical_type]
            return dtype.kind in kinds and dtype.itemsize * 8 == self.bits
        return dtype == self.dtype()


def _integers() -> list[ElementType]:
    return [
        ElementType(f"{prefix}{bits}", numerical << 24 | bits, f"{kind}{bits}")
        for bits in (8, 16, 32, 64)
        for prefix, numerical, kind in (
            ("i", INTEGER, "int"),
            ("si", SIGNED, "int"),
            ("ui", UNSIGNED, "uint"),
        )
    ]


ELEMENT_TYPES: tuple[ElementType, ...] = (
    ElementType("i1", BOOLEAN << 24 | 8, "bool"),
    *_integers(),
    ElementType("f16", 0x21000010, "float16"),
    ElementType("f32", 0x21000020, "float32"),
    ElementType("f64", 0x21000040, "float64"),
    ElementType("bf16", 0x22000010, "bfloat16", ml_dtypes=True),
    ElementType("f8E5M2", 0x24000008, "float8_e5m2", ml_dtypes=True),
    ElementType("f8E4M3FN", 0x25000008, "float8_e4m3fn", ml_dtypes=True),
    ElementType("f8E5M2FNUZ", 0x26000008, "float8_e5m2fnuz", ml_dtypes=True),
    ElementType("f8E4M3FNUZ", 0x27000008, "float8_e4m3fnuz", ml_dtypes=True),
    ElementType("f8E8M0FNU", 0x28000008, "float8_e8m0fnu", ml_dtypes=True),
)
BY_NAME: dict[str, ElementType] = {t.name: t for t in ELEMENT_TYPES}
BY_CODE: dict[int, ElementType] = {t.code: t for t in ELEMENT_TYPES}


def element_type_name(code: int) -> str:
    """IREE's spelling of an element type code: `f32`, `si8`, `*8` for opaque, else `?`."""
    known = BY_CODE.get(code)
    if known is not None:
        return known.name
    return f"*{code & 0xFF}" if code >> 24 == OPAQUE else "?"


def element_byte_count(code: int, count: int) -> int:
    """The bytes `count` dense elements of type `code` take (sub-byte types packed)."""
    return -(-count * (code & 0xFF) // 8)


def is_compatible(actual: int, expected: int) -> bool:
    """IREE's buffer-view assert rule: an opaque actual type passes, integer types (booleans
    included) of the same width are interchangeable, anything else must be equal."""
    if actual >> 24 == OPAQUE:
        return True
    if _is_integer(actual) and _is_integer(expected):
        return actual & 0xFF == expected & 0xFF
    return actual == expected


def _is_integer(code: int) -> bool:
    return (code >> 24) & 0xF0 == INTEGER
