"""`iree-vmvx-materialize-constants`: executable constants become globals set at load time.

For each key of the `hal.executable.constant.load "key" : T` ops of an executable module
(first-seen order), as IREE's `MaterializeConstantsPass`:

- `util.global private mutable @__constant_<key>_ordinal {hal.executable.constant.key = "<key>"}
  : i32`, the key's slot in the constants buffer, filled in at link time by
  `iree-vmvx-assign-constant-ordinals`;
- `util.global private mutable @__constant_<key> : T`, which each load now reads
  (`util.global.load`);
- one setter, `func.func @__set_constants(%constants: !util.buffer) attributes
  {vmvx.set_constants}`, that loads each value from byte offset `ordinal * 4` of a buffer of
  `4 * #keys` bytes and stores it into the key's global.

Unlike IREE, the setter carries `vmvx.set_constants`, so that `iree-vmvx-conversion` leaves
its signature alone and the runtime loader can call it (IREE's public setter collides with
both; the protocol is in `docs/executable-constants.md`). Constants are 32-bit slots, so
`T` must be `i32` or `f32` (IREE loads an i32 whatever `T` is). A module without constant
loads is left unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    FunctionType,
    IndexType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    f32,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from pyvmvx.conversion.hal_to_vmvx import SET_CONSTANTS_ATTR, SET_CONSTANTS_NAME
from pyvmvx.dialects import hal, util
from pyvmvx.ir.diagnostics import op_error
from pyvmvx.ir.index_builder import named_constant

GLOBAL_PREFIX = "__constant_"
KEY_ATTR = "hal.executable.constant.key"
SLOT_BYTES = 4
SLOT_TYPES: tuple[Attribute, ...] = (i32, f32)


def _loads_by_key(module: ModuleOp) -> dict[str, list[hal.ExecutableConstantLoadOp]]:
    """The constant loads of `module` grouped by key, keys in first-seen order."""
    loads: dict[str, list[hal.ExecutableConstantLoadOp]] = {}
    for op in module.walk():
        if not isinstance(op, hal.ExecutableConstantLoadOp):
            continue
        if op.result.type not in SLOT_TYPES:
            raise op_error(op, "executable constants are 32-bit: expected i32 or f32")
        same_key = loads.setdefault(op.key.data, [])
        if same_key and same_key[0].result.type != op.result.type:
            raise op_error(
                op, f'constant "{op.key.data}" is also loaded as {same_key[0].result.type}'
            )
        same_key.append(op)
    return loads


def _check_free(module: ModuleOp, names: set[str]) -> None:
    """Refuse to shadow an existing symbol with one of the new `names`."""
    for op in module.body.block.ops:
        symbol = op.properties.get("sym_name") or op.attributes.get("sym_name")
        if isinstance(symbol, StringAttr) and symbol.data in names:
            raise op_error(
                op,
                f"symbol @{symbol.data} is reserved by iree-vmvx-materialize-constants",
            )


def _setter(slots: list[tuple[util.GlobalOp, util.GlobalOp]]) -> func.FuncOp:
    """`@__set_constants`: each value global gets slot `ordinal` of the constants buffer."""
    body = Block(arg_types=[util.BufferType()])
    constants = body.args[0]
    constants.name_hint = "constants"

    def add(op: Operation) -> SSAValue:
        body.add_op(op)
        return op.results[0]

    size = add(named_constant(SLOT_BYTES * len(slots)))
    slot_bytes = add(named_constant(SLOT_BYTES, i32))
    length = add(named_constant(SLOT_BYTES))
    for ordinal_global, value_global in slots:
        ordinal = add(util.GlobalLoadOp(ordinal_global.sym_name.data, i32))
        offset = add(arith.IndexCastOp(add(arith.MuliOp(ordinal, slot_bytes)), IndexType()))
        value = add(util.BufferLoadOp(constants, size, offset, length, value_global.type))
        body.add_op(util.GlobalStoreOp(value, value_global.sym_name.data))
    body.add_op(func.ReturnOp())
    setter = func.FuncOp(
        SET_CONSTANTS_NAME, FunctionType.from_lists([util.BufferType()], []), Region(body)
    )
    setter.attributes[SET_CONSTANTS_ATTR] = UnitAttr()
    return setter


def materialize_constants(module: ModuleOp) -> None:
    """Materialize the executable constants of `module` (see the module docstring)."""
    loads = _loads_by_key(module)
    if not loads:
        return
    _check_free(
        module,
        {SET_CONSTANTS_NAME}
        | {GLOBAL_PREFIX + key + suffix for key in loads for suffix in ("", "_ordinal")},
    )
    new_ops: list[Operation] = []
    slots: list[tuple[util.GlobalOp, util.GlobalOp]] = []
    for key, key_loads in loads.items():
        name = GLOBAL_PREFIX + key
        ordinal_global = util.GlobalOp(f"{name}_ordinal", i32, mutable=True)
        ordinal_global.attributes[KEY_ATTR] = StringAttr(key)
        value_global = util.GlobalOp(name, key_loads[0].result.type, mutable=True)
        ordinal_global.location = value_global.location = key_loads[0].location
        for load in key_loads:
            global_load = util.GlobalLoadOp(name, load.result.type)
            global_load.location = load.location
            Rewriter.replace_op(load, global_load)
        new_ops += [ordinal_global, value_global]
        slots.append((ordinal_global, value_global))
    new_ops.append(_setter(slots))
    Rewriter.insert_op(new_ops, InsertPoint.at_start(module.body.block))


@dataclass(frozen=True)
class MaterializeConstantsPass(ModulePass):
    """Executable constant loads -> globals set by `@__set_constants`."""

    name = "iree-vmvx-materialize-constants"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for module in hal.executable_modules(op):
            materialize_constants(module)
