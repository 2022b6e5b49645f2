"""Fixed-width integers: `wrap_int`, pyvmvx's one two's-complement wrapping helper.

It lives in the runtime, the lowest layer, so the compiler (constant folding, the module
writer) wraps exactly as the VM does.
"""


def wrap_int(value: int, bits: int, *, signed: bool = True) -> int:
    """`value` modulo 2**bits, as a two's-complement signed integer in [-2**(bits-1),
    2**(bits-1)) or, with `signed=False`, as an unsigned bit pattern in [0, 2**bits)."""
    if signed:
        half = 1 << (bits - 1)
        return ((value + half) & ((1 << bits) - 1)) - half
    return value & ((1 << bits) - 1)
