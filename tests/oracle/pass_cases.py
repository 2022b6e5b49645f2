"""The passes compared with IREE: their inputs and how each tool runs them.

Shared by the differential tests and the parse round-trip tests. Each `PassCase` runs its
pass as IREE's lit tests run it (`iree_args`, IREE's RUN line) and as pyvmvx runs it
(`ours_args`, a `pyvmvx-opt -p` list), on `inputs/<input_name>`, our own inputs covering the
constructs of IREE's tests for that pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from conftest import INPUTS, Tool, ToolError
from ir_views import split_sections


@dataclass(frozen=True)
class PassCase:
    """A pass, its input file and how each tool runs it (IREE's RUN line, our `-p` list)."""

    flag: str
    input_name: str
    iree_args: tuple[str, ...]
    ours_args: tuple[str, ...]

    @property
    def input_text(self) -> str:
        return (INPUTS / self.input_name).read_text()


def _nested_in_funcs(flag: str) -> str:
    return f"--pass-pipeline=builtin.module(func.func({flag}, canonicalize, cse))"


CASES = [
    PassCase(
        "iree-vmvx-lower-linalg-microkernels",
        "lower_linalg_microkernels.mlir",
        (_nested_in_funcs("iree-vmvx-lower-linalg-microkernels"),),
        ("-p", "iree-vmvx-lower-linalg-microkernels,canonicalize,cse"),
    ),
    PassCase(
        "iree-vmvx-resolve-buffer-descriptors",
        "resolve_buffer_descriptors.mlir",
        ("--iree-vmvx-resolve-buffer-descriptors=allow-unresolved=true", "--canonicalize"),
        ("-p", "iree-vmvx-resolve-buffer-descriptors{allow-unresolved=true},canonicalize"),
    ),
    PassCase(
        "iree-vmvx-materialize-constants",
        "materialize_constants.mlir",
        ("--iree-vmvx-materialize-constants", "--canonicalize"),
        ("-p", "iree-vmvx-materialize-constants,canonicalize"),
    ),
    PassCase(
        "iree-vmvx-conversion",
        "vmvx_conversion.mlir",
        ("--iree-vmvx-conversion", "--canonicalize"),
        ("-p", "iree-vmvx-conversion,canonicalize"),
    ),
    PassCase(
        "iree-vm-conversion",
        "vm_conversion.mlir",
        ("--iree-vm-target-index-bits=64", "--iree-vm-conversion", "--canonicalize"),
        ("-p", "iree-vm-conversion{index-bits=64},canonicalize"),
    ),
    PassCase(
        "iree-vmvx-select-lowering-strategy",
        "select_lowering_strategy.mlir",
        ("--pass-pipeline=builtin.module(iree-vmvx-select-lowering-strategy)",),
        ("-p", "iree-vmvx-select-lowering-strategy"),
    ),
    PassCase(
        "iree-vmvx-assign-constant-ordinals",
        "assign_constant_ordinals.mlir",
        (
            "--pass-pipeline=builtin.module(hal.executable(hal.executable.variant("
            "iree-vmvx-assign-constant-ordinals)))",
        ),
        ("-p", "iree-vmvx-assign-constant-ordinals"),
    ),
    PassCase(
        "iree-vm-hoist-inlined-rodata",
        "hoist_inlined_rodata.mlir",
        ("--pass-pipeline=builtin.module(vm.module(iree-vm-hoist-inlined-rodata))",),
        ("-p", "iree-vm-hoist-inlined-rodata"),
    ),
    PassCase(
        "iree-vmvx-link-executables",
        "link_executables.mlir",
        ("--allow-unregistered-dialect", "--iree-vmvx-link-executables"),
        ("--allow-unregistered-dialect", "-p", "iree-vmvx-link-executables"),
    ),
]


CASES_BY_FLAG = {case.flag: case for case in CASES}
# Errors run without the testing option that lets descriptors stay unresolved.
ERROR_ARGS = {case.flag: (case.iree_args, case.ours_args) for case in CASES} | {
    "iree-vmvx-resolve-buffer-descriptors": (
        ("--iree-vmvx-resolve-buffer-descriptors", "--canonicalize"),
        ("-p", "iree-vmvx-resolve-buffer-descriptors,canonicalize"),
    )
}


def section_name(section: str) -> str:
    """The first symbol a section defines (comments skipped): a readable test id."""
    code = "\n".join(line.split("//", 1)[0] for line in section.splitlines())
    match = re.search(r"@([\w.$]+)", code)
    assert match is not None, f"section without a symbol:\n{section}"
    return match.group(1)


def run_sections(tool: Tool, case: PassCase, args: tuple[str, ...]) -> list[str | ToolError]:
    """Per-section output (or error); one run of the whole file unless a section fails."""
    sections = split_sections(case.input_text)
    try:
        outputs = split_sections(tool(case.input_text, "--split-input-file", *args))
        if len(outputs) == len(sections):
            return list(outputs)
    except ToolError:
        pass
    results: list[str | ToolError] = []
    for section in sections:
        try:
            results.append(tool(section, *args))
        except ToolError as error:
            results.append(error)
    return results
