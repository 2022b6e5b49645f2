"""Fuzz `pyvmvx-run`'s `--input` parser, `run_module.parse_input`.

The bytes are decoded as the command line would hand them over (UTF-8 with surrogate
escapes). `@FILE` inputs, which read a `.npy` file the user names, are out of scope and
skipped. Contract: only `StatusError`, within the time budget and the process's memory limit.
"""

from __future__ import annotations

from contracts import Surface, main

from pyvmvx.runtime import StatusError
from pyvmvx.runtime.tools.run_module import parse_input


def _parse(data: bytes) -> None:
    text = data.decode("utf-8", "surrogateescape")
    if not text.startswith("@"):
        parse_input(text)


SURFACE = Surface("run_input", _parse, (StatusError,), seconds=5.0)


def test_one_input(data: bytes) -> None:
    """Check the contract on one input (atheris's entry point)."""
    SURFACE.check(data)


if __name__ == "__main__":
    main(SURFACE)
