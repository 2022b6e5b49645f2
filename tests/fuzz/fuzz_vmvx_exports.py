"""Fuzz the `vmvx` module's exports with arguments decoded from bytes.

Input layout (`decode_call`; missing bytes read as 0):

- one byte: the export, by index into `VMVXModule().export_names` (modulo their count);
- per ref argument, one byte: `NULL` (0xFF), `WRONG_TYPE` (0xFE, a `List`), `0x80 | k` (the
  k-th buffer of this call again, modulo how many there are), else a new zero-filled guarded
  buffer of `LENGTHS[b & 7]` bytes, mutable if `b & 0x40`;
- per integer argument, one byte `b`: below 0x80 the value `b`; below 0xC0 `SPECIALS[b -
  0x80]` (modulo their count: boundary values around 2**31, 2**32, 2**63, 2**64, signed and
  unsigned, and just outside the accepted ranges); else the next 8 (`I`) or 4 (`i`) bytes,
  little-endian unsigned;
- the rest: the new buffers' initial contents, each buffer's in turn (as many bytes as it
  holds; those left without any stay zero-filled), so that index arrays, NaNs and zero
  points reach the kernels.

Contract: only `StatusError`; guard bytes and read-only buffers never change, and a refused
call changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from contracts import Guarded, Surface, main

from pyvmvx.runtime import List, StatusError, VMVXModule

MODULE = VMVXModule()
EXPORTS = MODULE.export_names
LENGTHS = (0, 3, 4, 16, 64, 256, 1024, 4096)
NULL, WRONG_TYPE, AGAIN, MUTABLE, RAW = 0xFF, 0xFE, 0x80, 0x40, 0xC0
SPECIALS = tuple(
    sorted(
        {
            *(b + d for b in (1 << 31, 1 << 32, 1 << 63, 1 << 64) for d in (-2, -1, 0, 1)),
            *(-(1 << p) + d for p in (31, 32, 63) for d in (-1, 0, 1)),
            -1,
            -2,
            (1 << 62),
            (1 << 64) - (1 << 31),
        }
    )
)
WIDTHS = {"I": 8, "i": 4}


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, count: int) -> bytes:
        chunk = self.data[self.at : self.at + count]
        self.at += count
        return chunk.ljust(count, b"\0")


def decode_call(data: bytes) -> tuple[str, list[object], list[Guarded]]:
    """The export name, its arguments and the guarded buffers among them (see above)."""
    reader = _Reader(data)
    name = EXPORTS[reader.take(1)[0] % len(EXPORTS)]
    kinds = MODULE.signature(name)[1:].partition("_")[0]
    args: list[object] = []
    made: list[Guarded] = []
    for kind in kinds:
        byte = reader.take(1)[0]
        if kind != "r":
            if byte < AGAIN:
                args.append(byte)
            elif byte < RAW:
                args.append(SPECIALS[(byte - AGAIN) % len(SPECIALS)])
            else:
                args.append(int.from_bytes(reader.take(WIDTHS[kind]), "little"))
        elif byte == NULL:
            args.append(None)
        elif byte == WRONG_TYPE:
            args.append(List("buffer", 0))
        elif byte & AGAIN and made:
            args.append(made[(byte & ~AGAIN) % len(made)].buffer)
        else:
            made.append(Guarded(LENGTHS[byte & 7], bool(byte & MUTABLE)))
            args.append(made[-1].buffer)
    for guarded in made:
        guarded.load(data[reader.at : reader.at + guarded.length])
        reader.at += guarded.length
    return name, args, made


def encode_call(name: str, *args: int | bytes, contents: Sequence[bytes] = ()) -> bytes:
    """The input `decode_call` reads as a call of `name`: an int is an integer argument (a
    special one by its index, others as their bit pattern), a one-byte `bytes` a ref argument's
    byte (see `buffer`); `contents` are the initial bytes of the new buffers, in order (each
    padded with zeros to its buffer's length, but the last)."""
    kinds = MODULE.signature(name)[1:].partition("_")[0]
    out = bytearray([EXPORTS.index(name)])
    for kind, arg in zip(kinds, args, strict=True):
        if isinstance(arg, bytes):
            out += arg
        elif 0 <= arg < AGAIN:
            out.append(arg)
        elif arg in SPECIALS:
            out.append(AGAIN + SPECIALS.index(arg))
        else:
            width = WIDTHS[kind]
            out += bytes([RAW]) + (arg % (1 << 8 * width)).to_bytes(width, "little")
    if contents:
        lengths = [guarded.length for guarded in decode_call(bytes(out))[2]]
        if len(contents) > len(lengths) or any(
            len(data) > length for data, length in zip(contents, lengths, strict=False)
        ):
            raise ValueError(f"contents do not fit the new buffers of {name} ({lengths} bytes)")
        for data, length in zip(contents[:-1], lengths, strict=False):
            out += data.ljust(length, b"\0")
        out += contents[-1]
    return bytes(out)


def buffer(length: int, *, mutable: bool) -> bytes:
    """The ref byte of a new buffer of `length` (one of `LENGTHS`) bytes."""
    return bytes([LENGTHS.index(length) | (MUTABLE if mutable else 0)])


def _call(data: bytes) -> None:
    name, args, made = decode_call(data)
    refused = False
    try:
        MODULE.call(name, *args)
    except StatusError:
        refused = True
    for guarded in made:
        guarded.check(unchanged=refused)


SURFACE = Surface("vmvx_exports", _call, (StatusError,), seconds=10.0)


def test_one_input(data: bytes) -> None:
    """Check the contract on one input (atheris's entry point)."""
    SURFACE.check(data)


if __name__ == "__main__":
    main(SURFACE)
