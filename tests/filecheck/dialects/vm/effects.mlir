// RUN: pyvmvx-opt %s -p cse,dce | filecheck %s
// Side-effect traits follow IREE: pure and trivial ops are merged by CSE and removed when
// unused; loads of immutable globals are pure, loads of mutable ones are reads that a store
// separates; stores, calls and buffer writes stay.

vm.module @effects {
  vm.global.i32 private @frozen = 3 : i32
  vm.global.i32 private mutable @live : i32
  vm.import private @mod.sink(%v : i32)

  // CHECK-LABEL: vm.func @f(%a: i32, %b: i32, %buf: !vm.buffer, %i: i64) -> i32 {
  vm.func @f(%a: i32, %b: i32, %buf: !vm.buffer, %i: i64) -> i32 {
    // CHECK-NEXT: %x = vm.add.i32 %a, %b : i32
    %x = vm.add.i32 %a, %b : i32
    %x2 = vm.add.i32 %a, %b : i32
    %unused_div = vm.div.i32.s %a, %b : i32
    %unused_len = vm.buffer.length %buf : !vm.buffer -> i64
    %unused_cmp = vm.cmp.lt.i32.s %a, %b : i32
    %unused_const = vm.const.i32 7
    // CHECK-NEXT: %[[FROZEN:.*]] = vm.global.load.i32 @frozen : i32
    %f1 = vm.global.load.i32 @frozen : i32
    %f2 = vm.global.load.i32 @frozen : i32
    // CHECK-NEXT: %l1 = vm.global.load.i32 @live : i32
    %l1 = vm.global.load.i32 @live : i32
    // CHECK-NEXT: vm.global.store.i32 %x, @live : i32
    vm.global.store.i32 %x, @live : i32
    // CHECK-NEXT: %l2 = vm.global.load.i32 @live : i32
    %l2 = vm.global.load.i32 @live : i32
    // CHECK-NEXT: vm.buffer.store.i32 %x, %buf[%i] : i32 -> !vm.buffer
    vm.buffer.store.i32 %x2, %buf[%i] : i32 -> !vm.buffer
    // CHECK-NEXT: vm.call @mod.sink(%[[FROZEN]]) : (i32) -> ()
    vm.call @mod.sink(%f2) : (i32) -> ()
    // CHECK-NEXT: %s = vm.add.i32 %l1, %l2 : i32
    %s = vm.add.i32 %l1, %l2 : i32
    %unused_frozen_sum = vm.add.i32 %f1, %f2 : i32
    // CHECK-NEXT: vm.return %s : i32
    vm.return %s : i32
  }
}
