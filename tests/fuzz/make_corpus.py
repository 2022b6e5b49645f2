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

from contracts import CORPUS
from fuzz_vmvx_exports import AGAIN, NULL, SPECIALS, WRONG_TYPE, buffer, encode_call

import pyvmvx

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
        "vmvx_exports": {f"seed-{name}.bin": data for name, data in CALLS.items()},
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
