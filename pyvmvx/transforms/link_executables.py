"""`iree-vmvx-link-executables`: link every VMVX `hal.executable` of the program into one.

IREE's behaviour (`Codegen/VMVX/VMVXLinkExecutables.cpp` + `LinkingUtils.cpp`, checked against
`iree-opt` 3.13). When two or more top-level executables have a variant whose target backend
is `"vmvx"` (not counting executables with an external variant, one without an inner
`builtin.module`, which are left alone):

- a new `hal.executable @<module>_linked_vmvx` (visibility of the first source) is put at the
  top of the module. `<module>` is the module's `sym_name`, else the stem of the file it was
  read from (sanitized to `[A-Za-z0-9_]`), else `module`;
- it gets one variant per distinct VMVX target attribute, in first-seen order, named after the
  target format (`vmvx-bytecode-fb` -> `@vmvx_bytecode_fb`, with `_<i>` appended when there
  are several), holding `builtin.module { vm.module @linked_module {} }`;
- each source variant of that target gives up its constant blocks (moved), its exports
  (copied with ordinals renumbered 0..n-1 per linked variant), its objects (merged, unique)
  and the contents of its `vm.module` (merged), and is erased; a source executable left
  without variants is erased;
- merging resolves symbol clashes: an identical duplicate is dropped; a private newcomer is
  renamed to the first free `<name>_<i>` (`@rodata_b` -> `@rodata_b_1` if `@rodata_b_0` is
  taken); a public newcomer keeps its name and renames the private symbol already there; two
  public symbols are an error, "multiple public symbols with the name: <name>". References
  to a renamed symbol are updated;
- references to `@exe`, `@exe::@variant` and `@exe::@variant::@export` anywhere in the program
  (properties and attributes of every op, nested in arrays, dictionaries and attribute
  parameters; not inside nested symbol tables) are redirected to the linked executable;
- a linked variant that received no export is erased (the linked executable stays, empty).

Deliberate differences, all where IREE 3.13 crashes, drops code or emits invalid IR: only
VMVX targets get linked variants (IREE also creates them for the other targets of a mixed
executable and crashes looking for their `vm.module`); a VMVX variant without a `vm.module` is
an error (IREE crashes); an executable with an external variant is skipped consistently (IREE
skips it in simple cases, and otherwise crashes or loses the executables linked before it); a
private symbol renamed inside the linked module stays taken for later clash checks (IREE
forgets it and can emit duplicate symbols); the linked executable's name is made unique in the
module (IREE emits a duplicate); references in the properties (`<{...}>`) of unregistered ops
are rewritten too (IREE only rewrites their attribute dictionary). Lazily loaded executables
are not modelled, so all executables form one group; an unregistered attribute is opaque text
and is not rewritten.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import PurePath

from xdsl.context import Context
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    IndexType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.passes import ModulePass
from xdsl.traits import IsTerminator, SymbolTable
from xdsl.utils.symbol_table import SymbolTable as SymbolTableUtil
from xdsl.utils.symbol_table import Visibility, get_name_if_symbol

from pyvmvx.dialects import hal, vm
from pyvmvx.ir.diagnostics import op_error

VMVX_BACKEND = "vmvx"
LINKED_VM_MODULE = "linked_module"

RefMap = dict[SymbolRefAttr, SymbolRefAttr]
"""Whole symbol references to replace, old -> new."""

# ---------------------------------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------------------------------


def sanitize_symbol_name(name: str) -> str:
    """`name` with every character outside `[A-Za-z0-9_]` replaced by `_` (IREE's rule)."""
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def guess_module_name(module: ModuleOp, default: str = "module") -> str:
    """IREE's `guessModuleName`: the module's name, else its source file's stem, else
    `default`. An implicit module has no location of its own; its first located op tells
    which file it came from (MLIR gives the implicit module the file's location)."""
    if module.sym_name is not None:
        return module.sym_name.data
    candidates = (module, *module.body.block.ops)
    loc = next((o.location for o in candidates if isinstance(o.location, FileLineColLoc)), None)
    if loc is None:
        return default
    return sanitize_symbol_name(PurePath(loc.filename.data).stem)


def target_name_fragment(target: hal.ExecutableTargetAttr) -> str:
    """IREE's `getSymbolNameFragment`: the target format, lower-cased and sanitized."""
    return sanitize_symbol_name(target.format_name.lower())


def unique_name(base: str, taken: Callable[[str], bool]) -> str:
    """The first `<base>_<i>` (i = 0, 1, ...) that is not taken."""
    counter = 0
    while taken(candidate := f"{base}_{counter}"):
        counter += 1
    return candidate


def _symbol_name(op: Operation) -> str | None:
    name = get_name_if_symbol(op)
    return None if name is None else name.data


def _is_private(op: Operation) -> bool:
    return SymbolTableUtil.get_symbol_visibility(op) == Visibility.PRIVATE


# ---------------------------------------------------------------------------------------------
# Symbol references
# ---------------------------------------------------------------------------------------------

RefRewrite = Callable[[SymbolRefAttr], SymbolRefAttr | None]
"""A replacement for a whole symbol reference, or None to keep it."""


def rewrite_refs_in_attr(attr: Attribute, rewrite: RefRewrite) -> Attribute:
    """`attr` with each symbol reference it contains (at any depth) rewritten; unchanged
    parts are kept as they are, so an attribute without matches is returned itself."""
    if isinstance(attr, SymbolRefAttr):
        return rewrite(attr) or attr
    if isinstance(attr, ArrayAttr):
        elements = tuple(rewrite_refs_in_attr(a, rewrite) for a in attr.data)
        changed = any(new is not old for new, old in zip(elements, attr.data, strict=True))
        return ArrayAttr(elements) if changed else attr
    if isinstance(attr, DictionaryAttr):
        entries = {k: rewrite_refs_in_attr(v, rewrite) for k, v in attr.data.items()}
        changed = any(entries[k] is not v for k, v in attr.data.items())
        return DictionaryAttr(entries) if changed else attr
    if isinstance(attr, ParametrizedAttribute):
        params = tuple(rewrite_refs_in_attr(p, rewrite) for p in attr.parameters)
        changed = any(new is not old for new, old in zip(params, attr.parameters, strict=True))
        return type(attr).new(params) if changed else attr
    return attr


def rewrite_refs_in_op(op: Operation, rewrite: RefRewrite) -> None:
    """Rewrite the symbol references in `op`'s properties and attributes (not its regions)."""
    for entries in (op.properties, op.attributes):
        for key, value in entries.items():
            new = rewrite_refs_in_attr(value, rewrite)
            if new is not value:
                entries[key] = new


def symbol_scope(root: Operation) -> Iterator[Operation]:
    """The ops nested in `root` that can refer to symbols of `root`'s table: all of them,
    except the contents of nested symbol tables (whose own attributes still count)."""
    for region in root.regions:
        for block in region.blocks:
            for op in block.ops:
                yield op
                if not op.has_trait(SymbolTable):
                    yield from symbol_scope(op)


def replace_refs(root: Operation, replacements: RefMap) -> None:
    """Replace whole references (not their prefixes) found in `root`'s symbol scope."""
    if replacements:
        for op in symbol_scope(root):
            rewrite_refs_in_op(op, replacements.get)


def rename_symbol(symbol: Operation, new_name: str, table: Operation) -> None:
    """Rename `symbol` and every reference rooted at it within `table`'s symbol scope."""
    old_name = _symbol_name(symbol)
    new_root = StringAttr(new_name)

    def rewrite(ref: SymbolRefAttr) -> SymbolRefAttr | None:
        if ref.root_reference.data != old_name:
            return None
        return SymbolRefAttr(new_root, ref.nested_references)

    for op in symbol_scope(table):
        rewrite_refs_in_op(op, rewrite)
    entries = symbol.properties if "sym_name" in symbol.properties else symbol.attributes
    entries["sym_name"] = new_root


# ---------------------------------------------------------------------------------------------
# Merging vm.modules
# ---------------------------------------------------------------------------------------------


def merge_module_into(
    source: vm.ModuleOp, target: vm.ModuleOp, symbol_map: dict[str, Operation]
) -> None:
    """Move the ops of `source` to the end of `target`, resolving symbol clashes against
    `symbol_map` (every symbol linked into `target` so far, kept up to date)."""
    source_names = {n for o in source.body.block.ops if (n := _symbol_name(o)) is not None}
    for op in list(source.body.block.ops):
        if op.has_trait(IsTerminator):
            continue
        name = _symbol_name(op)
        if name is not None:
            existing = symbol_map.get(name)
            if existing is not None:
                if op.is_structurally_equivalent(existing, {op.parent: existing.parent}):
                    continue
                if _is_private(op):
                    new_name = unique_name(name, lambda n: n in symbol_map or n in source_names)
                    rename_symbol(op, new_name, source)
                    source_names.add(new_name)
                    name = new_name
                elif not _is_private(existing):
                    raise op_error(op, f"multiple public symbols with the name: {name}")
                else:
                    new_name = unique_name(name, lambda n: n in symbol_map)
                    rename_symbol(existing, new_name, target)
                    symbol_map[new_name] = existing
            symbol_map[name] = op
        op.detach()
        target.append(op)


def _vm_module_in(inner: ModuleOp | None) -> vm.ModuleOp | None:
    """The first `vm.module` of a variant's inner `builtin.module`."""
    if inner is None:
        return None
    return next((o for o in inner.body.block.ops if isinstance(o, vm.ModuleOp)), None)


# ---------------------------------------------------------------------------------------------
# Linking
# ---------------------------------------------------------------------------------------------


def _ref(*names: StringAttr) -> SymbolRefAttr:
    return SymbolRefAttr(names[0], names[1:])


def _insert_before(op: Operation, anchor: Operation | None) -> None:
    assert anchor is not None and (block := anchor.parent_block()) is not None
    block.insert_op_before(op, anchor)


def _erase(op: Operation) -> None:
    op.detach()
    op.erase()


def link_variants_into(
    sources: Iterable[hal.ExecutableOp],
    linked: hal.ExecutableOp,
    variant: hal.ExecutableVariantOp,
    replacements: RefMap,
) -> None:
    """Move every source variant with `variant`'s target into `variant` (IREE's
    `linkExecutablesInto`), recording the references to redirect in `replacements`."""
    inner = variant.inner_module
    linked_vm = _vm_module_in(inner)
    assert inner is not None and linked_vm is not None
    symbol_map: dict[str, Operation] = {}
    objects: list[hal.ExecutableObjectAttr] = []
    next_ordinal = 0
    for executable in sources:
        replacements[_ref(executable.sym_name)] = _ref(linked.sym_name)
        for source in executable.variants:
            if source.target != variant.target:
                continue
            source_vm = _vm_module_in(source.inner_module)
            if source_vm is None:
                raise op_error(
                    source, "cannot link a variant without a builtin.module holding a vm.module"
                )
            if source.objects is not None:
                objects.extend(o for o in source.objects.data if o not in objects)
            replacements[_ref(executable.sym_name, source.sym_name)] = _ref(
                linked.sym_name, variant.sym_name
            )
            for block in source.constant_blocks:
                block.detach()
                _insert_before(block, inner)
            for export in source.exports:
                copy = export.clone()
                copy.properties["ordinal"] = IntegerAttr(next_ordinal, IndexType())
                next_ordinal += 1
                _insert_before(copy, inner)
                replacements[_ref(executable.sym_name, source.sym_name, export.sym_name)] = _ref(
                    linked.sym_name, variant.sym_name, export.sym_name
                )
            merge_module_into(source_vm, linked_vm, symbol_map)
            _erase(source)
    if objects:
        variant.properties["objects"] = ArrayAttr(objects)


def _new_linked_variant(name: str, target: hal.ExecutableTargetAttr) -> hal.ExecutableVariantOp:
    return hal.ExecutableVariantOp(name, target, [ModuleOp([vm.ModuleOp(LINKED_VM_MODULE)])])


def link_target_executables(module: ModuleOp, backend: str) -> None:
    """Link all executables of `module` with a `backend` variant into one (no-op for < 2)."""
    sources = [
        o
        for o in module.body.block.ops
        if isinstance(o, hal.ExecutableOp)
        and any(v.target.backend_name == backend for v in o.variants)
        and all(v.inner_module is not None for v in o.variants)
    ]
    if len(sources) <= 1:
        return
    targets: list[hal.ExecutableTargetAttr] = []
    for executable in sources:
        for source in executable.variants:
            if source.target.backend_name == backend and source.target not in targets:
                targets.append(source.target)

    module_names = {n for o in module.body.block.ops if (n := _symbol_name(o)) is not None}
    name = f"{guess_module_name(module)}_linked_{backend}"
    if name in module_names:
        name = unique_name(name, module_names.__contains__)
    visibility = sources[0].sym_visibility
    linked = hal.ExecutableOp(name, visibility=None if visibility is None else visibility.data)
    _insert_before(linked, module.body.block.first_op)

    replacements: RefMap = {}
    for index, target in enumerate(targets):
        fragment = target_name_fragment(target)
        variant = _new_linked_variant(
            fragment if len(targets) == 1 else f"{fragment}_{index}", target
        )
        _insert_before(variant, linked.body.block.last_op)
        link_variants_into(sources, linked, variant, replacements)
    for executable in sources:
        if not executable.variants:
            _erase(executable)
    replace_refs(module, replacements)
    for variant in linked.variants:
        if not variant.exports:
            _erase(variant)


class LinkExecutablesPass(ModulePass):
    """Links the program's VMVX executables into one (IREE's `iree-vmvx-link-executables`)."""

    name = "iree-vmvx-link-executables"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        del ctx
        link_target_executables(op, VMVX_BACKEND)
