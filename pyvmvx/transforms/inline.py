"""`inline` (MLIR's flag): calls to functions of the module are replaced by their bodies.

Whole programs arrive as `func.func`/`util.func` modules whose public functions may call
private helpers (`func.call`/`util.call`); dispatch formation wants one body per public
function. Every call to a function with a body is inlined (callees first, so nested calls go
too); private functions left without callers are erased, as MLIR's inliner does with
`symbol-dce`. A callee with several blocks, a recursive call and a call to a declaration are
located errors: the host program has no calls at run time.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, StringAttr, SymbolRefAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.dialects import util
from pyvmvx.ir.diagnostics import op_error

_FUNCTIONS = (func.FuncOp, util.FuncOp)
_CALLS = (func.CallOp, util.CallOp)
_RETURNS = (func.ReturnOp, util.ReturnOp)


def _symbol(op: Operation) -> str | None:
    name = op.properties.get("sym_name") or op.attributes.get("sym_name")
    return name.data if isinstance(name, StringAttr) else None


def _is_private(op: Operation) -> bool:
    visibility = op.properties.get("sym_visibility") or op.attributes.get("sym_visibility")
    return isinstance(visibility, StringAttr) and visibility.data == "private"


@dataclass(frozen=True)
class InlinePass(ModulePass):
    """Inlines every call to a function defined in the module and erases dead private ones."""

    name = "inline"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        functions = {
            name: f
            for f in op.body.block.ops
            if isinstance(f, _FUNCTIONS) and (name := _symbol(f)) is not None
        }
        done: set[str] = set()
        for name in functions:
            _inline_into(name, functions, done, ())
        called = {
            call.callee.string_value()
            for f in functions.values()
            for call in f.walk()
            if isinstance(call, _CALLS)
        }
        for name, function in functions.items():
            if _is_private(function) and name not in called and function.body.blocks:
                function.detach()
                function.erase()


def _inline_into(
    name: str, functions: dict[str, Operation], done: set[str], stack: tuple[str, ...]
) -> None:
    """Inline every call in function `name`, after inlining the calls in its callees."""
    if name in done:
        return
    function = functions[name]
    for call in [c for c in function.walk() if isinstance(c, _CALLS)]:
        callee_ref = call.callee
        assert isinstance(callee_ref, SymbolRefAttr)
        callee_name = callee_ref.string_value()
        callee = functions.get(callee_name)
        if callee is None or not callee.regions[0].blocks:
            raise op_error(call, f"inline: cannot inline a call to declaration @{callee_name}")
        if callee_name in stack or callee_name == name:
            raise op_error(call, f"inline: recursive call to @{callee_name}")
        _inline_into(callee_name, functions, done, (*stack, name))
        _inline_call(call, callee)
    done.add(name)


def _inline_call(call: Operation, callee: Operation) -> None:
    blocks = callee.regions[0].blocks
    if len(blocks) != 1:
        raise op_error(
            call,
            f"inline: callee @{_symbol(callee)} has {len(blocks)} blocks; only "
            "single-block functions can be inlined",
        )
    block = blocks[0]
    mapping = dict(zip(block.args, call.operands, strict=True))
    returned = []
    for body_op in block.ops:
        if isinstance(body_op, _RETURNS):
            returned = [mapping.get(v, v) for v in body_op.operands]
            break
        clone = body_op.clone(value_mapper=mapping)
        Rewriter.insert_op(clone, InsertPoint.before(call))
    for result, value in zip(call.results, returned, strict=True):
        result.replace_all_uses_with(value)
    Rewriter.erase_op(call)
