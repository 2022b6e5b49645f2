"""Fuzz `pyvmvx-run`'s `--input` parser, `run_module.parse_input`.

The bytes are decoded as the command line would hand them over (UTF-8 with surrogate
escapes). `@FILE` inputs, which read a `.npy` file the user names, are out of scope and
skipped. Contract: only `StatusError`, within the time budget and the process's memory limit.

The harness lowers the input limit to `INPUT_LIMIT` and the memory budget to one and a half
times that: inputs at the limit stay within the time budget on a slow machine (filling 400 MB
took 4.4 s under CI's load), and a second copy of such an input still runs out of memory, which
must surface as RESOURCE_EXHAUSTED.
"""

from __future__ import annotations

from contracts import Surface, main

from pyvmvx.runtime import StatusError
from pyvmvx.runtime.tools import tensor_io
from pyvmvx.runtime.tools.run_module import parse_input

INPUT_LIMIT = 1 << 26
tensor_io.MAX_INPUT_BYTES = INPUT_LIMIT


def _parse(data: bytes) -> None:
    text = data.decode("utf-8", "surrogateescape")
    if not text.startswith("@"):
        parse_input(text)


SURFACE = Surface("run_input", _parse, (StatusError,), seconds=5.0, memory=3 * INPUT_LIMIT // 2)


def test_one_input(data: bytes) -> None:
    """Check the contract on one input (atheris's entry point)."""
    SURFACE.check(data)


if __name__ == "__main__":
    main(SURFACE)
