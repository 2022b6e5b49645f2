"""The runtime `hal` module for host programs: every export, called as a host module calls it
(`HalModule.call` with VM values), with IREE's status codes and messages on errors; the
element-type table; buffer views to numpy."""

from __future__ import annotations

import functools
import importlib.util
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime import Buffer, StatusError
from pyvmvx.runtime.modules import element_types
from pyvmvx.runtime.modules.element_types import BY_NAME, element_type_name, is_compatible
from pyvmvx.runtime.modules.hal_host import SIGNATURES, HalModule
from pyvmvx.runtime.modules.hal_types import Allocator, BufferView, CommandBuffer, Device
from pyvmvx.runtime.modules.registry import MODULES
from pyvmvx.runtime.vm.serialize import decode

EXECUTABLES = Path(__file__).parents[1] / "e2e" / "executables"
F32, I32 = BY_NAME["f32"].code, BY_NAME["i32"].code


@functools.cache
def _program() -> Any:
    """The push_constants executable (store 4 push constants into binding 0)."""
    return decode(pyvmvx.compile(EXECUTABLES / "push_constants.mlir"))


def _hal(**options: Any) -> HalModule:
    return HalModule(_program().executables, **options)


def _text(text: str) -> Buffer:
    return Buffer(text.encode(), mutable=False)


def _fails(code: str, match: str, hal: HalModule, name: str, *args: Any) -> None:
    with pytest.raises(StatusError, match=match) as err:
        hal.call(name, *args)
    assert err.value.code == code, err.value


def test_registered_with_iree_s_sorted_export_order() -> None:
    hal = MODULES["hal"]()
    assert hal.name == "hal" and list(hal) == sorted(SIGNATURES, key=str.encode)
    assert hal.signature("command_buffer.dispatch") == "0rrIiiiICiDCiirIID_v"
    with pytest.raises(StatusError, match="no export named 'nothing'"):
        hal.call("nothing")


def test_arguments_are_checked_against_the_calling_convention() -> None:
    hal = _hal()
    _fails("INVALID_ARGUMENT", "takes 1 arguments, got 0", hal, "device.allocator")
    _fails("INVALID_ARGUMENT", "argument 0 must be an i32", hal, "devices.get", 1.5)
    _fails("INVALID_ARGUMENT", "argument 0 must be an i32", hal, "devices.get", 1 << 40)
    view = _view(Buffer.allocate(8), F32, (2,))
    _fails("INVALID_ARGUMENT", "must be a tuple", hal, "buffer_view.assert", view, None, 0, 1, 2)
    args = (view, None, F32, 1, ((2,),))
    _fails("INVALID_ARGUMENT", "argument 4 must be an i64", hal, "buffer_view.assert", *args)


def test_devices_and_allocator() -> None:
    hal = _hal()
    (device,) = hal.call("ex.shared_device")
    assert isinstance(device, Device) and hal.call("devices.count") == (1,)
    assert hal.call("devices.get", 0) == (device,)
    _fails("OUT_OF_RANGE", r"device index 1 out of bounds \(1 available\)", hal, "devices.get", 1)
    (allocator,) = hal.call("device.allocator", device)
    assert isinstance(allocator, Allocator)
    _fails("INVALID_ARGUMENT", "device is null", hal, "device.allocator", None)
    _fails(
        "INVALID_ARGUMENT",
        "device is a hal.allocator, expected a hal.device",
        hal,
        "device.allocator",
        allocator,
    )


def test_allocate_is_fresh_and_bounded() -> None:
    hal = _hal(allocation_limit=64)
    allocator = hal.device.allocator
    (buffer,) = hal.call("allocator.allocate", allocator, -1, 48, 3075, 64)
    (other,) = hal.call("allocator.allocate", allocator, -1, 48, 3075, 64)
    assert buffer.mutable and buffer.length == 64 and buffer.data.ctypes.data % 64 == 0
    assert not np.shares_memory(buffer.data, other.data)
    for size in (65, -1):
        _fails(
            "RESOURCE_EXHAUSTED",
            f"cannot allocate a buffer of {size} bytes",
            hal,
            "allocator.allocate",
            allocator,
            -1,
            48,
            3075,
            size,
        )


def test_import_uses_the_source_in_place() -> None:
    hal = _hal()
    source = Buffer(np.arange(16, dtype=np.uint8).tobytes(), mutable=False)
    (buffer,) = hal.call("allocator.import", hal.device.allocator, 1, -1, 48, 3075, source, 4, 8)
    assert not buffer.mutable and np.shares_memory(buffer.data, source.data)
    assert bytes(buffer.data) == bytes(range(4, 12))
    (whole,) = hal.call("allocator.import", hal.device.allocator, 1, -1, 48, 3075, source, 4, -1)
    assert whole.length == 12
    args = (hal.device.allocator, 1, -1, 48, 3075, source, 12, 8)
    _fails(
        "OUT_OF_RANGE", "offset=12, length=8, buffer byte_length=16", hal, "allocator.import", *args
    )


def test_buffer_assert_length_subspan() -> None:
    hal = _hal()
    buffer = Buffer.allocate(16)
    hal.call("buffer.assert", buffer, _text("input0"), None, 16, 0, 3075)
    _fails(
        "INVALID_ARGUMENT",
        "^input0 buffer byte length 16 less than expected minimum 17$",
        hal,
        "buffer.assert",
        buffer,
        _text("input0"),
        None,
        17,
        0,
        0,
    )
    _fails(
        "INVALID_ARGUMENT",
        "input0 buffer is null",
        hal,
        "buffer.assert",
        None,
        _text("input0"),
        None,
        0,
        0,
        0,
    )
    assert hal.call("buffer.length", buffer) == (16,)
    (span,) = hal.call("buffer.subspan", buffer, 4, 8)
    span.data[:] = 1
    assert span.length == 8 and buffer.data.tolist() == [0] * 4 + [1] * 8 + [0] * 4
    _fails("OUT_OF_RANGE", "off the end", hal, "buffer.subspan", buffer, 10, 8)
    _fails("OUT_OF_RANGE", "off the end", hal, "buffer.subspan", buffer, -1, 1)


def test_buffer_load_and_store_little_endian_scalars() -> None:
    hal = _hal()
    buffer = Buffer.allocate(8)
    hal.call("buffer.store", -2, buffer, 0, 4)
    hal.call("buffer.store", 0x1234, buffer, 4, 1)
    assert buffer.data.tolist() == [0xFE, 0xFF, 0xFF, 0xFF, 0x34, 0, 0, 0]
    assert hal.call("buffer.load", buffer, 0, 2) == (0xFFFE,)  # zero-extended
    assert hal.call("buffer.load", buffer, 4, 4) == (0x34,)
    _fails("INVALID_ARGUMENT", "1, 2 or 4 bytes, not 8", hal, "buffer.load", buffer, 0, 8)
    _fails("OUT_OF_RANGE", "off the end", hal, "buffer.load", buffer, 6, 4)
    read_only = Buffer(bytes(4), mutable=False)
    _fails("PERMISSION_DENIED", "read-only", hal, "buffer.store", 1, read_only, 0, 4)


def _view(buffer: Buffer, element_type: int, shape: tuple[int, ...]) -> BufferView:
    (view,) = _hal().call("buffer_view.create", buffer, 0, buffer.length, element_type, 1, shape)
    return view


def test_buffer_view_create_and_queries() -> None:
    hal = _hal()
    buffer = Buffer(np.arange(6, dtype=np.float32), mutable=False)
    (view,) = hal.call("buffer_view.create", buffer, 4, 20, F32, 1, (5,))
    assert hal.call("buffer_view.element_type", view) == (F32,)
    assert hal.call("buffer_view.encoding_type", view) == (1,)
    assert hal.call("buffer_view.rank", view) == (1,)
    assert hal.call("buffer_view.dim", view, 0) == (5,)
    (inner,) = hal.call("buffer_view.buffer", view)
    assert inner.length == 20 and np.shares_memory(inner.data, buffer.data)
    np.testing.assert_array_equal(view.to_array(), [1, 2, 3, 4, 5])
    _fails(
        "OUT_OF_RANGE",
        "dimension index 1 out of bounds for rank 1",
        hal,
        "buffer_view.dim",
        view,
        1,
    )
    _fails(
        "INVALID_ARGUMENT",
        "needs 24 bytes but its buffer has 20",
        hal,
        "buffer_view.create",
        buffer,
        4,
        20,
        F32,
        1,
        (2, 3),
    )
    _fails(
        "INVALID_ARGUMENT", "negative dim", hal, "buffer_view.create", buffer, 0, 24, F32, 1, (-1,)
    )
    _fails("OUT_OF_RANGE", "off the end", hal, "buffer_view.create", buffer, 8, 20, F32, 1, (1,))


@pytest.mark.parametrize(
    ("element_type", "encoding", "shape", "message"),
    [
        (F32, 1, (2, 4), None),
        (BY_NAME["si32"].code, 1, (2, 4), None),  # integers of one width are interchangeable
        (F32, 2, (2, 4), "input0 encoding mismatch; expected 00000002 but have 00000001"),
        (
            BY_NAME["f16"].code,
            1,
            (2, 4),
            "input0 element type mismatch; expected f16 (21000010) but have i32 (10000020)",
        ),
        (
            I32,
            1,
            (2, 4, 1),
            "input0 shape rank mismatch; expected 3 but have 2; expected shape `2x4x1`, "
            "actual shape `2x4`",
        ),
        (I32, 1, (), "input0 shape rank mismatch; expected 0 (scalar) but have 2"),
        (
            I32,
            1,
            (2, 5),
            "input0 shape dimension 1 mismatch; expected 5 but have 4; expected shape `2x5`, "
            "actual shape `2x4`",
        ),
    ],
)
def test_buffer_view_assert_has_iree_s_messages(
    element_type: int, encoding: int, shape: tuple[int, ...], message: str | None
) -> None:
    hal = _hal()
    view = _view(Buffer.allocate(32), I32, (2, 4))
    if element_type == F32 and message is None:
        view = _view(Buffer.allocate(32), F32, (2, 4))
    args = (view, _text("input0"), element_type, encoding, shape)
    if message is None:
        assert hal.call("buffer_view.assert", *args) == ()
    else:
        _fails("INVALID_ARGUMENT", f"^{re.escape(message)}", hal, "buffer_view.assert", *args)


def test_element_types_are_iree_s() -> None:
    codes = {"f32": 0x21000020, "i1": 0x13000008, "si8": 0x11000008, "ui64": 0x12000040}
    codes |= {"bf16": 0x22000010, "f8E4M3FN": 0x25000008, "i16": 0x10000010}
    assert {name: BY_NAME[name].code for name in codes} == codes
    assert len({t.code for t in element_types.ELEMENT_TYPES}) == len(element_types.ELEMENT_TYPES)
    assert element_type_name(0x00000008) == "*8" and element_type_name(0x31000020) == "?"
    assert is_compatible(0x00000020, F32)  # opaque passes
    assert is_compatible(BY_NAME["i1"].code, BY_NAME["ui8"].code)
    assert not is_compatible(I32, F32) and not is_compatible(BY_NAME["i8"].code, I32)
    assert BY_NAME["i32"].accepts(np.dtype(np.uint32)) and not BY_NAME["si32"].accepts(
        np.dtype(np.uint32)
    )
    assert not BY_NAME["f32"].accepts(np.dtype(">f4")) and not BY_NAME["i32"].accepts(
        np.dtype(">i4")
    )


def test_buffer_views_become_owning_numpy_arrays() -> None:
    data = np.array([0, 1, 2, 0], np.uint8)
    flags = _view(Buffer(data, mutable=False), BY_NAME["i1"].code, (2, 2)).to_array()
    np.testing.assert_array_equal(flags, [[False, True], [True, False]])
    values = _view(Buffer(np.arange(4, dtype=np.int16), mutable=False), BY_NAME["si16"].code, (4,))
    array = values.to_array()
    assert array.dtype == np.int16 and array.flags.owndata and array.flags.writeable
    with pytest.raises(StatusError, match="has no numpy dtype") as err:
        _view(Buffer.allocate(4), 0x00000020, ()).to_array()
    assert err.value.code == "UNIMPLEMENTED"


def test_bf16_needs_ml_dtypes(monkeypatch: pytest.MonkeyPatch) -> None:
    bits = np.array([0x3F80, 0xC000], np.uint16)  # 1.0, -2.0 in bf16
    view = _view(Buffer(bits, mutable=False), BY_NAME["bf16"].code, (2,))
    if importlib.util.find_spec("ml_dtypes") is not None:
        assert view.to_array().astype(np.float32).tolist() == [1.0, -2.0]

    def missing(name: str) -> Any:
        raise ImportError(name)

    monkeypatch.setattr(element_types.importlib, "import_module", missing)
    with pytest.raises(StatusError, match=r"pip install 'pyvmvx\[ml-dtypes\]'") as err:
        view.to_array()
    assert err.value.code == "UNIMPLEMENTED"


def _executable(hal: HalModule, name: str = "push_constants", constants: Any = None) -> Any:
    (device,) = hal.call("ex.shared_device")
    format_ = _text("vmvx-bytecode-fb")
    return hal.call("executable.create", device, -1, format_, _text(name), constants)[0]


def test_executable_create_and_lookup() -> None:
    hal = _hal()
    executable = _executable(hal)
    assert _executable(hal).loaded is executable.loaded  # loaded once
    assert hal.call("executable.lookup.function", executable, _text("store_constants")) == (0,)
    _fails(
        "NOT_FOUND",
        "has no function 'other'",
        hal,
        "executable.lookup.function",
        executable,
        _text("other"),
    )
    with pytest.raises(StatusError, match="has no executable 'missing'"):
        _executable(hal, "missing")
    device = hal.device
    args = (device, -1, _text("embedded-elf-x86_64"), _text("push_constants"), None)
    _fails("NOT_FOUND", "format 'embedded-elf-x86_64'", hal, "executable.create", *args)
    with pytest.raises(StatusError, match="3 bytes are not uint32s"):
        _executable(hal, constants=Buffer(b"abc", mutable=False))
    with pytest.raises(StatusError, match="has no executable-level constants"):
        _executable(hal, constants=Buffer(b"abcd", mutable=False))


def _record_dispatch(hal: HalModule, commands: CommandBuffer, out: Buffer, size: int = 16) -> None:
    executable = _executable(hal)
    constants = (7, -1, -(1 << 31), 5)
    bindings = ((0, 0, out, 0, size),)
    hal.call("command_buffer.dispatch", commands, executable, 0, 1, 1, 1, 0, constants, bindings)


def test_command_buffer_runs_its_commands_in_order_when_submitted() -> None:
    hal = _hal(threads=2)
    device = hal.device
    (commands,) = hal.call("command_buffer.create", device, 1, 3, -1, 0)
    out = Buffer.allocate(24)
    hal.call("command_buffer.fill_buffer", commands, out, 0, 24, 0, -1, 1, 0)
    _record_dispatch(hal, commands, out)
    hal.call("command_buffer.execution_barrier", commands, 28, 13, 0)
    hal.call("command_buffer.copy_buffer", commands, 0, 0, out, 0, out, 16, 8, 0)
    hal.call("command_buffer.fill_buffer", commands, out, 20, 4, 0, 0x0102, 2, 0)
    assert not out.data.any()  # recorded, not run
    _fails("FAILED_PRECONDITION", "must be finalized", hal, "ex.submit_and_wait", device, commands)
    hal.call("command_buffer.finalize", commands)
    hal.call("ex.submit_and_wait", device, commands)
    values = out.data.view(np.int32).tolist()
    assert values[:5] == [7, -1, -(1 << 31), 5, 7] and out.data[20:].tolist() == [2, 1, 2, 1]
    out.data[:] = 0
    hal.call("ex.submit_and_wait", device, commands)  # a command buffer can run again
    assert out.data.view(np.int32).tolist()[:4] == [7, -1, -(1 << 31), 5]
    _fails("FAILED_PRECONDITION", "already finalized", hal, "command_buffer.finalize", commands)
    _fails(
        "FAILED_PRECONDITION",
        "cannot record",
        hal,
        "command_buffer.execution_barrier",
        commands,
        0,
        0,
        0,
    )


def test_command_errors() -> None:
    hal = _hal()
    (commands,) = hal.call("command_buffer.create", hal.device, 1, 3, -1, 0)
    out, read_only = Buffer.allocate(16), Buffer(bytes(16), mutable=False)
    fill = "command_buffer.fill_buffer"
    _fails(
        "INVALID_ARGUMENT", "1, 2, 4 or 8 bytes, not 3", hal, fill, commands, out, 0, 3, 0, 0, 3, 0
    )
    _fails(
        "INVALID_ARGUMENT",
        "aligned to the pattern length 4",
        hal,
        fill,
        commands,
        out,
        2,
        4,
        0,
        0,
        4,
        0,
    )
    _fails("PERMISSION_DENIED", "read-only", hal, fill, commands, read_only, 0, 4, 0, 0, 4, 0)
    _fails("OUT_OF_RANGE", "off the end", hal, fill, commands, out, 8, 16, 0, 0, 4, 0)
    _fails("INVALID_ARGUMENT", "binding-table slot 3", hal, fill, commands, None, 0, 4, 3, 0, 4, 0)
    copy = "command_buffer.copy_buffer"
    _fails("INVALID_ARGUMENT", "overlap", hal, copy, commands, 0, 0, out, 0, out, 4, 8, 0)
    _fails("PERMISSION_DENIED", "read-only", hal, copy, commands, 0, 0, out, 0, read_only, 0, 8, 0)
    executable = _executable(hal)
    dispatch = "command_buffer.dispatch"
    args = (commands, executable, 3, 1, 1, 1, 0, (), ())
    _fails("INVALID_ARGUMENT", "entry point ordinal 3 out of bounds", hal, dispatch, *args)
    bindings = ((0, 2, None, 0, 16),)
    args = (commands, executable, 0, 1, 1, 1, 0, (1, 2, 3, 4), bindings)
    _fails("INVALID_ARGUMENT", "binding 0 refers to binding-table slot 2", hal, dispatch, *args)
    hal.call(dispatch, commands, executable, 0, 1, 1, 1, 0, (1,), ((0, 0, out, 0, 16),))
    hal.call("command_buffer.finalize", commands)
    _fails(
        "INVALID_ARGUMENT",
        "takes 4 push constants, got 1",
        hal,
        "ex.submit_and_wait",
        hal.device,
        commands,
    )
