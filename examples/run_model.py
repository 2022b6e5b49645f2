"""The Quickstart's main job: compile a bundled PyTorch model and compare it with PyTorch.

Compiles `examples/<model>.mlir` — torch-mlir's linalg-on-tensors export of a small PyTorch
model (`export_models.py` made it) — with `pyvmvx.compile`, loads the module file with the
numpy-only runtime (`pyvmvx.load`), calls its `main` with the inputs stored in
`examples/<model>.npz`, prints the outputs and their largest difference from PyTorch's stored
outputs. Exits with status 1 if they differ by more than 1e-4 of the output's scale.

Run: `python3 examples/run_model.py [--model=cnn|mlp|transformer] [--ukernels=all|none]
[--threads=N]`
"""

import argparse
import sys
import time
from pathlib import Path

import numpy as np

import pyvmvx

EXAMPLES = Path(__file__).parent
MODELS = ("cnn", "mlp", "transformer")
TOLERANCE = 1e-4  # relative to the largest |output|: f32 sums in another order


def _keys(archive: np.lib.npyio.NpzFile, prefix: str) -> list[str]:
    return sorted(
        (k for k in archive.files if k.startswith(prefix)), key=lambda k: int(k[len(prefix) :])
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=MODELS, default="cnn")
    parser.add_argument("--ukernels", choices=("all", "none"), default="all")
    parser.add_argument("--threads", type=int, default=None)
    args = parser.parse_args()
    source = EXAMPLES / f"{args.model}.mlir"

    start = time.perf_counter()
    module_file = pyvmvx.compile(source, ukernels=args.ukernels)
    compiled = time.perf_counter()
    module = pyvmvx.load(module_file, threads=args.threads)
    print(
        f"compiled {source.name} ({len(module_file)} bytes) in {compiled - start:.2f} s "
        f"(ukernels={args.ukernels}); functions: {', '.join(module.functions)}"
    )
    with np.load(EXAMPLES / f"{args.model}.npz") as archive:
        inputs = [archive[k] for k in _keys(archive, "input")]
        expected = [archive[k] for k in _keys(archive, "output")]

    start = time.perf_counter()
    result = module.main(*inputs)
    ran = time.perf_counter()
    outputs = list(result) if isinstance(result, tuple) else [result]
    shapes = ", ".join(f"{a.shape} {a.dtype}" for a in inputs)
    print(f"ran main({shapes}) in {(ran - start) * 1e3:.1f} ms")

    np.set_printoptions(precision=4, suppress=True, linewidth=100, threshold=40)
    failed = False
    for index, (got, want) in enumerate(zip(outputs, expected, strict=True)):
        error = float(np.max(np.abs(got - want))) if want.size else 0.0
        scale = float(np.max(np.abs(want))) if want.size else 0.0
        print(f"output {index}: {got.shape} {got.dtype}\n{got}")
        print(f"PyTorch's output {index}:\n{want}")
        print(f"max |pyvmvx - PyTorch| = {error:.3g} (largest |PyTorch| = {scale:.3g})")
        failed |= got.shape != want.shape or error > TOLERANCE * max(scale, 1.0)
    if failed:
        print("MISMATCH: pyvmvx and PyTorch disagree", file=sys.stderr)
        return 1
    print("OK: pyvmvx matches PyTorch")
    return 0


if __name__ == "__main__":
    sys.exit(main())
