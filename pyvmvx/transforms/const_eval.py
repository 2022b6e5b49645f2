"""`pyvmvx-const-eval`: constant expressions of a program evaluated at compile time.

IREE hoists computations on constants out of its functions (`iree-util-hoist-into-globals`)
and evaluates them when it compiles (`iree-consteval-jit-globals`), so a model's weight
transposes (PyTorch's `linear` becomes `linalg.transpose` of the weight, then `matmul`), the
batch-norm scales computed from constant statistics and the like cost nothing per call. This
pass does the same on linalg on tensors, before dispatch formation:

- In the entry block of each function with a body, an op is *constant* if it is an
  `arith.constant`, an empty tensor of static shape, a `linalg` op on tensors or a pure
  `arith`/`math`/`tensor` op without regions, whose operands are all constant, and its
  value depends on at least one constant tensor.
- A constant value that is not a view (reshapes, casts and slices cost nothing on the host)
  is folded if its bytes exceed those of the constant tensors it depends on by at most
  `max-size-increase-threshold` (IREE's `--iree-opt-const-expr-max-size-increase-threshold`,
  the same 1 MiB default: a transpose or an elementwise op of weights always, a broadcast
  only while it stays small), and its element types and those of its inputs are
  f16/f32/f64/i8/i16/i32/i64.
- The folded values used by ops that are not folded (the roots) are computed together by
  one program (one per root if that fails): the roots' expressions, their constant tensors
  as arguments, compiled by pyvmvx itself (`ukernels=all`, whose results are bit-identical
  to `ukernels=none`) and run with the numpy runtime. Each root becomes a `dense_resource`
  constant (kept on the host, as weights are) owned by the module; ops left without uses are
  erased.

A root whose evaluation program does not compile or fails at run time is not folded: the
program computes it as before (and reports the error then, where it applies).
At most `MAX_EVALUATED_BYTES` of results are computed per function.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith, func, tensor
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerType,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.traits import is_side_effect_free

from pyvmvx.dialects import util
from pyvmvx.ir.dense_splat import splat_count
from pyvmvx.ir.diagnostics import CompileError
from pyvmvx.ir.resources import HEADER_BYTES, add_resource, resource_bytes

MAX_EVALUATED_BYTES = 1 << 28
"""The most bytes of results one function's evaluation computes (256 MiB)."""

_DIALECTS = ("arith", "math", "linalg", "tensor")
_FUNCTIONS = (func.FuncOp, util.FuncOp)
_VIEWS = (tensor.ExpandShapeOp, tensor.CollapseShapeOp, tensor.CastOp, tensor.ExtractSliceOp)


def _dtype(type_: Attribute) -> np.dtype | None:
    """The numpy dtype of a tensor's elements the evaluation passes through, or None."""
    if not isinstance(type_, TensorType):
        return None
    element = type_.get_element_type()
    if isinstance(element, Float16Type | Float32Type | Float64Type):
        return np.dtype(f"f{element.bitwidth // 8}")
    if isinstance(element, IntegerType) and element.width.data in (8, 16, 32, 64):
        return np.dtype(f"i{element.width.data // 8}")
    return None


def _static_bytes(type_: Attribute) -> int | None:
    """The byte size of a static tensor of a supported element type, else None."""
    dtype = _dtype(type_)
    if dtype is None:
        return None
    assert isinstance(type_, TensorType)
    shape = type_.get_shape()
    if any(size < 0 for size in shape):
        return None
    return dtype.itemsize * math.prod(shape)


def _tensor_constant(op: Operation) -> bool:
    """An `arith.constant` of a static tensor whose data the evaluation can read."""
    return (
        isinstance(op, arith.ConstantOp)
        and isinstance(op.value, DenseIntOrFPElementsAttr | DenseResourceAttr)
        and _static_bytes(op.result.type) is not None
    )


def _computable(op: Operation) -> bool:
    """A pure op of the evaluated dialects with static tensor or scalar results."""
    dialect = op.dialect_name()
    if dialect == "linalg":  # on tensors (not all of xDSL's linalg ops declare it pure)
        if not op.results or any(isinstance(o.type, MemRefType) for o in op.operands):
            return False
    elif dialect not in _DIALECTS or op.regions or not is_side_effect_free(op):
        return False
    return all(
        _static_bytes(r.type) is not None if isinstance(r.type, TensorType) else True
        for r in op.results
    )


def _inputs(op: Operation) -> list[SSAValue]:
    """The values `op` reads: its operands and those its regions use from outside it (a
    linalg body's scalar constants)."""
    values = list(op.operands)
    for inner in op.walk():
        for value in inner.operands if inner is not op else ():
            owner = value.owner
            parent = owner if isinstance(owner, Operation) else owner.parent_op()
            if parent is None or not op.is_ancestor(parent):
                values.append(value)
    return values


def _folded(block: Block, threshold: int) -> set[SSAValue]:
    """The values of `block` computed at compile time (see the module docstring)."""
    sources: dict[SSAValue, frozenset[Operation]] = {}  # constant value -> constant tensors
    folded: set[SSAValue] = set()
    for op in block.ops:
        if _tensor_constant(op):
            sources[op.results[0]] = frozenset([op])
            continue
        free = isinstance(op, arith.ConstantOp) or (
            isinstance(op, tensor.EmptyOp) and not op.dynamic_sizes
        )
        if not free and not _computable(op):
            continue
        read = _inputs(op)
        if not all(o in sources for o in read):
            continue
        used = frozenset().union(*(sources[o] for o in read))
        inputs = sum(_static_bytes(c.results[0].type) or 0 for c in used)
        for result in op.results:
            sources[result] = used
            size = _static_bytes(result.type)
            # a view is free on the host: folding it would copy the data
            if (
                used
                and not isinstance(op, _VIEWS)
                and size is not None
                and size - inputs <= threshold
            ):
                folded.add(result)
    return folded


def _roots(block: Block, folded: set[SSAValue]) -> list[SSAValue]:
    """The folded values that an op which is not folded uses, in block order."""

    def folded_op(op: Operation) -> bool:
        return bool(op.results) and all(r in folded for r in op.results)

    return [
        result
        for op in block.ops
        for result in op.results
        if result in folded and any(not folded_op(u.operation) for u in result.uses)
    ]


def _slice(block: Block, roots: Sequence[SSAValue]) -> tuple[list[Operation], list[Operation]]:
    """The ops of `block` computing `roots` (block order), and the constant tensors among
    them."""
    needed: set[Operation] = set()
    stack = [r.owner for r in roots]
    while stack:
        op = stack.pop()
        assert isinstance(op, Operation)
        if op in needed:
            continue
        needed.add(op)
        stack.extend(o.owner for o in _inputs(op) if isinstance(o.owner, Operation))
    ordered = [op for op in block.ops if op in needed]
    return [op for op in ordered if not _tensor_constant(op)], [
        op for op in ordered if _tensor_constant(op)
    ]


def _array(op: arith.ConstantOp) -> np.ndarray | None:
    """The data of a constant tensor as a numpy array, or None if it has none."""
    type_ = op.result.type
    dtype = _dtype(type_)
    assert dtype is not None and isinstance(type_, TensorType)
    shape = tuple(type_.get_shape())
    value = op.value
    if isinstance(value, DenseResourceAttr):
        raw = resource_bytes(value.resource_handle.data)
        if raw is None:
            return None
        data = raw[HEADER_BYTES:]
    else:
        assert isinstance(value, DenseIntOrFPElementsAttr)
        data = bytes(value.data.data)
        if splat_count(value) is not None:
            return np.full(shape, np.frombuffer(data, dtype)[0])
    if len(data) != dtype.itemsize * math.prod(shape):
        return None
    return np.frombuffer(data, dtype).reshape(shape)


def _evaluate(
    ops: Sequence[Operation], constants: Sequence[Operation], roots: Sequence[SSAValue]
) -> list[np.ndarray] | None:
    """The roots' values: a program of `ops` taking `constants` as arguments, compiled and
    run by pyvmvx; None if it does not compile or run."""
    from pyvmvx import load
    from pyvmvx.compiler.driver import compile_text, print_ir
    from pyvmvx.runtime.status import StatusError

    arrays = [_array(c) for c in constants]  # type: ignore[arg-type]
    if any(a is None for a in arrays):
        return None
    block = Block(arg_types=[c.results[0].type for c in constants])
    mapping: dict[SSAValue, SSAValue] = {
        c.results[0]: arg for c, arg in zip(constants, block.args, strict=True)
    }
    for op in ops:
        block.add_op(op.clone(value_mapper=mapping))
    block.add_op(func.ReturnOp(*(mapping[r] for r in roots)))
    function = func.FuncOp.from_region(
        "const_eval", [a.type for a in block.args], [r.type for r in roots], Region([block])
    )
    try:
        compiled = compile_text(print_ir(ModuleOp([function])), "<const-eval>")
        assert isinstance(compiled, bytes)
        results = load(compiled, threads=1).const_eval(*arrays)
    except (CompileError, StatusError):
        return None
    return [np.asarray(r) for r in (results if len(roots) > 1 else (results,))]


def _fold(module: ModuleOp, block: Block, threshold: int) -> None:
    roots = _roots(block, _folded(block, threshold))
    budget = MAX_EVALUATED_BYTES
    chosen = []
    for root in roots:
        size = _static_bytes(root.type) or 0
        if size <= budget:
            budget -= size
            chosen.append(root)
    if not chosen:
        return
    if not _replace(module, block, chosen):  # then one by one: a failing root keeps the others
        for root in chosen:
            _replace(module, block, [root])


def _replace(module: ModuleOp, block: Block, roots: Sequence[SSAValue]) -> bool:
    """Evaluate `roots` (values of `block`) and use the results instead; False (nothing
    changed) if that fails."""
    ops, constants = _slice(block, roots)
    values = _evaluate(ops, constants, roots)
    if values is None:
        return False
    for root, value in zip(roots, values, strict=True):
        owner = root.owner
        assert isinstance(owner, Operation)
        key = add_resource(module, "const_eval", value.tobytes())
        constant = arith.ConstantOp(DenseResourceAttr.from_params(key, root.type), root.type)
        Rewriter.insert_op(constant, InsertPoint.before(owner))
        root.replace_all_uses_with(constant.result)
    _erase_dead([*reversed(ops), *constants])
    return True


def _erase_dead(ops: Iterable[Operation]) -> None:
    """Erase each op (last first) whose results have no uses left."""
    for op in ops:
        if all(not r.uses for r in op.results):
            op.detach()
            op.erase()


@dataclass(frozen=True)
class ConstEvalPass(ModulePass):
    """Evaluates each function's constant expressions at compile time."""

    name = "pyvmvx-const-eval"

    max_size_increase_threshold: int = 1 << 20
    """Bytes a folded value may exceed the constant tensors it is computed from by."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not any(d.name == "builtin" for d in ctx.loaded_dialects):
            ctx.load_registered_dialect("builtin")  # prints the folded constants' blobs
        for function in list(op.body.block.ops):
            if isinstance(function, _FUNCTIONS) and function.body.blocks:
                _fold(op, function.body.blocks[0], self.max_size_increase_threshold)
