"""pyvmvx's runtime: numpy and the standard library only (never xDSL or the compiler).

Public API: `load`/`Module` (a program's host functions, called with numpy arrays),
`Buffer` (a `!vm.buffer`), `List` (a `!vm.list`), `StatusError` (every runtime failure, with
an IREE status code), `VMVXModule` (the `vmvx` module's exports) and
`load_executables`/`Executable` (HAL executables of a module file, dispatched over a grid) and
`shutdown_pool` (stops the process-wide dispatch worker pool).
"""

from pyvmvx.runtime.api import Executable, load_executables
from pyvmvx.runtime.modules.hal import shutdown_pool
from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.program import Module, load
from pyvmvx.runtime.status import StatusCode, StatusError
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.list import List

__all__ = [
    "Buffer",
    "Executable",
    "List",
    "Module",
    "StatusCode",
    "StatusError",
    "VMVXModule",
    "load",
    "load_executables",
    "shutdown_pool",
]
