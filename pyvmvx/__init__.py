"""pyvmvx: IREE's VMVX backend in Python.

The package root stays import-light: `pyvmvx.runtime` must load with numpy alone, so
nothing here imports xDSL or the compiler at import time; `compile` imports it on first use.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pyvmvx.runtime.program import Module

__version__ = "0.1.0"


def compile(source: str | os.PathLike[str], *, ukernels: str = "all") -> bytes:
    """Compile MLIR (text or a path) into a module file's bytes: a whole program
    (`func.func`/`util.func` on tensors) and/or `hal.executable.source`/`hal.executable` ops.
    Load it with `pyvmvx.load` (a program: its functions take numpy arrays) or
    `pyvmvx.runtime.load_executables` (executables alone). `ukernels` is `"all"` (bulk
    work as `vmvx` ukernel calls) or `"none"` (IREE's default scalar loops). Raises
    `pyvmvx.ir.diagnostics.CompileError` with a located message on bad input."""
    from pyvmvx.compiler.driver import compile as compile_executables

    return compile_executables(source, ukernels=ukernels)


def load(
    data: bytes | bytearray | memoryview | str | os.PathLike[str],
    *,
    threads: int | None = None,
    statistics: bool = False,
    trace: str | os.PathLike[str] | None = None,
) -> Module:
    """Load a module file (bytes, or a path, which is mapped) with a host module; call its
    functions with numpy arrays: `pyvmvx.load(path).main(x, y)` (see
    `pyvmvx.runtime.program`). Dispatches run on up to `threads` workers. `statistics=True`
    counts per-dispatch statistics (`Module.statistics()`); `trace=PATH` writes a Chrome
    trace-event JSON of the calls (`pyvmvx.runtime.instrument`). Needs numpy only."""
    from pyvmvx.runtime.program import load as load_program

    return load_program(data, threads=threads, statistics=statistics, trace=trace)


__all__ = ["__version__", "compile", "load"]
