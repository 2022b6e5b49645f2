"""The front end `pyvmvx-run` and `pyvmvx-benchmark` share: a module file (`--module`), or an
MLIR `INPUT` compiled in memory first (`--ukernels=all|none`), then handed to the runtime
tool. With `--module` the compiler is not imported; a compile error is printed as its
located diagnostic and exits 1.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from pyvmvx.runtime.api import ModuleData


def main(
    parser: argparse.ArgumentParser,
    argv: Sequence[str] | None,
    *,
    verb: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    execute: Callable[[argparse.Namespace, ModuleData], int],
    fail: Callable[[str], int],
    report_compile_time: bool = False,
) -> int:
    """Parse `argv` with `parser` (the tool's own flags from `add_arguments`, plus `INPUT.mlir`
    and `--ukernels`) and `execute` the module file or the compiled `INPUT`."""
    parser.add_argument(
        "source", nargs="?", metavar="INPUT.mlir", help=f"MLIR program to compile and {verb}"
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
    if report_compile_time:
        print(f"compiled {args.source} in {time.perf_counter() - start:.2f} s", file=sys.stderr)
    return execute(args, module)
