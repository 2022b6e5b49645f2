// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s

// f16 lives in f32 registers. Loads and stores use pyvmvx's vm.buffer.load/store.f16 (element
// index = byte offset / 2); every f16 arith/math result is the f32 op rounded to f16
// (vm.trunc.f32.f16), comparisons and extf need no rounding, truncf from f32 is the rounding.

// CHECK-LABEL: vm.func private @f16_ops(%b: !vm.buffer, %off: i64, %w: f32) -> (i32, f32) {
// CHECK-NEXT:    %[[TWO:.*]] = vm.const.i64 2
// CHECK-NEXT:    %size = vm.buffer.length %b : !vm.buffer -> i64
// CHECK-NEXT:    %[[E:.*]] = vm.div.i64.s %off, %[[TWO]] : i64
// CHECK-NEXT:    %x = vm.buffer.load.f16 %b[%[[E]]] : !vm.buffer -> f32
// CHECK-NEXT:    %[[SUM:.*]] = vm.add.f32 %x, %x : f32
// CHECK-NEXT:    %sum = vm.trunc.f32.f16 %[[SUM]] : f32 -> f32
// CHECK-NEXT:    %[[EXP:.*]] = vm.exp.f32 %sum : f32
// CHECK-NEXT:    %exp = vm.trunc.f32.f16 %[[EXP]] : f32 -> f32
// CHECK-NEXT:    %less = vm.cmp.lt.f32.o %x, %exp : f32
// CHECK-NEXT:    %narrow = vm.trunc.f32.f16 %w : f32 -> f32
// CHECK-NEXT:    %tenth = vm.const.f32 0.0999755859
// CHECK-NEXT:    %[[PRODUCT:.*]] = vm.mul.f32 %narrow, %tenth : f32
// CHECK-NEXT:    %scaled = vm.trunc.f32.f16 %[[PRODUCT]] : f32 -> f32
// CHECK-NEXT:    %[[E2:.*]] = vm.div.i64.s %off, %[[TWO]] : i64
// CHECK-NEXT:    vm.buffer.store.f16 %scaled, %b[%[[E2]]] : f32 -> !vm.buffer
// CHECK-NEXT:    vm.return %less, %exp : i32, f32
func.func @f16_ops(%b : !util.buffer, %off : index, %w : f32) -> (i1, f32) {
  %c2 = arith.constant 2 : index
  %size = util.buffer.size %b : !util.buffer
  %x = util.buffer.load %b[%off for %c2] : !util.buffer{%size} -> f16
  %sum = arith.addf %x, %x : f16
  %exp = math.exp %sum : f16
  %less = arith.cmpf olt, %x, %exp : f16
  %wide = arith.extf %exp : f16 to f32
  %narrow = arith.truncf %w : f32 to f16
  %tenth = arith.constant 0.1 : f16
  %scaled = arith.mulf %narrow, %tenth : f16
  util.buffer.store %scaled, %b[%off for %c2] : f16 -> !util.buffer{%size}
  func.return %less, %wide : i1, f32
}
