"""Fixtures for the optional tests against the real IREE compiler (`iree-opt`).

Every test here needs `iree-opt`, from the optional extra `oracle`
(`pip install -e '.[oracle]'`); without it the tests skip, so the default suite never
depends on IREE.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from functools import cache
from pathlib import Path
from unittest.mock import patch

import pytest

from pyvmvx.tools import pyvmvx_opt as pyvmvx_opt_tool

SKIP_REASON = "iree-opt not installed (optional extra 'oracle')"
INPUTS = Path(__file__).parent / "inputs"

Tool = Callable[..., str]


def _executable(name: str) -> str | None:
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)


def _runner(executable: str) -> Tool:
    """`run(text, *args)`: the tool's stdout on `text`; a failure reports its stderr."""

    @cache
    def run(text: str, *args: str) -> str:
        done = subprocess.run([executable, *args], input=text, capture_output=True, text=True)
        if done.returncode != 0:
            raise ToolError(executable, args, done.stderr)
        return done.stdout

    return run


class ToolError(Exception):
    """A tool exited with an error; carries its command line and stderr."""

    def __init__(self, executable: str, args: tuple[str, ...], stderr: str) -> None:
        super().__init__(f"{Path(executable).name} {' '.join(args)} failed:\n{stderr}")
        self.stderr = stderr


@pytest.fixture(autouse=True)
def _require_iree_opt() -> Iterator[None]:
    if _executable("iree-opt") is None:
        pytest.skip(SKIP_REASON)
    yield


@pytest.fixture(scope="session")
def iree_opt() -> Tool:
    executable = _executable("iree-opt")
    if executable is None:
        pytest.skip(SKIP_REASON)
    return _runner(executable)


@pytest.fixture(scope="session")
def pyvmvx_opt() -> Tool:
    """`pyvmvx-opt` in this process (its `main`, as the console script runs it): saves a
    Python start per call; the command itself is exercised by the lit tests."""

    @cache
    def run(text: str, *args: str) -> str:
        stdin = io.TextIOWrapper(io.BytesIO(text.encode()), encoding="utf-8")
        stdout, stderr = io.StringIO(), io.StringIO()
        with (
            patch.object(sys, "argv", ["pyvmvx-opt"]),
            patch.object(sys, "stdin", stdin),
            redirect_stdout(stdout),
            redirect_stderr(stderr),
        ):
            try:
                code = pyvmvx_opt_tool.main(list(args))
            except SystemExit as exit_:  # argument errors, as the process would exit
                code = exit_.code
        if code != 0:
            raise ToolError("pyvmvx-opt", args, stderr.getvalue())
        return stdout.getvalue()

    return run
