"""`pyvmvx.runtime` must import with numpy and the standard library alone."""

import subprocess
import sys

# Imports every module of the runtime package, then lists the forbidden ones that got loaded.
_PROBE = """
import importlib, pkgutil, sys
import pyvmvx.runtime as runtime
for info in pkgutil.walk_packages(runtime.__path__, "pyvmvx.runtime."):
    importlib.import_module(info.name)
forbidden = ("xdsl", "pyvmvx.compiler", "pyvmvx.dialects", "pyvmvx.transforms",
             "pyvmvx.conversion", "pyvmvx.tools")
print(len(list(pkgutil.walk_packages(runtime.__path__))))
print(sorted(m for m in sys.modules if m.split(".")[0] == "xdsl"
             or any(m == f or m.startswith(f + ".") for f in forbidden)))
"""


def test_runtime_imports_no_compiler_or_xdsl_module() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    )
    module_count, loaded = result.stdout.splitlines()
    assert int(module_count) >= 3  # the probe really walked the package
    assert loaded == "[]"
