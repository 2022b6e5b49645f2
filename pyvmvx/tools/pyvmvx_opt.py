"""`pyvmvx-opt`: xdsl-opt with every pyvmvx dialect and pass registered.

Keeps xdsl-opt's flags (`-p`, `--split-input-file`, `--verify-diagnostics`,
`--print-op-generic`, `--allow-unregistered-dialect`, ...). Upstream dialects that IREE IR
needs more of (memref, linalg, scf, arith, ...) are replaced by pyvmvx's extended copies.
Errors in the input or in a pass are reported as diagnostics with exit code 1; a crash of a
pass is reported as an internal compiler error (a pyvmvx bug), whose traceback `--debug` or
`PYVMVX_DEBUG=1` prints.
"""

import argparse
import os
import sys
from collections.abc import Sequence
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.universe import Universe
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)
from xdsl.xdsl_opt_main import xDSLOptMain

from pyvmvx.dialects import get_iree_dialects, get_upstream_overrides
from pyvmvx.ir.diagnostics import (
    CompileError,
    LocatedParser,
    decode_source,
    format_parse_error,
    internal_error,
    nesting_limit,
    report,
    verify_located,
)
from pyvmvx.transforms import get_all_passes


class PyVMVXOptMain(xDSLOptMain):
    """The xDSL opt driver with pyvmvx's dialect and pass set."""

    version_format = "pyvmvx-opt built from xdsl version {xdsl_version}"

    def register_all_dialects(self) -> None:
        dialects = dict(Universe.get_multiverse().all_dialects)
        dialects.update(get_iree_dialects())
        dialects.update(get_upstream_overrides())
        for name, factory in dialects.items():
            self.ctx.register_dialect(name, factory)

    def get_input_stream(self) -> tuple[IO[bytes], str]:
        """`-` is standard input, as in mlir-opt; any file is MLIR unless `-f` names a frontend."""
        name = self.args.input_file
        if name is None or name == "-":
            self.args.input_file = None
            return sys.stdin.buffer, "mlir"
        try:
            stream = open(name, "rb")
        except OSError as err:
            message = f"error: could not open input file '{name}': {err.strerror}"
            raise CompileError(message) from None
        extension = os.path.splitext(name)[1].lstrip(".")
        return stream, extension if extension in self.available_frontends else "mlir"

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        """Parse MLIR with source locations and verify it, reporting the failing op's line."""
        if self.args.frontend not in (None, "mlir") or file_extension not in ("mlir", ""):
            return super().parse_chunk(chunk, file_extension, start_offset)
        text = decode_source(chunk.read(), self.get_input_name())
        parser = LocatedParser(self.ctx, text, self.get_input_name(), start_offset)
        module = parser.parse_module(not self.args.no_implicit_module)
        if not self.args.disable_verify:
            verify_located(module)
        return module

    def setup_pipeline(self) -> None:
        """xdsl-opt's pipeline set-up; a malformed `-p` spec, an unknown pass or a bad pass
        option is the user's error, not a crash."""
        try:
            super().setup_pipeline()
        except ArgSpecParseError as err:  # a BaseException in xDSL
            raise CompileError(f"error: {err}") from None
        except ValueError as err:
            raise CompileError(
                f"error: invalid pass pipeline '{self.args.passes}': {err}"
            ) from None

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.add_argument(
            "--debug",
            action="store_true",
            help="print the Python traceback of an internal error (also PYVMVX_DEBUG=1)",
        )

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)


def main(args: Sequence[str] | None = None) -> int:
    """Run the driver; returns the process exit code (0 on success, 1 on any error)."""
    debug = "--debug" in (sys.argv[1:] if args is None else args)
    try:
        with nesting_limit():
            PyVMVXOptMain(
                description="pyvmvx modular optimizer driver (xdsl-opt with IREE's VMVX dialects)",
                args=args,
            ).run()
    except CompileError as e:
        report(e, debug=debug)
        return 1
    except ParseError as e:
        sys.stdout.flush()
        print(format_parse_error(e), file=sys.stderr)
        return 1
    except (VerifyException, DiagnosticException) as e:
        sys.stdout.flush()
        print(f"error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # a pass or the printer crashed: a pyvmvx bug, said as such
        failure = internal_error("pyvmvx-opt", e)
        failure.__cause__ = e
        report(failure, debug=debug)
        return 1
    return 0


def console_main() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    console_main()
