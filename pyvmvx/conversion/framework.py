"""The conversion framework: pattern tables keyed by op class, and the two drivers using them.

xDSL has no MLIR-style dialect conversion (legality, adaptors, materializations), so pyvmvx's
conversions share this module. It depends on no conversion; they all depend on it.

**Pattern tables.** A `PatternTable` maps op classes to patterns; the driver fixes what a
pattern is (`InPlacePattern`, or the translator's callables). A pattern registered for class
`C` also converts subclasses of `C` with `C`'s op name (pyvmvx's extended copies of upstream
ops, `pyvmvx.dialects.upstream_ext`). One op name has one pattern: registering a second one,
in a table or when tables are combined (`PatternTable.union`), raises `DuplicatePatternError`
naming both.

**Drivers.** Each has a type-converter hook: the `convert_type` function given to
`ConversionState`, the `convert_type` method of a `Translator`.

- `ConversionState` converts in place (`iree-vmvx-conversion`): the pattern of each op rewrites
  it where it stands. A value whose type changes keeps its old type for the users not converted
  yet through a *materialization* (`builtin.unrealized_conversion_cast`); patterns look through
  them (`remapped`, MLIR's adaptor) and `finalize` folds them away. A pattern that cannot
  convert its op records why (`fail`) for the driver's legality check. Module-level ops
  (`memref.global`) are in the same table as function-body ops.
- `Translator` translates (`iree-vm-conversion`, run on every function, so kept to one
  cached dictionary lookup per op): each source op is visited once, in dominance order; its pattern
  gets the operands already converted and appends target ops to the block being built. Ops at
  module level go through a second table (functions, globals, initializers) whose converters
  return the target's module-level ops. Unmatched ops of the target dialect are copied; any
  other unmatched op is the located error "failed to legalize operation '<name>'".

xDSL's `RewritePattern`s remain the tool for greedy rewrites to a fixpoint (the scf -> cf
lowering run before the translation, the memref alias folds); neither driver is greedy.

**Adding a dialect** (host `hal` ops, `util.list` ops, an extension ukernel op) needs no edit
of this module or of a driver's dispatch:

1. a module of the conversion's package with the patterns and a table holding them, e.g.
   `pyvmvx/conversion/to_vm/mydialect.py`::

       PATTERNS = PatternTable[Pattern]("mydialect -> vm", [(mydialect.FooOp, _foo)])

       @PATTERNS.register(mydialect.BarOp)
       def _bar(rw: ConversionRewriter, op: Operation, operands: list[SSAValue]) -> list[SSAValue]:
           return [rw.emit_value("vm.add.i32", operands, i32)]

   A new top-level op kind goes in a `MODULE_PATTERNS` table of `ModulePattern`s;
2. that table added to the conversion's union: `PATTERNS`/`MODULE_PATTERNS` in
   `pyvmvx/conversion/to_vm/module.py`, or `PATTERNS` in `pyvmvx/transforms/vmvx_conversion.py`.
   Code that cannot edit them passes its own union to `convert_to_vm(..., patterns=...)`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import ClassVar, Generic, Self, TypeVar

from xdsl.dialects.builtin import UnrealizedConversionCastOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.ir.diagnostics import CompileError, inherit_location, located_at, op_error

P = TypeVar("P")

OpTypes = type[Operation] | Sequence[type[Operation]]
"""One op class, or several sharing a pattern."""


class DuplicatePatternError(Exception):
    """A second pattern was registered for an op name (a bug in the registering code)."""


def _describe(pattern: object) -> str:
    name = getattr(pattern, "__qualname__", None) or type(pattern).__qualname__
    return f"{getattr(pattern, '__module__', '?')}.{name}"


class PatternTable(Generic[P]):
    """Patterns by op class, at most one per op name; `name` appears in error messages."""

    def __init__(self, name: str, entries: Iterable[tuple[OpTypes, P]] = ()) -> None:
        self.name = name
        self._patterns: dict[type[Operation], P] = {}
        self._by_name: dict[str, type[Operation]] = {}
        self._resolved: dict[type[Operation], P | None] = {}
        for op_types, pattern in entries:
            self.add(op_types, pattern)

    @classmethod
    def union(cls, name: str, *tables: PatternTable[P]) -> PatternTable[P]:
        """One table holding the patterns of all `tables` (a shared op name is an error)."""
        return cls(name, (entry for table in tables for entry in table.items()))

    def add(self, op_types: OpTypes, pattern: P) -> None:
        """Register `pattern` for the op class(es) `op_types`."""
        for op_type in (op_types,) if isinstance(op_types, type) else op_types:
            registered = self._by_name.get(op_type.name)
            if registered is not None:
                raise DuplicatePatternError(
                    f"{self.name}: two patterns for '{op_type.name}': "
                    f"{_describe(self._patterns[registered])} (for {registered.__qualname__}) "
                    f"and {_describe(pattern)} (for {op_type.__qualname__})"
                )
            self._by_name[op_type.name] = op_type
            self._patterns[op_type] = pattern
        self._resolved.clear()

    def register(self, *op_types: type[Operation]) -> Callable[[P], P]:
        """Decorator registering the decorated pattern for `op_types`."""

        def decorate(pattern: P) -> P:
            self.add(op_types, pattern)
            return pattern

        return decorate

    def items(self) -> Iterator[tuple[type[Operation], P]]:
        """The registered `(op class, pattern)` pairs, in registration order."""
        return iter(self._patterns.items())

    def lookup(self, op: Operation) -> P | None:
        """The pattern converting `op`, if any."""
        try:
            return self._resolved[type(op)]
        except KeyError:
            return self.resolve(type(op))

    def resolve(self, op_type: type[Operation]) -> P | None:
        """The pattern of `op_type` or of its nearest base class with the same op name."""
        pattern = next(
            (
                self._patterns[base]
                for base in op_type.__mro__
                if base in self._patterns and base.name == op_type.name
            ),
            None,
        )
        self._resolved[op_type] = pattern
        return pattern


# ---------------------------------------------------------------------------
# In-place conversion
# ---------------------------------------------------------------------------

TypeConversion = Callable[[Attribute], Attribute]
"""The type a value of the given type has after the conversion (the type itself if kept)."""


class ConversionState:
    """An in-place conversion run: its patterns, materializations and recorded failures."""

    def __init__(
        self, patterns: PatternTable[InPlacePattern], convert_type: TypeConversion
    ) -> None:
        self.patterns = patterns
        self.convert_type = convert_type
        self.materializations: set[Operation] = set()
        self.failures: dict[Operation, str] = {}

    def apply(self, ops: Iterable[Operation]) -> None:
        """Rewrite each of `ops` (listed first) that has a pattern and is no materialization."""
        for op in list(ops):
            pattern = self.patterns.lookup(op)
            if pattern is not None and not self.is_materialization(op):
                with located_at(op):
                    pattern(self, op)

    def is_materialization(self, op: Operation) -> bool:
        return op in self.materializations

    def materialize(
        self, value: SSAValue, target: Attribute, point: InsertPoint
    ) -> UnrealizedConversionCastOp:
        """A cast of `value` to `target` at `point`, folded away by `finalize` if possible."""
        cast, _ = UnrealizedConversionCastOp.cast_one(value, target)
        Rewriter.insert_op(cast, point)
        self.materializations.add(cast)
        return cast

    def remapped(self, value: SSAValue, before: Operation) -> SSAValue:
        """`value` after conversion: the value behind a materialization, or a cast to the
        converted type (for a value no pattern has converted yet)."""
        owner = value.owner
        if isinstance(owner, Operation) and self.is_materialization(owner):
            return owner.operands[0]
        target = self.convert_type(value.type)
        if target == value.type:
            return value
        return self.materialize(value, target, InsertPoint.before(before)).results[0]

    def replace(self, op: Operation, values: Sequence[SSAValue]) -> None:
        """Replace the results of `op` with `values` and erase it; users of a result whose
        type changed see it through a materialization."""
        for old, new in zip(op.results, values, strict=True):
            if new.name_hint is None:
                new.name_hint = old.name_hint
            if old.type != new.type and old.uses:
                new = self.materialize(new, old.type, InsertPoint.before(op)).results[0]
            old.replace_all_uses_with(new)
        Rewriter.erase_op(op)

    def retype(self, value: SSAValue) -> None:
        """Give a block argument or op result its converted type in place; its users see the
        original type through a materialization."""
        target = self.convert_type(value.type)
        if target == value.type:
            return
        original = value.type
        new = Rewriter.replace_value_with_new_type(value, target)
        if isinstance(new.owner, Block):
            point = InsertPoint.at_start(new.owner)
        else:
            point = InsertPoint.after(new.owner)
        cast = self.materialize(new, original, point)
        new.replace_uses_with_if(cast.results[0], lambda use: use.operation is not cast)

    def fail(self, op: Operation, reason: str) -> None:
        """Record why `op` could not be converted; it stays and is reported as illegal."""
        self.failures[op] = reason

    def finalize(self) -> None:
        """Fold materialization round trips (`buffer -> memref -> buffer`) and drop unused
        materializations; what remains has an unconverted user, reported by the driver."""
        changed = True
        while changed:
            changed = False
            for cast in list(self.materializations):
                if cast.parent_block() is None:
                    continue
                result, source = cast.results[0], cast.operands[0]
                producer = source.owner
                if (
                    isinstance(producer, Operation)
                    and self.is_materialization(producer)
                    and producer.operands[0].type == result.type
                ):
                    result.replace_all_uses_with(producer.operands[0])
                if not result.uses:
                    Rewriter.erase_op(cast)
                    changed = True
        self.materializations = {c for c in self.materializations if c.parent_block()}


InPlacePattern = Callable[[ConversionState, Operation], None]
"""Rewrites one op in place through the state (or records why it cannot, `state.fail`)."""


# ---------------------------------------------------------------------------
# Translation
# ---------------------------------------------------------------------------


class MissingTargetOpError(Exception):
    """A pattern asked for a target op the target dialect does not define; the message says
    which ("the VM has no 'vm.foo' op")."""


class Translator(ABC):
    """Translates a module's ops into target ops (see the module docstring).

    Patterns get the translator, the source op and its converted operands, and return the
    values replacing its results; module-level converters get the translator and the op and
    return the target's module-level ops. `values` and `blocks` map source values and blocks
    to converted ones; `block` is the block being built.
    """

    pass_name: ClassVar[str]
    """Prefixes the translator's diagnostics."""
    target_dialect: ClassVar[str]
    """The legal dialect: its ops are copied when no pattern matches."""

    def __init__(
        self,
        patterns: PatternTable[Callable[[Self, Operation, list[SSAValue]], Sequence[SSAValue]]],
        module_patterns: PatternTable[Callable[[Self, Operation], list[Operation]]],
    ) -> None:
        self.patterns = patterns
        self.module_patterns = module_patterns
        self.values: dict[SSAValue, SSAValue] = {}
        self.blocks: dict[Block, Block] = {}
        self.block: Block | None = None
        self.origin: Operation | None = None
        """The source op being translated: the ops appended for it take its location."""

    @abstractmethod
    def convert_type(self, attr: Attribute, op: Operation) -> Attribute:
        """The target type of `attr`, or a located error naming `op` (the type converter)."""

    def error(self, op: Operation, message: str) -> CompileError:
        """A located diagnostic for `op`, naming the pass."""
        return op_error(op, f"{self.pass_name}: {message}")

    def is_legal(self, op: Operation) -> bool:
        """Whether `op` belongs to the target dialect."""
        return op.name.startswith(f"{self.target_dialect}.")

    def lookup(self, value: SSAValue) -> SSAValue:
        """The converted value standing for source `value`."""
        return self.values[value]

    def append(self, op: Operation) -> None:
        assert self.block is not None, "no block is being converted"
        if self.origin is not None:
            inherit_location(op, self.origin)
        self.block.add_op(op)

    def new_block_after(self, anchor: Block) -> Block:
        """A new empty block placed after `anchor` in its region (for branching expansions)."""
        region = anchor.parent
        assert region is not None
        block = Block()
        region.insert_block_after(block, anchor)
        return block

    def convert_module_ops(self, ops: Iterable[Operation]) -> list[Operation]:
        """The target's module-level ops replacing `ops`, in order."""
        return [new for op in ops for new in self._convert_module_op(op)]

    def _convert_module_op(self, op: Operation) -> list[Operation]:
        converter = self.module_patterns.lookup(op)
        if converter is not None:
            converted = converter(self, op)
            for new in converted:
                inherit_location(new, op)
            return converted
        if self.is_legal(op):
            return [op.clone()]
        raise self.error(op, f"failed to legalize operation '{op.name}'")

    def convert_region(self, region: Region) -> Region:
        """Translate a function-like body; its blocks keep their order."""
        parent = region.parent_op()
        assert parent is not None
        for block in region.blocks:
            types = [self.convert_type(arg.type, parent) for arg in block.args]
            new_block = Block(arg_types=types)
            for old_arg, new_arg in zip(block.args, new_block.args, strict=True):
                new_arg.name_hint = old_arg.name_hint
                self.values[old_arg] = new_arg
            self.blocks[block] = new_block
        converted = Region([self.blocks[block] for block in region.blocks])
        for block in _dominance_order(region):
            self.block = self.blocks[block]
            for op in block.ops:
                self._convert_op(op)
        self.block = self.origin = None
        return converted

    def _convert_op(self, op: Operation) -> None:
        self.origin = op
        values = self.values
        try:
            operands = [values[value] for value in op.operands]
        except KeyError:
            raise self.error(op, "uses a value that does not dominate it") from None
        pattern = self.patterns.lookup(op)
        if pattern is None:
            if not self.is_legal(op) or op.regions:
                raise self.error(op, f"failed to legalize operation '{op.name}'")
            clone = op.clone(value_mapper=dict(values), block_mapper=self.blocks)
            self.append(clone)
            results = list(clone.results)
        else:
            try:
                results = list(pattern(self, op, operands))
            except MissingTargetOpError as missing:
                raise self.error(op, f"unsupported: {missing}") from None
        for old, new in zip(op.results, results, strict=True):
            if new.name_hint is None:
                new.name_hint = old.name_hint
            values[old] = new

    def check_legal(self, root: Operation) -> None:
        """The legality rule: only ops of the target dialect remain in `root`."""
        for op in root.walk():
            if not self.is_legal(op):
                raise self.error(op, f"failed to legalize operation '{op.name}'")


def _successors(block: Block) -> tuple[Block, ...]:
    last = block.last_op
    return tuple(last.successors) if last is not None else ()


def _dominance_order(region: Region) -> list[Block]:
    """Blocks in reverse post-order from the entry (every block after its dominators),
    followed by unreachable blocks in region order."""
    blocks = list(region.blocks)
    if not blocks:
        return []
    seen = {blocks[0]}
    post_order: list[Block] = []
    stack: list[tuple[Block, Iterator[Block]]] = [(blocks[0], iter(_successors(blocks[0])))]
    while stack:
        block, successors = stack[-1]
        successor = next(successors, None)
        if successor is None:
            post_order.append(block)
            stack.pop()
        elif successor not in seen:
            seen.add(successor)
            stack.append((successor, iter(_successors(successor))))
    return post_order[::-1] + [block for block in blocks if block not in seen]
