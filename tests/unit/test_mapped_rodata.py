"""Rodata taken from a module file without copying: `decode` keeps segments as read-only
views of immutable data (bytes, a read-only mapping) and copies anything mutable; the runtime
uses a view in place when it is aligned or large, else copies it to an aligned buffer."""

from __future__ import annotations

import mmap
from pathlib import Path

import numpy as np

from pyvmvx.runtime.api import read_module_file
from pyvmvx.runtime.vm.format import Module, Program, Rodata
from pyvmvx.runtime.vm.ops import IN_PLACE_RODATA, read_only_buffer
from pyvmvx.runtime.vm.serialize import decode, encode

WEIGHTS = bytes(range(256)) * 1024


def _file() -> bytes:
    return encode(Program(Module("m", rodata=(Rodata("w", WEIGHTS, 64), Rodata("s", b"ab", 64)))))


def _segments(data: bytes | bytearray | memoryview) -> tuple[Rodata, ...]:
    host = decode(data).host
    assert host is not None
    return host.rodata


def test_segments_are_views_of_immutable_data_and_copies_of_mutable_data() -> None:
    data = _file()
    weights, small = _segments(data)
    assert isinstance(weights.data, memoryview) and weights.data.obj is data
    assert weights.data == WEIGHTS and small.data == b"ab"
    mutable = bytearray(data)
    (copied, _) = _segments(mutable)
    assert copied.data == WEIGHTS and copied.data.obj is not mutable
    (read_only_view_of_mutable, _) = _segments(memoryview(mutable).toreadonly())
    assert read_only_view_of_mutable.data.obj is not mutable


def test_a_mapped_file_keeps_its_weights_in_place(tmp_path: Path) -> None:
    path = tmp_path / "m.vmfb"
    path.write_bytes(_file())
    mapped = read_module_file(path)
    assert isinstance(mapped, memoryview) and isinstance(mapped.obj, mmap.mmap)
    weights, small = _segments(mapped)
    buffer = read_only_buffer(weights.data, weights.alignment)
    assert not buffer.mutable and np.shares_memory(
        buffer.data, np.frombuffer(weights.data, np.uint8)
    )
    copy = read_only_buffer(small.data, 1 << 12)  # small and misaligned for 4096: copied
    assert copy.data.ctypes.data % (1 << 12) == 0 and bytes(copy.data) == b"ab"
    assert len(WEIGHTS) >= IN_PLACE_RODATA
    empty = tmp_path / "empty.vmfb"
    empty.write_bytes(b"")
    assert read_module_file(empty) == b""  # an empty file cannot be mapped


def test_compiled_weights_are_segments_of_the_mapping(tmp_path: Path) -> None:
    """A program's tensor constant (here a `dense_resource` weight) is a rodata segment of
    the host module, so a mapped file keeps it in place."""
    import pyvmvx  # the compiler, only for this test: the rest of the file is runtime-only

    weights = np.arange(IN_PLACE_RODATA // 4, dtype=np.float32)
    t = f"tensor<{weights.size}xf32>"
    blob = "0x04000000" + weights.tobytes().hex()
    path = tmp_path / "w.vmfb"
    path.write_bytes(
        pyvmvx.compile(
            f"func.func @w() -> {t} {{\n"
            f"  %w = arith.constant dense_resource<w> : {t}\n"
            f"  return %w : {t}\n}}\n"
            f'{{-# dialect_resources: {{builtin: {{w: "{blob}"}}}} #-}}\n'
        )
    )
    (segment,) = [s for s in _segments(read_module_file(path)) if len(s.data) == weights.nbytes]
    assert isinstance(segment.data, memoryview) and isinstance(segment.data.obj, mmap.mmap)
    assert segment.data == weights.tobytes()
    # 64-byte aligned in the file (format version 4), so in memory: numpy and BLAS take it
    # at full speed (a misaligned float32 weight made its matmul 3-6x slower)
    assert np.frombuffer(segment.data, np.uint8).ctypes.data % 64 == 0
    np.testing.assert_array_equal(pyvmvx.load(path).w(), weights)
