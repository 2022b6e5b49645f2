"""Regenerate the seed corpora: `python tests/fuzz/make_corpus.py`.

Writes every `seed-*` file of `corpus/<surface>/` from the repository (executables copied,
the malformed MLIR of `tests/unit/test_malformed_mlir.py`, module files compiled with
`pyvmvx.compile`, `vmvx` calls encoded with `fuzz_vmvx_exports.encode_call`, `iree-run-module`
input forms) and deletes stale ones; `crash-*` entries (regressions) are kept. The output
depends only on the repository, so rerun it when a source or the module-file format changes.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
from contracts import CORPUS
from fuzz_vmvx_exports import AGAIN, NULL, SPECIALS, WRONG_TYPE, buffer, encode_call

import pyvmvx
from pyvmvx.runtime.modules.vmvx_ex_conv import UNSIGNED_CAST
from pyvmvx.runtime.modules.vmvx_ex_elementwise import OPS, TYPES

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
EXECUTABLES = TESTS / "e2e" / "executables"
MLIR = [
    *(EXECUTABLES / f"{name}.mlir" for name in ("abs", "mmt4d", "pack_unpack", "push_constants")),
    *(EXECUTABLES / f"{name}.mlir" for name in ("executable_constants", "multi_entry")),
    EXECUTABLES / "splat_constant.mlir",
    ROOT / "examples" / "dense_layer.mlir",
    *(
        TESTS / "filecheck" / path
        for path in (
            "pipelines/vmvx_codegen_pipelines.mlir",
            "dialects/hal/invalid_syntax.mlir",
            "dialects/vm/globals.mlir",
            "transforms/materialize_constants.mlir",
        )
    ),
]
PROGRAMS = [TESTS / "e2e" / "programs" / f"{name}.mlir" for name in ("add_bias", "two_results")]
"""Whole programs: their module files have a host module."""
MODULES = {
    "abs": "all",
    "mmt4d": "none",
    "executable_constants": "all",
    "push_constants": "none",
    "splat_constant": "all",
}
"""Executables compiled into module-file seeds, with their codegen mode."""

S, N = 1 << 31, (1 << 31) + 1  # ((N - 1) * S + 1) * 4 wraps around 2**64 to 4 bytes
RO64, RW64, RW16 = buffer(64, mutable=False), buffer(64, mutable=True), buffer(16, mutable=True)
FIRST = bytes([AGAIN])  # the call's first buffer again
NULL_REF, LIST_REF = bytes([NULL]), bytes([WRONG_TYPE])
CALLS = {
    "add": encode_call("add.2d.f32", RO64, 0, 4, 1, RO64, 0, 4, 1, RW64, 0, 4, 1, 4, 4),
    "divs-aliased": encode_call("divs.2d.i32", RW64, 0, 4, 1, FIRST, 1, 4, 1, FIRST, 2, 4, 1, 3, 3),
    "abs-wrapped-bound": encode_call("abs.2d.f32", RO64, 0, S, 1, RW64, 0, S, 1, N, 1),
    "copy-zero-stride": encode_call("copy.2d.x8", RO64, 0, 0, 1, RW16, 0, 0, 1, (1 << 32) - 1, 8),
    "fill": encode_call("fill.2d.x32", 7, RW64, 1, 4, 3, 3),
    "mmt4d": encode_call("mmt4d", RO64, 0, 16, RO64, 0, 16, RW64, 0, 4, 1, 1, 4, 2, 2, 1, 1),
    "pack": encode_call("pack", RO64, 0, 4, 1, RW64, 0, 8, 1, 4, 4, 2, 2, 2, 2, 0, 1),
    "unpack": encode_call("unpack", RO64, 0, 8, 1, RW64, 0, 4, 1, 2, 2, 2, 2, 4, 4, 1),
    "query-tile-sizes": encode_call("query_tile_sizes.2d", 16, 16, 0x101),
    "null-and-list": encode_call(
        "sub.2d.i32", NULL_REF, 0, 1, 1, LIST_REF, 0, 1, 1, RW16, 0, 1, 1, 1, 1
    ),
    "specials": encode_call(
        "shl.2d.i32", RO64, *SPECIALS[:3], RO64, *SPECIALS[3:6], RW64, *SPECIALS[-5:]
    ),
}
RO16 = buffer(16, mutable=False)
SECOND = bytes([AGAIN | 1])  # the call's second buffer again
NAN, INF = float("nan"), float("inf")
F32, I1, I8, I16, I32, I64 = (TYPES[n] for n in ("f32", "i1", "i8", "i16", "i32", "i64"))


def _values(dtype: str, *values: float) -> bytes:
    """`values` as the bytes of MLIR element type `dtype` (f32, i8, i32, i64)."""
    return np.array(values, {"f32": "<f4", "i8": "i1", "i32": "<i4", "i64": "<i8"}[dtype]).tobytes()


def _op(name: str) -> int:
    return OPS.index(name)


def _ex(name: str, *parts: int | bytes | tuple[int | bytes, ...], contents: list[bytes]) -> bytes:
    """`encode_call` of `name` with `parts` flattened (a tuple per operand or size list)."""
    flat = [a for part in parts for a in (part if isinstance(part, tuple) else (part,))]
    return encode_call(name, *flat, contents=contents)


# fmt: off
EX_CALLS = {
    # ex.<arity>.4d: op, types, (buffer, offset, strides[4]) per operand, sizes[4]
    "ex-unary-exp": _ex(
        "ex.unary.4d", _op("math.exp"), F32 | F32 << 8,
        (RO64, 1, 0, 0, 4, 1), (RW64, 0, 0, 0, 4, 1), (1, 1, 3, 3),
        contents=[_values("f32", 0, 1, -1, NAN, INF, -INF, -0.0, 88.8, 1e-3, 2)],
    ),
    "ex-unary-fptosi-nan": _ex(
        "ex.unary.4d", _op("arith.fptosi"), F32 | I8 << 8,
        (RO64, 0, 0, 0, 0, 1), (RW16, 0, 0, 0, 0, 1), (1, 1, 1, 6),
        contents=[_values("f32", NAN, INF, -INF, 300, -1.5, 127.9)],
    ),
    "ex-binary-broadcast": _ex(
        "ex.binary.4d", _op("arith.addf"), F32 | F32 << 8,
        (RO64, 0, 0, 8, 4, 1), (RO16, 0, 0, 0, 0, 1), (RW64, 0, 0, 8, 4, 1), (1, 2, 2, 4),
        contents=[_values("f32", *range(16)), _values("f32", 0.5, -1, NAN, -0.0)],
    ),
    "ex-binary-divsi-overlapping": _ex(
        "ex.binary.4d", _op("arith.divsi"), I32 | I32 << 8,
        (RW64, 0, 0, 0, 4, 1), (FIRST, 8, 0, 0, 4, 1), (FIRST, 2, 0, 0, 0, 1), (1, 1, 2, 4),
        contents=[_values("i32", -(1 << 31), 7, -7, 9, 1, 2, 3, 4, -1, -1, 2, 3, 5, 6, 7, 8)],
    ),
    "ex-ternary-select": _ex(
        "ex.ternary.4d", _op("arith.select"), F32 | F32 << 8,
        (RO16, 0, 0, 0, 0, 1), (RO64, 0, 0, 0, 4, 1), (RO64, 0, 0, 0, 0, 0),
        (RW64, 0, 0, 0, 4, 1), (1, 1, 2, 4),
        contents=[bytes([1, 0, 3, 2]), _values("f32", *range(8)), _values("f32", NAN)],
    ),
    # ex.matmul: types, flags, (buffer, offset, strides[3]) per operand, batch, m, n, k
    "ex-matmul": _ex(
        "ex.matmul", F32 | F32 << 8, 0,
        (RO64, 0, 0, 3, 1), (RO64, 0, 0, 4, 1), (RW64, 0, 0, 4, 1), (1, 2, 4, 3),
        contents=[_values("f32", 1, 2, 3, -1, 0.5, NAN), _values("f32", *range(12))],
    ),
    "ex-matmul-accumulate-i8": _ex(
        "ex.matmul", I8 | I32 << 8, 1,
        (RO16, 0, 8, 4, 1), (RO16, 0, 0, 1, 4), (RW64, 0, 4, 2, 1), (2, 2, 2, 4),
        contents=[_values("i8", *range(-8, 8)), _values("i8", 127, -128, 1, -1)],
    ),
    # ex.conv: types, flags, in/filter/out (buffer, offset, strides[5]), n, g, oh, ow, f,
    # kh, kw, c, stride_h, stride_w, dilation_h, dilation_w (NHWC / HWCF)
    "ex-conv": _ex(
        "ex.conv", F32 | F32 << 8, 0,
        (RO64, 0, 16, 0, 4, 1, 1), (RO16, 0, 0, 2, 1, 1, 1), (RW16, 0, 4, 0, 2, 1, 1),
        (1, 1, 2, 2, 1, 2, 2, 1), (1, 1, 1, 1),
        contents=[_values("f32", *range(16)), _values("f32", 1, -1, 0.5, 2)],
    ),
    # ex.conv.3d: the same with a depth, then the input and filter zero points
    "ex-conv-3d-quantized": _ex(
        "ex.conv.3d", I8 | I32 << 8, 1,
        (RO64, 0, 0, 0, 16, 4, 1, 1), (RO16, 0, 0, 4, 2, 1, 1, 1), (RW64, 0, 0, 0, 4, 2, 1, 1),
        (1, 1, 2, 3, 2, 1, 2, 2, 1, 1), (1, 1, 2, 1, 1, 1), (3, -2),
        contents=[_values("i8", *range(-32, 32)), _values("i8", 127, -128, 5, 0, -1, 9, 2, 3)],
    ),
    # ex.pool: op, types, in/out (buffer, offset, strides[4]), n, c, oh, ow, kh, kw,
    # stride_h, stride_w, dilation_h, dilation_w (NCHW)
    "ex-pool-max": _ex(
        "ex.pool", _op("arith.maximumf"), F32 | F32 << 8,
        (RO64, 0, 0, 16, 4, 1), (RW16, 0, 0, 4, 2, 1), (1, 1, 2, 2, 2, 2), (2, 2, 1, 1),
        contents=[_values("f32", *range(9), NAN, -0.0, 0, 3, -INF, 5, 1), _values("f32", -INF)],
    ),
    "ex-pool-sum-uitofp": _ex(
        "ex.pool", _op("arith.addf"), I8 | F32 << 8 | UNSIGNED_CAST,
        (RO16, 0, 0, 0, 4, 1), (RW16, 0, 0, 0, 2, 1), (1, 1, 2, 2, 3, 3), (1, 1, 1, 1),
        contents=[_values("i8", -1, 2, -128, 4, 5, 127, 7, 8, 9, 10, 11, -3, 13, 14, 15, 16)],
    ),
    "ex-pool-3d-maxsi-zero-stride": _ex(
        "ex.pool.3d", _op("arith.maxsi"), I32 | I32 << 8,
        (RO64, 0, 0, 0, 0, 4, 1), (RW16, 0, 0, 0, 0, 0, 1), (1, 1, 1, 2, 2, 1, 2, 2),
        (1, 1, 1, 1, 1, 1),
        contents=[_values("i32", 3, -9, 1 << 30, 4, 5, 6, 7, 8)],
    ),
    # ex.reduce: op, types, axes, in/out (buffer, offset, strides[4]), sizes[4]
    "ex-reduce-addf": _ex(
        "ex.reduce", _op("arith.addf"), F32 | F32 << 8, 0b1010,
        (RO64, 0, 0, 8, 0, 1), (RW16, 1, 0, 0, 1, 0), (1, 2, 3, 4),
        contents=[_values("f32", *range(16)), _values("f32", 0, -0.0, 1)],
    ),
    "ex-reduce-xori-i1": _ex(
        "ex.reduce", _op("arith.xori"), I1 | I1 << 8, 1 << 3,
        (RO16, 0, 0, 0, 4, 1), (RW16, 0, 0, 0, 1, 0), (1, 1, 3, 4),
        contents=[bytes([1, 3, 0, 2, 1, 1, 1, 0, 255, 254, 0, 1]), b"\1"],
    ),
    # ex.argreduce: op, types, axis, in/value/index (buffer, offset, strides[4]), sizes[4]
    "ex-argreduce-nan": _ex(
        "ex.argreduce", _op("arith.maximumf"), F32 | I64 << 8, 3,
        (RO64, 0, 0, 0, 4, 1), (RW16, 0, 0, 0, 1, 0), (RW64, 0, 0, 0, 1, 0), (1, 1, 3, 4),
        contents=[
            _values("f32", 1, 5, NAN, 9, NAN, 1, 2, 3, -INF, -0.0, 0, -1),
            _values("f32", 0, 0, INF),
            _values("i64", -1, -1, -1),
        ],
    ),
    # ex.gather: types, source (buffer, offset, strides[4], sizes[4]), index0..3 and out
    # (buffer, offset, strides[4]), sizes[4]: out[0, 0, i, j] = source[0, 0, [3, 1, 0][i], 3 - j]
    "ex-gather": _ex(
        "ex.gather", F32 | F32 << 8,
        (RO64, 0, 0, 0, 4, 1), (1, 1, 4, 4), (RO16, 0, 0, 0, 0, 0), (SECOND, 0, 0, 0, 0, 0),
        (RO64, 0, 0, 0, 1, 0), (RO64, 0, 0, 0, 0, 1), (RW64, 0, 0, 0, 4, 1), (1, 1, 3, 4),
        contents=[
            _values("f32", *range(16)), b"", _values("i64", 3, 1, 0), _values("i64", 3, 2, 1, 0)
        ],
    ),
    "ex-gather-take": _ex(
        "ex.gather", I64 | I64 << 8,
        (RO64, 0, 0, 0, 0, 1), (1, 1, 1, 8), (RO16, 0, 0, 0, 0, 0), (SECOND, 0, 0, 0, 0, 0),
        (SECOND, 0, 0, 0, 0, 0), (RO16, 0, 0, 0, 0, 1), (RW64, 0, 0, 0, 0, 1), (1, 1, 1, 2),
        contents=[_values("i64", *range(8)), b"", _values("i64", 7, 2)],
    ),
    # ex.iota: dim, types, out (buffer, offset, strides[4]), sizes[4]
    "ex-iota": _ex("ex.iota", 2, I16, (RW64, 1, 0, 12, 4, 1), (1, 2, 3, 4), contents=[]),
}
"""Calls of the `ex` extension exports, with their buffers' contents."""
# fmt: on
RUN_INPUTS = {
    "matrix": "2x3xf32=1 2 3 4 5 6",
    "splat": "4xi32=7",
    "scalar": "f32=1.5",
    "brackets": "2x2xi8=[[1, 2], [3, 4]]",
    "bool": "3xi1=true 0 1",
    "empty": "0x4xf64=",
    "huge-shape": "100000000000xf32=1",
    "too-few": "2x3xf32=1 2",
    "out-of-range": "1xui8=256",
    "bad-type": "4xq7=1",
}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def seeds() -> dict[str, dict[str, bytes]]:
    """Every seed file's bytes, by surface and file name."""
    sys.path.insert(0, str(TESTS / "unit"))
    from test_malformed_mlir import CASES

    compile_seeds = {f"seed-{p.parent.name}-{p.name}": p.read_bytes() for p in MLIR}
    compile_seeds.update(
        {f"seed-malformed-{_slug(case)}.mlir": text.encode() for case, (text, _) in CASES.items()}
    )
    return {
        "compile": compile_seeds,
        "module_file": {
            **{
                f"seed-{name}-{mode}.vmfb": pyvmvx.compile(
                    EXECUTABLES / f"{name}.mlir", ukernels=mode
                )
                for name, mode in MODULES.items()
            },
            **{f"seed-program-{path.stem}.vmfb": pyvmvx.compile(path) for path in PROGRAMS},
        },
        "vmvx_exports": {f"seed-{name}.bin": data for name, data in {**CALLS, **EX_CALLS}.items()},
        "run_input": {f"seed-{name}.txt": text.encode() for name, text in RUN_INPUTS.items()},
    }


def write(root: Path = CORPUS) -> None:
    """Write the seeds under `root`, removing `seed-*` files that are no longer generated."""
    for surface, files in seeds().items():
        directory = root / surface
        directory.mkdir(parents=True, exist_ok=True)
        for stale in set(p.name for p in directory.glob("seed-*")) - set(files):
            (directory / stale).unlink()
        for name, data in files.items():
            (directory / name).write_bytes(data)


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS)
