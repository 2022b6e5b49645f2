"""Splat constants kept as one element from the source text to the module file.

xDSL's `DenseIntOrFPElementsAttr` stores every element: parsing `dense<1.0> :
tensor<300000000xf32>` builds a list of 3·10⁸ values and 1.2 GB of bytes, and the module file
would hold them all. The class is final (it cannot be subclassed), so pyvmvx uses a *compact
splat* instead: the same attribute holding a single element for a static shape of more than
one element. xDSL accepts it as it is (its verifier checks only zero-rank shapes) and prints it
as MLIR does, `dense<1.000000e+00> : tensor<300000000xf32>`, so the text round-trips.

`DenseSplatParser` parses a splat literal (`dense<1.0>`, or a hex string of exactly one
element) of more than one element into a compact splat, and everything else as xDSL does.
`splat_count` tells a compact splat from a full attribute. Passes that rebuild such an
attribute keep its `data` (`DenseIntOrFPElementsAttr(new_type, attr.data)`), and the module
writer stores it as a splat segment (`pyvmvx/target/vm_to_format.py`), which the runtime
materializes when it loads the file. Code that reads elements must not take `len()` or
`get_values()` of an attribute without checking `splat_count` first: they see one element.

The parser also reads a hexadecimal integer element of a float tensor as MLIR does, as the
element's bit pattern (`dense<0xFF800000> : tensor<2xf32>` is -inf, in a list too); xDSL takes
its integer value (4286578688.0), silently wrong.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    AnyDenseElement,
    AnyFloat,
    BFloat16Type,
    BytesAttr,
    DenseIntOrFPElementsAttr,
    RankedStructure,
    TensorType,
)
from xdsl.ir import Attribute
from xdsl.parser import AttrParser, Parser
from xdsl.utils.mlir_lexer import MLIRTokenKind

_MAX_SPLAT_HEX = 2 + 2 + 2 * 16
"""The longest hex string of one element (16 bytes, a complex f64) with its quotes."""


def splat_count(attr: DenseIntOrFPElementsAttr) -> int | None:
    """The element count of a compact splat (its one element stands for all), else None."""
    count = _static_count(attr.get_shape())
    one = len(attr.data.data) == attr.get_element_type().compile_time_size
    return count if count > 1 and one else None


_FLOAT_FORMATS = {16: "<e", 32: "<f", 64: "<d"}
"""struct formats of the IEEE types a hex bit pattern is read as (bf16 goes through f32)."""


@dataclass
class _HexElement(Parser._TensorLiteralElement):
    """A hexadecimal integer literal in a dense literal: a float element's bit pattern."""

    def to_type(self, parser: AttrParser, type: Attribute) -> object:
        if not isinstance(type, AnyFloat):
            return super().to_type(parser, type)
        bits = int(self.value)
        width = type.bitwidth
        if bits >= 1 << width:
            parser.raise_error(
                f"hexadecimal float literal {bits:#x} does not fit {type}", at_position=self.span
            )
        if isinstance(type, BFloat16Type):
            return struct.unpack("<f", (bits << 16).to_bytes(4, "little"))[0]
        if width not in _FLOAT_FORMATS:
            parser.raise_error(
                f"hexadecimal float literals of {type} are not supported", at_position=self.span
            )
        return struct.unpack(_FLOAT_FORMATS[width], bits.to_bytes(width // 8, "little"))[0]


def _static_count(shape: Sequence[int]) -> int:
    """The element count of a static shape; 0 for a dynamic one."""
    return 0 if any(size < 0 for size in shape) else math.prod(shape)


class DenseSplatParser(Parser):
    """A parser that reads splat literals of more than one element as compact splats."""

    def parse_dense_int_or_fp_elements_attr(
        self, type: RankedStructure[AnyDenseElement] | None
    ) -> DenseIntOrFPElementsAttr:
        start = self.pos
        splat = self._parse_optional_splat(type)
        if splat is not None:
            return splat
        self._resume_from(start)
        return super().parse_dense_int_or_fp_elements_attr(type)

    def _parse_tensor_literal_element(self) -> Parser._TensorLiteralElement:
        token = self._current_token
        if token.kind == MLIRTokenKind.INTEGER_LIT and token.text.lower().startswith("0x"):
            self._consume_token(MLIRTokenKind.INTEGER_LIT)
            return _HexElement(False, int(token.text, 16), token.span)
        return super()._parse_tensor_literal_element()

    def _parse_optional_splat(
        self, type: RankedStructure[AnyDenseElement] | None
    ) -> DenseIntOrFPElementsAttr | None:
        """A compact splat, or None, having read some of the text, if the literal is a list,
        empty, of at most one element or a dynamic shape, or a hex string of other than one
        element (xDSL's parse then reads it again from the start)."""
        self.parse_punctuation("<", " in dense attribute")
        token = self._current_token
        if token.kind in (MLIRTokenKind.L_SQUARE, MLIRTokenKind.GREATER):
            return None
        if token.kind == MLIRTokenKind.STRING_LIT and len(token.span) > _MAX_SPLAT_HEX:
            return None  # weights: not read twice
        hex_text = self.parse_optional_str_literal()
        element = None if hex_text is not None else self._parse_tensor_literal_element()
        self.parse_punctuation(">", " in dense attribute")
        if type is None:
            self.parse_punctuation(":", " in dense attribute")
            type = self._parse_dense_literal_type()
        element_type = type.get_element_type()
        if _static_count(type.get_shape()) <= 1:
            return None
        if element is not None:
            value = element.to_type(self, element_type)
            scalar = DenseIntOrFPElementsAttr.from_list(TensorType(element_type, ()), [value])
            pattern = scalar.data.data
        elif hex_text is not None and hex_text.startswith("0x"):
            try:
                pattern = bytes.fromhex(hex_text[2:])
            except ValueError:
                return None
        else:
            return None
        if len(pattern) != element_type.compile_time_size:
            return None
        return DenseIntOrFPElementsAttr(type, BytesAttr(pattern))
