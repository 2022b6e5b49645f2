"""Workgroup counts as functions of the workload: the runtime's index programs (checked at load
as untrusted input, evaluated with 64-bit index semantics) and the compiler's writer of them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import pyvmvx
from pyvmvx.ir.index_program import AFFINE_TOKENS, ARITH_TOKENS
from pyvmvx.runtime import StatusError, load_executables
from pyvmvx.runtime.modules.workgroup_count import (
    BINARY_OPS,
    IndexProgram,
    WorkgroupCountFunction,
)
from pyvmvx.runtime.vm.serialize import decode, encode

EXECUTABLE = Path(__file__).parent.parent / "e2e" / "executables" / "workload_ordinals.mlir"


def _value(text: str, *variables: int) -> int:
    return IndexProgram.parse(text, "w", len(variables), "test").evaluate(variables)


@pytest.mark.parametrize(
    ("text", "variables", "expected"),
    [
        ("w0 64 ceildivu", (65,), 2),
        ("w0 w1 mul 3 add", (4, 5), 23),
        ("-7 2 divs", (), -3),
        ("-7 2 rems", (), -1),
        ("-7 2 floordivs", (), -4),
        ("-7 2 mod", (), 1),
        ("-7 2 ceildivs", (), -3),
        ("-1 2 divu", (), (1 << 63) - 1),
        ("-1 1 maxu", (), -1),
        ("-1 1 maxs", (), 1),
        ("4294967295 sext32", (), -1),
        ("1 63 shl", (), -(1 << 63)),
        ("-8 1 shrs", (), -4),
        ("9223372036854775807 1 add", (), -(1 << 63)),
    ],
)
def test_index_programs_evaluate_with_index_semantics(
    text: str, variables: tuple[int, ...], expected: int
) -> None:
    assert _value(text, *variables) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("w0 add", "lacks operands"),
        ("1 2", "leaves 2 values"),
        ("", "unknown token ''"),
        ("w1", "unknown token 'w1'"),
        ("c0", "unknown token 'c0'"),
        ("1 pow", "unknown token 'pow'"),
        ("1" * 21, "unknown token"),
    ],
)
def test_malformed_index_programs_are_rejected(text: str, message: str) -> None:
    with pytest.raises(StatusError, match=message) as info:
        IndexProgram.parse(text, "w", 1, "test")
    assert info.value.code == "INVALID_ARGUMENT"


@pytest.mark.parametrize(
    ("text", "message"), [("1 0 divs", "division by zero"), ("1 64 shl", "shift by 64")]
)
def test_undefined_index_operations_are_errors(text: str, message: str) -> None:
    with pytest.raises(StatusError, match=message):
        _value(text)


def test_workload_from_constants() -> None:
    function = WorkgroupCountFunction.parse("w0 w1 add,1,1", "c0,c1 c2 32 shl or", 3, "test")
    assert function.from_constants([5, 1, 1]) == (5 + (1 | 1 << 32), 1, 1)
    assert function.from_workload([2, 3]) == (5, 1, 1)
    unknown = WorkgroupCountFunction.parse("w0,w1,1", "c0,?", 1, "test")
    assert unknown.from_constants([4]) is None
    with pytest.raises(StatusError, match="needs value 2 of 2"):
        function.from_constants([5, 1])
    with pytest.raises(StatusError, match="expected 3 workgroup count programs"):
        WorkgroupCountFunction.parse("w0,1", "c0", 1, "test")


def test_the_compiler_writes_only_runtime_operations() -> None:
    assert set(ARITH_TOKENS.values()) | set(AFFINE_TOKENS.values()) <= set(BINARY_OPS)


def test_malformed_count_programs_in_a_module_file_fail_the_load() -> None:
    program = decode(pyvmvx.compile(EXECUTABLE, ukernels="all"))
    (executable,) = program.executables
    entries = tuple(
        dataclasses.replace(
            entry,
            attributes=tuple(
                (key, "w0 w9 add,1,1" if key == "workgroup_count_from_workload" else value)
                for key, value in entry.attributes
            ),
        )
        for entry in executable.entries
    )
    broken = dataclasses.replace(
        program, executables=(dataclasses.replace(executable, entries=entries),)
    )
    with pytest.raises(StatusError, match="unknown token 'w9'") as info:
        load_executables(encode(broken))
    assert info.value.code == "INVALID_ARGUMENT"
