"""`pyvmvx-run [INPUT.mlir] [--module=FILE.vmfb] --function=NAME --input=... --output=...`.

With `--module`, runs a module file (`pyvmvx.runtime.tools.run_module`, which needs only the
runtime: the compiler is not imported). With an MLIR `INPUT` instead, compiles it in memory
first (`--ukernels=all|none`) and runs the result; a compile error is printed as its located
diagnostic and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pyvmvx.runtime.tools.run_module import add_arguments, execute, fail


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-run",
        description="Run a function of a pyvmvx module file, or of an MLIR program compiled in "
        "memory, with iree-run-module's --input and --output syntax, printing its results as "
        "iree-run-module does (EXEC @main, result[0]: hal.buffer_view, 2x3xf32=[1 2 3][4 5 6]).",
        epilog="example: pyvmvx-run model.mlir --function=main --input='2x3xf32=1 2 3 4 5 6' "
        "--input=@b.npy --output=@y.npy",
    )
    parser.add_argument(
        "source", nargs="?", metavar="INPUT.mlir", help="MLIR program to compile and run"
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

    try:
        module = pyvmvx.compile(Path(args.source), ukernels=args.ukernels or "all")
    except CompileError as err:
        report(err)
        return 1
    return execute(args, module)


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    console_main()
