"""Extensions of upstream xDSL 0.75 dialects that IREE-produced IR needs.

`get_overrides()` returns extended copies of upstream dialects (`memref`, `linalg`, `scf`,
`tensor`, `arith`, `affine`, `tosa`, `math`): the upstream op list with some ops replaced and
some added, registered by `pyvmvx-opt` in place of the upstream dialects. Every added or
replaced op prints and parses MLIR's (IREE's) own custom syntax and keeps MLIR's generic
form (operand order, property names).

Which class to use (build with these; matching with `isinstance` works as noted):

- `memref.global`, `memref.copy`, `memref.cast`: `memref.GlobalOp`, `CopyOp`, `CastOp` here,
  subclasses of `xdsl.dialects.memref`'s, so matching the upstream class keeps working.
- `memref.load`, `store`, `alloc`, `alloca`: `memref.LoadOp`, `StoreOp`, `AllocOp`, `AllocaOp`
  (subclasses likewise) print `alignment`/`nontemporal` in MLIR's syntax, not the attribute
  dictionary IREE 3.13 rejects; load and store gain MLIR's `alignment`.
- `linalg.matmul`: `linalg.MatmulOp` here, a subclass of `xdsl.dialects.linalg.ops.MatmulOp`
  with MLIR's casting body (mixed element types) and `indexing_maps = [...]` syntax.
- `linalg.batch_matmul`, `mmt4d`, `matvec`, `vecmat`, `dot`: `linalg.BatchMatmulOp`,
  `Mmt4DOp`, `MatvecOp`, `VecmatOp`, `DotOp` (new `NamedOperation`s).
- `linalg.pack`, `linalg.unpack`: `linalg.PackOp`, `UnPackOp` (new).
- `linalg.pooling_<layout>_<kind>` (MLIR's 17 pooling ops): `linalg.POOLING_OPS` (new, one
  parameterized definition; it replaces upstream's `pooling_nchw_max`, whose body was wrong).
- `linalg.elementwise`: `linalg.ElementwiseOp` with `ElementwiseKindAttr` (new).
- MLIR's convolutions (`conv_1d/2d/3d` and their `_*` layouts including `_q`,
  `depthwise_conv_1d/2d/3d_*` including the multiplier and `_q` forms): `linalg.CONV_OPS`
  (new, one definition parameterized by the loops of each operand; it replaces upstream's
  2-D ones, which refused `vector` strides).
- `linalg.map`: `linalg.MapOp` (new; `generalize()` gives the `linalg.generic`).
- `linalg.generic`: `linalg.GenericOp`, a subclass of upstream's whose parser also reads
  several result types in parentheses, `-> (T, U)`, as MLIR writes them.
- `scf.forall`, `scf.forall.in_parallel`: `scf.ForallOp`, `InParallelOp` (new).
- `tensor.parallel_insert_slice`, `tensor.generate`: `tensor.ParallelInsertSliceOp`,
  `GenerateOp` (new).
- `arith.remf`, `arith.index_castui`: `arith.RemFOp`, `IndexCastUIOp` (new; the latter is
  deliberately not an `arith.IndexCastOp`).
- `affine.delinearize_index`, `linearize_index`, `max`: `affine.DelinearizeIndexOp`,
  `LinearizeIndexOp`, `MaxOp` (new).
- `tosa.apply_scale`: `tosa.ApplyScaleOp` (new; `iree-vmvx-conversion` lowers it to arith).
- `math.isnan`, `isinf`, `isfinite`, `isnormal`: `math.IsNaNOp`, `IsInfOp`, `IsFiniteOp`,
  `IsNormalOp` (new).

A parsed op is an instance of the subclass, so code matching the upstream class keeps
working. An op built from an upstream memref class verifies but prints in generic form (no
custom syntax upstream), and upstream's `linalg.MatmulOp` gets the wrong body for mixed
element types: build with the classes here.

Subclassing a finalized xDSL op works when the subclass redeclares every field of the
upstream op (its accessors are not field definitions); `irdl_options` must not be
redeclared, since xDSL collects them from every class of the MRO.

Semi-affine maps (`()[s0, s1, s2] -> (s0 + s1 * s2)`, `()[s0] -> (16 ceildiv s0)`) are not a
dialect matter: `pyvmvx.ir.semi_affine` builds them, and pyvmvx's parser reads them.
"""

from collections.abc import Callable

from xdsl.ir import Dialect

__all__ = ["get_overrides"]


def get_overrides() -> dict[str, Callable[[], Dialect]]:
    """Extended upstream dialects keyed by the name they replace."""

    def get_memref() -> Dialect:
        from .memref import MemRef

        return MemRef

    def get_linalg() -> Dialect:
        from .linalg import Linalg

        return Linalg

    def get_scf() -> Dialect:
        from .scf import Scf

        return Scf

    def get_tensor() -> Dialect:
        from .tensor import Tensor

        return Tensor

    def get_arith() -> Dialect:
        from .arith import Arith

        return Arith

    def get_affine() -> Dialect:
        from .affine import Affine

        return Affine

    def get_tosa() -> Dialect:
        from .tosa import Tosa

        return Tosa

    def get_math() -> Dialect:
        from .math import Math

        return Math

    return {
        "memref": get_memref,
        "linalg": get_linalg,
        "scf": get_scf,
        "tensor": get_tensor,
        "arith": get_arith,
        "affine": get_affine,
        "tosa": get_tosa,
        "math": get_math,
    }
