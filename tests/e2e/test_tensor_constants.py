"""Tensor constants on the host: weights as module data, compared with numpy.

`tensor_programs/constants.mlir` holds a dense layer whose weights are a list literal and
`dense_resource` blobs (torch-mlir's form), an int32 table as a hex string, splats on the
host and in a dispatch, and one blob used by two functions and twice in one function. Each
program runs in both codegen modes. The module file stores each distinct constant once, a
splat as a splat, and a mapped file's weights are imported into dispatches without a copy.
"""

from __future__ import annotations

import functools
import mmap
from pathlib import Path

import numpy as np
import pytest

import pyvmvx
from pyvmvx.runtime.modules.hal_host import HalModule
from pyvmvx.runtime.vm.format import Splat
from pyvmvx.runtime.vm.ops import IN_PLACE_RODATA
from pyvmvx.runtime.vm.serialize import decode

PROGRAM = Path(__file__).parent / "tensor_programs" / "constants.mlir"
MODES = ["all", "none"]
W = ((np.arange(128) % 7 - 3) / 4).astype(np.float32).reshape(16, 8)
B = ((np.arange(8) % 5 - 2) / 2).astype(np.float32)
TABLE = np.arange(96, dtype=np.int32) * 1000 - 48000


@functools.cache
def _compiled(ukernels: str) -> bytes:
    return pyvmvx.compile(PROGRAM, ukernels=ukernels)


def _host_rodata(data: bytes) -> list[object]:
    host = decode(data).host
    assert host is not None
    return [segment.data for segment in host.rodata]


@pytest.mark.parametrize("ukernels", MODES)
@pytest.mark.parametrize("function", ["dense_list", "dense_resource"])
@pytest.mark.parametrize("rows", [1, 5])
def test_dense_layer_weights(ukernels: str, function: str, rows: int) -> None:
    x = np.random.default_rng(rows).standard_normal((rows, 16), dtype=np.float32)
    y = pyvmvx.load(_compiled(ukernels))[function](x)
    np.testing.assert_allclose(y, np.maximum(x @ W + B, 0), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("ukernels", MODES)
def test_hex_string_table(ukernels: str) -> None:
    x = np.arange(96, dtype=np.int32)
    np.testing.assert_array_equal(pyvmvx.load(_compiled(ukernels)).hex_table(x), x + TABLE)


@pytest.mark.parametrize("ukernels", MODES)
def test_splats_stay_splats(ukernels: str) -> None:
    data = _compiled(ukernels)
    x = np.arange(256, dtype=np.float32)
    y, big, shaped = pyvmvx.load(data).splats(x)
    np.testing.assert_array_equal(y, x * 0.5)
    assert big.shape == (1_000_000,) and (big == 2.5).all()
    np.testing.assert_array_equal(shaped, np.full((2, 3), 7, np.int32))
    splats = [d for d in _host_rodata(data) if isinstance(d, Splat)]
    assert Splat(np.float32(2.5).tobytes(), 4_000_000) in splats
    assert len(data) < 100_000  # the 4 MB splat is 4 bytes of pattern in the file


@pytest.mark.parametrize("ukernels", MODES)
def test_a_blob_used_several_times_is_stored_once(ukernels: str) -> None:
    data = _compiled(ukernels)
    x = np.ones((16, 8), np.float32)
    np.testing.assert_array_equal(pyvmvx.load(data).shared(x), x + 2 * W)
    # dense_list's literal, dense_resource's and shared's two uses of dense_w: one segment
    assert [d for d in _host_rodata(data) if d == W.tobytes()] == [W.tobytes()]


@pytest.mark.parametrize("ukernels", MODES)
def test_empty_rank_0_and_i8_constants(ukernels: str) -> None:
    empty, scalar, small = pyvmvx.load(_compiled(ukernels)).edge_shapes()
    assert empty.shape == (0,) and empty.dtype == np.float32
    assert scalar.shape == () and scalar == 1.5
    np.testing.assert_array_equal(small, np.array([[1, -2], [3, 4]], np.int8))


def _weights_program(size: int) -> str:
    """Two functions adding the same `size`-element f32 blob to their argument."""
    weights = np.arange(size, dtype=np.float32).tobytes().hex()
    t = f"tensor<{size}xf32>"
    functions = "".join(
        f"""
func.func @{name}(%x: tensor<{size}xf32>) -> tensor<{size}xf32> {{
  %w = arith.constant dense_resource<weights> : tensor<{size}xf32>
  %e = tensor.empty() : tensor<{size}xf32>
  %y = linalg.{op} ins(%x, %w : {t}, {t}) outs(%e : {t}) -> {t}
  return %y : tensor<{size}xf32>
}}
"""
        for name, op in (("add", "add"), ("mul", "mul"))
    )
    return (
        functions
        + f'{{-# dialect_resources: {{builtin: {{weights: "0x04000000{weights}"}}}} #-}}\n'
    )


def test_mapped_weights_are_used_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    size = 1 << 18  # 1 MiB of f32 weights, above IN_PLACE_RODATA
    path = tmp_path / "weights.vmfb"
    path.write_bytes(pyvmvx.compile(_weights_program(size)))
    assert size * 4 >= IN_PLACE_RODATA
    assert path.stat().st_size < size * 4 * 1.1  # stored once for both functions
    imported = []
    original = HalModule.allocator_import

    def record(self: HalModule, *args: object) -> tuple[object, ...]:
        result = original(self, *args)  # type: ignore[arg-type]
        imported.append(result[0])
        return result

    monkeypatch.setattr(HalModule, "allocator_import", record)
    module = pyvmvx.load(path)
    x = np.ones(size, np.float32)
    np.testing.assert_array_equal(module.add(x), x + np.arange(size, dtype=np.float32))
    (weights,) = imported
    assert not weights.mutable and weights.length == size * 4
    owner: object = weights.data  # follow the views down to the memory they share
    while isinstance(owner, np.ndarray | memoryview):
        owner = owner.base if isinstance(owner, np.ndarray) else owner.obj
    assert isinstance(owner, mmap.mmap)
