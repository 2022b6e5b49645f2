"""The import registry: every native module VM programs import from, by module name.

A module is a class whose instances have its `name`, iterate over its export names (in IREE's
order) and give each export's calling convention (`signature(name)`) and implementation
(`call(name, *args)`). The compiler declares each registered module's imports, in IREE's
`vm.import` syntax, in `pyvmvx/dialects/<name>_imports.mlir`.

Adding a module is one entry in `MODULES` plus its declarations file; adding an export is one
entry in the module's export table plus one `vm.import` in that file. Each module's
declarations and exports are checked against each other (tests/unit/test_import_registry.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.vm.executor import NativeModule


class RegisteredModule(NativeModule, Protocol):
    """A native module of the registry: a `NativeModule` that names itself and its exports."""

    name: str

    def __iter__(self) -> Iterator[str]: ...


def _hal_module() -> RegisteredModule:
    """A `hal` module with no executables (a loaded program makes its own with them). Imported
    here rather than at the top: it loads executables, which import the registry."""
    from pyvmvx.runtime.modules.hal_host import HalModule

    return HalModule()


MODULES: dict[str, Callable[[], RegisteredModule]] = {
    VMVXModule.name: VMVXModule,
    "hal": _hal_module,
}
"""Module name -> factory of a fresh instance."""


def instantiate_modules() -> dict[str, RegisteredModule]:
    """A fresh instance of every registered module by name: the natives a VM context imports."""
    return {name: factory() for name, factory in MODULES.items()}
