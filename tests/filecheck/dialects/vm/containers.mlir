// RUN: pyvmvx-opt %s | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// vm.buffer.* and vm.list.* ops print back in IREE's syntax, also after a trip through the
// generic form. Loads, stores and fills index elements; alloc/clone/copy/compare use bytes.

// CHECK-LABEL: vm.module @containers {
vm.module @containers {
  // CHECK-NEXT: vm.func @buffers(%buf: !vm.buffer, %i: i64, %n: i64, %v32: i32, %v64: i64, %f: f32, %d: f64) {
  vm.func @buffers(%buf: !vm.buffer, %i: i64, %n: i64, %v32: i32, %v64: i64, %f: f32, %d: f64) {
    %align = vm.const.i32 16
    // CHECK-NEXT: %align = vm.const.i32 16
    %new = vm.buffer.alloc %n, %align : !vm.buffer
    // CHECK-NEXT: %new = vm.buffer.alloc %n, %align : !vm.buffer
    %clone = vm.buffer.clone %buf, %i, %n, %align : !vm.buffer -> !vm.buffer
    // CHECK-NEXT: %clone = vm.buffer.clone %buf, %i, %n, %align : !vm.buffer -> !vm.buffer
    %length = vm.buffer.length %buf : !vm.buffer -> i64
    // CHECK-NEXT: %length = vm.buffer.length %buf : !vm.buffer -> i64
    vm.buffer.copy %buf, %i, %new, %i, %n : !vm.buffer -> !vm.buffer
    // CHECK-NEXT: vm.buffer.copy %buf, %i, %new, %i, %n : !vm.buffer -> !vm.buffer
    %same = vm.buffer.compare %buf, %i, %clone, %i, %n : !vm.buffer, !vm.buffer
    // CHECK-NEXT: %same = vm.buffer.compare %buf, %i, %clone, %i, %n : !vm.buffer, !vm.buffer
    vm.buffer.fill.i8 %new, %i, %n, %v32 : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.i8 %new, %i, %n, %v32 : i32 -> !vm.buffer
    vm.buffer.fill.i16 %new, %i, %n, %v32 : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.i16 %new, %i, %n, %v32 : i32 -> !vm.buffer
    vm.buffer.fill.i32 %new, %i, %n, %v32 : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.i32 %new, %i, %n, %v32 : i32 -> !vm.buffer
    vm.buffer.fill.i64 %new, %i, %n, %v64 : i64 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.i64 %new, %i, %n, %v64 : i64 -> !vm.buffer
    vm.buffer.fill.f32 %new, %i, %n, %f : f32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.f32 %new, %i, %n, %f : f32 -> !vm.buffer
    vm.buffer.fill.f64 %new, %i, %n, %d : f64 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.f64 %new, %i, %n, %d : f64 -> !vm.buffer
    vm.buffer.fill.f32 %new, %i, %n, %v32 : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.fill.f32 %new, %i, %n, %v32 : i32 -> !vm.buffer
    %load_i8_u = vm.buffer.load.i8.u %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_i8_u = vm.buffer.load.i8.u %buf[%i] : !vm.buffer -> i32
    %load_i8_s = vm.buffer.load.i8.s %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_i8_s = vm.buffer.load.i8.s %buf[%i] : !vm.buffer -> i32
    %load_i16_u = vm.buffer.load.i16.u %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_i16_u = vm.buffer.load.i16.u %buf[%i] : !vm.buffer -> i32
    %load_i16_s = vm.buffer.load.i16.s %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_i16_s = vm.buffer.load.i16.s %buf[%i] : !vm.buffer -> i32
    %load_i32 = vm.buffer.load.i32 %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_i32 = vm.buffer.load.i32 %buf[%i] : !vm.buffer -> i32
    %load_i64 = vm.buffer.load.i64 %buf[%i] : !vm.buffer -> i64
    // CHECK-NEXT: %load_i64 = vm.buffer.load.i64 %buf[%i] : !vm.buffer -> i64
    %load_f32 = vm.buffer.load.f32 %buf[%i] : !vm.buffer -> f32
    // CHECK-NEXT: %load_f32 = vm.buffer.load.f32 %buf[%i] : !vm.buffer -> f32
    %load_f64 = vm.buffer.load.f64 %buf[%i] : !vm.buffer -> f64
    // CHECK-NEXT: %load_f64 = vm.buffer.load.f64 %buf[%i] : !vm.buffer -> f64
    %load_bits = vm.buffer.load.f32 %buf[%i] : !vm.buffer -> i32
    // CHECK-NEXT: %load_bits = vm.buffer.load.f32 %buf[%i] : !vm.buffer -> i32
    vm.buffer.store.i8 %v32, %new[%i] : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.i8 %v32, %new[%i] : i32 -> !vm.buffer
    vm.buffer.store.i16 %v32, %new[%i] : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.i16 %v32, %new[%i] : i32 -> !vm.buffer
    vm.buffer.store.i32 %v32, %new[%i] : i32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.i32 %v32, %new[%i] : i32 -> !vm.buffer
    vm.buffer.store.i64 %v64, %new[%i] : i64 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.i64 %v64, %new[%i] : i64 -> !vm.buffer
    vm.buffer.store.f32 %f, %new[%i] : f32 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.f32 %f, %new[%i] : f32 -> !vm.buffer
    vm.buffer.store.f64 %d, %new[%i] : f64 -> !vm.buffer
    // CHECK-NEXT: vm.buffer.store.f64 %d, %new[%i] : f64 -> !vm.buffer
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @lists(%refs: !vm.list<!vm.buffer>, %any: !vm.list<?>, %ints: !vm.list<i32>, %idx: i32, %buf: !vm.buffer) {
  vm.func @lists(%refs: !vm.list<!vm.buffer>, %any: !vm.list<?>, %ints: !vm.list<i32>, %idx: i32, %buf: !vm.buffer) {
    %list = vm.list.alloc %idx : (i32) -> !vm.list<i64>
    // CHECK-NEXT: %list = vm.list.alloc %idx : (i32) -> !vm.list<i64>
    %nested = vm.list.alloc %idx : (i32) -> !vm.list<!vm.list<?>>
    // CHECK-NEXT: %nested = vm.list.alloc %idx : (i32) -> !vm.list<!vm.list<?>>
    vm.list.reserve %list, %idx : (!vm.list<i64>, i32)
    // CHECK-NEXT: vm.list.reserve %list, %idx : (!vm.list<i64>, i32)
    %size = vm.list.size %list : (!vm.list<i64>) -> i32
    // CHECK-NEXT: %size = vm.list.size %list : (!vm.list<i64>) -> i32
    vm.list.resize %list, %size : (!vm.list<i64>, i32)
    // CHECK-NEXT: vm.list.resize %list, %size : (!vm.list<i64>, i32)
    %i32 = vm.list.get.i32 %ints, %idx : (!vm.list<i32>, i32) -> i32
    // CHECK-NEXT: %i32 = vm.list.get.i32 %ints, %idx : (!vm.list<i32>, i32) -> i32
    %i64 = vm.list.get.i64 %list, %idx : (!vm.list<i64>, i32) -> i64
    // CHECK-NEXT: %i64 = vm.list.get.i64 %list, %idx : (!vm.list<i64>, i32) -> i64
    %f32 = vm.list.get.f32 %any, %idx : (!vm.list<?>, i32) -> f32
    // CHECK-NEXT: %f32 = vm.list.get.f32 %any, %idx : (!vm.list<?>, i32) -> f32
    %f64 = vm.list.get.f64 %any, %idx : (!vm.list<?>, i32) -> f64
    // CHECK-NEXT: %f64 = vm.list.get.f64 %any, %idx : (!vm.list<?>, i32) -> f64
    %ref = vm.list.get.ref %refs, %idx : (!vm.list<!vm.buffer>, i32) -> !vm.buffer
    // CHECK-NEXT: %ref = vm.list.get.ref %refs, %idx : (!vm.list<!vm.buffer>, i32) -> !vm.buffer
    %opaque = vm.list.get.ref %any, %idx : (!vm.list<?>, i32) -> !vm.ref<?>
    // CHECK-NEXT: %opaque = vm.list.get.ref %any, %idx : (!vm.list<?>, i32) -> !vm.ref<?>
    vm.list.set.i32 %ints, %idx, %i32 : (!vm.list<i32>, i32, i32)
    // CHECK-NEXT: vm.list.set.i32 %ints, %idx, %i32 : (!vm.list<i32>, i32, i32)
    vm.list.set.i64 %list, %idx, %i64 : (!vm.list<i64>, i32, i64)
    // CHECK-NEXT: vm.list.set.i64 %list, %idx, %i64 : (!vm.list<i64>, i32, i64)
    vm.list.set.f32 %any, %idx, %f32 : (!vm.list<?>, i32, f32)
    // CHECK-NEXT: vm.list.set.f32 %any, %idx, %f32 : (!vm.list<?>, i32, f32)
    vm.list.set.f64 %any, %idx, %f64 : (!vm.list<?>, i32, f64)
    // CHECK-NEXT: vm.list.set.f64 %any, %idx, %f64 : (!vm.list<?>, i32, f64)
    vm.list.set.ref %refs, %idx, %buf : (!vm.list<!vm.buffer>, i32, !vm.buffer)
    // CHECK-NEXT: vm.list.set.ref %refs, %idx, %buf : (!vm.list<!vm.buffer>, i32, !vm.buffer)
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }
}
