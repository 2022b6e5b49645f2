"""Fuzz module files: `load_executables`, then a dispatch of every entry point, then a call of
every host function.

The harness rewrites the header's CRC-32 (when the bytes are long enough to hold one), so
that mutations reach the decoder and validator instead of stopping at the checksum. Each
executable is loaded under small initializer budgets; each entry point is dispatched with its
declared number of zero-filled guarded bindings (at most `MAX_BINDINGS`) and push constants
(at most `MAX_CONSTANTS`), over its compiled grid cut to 2 per dimension. A file with a host
module is then loaded with `pyvmvx.load`'s `instantiate` and each host function called with
zero-filled arguments of its declaration (dynamic sizes 2; functions whose arguments would
exceed `MAX_ARGUMENT_BYTES` are skipped); the inputs must come back unchanged.

Contract: only `StatusError`; loading within `LOAD_SECONDS`; no write outside the bindings
or into the inputs.
A dispatch may run past the time budget (a module computes for as long as its code says,
docs/security.md), so running out of time while dispatching is not a violation.
"""

from __future__ import annotations

import math
import struct
import time
import zlib

import numpy as np
from contracts import ContractViolation, Guarded, Surface, TimeLimit, main

from pyvmvx.runtime import StatusError, load_executables
from pyvmvx.runtime.abi import TensorSpec
from pyvmvx.runtime.program import instantiate
from pyvmvx.runtime.vm.serialize import HEADER, decode

INIT_STEPS = 10_000
INIT_BYTES = 1 << 20
LOAD_SECONDS = 2.0
BINDING_BYTES = 4096
MAX_BINDINGS = 16
MAX_CONSTANTS = 64
MAX_ARGUMENT_BYTES = 1 << 20
_CRC = struct.Struct("<I")
_CRC_OFFSET = 16  # magic (8), version (4), flags (4), then the checksum


def with_checksum(data: bytes) -> bytes:
    """`data` with the header's CRC-32 of the rest recomputed."""
    if len(data) < HEADER.size:
        return data
    crc = _CRC.pack(zlib.crc32(data[HEADER.size :]))
    return data[:_CRC_OFFSET] + crc + data[_CRC_OFFSET + _CRC.size :]


def _load_and_dispatch(data: bytes) -> None:
    start = time.monotonic()
    executables = load_executables(
        with_checksum(data), init_step_budget=INIT_STEPS, init_allocation_budget=INIT_BYTES
    )
    if time.monotonic() - start > LOAD_SECONDS:
        raise ContractViolation(f"loading took over {LOAD_SECONDS} s")
    for executable in executables.values():
        for ordinal in range(len(executable.entry_points)):
            entry = executable.entry_point(ordinal)
            bindings = [
                Guarded(BINDING_BYTES, True) for _ in range(min(entry.binding_count, MAX_BINDINGS))
            ]
            grid = tuple(min(n, 2) for n in entry.workgroup_count or (1, 1, 1))
            try:
                executable.dispatch(
                    ordinal,
                    grid,
                    [g.buffer for g in bindings],
                    [0] * min(entry.constant_count, MAX_CONSTANTS),
                )
            except StatusError:
                pass
            except TimeLimit:
                return
            finally:
                for guarded in bindings:
                    guarded.check()
    _call_host_functions(with_checksum(data))


def _call_host_functions(data: bytes) -> None:
    """Call each host function with zero-filled arguments; they must stay zero."""
    program = decode(data)
    if program.host is None:
        return
    module = instantiate(program, threads=1)
    for name, signature in module.functions.items():
        arguments = []
        for spec in signature.inputs:
            if not isinstance(spec, TensorSpec):
                arguments.append(np.zeros((), spec.dtype()))
                continue
            shape = tuple(2 if dim is None else dim for dim in spec.shape)
            if math.prod(shape) * spec.element_type.bits > MAX_ARGUMENT_BYTES * 8:
                break
            arguments.append(np.zeros(shape, spec.element_type.dtype()))
        else:
            try:
                module[name](*arguments)
            except StatusError:
                pass
            except TimeLimit:
                return
            if any(argument.any() for argument in arguments):
                raise ContractViolation(f"host function {name!r} wrote into its inputs")


SURFACE = Surface("module_file", _load_and_dispatch, (StatusError,), seconds=5.0)


def test_one_input(data: bytes) -> None:
    """Check the contract on one input (atheris's entry point)."""
    SURFACE.check(data)


if __name__ == "__main__":
    main(SURFACE)
