"""Fuzz `pyvmvx.compile`: MLIR source bytes in, a module file or a `CompileError` out.

The bytes are decoded by the tools' one rule (`decode_source`: strict UTF-8, an invalid byte
is a located `CompileError`) and compiled in both codegen modes. Contract: only
`CompileError`s, each a diagnostic (its text holds `error:`), never an
`InternalCompilerError` (a pyvmvx bug), within the time budget.
"""

from __future__ import annotations

from contracts import ContractViolation, Surface, main

import pyvmvx
from pyvmvx.compiler.driver import UKERNELS
from pyvmvx.ir.diagnostics import CompileError, InternalCompilerError, decode_source


def _compile(data: bytes) -> None:
    # A newline keeps pyvmvx.compile from taking a one-line string for a path.
    text = decode_source(data, "<fuzz>") + "\n"
    for ukernels in UKERNELS:
        try:
            pyvmvx.compile(text, ukernels=ukernels)
        except InternalCompilerError as err:
            raise ContractViolation(f"internal compiler error (ukernels={ukernels})") from err
        except CompileError as err:
            if "error:" not in str(err):
                raise ContractViolation(f"CompileError without a diagnostic: {err}") from err


SURFACE = Surface("compile", _compile, (CompileError,), seconds=30.0)


def test_one_input(data: bytes) -> None:
    """Check the contract on one input (atheris's entry point)."""
    SURFACE.check(data)


if __name__ == "__main__":
    main(SURFACE)
