"""`pyvmvx-compile INPUT.mlir -o OUT.vmfb [--compile-to=PHASE] [--ukernels=all|none]`.

Compiles MLIR — a whole program (`func.func`/`util.func` on tensors) and/or HAL executables —
into a module file, or with `--compile-to` prints the IR at a phase (`input`, `flow`,
`executable-sources`, `codegen`, `vmvx`, `vm`; `end`, the default, writes the module file).
`-` reads standard input; with an IR phase, `-o` writes the IR to a file. Errors are printed as
located diagnostics and exit with status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pyvmvx.compiler.driver import PHASES, UKERNELS, compile_text, print_ir
from pyvmvx.ir.diagnostics import CompileError, decode_source, report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-compile",
        description="Compile an MLIR program into a pyvmvx module file (run it with pyvmvx-run "
        "or pyvmvx.load), or print its IR after a phase. The input is a whole program — "
        "func.func/util.func on ranked tensors (linalg, tensor, arith, math, scf; torch-mlir's "
        "linalg-on-tensors output or IREE's --compile-to=input form) — and/or HAL executables "
        "(hal.executable.source or hal.executable ops on buffers, or IREE's tensor form).",
        epilog="phases: input = parsed and verified; flow = private calls inlined and each "
        "compute op of a tensor function outlined into an executable source, flow.dispatch on "
        "the host; executable-sources = sources as vmvx executable variants; codegen = tiled, "
        "distributed and lowered to vmvx ukernel ops or scalar loops; vmvx = after "
        "iree-vmvx-conversion (the VMVX entry ABI on util buffers); vm = vm.modules after "
        "iree-vm-conversion, the program's host functions as a vm.module calling the hal "
        "module; end = the module file. Example: pyvmvx-compile model.mlir -o model.vmfb && "
        "pyvmvx-run --module=model.vmfb --function=main --input='2x3xf32=1 2 3 4 5 6'. "
        "Errors are printed as file:line:col diagnostics, exit status 1.",
    )
    parser.add_argument("input", help="MLIR file (a program and/or executables), or - for stdin")
    parser.add_argument(
        "-o", "--output", help="output file (required for --compile-to=end; else IR goes there)"
    )
    parser.add_argument(
        "--compile-to", choices=PHASES, default="end", help="phase to stop at (default: end)"
    )
    parser.add_argument(
        "--ukernels",
        choices=UKERNELS,
        default="all",
        help="all (default): hot loop nests become vmvx ukernel calls; none: IREE's default "
        "scalar VM loops (slow; the correctness reference)",
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="print the Python traceback of an internal compiler error (also PYVMVX_DEBUG=1)",
    )
    args = parser.parse_args(argv)
    if args.compile_to == "end" and not args.output:
        parser.error("-o/--output is required unless --compile-to names an IR phase")
    try:
        text = _read(args.input)
        result = compile_text(text, args.input, ukernels=args.ukernels, compile_to=args.compile_to)
        output = result if isinstance(result, bytes) else print_ir(result)
        if args.output:
            _write(args.output, output)
        else:
            sys.stdout.write(str(output))
    except CompileError as err:
        report(err, debug=args.debug)
        return 1
    return 0


def _read(name: str) -> str:
    if name == "-":
        return decode_source(sys.stdin.buffer.read(), name)
    try:
        with open(name, "rb") as file:
            return decode_source(file.read(), name)
    except OSError as err:
        raise CompileError(f"error: cannot read {name!r}: {err}") from None


def _write(name: str, data: bytes | str) -> None:
    try:
        with open(name, "wb") as file:
            file.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    except OSError as err:
        raise CompileError(f"error: cannot write {name!r}: {err}") from None


def console_main() -> None:
    sys.exit(main())


if __name__ == "__main__":
    console_main()
