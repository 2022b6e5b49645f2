"""`pyvmvx-run --module=FILE --function=NAME --input=... --output=...`: call a host function.

A host function of IREE's ABI (an export with an `iree.abi.declaration`: buffer views in and
out) is called as `pyvmvx.load` calls it, with `iree-run-module`'s `--input` and `--output`
forms (`tensor_io`), and prints as `iree-run-module` does: `EXEC @main`, then per result
`result[0]: hal.buffer_view` and `2x3xf32=[1 2 3][4 5 6]` (`tensor_format`); with `--output`
flags (one per result) a result is ignored (empty), printed without its `result[i]: ` prefix
(`-`) or written to a file (`@y.npy`, `+y.npy`). Without `--function`, the module's only
function runs.

Any other export runs (with every registered native module available to its imports) on
plain values and buffers, pyvmvx's own extension:

- `--input=i32=5`, `i64=-1`, `f32=1.5`, `f64=2`: a scalar for an i32/i64/f32/f64 argument;
- `--input="2x3xf32=1 2 3 4 5 6"`: a buffer holding that row-major array;
- `--input=@x.npy`: a buffer holding the array in a `.npy` file.

Buffers are fresh mutable copies. Results print one per line (`i32=7`, `f32=0.5`,
`buffer<12 bytes>=01 02 ...`), unless the `--output` flag in the same position says
`--output=@y.npy`, which saves the result instead (a buffer as its raw bytes, uint8; a scalar
as a 0-d array of its type), or `--output=-`, which prints it. Errors print one line,
`pyvmvx-run: error: CODE: message`, and exit 1.

For a host function, `--print-statistics` prints the call's dispatch statistics after the
results and `--trace=FILE` writes a Chrome trace-event JSON of it (`pyvmvx.runtime.instrument`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from pyvmvx.runtime.abi import DECLARATION_KEY, ScalarSpec, Spec, TensorSpec
from pyvmvx.runtime.api import ModuleData, read_module_file
from pyvmvx.runtime.instrument import format_statistics
from pyvmvx.runtime.modules.registry import instantiate_modules
from pyvmvx.runtime.program import Module, instantiate
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.tools.tensor_format import MAX_ELEMENTS, format_tensor
from pyvmvx.runtime.tools.tensor_io import (
    MAX_INPUT_BYTES,
    MAX_INPUT_RANK,
    Files,
    parse_array,
    parse_scalar,
    read_input,
    write_output,
)
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import INITIALIZERS, CompiledModule
from pyvmvx.runtime.vm.format import Export
from pyvmvx.runtime.vm.format import Module as VMModule
from pyvmvx.runtime.vm.list import List
from pyvmvx.runtime.vm.serialize import decode
from pyvmvx.runtime.vm.validate import parse_calling_convention

__all__ = [
    "MAX_INPUT_BYTES",
    "MAX_INPUT_RANK",
    "Input",
    "main",
    "parse_arguments",
    "parse_input",
    "run",
]

SCALAR_KINDS = {"i32": np.int32, "i64": np.int64, "f32": np.float32, "f64": np.float64}
_PRINTED_BYTES = 64


@dataclass(frozen=True)
class Input:
    """A parsed plain `--input`: its VM kind (`i32`, `i64`, `f32`, `f64` or `ref`) and value."""

    kind: str
    value: Any


def parse_input(text: str) -> Input:
    """One `--input` value of a plain export (INVALID_ARGUMENT with the reason if it is
    malformed): a scalar, or a buffer holding an array. Running out of memory anywhere while
    reading it is RESOURCE_EXHAUSTED."""
    try:
        return _parse_input(text)
    except MemoryError:
        message = f"input {text[:80]!r}: not enough memory to hold it"
        raise StatusError(StatusCode.RESOURCE_EXHAUSTED, message) from None


def _parse_input(text: str) -> Input:
    if text.startswith("@"):
        return Input("ref", _array_buffer(_load_npy(text[1:])))
    spec, equals, _ = text.partition("=")
    if not equals:
        raise invalid_argument(f"input {text!r} is not TYPE=VALUE, SHAPExTYPE=VALUES or @FILE")
    if "x" in spec:
        return Input("ref", _array_buffer(parse_array(text)))
    array = parse_array(text) if spec in SCALAR_KINDS else None
    if array is None or array.ndim:
        raise invalid_argument(
            f"input {text!r}: a scalar is one i32, i64, f32 or f64 value (use a shape, "
            "e.g. 1xi8=..., for other types)"
        )
    return Input(spec, array.item())


def _load_npy(path: str) -> np.ndarray:
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError) as err:
        raise invalid_argument(f"cannot read input file {path!r}: {err}") from None
    if not isinstance(array, np.ndarray):
        raise invalid_argument(f"input file {path!r} is not a single .npy array")
    return array


def _array_buffer(array: np.ndarray) -> Buffer:
    """A buffer over a fresh array's bytes in row-major order (copied only if the array is in
    another order)."""
    return Buffer(np.ascontiguousarray(array), mutable=True)


def format_result(kind: str, value: Any) -> str:
    """A plain result as printed: `i32=7`, `f64=0.25`, `buffer<3 bytes>=01 02 03`, `null`."""
    if value is None:
        return "null"
    if isinstance(value, Buffer):
        shown = " ".join(f"{b:02x}" for b in bytes(value.data[:_PRINTED_BYTES]))
        more = " ..." if value.length > _PRINTED_BYTES else ""
        return f"buffer<{value.length} bytes>={shown}{more}"
    if isinstance(value, List):
        return f"list<{value.element_type}>[{value.size}]"
    return f"{kind}={value!r}"


def save_result(path: str, kind: str, value: Any) -> None:
    """Write a plain result to a `.npy` file (a buffer's bytes as uint8, a scalar as a 0-d
    array)."""
    if isinstance(value, Buffer):
        array = np.array(value.data, dtype=np.uint8)
    elif kind in SCALAR_KINDS and value is not None:
        array = np.array(value, dtype=SCALAR_KINDS[kind])
    else:
        raise invalid_argument(f"a {kind} result cannot be saved to {path!r}")
    write_output(f"@{path}", array)


def run(
    module: ModuleData,
    function: str | None,
    inputs: Sequence[str],
    outputs: Sequence[str],
    *,
    max_elements: int = MAX_ELEMENTS,
    threads: int | None = None,
    statistics: bool = False,
    trace: str | None = None,
) -> str:
    """Run `function` (None: the only one) of a module file (bytes or a path) and return what
    is printed, writing the `@FILE`/`+FILE` outputs; a host function's dispatch statistics
    follow its results with `statistics`, and `trace` is a trace file to write."""
    program = decode(read_module_file(module))
    host = program.host
    if host is None:
        names = ", ".join(e.name for e in program.executables) or "none"
        raise invalid_argument(
            f"module file has no host module (executables: {names}); dispatch executables "
            "with pyvmvx.runtime.load_executables"
        )
    names = [e.name for e in host.exports if e.name not in INITIALIZERS]
    available = ", ".join(names) or "none"
    if function is None:
        if len(names) != 1:
            raise invalid_argument(f"--function is required: the module exports {available}")
        function = names[0]
    export = host.export(function)
    if export is None:
        raise StatusError("NOT_FOUND", f"no function {function!r} (exports: {available})")
    if DECLARATION_KEY in export.attributes:
        loaded = instantiate(program, threads=threads, statistics=statistics, trace=trace)
        try:
            printed = _run_tensor_function(loaded, function, inputs, outputs, max_elements)
        finally:
            loaded.close()
        if statistics:
            printed += f"dispatch statistics of @{function} (1 call):\n"
            printed += format_statistics(loaded.statistics())
        return printed
    if statistics or trace is not None:
        raise invalid_argument(
            f"--print-statistics and --trace apply to host functions; @{function} is a plain export"
        )
    return _run_plain_function(host, export, inputs, outputs)


def _run_plain_function(
    host: VMModule, export: Export, inputs: Sequence[str], outputs: Sequence[str]
) -> str:
    """Call a plain export with scalars and buffers; print its results one per line."""
    function = export.name
    params, results = parse_calling_convention(export.calling_convention)
    arguments = [parse_input(text) for text in inputs]
    if len(arguments) != len(params):
        raise invalid_argument(
            f"@{function} takes {len(params)} inputs ({export.calling_convention}), "
            f"got {len(arguments)}"
        )
    for index, (argument, kind) in enumerate(zip(arguments, params, strict=True)):
        if argument.kind != kind:
            raise invalid_argument(f"input {index} is {argument.kind} but @{function} takes {kind}")
    if len(outputs) > len(results):
        raise invalid_argument(f"{len(outputs)} --output flags for {len(results)} results")
    context = CompiledModule(host).instantiate(instantiate_modules())
    values = context.call(function, *(a.value for a in arguments))
    printed: list[str] = []
    for index, (kind, value) in enumerate(zip(results, values, strict=True)):
        item = (_result_kind(kind, value), value)
        target = outputs[index] if index < len(outputs) else "-"
        if target == "-":
            printed.append(format_result(*item) + "\n")
        elif target.startswith("@"):
            save_result(target[1:], *item)
        else:
            raise invalid_argument(f"--output={target!r}: expected @FILE.npy or -")
    return "".join(printed)


def _run_tensor_function(
    module: Module,
    function: str,
    inputs: Sequence[str],
    outputs: Sequence[str],
    max_elements: int,
) -> str:
    """Call a host function of IREE's ABI with `--input` values; print as iree-run-module."""
    signature = module.functions[function]
    if outputs and len(outputs) != len(signature.outputs):
        raise invalid_argument(
            f"{len(outputs)} --output flags for {len(signature.outputs)} results of @{function}"
        )
    result = module[function](*parse_arguments(signature.inputs, inputs))
    values = () if result is None else result if isinstance(result, tuple) else (result,)
    printed = [f"EXEC @{function}\n"]
    for index, (spec, value) in enumerate(zip(signature.outputs, values, strict=True)):
        if isinstance(spec, TensorSpec):
            array = value
            text = f"hal.buffer_view\n{format_tensor(spec.element_type.name, value, max_elements)}"
        else:  # IREE's ABI returns a scalar as its VM value: i32, i64, f32 or f64
            kind = _VM_KINDS[spec.convention]
            array = np.array(value, SCALAR_KINDS[kind])
            text = f"{kind}={array.item():g}" if kind[0] == "f" else f"{kind}={array.item()}"
        if not outputs:
            printed.append(f"result[{index}]: {text}\n")
        elif outputs[index] == "-":
            printed.append(f"{text}\n")
        elif outputs[index]:
            write_output(outputs[index], array)
    return "".join(printed)


_VM_KINDS = {"i": "i32", "I": "i64", "f": "f32", "F": "f64"}


def parse_arguments(specs: Sequence[Spec], texts: Sequence[str]) -> list[np.ndarray]:
    """The `--input` values as arguments: a scalar argument's text is its value, any other
    gives the arrays of `tensor_io.read_input`."""
    arguments: list[np.ndarray] = []
    with Files() as files:
        for text in texts:
            spec = specs[len(arguments)] if len(arguments) < len(specs) else None
            if isinstance(spec, ScalarSpec) and text.strip()[:1] not in ("@", "+", "*"):
                arguments.append(parse_scalar(spec.type, text))
            else:
                arguments += read_input(files, text)
    return [_typed(spec, array) for spec, array in zip(specs, arguments, strict=False)] + (
        arguments[len(specs) :]
    )


def _typed(spec: Spec, array: np.ndarray) -> np.ndarray:
    """A `.npy` array of raw elements (`np.save` writes bf16 and f8 as void `V2`/`V1`) viewed
    as the tensor argument's element type when the sizes agree; any other array as it is."""
    if not isinstance(spec, TensorSpec) or array.dtype.kind != "V" or array.dtype.fields:
        return array
    dtype = spec.element_type.dtype()
    return array.view(dtype) if dtype.itemsize == array.dtype.itemsize else array


def _result_kind(kind: str, value: Any) -> str:
    if kind != "ref":
        return kind
    return "buffer" if isinstance(value, Buffer) else "ref"


INPUT_HELP = (
    "an argument, in order (repeat): 2x3xf32=1 2 3 4 5 6, 4xi32=7 (splat), f32=1.5 or i1=1 "
    "(rank 0), 2x3xf32=@x.bin (raw bytes), @x.npy, +x.npy (the file's next array), *x.npy "
    "(all the rest), @x.npz, @x.npz:KEY"
)
OUTPUT_HELP = (
    "one per result (repeat): empty ignores it, - prints it, @y.npy writes it, +y.npy "
    "appends it; another extension gets the raw bytes"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags `pyvmvx-run` shares with its compiling front end (`pyvmvx.tools.pyvmvx_run`)."""
    parser.add_argument("--module", metavar="FILE.vmfb", help="module file (.vmfb) to load")
    parser.add_argument(
        "--function",
        metavar="NAME",
        help="exported function to call (default: the module's only function)",
    )
    parser.add_argument("--input", action="append", default=[], metavar="VALUE", help=INPUT_HELP)
    parser.add_argument("--output", action="append", default=[], metavar="TARGET", help=OUTPUT_HELP)
    parser.add_argument(
        "--output_max_element_count",
        type=int,
        default=MAX_ELEMENTS,
        metavar="N",
        help=f"elements printed per result before eliding the rest (default {MAX_ELEMENTS})",
    )
    parser.add_argument(
        "--threads",
        type=int,
        metavar="N",
        help="run up to N workgroups at once (default: one worker per CPU; 1: sequential)",
    )
    add_instrument_arguments(parser, counted="the call", traced="the call")


def add_instrument_arguments(parser: argparse.ArgumentParser, *, counted: str, traced: str) -> None:
    """`--print-statistics` and `--trace`, the instrumentation flags of pyvmvx-run and
    pyvmvx-benchmark (`counted` and `traced` say which calls each covers)."""
    parser.add_argument(
        "--print-statistics",
        action="store_true",
        help=f"print, after the rest, a table of the dispatches of {counted}: per entry "
        "point its dispatches, workgroups, VM ops executed, wall time and vmvx ukernel calls "
        "by name (counting slows the calls a little)",
    )
    parser.add_argument(
        "--trace",
        metavar="FILE",
        help=f"write a Chrome trace-event JSON of {traced}, for Perfetto or chrome://tracing: "
        "a track per thread, spans for each call, dispatch, workgroup and ukernel call",
    )


def execute(args: argparse.Namespace, module: ModuleData) -> int:
    """Run the parsed command on a module file; print the results, or one error line."""
    try:
        printed = run(
            module,
            args.function,
            args.input,
            args.output,
            max_elements=args.output_max_element_count,
            threads=args.threads,
            statistics=args.print_statistics,
            trace=args.trace,
        )
    except StatusError as err:
        return fail(f"{err.code}: {err.message}")
    sys.stdout.write(printed)
    return 0


def fail(message: str) -> int:
    """Print `pyvmvx-run: error: message` (one line) and return the exit status 1."""
    print(f"pyvmvx-run: error: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-run",
        description="Run a function of a pyvmvx module file with iree-run-module's --input and "
        "--output syntax, printing its results as iree-run-module does.",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    if args.module is None:
        return fail("--module=FILE.vmfb is required")
    return execute(args, args.module)


def console_main() -> None:
    sys.exit(main())
