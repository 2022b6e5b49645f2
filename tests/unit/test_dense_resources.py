"""`dense_resource` blobs and large constants: parsing (`pyvmvx.ir.resources`) and compiling.

Measured on the 2-core test machine: a program with a 20 MB f32 weight (a 40 MB input file)
compiles in about 4 s whether the weight is a `dense_resource` blob or a `dense<"0x...">`
hex string (parsing about 2.2 s of it, linear in the size), with a peak of about 7 bytes
allocated per byte of weight (the hex text is copied a few times). An element-wise path
would need a Python float (24 bytes) and a list slot (8 bytes) per 4-byte element, so the
test bounds the peak at 10 bytes per byte of weight and also refuses any element list of
the constant.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable

import numpy as np
import pytest
from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, DenseResourceAttr

import pyvmvx
from pyvmvx.compiler.driver import make_context, parse
from pyvmvx.ir.resources import resource_bytes, resource_data_length, resource_text
from pyvmvx.runtime.vm.serialize import decode

BLOB = "0x040000000500000006000000"
PROGRAM = f"""func.func @f() -> tensor<2xi32> {{
  %c = arith.constant dense_resource<w> : tensor<2xi32>
  return %c : tensor<2xi32>
}}
{{-# dialect_resources: {{ builtin: {{ w: "{BLOB}" }} }} #-}}
"""


def _key(text: str) -> tuple[object, str]:
    module = parse(make_context(), text, "in.mlir")
    (constant,) = [op for op in module.walk() if isinstance(op, arith.ConstantOp)]
    assert isinstance(constant.value, DenseResourceAttr)
    return module, constant.value.resource_handle.data


def test_each_parse_keeps_its_own_blobs_and_releases_them() -> None:
    first, key = _key(PROGRAM)
    second, other = _key(PROGRAM)  # xDSL alone gives this one a key without data
    assert key != other
    for name in (key, other):
        assert resource_text(name) == BLOB
        assert resource_data_length(name) == 8
        assert resource_bytes(name) == bytes.fromhex(BLOB[2:])
    del first, second
    gc.collect()
    assert resource_text(key) is None and resource_text(other) is None


def test_repeated_compiles_in_one_process_keep_their_weights() -> None:
    files = [pyvmvx.compile(PROGRAM, ukernels=mode) for mode in ("all", "none", "all")]
    for data in files:
        module = pyvmvx.load(data)
        np.testing.assert_array_equal(module.f(), np.array([5, 6], np.int32))
        host = decode(data).host
        assert host is not None
        assert bytes.fromhex(BLOB[10:]) in [segment.data for segment in host.rodata]


def _weights(size: int, form: str) -> str:
    weights = np.arange(size, dtype=np.float32).tobytes().hex()
    t = f"tensor<{size}xf32>"
    value = f'dense<"0x{weights}">' if form == "hex" else "dense_resource<weights>"
    text = f"""func.func @add(%x: {t}) -> {t} {{
  %w = arith.constant {value} : {t}
  %e = tensor.empty() : {t}
  %y = linalg.add ins(%x, %w : {t}, {t}) outs(%e : {t}) -> {t}
  return %y : {t}
}}
"""
    if form == "resource":
        text += f'{{-# dialect_resources: {{builtin: {{weights: "0x04000000{weights}"}}}} #-}}\n'
    return text


@pytest.mark.parametrize("form", ["resource", "hex"])
def test_a_20_mb_weight_compiles_without_an_object_per_element(
    form: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = 5_000_000  # 20 MB of f32
    text = _weights(size, form)
    original: Callable[[DenseIntOrFPElementsAttr], object] = DenseIntOrFPElementsAttr.get_values

    def get_values(attr: DenseIntOrFPElementsAttr) -> object:
        assert len(attr.data.data) < 1 << 16, "the weight was read element by element"
        return original(attr)

    monkeypatch.setattr(DenseIntOrFPElementsAttr, "get_values", get_values)
    tracemalloc.start()
    try:
        data = pyvmvx.compile(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * 4 * size
    host = decode(data).host
    assert host is not None
    weights = np.arange(size, dtype=np.float32).tobytes()
    assert [s.name for s in host.rodata if s.data == weights] and len(data) < 4 * size + 100_000
