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

from pyvmvx.runtime.tools.run_module import add_arguments, execute, fail
from pyvmvx.tools import module_or_source


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-run",
        description="Run a function of a pyvmvx module file, or of an MLIR program compiled in "
        "memory, with iree-run-module's --input and --output syntax, printing its results as "
        "iree-run-module does (EXEC @main, result[0]: hal.buffer_view, 2x3xf32=[1 2 3][4 5 6]).",
        epilog="example: pyvmvx-run model.mlir --function=main --input='2x3xf32=1 2 3 4 5 6' "
        "--input=@b.npy --output=@y.npy",
    )
    return module_or_source.main(
        parser, argv, verb="run", add_arguments=add_arguments, execute=execute, fail=fail
    )


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    console_main()
