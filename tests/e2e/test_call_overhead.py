"""What a call of a compiled program does once and what it does each time (issue 13, per-call
overhead): the device, allocator and executables are looked up once per loaded module (in
`__init`, `iree-hal-materialize-resource-caches`), a call leaves no reference cycles behind,
and the VM binds the `hal` and `vmvx` exports directly."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.modules.hal_host import MODULE_NAME, HalModule
from pyvmvx.runtime.modules.hal_types import Executable
from pyvmvx.runtime.modules.registry import instantiate_modules
from pyvmvx.runtime.program import Module
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.executor import CompiledModule
from pyvmvx.runtime.vm.serialize import decode

TINY_ADD = Path(__file__).parents[2] / "benchmarks" / "programs" / "tiny_add.mlir"


class CountingHal(HalModule):
    """The `hal` module, counting the calls of each export the host module makes."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.calls: dict[str, int] = {}
        super().__init__(*args, **kwargs)

    def bind(self, name: str) -> Any:
        function = super().bind(name)

        def counted(*args: Any) -> tuple[Any, ...]:
            self.calls[name] = self.calls.get(name, 0) + 1
            return function(*args)

        return counted


@pytest.fixture(scope="module")
def tiny_add() -> bytes:
    return pyvmvx.compile(TINY_ADD)


def load_counting(data: bytes) -> tuple[Module, CountingHal]:
    program = decode(data)
    assert program.host is not None
    hal = CountingHal(program.executables, threads=1)
    context = CompiledModule(program.host).instantiate({**instantiate_modules(), MODULE_NAME: hal})
    return Module(program.host, context), hal


def test_executable_is_created_once_per_loaded_module(tiny_add: bytes) -> None:
    module, hal = load_counting(tiny_add)
    once = {"devices.get": 1, "device.allocator": 1, "executable.create": 1}
    assert hal.calls == once  # made by __init, when the module is loaded
    a, b = np.arange(4, dtype=np.float32), np.full(4, 0.5, np.float32)
    for _ in range(3):
        np.testing.assert_array_equal(module.main(a, b), a + b)
    per_call = {k: v // 3 for k, v in hal.calls.items() if k not in once}
    assert {k: hal.calls[k] for k in once} == once
    assert per_call == {
        "buffer_view.assert": 2,
        "buffer_view.buffer": 2,
        "allocator.allocate": 1,
        "command_buffer.create": 1,
        "command_buffer.dispatch": 1,
        "command_buffer.finalize": 1,
        "ex.submit_and_wait": 1,
        "buffer_view.create": 1,
    }
    cached = [g for g in module._context.globals if isinstance(g, Executable)]
    assert len(cached) == 1
    other, other_hal = load_counting(tiny_add)  # another instance creates its own
    assert other_hal.calls["executable.create"] == 1
    assert [g for g in other._context.globals if isinstance(g, Executable)] != cached


def test_a_call_leaves_no_reference_cycles(tiny_add: bytes) -> None:
    main = pyvmvx.load(tiny_add, threads=1).main
    a = np.ones(4, np.float32)
    main(a, a)
    gc.collect()
    gc.disable()
    try:
        for _ in range(10):
            main(a, a)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_fast_paths_keep_the_checks(tiny_add: bytes) -> None:
    module = pyvmvx.load(tiny_add, threads=1)
    assert module.main is module["main"]  # prepared once
    a = np.arange(4, dtype=np.float32)
    with pytest.raises(StatusError, match="expected size 4 in dimension 0"):
        module.main(a, np.ones(5, np.float32))
    with pytest.raises(StatusError, match="expected element type f32"):
        module.main(a, np.ones(4, np.float64))
    strided = np.arange(8, dtype=np.float32)[::2]  # not contiguous: copied, not modified
    np.testing.assert_array_equal(module.main(strided, a), strided + a)
    result = module.main(a, a)
    assert result.flags.writeable  # handed over or copied: test_result_handover.py
    assert not np.shares_memory(result, a)


def test_bound_value_results_are_wrapped_to_their_registers() -> None:
    """`hal.buffer.load` gives a uint32; the VM holds it as a signed i32 (here -1 < 0)."""
    source = """
    func.func @negative(%t: tensor<2xi32>) -> i1 {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %x = tensor.extract %t[%c0] : tensor<2xi32>
      %n = arith.cmpi slt, %x, %zero : i32
      return %n : i1
    }
    """
    module = pyvmvx.load(pyvmvx.compile(source), threads=1)
    assert module.negative(np.array([-1, 5], np.int32))
    assert not module.negative(np.array([7, -5], np.int32))
