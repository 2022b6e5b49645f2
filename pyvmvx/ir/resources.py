"""`dense_resource` blobs: parsed once per input, kept as their hex text, read as bytes.

xDSL 0.75 keeps the blobs of `{-# dialect_resources: { builtin: { key: "0x..." } } #-}` in
one process-wide table (the `builtin` dialect's `OpAsmDialectInterface`) and renames a key
that is already there. Its parser renames the key where `dense_resource<key>` is used and
then again where the blob is defined, so the second input parsed in a process with the same
key gets an attribute whose key has no data. `ResourceParser` maps each key of an input to
one table key (`w`, then `w_0` for the next input holding a `w`), and releases the input's
blobs from the table when the module parsed with them is garbage-collected, so repeated
compiles in one process are correct and do not keep every blob alive. (IR that outlives
that module, such as a clone of it, must not need its blobs after that.)

A blob is kept as the hex string the lexer read (one regex match; no Python object per
element) and decoded with `bytes.fromhex` only where its bytes are needed: by the module-file
writer. Its first 4 bytes are MLIR's alignment header, not data.
"""

from __future__ import annotations

import weakref

from xdsl.context import Context
from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects.builtin import Builtin, ModuleOp
from xdsl.parser import Parser

HEADER_BYTES = 4
"""MLIR's blob header: the data's alignment as a little-endian u32."""


def _storage() -> OpAsmDialectInterface:
    interface = Builtin.get_interface(OpAsmDialectInterface)
    assert interface is not None  # xDSL's builtin dialect always has one
    return interface


def resource_text(key: str) -> str | None:
    """The hex text (`0x...`, header included) of the blob `key`, or None if it has none."""
    return _storage().lookup(key) or None


def resource_data_length(key: str) -> int | None:
    """The byte length of blob `key`'s data (without its header), without decoding it; None
    if it has no blob or the blob is shorter than its header."""
    text = resource_text(key)
    if text is None:
        return None
    length = (len(text) - 2) // 2 - HEADER_BYTES
    return length if length >= 0 else None


def resource_bytes(key: str) -> bytes | None:
    """The blob `key` as bytes, header included; None if it has none. Raises ValueError if
    it is not hexadecimal."""
    text = resource_text(key)
    return None if text is None else bytes.fromhex(text[2:])


def add_resource(owner: ModuleOp, name: str, data: bytes, alignment: int = 64) -> str:
    """A new blob holding `data` (behind MLIR's alignment header), under a key derived from
    `name` that no other blob has; released when `owner`, the module using it, is
    garbage-collected."""
    storage = _storage()
    key = storage.declare_resource(name)
    header = alignment.to_bytes(HEADER_BYTES, "little")
    storage.parse_resource(key, "0x" + (header + data).hex().upper())
    weakref.finalize(owner, _release, [key])
    return key


def _release(keys: list[str]) -> None:
    storage = _storage()
    for key in keys:
        storage._blob_storage.pop(key, None)  # pyright: ignore[reportPrivateUsage]


class ResourceParser(Parser):
    """A parser whose `dense_resource` keys name this input's blobs, whatever was parsed
    before in the process (see the module docstring)."""

    def __init__(self, ctx: Context, input: str | bytes, name: str = "<unknown>") -> None:
        super().__init__(ctx, input, name)
        self._resource_keys: dict[tuple[str, str], str] = {}

    def _parse_dialect_resource_handle(
        self, dialect_name: str, interface: OpAsmDialectInterface
    ) -> str:
        key = self.parse_identifier(context_msg=" for resource handle")
        stored = self._resource_keys.get((dialect_name, key))
        if stored is None:
            stored = interface.declare_resource(key)
            self._resource_keys[(dialect_name, key)] = stored
            self.dialect_resources.add((dialect_name, stored))
        return stored

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        module = super().parse_module(allow_implicit_module)
        keys = [key for (dialect, _), key in self._resource_keys.items() if dialect == "builtin"]
        if keys:
            weakref.finalize(module, _release, keys)
        return module
