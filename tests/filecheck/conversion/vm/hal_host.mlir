// RUN: pyvmvx-opt %s -p iree-vm-conversion | filecheck %s
//
// Host HAL ops become calls of the runtime hal module (hal_imports.mlir): shapes and push
// constants are variadic groups, each binding a (reserved, slot, buffer, offset, length)
// tuple; an executable is created from its symbol name; index sizes are i64.

func.func @main(%view: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  %affinity = arith.constant -1 : i64
  %memory = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
  %usage = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
  %n = hal.buffer_view.dim<%view : !hal.buffer_view>[0] : index
  %c4 = arith.constant 4 : index
  %f32 = arith.constant 553648160 : i32
  %dense = arith.constant 1 : i32
  hal.buffer_view.assert<%view : !hal.buffer_view> message("input0") shape([%n, %c4]) type(%f32) encoding(%dense)
  %buffer = hal.buffer_view.buffer<%view : !hal.buffer_view> : !hal.buffer
  %size = arith.muli %n, %c4 : index
  %result = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%affinity) type(%memory) usage(%usage) : !hal.buffer{%size}
  %one = arith.constant 1 : index
  %n32 = arith.index_cast %n : index to i32
  %cmd = hal.command_buffer.create device(%device : !hal.device) mode(OneShot) categories(Dispatch) affinity(%affinity) : !hal.command_buffer
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  %ordinal = arith.constant 0 : i64
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal] workgroups([%n, %one, %one]) constants([%n32]) bindings([(%buffer : !hal.buffer)[%c0, %size], (%result : !hal.buffer)[%c0, %size]]) flags("None")
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  hal.ex.submit_and_wait %device, %cmd
  %out = hal.buffer_view.create buffer(%result : !hal.buffer)[%c0, %size] shape([%n, %c4]) type(%f32) encoding(%dense) : !hal.buffer_view
  func.return %out : !hal.buffer_view
}

// CHECK:       vm.func private @main(%[[VIEW:.*]]: !vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer_view> {
// CHECK:         %[[ZERO:.*]] = vm.const.i32.zero
// CHECK-NEXT:    %[[DEVICE:.*]] = vm.call @hal.devices.get(%[[ZERO]]) : (i32) -> !vm.ref<!hal.device>
// CHECK-NEXT:    %[[ALLOCATOR:.*]] = vm.call @hal.device.allocator(%[[DEVICE]]) : (!vm.ref<!hal.device>) -> !vm.ref<!hal.allocator>
// CHECK:         %[[MEMORY:.*]] = vm.const.i32 48
// CHECK-NEXT:    %[[USAGE:.*]] = vm.const.i32 3075
// CHECK:         %[[N:.*]] = vm.call @hal.buffer_view.dim(%[[VIEW]], %[[ZERO]]) : (!vm.ref<!hal.buffer_view>, i32) -> i64
// CHECK:         %[[MESSAGE:.*]] = vm.rodata.inline : !vm.buffer = "input0"
// CHECK-NEXT:    vm.call.variadic @hal.buffer_view.assert(%[[VIEW]], %[[MESSAGE]], %{{.*}}, %{{.*}}, [%[[N]], %{{.*}}]) : (!vm.ref<!hal.buffer_view>, !vm.buffer, i32, i32, i64 ...)
// CHECK-NEXT:    %[[BUFFER:.*]] = vm.call @hal.buffer_view.buffer(%[[VIEW]])
// CHECK:         %[[RESULT:.*]] = vm.call @hal.allocator.allocate(%[[ALLOCATOR]], %{{.*}}, %[[MEMORY]], %[[USAGE]], %[[SIZE:.*]]) : (!vm.ref<!hal.allocator>, i64, i32, i32, i64) -> !vm.ref<!hal.buffer>
// CHECK:         %[[CMD:.*]] = vm.call @hal.command_buffer.create(%[[DEVICE]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]])
// CHECK:         %[[FORMAT:.*]] = vm.rodata.inline : !vm.buffer = "vmvx-bytecode-fb"
// CHECK-NEXT:    %[[NAME:.*]] = vm.rodata.inline : !vm.buffer = "ex"
// CHECK-NEXT:    %[[EXE:.*]] = vm.call @hal.executable.create(%[[DEVICE]], %{{.*}}, %[[FORMAT]], %[[NAME]], %{{.*}})
// CHECK:         vm.call.variadic @hal.command_buffer.dispatch(%[[CMD]], %[[EXE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, [%{{.*}}], [(%[[ZERO]], %[[ZERO]], %[[BUFFER]], %{{.*}}, %[[SIZE]]), (%[[ZERO]], %[[ZERO]], %[[RESULT]], %{{.*}}, %[[SIZE]])])
// CHECK-NEXT:    vm.call @hal.command_buffer.finalize(%[[CMD]])
// CHECK-NEXT:    vm.call @hal.ex.submit_and_wait(%[[DEVICE]], %[[CMD]])
// CHECK-NEXT:    %[[OUT:.*]] = vm.call.variadic @hal.buffer_view.create(%[[RESULT]], %{{.*}}, %[[SIZE]], %{{.*}}, %{{.*}}, [%[[N]], %{{.*}}])
// CHECK-NEXT:    vm.return %[[OUT]] : !vm.ref<!hal.buffer_view>

// A constant is inline rodata imported as a HAL buffer (IREE's `try` import; memory types and
// usage 0 in pyvmvx's older spelling, which has none); `did_import` is whether the buffer is
// non-null.

func.func @constant() -> i1 {
  %c0 = arith.constant 0 : index
  %device = hal.devices.get %c0 : !hal.device
  %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
  %affinity = arith.constant -1 : i64
  %data = util.buffer.constant "w" {alignment = 64 : index} : !util.buffer = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %c16 = arith.constant 16 : index
  %ok, %weights = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%affinity) : i1, !hal.buffer
  func.return %ok : i1
}

// CHECK-LABEL: vm.func private @constant() -> i32 {
// CHECK:         %[[ALLOCATOR:.*]] = vm.call @hal.device.allocator(
// CHECK:         %[[AFFINITY:.*]] = vm.const.i64 -1
// CHECK-NEXT:    %[[DATA:.*]] = vm.rodata.inline "w" <alignment = 64> : !vm.buffer = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %[[C16:.*]] = vm.const.i64 16
// CHECK-NEXT:    %[[TRY:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[BUFFER:.*]] = vm.call @hal.allocator.import(%[[ALLOCATOR]], %[[TRY]], %[[AFFINITY]], %[[ZERO:.*]], %[[ZERO]], %[[DATA]], %{{.*}}, %[[C16]]) : (!vm.ref<!hal.allocator>, i32, i64, i32, i32, !vm.buffer, i64, i64) -> !vm.ref<!hal.buffer>
// CHECK-NEXT:    %[[OK:.*]] = vm.cmp.nz.ref %[[BUFFER]] : !vm.ref<!hal.buffer>
// CHECK-NEXT:    vm.return %[[OK]] : i32

// IREE's spelling passes the memory types and usage values on.

func.func @typed_constant(%allocator: !hal.allocator, %data: !util.buffer) -> !hal.buffer {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %affinity = arith.constant -1 : i64
  %memory = hal.memory_type<DeviceLocal> : i32
  %usage = hal.buffer_usage<"Transfer|DispatchStorage|SharingImmutable"> : i32
  %ok, %weights = hal.allocator.import<%allocator : !hal.allocator> source(%data : !util.buffer)[%c0, %c16] affinity(%affinity) type(%memory) usage(%usage) : i1, !hal.buffer
  func.return %weights : !hal.buffer
}

// CHECK-LABEL: vm.func private @typed_constant(
// CHECK:         %[[MEMORY:.*]] = vm.const.i32 48
// CHECK-NEXT:    %[[USAGE:.*]] = vm.const.i32 527363
// CHECK:         vm.call @hal.allocator.import(%{{.*}}, %{{.*}}, %{{.*}}, %[[MEMORY]], %[[USAGE]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:       vm.import private @hal.allocator.import(%allocator : !vm.ref<!hal.allocator>, %try : i32, %queue_affinity : i64, %memory_types : i32, %buffer_usage : i32, %source : !vm.buffer, %offset : i64, %length : i64) -> !vm.ref<!hal.buffer>
