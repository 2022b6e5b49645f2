"""`mmt4d` (f32f32f32 and s8s8s32) against the scalar reference
(IREE's `runtime/src/iree/builtins/ukernel/mmt4d.c`).

s8s8s32 is bit-exact, including int32 wrap-around when accumulating. For f32 the reference is
IREE's generic tile (kk outer, k0 inner, no FMA), while IREE's own architecture tiles and
pyvmvx's numpy use other orders and FMA. So f32 is compared
- bit-exactly up to the sign of zero on integer-valued data, where every order is exact;
- within the forward error bound of any summation order on arbitrary data:
  |got − ref| ≤ 2·(n+1)·2⁻²⁴·Σ|terms| (+ n subnormal ulps), n = K·K0 + 1 terms.
"""

from __future__ import annotations

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import given
from hypothesis import strategies as st
from vmvx_harness import (
    MODULE,
    SETTINGS,
    Arg,
    Comparator,
    Operand,
    array_of,
    check_export,
    exact,
    expect_error,
    extent,
    f32_within_ulps,
    run_reference,
)

F32 = ref.MMT4D_F32F32F32
S8 = ref.MMT4D_S8S8S32
ACCUMULATE = ref.MMT4D_ACCUMULATE
# Flag bits besides the type and ACCUMULATE, which the shim ignores: ALLOW_GENERIC_FALLBACK (the
# compiler always sets it), SKIP_INTERMEDIATE_ROUNDINGS and an undefined high bit.
IGNORED_FLAGS = [0, 0x200, 0x400, 0x8000_0000]
SMALL_INTEGERS = st.integers(-8, 8).map(float)
# Small integers keep every f32 partial sum exact, whatever the order; ±0 may still differ.
ORDER_INDEPENDENT = f32_within_ulps(0)


@st.composite
def operand_rows(
    draw: st.DrawFn, rows: int, row_length: int, dtype: type, values: st.SearchStrategy, *,
    reads_only: bool,
) -> tuple[Operand, int, int]:  # fmt: skip
    """A [rows][row_length] operand: (operand, offset, row stride). Inputs may also use row
    strides 0 and −1 (rows overlapping); outputs get distinct rows."""
    pad = draw(st.integers(0, 2))
    choices = [row_length, row_length + pad] + ([0, -1] if reads_only else [])
    stride = draw(st.sampled_from(choices))
    low, high = extent(rows, row_length, stride, 1)
    offset = -low + draw(st.integers(0, 2))
    length = offset + high + 1 + draw(st.integers(0, 2))
    array = array_of(draw, dtype, length, values)
    return Operand(array, mutable=draw(st.booleans()) or not reads_only), offset, stride


@st.composite
def mmt4d_calls(
    draw: st.DrawFn, kind: int, values: st.SearchStrategy, initial: st.SearchStrategy
) -> list[Arg]:
    m, n, k = (draw(st.integers(0, 3)) for _ in range(3))
    m0, n0, k0 = (draw(st.integers(1, 3)) for _ in range(3))
    flags = kind | draw(st.sampled_from([0, ACCUMULATE])) | draw(st.sampled_from(IGNORED_FLAGS))
    in_dtype = np.float32 if kind == F32 else np.int8
    out_dtype = np.float32 if kind == F32 else np.int32
    lhs = draw(operand_rows(m, k * m0 * k0, in_dtype, values, reads_only=True))
    rhs = draw(operand_rows(n, k * n0 * k0, in_dtype, values, reads_only=True))
    out = draw(operand_rows(m, n * m0 * n0, out_dtype, initial, reads_only=False))
    return [*lhs, *rhs, *out, m, n, k, m0, n0, k0, flags]


@SETTINGS
@given(mmt4d_calls(S8, st.integers(-128, 127), st.integers(-(2**31), 2**31 - 1)))
def test_s8s8s32_matches_reference_exactly(args: list[Arg]) -> None:
    check_export("mmt4d", args)


@SETTINGS
@given(mmt4d_calls(F32, SMALL_INTEGERS, SMALL_INTEGERS))
def test_f32_on_integer_values_matches_reference_exactly(args: list[Arg]) -> None:
    check_export("mmt4d", args, ORDER_INDEPENDENT)


def _error_bound(args: list[Arg]) -> np.ndarray:
    """Per output element, 2·(n+1)·2⁻²⁴·Σ|terms| + n·2⁻¹⁴⁹, from the reference run on |x|."""
    absolute = [Operand(np.abs(a.array), a.mutable) if isinstance(a, Operand) else a for a in args]
    outcome = run_reference("mmt4d", absolute)
    out = absolute[6]
    assert isinstance(out, Operand)
    if outcome.error is not None:  # an invalid call: there is no output to bound
        return np.zeros(out.array.size)
    magnitude = np.frombuffer(outcome.memory[id(out)], np.float32).astype(np.float64)
    k, k0 = args[11], args[14]
    assert isinstance(k, int) and isinstance(k0, int)
    terms = k * k0 + 1
    return 2 * (terms + 1) * 2.0**-24 * magnitude + terms * 2.0**-149


def _within(bound: np.ndarray) -> Comparator:
    """Within `bound` of the output's elements; the inputs (other sizes) must be unchanged."""

    def compare(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
        if got.shape != bound.shape:
            return exact(got, expected)
        difference = np.abs(got.astype(np.float64) - expected.astype(np.float64))
        return (difference <= bound) | (got.view(np.uint32) == expected.view(np.uint32))

    return compare


@SETTINGS
@given(mmt4d_calls(F32, st.floats(-2, 2, width=32), st.floats(-2, 2, width=32)))
def test_f32_matches_reference_within_summation_error_bound(args: list[Arg]) -> None:
    check_export("mmt4d", args, _within(_error_bound(args)))


def _call(
    kind: int, lhs: np.ndarray, rhs: np.ndarray, out: np.ndarray, sizes: tuple[int, ...], flags: int
) -> list[Arg]:
    """A call on tightly packed operands of `sizes` = (M, N, K, M0, N0, K0)."""
    m, n, k, m0, n0, k0 = sizes
    return [
        Operand(lhs, mutable=False), 0, k * m0 * k0,
        Operand(rhs, mutable=False), 0, k * n0 * k0,
        Operand(out), 0, n * m0 * n0,
        *sizes, kind | flags,
    ]  # fmt: skip


@pytest.mark.parametrize("kind", [F32, S8])
@pytest.mark.parametrize("flags", [0, ACCUMULATE])
def test_k_zero_writes_zeros_unless_accumulating(kind: int, flags: int) -> None:
    out = np.full(2 * 3 * 2 * 2, -7, np.float32 if kind == F32 else np.int32)
    empty = np.zeros(0, np.float32 if kind == F32 else np.int8)
    check_export("mmt4d", _call(kind, empty, empty, out, (2, 3, 0, 2, 2, 1), flags), exact)


@pytest.mark.parametrize("sizes", [(0, 3, 2, 2, 2, 2), (3, 0, 2, 2, 2, 2)])
def test_empty_m_or_n_writes_nothing(sizes: tuple[int, ...]) -> None:
    m, n, k, m0, n0, k0 = sizes
    lhs = np.ones(m * k * m0 * k0, np.float32)
    rhs = np.ones(n * k * n0 * k0, np.float32)
    out = np.full(max(1, m * n * m0 * n0), 5, np.float32)
    check_export("mmt4d", _call(F32, lhs, rhs, out, sizes, 0), exact)


def test_s8_products_widen_before_wrapping_accumulation() -> None:
    """-128·-128 summed past INT32_MAX wraps; the s8 products themselves never wrap."""
    lhs = np.full(1 * 4 * 1 * 1, -128, np.int8)
    rhs = np.full(1 * 4 * 1 * 1, -128, np.int8)
    out = np.array([2**31 - 2**15], np.int32)
    check_export("mmt4d", _call(S8, lhs, rhs, out, (1, 1, 4, 1, 1, 1), ACCUMULATE), exact)


@pytest.mark.parametrize("special", [np.nan, np.inf, -np.inf])
def test_f32_special_values_propagate(special: float) -> None:
    rng = np.random.default_rng(11)
    sizes = (2, 2, 2, 2, 3, 2)
    lhs = rng.integers(-3, 4, 2 * 2 * 2 * 2).astype(np.float32)
    rhs = rng.integers(-3, 4, 2 * 2 * 3 * 2).astype(np.float32)
    lhs[[1, 6]] = special
    rhs[5] = 0.0
    out = rng.integers(-3, 4, 2 * 2 * 2 * 3).astype(np.float32)
    check_export("mmt4d", _call(F32, lhs, rhs, out, sizes, ACCUMULATE), ORDER_INDEPENDENT)


QUERY_OPERATIONS = [0x100, 0x200, 0x300, 0x400, 0x500, 0x600]
ROLES = [ref.ROLE_LHS, ref.ROLE_RHS, ref.ROLE_RESULT]


@pytest.mark.parametrize("operation", QUERY_OPERATIONS)
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("dims", [(0, 0), (1000, 3), (-(2**63), -(2**63)), (5, -(2**63))])
def test_query_tile_sizes_fixed_table(operation: int, role: int, dims: tuple[int, int]) -> None:
    """LHS -> (M, K), RHS -> (N, K), RESULT -> (M, N) from the generic 8/4/8 table; the sizes
    (static, or INT64_MIN for dynamic) do not matter."""
    check_export("query_tile_sizes.2d", [*dims, operation | role])


@pytest.mark.parametrize("flags", [0, 0x100, 0x104, 0x1FF, 0x701, 0x0001, 0xFF03])
def test_query_tile_sizes_unknown_role_or_operation(flags: int) -> None:
    """IREE leaves the results uninitialised; pyvmvx refuses the flags."""
    expect_error("query_tile_sizes.2d", [8, 8, flags], ref.INVALID_ARGUMENT, "unhandled flags")


def test_query_tile_sizes_agree_with_each_other() -> None:
    """The K of LHS and RHS, the M of LHS and RESULT and the N of RHS and RESULT coincide."""
    for operation in QUERY_OPERATIONS:
        (m, k), (n, k_rhs), result = (
            MODULE.call("query_tile_sizes.2d", 0, 0, operation | role) for role in ROLES
        )
        assert (k, result) == (k_rhs, (m, n))
