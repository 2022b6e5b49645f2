"""Tensor `--input` values and `--output` targets, read and written as `iree-run-module` does.

Each `--input` gives one argument, except `*FILE`, which gives every array left in the file:

- `2x3xf32=1 2 3 4 5 6`: the row-major elements, separated by spaces, commas or brackets
  (`2x3xf32=[1 2 3][4 5 6]`); one value fills the whole tensor, none zero-fills it. Element
  types are those of `element_types.ELEMENT_TYPES` (bf16 and f8 with `ml_dtypes`); i1 values
  are `0`/`1`, `true`/`false` or IREE's printed `00`/`01`; signless integers take either
  signedness's range (`4xi8=255` is -1), as IREE's parser does.
- `f32=1.5`, `i1=1`: a rank-0 tensor.
- `2x3xf32=@x.bin`: the tensor's raw bytes from the start of `x.bin`; `=+x.bin` from where
  the previous read of `x.bin` stopped.
- `@x.npy`: the first array in `x.npy`; `+x.npy` the next one (`np.save` can append several to
  one file); `*x.npy` every array left.
- `@x.npz`, `+x.npz`, `*x.npz`: the same over the archive's arrays in their stored order (IREE
  reads only `.npy`); `@x.npz:name` is the array called `name` (and `+x.npz` then the next).

Outputs (`--output`, one per result when any is given): empty ignores the result, `-` prints
it, `@y.npy` writes it to a new `y.npy` and `+y.npy` appends it (several results in one file,
read back with successive `np.load(f)`); another extension writes the raw bytes.
Malformed inputs and unreadable or unwritable files are INVALID_ARGUMENT; an input too large to
hold is RESOURCE_EXHAUSTED.
"""

from __future__ import annotations

import math
import re
import zipfile
from io import BufferedReader
from typing import IO, Any

import numpy as np

from pyvmvx.runtime.modules.element_types import BOOLEAN, BY_NAME, INTEGER, UNSIGNED
from pyvmvx.runtime.status import StatusCode, StatusError, invalid_argument

MAX_INPUT_BYTES = 1 << 32
"""The largest array one `--input` may describe (4 GiB); larger is RESOURCE_EXHAUSTED."""
MAX_INPUT_RANK = 64
"""The most dimensions one `--input` shape may have (as many as numpy 2 allows an array); more
is INVALID_ARGUMENT."""
_SEPARATORS = re.compile(r"[\s,\[\]]+")
_BOOLEANS = {"0": False, "1": True, "00": False, "01": True, "false": False, "true": True}


def parse_array(text: str) -> np.ndarray:
    """A `SHAPExTYPE=VALUES` or `TYPE=VALUE` input as a new array (see the module docstring)."""
    spec, _, values = text.partition("=")
    shape, dtype, element = parse_shape_and_type(spec, text)
    count = math.prod(shape)
    tokens = [t for t in _SEPARATORS.split(values) if t]
    if len(tokens) > 1 and len(tokens) != count:
        raise invalid_argument(f"input {_shown(text)}: {len(tokens)} values for {count} elements")
    try:
        if not tokens:
            return np.zeros(shape, dtype)
        elements = [_element(token, element, text) for token in tokens]
        with np.errstate(over="ignore"):  # f16/bf16/f8 overflow to inf, as IREE's conversion
            if len(elements) == 1:
                return np.full(shape, elements[0], dtype)
            return np.array(elements, dtype).reshape(shape)
    except MemoryError:
        raise _exhausted(text) from None


def parse_shape_and_type(spec: str, text: str) -> tuple[tuple[int, ...], np.dtype, str]:
    """`2x3xf32` as its shape, dtype and element type name; the size is bounded."""
    *dims, element = spec.split("x")
    element_type = BY_NAME.get(element)
    if element_type is None:
        raise invalid_argument(f"input {_shown(text)}: unknown element type {element[:40]!r}")
    dtype = element_type.dtype()
    if len(dims) > MAX_INPUT_RANK:
        raise invalid_argument(
            f"input {_shown(text)}: {len(dims)} dimensions; at most {MAX_INPUT_RANK} are supported"
        )
    if not all(d.isascii() and d.isdigit() and len(d) <= 18 for d in dims):
        raise invalid_argument(
            f"input {_shown(text)}: shape dimensions must be non-negative integers below 10**18"
        )
    shape = tuple(int(d) for d in dims)
    count = math.prod(shape)  # unbounded: numpy's product would wrap around
    if count * dtype.itemsize > MAX_INPUT_BYTES:
        raise StatusError(
            StatusCode.RESOURCE_EXHAUSTED,
            f"input {_shown(text)}: {count} elements exceed the {MAX_INPUT_BYTES}-byte input limit",
        )
    return shape, dtype, element


def _element(token: str, element: str, text: str) -> bool | int | float:
    """One value of element type `element`, range-checked."""
    element_type = BY_NAME[element]
    numerical = element_type.numerical_type
    try:
        if numerical == BOOLEAN:
            return _BOOLEANS[token.lower()]
        if numerical >> 4 == INTEGER >> 4:
            value = int(token)
            bits = element_type.bits
            low = 0 if numerical == UNSIGNED else -(1 << (bits - 1))
            high = (1 << bits) - 1 if numerical in (INTEGER, UNSIGNED) else (1 << (bits - 1)) - 1
            if not low <= value <= high:
                raise ValueError(f"out of range for {element}")
            wraps = numerical == INTEGER and value >= 1 << (bits - 1)
            return value - (1 << bits) if wraps else value
        return float(token)
    except (ValueError, KeyError) as err:
        problem = f"bad value {token[:40]!r} for {element} ({err})"
        raise invalid_argument(f"input {_shown(text)}: {problem}") from None


class Files:
    """The files `--input` values read, each kept open so that `+FILE` continues where the
    previous read of the same path stopped (IREE's stream list)."""

    def __init__(self) -> None:
        self._streams: dict[str, BufferedReader] = {}
        self._archives: dict[str, tuple[Any, list[str]]] = {}

    def __enter__(self) -> Files:
        return self

    def __exit__(self, *_: object) -> None:
        for stream in self._streams.values():
            stream.close()
        for archive, _ in self._archives.values():
            archive.close()

    def stream(self, path: str, restart: bool) -> BufferedReader:
        """`path` opened for reading, at its start if `restart`, else where it was left."""
        stream = self._streams.get(path)
        if stream is None:
            try:
                stream = self._streams[path] = open(path, "rb")  # closed on __exit__
            except OSError as err:
                raise invalid_argument(f"cannot read input file {path!r}: {err}") from None
        if restart:
            stream.seek(0)
        return stream

    def arrays(self, mode: str, path: str) -> list[np.ndarray]:
        """The arrays `@`, `+` or `*` (`mode`) takes from an `.npy` or `.npz` file."""
        if path.endswith(".npy"):
            stream = self.stream(path, restart=mode == "@")
            if mode != "*":
                return [_load_npy(stream, path)]
            arrays = []
            while stream.peek(1):
                arrays.append(_load_npy(stream, path))
            return arrays
        archive_path, colon, key = path.partition(".npz:")
        if colon:
            archive, left = self._archive(archive_path + ".npz")
            if mode != "@" or key not in archive.files:
                names = ", ".join(archive.files) or "none"
                raise invalid_argument(
                    f"input {mode + path!r}: no array {key!r} (arrays: {names}); a key "
                    "is read with @FILE.npz:KEY"
                )
            left[:] = archive.files[archive.files.index(key) + 1 :]
            return [_npz_array(archive, key, path)]
        if not path.endswith(".npz"):
            raise invalid_argument(
                f"input {mode + path!r}: only .npy and .npz files hold arrays (a raw binary "
                "file needs its shape and type: 2x3xf32=@FILE)"
            )
        archive, left = self._archive(path)
        if mode == "@":
            left[:] = list(archive.files)
        taken = left[:] if mode == "*" else left[:1]
        if not taken and mode != "*":
            raise invalid_argument(f"input {mode + path!r}: no arrays left in the archive")
        del left[: len(taken)]
        return [_npz_array(archive, key, path) for key in taken]

    def _archive(self, path: str) -> tuple[Any, list[str]]:
        if path not in self._archives:
            try:
                archive = np.load(path, allow_pickle=False)
            except (OSError, ValueError, zipfile.BadZipFile, EOFError) as err:
                raise invalid_argument(f"cannot read input file {path!r}: {err}") from None
            if not hasattr(archive, "files"):
                raise invalid_argument(f"input file {path!r} is not an .npz archive")
            self._archives[path] = (archive, list(archive.files))
        return self._archives[path]


def _load_npy(stream: IO[bytes], path: str) -> np.ndarray:
    try:
        array = np.load(stream, allow_pickle=False)
    except (OSError, ValueError, EOFError) as err:
        raise invalid_argument(f"cannot read an array from input file {path!r}: {err}") from None
    except MemoryError:
        raise _exhausted(path) from None
    return _native(array)


def _npz_array(archive: Any, key: str, path: str) -> np.ndarray:
    try:
        return _native(archive[key])
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as err:
        raise invalid_argument(f"cannot read array {key!r} of {path!r}: {err}") from None
    except MemoryError:
        raise _exhausted(path) from None


def _native(array: np.ndarray) -> np.ndarray:
    """`array` in native byte order (a big-endian `.npy` file reads as native values)."""
    return array if array.dtype.isnative else array.astype(array.dtype.newbyteorder("="))


def read_input(files: Files, text: str) -> list[np.ndarray]:
    """The arrays one tensor `--input` gives (one, or any number for `*FILE`)."""
    text = text.strip()
    if text[:1] in ("@", "+", "*"):
        return files.arrays(text[0], text[1:])
    spec, equals, contents = text.partition("=")
    if not equals:
        raise invalid_argument(
            f"input {_shown(text)} is not SHAPExTYPE=VALUES, TYPE=VALUE or @FILE.npy"
        )
    if contents[:1] in ("@", "+"):
        return [_read_raw(files, spec, contents, text)]
    return [parse_array(text)]


def parse_scalar(element: str, text: str) -> np.ndarray:
    """A scalar argument of element type `element` (`index` is i64): `VALUE`, as IREE takes
    it, or `TYPE=VALUE` with any scalar type name; a 0-d array of the element's dtype."""
    name = "i64" if element == "index" else element
    prefix, equals, value = text.strip().rpartition("=")
    if equals and prefix not in BY_NAME and prefix != "index":
        raise invalid_argument(f"input {_shown(text)}: a scalar is VALUE or TYPE=VALUE")
    return np.array(_element(value, name, text), BY_NAME[name].dtype())


def _read_raw(files: Files, spec: str, contents: str, text: str) -> np.ndarray:
    """`2x3xf32=@x.bin`: the tensor's bytes from the file (continuing with `+`)."""
    shape, dtype, _ = parse_shape_and_type(spec, text)
    length = math.prod(shape) * dtype.itemsize
    data = files.stream(contents[1:], restart=contents[0] == "@").read(length)
    if len(data) != length:
        raise invalid_argument(
            f"input {_shown(text)}: needs {length} bytes, the file has {len(data)} left"
        )
    return np.frombuffer(data, dtype).reshape(shape).copy()


def write_output(target: str, array: np.ndarray) -> None:
    """Write a result to an `@FILE`/`+FILE` target: `.npy` as an array, else its raw bytes."""
    if target[:1] not in ("@", "+"):
        raise invalid_argument(f"--output={target!r}: expected empty, -, @FILE or +FILE")
    path = target[1:]
    try:
        with open(path, "wb" if target[0] == "@" else "ab") as file:
            if path.endswith(".npy"):
                np.save(file, array, allow_pickle=False)
            else:
                file.write(np.ascontiguousarray(array).tobytes())
    except OSError as err:
        raise invalid_argument(f"cannot write output file {path!r}: {err}") from None


def _exhausted(text: str) -> StatusError:
    return StatusError(
        StatusCode.RESOURCE_EXHAUSTED, f"input {_shown(text)}: not enough memory to hold it"
    )


def _shown(text: str) -> str:
    return repr(text if len(text) <= 80 else f"{text[:77]}...")
