"""The 15 binary and 8 unary elementwise exports against the scalar reference
(IREE's `runtime/src/iree/modules/vmvx/elementwise.c`).

Property tests draw shapes, offsets, strides (row/column-major, padded, 0 broadcast, −1) and
values, including NaN/Inf/−0 and INT_MIN/−1/0. Integers and abs/neg are bit-exact; the other
f32 ops are bit-exact up to NaN payloads; exp/log are within `TRANSCENDENTAL_ULPS` ulp, because
neither libm nor numpy rounds them correctly. rsqrt is bit-exact: it is `1/sqrt` in f32.

The C-undefined integer cases (x / 0, INT_MIN / −1, shift counts outside [0, 32)) are tested
against pyvmvx's documented choice (`vmvx_reference.UNDEFINED`). An output may be exactly an
input's region (in place) or overlap itself (the last write in row-major order wins); partial
overlap of an output with an input is undefined in IREE (`restrict`) and not tested.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
import vmvx_reference as ref
from hypothesis import given
from hypothesis import strategies as st
from vmvx_harness import (
    F32_SPECIALS,
    I32_SPECIALS,
    SETTINGS,
    Arg,
    Layout,
    Operand,
    array_of,
    call_module,
    check_export,
    f32_values,
    i32_values,
    is_injective,
    layouts,
    sizes,
)

BINARY = sorted(ref.BINARY_OPS)
UNARY = sorted(ref.UNARY_OPS)
DIVISIONS = {"divs.2d.i32", "divu.2d.i32"}
SHIFTS = {"shl.2d.i32", "shrs.2d.i32", "shru.2d.i32"}


def _dtype(name: str) -> type:
    return np.float32 if name.endswith("f32") else np.int32


def _values(name: str, operand: str) -> st.SearchStrategy:
    """Operand values for `name`, keeping clear of the C-undefined cases (tested separately)."""
    if name.endswith("f32"):
        return f32_values
    if operand == "rhs" and name in SHIFTS:
        return st.integers(0, 31)
    if operand == "rhs" and name in DIVISIONS:
        return i32_values.filter(lambda v: v not in (0, -1))
    return i32_values


def _any_values(name: str) -> st.SearchStrategy:
    """Operand values including the undefined cases: 0, −1, INT_MIN and counts ≥ 32 or < 0."""
    return f32_values if name.endswith("f32") else i32_values


@st.composite
def elementwise_calls(
    draw: st.DrawFn, names: list[str], *, defined: bool = True, self_overlap: bool = False
) -> tuple[str, list[Arg]]:
    """A call of one of `names`; the output may alias an input exactly. `defined`: keep clear
    of the C-undefined integer cases; `self_overlap`: the output may overlap itself."""
    name = draw(st.sampled_from(names))
    binary = name in ref.BINARY_OPS
    size0, size1 = draw(sizes), draw(sizes)
    inputs = ["lhs", "rhs"] if binary else ["in"]
    args: list[Arg] = []
    operands: dict[str, tuple[Operand, Layout]] = {}
    for operand in inputs:
        layout = draw(layouts(size0, size1))
        values = _values(name, operand) if defined else _any_values(name)
        array = array_of(draw, _dtype(name), layout.length, values)
        operands[operand] = (Operand(array, mutable=draw(st.booleans())), layout)
    alias = None if self_overlap else draw(st.sampled_from([None, *inputs]))
    if alias is None:
        layout = draw(layouts(size0, size1, injective=not self_overlap))
        out = Operand(array_of(draw, _dtype(name), layout.length, _values(name, "out")))
    else:
        out, layout = operands[alias]
        out.mutable = True
        if not is_injective(size0, size1, layout.stride0, layout.stride1):
            layout = draw(layouts(size0, size1, injective=True))
            out = Operand(array_of(draw, _dtype(name), layout.length, _values(name, "out")))
    for operand in inputs:
        operand_buffer, operand_layout = operands[operand]
        args += [operand_buffer, *operand_layout.args()]
    args += [out, *layout.args(), size0, size1]
    return name, args


@SETTINGS
@given(elementwise_calls(BINARY))
def test_binary_matches_reference(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


@SETTINGS
@given(elementwise_calls(UNARY))
def test_unary_matches_reference(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


@SETTINGS
@given(elementwise_calls(sorted(DIVISIONS | SHIFTS), defined=False))
def test_undefined_integer_cases_follow_the_documented_choice(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


@SETTINGS
@given(elementwise_calls(BINARY + UNARY, self_overlap=True))
def test_self_overlapping_output_keeps_the_last_write(call: tuple[str, list[Arg]]) -> None:
    check_export(*call)


def _contiguous_call(name: str, *columns: np.ndarray) -> list[Arg]:
    """`name` over 1×n contiguous operands holding `columns`, with a fresh output."""
    n = columns[0].size
    args: list[Arg] = []
    for column in columns:
        args += [Operand(np.ascontiguousarray(column), mutable=False), 0, n, 1]
    return [*args, Operand(np.zeros(n, columns[0].dtype)), 0, n, 1, 1, n]


F32_GRID = np.array(F32_SPECIALS + [2.0**-126 * 0.75, 7.5, -0.75, 1e30], dtype=np.float32)


@pytest.mark.parametrize("name", [n for n in BINARY if n.endswith("f32")])
def test_f32_binary_special_values(name: str) -> None:
    """Every pair of special values (NaN, ±Inf, ±0, extremes, subnormals) in one call."""
    lhs, rhs = (
        np.array(c, np.float32) for c in zip(*itertools.product(F32_GRID, F32_GRID), strict=True)
    )
    check_export(name, _contiguous_call(name, lhs, rhs))


@pytest.mark.parametrize("name", [n for n in UNARY if n.endswith("f32")])
def test_f32_unary_special_values(name: str) -> None:
    values = np.concatenate([F32_GRID, -F32_GRID, np.float32([-1.5, 2.5, -0.5, 0.5, 8388607.5])])
    check_export(name, _contiguous_call(name, values))


@pytest.mark.parametrize("name", ["exp.2d.f32", "log.2d.f32", "rsqrt.2d.f32"])
def test_transcendental_accuracy_over_many_values(name: str) -> None:
    """4096 random f32 bit patterns per op (all classes of values) within the tolerance."""
    rng = np.random.default_rng(3)
    values = rng.integers(0, 2**32, 4096, dtype=np.uint64).astype(np.uint32).view(np.float32)
    check_export(name, _contiguous_call(name, values))


@pytest.mark.parametrize("name", [n for n in BINARY if n.endswith("i32")])
def test_i32_binary_special_values(name: str) -> None:
    """Every pair of boundary integers; undefined divisions and shifts are left out here."""
    pairs = [
        (a, b)
        for a, b in itertools.product(I32_SPECIALS, I32_SPECIALS)
        if not (name in SHIFTS and not 0 <= b < 32)
        and not (name in DIVISIONS and (b == 0 or (a == -(2**31) and b == -1)))
    ]
    lhs, rhs = (np.array(c, np.int32) for c in zip(*pairs, strict=True))
    check_export(name, _contiguous_call(name, lhs, rhs))


@pytest.mark.parametrize("name", sorted(DIVISIONS | SHIFTS))
def test_i32_undefined_cases_every_pair(name: str) -> None:
    """All boundary pairs, division by 0, INT_MIN / −1 and shift counts outside [0, 32)
    included, against the documented choice (x / 0 = 0, INT_MIN / −1 = INT_MIN, count mod 32)."""
    specials = I32_SPECIALS + [-31, 64, 100, -(2**31) + 5]
    lhs, rhs = (
        np.array(c, np.int32) for c in zip(*itertools.product(specials, specials), strict=True)
    )
    check_export(name, _contiguous_call(name, lhs, rhs))


def test_ctlz_of_every_bit_position() -> None:
    """ctlz(0) = 32, and each leading-one position with all-ones and lone-one tails."""
    values = [0] + [1 << k for k in range(32)] + [(1 << k) - 1 for k in range(33)]
    words = np.array([v & 0xFFFF_FFFF for v in values], np.uint32).view(np.int32)
    check_export("ctlz.2d.i32", _contiguous_call("ctlz.2d.i32", words))


def test_rsqrt_is_reciprocal_of_f32_sqrt() -> None:
    """Values where 1/sqrt rounded twice differs from the correctly rounded 1/√x."""
    rng = np.random.default_rng(7)
    values = rng.uniform(1e-3, 1e3, 20000).astype(np.float32)
    with np.errstate(all="ignore"):
        twice = np.float32(1) / np.sqrt(values)
    once = (1 / np.sqrt(values.astype(np.float64))).astype(np.float32)
    differ = values[twice != once]
    assert differ.size > 0
    check_export("rsqrt.2d.f32", _contiguous_call("rsqrt.2d.f32", differ))


@pytest.mark.parametrize("name", BINARY + UNARY)
def test_special_values_raise_no_numpy_warnings(name: str) -> None:
    """IEEE special results (overflow, NaN, division by zero) are results, not warnings."""
    values = F32_GRID if name.endswith("f32") else np.array(I32_SPECIALS[:8], np.int32)
    columns = [values, values[::-1].copy()] if name in ref.BINARY_OPS else [values]
    if name in SHIFTS | DIVISIONS:
        columns[1] = np.full(values.size, 3, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        call_module(name, _contiguous_call(name, *columns))
