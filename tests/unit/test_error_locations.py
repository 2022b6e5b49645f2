"""Every compiler error names its source line (issue 9).

One small input per user-facing error site of the passes, conversions and the module writer
(`pyvmvx/transforms`, `pyvmvx/conversion`, `pyvmvx/target`), run the way a user meets it:
through `pyvmvx.compile` in a codegen mode, where most ops the error is about were built by
earlier passes, or through `pyvmvx-opt -p <pass>` for passes outside the driver's phases. The
diagnostic must be `<file>:<line>:<col>: error: ...` at the line marked `// HERE`, the op the
error is about (or, for an op a pass built, the op it was built from).

`test_every_error_site_has_a_case` finds the sites (each `raise` of a diagnostic: `op_error`,
`located_error`, `conversion_error`, ..., or a `CompileError` built in place) in the source and
fails when one is neither raised by some case nor listed in `WITHOUT_A_CASE` with the reason
no input reaches it.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import pyvmvx
from pyvmvx.ir.diagnostics import CompileError, nesting_limit
from pyvmvx.tools.pyvmvx_opt import PyVMVXOptMain

PACKAGE = Path(pyvmvx.__file__).parent
MARK = "// HERE"
VM = "iree-vm-conversion"


@dataclass(frozen=True)
class Case:
    """An input, how it is compiled (`none`/`all`: `pyvmvx.compile` in that codegen mode;
    anything else: a `pyvmvx-opt` pipeline) and a fragment of the message."""

    id: str
    text: str
    message: str
    run: str = "none"

    @property
    def line(self) -> int:
        (line,) = (n for n, text in enumerate(self.text.splitlines(), 1) if MARK in text)
        return line


def _layout(bindings: int, constants: int = 0) -> str:
    binding = "#hal.pipeline.binding<storage_buffer>"
    return (
        f"#hal.pipeline.layout<constants = {constants}, "
        f"bindings = [{', '.join([binding] * bindings)}]>"
    )


def _source(
    body: str, *, constants: int = 0, export: str = "", module: str = "", blocks: str = ""
) -> str:
    """An executable source with one export `@f` of two bindings and `constants` push
    constants (and `export` after it: a count region); `body` is `@f`'s body (binding `i` is
    `layout(#l) binding(i)`), `module` more ops of the inner module, `blocks` constant
    blocks."""
    return f"""#l = {_layout(2, constants)}
hal.executable.source public @e {{
  hal.executable.export public @f ordinal(0) layout(#l){export}{blocks}
  builtin.module {{{module}
    func.func @f() {{
{body}
      return
    }}
  }}
}}
"""


def _vm_variant(module: str, exports: str = "@f") -> str:
    """An executable whose variant already holds `vm` code (checked by the module writer)."""
    entries = "\n".join(
        f"    hal.executable.export public {name} ordinal({i}) layout({_layout(0)})"
        for i, name in enumerate(exports.split())
    )
    return f"""hal.executable public @e {{
  hal.executable.variant public @v target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {{
{entries}
    builtin.module {{
{module}
    }}
  }}
}}
"""


def _vm_module(body: str) -> str:
    """`vm.module @m` holding `body`; a body starting with the mark marks the module."""
    mark = MARK if body.startswith(MARK) else ""
    return f"      vm.module @m {{  {mark}\n{body.removeprefix(MARK)}\n      }}"


def _generic(element: str, body: str) -> str:
    """`@f`'s body: an elementwise generic on `element`s from binding 0 to binding 1, marked
    unless `body` has the mark."""
    mark = "" if MARK in body else MARK
    return f"""      %a = hal.interface.binding.subspan layout(#l) binding(0) : memref<16x{element}>
      %b = hal.interface.binding.subspan layout(#l) binding(1) : memref<16x{element}>
      linalg.generic {{iterator_types = ["parallel"],  {mark}
                      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]}}
          ins(%a : memref<16x{element}>) outs(%b : memref<16x{element}>) {{
      ^bb0(%x: {element}, %y: {element}):
{body}
      }}"""


def _block(body: str, key: str = "k", argument: str = "") -> str:
    """A constant block for `key`; `body` defines `%c`, which it returns."""
    return f"""
  hal.executable.constant.block({argument}) -> i32 as "{key}" {{
    {body}
    hal.return %c : i32
  }}"""


def _stored(definition: str, element: str) -> str:
    """`@f`'s body: `definition` of `%k`, stored to binding 0."""
    return f"""      {definition}
      %o = hal.interface.binding.subspan layout(#l) binding(0) : memref<1x{element}>
      %c0 = arith.constant 0 : index
      memref.store %k, %o[%c0] : memref<1x{element}>"""


CASES: list[Case] = [
    # iree-vm-conversion, after the whole pipeline (the ops were built by passes).
    Case(
        "buffer_element_type",
        _source(_generic("f8E4M3FN", "        linalg.yield %x : f8E4M3FN")),
        "'util.buffer.load' op iree-vm-conversion: unsupported buffer element type f8E4M3FN",
    ),
    Case(
        "no_vm_op",
        _source(
            _generic(
                "f32", f"        %t = math.cbrt %x : f32  {MARK}\n        linalg.yield %t : f32"
            )
        ),
        "failed to legalize operation 'math.cbrt'",
    ),
    Case(
        "float_truncation",
        _source(
            _generic(
                "f32",
                f"        %n = arith.truncf %x : f32 to f8E5M2  {MARK}\n"
                "        %e = arith.extf %n : f8E5M2 to f32\n"
                "        linalg.yield %e : f32",
            )
        ),
        "unsupported float truncation to f8E5M2",
    ),
    Case(
        "apply_scale_signedness",
        """func.func private @f(%v: i32, %m: ui32, %s: i8) -> i32 {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, ui32, i8) -> i32  // HERE
  return %r : i32
}
""",
        "tosa.apply_scale on ui32: only signless integers (and vectors of them) lower to arith",
        run="iree-vmvx-conversion",
    ),
    Case(
        "int_to_float",
        _source(
            _generic(
                "f32",
                "        %i = arith.fptosi %x : f32 to i32\n"
                f"        %h = arith.sitofp %i : i32 to f8E4M3FN  {MARK}\n"
                "        %f = arith.extf %h : f8E4M3FN to f32\n"
                "        linalg.yield %f : f32",
            )
        ),
        "unsupported conversion to f8E4M3FN",
    ),
    Case(
        "bitcast",
        _source(
            _generic(
                "f16",
                f"        %i = arith.bitcast %x : f16 to i16  {MARK}\n"
                "        %h = arith.bitcast %i : i16 to f16\n"
                "        linalg.yield %h : f16",
            )
        ),
        "unsupported bitcast from f16 to i16",
    ),
    Case(
        "no_vm_type",
        _source(
            _generic(
                "i32",
                f"        %w = arith.extsi %x : i32 to i128  {MARK}\n"
                "        %n = arith.trunci %w : i128 to i32\n"
                "        linalg.yield %n : i32",
            )
        ),
        "type i128 has no VM equivalent",
    ),
    Case(
        "import_arity",
        _source(
            f"      func.call @vmvx.fill.2d.x32() : () -> ()  {MARK}",
            module="\n    func.func private @vmvx.fill.2d.x32() "
            'attributes {vm.import.module = "vmvx"}',
        ),
        "passes 0 arguments to import vmvx.fill.2d.x32, which takes 6",
    ),
    Case(
        "unknown_import",
        _source(
            "      func.call @vmvx.nope() : () -> ()",
            module="\n    func.func private @vmvx.nope() "
            f'attributes {{vm.import.module = "vmvx"}}  {MARK}',
        ),
        "failed to resolve VM function import for vmvx.nope",
    ),
    # Executable constants.
    Case(
        "constant_key",
        _source(
            _stored(f'%k = hal.executable.constant.load "missing" : i32  {MARK}', "i32"),
            blocks=_block("%c = arith.constant 1 : i32", "present"),
        ),
        "no constant block providing key",
    ),
    Case(
        "constant_width",
        _source(_stored(f'%k = hal.executable.constant.load "wide" : i64  {MARK}', "i64")),
        "executable constants are 32-bit",
    ),
    Case(
        "constant_type",
        _source(
            '      %a = hal.executable.constant.load "k" : i32\n'
            "      %f = arith.bitcast %a : i32 to f32\n"
            + _stored(f'%b = hal.executable.constant.load "k" : f32  {MARK}', "f32")
            + "\n      %k = arith.addf %f, %b : f32"
        ),
        'constant "k" is also loaded as i32',
    ),
    Case(
        "constant_symbol",
        _source(
            _stored('%k = hal.executable.constant.load "k" : i32', "i32"),
            module=f"\n    util.global private @__constant_k : i32  {MARK}",
        ),
        "symbol @__constant_k is reserved",
    ),
    # Codegen.
    *(
        Case(
            f"pipeline_{name}",
            _source("").replace(
                "func.func @f() {",
                f"func.func @f() attributes {{translation_info = "
                f"#iree_codegen.translation_info<pipeline = {pipeline}>}} {{  {MARK}",
            ),
            message,
        )
        for name, pipeline, message in (
            ("cpu", "CPUDefault", "Unsupported pipeline on VMVX target."),
            (
                "transform_dialect",
                "#iree_codegen.transform_dialect_codegen codegen_spec = @spec",
                "transform dialect codegen pipelines are not supported",
            ),
            (
                "custom",
                '#iree_codegen.pass_pipeline<"no-such-pass">',
                "failed to build custom pass pipeline: Unrecognized passes: ['no-such-pass']",
            ),
        )
    ),
    Case(
        "pipeline_container",
        _source(
            "",
            module="\n    util.func private @g() attributes {translation_info = "
            f"#iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>}} {{  {MARK}"
            "\n      util.return\n    }",
        ),
        "unhandled function-like container during executable lowering",
    ),
    Case(
        "distribution_sizes",
        _source(
            "      %a = hal.interface.binding.subspan layout(#l) binding(0) : memref<8x8xf32>\n"
            "      %b = hal.interface.binding.subspan layout(#l) binding(1) : memref<8x8xf32>\n"
            "      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [4]>}"
            f"  {MARK}\n"
            "        ins(%a : memref<8x8xf32>) outs(%b : memref<8x8xf32>)"
        ),
        "lowering_config has 1 distribution tile sizes for 2 loops",
    ),
    Case(
        "workload_ordinal",
        _source(
            "      %k = hal.interface.constant.load layout(#l) ordinal(0) : i32\n"
            "      %i = arith.index_castui %k : i32 to index\n"
            f"      %n = iree_tensor_ext.dispatch.workload.ordinal %i, 1 : index  {MARK}\n"
            "      %o = hal.interface.binding.subspan layout(#l) binding(0) : memref<?xf32>{%n}\n"
            "      %zero = arith.constant 0.0 : f32\n"
            "      linalg.fill ins(%zero : f32) outs(%o : memref<?xf32>)",
            export=" count(%device: !hal.device, %w0: index) -> (index, index, index) {\n"
            "    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0)\n"
            "    hal.return %x, %y, %z : index, index, index\n  }",
            constants=1,
        ),
        "ordinal number is higher than the number of workloads",
    ),
    Case(
        "distribution_tensors",
        "func.func @f(%t: tensor<8xf32>) -> tensor<8xf32> {\n"
        "  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],"
        f"  {MARK}\n"
        '      iterator_types = ["parallel"]} outs(%t : tensor<8xf32>)\n'
        "      attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [4]>} {\n"
        "  ^bb0(%x: f32):\n    linalg.yield %x : f32\n  } -> tensor<8xf32>\n"
        "  func.return %r : tensor<8xf32>\n}\n",
        "tile and distribute needs buffer (memref) operands",
        run="iree-codegen-tile-and-distribute-to-workgroups",
    ),
    Case(
        "ukernel_signature",
        _source(
            "      %a = hal.interface.binding.subspan layout(#l) binding(0) : memref<1x1x8x1xf32>\n"
            "      %b = hal.interface.binding.subspan layout(#l) binding(1) : memref<1x1x8x8xf32>\n"
            "      linalg.mmt4d ins(%a, %a : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>)\n"
            "                   outs(%b : memref<1x1x8x8xf32>)",
            module=f"\n    func.func private @vmvx.mmt4d(i32)  {MARK}",
        ),
        "conflicts with the signature of ukernel vmvx.mmt4d",
        run="all",
    ),
    Case(
        "pack_bounds",
        _source(
            "      %a = hal.interface.binding.subspan layout(#l) binding(0) : memref<8xf32>\n"
            "      %b = hal.interface.binding.subspan layout(#l) binding(1) : memref<3x4xf32>\n"
            f"      linalg.pack %a inner_dims_pos = [0] inner_tiles = [4]  {MARK}\n"
            "        into %b : memref<8xf32> -> memref<3x4xf32>"
        ),
        "source dimension 0 is smaller than its tiles cover and has no padding",
        # Statically only before tiling: a tiled pack checks its tile with a cf.assert.
        run="iree-linalg-ext-to-loops",
    ),
    Case(
        "flatten_user",
        _source(
            "      %m = hal.interface.binding.subspan layout(#l) binding(0) : memref<4x4xf32>\n"
            f"      func.call @consume(%m) : (memref<4x4xf32>) -> ()  {MARK}",
            module="\n    func.func private @consume(memref<4x4xf32>)",
        ),
        "cannot be rewritten by iree-codegen-flatten-memref-subspan",
    ),
    Case(
        "vmvx_conversion",
        _source(
            "      %c = arith.constant 4 : index\n"
            f"      %m = memref.alloc(%c) : memref<?xf32>  {MARK}\n"
            "      %z = arith.constant 0.0 : f32\n"
            "      %i = arith.constant 0 : index\n"
            "      memref.store %z, %m[%i] : memref<?xf32>"
        ),
        "conversion to the VMVX dialect failed",
    ),
    Case(
        "entry_signature",
        _source("").replace("func.func @f() {", f"func.func @f(%x: i32) {{  {MARK}"),
        "exported functions must have no I/O",
    ),
    Case(
        "set_constants",
        _source(
            "",
            module="\n    func.func @g(%c: !util.buffer) attributes {vmvx.set_constants} {"
            f"  {MARK}\n      return\n    }}",
        ),
        "a function marked vmvx.set_constants must be @__set_constants",
    ),
    # The module writer, on a variant that already holds vm code.
    Case(
        "no_vm_module",
        _vm_variant("").replace("hal.executable.variant", f"hal.executable.variant  {MARK}\n   "),
        "has no vm.module to serialize",
    ),
    *(
        Case(f"format_{name}", _vm_variant(_vm_module(body), exports), message)
        for name, body, exports, message in (
            (
                "import",
                f"        vm.import private @x.i(i16)  {MARK}",
                "",
                "type i16 has no VM calling-convention code",
            ),
            (
                "other_op",
                f"        util.global private @g : i32  {MARK}",
                "",
                "cannot be serialized into a module file",
            ),
            (
                "initializers",
                f"{MARK}\n        vm.func private @__init() {{\n          vm.return\n        }}\n"
                "        vm.initializer {\n          vm.return\n        }",
                "",
                "defines @__init and vm.initializers",
            ),
            (
                "second_export",
                "        vm.func private @f() {\n          vm.return\n        }\n"
                "        vm.export @f\n"
                f"        vm.export @f  {MARK}",
                "@f",
                "exports a second function as 'f'",
            ),
            (
                "entry_point",
                MARK,
                "@f",
                "has no vm.export for entry point 'f'",
            ),
            (
                "register_type",
                f"        vm.func private @g(%x: i16) {{  {MARK}\n          vm.return\n        }}",
                "",
                "uses type i16, which VM registers cannot hold",
            ),
            (
                "list_type",
                "        vm.func private @g() {\n          %c = vm.const.i32 1\n"
                f"          %l = vm.list.alloc %c : (i32) -> !vm.list<i8>  {MARK}\n"
                "          vm.return\n        }",
                "",
                "lists of i8 are not supported",
            ),
            (
                "reflection",
                "        vm.func private @g() attributes {iree.reflection = {a = 1.5 : f32}} {"
                f"  {MARK}\n          vm.return\n        }}\n        vm.export @g",
                "",
                "reflection attribute a = ",
            ),
            (
                "rodata_value",
                f"        vm.rodata private @r 1 : i32  {MARK}",
                "",
                "value 1 : i32 cannot be stored as read-only data",
            ),
            (
                "rodata_size",
                f"        vm.rodata private @r dense<0> : tensor<2000000000000xi8>  {MARK}",
                "",
                "holds a constant of more than",
            ),
            (
                "no_body",
                f"        vm.func private @g()  {MARK}",
                "",
                "has no body",
            ),
            (
                "instruction",
                "        vm.func private @g() -> i32 {\n"
                f"          %c = arith.constant 1 : i32  {MARK}\n"
                "          vm.return %c : i32\n        }\n        vm.export @g",
                "",
                "is not supported by the pyvmvx module format",
            ),
            (
                "resource",
                f"        vm.rodata private @r dense_resource<missing> : tensor<4xi8>  {MARK}",
                "",
                "dense resource 'missing' has no data in the module's resources",
            ),
        )
    ),
    Case(
        "format_resource_header",
        _vm_variant(
            _vm_module(f"        vm.rodata private @r dense_resource<short> : tensor<4xi8>  {MARK}")
        )
        + '{-# dialect_resources: {builtin: {short: "0x0102"}} #-}\n',
        "dense resource 'short' is shorter than its alignment header",
    ),
    # Passes outside the driver's phases, and IR the driver's input does not hold.
    Case(
        "inline_declaration",
        "func.func private @external(%x: i32) -> i32\n"
        "func.func @main(%x: i32) -> i32 {\n"
        f"  %y = func.call @external(%x) : (i32) -> i32  {MARK}\n"
        "  func.return %y : i32\n}\n",
        "inline: cannot inline a call to declaration @external",
        run="inline",
    ),
    Case(
        "inline_recursion",
        "func.func @loop(%x: i32) -> i32 {\n"
        f"  %y = func.call @loop(%x) : (i32) -> i32  {MARK}\n"
        "  func.return %y : i32\n}\n",
        "inline: recursive call to @loop",
        run="inline",
    ),
    Case(
        "inline_blocks",
        "func.func private @g(%c: i1, %x: i32) -> i32 {\n"
        "  cf.cond_br %c, ^a, ^b\n^a:\n  func.return %x : i32\n^b:\n  func.return %x : i32\n}\n"
        "func.func @main(%c: i1, %x: i32) -> i32 {\n"
        f"  %y = func.call @g(%c, %x) : (i1, i32) -> i32  {MARK}\n"
        "  func.return %y : i32\n}\n",
        "only single-block functions can be inlined",
        run="inline",
    ),
    Case(
        "host_extract_f8",
        "func.func @f(%t: tensor<2xf8E4M3FN>) {\n  %c1 = arith.constant 1 : index\n"
        f"  %s = tensor.extract %t[%c1] : tensor<2xf8E4M3FN>  {MARK}\n"
        "  func.return\n}\n",
        "a f8E4M3FN element cannot be a host value",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_declaration",
        f"func.func @f(%a: tensor<4xf32>) -> tensor<4xf32>  {MARK}\n",
        "is a declaration without a body",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_scalar_argument",
        f"func.func @f(%a: tensor<4xf32>, %s: i128) -> tensor<4xf32> {{  {MARK}\n"
        "  func.return %a : tensor<4xf32>\n}\n",
        "argument of type i128 is not supported",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_element_type",
        f"func.func @f(%a: tensor<4xindex>) -> tensor<4xindex> {{  {MARK}\n"
        "  func.return %a : tensor<4xindex>\n}\n",
        "tensors of index are not supported on the host",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_op",
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %v = arith.constant 1.0 : f32\n"
        f"  %b = tensor.insert %v into %a[%c0] : tensor<4xf32>  {MARK}\n"
        "  func.return %b : tensor<4xf32>\n}\n",
        "tensor.insert on the host is not supported yet",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_no_export",
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        f"  %r = flow.dispatch @ex::@e(%a) : (tensor<4xf32>) -> tensor<4xf32>  {MARK}\n"
        "  func.return %r : tensor<4xf32>\n}\n",
        "no export @ex::@e",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_no_count",
        "hal.executable @ex {\n"
        '  hal.executable.variant public @v target(<"vmvx", "vmvx-bytecode-fb">) {\n'
        f"    hal.executable.export public @e ordinal(0) layout({_layout(2)})\n"
        "    builtin.module {\n    }\n  }\n}\n"
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        f"  %r = flow.dispatch @ex::@e(%a) : (tensor<4xf32>) -> tensor<4xf32>  {MARK}\n"
        "  func.return %r : tensor<4xf32>\n}\n",
        "export @e has no count region",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_push_constant",
        "hal.executable @ex {\n"
        '  hal.executable.variant public @v target(<"vmvx", "vmvx-bytecode-fb">) {\n'
        f"    hal.executable.export public @e ordinal(0) layout({_layout(2, 1)})"
        " count(%d: !hal.device) -> (index, index, index) {\n"
        "      %c1 = arith.constant 1 : index\n"
        "      hal.return %c1, %c1, %c1 : index, index, index\n    }\n"
        "    builtin.module {\n    }\n  }\n}\n"
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %v = arith.constant 1 : i128\n"
        f"  %r = flow.dispatch @ex::@e(%a, %v) : (tensor<4xf32>, i128) -> tensor<4xf32>  {MARK}\n"
        "  func.return %r : tensor<4xf32>\n}\n",
        "cannot pass i128 as a push constant",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_result",
        f"func.func @f(%a: tensor<4xf32>) -> i128 {{  {MARK}\n"
        "  %c0 = arith.constant 0 : i128\n"
        "  func.return %c0 : i128\n}\n",
        "result of type i128 is not supported",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_resource_without_data",
        "func.func @f() -> tensor<4xf32> {\n"
        f"  %w = arith.constant dense_resource<w> : tensor<4xf32>  {MARK}\n"
        "  func.return %w : tensor<4xf32>\n}\n",
        "has no data",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "host_resource_size",
        "func.func @f() -> tensor<4xf32> {\n"
        f"  %w = arith.constant dense_resource<w> : tensor<4xf32>  {MARK}\n"
        "  func.return %w : tensor<4xf32>\n}\n"
        '{-# dialect_resources: {builtin: {w: "0x040000000000803F"}} #-}\n',
        "holds 4 bytes, tensor<4xf32> needs 16",
        run="pyvmvx-lower-host-to-hal",
    ),
    Case(
        "dispatch_operand",
        "func.func @wide(%a: tensor<4xi32>, %v: i128) -> tensor<4xi32> {\n"
        "  %e = tensor.empty() : tensor<4xi32>\n"
        "  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, "
        f'affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}}  {MARK}\n'
        "      ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>) {\n"
        "  ^bb0(%x: i32, %y: i32):\n"
        "    %t = arith.trunci %v : i128 to i32\n"
        "    %z = arith.addi %x, %t : i32\n"
        "    linalg.yield %z : i32\n"
        "  } -> tensor<4xi32>\n"
        "  func.return %g : tensor<4xi32>\n}\n",
        "cannot pass a value of type i128 into a dispatch",
        run="pyvmvx-form-dispatches",
    ),
    Case(
        "link_symbols",
        "\n".join(
            f"""hal.executable private @{name} {{
  hal.executable.variant public @v target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {{
    hal.executable.export public @{name} ordinal(0) layout({_layout(0)})
    builtin.module {{
      vm.module @module {{
        vm.func public @main() {{  {MARK if name == "second" else ""}
          {"%c = vm.const.i32 1" if name == "second" else ""}
          vm.return
        }}
      }}
    }}
  }}
}}"""
            for name in ("first", "second")
        ),
        "multiple public symbols with the name: main",
        run="iree-vmvx-link-executables",
    ),
    Case(
        "link_variant",
        "\n".join(
            f"""hal.executable private @{name} {{
  hal.executable.variant public @v target(<"vmvx", "vmvx-bytecode-fb">) {{  {
                MARK if name == "second" else ""
            }
    builtin.module {{
      {"vm.module @module {}" if name == "first" else ""}
    }}
  }}
}}"""
            for name in ("first", "second")
        ),
        "cannot link a variant without a builtin.module holding a vm.module",
        run="iree-vmvx-link-executables",
    ),
    Case(
        "descriptors",
        f"func.func @f(%arg : memref<8xf32>) -> index {{  {MARK}\n"
        "  %a, %o, %s, %t = vmvx.get_buffer_descriptor %arg"
        " : memref<8xf32> -> !util.buffer, index, index, index\n"
        "  func.return %o : index\n}\n",
        "Unable to resolve all strided buffer descriptors",
        run="iree-vmvx-resolve-buffer-descriptors",
    ),
    *(
        Case(f"bufferize_{name}", text, message, run="iree-codegen-iree-comprehensive-bufferize")
        for name, text, message in (
            (
                "arguments",
                f"func.func @f(%t: tensor<4xf32>) {{  {MARK}\n  func.return\n}}\n",
                "it has tensor arguments",
            ),
            (
                "blocks",
                f"func.func @f() {{  {MARK}\n  %t = tensor.empty() : tensor<4xf32>\n"
                "  cf.br ^b\n^b:\n  func.return\n}\n",
                "its body has more than one block",
            ),
            (
                "op",
                "func.func @f() -> f32 {\n"
                "  %s = arith.constant dense<4> : tensor<1xindex>\n"
                "  %t = tensor.empty() : tensor<4xf32>\n"
                "  %r = tensor.reshape %t(%s) : (tensor<4xf32>, tensor<1xindex>) -> tensor<4xf32>"
                f"  {MARK}\n"
                "  %c = arith.constant 0 : index\n"
                "  %x = tensor.extract %r[%c] : tensor<4xf32>\n"
                "  func.return %x : f32\n}\n",
                "no bufferization rule for this op",
            ),
            (
                "nested",
                "func.func @f(%v: f32) -> f32 {\n"
                "  %t = tensor.empty() : tensor<4xf32>\n"
                "  %c0 = arith.constant 0 : index\n"
                "  %c1 = arith.constant 1 : index\n"
                "  scf.for %i = %c0 to %c1 step %c1 {\n"
                f"    %u = tensor.insert %v into %t[%c0] : tensor<4xf32>  {MARK}\n"
                "  }\n"
                "  %x = tensor.extract %t[%c0] : tensor<4xf32>\n"
                "  func.return %x : f32\n}\n",
                "only tensor.extract and tensor.dim may be nested",
            ),
            (
                "padding",
                "func.func @f() -> f32 {\n"
                "  %t = tensor.empty() : tensor<4xf32>\n"
                f"  %p = tensor.pad %t low[1] high[1] {{  {MARK}\n"
                "  ^bb0(%i: index):\n"
                "    %v = arith.index_cast %i : index to i32\n"
                "    %f = arith.sitofp %v : i32 to f32\n"
                "    tensor.yield %f : f32\n"
                "  } : tensor<4xf32> to tensor<6xf32>\n"
                "  %c = arith.constant 0 : index\n"
                "  %x = tensor.extract %p[%c] : tensor<6xf32>\n"
                "  func.return %x : f32\n}\n",
                "its padding value is computed per element",
            ),
        )
    ),
    Case(
        "vm_dominance",
        "func.func @f() -> i32 {\n"
        f"  %y = arith.addi %x, %x : i32  {MARK}\n"
        "  %x = arith.constant 1 : i32\n"
        "  func.return %y : i32\n}\n",
        "uses a value that does not dominate it",
        run=VM,
    ),
    Case(
        "vm_module_op",
        f'"arith.constant"() <{{value = 1 : i32}}> : () -> i32  {MARK}\n',
        "failed to legalize operation 'arith.constant'",
        run=VM,
    ),
    Case(
        "vm_sizeof",
        "func.func @f() -> index {\n"
        f"  %s = util.sizeof !util.buffer  {MARK}\n"
        "  func.return %s : index\n}\n",
        "type !util.buffer has no byte size",
        run=VM,
    ),
    Case(
        "vm_global_value",
        f'util.global private @g : i32 = "one"  {MARK}\n',
        "unsupported initial value",
        run=VM,
    ),
    Case(
        "vm_ref_global",
        f'util.global private @g : !util.buffer = "data"  {MARK}\n',
        "reference globals cannot have an initial value",
        run=VM,
    ),
    Case(
        "format_host",
        f"vm.module @host {{  {MARK}\n"
        "  vm.func private @main() attributes "
        '{iree.reflection = {iree.abi.declaration = "main()"}} {\n'
        "    vm.return\n  }\n  vm.export @main\n}\n"
        "hal.executable.source public @e {\n  builtin.module {\n  }\n}\n",
        "host function 'main': iree.abi.declaration is not a sync function declaration",
    ),
    # Constant blocks, evaluated by the compiler.
    *(
        Case(f"constant_block_{name}", _source("", blocks=block), message)
        for name, block, message in (
            (
                "blocks",
                f'\n  hal.executable.constant.block() -> i32 as "k" {{  {MARK}\n'
                "    %c = arith.constant 1 : i32\n    cf.br ^next\n  ^next:\n"
                "    hal.return %c : i32\n  }",
                "must have a single-block body",
            ),
            (
                "device",
                _block(
                    f"%x = util.optimization_barrier %d : !hal.device  {MARK}\n"
                    "    %c = arith.constant 1 : i32",
                    "k",
                    "%d: !hal.device",
                ),
                "it uses the device",
            ),
            (
                "float",
                _block(
                    f"%f = arith.constant 1.0 : f32\n    %g = arith.addf %f, %f : f32  {MARK}"
                    "\n    %c = arith.bitcast %g : f32 to i32"
                ),
                "type f32 is not an integer",
            ),
            (
                "dense",
                _block(
                    f"%v = arith.constant dense<1> : vector<2xi32>  {MARK}\n"
                    "    %c = arith.constant 1 : i32"
                ),
                "constant dense<1> : vector<2xi32>",
            ),
            (
                "results",
                _block(
                    "%a = arith.constant 1 : i32\n"
                    f"    %c, %o = arith.addui_extended %a, %a : i32, i1  {MARK}"
                ),
                "is not a pure constant computation",
            ),
            (
                "op",
                _block(f"%a = arith.constant -1 : i32\n    %c = math.absi %a : i32  {MARK}"),
                "is not a pure constant computation",
            ),
            (
                "bitcast",
                _block(
                    "%a = arith.constant 1 : i64\n"
                    f"    %f = arith.bitcast %a : i64 to f64  {MARK}\n"
                    "    %c = arith.constant 1 : i32"
                ),
                "bitcast from i64 to f64",
            ),
            (
                "division",
                _block(
                    "%a = arith.constant 1 : i32\n    %z = arith.constant 0 : i32\n"
                    f"    %c = arith.divsi %a, %z : i32  {MARK}"
                ),
                "divides by zero",
            ),
            (
                "shift",
                _block(
                    "%a = arith.constant 1 : i32\n    %s = arith.constant 32 : i32\n"
                    f"    %c = arith.shli %a, %s : i32  {MARK}"
                ),
                "shifts by the bit width",
            ),
        )
    ),
]


_OPTION = "a pass option's error: it is about no op"
_VERIFIED = "the verifier rejects such IR before the pass runs"
_REGISTER = "operands are in VM registers of the op's integer or float types by then"

WITHOUT_A_CASE: dict[tuple[str, str, str], str] = {
    ("transforms/pipelines.py", "apply", "CompileError"): _OPTION,
    ("transforms/select_lowering_strategy.py", "apply", "CompileError"): _OPTION,
    ("transforms/vm_conversion.py", "apply", "CompileError"): _OPTION,
    ("transforms/form_dispatches.py", "_result_dims", "dynamic sizes"): (
        "every dispatch root without a destination has a static shape or a rule for its sizes"
    ),
    ("transforms/iree_comprehensive_bufferize.py", "_subview", "is not of shape"): _VERIFIED,
    ("transforms/iree_comprehensive_bufferize.py", "_slice_view", "not a hal.interface"): (
        "a dispatch tensor is a subspan's or a tensor argument's, refused first"
    ),
    ("transforms/iree_comprehensive_bufferize.py", "_compute", "not all tensors"): (
        "linalg's verifier refuses ops mixing tensors and buffers"
    ),
    ("conversion/framework.py", "_convert_op", "unsupported: {missing}"): (
        "every VM op pyvmvx's patterns emit exists; this guards patterns added later"
    ),
    ("conversion/framework.py", "check_legal", "failed to legalize"): (
        "patterns emit VM ops only and other ops are reported where they are converted"
    ),
    ("conversion/to_vm/arith.py", "_scalar_suffix", "not a VM scalar type"): _REGISTER,
    ("conversion/to_vm/arith.py", "_width", "expected an integer or float type"): _REGISTER,
    ("conversion/to_vm/arith.py", "_cmpi", "comparison of"): _REGISTER,
    ("conversion/to_vm/arith.py", "_cmpf", "comparison of"): _REGISTER,
    ("conversion/to_vm/arith.py", "convert", "conversion from i{source_bits}"): (
        "narrower sources are read as i32 and wider types have no VM type, reported first"
    ),
    ("conversion/to_vm/arith.py", "convert", "conversion from {op.operands[0].type}"): (
        "every float type lives in an f32 or f64 register, and other types are refused first"
    ),
    ("conversion/to_vm/arith.py", "convert", "operand type {op.operands[0].type}"): _REGISTER,
    ("conversion/to_vm/arith.py", "_extf", "float extension"): (
        "f32 and f64 are the only VM float types; the others are reported as types first"
    ),
    ("conversion/to_vm/arith.py", "_constant", "constant {value}"): (
        "the verifier ties the value to the result type, whose VM type is checked first"
    ),
    ("conversion/to_vm/calls.py", "call_import_with_groups", "operand groups"): (
        "the vmvx ops' operands match their imports (tests/unit/test_import_registry.py)"
    ),
    ("conversion/to_vm/calls.py", "call_import_with_groups", "values for the"): (
        "the vmvx ops' operands match their imports (tests/unit/test_import_registry.py)"
    ),
    ("conversion/to_vm/vmvx.py", "_bits", "element type"): _VERIFIED,
    ("target/constant_blocks.py", "evaluate_region", "has no hal.return"): (
        "the verifier requires a terminator, and hal.return is the only one these regions take"
    ),
    ("target/vm_to_format.py", "_symbol", "redefines symbol"): _VERIFIED,
    ("target/vm_to_format.py", "_export", "which is not a vm.func"): _VERIFIED,
    ("target/vm_to_format.py", "_symbol_ref", "which is not a"): _VERIFIED,
    ("target/vm_to_format.py", "_split_operands", "successors"): (
        "vm.br, vm.cond_br and vm.br_table are the only instructions with successors"
    ),
}
"""Error sites no input reaches, by (module, function, a fragment of the raise statement),
with the reason."""

SITE_FACTORIES = frozenset(
    (
        "CompileError",
        "op_error",
        "located_error",
        "conversion_error",
        "error",
        "_unsupported",
        "unresolved_error",
    )
)
"""What error sites raise: the builders of located diagnostics (and `CompileError` itself)."""


@dataclass(frozen=True)
class Site:
    """A `raise` of a located diagnostic: where it is and its text."""

    path: str
    line: int
    function: str
    text: str


def error_sites() -> list[Site]:
    """Every `raise <factory>(...)` in the passes, conversions and module writer."""
    sites = []
    for package in ("transforms", "conversion", "target"):
        for path in sorted((PACKAGE / package).rglob("*.py")):
            relative = str(path.relative_to(PACKAGE))
            for function, node in _raises(ast.parse(path.read_text()), "<module>"):
                if isinstance(node.exc, ast.Call) and _callee(node.exc) in SITE_FACTORIES:
                    sites.append(Site(relative, node.lineno, function, ast.unparse(node)))
    return sites


def _raises(node: ast.AST, function: str) -> list[tuple[str, ast.Raise]]:
    """The `raise` statements under `node`, each with its innermost enclosing function."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            found += _raises(child, child.name)
        elif isinstance(child, ast.Raise):
            found.append((function, child))
        else:
            found += _raises(child, function)
    return found


def _callee(call: ast.Call) -> str | None:
    function = call.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", None)


def _raised_at(err: BaseException) -> set[tuple[str, int]]:
    """Where each `CompileError` in the chain of `err` was raised (path in the package, line)."""
    places = set()
    current: BaseException | None = err
    while current is not None:
        if isinstance(current, CompileError) and current.__traceback__ is not None:
            tb = current.__traceback__
            while tb.tb_next is not None:
                tb = tb.tb_next
            path = Path(tb.tb_frame.f_code.co_filename)
            if path.is_relative_to(PACKAGE):
                places.add((str(path.relative_to(PACKAGE)), tb.tb_lineno))
        current = current.__context__
    return places


def _run(case: Case, directory: Path) -> CompileError:
    """The error `case` gives."""
    try:
        if case.run in ("none", "all"):
            pyvmvx.compile(case.text, ukernels=case.run)
        else:
            path = directory / f"{case.id}.mlir"
            path.write_text(case.text)
            with nesting_limit():
                PyVMVXOptMain(args=[str(path), "-p", case.run]).run()
    except CompileError as err:
        return err
    raise AssertionError(f"{case.id}: no error")


@pytest.fixture(scope="module")
def error_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Case], CompileError]:
    """The error of a case, computed once per module (some inputs register names globally)."""
    directory = tmp_path_factory.mktemp("cases")
    return functools.cache(lambda case: _run(case, directory))


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_error_is_located_at_its_op(case: Case, error_of: Callable[[Case], CompileError]) -> None:
    message = str(error_of(case))
    name = "<input>" if case.run in ("none", "all") else f"{case.id}.mlir"
    assert re.match(rf"(\S*/)?{re.escape(name)}:{case.line}:\d+: error: ", message), message
    assert case.message in message, message


def test_every_error_site_has_a_case(error_of: Callable[[Case], CompileError]) -> None:
    raised = set().union(*(_raised_at(error_of(case)) for case in CASES))
    sites = error_sites()
    uncovered = [
        site for site in sites if (site.path, site.line) not in raised and not _listed(site)
    ]
    assert not uncovered, "error sites without a case:\n" + "\n".join(
        f"  {site.path}:{site.line} ({site.function}): {site.text}" for site in uncovered
    )
    stale = [key for key in WITHOUT_A_CASE if not any(_matches(site, key) for site in sites)]
    assert not stale, f"WITHOUT_A_CASE entries matching no site: {stale}"


def _matches(site: Site, key: tuple[str, str, str]) -> bool:
    path, function, fragment = key
    return site.path == path and site.function == function and fragment in site.text


def _listed(site: Site) -> bool:
    return any(_matches(site, key) for key in WITHOUT_A_CASE)
