"""Every fuzz harness on every entry of its corpus and on hypothesis mutations of them.

Each harness runs once, in its own subprocess under `RLIMIT_AS` (`contracts.limit_memory`),
all four at once; each corpus entry (a seed, or a `crash-*` regression) is then its own test.
`KNOWN_FINDINGS` lists entries that still break a contract in code this suite does not own:
strict xfails (so that the fix turns them into failures until the entry is removed from it),
left out of the mutations' seeds.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from contracts import CORPUS

from pyvmvx.runtime import load_executables

HERE = Path(__file__).parent
HARNESSES = {
    "compile": "fuzz_compile.py",
    "module_file": "fuzz_module_file.py",
    "vmvx_exports": "fuzz_vmvx_exports.py",
    "run_input": "fuzz_run_input.py",
}
EXAMPLES = 50
"""Hypothesis mutations per harness in the default run."""
TIMEOUT = 300.0
"""Seconds a harness subprocess may take in all."""
KNOWN_FINDINGS: dict[tuple[str, str], str] = {}
"""(surface, corpus entry) -> why it still breaks the contract; none at present."""


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], dict[str, Any]]]:
    """The report of a harness's `--check` run; all four subprocesses start at once."""
    root = tmp_path_factory.mktemp("fuzz")
    running: dict[str, tuple[subprocess.Popen[bytes], IO[bytes]]] = {}
    for surface, script in HARNESSES.items():
        command = [sys.executable, str(HERE / script), "--check", "--examples", str(EXAMPLES)]
        command += ["--report", str(root / f"{surface}.json")]
        command += ["--crash-dir", str(root / surface)]
        command += [f"--exclude={name}" for known, name in KNOWN_FINDINGS if known == surface]
        output = (root / f"{surface}.log").open("wb")  # closed once the report is read
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT
        )
        running[surface] = (process, output)
    done: dict[str, dict[str, Any]] = {}

    def report(surface: str) -> dict[str, Any]:
        if surface not in done:
            process, output = running[surface]
            try:
                process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            output.close()
            path = root / f"{surface}.json"
            if process.returncode != 0 or not path.exists():
                log = (root / f"{surface}.log").read_text(errors="replace")[-4000:]
                pytest.fail(
                    f"{HARNESSES[surface]} --check exited with {process.returncode}; the input "
                    f"it was running is {root / surface / 'running-input'}\n{log}"
                )
            done[surface] = json.loads(path.read_text())
        return done[surface]

    yield report
    for process, output in running.values():
        process.kill()
        process.wait()
        output.close()


def _entries() -> list[Any]:
    params = []
    for surface in HARNESSES:
        for path in sorted((CORPUS / surface).iterdir()):
            reason = KNOWN_FINDINGS.get((surface, path.name))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(
                pytest.param(surface, path.name, marks=marks, id=f"{surface}/{path.name}")
            )
    return params


@pytest.mark.parametrize(("surface", "entry"), _entries())
def test_corpus_entry_keeps_the_contract(
    surface: str, entry: str, reports: Callable[[str], dict[str, Any]]
) -> None:
    violation = reports(surface)["corpus"][entry]
    assert violation is None, violation


@pytest.mark.parametrize("surface", HARNESSES)
def test_mutations_keep_the_contract(
    surface: str, reports: Callable[[str], dict[str, Any]]
) -> None:
    found = reports(surface)["mutations"]
    assert not found, f"{len(found)} mutations broke the contract:\n\n" + "\n\n".join(found)


@pytest.mark.parametrize(
    "path", sorted((CORPUS / "module_file").glob("seed-*")), ids=lambda path: path.name
)
def test_module_file_seeds_are_current(path: Path) -> None:
    """The module-file seeds still load (else rerun make_corpus.py): mutants of a stale file
    only exercise the version check."""
    assert load_executables(path.read_bytes())


def test_vmvx_export_seeds_are_current() -> None:
    """The `vmvx` call seeds are those `make_corpus.py` encodes now (else rerun it): the first
    byte is an index into the export table, so a new export shifts the others' calls."""
    from make_corpus import CALLS, EX_CALLS

    for name, data in {**CALLS, **EX_CALLS}.items():
        assert (CORPUS / "vmvx_exports" / f"seed-{name}.bin").read_bytes() == data, name


ATHERIS = importlib.util.find_spec("atheris") is not None


@pytest.mark.slow
@pytest.mark.skipif(not ATHERIS, reason="atheris (extra 'fuzz') not installed")
@pytest.mark.parametrize("surface", HARNESSES)
def test_atheris_runs_the_harness(surface: str, tmp_path: Path) -> None:
    """The atheris path, instrumentation and all, over a copy of the corpus (known findings
    left out; `-runs=0`: the seeds only, so that the test is deterministic)."""
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS / surface, corpus)
    for known, name in KNOWN_FINDINGS:
        if known == surface:
            (corpus / name).unlink()
    command = [sys.executable, str(HERE / HARNESSES[surface]), str(corpus), "-runs=0"]
    command.append(f"-artifact_prefix={tmp_path}/")
    result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr[-4000:]


def test_without_atheris_main_says_so() -> None:
    if ATHERIS:
        pytest.skip("atheris is installed")
    result = subprocess.run(
        [sys.executable, str(HERE / HARNESSES["run_input"]), "-atheris_runs=1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0 and "atheris (extra 'fuzz') not installed" in result.stderr
