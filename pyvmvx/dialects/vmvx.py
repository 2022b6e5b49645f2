"""The `vmvx` dialect: IREE's buffer-level VMVX ABI ops (`Dialect/VMVX/IR/VMVXOps.td`).

Six ops with IREE's assembly formats, type constraints and traits. IREE gives them no custom
verifier, folder or canonicalizer; only the ODS checks apply: the element type is one of
i8/i16/i32/i64/f32/f64, buffers are `!util.buffer`, offsets/strides/sizes are `index`, and
the stride and size groups of one op all have the same length (`SameVariadicOperandSize`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    MemRefType,
    StringAttr,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute, Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrConstraint,
    IRDLOperation,
    SameVariadicOperandSize,
    SameVariadicResultSize,
    VarOperandDef,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.constraints import IntConstraint, VerificationContext
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.util import BufferType

ELEMENT_TYPES: tuple[Attribute, ...] = (i8, i16, i32, i64, f32, f64)
"""`VMVX_ElementType`: the only element types VMVX ops accept (signless integers, f32, f64)."""

Value = SSAValue | Operation


@dataclass(frozen=True)
class ElementTypeConstraint(AttrConstraint):
    """`VMVX_ElementType`, with an error that names the allowed types."""

    what: str = "element type"

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if attr not in ELEMENT_TYPES:
            allowed = ", ".join(str(t) for t in ELEMENT_TYPES)
            raise VerifyException(
                f"{self.what} must be a VMVX element type ({allowed}), got {attr}"
            )

    def get_bases(self) -> set[type[Attribute]] | None:
        return {type(t) for t in ELEMENT_TYPES}

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> ElementTypeConstraint:
        return self


class StridedBuffer(NamedTuple):
    """A (buffer, element offset, element strides) operand group of a strided vmvx op."""

    buffer: Value
    offset: Value
    strides: Sequence[Value]


def _group_format(keyword: str, prefix: str) -> str:
    """`kw(%buf offset %off strides[%s...] : !util.buffer)` as an assembly-format fragment."""
    return (
        f"`{keyword}` `` `(` ${prefix}_buffer `offset` ${prefix}_offset "
        f"`strides` `[` ${prefix}_strides `]` `:` type(${prefix}_buffer) `)`"
    )


class _StridedOp(IRDLOperation):
    """Base of the ops whose stride and size groups must share one length (the rank).

    xDSL rejects unequal groups with a bare `ValueError` while building; this base reports
    them with the group names instead, as a `VerifyException`, which the pyvmvx parser
    reports at the op's line and column.
    """

    @classmethod
    def check_group_lengths(cls, operands: Sequence[Value | Sequence[Value] | None]) -> None:
        """Raise a clear `VerifyException` unless all variadic operand groups have equal length."""
        defs = cls.get_irdl_definition().operands
        lengths = [
            (name, len(group) if isinstance(group, Sequence) else 1)
            for (name, d), group in zip(defs, operands, strict=True)
            if isinstance(d, VarOperandDef)
        ]
        if len({n for _, n in lengths}) > 1:
            listing = ", ".join(f"{name} has {n}" for name, n in lengths)
            raise VerifyException(
                f"{cls.name}: the stride and size groups must all have the same length "
                f"(the rank), but {listing}"
            )

    @classmethod
    def build(cls, *, operands: Sequence[Value | Sequence[Value] | None] | None = None, **kwargs):  # type: ignore[override]
        cls.check_group_lengths(operands or ())
        return super().build(operands=operands, **kwargs)

    def _init_strided(
        self,
        groups: Sequence[StridedBuffer],
        sizes: Sequence[Value],
        properties: dict[str, Attribute],
    ) -> None:
        operands: list[Value | Sequence[Value]] = []
        for group in groups:
            operands += [group.buffer, group.offset, list(group.strides)]
        operands.append(list(sizes))
        self.check_group_lengths(operands)
        super().__init__(operands=operands, properties=properties)

    def group(self, prefix: str) -> StridedBuffer:
        """The (buffer, offset, strides) operands named `prefix` (e.g. "lhs", "out")."""
        return StridedBuffer(
            getattr(self, f"{prefix}_buffer"),
            getattr(self, f"{prefix}_offset"),
            tuple(getattr(self, f"{prefix}_strides")),
        )


@irdl_op_definition
class GetBufferDescriptorOp(IRDLOperation):
    """Late-bound (base buffer, element offset, sizes, element strides) of a memref."""

    name = "vmvx.get_buffer_descriptor"

    source = operand_def(MemRefType)
    base_buffer = result_def(BufferType)
    offset = result_def(IndexType)
    sizes = var_result_def(IndexType)
    strides = var_result_def(IndexType)

    irdl_options = (SameVariadicResultSize(),)
    traits = traits_def(Pure())
    assembly_format = "$source `:` type($source) `->` type(results) attr-dict"

    def __init__(self, source: Value, rank: int | None = None):
        """Describe `source`; `rank` defaults to its memref rank."""
        if rank is None:
            source_type = SSAValue.get(source).type
            if not isinstance(source_type, MemRefType):
                raise ValueError(f"vmvx.get_buffer_descriptor needs a memref, got {source_type}")
            rank = source_type.get_num_dims()
        index = IndexType()
        super().__init__(
            operands=[source], result_types=[BufferType(), index, [index] * rank, [index] * rank]
        )


@irdl_op_definition
class GetRawInterfaceBindingBufferOp(IRDLOperation):
    """The whole buffer of a HAL interface binding, with no offset applied."""

    name = "vmvx.get_raw_interface_binding_buffer"

    # IREE constrains this to `#hal.pipeline.layout<...>`; any attribute is accepted here so
    # this dialect does not depend on pyvmvx.dialects.hal.
    layout = prop_def(Attribute)
    binding = prop_def(IntegerAttr[IndexType])
    buffer = result_def(BufferType)

    traits = traits_def(Pure())
    assembly_format = "`layout` `(` $layout `)` `binding` `(` $binding `)` attr-dict"

    def __init__(self, layout: Attribute, binding: int):
        super().__init__(
            properties={"layout": layout, "binding": IntegerAttr(binding, IndexType())},
            result_types=[BufferType()],
        )


@irdl_op_definition
class BinaryOp(_StridedOp):
    """`OUT = OP(LHS, RHS)` elementwise over strided buffers; `opcode` names a ukernel op."""

    name = "vmvx.binary"

    opcode = prop_def(StringAttr)
    lhs_buffer = operand_def(BufferType)
    lhs_offset = operand_def(IndexType)
    lhs_strides = var_operand_def(IndexType)
    rhs_buffer = operand_def(BufferType)
    rhs_offset = operand_def(IndexType)
    rhs_strides = var_operand_def(IndexType)
    out_buffer = operand_def(BufferType)
    out_offset = operand_def(IndexType)
    out_strides = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    element_type = prop_def(ElementTypeConstraint())

    irdl_options = (SameVariadicOperandSize(),)
    assembly_format = " ".join(
        [
            "`op` `` `(` $opcode `:` $element_type `)`",
            _group_format("lhs", "lhs"),
            _group_format("rhs", "rhs"),
            _group_format("out", "out"),
            "`sizes` `` `(` $sizes `)` attr-dict",
        ]
    )

    def __init__(
        self,
        opcode: str,
        element_type: Attribute,
        lhs: StridedBuffer,
        rhs: StridedBuffer,
        out: StridedBuffer,
        sizes: Sequence[Value],
    ):
        self._init_strided(
            [StridedBuffer(*lhs), StridedBuffer(*rhs), StridedBuffer(*out)],
            sizes,
            {"opcode": StringAttr(opcode), "element_type": element_type},
        )


@irdl_op_definition
class UnaryOp(_StridedOp):
    """`OUT = OP(IN)` elementwise over strided buffers; `opcode` names a ukernel op."""

    name = "vmvx.unary"

    opcode = prop_def(StringAttr)
    in_buffer = operand_def(BufferType)
    in_offset = operand_def(IndexType)
    in_strides = var_operand_def(IndexType)
    out_buffer = operand_def(BufferType)
    out_offset = operand_def(IndexType)
    out_strides = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    element_type = prop_def(ElementTypeConstraint())

    irdl_options = (SameVariadicOperandSize(),)
    assembly_format = " ".join(
        [
            "`op` `` `(` $opcode `:` $element_type `)`",
            _group_format("in", "in"),
            _group_format("out", "out"),
            "`sizes` `` `(` $sizes `)` attr-dict",
        ]
    )

    def __init__(
        self,
        opcode: str,
        element_type: Attribute,
        in_: StridedBuffer,
        out: StridedBuffer,
        sizes: Sequence[Value],
    ):
        self._init_strided(
            [StridedBuffer(*in_), StridedBuffer(*out)],
            sizes,
            {"opcode": StringAttr(opcode), "element_type": element_type},
        )


@irdl_op_definition
class CopyOp(_StridedOp):
    """Copies a strided region from one buffer to another; the element type comes last."""

    name = "vmvx.copy"

    in_buffer = operand_def(BufferType)
    in_offset = operand_def(IndexType)
    in_strides = var_operand_def(IndexType)
    out_buffer = operand_def(BufferType)
    out_offset = operand_def(IndexType)
    out_strides = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    element_type = prop_def(ElementTypeConstraint())

    irdl_options = (SameVariadicOperandSize(),)
    assembly_format = " ".join(
        [
            _group_format("in", "in"),
            _group_format("out", "out"),
            "`sizes` `` `(` $sizes `)` `:` $element_type attr-dict",
        ]
    )

    def __init__(
        self,
        element_type: Attribute,
        in_: StridedBuffer,
        out: StridedBuffer,
        sizes: Sequence[Value],
    ):
        self._init_strided(
            [StridedBuffer(*in_), StridedBuffer(*out)], sizes, {"element_type": element_type}
        )


@irdl_op_definition
class Fill2DOp(IRDLOperation):
    """Fills an `m`x`n` tile (inner stride 1) of `out_buffer` with `scalar`."""

    name = "vmvx.fill2d"

    scalar = operand_def(ElementTypeConstraint("scalar type"))
    out_buffer = operand_def(BufferType)
    out_offset = operand_def(IndexType)
    out_row_stride = operand_def(IndexType)
    m = operand_def(IndexType)
    n = operand_def(IndexType)

    assembly_format = (
        "`scalar` `` `(` $scalar `:` type($scalar) `)` "
        "`out` `` `(` $out_buffer `offset` $out_offset `row_stride` $out_row_stride "
        "`:` type($out_buffer) `)` "
        "`sizes` `` `(` $m `,` $n `)` attr-dict"
    )

    def __init__(
        self,
        scalar: Value,
        out_buffer: Value,
        out_offset: Value,
        out_row_stride: Value,
        m: Value,
        n: Value,
    ):
        super().__init__(operands=[scalar, out_buffer, out_offset, out_row_stride, m, n])


VMVX = Dialect(
    "vmvx",
    [
        GetBufferDescriptorOp,
        GetRawInterfaceBindingBufferOp,
        BinaryOp,
        UnaryOp,
        CopyOp,
        Fill2DOp,
    ],
    [],
)
