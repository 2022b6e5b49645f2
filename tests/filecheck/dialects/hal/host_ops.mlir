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

// -----

// The ops of host programs, in IREE 3.13's spelling (as `iree-opt` prints it): memory types
// and usage are i32 values of `hal.memory_type`/`hal.buffer_usage`, whose bit fields print
// every case whose bits are set (unions too), one case bare, several or none quoted, and the
// attributes of an allocation follow its type. pyvmvx's older spelling without them (and its
// attributes before the `:`) is still read and printed as it was.

// CHECK-LABEL: func.func @host(
// CHECK:         %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
// CHECK-NEXT:    %memory = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
// CHECK-NEXT:    %usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> {tag} : i32
// CHECK-NEXT:    %host = hal.memory_type<"HostVisible|HostCoherent|HostLocal"> : i32
// CHECK-NEXT:    %none = hal.buffer_usage<"None"> : i32
// CHECK-NEXT:    %immutable = hal.buffer_usage<SharingImmutable> : i32
// CHECK-NEXT:    %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%any) type(%memory) usage(%usage) : !hal.buffer{%c16} attributes {tag}
// CHECK-NEXT:    %did_import, %mapped = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%any) type(%memory) usage(%immutable) : i1, !hal.buffer{{$}}
// CHECK-NEXT:    %old = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%any) : !hal.buffer{%c16} attributes {tag}
// CHECK-NEXT:    %old_ok, %old_mapped = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%any) : i1, !hal.buffer{{$}}
// CHECK-NEXT:    %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
// CHECK-NEXT:    hal.buffer_view.assert<%view : !hal.buffer_view> message("input0") shape([%n]) type(%f32) encoding(%dense)
// CHECK-NEXT:    %input = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
// CHECK-NEXT:    %word = hal.buffer.load<%input : !hal.buffer>[%c0] : i32
// CHECK-NEXT:    %part = hal.buffer.subspan<%input : !hal.buffer>[%c0, %c16] : !hal.buffer
// CHECK-NEXT:    %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories(Dispatch) affinity(%any) : !hal.command_buffer
// CHECK-NEXT:    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
// CHECK-NEXT:    hal.ex.submit_and_wait %device, %cmd
// CHECK-NEXT:    %out = hal.buffer_view.create buffer(%buffer : !hal.buffer)[%c0, %c16] shape([%n]) type(%f32) encoding(%dense) : !hal.buffer_view
// GENERIC-LABEL: "func.func"() <{sym_name = "host"
// GENERIC:       "hal.memory_type"() <{type = 48 : i32}> : () -> i32
// GENERIC-NEXT:  "hal.buffer_usage"() <{usage = 3075 : i32}> {tag} : () -> i32
// GENERIC-NEXT:  "hal.memory_type"() <{type = 70 : i32}> : () -> i32
// GENERIC-NEXT:  "hal.buffer_usage"() <{usage = 0 : i32}> : () -> i32
// GENERIC-NEXT:  "hal.buffer_usage"() <{usage = 524288 : i32}> : () -> i32
// GENERIC-NEXT:  "hal.allocator.allocate"(%allocator, %any, %memory, %usage, %c16) {tag} : (!hal.allocator, i64, i32, i32, index) -> !hal.buffer
// GENERIC-NEXT:  "hal.allocator.import"(%allocator, %any, %memory, %immutable, %data, %c0, %c16) : (!hal.allocator, i64, i32, i32, !util.buffer, index, index) -> (i1, !hal.buffer)
// GENERIC-NEXT:  "hal.allocator.allocate"(%allocator, %any, %c16) {tag} : (!hal.allocator, i64, index) -> !hal.buffer
// GENERIC-NEXT:  "hal.allocator.import"(%allocator, %any, %data, %c0, %c16) : (!hal.allocator, i64, !util.buffer, index, index) -> (i1, !hal.buffer)
func.func @host(%view: !hal.buffer_view, %data: !util.buffer) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %any = arith.constant -1 : i64
  %f32 = arith.constant 553648160 : i32
  %dense = arith.constant 1 : i32
  %device = hal.devices.get %c0 : !hal.device
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  %memory = hal.memory_type<DeviceLocal> : i32
  %usage = hal.buffer_usage<"Transfer|DispatchStorage"> {tag} : i32
  %host = hal.memory_type<HostLocal> : i32
  %none = hal.buffer_usage<None> : i32
  %immutable = hal.buffer_usage<"SharingImmutable"> : i32
  %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%any) type(%memory) usage(%usage) : !hal.buffer{%c16} attributes {tag}
  %did_import, %mapped = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%any) type(%memory) usage(%immutable) : i1, !hal.buffer
  %old = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%any) {tag} : !hal.buffer{%c16}
  %old_ok, %old_mapped = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%any) : i1, !hal.buffer
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  hal.buffer_view.assert<%view : !hal.buffer_view> message("input0") shape([%n]) type(%f32) encoding(%dense)
  %input = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
  %word = hal.buffer.load<%input : !hal.buffer>[%c0] : i32
  %part = hal.buffer.subspan<%input : !hal.buffer>[%c0, %c16] : !hal.buffer
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories(Dispatch) affinity(%any) : !hal.command_buffer
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.ex.submit_and_wait %device, %cmd
  %out = hal.buffer_view.create buffer(%buffer : !hal.buffer)[%c0, %c16] shape([%n]) type(%f32) encoding(%dense) : !hal.buffer_view
  func.return %out : !hal.buffer_view
}
