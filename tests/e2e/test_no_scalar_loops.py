"""No op family of the whole-program tests runs a scalar VM loop under `ukernels=all`.

Every tensor program (`tensor_programs/*.mlir`) and example (`examples/*.mlir`) is compiled
once with `ukernels=all` (two at a time), and checked two ways:

- statically, on the module file: every loop of every dispatch function (a branch back to an
  earlier or the same block; the loop is the blocks from its target to the branch) must be a
  tile-distribution loop, whose per-element work all happens inside ukernels:
  1. it calls at least one `vmvx` import (a ukernel);
  2. it loads (`vm.buffer.load.*`) and stores (`vm.buffer.store.*`) only buffers allocated
     in the loop itself: the one-element scalar operands the `ex` lowering passes to its
     calls and the one-element results read back from them (the flag an in-body assert is
     reduced to, `pyvmvx-split-elementwise-asserts`), never the data of a binding or of a
     tile (a loop nested in it that walks a local buffer calls no ukernel: it fails 1).
  Anything else, e.g. a loop nest of loads, arithmetic and stores, is a scalar loop;
- dynamically, for every function of a program with a dynamic dimension, run at two sizes
  (64 and 1024 per dynamic dim; 8 and 64 when an argument has 3 or more): the VM ops per
  workgroup of each dispatch, from the module's statistics (`pyvmvx.load(...,
  statistics=True)`, `Module.statistics()`), must not change.
"""

from __future__ import annotations

import functools
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.abi import ScalarSpec, TensorSpec
from pyvmvx.runtime.vm.format import Function, Module
from pyvmvx.runtime.vm.serialize import decode

ROOT = Path(__file__).parent.parent.parent
PROGRAMS = sorted((Path(__file__).parent / "tensor_programs").glob("*.mlir"))
PROGRAMS += sorted((ROOT / "examples").glob("*.mlir"))
NAMES = [
    path.stem if path.parent.name != "examples" else f"examples/{path.stem}" for path in PROGRAMS
]

# --- compiling --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def compiled() -> dict[str, bytes]:
    """Every program's module file under `ukernels=all`, compiled on two processes."""
    context = multiprocessing.get_context("spawn")
    compile_all = functools.partial(pyvmvx.compile, ukernels="all")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        return dict(zip(NAMES, pool.map(compile_all, PROGRAMS), strict=True))


# --- the static check -------------------------------------------------------------------


def loop_violation(module: Module, function: Function) -> str | None:
    """Why some loop of `function` is a scalar loop (see the module docstring), or None."""
    for latch, block in enumerate(function.blocks):
        for instruction in block.instructions:
            for successor in instruction.successors:
                if successor.block <= latch:
                    why = _scalar(module, function, successor.block, latch)
                    if why is not None:
                        return f"loop of blocks {successor.block}..{latch}: {why}"
    return None


def _scalar(module: Module, function: Function, head: int, latch: int) -> str | None:
    calls_ukernel = False
    local: set[int] = set()  # registers holding a buffer allocated in the loop
    for block in function.blocks[head : latch + 1]:
        for instruction in block.instructions:
            op, symbol = instruction.op, instruction.symbol
            if op.startswith("vm.call") and symbol is not None and symbol.kind == "import":
                calls_ukernel |= module.imports[symbol.index].module_name == "vmvx"
            if op.startswith("vm.buffer.load") and instruction.operands[0] not in local:
                return f"loads element data ({op})"
            if op.startswith("vm.buffer.store") and instruction.operands[0] not in local:
                return f"stores element data ({op})"
            local.difference_update(instruction.results)
            if op == "vm.buffer.alloc":
                local.update(instruction.results)
    return None if calls_ukernel else "calls no ukernel"


def scalar_loops(data: bytes) -> dict[str, str]:
    """Dispatch function name -> why it has a scalar loop, for each one that has."""
    found: dict[str, str] = {}
    for executable in decode(data).executables:
        for function in executable.module.functions:
            why = loop_violation(executable.module, function)
            if why is not None:
                found[function.name] = why
    return found


@pytest.mark.parametrize("name", NAMES)
def test_no_scalar_loop(compiled: dict[str, bytes], name: str) -> None:
    found = scalar_loops(compiled[name])
    assert not found, f"scalar loops under ukernels=all in {name}: {found}"


def test_detector_sees_scalar_loops() -> None:
    """The criterion flags IREE's default codegen (ukernels=none), which is all scalar
    loops, and passes the same dispatch's tile loop under ukernels=all."""
    path = PROGRAMS[NAMES.index("util_func")]
    found = scalar_loops(pyvmvx.compile(path, ukernels="none"))
    assert list(found) == ["main_dispatch_0_generic"]
    assert "loads element data (vm.buffer.load.f32)" in found["main_dispatch_0_generic"]
    assert scalar_loops(pyvmvx.compile(path, ukernels="all")) == {}


# --- the dynamic check ------------------------------------------------------------------

RNG = np.random.default_rng(12)


def _argument(spec: TensorSpec | ScalarSpec, size: int) -> object:
    """A value for `spec`, dynamic dims `size`: floats in [0.5, 2), integers in [1, 4)
    (no division by zero, in-range indices for small tables), booleans."""
    if isinstance(spec, ScalarSpec):
        return spec.dtype().type(1.5 if spec.dtype().kind == "f" else 2)
    shape = tuple(size if d is None else d for d in spec.shape)
    name = spec.element_type.dtype_name
    if name == "bfloat16":
        dtype = np.dtype(pytest.importorskip("ml_dtypes").bfloat16)
    else:
        dtype = np.dtype(name)
    if dtype.kind == "b":
        return RNG.integers(0, 2, shape).astype(dtype)
    if dtype.kind in "iu":
        return RNG.integers(1, 4, shape).astype(dtype)
    return RNG.uniform(0.5, 2.0, shape).astype(np.float32).astype(dtype)


def _ops_per_workgroup(module: pyvmvx.Module) -> dict[str, int]:
    """VM ops per workgroup of each dispatched entry point, from the module's statistics."""
    return {
        f"{s.executable}/{s.entry_point}": -(-s.vm_ops // s.workgroups)
        for s in module.statistics()
        if s.workgroups
    }


def _dynamic_functions(data: bytes) -> list[tuple[str, list[TensorSpec | ScalarSpec]]]:
    """The functions with an argument of dynamic shape (none without a host program)."""
    if decode(data).host is None:
        return []
    module = pyvmvx.load(data)
    return [
        (name, list(function.inputs))
        for name, function in module.functions.items()
        if any(isinstance(s, TensorSpec) and None in s.shape for s in function.inputs)
    ]


def _growth(data: bytes, small: tuple[int, int] | None = None) -> dict[str, list[dict[str, int]]]:
    """Function -> its VM ops per workgroup at the two sizes (`small` for every function if
    given), for each whose counts differ."""
    grown = {}
    for function, inputs in _dynamic_functions(data):
        dims = max(sum(d is None for d in s.shape) for s in inputs if isinstance(s, TensorSpec))
        sizes = small or ((8, 64) if dims >= 3 else (64, 1024))
        module = pyvmvx.load(data, statistics=True)
        counts = []
        for size in sizes:
            arguments = [_argument(spec, size) for spec in inputs]
            module[function](*arguments)  # contexts are created on first use
            module.reset_statistics()
            module[function](*arguments)
            counts.append(_ops_per_workgroup(module))
        if counts[0] != counts[1]:
            grown[function] = counts
    return grown


@pytest.mark.parametrize("name", NAMES)
def test_ops_per_workgroup_do_not_grow(compiled: dict[str, bytes], name: str) -> None:
    grown = _growth(compiled[name])
    assert not grown, f"VM ops per workgroup grow with the size in {name}: {grown}"


def test_growth_is_seen() -> None:
    """The dynamic check flags IREE's scalar loops (ukernels=none: 64-element tiles, so
    sizes below a tile) and passes the same program under ukernels=all."""
    path = PROGRAMS[NAMES.index("tensor_shapes")]
    assert _growth(pyvmvx.compile(path, ukernels="none"), (4, 32))
    assert not _growth(pyvmvx.compile(path, ukernels="all"), (4, 32))
