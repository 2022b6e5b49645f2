"""Smoke tests of the `vmvx` runtime module: its export table and one call of each family.

The exhaustive checks (scalar reference, properties, every error) live in test_vmvx_module_*.
"""

import numpy as np
import pytest

from pyvmvx.runtime import Buffer, StatusError, VMVXModule

VMVX = VMVXModule()
INT_MIN = -(2**31)


def ro(array: np.ndarray) -> Buffer:
    return Buffer(array, mutable=False)


def rw(array: np.ndarray) -> Buffer:
    return Buffer(array, mutable=True)


def binary(name: str, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """`name` over two same-shaped contiguous 2-D arrays, into a fresh output."""
    out = np.zeros_like(lhs)
    rows, cols = lhs.shape
    VMVX.call(name, ro(lhs), 0, cols, 1, ro(rhs), 0, cols, 1, rw(out), 0, cols, 1, rows, cols)
    return out


def unary(name: str, source: np.ndarray) -> np.ndarray:
    out = np.zeros_like(source)
    rows, cols = source.shape
    VMVX.call(name, ro(source), 0, cols, 1, rw(out), 0, cols, 1, rows, cols)
    return out


# --- the export table ----------------------------------------------------------------------


def test_exports_are_in_byte_order() -> None:
    """Which exports, with which conventions, is test_import_registry's check."""
    names = list(VMVX)
    assert tuple(names) == VMVX.export_names
    assert names == sorted(names, key=str.encode)
    copies = [n for n in names if n.startswith("copy.")]
    assert copies == ["copy.2d.x16", "copy.2d.x32", "copy.2d.x64", "copy.2d.x8"]
    assert {"mmt4d", "pack", "unpack", "query_tile_sizes.2d", "fill.2d.x32"} <= set(names)


@pytest.mark.parametrize("name", VMVX.export_names)
def test_arity_follows_the_signature(name: str) -> None:
    assert VMVX.lookup(name).arity == len(VMVX.signature(name).partition("_")[0]) - 1


def test_unknown_export_and_bad_arguments() -> None:
    with pytest.raises(StatusError, match="no export named 'add.2d.f64'") as info:
        VMVX.signature("add.2d.f64")
    assert info.value.code == "NOT_FOUND"
    with pytest.raises(StatusError, match="signature mismatch.*takes 10 arguments") as info:
        VMVX.call("copy.2d.x8", None)
    assert info.value.code == "INVALID_ARGUMENT"
    buf = rw(np.zeros(4, np.uint8))
    with pytest.raises(StatusError, match="argument 9 of copy.2d.x8 .I. must be a 64-bit"):
        VMVX.call("copy.2d.x8", buf, 0, 4, 1, buf, 0, 4, 1, 1, 4.0)


def test_numpy_integer_arguments_are_accepted() -> None:
    out = np.zeros(4, np.int32)
    VMVX.call("fill.2d.x32", np.int32(-1), rw(out), np.int64(0), 4, 1, np.uint8(4))
    assert (out == -1).all()


# --- elementwise ---------------------------------------------------------------------------


def test_add_f32_on_strided_views() -> None:
    data = np.arange(12, dtype=np.float32)
    out = np.zeros(6, np.float32)
    # lhs: rows of a 3x4 matrix, every other column; rhs: broadcast element 11; out: 2x3.
    VMVX.call("add.2d.f32", ro(data), 1, 4, 2, ro(data), 11, 0, 0, rw(out), 0, 3, 1, 2, 2)
    np.testing.assert_array_equal(out.reshape(2, 3)[:, :2], [[12, 14], [16, 18]])
    assert out[2] == 0 and out[5] == 0


def test_stride_minus_one_reads_backwards_and_other_negative_strides_overflow() -> None:
    data = np.arange(8, dtype=np.int32)
    out = np.zeros(8, np.int32)
    VMVX.call("copy.2d.x32", ro(data), 7, 0, -1, rw(out), 0, 0, 1, 1, 8)
    np.testing.assert_array_equal(out, data[::-1])
    with pytest.raises(StatusError, match="^buffer overflow for in$"):
        VMVX.call("copy.2d.x32", ro(data), 7, 0, -2, rw(out), 0, 0, 1, 1, 4)


def test_iree_errors_for_buffer_arguments() -> None:
    data = np.zeros(4, np.float32)
    args = (ro(data), 0, 4, 1, rw(np.zeros(4, np.float32)), 0, 4, 1, 1, 4)
    for code, message, change in [
        ("INVALID_ARGUMENT", "^ref is null$", {0: None}),
        ("INVALID_ARGUMENT", "^ref type mismatch$", {4: object()}),
        ("PERMISSION_DENIED", "read-only", {4: ro(data)}),
        ("OUT_OF_RANGE", r"offset=4, length=16, alignment=4", {5: 1}),
        ("INVALID_ARGUMENT", "^buffer overflow for out$", {6: -2}),
        ("INVALID_ARGUMENT", "^buffer overflow for in$", {8: 2**32}),
    ]:
        call = [change.get(i, a) for i, a in enumerate(args)]
        with pytest.raises(StatusError, match=message) as info:
            VMVX.call("exp.2d.f32", *call)
        assert info.value.code == code


def test_wrapped_iree_range_is_still_kept_inside_the_buffer() -> None:
    # IREE's length for sizes 1x2 with stride1 = -1 wraps to 0 bytes, so its check passes,
    # but element -1 would be read: pyvmvx refuses.
    data = np.zeros(4, np.int32)
    with pytest.raises(StatusError, match="out-of-bounds access detected") as info:
        VMVX.call("copy.2d.x32", ro(data), 0, 0, -1, rw(np.zeros(4, np.int32)), 0, 0, 1, 1, 2)
    assert info.value.code == "OUT_OF_RANGE"


def test_self_overlapping_output_keeps_the_last_write() -> None:
    out = np.zeros(1, np.int32)
    VMVX.call("copy.2d.x32", ro(np.arange(6, dtype=np.int32)), 0, 3, 1, rw(out), 0, 0, 0, 2, 3)
    assert out[0] == 5


def test_overlapping_copy_runs_in_element_order() -> None:
    data = np.arange(8, dtype=np.int32)
    shared = rw(data)
    VMVX.call("copy.2d.x32", shared, 0, 0, 1, shared, 1, 0, 1, 1, 6)  # forward by one: smears
    np.testing.assert_array_equal(data, [0, 0, 0, 0, 0, 0, 0, 7])


def test_defined_integer_edge_cases() -> None:
    lhs = np.array([[7, -7, 5, INT_MIN, INT_MIN]], np.int32)
    rhs = np.array([[2, 2, 0, -1, 0]], np.int32)
    np.testing.assert_array_equal(binary("divs.2d.i32", lhs, rhs), [[3, -3, 0, INT_MIN, 0]])
    unsigned = binary("divu.2d.i32", lhs, rhs).view(np.uint32)
    np.testing.assert_array_equal(unsigned, [[3, (2**32 - 7) // 2, 0, 0, 0]])
    counts = np.array([[1, 33, 32, -1, 31]], np.int32)
    np.testing.assert_array_equal(binary("shl.2d.i32", lhs, counts), [[14, -14, 5, 0, 0]])
    np.testing.assert_array_equal(binary("shrs.2d.i32", lhs, counts), [[3, -4, 5, -1, -1]])
    np.testing.assert_array_equal(
        binary("shru.2d.i32", lhs, counts).view(np.uint32),
        [[3, (2**32 - 7) >> 1, 5, 1, 1]],
    )
    values = np.array([[0, 1, -1, 0x00FFFFFF]], np.int32)
    np.testing.assert_array_equal(unary("ctlz.2d.i32", values), [[32, 31, 0, 8]])


def test_float_edge_cases() -> None:
    values = np.array([[0.0, -0.0, 4.0, -1.0, np.nan]], np.float32)
    rsqrt = unary("rsqrt.2d.f32", values)
    np.testing.assert_array_equal(rsqrt[0, :3], [np.inf, -np.inf, 0.5])
    assert np.isnan(rsqrt[0, 3:]).all()
    negated = unary("neg.2d.f32", values).view(np.uint32)
    np.testing.assert_array_equal(negated, values.view(np.uint32) ^ np.uint32(0x80000000))
    absolute = unary("abs.2d.f32", -values).view(np.uint32)
    np.testing.assert_array_equal(absolute, values.view(np.uint32) & np.uint32(0x7FFFFFFF))
    quotient = binary("div.2d.f32", np.ones((1, 2), np.float32), np.zeros((1, 2), np.float32))
    np.testing.assert_array_equal(quotient, [[np.inf, np.inf]])


def test_fill_takes_the_i32_bit_pattern() -> None:
    out = np.zeros((2, 3), np.float32)
    pattern = int(np.float32(-2.5).view(np.int32))
    VMVX.call("fill.2d.x32", pattern, rw(out), 1, 3, 2, 2)
    np.testing.assert_array_equal(out, [[0, -2.5, -2.5], [0, -2.5, -2.5]])


# --- mmt4d, pack, unpack, query_tile_sizes -------------------------------------------------


def _mmt4d(lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray, flags: int) -> None:
    """mmt4d on contiguous 4-D operands lhs [M][K][M0][K0], rhs [N][K][N0][K0]."""
    m, k, m0, k0 = lhs.shape
    n, _, n0, _ = rhs.shape
    row = (k * m0 * k0, k * n0 * k0, n * m0 * n0)
    VMVX.call(
        "mmt4d", ro(lhs), 0, row[0], ro(rhs), 0, row[1], rw(out), 0, row[2],
        m, n, k, m0, n0, k0, flags,
    )  # fmt: skip


def test_mmt4d_f32_and_s8_against_matmul() -> None:
    rng = np.random.default_rng(0)
    lhs = rng.integers(-128, 128, (2, 3, 4, 2)).astype(np.int8)
    rhs = rng.integers(-128, 128, (5, 3, 1, 2)).astype(np.int8)
    expected = np.einsum("ikac,jkbc->ijab", lhs.astype(np.int64), rhs.astype(np.int64))
    out = np.ones((2, 5, 4, 1), np.int32)
    _mmt4d(lhs, rhs, out, 2 | 0x100)
    np.testing.assert_array_equal(out, expected + 1)
    out_f = np.zeros((2, 5, 4, 1), np.float32)
    _mmt4d(lhs.astype(np.float32), rhs.astype(np.float32), out_f, 1)
    np.testing.assert_array_equal(out_f, expected)  # small integers: exact in f32


def test_mmt4d_k_zero_writes_zeros_unless_accumulating() -> None:
    lhs = np.zeros((1, 0, 1, 1), np.float32)
    out = np.full((1, 1, 1, 1), 7.0, np.float32)
    _mmt4d(lhs, lhs, out, 1 | 0x100)
    assert out[0, 0, 0, 0] == 7.0
    _mmt4d(lhs, lhs, out, 1)
    assert out[0, 0, 0, 0] == 0.0


def test_mmt4d_unhandled_flags_reported_before_mapping() -> None:
    with pytest.raises(StatusError, match="^unhandled flags$"):
        VMVX.call("mmt4d", None, 0, 0, None, 0, 0, None, 0, 0, 1, 1, 1, 1, 1, 1, 3)


@pytest.mark.parametrize("flags", [0x000, 0x100, 0x200, 0x300])
def test_pack_pads_and_unpack_inverts(flags: int) -> None:
    source = np.arange(15, dtype=np.float32).reshape(3, 5)
    # Logical grid of 2 x 3 tiles of 2 x 3 covers 4 x 9: padding rows, columns, a whole tile.
    outer, tile = (2, 3), (2, 3)
    packed_shape = (outer[::-1] if flags & 0x200 else outer) + (
        tile[::-1] if flags & 0x100 else tile
    )
    packed = np.zeros(packed_shape, np.float32)
    pad = int(np.float32(-1).view(np.uint32)) | (5 << 32)  # only the low 32 bits count
    row = packed_shape[1] * packed_shape[2] * packed_shape[3]
    VMVX.call(
        "pack", ro(source), 0, 5, 1, rw(packed), 0, row, 0, 3, 5, *packed_shape, pad, 1 | flags
    )
    grid = np.full((4, 9), -1.0, np.float32)
    grid[:3, :5] = source
    tiles = grid.reshape(2, 2, 3, 3).transpose(0, 2, 1, 3)  # logical (o0, o1, t0, t1)
    if flags & 0x200:
        tiles = tiles.transpose(1, 0, 2, 3)
    if flags & 0x100:
        tiles = tiles.transpose(0, 1, 3, 2)
    np.testing.assert_array_equal(packed, tiles)
    back = np.zeros((3, 5), np.float32)
    VMVX.call("unpack", ro(packed), 0, row, 0, rw(back), 0, 5, 1, *packed_shape, 3, 5, 1 | flags)
    np.testing.assert_array_equal(back, source)


def test_pack_i8_and_bad_types() -> None:
    source = np.arange(4, dtype=np.int8).reshape(1, 4)
    packed = np.zeros((1, 1, 2, 4), np.int8)
    VMVX.call("pack", ro(source), 0, 4, 1, rw(packed), 0, 8, 0, 1, 4, 1, 1, 2, 4, 0x1FF, 2)
    np.testing.assert_array_equal(packed[0, 0], [[0, 1, 2, 3], [-1, -1, -1, -1]])
    with pytest.raises(StatusError, match="^unhandled flags$"):
        VMVX.call("unpack", None, 0, 0, 0, None, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2)


@pytest.mark.parametrize(("flags", "result"), [(0x101, (8, 4)), (0x202, (8, 4)), (0x303, (8, 8))])
def test_query_tile_sizes(flags: int, result: tuple[int, int]) -> None:
    assert VMVX.call("query_tile_sizes.2d", -(2**63), 7, flags) == result


def test_query_tile_sizes_rejects_unknown_roles_and_operations() -> None:
    for flags in (0x100, 0x104, 0x701):
        with pytest.raises(StatusError, match="unhandled flags"):
            VMVX.call("query_tile_sizes.2d", 0, 0, flags)
