// RUN: pyvmvx-opt %s -p iree-vm-conversion | filecheck %s
//
// hal.buffer.load is a call of the hal module's buffer.load (1, 2 or 4 bytes, zero-extended
// to i32): an i8/i16 result is sign-extended to its canonical form, an i1 masked to 0/1, an
// i64 is two 4-byte loads, low word first (IREE's HALToVM).

func.func @loads(%buffer: !hal.buffer, %at: index) -> (i1, i8, i32, i64) {
  %b = hal.buffer.load<%buffer : !hal.buffer>[%at] : i1
  %s = hal.buffer.load<%buffer : !hal.buffer>[%at] : i8
  %w = hal.buffer.load<%buffer : !hal.buffer>[%at] : i32
  %d = hal.buffer.load<%buffer : !hal.buffer>[%at] : i64
  func.return %b, %s, %w, %d : i1, i8, i32, i64
}

// CHECK-LABEL: vm.func private @loads(
// CHECK-SAME:      %[[BUFFER:.*]]: !vm.ref<!hal.buffer>, %[[AT:.*]]: i64) -> (i32, i32, i32, i64) {
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[BYTE:.*]] = vm.call @hal.buffer.load(%[[BUFFER]], %[[AT]], %[[ONE]]) : (!vm.ref<!hal.buffer>, i64, i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = vm.and.i32 %[[BYTE]], %{{.*}} : i32
// CHECK:         %[[BYTE2:.*]] = vm.call @hal.buffer.load(%[[BUFFER]], %[[AT]], %{{.*}})
// CHECK-NEXT:    %[[S:.*]] = vm.ext.i8.i32.s %[[BYTE2]] : i32 -> i32
// CHECK:         %[[W:.*]] = vm.call @hal.buffer.load(%[[BUFFER]], %[[AT]], %[[FOUR:.*]]) : (!vm.ref<!hal.buffer>, i64, i32) -> i32
// CHECK:         %[[HIGH_AT:.*]] = vm.add.i64 %[[AT]], %{{.*}} : i64
// CHECK-NEXT:    %[[LOW:.*]] = vm.call @hal.buffer.load(%[[BUFFER]], %[[AT]], %[[FOUR]])
// CHECK-NEXT:    %[[LOW64:.*]] = vm.ext.i32.i64.u %[[LOW]] : i32 -> i64
// CHECK-NEXT:    %[[HIGH:.*]] = vm.call @hal.buffer.load(%[[BUFFER]], %[[HIGH_AT]], %{{.*}})
// CHECK-NEXT:    %[[HIGH64:.*]] = vm.ext.i32.i64.u %[[HIGH]] : i32 -> i64
// CHECK:         %[[SHIFTED:.*]] = vm.shl.i64 %[[HIGH64]], %{{.*}} : i64
// CHECK-NEXT:    %[[D:.*]] = vm.or.i64 %[[LOW64]], %[[SHIFTED]] : i64
// CHECK-NEXT:    vm.return %[[B]], %[[S]], %[[W]], %[[D]] : i32, i32, i32, i64
