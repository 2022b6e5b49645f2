"""`pyvmvx-dump-module FILE`: the console entry point (see `pyvmvx.runtime.tools.dump_module`,
which needs only the runtime)."""

from pyvmvx.runtime.tools.dump_module import console_main, main

__all__ = ["console_main", "main"]

if __name__ == "__main__":
    console_main()
