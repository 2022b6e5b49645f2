"""Regenerate the executable sources real IREE prints for a few small programs.

Needs `iree-compile` from `iree-base-compiler==3.13.0` (not a pyvmvx dependency; install it in
a separate venv, e.g. `python -m venv /tmp/ireevenv && /tmp/ireevenv/bin/pip install
iree-base-compiler==3.13.0`). Run `python tests/e2e/inputs/make_iree_sources.py
[--iree-compile PATH]`: each program in `PROGRAMS` is compiled with

    iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=vmvx
        --compile-to=executable-sources

and the `hal.executable` ops of its output are written to `iree_<name>.mlir` next to this
script (the host functions are dropped). One edit: the `ukernels = "none"` IREE puts in the
VMVX target is removed, so that pyvmvx's `ukernels` option chooses the codegen mode.

Each model of `INPUT_FORMS` (an example exported from PyTorch) is also written as IREE's
`--compile-to=input` form (`util.func`, IREE's input conversion applied) to
`iree_input_<name>.mlir`, whole: `tests/e2e/test_examples_torch.py` runs it like the original.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

IREE_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=vmvx",
    "--compile-to=executable-sources",
)

PROGRAMS = {
    "contractions": """
func.func @matmul(%a: tensor<37x29xf32>, %b: tensor<29x41xf32>) -> tensor<37x41xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<37x41xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<37x41xf32>) -> tensor<37x41xf32>
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x41xf32>)
      outs(%acc : tensor<37x41xf32>) -> tensor<37x41xf32>
  return %r : tensor<37x41xf32>
}
func.func @dense_relu(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %b: tensor<16xf32>)
    -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x16xf32>) -> tensor<8x16xf32>
  %m = linalg.matmul ins(%x, %w : tensor<8x32xf32>, tensor<32x16xf32>)
      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                        affine_map<(d0, d1) -> (d1)>,
                                        affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<8x16xf32>, tensor<16xf32>) outs(%empty : tensor<8x16xf32>) {
  ^bb0(%v: f32, %bias: f32, %o: f32):
    %s = arith.addf %v, %bias : f32
    %relu = arith.maximumf %s, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
func.func @conv(%x: tensor<1x3x9x9xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x4x7x7xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x4x7x7xf32>)
      -> tensor<1x4x7x7xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>,
                                 strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x9x9xf32>, tensor<4x3x3x3xf32>)
      outs(%acc : tensor<1x4x7x7xf32>) -> tensor<1x4x7x7xf32>
  return %r : tensor<1x4x7x7xf32>
}
""",
    "elementwise": """
#id = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %empty = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%empty : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @scale(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %k = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0],
                             [1.5, 2.5, -3.5]]> : tensor<4x3xf32>
  %empty = tensor.empty() : tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %k : tensor<4x3xf32>, tensor<4x3xf32>) outs(%empty : tensor<4x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
func.func @transpose(%a: tensor<6x10xf32>) -> tensor<10x6xf32> {
  %empty = tensor.empty() : tensor<10x6xf32>
  %r = linalg.transpose ins(%a : tensor<6x10xf32>) outs(%empty : tensor<10x6xf32>)
      permutation = [1, 0]
  return %r : tensor<10x6xf32>
}
func.func @pad(%a: tensor<5x7xf32>) -> tensor<8x10xf32> {
  %value = arith.constant 1.5 : f32
  %r = tensor.pad %a low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %value : f32
  } : tensor<5x7xf32> to tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}
""",
    "reductions": """
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @rowsum(%a: tensor<?x16xf32>) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %empty = tensor.empty(%n) : tensor<?xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x16xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @softmax(%x: tensor<4x10xf32>) -> tensor<4x10xf32> {
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant 0xFF800000 : f32
  %rows = tensor.empty() : tensor<4xf32>
  %max0 = linalg.fill ins(%lowest : f32) outs(%rows : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x10xf32>) outs(%max0 : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %full = tensor.empty() : tensor<4x10xf32>
  %exp = linalg.generic {indexing_maps = [#id2, #row, #id2],
                         iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<4x10xf32>, tensor<4xf32>) outs(%full : tensor<4x10xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<4x10xf32>
  %sum0 = linalg.fill ins(%zero : f32) outs(%rows : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%exp : tensor<4x10xf32>) outs(%sum0 : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2],
                       iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<4x10xf32>, tensor<4xf32>) outs(%full : tensor<4x10xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<4x10xf32>
  return %r : tensor<4x10xf32>
}
""",
}


INPUT_FORMS = {"cnn": HERE.parents[2] / "examples" / "cnn.mlir"}


def executables(text: str) -> str:
    """The top-level `hal.executable` ops of `iree-compile`'s printed module."""
    kept: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("  hal.executable "):
            inside = True
        if inside:
            kept.append(line[2:])
        if inside and line == "  }":
            inside = False
    return "\n".join(kept) + "\n"


def main() -> None:
    default = shutil.which("iree-compile") or str(Path(sys.executable).parent / "iree-compile")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iree-compile", default=default, help="the iree-compile to run")
    args = parser.parse_args()
    version = (
        subprocess.run([args.iree_compile, "--version"], capture_output=True, text=True, check=True)
        .stdout.splitlines()[1]
        .strip()
    )
    header = f"// Generated by make_iree_sources.py ({version}); do not edit.\n"
    for name, program in PROGRAMS.items():
        result = subprocess.run(
            [args.iree_compile, *IREE_FLAGS, "-", "-o", "-"],
            input=program,
            capture_output=True,
            text=True,
            check=True,
        )
        text = executables(result.stdout).replace(', ukernels = "none"', "")
        (HERE / f"iree_{name}.mlir").write_text(header + text)
    for name, source in INPUT_FORMS.items():
        result = subprocess.run(
            [args.iree_compile, "--compile-to=input", str(source), "-o", "-"],
            capture_output=True,
            text=True,
            check=True,
        )
        (HERE / f"iree_input_{name}.mlir").write_text(header + result.stdout)


if __name__ == "__main__":
    main()
