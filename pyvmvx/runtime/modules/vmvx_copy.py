"""`copy.2d.x8/x16/x32/x64` and `fill.2d.x32`: bit-exact 2-D moves of 1-8 byte elements.

IREE's copy is a plain C loop without `restrict`: it runs in row-major element order, each
element loaded and then stored, so when source and destination overlap later elements read
what earlier ones wrote (a forward-overlapping copy smears). pyvmvx reproduces that exactly.
A source disjoint from the destination takes one `numpy.copyto` (through
`vmvx_common.store`, so a destination overlapping itself keeps its last writes and only those
are copied). A source sharing memory with the destination takes the element-order path, which
resolves every byte's chain of copies with numpy pointer jumping (a logarithmic number of
passes over the bytes) instead of a loop; as it follows every logical element, its element
count must be within `vmvx_common.work_limit` (RESOURCE_EXHAUSTED otherwise).
"""

from math import prod

import numpy as np

from pyvmvx.runtime.modules.vmvx_common import (
    Box,
    Kernel,
    Region,
    check_2d,
    check_work,
    locate,
    may_overlap,
    store,
    strided_2d_kernel,
    work_limit,
)
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.ints import wrap_int

_COPY_TYPES = {bits: np.dtype(f"u{bits // 8}") for bits in (8, 16, 32, 64)}
_U32 = np.dtype(np.uint32)


def copy_kernel(bits: int) -> Kernel:
    """`copy.2d.x<bits>`: `(in, in_offset, in_strides, out, out_offset, out_strides, sizes)`."""

    def body(regions: list[Region]) -> None:
        source, target = regions
        buffers = (source.buffer, target.buffer)
        if not (
            np.may_share_memory(source.buffer.data, target.buffer.data)
            and np.may_share_memory(source.byte_span(), target.byte_span())
        ):
            # Reads never see the copy's writes: a plain store (the last write wins).
            def compute(out: np.ndarray, box: Box) -> None:
                np.copyto(out, source.select(box).array())

            store(target, compute, buffers)
            return
        check_work(target.name, prod(target.shape), work_limit(buffers))
        _copy_in_element_order(source.array(), target.array(), target.buffer)

    def fast(views: list[np.ndarray]) -> bool:
        source, target = views
        if np.may_share_memory(source, target):
            return False  # the element-order path
        np.copyto(target, source)
        return True

    return strided_2d_kernel(("in", "out"), _COPY_TYPES[bits], body, fast)


def _byte_addresses(array: np.ndarray) -> np.ndarray:
    """Address of every byte of a 2-D strided array, element by element in row-major order."""
    base = array.__array_interface__["data"][0]
    rows = np.arange(array.shape[0], dtype=np.int64) * array.strides[0]
    cols = np.arange(array.shape[1], dtype=np.int64) * array.strides[1]
    elements = (base + rows[:, None] + cols[None, :]).reshape(-1, 1)
    return (elements + np.arange(array.itemsize, dtype=np.int64)).reshape(-1)


def _copy_in_element_order(source: np.ndarray, target: np.ndarray, out_buf: Buffer) -> None:
    """`target[i, j] = source[i, j]` for (i, j) in row-major order, with overlaps honoured.

    Each byte is a node `k * itemsize + b` (element step k, byte b). The byte that node reads
    is the one the latest earlier step wrote to that address, i.e. that step's own read;
    following those links to a node whose address nobody wrote before gives the original
    byte. Memory then holds, at each written address, the last write.
    """
    size = source.itemsize
    steps = source.size
    reads, writes = _byte_addresses(source), _byte_addresses(target)
    nodes = reads.size
    step = np.arange(nodes, dtype=np.int64) // size
    # Rank the addresses so that (address rank, step) fits one int64 sort key.
    _, ranks = np.unique(np.concatenate([reads, writes]), return_inverse=True)
    read_rank, write_rank = ranks[:nodes], ranks[nodes:]
    write_key = write_rank * steps + step
    order = np.argsort(write_key, kind="stable")
    sorted_key = write_key[order]
    # The last write to the read's address at an earlier step: the largest smaller key.
    position = np.searchsorted(sorted_key, read_rank * steps + step) - 1
    clamped = np.maximum(position, 0)
    found = (position >= 0) & (sorted_key[clamped] // steps == read_rank)
    link = np.where(found, order[clamped], np.arange(nodes, dtype=np.int64))
    while True:
        jumped = link[link]
        if np.array_equal(jumped, link):
            break
        link = jumped
    values = np.ascontiguousarray(source).view(np.uint8).reshape(-1)[link]
    # Every written address ends with its last write.
    backwards = writes[::-1] - out_buf.data.__array_interface__["data"][0]
    addresses, last = np.unique(backwards, return_index=True)
    out_buf.data[addresses] = values[::-1][last]


def fill_2d_x32(
    fill_value: int, out_ref: object, out_offset: int, out_row_stride: int, size0: int, size1: int
) -> tuple[()]:
    """`fill.2d.x32`: writes the 32-bit pattern of `fill_value` (an i32) to each element."""
    out_buf = check_2d("out", out_ref, 4, out_offset, out_row_stride, 1, size0, size1, True)
    if size0 and size1:
        target = locate("out", out_buf, _U32, out_offset, (size0, size1), (out_row_stride, 1))
        if may_overlap(target.shape, target.strides):
            # Rows of contiguous elements less than a row apart cover one contiguous span, and
            # every write stores the same value: fill the span, whatever the logical size.
            low, high = target.span()
            target = locate("out", out_buf, _U32, low, (high - low + 1,), (1,))
        target.array()[...] = wrap_int(fill_value, 32, signed=False)
    return ()
