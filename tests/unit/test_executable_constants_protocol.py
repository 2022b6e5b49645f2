"""The executable-constants protocol (docs/executable-constants.md) through the compiler.

After `iree-vmvx-materialize-constants`, `iree-vmvx-conversion` and `iree-vm-conversion`, the
setter is exported as `__set_constants` with calling convention `0r_v`, next to dispatch
entry points with `0rrriiiiiiiii_v`, which is what the runtime loader checks.
"""

from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from pyvmvx.compiler.driver import make_context
from pyvmvx.dialects.vm.imports import calling_convention
from pyvmvx.dialects.vm.structural import ExportOp, FuncOp
from pyvmvx.transforms.materialize_constants import MaterializeConstantsPass
from pyvmvx.transforms.vm_conversion import VMConversionPass
from pyvmvx.transforms.vmvx_conversion import VMVXConversionPass

SOURCE = """
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @dispatch() {
  %c0 = arith.constant 0 : index
  %out = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2xi32>
  %tile = hal.executable.constant.load "tile" : i32
  %lanes = hal.executable.constant.load "lanes" : i32
  %sum = arith.addi %tile, %lanes : i32
  memref.store %sum, %out[%c0] : memref<2xi32>
  func.return
}
"""


def _compile(source: str) -> ModuleOp:
    ctx = make_context()
    module = Parser(ctx, source).parse_module()
    for compiler_pass in (MaterializeConstantsPass(), VMVXConversionPass(), VMConversionPass()):
        compiler_pass.apply(ctx, module)
    module.verify()
    return module


def _exports(module: ModuleOp) -> dict[str, str]:
    """Export name -> calling convention of the exported `vm.func`."""
    functions = {op.sym_name.data: op for op in module.walk() if isinstance(op, FuncOp)}
    return {
        op.export_name.data: calling_convention(functions[op.function_ref.string_value()])
        for op in module.walk()
        if isinstance(op, ExportOp)
    }


def test_setter_and_entry_point_calling_conventions() -> None:
    assert _exports(_compile(SOURCE)) == {
        "__set_constants": "0r_v",
        "dispatch": "0rrriiiiiiiii_v",
    }


def test_no_constants_no_setter() -> None:
    source = SOURCE.replace('hal.executable.constant.load "tile"', "arith.constant 1").replace(
        'hal.executable.constant.load "lanes"', "arith.constant 2"
    )
    assert _exports(_compile(source)) == {"dispatch": "0rrriiiiiiiii_v"}
