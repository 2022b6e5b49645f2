"""`pyvmvx-benchmark [INPUT.mlir] [--module=FILE.vmfb] --function=NAME --input=...`.

With `--module`, times a module file (`pyvmvx.runtime.tools.benchmark_module`, runtime only).
With an MLIR `INPUT` instead, compiles it in memory first (`--ukernels=all|none`; the compile
time is printed to stderr) and times the result.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pyvmvx.runtime.tools.benchmark_module import PROG, add_arguments, execute, fail
from pyvmvx.tools import module_or_source


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Time a function of a pyvmvx module file, or of an MLIR program compiled "
        "in memory, as iree-benchmark-module does: warm-up calls, then each timed call alone; "
        "min, median and max per call, as Google Benchmark's table or JSON.",
        epilog="example: pyvmvx-benchmark model.mlir --function=main --input=@x.npy "
        "--benchmark_repetitions=20 --benchmark_format=json",
    )
    return module_or_source.main(
        parser,
        argv,
        verb="time",
        add_arguments=add_arguments,
        execute=execute,
        fail=fail,
        report_compile_time=True,
    )


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    console_main()
