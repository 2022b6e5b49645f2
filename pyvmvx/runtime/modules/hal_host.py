"""The runtime `hal` module for host programs: IREE 3.13's `hal` exports, synchronous subset.

The exports (`EXPORTS`, declared in `pyvmvx/dialects/hal_imports.mlir`) have IREE 3.13's
names and calling conventions (`hal.imports.mlir`), plus two of IREE's former experimental
exports: `ex.shared_device()` and `ex.submit_and_wait(device, command_buffer)`, which runs a
finalized command buffer's commands in order and returns when they are done (IREE 3.13 submits
through queues and fences, which this subset leaves out). Where pyvmvx differs:

- One local device (`devices.count` is 1); memory types, buffer usage, queue affinities,
  command-buffer modes and categories, barrier stages and flags are accepted and ignored.
  Barriers are implied: commands run one after the other.
- `allocator.allocate` returns an uninitialized buffer (as IREE's) of at most the module's
  allocation limit (`DEFAULT_ALLOCATION_LIMIT`), RESOURCE_EXHAUSTED beyond it or when
  memory runs out.
  `allocator.import` always succeeds: the buffer is the `!vm.buffer` range itself, no copy,
  read-only when the source is (so rodata weights are used in place).
- `buffer.assert` checks the length only: host memory has every memory type and usage; a
  read-only buffer refuses writes (PERMISSION_DENIED) when a command writes it.
- `executable.create` takes the format `"vmvx-bytecode-fb"` and, as data, the UTF-8 symbol
  name of an executable of the same module file (IREE's data is the executable's FlatBuffer);
  a non-null constants buffer (uint32s) replaces the executable constants in the file.
  `executable.lookup.function` gives an entry point's ordinal, the `function_id` dispatches
  take.
- Dispatch bindings are `(reserved, slot, buffer, offset, length)` tuples with a buffer:
  binding-table slots (a null buffer) are not supported (INVALID_ARGUMENT). Dispatches run
  on the process-wide worker pool with the module's `threads` (see `modules.hal`).
- A module given a `recorder` (`pyvmvx.runtime.instrument`) loads its executables to report
  dispatch statistics and trace spans to it.

Every failure is a `StatusError` with IREE's status code and, where IREE has one, its message
(`input0 shape dimension 1 mismatch; expected 4 but have 5; ...`).
"""

from __future__ import annotations

import dataclasses
import operator
import struct
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np

from pyvmvx.runtime.instrument import Recorder
from pyvmvx.runtime.modules.element_types import element_type_name, is_compatible
from pyvmvx.runtime.modules.hal import HalExecutable, thread_limit
from pyvmvx.runtime.modules.hal_types import (
    Allocator,
    BufferView,
    CommandBuffer,
    Device,
    Executable,
    format_shape,
    span,
)
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument, out_of_range
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ops import MAX_ALLOCATION
from pyvmvx.runtime.vm.validate import Parameter, parse_signature

MODULE_NAME = "hal"
EXECUTABLE_FORMAT = "vmvx-bytecode-fb"
DEFAULT_ALLOCATION_LIMIT = 1 << 34
"""The largest buffer `allocator.allocate` hands out (16 GiB); larger is RESOURCE_EXHAUSTED."""

_NO_CONSTANTS = Buffer(b"", mutable=False)
"""The push-constant buffer of a dispatch without push constants (empty, so shared)."""
_INT_RANGES = {"i32": (-(1 << 31), 1 << 32), "i64": (-(1 << 63), 1 << 64)}

SIGNATURES: dict[str, str] = {
    "allocator.allocate": "0rIiiI_r",
    "allocator.import": "0riIiirII_r",
    "buffer.assert": "0rrrIii_v",
    "buffer.length": "0r_I",
    "buffer.load": "0rIi_i",
    "buffer.store": "0irIi_v",
    "buffer.subspan": "0rII_r",
    "buffer_view.assert": "0rriiCID_v",
    "buffer_view.buffer": "0r_r",
    "buffer_view.create": "0rIIiiCID_r",
    "buffer_view.dim": "0ri_I",
    "buffer_view.element_type": "0r_i",
    "buffer_view.encoding_type": "0r_i",
    "buffer_view.rank": "0r_i",
    "command_buffer.copy_buffer": "0riirIrIII_v",
    "command_buffer.create": "0riiIi_r",
    "command_buffer.dispatch": "0rrIiiiICiDCiirIID_v",
    "command_buffer.execution_barrier": "0riiI_v",
    "command_buffer.fill_buffer": "0rrIIiIiI_v",
    "command_buffer.finalize": "0r_v",
    "device.allocator": "0r_r",
    "devices.count": "0v_i",
    "devices.get": "0i_r",
    "ex.shared_device": "0v_r",
    "ex.submit_and_wait": "0rr_v",
    "executable.create": "0rIrrr_r",
    "executable.lookup.function": "0rr_I",
}
"""Every export's calling convention, by name in IREE's (sorted) order; export `a.b_c` is
the method `a_b_c` of `HalModule`."""


class HalModule:
    """The `hal` module of one loaded program: its device, the module file's executables
    (loaded on first `executable.create`, once per set of constants, instrumented for
    `recorder` if given) and its `threads`."""

    name = MODULE_NAME

    def __init__(
        self,
        executables: Iterable[fmt.Executable] = (),
        *,
        threads: int | None = None,
        allocation_limit: int = DEFAULT_ALLOCATION_LIMIT,
        recorder: Recorder | None = None,
    ) -> None:
        thread_limit(threads)  # INVALID_ARGUMENT now rather than at the first dispatch
        self.threads = threads
        self._recorder = recorder
        self.device = Device(Allocator(allocation_limit))
        self._executables = {e.name: e for e in executables}
        self._loaded: dict[tuple[str, tuple[int, ...]], HalExecutable] = {}
        self._lock = threading.Lock()
        self._exports: dict[str, tuple[tuple[Parameter, ...], Callable[..., tuple[Any, ...]]]] = {
            name: (parse_signature(convention)[0], getattr(self, name.replace(".", "_")))
            for name, convention in SIGNATURES.items()
        }

    def __iter__(self) -> Iterator[str]:
        return iter(SIGNATURES)

    def signature(self, name: str) -> str:
        if name not in SIGNATURES:
            raise StatusError(StatusCode.NOT_FOUND, f"hal module has no export named '{name}'")
        return SIGNATURES[name]

    def bind(self, name: str) -> Callable[..., tuple[Any, ...]]:
        """Export `name` for the VM's calls: the VM's typed registers already guarantee the
        kinds and ranges `call` checks, so only what each export checks remains (ref types,
        offsets, lengths, ...)."""
        self.signature(name)
        return self._exports[name][1]

    def call(self, name: str, *args: Any) -> tuple[Any, ...]:
        """Call export `name` with its arguments (a tuple per variadic argument)."""
        self.signature(name)
        params, function = self._exports[name]
        if len(args) != len(params):
            raise invalid_argument(f"{name} takes {len(params)} arguments, got {len(args)}")
        for index, (param, value) in enumerate(zip(params, args, strict=True)):
            _check_argument(name, index, param, value)
        return function(*args)

    # -- devices ------------------------------------------------------------------------

    def ex_shared_device(self) -> tuple[Any, ...]:
        return (self.device,)

    def devices_count(self) -> tuple[Any, ...]:
        return (1,)

    def devices_get(self, index: int) -> tuple[Any, ...]:
        if index != 0:
            raise out_of_range(f"device index {index} out of bounds (1 available)")
        return (self.device,)

    def device_allocator(self, device: Any) -> tuple[Any, ...]:
        return (_ref(device, Device, "device").allocator,)

    # -- allocator and buffers ---------------------------------------------------------

    def allocator_allocate(
        self, allocator: Any, affinity: int, memory_types: int, usage: int, size: int
    ) -> tuple[Any, ...]:
        limit = min(_ref(allocator, Allocator, "allocator").limit, MAX_ALLOCATION)
        if not 0 <= size <= limit:
            raise StatusError(
                StatusCode.RESOURCE_EXHAUSTED,
                f"cannot allocate a buffer of {size} bytes (the limit is {limit} bytes)",
            )
        try:
            return (Buffer.allocate(size, 64, zeroed=False),)
        except MemoryError:
            message = f"out of memory allocating a buffer of {size} bytes"
            raise StatusError(StatusCode.RESOURCE_EXHAUSTED, message) from None

    def allocator_import(
        self,
        allocator: Any,
        try_: int,
        affinity: int,
        memory_types: int,
        usage: int,
        source: Any,
        offset: int,
        length: int,
    ) -> tuple[Any, ...]:
        _ref(allocator, Allocator, "allocator")
        return (span(_ref(source, Buffer, "source"), offset, length),)

    def buffer_assert(
        self,
        buffer: Any,
        message: Any,
        allocator: Any,
        minimum_length: int,
        memory_types: int,
        usage: int,
    ) -> tuple[Any, ...]:
        _message(message)
        if not isinstance(buffer, Buffer):
            _ref(buffer, Buffer, f"{_text(message)} buffer")
        length = buffer.length
        if length < minimum_length:
            raise invalid_argument(
                f"{_text(message)} buffer byte length {length} less than expected minimum "
                f"{minimum_length}"
            )
        return ()

    def buffer_length(self, buffer: Any) -> tuple[Any, ...]:
        return (_ref(buffer, Buffer, "buffer").length,)

    def buffer_load(self, buffer: Any, offset: int, length: int) -> tuple[Any, ...]:
        """`length` (1, 2 or 4) little-endian bytes at `offset`, zero-extended to an i32."""
        data = span(_ref(buffer, Buffer, "source_buffer"), offset, _access_length(length)).data
        return (int.from_bytes(bytes(data), "little"),)

    def buffer_store(self, value: int, buffer: Any, offset: int, length: int) -> tuple[Any, ...]:
        """The low `length` (1, 2 or 4) bytes of `value`, little-endian, at `offset`."""
        target = _writable(
            span(_ref(buffer, Buffer, "target_buffer"), offset, _access_length(length))
        )
        target.data[:] = np.frombuffer(_u32(value).to_bytes(4, "little")[:length], np.uint8)
        return ()

    def buffer_subspan(self, buffer: Any, offset: int, length: int) -> tuple[Any, ...]:
        return (span(_ref(buffer, Buffer, "source_buffer"), offset, length),)

    # -- buffer views ------------------------------------------------------------------

    def buffer_view_create(
        self,
        buffer: Any,
        offset: int,
        length: int,
        element_type: int,
        encoding_type: int,
        shape: tuple[int, ...],
    ) -> tuple[Any, ...]:
        source = span(_ref(buffer, Buffer, "buffer"), offset, length)
        return (BufferView(source, _u32(element_type), _u32(encoding_type), shape),)

    def buffer_view_assert(
        self,
        view: Any,
        message: Any,
        element_type: int,
        encoding_type: int,
        shape: tuple[int, ...],
    ) -> tuple[Any, ...]:
        _message(message)
        if not isinstance(view, BufferView):
            _ref(view, BufferView, f"{_text(message)} buffer view")
        expected_type, expected_encoding = _u32(element_type), _u32(encoding_type)
        if (
            view.element_type == expected_type
            and view.encoding_type == expected_encoding
            and view.shape == shape
        ):
            return ()  # the common case; the checks below find what is wrong
        what = _text(message)
        if view.encoding_type not in (0, expected_encoding):
            raise invalid_argument(
                f"{what} encoding mismatch; expected {expected_encoding:08X} but have "
                f"{view.encoding_type:08X}"
            )
        if not is_compatible(view.element_type, expected_type):
            raise invalid_argument(
                f"{what} element type mismatch; expected {element_type_name(expected_type)} "
                f"({expected_type:08X}) but have {element_type_name(view.element_type)} "
                f"({view.element_type:08X})"
            )
        _assert_shape(what, view.shape, shape)
        return ()

    def buffer_view_buffer(self, view: Any) -> tuple[Any, ...]:
        return (_ref(view, BufferView, "buffer_view").buffer,)

    def buffer_view_element_type(self, view: Any) -> tuple[Any, ...]:
        return (_ref(view, BufferView, "buffer_view").element_type,)

    def buffer_view_encoding_type(self, view: Any) -> tuple[Any, ...]:
        return (_ref(view, BufferView, "buffer_view").encoding_type,)

    def buffer_view_rank(self, view: Any) -> tuple[Any, ...]:
        return (len(_ref(view, BufferView, "buffer_view").shape),)

    def buffer_view_dim(self, view: Any, index: int) -> tuple[Any, ...]:
        shape = _ref(view, BufferView, "buffer_view").shape
        if not 0 <= index < len(shape):
            raise out_of_range(f"dimension index {index} out of bounds for rank {len(shape)}")
        return (shape[index],)

    # -- executables -------------------------------------------------------------------

    def executable_create(
        self, device: Any, affinity: int, format_: Any, data: Any, constants: Any
    ) -> tuple[Any, ...]:
        _ref(device, Device, "device")
        executable_format = _text(format_)
        if executable_format != EXECUTABLE_FORMAT:
            raise StatusError(
                StatusCode.NOT_FOUND,
                "no executable loader registered for the given executable format "
                f"'{executable_format}' (pyvmvx loads '{EXECUTABLE_FORMAT}')",
            )
        name = _text(data)
        executable = self._executables.get(name)
        if executable is None:
            raise StatusError(StatusCode.NOT_FOUND, f"the module file has no executable {name!r}")
        values = executable.constants if constants is None else _uint32s(constants)
        key = (name, values)
        with self._lock:
            loaded = self._loaded.get(key)
            if loaded is None:
                replaced = dataclasses.replace(executable, constants=values)
                if self._recorder is None:
                    loaded = HalExecutable(replaced)
                else:
                    loaded = self._recorder.executable(replaced)
                self._loaded[key] = loaded
        return (Executable(loaded),)

    def executable_lookup_function(self, executable: Any, name: Any) -> tuple[Any, ...]:
        loaded = _ref(executable, Executable, "executable").loaded
        function = _text(name)
        for entry in loaded.entry_points:
            if entry.name == function:
                return (entry.ordinal,)
        raise StatusError(
            StatusCode.NOT_FOUND, f"executable {loaded.name!r} has no function {function!r}"
        )

    # -- command buffers ---------------------------------------------------------------

    def command_buffer_create(
        self, device: Any, modes: int, categories: int, affinity: int, binding_capacity: int
    ) -> tuple[Any, ...]:
        _ref(device, Device, "device")
        return (CommandBuffer(),)

    def command_buffer_finalize(self, command_buffer: Any) -> tuple[Any, ...]:
        command_buffer = _ref(command_buffer, CommandBuffer, "command_buffer")
        if command_buffer.finalized:
            raise StatusError(StatusCode.FAILED_PRECONDITION, "command buffer already finalized")
        command_buffer.finalized = True
        return ()

    def command_buffer_execution_barrier(
        self, command_buffer: Any, source_stages: int, target_stages: int, flags: int
    ) -> tuple[Any, ...]:
        _ref(command_buffer, CommandBuffer, "command_buffer").record(lambda: None)
        return ()

    def command_buffer_fill_buffer(
        self,
        command_buffer: Any,
        target: Any,
        offset: int,
        length: int,
        slot: int,
        pattern: int,
        pattern_length: int,
        flags: int,
    ) -> tuple[Any, ...]:
        command_buffer = _ref(command_buffer, CommandBuffer, "command_buffer")
        dtype = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}.get(pattern_length)
        if dtype is None:
            raise invalid_argument(f"fill patterns are 1, 2, 4 or 8 bytes, not {pattern_length}")
        if offset % pattern_length or length % pattern_length:
            raise invalid_argument(
                f"fill offset {offset} and length {length} must be aligned to the pattern "
                f"length {pattern_length}"
            )
        data = _writable(span(_direct(target, slot, "target_buffer"), offset, length)).data
        value = dtype(pattern & ((1 << (8 * pattern_length)) - 1))
        command_buffer.record(lambda: data.view(dtype).fill(value))
        return ()

    def command_buffer_copy_buffer(
        self,
        command_buffer: Any,
        source_slot: int,
        target_slot: int,
        source: Any,
        source_offset: int,
        target: Any,
        target_offset: int,
        length: int,
        flags: int,
    ) -> tuple[Any, ...]:
        command_buffer = _ref(command_buffer, CommandBuffer, "command_buffer")
        source_data = span(_direct(source, source_slot, "source_buffer"), source_offset, length)
        target_data = span(_direct(target, target_slot, "target_buffer"), target_offset, length)
        read, written = source_data.data, _writable(target_data).data
        if np.may_share_memory(read, written):
            raise invalid_argument("source and target ranges of a copy overlap")
        command_buffer.record(lambda: np.copyto(written, read))
        return ()

    def command_buffer_dispatch(
        self,
        command_buffer: Any,
        executable: Any,
        function_id: int,
        workgroup_x: int,
        workgroup_y: int,
        workgroup_z: int,
        flags: int,
        constants: tuple[int, ...],
        bindings: tuple[tuple[Any, ...], ...],
    ) -> tuple[Any, ...]:
        command_buffer = _ref(command_buffer, CommandBuffer, "command_buffer")
        loaded = _ref(executable, Executable, "executable").loaded
        ordinal = loaded.entry_point(function_id).ordinal
        grid = (_u32(workgroup_x), _u32(workgroup_y), _u32(workgroup_z))
        buffers = [
            span(
                buffer if isinstance(buffer, Buffer) else _direct(buffer, slot, f"binding {index}"),
                offset,
                length,
            )
            for index, (_, slot, buffer, offset, length) in enumerate(bindings)
        ]
        push_constants = _NO_CONSTANTS
        if constants:
            values = struct.pack(f"<{len(constants)}I", *(_u32(c) for c in constants))
            push_constants = Buffer.of_bytes(np.frombuffer(values, np.uint8), mutable=False)
        threads = self.threads
        command_buffer.record(
            lambda: loaded.dispatch(ordinal, grid, buffers, push_constants, threads)
        )
        return ()

    def ex_submit_and_wait(self, device: Any, command_buffer: Any) -> tuple[Any, ...]:
        _ref(device, Device, "device")
        command_buffer = _ref(command_buffer, CommandBuffer, "command_buffer")
        if not command_buffer.finalized:
            raise StatusError(
                StatusCode.FAILED_PRECONDITION,
                "command buffer must be finalized before it is submitted",
            )
        for command in command_buffer.commands:
            command()
        return ()


def _check_argument(name: str, index: int, param: Parameter, value: Any) -> None:
    """INVALID_ARGUMENT unless `value` has the shape of parameter `param` (refs are checked
    by the export itself)."""
    if type(param) is not tuple:
        _check_value(name, index, param, value)
        return
    if type(value) is not tuple:
        raise invalid_argument(f"{name}: variadic argument {index} must be a tuple")
    for item in value:
        items = (item,) if len(param) == 1 else item
        if type(items) is not tuple or len(items) != len(param):
            raise invalid_argument(f"{name}: argument {index} needs tuples of {len(param)}")
        for kind, element in zip(param, items, strict=True):
            _check_value(name, index, kind, element)


def _check_value(name: str, index: int, kind: str, value: Any) -> None:
    if kind in _INT_RANGES:
        low, high = _INT_RANGES[kind]
        if type(value) is not int or not low <= value < high:
            raise invalid_argument(f"{name}: argument {index} must be an {kind}, got {value!r}")


def _ref(value: Any, cls: type, what: str) -> Any:
    """`value` if it is a `cls` ref; INVALID_ARGUMENT (naming `what`) if null or another type."""
    if isinstance(value, cls):
        return value
    expected = getattr(cls, "TYPE_NAME", "buffer")
    if value is None:
        raise invalid_argument(f"{what} is null (expected a {expected})")
    actual = getattr(value, "TYPE_NAME", type(value).__name__)
    raise invalid_argument(f"{what} is a {actual}, expected a {expected}")


def _direct(buffer: Any, slot: int, what: str) -> Buffer:
    """A command's buffer: binding-table slots (a null buffer) are not supported."""
    if buffer is None:
        raise invalid_argument(
            f"{what} refers to binding-table slot {slot}; pyvmvx's command buffers take "
            "buffers directly"
        )
    return _ref(buffer, Buffer, what)


def _access_length(length: int) -> int:
    if length not in (1, 2, 4):
        raise invalid_argument(f"buffer loads and stores are 1, 2 or 4 bytes, not {length}")
    return length


def _writable(buffer: Buffer) -> Buffer:
    if not buffer.mutable:
        raise StatusError(
            StatusCode.PERMISSION_DENIED, "buffer is read-only and cannot be mapped for mutation"
        )
    return buffer


def _message(message: Any) -> None:
    """INVALID_ARGUMENT unless `message` is a `!vm.buffer` or null (its text is only read for
    an error)."""
    if message is not None and not isinstance(message, Buffer):
        _ref(message, Buffer, "string")


def _text(message: Any) -> str:
    """A `!vm.buffer` string argument (empty for null), invalid UTF-8 replaced."""
    if message is None:
        return ""
    return bytes(_ref(message, Buffer, "string").data).decode("utf-8", "replace")


def _u32(value: int) -> int:
    return operator.index(value) & 0xFFFFFFFF


def _uint32s(buffer: Any) -> tuple[int, ...]:
    data = bytes(_ref(buffer, Buffer, "constants").data)
    if len(data) % 4:
        raise invalid_argument(f"executable constants of {len(data)} bytes are not uint32s")
    return struct.unpack(f"<{len(data) // 4}I", data)


def _assert_shape(what: str, actual: tuple[int, ...], expected: tuple[int, ...]) -> None:
    """IREE's rank and dimension checks of `buffer_view.assert`, with its messages."""
    if len(actual) != len(expected):
        problem = (
            f"shape rank mismatch; expected {len(expected)}{' (scalar)' * (not expected)} "
            f"but have {len(actual)}{' (scalar)' * (not actual)}"
        )
    else:
        mismatched = [i for i, (a, e) in enumerate(zip(actual, expected, strict=True)) if a != e]
        if not mismatched:
            return
        index = mismatched[0]
        problem = (
            f"shape dimension {index} mismatch; expected {expected[index]} but have {actual[index]}"
        )
    raise invalid_argument(
        f"{what} {problem}; expected shape `{format_shape(expected)}`, actual shape "
        f"`{format_shape(actual)}`"
    )
