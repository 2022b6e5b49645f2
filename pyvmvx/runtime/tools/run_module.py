"""`pyvmvx-run --module=FILE --function=NAME --input=... --output=...`: call a host function.

A host function of IREE's ABI (an export with an `iree.abi.declaration`: buffer views in and
out) is called as `pyvmvx.load` calls it, each `--input` a tensor (a scalar one of rank 0), and
its results print as `iree-run-module` prints them (`EXEC @main`, `result[0]:
hal.buffer_view`, `2x3xf32=[1 2 3][4 5 6]`) or, with `--output=@y.npy`, are saved as arrays.
Any other export runs (with every registered native module available to its imports) on
plain values and buffers. Both take `iree-run-module`'s `--input` syntax:

- `--input=i32=5`, `i64=-1`, `f32=1.5`, `f64=2`: a scalar for an i32/i64/f32/f64 argument;
- `--input="2x3xf32=1 2 3 4 5 6"`: a buffer holding that row-major array (element types
  i1, i8, i16, i32, i64 with `si`/`ui` variants, f16, f32, f64; values separated by spaces,
  commas or brackets; a single value fills the whole array);
- `--input=@x.npy`: a buffer holding the array in a `.npy` file.

Buffers are fresh mutable copies. Results print one per line (`i32=7`, `f32=0.5`,
`buffer<12 bytes>=01 02 ...`), unless the `--output` flag in the same position says
`--output=@y.npy`, which saves the result instead (a buffer as its raw bytes, uint8; a scalar
as a 0-d array of its type), or `--output=-`, which prints it. Errors print a message and exit 1.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from pyvmvx.runtime.abi import DECLARATION_KEY
from pyvmvx.runtime.api import read_module_file
from pyvmvx.runtime.modules.registry import instantiate_modules
from pyvmvx.runtime.program import Module, instantiate
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.tools.tensor_format import format_tensor
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule
from pyvmvx.runtime.vm.list import List
from pyvmvx.runtime.vm.serialize import decode
from pyvmvx.runtime.vm.validate import parse_calling_convention

ELEMENT_TYPES: dict[str, type[np.generic]] = {
    "i1": np.bool_,
    "i8": np.int8,
    "si8": np.int8,
    "ui8": np.uint8,
    "i16": np.int16,
    "si16": np.int16,
    "ui16": np.uint16,
    "i32": np.int32,
    "si32": np.int32,
    "ui32": np.uint32,
    "i64": np.int64,
    "si64": np.int64,
    "ui64": np.uint64,
    "f16": np.float16,
    "f32": np.float32,
    "f64": np.float64,
}
_Item = TypeVar("_Item")
SCALAR_KINDS = {"i32": "i32", "i64": "i64", "f32": "f32", "f64": "f64"}
_SEPARATORS = re.compile(r"[\s,\[\]]+")
_PRINTED_BYTES = 64
MAX_INPUT_BYTES = 1 << 32
"""The largest array one `--input` may describe (4 GiB); larger is RESOURCE_EXHAUSTED."""
MAX_INPUT_RANK = 64
"""The most dimensions one `--input` shape may have (as many as numpy 2 allows an array); more
is INVALID_ARGUMENT."""


@dataclass(frozen=True)
class Input:
    """A parsed `--input`: its VM kind (`i32`, `i64`, `f32`, `f64` or `ref`) and value."""

    kind: str
    value: Any


def parse_input(text: str) -> Input:
    """One `--input` value (INVALID_ARGUMENT with the reason if it is malformed). Running out
    of memory anywhere while reading it is RESOURCE_EXHAUSTED."""
    kind, value = _parse_value(text)
    return Input(kind, _array_buffer(value) if kind == "ref" else value)


def parse_tensor(text: str) -> np.ndarray:
    """One `--input` as an array for a tensor argument (a scalar is a rank-0 array)."""
    kind, value = _parse_value(text)
    return value if kind == "ref" else np.array(value, ELEMENT_TYPES[kind])


def _parse_value(text: str) -> tuple[str, Any]:
    """An input's VM kind and value: a scalar, or for `ref` an array of its shape."""
    try:
        return _parse(text)
    except MemoryError:
        message = f"input {text[:80]!r}: not enough memory to hold it"
        raise StatusError(StatusCode.RESOURCE_EXHAUSTED, message) from None


def _parse(text: str) -> tuple[str, Any]:
    if text.startswith("@"):
        return "ref", _load_npy(text[1:])
    spec, equals, values = text.partition("=")
    if not equals:
        raise invalid_argument(f"input {text!r} is not TYPE=VALUE, SHAPExTYPE=VALUES or @FILE")
    *dims, element = spec.split("x")
    if element not in ELEMENT_TYPES:
        raise invalid_argument(f"input {text!r}: unknown element type {element!r}")
    dtype = np.dtype(ELEMENT_TYPES[element])
    tokens = [t for t in _SEPARATORS.split(values) if t]
    if not dims:
        if element not in SCALAR_KINDS or len(tokens) != 1:
            raise invalid_argument(
                f"input {text!r}: a scalar is one i32, i64, f32 or f64 value (use a shape, "
                "e.g. 1xi8=..., for other types)"
            )
        return SCALAR_KINDS[element], _scalar(tokens[0], dtype, text)
    if len(dims) > MAX_INPUT_RANK:
        raise invalid_argument(
            f"input {text[:80]!r}: {len(dims)} dimensions; at most {MAX_INPUT_RANK} are supported"
        )
    if not all(d.isascii() and d.isdigit() and len(d) <= 18 for d in dims):
        raise invalid_argument(
            f"input {text[:80]!r}: shape dimensions must be non-negative integers below 10**18"
        )
    shape = tuple(int(d) for d in dims)
    count = math.prod(shape)  # unbounded: numpy's product would wrap around
    if count * dtype.itemsize > MAX_INPUT_BYTES:
        raise StatusError(
            StatusCode.RESOURCE_EXHAUSTED,
            f"input {text[:80]!r}: {count} elements exceed the {MAX_INPUT_BYTES}-byte input limit",
        )
    if len(tokens) not in (count, 1) and not (count == 0 and not tokens):
        raise invalid_argument(f"input {text!r}: {len(tokens)} values for {count} elements")
    elements = [_scalar(token, dtype, text) for token in tokens]
    full = len(elements) == 1
    array = np.full(count, elements[0], dtype) if full else np.array(elements, dtype)
    return "ref", array.reshape(shape)


def _scalar(token: str, dtype: np.dtype, text: str) -> int | float | bool:
    try:
        if dtype.kind == "b":
            value: int | float | bool = {"0": False, "1": True, "false": False, "true": True}[
                token.lower()
            ]
        elif dtype.kind in "iu":
            value = int(token)
            info = np.iinfo(dtype)
            if not info.min <= value <= info.max:
                raise ValueError(f"{value} out of range for {dtype}")
        else:
            value = float(dtype.type(float(token)))
    except (ValueError, KeyError) as err:
        raise invalid_argument(f"input {text!r}: bad value {token!r} ({err})") from None
    return value


def _load_npy(path: str) -> np.ndarray:
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as err:
        raise invalid_argument(f"cannot read input file {path!r}: {err}") from None
    if not isinstance(array, np.ndarray):
        raise invalid_argument(f"input file {path!r} is not a single .npy array")
    return array


def _array_buffer(array: np.ndarray) -> Buffer:
    """A buffer over a fresh array's bytes in row-major order (copied only if the array is in
    another order)."""
    return Buffer(np.ascontiguousarray(array), mutable=True)


def format_result(kind: str, value: Any) -> str:
    """A result as printed: `i32=7`, `f64=0.25`, `buffer<3 bytes>=01 02 03`, `null`."""
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
    """Write a result to a `.npy` file (a buffer's bytes as uint8, a scalar as a 0-d array)."""
    if isinstance(value, Buffer):
        array = np.array(value.data, dtype=np.uint8)
    elif kind in ELEMENT_TYPES and value is not None:
        array = np.array(value, dtype=ELEMENT_TYPES[kind])
    else:
        raise invalid_argument(f"a {kind} result cannot be saved to {path!r}")
    save_array(path, array)


def save_array(path: str, array: np.ndarray) -> None:
    """Write an array to a `.npy` file (INVALID_ARGUMENT if it cannot be written)."""
    try:
        np.save(path, array, allow_pickle=False)
    except OSError as err:
        raise invalid_argument(f"cannot write output file {path!r}: {err}") from None


def run(module_path: str, function: str, inputs: Sequence[str], outputs: Sequence[str]) -> str:
    """Run `function` and return what is printed (saving the `@file` outputs)."""
    program = decode(read_module_file(module_path))
    host = program.host
    if host is None:
        names = ", ".join(e.name for e in program.executables) or "none"
        raise invalid_argument(
            f"module file has no host module (executables: {names}); dispatch executables "
            "with pyvmvx.runtime.load_executables"
        )
    export = host.export(function)
    if export is None:
        available = ", ".join(e.name for e in host.exports) or "none"
        raise StatusError("NOT_FOUND", f"no function {function!r} (exports: {available})")
    if DECLARATION_KEY in export.attributes:
        return _run_tensor_function(instantiate(program), function, inputs, outputs)
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
    items = [(_result_kind(k, value), value) for k, value in zip(results, values, strict=True)]
    return _emit(
        outputs,
        items,
        lambda _, item: format_result(*item),
        lambda path, item: save_result(path, *item),
    )


def _run_tensor_function(
    module: Module, function: str, inputs: Sequence[str], outputs: Sequence[str]
) -> str:
    """Call a host function of IREE's ABI with `--input` arrays; print as iree-run-module."""
    specs = module.functions[function].outputs
    if len(outputs) > len(specs):
        raise invalid_argument(f"{len(outputs)} --output flags for {len(specs)} results")
    result = module[function](*(parse_tensor(text) for text in inputs))
    arrays = () if result is None else result if isinstance(result, tuple) else (result,)
    printed = _emit(
        outputs,
        list(zip(specs, arrays, strict=True)),
        lambda index, item: (
            f"result[{index}]: hal.buffer_view\n{format_tensor(item[0].element_type.name, item[1])}"
        ),
        lambda path, item: save_array(path, item[1]),
    )
    return f"EXEC @{function}\n{printed}"


def _emit(
    outputs: Sequence[str],
    items: Sequence[_Item],
    show: Callable[[int, _Item], str],
    save: Callable[[str, _Item], None],
) -> str:
    """Each result printed (`show`) or, where its `--output` says `@FILE.npy`, saved."""
    printed: list[str] = []
    for index, item in enumerate(items):
        target = outputs[index] if index < len(outputs) else "-"
        if target == "-":
            printed.append(show(index, item))
        elif target.startswith("@"):
            save(target[1:], item)
        else:
            raise invalid_argument(f"--output={target!r}: expected @FILE.npy or -")
    return "".join(line + "\n" for line in printed)


def _result_kind(kind: str, value: Any) -> str:
    if kind != "ref":
        return kind
    return "buffer" if isinstance(value, Buffer) else "ref"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="pyvmvx-run", description="Run a host-module function of a pyvmvx module file."
    )
    parser.add_argument("--module", required=True, help="module file (.vmfb)")
    parser.add_argument("--function", required=True, help="exported function to call")
    parser.add_argument("--input", action="append", default=[], help="an argument (repeat)")
    parser.add_argument("--output", action="append", default=[], help="@FILE.npy or -")
    args = parser.parse_args(argv)
    try:
        sys.stdout.write(run(args.module, args.function, args.input, args.output))
    except StatusError as err:
        print(f"pyvmvx-run: error: {err.code}: {err.message}", file=sys.stderr)
        return 1
    return 0


def console_main() -> None:
    sys.exit(main())
