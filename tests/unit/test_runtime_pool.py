"""The local HAL's worker pool: one bounded pool per process, `threads=` validated and clamped,
concurrent and nested (re-entrant) dispatches, failed contexts dropped, and shutdown."""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest
from test_runtime_hal import IDS, _binding, _entry, _executable, _linear_id, _load, _store_i32
from vm_build import FunctionBuilder

from pyvmvx.runtime import Executable, StatusError, shutdown_pool
from pyvmvx.runtime.modules import hal
from pyvmvx.runtime.vm import format as fmt

TIMEOUT = 60.0
"""Seconds a dispatch scenario may take before the test calls it a deadlock."""


@pytest.fixture(scope="module")
def ids() -> Executable:
    return _load(IDS)


@pytest.fixture(autouse=True)
def fresh_pool() -> Iterator[None]:
    """Each test starts and ends without pool threads, so thread counts are its own."""
    shutdown_pool()
    yield
    shutdown_pool()


def _pool_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("pyvmvx-dispatch")]


def _dispatch_ids(ids: Executable, grid: tuple[int, int, int], threads: int | None) -> np.ndarray:
    """The `ids` entry's per-workgroup output over `grid` (x + 100*y + 10000*z)."""
    out = np.full(grid[0] * grid[1] * grid[2], -1, np.int32)
    ids.dispatch("ids", grid, [out, np.zeros((out.size, 6), np.int32)], threads=threads)
    return out


def _within_timeout(scenario: Callable[[], None]) -> None:
    """Run `scenario` on a daemon thread and fail, rather than hang, if it does not finish."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            scenario()
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    assert not thread.is_alive(), f"not done after {TIMEOUT} s: deadlocked?"
    if errors:
        raise errors[0]


def _on_threads(count: int, task: Callable[[int], Any]) -> list[Any]:
    """`task(i)` for i < count, each on its own thread (started together), within the timeout."""
    start = threading.Barrier(count)
    results: list[Any] = []

    def each(index: int) -> Any:
        start.wait()
        return task(index)

    def scenario() -> None:
        with ThreadPoolExecutor(count) as callers:
            results.extend(callers.map(each, range(count)))

    _within_timeout(scenario)
    return results


def test_live_threads_stay_bounded_over_many_grids_and_thread_counts(ids: Executable) -> None:
    baseline = threading.active_count()
    for threads in [*range(2, 201), 10**9]:
        count = 2 + threads % 63  # grids of 2..64 workgroups
        np.testing.assert_array_equal(_dispatch_ids(ids, (count, 1, 1), threads), range(count))
    assert 0 < len(_pool_threads()) <= hal.MAX_THREADS
    assert threading.active_count() <= baseline + hal.MAX_THREADS


def test_shutdown_stops_the_pool_and_a_later_dispatch_starts_a_new_one(ids: Executable) -> None:
    _dispatch_ids(ids, (8, 1, 1), threads=4)
    assert _pool_threads()
    shutdown_pool()
    assert not _pool_threads()
    np.testing.assert_array_equal(_dispatch_ids(ids, (8, 1, 1), threads=4), range(8))


@pytest.mark.parametrize("threads", [0, -1, True, "2", 1.5])
def test_invalid_threads_are_rejected(ids: Executable, threads: Any) -> None:
    with pytest.raises(StatusError, match="threads must be a positive integer or None") as info:
        _dispatch_ids(ids, (2, 1, 1), threads)
    assert info.value.code == "INVALID_ARGUMENT"


def test_thread_limit_is_clamped_to_the_pool_size(monkeypatch: pytest.MonkeyPatch) -> None:
    assert hal._CPUS == (os.cpu_count() or 1)  # read once, at import
    monkeypatch.setattr(hal, "_CPUS", 3)
    assert hal.thread_limit(None) == 3  # one worker per CPU by default, as local-task
    monkeypatch.setattr(hal, "_CPUS", 10**6)
    assert hal.thread_limit(None) == hal.MAX_THREADS
    assert hal.thread_limit(1) == 1
    assert hal.thread_limit(np.int64(3)) == 3
    assert hal.thread_limit(10**9) == hal.MAX_THREADS


def test_concurrent_dispatches_on_one_executable_match_sequential(ids: Executable) -> None:
    grids = [(n, 3, 2) for n in range(1, 9)]
    expected = [_dispatch_ids(ids, grid, 1) for grid in grids]

    def caller(index: int) -> list[np.ndarray]:
        return [_dispatch_ids(ids, grids[index], 1 + index % 4) for _ in range(5)]

    results = _on_threads(len(grids), caller)
    for want, got in zip(expected, results, strict=True):
        for out in got:
            np.testing.assert_array_equal(out, want)


def _call_host_inner(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """host.inner(linear workgroup id)."""
    builder.op(
        "vm.call", _linear_id(builder, params), results=(), symbol=fmt.SymbolRef("import", 0)
    )


def test_a_dispatch_from_inside_a_workgroup_completes_in_a_saturated_pool(
    ids: Executable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every workgroup of 4 concurrent outer dispatches dispatches `ids` again, all on a pool
    of 2 threads: inner dispatches often find no free pool thread and must not wait for one."""
    monkeypatch.setattr(hal, "MAX_THREADS", 2)
    outer = _executable((_entry("outer", _call_host_inner), {}))
    imports = (fmt.Import("host.inner", "0i_v"),)
    outer = dataclasses.replace(outer, module=dataclasses.replace(outer.module, imports=imports))
    inner_grid = (4, 2, 1)
    inner_results: dict[tuple[int, int], np.ndarray] = {}

    def caller(index: int) -> None:
        def inner(linear: int) -> None:
            inner_results[index, linear] = _dispatch_ids(ids, inner_grid, threads=2)

        loaded = hal.HalExecutable(outer, {"host": {"inner": ("0i_v", inner)}})
        Executable(loaded).dispatch("outer", (8, 1, 1), threads=2)

    _on_threads(4, caller)
    want = _dispatch_ids(ids, inner_grid, None)
    assert sorted(inner_results) == [(c, w) for c in range(4) for w in range(8)]
    for got in inner_results.values():
        np.testing.assert_array_equal(got, want)
    assert len(_pool_threads()) <= 2


def _count_then_fail_at_constant(builder: FunctionBuilder, params: tuple[int, ...]) -> None:
    """k += 1; out[linear] = k; then fail if linear == push constant 0."""
    k = fmt.SymbolRef("global", 0)
    loaded = builder.op("vm.global.load.i32", symbol=k)[0]
    bumped = builder.op("vm.add.i32", loaded, builder.const("i32", 1))[0]
    builder.op("vm.global.store.i32", bumped, symbol=k)
    linear = _linear_id(builder, params)
    _store_i32(builder, _binding(builder, params[2], 0), linear, bumped)
    fail_at = builder.op("vm.buffer.load.i32", params[1], builder.const("i64", 0))[0]
    bad = builder.op("vm.cmp.eq.i32", linear, fail_at)[0]
    builder.op("vm.cond_fail", bad, builder.const("i32", 10), immediates=("workgroup failed",))


def test_a_context_whose_workgroup_failed_is_not_reused() -> None:
    counter = _load(
        _executable(
            (
                _entry("count", _count_then_fail_at_constant),
                {"binding_count": "1", "constant_count": "1"},
            ),
            globals_=(fmt.Global("k", "i32", mutable=True),),
        )
    )

    def run(fail_at: int = -1) -> list[int]:
        out = np.zeros(3, np.int32)
        counter.dispatch("count", (3, 1, 1), [out], [fail_at])
        return out.tolist()

    assert run() == [1, 2, 3]
    assert run() == [4, 5, 6]  # a context that succeeded is reused, globals and all
    with pytest.raises(StatusError, match="workgroup failed") as info:
        run(fail_at=1)
    assert info.value.code == "ABORTED"
    assert run() == [1, 2, 3]  # a fresh context, not the failed one (k = 8 there)
