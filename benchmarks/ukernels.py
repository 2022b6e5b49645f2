"""Benchmark of the runtime `vmvx` module's exports against plain numpy.

For each export family on a large tile, the best-of-N time of the export and of the numpy
expression computing the same result into a preallocated array (so neither side pays for
allocation), their ratio, and the time of one call of the same export on a 1×4 tile (the
per-call overhead). Each pair is first checked to produce the same result. Prints a markdown
table; the targets (issue 3) are a ratio ≤ 1.3 for elementwise/copy/fill, ≤ 2 for
mmt4d/pack/unpack, and ≤ 15 µs per small call.

Run: `python benchmarks/ukernels.py [--repeat N]` (not a test: pytest does not collect it).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from pyvmvx.runtime import Buffer, VMVXModule

MODULE = VMVXModule()
SIDE = 1024  # elementwise, copy, fill, pack and unpack work on SIDE×SIDE f32 matrices
MATMUL = 512  # mmt4d computes a MATMUL³ product
M0, N0, K0 = 8, 8, 4  # mmt4d tiles
T0, T1 = 8, 4  # pack/unpack tiles
F32_PACK = 0x01
MMT4D_F32 = 0x01

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
    ]
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
