"""The import table: which `vm.import`s a converted module needs, and adding them.

IREE appends the whole `vmvx.imports.mlir` module to any module that uses the vmvx dialect
(`appendImportModule`), naming each import `vmvx.<name>` and replacing any symbol of that
name; unused imports are dropped later. We add only the imports the module actually calls,
of any registered module (`IMPORT_MODULES`), in registry then declaration order, with the
same naming and replacement rule.
"""

from __future__ import annotations

from xdsl.dialects.builtin import FunctionType, StringAttr
from xdsl.ir import Operation

from pyvmvx.dialects.vm import IMPORT_MODULES, ImportOp, declared_imports, load_imports


class ImportTable:
    """Imports of the registered modules by full name (`vmvx.add.2d.f32`); each module's
    declarations are loaded on first use."""

    def __init__(self) -> None:
        self._declared: dict[str, dict[str, ImportOp]] = {}
        self._used: dict[str, ImportOp] = {}

    def _imports(self, module: str) -> dict[str, ImportOp]:
        """The imports `module` declares, by full name, in declaration order."""
        if module not in self._declared:
            declared = declared_imports(load_imports(module))
            self._declared[module] = {f"{module}.{name}": op for name, op in declared.items()}
        return self._declared[module]

    def signature(self, name: str) -> FunctionType | None:
        """The signature of import `name`, marking it used; None if no module declares it."""
        declared = self.declaration(name)
        return declared.function_type if declared is not None else None

    def declaration(self, name: str) -> ImportOp | None:
        """The `vm.import` of `name` (which arguments are variadic), marking it used; None if
        no module declares it."""
        module = name.partition(".")[0]
        if module not in IMPORT_MODULES:
            return None
        declared = self._imports(module).get(name)
        if declared is not None:
            self._used.setdefault(name, declared)
        return declared

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
        order = [name for module in IMPORT_MODULES for name in self._declared.get(module, ())]
        for name in sorted(self._used, key=order.index):
            clone = self._used[name].clone()
            clone.sym_name = StringAttr(name)
            clone.sym_visibility = StringAttr("private")
            kept.append(clone)
        return kept
