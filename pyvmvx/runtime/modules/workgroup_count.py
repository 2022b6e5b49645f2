"""Workgroup counts computed from a dispatch's workload, as IREE's host code computes them.

An export whose count region depends on its workload (IREE's `count(%device, %w0, ...)`)
carries it in its `ExecutableEntry` as two attributes of index programs:

- `workgroup_count_from_workload`: three programs (x, y, z), comma-separated, over the
  workload values `w0`, `w1`, ...;
- `workload_from_constants`: one program per workload value over the push constants `c0`,
  `c1`, ... (each the slot's unsigned 32-bit value), or `?` where the workload is not a
  function of the push constants; their number is the workload's size.

An index program is postfix: space-separated tokens, each a decimal integer, a variable, or an
operation (`BINARY_OPS` pops two operands, `UNARY_OPS` one, and each pushes its result);
every value is a 64-bit two's-complement integer (index arithmetic), the result the single
value left. Programs are checked when the module is loaded (known tokens and variables, no
stack underflow, one result) and a division by zero or an out-of-range shift when evaluated
is INVALID_ARGUMENT: the file is untrusted input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pyvmvx.runtime.status import invalid_argument
from pyvmvx.runtime.vm.ints import wrap_int

BITS = 64
MAX_LITERAL_DIGITS = 20
UNKNOWN = "?"

Grid = tuple[int, int, int]


def _unsigned(value: int) -> int:
    return wrap_int(value, BITS, signed=False)


def _divide(kind: str) -> Callable[[int, int], int]:
    def evaluate(a: int, b: int) -> int:
        if kind.endswith("u"):
            a, b = _unsigned(a), _unsigned(b)
        if b == 0:
            raise invalid_argument("division by zero in a workgroup count computation")
        truncated = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
        if kind in ("divs", "divu"):
            return truncated
        if kind in ("rems", "remu"):
            return a - truncated * b
        if kind == "floordivs":
            return a // b
        if kind == "mod":
            return a % b
        return -(-a // b)  # ceildivs, ceildivu

    return evaluate


def _shift(kind: str) -> Callable[[int, int], int]:
    def evaluate(a: int, b: int) -> int:
        if not 0 <= b < BITS:
            raise invalid_argument(f"shift by {b} in a workgroup count computation")
        if kind == "shl":
            return a << b
        return (a if kind == "shrs" else _unsigned(a)) >> b

    return evaluate


BINARY_OPS: dict[str, Callable[[int, int], int]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
    "mins": min,
    "maxs": max,
    "minu": lambda a, b: min(_unsigned(a), _unsigned(b)),
    "maxu": lambda a, b: max(_unsigned(a), _unsigned(b)),
    **{
        kind: _divide(kind)
        for kind in ("divs", "divu", "rems", "remu", "floordivs", "ceildivs", "ceildivu", "mod")
    },
    **{kind: _shift(kind) for kind in ("shl", "shrs", "shru")},
}
"""Index operations on two operands (`a b op`): `divs`/`rems` truncate, `floordivs` and `mod`
floor (MLIR's affine `floordiv`/`mod`), a `u` suffix reads the operands as unsigned."""

UNARY_OPS: dict[str, Callable[[int], int]] = {
    "sext32": lambda a: wrap_int(a, 32),
}
"""Index operations on one operand: `sext32` sign-extends the low 32 bits."""


@dataclass(frozen=True)
class Variable:
    """A program's reference to variable `index` (`w<index>` or `c<index>`)."""

    index: int


Step = int | str | Variable
"""A literal value, an operation or a variable."""


@dataclass(frozen=True)
class IndexProgram:
    """A checked postfix index program."""

    steps: tuple[Step, ...]

    @classmethod
    def parse(cls, text: str, prefix: str, count: int, where: str) -> IndexProgram:
        """The program `text` whose variables are `prefix0` .. `prefix{count-1}`."""
        steps: list[Step] = []
        depth = 0
        for token in text.split(" "):
            arity = 2 if token in BINARY_OPS else 1 if token in UNARY_OPS else 0
            if arity:
                steps.append(token)
            elif _is_literal(token):
                steps.append(wrap_int(int(token), BITS))
            elif (index := _variable(token, prefix, count)) is not None:
                steps.append(Variable(index))
            else:
                shown = token if len(token) <= 40 else f"{token[:40]}..."
                raise invalid_argument(f"{where}: unknown token {shown!r} in index program")
            if depth < arity:
                raise invalid_argument(f"{where}: index program {text[:80]!r} lacks operands")
            depth += 1 - arity
        if depth != 1:
            raise invalid_argument(f"{where}: index program {text[:80]!r} leaves {depth} values")
        return cls(tuple(steps))

    def evaluate(self, variables: Sequence[int]) -> int:
        """The program's value (signed 64-bit) for the variables' values."""
        stack: list[int] = []
        for step in self.steps:
            if isinstance(step, Variable):
                if step.index >= len(variables):
                    raise invalid_argument(
                        f"the workgroup count needs value {step.index} of {len(variables)}"
                    )
                stack.append(wrap_int(variables[step.index], BITS))
            elif isinstance(step, int):
                stack.append(step)
            elif step in BINARY_OPS:
                b, a = stack.pop(), stack.pop()
                stack.append(wrap_int(BINARY_OPS[step](a, b), BITS))
            else:
                stack.append(wrap_int(UNARY_OPS[step](stack.pop()), BITS))
        return stack[0]


def _is_literal(token: str) -> bool:
    digits = token.removeprefix("-")
    return digits.isascii() and digits.isdigit() and len(digits) <= MAX_LITERAL_DIGITS


def _variable(token: str, prefix: str, count: int) -> int | None:
    """The index of variable `token` (`prefix` and a decimal below `count`), else None."""
    digits = token.removeprefix(prefix)
    if digits == token or not (digits.isascii() and digits.isdigit()) or len(digits) > 10:
        return None
    index = int(digits)
    return index if index < count else None


@dataclass(frozen=True)
class WorkgroupCountFunction:
    """An entry's workgroup count as a function of its workload, and its workload as a
    function of its push constants (None where it is not one)."""

    axes: tuple[IndexProgram, IndexProgram, IndexProgram]
    workload: tuple[IndexProgram | None, ...]

    @classmethod
    def parse(
        cls, counts: str, workload: str, constants: int, where: str
    ) -> WorkgroupCountFunction:
        """The function of the two entry attributes; `constants` is the push-constant count."""
        sources = workload.split(",") if workload else []
        programs = tuple(
            None if source == UNKNOWN else IndexProgram.parse(source, "c", constants, where)
            for source in sources
        )
        axes = counts.split(",")
        if len(axes) != 3:
            raise invalid_argument(f"{where}: expected 3 workgroup count programs")
        x, y, z = (IndexProgram.parse(axis, "w", len(programs), where) for axis in axes)
        return cls((x, y, z), programs)

    def from_workload(self, workload: Sequence[int]) -> Grid:
        """The grid for `workload` (one index value per workload entry)."""
        if len(workload) != len(self.workload):
            raise invalid_argument(
                f"the workload has {len(self.workload)} values, got {len(workload)}"
            )
        x, y, z = (axis.evaluate(workload) for axis in self.axes)
        return (x, y, z)

    def from_constants(self, constants: Sequence[int]) -> Grid | None:
        """The grid for the workload the push constants (uint32 slot values) give, or None
        when some workload value is not a function of them."""
        values = [program.evaluate(constants) for program in self.workload if program is not None]
        return self.from_workload(values) if len(values) == len(self.workload) else None
