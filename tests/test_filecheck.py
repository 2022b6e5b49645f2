"""Runs the lit + filecheck suite once and reports each `.mlir` test as a pytest test."""

import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

FILECHECK_DIR = Path(__file__).parent / "filecheck"
TESTS = sorted(
    p.relative_to(FILECHECK_DIR).as_posix()
    for p in FILECHECK_DIR.rglob("*.mlir")
    if "inputs" not in p.relative_to(FILECHECK_DIR).parts
)


@pytest.fixture(scope="session")
def lit_results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bool, str]]:
    """Run lit over the whole directory; map each test path to (passed, output)."""
    lit = shutil.which("lit", path=os.path.dirname(sys.executable)) or shutil.which("lit")
    assert lit is not None, "lit is not installed (pip install -e '.[test]')"
    xml_path = tmp_path_factory.mktemp("lit") / "results.xml"
    jobs = str(os.cpu_count() or 1)
    subprocess.run(
        [lit, "-q", "-j", jobs, f"--xunit-xml-output={xml_path}", str(FILECHECK_DIR)],
        capture_output=True,
        text=True,
    )
    results: dict[str, tuple[bool, str]] = {}
    for case in ET.parse(xml_path).getroot().iter("testcase"):
        # classname is "pyvmvx.<dir.parts>", name the file name.
        folder = case.get("classname", "").removeprefix("pyvmvx").lstrip(".").replace(".", "/")
        name = f"{folder}/{case.get('name', '')}".lstrip("/")
        failure = case.find("failure")
        results[name] = (failure is None, "" if failure is None else (failure.text or ""))
    return results


@pytest.mark.parametrize("test", TESTS)
def test_filecheck(test: str, lit_results: dict[str, tuple[bool, str]]) -> None:
    assert test in lit_results, f"lit did not run {test}"
    passed, output = lit_results[test]
    assert passed, output
