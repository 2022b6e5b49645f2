"""The `iree-vm-conversion` driver: nest the module, translate every op, add imports, check.

Like IREE's `ConversionPass`, the body of a `builtin.module` is moved into a
`vm.module @<name>` (the module's `sym_name`, default `module`); when the module's first op
is itself a `builtin.module`, that inner module is the one converted. When the module holds
HAL executables, only the `builtin.module` of each `hal.executable.variant` is converted
(IREE runs the pass there); the code around the executables is left alone.

`scf` is lowered to `cf` first with xDSL's `convert-scf-to-cf` patterns. Every function
body is then translated block by block in dominance order. Anything without a pattern is
reported as IREE's legality failure, located at the op: "failed to legalize operation".
"""

from __future__ import annotations

from collections.abc import Iterator

from xdsl.dialects.builtin import ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Block, Operation, Region
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering

from pyvmvx.conversion.hal_to_vmvx import executable_modules
from pyvmvx.conversion.to_vm import affine, arith, control_flow, functions, util, vmvx
from pyvmvx.conversion.to_vm.imports import ImportTable
from pyvmvx.conversion.to_vm.rewriter import (
    ConversionRewriter,
    MissingVMOpError,
    Pattern,
    conversion_error,
)
from pyvmvx.conversion.to_vm.type_converter import VMTypeConverter
from pyvmvx.dialects import vm

PATTERNS: dict[str, Pattern] = {
    **affine.PATTERNS,
    **arith.PATTERNS,
    **control_flow.PATTERNS,
    **functions.PATTERNS,
    **util.PATTERNS,
    **vmvx.PATTERNS,
}


def convert_to_vm(module: ModuleOp, index_bits: int = 64) -> None:
    """Convert `module` (or each module inside its HAL executable variants) to `vm`."""
    types = VMTypeConverter(index_bits)
    for root in executable_modules(module):
        _convert_root(root, types)


def _convert_root(outer: ModuleOp, types: VMTypeConverter) -> None:
    first = outer.body.block.first_op
    if first is None or first.name == "vm.module":
        return
    source = first if isinstance(first, ModuleOp) else outer
    name = source.sym_name.data if source.sym_name is not None else "module"
    PatternRewriteWalker(
        GreedyRewritePatternApplier(
            [SwitchLowering(), IfLowering(), ForLowering()], dce_enabled=False
        )
    ).rewrite_module(source)
    vm_module = _ModuleConverter(types, source).convert(name)
    if source is outer:
        for op in list(outer.body.block.ops):
            op.detach()
            op.erase(safe_erase=False)
        outer.body.block.add_op(vm_module)
    else:
        block = outer.body.block
        block.insert_op_before(vm_module, source)
        source.detach()
        source.erase(safe_erase=False)
    outer.attributes["vm.toplevel"] = UnitAttr()


def _symbols(module: ModuleOp) -> dict[str, Operation]:
    symbols: dict[str, Operation] = {}
    for op in module.body.block.ops:
        name = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(name, StringAttr):
            symbols[name.data] = op
    return symbols


class _ModuleConverter:
    """Translates the ops of one source module into the body of a new `vm.module`."""

    def __init__(self, types: VMTypeConverter, source: ModuleOp) -> None:
        self.source = source
        self.rw = ConversionRewriter(types, ImportTable(), symbols=_symbols(source))

    def convert(self, name: str) -> Operation:
        ops = [new for op in self.source.body.block.ops for new in self._convert_module_op(op)]
        module = vm.ModuleOp(name, self.rw.imports.materialize(ops))
        _check_legal(module)
        return module

    def _convert_module_op(self, op: Operation) -> list[Operation]:
        if op.name in functions.FUNCTION_OPS:
            return functions.convert_function(self.rw, op, self.convert_region)
        if op.name == "util.global":
            return [util.convert_global(self.rw, op)]
        if op.name == "util.initializer":
            return [util.convert_initializer(op, self.convert_region)]
        if op.name.startswith("vm."):
            return [op.clone()]
        raise conversion_error(op, f"failed to legalize operation '{op.name}'")

    def convert_region(self, region: Region) -> Region:
        """Translate a function-like body; its blocks keep their order."""
        rw = self.rw
        parent = region.parent_op()
        assert parent is not None
        for block in region.blocks:
            new_block = Block(arg_types=[rw.convert_type(arg.type, parent) for arg in block.args])
            for old_arg, new_arg in zip(block.args, new_block.args, strict=True):
                new_arg.name_hint = old_arg.name_hint
                rw.values[old_arg] = new_arg
            rw.blocks[block] = new_block
        converted = Region([rw.blocks[block] for block in region.blocks])
        for block in _dominance_order(region):
            rw.block = rw.blocks[block]
            for op in block.ops:
                self._convert_op(op)
        rw.block = None
        return converted

    def _convert_op(self, op: Operation) -> None:
        rw = self.rw
        try:
            operands = [rw.lookup(value) for value in op.operands]
        except KeyError:
            raise conversion_error(op, "uses a value that does not dominate it") from None
        pattern = PATTERNS.get(op.name)
        if pattern is None:
            if not op.name.startswith("vm.") or op.regions:
                raise conversion_error(op, f"failed to legalize operation '{op.name}'")
            clone = op.clone(value_mapper=dict(rw.values), block_mapper=rw.blocks)
            rw.append(clone)
            results = list(clone.results)
        else:
            try:
                results = list(pattern(rw, op, operands))
            except MissingVMOpError as missing:
                raise conversion_error(op, f"unsupported: the VM has no '{missing}' op") from None
        for old, new in zip(op.results, results, strict=True):
            if new.name_hint is None:
                new.name_hint = old.name_hint
            rw.values[old] = new


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


def _check_legal(module: Operation) -> None:
    """IREE's legality rule: only `vm` ops remain."""
    for op in module.walk():
        if not op.name.startswith("vm."):
            raise conversion_error(op, f"failed to legalize operation '{op.name}'")
