"""The README's main job keeps working: the bundled PyTorch model compiles, runs and matches
PyTorch's outputs; the second example (the data-tiled dense layer) matches numpy."""

import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parents[2] / "examples"
EXAMPLE = EXAMPLES / "run_example.py"


def test_run_model() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "run_model.py")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: pyvmvx matches PyTorch" in result.stdout
    assert "max |pyvmvx - PyTorch| = " in result.stdout
    assert "Traceback" not in result.stderr


def test_run_example() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: pyvmvx matches numpy" in result.stdout
    assert "Traceback" not in result.stderr
