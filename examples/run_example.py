"""The Quickstart's main job: compile the bundled dense layer and run it against numpy.

Compiles `dense_layer.mlir` (relu(x @ w + b) in IREE's data-tiled form: pack, mmt4d, unpack,
bias + relu) with `pyvmvx.compile`, loads the module file with the numpy-only runtime,
dispatches the five entry points in order over their compiled workgroup grids, and compares
the output with numpy. Exits with status 1 if the results differ beyond f32 rounding.

Run: `python3 examples/run_example.py [--ukernels=all|none] [--threads=N]`
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import pyvmvx
from pyvmvx.runtime import load_executables

SOURCE = Path(__file__).with_name("dense_layer.mlir")
M, K, N = 64, 128, 96
M0, N0, K0 = 8, 8, 4
TOLERANCE = 1e-4  # relative to the largest output: f32 sums of 128 products in another order


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ukernels", choices=("all", "none"), default="all")
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()

    start = time.perf_counter()
    module = pyvmvx.compile(SOURCE, ukernels=args.ukernels)
    compiled = time.perf_counter()
    layer = load_executables(module)["dense_layer"]
    print(f"compiled {SOURCE.name} ({len(module)} bytes) in {compiled - start:.2f} s: {layer}")

    rng = np.random.default_rng(0)
    x = rng.standard_normal((M, K), dtype=np.float32)
    w = rng.standard_normal((K, N), dtype=np.float32) / np.float32(np.sqrt(K))
    b = rng.standard_normal(N, dtype=np.float32)
    lhs = np.empty((M // M0, K // K0, M0, K0), np.float32)
    rhs = np.empty((N // N0, K // K0, N0, K0), np.float32)
    acc = np.empty((M // M0, N // N0, M0, N0), np.float32)
    y = np.empty((M, N), np.float32)

    start = time.perf_counter()
    for entry, bindings in (
        ("pack_lhs", [x, lhs]),
        ("pack_rhs", [w, rhs]),
        ("matmul", [lhs, rhs, acc]),
        ("unpack", [acc, y]),
        ("bias_relu", [b, y]),
    ):
        layer.dispatch(entry, bindings=bindings, threads=args.threads)
    ran = time.perf_counter()

    reference = np.maximum(x @ w + b, 0)
    error = float(np.max(np.abs(y - reference)))
    scale = float(np.max(np.abs(reference)))
    np.set_printoptions(precision=4, suppress=True, linewidth=100)
    print(f"ran 5 dispatches in {(ran - start) * 1e3:.2f} ms (ukernels={args.ukernels})")
    print(f"y = relu(x @ w + b), {M}x{N} f32; top-left corner:")
    print(y[:4, :8])
    print(f"numpy reference, same corner:\n{reference[:4, :8]}")
    print(f"max |y - reference| = {error:.3g} (largest |reference| = {scale:.3g})")
    if error > TOLERANCE * scale:
        print("MISMATCH: pyvmvx and numpy disagree", file=sys.stderr)
        return 1
    print("OK: pyvmvx matches numpy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
