"""The base class of the refs that native modules define (IREE's registered ref types).

A `ref` register holds a `Buffer`, a `List`, None or an instance of a `RefObject` subclass,
such as the `hal` module's devices, buffer views and command buffers. The VM only moves such
objects between registers, lists and globals and compares them by identity; the native
module that made one checks its type where it is passed back (INVALID_ARGUMENT otherwise).
"""

from __future__ import annotations


class RefObject:
    """A VM ref defined by a native module; subclasses name their IREE type in `TYPE_NAME`."""

    __slots__ = ()

    TYPE_NAME = "ref"
