"""The local HAL: IREE's VMVX executable loader and workgroup dispatch.

An executable is a `format.Executable`: a VM module whose exports are the entry points, in
ordinal order, each with IREE's VMVX calling convention `0rrriiiiiiiii_v`, i.e. arguments
`(local_memory, constants, bindings, workgroup_id xyz, workgroup_size xyz, workgroup_count
xyz)` and no results (`vmvx_module_loader.c`). Two exports are not entry points and are exempt
from that check: `__set_constants` (`0r_v`, the executable-constants protocol below) and
`__init` (`0v_v`, which pyvmvx's module file uses for what IREE keeps internal to the bytecode
module: the global initializers, run when a context is created).

Reflection attributes of each entry point (decimal uint32 strings, as IREE parses them):
`local_memory` (bytes of workgroup-local scratch), `constant_count` (32-bit push constants)
and `binding_count`; a missing attribute means 0, a malformed one is INVALID_ARGUMENT. The
executable's `ExecutableEntry` may add `workgroup_size` (`"x,y,z"`), passed to the entry as
its workgroup size (without it the size is 0, as on IREE's VMVX), and `workgroup_count`
(`"x,y,z"`), the grid the compiler computed from the export's count region, which a dispatch
uses when it is given no grid, or, for a count region computing the grid from the workload,
`workgroup_count_from_workload` and `workload_from_constants`
(`pyvmvx.runtime.modules.workgroup_count`).

Executable constants: when the executable carries constant values, its module must export
`__set_constants`, which is called once per VM context with a read-only buffer of 4 bytes per
constant; values without that export, or that export without values, are INVALID_ARGUMENT.

Dispatch runs an entry over a `(x, y, z)` grid, x fastest, each workgroup getting a fresh
mutable list of the bindings, the read-only push-constant buffer and its own zeroed local
memory (the `local_memory` request rounded up to whole 4096-byte pages: IREE hands each
workgroup its worker's whole local-memory block, which is at least the request). Like IREE's
workers, an executable has a per-workgroup local-memory limit (`local_memory_limit`, default
`DEFAULT_LOCAL_MEMORY`): an entry that requires more, or memory running out while allocating
it, is RESOURCE_EXHAUSTED. Every failure is a `StatusError`.

Threads: `threads=N` lets up to N workgroups of one dispatch run at once (1: one at a time, in
order, like IREE's local-sync; None: one per CPU, like local-task; N above `MAX_THREADS` is
clamped to it; 0, negative and non-integers are INVALID_ARGUMENT). The workgroups are a
shared queue that the calling thread always works through itself while helpers from one
process-wide pool of at most `MAX_THREADS` threads join in, so a dispatch issued from a
workgroup (a native import that dispatches again) or into a saturated pool still completes;
a dispatch with `threads=1` or a one-workgroup grid runs in the calling thread alone, without
the queue.
Each participant runs in its own VM context, because globals live in a context; a context
whose workgroup raised is dropped. `shutdown_pool()` (also run at exit) stops the pool; the
next dispatch starts a new one.
"""

from __future__ import annotations

import atexit
import operator
import os
import struct
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pyvmvx.runtime.modules.registry import instantiate_modules
from pyvmvx.runtime.modules.workgroup_count import WorkgroupCountFunction
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule, Context
from pyvmvx.runtime.vm.format import Executable
from pyvmvx.runtime.vm.list import List

ENTRY_CALLING_CONVENTION = "0rrriiiiiiiii_v"
SET_CONSTANTS = "__set_constants"
SET_CONSTANTS_CALLING_CONVENTION = "0r_v"
INITIALIZER = "__init"
LOCAL_MEMORY_PAGE_SIZE = 4096
UINT32_LIMIT = 1 << 32
MAX_THREADS = 64
"""The size of the process-wide worker pool, and the most `threads=` a dispatch gets."""
POOL_THREAD_PREFIX = "pyvmvx-dispatch"
"""The name prefix of the pool's threads (which names them `pyvmvx-dispatch_0`, ...)."""
DEFAULT_LOCAL_MEMORY = 1 << 26
"""The local memory one workgroup may get unless the executable is loaded with another
`local_memory_limit` (64 MiB; a module file may ask for up to 4 GiB)."""

Grid = tuple[int, int, int]


@dataclass(frozen=True)
class EntryPoint:
    """An entry point's ABI: ordinal, export name and what a dispatch must provide."""

    ordinal: int
    name: str
    local_memory: int
    """Bytes of zeroed local memory each workgroup receives (whole pages)."""
    constant_count: int
    binding_count: int
    workgroup_size: Grid
    workgroup_count: Grid | None
    """The grid the compiler computed for the entry (its constant count region), if any."""
    count_function: WorkgroupCountFunction | None = None
    """The grid as a function of the workload (a count region computing it), if any."""


class HalExecutable:
    """A loaded VMVX executable: a translated module, its entry points and its VM contexts.

    Contexts are created on demand (one per concurrently running worker) and reused; each new
    context gets the executable constants through `__set_constants`. The first context is
    created at load, so import, initializer and constant errors surface there. Imports resolve
    against every registered module (`registry.MODULES`), which `natives` extends or overrides.
    A dispatch gives each workgroup at most `local_memory_limit` bytes of local memory.
    """

    def __init__(
        self,
        executable: Executable,
        natives: Mapping[str, Any] | None = None,
        local_memory_limit: int = DEFAULT_LOCAL_MEMORY,
    ) -> None:
        if type(local_memory_limit) is not int or local_memory_limit < 0:
            raise invalid_argument(
                f"local_memory_limit must be a non-negative int, got {local_memory_limit!r}"
            )
        self.local_memory_limit = local_memory_limit
        self.name = executable.name
        self._compiled = CompiledModule(executable.module)
        self.entry_points = _entry_points(executable)
        self._constants = _executable_constants(executable)
        self._natives: dict[str, Any] = {**instantiate_modules(), **(natives or {})}
        self._idle: list[Context] = []
        self._lock = threading.Lock()
        self._idle.append(self._new_context())

    def entry_point(self, ordinal: int) -> EntryPoint:
        if not 0 <= ordinal < len(self.entry_points):
            raise invalid_argument(
                f"entry point ordinal {ordinal} out of bounds "
                f"(executable {self.name!r} has {len(self.entry_points)})"
            )
        return self.entry_points[ordinal]

    def dispatch(
        self,
        ordinal: int,
        workgroup_count: Grid,
        bindings: Sequence[Buffer],
        constants: Buffer,
        threads: int | None = None,
    ) -> None:
        """Run entry `ordinal` once per workgroup of the grid; `constants` holds the push
        constants as 32-bit little-endian slots (read-only). Up to `threads` workgroups run at
        once: 1 is sequential, None is one per CPU, more than `MAX_THREADS` is clamped, and 0,
        negative or non-integer values are INVALID_ARGUMENT."""
        entry = self.entry_point(ordinal)
        if len(bindings) != entry.binding_count:
            raise invalid_argument(
                f"entry point {entry.name!r} takes {entry.binding_count} bindings, "
                f"got {len(bindings)}"
            )
        if constants.length != 4 * entry.constant_count:
            raise invalid_argument(
                f"entry point {entry.name!r} takes {entry.constant_count} push constants, "
                f"got {constants.length // 4}"
            )
        if constants.mutable:
            raise invalid_argument("the push-constant buffer must be read-only")
        if entry.local_memory > self.local_memory_limit:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED,
                f"dispatch requires {entry.local_memory}b of local memory but only "
                f"{self.local_memory_limit}b is available per workgroup",
            )
        for count in workgroup_count:
            if not 0 <= count < UINT32_LIMIT:
                raise invalid_argument(f"workgroup count {workgroup_count} is not 3 uint32s")
        limit = thread_limit(threads)
        total = workgroup_count[0] * workgroup_count[1] * workgroup_count[2]
        if limit == 1 or total == 1:
            _run_in_order(self, entry, workgroup_count, tuple(bindings), constants)
        else:
            _Dispatch(self, entry, workgroup_count, tuple(bindings), constants).run(limit)

    def entry_function(self, context: Context, entry: EntryPoint) -> Callable[..., Any]:
        """What a dispatch calls once per workgroup in `context`: the entry's export (an
        instrumented executable wraps it, `pyvmvx.runtime.instrument`)."""
        return context.lookup(entry.name)

    @contextmanager
    def context(self) -> Iterator[Context]:
        """An idle VM context (or a new one) for the duration of the block. It goes back to the
        idle list only if the block did not raise: a failed call may leave its globals half
        updated."""
        context = self._acquire()
        yield context
        self._release(context)

    def _acquire(self) -> Context:
        """An idle VM context, or a new one."""
        with self._lock:
            if self._idle:
                return self._idle.pop()
        return self._new_context()

    def _release(self, context: Context) -> None:
        """Make `context` (whose calls did not raise) idle again."""
        with self._lock:
            self._idle.append(context)

    def _new_context(self) -> Context:
        context = self._compiled.instantiate(self._natives)
        if self._constants is not None:
            context.call(SET_CONSTANTS, self._constants)
        return context


def _run_in_order(
    executable: HalExecutable,
    entry: EntryPoint,
    workgroup_count: Grid,
    bindings: tuple[Buffer, ...],
    constants: Buffer,
) -> None:
    """Run every workgroup in this thread, x fastest, in one context (no pool, no locks
    beyond the context's): a sequential dispatch, or one of a single workgroup. The context
    is dropped if a workgroup raises."""
    count_x, count_y, count_z = workgroup_count
    size_x, size_y, size_z = entry.workgroup_size
    context = executable._acquire()
    function = executable.entry_function(context, entry)
    for z in range(count_z):
        for y in range(count_y):
            for x in range(count_x):
                function(
                    _local_memory(entry.local_memory),
                    constants,
                    List.of("buffer", bindings),
                    x,
                    y,
                    z,
                    size_x,
                    size_y,
                    size_z,
                    count_x,
                    count_y,
                    count_z,
                )
    executable._release(context)


class _Dispatch:
    """One dispatch's workgroups as a queue of linear indices (x fastest) that the caller and
    pool helpers drain together, each participant in its own VM context.

    The caller always drains the queue itself, so completion never depends on a free pool
    thread; a helper that starts after the queue is drained returns at once. The first error
    stops every participant at its next workgroup and is raised by the caller once no
    participant is still running one.
    """

    def __init__(
        self,
        executable: HalExecutable,
        entry: EntryPoint,
        workgroup_count: Grid,
        bindings: tuple[Buffer, ...],
        constants: Buffer,
    ) -> None:
        self.executable = executable
        self.entry = entry
        self.count = workgroup_count
        self.bindings = bindings
        self.constants = constants
        self.total = workgroup_count[0] * workgroup_count[1] * workgroup_count[2]
        self._next = 0
        self._running = 0
        self._error: BaseException | None = None
        self._state = threading.Condition(threading.Lock())

    def run(self, limit: int) -> None:
        """Run every workgroup, at most `limit` at once, and raise the first error."""
        helpers = min(limit, self.total) - 1
        if helpers > 0:
            _submit(self._work, helpers)
        self._work()
        with self._state:
            self._state.wait_for(lambda: self._running == 0)
            error = self._error
        if error is not None:
            raise error

    def _claim(self) -> int | None:
        """The next workgroup to run, or None once the queue is drained or a workgroup failed."""
        with self._state:
            if self._error is not None or self._next >= self.total:
                return None
            self._next += 1
            return self._next - 1

    def _work(self) -> None:
        """Join in: run claimed workgroups in one context until none is left, keeping the
        first error for the caller."""
        with self._state:
            if self._error is not None or self._next >= self.total:
                return
            self._running += 1
        try:
            entry, (count_x, count_y, count_z) = self.entry, self.count
            size_x, size_y, size_z = entry.workgroup_size
            with self.executable.context() as context:
                function = self.executable.entry_function(context, entry)
                while (linear := self._claim()) is not None:
                    x, rest = linear % count_x, linear // count_x
                    y, z = rest % count_y, rest // count_y
                    function(
                        _local_memory(self.entry.local_memory),
                        self.constants,
                        List.of("buffer", self.bindings),
                        x,
                        y,
                        z,
                        size_x,
                        size_y,
                        size_z,
                        count_x,
                        count_y,
                        count_z,
                    )
        except BaseException as error:
            with self._state:
                if self._error is None:
                    self._error = error
        finally:
            with self._state:
                self._running -= 1
                self._state.notify_all()


def _local_memory(size: int) -> Buffer:
    """A workgroup's zeroed local memory of `size` bytes."""
    if not size:
        return _NO_LOCAL_MEMORY
    try:
        return Buffer.allocate(size)
    except MemoryError:
        raise StatusError(
            StatusCode.RESOURCE_EXHAUSTED, f"out of memory allocating {size}b of local memory"
        ) from None


_NO_LOCAL_MEMORY = Buffer(bytearray(), mutable=True)
"""What an entry without local memory gets: zero bytes, so shared safely."""


def thread_limit(threads: int | None) -> int:
    """How many workgroups of one dispatch may run at once for `threads=`: None is the CPU
    count (as IREE's `local-task` device), N >= 1 is N (1 runs them in order, as
    `local-sync`), both clamped to `MAX_THREADS`; anything else (0, negative, bool,
    non-integer) is INVALID_ARGUMENT."""
    if threads is None:
        return min(_CPUS, MAX_THREADS)
    try:
        count = None if isinstance(threads, bool) else operator.index(threads)
    except TypeError:
        count = None
    if count is None or count < 1:
        raise invalid_argument(f"threads must be a positive integer or None, got {threads!r}")
    return min(count, MAX_THREADS)


_CPUS = os.cpu_count() or 1
"""The CPU count, read once (`os.cpu_count` costs a system call)."""
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _submit(task: Callable[[], None], copies: int) -> None:
    """Queue `copies` runs of `task` on the process-wide pool, created on first use with
    `MAX_THREADS` threads at most (it starts them only as needed)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(MAX_THREADS, thread_name_prefix=POOL_THREAD_PREFIX)
        for _ in range(copies):
            _pool.submit(task)


def shutdown_pool(wait: bool = True) -> None:
    """Stop the process-wide worker pool (also registered with atexit): queued helpers are
    cancelled (their dispatches' callers finish the work) and, with `wait`, running ones are
    waited for. A later multi-threaded dispatch starts a new pool."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=wait, cancel_futures=True)


atexit.register(shutdown_pool)


def _entry_points(executable: Executable) -> tuple[EntryPoint, ...]:
    module = executable.module
    entry_attributes = {e.export: e.attributes for e in executable.entries}
    entries: list[EntryPoint] = []
    for export in module.exports:
        if export.name in (SET_CONSTANTS, INITIALIZER):
            expected = SET_CONSTANTS_CALLING_CONVENTION if export.name == SET_CONSTANTS else "0v_v"
            if export.calling_convention != expected:
                raise invalid_argument(
                    f"executable {executable.name!r}: {export.name} must have calling "
                    f"convention '{expected}' but has '{export.calling_convention}'"
                )
            continue
        if export.calling_convention != ENTRY_CALLING_CONVENTION:
            raise invalid_argument(
                "executable entry point does not match the expected calling convention; "
                f"expected '{ENTRY_CALLING_CONVENTION}' but got '{export.calling_convention}' "
                f"(export {export.name!r} of executable {executable.name!r})"
            )
        reflection = export.attributes
        attributes = dict(entry_attributes.get(export.name, ()))
        where = f"entry point {export.name!r} of executable {executable.name!r}"
        local_memory = _uint32(reflection.get("local_memory", "0"), "local_memory", where)
        pages = -(-local_memory // LOCAL_MEMORY_PAGE_SIZE)
        constant_count = _uint32(reflection.get("constant_count", "0"), "constant_count", where)
        counts = attributes.get("workgroup_count_from_workload")
        entries.append(
            EntryPoint(
                ordinal=len(entries),
                name=export.name,
                local_memory=pages * LOCAL_MEMORY_PAGE_SIZE,
                constant_count=constant_count,
                binding_count=_uint32(reflection.get("binding_count", "0"), "binding_count", where),
                workgroup_size=_grid(attributes, "workgroup_size", where) or (0, 0, 0),
                workgroup_count=_grid(attributes, "workgroup_count", where),
                count_function=None
                if counts is None
                else WorkgroupCountFunction.parse(
                    counts, attributes.get("workload_from_constants", ""), constant_count, where
                ),
            )
        )
    return tuple(entries)


def _uint32(text: str, key: str, where: str) -> int:
    """A decimal uint32 attribute; the length is checked before `int()`, which refuses (with
    ValueError) strings of over 4,300 digits."""
    if not (text.isascii() and text.isdigit() and len(text) <= 10) or int(text) >= UINT32_LIMIT:
        shown = text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"
        raise invalid_argument(f"{where}: reflection attribute {key}={shown!r} is not a uint32")
    return int(text)


def _grid(attributes: dict[str, str], key: str, where: str) -> Grid | None:
    """An `"x,y,z"` entry attribute as three uint32s, or None when absent."""
    text = attributes.get(key)
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 3:
        raise invalid_argument(f"{where}: {key} {text!r} is not 'x,y,z'")
    x, y, z = (_uint32(part, key, where) for part in parts)
    return (x, y, z)


def _executable_constants(executable: Executable) -> Buffer | None:
    """The read-only buffer `__set_constants` receives, or None when there are no constants."""
    export = executable.module.export(SET_CONSTANTS)
    values = executable.constants
    if export is None and values:
        raise invalid_argument(
            f"executable {executable.name!r} has no executable-level constants but "
            f"{len(values)} constants were provided"
        )
    if export is not None and not values:
        raise invalid_argument(
            f"executable {executable.name!r} requires executable-level constants but none "
            "were provided"
        )
    if not values:
        return None
    return Buffer(struct.pack(f"<{len(values)}I", *values), mutable=False)
