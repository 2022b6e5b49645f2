"""Helpers the ukernel-lowering passes share: the elementwise view of a linalg op on
buffers (`Structured`), an emitter of buffer descriptors, index constants and tile-sized
temporaries (`Emitter`), the declaration of a ukernel import (`declare_ukernel`), the zero
fill a non-accumulating ukernel replaces (`zero_fill`) and the executable target an op
compiles for (`executable_target`, which also chooses the tile policy).

Used by `iree-vmvx-lower-linalg-microkernels`, `iree-codegen-cpu-lower-to-ukernels` and
pyvmvx's `vmvx.ex.*` lowerings (a pass may import this module, not another pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.builder import Builder
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    bf16,
    f16,
    f32,
    f64,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, OpResult, SSAValue
from xdsl.ir.affine import AffineConstantExpr, AffineDimExpr, AffineMap
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_side_effect_free

from pyvmvx.dialects.hal import ExecutableTargetAttr, ExecutableVariantOp
from pyvmvx.dialects.vm import IMPORT_MODULE_ATTR, VMVX_MODULE
from pyvmvx.dialects.vmvx import GetBufferDescriptorOp, StridedBuffer
from pyvmvx.interfaces.tiling_interface import buffer_of
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.runtime.modules.vmvx_ex_elementwise import TYPES

EX_TYPE_CODES: dict[Attribute, int] = {
    f16: TYPES["f16"],
    f32: TYPES["f32"],
    f64: TYPES["f64"],
    i1: TYPES["i1"],
    i8: TYPES["i8"],
    IntegerType(16): TYPES["i16"],
    i32: TYPES["i32"],
    i64: TYPES["i64"],
    bf16: TYPES["bf16"],
}
"""The `vmvx.ex.*` type codes (`types` argument) of the element types they take."""


@dataclass(frozen=True)
class Operand:
    """A buffer operand and its indexing map."""

    value: SSAValue
    map: AffineMap


@dataclass(frozen=True)
class Structured:
    """A linalg op on buffers with all loops parallel: its operands (ins then outs, in
    block-argument order), their indexing maps and its body."""

    operands: tuple[SSAValue, ...]
    maps: tuple[AffineMap, ...]
    num_inputs: int
    body: Block

    @staticmethod
    def of(op: Operation) -> Structured | None:
        if isinstance(op, BroadcastOp):
            if op.result:
                return None
            rank = len(op.init.type.get_shape()) if isinstance(op.init.type, MemRefType) else 0
            added = set(op.dimensions.get_values())
            kept = tuple(AffineDimExpr(d) for d in range(rank) if d not in added)
            maps = (AffineMap(rank, 0, kept), AffineMap.identity(rank))
            return Structured((op.input, op.init), maps, 1, op.hidden_region.block)
        if not isinstance(op, LinalgStructuredOperation) or op.res:
            return None
        if any(t.data != IteratorType.PARALLEL for t in op.get_iterator_types()):
            return None
        maps = tuple(m.data for m in op.get_indexing_maps())
        operands = (*op.inputs, *op.outputs)
        return Structured(operands, maps, len(op.inputs), op.body.block)

    def operand_of(self, arg: SSAValue) -> Operand | None:
        """The buffer operand behind block argument `arg` of the body, if it is one."""
        if not isinstance(arg, BlockArgument) or arg.block is not self.body:
            return None
        value = self.operands[arg.index]
        if not isinstance(value.type, MemRefType):
            return None
        return Operand(value, self.maps[arg.index])

    def output(self, index: int) -> Operand:
        value = self.operands[self.num_inputs + index]
        return Operand(value, self.maps[self.num_inputs + index])

    @property
    def num_outputs(self) -> int:
        return len(self.operands) - self.num_inputs


def is_strided_map(map: AffineMap) -> bool:
    """Whether `map` indexes a strided view of its operand: a projected permutation whose
    results may also be the constant 0 (the first element of a dimension, as torch-mlir's
    broadcasts index unit dims: `(d0, d1, d2, d3) -> (d1, 0, 0)`), which adds nothing to the
    offset."""
    dims = [r for r in map.results if not isinstance(r, AffineConstantExpr)]
    if any(r.value != 0 for r in map.results if isinstance(r, AffineConstantExpr)):
        return False
    return AffineMap(map.num_dims, map.num_symbols, tuple(dims)).is_projected_permutation()


def loop_sizes(operands: Sequence[Operand], rank: int) -> list[tuple[Operand, int]] | None:
    """For each loop dim, an operand indexing with it and the position in its shape."""
    found: list[tuple[Operand, int]] = []
    for dim in range(rank):
        expr = AffineDimExpr(dim)
        match = next(
            ((o, o.map.results.index(expr)) for o in operands if expr in o.map.results), None
        )
        if match is None:
            return None
        found.append(match)
    return found


def after_definition(value: SSAValue, fallback: Operation) -> tuple[InsertPoint, Attribute]:
    """Where (and with which location) IREE puts a value's descriptor: right after its
    defining op, or at the start of its block for a block argument."""
    if isinstance(value, OpResult):
        return InsertPoint.after(value.op), value.op.location
    assert isinstance(value, BlockArgument)
    return InsertPoint.at_start(value.block), fallback.location


@dataclass
class Emitter:
    """Creates descriptors (one per buffer) and index constants for rewriting `anchor`;
    new ops other than descriptors go before `anchor` and take its location. Strides and
    sizes are left-padded to `padded_rank` (2 for IREE's kernels)."""

    rewriter: PatternRewriter
    anchor: Operation
    padded_rank: int = 2
    _descriptors: dict[SSAValue, GetBufferDescriptorOp] = field(
        default_factory=dict[SSAValue, GetBufferDescriptorOp]
    )
    _constants: dict[int, SSAValue] = field(default_factory=dict[int, SSAValue])

    def insert(self, op: Operation) -> None:
        op.location = self.anchor.location
        self.rewriter.insert(op, InsertPoint.before(self.anchor))

    def descriptor(self, value: SSAValue) -> GetBufferDescriptorOp:
        if value not in self._descriptors:
            op = GetBufferDescriptorOp(value)
            point, op.location = after_definition(value, self.anchor)
            self.rewriter.insert(op, point)
            self._descriptors[value] = op
        return self._descriptors[value]

    def call(self, name: str, args: Sequence[SSAValue]) -> None:
        """Call ukernel `vmvx.<name>` with `args`, declaring its import if needed."""
        callee = f"{VMVX_MODULE}.{name}"
        declare_ukernel(self.anchor, callee, [a.type for a in args])
        self.insert(func.CallOp(callee, args, []))

    def constant(self, value: int) -> SSAValue:
        if value not in self._constants:
            op = arith.ConstantOp(IntegerAttr(value, IndexType()))
            self.insert(op)
            self._constants[value] = op.result
        return self._constants[value]

    def left_pad(self, values: Sequence[SSAValue], pad: int) -> list[SSAValue]:
        return [self.constant(pad)] * (self.padded_rank - len(values)) + list(values)

    def strided(
        self, operand: Operand, rank: int, dims: Sequence[int] | None = None
    ) -> StridedBuffer:
        """The operand's buffer, offset and strides in loop order (of the loop dims `dims`,
        all `rank` by default), padded."""
        desc = self.descriptor(operand.value)
        strides = [
            desc.strides[operand.map.results.index(AffineDimExpr(d))]
            if AffineDimExpr(d) in operand.map.results
            else self.constant(0)
            for d in (range(rank) if dims is None else dims)
        ]
        return StridedBuffer(desc.base_buffer, desc.offset, self.left_pad(strides, 0))

    def sizes(self, loop_sizes: Sequence[tuple[Operand, int]]) -> list[SSAValue]:
        sizes = [self.descriptor(o.value).sizes[pos] for o, pos in loop_sizes]
        return self.left_pad(sizes, 1)

    def alloca(self, element: Attribute, places: Sequence[tuple[Operand, int]]) -> SSAValue:
        """A `memref.alloca` of `element` values (workgroup-local memory for a tile's
        temporaries) whose dims have the sizes of the operand dims `places` (as `loop_sizes`
        gives them; dynamic ones read from the descriptors); one element if `places` is
        empty."""
        shape: list[int] = []
        dynamic: list[SSAValue] = []
        for operand, pos in places:
            assert isinstance(operand.value.type, MemRefType)
            size = operand.value.type.get_shape()[pos]
            shape.append(size)
            if size == DYNAMIC_INDEX:
                dynamic.append(self.descriptor(operand.value).sizes[pos])
        alloca = memref.AllocaOp.get(element, shape=shape or [1], dynamic_sizes=dynamic)
        self.insert(alloca)
        return alloca.memref


def declare_ukernel(anchor: Operation, callee: str, types: Sequence[Attribute]) -> None:
    """Declare import `callee` (`vmvx.<name>`) in `anchor`'s module unless it is."""
    module = anchor.parent_op()
    while module is not None and not isinstance(module, ModuleOp):
        module = module.parent_op()
    assert module is not None
    for existing in module.body.block.ops:
        if isinstance(existing, func.FuncOp) and existing.sym_name.data == callee:
            if list(existing.function_type.inputs.data) != list(types):
                raise op_error(existing, f"conflicts with the signature of ukernel {callee}")
            return
    declaration = func.FuncOp.external(callee, types, [])
    declaration.attributes[IMPORT_MODULE_ATTR] = StringAttr(VMVX_MODULE)
    Builder(InsertPoint.at_start(module.body.block)).insert(declaration)


def previous_access(op: Operation, value: SSAValue) -> Operation | None:
    """The closest earlier op in `op`'s block with memory effects that takes a view of the
    buffer `value` views."""
    target = buffer_of(value)
    current = op.prev_op
    while current is not None:
        if not is_side_effect_free(current) and any(
            isinstance(v.type, MemRefType) and buffer_of(v) == target for v in current.operands
        ):
            return current
        current = current.prev_op
    return None


def _is_zero(value: SSAValue) -> bool:
    owner = value.owner
    if not isinstance(owner, arith.ConstantOp):
        return False
    attr = owner.value
    return isinstance(attr, IntegerAttr | FloatAttr) and attr.value.data == 0


def zero_fill(op: LinalgStructuredOperation) -> FillOp | None:
    """The zero `linalg.fill` of `op`'s output just before it (a ukernel that does not
    accumulate can replace both), if any."""
    out = op.outputs[0]
    fill = previous_access(op, out)
    if isinstance(fill, FillOp) and fill.outputs[0] is out and _is_zero(fill.inputs[0]):
        return fill
    return None


def executable_target(op: Operation) -> ExecutableTargetAttr | None:
    """IREE's `ExecutableTargetAttr::lookup`: a `hal.executable.target` attribute on `op` or
    an ancestor, or the target of the enclosing `hal.executable.variant`."""
    current: Operation | None = op
    while current is not None:
        attr = current.attributes.get("hal.executable.target")
        if isinstance(attr, ExecutableTargetAttr):
            return attr
        if isinstance(current, ExecutableVariantOp):
            return current.target
        current = current.parent_op()
    return None
