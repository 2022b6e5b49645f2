"""`iree-linalg-ext-to-loops` against numpy: random pack/unpack relayouts (rank 1-3, tiled
dimensions and their order, tile sizes, outer permutations, padding, static or dynamic sizes
and tiles, element types) are compiled as HAL executables whose functions run just this pass
(`translation_info` with a `pass_pipeline`), then dispatched and compared with a numpy
reference built from reshapes and transposes. Sizes the types cannot show are checked when the
dispatch runs: inconsistent ones fail with the pass's message."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyvmvx
from pyvmvx.runtime import Executable, load_executables
from pyvmvx.runtime.status import StatusError

PAD = -7
DTYPES = {"f32": np.float32, "i32": np.int32, "i8": np.int8}


@dataclass(frozen=True)
class Relayout:
    """A pack of `shape` into `outer` tiles (in destination order) of `tiles` along
    `inner_dims_pos`; `dynamic` marks the sizes passed as push constants."""

    shape: tuple[int, ...]
    inner_dims_pos: tuple[int, ...]
    tiles: tuple[int, ...]
    outer_dims_perm: tuple[int, ...]
    outer: tuple[int, ...]
    padded: bool
    element: str
    dynamic: frozenset[str]

    @property
    def rank(self) -> int:
        return len(self.shape)

    def outer_of(self, d: int) -> int:
        """The packed outer size of unpacked dimension `d`."""
        perm = self.outer_dims_perm
        return self.outer[perm.index(d) if perm else d]

    def tile_of(self, d: int) -> int:
        return dict(zip(self.inner_dims_pos, self.tiles, strict=True)).get(d, 1)

    @property
    def packed_shape(self) -> tuple[int, ...]:
        return (*self.outer, *self.tiles)


@st.composite
def relayouts(draw: st.DrawFn) -> Relayout:
    rank = draw(st.integers(1, 3))
    inner = tuple(draw(st.permutations(range(rank)))[: draw(st.integers(0, rank))])
    tiles = tuple(draw(st.integers(1, 4)) for _ in inner)
    perm = tuple(draw(st.one_of(st.just(()), st.permutations(range(rank)))))
    padded = draw(st.booleans())
    tile_of = dict(zip(inner, tiles, strict=True))
    shape, outer_unpacked = [], []
    for d in range(rank):
        tile, size = tile_of.get(d, 1), draw(st.integers(1, 7))
        if not padded:
            size = tile * -(-size // tile)
        shape.append(size)
        # With padding, a destination may have a tile more than the source fills.
        outer_unpacked.append(-(-size // tile) + (draw(st.integers(0, 1)) if padded else 0))
    outer = tuple(outer_unpacked[d] for d in (perm or range(rank)))
    names = [f"s{d}" for d in range(rank)] + [f"o{p}" for p in range(rank)]
    names += [f"t{j}" for j in range(len(inner))]
    dynamic = frozenset(n for n in names if draw(st.booleans()))
    element = draw(st.sampled_from(sorted(DTYPES)))
    return Relayout(tuple(shape), inner, tiles, perm, outer, padded, element, dynamic)


# --- the executable ---------------------------------------------------------------------


def _sizes(r: Relayout) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(name, size) of each unpacked and each packed dimension."""
    unpacked = [(f"s{d}", s) for d, s in enumerate(r.shape)]
    packed = [(f"o{p}", s) for p, s in enumerate(r.outer)]
    packed += [(f"t{j}", t) for j, t in enumerate(r.tiles)]
    return unpacked, packed


def _memref(r: Relayout, dims: list[tuple[str, int]]) -> str:
    shape = "".join(f"{'?' if n in r.dynamic else s}x" for n, s in dims)
    return f"memref<{shape}{r.element}>"


def _subspan(r: Relayout, binding: int, dims: list[tuple[str, int]]) -> str:
    dynamic = ", ".join(f"%{n}" for n, _ in dims if n in r.dynamic)
    return (
        f"hal.interface.binding.subspan layout(#layout) binding({binding}) : "
        f"{_memref(r, dims)}{f'{{{dynamic}}}' if dynamic else ''}"
    )


def _constants(r: Relayout) -> list[tuple[str, int]]:
    unpacked, packed = _sizes(r)
    return [(n, s) for n, s in unpacked + packed if n in r.dynamic]


def source(r: Relayout) -> str:
    """A HAL executable with entry points `pack` (binding 0 -> 1) and `unpack` (1 -> 0)."""
    unpacked, packed = _sizes(r)
    loads = "".join(
        f"%{n}_i32 = hal.interface.constant.load layout(#layout) ordinal({i}) : i32\n"
        f"%{n} = arith.index_castui %{n}_i32 : i32 to index\n"
        for i, (n, _) in enumerate(_constants(r))
    )
    perm = f"outer_dims_perm = {list(r.outer_dims_perm)} " if r.outer_dims_perm else ""
    tiles = ", ".join(f"%t{j}" if f"t{j}" in r.dynamic else str(t) for j, t in enumerate(r.tiles))
    attrs = f"{perm}inner_dims_pos = {list(r.inner_dims_pos)} inner_tiles = [{tiles}]"
    pad_value = f"{PAD}.0" if r.element == "f32" else str(PAD)
    padding = f"padding_value(%pad : {r.element}) " if r.padded else ""
    types = f"{_memref(r, unpacked)} -> {_memref(r, packed)}"
    back = f"{_memref(r, packed)} -> {_memref(r, unpacked)}"
    pipeline = '#iree_codegen.pass_pipeline<"iree-linalg-ext-to-loops">'
    info = f"translation_info = #iree_codegen.translation_info<pipeline = {pipeline}>"
    body = f"""
      {loads}
      %a = {_subspan(r, 0, unpacked)}
      %b = {_subspan(r, 1, packed)}"""
    return f"""
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = {len(_constants(r))}, bindings = [#rw, #rw]>
hal.executable.source public @relayout {{
  hal.executable.export public @pack ordinal(0) layout(#layout)
  hal.executable.export public @unpack ordinal(1) layout(#layout)
  builtin.module {{
    func.func @pack() attributes {{{info}}} {{
      {body}
      %pad = arith.constant {pad_value} : {r.element}
      linalg.pack %a {padding}{attrs} into %b : {types}
      return
    }}
    func.func @unpack() attributes {{{info}}} {{
      {body}
      linalg.unpack %b {attrs} into %a : {back}
      return
    }}
  }}
}}
"""


def compiled(r: Relayout) -> Executable:
    return load_executables(pyvmvx.compile(source(r), ukernels="none"))["relayout"]


# --- the numpy reference ----------------------------------------------------------------


def reference_pack(r: Relayout, a: np.ndarray) -> np.ndarray:
    """Pad `a` to whole tiles, split each tiled dimension into (outer, tile), then order the
    axes: outer ones as `outer_dims_perm`, tile ones as `inner_dims_pos`."""
    full = [r.outer_of(d) * r.tile_of(d) for d in range(r.rank)]
    padded = np.full(full, PAD, a.dtype)
    padded[tuple(slice(0, s) for s in a.shape)] = a
    split: list[int] = []
    outer_axis, inner_axis = {}, {}
    for d in range(r.rank):
        outer_axis[d] = len(split)
        split.append(r.outer_of(d))
        if d in r.inner_dims_pos:
            inner_axis[d] = len(split)
            split.append(r.tile_of(d))
    order = [outer_axis[d] for d in (r.outer_dims_perm or range(r.rank))]
    order += [inner_axis[d] for d in r.inner_dims_pos]
    return np.ascontiguousarray(padded.reshape(split).transpose(order))


def _random(r: Relayout, shape: tuple[int, ...], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.integers(-100, 100, shape).astype(DTYPES[r.element])


@settings(max_examples=30, deadline=None)
@given(relayouts(), st.integers(0, 2**32 - 1))
def test_pack_and_unpack_match_numpy(r: Relayout, seed: int) -> None:
    executable = compiled(r)
    constants = [s for _, s in _constants(r)]
    a = _random(r, r.shape, seed)
    packed = _random(r, r.packed_shape, seed + 1)  # every element is overwritten
    executable.dispatch("pack", (1, 1, 1), [a, packed], constants)
    expected = reference_pack(r, a)
    np.testing.assert_array_equal(packed, expected)
    unpacked = _random(r, r.shape, seed + 2)
    executable.dispatch("unpack", (1, 1, 1), [unpacked, expected], constants)
    np.testing.assert_array_equal(unpacked, a)


# --- sizes the types cannot show --------------------------------------------------------

DYNAMIC_2D = Relayout(
    shape=(8, 6),
    inner_dims_pos=(0,),
    tiles=(4,),
    outer_dims_perm=(),
    outer=(2, 6),
    padded=False,
    element="f32",
    dynamic=frozenset({"s0", "o0", "t0"}),
)


@pytest.mark.parametrize(
    ("entry", "sizes", "message"),
    [
        # s0, o0, t0: three tiles of 4 rows need 12 source rows, not 8.
        ("pack", (8, 3, 4), "'linalg.pack' op source dimension 0 is smaller than its tiles"),
        # 9 destination rows but two tiles of 4 rows.
        ("unpack", (9, 2, 4), "'linalg.unpack' op destination dimension 0 is larger than"),
    ],
)
def test_inconsistent_dynamic_sizes_fail_with_the_pass_message(
    entry: str, sizes: tuple[int, int, int], message: str
) -> None:
    executable = compiled(DYNAMIC_2D)
    rows, outer, tile = sizes
    a = np.zeros((rows, 6), np.float32)
    b = np.zeros((outer, 6, tile), np.float32)
    with pytest.raises(StatusError, match=message) as err:
        executable.dispatch(entry, (1, 1, 1), [a, b], list(sizes))
    assert err.value.code == "FAILED_PRECONDITION"


TILE_MISMATCH = """
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 2, bindings = [#rw, #rw]>
hal.executable.source public @relayout {
  hal.executable.export public @pack ordinal(0) layout(#layout)
  builtin.module {
    func.func @pack() attributes {translation_info = #iree_codegen.translation_info<
        pipeline = #iree_codegen.pass_pipeline<"iree-linalg-ext-to-loops">>} {
      %tile_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %cols_i32 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %tile = arith.index_castui %tile_i32 : i32 to index
      %cols = arith.index_castui %cols_i32 : i32 to index
      %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8xi32>
      %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x?xi32>{%cols}
      linalg.pack %a inner_dims_pos = [0] inner_tiles = [%tile]
          into %b : memref<8xi32> -> memref<2x?xi32>
      return
    }
  }
}
"""


def test_dynamic_tile_must_match_the_packed_buffer() -> None:
    executable = load_executables(pyvmvx.compile(TILE_MISMATCH, ukernels="none"))["relayout"]
    a, b = np.arange(8, dtype=np.int32), np.zeros((2, 4), np.int32)
    executable.dispatch("pack", (1, 1, 1), [a, b], [4, 4])
    np.testing.assert_array_equal(b, a.reshape(2, 4))
    with pytest.raises(StatusError, match="inner tile 0 differs from the size of packed"):
        executable.dispatch("pack", (1, 1, 1), [a, b], [2, 4])
