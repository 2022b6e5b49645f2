"""The VM's value types (buffers, lists); the executor and loader live here too."""

from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.list import List, register_ref_type

__all__ = ["Buffer", "List", "register_ref_type"]
