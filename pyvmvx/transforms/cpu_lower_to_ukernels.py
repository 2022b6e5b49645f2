"""`iree-codegen-cpu-lower-to-ukernels`: buffer-level `linalg.mmt4d`/`pack`/`unpack` become
calls to the vmvx ukernel imports.

IREE does this in two steps, `CPULowerToUKernels` (op -> `iree_codegen.ukernel.generic
"vmvx.mmt4d"`) and `LowerUKernelOpsToCalls` (-> `func.call` passing each memref as (base,
offset, strides of the strided outer dims)). On buffers both happen here, with
`vmvx.get_buffer_descriptor` giving the `!util.buffer` base, element offset and strides, so
the call has the import's exact argument list (`vmvx_imports.mlir`):

- `mmt4d(lhs, off, row_stride, rhs, off, row_stride, out, off, row_stride, M, N, K : index,
  M0, N0, K0, flags : i32)`; M = lhs dim 0, N = rhs dim 0, K = rhs dim 1, M0 = lhs dim 2,
  N0 = rhs dim 2, K0 = rhs dim 3. flags = type (f32f32f32 = 1, i8i8i32 = 2)
  | ACCUMULATE 0x100 (unless the output was just filled with zero; that `linalg.fill` is
  dropped) | ALLOW_GENERIC_FALLBACK 0x200 | SKIP_INTERMEDIATE_ROUNDINGS 0x400 (option
  `skip-intermediate-roundings`, default true). i32 operands written by an `arith.extsi`
  `linalg.generic` from i8 are read from the i8 source instead (the generic is erased when
  it only fills a local allocation);
- `pack(in, off, stride0, stride1, out, off, stride0, stride1, in_size0..1,
  out_size0..3 : index, padding : i64, flags : i32)` for 2-D -> 4-D packs; flags = type
  (f32 = 1, i8 = 2, i32 = 3) | TRANSPOSE_INNER 0x100 (`inner_dims_pos = [1, 0]`)
  | TRANSPOSE_OUTER 0x200 (`outer_dims_perm = [1, 0]`); the padding value is bitcast to an
  integer and zero-extended (0 without padding);
- `unpack(in, off, stride0, stride1, out, off, stride0, stride1, in_size0..3,
  out_size0..1 : index, flags : i32)` for 4-D -> 2-D, f32 and i32.

Each callee gets one private declaration `func.func private @vmvx.<name>(...) attributes
{vm.import.module = "vmvx"}` in the enclosing module, which `iree-vm-conversion` binds to
the import. Only element types the VMVX runtime implements are lowered (IREE also emits
f16/bf16 flags, which the runtime rejects with "unhandled flags"); other ops, and packed
operands whose inner dimensions are statically known not to be contiguous, are left alone.

Which ukernels are enabled: the `ukernels` option (`all`, `none` or a comma list of ukernel
names) or, when it is empty, the `ukernels` configuration of the `#hal.executable.target`
found on the function or its enclosing variant (a missing or non-string value means `none`,
as IREE resolves "default" for VMVX). Non-VMVX targets are left alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.builder import Builder
from xdsl.context import Context
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    ShapedType,
    StringAttr,
    f32,
    i8,
    i32,
    i64,
)
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint

from pyvmvx.dialects.upstream_ext.linalg import Mmt4DOp, PackOp, UnPackOp
from pyvmvx.dialects.vm import VMVX_MODULE
from pyvmvx.dialects.vmvx import GetBufferDescriptorOp
from pyvmvx.ir.memref_layout import matches_row_major
from pyvmvx.transforms.ukernel_calls import (
    declare_ukernel,
    executable_target,
    previous_access,
    zero_fill,
)

MMT4D_TYPES = {(f32, f32, f32): 1, (i8, i8, i32): 2}
PACK_TYPES = {f32: 1, i8: 2, i32: 3}
UNPACK_TYPES = {f32: 1, i32: 3}
ACCUMULATE = 0x100
ALLOW_GENERIC_FALLBACK = 0x200
SKIP_INTERMEDIATE_ROUNDINGS = 0x400
TRANSPOSE_INNER = 0x100
TRANSPOSE_OUTER = 0x200


# --- which ukernels ---------------------------------------------------------------------


@dataclass(frozen=True)
class UKernels:
    """A `ukernels` setting: `all`, `none` (no names) or the listed ukernel names."""

    names: frozenset[str]
    all: bool = False

    @staticmethod
    def parse(text: str) -> UKernels:
        text = text.strip()
        if text == "all":
            return UKernels(frozenset(), all=True)
        if text in ("", "none", "default"):
            return UKernels(frozenset())
        return UKernels(frozenset(n.strip() for n in text.split(",") if n.strip()))

    def enabled(self, name: str) -> bool:
        return self.all or name in self.names

    @property
    def any(self) -> bool:
        return self.all or bool(self.names)


def ukernel_setting(op: Operation, override: str = "") -> UKernels:
    """The ukernels enabled for `op`: `override` unless empty, else its target's config."""
    if override:
        return UKernels.parse(override)
    target = executable_target(op)
    value = None if target is None else target.get_config("ukernels")
    return UKernels.parse(value.data) if isinstance(value, StringAttr) else UKernels(frozenset())


def targets_vmvx(op: Operation) -> bool:
    """No target (pyvmvx compiles for VMVX only) or a `vmvx*` backend."""
    target = executable_target(op)
    return target is None or target.backend_name.startswith("vmvx")


# --- the pass -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CPULowerToUKernelsPass(ModulePass):
    """Lowers mmt4d/pack/unpack on memrefs to `func.call @vmvx.*` ukernel imports."""

    name = "iree-codegen-cpu-lower-to-ukernels"

    ukernels: str = ""
    skip_intermediate_roundings: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for function in [o for o in op.walk() if isinstance(o, func.FuncOp)]:
            if function.body.blocks:
                lower_to_ukernels(
                    function,
                    ukernel_setting(function, self.ukernels),
                    self.skip_intermediate_roundings,
                )


def lower_to_ukernels(function: func.FuncOp, ukernels: UKernels, skip_roundings: bool) -> None:
    """Replace the enabled ukernel ops of `function` by calls."""
    if not ukernels.any or not targets_vmvx(function):
        return
    for op in list(function.walk()):
        if isinstance(op, Mmt4DOp) and ukernels.enabled("mmt4d"):
            _lower_mmt4d(op, skip_roundings)
        elif isinstance(op, PackOp) and ukernels.enabled("pack"):
            _lower_pack(op)
        elif isinstance(op, UnPackOp) and ukernels.enabled("unpack"):
            _lower_unpack(op)


# --- emission helpers ---------------------------------------------------------------------


class _Call:
    """Builds the argument list of one ukernel call before `anchor`."""

    def __init__(self, anchor: Operation) -> None:
        self.anchor = anchor
        self.builder = Builder(InsertPoint.before(anchor))
        self.args: list[SSAValue] = []

    def insert(self, op: Operation) -> SSAValue:
        return self.builder.insert(op).results[0]

    def constant(self, value: int, type: Attribute) -> SSAValue:
        return self.insert(arith.ConstantOp(IntegerAttr(value, type)))

    def descriptor(self, value: SSAValue, strides: int, role: str) -> GetBufferDescriptorOp:
        """Pass (base buffer, offset, the first `strides` strides) of memref `value`."""
        desc = self.builder.insert(GetBufferDescriptorOp(value))
        desc.base_buffer.name_hint = f"{role}_buffer"
        desc.offset.name_hint = f"{role}_offset"
        for kind, results in (("size", desc.sizes), ("stride", desc.strides)):
            for i, result in enumerate(results):
                result.name_hint = f"{role}_{kind}{i}"
        self.args += [desc.base_buffer, desc.offset, *desc.strides[:strides]]
        return desc

    def flags(self, flags: int) -> SSAValue:
        value = self.constant(flags, i32)
        value.name_hint = "flags"
        return value

    def size(self, desc: GetBufferDescriptorOp, dim: int) -> SSAValue:
        """Dimension `dim` of the described memref as an index."""
        size = _shape(desc.source)[dim]
        return desc.sizes[dim] if size == DYNAMIC_INDEX else self.constant(size, IndexType())

    def size_i32(self, desc: GetBufferDescriptorOp, dim: int) -> SSAValue:
        size = _shape(desc.source)[dim]
        if size != DYNAMIC_INDEX:
            return self.constant(size, i32)
        return self.insert(arith.IndexCastOp(desc.sizes[dim], i32))

    def emit(self, name: str) -> None:
        """Call `vmvx.<name>` with the collected arguments, declaring the import if needed,
        and erase the anchor op."""
        callee = f"{VMVX_MODULE}.{name}"
        declare_ukernel(self.anchor, callee, [a.type for a in self.args])
        self.builder.insert(func.CallOp(callee, self.args, []))
        self.anchor.detach()
        self.anchor.erase()


def _shape(value: SSAValue) -> tuple[int, ...]:
    assert isinstance(value.type, ShapedType)
    return value.type.get_shape()


def _element_type(value: SSAValue) -> Attribute:
    assert isinstance(value.type, ShapedType)
    return value.type.get_element_type()


def _contiguous_inner(value: SSAValue) -> bool:
    """Whether dims 1..3 of a 4-D memref are not statically known to be non-contiguous."""
    memref_type = value.type
    assert isinstance(memref_type, MemRefType)
    strides = memref_type.get_strides()
    return strides is not None and matches_row_major(strides[1:], memref_type.get_shape()[1:])


# --- mmt4d --------------------------------------------------------------------------------


def _sign_extended(op: Mmt4DOp, value: SSAValue) -> GenericOp | None:
    """The `arith.extsi` generic that wrote `value` just before `op`, if any."""
    producer = previous_access(op, value)
    if (
        not isinstance(producer, GenericOp)
        or list(producer.outputs) != [value]
        or len(producer.inputs) != 1
        or any(m.data != AffineMap.identity(m.data.num_dims) for m in producer.indexing_maps.data)
    ):
        return None
    block = producer.body.block
    body = list(block.ops)
    if (
        len(body) != 2
        or not isinstance(body[0], arith.ExtSIOp)
        or body[0].input is not block.args[0]
        or body[1].operands[0] is not body[0].result
    ):
        return None
    if previous_access(op, producer.inputs[0]) is not producer:
        return None  # the narrow source may have changed since
    return producer


def _mmt4d_operands(op: Mmt4DOp) -> tuple[list[SSAValue], list[GenericOp], int] | None:
    """(lhs, rhs, sign-extension producers looked through, type code) of a matching mmt4d."""
    lhs, rhs = op.inputs
    out = op.outputs[0]
    if any(not isinstance(v.type, MemRefType) for v in (lhs, rhs, out)):
        return None
    code = MMT4D_TYPES.get((_element_type(lhs), _element_type(rhs), _element_type(out)))
    if code is not None:
        return [lhs, rhs], [], code
    producers = [_sign_extended(op, v) for v in (lhs, rhs)]
    if producers[0] is None or producers[1] is None:
        return None
    sources = [p.inputs[0] for p in producers]
    code = MMT4D_TYPES.get((*(_element_type(v) for v in sources), _element_type(out)))
    return None if code is None else (sources, [producers[0], producers[1]], code)


def _erase_if_local(producer: GenericOp) -> None:
    """Erase `producer` if it fills a local allocation that nothing else uses any more."""
    target = producer.outputs[0]
    if not isinstance(target.owner, memref.AllocOp | memref.AllocaOp):
        return
    if all(
        use.operation is producer or isinstance(use.operation, memref.DeallocOp)
        for use in target.uses
    ):
        producer.detach()
        producer.erase()


def _lower_mmt4d(op: Mmt4DOp, skip_roundings: bool) -> None:
    matched = _mmt4d_operands(op)
    if matched is None:
        return
    (lhs, rhs), producers, type_code = matched
    flags = type_code | ALLOW_GENERIC_FALLBACK
    if skip_roundings:
        flags |= SKIP_INTERMEDIATE_ROUNDINGS
    fill = zero_fill(op)
    if fill is None:
        flags |= ACCUMULATE
    call = _Call(op)
    lhs_desc = call.descriptor(lhs, 1, "lhs")
    rhs_desc = call.descriptor(rhs, 1, "rhs")
    call.descriptor(op.outputs[0], 1, "out")
    call.args += [call.size(lhs_desc, 0), call.size(rhs_desc, 0), call.size(rhs_desc, 1)]
    call.args += [call.size_i32(lhs_desc, 2), call.size_i32(rhs_desc, 2)]
    call.args += [call.size_i32(rhs_desc, 3), call.flags(flags)]
    call.emit("mmt4d")
    if fill is not None:
        fill.detach()
        fill.erase()
    for producer in producers:
        _erase_if_local(producer)


# --- pack / unpack ------------------------------------------------------------------------


def _relayout_flags(op: PackOp | UnPackOp, type_code: int) -> int | None:
    inner, outer = op.get_inner_dims_pos(), op.get_outer_dims_perm()
    flags = type_code
    if inner == (1, 0):
        flags |= TRANSPOSE_INNER
    elif inner != (0, 1):
        return None
    if outer == (1, 0):
        flags |= TRANSPOSE_OUTER
    elif outer not in ((), (0, 1)):
        return None
    return flags


def _relayout_operands(
    op: PackOp | UnPackOp, types: dict[Attribute, int]
) -> tuple[int, SSAValue, SSAValue] | None:
    """(flags, 2-D operand, 4-D operand) if `op` matches its ukernel."""
    source, dest = op.source, op.dest
    unpacked, packed = (source, dest) if isinstance(op, PackOp) else (dest, source)
    if not isinstance(unpacked.type, MemRefType) or not isinstance(packed.type, MemRefType):
        return None
    if len(_shape(unpacked)) != 2 or len(_shape(packed)) != 4:
        return None
    element = _element_type(source)
    if element != _element_type(dest) or element not in types:
        return None
    flags = _relayout_flags(op, types[element])
    if flags is None or not _contiguous_inner(packed):
        return None
    return flags, unpacked, packed


def _padding_i64(call: _Call, padding: SSAValue | None) -> SSAValue:
    if padding is None:
        return call.constant(0, i64)
    value = padding
    if isinstance(value.type, AnyFloat):
        width = value.type.bitwidth
        value = call.insert(arith.BitcastOp(value, IntegerType(width)))
    assert isinstance(value.type, IntegerType)
    if value.type.width.data < 64:
        value = call.insert(arith.ExtUIOp(value, i64))
    return value


def _lower_pack(op: PackOp) -> None:
    matched = _relayout_operands(op, PACK_TYPES)
    if matched is None:
        return
    flags, unpacked, packed = matched
    call = _Call(op)
    in_desc = call.descriptor(unpacked, 2, "in")
    out_desc = call.descriptor(packed, 2, "out")
    call.args += [call.size(in_desc, d) for d in range(2)]
    call.args += [call.size(out_desc, d) for d in range(4)]
    call.args += [_padding_i64(call, op.padding_value), call.flags(flags)]
    call.emit("pack")


def _lower_unpack(op: UnPackOp) -> None:
    matched = _relayout_operands(op, UNPACK_TYPES)
    if matched is None:
        return
    flags, unpacked, packed = matched
    call = _Call(op)
    in_desc = call.descriptor(packed, 2, "in")
    out_desc = call.descriptor(unpacked, 2, "out")
    call.args += [call.size(in_desc, d) for d in range(4)]
    call.args += [call.size(out_desc, d) for d in range(2)]
    call.args.append(call.flags(flags))
    call.emit("unpack")
