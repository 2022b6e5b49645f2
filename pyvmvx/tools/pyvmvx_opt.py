"""`pyvmvx-opt`: xdsl-opt with every pyvmvx dialect and pass registered.

Keeps xdsl-opt's flags (`-p`, `--split-input-file`, `--verify-diagnostics`,
`--print-op-generic`, `--allow-unregistered-dialect`, ...). Upstream dialects that IREE IR
needs more of (memref, linalg, scf, arith, ...) are replaced by pyvmvx's extended copies.
Errors in the input or in a pass are reported as diagnostics with exit code 1, never as a
Python traceback.
"""

import os
import sys
from collections.abc import Sequence
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.universe import Universe
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.xdsl_opt_main import xDSLOptMain

from pyvmvx.dialects import get_iree_dialects, get_upstream_overrides
from pyvmvx.ir.diagnostics import (
    CompileError,
    LocatedParser,
    format_parse_error,
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
        text = chunk.read().decode("utf-8", errors="replace")
        parser = LocatedParser(self.ctx, text, self.get_input_name(), start_offset)
        module = parser.parse_module(not self.args.no_implicit_module)
        if not self.args.disable_verify:
            verify_located(module)
        return module

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)


def main(args: Sequence[str] | None = None) -> int:
    """Run the driver; returns the process exit code (0 on success, 1 on any error)."""
    try:
        PyVMVXOptMain(
            description="pyvmvx modular optimizer driver (xdsl-opt with IREE's VMVX dialects)",
            args=args,
        ).run()
    except CompileError as e:
        sys.stdout.flush()
        print(e, file=sys.stderr)
        return 1
    except ParseError as e:
        sys.stdout.flush()
        print(format_parse_error(e), file=sys.stderr)
        return 1
    except (VerifyException, DiagnosticException) as e:
        sys.stdout.flush()
        print(f"error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # a pass or printer failed: report, don't crash
        sys.stdout.flush()
        print(f"error: internal failure: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    return 0


def console_main() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    console_main()
