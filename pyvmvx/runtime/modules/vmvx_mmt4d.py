"""`mmt4d` and `query_tile_sizes.2d`: the tiled matmul export and its tile-size table.

`mmt4d` computes `out[i][j][i0][j0] (+)= sum_{kk, k0} lhs[i][kk][i0][k0] * rhs[j][kk][j0][k0]`
with one matrix product on rearranged views:
- f32 (flags type 1): float32 product (BLAS sgemm). Its summation order and FMA use differ from
  IREE's tile functions, so results may differ by a few ulps of the sum of |products|; with
  ACCUMULATE the old value is added after the sum rather than first.
- s8s8s32 (flags type 2): exact. The product runs in float64, which is exact because every
  partial sum is an integer below 2**53 (|a*b| <= 2**14 and K*K0 < 2**32, since an lhs row of
  K*M0*K0 bytes passed IREE's 32-bit size guard), then wraps to int32 like IREE's accumulator.
Early exits as IREE: nothing is written if M or N is 0, or K is 0 with ACCUMULATE; K = 0
without ACCUMULATE writes zeros. K0 = 0 counts as K = 0, and M0 = 0 or N0 = 0 writes nothing
(IREE's loops do nothing there either). Any other flags type is INVALID_ARGUMENT "unhandled
flags", reported before the buffers are checked. Bits other than the type and ACCUMULATE are
ignored (IREE checks them only in debug builds). Negative tile sizes M0, N0, K0 are
INVALID_ARGUMENT. If the output rows overlap, the last write in IREE's (i, j, i0, j0) loop
order wins (with a 0 row stride only the last row is computed); with ACCUMULATE, overlapping
rows read the output as it was before the call. The rearranged lhs and rhs tiles are copies,
so broadcast (0-stride or overlapping) input rows count against `vmvx_common.work_limit`. An
output sharing memory with lhs or rhs (undefined for IREE's `restrict` tile pointers) sees
the inputs as they were before the call.

`query_tile_sizes.2d` answers from `TILE_SIZES`, one fixed (M, K, N) per matmul operation (the
generic 8/4/8 of IREE's ukernels, independent of the host). IREE leaves the results
uninitialised for an unknown operation or operand role; pyvmvx reports INVALID_ARGUMENT.
"""

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    Box,
    check_2d,
    check_work,
    flags_type,
    locate,
    store,
    to_i32,
    to_i64,
    work_limit,
)
from pyvmvx.runtime.status import invalid_argument

ACCUMULATE = 0x100

# flags type -> (lhs, rhs, out element dtypes, product dtype)
_MMT4D_TYPES: dict[int, tuple[np.dtype, np.dtype, np.dtype, np.dtype]] = {
    1: (np.dtype(np.float32), np.dtype(np.float32), np.dtype(np.float32), np.dtype(np.float32)),
    2: (np.dtype(np.int8), np.dtype(np.int8), np.dtype(np.int32), np.dtype(np.float64)),
}


def mmt4d(
    lhs_ref: object,
    lhs_offset: int,
    lhs_row_stride: int,
    rhs_ref: object,
    rhs_offset: int,
    rhs_row_stride: int,
    out_ref: object,
    out_offset: int,
    out_row_stride: int,
    m: int,
    n: int,
    k: int,
    m0: int,
    n0: int,
    k0: int,
    flags: int,
) -> tuple[()]:
    """The `mmt4d` export (see the module docstring)."""
    lhs_type, rhs_type, out_type, product_type = flags_type(_MMT4D_TYPES, flags)
    k = to_i64(k)  # M and N are checked below as 2-D sizes; K only through products
    m0, n0, k0 = to_i32(m0), to_i32(n0), to_i32(k0)
    # IREE widens the i32 tile sizes to size_t and multiplies with wrap-around.
    lhs_buf = check_2d(
        "lhs", lhs_ref, lhs_type.itemsize, lhs_offset, lhs_row_stride, 1, m, k * m0 * k0, False
    )
    rhs_buf = check_2d(
        "rhs", rhs_ref, rhs_type.itemsize, rhs_offset, rhs_row_stride, 1, n, k * n0 * k0, False
    )
    out_buf = check_2d(
        "out", out_ref, out_type.itemsize, out_offset, out_row_stride, 1, m, n * m0 * n0, True
    )
    accumulate = bool(flags & ACCUMULATE)
    if m == 0 or n == 0 or (k == 0 and accumulate):
        return ()
    if min(k, m0, n0, k0) < 0:
        raise invalid_argument(f"negative mmt4d size (K={k}, M0={m0}, N0={n0}, K0={k0})")
    if k0 == 0:
        k = 0  # rows of K x 0 elements: an empty sum whatever K is
    if m0 == 0 or n0 == 0 or (k == 0 and accumulate):
        return ()  # empty tiles, or an empty sum added to the output: nothing changes
    lhs = locate(
        "lhs", lhs_buf, lhs_type, lhs_offset, (m, k, m0, k0), (lhs_row_stride, m0 * k0, k0, 1)
    )
    rhs = locate(
        "rhs", rhs_buf, rhs_type, rhs_offset, (n, k, n0, k0), (rhs_row_stride, n0 * k0, k0, 1)
    )
    target = locate(
        "out", out_buf, out_type, out_offset, (m, n, m0, n0), (out_row_stride, m0 * n0, n0, 1)
    )
    buffers = (lhs_buf, rhs_buf, out_buf)
    limit = work_limit(buffers)

    def compute(out: np.ndarray, box: Box) -> None:
        # [i][kk][i0][k0] -> rows (i, i0), columns (kk, k0); the product is [(i, i0), (j, j0)].
        rows, cols, row_tiles, col_tiles = box
        every = slice(None)
        left_tiles = lhs.select((rows, every, row_tiles, every)).array()
        right_tiles = rhs.select((cols, every, col_tiles, every)).array()
        mm, _, mm0, _ = left_tiles.shape
        nn, _, nn0, _ = right_tiles.shape
        check_work("lhs", mm * mm0 * k * k0, limit)
        check_work("rhs", nn * nn0 * k * k0, limit)
        left = left_tiles.transpose(0, 2, 1, 3).reshape(mm * mm0, k * k0)
        right = right_tiles.transpose(0, 2, 1, 3).reshape(nn * nn0, k * k0)
        # The output as it was before the call (read before anything is written).
        old = target.select(box).array() if accumulate else None
        if out_type != product_type:
            exact = np.matmul(left.astype(product_type), right.astype(product_type).T)
            total = exact.reshape(mm, mm0, nn, nn0).transpose(0, 2, 1, 3).astype(np.int64)
            if old is not None:
                total += old
            np.copyto(out.view(np.uint32), total, casting="unsafe")
            return
        with np.errstate(all="ignore"):
            product = np.matmul(left, right.T).reshape(mm, mm0, nn, nn0).transpose(0, 2, 1, 3)
            if old is None:
                np.copyto(out, product)
            else:
                np.add(old, product, out=out)

    store(target, compute, buffers)
    return ()


# matmul operation (flags & 0xFF00) -> tile sizes (M, K, N)
TILE_SIZES: dict[int, tuple[int, int, int]] = {
    0x100: (8, 4, 8),  # MATMUL_F32F32F32
    0x200: (8, 4, 8),  # MATMUL_I8I8I32
    0x300: (8, 4, 8),  # MATMUL_F16F16F32
    0x400: (8, 4, 8),  # MATMUL_F16F16F16
    0x500: (8, 4, 8),  # MATMUL_BF16BF16F32
    0x600: (8, 4, 8),  # MATMUL_BF16BF16BF16
}


def query_tile_sizes_2d(size0: int, size1: int, flags: int) -> tuple[int, int]:
    """`query_tile_sizes.2d`: (M, K) for LHS (role 1), (N, K) for RHS (2), (M, N) for RESULT (3).

    `size0` and `size1` are ignored, as in IREE.
    """
    tiles = TILE_SIZES.get(flags & 0xFF00)
    role = flags & 0xFF
    if tiles is None or not 1 <= role <= 3:
        raise invalid_argument(f"unhandled flags 0x{flags & 0xFFFFFFFF:x} for query_tile_sizes.2d")
    tile_m, tile_k, tile_n = tiles
    return ((tile_m, tile_k), (tile_n, tile_k), (tile_m, tile_n))[role - 1]
