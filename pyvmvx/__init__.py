"""pyvmvx: IREE's VMVX backend in Python.

The package root stays import-light: `pyvmvx.runtime` must load with numpy alone, so
nothing here imports xDSL or the compiler at import time.
"""

__version__ = "0.1.0"
