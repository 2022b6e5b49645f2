"""The kernels' unchecked fast paths. `vmvx_common.plain_views`: whenever it gives views,
IREE's check and `locate` pass on the same arguments and make the very same views, and the
output view has no two elements at one address; otherwise it gives None (the checked path
runs). `operand_regions`: for operands of their own shapes, the same regions (or the same
error) as checking and locating each operand."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pyvmvx.runtime.modules.vmvx_common import (
    Operand,
    Region,
    _plain_regions,
    check_nd,
    locate,
    may_overlap,
    operand_regions,
    plain_views,
)
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm.buffer import Buffer

_DTYPES = [np.dtype(np.uint8), np.dtype(np.float32), np.dtype(np.int64)]
_INTS = st.one_of(
    st.integers(-3, 40), st.sampled_from([-(1 << 63), (1 << 31) - 1, 1 << 31, (1 << 63) - 1])
)


@st.composite
def _operands(
    draw: st.DrawFn,
) -> tuple[list[tuple[Buffer, np.dtype, int, tuple[int, ...]]], tuple[int, ...]]:
    rank = draw(st.integers(1, 4))
    shape = tuple(draw(st.lists(_INTS, min_size=rank, max_size=rank)))
    operands = []
    for index in range(draw(st.integers(1, 3))):
        dtype = draw(st.sampled_from(_DTYPES))
        length = draw(st.integers(0, 512))
        buffer = Buffer(bytearray(length), mutable=draw(st.booleans()) or index == 0)
        strides = tuple(draw(st.lists(_INTS, min_size=rank, max_size=rank)))
        operands.append((buffer, dtype, draw(_INTS), strides))
    return operands, shape


def _checked(
    operands: list[tuple[Buffer, np.dtype, int, tuple[int, ...]]], shape: tuple[int, ...]
) -> list[np.ndarray] | None:
    """The views the checked path makes, or None if it refuses the arguments."""
    arrays = []
    try:
        for index, (buffer, dtype, offset, strides) in enumerate(operands):
            write = index == len(operands) - 1
            check_nd("x", buffer, dtype.itemsize, offset, strides, shape, write)
            arrays.append(locate("x", buffer, dtype, offset, shape, strides).array())
    except StatusError:
        return None
    return arrays


@settings(max_examples=400, deadline=None)
@given(_operands())
def test_plain_views_are_the_checked_views(case: tuple[list, tuple[int, ...]]) -> None:
    operands, shape = case
    views = plain_views(operands, shape)
    if views is None:
        return
    checked = _checked(operands, shape)
    assert checked is not None, "plain_views accepted arguments the checked path refuses"
    for view, array in zip(views, checked, strict=True):
        assert view.shape == array.shape and view.dtype == array.dtype
        assert view.__array_interface__["data"] == array.__array_interface__["data"]
        for size, a, b in zip(view.shape, view.strides, array.strides, strict=True):
            assert size == 1 or a == b
    output = operands[-1]
    assert output[0].mutable
    assert not may_overlap(shape, output[3])


@settings(max_examples=200, deadline=None)
@given(_operands())
def test_plain_views_refuse_what_is_not_plain(case: tuple[list, tuple[int, ...]]) -> None:
    operands, shape = case
    plain = all(0 < n < 1 << 31 for n in shape) and all(
        0 <= offset < 1 << 31 and all(0 <= s < 1 << 31 for s in strides)
        for _, _, offset, strides in operands
    )
    if not plain:
        assert plain_views(operands, shape) is None


def test_plain_views_keep_only_the_given_dims() -> None:
    buffer = Buffer(bytearray(64), mutable=True)
    dtype = np.dtype(np.float32)
    views = plain_views([(buffer, dtype, 2, (0, 4, 1))], (1, 3, 4), kept=[1, 2])
    assert views is not None
    (view,) = views
    assert view.shape == (3, 4) and view.strides == (16, 4)
    assert view.__array_interface__["data"][0] == buffer.data.__array_interface__["data"][0] + 8


@st.composite
def _shaped_operands(draw: st.DrawFn) -> list[Operand]:
    """Operands of their own ranks and shapes, some not buffers, read-only or written; most
    with small sizes, strides and offsets, so that whole calls are often plain."""
    operands: list[Operand] = []
    for index in range(draw(st.integers(1, 4))):
        rank = draw(st.integers(1, 4))
        small = st.integers(0, 6) if draw(st.integers(0, 3)) else _INTS
        sizes = tuple(draw(st.lists(small, min_size=rank, max_size=rank)))
        strides = tuple(draw(st.lists(small, min_size=rank, max_size=rank)))
        length = draw(st.integers(0, 512))
        ref: object = Buffer(bytearray(length), mutable=draw(st.booleans()))
        if draw(st.integers(0, 20)) == 0:
            ref = draw(st.sampled_from([None, object()]))
        dtype = draw(st.sampled_from(_DTYPES))
        write = draw(st.booleans())
        operands.append((f"x{index}", ref, dtype, draw(small), sizes, strides, write))
    return operands


def _checked_regions(operands: list[Operand], needed: bool) -> list[Region] | None | str:
    """What checking then locating every operand gives: the regions, None, or the error."""
    try:
        checked = [
            (name, check_nd(name, ref, dtype.itemsize, offset, strides, sizes, write), dtype,
             offset, tuple(s & ((1 << 64) - 1) for s in sizes), tuple(strides))
            for name, ref, dtype, offset, sizes, strides, write in operands
        ]  # fmt: skip
        return [locate(*entry) for entry in checked] if needed else None
    except StatusError as err:
        return f"{err.code}: {err}"


@settings(max_examples=600, deadline=None)
@given(_shaped_operands(), st.booleans())
def test_operand_regions_are_the_checked_regions(operands: list[Operand], needed: bool) -> None:
    expected = _checked_regions(operands, needed)
    try:
        regions = operand_regions(operands, needed)
    except StatusError as err:
        assert f"{err.code}: {err}" == expected
        return
    assert regions == expected
    event("plain" if _plain_regions(operands) is not None else "checked")


def test_operand_regions_of_plain_operands_skip_the_checks() -> None:
    """Plain operands are not run through `check_nd` (that is the point of the fast path):
    a ref that is not a `Buffer` is never plain, so the checked path names it."""
    dtype = np.dtype(np.float32)
    out = Buffer(bytearray(64), mutable=True)
    source = Buffer(bytearray(48), mutable=False)
    operands: list[Operand] = [
        ("in", source, dtype, 1, (2, 1, 5), (6, 9, 1), False),
        ("out", out, dtype, 0, (4, 4), (4, 1), True),
    ]
    regions = operand_regions(operands)
    assert regions is not None
    assert regions[0] == Region("in", source, dtype, 1, (2, 1, 5), (6, 0, 1))
    assert regions[0].array().shape == (2, 1, 5)
    with pytest.raises(StatusError, match="ref is null"):
        operand_regions([operands[0], ("out", None, dtype, 0, (4, 4), (4, 1), True)])
