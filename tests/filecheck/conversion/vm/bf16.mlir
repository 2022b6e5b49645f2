// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s

// bf16 lives in f32 registers, as f16 does (f16.mlir). Loads and stores use pyvmvx's
// vm.buffer.load/store.bf16 (element index = byte offset / 2); every bf16 arith/math result is
// the f32 op rounded to bf16 (vm.trunc.f32.bf16); comparisons and extf need no rounding,
// truncf from f32 is the rounding and from f64 rounds to odd in f32 first; constants are
// rounded by the compiler; bitcasts to and from i16 move the bits through an f32's high half.

// CHECK-LABEL: vm.func private @bf16_ops(%b: !vm.buffer, %off: i64, %w: f32, %d: f64, %i: i32) -> (i32, f32, i32, f32) {
// CHECK-NEXT:    %[[TWO:.*]] = vm.const.i64 2
// CHECK-NEXT:    %size = vm.buffer.length %b : !vm.buffer -> i64
// CHECK-NEXT:    %[[E:.*]] = vm.div.i64.s %off, %[[TWO]] : i64
// CHECK-NEXT:    %x = vm.buffer.load.bf16 %b[%[[E]]] : !vm.buffer -> f32
// CHECK-NEXT:    %[[SUM:.*]] = vm.add.f32 %x, %x : f32
// CHECK-NEXT:    %sum = vm.trunc.f32.bf16 %[[SUM]] : f32 -> f32
// CHECK-NEXT:    %[[EXP:.*]] = vm.exp.f32 %sum : f32
// CHECK-NEXT:    %exp = vm.trunc.f32.bf16 %[[EXP]] : f32 -> f32
// CHECK-NEXT:    %less = vm.cmp.lt.f32.o %x, %exp : f32
// CHECK-NEXT:    %narrow = vm.trunc.f32.bf16 %w : f32 -> f32
// CHECK-NEXT:    %[[NEAREST:.*]] = vm.trunc.f64.f32 %d : f64 -> f32
// CHECK:         %[[ODD:.*]] = vm.bitcast.i32.f32 %{{.*}} : i32 -> f32
// CHECK-NEXT:    %narrow64 = vm.trunc.f32.bf16 %[[ODD]] : f32 -> f32
// CHECK-NEXT:    %tenth = vm.const.f32 0.100097656
// CHECK-NEXT:    %[[PRODUCT:.*]] = vm.mul.f32 %narrow, %tenth : f32
// CHECK-NEXT:    %scaled = vm.trunc.f32.bf16 %[[PRODUCT]] : f32 -> f32
// CHECK-NEXT:    %[[E2:.*]] = vm.div.i64.s %off, %[[TWO]] : i64
// CHECK-NEXT:    vm.buffer.store.bf16 %scaled, %b[%[[E2]]] : f32 -> !vm.buffer
// CHECK-NEXT:    %[[WORD:.*]] = vm.bitcast.f32.i32 %narrow64 : f32 -> i32
// CHECK-NEXT:    %[[SIXTEEN:.*]] = vm.const.i32 16
// CHECK-NEXT:    %bits = vm.shr.i32.s %[[WORD]], %[[SIXTEEN]] : i32
// CHECK-NEXT:    %[[HIGH:.*]] = vm.shl.i32 %i, %[[SIXTEEN]] : i32
// CHECK-NEXT:    %back = vm.bitcast.i32.f32 %[[HIGH]] : i32 -> f32
// CHECK-NEXT:    vm.return %less, %exp, %bits, %back : i32, f32, i32, f32
func.func @bf16_ops(%b : !util.buffer, %off : index, %w : f32, %d : f64, %i : i16) -> (i1, f32, i16, bf16) {
  %c2 = arith.constant 2 : index
  %size = util.buffer.size %b : !util.buffer
  %x = util.buffer.load %b[%off for %c2] : !util.buffer{%size} -> bf16
  %sum = arith.addf %x, %x : bf16
  %exp = math.exp %sum : bf16
  %less = arith.cmpf olt, %x, %exp : bf16
  %wide = arith.extf %exp : bf16 to f32
  %narrow = arith.truncf %w : f32 to bf16
  %narrow64 = arith.truncf %d : f64 to bf16
  %tenth = arith.constant 0.1 : bf16
  %scaled = arith.mulf %narrow, %tenth : bf16
  util.buffer.store %scaled, %b[%off for %c2] : bf16 -> !util.buffer{%size}
  %bits = arith.bitcast %narrow64 : bf16 to i16
  %back = arith.bitcast %i : i16 to bf16
  func.return %less, %wide, %bits, %back : i1, f32, i16, bf16
}

// -----

// Conversions between bf16 and the other floats and integers: extf to f64 widens the f32
// register; sitofp from i16 rounds its (exact) f32 result to bf16, from i32 goes through f64
// and round-to-odd (rounding to f32 first could round twice); fptosi reads the f32 register.

// CHECK-LABEL: vm.func private @bf16_casts(%x: f32, %s: i32, %n: i32) -> (f64, f32, f32, i32) {
// CHECK-NEXT:    %wide = vm.ext.f32.f64 %x : f32 -> f64
// CHECK-NEXT:    %[[S:.*]] = vm.cast.si32.f32 %s : i32 -> f32
// CHECK-NEXT:    %short = vm.trunc.f32.bf16 %[[S]] : f32 -> f32
// CHECK-NEXT:    %[[N:.*]] = vm.ext.i32.i64.s %n : i32 -> i64
// CHECK-NEXT:    %[[D:.*]] = vm.cast.si64.f64 %[[N]] : i64 -> f64
// CHECK-NEXT:    vm.trunc.f64.f32 %[[D]] : f64 -> f32
// CHECK:         %[[ODD:.*]] = vm.bitcast.i32.f32 %{{.*}} : i32 -> f32
// CHECK-NEXT:    %long = vm.trunc.f32.bf16 %[[ODD]] : f32 -> f32
// CHECK:         vm.cast.f32.si32
func.func @bf16_casts(%x : bf16, %s : i16, %n : i32) -> (f64, bf16, bf16, i32) {
  %wide = arith.extf %x : bf16 to f64
  %short = arith.sitofp %s : i16 to bf16
  %long = arith.sitofp %n : i32 to bf16
  %int = arith.fptosi %x : bf16 to i32
  func.return %wide, %short, %long, %int : f64, bf16, bf16, i32
}
