"""`pyvmvx-lower-contraction-to-ex-matmul`: matmul-like linalg ops on buffers become one call of
pyvmvx's `vmvx.ex.matmul` (`pyvmvx/runtime/modules/vmvx_ex_matmul.py`) each.

Runs under `ukernels=all` (or a list naming `ex.matmul`) after tiling and distribution and
IREE's mmt4d/pack/unpack ukernels, before `iree-vmvx-lower-linalg-microkernels`, so each
workgroup tile is one call. It takes any linalg op on buffers (named or generic) that is a
contraction `out[b, m, n] += cast(lhs[b, m, k]) * cast(rhs[b, k, n])`:
- two inputs and one output, all memrefs, with projected-permutation maps;
- exactly one reduction loop `k`, used by both inputs and not the output; every parallel
  loop used by the output and by one input (`m` of lhs, `n` of rhs) or both (`b`), at most
  one of each kind, so `linalg.matmul` (any `indexing_maps`, e.g. a transposed operand),
  `batch_matmul`, `matvec`, `vecmat` and `dot` all match; a missing loop is a size of 1;
- the body is `yield out + a * b`, `a` and `b` the input block arguments or their `extf`
  (floats) / `extsi` (integers) to the output type, both inputs of one type (f16, f32, f64,
  i8, i16, i32, i64) and the output at least as wide, or bf16 inputs and an f32/f64 output.
Transposed operands are strides. The output's zero `linalg.fill` just before the op
(`ukernel_calls.zero_fill`, as for mmt4d) is dropped and the call does not accumulate;
otherwise it does (`ACCUMULATE`).

Data tiling stays selectable as in IREE: programs written as `linalg.pack`/`mmt4d`/`unpack`
keep IREE's ukernels, and `ukernels="mmt4d,pack,unpack,ex"` (a list without `ex.matmul`)
leaves plain contractions to the scalar fallback, as IREE's VMVX does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp, i32
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.attrs import IteratorType
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, PatternRewriteWalker, RewritePattern

from pyvmvx.runtime.modules.vmvx_ex_matmul import ACCUMULATE, matmul_accepts
from pyvmvx.transforms.ukernel_calls import EX_TYPE_CODES, Emitter, zero_fill

UKERNEL = "ex.matmul"
"""The name enabling this lowering in a `ukernels` list (`all` includes it)."""

_CASTS = {arith.MulfOp: arith.ExtFOp, arith.MuliOp: arith.ExtSIOp}
_ADDS = {arith.MulfOp: arith.AddfOp, arith.MuliOp: arith.AddiOp}


@dataclass(frozen=True)
class Contraction:
    """A matched contraction: operands with their maps, the loop of each role (b, m, n, k;
    None where absent) and the `types` argument."""

    operands: tuple[tuple[SSAValue, AffineMap], ...]
    loops: tuple[int | None, int | None, int | None, int]
    types: int

    ROLES: ClassVar[tuple[tuple[int, int, int], ...]] = ((0, 1, 3), (0, 3, 2), (0, 1, 2))
    """The roles (b 0, m 1, n 2, k 3) of lhs, rhs and out, in the export's stride order."""


def _cast_of(value: SSAValue, cast: type[Operation], block: Block) -> BlockArgument | None:
    """The input block argument `value` is, or is the cast of."""
    if isinstance(value.owner, cast):
        value = value.owner.operands[0]
    if isinstance(value, BlockArgument) and value.block is block and value.index < 2:
        return value
    return None


def _body_types(block: Block) -> int | None:
    """The `types` argument of a `yield out + cast(a) * cast(b)` body, else None."""
    *ops, terminator = block.ops
    if not isinstance(terminator, YieldOp) or len(terminator.operands) != 1:
        return None
    add = terminator.operands[0].owner
    if not isinstance(add, Operation) or len(add.operands) != 2:
        return None
    out = block.args[2]
    product = add.operands[1] if add.operands[0] is out else add.operands[0]
    mul = product.owner
    if out not in add.operands or type(mul) not in _CASTS or type(add) is not _ADDS[type(mul)]:
        return None
    assert isinstance(mul, Operation)
    args = {_cast_of(v, _CASTS[type(mul)], block) for v in mul.operands}
    if args != {block.args[0], block.args[1]}:
        return None
    casts = sum(isinstance(v.owner, _CASTS[type(mul)]) for v in mul.operands)
    if len(ops) != 2 + casts or block.args[0].type != block.args[1].type:
        return None
    src, dst = EX_TYPE_CODES.get(block.args[0].type), EX_TYPE_CODES.get(out.type)
    if src is None or dst is None or not matmul_accepts(src, dst) or casts != (src != dst) * 2:
        return None
    return src | dst << 8


def match_contraction(op: Operation) -> Contraction | None:
    """The contraction `op` is (module docstring), or None."""
    if not isinstance(op, LinalgStructuredOperation) or op.res:
        return None
    if len(op.inputs) != 2 or len(op.outputs) != 1:
        return None
    values = (*op.inputs, *op.outputs)
    maps = tuple(m.data for m in op.get_indexing_maps())
    if any(not isinstance(v.type, MemRefType) for v in values) or not all(
        m.is_projected_permutation() for m in maps
    ):
        return None
    types = _body_types(op.body.block)
    if types is None:
        return None
    roles: list[int | None] = [None] * 4
    for loop, kind in enumerate(op.get_iterator_types()):
        used = tuple(AffineDimExpr(loop) in m.results for m in maps)
        reduction = kind.data == IteratorType.REDUCTION
        role = {
            (True, True, False): 3 if reduction else None,
            (True, True, True): 0,
            (True, False, True): 1,
            (False, True, True): 2,
        }.get(used)
        if role is None or roles[role] is not None or reduction != (role == 3):
            return None
        roles[role] = loop
    b, m, n, k = roles
    if k is None:
        return None
    operands = tuple(zip(values, maps, strict=True))
    return Contraction(operands, (b, m, n, k), types)


class LowerContractionToExMatmul(RewritePattern):
    """A contraction on buffers -> `vmvx.ex.matmul`."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        contraction = match_contraction(op)
        if contraction is None or not isinstance(op, LinalgStructuredOperation):
            return
        emitter = Emitter(rewriter, op)
        fill = zero_fill(op)
        args: list[SSAValue] = []
        for value in (contraction.types, 0 if fill else ACCUMULATE):
            constant = arith.ConstantOp(IntegerAttr(value, i32))
            emitter.insert(constant)
            args.append(constant.result)
        sizes: list[SSAValue | None] = [None] * 4
        for (value, map), roles in zip(contraction.operands, Contraction.ROLES, strict=True):
            desc = emitter.descriptor(value)
            args += [desc.base_buffer, desc.offset]
            for role in roles:
                loop = contraction.loops[role]
                if loop is None:
                    args.append(emitter.constant(0))
                    continue
                position = map.results.index(AffineDimExpr(loop))
                args.append(desc.strides[position])
                if sizes[role] is None:
                    sizes[role] = desc.sizes[position]
        args += [emitter.constant(1) if size is None else size for size in sizes]
        emitter.call(UKERNEL, args)
        rewriter.erase(op)
        if fill is not None:
            rewriter.erase(fill)


@dataclass(frozen=True)
class LowerContractionToExMatmulPass(ModulePass):
    """Lowers matmul-like linalg ops on buffers to `vmvx.ex.matmul` calls."""

    name = "pyvmvx-lower-contraction-to-ex-matmul"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        PatternRewriteWalker(LowerContractionToExMatmul(), apply_recursively=False).rewrite_module(
            op
        )
