"""MLIR-style diagnostics for the compiler's tools: `file:line:col: error: message`.

xDSL keeps an operation's source location only when the text spells `loc(...)`, and its
verifier reports failures without one. `LocatedParser` records where each operation starts,
so `verify_located` can name the file, line and column of the op that fails to verify.
"""

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnknownLoc
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException


class CompileError(DiagnosticException):
    """A user-facing compiler error; its text is the complete diagnostic.

    A `DiagnosticException`, so xdsl-opt's `--verify-diagnostics` prints it like its own.
    """


class LocatedParser(Parser):
    """A parser that gives every operation without an explicit `loc(...)` its source position."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0) -> None:
        super().__init__(ctx, text, name)
        self._name = name
        self._line_offset = line_offset

    def parse_operation(self) -> Operation:
        start = self._current_token.span
        location = start.get_location()
        try:
            op = super().parse_operation()
        except VerifyException as err:  # a type constraint checked while parsing the format
            raise ParseError(start, str(err)) from None
        if isinstance(op.location, UnknownLoc):
            op.location = FileLineColLoc(
                StringAttr(self._name),
                IntAttr(location.line + self._line_offset),
                IntAttr(int(location.col)),
            )
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        """Parse a module; a use of an undefined value is reported at its first use."""
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError:
            for name, refs in self.forward_ssa_references.items():
                for value in refs.values():
                    for use in value.uses:
                        message = f"use of undeclared SSA value %{name}"
                        raise op_error(use.operation, message) from None
            raise


def format_parse_error(err: ParseError) -> str:
    """`file:line:col: error: message` followed by the source line with a caret."""
    context = err.span.print_with_context().split("\n", 1)[1].rstrip("\n")
    return f"{err.span.get_location()}: error: {err.msg}\n{context}"


def location_prefix(op: Operation) -> str:
    """`file:line:col: ` for an op parsed from text (or given a `loc`), else nothing."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}: "
    return ""


def op_diagnostic(op: Operation, severity: str, message: str) -> str:
    """A located diagnostic line without the op prefix: `file:line:col: warning: message`."""
    return f"{location_prefix(op)}{severity}: {message}"


def op_error(op: Operation, message: str) -> CompileError:
    """A diagnostic attached to `op`: `file:line:col: error: 'name' op message`."""
    return CompileError(op_diagnostic(op, "error", f"'{op.name}' op {message}"))


def _message(err: Exception) -> str:
    text = str(err)
    return text.removeprefix("Operation does not verify: ")


def verify_located(module: ModuleOp) -> None:
    """Verify `module`; on failure raise a `CompileError` located at the failing op."""
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as err:
            raise op_error(op, _message(err)) from None
