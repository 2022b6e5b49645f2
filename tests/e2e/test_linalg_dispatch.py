"""End to end: linalg-on-buffers executables (elementwise, fills, copy, transpose, broadcast,
pack, mmt4d, unpack, the float ops where MLIR's semantics differ from IREE 3.13's) compiled
in both codegen modes, dispatched sequentially and on two threads, and compared with numpy.

Each is dispatched over the grid the compiler computed (`grid=None`, several workgroups for
the larger problems). Kernels whose result does not depend on how often a workgroup runs are
also dispatched over another grid: distributed loops stride over whatever grid they get, and
an undistributed kernel does all the work in every workgroup. mmt4d accumulates, so it runs
only on its compiled grid, which also checks that workgroups do not overlap."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from e2e_support import load

from pyvmvx.runtime import Executable

# Scalar code (ukernels=none) on two threads is opt-in (`--run-slow`): its results must be
# those of the sequential run, which runs by default, and threaded dispatch runs by default
# with ukernels=all here and with scalar kernels in test_hal_dispatch.
pytestmark = pytest.mark.parametrize(
    ("ukernels", "threads"),
    [
        ("all", None),
        ("all", 2),
        ("none", None),
        pytest.param("none", 2, marks=pytest.mark.slow),
    ],
)
GRIDS = pytest.mark.parametrize("grid", [None, (5, 2, 1)])
Grid = tuple[int, int, int] | None

RNG = np.random.default_rng(11)


def _floats(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def _run(
    executable: Executable,
    entry: str,
    grid: Grid,
    threads: int | None,
    inputs: list[np.ndarray],
    output: np.ndarray,
    constants: tuple[int, ...] = (),
) -> np.ndarray:
    executable.dispatch(entry, grid, [*inputs, output], constants, threads=threads)
    return output


@GRIDS
@pytest.mark.parametrize(
    ("entry", "reference"),
    [("add", np.add), ("mul", np.multiply)],
)
def test_binary_elementwise(
    ukernels: str,
    grid: Grid,
    threads: int | None,
    entry: str,
    reference: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> None:
    executable = load("elementwise", ukernels)["elementwise"]
    a, b = _floats(512, 384), _floats(512, 384)
    out = _run(executable, entry, grid, threads, [a, b], np.zeros((512, 384), np.float32))
    np.testing.assert_array_equal(out, reference(a, b))


@GRIDS
def test_exp(ukernels: str, grid: Grid, threads: int | None) -> None:
    executable = load("elementwise", ukernels)["elementwise"]
    a = _floats(512, 384)
    out = _run(executable, "exp", grid, threads, [a], np.zeros((512, 384), np.float32))
    np.testing.assert_allclose(out, np.exp(a), rtol=2e-7)


@GRIDS
@pytest.mark.parametrize("shape", [(5, 7), (130, 3), (1, 200)])
def test_dynamic_add_with_broadcast_row(
    ukernels: str, grid: Grid, threads: int | None, shape: tuple[int, int]
) -> None:
    executable = load("elementwise", ukernels)["elementwise"]
    a, row = _floats(*shape), _floats(shape[1])
    out = np.zeros(shape, np.float32)
    _run(executable, "add_row", grid, threads, [a, row], out, shape)
    np.testing.assert_array_equal(out, a + row)


@GRIDS
def test_fills(ukernels: str, grid: Grid, threads: int | None) -> None:
    executable = load("data_movement", ukernels)["data_movement"]
    cases = [
        ("fill_f32", np.zeros((33, 65), np.float32), -1.25),
        ("fill_i32", np.zeros(130, np.int32), 123456789),
        ("fill_i8", np.zeros((7, 9), np.int8), -3),
    ]
    for entry, out, value in cases:
        _run(executable, entry, grid, threads, [], out)
        assert (out == value).all(), entry


@GRIDS
def test_copy_transpose_broadcast(ukernels: str, grid: Grid, threads: int | None) -> None:
    executable = load("data_movement", ukernels)["data_movement"]
    ints = RNG.integers(-1000, 1000, (70, 50), dtype=np.int32)
    out = _run(executable, "copy", grid, threads, [ints], np.zeros((70, 50), np.int32))
    np.testing.assert_array_equal(out, ints)
    matrix = _floats(600, 300)
    out = np.zeros((300, 600), np.float32)
    np.testing.assert_array_equal(
        _run(executable, "transpose", grid, threads, [matrix], out), matrix.T
    )
    row = _floats(300)
    out = _run(executable, "broadcast", grid, threads, [row], np.zeros((600, 300), np.float32))
    np.testing.assert_array_equal(out, np.broadcast_to(row, (600, 300)))


def _pack(matrix: np.ndarray, tile: tuple[int, int], pad: float) -> np.ndarray:
    rows, cols = -(-matrix.shape[0] // tile[0]), -(-matrix.shape[1] // tile[1])
    padded = np.full((rows * tile[0], cols * tile[1]), pad, matrix.dtype)
    padded[: matrix.shape[0], : matrix.shape[1]] = matrix
    return padded.reshape(rows, tile[0], cols, tile[1]).transpose(0, 2, 1, 3).copy()


@GRIDS
def test_pack_unpack(ukernels: str, grid: Grid, threads: int | None) -> None:
    executable = load("pack_unpack", ukernels)["pack_unpack"]
    matrix = _floats(30, 21)
    packed = _run(executable, "pack", grid, threads, [matrix], np.zeros((4, 6, 8, 4), np.float32))
    np.testing.assert_array_equal(packed, _pack(matrix, (8, 4), 0.5))
    unpacked = _run(executable, "unpack", grid, threads, [packed], np.zeros((30, 21), np.float32))
    np.testing.assert_array_equal(unpacked, matrix)


def test_mmt4d_accumulates_once(ukernels: str, threads: int | None) -> None:
    executable = load("mmt4d", ukernels)["mmt4d"]
    assert executable.entry_point("mmt4d").workgroup_count == (8, 1, 1)
    lhs, rhs, acc = _floats(16, 8, 8, 4), _floats(16, 8, 8, 4), _floats(16, 16, 8, 8)
    expected = acc + np.einsum("mkab,nkcb->mnac", lhs, rhs)
    out = _run(executable, "mmt4d", None, threads, [lhs, rhs], acc.copy())
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


EDGES = np.array([0.0, -0.0, np.nan, 1.0], np.float32)


def _special_floats(n: int) -> np.ndarray:
    """f32 values where MLIR and IREE 3.13 differ: a third random, a third halves (k + 0.5),
    a third drawn from signed zeros, NaN, infinities and a few integers and halves."""
    special = np.array([0.5, -0.5, 2.5, -2.5, 0.0, -0.0, np.nan, np.inf, -np.inf, 3.0, -7.0])
    kind = RNG.integers(0, 3, n)
    random = RNG.standard_normal(n) * 8
    halves = RNG.integers(-20, 20, n) + 0.5
    return np.select([kind == 0, kind == 1], [random, halves], RNG.choice(special, n)).astype(
        np.float32
    )


def _operand_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Two `_special_floats` arrays whose first 16 pairs are every pair of EDGES."""
    a, b = _special_floats(n), _special_floats(n)
    a[:16], b[:16] = np.repeat(EDGES, 4), np.tile(EDGES, 4)
    return a, b


def _assert_same_floats(actual: np.ndarray, expected: np.ndarray) -> None:
    """Equal bit for bit (+0.0 is not -0.0), except that any NaN matches any NaN."""
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(actual), nan)
    np.testing.assert_array_equal(actual[~nan].view(np.uint32), expected[~nan].view(np.uint32))


def test_mlir_float_to_int_truncates(ukernels: str, threads: int | None) -> None:
    executable = load("mlir_float_semantics", ukernels)["mlir_float_semantics"]
    x = _special_floats(512)
    finite = np.isfinite(x)  # NaN and infinities are poison, as are negatives for fptoui
    for entry, defined in (("fptosi", finite), ("fptoui", finite & (x > -1))):
        out = _run(executable, entry, None, threads, [x], np.zeros(512, np.int32))
        np.testing.assert_array_equal(out[defined], np.trunc(x[defined]), err_msg=entry)


def test_mlir_remf_is_fmod(ukernels: str, threads: int | None) -> None:
    executable = load("mlir_float_semantics", ukernels)["mlir_float_semantics"]
    a, b = _operand_pairs(512)
    out = _run(executable, "remf", None, threads, [a, b], np.zeros(512, np.float32))
    with np.errstate(invalid="ignore"):
        _assert_same_floats(out, np.fmod(a, b))


def test_mlir_maximumf_minimumf(ukernels: str, threads: int | None) -> None:
    executable = load("mlir_float_semantics", ukernels)["mlir_float_semantics"]
    a, b = _operand_pairs(512)
    # numpy propagates NaN too, but picks by argument order between zeros.
    zeros, a_negative = (a == 0) & (b == 0), np.signbit(a)
    expected = {
        "maximumf": np.where(zeros, np.where(a_negative, b, a), np.maximum(a, b)),
        "minimumf": np.where(zeros, np.where(a_negative, a, b), np.minimum(a, b)),
    }
    for entry, reference in expected.items():
        out = _run(executable, entry, None, threads, [a, b], np.zeros(512, np.float32))
        _assert_same_floats(out, reference)
