// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// Structural and control-flow vm ops print back in IREE's syntax, also after a trip
// through the generic form.

// CHECK-LABEL: vm.module @empty {
// CHECK-NEXT: }
vm.module @empty {
}

// -----

// CHECK-LABEL: vm.module public @attributed attributes {vm.toplevel, version = 3 : i32} {
vm.module public @attributed attributes {vm.toplevel, version = 3 : i32} {
  // CHECK-NEXT: vm.func private @declared(i32) -> i64
  vm.func private @declared(i32) -> i64
}

// -----

// CHECK-LABEL: vm.module @imports {
vm.module @imports {
  // CHECK-NEXT: vm.import private @mod.empty()
  vm.import private @mod.empty()
  // CHECK-NEXT: vm.import public @mod.unnamed(i32, !vm.buffer) -> i32
  vm.import public @mod.unnamed(i32, !vm.buffer) -> i32
  // CHECK-NEXT: vm.import private @mod.named(%lhs : !vm.buffer, %strides : tuple<i64, i64>) -> (i64, i64)
  vm.import private @mod.named(%lhs : !vm.buffer, %strides : tuple<i64, i64>) -> (i64, i64)
  // CHECK-NEXT: vm.import private optional @mod.opt(%device : !vm.ref<!hal.device>) -> !vm.ref<?> attributes {nosideeffects, minimum_version = 2 : i32}
  vm.import private optional @mod.opt(%device : !vm.ref<!hal.device>) -> !vm.ref<?> attributes {nosideeffects, minimum_version = 2 : i32}
  // CHECK-NEXT: vm.import @mod.varargs(%n : i32, %values : i64 ...)
  vm.import @mod.varargs(%n : i32, %values : i64 ...)
}

// -----

// CHECK-LABEL: vm.module @functions {
vm.module @functions {
  // CHECK-NEXT: vm.import private @vmvx.fill.2d.x32(%fill_value : i32, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %size_m : i64, %size_n : i64)
  vm.import private @vmvx.fill.2d.x32(%fill_value : i32, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %size_m : i64, %size_n : i64)
  // CHECK-NEXT: vm.import private @mod.pair(%p : tuple<i64, i64>, %flags : i32) -> (i64, i64)
  vm.import private @mod.pair(%p : tuple<i64, i64>, %flags : i32) -> (i64, i64)

  // CHECK-NEXT: vm.func private @entry(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %x: i32) -> i32 attributes {iree.reflection = {binding_count = "1", constant_count = "2"}} {
  vm.func private @entry(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %x: i32) -> i32 attributes {iree.reflection = {binding_count = "1", constant_count = "2"}} {
    // CHECK-NEXT: %zero = vm.const.i64.zero
    %zero = vm.const.i64.zero
    // CHECK-NEXT: %bits = vm.const.i32 0
    %bits = vm.const.i32 0
    // CHECK-NEXT: vm.call @vmvx.fill.2d.x32(%bits, %local, %zero, %zero, %zero, %zero) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
    vm.call @vmvx.fill.2d.x32(%bits, %local, %zero, %zero, %zero, %zero) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
    // CHECK-NEXT: %m, %n = vm.call @mod.pair(%zero, %zero, %bits) : (i64, i64, i32) -> (i64, i64)
    %m, %n = vm.call @mod.pair(%zero, %zero, %bits) : (i64, i64, i32) -> (i64, i64)
    // CHECK-NEXT: %y = vm.call @helper(%x) : (i32) -> i32
    %y = vm.call @helper(%x) : (i32) -> i32
    // CHECK-NEXT: vm.check.eq %x, %y, "helper is the identity" : i32
    vm.check.eq %x, %y, "helper is the identity" : i32
    // CHECK-NEXT: vm.check.ne %m, %n : i64
    vm.check.ne %m, %n : i64
    // CHECK-NEXT: vm.check.nearly_eq %x, %y, "close" : i32
    vm.check.nearly_eq %x, %y, "close" : i32
    // CHECK-NEXT: vm.check.nz %local, "!null" : !vm.buffer
    vm.check.nz %local, "!null" : !vm.buffer
    // CHECK-NEXT: vm.cond_br %x, ^bb1(%y : i32), ^bb2
    vm.cond_br %x, ^bb1(%y : i32), ^bb2
  // CHECK-NEXT: ^bb1(%v: i32):
  ^bb1(%v: i32):
    // CHECK-NEXT: vm.br ^bb3(%v, %m : i32, i64)
    vm.br ^bb3(%v, %m : i32, i64)
  // CHECK-NEXT: ^bb2:
  ^bb2:
    // CHECK-NEXT: %code = vm.const.i32 9
    %code = vm.const.i32 9
    // CHECK-NEXT: vm.cond_fail %x, %code, "x was nonzero"
    vm.cond_fail %x, %code, "x was nonzero"
    // CHECK-NEXT: vm.cond_fail %code
    vm.cond_fail %code
    // CHECK-NEXT: vm.fail %code, "unreachable"
    vm.fail %code, "unreachable"
  // CHECK-NEXT: ^bb3(%r: i32, %unused: i64):
  ^bb3(%r: i32, %unused: i64):
    // CHECK-NEXT: vm.return %r : i32
    vm.return %r : i32
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: vm.export @entry
  vm.export @entry
  // CHECK-NEXT: vm.export @entry as("main") attributes {iree.abi.model = "coarse"}
  vm.export @entry as("main") attributes {iree.abi.model = "coarse"}

  // CHECK-NEXT: vm.func @helper(%a: i32) -> i32 attributes {noinline} {
  vm.func @helper(%a: i32) -> i32 attributes {noinline} {
    // CHECK-NEXT: vm.return %a : i32
    vm.return %a : i32
  }
  // CHECK: vm.initializer attributes {init.order = 1 : i32} {
  vm.initializer attributes {init.order = 1 : i32} {
    // CHECK-NEXT: vm.br ^bb1
    vm.br ^bb1
  // CHECK-NEXT: ^bb1:
  ^bb1:
    // CHECK-NEXT: vm.return
    vm.return
  }
}
