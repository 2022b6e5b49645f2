"""End to end: executables in IREE's tensor form (`dispatch.tensor.load/store` on bindings),
bufferized by `iree-codegen-iree-comprehensive-bufferize`, compiled in both codegen modes and
compared with numpy: the hand-written `executables/tensor_dispatches.mlir` and the executable
sources real IREE 3.13 printed (`inputs/iree_*.mlir`, made by `inputs/make_iree_sources.py`).

Each dispatch runs over the grid its count region gives; elementwise kernels also over another
grid (their distributed loops stride over whatever grid they get)."""

from __future__ import annotations

import numpy as np
import pytest
from e2e_support import INPUTS, load

from pyvmvx.runtime import Executable

pytestmark = pytest.mark.parametrize("ukernels", ["all", "none"])
GRIDS = pytest.mark.parametrize("grid", [None, (5, 2, 1)])
Grid = tuple[int, int, int] | None

RNG = np.random.default_rng(13)


def _floats(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def _tensor_dispatches(ukernels: str) -> Executable:
    return load("tensor_dispatches", ukernels)["tensor_dispatches"]


def _iree(name: str, ukernels: str, executable: str) -> Executable:
    return load(f"iree_{name}", ukernels, INPUTS)[executable]


@GRIDS
def test_add_static(ukernels: str, grid: Grid) -> None:
    a, b, out = _floats(300, 200), _floats(300, 200), np.zeros((300, 200), np.float32)
    _tensor_dispatches(ukernels).dispatch("add_static", grid, [a, b, out])
    np.testing.assert_array_equal(out, a + b)


@GRIDS
@pytest.mark.parametrize("n", [1, 77, 1000])
def test_add_dynamic(ukernels: str, grid: Grid, n: int) -> None:
    a, b, out = _floats(n), _floats(n), np.zeros(n, np.float32)
    _tensor_dispatches(ukernels).dispatch("add_dynamic", grid, [a, b, out], [n])
    np.testing.assert_array_equal(out, a + b)


@pytest.mark.parametrize("n", [5, 300])
def test_add_in_iree_workload_form(ukernels: str, n: int) -> None:
    a, b, out = _floats(n), _floats(n), np.zeros(n, np.float32)
    _tensor_dispatches(ukernels).dispatch("add_workload", None, [a, b, out], [n, 0])
    np.testing.assert_array_equal(out, a + b)


def test_matmul_with_fill(ukernels: str) -> None:
    a, b, out = _floats(67, 45), _floats(45, 53), np.full((67, 53), np.nan, np.float32)
    _tensor_dispatches(ukernels).dispatch("matmul", None, [a, b, out])
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("rows", [1, 33])
def test_row_reduction(ukernels: str, rows: int) -> None:
    a, out = _floats(rows, 40), np.full(rows, np.nan, np.float32)
    _tensor_dispatches(ukernels).dispatch("rowsum", None, [a, out], [rows])
    np.testing.assert_allclose(out, a.sum(axis=1), rtol=1e-5, atol=1e-5)


def test_transpose(ukernels: str) -> None:
    a, out = _floats(70, 130), np.zeros((130, 70), np.float32)
    _tensor_dispatches(ukernels).dispatch("transpose", None, [a, out])
    np.testing.assert_array_equal(out, a.T)


def test_pad(ukernels: str) -> None:
    a, out = _floats(33, 20), np.zeros((37, 26), np.float32)
    _tensor_dispatches(ukernels).dispatch("pad", None, [a, out])
    np.testing.assert_array_equal(out, np.pad(a, ((1, 3), (2, 4)), constant_values=-2.5))


def test_extract_and_insert_slices(ukernels: str) -> None:
    a, b, out = _floats(20, 10), _floats(8, 12), np.zeros((8, 12), np.float32)
    _tensor_dispatches(ukernels).dispatch("slices", None, [a, b, out])
    expected = b.copy()
    expected[2:5, 3:9] = 2 * a[10:13, 0:6]
    np.testing.assert_array_equal(out, expected)


def test_accumulate_into_readwrite_binding(ukernels: str) -> None:
    a, b, acc = _floats(50, 60), _floats(60), _floats(50, 60)
    expected = acc + a * b
    _tensor_dispatches(ukernels).dispatch("accumulate", None, [a, b, acc])
    np.testing.assert_allclose(acc, expected, rtol=1e-6, atol=1e-6)


def test_constant_tensor_operand(ukernels: str) -> None:
    table = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9], [1.5, 2.5, -3.5]], np.float32)
    a, out = _floats(4, 3), np.zeros((4, 3), np.float32)
    _tensor_dispatches(ukernels).dispatch("scale_by_constant", None, [a, out])
    np.testing.assert_array_equal(out, a * table)


def test_write_that_would_clobber_a_later_read(ukernels: str) -> None:
    a, b = _floats(40, 30), np.zeros((40, 30), np.float32)
    old = a.copy()
    _tensor_dispatches(ukernels).dispatch("square_in_place", None, [a, b])
    np.testing.assert_array_equal(a, old * old)
    np.testing.assert_array_equal(b, old * old - old)


def test_store_over_a_value_still_read(ukernels: str) -> None:
    a, b = _floats(40, 30), _floats(40, 30)
    old_a, old_b = a.copy(), b.copy()
    _tensor_dispatches(ukernels).dispatch("swap", None, [a, b])
    np.testing.assert_array_equal(a, old_b)
    np.testing.assert_array_equal(b, -old_a)


# --- executable sources printed by IREE ----------------------------------------------


def test_iree_contractions(ukernels: str) -> None:
    a, b, out = _floats(37, 29), _floats(29, 41), np.zeros((37, 41), np.float32)
    matmul = _iree("contractions", ukernels, "matmul_dispatch_0")
    matmul.dispatch("matmul_dispatch_0_matmul_37x41x29_f32", None, [a, b, out])
    np.testing.assert_allclose(out, a @ b, rtol=1e-5, atol=1e-5)
    x, w, bias, out = _floats(8, 32), _floats(32, 16), _floats(16), np.zeros((8, 16), np.float32)
    dense = _iree("contractions", ukernels, "dense_relu_dispatch_0")
    dense.dispatch("dense_relu_dispatch_0_matmul_8x16x32_f32", None, [x, w, bias, out])
    np.testing.assert_allclose(out, np.maximum(x @ w + bias, 0), rtol=1e-5, atol=1e-5)
    image, kernels, out = (
        _floats(1, 3, 9, 9),
        _floats(4, 3, 3, 3),
        np.zeros((1, 4, 7, 7), np.float32),
    )
    conv = _iree("contractions", ukernels, "conv_dispatch_0")
    conv.dispatch("conv_dispatch_0_conv_4x7x7x3x3x3_f32", None, [image, kernels, out])
    windows = np.lib.stride_tricks.sliding_window_view(image[0], (3, 3), axis=(1, 2))
    expected = np.einsum("cijkl,fckl->fij", windows, kernels)[None]
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("n", [3, 1001])
def test_iree_dynamic_add(ukernels: str, n: int) -> None:
    executable = _iree("elementwise", ukernels, "add_dispatch_0")
    a, b, out = _floats(n), _floats(n), np.zeros(n, np.float32)
    # Each size is an index: two 32-bit push constants (low, high), as IREE's host passes it,
    # and the workload its count region takes (the grid depends on it: the loop is tiled).
    executable.dispatch(
        "add_dispatch_0_elementwise_D_f32", None, [a, b, out], [n, 0, n, 0], workload=[n, n]
    )
    np.testing.assert_array_equal(out, a + b)


def test_iree_constant_transpose_and_pad(ukernels: str) -> None:
    table = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9], [1.5, 2.5, -3.5]], np.float32)
    a, out = _floats(4, 3), np.zeros((4, 3), np.float32)
    scale = _iree("elementwise", ukernels, "scale_dispatch_0")
    scale.dispatch("scale_dispatch_0_elementwise_4x3_f32", None, [a, out])
    np.testing.assert_array_equal(out, a * table)
    b, transposed = _floats(6, 10), np.zeros((10, 6), np.float32)
    transpose = _iree("elementwise", ukernels, "transpose_dispatch_0")
    transpose.dispatch("transpose_dispatch_0_transpose_6x10_f32", None, [b, transposed])
    np.testing.assert_array_equal(transposed, b.T)
    # IREE pads with a host-side fill of the result, then this dispatch copies the source in.
    c, padded = _floats(5, 7), np.full((8, 10), 1.5, np.float32)
    pad = _iree("elementwise", ukernels, "pad_dispatch_0")
    pad.dispatch("pad_dispatch_0_slow_memcpy", None, [c, padded])
    np.testing.assert_array_equal(padded, np.pad(c, ((1, 2), (2, 1)), constant_values=1.5))


def test_iree_reductions(ukernels: str) -> None:
    rows = 45
    a, sums = _floats(rows, 16), np.zeros(rows, np.float32)
    rowsum = _iree("reductions", ukernels, "rowsum_dispatch_0")
    # IREE's 64s tile the rows, so the grid needs the workload; the python policy keeps a
    # reduction whole (a constant grid, which takes none).
    entry = "rowsum_dispatch_0_reduction_Dx16_f32"
    distributed = rowsum.entry_point(entry).count_function is not None
    rowsum.dispatch(entry, None, [a, sums], [rows, 0], workload=[rows] if distributed else None)
    np.testing.assert_allclose(sums, a.sum(axis=1), rtol=1e-5, atol=1e-5)
    # Softmax in two dispatches: exp(x - rowmax) (a reduction fused with its consumer, the
    # row maxima in a local buffer), then the division by the row sums.
    x, exp, out = _floats(4, 10), np.zeros((4, 10), np.float32), np.zeros((4, 10), np.float32)
    _iree("reductions", ukernels, "softmax_dispatch_0").dispatch(0, None, [x, exp])
    _iree("reductions", ukernels, "softmax_dispatch_1").dispatch(0, None, [exp, out])
    expected = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out, expected / expected.sum(axis=1, keepdims=True), rtol=1e-6)
