"""The runtime's Python API for HAL executables: load a module file, dispatch with numpy.

`load_executables(data)` reads a module file (bytes, or a path) and returns its executables
by symbol name (keyword arguments bound the work of the modules' initializers and each
workgroup's local memory).
`Executable.dispatch(entry, workgroup_count, bindings, constants, threads, workload)` runs one
entry point over a grid:

- `entry` is an export name or an entry-point ordinal;
- `workgroup_count` is the `(x, y, z)` grid; by default the grid the export's count region
  gives (as IREE's host code would dispatch it): the compiled grid when it is constant, else
  the grid for `workload` (the count region's index operands, IREE's workload), else for the
  workload the push constants give (the `iree_tensor_ext.dispatch.workload.ordinal`s of the
  entry's code map push constants to it);
- `bindings` are numpy arrays or other C-contiguous buffer-protocol objects, wrapped without a
  copy (so outputs are written in place; a read-only array is a read-only binding), or
  `Buffer`s;
- `constants` are the push constants: Python or numpy integers in [-2**31, 2**32), passed
  as 32-bit two's-complement slots. Floats are refused rather than silently bit-cast; pass
  `numpy.float32(x).view(numpy.int32)` for a float constant;
- `threads=1` runs the workgroups sequentially, `threads=N` up to N at once on the
  process-wide worker pool, `threads=None` (the default) one per CPU (N above `MAX_THREADS`
  is clamped; 0, negative or non-integer is INVALID_ARGUMENT; `shutdown_pool()` stops the
  pool).

Every error is a `StatusError`.
"""

from __future__ import annotations

import mmap
import operator
import os
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np

from pyvmvx.runtime.modules.hal import DEFAULT_LOCAL_MEMORY, EntryPoint, HalExecutable
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import (
    DEFAULT_INIT_ALLOCATION,
    DEFAULT_INIT_STEPS,
    InitLimits,
    init_limits,
)
from pyvmvx.runtime.vm.ints import wrap_int
from pyvmvx.runtime.vm.serialize import decode

ModuleData = bytes | bytearray | memoryview | str | os.PathLike[str]


def read_module_file(data: ModuleData) -> bytes | memoryview:
    """The bytes of a module file given as bytes or as a path (NOT_FOUND if it is missing). A
    path is mapped read-only (`mmap`) when it can be (not an empty file or a pipe): the result
    is a view of the mapping, from which `serialize.decode` takes rodata without copying it."""
    if isinstance(data, bytes | bytearray | memoryview):
        return bytes(data)
    if not isinstance(data, str | os.PathLike):
        raise invalid_argument(f"expected module bytes or a path, got {type(data).__name__}")
    try:
        with open(data, "rb") as file:
            try:
                return memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
            except (OSError, ValueError):  # ValueError: an empty file
                return file.read()
    except FileNotFoundError:
        raise StatusError(StatusCode.NOT_FOUND, f"module file {str(data)!r} not found") from None
    except (OSError, ValueError) as err:  # ValueError: a NUL in the path
        raise invalid_argument(f"cannot read module file {str(data)!r}: {err}") from None


def load_executables(
    data: ModuleData,
    *,
    init_step_budget: int = DEFAULT_INIT_STEPS,
    init_allocation_budget: int = DEFAULT_INIT_ALLOCATION,
    local_memory_limit: int = DEFAULT_LOCAL_MEMORY,
) -> dict[str, Executable]:
    """Every HAL executable of a module file, keyed by its `hal.executable` symbol name.

    In each VM context, the initializers (`__init`, `__set_constants`) may take at most
    `init_step_budget` calls and backward branches and allocate at most
    `init_allocation_budget` bytes with buffer and list ops, less the bytes of the module's
    splat rodata (materialized at load); beyond is RESOURCE_EXHAUSTED.
    A dispatch of an entry point whose workgroups need more than `local_memory_limit` bytes
    of local memory each is RESOURCE_EXHAUSTED.
    """
    limits = InitLimits(init_step_budget, init_allocation_budget)
    program = decode(read_module_file(data))
    with init_limits(limits):
        return {
            e.name: Executable(HalExecutable(e, local_memory_limit=local_memory_limit))
            for e in program.executables
        }


class Executable:
    """A loaded HAL executable; `entry_points` names its entry points in ordinal order."""

    def __init__(self, loaded: HalExecutable) -> None:
        self._loaded = loaded
        self._by_name = {e.name: e for e in loaded.entry_points}

    @property
    def name(self) -> str:
        return self._loaded.name

    @property
    def entry_points(self) -> tuple[str, ...]:
        return tuple(e.name for e in self._loaded.entry_points)

    def entry_point(self, entry: str | int) -> EntryPoint:
        """The entry point named `entry`, or with ordinal `entry`."""
        if isinstance(entry, str):
            found = self._by_name.get(entry)
            if found is None:
                raise StatusError(
                    StatusCode.NOT_FOUND,
                    f"executable {self.name!r} has no entry point {entry!r} "
                    f"(it has {', '.join(self._by_name) or 'none'})",
                )
            return found
        if isinstance(entry, bool) or not _is_integer(entry):
            raise invalid_argument(f"entry must be a name or an ordinal, got {entry!r}")
        return self._loaded.entry_point(operator.index(entry))

    def dispatch(
        self,
        entry: str | int,
        workgroup_count: Sequence[int] | None = None,
        bindings: Sequence[Any] = (),
        constants: Sequence[int] = (),
        threads: int | None = None,
        workload: Sequence[int] | None = None,
    ) -> None:
        """Run `entry` once per workgroup of the `(x, y, z)` grid (see the module docstring)."""
        entry_point = self.entry_point(entry)
        slots = _constant_slots(_sequence("constants", constants))
        if workgroup_count is None:
            workgroup_count = _default_grid(entry_point, workload, slots)
        elif workload is not None:
            raise invalid_argument("pass either workgroup_count or workload, not both")
        self._loaded.dispatch(
            entry_point.ordinal,
            _grid(workgroup_count),
            [_binding(i, value) for i, value in enumerate(_sequence("bindings", bindings))],
            Buffer(struct.pack(f"<{len(slots)}I", *slots), mutable=False),
            threads,
        )

    def __repr__(self) -> str:
        return f"<Executable {self.name!r} entry points {list(self.entry_points)}>"


def _is_integer(value: Any) -> bool:
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def _sequence(what: str, values: Any) -> Sequence[Any]:
    """`values` as a list; anything that is not a sequence (None, a number, a generator that
    fails) is INVALID_ARGUMENT, not a TypeError."""
    if isinstance(values, str | bytes) or not isinstance(values, Sequence | np.ndarray):
        raise invalid_argument(f"{what} must be a sequence, got {type(values).__name__}")
    return list(values)


def _grid(workgroup_count: Sequence[int]) -> tuple[int, int, int]:
    try:
        counts = tuple(workgroup_count)
    except TypeError:
        counts = ()
    if len(counts) != 3 or not all(_is_integer(c) and not isinstance(c, bool) for c in counts):
        raise invalid_argument(f"workgroup_count must be 3 integers, got {workgroup_count!r}")
    x, y, z = (operator.index(c) for c in counts)
    return (x, y, z)


def _binding(index: int, value: Any) -> Buffer:
    if isinstance(value, Buffer):
        return value
    try:
        view = memoryview(value)
    except (TypeError, ValueError):
        raise invalid_argument(
            f"binding {index} must be a numpy array, a buffer-protocol object or a Buffer, "
            f"got {type(value).__name__}"
        ) from None
    try:
        return Buffer(view, mutable=not view.readonly)
    except StatusError as err:
        raise invalid_argument(f"binding {index}: {err.message}") from None


def _default_grid(
    entry: EntryPoint, workload: Sequence[int] | None, constants: Sequence[int]
) -> Sequence[int]:
    """The grid of the entry's count region: for `workload`, else its constant grid, else for
    the workload its push constants give."""
    function = entry.count_function
    if workload is not None:
        if function is None:
            raise invalid_argument(f"entry point {entry.name!r} takes no workload")
        return function.from_workload(_workload(workload))
    if entry.workgroup_count is not None:
        return entry.workgroup_count
    grid = None if function is None else function.from_constants(constants)
    if grid is None:
        raise invalid_argument(
            f"entry point {entry.name!r} has no compiled workgroup count (its count region "
            "depends on a workload the push constants do not give); pass workgroup_count or "
            "workload"
        )
    return grid


def _workload(values: Any) -> list[int]:
    numbers = []
    for index, value in enumerate(_sequence("workload", values)):
        if isinstance(value, bool) or not _is_integer(value):
            raise invalid_argument(f"workload {index} must be an integer, got {value!r}")
        number = operator.index(value)
        if not -(1 << 63) <= number < 1 << 63:
            raise invalid_argument(f"workload {index} = {number} is not a 64-bit index")
        numbers.append(number)
    return numbers


def _constant_slots(values: Sequence[int]) -> list[int]:
    """The push constants as uint32 slot values."""
    slots = []
    for index, value in enumerate(values):
        if isinstance(value, bool) or not _is_integer(value):
            raise invalid_argument(
                f"push constant {index} must be a 32-bit integer, got {type(value).__name__}"
            )
        number = operator.index(value)
        if not -(1 << 31) <= number < 1 << 32:
            raise invalid_argument(f"push constant {index} = {number} does not fit in 32 bits")
        slots.append(wrap_int(number, 32, signed=False))
    return slots
