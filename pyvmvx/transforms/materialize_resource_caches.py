"""`iree-hal-materialize-resource-caches`: host code looks its device, allocator and
executables up once, when the module is initialized, instead of on every call.

As IREE's pass of this name caches each `hal.executable.lookup` in a `util.global` created by
an initializer, this pass, run on the host module that `pyvmvx-lower-host-to-hal` makes,
replaces

- `hal.devices.get` of the constant 0 with a load of `@__device_0` (what IREE's
  `iree-hal-materialize-target-devices` makes of the one local device),
- `hal.device.allocator` of that device with a load of `@__device_0_allocator`,
- `hal.executable.lookup` on that device with a load of `@__device_0_executable_<name>`,

and adds those immutable globals with one `util.initializer` that sets them (in the host
module's `__init`, run when `pyvmvx.load` creates the context). A module without such ops is
left unchanged. Executables are then loaded once per loaded module, and a call makes no
device, allocator or executable import calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, ModuleOp, StringAttr, SymbolRefAttr
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass

from pyvmvx.dialects import hal, util
from pyvmvx.dialects import hal_host_ops as host

DEVICE = "__device_0"


@dataclass(frozen=True)
class MaterializeResourceCachesPass(ModulePass):
    """Caches the host module's device, allocator and executables in globals."""

    name = "iree-hal-materialize-resource-caches"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        devices: dict[ModuleOp, list[Operation]] = {}
        for nested in op.walk():
            if isinstance(nested, hal.DevicesGetOp) and _is_zero(nested.index):
                devices.setdefault(_module_of(nested), []).append(nested)
        for module, ops in devices.items():
            _materialize(module, ops)


def _materialize(module: ModuleOp, devices: list[Operation]) -> None:
    """Caches `devices` (`hal.devices.get` 0 in `module`, not in a nested module) and the
    allocators and executables looked up on them."""
    cached = {o.results[0] for o in devices}
    users = [o for o in module.walk() if o.operands and o.operands[0] in cached]  # in order
    allocators = [o for o in users if isinstance(o, host.DeviceAllocatorOp)]
    lookups = [o for o in users if isinstance(o, hal.ExecutableLookupOp)]
    block = module.body.block
    taken = {
        o.sym_name.data for o in block.ops if isinstance(getattr(o, "sym_name", None), StringAttr)
    }
    body = Block()
    globals_: list[Operation] = []

    def cache(name: str, value: Operation, type_: Attribute) -> str:
        """A new global holding `value`'s result, set in the initializer."""
        symbol = name
        while symbol in taken:
            symbol = f"{symbol}_"
        taken.add(symbol)
        body.add_op(value)
        body.add_op(util.GlobalStoreOp(value.results[0], symbol))
        globals_.append(util.GlobalOp(symbol, type_))
        return symbol

    zero = arith.ConstantOp(IntegerAttr(0, IndexType()))
    body.add_op(zero)
    device_op = hal.DevicesGetOp(zero.result)
    device = device_op.result
    _replace(devices, cache(DEVICE, device_op, hal.DeviceType()))
    if allocators:
        allocator = host.DeviceAllocatorOp(device)
        _replace(allocators, cache(f"{DEVICE}_allocator", allocator, hal.AllocatorType()))
    by_name: dict[str, list[Operation]] = {}
    for lookup in lookups:
        assert isinstance(lookup, hal.ExecutableLookupOp)
        by_name.setdefault(lookup.executable.root_reference.data, []).append(lookup)
    for name, ops in by_name.items():
        created = hal.ExecutableLookupOp(
            operands=[device],
            result_types=[hal.ExecutableType()],
            properties={"executable": SymbolRefAttr(name)},
        )
        _replace(ops, cache(f"{DEVICE}_executable_{name}", created, hal.ExecutableType()))
    body.add_op(util.ReturnOp())
    first = block.first_op
    for new in (*globals_, util.InitializerOp(Region(body))):
        if first is None:
            block.add_op(new)
        else:
            block.insert_op_before(new, first)


def _module_of(op: Operation) -> ModuleOp:
    """The innermost module holding `op`."""
    parent = op.parent_op()
    while not isinstance(parent, ModuleOp):
        assert parent is not None  # a walk from a module stays inside it
        parent = parent.parent_op()
    return parent


def _is_zero(value: SSAValue) -> bool:
    owner = value.owner
    return (
        isinstance(owner, arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and owner.value.value.data == 0
    )


def _replace(ops: list[Operation], symbol: str) -> None:
    """Each op's result becomes a load of global `symbol`."""
    for op in ops:
        load = util.GlobalLoadOp(symbol, op.results[0].type)
        assert op.parent is not None
        op.parent.insert_op_before(load, op)
        op.results[0].replace_all_uses_with(load.result)
        op.detach()
        op.erase()
