// RUN: pyvmvx-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// Malformed hal syntax is reported at the offending token.

func.func @unknown_flag() {
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) flags("ReadOnly|Writable") : memref<4xf32>
  func.return
}
// CHECK: unknown DescriptorFlags flag 'Writable' (expected one of None, ReadOnly, Indirect)

// -----

#bad = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<image_buffer>]>
// CHECK: Expected `uniform_buffer`, or `storage_buffer`.

// -----

#bad = #hal.pipeline.layout<bindings = [], flags = ReadOnly>
// CHECK: unknown PipelineLayoutFlags flag 'ReadOnly' (expected one of None, Indirect)

// -----

#bad = #hal.pipeline.layout<constants = -1, bindings = []>
// CHECK: Expected integer literal

// -----

#bad = #hal.pipeline.layout<constants = 1>
// CHECK: Expected ','

// -----

func.func @wrong_layout_kind() {
  %0 = hal.interface.constant.load layout(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) ordinal(0) : i32
  func.return
}
// CHECK: expected #hal.pipeline.layout attribute

// -----

#bad = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", [1, 2]>
// CHECK: expected a configuration dictionary

// -----

#bad = #hal.executable.target<vmvx, "vmvx-bytecode-fb">
// CHECK: string literal expected for the executable target backend

// -----

#bad = #hal.executable.object<{data = dense<1> : vector<4xi8>}>
// CHECK: executable object needs a string `path`

// -----

hal.executable @e {
  hal.executable.variant @v target(<"vmvx", "vmvx-bytecode-fb">) objects({path = "a.o"}) {
  }
}
// CHECK: expected array for `objects`

// -----

hal.executable.source @s {
  hal.executable.export @e layout(<bindings = []>) count(%device: !hal.device) -> (index, index) {
    %c1 = arith.constant 1 : index
    hal.return %c1, %c1 : index, index
  }
}
// CHECK: workgroup count region must return the XYZ dimension counts

// -----

hal.executable.source @s {
  hal.executable.constant.block(%device: !hal.device) -> i32 as "a" {
  }
}
// CHECK: expected non-empty function body

// -----

hal.executable.source @s {
  hal.executable.constant.block() -> i32 as ("a") {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}
// CHECK: string literal expected

// -----

func.func @dims_not_closed(%n: index) {
  %0 = hal.interface.binding.subspan layout(<bindings = [<storage_buffer>]>) binding(0) : memref<?xf32>{%n
  func.return
}
// CHECK: Expected '}'

// -----

func.func @unknown_mode(%device: !hal.device, %a: i64) {
  %0 = hal.command_buffer.create device(%device : !hal.device) mode(TwoShot) categories(Dispatch) affinity(%a) : !hal.command_buffer
  func.return
}
// CHECK: unknown CommandBufferModes flag 'TwoShot' (expected one of None, OneShot, Nested, AllowInlineExecution)

// -----

func.func @two_workgroup_counts(%cmd: !hal.command_buffer, %exe: !hal.executable, %o: i64, %i: index) {
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%o] workgroups([%i, %i]) bindings([]) flags("None")
  func.return
}
// CHECK: expected three workgroup counts (x, y, z)

// -----

hal.executable.source @condition_type {
  hal.executable.export @a layout(<bindings = []>) condition(%device: !hal.device) -> index {
    %c = arith.constant 1 : index
    hal.return %c : index
  }
}
// CHECK: condition region must return a boolean value

// -----

#bad = #hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">, 3]>
// CHECK: expected a list of #hal.executable.target attributes

// -----

#bad = #hal.device.target<"local"> : !hal.buffer
// CHECK: expected !hal.device

// -----

func.func @too_many_constants() attributes {layout = #hal.pipeline.layout<constants = 1099511627776, bindings = [#hal.pipeline.binding<storage_buffer>]>} {
  func.return
}
// CHECK: pipeline layout constant count must be in [0, 2^32), got 1099511627776

// -----

func.func @unknown_usage(%a: !hal.allocator, %q: i64, %size: index) {
  %0 = hal.buffer_usage<"Transfer|DispatchIndirectParams"> : i32
  func.return
}
// CHECK: unknown BufferUsage flag 'DispatchIndirectParams'
