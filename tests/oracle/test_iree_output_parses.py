"""Textual interoperability with IREE, both ways, on the outputs of the differential cases.

- iree-opt's output of each case, in its custom and its generic (`--mlir-print-op-generic`)
  form, parses with `pyvmvx-opt`; the re-print is a fixed point, and both forms give
  structurally equal IR (SSA names aside).
- pyvmvx-opt's output of each case, custom and generic (`--print-op-generic`), parses and
  verifies with `iree-opt --verify-each`.

Known incompatibilities in pyvmvx's dialects are strict expected failures (`KNOWN_BUGS`), so
the suite notices when they are fixed.
"""

from __future__ import annotations

import pytest
from conftest import Tool
from ir_views import SPLIT_MARKER, parse_module, split_sections
from pass_cases import CASES, PassCase, run_sections
from xdsl.dialects.builtin import ModuleOp, StringAttr

GENERIC = {"iree": "--mlir-print-op-generic", "pyvmvx": "--print-op-generic"}

KNOWN_BUGS: dict[tuple[str, str, str], str] = {}


def _params(producer: str) -> list[object]:
    params = []
    for case in CASES:
        for form in ("custom", "generic"):
            reason = KNOWN_BUGS.get((producer, case.flag, form))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            params.append(pytest.param(case, form, id=f"{case.flag}:{form}", marks=marks))
    return params


def _unregistered(case: PassCase) -> tuple[str, ...]:
    """The case's `--allow-unregistered-dialect`, if its inputs need it."""
    return tuple(a for a in case.iree_args if a == "--allow-unregistered-dialect")


def _canonical(text: str) -> ModuleOp:
    """Parse, dropping explicit `sym_visibility = "public"`: MLIR's default, which IREE's
    custom form of `vm.module` prints but its generic form omits."""
    module = parse_module(text)
    for op in module.walk():
        for storage in (op.properties, op.attributes):
            if storage.get("sym_visibility") == StringAttr("public"):
                del storage["sym_visibility"]
    return module


def _joined(outputs: list[str]) -> str:
    return f"\n{SPLIT_MARKER}\n".join(outputs)


@pytest.mark.parametrize(("case", "form"), _params("iree"))
def test_iree_output_parses_and_reprints_stably(
    case: PassCase, form: str, iree_opt: Tool, pyvmvx_opt: Tool
) -> None:
    def iree_output(*extra: str) -> str:
        outputs = run_sections(iree_opt, case, (*extra, *case.iree_args))
        assert all(isinstance(o, str) for o in outputs), outputs
        return _joined([o for o in outputs if isinstance(o, str)])

    args = ("--split-input-file", *_unregistered(case))
    custom = pyvmvx_opt(iree_output(), *args)
    printed = custom if form == "custom" else pyvmvx_opt(iree_output(GENERIC["iree"]), *args)
    assert pyvmvx_opt(printed, *args) == printed
    for from_form, from_custom in zip(split_sections(printed), split_sections(custom), strict=True):
        assert _canonical(from_form).is_structurally_equivalent(_canonical(from_custom))


@pytest.mark.parametrize(("case", "form"), _params("pyvmvx"))
def test_pyvmvx_output_parses_with_iree(
    case: PassCase, form: str, iree_opt: Tool, pyvmvx_opt: Tool
) -> None:
    extra = (GENERIC["pyvmvx"],) if form == "generic" else ()
    outputs = [o for o in run_sections(pyvmvx_opt, case, (*extra, *case.ours_args))]
    # Sections pyvmvx rejects are the differential tests' business; check the others.
    printed = [o for o in outputs if isinstance(o, str)]
    assert printed
    iree_opt(_joined(printed), "--split-input-file", "--verify-each", *_unregistered(case))
