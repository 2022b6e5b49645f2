"""IREE's `vm` dialect (the VM IR that VMVX lowers to and our VM runtime executes).

The dialect is split by op family: `types` (`!vm.buffer`, `!vm.list<T>`, `!vm.ref<T>`),
`structural` (module, functions, imports, exports, calls, branches), `scalar` (constants,
arithmetic, compares, selects, casts), `containers` (`vm.buffer.*`, `vm.list.*`) and
`globals` (globals, rodata). `imports` computes calling conventions and loads the import
declarations of each registered native module (`vmvx_imports.mlir`, ...). Op names, operand
orders, syntax and traits follow IREE's `VMOps.td`.
"""

from xdsl.ir import Dialect

from pyvmvx.dialects.vm.containers import BUFFER_OPS, LIST_OPS
from pyvmvx.dialects.vm.globals import GLOBAL_OPS
from pyvmvx.dialects.vm.imports import (
    IMPORT_MODULE_ATTR,
    IMPORT_MODULES,
    VMVX_MODULE,
    calling_convention,
    declared_imports,
    load_imports,
)
from pyvmvx.dialects.vm.scalar import SCALAR_OPS
from pyvmvx.dialects.vm.structural import (
    STRUCTURAL_OPS,
    CallOp,
    CallVariadicOp,
    ExportOp,
    FuncOp,
    ImportOp,
    ModuleOp,
    OrdinalCountsAttr,
)
from pyvmvx.dialects.vm.types import BufferType, ListType, OpaqueType, RefType

VM = Dialect(
    "vm",
    [*STRUCTURAL_OPS, *SCALAR_OPS, *BUFFER_OPS, *LIST_OPS, *GLOBAL_OPS],
    [BufferType, ListType, RefType, OpaqueType, OrdinalCountsAttr],
)

OPS_BY_NAME = {op.name: op for op in VM.operations}
"""Every `vm` op class by its full name (`"vm.add.i32"` -> class)."""

__all__ = [
    "IMPORT_MODULES",
    "IMPORT_MODULE_ATTR",
    "OPS_BY_NAME",
    "VM",
    "VMVX_MODULE",
    "BufferType",
    "CallOp",
    "CallVariadicOp",
    "ExportOp",
    "FuncOp",
    "ImportOp",
    "ListType",
    "ModuleOp",
    "OpaqueType",
    "OrdinalCountsAttr",
    "RefType",
    "calling_convention",
    "declared_imports",
    "load_imports",
]
