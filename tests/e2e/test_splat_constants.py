"""End to end: splat constants stay splats from the source to the module file, are
materialized when the file is loaded, under the allocation budget, and compute the right
results (`executables/splat_constant.mlir`: a 2-D f32 and a 1-D i16 splat global)."""

from __future__ import annotations

import time
import tracemalloc

import numpy as np
import pytest
from e2e_support import EXECUTABLES, compiled, load

from pyvmvx.compiler.driver import compile_text
from pyvmvx.runtime import StatusError, load_executables
from pyvmvx.runtime.vm.format import Splat
from pyvmvx.runtime.vm.serialize import decode

SPLATS = [Splat(np.float32(2.5).tobytes(), 8 * 8 * 4), Splat(np.int16(-3).tobytes(), 64 * 2)]
"""The data of the executable's two globals, as the module file must hold them."""
HUGE = 300_000_000
"""Elements of the offset splat in the huge variant: 600 MB of i16, above the default budget."""


def _splats(data: bytes) -> list[Splat]:
    """The splat data of the module file's one executable (its globals are initialized from
    `vm.rodata.inline` instructions)."""
    (executable,) = decode(data).executables
    return [
        value
        for function in executable.module.functions
        for block in function.blocks
        for instruction in block.instructions
        for value in instruction.immediates
        if isinstance(value, Splat)
    ]


def _huge_source() -> str:
    text = (EXECUTABLES / "splat_constant.mlir").read_text()
    return text.replace("memref<64xi16>", f"memref<{HUGE}xi16>")


@pytest.mark.parametrize("ukernels", ["all", "none"])
@pytest.mark.parametrize("threads", [None, 2])
def test_splat_globals_compute_the_right_results(ukernels: str, threads: int | None) -> None:
    assert _splats(compiled("splat_constant", ukernels)) == SPLATS
    executable = load("splat_constant", ukernels)["splat_constant"]
    x = np.random.default_rng(5).standard_normal((8, 8)).astype(np.float32)
    out = np.zeros((8, 8), np.float32)
    executable.dispatch("scale_and_offset", bindings=[x, out], threads=threads)
    np.testing.assert_array_equal(out, x * np.float32(2.5) + np.float32(-3))


def test_a_huge_splat_compiles_to_a_small_file_without_expanding() -> None:
    """3·10⁸ elements: the parser, the passes and the writer never hold them (the file is as
    small as the 64-element one, and compiling allocates next to nothing)."""
    compile_text((EXECUTABLES / "splat_constant.mlir").read_text())  # imports, pass registry
    tracemalloc.start()
    try:
        start = time.perf_counter()
        data = compile_text(_huge_source())
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(data, bytes)
    assert len(data) == len(compiled("splat_constant", "all"))
    assert _splats(data) == [SPLATS[0], Splat(SPLATS[1].pattern, 2 * HUGE)]
    assert peak < 32 << 20 and seconds < 10, (peak, seconds)


def test_splats_over_the_allocation_budget_are_resource_exhausted() -> None:
    """Loading refuses splats larger than the budget before materializing them; the splats'
    bytes (256 + 128) count against the budget the initializers have."""
    huge = compile_text(_huge_source())
    assert isinstance(huge, bytes)
    with pytest.raises(StatusError, match="splat rodata") as info:
        load_executables(huge)
    assert info.value.code == "RESOURCE_EXHAUSTED"
    small = compiled("splat_constant", "all")
    with pytest.raises(StatusError, match="splat rodata") as info:
        load_executables(small, init_allocation_budget=383)
    assert info.value.code == "RESOURCE_EXHAUSTED"
    assert "splat_constant" in load_executables(small, init_allocation_budget=384)
