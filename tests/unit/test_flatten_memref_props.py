"""Property tests: the linear indices of fold-memref-alias-ops + flatten-memref-subspan are numpy's.

A binding subspan of a random shape (some sizes dynamic) is viewed through a random subview
(offsets static or dynamic, strides, optionally rank-reducing) or reshaped by expand_shape /
collapse_shape; one element is loaded at random indices. After
`iree-codegen-flatten-memref-subspan` the load reads a 1-D subspan; evaluating its index
(and the subspan's size) with the arguments' values must give the position numpy gives the
same element of `arange(prod(shape)).reshape(shape)`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import affine, arith, func, memref
from xdsl.dialects.builtin import IntegerAttr, MemRefType
from xdsl.ir import SSAValue
from xdsl.parser import Parser

from pyvmvx.compiler.driver import make_context
from pyvmvx.dialects import hal
from pyvmvx.transforms.flatten_memref_subspan import FlattenMemRefSubspanPass

LAYOUT = "#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>"


CONTEXT = make_context()


@dataclass
class Case:
    """A function `@f(args...) -> f32` loading one element, and its arguments' values."""

    body: list[str]
    args: dict[str, int]

    def text(self) -> str:
        params = ", ".join(f"%{name}: index" for name in self.args)
        lines = "\n  ".join(self.body)
        return f"func.func @f({params}) -> f32 {{\n  {lines}\n}}"

    def operand(self, name: str, value: int, dynamic: bool) -> str:
        """`%name` bound to `value` when dynamic, else the literal."""
        if not dynamic:
            return str(value)
        self.args[name] = value
        return f"%{name}"


def _memref(shape: Sequence[int | None], layout: str = "") -> str:
    dims = "".join(f"{'?' if d is None else d}x" for d in shape)
    return f"memref<{dims}f32{', ' + layout if layout else ''}>"


def _subspan(case: Case, shape: Sequence[int], dynamic: Sequence[bool]) -> str:
    """Add the binding subspan of `shape` (the `dynamic` sizes passed as arguments)."""
    dims = [
        case.operand(f"n{k}", d, dyn) for k, (d, dyn) in enumerate(zip(shape, dynamic, strict=True))
    ]
    dynamic_dims = [d for d, dyn in zip(dims, dynamic, strict=True) if dyn]
    suffix = f"{{{', '.join(dynamic_dims)}}}" if dynamic_dims else ""
    source = _memref([None if dyn else d for d, dyn in zip(shape, dynamic, strict=True)])
    case.body.append(
        f"%m = hal.interface.binding.subspan layout({LAYOUT}) binding(0) : {source}{suffix}"
    )
    return source


def _load(case: Case, view: str, view_type: str, index: Sequence[int]) -> None:
    indices = ", ".join(case.operand(f"i{k}", i, True) for k, i in enumerate(index))
    case.body += [f"%x = memref.load {view}[{indices}] : {view_type}", "func.return %x : f32"]


def _evaluate(value: SSAValue, env: dict[SSAValue, int]) -> int:
    if value in env:
        return env[value]
    owner = value.owner
    if isinstance(owner, arith.ConstantOp):
        assert isinstance(owner.value, IntegerAttr)
        return owner.value.value.data
    assert isinstance(owner, affine.ApplyOp), f"unexpected index producer {owner}"
    args = [_evaluate(operand, env) for operand in owner.mapOperands]
    affine_map = owner.map.data
    return affine_map.eval(args[: affine_map.num_dims], args[affine_map.num_dims :])[0]


def _flattened_position(case: Case) -> tuple[int, int]:
    """(linear index of the load, element count of its subspan) after the pass."""
    module = Parser(CONTEXT, case.text()).parse_module()
    FlattenMemRefSubspanPass().apply(CONTEXT, module)
    module.verify()
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    env = {arg: case.args[arg.name_hint or ""] for arg in function.args}
    load = next(op for op in module.walk() if isinstance(op, memref.LoadOp))
    subspan = load.memref.owner
    assert isinstance(subspan, hal.InterfaceBindingSubspanOp)
    flat_type = subspan.result.type
    assert isinstance(flat_type, MemRefType) and flat_type.get_num_dims() == 1
    (extent,) = flat_type.get_shape()
    size = _evaluate(subspan.dynamic_dims[0], env) if extent < 0 else extent
    (index,) = load.indices
    return _evaluate(index, env), size


shapes = st.lists(st.integers(1, 5), min_size=2, max_size=4)


@st.composite
def subview_cases(draw: st.DrawFn) -> tuple[Case, int, int]:
    shape = draw(shapes)
    rank = len(shape)
    dynamic = draw(st.lists(st.booleans(), min_size=rank, max_size=rank))
    case = Case([], {})
    source = _subspan(case, shape, dynamic)
    offsets, sizes, strides = [], [], []
    for extent in shape:
        size = draw(st.integers(1, extent))
        stride = draw(st.integers(1, max(1, (extent - 1) // max(1, size - 1))))
        offsets.append(draw(st.integers(0, extent - 1 - (size - 1) * stride)))
        sizes.append(size)
        strides.append(stride)
    dropped = {k for k, s in enumerate(sizes) if s == 1} if draw(st.booleans()) else set()
    if len(dropped) == rank:
        dropped.discard(rank - 1)
    dynamic_offsets = draw(st.lists(st.booleans(), min_size=rank, max_size=rank))
    offset_operands = [
        case.operand(f"o{k}", o, dyn)
        for k, (o, dyn) in enumerate(zip(offsets, dynamic_offsets, strict=True))
    ]
    source_strides = [prod(shape[k + 1 :]) for k in range(rank)]
    static_strides = not any(dynamic[1:])
    kept = [k for k in range(rank) if k not in dropped]
    layout_strides = [str(source_strides[k] * strides[k]) if static_strides else "?" for k in kept]
    offset = sum(o * s for o, s in zip(offsets, source_strides, strict=True))
    static_offset = static_strides and not any(dynamic_offsets)
    layout = f"strided<[{', '.join(layout_strides)}], offset: {offset if static_offset else '?'}>"
    view_type = _memref([sizes[k] for k in kept], layout)
    case.body.append(
        f"%v = memref.subview %m[{', '.join(offset_operands)}] "
        f"[{', '.join(map(str, sizes))}] [{', '.join(map(str, strides))}] : {source} to {view_type}"
    )
    index = [draw(st.integers(0, sizes[k] - 1)) for k in kept]
    _load(case, "%v", view_type, index)
    full = iter(index)
    position = [offsets[k] + (0 if k in dropped else next(full)) * strides[k] for k in range(rank)]
    expected = int(np.arange(prod(shape)).reshape(shape)[tuple(position)])
    return case, expected, prod(shape)


@given(subview_cases())
@settings(max_examples=150, deadline=None)
def test_subview_loads_linearize_like_numpy(drawn: tuple[Case, int, int]) -> None:
    case, expected, count = drawn
    assert _flattened_position(case) == (expected, count)


@st.composite
def reshape_cases(draw: st.DrawFn) -> tuple[Case, int, int]:
    shape = draw(shapes)
    rank = len(shape)
    dynamic = draw(st.lists(st.booleans(), min_size=rank, max_size=rank))
    case = Case([], {})
    source = _subspan(case, shape, dynamic)
    cuts = sorted(draw(st.sets(st.integers(1, rank - 1))))
    groups = [list(range(a, b)) for a, b in zip([0, *cuts], [*cuts, rank], strict=True)]
    reassociation = "[" + ", ".join(f"[{', '.join(map(str, g))}]" for g in groups) + "]"
    collapsed = [prod(shape[d] for d in g) for g in groups]
    if draw(st.booleans()):
        # collapse the subspan, load from the collapsed memref
        result = [
            None if any(dynamic[d] for d in g) else c
            for g, c in zip(groups, collapsed, strict=True)
        ]
        view_type = _memref(result)
        case.body.append(
            f"%v = memref.collapse_shape %m {reassociation} : {source} into {view_type}"
        )
        index = [draw(st.integers(0, c - 1)) for c in collapsed]
        position = np.unravel_index(np.ravel_multi_index(index, collapsed), shape)
    else:
        # collapse to the grouped shape, then expand back to the full shape
        inner = _memref(
            [
                None if any(dynamic[d] for d in g) else c
                for g, c in zip(groups, collapsed, strict=True)
            ]
        )
        case.body.append(f"%c = memref.collapse_shape %m {reassociation} : {source} into {inner}")
        output = [
            case.operand(f"e{k}", d, dyn)
            for k, (d, dyn) in enumerate(zip(shape, dynamic, strict=True))
        ]
        view_type = _memref([None if dyn else d for d, dyn in zip(shape, dynamic, strict=True)])
        case.body.append(
            f"%v = memref.expand_shape %c {reassociation} output_shape [{', '.join(output)}] "
            f": {inner} into {view_type}"
        )
        index = [draw(st.integers(0, d - 1)) for d in shape]
        position = tuple(index)
    _load(case, "%v", view_type, index)
    expected = int(np.arange(prod(shape)).reshape(shape)[tuple(position)])
    return case, expected, prod(shape)


@given(reshape_cases())
@settings(max_examples=150, deadline=None)
def test_reshaped_loads_linearize_like_numpy(drawn: tuple[Case, int, int]) -> None:
    case, expected, count = drawn
    assert _flattened_position(case) == (expected, count)


def test_module_without_nd_memrefs_is_unchanged() -> None:
    text = (
        "func.func @f(%i: index) -> f32 {\n"
        f"  %m = hal.interface.binding.subspan layout({LAYOUT}) binding(0) : memref<8xf32>\n"
        "  %x = memref.load %m[%i] : memref<8xf32>\n"
        "  func.return %x : f32\n}"
    )
    module = Parser(CONTEXT, text).parse_module()
    before = str(module)
    FlattenMemRefSubspanPass().apply(CONTEXT, module)
    assert str(module) == before
