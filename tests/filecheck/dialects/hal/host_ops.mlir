// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// The host-side HAL ops of IREE's linking tests: get a device, create a command buffer, look up
// an executable and an export ordinal, record dispatches. Bit enums print as IREE prints them
// in op syntax (`"None"` quoted, several flags as one string).

hal.executable private @exe {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @entry ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  }
}

// CHECK-LABEL: func.func @record(
// CHECK:         %device = hal.devices.get %c0 : !hal.device
// CHECK-NEXT:    %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories("Transfer|Dispatch") affinity(%any) : !hal.command_buffer attributes {ref = @exe::@vmvx}
// CHECK-NEXT:    %reusable = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Dispatch) affinity(%any) bindings(%c1) : !hal.command_buffer{{$}}
// CHECK-NEXT:    %exe = hal.executable.lookup device(%device : !hal.device) executable(@exe) : !hal.executable
// CHECK-NEXT:    %ordinal = hal.executable.export.ordinal target(@exe::@vmvx::@entry) : index
// CHECK:         hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal_i64] workgroups([%c1, %c1, %c1]) bindings([(%buffer : !hal.buffer)[%c0, %c1], (%c0 : index)[%c0, %c1]]) flags("None"){{$}}
// CHECK-NEXT:    hal.command_buffer.dispatch<%reusable : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal_i64] workgroups([%c1, %c1, %c1]) constants([%k, %k]) bindings([]) flags(Reserved) attributes {note}
// GENERIC-LABEL: "func.func"() <{sym_name = "record"
// GENERIC:       "hal.devices.get"(%c0) : (index) -> !hal.device
// GENERIC:       "hal.command_buffer.create"(%device, %any) <{modes = 1 : i32, command_categories = 3 : i32}> {ref = @exe::@vmvx} : (!hal.device, i64) -> !hal.command_buffer
// GENERIC:       "hal.executable.lookup"(%device) <{executable = @exe}> : (!hal.device) -> !hal.executable
// GENERIC:       "hal.executable.export.ordinal"() <{entry_point = @exe::@vmvx::@entry}> : () -> index
// GENERIC:       "hal.command_buffer.dispatch"(%cmd, %exe, %ordinal_i64, %c1, %c1, %c1, %buffer, %c0, %c0, %c0, %c1, %c1) <{flags = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 2, 2, 2>}>
func.func @record(%buffer: !hal.buffer, %k: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %any = arith.constant -1 : i64
  %device = hal.devices.get %c0 : !hal.device
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories("Transfer|Dispatch") affinity(%any) : !hal.command_buffer attributes {ref = @exe::@vmvx}
  %reusable = hal.command_buffer.create device(%device : !hal.device) mode(None) categories(Dispatch) affinity(%any) bindings(%c1) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@exe) : !hal.executable
  %ordinal = hal.executable.export.ordinal target(@exe::@vmvx::@entry) : index
  %ordinal_i64 = arith.index_cast %ordinal : index to i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal_i64] workgroups([%c1, %c1, %c1]) bindings([
    (%buffer : !hal.buffer)[%c0, %c1],
    (%c0 : index)[%c0, %c1]
  ]) flags("None")
  hal.command_buffer.dispatch<%reusable : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal_i64] workgroups([%c1, %c1, %c1]) constants([%k, %k]) bindings([]) flags(Reserved) attributes {note}
  func.return
}

// -----

// Device targets: the optional configuration and target list, and the type suffix that is
// optional on input and always printed.

// CHECK:      builtin.module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device, #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device, #hal.device.target<"none"> : !hal.device, #hal.device.target<"configured", {x = 1 : i64}> : !hal.device]} {
module attributes {hal.device.targets = [
  #hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device,
  #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device,
  #hal.device.target<"none">,
  #hal.device.target<"configured", {x = 1}> : !hal.device
]} {
}
