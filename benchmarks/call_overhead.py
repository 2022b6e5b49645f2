"""Where a call of the 4-element add (`programs/tiny_add.mlir`) spends its time.

Prints, in thread CPU time (so that a loaded machine's preemption is left out), the median
per call of batches of calls: the whole call (`module.main(a, b)`, threads=1), its one
dispatch alone (`HalExecutable.dispatch`), the dispatch's one ukernel call alone
(`vmvx.add.2d.f32`), and, with the `bench` extra, IREE's Python bindings on the same program
(`local-sync`, `.to_host()` of the result), interleaved in one process.

    python3 benchmarks/call_overhead.py [--batches 100] [--calls 100]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import pyvmvx
from pyvmvx.runtime.modules.hal import HalExecutable
from pyvmvx.runtime.modules.vmvx import VMVXModule
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.serialize import decode

SOURCE = Path(__file__).parent / "programs" / "tiny_add.mlir"


def _columns() -> dict[str, Callable[[], object]]:
    data = pyvmvx.compile(SOURCE)
    a, b = np.arange(4, dtype=np.float32), np.ones(4, np.float32)
    main = pyvmvx.load(data, threads=1).main
    executable = HalExecutable(decode(data).executables[0])
    lhs, rhs = (Buffer(x.view(np.uint8), mutable=False) for x in (a, b))
    out, constants = Buffer.allocate(16), Buffer(b"", mutable=False)
    add = VMVXModule().bind("add.2d.f32")
    columns: dict[str, Callable[[], object]] = {
        "pyvmvx call": lambda: main(a, b),
        "  its dispatch": lambda: executable.dispatch(0, (1, 1, 1), [lhs, rhs, out], constants, 1),
        "  its ukernel": lambda: add(lhs, 0, 0, 1, rhs, 0, 0, 1, out, 0, 0, 1, 1, 4),
    }
    try:
        import iree.compiler as iree_compiler
        import iree.runtime as iree_runtime
    except ImportError:
        return columns
    flatbuffer = iree_compiler.compile_file(
        str(SOURCE),
        extra_args=[
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=vmvx",
        ],
    )
    config = iree_runtime.Config("local-sync")
    context = iree_runtime.SystemContext(config=config)
    context.add_vm_module(iree_runtime.VmModule.copy_buffer(config.vm_instance, flatbuffer))
    iree_main = context.modules.module["main"]
    columns["IREE local-sync"] = lambda: iree_main(a, b).to_host()
    return columns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=100)
    parser.add_argument("--calls", type=int, default=100, help="calls per batch")
    args = parser.parse_args()
    columns = _columns()
    times: dict[str, list[float]] = {name: [] for name in columns}
    names = list(columns)
    for batch in range(args.batches):
        for name in names[batch % len(names) :] + names[: batch % len(names)]:
            call = columns[name]
            start = time.thread_time()
            for _ in range(args.calls):
                call()
            times[name].append((time.thread_time() - start) / args.calls)
    for name, values in times.items():
        print(f"{name:16} {statistics.median(values) * 1e6:7.1f} µs per call (CPU, median)")


if __name__ == "__main__":
    main()
