"""Runs a `vmvx` export on pyvmvx and on the scalar reference and compares the outcomes.

Buffers are described by `Operand`s (a numpy array and an access mode). The same `Operand`
object passed twice is the same buffer on both sides, so aliasing is modelled faithfully. The
outcome is either the same error (status code, the reference's key text in the message, and no
buffer changed) or the same final bytes in every buffer, compared with the export's comparator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import vmvx_reference as ref
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from pyvmvx.runtime import Buffer, List, StatusError, VMVXModule

MODULE = VMVXModule()

# Small example counts: the reference is a scalar Python loop, and the whole of the vmvx tests
# must stay well under a minute on two cores.
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# exp and log: numpy's float32 SIMD exp/log are documented at up to ~2.5 and ~3.8 ulp; the
# reference is f64 libm rounded once to f32 (within 1 ulp of exact) -- so 4 ulp in all.
TRANSCENDENTAL_ULPS = 4


@dataclass(eq=False)
class Operand:
    """A buffer argument: the numpy array it wraps (no copy) and whether it is mutable."""

    array: np.ndarray
    mutable: bool = True


class WrongRef:
    """A ref argument of the wrong type: a `!vm.list` where a `!vm.buffer` is expected."""


WRONG_REF = WrongRef()

Arg = int | Operand | WrongRef | None
Comparator = Callable[[np.ndarray, np.ndarray], np.ndarray]


def exact(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Per-element bit equality."""
    unsigned = np.dtype(f"u{got.itemsize}")
    return got.view(unsigned) == expected.view(unsigned)


def _words(got: np.ndarray, expected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return got.view(np.uint32), expected.view(np.uint32)


def f32_nan_aside(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
    """Per-f32 bit equality, except that any NaN matches any NaN (payloads aside)."""
    g, e = _words(got, expected)
    both_nan = np.isnan(g.view(np.float32)) & np.isnan(e.view(np.float32))
    return (g == e) | both_nan


def _ordered(words: np.ndarray) -> np.ndarray:
    """f32 bit patterns mapped to integers ordered like the floats (adjacent floats differ by 1)."""
    signed = words.astype(np.int64)
    return np.where(signed >= 1 << 31, (1 << 31) - signed, signed)


def f32_within_ulps(ulps: int) -> Comparator:
    """Per-f32 distance of at most `ulps` units in the last place; NaN matches NaN only."""

    def compare(got: np.ndarray, expected: np.ndarray) -> np.ndarray:
        g, e = _words(got, expected)
        g_nan, e_nan = np.isnan(g.view(np.float32)), np.isnan(e.view(np.float32))
        close = np.abs(_ordered(g) - _ordered(e)) <= ulps
        return np.where(g_nan | e_nan, g_nan & e_nan, close)

    return compare


NAN_ASIDE_F32 = {
    "add.2d.f32", "sub.2d.f32", "mul.2d.f32", "div.2d.f32", "ceil.2d.f32", "floor.2d.f32",
    "rsqrt.2d.f32",
}  # fmt: skip
WITHIN_ULPS_F32 = {"exp.2d.f32", "log.2d.f32"}


def comparator_for(name: str) -> Comparator:
    """How an export's output is compared with the reference's: IEEE arithmetic up to NaN
    payloads, exp/log within `TRANSCENDENTAL_ULPS`, everything else (integers, moves, and
    abs/neg, which only touch the sign bit) bit for bit."""
    if name in NAN_ASIDE_F32:
        return f32_nan_aside
    if name in WITHIN_ULPS_F32:
        return f32_within_ulps(TRANSCENDENTAL_ULPS)
    return exact


def _operands(args: Sequence[Arg]) -> list[Operand]:
    unique: dict[int, Operand] = {}
    for arg in args:
        if isinstance(arg, Operand):
            unique.setdefault(id(arg), arg)
    return list(unique.values())


@dataclass
class Outcome:
    """What the reference predicts: an error, or the results and every operand's final bytes."""

    error: ref.RefError | None
    results: tuple[int, ...] = ()
    memory: dict[int, bytes] = field(default_factory=dict)


def run_reference(name: str, args: Sequence[Arg]) -> Outcome:
    memories = {
        id(op): ref.Memory(bytearray(op.array.tobytes()), op.mutable) for op in _operands(args)
    }

    def convert(arg: Arg) -> object:
        if isinstance(arg, Operand):
            return memories[id(arg)]
        return arg

    try:
        results = ref.EXPORTS[name](*(convert(arg) for arg in args))
    except ref.RefError as err:
        return Outcome(err)
    return Outcome(None, results, {key: bytes(memory.data) for key, memory in memories.items()})


def call_module(name: str, args: Sequence[Arg]) -> tuple[object, ...]:
    """Calls the export on pyvmvx with `Buffer`s wrapping the operands' arrays in place."""
    buffers = {id(op): Buffer(op.array, mutable=op.mutable) for op in _operands(args)}

    def convert(arg: Arg) -> object:
        if isinstance(arg, Operand):
            return buffers[id(arg)]
        if isinstance(arg, WrongRef):
            return List("i32")
        return arg

    return MODULE.call(name, *(convert(arg) for arg in args))


def describe(name: str, args: Sequence[Arg]) -> str:
    def show(arg: Arg) -> str:
        if isinstance(arg, Operand):
            mode = "rw" if arg.mutable else "ro"
            return f"<{arg.array.dtype}[{arg.array.size}] {mode} #{id(arg) % 1000}>"
        return repr(arg)

    return f"{name}({', '.join(show(arg) for arg in args)})"


def check_export(name: str, args: Sequence[Arg], compare: Comparator | None = None) -> None:
    """Asserts pyvmvx and the reference agree on `name(*args)`: the same error having written
    nothing, or the same results and final buffer contents (by `compare`)."""
    compare = compare or comparator_for(name)
    expected = run_reference(name, args)
    operands = _operands(args)
    before = {id(op): op.array.copy() for op in operands}
    call = describe(name, args)
    try:
        results = call_module(name, args)
    except StatusError as err:
        want = expected.error
        assert want is not None, f"{call}: raised {err.code} ({err}); expected success"
        assert err.code == want.code and want.message in str(err), (
            f"{call}: raised {err.code} ({err}); expected {want}"
        )
        for op in operands:
            assert exact(op.array, before[id(op)]).all(), f"{call}: failed call wrote to a buffer"
        return
    assert expected.error is None, f"{call}: succeeded; expected {expected.error}"
    assert results == expected.results, f"{call}: returned {results!r}, not {expected.results!r}"
    for op in operands:
        want = np.frombuffer(expected.memory[id(op)], dtype=op.array.dtype)
        same = compare(op.array.reshape(-1), want)
        if not same.all():
            bad = np.flatnonzero(~same)[:8]
            raise AssertionError(
                f"{call}: wrong output at elements {bad.tolist()}: got "
                f"{op.array.reshape(-1)[bad].tolist()}, expected {want[bad].tolist()}; "
                f"buffers before the call: {_dump(operands, before)}"
            )


def expect_error(name: str, args: Sequence[Arg], code: str, text: str) -> None:
    """Asserts the reference predicts `code`/`text` for this input, and pyvmvx agrees."""
    predicted = run_reference(name, args).error
    assert predicted is not None and (predicted.code, predicted.message) == (code, text), (
        f"reference predicts {predicted}, test expects {code}: {text}"
    )
    check_export(name, args)


def _dump(operands: Sequence[Operand], arrays: dict[int, np.ndarray]) -> str:
    return "; ".join(f"#{id(op) % 1000}={arrays[id(op)].reshape(-1).tolist()}" for op in operands)


# --------------------------------------------------------------------------------------------
# Hypothesis strategies
# --------------------------------------------------------------------------------------------

F32_SPECIALS = [
    0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, np.inf, -np.inf, np.nan, 3.4028235e38, -3.4028235e38,
    1.1754944e-38, 1e-45, -1e-45, 88.72, -103.9, 1e-7,
]  # fmt: skip
I32_SPECIALS = [0, 1, -1, 2, 31, 32, 33, -32, 2**31 - 1, -(2**31), 0x5555_5555, -0x0F0F_0F10]

f32_values = st.one_of(
    st.sampled_from(F32_SPECIALS),
    st.floats(width=32, allow_nan=True, allow_infinity=True, allow_subnormal=True),
)
i32_values = st.one_of(st.sampled_from(I32_SPECIALS), st.integers(-(2**31), 2**31 - 1))
sizes = st.integers(0, 5)


@dataclass(frozen=True)
class Layout:
    """How a 2-D operand sits in its buffer, in elements."""

    offset: int
    stride0: int
    stride1: int
    length: int

    def args(self) -> tuple[int, int, int]:
        return self.offset, self.stride0, self.stride1


def extent(size0: int, size1: int, stride0: int, stride1: int) -> tuple[int, int]:
    """(lowest, highest) element index the pattern touches, relative to its offset."""
    if size0 == 0 or size1 == 0:
        return 0, 0
    parts = [(size - 1) * stride for size, stride in ((size0, stride0), (size1, stride1))]
    return sum(min(0, p) for p in parts), sum(max(0, p) for p in parts)


def is_injective(size0: int, size1: int, stride0: int, stride1: int) -> bool:
    """Whether the pattern's elements all have distinct addresses."""
    indices = {i * stride0 + j * stride1 for i in range(size0) for j in range(size1)}
    return len(indices) == size0 * size1


@st.composite
def layouts(
    draw: st.DrawFn, size0: int, size1: int, *, injective: bool = False, stride1: int | None = None
) -> Layout:
    """Row-major, column-major, padded, reversed (−1), broadcast (0) or arbitrary strides, with
    an offset and buffer length that fit (plus a little slack); `stride1` fixes the inner one."""
    pad = draw(st.integers(0, 2))
    if stride1 is None:
        stride1 = draw(st.sampled_from([1, 1, -1, 0, 2]))
    stride0 = draw(st.sampled_from([size1 * max(1, abs(stride1)) + pad, size0 + pad, 0, -1, 1, 3]))
    if injective and not is_injective(size0, size1, stride0, stride1):
        stride0, stride1 = size1 + pad, 1
    low, high = extent(size0, size1, stride0, stride1)
    offset = -low + draw(st.integers(0, 3))
    return Layout(offset, stride0, stride1, offset + high + 1 + draw(st.integers(0, 2)))


def array_of(draw: st.DrawFn, dtype: type, length: int, values: st.SearchStrategy) -> np.ndarray:
    """A 1-D array of `length` elements drawn from `values`."""
    return np.array(draw(st.lists(values, min_size=length, max_size=length)), dtype=dtype)
