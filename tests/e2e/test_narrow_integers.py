"""End to end, property-based: every arith op on i1, i8 and i16, alone and in chains of two,
in both codegen modes, against numpy.

One generated executable per codegen mode, compiled once, with an entry per type. Each
element truncates three arbitrary i32 inputs to the type (so high bits are there to be
dropped) and applies two ops chosen per element by opcode inputs: `r1 = OPS[k1](x, y)`,
`r2 = OPS[k2](r1, z)`, both stored sign-extended to i32. A narrow value left out of
canonical form by one op shows as a wrong result of the next. Poison (signed division
overflow, shifts by the width or more) is left out of the comparison; divisors are made
non-zero, which the VM would otherwise reject.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyvmvx
from pyvmvx.runtime import Executable, load_executables

N = 16
TYPES = {"i1": 1, "i8": 8, "i16": 16}

_BINARY = (
    "addi subi muli divsi divui remsi remui minsi maxsi minui maxui andi ori xori shli shrsi"
    " shrui floordivsi ceildivsi ceildivui"
).split()
_PREDICATES = "eq ne slt sle sgt sge ult ule ugt uge".split()
_DIVISIONS = {"divsi", "divui", "remsi", "remui", "floordivsi", "ceildivsi", "ceildivui"}
_SIGNED_DIVISIONS = {"divsi", "remsi", "floordivsi", "ceildivsi"}
_SHIFTS = {"shli", "shrsi", "shrui"}

# Ops beyond the plain binary ones and compares: MLIR computing %r : T from %x, %y : T.
_CASTS = {
    "ext_trunc": """%sx = arith.extsi %x : T to i32
        %uy = arith.extui %y : T to i32
        %s = arith.addi %sx, %uy : i32
        %r = arith.trunci %s : i32 to T""",
    "index_casts": """%ix = arith.index_castui %x : T to index
        %iy = arith.index_cast %y : T to index
        %p = arith.muli %ix, %iy : index
        %r = arith.index_cast %p : index to T""",
    "sitofp_fptosi": """%f = arith.sitofp %x : T to f32
        %half = arith.constant 0.5 : f32
        %h = arith.mulf %f, %half : f32
        %r = arith.fptosi %h : f32 to T""",
    "uitofp_fptoui": """%fx = arith.uitofp %x : T to f32
        %fy = arith.uitofp %y : T to f32
        %s = arith.addf %fx, %fy : f32
        %half = arith.constant 0.5 : f32
        %h = arith.mulf %s, %half : f32
        %r = arith.fptoui %h : f32 to T""",
    "absi": "%r = math.absi %x : T",
    "ctlz": "%r = math.ctlz %x : T",
}
OPS = (*_BINARY, *(f"cmpi_{p}" for p in _PREDICATES), *_CASTS)


def _op_body(name: str) -> str:
    if name in _BINARY:
        return f"%r = arith.{name} %x, %y : T"
    if name.startswith("cmpi_"):
        return f"""%p = arith.cmpi {name[5:]}, %x, %y : T
        %r = arith.select %p, %x, %y : T"""
    return _CASTS[name]


def _switch(result: str, opcode: str, x: str, y: str) -> str:
    """`result = OPS[opcode](x, y)` as an `scf.index_switch`."""
    cases = "\n".join(
        f"""      case {k} {{
        {_op_body(name).replace("%x", x).replace("%y", y)}
        scf.yield %r : T
      }}"""
        for k, name in enumerate(OPS)
    )
    return f"""%{opcode}_index = arith.index_cast %{opcode} : i32 to index
      %{result} = scf.index_switch %{opcode}_index -> T
{cases}
      default {{
        scf.yield {x} : T
      }}"""


def _entry(type_name: str) -> str:
    memref = f"memref<{N}xi32>"
    bindings = "\n".join(
        f"  %b{i} = hal.interface.binding.subspan layout(#layout) binding({i}) : {memref}"
        for i in range(7)
    )
    body = f"""func.func @{type_name}() {{
{bindings}
  linalg.generic {{indexing_maps = [{", ".join(["#id"] * 7)}], iterator_types = ["parallel"]}}
      ins(%b0, %b1, %b2, %b3, %b4 : {", ".join([memref] * 5)})
      outs(%b5, %b6 : {memref}, {memref}) {{
    ^bb0(%a: i32, %b: i32, %c: i32, %k1: i32, %k2: i32, %o1: i32, %o2: i32):
      %tx = arith.trunci %a : i32 to T
      %ty = arith.trunci %b : i32 to T
      %tz = arith.trunci %c : i32 to T
      {_switch("r1", "k1", "%tx", "%ty")}
      {_switch("r2", "k2", "%r1", "%tz")}
      %e1 = arith.extsi %r1 : T to i32
      %e2 = arith.extsi %r2 : T to i32
      linalg.yield %e1, %e2 : i32, i32
  }}
  return
}}"""
    return re.sub(r"\bT\b", type_name, body)


def _source() -> str:
    exports = "\n".join(
        f"  hal.executable.export public @{name} ordinal({i}) layout(#layout)"
        for i, name in enumerate(TYPES)
    )
    entries = "\n".join(_entry(name) for name in TYPES)
    return f"""#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [{", ".join(["#rw"] * 7)}]>
#id = affine_map<(d0) -> (d0)>
hal.executable.source public @narrow {{
{exports}
  builtin.module {{
{entries}
  }}
}}
"""


@functools.cache
def _executable(ukernels: str) -> Executable:
    return load_executables(pyvmvx.compile(_source(), ukernels=ukernels))["narrow"]


# ---------------------------------------------------------------------------
# The numpy reference: int64 arrays of signed values (wrapped back to the type's range)
# ---------------------------------------------------------------------------


def _wrap(values: np.ndarray, bits: int) -> np.ndarray:
    """Two's-complement signed values of width `bits` (i1 true is -1)."""
    half = 1 << (bits - 1)
    return ((values + half) & ((1 << bits) - 1)) - half


def _trunc_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where((a < 0) != (b < 0), -(np.abs(a) // np.abs(b)), np.abs(a) // np.abs(b))


def _reference(name: str, x: np.ndarray, y: np.ndarray, bits: int) -> np.ndarray:
    """OPS[name] on signed values `x`, `y` (divisors non-zero), wrapped to the type."""
    mask = (1 << bits) - 1
    ux, uy = x & mask, y & mask
    amount = uy % bits  # out-of-range amounts are poison, left out of the comparison
    binary: dict[str, Callable[[], np.ndarray]] = {
        "addi": lambda: x + y,
        "subi": lambda: x - y,
        "muli": lambda: x * y,
        "divsi": lambda: _trunc_div(x, y),
        "divui": lambda: ux // uy,
        "remsi": lambda: x - _trunc_div(x, y) * y,
        "remui": lambda: ux % uy,
        "minsi": lambda: np.minimum(x, y),
        "maxsi": lambda: np.maximum(x, y),
        "minui": lambda: np.minimum(ux, uy),
        "maxui": lambda: np.maximum(ux, uy),
        "andi": lambda: x & y,
        "ori": lambda: x | y,
        "xori": lambda: x ^ y,
        "shli": lambda: x << amount,
        "shrsi": lambda: x >> amount,
        "shrui": lambda: ux >> amount,
        "floordivsi": lambda: x // y,
        "ceildivsi": lambda: -(-x // y),
        "ceildivui": lambda: -(-ux // uy),
        "ext_trunc": lambda: x + uy,
        "index_casts": lambda: ux * y,
        "sitofp_fptosi": lambda: np.trunc(x / 2).astype(np.int64),
        "uitofp_fptoui": lambda: (ux + uy) // 2,
        "absi": lambda: np.abs(x),
        "ctlz": lambda: bits - np.frexp(ux.astype(np.float64))[1],
    }
    if name.startswith("cmpi_"):
        predicate = name[5:]
        lhs, rhs = (ux, uy) if predicate[0] == "u" else (x, y)
        relation = predicate if predicate in ("eq", "ne") else predicate[1:]
        compare = {
            "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
            "gt": np.greater, "ge": np.greater_equal,
        }[relation]  # fmt: skip
        return np.where(compare(lhs, rhs), x, y)
    return _wrap(binary[name](), bits)


def _defined(name: str, x: np.ndarray, y: np.ndarray, bits: int) -> np.ndarray:
    """Where MLIR defines OPS[name](x, y): not a signed overflowing division, no shift by the
    width or more."""
    if name in _SIGNED_DIVISIONS:
        return ~((x == -(1 << (bits - 1))) & (y == -1))
    if name in _SHIFTS:
        return (y & ((1 << bits) - 1)) < bits
    return np.ones_like(x, dtype=bool)


def _apply(ops: np.ndarray, x: np.ndarray, y: np.ndarray, bits: int) -> tuple[np.ndarray, ...]:
    """Per element, OPS[ops[i]](x[i], y[i]) and whether it is defined."""
    result, defined = np.zeros_like(x), np.zeros_like(x, dtype=bool)
    for k, name in enumerate(OPS):
        chosen = ops == k
        if chosen.any():
            result[chosen] = _reference(name, x[chosen], y[chosen], bits)
            defined[chosen] = _defined(name, x[chosen], y[chosen], bits)
    return result, defined


def _non_zero_divisors(divisors: np.ndarray, ops: np.ndarray, bits: int) -> np.ndarray:
    """`divisors` with the low bit set where a division would divide by a zero `bits`-bit value."""
    division = np.isin(ops, [OPS.index(name) for name in _DIVISIONS])
    zero = divisors & ((1 << bits) - 1) == 0
    return np.where(division & zero, divisors | 1, divisors)


_I32 = st.one_of(
    st.integers(-(1 << 31), (1 << 31) - 1),
    st.integers(-(1 << 16), 1 << 16),
    st.integers(-3, 16),
)
_COLUMNS = st.lists(st.lists(_I32, min_size=N, max_size=N), min_size=3, max_size=3)
_OPCODES = st.lists(st.integers(0, len(OPS) - 1), min_size=2 * N, max_size=2 * N)


@pytest.mark.parametrize("ukernels", ["all", "none"])
@pytest.mark.parametrize("type_name", list(TYPES))
@settings(max_examples=60, deadline=None)
@given(columns=_COLUMNS, opcodes=_OPCODES)
def test_arith_ops_on_narrow_integers(
    ukernels: str, type_name: str, columns: list[list[int]], opcodes: list[int]
) -> None:
    bits = TYPES[type_name]
    a, b, c = (np.array(column, np.int64) for column in columns)
    k1, k2 = np.array(opcodes[:N]), np.array(opcodes[N:])
    b, c = _non_zero_divisors(b, k1, bits), _non_zero_divisors(c, k2, bits)
    x, y, z = (_wrap(v, bits) for v in (a, b, c))
    r1, defined1 = _apply(k1, x, y, bits)
    r2, defined2 = _apply(k2, r1, z, bits)
    out1, out2 = np.zeros(N, np.int32), np.zeros(N, np.int32)
    inputs = [v.astype(np.int32) for v in (a, b, c, k1, k2)]
    _executable(ukernels).dispatch(type_name, None, [*inputs, out1, out2])
    wrong = np.flatnonzero(defined1 & (out1 != r1))
    assert not wrong.size, [(OPS[k1[i]], x[i], y[i], out1[i], r1[i]) for i in wrong]
    wrong = np.flatnonzero(defined1 & defined2 & (out2 != r2))
    assert not wrong.size, [
        (OPS[k1[i]], OPS[k2[i]], x[i], y[i], z[i], out2[i], r2[i]) for i in wrong
    ]


def test_trunci_then_maxsi_is_signed() -> None:
    """Issue 9's example: trunci to i8 then maxsi with 5 reads -7, not 249."""
    x = np.resize(np.array([249, 128, 300, -7, 1000, 4, 127, 133], np.int32), N)
    five, maxsi = np.full(N, 5, np.int32), np.full(N, OPS.index("maxsi"), np.int32)
    for ukernels in ("all", "none"):
        out = np.zeros(N, np.int32)
        _executable(ukernels).dispatch("i8", None, [x, five, five, maxsi, maxsi, out, out.copy()])
        np.testing.assert_array_equal(out[:8], [5, 5, 44, 5, 5, 5, 127, 5], err_msg=ukernels)
