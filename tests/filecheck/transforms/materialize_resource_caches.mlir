// RUN: pyvmvx-opt %s -p iree-hal-materialize-resource-caches | filecheck %s
//
// The host module's device, allocator and executables become globals set once by an
// initializer (the host module's `__init`); each lookup in a function becomes a load.

// CHECK-LABEL: builtin.module @module {
// CHECK-NEXT:    util.global private @__device_0 : !hal.device
// CHECK-NEXT:    util.global private @__device_0_allocator : !hal.allocator
// CHECK-NEXT:    util.global private @__device_0_executable_ex : !hal.executable
// CHECK-NEXT:    util.global private @__device_0_executable_other : !hal.executable
// CHECK-NEXT:    util.initializer {
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[DEVICE:.*]] = hal.devices.get %[[ZERO]] : !hal.device
// CHECK-NEXT:      util.global.store %[[DEVICE]], @__device_0 : !hal.device
// CHECK-NEXT:      %[[ALLOCATOR:.*]] = hal.device.allocator<%[[DEVICE]] : !hal.device> : !hal.allocator
// CHECK-NEXT:      util.global.store %[[ALLOCATOR]], @__device_0_allocator : !hal.allocator
// CHECK-NEXT:      %[[EX:.*]] = hal.executable.lookup device(%[[DEVICE]] : !hal.device) executable(@ex) : !hal.executable
// CHECK-NEXT:      util.global.store %[[EX]], @__device_0_executable_ex : !hal.executable
// CHECK-NEXT:      %[[OTHER:.*]] = hal.executable.lookup device(%[[DEVICE]] : !hal.device) executable(@other) : !hal.executable
// CHECK-NEXT:      util.global.store %[[OTHER]], @__device_0_executable_other : !hal.executable
// CHECK-NEXT:      util.return
// CHECK-NEXT:    }
// CHECK:         func.func @f(%{{.*}}: index) -> !hal.buffer {
// CHECK:           %{{.*}} = util.global.load @__device_0 : !hal.device
// CHECK-NEXT:      %[[A:.*]] = util.global.load @__device_0_allocator : !hal.allocator
// CHECK-NEXT:      %{{.*}} = util.global.load @__device_0_executable_ex : !hal.executable
// CHECK-NEXT:      %{{.*}} = util.global.load @__device_0_executable_ex : !hal.executable
// CHECK-NEXT:      %{{.*}} = util.global.load @__device_0_executable_other : !hal.executable
// CHECK:           hal.allocator.allocate<%[[A]] : !hal.allocator> affinity(%{{.*}}) type(%{{.*}}) usage(%{{.*}}) : !hal.buffer{%{{.*}}}
builtin.module @module {
  func.func @f(%size: index) -> !hal.buffer {
    %c0 = arith.constant 0 : index
    %device = hal.devices.get %c0 : !hal.device
    %allocator = hal.device.allocator<%device : !hal.device> : !hal.allocator
    %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
    %again = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
    %other = hal.executable.lookup device(%device : !hal.device) executable(@other) : !hal.executable
    %affinity = arith.constant -1 : i64
    %memory = hal.memory_type<DeviceLocal> : i32
    %usage = hal.buffer_usage<"Transfer|DispatchStorage"> : i32
    %buffer = hal.allocator.allocate<%allocator : !hal.allocator> affinity(%affinity) type(%memory) usage(%usage) : !hal.buffer{%size}
    func.return %buffer : !hal.buffer
  }
}

// A taken name gets a suffix; a device other than 0 and what uses it stay as they are.

// CHECK-LABEL: builtin.module @taken {
// CHECK-NEXT:    util.global private @__device_0_ : !hal.device
// CHECK-NEXT:    util.initializer {
// CHECK:           util.global.store %{{.*}}, @__device_0_ : !hal.device
// CHECK:         func.func @__device_0() -> (!hal.device, !hal.device) {
// CHECK:           %[[ONE:.*]] = hal.devices.get %{{.*}} : !hal.device
// CHECK-NEXT:      %[[CACHED:.*]] = util.global.load @__device_0_ : !hal.device
// CHECK-NEXT:      func.return %[[ONE]], %[[CACHED]] : !hal.device, !hal.device
builtin.module @taken {
  func.func @__device_0() -> (!hal.device, !hal.device) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = hal.devices.get %c1 : !hal.device
    %zero = hal.devices.get %c0 : !hal.device
    func.return %one, %zero : !hal.device, !hal.device
  }
}
