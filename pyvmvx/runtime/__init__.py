"""pyvmvx's runtime: numpy and the standard library only (never xDSL or the compiler).

Public API: `Buffer` (a `!vm.buffer`), `List` (a `!vm.list`), `StatusError` (every runtime
failure, with an IREE status code) and `VMVXModule` (the `vmvx` module's exports).
"""

from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.status import StatusCode, StatusError
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.list import List

__all__ = ["Buffer", "List", "StatusCode", "StatusError", "VMVXModule"]
