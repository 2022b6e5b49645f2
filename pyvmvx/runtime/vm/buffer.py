"""`!vm.buffer`: a byte buffer with an access mode, mapped by IREE's rules.

A `Buffer` wraps existing memory without copying. Every access the runtime makes goes through
`map` (or, in the `vmvx` module, through `check_mapping` plus a bounds guard), so nothing can
read or write outside the wrapped bytes, nor write through a read-only buffer.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from pyvmvx.runtime.status import invalid_argument, out_of_range, permission_denied

U64_MASK = (1 << 64) - 1

# PEP 3118 element formats of plain numbers, optionally with a byte-order prefix: bool, char,
# signed and unsigned integers, floats and complex numbers of every width.
_PLAIN_FORMAT = re.compile(r"[@=<>!]?(?:[?cbBhHiIlLqQnN]|[efdg]|Z[fdg])")


class Buffer:
    """A byte buffer of `length` bytes; `data` is a 1-D uint8 view of all of it.

    `data` is read-only (numpy's writeable flag cleared) when the buffer is not `mutable`.

    Only memory of plain numbers is wrapped: elements of a bool, char, integer, float or
    complex format (numpy kinds `b`, `i`, `u`, `f`, `c`; `bytes`, `bytearray`, `array.array`
    and ctypes arrays of those). Kernels overwrite the bytes with arbitrary bit patterns, which
    is harmless there but not in memory holding Python object pointers (numpy `object`) and
    meaningless for structured records, void, fixed-width strings and unicode; those are
    INVALID_ARGUMENT (numpy refuses to export datetime64/timedelta64 memory at all).
    """

    __slots__ = ("data", "length", "mutable")

    data: np.ndarray
    length: int
    mutable: bool

    def __init__(self, data: Any, *, mutable: bool) -> None:
        """Wrap bytes, bytearray, memoryview or a C-contiguous numpy array of plain numbers,
        without copying."""
        kind = type(data).__name__
        try:
            view = memoryview(data)
        except (TypeError, ValueError) as err:
            raise invalid_argument(f"cannot wrap {kind} as a buffer: {err}") from None
        if not _PLAIN_FORMAT.fullmatch(view.format):
            raise invalid_argument(
                f"cannot wrap {kind} of element format {view.format!r} as a buffer: "
                "only bool, char, integer, float and complex elements"
            )
        if not view.c_contiguous:
            raise invalid_argument("cannot wrap non-contiguous memory as a buffer")
        if mutable and view.readonly:
            raise invalid_argument("cannot wrap read-only memory as a mutable buffer")
        array = np.frombuffer(view, dtype=np.uint8)
        if not mutable:
            array.flags.writeable = False
        self.data = array
        self.length = array.shape[0]
        self.mutable = mutable

    @classmethod
    def of_bytes(cls, data: np.ndarray, *, mutable: bool) -> Buffer:
        """A buffer over `data`, a 1-D C-contiguous uint8 array (writeable if `mutable`),
        without `__init__`'s checks of foreign memory: for arrays the runtime made itself."""
        if not mutable and data.flags.writeable:
            data = data.view()
            data.flags.writeable = False
        buffer = cls.__new__(cls)
        buffer.data = data
        buffer.length = data.shape[0]
        buffer.mutable = mutable
        return buffer

    @classmethod
    def allocate(cls, length: int, alignment: int = 16, *, zeroed: bool = True) -> Buffer:
        """A new mutable buffer whose first byte is aligned to `alignment`: zero-filled, or
        with `zeroed=False` holding whatever the process's allocator hands out (as IREE's
        HAL allocations; numpy's `empty`, which skips the page faults or memset of a fresh
        zeroed block)."""
        _check_alignment(alignment)
        if length < 0:
            raise invalid_argument(f"buffer length must be non-negative, got {length}")
        storage = (np.zeros if zeroed else np.empty)(length + alignment - 1, dtype=np.uint8)
        start = -storage.ctypes.data % alignment
        return cls.of_bytes(storage[start : start + length], mutable=True)

    def check_mapping(
        self, byte_offset: int, byte_length: int, alignment: int, write: bool
    ) -> tuple[int, int]:
        """IREE's `iree_vm_buffer_map_ro/rw` check, in its unsigned 64-bit arithmetic.

        Offset and length are taken modulo 2**64 and rounded down to `alignment` (a power of
        two); the check fails if `offset + length` (which may wrap around, as in IREE) exceeds
        the buffer. Returns the rounded `(offset, length)`. Callers that address memory must
        still bound their accesses: a wrapped-around range passes this check.
        """
        if write and not self.mutable:
            raise permission_denied("buffer is read-only and cannot be mapped for mutation")
        mask = ~(alignment - 1) & U64_MASK
        offset = byte_offset & mask
        length = byte_length & mask
        if (offset + length) & U64_MASK > self.length:
            raise self._out_of_bounds(offset, length, alignment)
        return offset, length

    def map(self, byte_offset: int, byte_length: int, alignment: int, *, write: bool) -> np.ndarray:
        """A uint8 view of the rounded range, by IREE's mapping rules.

        Unlike IREE, a range whose end only fits because `offset + length` wraps around 2**64
        is refused too (IREE would hand out a pointer outside the buffer).
        """
        _check_alignment(alignment)
        offset, length = self.check_mapping(byte_offset, byte_length, alignment, write)
        end = offset + length
        if end > self.length:
            raise self._out_of_bounds(offset, length, alignment)
        return self.data[offset:end]

    def _out_of_bounds(self, offset: int, length: int, alignment: int) -> Exception:
        return out_of_range(
            f"out-of-bounds access detected (offset={offset}, length={length}, "
            f"alignment={alignment}, buffer length={self.length})"
        )

    def __repr__(self) -> str:
        mode = "mutable" if self.mutable else "read-only"
        return f"<Buffer {self.length} bytes, {mode}>"


def _check_alignment(alignment: int) -> None:
    if alignment <= 0 or alignment & (alignment - 1):
        raise invalid_argument(f"alignment must be a power of two, got {alignment}")
