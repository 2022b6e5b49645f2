"""`pyvmvx-benchmark --module=FILE --function=NAME --input=...`: time a host function.

Like `iree-benchmark-module`: the function is loaded once with `pyvmvx.load` (`--threads`
workers), called `--benchmark_warmup` times untimed, then `--benchmark_repetitions` times,
each call timed alone (wall clock and this process's CPU time). Inputs use `pyvmvx-run`'s
forms (`tensor_io`) and are parsed once, before any call. The report is Google Benchmark's
console table (one row per repetition, then the `min`, `median` and `max` aggregates), or its
JSON schema with `--benchmark_format=json` (`context` and `benchmarks`, times in
`time_unit`). Errors print one line, `pyvmvx-benchmark: error: CODE: message`, and exit 1.

`--print-statistics` counts dispatch statistics over the timed calls (the warm-up calls are
left out) and prints them after the table, or adds them to the JSON document as
`dispatch_statistics` (one object per entry point, `DispatchStatistics`'s fields);
`--trace=FILE` writes a Chrome trace-event JSON of every call, warm-up calls included
(`pyvmvx.runtime.instrument`). Both slow the calls they measure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from pyvmvx.runtime.api import ModuleData
from pyvmvx.runtime.instrument import DispatchStatistics, format_statistics
from pyvmvx.runtime.program import load
from pyvmvx.runtime.status import StatusError, invalid_argument
from pyvmvx.runtime.tools.run_module import add_instrument_arguments, parse_arguments

__all__ = ["Measurement", "add_arguments", "benchmark", "execute", "fail", "report"]

PROG = "pyvmvx-benchmark"
_UNIT_SCALE = {"ns": 1e9, "us": 1e6, "ms": 1e3, "s": 1.0}


@dataclass(frozen=True)
class Measurement:
    """The timed calls of one function: wall-clock and CPU seconds per call."""

    function: str
    real: list[float]
    cpu: list[float]
    threads: int | None
    statistics: list[DispatchStatistics] | None = None
    """Dispatch statistics of the timed calls, when asked for."""


def benchmark(
    module: ModuleData,
    function: str | None,
    inputs: Sequence[str],
    *,
    repetitions: int = 10,
    warmup: int = 1,
    threads: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
    statistics: bool = False,
    trace: str | None = None,
) -> Measurement:
    """Load `module`, call `function` (None: the only one) `warmup` times, then time
    `repetitions` calls one by one (with the timed calls' dispatch statistics if
    `statistics`, writing a trace of all calls to `trace` if given)."""
    if repetitions < 1 or warmup < 0:
        raise invalid_argument("--benchmark_repetitions must be ≥ 1 and --benchmark_warmup ≥ 0")
    with closing(load(module, threads=threads, statistics=statistics, trace=trace)) as loaded:
        names = sorted(loaded.functions)
        if function is None:
            if len(names) != 1:
                raise invalid_argument(f"--function is required: the module exports {names}")
            function = names[0]
        if function not in loaded.functions:
            raise StatusError("NOT_FOUND", f"no function {function!r} (exports: {names})")
        call = loaded[function]
        arrays = parse_arguments(loaded.functions[function].inputs, inputs)
        for _ in range(warmup):
            call(*arrays)
        if statistics:
            loaded.reset_statistics()
        real: list[float] = []
        cpu: list[float] = []
        for _ in range(repetitions):
            cpu_start, start = time.process_time(), clock()
            call(*arrays)
            real.append(clock() - start)
            cpu.append(time.process_time() - cpu_start)
        counts = loaded.statistics() if statistics else None
    return Measurement(function, real, cpu, threads, counts)


def _rows(measurement: Measurement) -> list[dict[str, Any]]:
    """Google Benchmark's entries: one per repetition, then the min/median/max aggregates."""
    name = f"BM_{measurement.function}/process_time/real_time"
    rows: list[dict[str, Any]] = [
        {"name": name, "run_type": "iteration", "repetition_index": i, "real": r, "cpu": c}
        for i, (r, c) in enumerate(zip(measurement.real, measurement.cpu, strict=True))
    ]
    for aggregate, pick in (("min", min), ("median", statistics.median), ("max", max)):
        rows.append(
            {
                "name": f"{name}_{aggregate}",
                "run_type": "aggregate",
                "aggregate_name": aggregate,
                "real": pick(measurement.real),
                "cpu": pick(measurement.cpu),
            }
        )
    return rows


def report(measurement: Measurement, *, fmt: str = "console", unit: str = "ms") -> str:
    """The measurement as Google Benchmark prints it (`console` table or `json`)."""
    scale = _UNIT_SCALE[unit]
    rows = _rows(measurement)
    if fmt == "json":
        context = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "executable": PROG,
            "num_cpus": os.cpu_count(),
            "threads": measurement.threads,
        }
        benchmarks = []
        for row in rows:
            entry = {k: v for k, v in row.items() if k not in ("real", "cpu")}
            entry |= {
                "iterations": 1,
                "real_time": row["real"] * scale,
                "cpu_time": row["cpu"] * scale,
                "time_unit": unit,
            }
            benchmarks.append(entry)
        document: dict[str, Any] = {"context": context, "benchmarks": benchmarks}
        if measurement.statistics is not None:
            document["dispatch_statistics"] = [asdict(s) for s in measurement.statistics]
        return json.dumps(document, indent=2) + "\n"
    width = max(len(row["name"]) for row in rows) + 2
    header = f"{'Benchmark':<{width}}{'Time':>14}{'CPU':>14}{'Iterations':>12}"
    lines = [header, "-" * len(header)]
    for row in rows:
        real = f"{row['real'] * scale:.3f} {unit}"
        cpu = f"{row['cpu'] * scale:.3f} {unit}"
        iterations = "1" if row["run_type"] == "iteration" else ""
        lines.append(f"{row['name']:<{width}}{real:>14}{cpu:>14}{iterations:>12}")
    text = "\n".join(lines) + "\n"
    if measurement.statistics is not None:
        calls = len(measurement.real)
        text += (
            f"\ndispatch statistics of @{measurement.function} over the {calls} timed "
            f"call{'s' * (calls != 1)} (warm-up calls excluded):\n"
        )
        text += format_statistics(measurement.statistics)
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags `pyvmvx-benchmark` shares with its compiling front end."""
    parser.add_argument("--module", help="module file (.vmfb) to load")
    parser.add_argument("--function", help="function to time (default: the module's only function)")
    parser.add_argument(
        "--input",
        action="append",
        default=[],
        help="an argument, in pyvmvx-run's forms (2x3xf32=1 2 3 4 5 6, 4xi32=7, f32=1.5, "
        "@x.npy, @inputs.npz:key); repeat per argument",
    )
    parser.add_argument(
        "--benchmark_repetitions",
        type=int,
        default=10,
        metavar="N",
        help="timed calls (default 10); min, median and max are reported",
    )
    parser.add_argument(
        "--benchmark_warmup",
        type=int,
        default=1,
        metavar="N",
        help="untimed calls before the timed ones (default 1)",
    )
    parser.add_argument(
        "--benchmark_format",
        choices=("console", "json"),
        default="console",
        help="Google Benchmark's console table or its JSON schema (default console)",
    )
    parser.add_argument("--time_unit", choices=tuple(_UNIT_SCALE), default="ms", help="default ms")
    parser.add_argument(
        "--threads",
        type=int,
        help="run up to N workgroups at once (default: one worker per CPU; 1: sequential)",
    )
    add_instrument_arguments(
        parser,
        counted="the timed calls (warm-up calls excluded)",
        traced="every call (warm-up calls included)",
    )


def execute(args: argparse.Namespace, module: ModuleData) -> int:
    """Time the parsed command on a module file; print the report, or one error line."""
    try:
        measurement = benchmark(
            module,
            args.function,
            args.input,
            repetitions=args.benchmark_repetitions,
            warmup=args.benchmark_warmup,
            threads=args.threads,
            statistics=args.print_statistics,
            trace=args.trace,
        )
    except StatusError as err:
        return fail(f"{err.code}: {err.message}")
    sys.stdout.write(report(measurement, fmt=args.benchmark_format, unit=args.time_unit))
    return 0


def fail(message: str) -> int:
    """Print `pyvmvx-benchmark: error: message` (one line) and return exit status 1."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 1
