"""Benchmark of the runtime `vmvx` module's exports against plain numpy.

For each export family on a large tile, the best-of-N time of the export and of the numpy
expression computing the same result into a preallocated array (so neither side pays for
allocation), their ratio, and the time of one call of the same export on a 1×4 tile (the
per-call overhead). Each pair is first checked to produce the same result. Prints a markdown
table; the targets (issue 3) are a ratio ≤ 1.3 for elementwise/copy/fill, ≤ 2 for
mmt4d/pack/unpack, and ≤ 15 µs per small call; issue 12's are ≤ 1.1 for `ex.matmul` on
512³ f32 and ≤ 1.5 on 256³ i8→i32 (against numpy's int32 product of the widened operands).

Run: `python benchmarks/ukernels.py [--repeat N]` (not a test: pytest does not collect it).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pyvmvx.runtime import Buffer, VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS, TYPES

MODULE = VMVXModule()
SIDE = 1024  # elementwise, copy, fill, pack and unpack work on SIDE×SIDE f32 matrices
MATMUL = 512  # mmt4d computes a MATMUL³ product
M0, N0, K0 = 8, 8, 4  # mmt4d tiles
T0, T1 = 8, 4  # pack/unpack tiles
F32_PACK = 0x01
MMT4D_F32 = 0x01
EX_MATMUL_TYPES = {"f32": ("f32", "f32"), "i8": ("i8", "i32")}  # input, output types

Call = Callable[[], object]


@dataclass(frozen=True)
class Case:
    """One table row: the export on a large tile, its numpy equivalent, and a 1×4 call."""

    label: str
    workload: str
    target: float
    export: Call
    numpy: Call
    same_result: Callable[[], bool]
    small: Call


def _operand(array: np.ndarray, *, mutable: bool) -> tuple[Buffer, int, int, int]:
    """A contiguous 2-D array as (buffer, offset, stride0, stride1) arguments."""
    return Buffer(array, mutable=mutable), 0, array.shape[1], 1


def _matrix(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    return rng.uniform(0.5, 2.0, (rows, cols)).astype(np.float32)


def _equal(a: np.ndarray, b: np.ndarray) -> Callable[[], bool]:
    return lambda: bool(np.array_equal(a, b, equal_nan=True))


def _elementwise(
    rng: np.random.Generator, export: str, ufunc: np.ufunc, arity: int
) -> tuple[Call, Call, Callable[[], bool], Call]:
    """(export call, numpy call, result check, 1×4 export call) for a binary or unary op."""

    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        inputs = [_matrix(rng, side0, side1) for _ in range(arity)]
        out, expected = np.zeros((side0, side1), np.float32), np.zeros((side0, side1), np.float32)
        args = [a for x in inputs for a in _operand(x, mutable=False)]
        args += [*_operand(out, mutable=True), side0, side1]
        return (
            lambda: MODULE.call(export, *args),
            lambda: ufunc(*inputs, out=expected),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    small, _, _ = calls(1, 4)
    return export_call, numpy_call, check, small


Operand = Callable[[int, int], np.ndarray]
"""Makes an operand of an ex call for a side0×side1 tile (a 0-d array: stride-0 scalar)."""


def _ex(
    op: str,
    src: str,
    dst: str,
    operands: list[Operand],
    expression: Callable[..., object],
    rtol: float = 0.0,
) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.<arity>.4d` computing `op` on SIDE×SIDE, against numpy's `expression(*inputs,
    out=...)`, equal within `rtol` (math in f64 rounded once against numpy's float32 SIMD);
    an i1 result is compared as booleans."""
    export = {1: "ex.unary.4d", 2: "ex.binary.4d", 3: "ex.ternary.4d"}[len(operands)]
    out_dtype = np.uint8 if dst == "i1" else np.dtype(dst.replace("i", "int").replace("f", "float"))

    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        inputs = [make(side0, side1) for make in operands]
        out = np.zeros((side0, side1), out_dtype)
        expected = np.zeros((side0, side1), bool if dst == "i1" else out_dtype)
        args: list[object] = [OPS.index(op), TYPES[src] | TYPES[dst] << 8]
        for x in inputs:
            strides = (side1, 1) if x.ndim else (0, 0)
            args += [Buffer(x.reshape(-1), mutable=False), 0, 0, 0, *strides]
        args += [Buffer(out, mutable=True), 0, 0, 0, side1, 1, 1, 1, side0, side1]
        return (
            lambda: MODULE.call(export, *args),
            lambda: expression(*inputs, out=expected),
            lambda: bool(np.allclose(out.astype(expected.dtype), expected, rtol, 0, True)),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _ex_cases(rng: np.random.Generator) -> list[tuple[str, Callable[[], object]]]:
    """(label, thunk of `_ex`'s calls) of the extension ukernels benchmarked."""

    def of(dtype: str) -> Operand:
        def make(side0: int, side1: int) -> np.ndarray:
            if dtype.startswith("f"):
                return rng.uniform(-2.0, 2.0, (side0, side1)).astype(dtype.replace("f", "float"))
            return rng.integers(-100, 100, (side0, side1)).astype(dtype.replace("i", "int"))

        return make

    def scalar(value: float) -> Operand:
        return lambda side0, side1: np.array(value, np.float32)

    def condition(side0: int, side1: int) -> np.ndarray:
        return rng.integers(0, 2, (side0, side1)).astype(np.uint8)

    f32 = of("f32")

    def _convert(x: np.ndarray, out: np.ndarray) -> None:
        np.copyto(out, x, casting="unsafe")

    def select(c: np.ndarray, a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
        np.copyto(out, b)
        np.copyto(out, a, where=c.astype(bool))

    return [
        ("arith.addf f32", lambda: _ex("arith.addf", "f32", "f32", [f32, f32], np.add)),
        ("arith.addf f64", lambda: _ex("arith.addf", "f64", "f64", [of("f64")] * 2, np.add)),
        ("arith.addi i8", lambda: _ex("arith.addi", "i8", "i8", [of("i8")] * 2, np.add)),
        (
            "arith.maximumf f32, 0.0 (relu)",
            lambda: _ex("arith.maximumf", "f32", "f32", [f32, scalar(0.0)], np.maximum),
        ),
        ("math.exp f32", lambda: _ex("math.exp", "f32", "f32", [f32], np.exp, 1e-6)),
        ("arith.cmpf.olt f32", lambda: _ex("arith.cmpf.olt", "f32", "i1", [f32, f32], np.less)),
        (
            "arith.select f32",
            lambda: _ex("arith.select", "f32", "f32", [condition, f32, f32], select),
        ),
        (
            "arith.sitofp i32→f32",
            lambda: _ex("arith.sitofp", "i32", "f32", [of("i32")], _convert),
        ),
    ]


def _copy(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        source = _matrix(rng, side0, side1)
        out, expected = np.zeros_like(source), np.zeros_like(source)
        args = [*_operand(source, mutable=False), *_operand(out, mutable=True), side0, side1]
        return (
            lambda: MODULE.call("copy.2d.x32", *args),
            lambda: np.copyto(expected, source),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _fill() -> tuple[Call, Call, Callable[[], bool], Call]:
    value = np.float32(1.5)
    bits = int(value.view(np.int32))

    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        out, expected = np.zeros((side0, side1), np.float32), np.zeros((side0, side1), np.float32)
        buffer = Buffer(out, mutable=True)
        return (
            lambda: MODULE.call("fill.2d.x32", bits, buffer, 0, side1, side0, side1),
            lambda: expected.fill(value),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _mmt4d(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """MATMUL³ as mmt4d on [M][K][M0][K0] × [N][K][N0][K0] tiles, against `np.matmul`."""

    def calls(m: int, n: int, k: int, m0: int, n0: int, k0: int) -> tuple[Call, Call, Call]:
        lhs2d, rhs2d = _matrix(rng, m * m0, k * k0), _matrix(rng, k * k0, n * n0)
        lhs = np.ascontiguousarray(lhs2d.reshape(m, m0, k, k0).transpose(0, 2, 1, 3))
        rhs = np.ascontiguousarray(rhs2d.T.reshape(n, n0, k, k0).transpose(0, 2, 1, 3))
        out = np.zeros((m, n, m0, n0), np.float32)
        expected = np.zeros((m * m0, n * n0), np.float32)
        args = [
            Buffer(lhs, mutable=False), 0, k * m0 * k0,
            Buffer(rhs, mutable=False), 0, k * n0 * k0,
            Buffer(out, mutable=True), 0, n * m0 * n0,
            m, n, k, m0, n0, k0, MMT4D_F32,
        ]  # fmt: skip

        def same() -> bool:
            unpacked = out.transpose(0, 2, 1, 3).reshape(m * m0, n * n0)
            return bool(np.allclose(unpacked, expected, rtol=1e-5))

        return (
            lambda: MODULE.call("mmt4d", *args),
            lambda: np.matmul(lhs2d, rhs2d, out=expected),
            same,
        )

    export_call, numpy_call, check = calls(MATMUL // M0, MATMUL // N0, MATMUL // K0, M0, N0, K0)
    return export_call, numpy_call, check, calls(1, 1, 1, 1, 4, 1)[0]


def _pack(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """Row-major SIDE×SIDE into [SIDE/T0][SIDE/T1][T0][T1], against reshape-transpose-copy."""

    def calls(rows: int, cols: int, t0: int, t1: int) -> tuple[Call, Call, Callable[[], bool]]:
        source = _matrix(rng, rows, cols)
        packed_shape = (rows // t0, cols // t1, t0, t1)
        out, expected = np.zeros(packed_shape, np.float32), np.zeros(packed_shape, np.float32)
        row = cols * t0
        args = [
            *_operand(source, mutable=False), Buffer(out, mutable=True), 0, row, t1,
            rows, cols, *packed_shape, 0, F32_PACK,
        ]  # fmt: skip
        tiles = source.reshape(rows // t0, t0, cols // t1, t1).transpose(0, 2, 1, 3)
        return (
            lambda: MODULE.call("pack", *args),
            lambda: np.copyto(expected, tiles),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE, T0, T1)
    return export_call, numpy_call, check, calls(1, 4, 1, 4)[0]


def _unpack(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """[SIDE/T0][SIDE/T1][T0][T1] back to row-major SIDE×SIDE, against transpose-copy."""

    def calls(rows: int, cols: int, t0: int, t1: int) -> tuple[Call, Call, Callable[[], bool]]:
        packed = rng.uniform(0.5, 2.0, (rows // t0, cols // t1, t0, t1)).astype(np.float32)
        out, expected = np.zeros((rows, cols), np.float32), np.zeros((rows, cols), np.float32)
        args = [
            Buffer(packed, mutable=False), 0, cols * t0, t1, *_operand(out, mutable=True),
            *packed.shape, rows, cols, F32_PACK,
        ]  # fmt: skip
        target = expected.reshape(rows // t0, t0, cols // t1, t1)
        return (
            lambda: MODULE.call("unpack", *args),
            lambda: np.copyto(target, packed.transpose(0, 2, 1, 3)),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE, T0, T1)
    return export_call, numpy_call, check, calls(1, 4, 1, 4)[0]


def _ex_matmul(
    rng: np.random.Generator, side: int, dtype: str, transpose_b: bool
) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.matmul` of side³ (rhs read transposed through its strides), against `np.matmul`
    on the same views (int8: numpy's own int32 product of the widened operands)."""
    pair = EX_MATMUL_TYPES[dtype]

    def calls(m: int, n: int, k: int) -> tuple[Call, Call, Callable[[], bool]]:
        if dtype == "i8":
            lhs = rng.integers(-128, 128, (m, k), dtype=np.int8)
            rhs = rng.integers(-128, 128, (k, n), dtype=np.int8)
            out, expected = np.zeros((m, n), np.int32), np.zeros((m, n), np.int32)
        else:
            lhs, rhs = _matrix(rng, m, k), _matrix(rng, k, n)
            out, expected = np.zeros((m, n), np.float32), np.zeros((m, n), np.float32)
        stored = np.ascontiguousarray(rhs.T) if transpose_b else rhs
        rhs_strides = (1, k) if transpose_b else (n, 1)
        args = [
            TYPES[pair[0]] | TYPES[pair[1]] << 8, 0,
            Buffer(lhs, mutable=False), 0, 0, k, 1,
            Buffer(stored, mutable=False), 0, 0, *rhs_strides,
            Buffer(out, mutable=True), 0, 0, n, 1,
            1, m, n, k,
        ]  # fmt: skip
        view = stored.T if transpose_b else stored
        if dtype == "i8":

            def numpy_call() -> object:
                return np.matmul(lhs.astype(np.int32), view.astype(np.int32), out=expected)

        else:

            def numpy_call() -> object:
                return np.matmul(lhs, view, out=expected)

        return (
            lambda: MODULE.call("ex.matmul", *args),
            numpy_call,
            lambda: bool(np.allclose(out, expected, rtol=1e-5)),
        )

    export_call, numpy_call, check = calls(side, side, side)
    return export_call, numpy_call, check, calls(1, 4, 1)[0]


def _ex_conv(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.conv` of an NHWC image and an HWCF 3×3 filter (stride 1), against the nine shifted
    matmuls a numpy user writes, into a preallocated output."""

    def calls(side: int, c: int, f: int, k: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.uniform(0.5, 2.0, (1, side, side, c)).astype(np.float32)
        w = rng.uniform(0.5, 2.0, (k, k, c, f)).astype(np.float32)
        o = side - k + 1
        out, expected = np.zeros((1, o, o, f), np.float32), np.zeros((1, o, o, f), np.float32)
        args = [
            TYPES["f32"] | TYPES["f32"] << 8, 0,
            Buffer(x, mutable=False), 0, 0, 0, side * c, c, 1,
            Buffer(w, mutable=False), 0, 0, k * c * f, c * f, f, 1,
            Buffer(out, mutable=True), 0, 0, 0, o * f, f, 1,
            1, 1, o, o, f, k, k, c, 1, 1, 1, 1,
        ]  # fmt: skip

        def numpy_call() -> object:
            expected[...] = 0
            for i in range(k):
                for j in range(k):
                    expected[...] += x[:, i : i + o, j : j + o] @ w[i, j]
            return expected

        return (
            lambda: MODULE.call("ex.conv", *args),
            numpy_call,
            lambda: bool(np.allclose(out, expected, rtol=1e-5)),
        )

    export_call, numpy_call, check = calls(56, 64, 64, 3)
    return export_call, numpy_call, check, calls(4, 1, 1, 1)[0]


def _ex_pool(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.pool` max of an NCHW image over 3×3 windows, stride 2, against `np.maximum` of the
    nine strided views, into a preallocated output."""

    def calls(side: int, c: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.uniform(0.5, 2.0, (1, c, side, side)).astype(np.float32)
        o = (side - 3) // 2 + 1
        out = np.full((1, c, o, o), -np.inf, np.float32)
        expected = np.empty_like(out)
        args = [
            OPS.index("arith.maximumf"), TYPES["f32"] | TYPES["f32"] << 8,
            Buffer(x, mutable=False), 0, 0, side * side, side, 1,
            Buffer(out, mutable=True), 0, 0, o * o, o, 1,
            1, c, o, o, 3, 3, 2, 2, 1, 1,
        ]  # fmt: skip
        end = 2 * (o - 1) + 1

        def numpy_call() -> object:
            expected[...] = -np.inf
            for i in range(3):
                for j in range(3):
                    np.maximum(expected, x[:, :, i : i + end : 2, j : j + end : 2], out=expected)
            return expected

        return (
            lambda: MODULE.call("ex.pool", *args),
            numpy_call,
            lambda: bool(np.array_equal(out, expected)),
        )

    export_call, numpy_call, check = calls(113, 64)
    return export_call, numpy_call, check, calls(4, 1)[0]


def _ex_conv_3d(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.conv.3d` of an NDHWC volume and a DHWCF 3×3×3 filter (stride 1), against the 27
    shifted matmuls a numpy user writes, into a preallocated output."""

    def calls(side: int, c: int, f: int, k: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.uniform(0.5, 2.0, (1, side, side, side, c)).astype(np.float32)
        w = rng.uniform(0.5, 2.0, (k, k, k, c, f)).astype(np.float32)
        o = side - k + 1
        out = np.zeros((1, o, o, o, f), np.float32)
        expected = np.zeros_like(out)
        args = [
            TYPES["f32"] | TYPES["f32"] << 8, 0,
            Buffer(x, mutable=False), 0, 0, 0, side * side * c, side * c, c, 1,
            Buffer(w, mutable=False), 0, 0, k * k * c * f, k * c * f, c * f, f, 1,
            Buffer(out, mutable=True), 0, 0, 0, o * o * f, o * f, f, 1,
            1, 1, o, o, o, f, k, k, k, c, 1, 1, 1, 1, 1, 1, 0, 0,
        ]  # fmt: skip

        def numpy_call() -> object:
            expected[...] = 0
            for i in range(k):
                for j in range(k):
                    for m in range(k):
                        expected[...] += x[:, i : i + o, j : j + o, m : m + o] @ w[i, j, m]
            return expected

        return (
            lambda: MODULE.call("ex.conv.3d", *args),
            numpy_call,
            lambda: bool(np.allclose(out, expected, rtol=1e-5)),
        )

    export_call, numpy_call, check = calls(24, 32, 32, 3)
    return export_call, numpy_call, check, calls(4, 1, 1, 1)[0]


def _ex_conv_q(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """Quantized `ex.conv.3d` (unit depth: a `conv_2d_nhwc_hwcf_q`) of i8 operands with zero
    points into i32, against numpy's int32 matmuls of the shifted, widened operands."""

    def calls(side: int, c: int, f: int, k: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.integers(-128, 128, (1, side, side, c), dtype=np.int8)
        w = rng.integers(-128, 128, (k, k, c, f), dtype=np.int8)
        in_zp, filter_zp = -3, 5
        o = side - k + 1
        out = np.zeros((1, o, o, f), np.int32)
        expected = np.zeros_like(out)
        args = [
            TYPES["i8"] | TYPES["i32"] << 8, 0,
            Buffer(x, mutable=False), 0, 0, 0, 0, side * c, c, 1,
            Buffer(w, mutable=False), 0, 0, 0, k * c * f, c * f, f, 1,
            Buffer(out, mutable=True), 0, 0, 0, 0, o * f, f, 1,
            1, 1, 1, o, o, f, 1, k, k, c, 1, 1, 1, 1, 1, 1, in_zp, filter_zp,
        ]  # fmt: skip

        def numpy_call() -> object:
            shifted = x.astype(np.int32) - in_zp
            weights = w.astype(np.int32) - filter_zp
            expected[...] = 0
            for i in range(k):
                for j in range(k):
                    expected[...] += shifted[:, i : i + o, j : j + o] @ weights[i, j]
            return expected

        return (
            lambda: MODULE.call("ex.conv.3d", *args),
            numpy_call,
            lambda: bool(np.array_equal(out, expected)),
        )

    export_call, numpy_call, check = calls(56, 64, 64, 3)
    return export_call, numpy_call, check, calls(4, 1, 1, 1)[0]


def _ex_pool_3d(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.pool.3d` max of an NDHWC volume over 2×2×2 windows, stride 2, against `np.maximum`
    of the eight strided views, into a preallocated output."""

    def calls(side: int, c: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.uniform(0.5, 2.0, (1, side, side, side, c)).astype(np.float32)
        o = side // 2
        out = np.full((1, o, o, o, c), -np.inf, np.float32)
        expected = np.empty_like(out)
        args = [
            OPS.index("arith.maximumf"), TYPES["f32"] | TYPES["f32"] << 8,
            Buffer(x, mutable=False), 0, 0, 1, side * side * c, side * c, c,
            Buffer(out, mutable=True), 0, 0, 1, o * o * c, o * c, c,
            1, c, o, o, o, 2, 2, 2, 2, 2, 2, 1, 1, 1,
        ]  # fmt: skip
        end = 2 * (o - 1) + 1

        def numpy_call() -> object:
            expected[...] = -np.inf
            for i, j, m in np.ndindex(2, 2, 2):
                view = x[:, i : i + end : 2, j : j + end : 2, m : m + end : 2]
                np.maximum(expected, view, out=expected)
            return expected

        return (
            lambda: MODULE.call("ex.pool.3d", *args),
            numpy_call,
            lambda: bool(np.array_equal(out, expected)),
        )

    export_call, numpy_call, check = calls(64, 32)
    return export_call, numpy_call, check, calls(2, 1)[0]


def _ex_pool_cast(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """Casting `ex.pool`: i8 summed into i32 (`pooling_nhwc_sum`) over 3×3 windows, stride 2,
    against numpy's int32 sums of the nine widened strided views."""

    def calls(side: int, c: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = rng.integers(-128, 128, (1, side, side, c), dtype=np.int8)
        o = (side - 3) // 2 + 1
        out = np.zeros((1, o, o, c), np.int32)
        expected = np.empty_like(out)
        args = [
            OPS.index("arith.addi"), TYPES["i8"] | TYPES["i32"] << 8,
            Buffer(x, mutable=False), 0, 0, 1, side * c, c,
            Buffer(out, mutable=True), 0, 0, 1, o * c, c,
            1, c, o, o, 3, 3, 2, 2, 1, 1,
        ]  # fmt: skip
        end = 2 * (o - 1) + 1

        def numpy_call() -> object:
            expected[...] = 0
            for i in range(3):
                for j in range(3):
                    np.add(expected, x[:, i : i + end : 2, j : j + end : 2], out=expected)
            return expected

        def check() -> bool:  # the timed calls accumulated: once more from zero
            out[...] = 0
            MODULE.call("ex.pool", *args)
            return bool(np.array_equal(out, expected))

        return lambda: MODULE.call("ex.pool", *args), numpy_call, check

    export_call, numpy_call, check = calls(113, 64)
    return export_call, numpy_call, check, calls(4, 1)[0]


def _ex_reduce(
    rng: np.random.Generator, op: str, ufunc: np.ufunc
) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.reduce` of each row of an f32 matrix into its (identity-filled) output, against
    `ufunc.reduce` into a preallocated array."""

    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = _matrix(rng, side0, side1)
        identity = np.float32(0.0 if ufunc is np.add else -np.inf)
        out = np.full(side0, identity, np.float32)
        expected = np.empty_like(out)
        args = [
            OPS.index(op), TYPES["f32"] | TYPES["f32"] << 8, 8,
            Buffer(x, mutable=False), 0, 0, 0, side1, 1,
            Buffer(out, mutable=True), 0, 0, 0, 1, 0,
            1, 1, side0, side1,
        ]  # fmt: skip

        def check() -> bool:  # the timed calls accumulated: once more from the identity
            out[...] = identity
            MODULE.call("ex.reduce", *args)
            return bool(np.allclose(out, expected, rtol=1e-5, atol=1e-3))

        return (
            lambda: MODULE.call("ex.reduce", *args),
            lambda: ufunc.reduce(x, axis=1, out=expected),
            check,
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _ex_argreduce(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.argreduce` (torch's argmax: the max and its first index) of each row of an f32
    matrix, against `np.max` and `np.argmax` into preallocated arrays. Both make two passes,
    but numpy's argmax of a read-only array (the export's input buffer) copies it first:
    target 2."""

    def calls(side0: int, side1: int) -> tuple[Call, Call, Callable[[], bool]]:
        x = _matrix(rng, side0, side1)
        value, index = np.full(side0, -np.inf, np.float32), np.zeros(side0, np.int64)
        expected_value, expected_index = np.empty_like(value), np.empty_like(index)
        args = [
            OPS.index("arith.maximumf"), TYPES["f32"] | TYPES["i64"] << 8, 3,
            Buffer(x, mutable=False), 0, 0, 0, side1, 1,
            Buffer(value, mutable=True), 0, 0, 0, 1, 0,
            Buffer(index, mutable=True), 0, 0, 0, 1, 0,
            1, 1, side0, side1,
        ]  # fmt: skip

        def numpy_call() -> None:
            np.max(x, axis=1, out=expected_value)
            np.argmax(x, axis=1, out=expected_index)

        def check() -> bool:
            value[...], index[...] = -np.inf, 0
            MODULE.call("ex.argreduce", *args)
            return _equal(value, expected_value)() and _equal(index, expected_index)()

        return lambda: MODULE.call("ex.argreduce", *args), numpy_call, check

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _ex_gather(rng: np.random.Generator) -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.gather` of an embedding lookup, out[i, j] = table[ids[i], j] (the column index an
    iota, as the compiler passes it), against `np.take` of the rows."""
    zero = [Buffer(np.zeros(1, np.int64), mutable=False), 0, 0, 0, 0, 0]

    def calls(rows: int, cols: int) -> tuple[Call, Call, Callable[[], bool]]:
        table = _matrix(rng, 4 * rows, cols)
        ids = rng.integers(0, 4 * rows, rows)
        out, expected = np.zeros((rows, cols), np.float32), np.zeros((rows, cols), np.float32)
        args = [
            TYPES["f32"] | TYPES["f32"] << 8,
            Buffer(table, mutable=False), 0, 0, 0, cols, 1, 1, 1, 4 * rows, cols,
            *zero, *zero,
            Buffer(ids, mutable=False), 0, 0, 0, 1, 0,
            Buffer(np.arange(cols, dtype=np.int64), mutable=False), 0, 0, 0, 0, 1,
            Buffer(out, mutable=True), 0, 0, 0, cols, 1,
            1, 1, rows, cols,
        ]  # fmt: skip
        return (
            lambda: MODULE.call("ex.gather", *args),
            lambda: np.take(table, ids, axis=0, out=expected),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def _ex_iota() -> tuple[Call, Call, Callable[[], bool], Call]:
    """`ex.iota` of the column index into an i64 matrix, against copying `np.arange`."""

    def calls(rows: int, cols: int) -> tuple[Call, Call, Callable[[], bool]]:
        out, expected = np.zeros((rows, cols), np.int64), np.zeros((rows, cols), np.int64)
        args = [3, TYPES["i64"], Buffer(out, mutable=True), 0, 0, 0, cols, 1, 1, 1, rows, cols]
        return (
            lambda: MODULE.call("ex.iota", *args),
            lambda: np.copyto(expected, np.arange(cols)),
            _equal(out, expected),
        )

    export_call, numpy_call, check = calls(SIDE, SIDE)
    return export_call, numpy_call, check, calls(1, 4)[0]


def cases() -> list[Case]:
    rng = np.random.default_rng(0)
    square = f"{SIDE}×{SIDE} f32"
    tiled = f"{SIDE}² f32, {T0}×{T1} tiles"
    matmul = f"{MATMUL}³ f32, {M0}×{N0}×{K0} tiles"
    rows = [
        ("add.2d.f32", square, 1.3, _elementwise(rng, "add.2d.f32", np.add, 2)),
        ("mul.2d.f32", square, 1.3, _elementwise(rng, "mul.2d.f32", np.multiply, 2)),
        ("exp.2d.f32", square, 1.3, _elementwise(rng, "exp.2d.f32", np.exp, 1)),
        ("copy.2d.x32", square, 1.3, _copy(rng)),
        ("fill.2d.x32", square, 1.3, _fill()),
        ("mmt4d", matmul, 2.0, _mmt4d(rng)),
        ("pack", tiled, 2.0, _pack(rng)),
        ("unpack", tiled, 2.0, _unpack(rng)),
        ("ex.matmul", f"{MATMUL}³ f32", 1.1, _ex_matmul(rng, MATMUL, "f32", False)),
        ("ex.matmul", f"{MATMUL}³ f32, rhs transposed", 1.1, _ex_matmul(rng, MATMUL, "f32", True)),
        ("ex.matmul", "256³ i8→i32", 1.5, _ex_matmul(rng, 256, "i8", False)),
        ("ex.conv", "1×56×56×64 * 3×3×64×64 f32 NHWC", 1.5, _ex_conv(rng)),
        ("ex.pool", "max 3×3/2 of 1×64×113×113 f32 NCHW", 1.5, _ex_pool(rng)),
        ("ex.conv.3d", "1×24³×32 * 3³×32×32 f32 NDHWC", 1.5, _ex_conv_3d(rng)),
        ("ex.conv.3d", "quantized 1×56×56×64 * 3×3×64×64 i8→i32", 1.5, _ex_conv_q(rng)),
        ("ex.pool.3d", "max 2³/2 of 1×64³×32 f32 NDHWC", 1.5, _ex_pool_3d(rng)),
        ("ex.pool", "sum 3×3/2 of 1×113×113×64 i8→i32 NHWC", 1.5, _ex_pool_cast(rng)),
        ("ex.reduce", f"row sums of {square}", 1.3, _ex_reduce(rng, "arith.addf", np.add)),
        ("ex.reduce", f"row max of {square}", 1.3, _ex_reduce(rng, "arith.maximumf", np.maximum)),
        ("ex.argreduce", f"row max and argmax of {square}", 2.0, _ex_argreduce(rng)),
        ("ex.gather", f"{SIDE} rows of a {4 * SIDE}×{SIDE} f32 table", 1.3, _ex_gather(rng)),
        ("ex.iota", f"{SIDE}×{SIDE} i64 column index", 1.3, _ex_iota()),
    ]
    rows += [(f"ex: {label}", square, 1.3, calls()) for label, calls in _ex_cases(rng)]
    return [Case(label, workload, target, *calls) for label, workload, target, calls in rows]


def best_of(call: Call, repeat: int, number: int = 1) -> float:
    """The fastest of `repeat` timings of `number` back-to-back calls, per call, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            call()
        best = min(best, (time.perf_counter() - start) / number)
    return best


OVERHEAD_TARGET_US = 15.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="timings per measurement")
    repeat = parser.parse_args().repeat
    print("| export | workload | export ms | numpy ms | ratio (target) | 1×4 call µs (target) |")
    print("|---|---|---:|---:|---:|---:|")
    for case in cases():
        case.export()
        case.numpy()
        if not case.same_result():
            raise SystemExit(f"{case.label}: the export and numpy disagree; not timing it")
        exported, plain = best_of(case.export, repeat), best_of(case.numpy, repeat)
        small = best_of(case.small, repeat, number=2000) * 1e6
        ratio = exported / plain
        print(
            f"| `{case.label}` | {case.workload} | {exported * 1e3:.3f} | {plain * 1e3:.3f} "
            f"| {ratio:.2f} {'✓' if ratio <= case.target else '✗'} (≤ {case.target}) "
            f"| {small:.1f} {'✓' if small <= OVERHEAD_TARGET_US else '✗'} "
            f"(≤ {OVERHEAD_TARGET_US:.0f}) |"
        )


if __name__ == "__main__":
    main()
