"""The parts of IREE's `iree_tensor_ext` dialect that dispatch bodies on tensors use.

- `!iree_tensor_ext.dispatch.tensor<readonly|writeonly|readwrite:tensor<...>>`: a binding
  seen as a tensor; `hal.interface.binding.subspan` and `stream.binding.subspan` produce it.
- `iree_tensor_ext.dispatch.tensor.load %b, offsets = [...], sizes = [...], strides = [...] :
  type({dims})? -> tensor<...>` and `.store %t, %b, offsets = ... : tensor -> type({dims})?`.
- `iree_tensor_ext.dispatch.workload.ordinal %v, N : index`: ties a value to workload N.
- `iree_tensor_ext.dispatch.workgroup_count_from_slice(%w...)`: the workgroup count a
  distributed dispatch computes from its workload (in an export's `count` region).

IREE 3.13's syntax and verifier messages. Workgroup distribution
(`iree-codegen-tile-and-distribute-to-workgroups`) resolves `workgroup_count_from_slice` from
the workload ordinals, and `iree-codegen-reconcile-translation-info` then replaces each ordinal
by its operand. Deliberately stricter than IREE: an unknown access keyword is an error (IREE's
parser silently reads it as `readonly`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    ShapedType,
    StringAttr,
    TensorType,
    i64,
)
from xdsl.dialects.utils import DynamicIndexList, verify_dynamic_index_list
from xdsl.ir import Attribute, Dialect, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.upstream_ext.tensor import rank_reduction_mask

ACCESSES = ("readonly", "writeonly", "readwrite")


@irdl_attr_definition
class DispatchTensorType(ParametrizedAttribute, TypeAttribute, ShapedType):
    """`!iree_tensor_ext.dispatch.tensor<access:bound>`, shaped like its bound type (a scalar
    bound type is rank 0)."""

    name = "iree_tensor_ext.dispatch.tensor"

    access: StringAttr
    bound_type: Attribute

    def __init__(self, access: str, bound_type: Attribute) -> None:
        super().__init__(StringAttr(access), bound_type)

    @property
    def writable(self) -> bool:
        return self.access.data != "readonly"

    def get_num_dims(self) -> int:
        return len(self.get_shape())

    def get_shape(self) -> tuple[int, ...]:
        bound = self.bound_type
        return bound.get_shape() if isinstance(bound, ShapedType) else ()

    def verify(self) -> None:
        if self.access.data not in ACCESSES:
            raise VerifyException(f"expected tensor access to be one of: {', '.join(ACCESSES)}")
        if not isinstance(self.bound_type, TypeAttribute):
            raise VerifyException(f"expected a bound type, got {self.bound_type}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            start = parser.pos
            access = parser.parse_identifier()
            if access not in ACCESSES:
                parser.raise_error(
                    f"expected tensor access to be one of: {', '.join(ACCESSES)}", start
                )
            parser.parse_punctuation(":")
            bound = parser.parse_type()
        return [StringAttr(access), bound]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(f"{self.access.data}:")
            printer.print_attribute(self.bound_type)


def _index_list_format(name: str) -> str:
    return f"`{name}` `=` custom<DynamicIndexList>(${name}, $static_{name})"


_SLICE_FORMAT = " `,` ".join(_index_list_format(n) for n in ("offsets", "sizes", "strides"))


class _DispatchTensorSliceOp(IRDLOperation):
    """Shared shape of `dispatch.tensor.load`/`store`: a slice of a dispatch tensor given by
    mixed static/dynamic offsets, sizes and strides."""

    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    custom_directives = (DynamicIndexList,)

    def _dispatch_tensor(self) -> tuple[DispatchTensorType, Sequence[SSAValue]]:
        raise NotImplementedError

    def _static_sizes(self) -> tuple[int, ...]:
        return self.static_sizes.get_values()

    def verify_(self) -> None:
        tensor, dims = self._dispatch_tensor()
        dynamic = sum(1 for d in tensor.get_shape() if d == DYNAMIC_INDEX)
        if dynamic != len(dims):
            raise VerifyException(
                f"value set has {dynamic} dynamic dimensions but only {len(dims)} dimension "
                "values are attached"
            )
        lists = (
            ("offset", self.static_offsets.get_values(), self.offsets),
            ("size", self._static_sizes(), self.sizes),
            ("stride", self.static_strides.get_values(), self.strides),
        )
        rank = tensor.get_num_dims()
        offsets_rank, sizes_rank = len(lists[0][1]), len(lists[1][1])
        if offsets_rank != sizes_rank:
            raise VerifyException(
                f"expected mixed offsets rank to match mixed sizes rank ({offsets_rank} vs "
                f"{sizes_rank}) so the rank of the result type is well-formed."
            )
        for what, static, values in lists:
            if len(static) != rank:
                raise VerifyException(f"expected {rank} {what} values, got {len(static)}")
            verify_dynamic_index_list(static, values, DYNAMIC_INDEX, f" in the {what} arguments")


def _slice_operands(
    offsets: Sequence[SSAValue | int],
    sizes: Sequence[SSAValue | int],
    strides: Sequence[SSAValue | int],
) -> tuple[list[list[SSAValue]], dict[str, Attribute]]:
    """The dynamic operand groups and static properties of a mixed offsets/sizes/strides."""
    groups: list[list[SSAValue]] = []
    props: dict[str, Attribute] = {}
    for name, mixed in (("offsets", offsets), ("sizes", sizes), ("strides", strides)):
        groups.append([v for v in mixed if isinstance(v, SSAValue)])
        props[f"static_{name}"] = DenseArrayBase.from_list(
            i64, [v if isinstance(v, int) else DYNAMIC_INDEX for v in mixed]
        )
    return groups, props


@irdl_op_definition
class DispatchTensorLoadOp(_DispatchTensorSliceOp):
    """`iree_tensor_ext.dispatch.tensor.load`: read a slice of a dispatch tensor."""

    name = "iree_tensor_ext.dispatch.tensor.load"

    source = operand_def(DispatchTensorType)
    source_dims = var_operand_def(IndexType)
    result = result_def(TensorType)

    traits = traits_def(Pure())

    assembly_format = (
        f"$source `,` {_SLICE_FORMAT} attr-dict "
        "`:` type($source) (`{` $source_dims^ `}`)? `->` type($result)"
    )

    def __init__(
        self,
        result_type: TensorType,
        source: SSAValue,
        source_dims: Sequence[SSAValue],
        offsets: Sequence[SSAValue | int],
        sizes: Sequence[SSAValue | int],
        strides: Sequence[SSAValue | int],
    ) -> None:
        groups, props = _slice_operands(offsets, sizes, strides)
        super().__init__(
            operands=[[source], source_dims, *groups],
            result_types=[result_type],
            properties=props,
        )

    def _dispatch_tensor(self) -> tuple[DispatchTensorType, Sequence[SSAValue]]:
        assert isinstance(self.source.type, DispatchTensorType)
        return self.source.type, self.source_dims


@irdl_op_definition
class DispatchTensorStoreOp(_DispatchTensorSliceOp):
    """`iree_tensor_ext.dispatch.tensor.store`: write a tensor into a slice of a writable
    dispatch tensor."""

    name = "iree_tensor_ext.dispatch.tensor.store"

    value = operand_def(TensorType)
    target = operand_def(DispatchTensorType)
    target_dims = var_operand_def(IndexType)

    assembly_format = (
        f"$value `,` $target `,` {_SLICE_FORMAT} attr-dict "
        "`:` type($value) `->` type($target) (`{` $target_dims^ `}`)?"
    )

    def __init__(
        self,
        value: SSAValue,
        target: SSAValue,
        target_dims: Sequence[SSAValue],
        offsets: Sequence[SSAValue | int],
        sizes: Sequence[SSAValue | int],
        strides: Sequence[SSAValue | int],
    ) -> None:
        groups, props = _slice_operands(offsets, sizes, strides)
        super().__init__(operands=[[value], [target], target_dims, *groups], properties=props)

    def _dispatch_tensor(self) -> tuple[DispatchTensorType, Sequence[SSAValue]]:
        assert isinstance(self.target.type, DispatchTensorType)
        return self.target.type, self.target_dims

    def verify_(self) -> None:
        target = self.target.type
        assert isinstance(target, DispatchTensorType)
        if not target.writable:
            raise VerifyException(f"expected a writable dispatch tensor target, got {target}")
        super().verify_()
        value = self.value.type
        assert isinstance(value, TensorType)
        slice_shape = self._static_sizes()
        if rank_reduction_mask(slice_shape, value.get_shape()) is None:
            expected = TensorType(value.get_element_type(), slice_shape)
            raise VerifyException(
                f"expected type to be '{expected}' or a rank-reduced version. (size mismatch)"
            )


@irdl_op_definition
class DispatchWorkloadOrdinalOp(IRDLOperation):
    """`iree_tensor_ext.dispatch.workload.ordinal %v, N : index`: `%v` is workload N."""

    name = "iree_tensor_ext.dispatch.workload.ordinal"

    operand = operand_def(IndexType)
    ordinal = prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "$operand `,` $ordinal attr-dict `:` type($result)"

    def __init__(self, operand: SSAValue, ordinal: int) -> None:
        super().__init__(
            operands=[operand],
            result_types=[IndexType()],
            properties={"ordinal": IntegerAttr(ordinal, IndexType())},
        )


@irdl_op_definition
class DispatchWorkgroupCountFromSliceOp(IRDLOperation):
    """`%x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w...)`."""

    name = "iree_tensor_ext.dispatch.workgroup_count_from_slice"

    workload = var_operand_def(IndexType)
    x = result_def(IndexType)
    y = result_def(IndexType)
    z = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "`(` $workload `)` attr-dict"

    def __init__(self, workload: Sequence[SSAValue]) -> None:
        super().__init__(operands=[workload], result_types=[IndexType()] * 3)


IREETensorExt = Dialect(
    "iree_tensor_ext",
    [
        DispatchTensorLoadOp,
        DispatchTensorStoreOp,
        DispatchWorkloadOrdinalOp,
        DispatchWorkgroupCountFromSliceOp,
    ],
    [DispatchTensorType],
)
