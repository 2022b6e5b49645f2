"""The README's main job keeps working: the bundled example compiles, runs and matches numpy."""

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "run_example.py"


def test_run_example() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "OK: pyvmvx matches numpy" in result.stdout
    assert "Traceback" not in result.stderr
