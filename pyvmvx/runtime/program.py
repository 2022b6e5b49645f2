"""`pyvmvx.load`: a compiled program's host functions, called with numpy arrays.

`load(bytes_or_path, *, threads=None)` reads a module file (a path is mapped with `mmap`, so
its weights are used in place), instantiates its host module with the runtime `hal` module
(`modules.hal_host`, holding the file's executables; dispatches use up to `threads` workers)
and returns a `Module`. Each host function is an export with an `iree.abi.declaration`
(`abi`); `module.main(*arrays)` or `module["main"](*arrays)` calls it:

- arguments are numpy arrays (or Python scalars for rank-0 tensors) of the declared element
  type (integers of the declared width in either signedness for signless integers), rank and
  static sizes; anything else is INVALID_ARGUMENT naming the argument, what was expected and
  what was given;
- inputs are never modified: the host gets them as read-only buffers, without a copy when they
  are C-contiguous (else a contiguous copy);
- scalar arguments (`i1`..`i64`, `index`, `f16`/`bf16`/`f32`/`f64` in the declaration) are
  Python or numpy scalars (or 0-d arrays) of that type, passed as VM values; scalar results
  come back as numpy scalars of their type (`np.bool_` for `i1`, `np.int64` for `index`);
- the result is one numpy array, a tuple of them for several results, or None for none; no
  result shares memory with an input, another result or the module: a result whose buffer
  nothing else references any more (`_sole_owner`, the usual case: a buffer the call
  allocated) is handed over without a copy, any other is copied;
- a failing `vm.fail`/`vm.cond_fail` (a `cf.assert`) is a `StatusError` with its message, and
  every other error is a `StatusError` too.

`module.functions` maps each function's name to its `abi.FunctionSignature`. A host function
named like a method of `Module` (`functions`, `statistics`, `close`, ...) is called by name:
`module["close"](x)`.

Instrumentation (`pyvmvx.runtime.instrument`): `load(..., statistics=True)` counts, per
dispatched entry point, dispatches, workgroups, ukernel calls, VM ops and time, which
`module.statistics()` returns (and `module.reset_statistics()` clears); `trace=PATH` writes a
Chrome trace-event JSON of the calls, dispatches, workgroups and ukernel calls, complete after
each call; `module.close()` (or garbage collection) closes it. Without them nothing is wrapped.
"""

from __future__ import annotations

import math
import os
import sys
import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from pyvmvx.runtime.abi import (
    DECLARATION_KEY,
    FunctionSignature,
    ScalarSpec,
    TensorSpec,
    parse_declaration,
)
from pyvmvx.runtime.api import ModuleData, read_module_file
from pyvmvx.runtime.instrument import DispatchStatistics, Recorder
from pyvmvx.runtime.modules.element_types import (
    BOOLEAN,
    BY_NAME,
    FLOAT,
    INTEGER,
    SIGNED,
    UNSIGNED,
    ElementType,
    is_compatible,
)
from pyvmvx.runtime.modules.hal import thread_limit
from pyvmvx.runtime.modules.hal_host import MODULE_NAME, HalModule
from pyvmvx.runtime.modules.hal_types import ENCODING_DENSE_ROW_MAJOR, BufferView
from pyvmvx.runtime.modules.registry import instantiate_modules
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule, Context
from pyvmvx.runtime.vm.format import Module as VMModule
from pyvmvx.runtime.vm.format import Program
from pyvmvx.runtime.vm.serialize import decode

Result = np.ndarray | np.generic | tuple[np.ndarray | np.generic, ...] | None


def load(
    data: ModuleData,
    *,
    threads: int | None = None,
    statistics: bool = False,
    trace: str | os.PathLike[str] | None = None,
) -> Module:
    """The host functions of a module file (bytes or a path); see the module docstring."""
    program = decode(read_module_file(data))
    return instantiate(program, threads=threads, statistics=statistics, trace=trace)


def instantiate(
    program: Program,
    *,
    threads: int | None = None,
    statistics: bool = False,
    trace: str | os.PathLike[str] | None = None,
) -> Module:
    """A decoded program's host module, instantiated with its own `hal` module (reporting
    statistics and/or a trace when asked: see the module docstring)."""
    if program.host is None:
        names = ", ".join(e.name for e in program.executables) or "none"
        raise invalid_argument(
            f"module file has no host module (executables: {names}); dispatch executables "
            "with pyvmvx.runtime.load_executables"
        )
    thread_limit(threads)  # INVALID_ARGUMENT before a trace file is created
    recorder = None
    if statistics or trace is not None:
        recorder = Recorder(statistics=bool(statistics), trace=trace)
    try:
        hal = HalModule(program.executables, threads=threads, recorder=recorder)
        natives = {**instantiate_modules(), MODULE_NAME: hal}
        context = CompiledModule(program.host).instantiate(natives)
    except BaseException:
        if recorder is not None:
            recorder.close()
        raise
    return Module(program.host, context, recorder)


def host_functions(host: VMModule) -> dict[str, FunctionSignature]:
    """The signature of every export of `host` with an `iree.abi.declaration`, checked against
    the export's calling convention (a buffer-view ref per argument and result)."""
    functions: dict[str, FunctionSignature] = {}
    for export in host.exports:
        text = export.attributes.get(DECLARATION_KEY)
        if text is None:
            continue
        signature = parse_declaration(text, export.name)
        expected = signature.calling_convention
        if export.calling_convention != expected:
            raise invalid_argument(
                f"host function {export.name!r} has calling convention "
                f"{export.calling_convention!r}; its declaration `{signature}` needs {expected!r}"
            )
        functions[export.name] = signature
    return functions


class MissingFunctionError(StatusError, AttributeError):
    """NOT_FOUND for `module.name` without such a function: also an `AttributeError`, so
    `hasattr(module, name)` and `getattr(module, name, default)` work."""


class Module:
    """A loaded program: call its host functions by attribute or by name."""

    def __init__(self, host: VMModule, context: Context, recorder: Recorder | None = None) -> None:
        self._context = context
        self._functions = host_functions(host)
        self._callables: dict[str, Callable[..., Result]] = {}
        self._recorder = recorder
        # closes the trace when the module is collected (or at exit), unless `close` did
        self._finalizer = None if recorder is None else weakref.finalize(self, recorder.close)

    @property
    def functions(self) -> dict[str, FunctionSignature]:
        """Each host function's name and signature."""
        return dict(self._functions)

    def __getitem__(self, name: str) -> Callable[..., Result]:
        function = self._callables.get(name)
        if function is not None:
            return function
        signature = self._functions.get(name)
        if signature is None:
            available = ", ".join(self._functions) or "none"
            raise StatusError(
                StatusCode.NOT_FOUND, f"no host function {name!r} (functions: {available})"
            )
        function = _caller(name, signature, self._context.lookup(name))
        if self._recorder is not None:
            function = self._recorder.host_function(name, function)
        function.__name__ = name
        function.__doc__ = str(signature)
        self._callables[name] = function
        return function

    def statistics(self) -> list[DispatchStatistics]:
        """Per dispatched entry point, in order of first dispatch: dispatches, workgroups,
        ukernel calls by import name, VM ops and seconds, summed since the load (or the last
        `reset_statistics`); FAILED_PRECONDITION unless loaded with `statistics=True`."""
        return self._statistics_recorder().dispatch_statistics()

    def reset_statistics(self) -> None:
        """Start the statistics afresh (FAILED_PRECONDITION unless loaded with them)."""
        self._statistics_recorder().reset()

    def close(self) -> None:
        """Complete and close the trace file (if any); later calls are not traced."""
        if self._finalizer is not None:
            self._finalizer()

    def _statistics_recorder(self) -> Recorder:
        if self._recorder is None or not self._recorder.statistics:
            raise StatusError(
                StatusCode.FAILED_PRECONDITION,
                "dispatch statistics are not recorded: load the module with statistics=True",
            )
        return self._recorder

    def __getattr__(self, name: str) -> Callable[..., Result]:
        if name.startswith("_"):  # private and special names: `module["_f"]` calls `_f`
            raise AttributeError(name)
        try:
            return self[name]
        except StatusError as err:  # NOT_FOUND, and an AttributeError for `hasattr`/`getattr`
            raise MissingFunctionError(err.code, err.message) from None

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._functions]

    def __repr__(self) -> str:
        return f"<pyvmvx.Module functions {list(self._functions)}>"


def _caller(
    name: str, signature: FunctionSignature, entry: Callable[..., tuple[Any, ...]]
) -> Callable[..., Result]:
    """The Python function calling host function `name`: each argument's and result's
    conversion is prepared once, here, for its spec."""
    inputs = tuple(
        _tensor_argument(spec, f"input {index} ({spec.name})")
        if isinstance(spec, TensorSpec)
        else _scalar_converter(spec, f"input {index} ({spec.name})")
        for index, spec in enumerate(signature.inputs)
    )
    outputs = tuple(
        _tensor_result(spec, f"result {index} ({spec.name})")
        if isinstance(spec, TensorSpec)
        else _scalar_result_converter(spec)
        for index, spec in enumerate(signature.outputs)
    )
    count = len(inputs)

    def function(*arguments: Any) -> Result:
        if len(arguments) != count:
            raise invalid_argument(
                f"{name} takes {count} arguments, got {len(arguments)} (`{signature}`)"
            )
        results = list(
            entry(*[convert(value) for convert, value in zip(inputs, arguments, strict=True)])
        )
        owned = [_sole_owner(results, index) for index in range(len(results))]
        if len(outputs) == 1:
            return outputs[0](results[0], owned[0])
        arrays = tuple(
            convert(value, sole)
            for convert, value, sole in zip(outputs, results, owned, strict=True)
        )
        return arrays or None

    return function


def _tensor_argument(spec: TensorSpec, what: str) -> Callable[[Any], BufferView]:
    """`buffer_view` for `spec`, with a fast path for a C-contiguous array of an accepted
    dtype and a fitting shape."""
    element = spec.element_type
    try:
        dtypes = frozenset(d for d in map(np.dtype, _PLAIN_DTYPES.split()) if element.accepts(d))
    except StatusError:  # a dtype that needs the absent ml_dtypes: `buffer_view` says so
        dtypes = frozenset()
    shape, rank, code = spec.shape, len(spec.shape), element.code
    static = None not in shape

    def convert(value: Any) -> BufferView:
        if (
            type(value) is np.ndarray
            and value.dtype in dtypes
            and value.flags.c_contiguous
            and (
                value.shape == shape
                if static
                else value.ndim == rank
                and all(e is None or e == a for e, a in zip(shape, value.shape, strict=True))
            )
        ):
            data = Buffer.of_bytes(value.reshape(-1).view(np.uint8), mutable=False)
            return BufferView(data, code, ENCODING_DENSE_ROW_MAJOR, value.shape)
        return buffer_view(spec, value, what)

    return convert


def _reference_counts(results: list[Any], index: int) -> tuple[int, int, int] | None:
    """The reference counts of `results[index]`, a buffer view, of its buffer and of the
    numpy array owning the buffer's memory, or None if it is not a view of a mutable buffer
    over memory a numpy array owns (as `Buffer.allocate` makes)."""
    view = results[index]
    if type(view) is not BufferView:
        return None
    buffer = view.buffer
    storage = buffer.data.base
    if not buffer.mutable or type(storage) is not np.ndarray or storage.base is not None:
        return None
    return sys.getrefcount(view), sys.getrefcount(buffer), sys.getrefcount(storage)


_SOLE = _reference_counts(
    [BufferView(Buffer.allocate(4), BY_NAME["f32"].code, ENCODING_DENSE_ROW_MAJOR, (1,))], 0
)
"""The counts of a view held by the result list alone, its buffer by the view alone and its
memory by the buffer alone: measured through the same code path, so that no interpreter's
counting convention matters."""


def _sole_owner(results: list[Any], index: int) -> bool:
    """Whether nothing but the result list references `results[index]`, its buffer and its
    memory: no VM global, cache, input, other result or other view of the same memory (each
    would hold a reference), so the memory can be handed to the caller without a copy."""
    counts = _reference_counts(results, index)
    return counts is not None and counts == _SOLE


def _tensor_result(spec: TensorSpec, what: str) -> Callable[[Any, bool], np.ndarray]:
    """`_array` for `spec`, with a fast path for a view of exactly the declared static type:
    its bytes, copied unless the caller may own them (`sole`)."""
    shape, element = spec.shape, spec.element_type
    if None in shape or element.numerical_type == BOOLEAN or element.ml_dtypes:
        return lambda value, sole: _array(spec, value, what)
    dtype, code = element.dtype(), element.code
    length = math.prod(shape) * dtype.itemsize

    def convert(value: Any, sole: bool) -> np.ndarray:
        if type(value) is BufferView and value.element_type == code and value.shape == shape:
            array = value.buffer.data[:length].view(dtype).reshape(shape)
            return array if sole else array.copy()
        return _array(spec, value, what)

    return convert


def _scalar_converter(spec: ScalarSpec, what: str) -> Callable[[Any], int | float]:
    return lambda value: _scalar_argument(spec, value, what)


def _scalar_result_converter(spec: ScalarSpec) -> Callable[[Any, bool], np.generic]:
    return lambda value, sole: _scalar_result(spec, value)


_PLAIN_DTYPES = "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float16 float32 float64"
"""The dtypes of `_tensor_argument`'s fast path (those an element type accepts)."""


def buffer_view(spec: TensorSpec, value: Any, what: str) -> BufferView:
    """An argument as a read-only buffer view of `spec`'s element type and rank; its shape
    must match the static dimensions (INVALID_ARGUMENT naming `what` otherwise)."""
    dtype = spec.element_type.dtype()
    if isinstance(value, np.ndarray | np.generic):  # first: np.float64 is a Python float
        array = np.asarray(value)
    elif isinstance(value, bool | int | float) and not spec.shape:
        array = _scalar(value, spec.element_type, what)
    else:
        raise invalid_argument(
            f"{what}: expected a numpy array for {spec.type}, got {type(value).__name__}"
        )
    if not spec.element_type.accepts(array.dtype):
        raise invalid_argument(
            f"{what}: expected element type {spec.element_type.name} ({dtype}) for "
            f"{spec.type}, got {array.dtype}"
        )
    if array.ndim != len(spec.shape):
        raise invalid_argument(
            f"{what}: expected rank {len(spec.shape)} for {spec.type}, got rank {array.ndim} "
            f"(shape {array.shape})"
        )
    for axis, (expected, actual) in enumerate(zip(spec.shape, array.shape, strict=True)):
        if expected is not None and expected != actual:
            raise invalid_argument(
                f"{what}: expected size {expected} in dimension {axis} for {spec.type}, got "
                f"{actual} (shape {array.shape})"
            )
    data = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    code = spec.element_type.code
    return BufferView(Buffer(data, mutable=False), code, ENCODING_DENSE_ROW_MAJOR, array.shape)


def _scalar(value: bool | int | float, element: ElementType, what: str) -> np.ndarray:
    """A Python scalar as a 0-d array of `element`'s dtype: a bool for i1 only, an int for an
    integer (in range) or float type, a float for a float type."""
    floating = element.numerical_type >> 4 == FLOAT >> 4
    integer = element.numerical_type in (INTEGER, SIGNED, UNSIGNED)
    allowed = {bool: element.numerical_type == BOOLEAN, int: integer or floating, float: floating}
    if not allowed.get(type(value), False):
        raise invalid_argument(
            f"{what}: a Python {type(value).__name__} cannot be an {element.name} scalar"
        )
    try:
        return np.asarray(value, dtype=element.dtype())
    except OverflowError as err:
        raise invalid_argument(f"{what}: {value!r} does not fit in {element.name}: {err}") from None


def _scalar_argument(spec: ScalarSpec, value: Any, what: str) -> int | float:
    """A scalar argument as its VM value: an int (narrow integers sign-extended, i1 as 0/1)
    or a float (f16 and bf16 rounded to their type). Python scalars are checked as for
    rank-0 tensors, numpy scalars and 0-d arrays by dtype."""
    dtype = spec.dtype()
    if isinstance(value, np.ndarray | np.generic) and np.ndim(value) == 0:  # np.float64 first
        array = np.asarray(value)
        signless = spec.type.startswith("i") and dtype.kind in "iu"
        if not (array.dtype == dtype or signless and array.dtype.itemsize == dtype.itemsize):
            raise invalid_argument(
                f"{what}: expected a {spec.type} scalar ({dtype}), got {array.dtype}"
            )
    elif isinstance(value, bool | int | float):
        element = BY_NAME.get(spec.type) or replace(BY_NAME["i64"], name="index")
        array = _scalar(value, element, what)
    else:
        raise invalid_argument(f"{what}: expected a {spec.type} scalar, got {type(value).__name__}")
    if spec.convention in "fF":  # bf16's dtype is not of kind "f"
        return float(array)
    return int(array.astype(dtype))


def _scalar_result(spec: ScalarSpec, value: int | float) -> np.generic:
    """A scalar result as a numpy scalar of its type (integers wrapped to their width)."""
    dtype = spec.dtype()
    if spec.convention in "fF":
        return dtype.type(value)
    return np.asarray(value, dtype=np.int64).astype(dtype)[()]


def _array(spec: TensorSpec, value: Any, what: str) -> np.ndarray:
    """A result buffer view as a new numpy array; INTERNAL (the host module breaks its own
    declaration) unless its element type is compatible and its shape fits the declared one."""
    if not isinstance(value, BufferView):
        raise StatusError(StatusCode.INTERNAL, f"{what} is not a buffer view ({value!r})")
    fits = len(value.shape) == len(spec.shape) and all(
        expected in (None, actual) for expected, actual in zip(spec.shape, value.shape, strict=True)
    )
    if not (fits and is_compatible(value.element_type, spec.element_type.code)):
        raise StatusError(
            StatusCode.INTERNAL, f"{what} is a {value!r}, but the declaration says {spec.type}"
        )
    return value.to_array()
