"""Command-line tools that only read module files (numpy and the standard library only):
`dump_module` (`pyvmvx-dump-module`) and `run_module` (`pyvmvx-run`)."""
