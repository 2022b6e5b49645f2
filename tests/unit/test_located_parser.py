"""`LocatedParser` gives every op its `file:line:col` in time linear in the file's size."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.utils.lexer import Span

from pyvmvx.compiler.driver import make_context
from pyvmvx.ir.diagnostics import LocatedParser


def _program(count: int) -> str:
    lines = ["func.func @f(%a: i32) -> i32 {"]
    lines += [f"  %v{i} = arith.addi %a, %a : i32" for i in range(count)]
    lines += ["    func.return %a : i32", "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("line_offset", [0, 7])
def test_each_op_gets_its_line_and_column(line_offset: int) -> None:
    module = LocatedParser(make_context(), _program(50), "p.mlir", line_offset).parse_module()
    locations = [op.location for op in module.walk()][1:]  # after the implicit module
    assert all(isinstance(loc, FileLineColLoc) for loc in locations)
    found = [(loc.line.data, loc.column.data) for loc in locations]  # type: ignore[union-attr]
    expected = [(1 + line_offset, 1)] + [(2 + i + line_offset, 3) for i in range(50)]
    assert found == [*expected, (52 + line_offset, 5)]


def test_locating_ops_does_not_rescan_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """xDSL's `Span.get_location` counts newlines from the start of the file; calling it for
    every op made parsing quadratic (a 50k-op model took over 30 s)."""

    def rescans(self: Span) -> None:
        raise AssertionError("Span.get_location scans the file from its start")

    monkeypatch.setattr(Span, "get_location", rescans)
    module = LocatedParser(make_context(), _program(2000), "p.mlir").parse_module()
    assert len(list(module.walk())) == 2003  # module, func, 2000 addi, return
