"""Run-time instrumentation: per-dispatch statistics (`statistics=True`, `Module.statistics()`,
`--print-statistics`) and the Chrome trace (`trace=FILE`, `--trace`)."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import StatusCode, StatusError
from pyvmvx.runtime.instrument import InstrumentedExecutable, Recorder
from pyvmvx.runtime.modules.hal import HalExecutable
from pyvmvx.runtime.modules.hal_host import HalModule
from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.serialize import decode
from pyvmvx.tools import pyvmvx_benchmark, pyvmvx_run

# Two dispatches: a 2048x1024 add, which the python tile policy splits into two workgroups
# (one `vmvx.add.2d.f32` call each), and a small matmul, one workgroup calling `ex.matmul`.
SOURCE = """
func.func @main(%a: tensor<2048x1024xf32>, %b: tensor<2048x1024xf32>, %x: tensor<8x16xf32>,
                %y: tensor<16x4xf32>) -> (tensor<2048x1024xf32>, tensor<8x4xf32>) {
  %e = tensor.empty() : tensor<2048x1024xf32>
  %sum = linalg.add ins(%a, %b : tensor<2048x1024xf32>, tensor<2048x1024xf32>)
      outs(%e : tensor<2048x1024xf32>) -> tensor<2048x1024xf32>
  %zero = arith.constant 0.0 : f32
  %pe = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%pe : tensor<8x4xf32>) -> tensor<8x4xf32>
  %prod = linalg.matmul ins(%x, %y : tensor<8x16xf32>, tensor<16x4xf32>)
      outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %sum, %prod : tensor<2048x1024xf32>, tensor<8x4xf32>
}
"""
ADD = ("main_dispatch_0", "main_dispatch_0_add")
MATMUL = ("main_dispatch_1", "main_dispatch_1_matmul")
EXPECTED = {  # per call: workgroups and ukernel calls of each dispatch
    ADD: (2, {"vmvx.add.2d.f32": 2}),
    MATMUL: (1, {"vmvx.ex.matmul": 1}),
}
CLI_INPUTS = ["2048x1024xf32=1", "2048x1024xf32=2", "8x16xf32=1", "16x4xf32=0.5"]


@functools.cache
def _module() -> bytes:
    return pyvmvx.compile(SOURCE, ukernels="all")


def _inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    shapes = [(2048, 1024), (2048, 1024), (8, 16), (16, 4)]
    return [rng.standard_normal(shape, dtype=np.float32) for shape in shapes]


def _by_dispatch(module: pyvmvx.runtime.Module) -> dict[tuple[str, str], Any]:
    return {(s.executable, s.entry_point): s for s in module.statistics()}


@pytest.mark.parametrize("threads", [1, 4])
def test_statistics_count_dispatches_workgroups_ukernels_ops_and_time(threads: int) -> None:
    module = pyvmvx.load(_module(), threads=threads, statistics=True)
    inputs = _inputs()
    total, product = module.main(*inputs)
    np.testing.assert_array_equal(total, inputs[0] + inputs[1])
    np.testing.assert_allclose(product, inputs[2] @ inputs[3], rtol=1e-5, atol=1e-5)
    first = _by_dispatch(module)
    assert list(first) == [ADD, MATMUL]  # in order of first dispatch
    for key, (workgroups, ukernels) in EXPECTED.items():
        assert (first[key].calls, first[key].workgroups) == (1, workgroups)
        assert first[key].ukernel_calls == ukernels
        assert first[key].vm_ops > 0 and first[key].seconds >= 0
    module.main(*inputs)
    second = _by_dispatch(module)
    for key, (workgroups, ukernels) in EXPECTED.items():
        assert (second[key].calls, second[key].workgroups) == (2, 2 * workgroups)
        assert second[key].ukernel_calls == {name: 2 * n for name, n in ukernels.items()}
        assert second[key].seconds >= first[key].seconds
        if threads == 1:  # one VM context, made at load: each call executes the same ops
            assert second[key].vm_ops == 2 * first[key].vm_ops
    module.reset_statistics()
    assert module.statistics() == []


def test_statistics_need_statistics_true() -> None:
    module = pyvmvx.load(_module(), trace=None)
    module.main(*_inputs())
    for method in (module.statistics, module.reset_statistics):
        with pytest.raises(StatusError) as error:
            method()
        assert error.value.code == StatusCode.FAILED_PRECONDITION
        assert "statistics=True" in error.value.message


def test_uninstrumented_executables_hold_no_counting_code_and_are_not_wrapped() -> None:
    executable = decode(_module()).executables[0]
    plain = HalExecutable(executable)
    counted = Recorder(statistics=True).executable(executable)
    assert "_vm_ops" not in plain._compiled.source
    assert "_vm_ops" in counted._compiled.source
    # a program loaded without statistics or trace loads plain executables with the plain
    # vmvx module, whose bound exports are the kernels themselves
    arguments = (
        Buffer(b"vmvx-bytecode-fb", mutable=False),
        Buffer(executable.name.encode(), mutable=False),
        None,
    )
    hal = HalModule([executable])
    (loaded,) = hal.executable_create(hal.device, -1, *arguments)
    assert type(loaded.loaded) is HalExecutable
    assert type(loaded.loaded._natives["vmvx"]) is VMVXModule
    instrumented = HalModule([executable], recorder=Recorder(statistics=True))
    (loaded,) = instrumented.executable_create(instrumented.device, -1, *arguments)
    assert isinstance(loaded.loaded, InstrumentedExecutable)


def _events(path: Path) -> list[dict[str, Any]]:
    """The trace's events, after checking the file against the trace-event format: a JSON
    object with a `traceEvents` list of complete (`X`) and metadata (`M`) events."""
    document = json.loads(path.read_text())
    assert isinstance(document, dict) and document["displayTimeUnit"] in ("ms", "ns")
    events = document["traceEvents"]
    assert isinstance(events, list)
    named: set[int] = set()
    for event in events:
        assert isinstance(event["name"], str) and event["name"]
        assert type(event["pid"]) is int and type(event["tid"]) is int
        if event["ph"] == "M":
            assert event["name"] in ("process_name", "thread_name")
            assert isinstance(event["args"]["name"], str)
            named.add(event["tid"])
            continue
        assert event["ph"] == "X"
        for key in ("ts", "dur"):
            assert type(event[key]) in (int, float) and event[key] >= 0
        assert isinstance(event.get("args", {}), dict)
    spans = [e for e in events if e["ph"] == "X"]
    assert {e["tid"] for e in spans} <= named  # every track has a thread_name
    return events


def _interval(span: dict[str, Any]) -> tuple[int, int]:
    """A span's [start, end] in integer nanoseconds (`ts`/`dur` carry nanosecond digits)."""
    start = round(span["ts"] * 1000)
    return start, start + round(span["dur"] * 1000)


def _inside(inner: dict[str, Any], outer: dict[str, Any]) -> bool:
    (start, end), (low, high) = _interval(inner), _interval(outer)
    return low <= start and end <= high


def _check_nesting(spans: list[dict[str, Any]]) -> None:
    """On each track, two spans are disjoint or one contains the other."""
    for tid in {s["tid"] for s in spans}:
        track = sorted(
            (_interval(s) for s in spans if s["tid"] == tid), key=lambda i: (i[0], -i[1])
        )
        stack: list[tuple[int, int]] = []
        for start, end in track:
            while stack and stack[-1][1] <= start:
                stack.pop()
            assert not stack or end <= stack[-1][1], f"span {start}..{end} overlaps {stack[-1]}"
            stack.append((start, end))


@pytest.mark.parametrize("threads", [1, 4])
def test_trace_is_valid_and_its_spans_nest(tmp_path: Path, threads: int) -> None:
    path = tmp_path / "trace.json"
    module = pyvmvx.load(_module(), threads=threads, trace=path)
    assert _events(path)  # complete JSON before any call
    inputs = _inputs()
    for calls in (1, 2):
        module.main(*inputs)
        events = _events(path)  # complete JSON after each call
        assert len([e for e in events if e.get("name") == "main" and e["ph"] == "X"]) == calls
    module.close()
    events = _events(path)
    threads_named = {
        e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M" and e["tid"] != 0
    }
    assert all(n == "main" or n.startswith("worker ") for n in threads_named.values())
    spans = [e for e in events if e["ph"] == "X"]
    _check_nesting(spans)
    calls = [s for s in spans if s["name"] == "main"]
    assert threads_named[calls[0]["tid"]] == "main"
    assert calls[0]["args"]["inputs"] == [
        "float32[2048, 1024]",
        "float32[2048, 1024]",
        "float32[8, 16]",
        "float32[16, 4]",
    ]
    dispatches = [s for s in spans if "/" in s["name"]]
    workgroups = [s for s in spans if s["name"] == "workgroup"]
    ukernels = [s for s in spans if s["name"].startswith("vmvx.")]
    assert len(spans) == len(calls) + len(dispatches) + len(workgroups) + len(ukernels)
    assert sorted(s["name"] for s in dispatches) == ["/".join(ADD)] * 2 + ["/".join(MATMUL)] * 2
    for dispatch in dispatches:  # on the calling thread, inside a call
        assert any(_inside(dispatch, c) and c["tid"] == dispatch["tid"] for c in calls)
    assert {tuple(s["args"]["workgroup_count"]) for s in dispatches} == {(2, 1, 1), (1, 1, 1)}
    assert len(workgroups) == 2 * 3
    for workgroup in workgroups:  # on any thread, inside its dispatch
        name = workgroup["args"]["dispatch"]
        assert any(d["name"] == name and _inside(workgroup, d) for d in dispatches)
    assert (
        sorted((w["args"]["x"], w["args"]["y"], w["args"]["z"]) for w in workgroups)
        == [(0, 0, 0)] * 4 + [(1, 0, 0)] * 2
    )
    assert sorted(s["name"] for s in ukernels) == ["vmvx.add.2d.f32"] * 4 + ["vmvx.ex.matmul"] * 2
    for ukernel in ukernels:  # inside a workgroup on the same thread
        assert any(_inside(ukernel, w) and w["tid"] == ukernel["tid"] for w in workgroups)
        if ukernel["name"] == "vmvx.add.2d.f32":
            assert ukernel["args"]["sizes"] == [1024, 1024]
    # after close the module still runs, untraced
    size = path.stat().st_size
    module.main(*inputs)
    assert path.stat().st_size == size


def test_trace_with_statistics_and_results_unchanged(tmp_path: Path) -> None:
    inputs = _inputs()
    plain = pyvmvx.load(_module()).main(*inputs)
    module = pyvmvx.load(_module(), statistics=True, trace=tmp_path / "t.json")
    for expected, actual in zip(plain, module.main(*inputs), strict=True):
        np.testing.assert_array_equal(expected, actual)
    assert [s.calls for s in module.statistics()] == [1, 1]
    del module  # garbage collection closes the trace
    assert _events(tmp_path / "t.json")


@pytest.mark.parametrize(
    ("trace", "message"),
    [
        ("/nonexistent-directory/trace.json", "cannot write the trace file"),
        (17, "trace must be a file path, got int"),
    ],
)
def test_bad_trace_path_is_invalid_argument(trace: Any, message: str) -> None:
    with pytest.raises(StatusError) as error:
        pyvmvx.load(_module(), trace=trace)
    assert error.value.code == StatusCode.INVALID_ARGUMENT
    assert message in error.value.message


@pytest.fixture
def module_file(tmp_path: Path) -> Path:
    path = tmp_path / "program.vmfb"
    path.write_bytes(_module())
    return path


def _statistics_rows(text: str) -> dict[str, list[str]]:
    """The `--print-statistics` table's rows by dispatch name (`total` included)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:2] == ["dispatch", "calls"])
    return {line.split()[0]: line.split()[1:] for line in lines[start + 1 :]}


def test_run_prints_statistics_and_writes_a_trace(
    module_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "run.json"
    argv = [f"--module={module_file}", *(f"--input={i}" for i in CLI_INPUTS)]
    argv += ["--output=", "--output=-", "--print-statistics", f"--trace={trace}", "--threads=1"]
    assert pyvmvx_run.main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("EXEC @main\n")
    assert out.index("8x4xf32=") < out.index("dispatch statistics of @main (1 call):")
    rows = _statistics_rows(out)
    assert rows["/".join(ADD)][:2] == ["1", "2"] and rows["/".join(ADD)][-1] == "x2"
    assert rows["/".join(MATMUL)][:2] == ["1", "1"]
    assert rows["total"][:2] == ["2", "3"] and rows["total"][-3:] == ["3", "ukernel", "calls"]
    assert len([e for e in _events(trace) if e.get("name") == "workgroup"]) == 3


def test_benchmark_statistics_cover_the_timed_calls(
    module_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "bench.json"
    argv = [f"--module={module_file}", *(f"--input={i}" for i in CLI_INPUTS)]
    argv += ["--benchmark_repetitions=3", "--benchmark_warmup=2", "--print-statistics"]
    assert pyvmvx_benchmark.main([*argv, f"--trace={trace}"]) == 0
    out = capsys.readouterr().out
    assert "over the 3 timed calls (warm-up calls excluded)" in out
    rows = _statistics_rows(out)
    assert rows["/".join(ADD)][:2] == ["3", "6"]
    calls = [e for e in _events(trace) if e.get("name") == "main" and e["ph"] == "X"]
    assert len(calls) == 5  # the trace has the warm-up calls too
    assert pyvmvx_benchmark.main([*argv, "--benchmark_format=json"]) == 0
    document = json.loads(capsys.readouterr().out)
    statistics = {s["entry_point"]: s for s in document["dispatch_statistics"]}
    assert statistics[ADD[1]]["calls"] == 3 and statistics[ADD[1]]["workgroups"] == 6
    assert statistics[MATMUL[1]]["ukernel_calls"] == {"vmvx.ex.matmul": 3}


@pytest.mark.parametrize("tool", [pyvmvx_run, pyvmvx_benchmark])
def test_tools_explain_the_flags_and_refuse_a_bad_trace_path(
    tool: Any, module_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        tool.main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--print-statistics" in help_text and "--trace FILE" in help_text
    assert "Chrome trace-event JSON" in help_text
    argv = [f"--module={module_file}", *(f"--input={i}" for i in CLI_INPUTS)]
    assert tool.main([*argv, "--trace=/nonexistent-directory/t.json"]) == 1
    err = capsys.readouterr().err
    assert "error: INVALID_ARGUMENT: cannot write the trace file" in err
    assert "Traceback" not in err
