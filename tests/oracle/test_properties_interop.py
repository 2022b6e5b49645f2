"""IREE 3.13's spelling of properties, checked against `iree-opt`.

IREE 3.13 prints them in a property dictionary (`vm.rodata private @t <alignment = 64> ...`)
or in the op's syntax (`memref.load ... alignment(16) nontemporal(true)`, `memref.global ...
alignment = 64`) and rejects them in the attribute dictionary. The same holds for the other
spellings here that 3.13 changed: `util.func` declarations name their arguments,
`translation_info` takes a pipeline attribute (`#iree_codegen.vmvx_pipeline`, formerly the
bare `VMVXDefault`, which 3.13 rejects) and `hal.allocator.allocate`/`.import` take memory
types and usage (the host code pyvmvx lowers to). pyvmvx must print exactly IREE's text,
read it back, and still read the older spellings of IREE's older lit tests (printed in the
new one, which `iree-opt` then parses). Skipped without `iree-opt` (the `oracle` extra, see
`conftest`).
"""

from __future__ import annotations

import re

import pytest
from conftest import Tool

IREE_SPELLING = """\
vm.module public @m <ordinal_counts = <import_funcs = 1, export_funcs = 1, internal_funcs = 1, \
global_bytes = 4, global_refs = 1, rodatas = 1, rwdatas = 0>, version = 2> \
attributes {vm.toplevel} {
  vm.global.i32 private mutable @g <inlining_policy = #util.inline.never, ordinal = 0> {tag} \
= 5 : i32
  vm.global.ref private mutable @r <ordinal = 0> : !vm.buffer
  vm.rodata private @table <alignment = 64, ordinal = 0, mime_type = "application/octet-stream"> \
dense<[1, 2, 3]> : tensor<3xi32>
  vm.import private @imp.f(%a : i32) -> i32 attributes {ordinal = 0 : i32}
  vm.func private @f(%arg0: i32) -> i32 attributes {ordinal = 0 : i32} {
    %buffer = vm.rodata.inline "name" <alignment = 64, mime_type = "text/plain"> {tag} : \
!vm.buffer = "abc"
    %0 = vm.call @imp.f(%arg0) : (i32) -> i32
    vm.return %0 : i32
  }
  vm.export @f attributes {ordinal = 0 : i32}
}
util.global private @ug <inlining_policy = #util.inline.never> {tag} : i32
util.func public @uf(%arg0: index) -> !util.buffer {
  %blob = util.buffer.constant "blob" <alignment = 16> : !util.buffer = "hello"
  %buffer_cst = util.buffer.constant <alignment = 16, mime_type = "text/plain"> {tag} : \
!util.buffer = dense<[1, 2]> : tensor<2xi32>
  %buffer = util.buffer.alloc uninitialized <alignment = 16> : !util.buffer{%arg0}
  %0 = util.call @uf(%arg0) <arg_attrs = [{foo}], res_attrs = [{bar}]> {tag} : (index) -> \
!util.buffer
  util.return %blob : !util.buffer
}
hal.executable.source private @src <objects = <{#hal.executable.target<"vmvx", \
"vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>]}>> attributes {tag} {
}
memref.global "private" constant @mg : memref<2xf32> = dense<[1.000000e+00, 2.000000e+00]> \
alignment = 64
util.func private @decl(%arg0: i32 {iree.abi.foo}, %arg1: index) -> (i32, f32)
util.func private @access(%arg0: memref<4xf32>, %arg1: f32, %arg2: index) attributes \
{translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  memref.store %arg1, %arg0[%arg2] alignment(16) nontemporal(true) {tag} : memref<4xf32>
  %0 = memref.load %arg0[%arg2] nontemporal(true) : memref<4xf32>
  %alloca = memref.alloca() alignment = 64 : memref<4xf32>
  %alloc = memref.alloc(%arg2) alignment = 32 : memref<?xf32>
  util.return
}
"""

OLD_SPELLING = """\
vm.module public @m attributes {vm.toplevel, version = 2 : i32, ordinal_counts = \
#vm.ordinal_counts<import_funcs = 1, export_funcs = 1, internal_funcs = 1, global_bytes = 4, \
global_refs = 1, rodatas = 1, rwdatas = 0>} {
  vm.global.i32 private mutable @g {tag, ordinal = 0 : i32, \
inlining_policy = #util.inline.never} = 5 : i32
  vm.global.ref private mutable @r {ordinal = 0 : i32} : !vm.buffer
  vm.rodata private @table {alignment = 64 : i64, mime_type = "application/octet-stream", \
ordinal = 0 : i32} dense<[1, 2, 3]> : tensor<3xi32>
  vm.import private @imp.f(%a : i32) -> i32 attributes {ordinal = 0 : i32}
  vm.func private @f(%arg0: i32) -> i32 attributes {ordinal = 0 : i32} {
    %buffer = vm.rodata.inline "name" {tag, alignment = 64 : i64, mime_type = "text/plain"} : \
!vm.buffer = "abc"
    %0 = vm.call @imp.f(%arg0) : (i32) -> i32
    vm.return %0 : i32
  }
  vm.export @f attributes {ordinal = 0 : i32}
}
util.global private @ug {tag, inlining_policy = #util.inline.never} : i32
util.func public @uf(%arg0: index) -> !util.buffer {
  %blob = util.buffer.constant "blob" {alignment = 16 : index} : !util.buffer = "hello"
  %buffer_cst = util.buffer.constant {tag, alignment = 16 : index, mime_type = "text/plain"} : \
!util.buffer = dense<[1, 2]> : tensor<2xi32>
  %buffer = util.buffer.alloc uninitialized {alignment = 16 : index} : !util.buffer{%arg0}
  %0 = util.call @uf(%arg0) {tag, arg_attrs = [{foo}], res_attrs = [{bar}]} : (index) -> \
!util.buffer
  util.return %blob : !util.buffer
}
hal.executable.source private @src attributes {tag, objects = #hal.executable.objects<{\
#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>]}>} {
}
memref.global "private" constant @mg : memref<2xf32> = dense<[1.0, 2.0]> {alignment = 64 : i64}
util.func private @decl(i32 {iree.abi.foo}, index) -> (i32, f32)
util.func private @access(%arg0: memref<4xf32>, %arg1: f32, %arg2: index) attributes \
{translation_info = #iree_codegen.translation_info<pipeline = VMVXDefault>} {
  memref.store %arg1, %arg0[%arg2] {tag, alignment = 16 : i64, nontemporal = true} : memref<4xf32>
  %0 = memref.load %arg0[%arg2] {nontemporal = true} : memref<4xf32>
  %alloca = memref.alloca() {alignment = 64 : i64} : memref<4xf32>
  %alloc = memref.alloc(%arg2) {alignment = 32 : i64} : memref<?xf32>
  util.return
}
"""

HOST_SPELLING = """\
hal.executable private @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @add ordinal(0) layout(#hal.pipeline.layout<bindings = \
[#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>)
  }
}
util.func public @host(%arg0: !hal.buffer_view, %arg1: !util.buffer, %arg2: index) -> \
!hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c-1_i64 = arith.constant -1 : i64
  %c553648160_i32 = arith.constant 553648160 : i32
  %c1_i32 = arith.constant 1 : i32
  %device = hal.devices.get %arg2 : !hal.device
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  %memory_type = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %buffer_usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|\
DispatchStorageWrite|DispatchStorage"> {tag} : i32
  %buffer_usage_0 = hal.buffer_usage<SharingImmutable> : i32
  %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%c-1_i64) \
type(%memory_type) usage(%buffer_usage) : !hal.buffer{%c16} attributes {tag}
  %did_import, %mapped = hal.allocator.import<%allocator : !hal.allocator> source(%arg1 : \
!util.buffer)[%c0, %c16] affinity(%c-1_i64) type(%memory_type) usage(%buffer_usage_0) : i1, \
!hal.buffer
  %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
  hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%0]) \
type(%c553648160_i32) encoding(%c1_i32)
  %buffer_1 = hal.buffer_view.buffer<%arg0 : !hal.buffer_view> : !hal.buffer
  %1 = hal.buffer.load<%buffer_1 : !hal.buffer>[%c0] : i32
  %buffer_2 = hal.buffer.subspan<%buffer_1 : !hal.buffer>[%c0, %c16] : !hal.buffer
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) \
categories(Dispatch) affinity(%c-1_i64) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  %view = hal.buffer_view.create buffer(%buffer : !hal.buffer)[%c0, %c16] shape([%0]) \
type(%c553648160_i32) encoding(%c1_i32) : !hal.buffer_view
  util.return %view : !hal.buffer_view
}
"""
"""The host ops `pyvmvx-lower-host-to-hal` emits, in IREE 3.13's spelling. Not here:
`hal.command_buffer.dispatch`, which `iree-opt` prints over several lines (see
`test_iree_opt_reads_lowered_host_code`), and `hal.ex.submit_and_wait`, which 3.13 lacks."""

HOST_PROGRAM = """\
hal.executable @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @add ordinal(0) layout(<constants = 1, bindings = \
[#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, \
#hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device, %n: index) -> \
(index, index, index) {
      %one = arith.constant 1 : index
      hal.return %n, %one, %one : index, index, index
    }
    builtin.module {
    }
  }
}
func.func @main(%x: tensor<?xf32>, %i: index) -> (tensor<?xf32>, f32, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %w = arith.constant dense<2.0> : tensor<4xf32>
  %y = flow.dispatch @ex::@add[%n](%n, %x, %w) : (index, tensor<?xf32>{%n}, tensor<4xf32>) -> \
tensor<?xf32>{%n}
  %e = tensor.extract %y[%i] : tensor<?xf32>
  %s = tensor.extract_slice %y[0] [2] [1] : tensor<?xf32> to tensor<2xf32>
  func.return %y, %e, %s : tensor<?xf32>, f32, tensor<2xf32>
}
"""
"""A program whose host code has every host op `pyvmvx-lower-host-to-hal` emits."""

LOCAL_SCOPE = "--mlir-print-local-scope"
"""No attribute aliases in iree-opt's output (pyvmvx prints none)."""


def _body(printed: str) -> list[str]:
    """The lines inside the top-level module (`module {` / `builtin.module {` dropped)."""
    lines = [line for line in printed.splitlines() if line.strip()]
    assert lines[0] in ("module {", "builtin.module {") and lines[-1] == "}", printed
    return lines[1:-1]


def test_pyvmvx_prints_iree_spelling_exactly(iree_opt: Tool, pyvmvx_opt: Tool) -> None:
    iree_printed = iree_opt(IREE_SPELLING, LOCAL_SCOPE)
    assert _body(pyvmvx_opt(iree_printed)) == _body(iree_printed)


@pytest.mark.parametrize("source", [IREE_SPELLING, OLD_SPELLING], ids=["iree", "old"])
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_iree_opt_reads_pyvmvx_output(
    source: str, generic: bool, iree_opt: Tool, pyvmvx_opt: Tool
) -> None:
    printed = pyvmvx_opt(source, *(["--print-op-generic"] if generic else []))
    assert iree_opt(printed, LOCAL_SCOPE) == iree_opt(IREE_SPELLING, LOCAL_SCOPE)


def test_pyvmvx_reprints_its_output_stably(pyvmvx_opt: Tool) -> None:
    printed = pyvmvx_opt(OLD_SPELLING)
    assert printed == pyvmvx_opt(IREE_SPELLING)
    assert pyvmvx_opt(printed) == printed


def _unnamed(lines: list[str]) -> list[str]:
    """`lines` with SSA names dropped: xDSL renumbers IREE's suffixed names (`%buffer_usage_0`
    prints as `%buffer_usage_1`); the generic round trip checks what names refer to."""
    return [re.sub(r"%[\w$.-]+", "%", line) for line in lines]


def test_pyvmvx_prints_iree_host_spelling_exactly(iree_opt: Tool, pyvmvx_opt: Tool) -> None:
    iree_printed = iree_opt(HOST_SPELLING, LOCAL_SCOPE)
    assert _unnamed(_body(pyvmvx_opt(iree_printed))) == _unnamed(_body(iree_printed))
    assert iree_opt(pyvmvx_opt(HOST_SPELLING, "--print-op-generic"), LOCAL_SCOPE) == iree_printed


@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_iree_opt_reads_lowered_host_code(generic: bool, iree_opt: Tool, pyvmvx_opt: Tool) -> None:
    """The host code of a program, as `pyvmvx-lower-host-to-hal` and the resource caches
    leave it, without `hal.ex.submit_and_wait` (an op IREE 3.13 no longer has)."""
    lowered = pyvmvx_opt(
        HOST_PROGRAM, "-p", "pyvmvx-lower-host-to-hal,iree-hal-materialize-resource-caches"
    )
    kept = [line for line in lowered.splitlines() if "hal.ex.submit_and_wait" not in line]
    assert len(kept) < len(lowered.splitlines())
    printed = pyvmvx_opt("\n".join(kept), *(["--print-op-generic"] if generic else []))
    reprinted = iree_opt(printed, LOCAL_SCOPE)
    for op in ("hal.allocator.allocate", "hal.allocator.import", "hal.command_buffer.dispatch"):
        assert op in reprinted
    assert reprinted == iree_opt(iree_opt(printed), LOCAL_SCOPE)
