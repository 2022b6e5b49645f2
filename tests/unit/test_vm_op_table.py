"""The runtime's op table is the one source of the `vm` op set: the compiler's dialect matches
it op by op (names, operand/result kinds, immediates, symbols, successors), a table or dialect
altered in one entry is rejected, and the compile-only pseudo-ops are expanded before a module
file is written and then run with IREE's semantics."""

from __future__ import annotations

import functools
import math
import struct
from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from typing import NamedTuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, result_def
from xdsl.transforms.canonicalize import CanonicalizePass
from xdsl.transforms.common_subexpression_elimination import CommonSubexpressionElimination

from pyvmvx.dialects.vm import VM
from pyvmvx.dialects.vm import ModuleOp as VMModuleOp
from pyvmvx.dialects.vm.op_table import I32_ALIASED, dialect_signature, differences
from pyvmvx.dialects.vm.pseudo_ops import NEAR_ULPS
from pyvmvx.dialects.vm.structural import BranchTableOp
from pyvmvx.ir.diagnostics import LocatedParser, verify_located
from pyvmvx.runtime.status import StatusError
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.buffer import Buffer
from pyvmvx.runtime.vm.executor import CompiledModule
from pyvmvx.runtime.vm.executor import Context as VMContext
from pyvmvx.runtime.vm.ops import DECLARATIONS, OPS, PSEUDO_OPS, OpSpec
from pyvmvx.transforms.pipelines import vm_passes

# ---------------------------------------------------------------------------
# The cross-check
# ---------------------------------------------------------------------------


def test_the_dialect_matches_the_runtime_table() -> None:
    assert differences(OPS, PSEUDO_OPS, DECLARATIONS, VM.operations) == []


class Tables(NamedTuple):
    """The arguments of `differences`: the runtime's three tables and the dialect's ops."""

    ops: Mapping[str, OpSpec] = OPS
    pseudo_ops: Collection[str] = tuple(PSEUDO_OPS)
    declarations: Collection[str] = tuple(DECLARATIONS)
    dialect: tuple[type[Operation], ...] = tuple(VM.operations)


def _changed(name: str, **fields: object) -> Mapping[str, OpSpec]:
    return {**OPS, name: replace(OPS[name], **fields)}  # type: ignore[arg-type]


def _without(names: Collection[str], name: str) -> tuple[str, ...]:
    return tuple(n for n in names if n != name)


ALTERED: dict[str, tuple[Callable[[], Tables], list[str]]] = {
    "an op renamed": (
        lambda: Tables(
            ops={("vm.add.i32x" if n == "vm.add.i32" else n): s for n, s in OPS.items()}
        ),
        [
            "vm.add.i32: a dialect op that the runtime table does not list",
            "vm.add.i32x: a runtime instruction that the dialect does not define",
        ],
    ),
    "an operand kind changed": (
        lambda: Tables(ops=_changed("vm.shl.i64", operands=("i64", "i64"))),
        ["vm.shl.i64: operands ('i64', 'i32') in the dialect, ('i64', 'i64') in the runtime"],
    ),
    "a result kind changed": (
        lambda: Tables(ops=_changed("vm.buffer.length", results=("i32",))),
        ["vm.buffer.length: results ('i64',) in the dialect, ('i32',) in the runtime"],
    ),
    "an immediate dropped": (
        lambda: Tables(ops=_changed("vm.rodata.inline", immediates=("bytes",))),
        [
            "vm.rodata.inline: immediates ('bytes', 'alignment') in the dialect, "
            "('bytes',) in the runtime"
        ],
    ),
    "an immediate kind changed": (
        lambda: Tables(ops=_changed("vm.const.i64", immediates=("i32",))),
        ["vm.const.i64: immediates ('i64',) in the dialect, ('i32',) in the runtime"],
    ),
    "an op removed": (
        lambda: Tables(ops={n: s for n, s in OPS.items() if n != "vm.cond_fail"}),
        ["vm.cond_fail: a dialect op that the runtime table does not list"],
    ),
    "a symbol kind changed": (
        lambda: Tables(ops=_changed("vm.import.resolved", symbol="callee")),
        ["vm.import.resolved: symbol 'import' in the dialect, 'callee' in the runtime"],
    ),
    "a successor count changed": (
        lambda: Tables(ops=_changed("vm.cond_br", successors=1)),
        ["vm.cond_br: successors 2 in the dialect, 1 in the runtime"],
    ),
    "an i32-aliased op with another kind": (
        lambda: Tables(ops=_changed("vm.buffer.store.f32", operands=("buffer", "i64", "f64"))),
        [
            "vm.buffer.store.f32: operands ('buffer', 'i64', 'f32') in the dialect, "
            "('buffer', 'i64', 'f64') in the runtime"
        ],
    ),
    "a pseudo-op unlisted": (
        lambda: Tables(pseudo_ops=_without(PSEUDO_OPS, "vm.check.nz")),
        ["vm.check.nz: a dialect op that the runtime table does not list"],
    ),
    "a pseudo-op also an instruction": (
        lambda: Tables(ops={**OPS, "vm.check.eq": OPS["vm.cmp.eq.i32"]}),
        ["vm.check.eq: listed as instruction and pseudo-op"],
    ),
    "an instruction listed as a pseudo-op": (
        lambda: Tables(
            ops={n: s for n, s in OPS.items() if n != "vm.select.i32"},
            pseudo_ops=(*PSEUDO_OPS, "vm.select.i32"),
        ),
        ["vm.select.i32: a pseudo-op that canonicalize does not expand"],
    ),
    "a declaration unlisted": (
        lambda: Tables(declarations=_without(DECLARATIONS, "vm.rodata")),
        ["vm.rodata: a dialect op that the runtime table does not list"],
    ),
    "a dialect op missing": (
        lambda: Tables(dialect=tuple(o for o in VM.operations if o is not BranchTableOp)),
        ["vm.br_table: a runtime instruction that the dialect does not define"],
    ),
}


@pytest.mark.parametrize("alteration", sorted(ALTERED))
def test_a_table_altered_in_one_entry_is_rejected(alteration: str) -> None:
    make, expected = ALTERED[alteration]
    assert differences(*make()) == expected


def test_the_i32_alias_is_allowed_only_where_the_dialect_has_it() -> None:
    """IREE's `AnyTypeOf<[type, I32]>` buffer accesses, and no other op, take `<type>|i32`."""
    signatures = {op.name: dialect_signature(op) for op in VM.operations if op.name in OPS}
    aliased = {
        name
        for name, signature in signatures.items()
        if any("|" in kind for kind in (*signature.operands, *signature.results))
    }
    assert aliased == I32_ALIASED


@irdl_op_definition
class _UnknownPropertyOp(IRDLOperation):
    name = "vm.test.unknown_property"
    weight = prop_def(StringAttr)
    result = result_def()


def test_a_property_without_module_file_meaning_is_a_difference() -> None:
    assert dialect_signature(_UnknownPropertyOp).immediates == ("?weight",)
    spec = OpSpec("vm.test.unknown_property", results=("buffer|f32|f64|i32|i64|list|ref",))
    assert differences({spec.name: spec}, (), (), (_UnknownPropertyOp,)) == [
        "vm.test.unknown_property: immediates ('?weight',) in the dialect, () in the runtime"
    ]


# ---------------------------------------------------------------------------
# Pseudo-ops: expanded by the `vm` pipeline's canonicalize, then run
# ---------------------------------------------------------------------------

PSEUDO_SOURCE = """
vm.module @m {
  vm.func @checks(%a: i32, %b: i32, %x: f64, %y: f64, %r: !vm.buffer) {
    vm.check.eq %a, %b, "a == b" : i32
    vm.check.ne %x, %y, "x != y" : f64
    vm.check.nearly_eq %x, %x, "x ~ x" : f64
    vm.check.nz %r, "r is not null" : !vm.buffer
    vm.return
  }
  vm.export @checks
  vm.func @near_f32(%x: f32, %y: f32) -> i32 {
    %c = vm.cmp.eq.f32.near %x, %y : f32
    vm.return %c : i32
  }
  vm.export @near_f32
  vm.func @near_f64(%x: f64, %y: f64) -> i32 {
    %c = vm.cmp.eq.f64.near %x, %y : f64
    vm.return %c : i32
  }
  vm.export @near_f64
}
"""


def _compiled(text: str) -> fmt.Module:
    """`text` after the `vm` pipeline's cleanups (canonicalize, cse), as a module file."""
    from pyvmvx.target.vm_to_format import module_to_format

    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(VM)
    module = LocatedParser(ctx, text, "test.mlir").parse_module()
    assert isinstance(module, ModuleOp)
    assert "canonicalize" in vm_passes()
    CanonicalizePass().apply(ctx, module)
    CommonSubexpressionElimination().apply(ctx, module)
    verify_located(module)
    (vm_module,) = (op for op in module.walk() if isinstance(op, VMModuleOp))
    return module_to_format(vm_module)


@functools.cache
def _pseudo_module() -> fmt.Module:
    return _compiled(PSEUDO_SOURCE)


@functools.cache
def _pseudo_context() -> VMContext:
    """A context of `PSEUDO_SOURCE` (its functions keep no state, so tests share it)."""
    return CompiledModule(_pseudo_module()).instantiate()


def _instructions(module: fmt.Module) -> set[str]:
    return {
        instruction.op
        for function in module.functions
        for block in function.blocks
        for instruction in block.instructions
    }


def test_pseudo_ops_never_reach_the_module_file() -> None:
    written = _instructions(_pseudo_module())
    assert not written & PSEUDO_OPS.keys()
    assert written >= set(PSEUDO_OPS.values())  # what each expansion ends in
    assert written <= OPS.keys()


def test_checks_fail_with_failed_precondition_and_their_message() -> None:
    context = _pseudo_context()
    buffer = Buffer.allocate(4)
    assert context.call("checks", 3, 3, 1.0, 2.0, buffer) == ()
    for args, message in (
        ((3, 4, 1.0, 2.0, buffer), "a == b"),
        ((3, 3, 1.0, 1.0, buffer), "x != y"),
        ((3, 3, math.nan, 1.0, buffer), "x != y"),  # ordered: NaN is not != 1.0
        ((3, 3, 1.0, 2.0, None), "r is not null"),
    ):
        with pytest.raises(StatusError) as info:
            context.call("checks", *args)
        assert (info.value.code, info.value.message) == ("FAILED_PRECONDITION", message)


def iree_near(x: float, y: float, width: int) -> int:
    """IREE's `vm.cmp.eq.<f>.near` (`RewritePseudoCmpNear`): exact when `x >= 0` and `y >= 0`
    differ, else `|bits(x) - bits(y)| < 100` in wrapping signed integers."""
    if (x >= 0.0) != (y >= 0.0):
        return int(x == y)
    float_code, int_code = ("<f", "<i") if width == 32 else ("<d", "<q")
    x_bits, y_bits = (struct.unpack(int_code, struct.pack(float_code, v))[0] for v in (x, y))

    def wrap(value: int) -> int:
        return (value + (1 << (width - 1))) % (1 << width) - (1 << (width - 1))

    return int(wrap(abs(wrap(x_bits - y_bits))) < NEAR_ULPS)


def _ulps_away(x: float, count: int, dtype: type[np.floating]) -> float:
    value = dtype(x)
    for _ in range(count):
        value = np.nextafter(value, dtype(math.inf))
    return float(value)


def test_near_compares_edges() -> None:
    context = _pseudo_context()
    for name, dtype in (("near_f32", np.float32), ("near_f64", np.float64)):
        assert context.call(name, 2.0, 2.0) == (1,)
        assert context.call(name, 2.0, -2.0) == (0,)
        assert context.call(name, 1.0, _ulps_away(1.0, NEAR_ULPS - 1, dtype)) == (1,)
        assert context.call(name, 1.0, _ulps_away(1.0, NEAR_ULPS, dtype)) == (0,)
        assert context.call(name, 0.0, -0.0) == (1,)
        assert context.call(name, math.nan, math.nan) == (1,)  # same bits, as in IREE
        assert context.call(name, math.inf, 1.0) == (0,)


def _neighbor(x: float, step: int, width: int) -> float:
    """The float `step` bit patterns away from `x` (wrapping around the integers)."""
    float_code, int_code = ("<f", "<i") if width == 32 else ("<d", "<q")
    bits = struct.unpack(int_code, struct.pack(float_code, x))[0] + step
    bits = (bits + (1 << (width - 1))) % (1 << width) - (1 << (width - 1))
    return struct.unpack(float_code, struct.pack(int_code, bits))[0]


SPECIAL = [0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 1e-45]
STEPS = st.integers(-2 * NEAR_ULPS, 2 * NEAR_ULPS)


@settings(max_examples=150, deadline=None)
@given(
    x=st.one_of(st.sampled_from(SPECIAL), st.floats(width=32)),
    y=st.one_of(st.sampled_from(SPECIAL), st.floats(width=32)),
    step=STEPS,
)
def test_near_f32_follows_iree(x: float, y: float, step: int) -> None:
    context = _pseudo_context()
    for other in (y, _neighbor(x, step, 32)):
        assert context.call("near_f32", x, other) == (iree_near(x, other, 32),), other


@settings(max_examples=150, deadline=None)
@given(
    x=st.one_of(st.sampled_from(SPECIAL), st.floats()),
    y=st.one_of(st.sampled_from(SPECIAL), st.floats()),
    step=STEPS,
)
def test_near_f64_follows_iree(x: float, y: float, step: int) -> None:
    context = _pseudo_context()
    for other in (y, _neighbor(x, step, 64)):
        assert context.call("near_f64", x, other) == (iree_near(x, other, 64),), other
