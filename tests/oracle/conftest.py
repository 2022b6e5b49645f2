"""Fixtures for the optional tests against the real IREE compiler (`iree-opt`).

Every test here needs `iree-opt`, from the optional extra `oracle`
(`pip install -e '.[oracle]'`); without it the tests skip, so the default suite never
depends on IREE.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

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
    executable = _executable("pyvmvx-opt")
    assert executable is not None, "pyvmvx-opt is not installed (pip install -e .)"
    return _runner(executable)
