"""The native `vmvx` module: IREE's 32 exports, looked up by their import names.

The export table `EXPORTS` is data: each entry is an import name, its VM calling-convention
string (`"0" + argument kinds + "_" + result kinds`, with `r` a ref, `I` an i64, `i` an i32,
`v` no results) and the Python function implementing it. An extension export (`ex.<name>`) is
one more `Export` in the table plus its `vm.import` declaration in
`pyvmvx/dialects/vmvx_imports.mlir` (the import registry, `registry.py`; a test checks that the
two agree).

Calling convention of the implementations: the import's flattened arguments in order, buffers
as `Buffer` (None for a null ref), `I`/`i` values as Python ints (signed or as unsigned bit
patterns); the result is a tuple (empty for `_v`). The kernels and their documented choices
where IREE's behaviour is undefined live in `vmvx_elementwise`, `vmvx_copy`, `vmvx_mmt4d` and
`vmvx_pack`.
"""

import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pyvmvx.runtime.modules.vmvx_copy import copy_kernel, fill_2d_x32
from pyvmvx.runtime.modules.vmvx_elementwise import BINARY, UNARY, binary_kernel, unary_kernel
from pyvmvx.runtime.modules.vmvx_ex_conv import (
    SPATIAL,
    conv_kernel,
    conv_signature,
    pool_kernel,
    pool_signature,
)
from pyvmvx.runtime.modules.vmvx_ex_elementwise import EX_EXPORTS, ex_kernel, signature
from pyvmvx.runtime.modules.vmvx_ex_gather import (
    GATHER_SIGNATURE,
    IOTA_SIGNATURE,
    ex_gather,
    ex_iota,
)
from pyvmvx.runtime.modules.vmvx_ex_matmul import SIGNATURE as EX_MATMUL_SIGNATURE
from pyvmvx.runtime.modules.vmvx_ex_matmul import ex_matmul
from pyvmvx.runtime.modules.vmvx_ex_reduce import ARG_SIGNATURE as EX_ARGREDUCE_SIGNATURE
from pyvmvx.runtime.modules.vmvx_ex_reduce import SIGNATURE as EX_REDUCE_SIGNATURE
from pyvmvx.runtime.modules.vmvx_ex_reduce import ex_argreduce, ex_reduce
from pyvmvx.runtime.modules.vmvx_mmt4d import mmt4d, query_tile_sizes_2d
from pyvmvx.runtime.modules.vmvx_pack import pack, unpack
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument

MODULE_NAME = "vmvx"
MODULE_VERSION = 0

BINARY_SIGNATURE = "0rIIIrIIIrIIIII_v"
UNARY_SIGNATURE = "0rIIIrIIIII_v"

# Accepted ranges of integer arguments: signed values or unsigned bit patterns.
_INT_RANGES = {"I": (-(1 << 63), 1 << 64), "i": (-(1 << 31), 1 << 32)}


@dataclass(frozen=True)
class Export:
    """One export: import name, calling convention and implementation."""

    name: str
    signature: str
    function: Callable[..., tuple[int, ...]]
    arity: int = field(init=False)
    # (argument index, lowest accepted value, highest + 1) of each integer argument
    int_slots: tuple[tuple[int, int, int], ...] = field(init=False)

    def __post_init__(self) -> None:
        arguments, _, results = self.signature.partition("_")
        if not arguments.startswith("0") or not results or set(arguments[1:]) - set("rIi"):
            raise ValueError(f"malformed calling convention {self.signature!r} for {self.name}")
        slots = tuple(
            (index, *_INT_RANGES[kind]) for index, kind in enumerate(arguments[1:]) if kind != "r"
        )
        object.__setattr__(self, "arity", len(arguments) - 1)
        object.__setattr__(self, "int_slots", slots)


def _table() -> dict[str, Export]:
    exports = [
        Export(name, BINARY_SIGNATURE, binary_kernel(*kernel)) for name, kernel in BINARY.items()
    ]
    exports += [
        Export(name, UNARY_SIGNATURE, unary_kernel(*kernel)) for name, kernel in UNARY.items()
    ]
    exports += [
        Export(f"copy.2d.x{bits}", UNARY_SIGNATURE, copy_kernel(bits)) for bits in (8, 16, 32, 64)
    ]
    exports += [
        Export("fill.2d.x32", "0irIIII_v", fill_2d_x32),
        Export("mmt4d", "0rIIrIIrIIIIIiiii_v", mmt4d),
        Export("pack", "0rIIIrIIIIIIIIIIi_v", pack),
        Export("unpack", "0rIIIrIIIIIIIIIi_v", unpack),
        Export("query_tile_sizes.2d", "0IIi_II", query_tile_sizes_2d),
    ]
    exports += [
        Export(name, signature(arity), ex_kernel(arity)) for name, arity in EX_EXPORTS.items()
    ]
    exports.append(Export("ex.matmul", EX_MATMUL_SIGNATURE, ex_matmul))
    exports += [
        Export(name, conv_signature(name), conv_kernel(name))
        if name.startswith("ex.conv")
        else Export(name, pool_signature(name), pool_kernel(name))
        for name in SPATIAL
    ]
    exports.append(Export("ex.reduce", EX_REDUCE_SIGNATURE, ex_reduce))
    exports.append(Export("ex.argreduce", EX_ARGREDUCE_SIGNATURE, ex_argreduce))
    exports.append(Export("ex.iota", IOTA_SIGNATURE, ex_iota))
    exports.append(Export("ex.gather", GATHER_SIGNATURE, ex_gather))
    # IREE keeps exports sorted by name in byte order (so copy.2d.x64 < copy.2d.x8).
    return {export.name: export for export in sorted(exports, key=lambda e: e.name.encode())}


EXPORTS: dict[str, Export] = _table()


class VMVXModule:
    """The `vmvx` runtime module. Iterating it yields its export names in IREE's order."""

    name = MODULE_NAME
    version = MODULE_VERSION

    def __init__(self) -> None:
        self._exports = EXPORTS

    @property
    def export_names(self) -> tuple[str, ...]:
        return tuple(self._exports)

    def __iter__(self) -> Iterator[str]:
        return iter(self._exports)

    def __contains__(self, name: object) -> bool:
        return name in self._exports

    def lookup(self, name: str) -> Export:
        """The export imported as `name` (NOT_FOUND if there is none)."""
        export = self._exports.get(name)
        if export is None:
            raise StatusError(StatusCode.NOT_FOUND, f"vmvx module has no export named '{name}'")
        return export

    def signature(self, name: str) -> str:
        """The calling-convention string of export `name`, e.g. `0rIIIrIIIrIIIII_v`."""
        return self.lookup(name).signature

    def call(self, name: str, *args: object) -> tuple[int, ...]:
        """Call export `name` with its flattened arguments; returns its results as a tuple."""
        export = self.lookup(name)
        if len(args) != export.arity:
            raise invalid_argument(
                f"argument/result signature mismatch: {name} takes {export.arity} arguments "
                f"({export.signature}), got {len(args)}"
            )
        for index, low, high in export.int_slots:
            value = args[index]
            if type(value) is not int or not low <= value < high:
                return export.function(*_normalized(export, args))
        return export.function(*args)

    def bind(self, name: str) -> Callable[..., tuple[int, ...]]:
        """Export `name` for the VM's calls, whose typed registers already hold the integers
        `call` checks (each kernel still checks its buffers, offsets and sizes)."""
        return self.lookup(name).function


def _normalized(export: Export, args: tuple[object, ...]) -> list[object]:
    """`args` with each integer argument converted to `int`, or an INVALID_ARGUMENT error."""
    result = list(args)
    for index, low, high in export.int_slots:
        value = args[index]
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
        if number is None or not low <= number < high:
            kind = export.signature[index + 1]
            raise invalid_argument(
                f"argument/result signature mismatch: argument {index} of {export.name} "
                f"({kind}) must be a {64 if kind == 'I' else 32}-bit integer, got {value!r}"
            )
        result[index] = number
    return result
