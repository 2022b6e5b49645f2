"""MLIR-style diagnostics for the compiler's tools: `file:line:col: error: message`.

Two kinds of failure: a `CompileError` is the user's (bad input, unsupported op) and its text
is the whole diagnostic; an `InternalCompilerError` (a `CompileError` too, so API callers
catch one type) is a bug in pyvmvx, says so, and keeps the exception that caused it. The
tools print its traceback when `PYVMVX_DEBUG=1` is set or `--debug` is given.

xDSL keeps an operation's source location only when the text spells `loc(...)`, and its
verifier reports failures without one. `LocatedParser` records where each operation starts,
so `verify_located` can name the file, line and column of the op that fails to verify. It also
reads semi-affine maps (`pyvmvx.ir.semi_affine`) and keeps splat constants as one element
(`pyvmvx.ir.dense_splat`).

Ops a pass builds take the location of the op they stand for (`inherit_location`,
`located_at` around an in-place rewrite, `InheritLocation` around an xDSL pattern), as
MLIR's rewriters do; a diagnostic about an op
that still has none is located at the nearest op holding it that has one.
"""

import bisect
import contextlib
import os
import re
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException

from pyvmvx.ir.dense_splat import DenseSplatParser
from pyvmvx.ir.resources import ResourceParser
from pyvmvx.ir.semi_affine import SemiAffineParser


class CompileError(DiagnosticException):
    """A user-facing compiler error; its text is the complete diagnostic.

    A `DiagnosticException`, so xdsl-opt's `--verify-diagnostics` prints it like its own.
    """


class InternalCompilerError(CompileError):
    """A pass or the writer crashed: a compiler bug. `__cause__` is the original exception."""


DEBUG_ENV = "PYVMVX_DEBUG"
"""Set to 1 to make the tools print an internal error's traceback."""


def internal_error(where: str, err: BaseException) -> InternalCompilerError:
    """The diagnostic for a crash in `where` (a pass name, or a phase); raise it `from err`."""
    return InternalCompilerError(
        f"error: internal compiler error in {where}: {type(err).__name__}: {err} "
        f"(a pyvmvx bug; set {DEBUG_ENV}=1 or pass --debug for the traceback)"
    )


def debug_requested(flag: bool = False) -> bool:
    """Whether a tool should print tracebacks of internal errors."""
    return flag or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def report(err: CompileError, *, debug: bool = False) -> None:
    """Print a compiler error to stderr as the tools do (with the cause's traceback when it
    is internal and debugging was asked for)."""
    sys.stdout.flush()
    if isinstance(err, InternalCompilerError) and err.__cause__ and debug_requested(debug):
        traceback.print_exception(err.__cause__, file=sys.stderr)
    print(err, file=sys.stderr)


MAX_NESTING = 200
"""How deep regions, attributes, types and expressions may nest: the parser, verifier and
passes recurse on nesting, and the Python stack they get is sized for this depth."""

TOO_DEEP = f"the input nests too deeply (pyvmvx supports {MAX_NESTING} levels)"

_RECURSION_LIMIT = 20 * MAX_NESTING + 1000


@contextlib.contextmanager
def nesting_limit() -> Iterator[None]:
    """Run with a recursion limit that admits `MAX_NESTING` levels (each level of IR costs
    the parser and walkers up to ~20 Python frames); deeper input raises `RecursionError`."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def check_nesting(module: ModuleOp) -> None:
    """Refuse IR whose regions nest deeper than `MAX_NESTING` (found without recursion)."""
    pending = [(module, 0)]
    while pending:
        op, depth = pending.pop()
        if depth > MAX_NESTING:
            while not isinstance(op.location, FileLineColLoc) and op.parent_op() is not None:
                op = op.parent_op()  # an implicit terminator: name the op that holds it
            raise op_error(op, TOO_DEEP)
        pending.extend(
            (inner, depth + 1)
            for region in op.regions
            for block in region.blocks
            for inner in block.ops
        )


class LocatedParser(DenseSplatParser, SemiAffineParser, ResourceParser):
    """A parser that gives every operation without an explicit `loc(...)` its source position,
    reads semi-affine maps, keeps splats compact and keeps each input's `dense_resource`
    blobs apart (`pyvmvx.ir.resources`)."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0) -> None:
        super().__init__(ctx, text, name)
        self._name = name
        self._line_offset = line_offset
        # Offsets where lines start, found once: locating an op is then a binary search
        # (xDSL's `Span.get_location` counts newlines from the file's start every time,
        # which makes locating every op of a large file quadratic).
        self._line_starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def _location(self, offset: int) -> FileLineColLoc:
        """The file, line and column of the character at `offset`."""
        line = bisect.bisect_right(self._line_starts, offset)
        column = offset - self._line_starts[line - 1] + 1
        return FileLineColLoc(
            StringAttr(self._name), IntAttr(line + self._line_offset), IntAttr(column)
        )

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        try:
            op = super().parse_operation()
        except VerifyException as err:  # a type constraint checked while parsing the format
            raise ParseError(start, str(err)) from None
        if isinstance(op.location, UnknownLoc):
            op.location = self._location(start.start)
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """Parse a module (an implicit one is located at the input's start); a use of an
        undefined value is reported at its first use. Input that makes xDSL's parser fail
        with a Python exception (a value out of its type's range, an integer of over 4,300
        digits, a constant too large to hold, a duplicate block label, nesting deeper than
        `MAX_NESTING`) is a located `ParseError` too."""
        try:
            with nesting_limit():
                module = super().parse_module(allow_implicit_module)
            if isinstance(module.location, UnknownLoc):  # implicit: at the input's start
                module.location = self._location(0)
            check_nesting(module)
            return module
        except RecursionError:
            raise ParseError(self._current_token.span, TOO_DEEP) from None
        except MemoryError:
            message = "the input needs more memory than there is (a constant too large?)"
            raise ParseError(self._current_token.span, message) from None
        except KeyError as err:
            message = f"invalid input: {err} is defined twice or not at all"
            raise ParseError(self._current_token.span, message) from None
        except (ValueError, IndexError, OverflowError, TypeError) as err:
            message = f"invalid input ({type(err).__name__}: {err})"
            raise ParseError(self._current_token.span, message) from None
        except ParseError:
            for name, refs in self.forward_ssa_references.items():
                for value in refs.values():
                    for use in value.uses:
                        message = f"use of undeclared SSA value %{name}"
                        raise op_error(use.operation, message) from None
            raise


def decode_source(data: bytes, name: str) -> str:
    """MLIR source bytes as text, the one rule of every tool: UTF-8, strictly (an invalid
    byte is a located error, never replaced); LF, CRLF and CR line endings all read as MLIR's
    lexer reads them."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        before = data[: err.start]
        line = before.count(b"\n") + 1
        column = err.start - (before.rfind(b"\n") + 1) + 1
        byte = data[err.start]
        raise CompileError(
            f"{name}:{line}:{column}: error: invalid UTF-8 (byte 0x{byte:02x}); "
            "MLIR source must be UTF-8"
        ) from None


def format_parse_error(err: ParseError) -> str:
    """`file:line:col: error: message` followed by the source line with a caret."""
    context = err.span.print_with_context().split("\n", 1)[1].rstrip("\n")
    return f"{err.span.get_location()}: error: {err.msg}\n{context}"


def location_prefix(op: Operation) -> str:
    """`file:line:col: ` of `op` or, for an op a pass built without a location, of the
    nearest op holding it that has one; nothing when none has."""
    holder: Operation | None = op
    while holder is not None:
        loc = holder.location
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}: "
        holder = holder.parent_op()
    return ""


def inherit_location(op: Operation, origin: Operation) -> None:
    """Give `op` and the ops nested in it that have no location `origin`'s: what a pass builds
    in place of `origin` is reported at its source line (MLIR's builders take the rewritten
    op's location)."""
    for inner in op.walk():
        if isinstance(inner.location, UnknownLoc):
            inner.location = origin.location


@contextlib.contextmanager
def located_at(origin: Operation) -> Iterator[None]:
    """Give the ops put where `origin` stands (between its neighbours) while the context runs
    `origin`'s location: a pass that replaces `origin` in place."""
    block, before, after = origin.parent_block(), origin.prev_op, origin.next_op
    yield
    op = before.next_op if before is not None else block.first_op if block is not None else None
    while op is not None and op is not after:
        inherit_location(op, origin)
        op = op.next_op


@dataclass(frozen=True)
class InheritLocation(RewritePattern):
    """`pattern`, with the ops each rewrite inserts located at the op it matched."""

    pattern: RewritePattern

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        def locate(new: Operation) -> None:
            inherit_location(new, op)

        rewriter.operation_insertion_handler.append(locate)
        try:
            self.pattern.match_and_rewrite(op, rewriter)
        finally:
            rewriter.operation_insertion_handler.remove(locate)


def op_diagnostic(op: Operation, severity: str, message: str) -> str:
    """A located diagnostic line without the op prefix: `file:line:col: warning: message`."""
    return f"{location_prefix(op)}{severity}: {message}"


def op_error(op: Operation, message: str) -> CompileError:
    """A diagnostic attached to `op`: `file:line:col: error: 'name' op message`."""
    return CompileError(op_diagnostic(op, "error", f"'{op.name}' op {message}"))


def located_error(op: Operation, message: str) -> CompileError:
    """A diagnostic at `op`'s location about what it holds: `file:line:col: error: message`."""
    return CompileError(op_diagnostic(op, "error", message))


VERIFIER_ERRORS: tuple[type[Exception], ...] = (VerifyException, DiagnosticException)
"""What xDSL's verifiers raise to report invalid IR (some also raise a plain `Exception`)."""


def _message(err: Exception) -> str:
    if isinstance(err, VERIFIER_ERRORS) or type(err) is Exception:
        return str(err).removeprefix("Operation does not verify: ")
    return f"failed to verify ({type(err).__name__}: {err})"


def verify_located(module: ModuleOp, failures: tuple[type[Exception], ...] = (Exception,)) -> None:
    """Verify `module`; an op's verifier failure of a type in `failures` raises a
    `CompileError` located at that op.

    By default every exception is one: IR as the user wrote it is at fault whatever xDSL's
    verifiers raise (a plain `Exception` for a wrong index count, or a crash on malformed IR).
    After a pass, the driver passes `VERIFIER_ERRORS`, so that anything else propagates and
    becomes an `InternalCompilerError` of that pass.
    """
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except failures as err:
            raise op_error(op, _message(err)) from None
