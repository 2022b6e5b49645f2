"""`scf` with `scf.forall` and its terminator `scf.forall.in_parallel`.

```
%r = scf.forall (%i, %j) in (%n, 64) shared_outs(%o = %init) -> (tensor<?x64xf32>) {
  ...
  scf.forall.in_parallel {
    tensor.parallel_insert_slice %t into %o[%i, %j] [1, 1] [1, 1] : ... into ...
  }
} {mapping = [...]}
scf.forall (%i) = (%lb) to (%ub) step (4) { ... }
```

Bounds and steps are mixed static/dynamic lists (properties `staticLowerBound`,
`staticUpperBound`, `staticStep` as in MLIR's generic form). The `in (...)` form is printed
when every lower bound is 0 and every step 1. The terminator is left out of the text when
there are no `shared_outs` (and added back when parsing).
"""

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Self, cast

from xdsl.dialects import scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerType,
    TensorType,
    i64,
)
from xdsl.dialects.utils import (
    get_dynamic_index_list,
    parse_assignment,
    parse_dynamic_index_list_without_types,
    print_assignment,
    print_dynamic_index_list,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    lazy_traits_def,
    opt_prop_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsTerminator,
    NoTerminator,
    OpTrait,
    Pure,
    RecursiveMemoryEffect,
    SingleBlockImplicitTerminator,
)
from xdsl.utils.exceptions import VerifyException

from ._utils import extend_dialect, i64_array


class ParallelCombiningOp(OpTrait, ABC):
    """An op allowed in `scf.forall.in_parallel` (MLIR's ParallelCombiningOpInterface user):
    it writes one shared output of the enclosing `scf.forall`."""

    @abstractmethod
    def destination(self, op: Operation) -> SSAValue:
        """The shared output (a block argument of the `scf.forall`) that `op` writes."""


@irdl_op_definition
class InParallelOp(IRDLOperation):
    """`scf.forall.in_parallel { ... }`: the terminator of `scf.forall`, holding the ops
    that combine each iteration's results into the shared outputs."""

    name = "scf.forall.in_parallel"

    body = region_def("single_block")

    traits = lazy_traits_def(lambda: (HasParent(ForallOp), IsTerminator(), NoTerminator(), Pure()))

    def __init__(self, body: Region | Block | Sequence[Operation] = ()):
        if isinstance(body, Block):
            body = Region(body)
        elif not isinstance(body, Region):
            body = Region(Block(body))
        super().__init__(regions=[body])

    def verify_(self) -> None:
        forall = self.parent_op()
        shared_outs = forall.body.block.args[forall.rank :] if isinstance(forall, ForallOp) else ()
        for op in self.body.block.ops:
            traits = op.get_traits_of_type(ParallelCombiningOp)
            if not traits:
                raise VerifyException(
                    f"expected only parallel combining ops (such as "
                    f"tensor.parallel_insert_slice), got {op.name}"
                )
            if forall is not None and traits[0].destination(op) not in shared_outs:
                raise VerifyException(f"'{op.name}' may only insert into an output block argument")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        region = parser.parse_region()
        if not region.blocks:
            region.add_block(Block())
        op = cls(region)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)
        printer.print_op_attributes(self.attributes)


_STATIC_NAMES = ("staticLowerBound", "staticUpperBound", "staticStep")


@irdl_op_definition
class ForallOp(IRDLOperation):
    """`scf.forall`: a parallel loop nest over mixed static/dynamic bounds, with tensors
    shared by all iterations (`shared_outs`) that `scf.forall.in_parallel` writes."""

    name = "scf.forall"

    dynamic_lower_bound = var_operand_def(IndexType)
    dynamic_upper_bound = var_operand_def(IndexType)
    dynamic_step = var_operand_def(IndexType)
    outputs = var_operand_def(TensorType)
    static_lower_bound = prop_def(DenseArrayBase.constr(i64), prop_name="staticLowerBound")
    static_upper_bound = prop_def(DenseArrayBase.constr(i64), prop_name="staticUpperBound")
    static_step = prop_def(DenseArrayBase.constr(i64), prop_name="staticStep")
    mapping = opt_prop_def(ArrayAttr)
    res = var_result_def()
    body = region_def("single_block")

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    traits = traits_def(SingleBlockImplicitTerminator(InParallelOp), RecursiveMemoryEffect())

    def __init__(
        self,
        lower_bounds: Sequence[SSAValue | int],
        upper_bounds: Sequence[SSAValue | int],
        steps: Sequence[SSAValue | int],
        outputs: Sequence[SSAValue],
        body: Region | Block,
        mapping: ArrayAttr | None = None,
    ):
        """`body` takes one index argument per loop, then one per shared output; an
        `scf.forall.in_parallel` is appended to it if it lacks one."""
        static_lbs, dynamic_lbs = split_dynamic_index_list(lower_bounds, DYNAMIC_INDEX)
        static_ubs, dynamic_ubs = split_dynamic_index_list(upper_bounds, DYNAMIC_INDEX)
        static_steps, dynamic_steps = split_dynamic_index_list(steps, DYNAMIC_INDEX)
        region = Region(body) if isinstance(body, Block) else body
        block = region.block
        if not isinstance(block.last_op, InParallelOp):
            block.add_op(InParallelOp())
        super().__init__(
            operands=[dynamic_lbs, dynamic_ubs, dynamic_steps, outputs],
            result_types=[[o.type for o in outputs]],
            properties={
                "staticLowerBound": i64_array(static_lbs),
                "staticUpperBound": i64_array(static_ubs),
                "staticStep": i64_array(static_steps),
                "mapping": mapping,
            },
            regions=[region],
        )

    def _static(self, name: str) -> tuple[int, ...]:
        return cast(DenseArrayBase[IntegerType], self.properties[name]).get_values()

    @property
    def rank(self) -> int:
        """The number of loops."""
        return len(self._static("staticUpperBound"))

    def get_mixed_lower_bound(self) -> list[SSAValue | int]:
        return get_dynamic_index_list(
            self._static("staticLowerBound"), self.dynamic_lower_bound, DYNAMIC_INDEX
        )

    def get_mixed_upper_bound(self) -> list[SSAValue | int]:
        return get_dynamic_index_list(
            self._static("staticUpperBound"), self.dynamic_upper_bound, DYNAMIC_INDEX
        )

    def get_mixed_step(self) -> list[SSAValue | int]:
        return get_dynamic_index_list(self._static("staticStep"), self.dynamic_step, DYNAMIC_INDEX)

    @property
    def induction_variables(self) -> tuple[SSAValue, ...]:
        return tuple(self.body.block.args[: self.rank])

    @property
    def shared_outs(self) -> tuple[SSAValue, ...]:
        """The block arguments standing for the shared outputs inside the body."""
        return tuple(self.body.block.args[self.rank :])

    @property
    def terminator(self) -> InParallelOp:
        return cast(InParallelOp, self.body.block.last_op)

    def is_normalized(self) -> bool:
        """All lower bounds are 0 and all steps 1 (the `in (...)` form)."""
        return (
            not self.dynamic_lower_bound
            and not self.dynamic_step
            and all(lb == 0 for lb in self._static("staticLowerBound"))
            and all(step == 1 for step in self._static("staticStep"))
        )

    def verify_(self) -> None:
        rank = self.rank
        for name, values, what in zip(
            _STATIC_NAMES,
            (self.dynamic_lower_bound, self.dynamic_upper_bound, self.dynamic_step),
            ("lower bound", "upper bound", "step"),
            strict=True,
        ):
            static = self._static(name)
            if len(static) != rank:
                raise VerifyException(f"expected {rank} {what} values, got {len(static)}")
            verify_dynamic_index_list(static, values, DYNAMIC_INDEX, f" in the {what} list")
        if len(self.res) != len(self.outputs):
            raise VerifyException(
                f"produces {len(self.res)} results, but has only {len(self.outputs)} outputs"
            )
        for index, (result, output) in enumerate(zip(self.res, self.outputs, strict=True)):
            if result.type != output.type:
                raise VerifyException(f"type mismatch between {index}-th output and result")
        args = self.body.block.args
        if len(args) != rank + len(self.outputs):
            raise VerifyException(f"region expects {rank} arguments")
        for index, arg in enumerate(args[:rank]):
            if not isinstance(arg.type, IndexType):
                raise VerifyException(f"expects {index}-th block argument to be an index")
        for index, (arg, output) in enumerate(zip(args[rank:], self.outputs, strict=True)):
            if arg.type != output.type:
                raise VerifyException(
                    f"type mismatch between {index}-th output and corresponding block argument"
                )
        if self.mapping is not None and len(self.mapping) not in (0, rank):
            raise VerifyException("mapping attribute size must match op rank")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        ivs = parser.parse_comma_separated_list(
            Parser.Delimiter.PAREN, lambda: parser.parse_argument(expect_type=False)
        )
        pos = parser.pos
        bounds: list[tuple[Sequence[UnresolvedOperand], Sequence[int]]]
        if parser.parse_optional_keyword("in") is not None:
            upper = _parse_bound_list(parser)
            bounds = [([], [0] * len(ivs)), upper, ([], [1] * len(ivs))]
        else:
            parser.parse_punctuation("=")
            lower = _parse_bound_list(parser)
            parser.parse_keyword("to")
            upper = _parse_bound_list(parser)
            parser.parse_keyword("step")
            bounds = [lower, upper, _parse_bound_list(parser)]
        if any(len(static) != len(ivs) for _, static in bounds):
            parser.raise_error(
                f"expected {len(ivs)} values in each bound list, one per induction variable",
                pos,
                parser.pos,
            )
        shared_args: list[Parser.UnresolvedArgument] = []
        unresolved_outputs: list[UnresolvedOperand] = []
        output_types: list[Attribute] = []
        outputs_pos = parser.pos
        if parser.parse_optional_keyword("shared_outs") is not None:
            for arg, value in parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, lambda: parse_assignment(parser)
            ):
                shared_args.append(arg)
                unresolved_outputs.append(value)
            parser.parse_punctuation("->")
            output_types = parser.parse_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
        outputs = parser.resolve_operands(unresolved_outputs, output_types, outputs_pos)
        mixed = [
            get_dynamic_index_list(
                static,
                parser.resolve_operands(dynamic, [IndexType()] * len(dynamic), pos),
                DYNAMIC_INDEX,
            )
            for dynamic, static in bounds
        ]
        block_args = [iv.resolve(IndexType()) for iv in ivs] + [
            arg.resolve(t) for arg, t in zip(shared_args, output_types, strict=True)
        ]
        body = parser.parse_region(block_args)
        attributes = dict(parser.parse_optional_attr_dict())
        mapping = attributes.pop("mapping", None)
        if mapping is not None and not isinstance(mapping, ArrayAttr):
            parser.raise_error(f"expected an array attribute as mapping, got {mapping}")
        op = cls(*mixed, outputs, body, mapping)
        op.attributes.update(attributes)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" (")
        printer.print_list(self.induction_variables, printer.print_ssa_value)
        if self.is_normalized():
            printer.print_string(") in ")
            _print_bound_list(printer, self.dynamic_upper_bound, self._static("staticUpperBound"))
        else:
            printer.print_string(") = ")
            _print_bound_list(printer, self.dynamic_lower_bound, self._static("staticLowerBound"))
            printer.print_string(" to ")
            _print_bound_list(printer, self.dynamic_upper_bound, self._static("staticUpperBound"))
            printer.print_string(" step ")
            _print_bound_list(printer, self.dynamic_step, self._static("staticStep"))
        if self.outputs:
            printer.print_string(" shared_outs(")
            printer.print_list(
                zip(self.shared_outs, self.outputs, strict=True),
                lambda pair: print_assignment(printer, *pair),
            )
            printer.print_string(") -> (")
            printer.print_list(self.res.types, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" ")
        terminator = self.body.block.last_op
        elide_terminator = isinstance(terminator, InParallelOp) and not terminator.body.block.ops
        printer.print_region(
            self.body,
            print_entry_block_args=False,
            print_block_terminators=not elide_terminator,
        )
        extra = {"mapping": self.mapping} if self.mapping is not None else {}
        printer.print_op_attributes({**extra, **self.attributes})


def _parse_bound_list(parser: Parser) -> tuple[Sequence[UnresolvedOperand], Sequence[int]]:
    return parse_dynamic_index_list_without_types(
        parser, DYNAMIC_INDEX, delimiter=Parser.Delimiter.PAREN
    )


def _print_bound_list(printer: Printer, dynamic: Sequence[SSAValue], static: Sequence[int]) -> None:
    print_dynamic_index_list(
        printer, DYNAMIC_INDEX, dynamic, static, delimiter=Parser.Delimiter.PAREN
    )


Scf: Dialect = extend_dialect(scf.Scf, [ForallOp, InParallelOp])
