"""Whole programs: pyvmvx against numpy, and against real IREE VMVX when it is installed.

Each program of `benchmarks/programs/` (linalg on tensors, `@main`) is compiled by pyvmvx
(compile time reported), loaded once, checked against its numpy reference, then timed:
pyvmvx and numpy are called once per round after an untimed, checked warm-up call, in
rotating order, for `--repetitions` rounds in one process, so that load on the machine hits
both alike; IREE's columns then get warm-up and rounds of their own (its `local-task`
workers spin for milliseconds after each call and would slow whatever ran next). A column
whose calls have taken `--budget` seconds stops early (slow scalar code; a warm-up call over
the budget is its only sample); its median is over the calls made.
With the optional `bench` extra (`iree-base-compiler`, `iree-base-runtime` 3.13) each program
is also compiled by `iree-compile` for the `vmvx` backend and run on the `local-sync` and
`local-task` devices. The examples' CNN and transformer layer (`examples/*.mlir`) are checked
against PyTorch's stored outputs and have no numpy column.

Prints a markdown table: medians per call in ms, pyvmvx/numpy, and IREE/pyvmvx (how many
times faster pyvmvx is). Not a test: pytest does not collect it.

Run: `python benchmarks/run.py [--repetitions N] [--budget S] [--only REGEX] [--threads N]
[--ukernels all|none] [--no-iree]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import pyvmvx
import pyvmvx.compiler.driver  # noqa: F401  (imported up front: compile times exclude imports)
from pyvmvx.ir.diagnostics import CompileError

HERE = Path(__file__).parent
PROGRAMS = HERE / "programs"
EXAMPLES = HERE.parent / "examples"

Arrays = list[np.ndarray]


def _f32(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.standard_normal(shape, dtype=np.float32)


def _i8(rng: np.random.Generator, *shape: int) -> np.ndarray:
    return rng.integers(-128, 128, shape, dtype=np.int8)


def _conv2d_nhwc(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Valid 3×3 convolution, stride 1: the nine shifted matmuls numpy users write."""
    kh, kw = w.shape[:2]
    oh, ow = x.shape[1] - kh + 1, x.shape[2] - kw + 1
    out = np.zeros((x.shape[0], oh, ow, w.shape[3]), np.float32)
    for i in range(kh):
        for j in range(kw):
            out += x[:, i : i + oh, j : j + ow, :] @ w[i, j]
    return out


def _mlp(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray):
    return np.maximum(x @ w1 + b1, 0) @ w2 + b2


@dataclass(frozen=True)
class Program:
    """A benchmark: its MLIR, how to make its inputs, and its numpy version (None: the
    expected outputs come with the inputs)."""

    name: str
    source: Path
    inputs: Callable[[np.random.Generator], Arrays]
    numpy: Callable[..., np.ndarray] | None
    tolerance: float = 1e-4


PROGRAMS_LIST = [
    Program("add 1024²", PROGRAMS / "add.mlir", lambda r: [_f32(r, 1024, 1024)] * 2, np.add),
    Program(
        "exp(-relu(a*b+c)) 1024²",
        PROGRAMS / "elementwise_chain.mlir",
        lambda r: [_f32(r, 1024, 1024) for _ in range(3)],
        lambda a, b, c: np.exp(-np.maximum(a * b + c, 0)),
    ),
    Program(
        "matmul 256³ f32",
        PROGRAMS / "matmul_256_f32.mlir",
        lambda r: [_f32(r, 256, 256), _f32(r, 256, 256)],
        np.matmul,
    ),
    Program(
        "matmul 512³ f32",
        PROGRAMS / "matmul_512_f32.mlir",
        lambda r: [_f32(r, 512, 512), _f32(r, 512, 512)],
        np.matmul,
    ),
    Program(
        "matmul 256³ i8×i8→i32",
        PROGRAMS / "matmul_256_i8.mlir",
        lambda r: [_i8(r, 256, 256), _i8(r, 256, 256)],
        lambda a, b: np.matmul(a.astype(np.int32), b.astype(np.int32)),
        tolerance=0.0,
    ),
    Program(
        "MLP 64×784→256→10",
        PROGRAMS / "mlp.mlir",
        lambda r: [
            _f32(r, 64, 784),
            _f32(r, 784, 256) * 0.05,
            _f32(r, 256),
            _f32(r, 256, 10) * 0.05,
            _f32(r, 10),
        ],
        _mlp,
    ),
    Program(
        "row-sum 1024²",
        PROGRAMS / "row_sum.mlir",
        lambda r: [_f32(r, 1024, 1024)],
        lambda a: a.sum(axis=1),
    ),
    Program(
        "transpose 1024²",
        PROGRAMS / "transpose.mlir",
        lambda r: [_f32(r, 1024, 1024)],
        lambda a: np.ascontiguousarray(a.T),
    ),
    Program(
        "conv2d NHWC 1×56×56×64, 3×3×64×64",
        PROGRAMS / "conv2d_nhwc.mlir",
        lambda r: [_f32(r, 1, 56, 56, 64), _f32(r, 3, 3, 64, 64) * 0.1],
        _conv2d_nhwc,
    ),
    Program(
        "add 4 (per-call overhead)",
        PROGRAMS / "tiny_add.mlir",
        lambda r: [_f32(r, 4), _f32(r, 4)],
        np.add,
    ),
]


def _example(name: str, label: str) -> Program | None:
    """An example model with its stored inputs (`input*` keys) and PyTorch's outputs."""
    source, data = EXAMPLES / f"{name}.mlir", EXAMPLES / f"{name}.npz"
    if not (source.exists() and data.exists()):
        return None

    def inputs(_: np.random.Generator) -> Arrays:
        with np.load(data) as archive:
            return [archive[k] for k in sorted(archive.files) if k.startswith("input")]

    return Program(label, source, inputs, None)


def _expected(program: Program, arrays: Arrays) -> np.ndarray:
    if program.numpy is not None:
        return np.asarray(program.numpy(*arrays))
    with np.load(program.source.with_suffix(".npz")) as archive:
        outputs = [k for k in sorted(archive.files) if k.startswith("output")]
        return archive[outputs[0]]


def _first(result: object) -> np.ndarray:
    return np.asarray(result[0] if isinstance(result, tuple) else result)


def _check(label: str, got: np.ndarray, want: np.ndarray, tolerance: float) -> str:
    """'ok', or what is wrong with a column's result."""
    if got.shape != want.shape:
        return f"{label}: shape {got.shape}, expected {want.shape}"
    scale = float(np.max(np.abs(want))) if want.size else 0.0
    error = float(np.max(np.abs(got.astype(np.float64) - want))) if want.size else 0.0
    return "ok" if error <= tolerance * max(scale, 1.0) else f"{label}: max error {error:.3g}"


class _IREE:
    """IREE's compiler and runtime (the `bench` extra), or None where it is absent."""

    def __init__(self) -> None:
        import iree.compiler as compiler
        import iree.runtime as runtime

        self.compiler, self.runtime = compiler, runtime

    def compile(self, source: Path) -> bytes:
        return self.compiler.compile_file(
            str(source),
            extra_args=[
                "--iree-hal-target-device=local",
                "--iree-hal-local-target-device-backends=vmvx",
            ],
        )

    def function(self, flatbuffer: bytes, device: str) -> Callable[..., np.ndarray]:
        config = self.runtime.Config(device)
        context = self.runtime.SystemContext(config=config)
        context.add_vm_module(self.runtime.VmModule.copy_buffer(config.vm_instance, flatbuffer))
        main = context.modules.module["main"]

        def call(*arrays: np.ndarray) -> np.ndarray:
            result = main(*arrays)
            return (result[0] if isinstance(result, tuple) else result).to_host()

        return call


def _columns(
    program: Program, iree: _IREE | None, args: argparse.Namespace, notes: list[str]
) -> tuple[dict[str, Callable[..., object]], dict[str, float]]:
    """The callables to time for one program and the compile times (s)."""
    compile_times: dict[str, float] = {}
    start = time.perf_counter()
    module = pyvmvx.load(
        pyvmvx.compile(program.source, ukernels=args.ukernels), threads=args.threads
    )
    compile_times["pyvmvx"] = time.perf_counter() - start
    columns: dict[str, Callable[..., object]] = {"pyvmvx": module.main}
    if program.numpy is not None:
        columns["numpy"] = program.numpy
    if iree is not None:
        start = time.perf_counter()
        try:
            flatbuffer = iree.compile(program.source)
        except Exception as err:  # IREE's compiler raises its own error types
            notes.append(f"{program.name}: iree-compile failed: {str(err).splitlines()[0]}")
        else:
            compile_times["iree"] = time.perf_counter() - start
            for device in ("local-sync", "local-task"):
                columns[f"iree {device}"] = iree.function(flatbuffer, device)
    return columns, compile_times


def _time(
    columns: dict[str, Callable[..., object]],
    arrays: Arrays,
    repetitions: int,
    budget: float,
    slow: dict[str, float],
) -> dict[str, float]:
    """Median seconds per call of each column, called in rotating order; a column in `slow`
    (its warm-up call alone took over the budget) is not called again."""
    names = [n for n in columns if n not in slow]
    times: dict[str, list[float]] = {n: [] for n in names}
    for round_ in range(repetitions):
        order = names[round_ % max(len(names), 1) :] + names[: round_ % max(len(names), 1)]
        for name in order:
            if times[name] and sum(times[name]) > budget:
                continue
            start = time.perf_counter()
            columns[name](*arrays)
            times[name].append(time.perf_counter() - start)
    return {n: statistics.median(t) for n, t in times.items()} | slow


def _fmt(seconds: float | None) -> str:
    return "–" if seconds is None else f"{seconds * 1e3:.3g}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repetitions", type=int, default=10, help="rounds (default 10)")
    parser.add_argument(
        "--budget", type=float, default=20.0, help="seconds of calls per column (default 20)"
    )
    parser.add_argument("--only", default="", help="regex: run the programs it matches")
    parser.add_argument("--threads", type=int, default=None, help="pyvmvx workers (default: CPUs)")
    parser.add_argument("--ukernels", choices=("all", "none"), default="all")
    parser.add_argument("--no-iree", action="store_true", help="skip IREE even if installed")
    args = parser.parse_args(argv)
    have_iree = not args.no_iree and all(
        importlib.util.find_spec(name) is not None for name in ("iree", "iree.runtime")
    )
    iree = _IREE() if have_iree else None
    programs = [*PROGRAMS_LIST]
    programs += [
        p
        for p in (_example("cnn", "example CNN"), _example("transformer", "example transformer"))
        if p is not None
    ]
    rng = np.random.default_rng(0)
    notes: list[str] = []
    header = ["program", "pyvmvx ms", "numpy ms", "pyvmvx/numpy", "compile s"]
    if iree is not None:
        header += ["IREE sync ms", "IREE task ms", "sync/pyvmvx", "IREE compile s"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for program in programs:
        if not re.search(args.only, program.name):
            continue
        arrays = program.inputs(rng)
        try:
            columns, compile_times = _columns(program, iree, args, notes)
        except CompileError as err:
            notes.append(f"{program.name}: pyvmvx cannot compile it: {str(err).splitlines()[0]}")
            continue
        want = _expected(program, arrays)
        slow: dict[str, float] = {}
        medians: dict[str, float] = {}
        # IREE's local-task workers keep spinning for milliseconds after a call and take
        # the cores from whatever runs next (measured: a 256³ matmul right after one took
        # 3.1 ms instead of 0.63), so IREE's columns are warmed up and timed after ours.
        for iree_columns in (False, True):
            group = {n: c for n, c in columns.items() if n.startswith("iree ") == iree_columns}
            for name, call in group.items():  # a warm-up call per column, checked
                start = time.perf_counter()
                result = _first(call(*arrays))
                if (elapsed := time.perf_counter() - start) > args.budget:
                    slow[name] = elapsed
                verdict = _check(name, result, want, program.tolerance)
                if verdict != "ok":
                    notes.append(f"{program.name}: {verdict}")
            medians |= _time(group, arrays, args.repetitions, args.budget, slow)
        ours, theirs = medians["pyvmvx"], medians.get("numpy")
        row = [
            program.name,
            _fmt(ours),
            _fmt(theirs),
            "–" if theirs is None else f"{ours / theirs:.2f}",
            f"{compile_times['pyvmvx']:.2f}",
        ]
        if iree is not None:
            sync, task = medians.get("iree local-sync"), medians.get("iree local-task")
            iree_compile = compile_times.get("iree")
            row += [
                _fmt(sync),
                _fmt(task),
                "–" if sync is None else f"{sync / ours:.1f}×",
                "–" if iree_compile is None else f"{iree_compile:.2f}",
            ]
        print("| " + " | ".join(row) + " |", flush=True)
    for note in notes:
        print(f"\nnote: {note}")
    return 1 if any("max error" in n or "shape" in n or "cannot" in n for n in notes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
