"""The module's export table and argument marshalling
(IREE's `runtime/src/iree/modules/vmvx/exports.inl`).

The exports are in IREE's byte order (their names and calling conventions are checked against
IREE's 32 and the compiler's declarations by test_import_registry); and a call whose arguments
do not fit the convention -- wrong count, a non-integer or out-of-width integer in an `I`/`i`
slot -- is INVALID_ARGUMENT "argument/result signature mismatch", while an integer given as
its unsigned bit pattern means the same as its signed value.
"""

from __future__ import annotations

import numpy as np
import pytest
import vmvx_reference as ref
from vmvx_harness import MODULE, Arg, Operand, check_export, expect_error

from pyvmvx.runtime import StatusError, VMVXModule


def test_exports_include_iree_s_in_byte_order() -> None:
    names = tuple(VMVXModule().export_names)
    assert set(ref.SIGNATURES) <= set(names)
    assert names == tuple(sorted(names, key=str.encode))
    assert names.index("copy.2d.x64") < names.index("copy.2d.x8")


@pytest.mark.parametrize("name", ["add.2d.f64", "vmvx.add.2d.f32", "", "ex.nothing", "ADD.2d.f32"])
def test_unknown_export_is_not_found(name: str) -> None:
    for lookup in (lambda: MODULE.signature(name), lambda: MODULE.call(name)):
        with pytest.raises(StatusError) as info:
            lookup()
        assert info.value.code == "NOT_FOUND"
        assert name in str(info.value)


def _arity(name: str) -> int:
    return ref.SIGNATURES[name].index("_") - 1


@pytest.mark.parametrize("name", sorted(ref.SIGNATURES))
@pytest.mark.parametrize("delta", [-1, 1])
def test_wrong_argument_count_is_refused(name: str, delta: int) -> None:
    args: list[Arg] = [0] * (_arity(name) + delta)
    expect_error(name, args, ref.INVALID_ARGUMENT, "signature mismatch")


def _add_call() -> list[Arg]:
    """A valid add.2d.f32 of two 2×2 operands."""
    return [
        Operand(np.ones(4, np.float32), mutable=False), 0, 2, 1,
        Operand(np.ones(4, np.float32), mutable=False), 0, 2, 1,
        Operand(np.zeros(4, np.float32)), 0, 2, 1,
        2, 2,
    ]  # fmt: skip


@pytest.mark.parametrize("slot", [1, 2, 5, 12])
@pytest.mark.parametrize("value", [1.0, "1", None, 2**64, -(2**63) - 1])
def test_bad_i64_argument_is_refused(slot: int, value: object) -> None:
    args = _add_call()
    args[slot] = value  # type: ignore[call-overload]
    expect_error("add.2d.f32", args, ref.INVALID_ARGUMENT, "signature mismatch")


@pytest.mark.parametrize("value", [0.0, 2**32, -(2**31) - 1])
def test_bad_i32_argument_is_refused(value: object) -> None:
    args: list[Arg] = [value, Operand(np.zeros(4, np.int32)), 0, 2, 2, 2]  # type: ignore[list-item]
    expect_error("fill.2d.x32", args, ref.INVALID_ARGUMENT, "signature mismatch")


@pytest.mark.parametrize("slot", [0, 4, 8])
def test_integer_where_a_ref_is_expected_is_a_type_mismatch(slot: int) -> None:
    args = _add_call()
    args[slot] = 0
    expect_error("add.2d.f32", args, ref.INVALID_ARGUMENT, "type")


def test_unsigned_bit_patterns_mean_their_signed_values() -> None:
    """A stride −1 passed as 2**64 − 1, and a fill value as its unsigned 32-bit pattern."""
    data = np.arange(8, dtype=np.float32)
    reversed_rows = [
        Operand(data, mutable=False), 3, 4, 2**64 - 1,
        Operand(np.zeros(8, np.float32)), 0, 4, 1, 2, 4,
    ]  # fmt: skip
    check_export("copy.2d.x32", reversed_rows)
    check_export("fill.2d.x32", [0xFFFF_FFFE, Operand(np.zeros(4, np.int32)), 0, 2, 2, 2])
