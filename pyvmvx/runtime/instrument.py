"""Run-time instrumentation of a loaded program: per-dispatch statistics and a Chrome trace.

`pyvmvx.load(data, statistics=True, trace="run.json")` gives the program's `hal` module a
`Recorder`, which loads each executable as an `InstrumentedExecutable`: a `HalExecutable` whose
dispatches, workgroups and `vmvx` imports report to it. Without either option there is no
recorder, and the runtime calls exactly what it calls uninstrumented.

Statistics (`statistics=True`, read with `Module.statistics()`): a `DispatchStatistics` per
dispatched entry point, in order of first dispatch: its dispatches, the workgroups they ran,
the `vmvx` ukernel calls by import name (`vmvx.add.2d.f32`, `vmvx.ex.binary.4d`), the VM ops
executed and the wall time. VM ops are counted by the executor's opt-in counter
(`vm.executor.count_vm_ops`, a block of its own: an enclosing one does not see these
executables): they are translated with counting code, which they lack otherwise. Counts are
kept per executable and a dispatch gets their growth while it runs, so dispatches of one
executable running at the same time (host functions called from several Python threads at
once) mix their counts; the dispatches of one call run one after another.
VM ops include the initializers of any VM context a dispatch creates (one per worker thread
the first time it joins a dispatch of the executable). A dispatch that fails is not counted.

Trace (`trace=PATH`): a Chrome trace-event JSON object (`{"traceEvents": [...],
"displayTimeUnit": "ms"}`) that Perfetto and `chrome://tracing` open. Spans are complete
events (`"ph": "X"`, `ts` and `dur` in microseconds with nanosecond digits), one track per
thread (`tid` a small integer, named by a `thread_name` metadata event: `main` for the main
thread, `worker N` for the dispatch pool's threads, else the thread's name): a span per
host-function call (args: each input's dtype and shape), per dispatch (`executable/entry`;
args: the workgroup count), per workgroup (args: x, y, z and its dispatch) and per ukernel call
(the import's name; args: its sizes for the 2-D, 4-D and `mmt4d` ukernels). Spans nest on
their track, and workgroups run by pool threads lie within their dispatch's span. The file is
complete JSON from the start and after each host-function call: each call appends its events
(by start time, enclosing spans first) and rewrites the closing `]}` after them;
`Module.close()` (or the module's garbage collection) closes it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import numpy as np

from pyvmvx.runtime.modules.hal import POOL_THREAD_PREFIX, EntryPoint, Grid, HalExecutable
from pyvmvx.runtime.modules.vmvx import MODULE_NAME as VMVX
from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.modules.vmvx_ex_elementwise import RANK
from pyvmvx.runtime.status import invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import Context, count_vm_ops
from pyvmvx.runtime.vm.format import Executable

__all__ = ["DispatchStatistics", "InstrumentedExecutable", "Recorder", "format_statistics"]


@dataclass(frozen=True)
class DispatchStatistics:
    """What the dispatches of one entry point did, summed over its dispatches."""

    executable: str
    entry_point: str
    calls: int
    """Dispatches of the entry point."""
    workgroups: int
    """Workgroups run (the product of each dispatch's workgroup count)."""
    ukernel_calls: dict[str, int]
    """Calls of each `vmvx` import by its name (`vmvx.add.2d.f32`), in name order."""
    vm_ops: int
    """VM instructions executed by the executable's VM code."""
    seconds: float
    """Wall time of the dispatches."""


@dataclass
class _Totals:
    calls: int = 0
    workgroups: int = 0
    ukernel_calls: dict[str, int] = field(default_factory=dict)
    vm_ops: int = 0
    nanoseconds: int = 0


class Recorder:
    """What one loaded program records: dispatch statistics (with `statistics`) and/or a trace
    written to the path `trace` (INVALID_ARGUMENT if it cannot be opened for writing)."""

    def __init__(
        self, *, statistics: bool = False, trace: str | os.PathLike[str] | None = None
    ) -> None:
        self.statistics = statistics
        self.trace = None if trace is None else TraceWriter(trace)
        self._totals: dict[tuple[str, str], _Totals] = {}
        self._lock = threading.Lock()

    def executable(self, executable: Executable) -> InstrumentedExecutable:
        """`executable` loaded to report here."""
        return InstrumentedExecutable(executable, self)

    def host_function(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """Host function `name` traced as a span, the trace file completed after each call
        (`function` itself without a trace)."""
        trace = self.trace
        if trace is None:
            return function

        def call(*arguments: Any) -> Any:
            start = time.perf_counter_ns()
            try:
                return function(*arguments)
            finally:
                trace.span(name, start, {"inputs": [_describe(a) for a in arguments]})
                trace.flush()

        return call

    def record(
        self,
        executable: str,
        entry_point: str,
        workgroups: int,
        ukernel_calls: dict[str, int],
        vm_ops: int,
        nanoseconds: int,
    ) -> None:
        """Add one dispatch of `executable`'s `entry_point` to the statistics."""
        with self._lock:
            totals = self._totals.setdefault((executable, entry_point), _Totals())
            totals.calls += 1
            totals.workgroups += workgroups
            for name, count in ukernel_calls.items():
                totals.ukernel_calls[name] = totals.ukernel_calls.get(name, 0) + count
            totals.vm_ops += vm_ops
            totals.nanoseconds += nanoseconds

    def dispatch_statistics(self) -> list[DispatchStatistics]:
        """The statistics so far, one per entry point in order of first dispatch."""
        with self._lock:
            return [
                DispatchStatistics(
                    executable,
                    entry_point,
                    totals.calls,
                    totals.workgroups,
                    dict(sorted(totals.ukernel_calls.items())),
                    totals.vm_ops,
                    totals.nanoseconds / 1e9,
                )
                for (executable, entry_point), totals in self._totals.items()
            ]

    def reset(self) -> None:
        """Forget the statistics so far."""
        with self._lock:
            self._totals.clear()

    def close(self) -> None:
        """Complete and close the trace file, if any (idempotent)."""
        if self.trace is not None:
            self.trace.close()


class InstrumentedExecutable(HalExecutable):
    """A `HalExecutable` reporting to a `Recorder`: with statistics it is translated with the
    VM op counter and counts its dispatches and `vmvx` calls; with a trace it records a span
    per dispatch, workgroup and `vmvx` call."""

    def __init__(self, executable: Executable, recorder: Recorder) -> None:
        self._recorder = recorder
        self._trace = recorder.trace
        self._ukernel_calls: dict[str, list[int]] = {}
        self._counts_lock = threading.Lock()
        counts = self._ukernel_calls if recorder.statistics else None
        vmvx = _InstrumentedVMVX(self._trace, counts, self._counts_lock)
        with count_vm_ops() if recorder.statistics else nullcontext():
            super().__init__(executable, {VMVX: vmvx})
        # `[ops, export calls]` of the executable's VM code; None without statistics
        self._vm_ops = self._compiled.counts

    def dispatch(
        self,
        ordinal: int,
        workgroup_count: Grid,
        bindings: Sequence[Buffer],
        constants: Buffer,
        threads: int | None = None,
    ) -> None:
        entry = self.entry_point(ordinal)
        counts = self._vm_ops
        if counts is not None:
            ops, ukernels = counts[0], self._ukernel_totals()
        start = time.perf_counter_ns()
        try:
            super().dispatch(ordinal, workgroup_count, bindings, constants, threads)
        finally:
            if self._trace is not None:
                grid = {"workgroup_count": list(workgroup_count)}
                self._trace.span(f"{self.name}/{entry.name}", start, grid)
        if counts is not None:
            elapsed = time.perf_counter_ns() - start
            calls = {
                name: count - ukernels.get(name, 0)
                for name, count in self._ukernel_totals().items()
                if count != ukernels.get(name, 0)
            }
            x, y, z = workgroup_count
            self._recorder.record(self.name, entry.name, x * y * z, calls, counts[0] - ops, elapsed)

    def entry_function(self, context: Context, entry: EntryPoint) -> Callable[..., Any]:
        """The entry's export, traced as a span per workgroup when tracing."""
        function = context.lookup(entry.name)
        trace = self._trace
        if trace is None:
            return function
        dispatch = f"{self.name}/{entry.name}"

        def workgroup(*args: Any) -> Any:
            start = time.perf_counter_ns()
            try:
                return function(*args)
            finally:
                x, y, z = args[3:6]
                trace.span("workgroup", start, {"x": x, "y": y, "z": z, "dispatch": dispatch})

        return workgroup

    def _ukernel_totals(self) -> dict[str, int]:
        with self._counts_lock:
            return {name: cell[0] for name, cell in self._ukernel_calls.items()}


class _InstrumentedVMVX(VMVXModule):
    """The `vmvx` module of one instrumented executable: each bound export counts its calls
    in `counts` (a cell per import name, shared by the executable's contexts, updated under
    `lock`) and/or records a span per call."""

    def __init__(
        self,
        trace: TraceWriter | None,
        counts: dict[str, list[int]] | None,
        lock: threading.Lock,
    ) -> None:
        super().__init__()
        self._trace = trace
        self._counts = counts
        self._lock = lock

    def bind(self, name: str) -> Callable[..., tuple[int, ...]]:
        function = super().bind(name)
        label = f"{VMVX}.{name}"
        trace, lock, sizes = self._trace, self._lock, _size_arguments(name)
        cell = None
        if self._counts is not None:
            with lock:
                cell = self._counts.setdefault(label, [0])

        def call(*args: Any) -> tuple[int, ...]:
            if cell is not None:
                with lock:
                    cell[0] += 1
            if trace is None:
                return function(*args)
            start = time.perf_counter_ns()
            try:
                return function(*args)
            finally:
                trace.span(label, start, None if sizes is None else {"sizes": list(args[sizes])})

        return call


_ENDING_IN_4_SIZES = frozenset(("ex.reduce", "ex.argreduce", "ex.matmul", "ex.gather", "ex.iota"))


def _size_arguments(name: str) -> slice | None:
    """Where export `name`'s sizes are among its arguments, for the ukernels that have them in
    one place: `mmt4d` (M, N, K, M0, N0, K0), the 2-D ukernels, the `ex` 4-D ones and those
    ending in 4 sizes (`ex.reduce`, `ex.argreduce`, `ex.gather`, `ex.iota`, and `ex.matmul`:
    batch, M, N, K)."""
    if name == "mmt4d":
        return slice(9, 15)
    if name in _ENDING_IN_4_SIZES or name.startswith("ex.") and name.endswith(f".{RANK}d"):
        return slice(-RANK, None)
    if ".2d." in name:
        return slice(-2, None)
    return None


def _describe(value: Any) -> str:
    """A host-function argument for a span: `float32[2, 3]`, or a scalar's type."""
    if isinstance(value, np.ndarray | np.generic):
        return f"{value.dtype}{list(value.shape)}"
    return type(value).__name__


_HEADER = b'{"displayTimeUnit": "ms", "traceEvents": [\n'
_TRAILER = b"\n]}\n"


class TraceWriter:
    """A Chrome trace-event file being written: spans are collected from any thread and
    appended to the file by `flush`, which leaves it complete JSON."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        try:
            name = os.fspath(path)  # not `open`'s file descriptor numbers
        except TypeError:
            raise invalid_argument(
                f"trace must be a file path, got {type(path).__name__}"
            ) from None
        self._file: BinaryIO | None
        try:
            self._file = open(name, "wb")  # closed by `close`
        except (OSError, ValueError) as err:
            reason = getattr(err, "strerror", None) or err
            raise invalid_argument(f"cannot write the trace file {name!r}: {reason}") from None
        self._origin = time.perf_counter_ns()
        self._pid = os.getpid()
        self._tids: dict[int, int] = {}
        self._workers = 0
        self._lock = threading.Lock()
        self._events: list[dict[str, Any]] = [
            self._metadata("process_name", 0, "pyvmvx"),
        ]
        self._file.write(_HEADER)
        self._end = self._file.tell()
        self._new_track()  # the loading thread's track first
        self.flush()

    def span(self, name: str, start: int, args: dict[str, Any] | None) -> None:
        """A complete event named `name` on this thread's track, from `start`
        (`time.perf_counter_ns()`) to now; dropped once the file is closed."""
        if self._file is None:
            return
        end = time.perf_counter_ns()
        tid = self._tids.get(threading.get_ident()) or self._new_track()
        event = {
            "name": name,
            "ph": "X",
            "ts": (start - self._origin) / 1000,
            "dur": (end - start) / 1000,
            "pid": self._pid,
            "tid": tid,
        }
        if args is not None:
            event["args"] = args
        self._events.append(event)  # atomic: spans may come from any thread

    def flush(self) -> None:
        """Append the events recorded since the last flush and rewrite the closing `]}`."""
        with self._lock:
            count = len(self._events)
            if self._file is None or not count:
                return
            events = self._events[:count]
            del self._events[:count]  # what other threads appended meanwhile stays
            # metadata first, then spans by start, enclosing before enclosed (spans are
            # recorded as they end), the order every viewer nests correctly
            events.sort(key=lambda e: (e["ph"] == "X", e.get("ts", 0), -e.get("dur", 0)))
            text = ",\n".join(json.dumps(e, separators=(",", ":")) for e in events)
            self._file.seek(self._end)
            self._file.write(((",\n" if self._end > len(_HEADER) else "") + text).encode())
            self._end = self._file.tell()
            self._file.write(_TRAILER)
            self._file.flush()

    def close(self) -> None:
        """Flush and close the file; later spans are dropped."""
        self.flush()
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None

    def _new_track(self) -> int:
        """This thread's `tid` (1, 2, ... in order of first span), named by a metadata event."""
        thread = threading.current_thread()
        with self._lock:
            ident = threading.get_ident()
            tid = self._tids.get(ident)
            if tid is not None:
                return tid
            tid = len(self._tids) + 1
            if thread is threading.main_thread():
                name = "main"
            elif thread.name.startswith(POOL_THREAD_PREFIX):
                self._workers += 1
                name = f"worker {self._workers}"
            else:
                name = thread.name
            self._events.append(self._metadata("thread_name", tid, name))
            self._tids[ident] = tid
            return tid

    def _metadata(self, kind: str, tid: int, name: str) -> dict[str, Any]:
        return {"name": kind, "ph": "M", "pid": self._pid, "tid": tid, "args": {"name": name}}


def format_statistics(statistics: Sequence[DispatchStatistics]) -> str:
    """A table of dispatch statistics, one row per entry point and a total, as the tools
    print it."""
    header = ("dispatch", "calls", "workgroups", "VM ops", "time (ms)", "ukernel calls")
    rows = [
        (
            f"{s.executable}/{s.entry_point}",
            str(s.calls),
            str(s.workgroups),
            str(s.vm_ops),
            f"{s.seconds * 1e3:.3f}",
            ", ".join(f"{name} x{count}" for name, count in s.ukernel_calls.items()) or "-",
        )
        for s in statistics
    ]
    ukernels = sum(sum(s.ukernel_calls.values()) for s in statistics)
    rows.append(
        (
            "total",
            str(sum(s.calls for s in statistics)),
            str(sum(s.workgroups for s in statistics)),
            str(sum(s.vm_ops for s in statistics)),
            f"{sum(s.seconds for s in statistics) * 1e3:.3f}",
            f"{ukernels} ukernel calls",
        )
    )
    table = [header, *rows]
    widths = [max(len(row[column]) for row in table) for column in range(5)]
    lines = [
        "  ".join(
            [row[0].ljust(widths[0]), *(row[c].rjust(widths[c]) for c in range(1, 5)), row[5]]
        )
        for row in table
    ]
    return "\n".join(lines) + "\n"
