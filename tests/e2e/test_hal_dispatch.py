"""End to end: HAL executables modelled on IREE's HAL conformance tests, and executables
written as IREE users write them (dynamic binding sizes, scratch allocas, count regions of
their own) (`tests/e2e/executables/*.mlir`), are compiled with `pyvmvx.compile`, loaded with
`pyvmvx.runtime.load_executables` and dispatched over a grid, in both codegen modes
(`ukernels=all|none`), sequentially and on two threads, and compared with numpy."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from e2e_support import load

from pyvmvx.runtime import StatusError

pytestmark = pytest.mark.parametrize("ukernels", ["all", "none"])
THREADS = pytest.mark.parametrize("threads", [None, 2])


@THREADS
def test_abs(ukernels: str, threads: int | None) -> None:
    executable = load("abs", ukernels)["abs_executable"]
    for value in (-2.5, 3.0, -0.0, float("-inf")):
        x = np.array(value, np.float32)
        y = np.array(np.nan, np.float32)
        executable.dispatch("abs", (1, 1, 1), [x, y], threads=threads)
        assert y == abs(value) and not np.signbit(y)


@THREADS
def test_push_constants(ukernels: str, threads: int | None) -> None:
    executable = load("push_constants", ukernels)["push_constants"]
    out = np.zeros(4, np.int32)
    constants = [7, -1, 1 << 31, np.uint32(0xFFFFFFFE)]
    executable.dispatch("store_constants", (1, 1, 1), [out], constants, threads=threads)
    np.testing.assert_array_equal(out, np.array([7, -1, -(1 << 31), -2], np.int32))
    assert executable.entry_point(0).workgroup_size == (1, 1, 1)


@THREADS
def test_constants_and_bindings(ukernels: str, threads: int | None) -> None:
    executable = load("constants_bindings", ukernels)["scale_offset"]
    rng = np.random.default_rng(5)
    n = 1000
    data = rng.integers(-(1 << 31), 1 << 31, n, dtype=np.int32)
    out = np.full(n + 3, 99, np.int32)
    executable.dispatch("scale_and_offset", (1, 1, 1), [data, out], [-7, 12345, n], threads)
    with np.errstate(over="ignore"):
        expected = data * np.int32(-7) + np.int32(12345)
    np.testing.assert_array_equal(out[:n], expected)
    np.testing.assert_array_equal(out[n:], [99, 99, 99])


@THREADS
@pytest.mark.parametrize("grid", [(4, 3, 2), (1, 1, 1), (5, 1, 7)])
def test_multi_workgroup(ukernels: str, threads: int | None, grid: tuple[int, int, int]) -> None:
    executable = load("multi_workgroup", ukernels)["workgroups"]
    count = grid[0] * grid[1] * grid[2]
    out = np.full((count, 4), -1, np.int32)
    executable.dispatch("write_ids", grid, [out], threads=threads)
    z, y, x = np.meshgrid(*(np.arange(n) for n in grid[::-1]), indexing="ij")
    expected = np.stack([np.arange(count), x.ravel(), y.ravel(), z.ravel()], axis=1)
    np.testing.assert_array_equal(out, expected)


@THREADS
def test_multi_entry_point(ukernels: str, threads: int | None) -> None:
    executable = load("multi_entry", ukernels)["two_entries"]
    assert executable.entry_points == ("negate", "double")
    data = np.arange(-3, 5, dtype=np.int32)
    out = np.zeros(8, np.int32)
    executable.dispatch(0, (1, 1, 1), [data, out], threads=threads)
    np.testing.assert_array_equal(out, -data)
    executable.dispatch("double", (1, 1, 1), [data, out], threads=threads)
    np.testing.assert_array_equal(out, 2 * data)


@THREADS
def test_executable_constants(ukernels: str, threads: int | None) -> None:
    executable = load("executable_constants", ukernels)["executable_constants"]
    out = np.zeros(16, np.int32)
    executable.dispatch("affine_ids", (16, 1, 1), [out], threads=threads)
    np.testing.assert_array_equal(out, np.arange(16) * 12 - 5)


@THREADS
def test_constant_table_from_a_global_initializer(ukernels: str, threads: int | None) -> None:
    executable = load("constant_table", ukernels)["constant_table"]
    keys = np.array([5, 0, 3, 3, 1, 2, 4, 5, 0, 1], np.int32)
    out = np.zeros(10, np.int32)
    executable.dispatch("lookup", bindings=[keys, out], threads=threads)
    np.testing.assert_array_equal(out, keys * keys)
    with pytest.raises(StatusError) as info:  # key 6 reads past the 6-entry table
        executable.dispatch("lookup", bindings=[np.full(10, 6, np.int32), out])
    assert info.value.code == "OUT_OF_RANGE"


@THREADS
@pytest.mark.parametrize(("entry", "scale"), [("negate", -1), ("double", 2)])
@pytest.mark.parametrize(("n", "length"), [(0, 1), (65, 80)])
def test_dynamic_sizes_bound_the_dispatch(
    ukernels: str, threads: int | None, entry: str, scale: int, n: int, length: int
) -> None:
    executable = load("dynamic_sizes", ukernels)["dynamic_sizes"]
    data = np.arange(1, length + 1, dtype=np.float32)
    out = np.full(length, 99, np.float32)
    executable.dispatch(entry, bindings=[data, out], constants=[n], threads=threads)
    expected = np.full(length, 99, np.float32)
    expected[:n] = data[:n] * scale
    np.testing.assert_array_equal(out, expected)


@THREADS
def test_scratch_alloca(ukernels: str, threads: int | None) -> None:
    executable = load("scratch_alloca", ukernels)["scratch_alloca"]
    data = np.arange(32, dtype=np.float32).reshape(4, 8)
    out = np.zeros((4, 8), np.float32)
    executable.dispatch("copy_through", bindings=[data, out], threads=threads)
    np.testing.assert_array_equal(out, data)


@THREADS
@pytest.mark.parametrize(
    ("entry", "grid", "reference"),
    [("add", (1, 1, 1), np.add), ("mul", (5, 2, 1), np.multiply)],
)
def test_user_count_region_is_the_grid(
    ukernels: str,
    threads: int | None,
    entry: str,
    grid: tuple[int, int, int],
    reference: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> None:
    executable = load("user_count", ukernels)["user_count"]
    ordinal = executable.entry_points.index(entry)
    assert executable.entry_point(ordinal).workgroup_count == grid
    rng = np.random.default_rng(3)
    a, b = (rng.standard_normal((512, 256)).astype(np.float32) for _ in range(2))
    out = np.zeros((512, 256), np.float32)
    executable.dispatch(entry, bindings=[a, b, out], threads=threads)
    np.testing.assert_array_equal(out, reference(a, b))


# ---------------------------------------------------------------------------
# Errors at dispatch
# ---------------------------------------------------------------------------


def test_dispatch_errors(ukernels: str) -> None:
    executable = load("constants_bindings", ukernels)["scale_offset"]
    data, out = np.arange(8, dtype=np.int32), np.zeros(8, np.int32)
    cases = [
        ({"entry": "nope"}, "NOT_FOUND"),
        ({"entry": 1}, "INVALID_ARGUMENT"),
        ({"bindings": [data]}, "INVALID_ARGUMENT"),
        ({"constants": [1, 2]}, "INVALID_ARGUMENT"),
        ({"constants": [1, 2, 9]}, "OUT_OF_RANGE"),  # n = 9 runs past the 8-element bindings
        ({"bindings": [data, out[:4]]}, "OUT_OF_RANGE"),
        ({"bindings": [data, np.zeros(8, np.int32)[::-1]]}, "INVALID_ARGUMENT"),
    ]
    for overrides, code in cases:
        arguments = {
            "entry": "scale_and_offset",
            "bindings": [data, out],
            "constants": [1, 2, 8],
            **overrides,
        }
        with pytest.raises(StatusError) as info:
            executable.dispatch(arguments.pop("entry"), (1, 1, 1), **arguments)
        assert info.value.code == code, overrides
    read_only = np.zeros(8, np.int32)
    read_only.flags.writeable = False
    with pytest.raises(StatusError) as info:
        executable.dispatch(0, (1, 1, 1), [data, read_only], [1, 2, 8])
    assert info.value.code == "PERMISSION_DENIED"
