"""`pyvmvx-benchmark [INPUT.mlir] [--module=FILE.vmfb] --function=NAME --input=...`.

With `--module`, times a module file (`pyvmvx.runtime.tools.benchmark_module`, runtime only).
With an MLIR `INPUT` instead, compiles it in memory first (`--ukernels=all|none`; the compile
time is printed to stderr) and times the result.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from pyvmvx.runtime.tools.benchmark_module import PROG, add_arguments, execute, fail


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Time a function of a pyvmvx module file, or of an MLIR program compiled "
        "in memory, as iree-benchmark-module does: warm-up calls, then each timed call alone; "
        "min, median and max per call, as Google Benchmark's table or JSON.",
        epilog="example: pyvmvx-benchmark model.mlir --function=main --input=@x.npy "
        "--benchmark_repetitions=20 --benchmark_format=json",
    )
    parser.add_argument(
        "source", nargs="?", metavar="INPUT.mlir", help="MLIR program to compile and time"
    )
    add_arguments(parser)
    parser.add_argument(
        "--ukernels",
        choices=("all", "none"),
        help="codegen mode when compiling INPUT.mlir (default: all)",
    )
    args = parser.parse_args(argv)
    if (args.source is None) == (args.module is None):
        return fail("give either an MLIR INPUT to compile or --module=FILE.vmfb (one of them)")
    if args.source is None:
        if args.ukernels is not None:
            return fail("--ukernels applies only when compiling an MLIR INPUT")
        return execute(args, args.module)
    import pyvmvx
    from pyvmvx.ir.diagnostics import CompileError, report

    start = time.perf_counter()
    try:
        module = pyvmvx.compile(Path(args.source), ukernels=args.ukernels or "all")
    except CompileError as err:
        report(err)
        return 1
    print(f"compiled {args.source} in {time.perf_counter() - start:.2f} s", file=sys.stderr)
    return execute(args, module)


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    console_main()
