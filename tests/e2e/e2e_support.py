"""Shared helpers of the end-to-end tests: compile each executable file once per codegen mode."""

from __future__ import annotations

import functools
from pathlib import Path

import pyvmvx
from pyvmvx.runtime import Executable, load_executables

EXECUTABLES = Path(__file__).parent / "executables"


@functools.cache
def compiled(name: str, ukernels: str) -> bytes:
    """The module file of `executables/<name>.mlir` compiled in codegen mode `ukernels`."""
    return pyvmvx.compile(EXECUTABLES / f"{name}.mlir", ukernels=ukernels)


def load(name: str, ukernels: str) -> dict[str, Executable]:
    """The executables of `executables/<name>.mlir`, freshly loaded."""
    return load_executables(compiled(name, ukernels))
