"""The `vmvx` import table: which `vm.import`s a converted module needs, and adding them.

IREE appends the whole `vmvx.imports.mlir` module to any module that uses the vmvx dialect
(`appendImportModule`), naming each import `vmvx.<name>` and replacing any symbol of that
name; unused imports are dropped later. We add only the imports the module actually calls,
in the imports file's order, with the same naming and replacement rule.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import builtin
from xdsl.dialects.builtin import FunctionType, StringAttr
from xdsl.ir import Operation

from pyvmvx.dialects.vm import ImportOp, ModuleOp, load_vmvx_imports


class ImportTable:
    """Imports of the `vmvx` module by full name (`vmvx.add.2d.f32`), loaded on first use."""

    def __init__(self, load: Callable[[], builtin.ModuleOp] = load_vmvx_imports) -> None:
        self._load = load
        self._declared: dict[str, ImportOp] | None = None
        self._used: dict[str, ImportOp] = {}

    def _imports(self) -> dict[str, ImportOp]:
        if self._declared is None:
            self._declared = {
                f"{module.sym_name.data}.{op.sym_name.data}": op
                for module in self._load().walk()
                if isinstance(module, ModuleOp)
                for op in module.body.block.ops
                if isinstance(op, ImportOp)
            }
        return self._declared

    def signature(self, name: str) -> FunctionType | None:
        """The signature of import `name`, marking it used; None if the file lacks it."""
        declared = self._imports().get(name)
        if declared is None:
            return None
        self._used.setdefault(name, declared)
        return declared.function_type

    def materialize(self, ops: list[Operation]) -> list[Operation]:
        """`ops` (a `vm.module` body) with the used imports appended.

        Ops of the same name as an added import are erased, as IREE's `appendImportModule`
        does.
        """
        if not self._used:
            return ops
        kept: list[Operation] = []
        for op in ops:
            name = op.properties.get("sym_name") or op.attributes.get("sym_name")
            if isinstance(name, StringAttr) and name.data in self._used:
                op.erase(safe_erase=False)
            else:
                kept.append(op)
        order = list(self._imports())
        for name in sorted(self._used, key=order.index):
            clone = self._used[name].clone()
            clone.sym_name = StringAttr(name)
            clone.sym_visibility = StringAttr("private")
            kept.append(clone)
        return kept
