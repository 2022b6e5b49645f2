"""pyvmvx: IREE's VMVX backend in Python.

The package root stays import-light: `pyvmvx.runtime` must load with numpy alone, so
nothing here imports xDSL or the compiler at import time; `compile` imports it on first use.
"""

from __future__ import annotations

import os

__version__ = "0.1.0"


def compile(source: str | os.PathLike[str], *, ukernels: str = "all") -> bytes:
    """Compile MLIR holding `hal.executable.source`/`hal.executable` ops (text or a path) into
    a module file; load it with `pyvmvx.runtime.load_executables`. `ukernels` is `"all"` (bulk
    work as `vmvx` ukernel calls) or `"none"` (IREE's default scalar loops). Raises
    `pyvmvx.ir.diagnostics.CompileError` with a located message on bad input."""
    from pyvmvx.compiler.driver import compile as compile_executables

    return compile_executables(source, ukernels=ukernels)


__all__ = ["__version__", "compile"]
