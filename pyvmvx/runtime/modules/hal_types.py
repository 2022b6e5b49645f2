"""The ref types of the runtime `hal` module: devices, allocators, buffer views, executables
and command buffers. A `!hal.buffer` is the VM's own `Buffer`, so `!vm.buffer` rodata and
HAL buffers are the same objects.

`BufferView` is IREE's `iree_hal_buffer_view_t`: a buffer holding exactly the dense bytes of
an element type (`element_types`) and a row-major shape, plus an encoding type. `span`
makes the zero-copy sub-buffers that subspans, imports, views and bindings use.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from pyvmvx.runtime.modules.element_types import BOOLEAN, BY_CODE, element_byte_count
from pyvmvx.runtime.modules.element_types import element_type_name as type_name
from pyvmvx.runtime.modules.hal import HalExecutable
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument, out_of_range
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ref import RefObject

ENCODING_DENSE_ROW_MAJOR = 1
"""IREE's `IREE_HAL_ENCODING_TYPE_DENSE_ROW_MAJOR` (0 is opaque)."""
WHOLE_BUFFER = -1
"""A length of -1 (IREE's `IREE_HAL_WHOLE_BUFFER`) means the rest of the buffer."""


class Allocator(RefObject):
    """`!hal.allocator`: hands out uninitialized host buffers of at most `limit` bytes
    each (as IREE's; `np.empty` skips the memset or page faults of a zeroed block)."""

    __slots__ = ("limit",)
    TYPE_NAME = "hal.allocator"

    def __init__(self, limit: int) -> None:
        self.limit = limit


class Device(RefObject):
    """`!hal.device`: the one local device of a `hal` module."""

    __slots__ = ("allocator",)
    TYPE_NAME = "hal.device"

    def __init__(self, allocator: Allocator) -> None:
        self.allocator = allocator


class Executable(RefObject):
    """`!hal.executable`: a loaded VMVX executable of the module file."""

    __slots__ = ("loaded",)
    TYPE_NAME = "hal.executable"

    def __init__(self, loaded: HalExecutable) -> None:
        self.loaded = loaded


Command = Callable[[], None]


class CommandBuffer(RefObject):
    """`!hal.command_buffer`: commands recorded in order, run by `ex.submit_and_wait` (any
    number of times) once finalized."""

    __slots__ = ("commands", "finalized")
    TYPE_NAME = "hal.command_buffer"

    def __init__(self) -> None:
        self.commands: list[Command] = []
        self.finalized = False

    def record(self, command: Command) -> None:
        if self.finalized:
            raise StatusError(
                StatusCode.FAILED_PRECONDITION, "command buffer is finalized; cannot record"
            )
        self.commands.append(command)


class BufferView(RefObject):
    """`!hal.buffer_view`: `buffer` holds the dense elements of `shape` (checked here)."""

    __slots__ = ("buffer", "element_type", "encoding_type", "shape")
    TYPE_NAME = "hal.buffer_view"

    def __init__(
        self, buffer: Buffer, element_type: int, encoding_type: int, shape: tuple[int, ...]
    ) -> None:
        if shape and min(shape) < 0:
            raise invalid_argument(f"buffer view shape {format_shape(shape)} has a negative dim")
        needed = element_byte_count(element_type, math.prod(shape))
        if needed > buffer.length:
            raise invalid_argument(
                f"buffer view of shape `{format_shape(shape)}` and element type "
                f"{type_name(element_type)} needs {needed} bytes but its buffer has "
                f"{buffer.length}"
            )
        self.buffer = buffer
        self.element_type = element_type
        self.encoding_type = encoding_type
        self.shape = shape

    def to_array(self) -> np.ndarray:
        """A new numpy array (owning its memory) with the view's elements."""
        element = BY_CODE.get(self.element_type)
        if element is None:
            raise StatusError(
                StatusCode.UNIMPLEMENTED,
                f"element type {type_name(self.element_type)} ({self.element_type:08X}) "
                "has no numpy dtype",
            )
        dtype = element.dtype()
        data = self.buffer.data[: math.prod(self.shape) * dtype.itemsize]
        if element.numerical_type == BOOLEAN:
            return (data != 0).reshape(self.shape)
        return data.view(dtype).reshape(self.shape).copy()

    def __repr__(self) -> str:
        return f"<BufferView {format_shape(self.shape)}x{type_name(self.element_type)}>"


def format_shape(shape: tuple[int, ...]) -> str:
    """IREE's shape spelling: `2x4`, empty for a scalar."""
    return "x".join(str(dim) for dim in shape)


def span(buffer: Buffer, offset: int, length: int) -> Buffer:
    """The zero-copy sub-buffer `[offset, offset + length)` of `buffer` (length -1: to the
    end), with the buffer's access mode (`buffer` itself when that is all of it);
    OUT_OF_RANGE past its end."""
    if length == WHOLE_BUFFER and 0 <= offset <= buffer.length:
        length = buffer.length - offset
    if offset == 0 and length == buffer.length:
        return buffer
    if offset < 0 or length < 0 or offset + length > buffer.length:
        raise out_of_range(
            "attempted to access an address off the end of the valid buffer range "
            f"(offset={offset}, length={length}, buffer byte_length={buffer.length})"
        )
    return Buffer.of_bytes(buffer.data[offset : offset + length], mutable=buffer.mutable)
