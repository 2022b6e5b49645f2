"""`pyvmvx-benchmark`: timed calls of a host function, reported as Google Benchmark does."""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest

import pyvmvx
from pyvmvx.runtime import StatusCode, StatusError
from pyvmvx.runtime.tools.benchmark_module import benchmark, report
from pyvmvx.tools import pyvmvx_benchmark

ADD_BIAS = Path(__file__).parent / "programs" / "add_bias.mlir"
INPUTS = ["3x4xf32=1", "4xf32=2"]


@functools.cache
def _module() -> bytes:
    return pyvmvx.compile(ADD_BIAS)


def test_each_timed_call_is_measured_after_the_warmup() -> None:
    ticks = itertools.count()
    measurement = benchmark(
        _module(), "main", INPUTS, repetitions=4, warmup=2, clock=lambda: float(next(ticks))
    )
    # a fake clock that advances by one per reading: each call is timed by two readings
    assert measurement.real == [1.0] * 4
    assert len(measurement.cpu) == 4 and all(c >= 0 for c in measurement.cpu)


def test_console_report_lists_repetitions_and_aggregates() -> None:
    measurement = benchmark(_module(), "main", INPUTS, repetitions=3, warmup=0)
    lines = report(measurement).splitlines()
    assert lines[0].split() == ["Benchmark", "Time", "CPU", "Iterations"]
    names = [line.split()[0] for line in lines[2:]]
    base = "BM_main/process_time/real_time"
    assert names == [base] * 3 + [f"{base}_min", f"{base}_median", f"{base}_max"]


def test_json_report_follows_google_benchmark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.vmfb"
    path.write_bytes(_module())
    argv = [f"--module={path}", "--function=main", *(f"--input={i}" for i in INPUTS)]
    argv += ["--benchmark_repetitions=3", "--benchmark_format=json", "--time_unit=us"]
    assert pyvmvx_benchmark.main(argv) == 0
    document = json.loads(capsys.readouterr().out)
    rows = document["benchmarks"]
    iterations = [r for r in rows if r["run_type"] == "iteration"]
    aggregates = {r["aggregate_name"]: r for r in rows if r["run_type"] == "aggregate"}
    assert [r["repetition_index"] for r in iterations] == [0, 1, 2]
    times = sorted(r["real_time"] for r in iterations)
    assert aggregates["min"]["real_time"] == times[0]
    assert aggregates["median"]["real_time"] == times[1]
    assert aggregates["max"]["real_time"] == times[2]
    assert {r["time_unit"] for r in rows} == {"us"}
    assert document["context"]["executable"] == "pyvmvx-benchmark"


def test_compiles_mlir_in_memory(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(ADD_BIAS), "--function=main", *(f"--input={i}" for i in INPUTS)]
    assert pyvmvx_benchmark.main([*argv, "--benchmark_repetitions=1", "--ukernels=none"]) == 0
    captured = capsys.readouterr()
    assert "BM_main/process_time/real_time_median" in captured.out
    assert "compiled" in captured.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--function=nope"], "NOT_FOUND: no function 'nope'"),
        (["--function=main", "--input=3x5xf32=1", "--input=4xf32=2"], "INVALID_ARGUMENT"),
        (["--function=main", "--benchmark_repetitions=0"], "must be ≥ 1"),
        ([], "--function is required"),
    ],
)
def test_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = tmp_path / "m.vmfb"
    path.write_bytes(_module())
    assert pyvmvx_benchmark.main([f"--module={path}", *argv]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pyvmvx-benchmark: error: ") and message in err
    assert err.count("\n") == 1


def test_unknown_function_from_the_api() -> None:
    with pytest.raises(StatusError) as info:
        benchmark(_module(), "nope", [])
    assert info.value.code == StatusCode.NOT_FOUND
