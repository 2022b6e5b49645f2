"""`tools/onnx_conformance.py`'s own logic, without onnx or torch-mlir: the comparison, the
grouping of failure causes, and the rendering that keeps the hand-written triage."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

TOOL = Path(__file__).parents[2] / "tools" / "onnx_conformance.py"


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("onnx_conformance", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["onnx_conformance"] = module
    spec.loader.exec_module(module)
    return module


def test_compare(tool: ModuleType) -> None:
    e = np.array([1.0, 2.0, np.nan], np.float32)
    assert tool._compare(e + 1e-4, [e]) is None  # within rtol 1e-3, NaNs equal
    assert "max abs error" in tool._compare(e + 1, [e])
    assert "NaN" in tool._compare(np.array([1, 2, 3], np.float32), [e])
    assert "shape" in tool._compare(e[:2], [e])
    assert "dtype" in tool._compare(e.astype(np.float64), [e])
    assert "2 results" in tool._compare((e, e), [e])
    # MLIR's integers are signless: an unsigned result may come back signed, same bits.
    u = np.array([250, 1], np.uint8)
    assert tool._compare(u.view(np.int8), [u]) is None
    assert tool._compare(np.array([1, 1], np.int8), [u]) is not None


def test_causes_group_alike_failures(tool: ModuleType) -> None:
    a = tool.cause("<input>:3:5: error: 'tensor.pad' op number of dynamic sizes (4) must equal")
    b = tool.cause("error: 'tensor.pad' op number of dynamic sizes (2) must equal")
    assert a == b == "'tensor.pad' op number of dynamic sizes (N) must equal"
    assert tool.cause("x: tensor<3x4xf32> %arg0") == "x: tensor<…> %…"


def test_short_diagnostic_names_the_onnx_op(tool: ModuleType) -> None:
    message = (
        "failed to legalize operation 'torch.operator': %3 = \"torch.operator\"(%2) "
        '<{name = "onnx.Attention"}> : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>'
    )
    assert tool._short_diagnostic(message) == (
        "failed to legalize operation 'torch.operator' (onnx.Attention)"
    )


def test_render_keeps_the_triage(tool: ModuleType, tmp_path: Path) -> None:
    doc = tmp_path / "onnx.md"
    notes = f"{tool.NOTES_BEGIN}\n## Triage\n\nhand-written\n{tool.NOTES_END}"
    doc.write_text(f"old table\n{notes}\nold rows\n")
    results = [
        {"name": "test_b", "modes": {m: {"status": "pass"} for m in tool.MODES}},
        {"name": "test_a", "modes": {}, "conversion": "failed to legalize"},
        {"name": "test_c", "modes": {}, "skipped": "non-tensor input"},
        {
            "name": "test_d",
            "modes": {m: {"status": "compile error", "detail": "error: x"} for m in tool.MODES},
        },
    ]
    tool.render(results, doc, "cmd", "subset")
    text = doc.read_text()
    assert "old table" not in text and text.count("hand-written") == 1
    assert text.index("## Triage") < text.index("## Per test")
    assert "| pass | 1 | 1 |" in text and "| **total** | 4 | 4 |" in text
    assert text.index("| test_a |") < text.index("| test_b |")
    assert "| test_d | compile error: x | (same) |" in text
