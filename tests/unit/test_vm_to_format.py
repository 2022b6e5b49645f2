"""The bridge from xDSL `vm.module`s to the module-file model: hand-written VM IR is bridged,
validated, written, read back and run, and every construct it cannot encode is a located
compile error."""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, ModuleOp

from pyvmvx.dialects.vm import VM
from pyvmvx.dialects.vm import ModuleOp as VMModuleOp
from pyvmvx.ir.diagnostics import CompileError, LocatedParser, verify_located
from pyvmvx.runtime import Buffer, VMVXModule
from pyvmvx.runtime.vm import format as fmt
from pyvmvx.runtime.vm.executor import CompiledModule
from pyvmvx.runtime.vm.executor import Context as VMContext
from pyvmvx.runtime.vm.serialize import decode, encode
from pyvmvx.target.vm_to_format import module_to_format


def _parse(text: str) -> VMModuleOp:
    ctx = Context()
    ctx.load_dialect(Builtin)
    ctx.load_dialect(VM)
    module = LocatedParser(ctx, text, "test.mlir").parse_module()
    verify_located(module)
    assert isinstance(module, ModuleOp)
    (vm_module,) = (op for op in module.walk() if isinstance(op, VMModuleOp))
    return vm_module


def _bridge(text: str, **kwargs: object) -> fmt.Module:
    module = module_to_format(_parse(text), **kwargs)  # type: ignore[arg-type]
    program = decode(encode(fmt.Program(host=module)))
    assert program.host == module
    return module


def _run(text: str) -> VMContext:
    return CompiledModule(_bridge(text)).instantiate({"vmvx": VMVXModule()})


LOOP = """
vm.module @m {
  vm.func private @sum_to(%n: i32) -> i32 {
    %zero = vm.const.i32.zero
    %one = vm.const.i32 1
    vm.br ^loop(%zero, %zero : i32, i32)
  ^loop(%i: i32, %acc: i32):
    %more = vm.cmp.lt.i32.s %i, %n : i32
    vm.cond_br %more, ^body(%i : i32), ^done(%acc : i32)
  ^body(%j: i32):
    %next = vm.add.i32 %j, %one : i32
    %acc2 = vm.add.i32 %acc, %next : i32
    vm.br ^loop(%next, %acc2 : i32, i32)
  ^done(%result: i32):
    vm.return %result : i32
  }
  vm.export @sum_to
  vm.func private @twice(%n: i32) -> (i32, i64) {
    %a = vm.call @sum_to(%n) : (i32) -> i32
    %b = vm.add.i32 %a, %a : i32
    %wide = vm.ext.i32.i64.s %b : i32 -> i64
    vm.return %b, %wide : i32, i64
  }
  vm.export @twice as("double_sum")
}
"""


def test_blocks_branches_and_calls_run() -> None:
    context = _run(LOOP)
    assert context.call("sum_to", 10) == (55,)
    assert context.call("double_sum", 4) == (20, 20)
    module = _bridge(LOOP)
    assert [e.name for e in module.exports] == ["sum_to", "double_sum"]
    assert [e.calling_convention for e in module.exports] == ["0i_i", "0i_iI"]
    function = module.functions[0]
    assert function.registers[:3] == ("i32", "i32", "i32")  # %n, %zero, %one
    branch = function.blocks[1].instructions[-1]
    assert branch.op == "vm.cond_br" and len(branch.operands) == 1
    assert [s.block for s in branch.successors] == [2, 3]


STATE = """
vm.module @state {
  vm.global.i32 private mutable @counter = 5 : i32
  vm.global.i64 private @big = -3 : i64
  vm.global.f32 private mutable @scale : f32
  vm.global.ref private mutable @saved : !vm.buffer
  vm.rodata private @table {alignment = 64 : i64} dense<[1, 2, 3, 4]> : tensor<4xi32>
  vm.rodata private @text "hi"
  vm.rodata private @flags dense<[true, false, true]> : tensor<3xi1>
  vm.initializer {
    %c = vm.const.f32 2.5
    vm.global.store.f32 %c, @scale : f32
    vm.return
  }
  vm.func private @bump() -> (i32, f32) {
    %c = vm.global.load.i32 @counter : i32
    %one = vm.const.i32 1
    %n = vm.add.i32 %c, %one : i32
    vm.global.store.i32 %n, @counter : i32
    %s = vm.global.load.f32 @scale : f32
    vm.return %n, %s : i32, f32
  }
  vm.export @bump
  vm.initializer {
    %b = vm.const.ref.rodata @table : !vm.buffer
    vm.global.store.ref %b, @saved : !vm.buffer
    vm.return
  }
  vm.func private @read(%i: i64) -> (i32, i64, i32, i32, i32) {
    %b = vm.global.load.ref @saved : !vm.buffer
    %v = vm.buffer.load.i32 %b[%i] : !vm.buffer -> i32
    %big = vm.global.load.i64 @big : i64
    %t = vm.const.ref.rodata @text : !vm.buffer
    %zero = vm.const.i64.zero
    %h = vm.buffer.load.i8.u %t[%zero] : !vm.buffer -> i32
    %f = vm.const.ref.rodata @flags : !vm.buffer
    %two = vm.const.i64 2
    %flag = vm.buffer.load.i8.u %f[%two] : !vm.buffer -> i32
    %inline = vm.rodata.inline "pair" {alignment = 8 : i64}
        : !vm.buffer = dense<[7, 9]> : tensor<2xi16>
    %one = vm.const.i64 1
    %w = vm.buffer.load.i16.s %inline[%one] : !vm.buffer -> i32
    vm.return %v, %big, %h, %flag, %w : i32, i64, i32, i32, i32
  }
  vm.export @read
}
"""


def test_globals_rodata_and_initializers() -> None:
    module = _bridge(STATE)
    assert [(g.name, g.type, g.mutable, g.initial) for g in module.globals] == [
        ("counter", "i32", True, 5),
        ("big", "i64", False, -3),
        ("scale", "f32", True, None),
        ("saved", "buffer", True, None),
    ]
    assert [(r.name, r.data, r.alignment) for r in module.rodata] == [
        ("table", np.arange(1, 5, dtype="<i4").tobytes(), 64),
        ("text", b"hi", 16),
        ("flags", b"\x01\x00\x01", 16),
    ]
    assert module.exports[-1] == fmt.Export("__init", len(module.functions) - 1, "0v_v")
    context = CompiledModule(module).instantiate()
    assert context.call("bump") == (6, 2.5)
    assert context.call("bump") == (7, 2.5)
    assert context.call("read", 2) == (3, -3, ord("h"), 1, 9)


def test_dense_resource_rodata() -> None:
    text = """
vm.module @m {
  vm.rodata private @blob dense_resource<blob1> : tensor<2xi32>
}
{-#
  dialect_resources: { builtin: { blob1: "0x040000000500000006000000" } }
#-}
"""
    module = _bridge(text)
    assert module.rodata[0].data == bytes([5, 0, 0, 0, 6, 0, 0, 0])


def test_immediates_are_normalized_and_messages_kept() -> None:
    text = """
vm.module @m {
  vm.func private @f(%x: i32) -> (i32, i64, f64) {
    %a = vm.const.i32 4294967295
    %b = vm.const.i64 -9223372036854775808
    %c = vm.const.f64 0.1
    %status = vm.const.i32 3
    vm.cond_fail %x, %status, "x was set"
    vm.return %a, %b, %c : i32, i64, f64
  }
  vm.export @f
  vm.func private @g() {
    %status = vm.const.i32 5
    vm.fail %status
  }
  vm.export @g
  vm.func private @lists() -> (i32, i32) {
    %c2 = vm.const.i32 2
    %l = vm.list.alloc %c2 : (i32) -> !vm.list<f32>
    %r = vm.list.alloc %c2 : (i32) -> !vm.list<!vm.buffer>
    %any = vm.list.alloc %c2 : (i32) -> !vm.list<?>
    vm.list.resize %l, %c2 : (!vm.list<f32>, i32)
    %n = vm.list.size %l : (!vm.list<f32>) -> i32
    %m = vm.list.size %any : (!vm.list<?>) -> i32
    vm.return %n, %m : i32, i32
  }
  vm.export @lists
}
"""
    module = _bridge(text)
    first = module.functions[0].blocks[0].instructions
    assert [i.immediates for i in first[:3]] == [(-1,), (-(1 << 63),), (0.1,)]
    assert first[4].immediates == ("x was set",)
    assert module.functions[1].blocks[0].instructions[-1].immediates == ("",)
    allocs = [i for i in module.functions[2].blocks[0].instructions if i.op == "vm.list.alloc"]
    assert [i.immediates for i in allocs] == [("f32",), ("buffer",), ("ref",)]
    context = CompiledModule(module).instantiate()
    assert context.call("f", 0) == (-1, -(1 << 63), 0.1)
    with pytest.raises(Exception, match="x was set"):
        context.call("f", 1)
    assert context.call("lists") == (2, 0)


ABS_IMPORT = """  vm.import private @vmvx.abs.2d.f32(
      %in : !vm.buffer, %in_off : i64, %in_strides : tuple<i64, i64>,
      %out : !vm.buffer, %out_off : i64, %out_strides : tuple<i64, i64>,
      %sizes : tuple<i64, i64>)
"""
"""The declaration of `vmvx.abs.2d.f32`, as IREE writes it."""


def test_imports_call_the_vmvx_module() -> None:
    text = (
        "\nvm.module @m {\n"
        + ABS_IMPORT
        + """  vm.func private @abs(%in: !vm.buffer, %out: !vm.buffer, %n: i64) {
    %zero = vm.const.i64.zero
    %one = vm.const.i64 1
    vm.call @vmvx.abs.2d.f32(%in, %zero, %zero, %one, %out, %zero, %zero, %one, %one, %n)
        : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()
    vm.return
  }
  vm.export @abs
}
"""
    )
    module = _bridge(text)
    assert module.imports == (fmt.Import("vmvx.abs.2d.f32", "0rIIIrIIIII_v"),)
    call = module.functions[0].blocks[0].instructions[2]
    assert call.symbol == fmt.SymbolRef("import", 0)
    x = np.array([-1, 2, -3], np.float32)
    y = np.zeros(3, np.float32)
    context = CompiledModule(module).instantiate({"vmvx": VMVXModule()})
    context.call("abs", Buffer(x, mutable=False), Buffer(y, mutable=True), 3)
    np.testing.assert_array_equal(y, [1, 2, 3])


ENTRIES = """
vm.module @module {
  vm.func private @b(%a0: !vm.buffer, %a1: !vm.buffer, %a2: !vm.list<!vm.buffer>,
                     %a3: i32, %a4: i32, %a5: i32, %a6: i32, %a7: i32, %a8: i32,
                     %a9: i32, %a10: i32, %a11: i32)
      attributes {iree.reflection = {binding_count = "9", note = 3 : i32}} {
    vm.return
  }
  vm.func private @a(%a0: !vm.buffer, %a1: !vm.buffer, %a2: !vm.list<!vm.buffer>,
                     %a3: i32, %a4: i32, %a5: i32, %a6: i32, %a7: i32, %a8: i32,
                     %a9: i32, %a10: i32, %a11: i32) {
    vm.return
  }
  vm.func private @__set_constants(%c: !vm.buffer) {
    vm.return
  }
  vm.export @__set_constants
  vm.export @b
  vm.export @a
}
"""


def test_entry_points_come_first_with_their_reflection() -> None:
    module = _bridge(
        ENTRIES,
        entry_points=[("a", (("binding_count", "2"),)), ("b", (("binding_count", "1"),))],
    )
    assert [(e.name, e.reflection) for e in module.exports] == [
        ("a", (("binding_count", "2"),)),
        ("b", (("binding_count", "1"), ("note", "3"))),
        ("__set_constants", ()),
    ]
    assert module.exports[0].calling_convention == "0rrriiiiiiiii_v"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "vm.module @m {\n  vm.func private @f(%a: i32, %b: i32) {\n"
            '    vm.check.eq %a, %b, "no" : i32\n    vm.return\n  }\n}',
            "test.mlir:3:5: error: 'vm.check.eq' op is not supported by the pyvmvx module format",
        ),
        (
            "vm.module @m {\n  vm.func private @f(%a: f32, %b: f32) -> i32 {\n"
            "    %c = vm.cmp.eq.f32.near %a, %b : f32\n    vm.return %c : i32\n  }\n}",
            "'vm.cmp.eq.f32.near' op is not supported",
        ),
        (
            "vm.module @m {\n  vm.rodata private @r 1 : i32\n}",
            "test.mlir:2:3: error: 'vm.rodata' op value 1 : i32 cannot be stored as read-only data",
        ),
        (
            "vm.module @m {\n  vm.func private @f(%x: i16) {\n    vm.return\n  }\n}",
            "test.mlir:2:3: error: 'vm.func' op uses type i16, which VM registers cannot hold",
        ),
        (
            "vm.module @m {\n  vm.func private @f() {\n    %c = vm.const.i32 1\n"
            "    %l = vm.list.alloc %c : (i32) -> !vm.list<i8>\n    vm.return\n  }\n}",
            "lists of i8 are not supported",
        ),
        (
            "vm.module @m {\n  vm.func private @__init() {\n    vm.return\n  }\n"
            "  vm.initializer {\n    vm.return\n  }\n}",
            "defines @__init and vm.initializers",
        ),
    ],
)
def test_unsupported_constructs_are_located_errors(text: str, message: str) -> None:
    with pytest.raises(CompileError) as info:
        module_to_format(_parse(text))
    assert message in str(info.value)


def test_missing_entry_point_export_is_an_error() -> None:
    with pytest.raises(CompileError, match="has no vm.export for entry point 'c'"):
        module_to_format(_parse(ENTRIES), [("c", ())])


def test_branch_tables_and_resolved_imports_run() -> None:
    """Every op the runtime runs can be written: `vm.br_table` (default first, then the cases)
    and `vm.import.resolved`."""
    text = (
        "\nvm.module @m {\n"
        + ABS_IMPORT
        + """  vm.func private @pick(%i: i32) -> (i32, i32) {
    %ten = vm.const.i32 10
    %twenty = vm.const.i32 20
    vm.br_table %i {
      default: ^bb3(%i : i32),
      0: ^bb1,
      1: ^bb2(%ten : i32),
      2: ^bb2(%twenty : i32)
    }
  ^bb1:
    %seven = vm.const.i32 7
    vm.br ^bb3(%seven : i32)
  ^bb2(%v: i32):
    vm.br ^bb3(%v : i32)
  ^bb3(%r: i32):
    %resolved = vm.import.resolved @vmvx.abs.2d.f32 : i32
    vm.return %r, %resolved : i32, i32
  }
  vm.export @pick
}
"""
    )
    module = _bridge(text)
    table = module.functions[0].blocks[0].instructions[-1]
    assert table.op == "vm.br_table"
    assert [s.block for s in table.successors] == [3, 1, 2, 2]
    context = _run(text)
    results = [context.call("pick", i) for i in (0, 1, 2, 3, -1)]
    assert results == [(7, 1), (10, 1), (20, 1), (3, 1), (-1, 1)]
