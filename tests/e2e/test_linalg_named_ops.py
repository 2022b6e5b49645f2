"""End to end: MLIR's pooling ops and `linalg.elementwise` on buffers (`executables/pooling.mlir`,
`executables/linalg_elementwise.mlir`) compiled in both codegen modes and compared with numpy.

Pooling accumulates into its output, so each entry runs on its compiled grid only, from a
random initial output."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pytest
from e2e_support import load

MODES = pytest.mark.parametrize(
    ("ukernels", "threads"), [("all", None), ("all", 2), ("none", None)]
)
RNG = np.random.default_rng(5)

POOLING_KINDS = {
    "nwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "ncw": ("sum", "max"),
    "nhwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "nchw": ("sum", "max"),
    "ndhwc": ("sum", "max", "min"),
}
WINDOWS = {
    1: ((5,), (3,), (2,), (2,)),
    2: ((4, 3), (3, 2), (2, 3), (2, 2)),
    3: ((2, 3, 2), (2, 2, 2), (2, 2, 3), (2, 3, 2)),
}
"""Per window rank, as in the executable: output sizes, window, strides, dilations."""
BATCH, CHANNELS = 2, 3


def _channels_last(layout: str) -> tuple[int, ...]:
    """The permutation of a `layout` array into (n, spatial..., c) order."""
    return (
        layout.index("n"),
        *(i for i, d in enumerate(layout) if d not in "nc"),
        layout.index("c"),
    )


def _pool_reference(layout: str, kind: str, x: np.ndarray, init: np.ndarray) -> np.ndarray:
    """MLIR's pooling: `out = kind(out, cast(x))` over the window positions, in loop order."""
    sizes, window, strides, dilations = WINDOWS[len(layout) - 2]
    to_last = _channels_last(layout)
    x, out = x.transpose(to_last), init.transpose(to_last).copy()
    unsigned = kind.endswith("unsigned")
    if unsigned:
        x, out = x.view(np.uint8).astype(np.uint32), out.view(np.uint32)
    for position in itertools.product(*(range(k) for k in window)):
        index = tuple(
            slice(k * d, k * d + (o - 1) * s + 1, s)
            for k, d, o, s in zip(position, dilations, sizes, strides, strict=True)
        )
        value = x[(slice(None), *index, slice(None))]
        if kind == "sum":
            out = out + value
        elif kind.startswith("max"):
            out = np.maximum(out, value)
        else:
            out = np.minimum(out, value)
    if unsigned:
        out = out.view(np.int32)
    return out.transpose(np.argsort(to_last))


def _pool_shapes(layout: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The input and output shapes of the executable's `layout` entries."""
    sizes, window, strides, dilations = WINDOWS[len(layout) - 2]
    inputs = [
        (o - 1) * s + (k - 1) * d + 2
        for o, k, s, d in zip(sizes, window, strides, dilations, strict=True)
    ]

    def shape(spatial: list[int] | tuple[int, ...]) -> tuple[int, ...]:
        it = iter(spatial)
        return tuple(BATCH if d == "n" else CHANNELS if d == "c" else next(it) for d in layout)

    return shape(inputs), shape(sizes)


@MODES
@pytest.mark.parametrize(
    ("layout", "kind"),
    [(layout, kind) for layout, kinds in POOLING_KINDS.items() for kind in kinds],
)
def test_pooling(ukernels: str, threads: int | None, layout: str, kind: str) -> None:
    executable = load("pooling", ukernels)["pooling"]
    in_shape, out_shape = _pool_shapes(layout)
    if kind.endswith("unsigned"):
        x = RNG.integers(-128, 128, in_shape, dtype=np.int8)
        init = RNG.integers(-(1 << 31), 1 << 31, out_shape, dtype=np.int32)
    else:
        x = RNG.standard_normal(in_shape).astype(np.float32)
        init = RNG.standard_normal(out_shape).astype(np.float32)
    out = init.copy()
    executable.dispatch(f"pooling_{layout}_{kind}", None, [x, out], threads=threads)
    np.testing.assert_array_equal(out, _pool_reference(layout, kind, x, init))


SHAPE = (37, 53)


def _round_half_away(x: np.ndarray) -> np.ndarray:
    return np.copysign(np.floor(np.abs(x) + 0.5), x)


UNARY: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "exp": np.exp,
    "log": np.log,
    "abs": np.abs,
    "ceil": np.ceil,
    "floor": np.floor,
    "negf": np.negative,
    "reciprocal": np.reciprocal,
    "round": _round_half_away,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1 / np.sqrt(x),
    "square": np.square,
    "tanh": np.tanh,
    "erf": np.vectorize(math.erf, otypes=[np.float32]),
}
EXACT_UNARY = {"abs", "ceil", "floor", "negf", "round", "square"}


@MODES
@pytest.mark.parametrize("kind", list(UNARY))
def test_elementwise_unary(ukernels: str, threads: int | None, kind: str) -> None:
    executable = load("linalg_elementwise", ukernels)["elementwise_kinds"]
    x = (RNG.standard_normal(SHAPE) * 4).astype(np.float32)
    if kind in ("log", "sqrt", "rsqrt"):
        x = np.abs(x) + np.float32(0.25)
    out = np.zeros(SHAPE, np.float32)
    executable.dispatch(f"{kind}_f32", None, [x, out], threads=threads)
    expected = UNARY[kind](x).astype(np.float32)
    if kind in EXACT_UNARY:
        np.testing.assert_array_equal(out, expected)
    else:
        np.testing.assert_allclose(out, expected, rtol=3e-6, atol=1e-7)


def _unsigned(op: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Callable[..., np.ndarray]:
    return lambda a, b: op(a.view(np.uint32), b.view(np.uint32)).astype(np.uint32).view(np.int32)


FLOAT_BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.divide,
    "max_signed": np.maximum,
    "min_signed": np.minimum,
    "max_unsigned": np.maximum,
    "min_unsigned": np.minimum,
    "powf": np.power,
}
INT_BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": lambda a, b: (np.abs(a) // np.abs(b) * np.sign(a) * np.sign(b)).astype(np.int32),
    "div_unsigned": _unsigned(np.floor_divide),
    "max_signed": np.maximum,
    "min_signed": np.minimum,
    "max_unsigned": _unsigned(np.maximum),
    "min_unsigned": _unsigned(np.minimum),
}


@MODES
@pytest.mark.parametrize("kind", list(FLOAT_BINARY))
def test_elementwise_binary_float(ukernels: str, threads: int | None, kind: str) -> None:
    executable = load("linalg_elementwise", ukernels)["elementwise_kinds"]
    a, b = (RNG.standard_normal(SHAPE) * 3).astype(np.float32), RNG.standard_normal(SHAPE)
    b = b.astype(np.float32)
    if kind == "powf":
        a = np.abs(a) + np.float32(0.5)
    out = np.zeros(SHAPE, np.float32)
    executable.dispatch(f"{kind}_f32", None, [a, b, out], threads=threads)
    np.testing.assert_allclose(out, FLOAT_BINARY[kind](a, b), rtol=3e-6)


@MODES
@pytest.mark.parametrize("kind", list(INT_BINARY))
def test_elementwise_binary_int(ukernels: str, threads: int | None, kind: str) -> None:
    executable = load("linalg_elementwise", ukernels)["elementwise_kinds"]
    a = RNG.integers(-(1 << 31), 1 << 31, SHAPE, dtype=np.int64).astype(np.int32)
    b = RNG.integers(-1000, 1000, SHAPE, dtype=np.int32)
    b[b == 0] = 7
    out = np.zeros(SHAPE, np.int32)
    executable.dispatch(f"{kind}_i32", None, [a, b, out], threads=threads)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(out, INT_BINARY[kind](a, b).astype(np.int32))


@MODES
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_elementwise_select(ukernels: str, threads: int | None, dtype: type) -> None:
    executable = load("linalg_elementwise", ukernels)["elementwise_kinds"]
    condition = RNG.integers(0, 2, SHAPE).astype(np.bool_)
    a, b = (RNG.integers(-99, 99, SHAPE).astype(dtype) for _ in range(2))
    out = np.zeros(SHAPE, dtype)
    name = "select_f32" if dtype is np.float32 else "select_i32"
    executable.dispatch(name, None, [condition, a, b, out], threads=threads)
    np.testing.assert_array_equal(out, np.where(condition, a, b))


@MODES
def test_elementwise_indexing_maps(ukernels: str, threads: int | None) -> None:
    executable = load("linalg_elementwise", ukernels)["elementwise_kinds"]
    a, row = RNG.standard_normal(SHAPE).astype(np.float32), RNG.standard_normal(SHAPE[1])
    row = row.astype(np.float32)
    out = np.zeros(SHAPE, np.float32)
    executable.dispatch("add_row_f32", None, [a, row, out], threads=threads)
    np.testing.assert_array_equal(out, a + row)
    transposed = RNG.standard_normal(SHAPE[::-1]).astype(np.float32)
    executable.dispatch("exp_transposed_f32", None, [transposed, out], threads=threads)
    np.testing.assert_allclose(out, np.exp(transposed.T), rtol=3e-6)
