"""`tensor` with `tensor.parallel_insert_slice`, the combining op of `scf.forall.in_parallel`,
and `tensor.generate`.

`tensor.parallel_insert_slice %src into %out[%i, 0] [4, %n] [1, 1] : tensor<4x?xf32> into
tensor<?x?xf32>` writes `%src` into the shared output `%out` of the enclosing `scf.forall`.
"""

from collections.abc import Sequence

from xdsl.dialects import tensor
from xdsl.dialects.builtin import DYNAMIC_INDEX, DenseArrayBase, IndexType, TensorType, i64
from xdsl.dialects.utils import (
    DynamicIndexList,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Dialect, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    operand_def,
    prop_def,
    region_def,
    result_def,
    var_operand_def,
)
from xdsl.traits import HasParent
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect, i64_array
from .scf import InParallelOp, ParallelCombiningOp


class _InsertsIntoDest(ParallelCombiningOp):
    def destination(self, op: Operation) -> SSAValue:
        assert isinstance(op, ParallelInsertSliceOp)
        return op.dest


def rank_reduction_mask(full: Sequence[int], reduced: Sequence[int]) -> list[int] | None:
    """The positions of `full` dropped to get `reduced`, only unit sizes being droppable
    (MLIR's `computeRankReductionMask`); None if `reduced` is not such a shape."""
    dropped: list[int] = []
    next_reduced = 0
    for position, size in enumerate(full):
        if next_reduced < len(reduced) and reduced[next_reduced] == size:
            next_reduced += 1
        elif size == 1:
            dropped.append(position)
        else:
            return None
    return dropped if next_reduced == len(reduced) else None


@irdl_op_definition
class ParallelInsertSliceOp(IRDLOperation):
    """`tensor.parallel_insert_slice`: an insert_slice performed by one iteration of an
    `scf.forall` into one of its shared outputs. It has no result."""

    name = "tensor.parallel_insert_slice"

    source = operand_def(TensorType)
    dest = operand_def(TensorType)
    offsets = var_operand_def(IndexType)
    sizes = var_operand_def(IndexType)
    strides = var_operand_def(IndexType)
    static_offsets = prop_def(DenseArrayBase.constr(i64))
    static_sizes = prop_def(DenseArrayBase.constr(i64))
    static_strides = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = lazy_traits_def(lambda: (HasParent(InParallelOp), _InsertsIntoDest()))

    assembly_format = (
        "$source `into` $dest ``"
        "custom<DynamicIndexList>($offsets, $static_offsets)"
        "custom<DynamicIndexList>($sizes, $static_sizes)"
        "custom<DynamicIndexList>($strides, $static_strides)"
        "attr-dict `:` type($source) `into` type($dest)"
    )

    custom_directives = (DynamicIndexList,)

    def __init__(
        self,
        source: SSAValue,
        dest: SSAValue,
        offsets: Sequence[SSAValue | int],
        sizes: Sequence[SSAValue | int],
        strides: Sequence[SSAValue | int],
    ):
        static_offsets, dynamic_offsets = split_dynamic_index_list(offsets, DYNAMIC_INDEX)
        static_sizes, dynamic_sizes = split_dynamic_index_list(sizes, DYNAMIC_INDEX)
        static_strides, dynamic_strides = split_dynamic_index_list(strides, DYNAMIC_INDEX)
        super().__init__(
            operands=[source, dest, dynamic_offsets, dynamic_sizes, dynamic_strides],
            properties={
                "static_offsets": i64_array(static_offsets),
                "static_sizes": i64_array(static_sizes),
                "static_strides": i64_array(static_strides),
            },
        )

    def verify_(self) -> None:
        dest_type = self.dest.type
        source_type = self.source.type
        assert isinstance(dest_type, TensorType) and isinstance(source_type, TensorType)
        rank = len(dest_type.get_shape())
        for name, static, values in (
            ("offset", self.static_offsets, self.offsets),
            ("size", self.static_sizes, self.sizes),
            ("stride", self.static_strides, self.strides),
        ):
            static_values = static.get_values()
            if len(static_values) != rank:
                raise VerifyException(f"expected {rank} {name} values, got {len(static_values)}")
            verify_dynamic_index_list(
                static_values, values, DYNAMIC_INDEX, f" in the {name} arguments"
            )
        if source_type.get_element_type() != dest_type.get_element_type():
            raise VerifyException(
                f"expected source element type {source_type.get_element_type()} to match the "
                f"destination element type {dest_type.get_element_type()}"
            )
        slice_shape = [-1 if s == DYNAMIC_INDEX else s for s in self.static_sizes.get_values()]
        source_shape = [-1 if s < 0 else s for s in source_type.get_shape()]
        if rank_reduction_mask(slice_shape, source_shape) is None:
            expected = "x".join("?" if s < 0 else str(s) for s in slice_shape)
            raise VerifyException(
                f"expected source type {source_type} to be the slice shape {expected} or a "
                "rank-reduced version of it (only unit dimensions dropped)"
            )


@irdl_op_definition
class GenerateOp(IRDLOperation):
    """`tensor.generate %n { ^bb0(%i: index, %j: index): ... tensor.yield %v : f32 } :
    tensor<?x3xf32>`: a tensor whose element at each index is what the body yields for it;
    the operands are the result's dynamic sizes."""

    name = "tensor.generate"

    dynamic_extents = var_operand_def(IndexType)
    body = region_def("single_block")
    result = result_def(TensorType)

    assembly_format = "$dynamic_extents $body attr-dict `:` type($result)"

    def verify_(self) -> None:
        result_type = self.result.type
        assert isinstance(result_type, TensorType)
        shape = result_type.get_shape()
        if len(self.dynamic_extents) != sum(1 for s in shape if s == DYNAMIC_INDEX):
            raise VerifyException("must have as many index operands as dynamic extents")
        block = self.body.block
        if len(block.args) != len(shape) or any(
            not isinstance(a.type, IndexType) for a in block.args
        ):
            raise VerifyException("must have one index argument per dimension of the result")
        terminator = block.last_op
        yielded = [v.type for v in terminator.operands] if terminator is not None else []
        if not isinstance(terminator, tensor.YieldOp) or yielded != [result_type.element_type]:
            raise VerifyException("body must yield one value of the element type")


Tensor: Dialect = extend_dialect(tensor.Tensor, [ParallelInsertSliceOp, GenerateOp])
