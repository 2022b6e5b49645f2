// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s --check-prefixes=CHECK,I64
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vm-conversion{index-bits=32}' | filecheck %s --check-prefixes=CHECK,I32

// util.buffer.load/store take byte offsets; vm.buffer.load/store take element indices, so
// the offset is divided by the element size (constant offsets fold). i8 accesses use the
// byte offset directly; unsigned element types load zero-extended. Offsets are i64 in the
// VM (zero-extended from 32-bit indices).

// CHECK-LABEL: vm.func private @loads(%b: !vm.buffer, %off: {{i64|i32}}) {
// I64-NEXT:      %size = vm.buffer.length %b : !vm.buffer -> i64
// I64-NEXT:      %c1 = vm.const.i64 1
// I64-NEXT:      %i8 = vm.buffer.load.i8.s %b[%off] : !vm.buffer -> i32
// I64-NEXT:      %u8 = vm.buffer.load.i8.u %b[%off] : !vm.buffer -> i32
// I64-NEXT:      %i1 = vm.buffer.load.i8.s %b[%off] : !vm.buffer -> i32
// I64-NEXT:      %[[TWO:.*]] = vm.const.i64 2
// I64-NEXT:      %[[E16:.*]] = vm.div.i64.s %off, %[[TWO]] : i64
// I64-NEXT:      %i16 = vm.buffer.load.i16.s %b[%[[E16]]] : !vm.buffer -> i32
// I32-NEXT:      %[[LEN:.*]] = vm.buffer.length %b : !vm.buffer -> i64
// I32-NEXT:      %size = vm.trunc.i64.i32 %[[LEN]] : i64 -> i32
// I32-NEXT:      %c1 = vm.const.i32 1
// I32-NEXT:      %[[OFF:.*]] = vm.ext.i32.i64.u %off : i32 -> i64
// I32-NEXT:      %i8 = vm.buffer.load.i8.s %b[%[[OFF]]] : !vm.buffer -> i32
// I32-NEXT:      %[[OFF2:.*]] = vm.ext.i32.i64.u %off : i32 -> i64
// I32-NEXT:      %u8 = vm.buffer.load.i8.u %b[%[[OFF2]]] : !vm.buffer -> i32
// I32-NEXT:      %[[OFF3:.*]] = vm.ext.i32.i64.u %off : i32 -> i64
// I32-NEXT:      %i1 = vm.buffer.load.i8.s %b[%[[OFF3]]] : !vm.buffer -> i32
// I32-NEXT:      %[[OFF4:.*]] = vm.ext.i32.i64.u %off : i32 -> i64
// I32-NEXT:      %[[TWO:.*]] = vm.const.i64 2
// I32-NEXT:      %[[E16:.*]] = vm.div.i64.s %[[OFF4]], %[[TWO]] : i64
// I32-NEXT:      %i16 = vm.buffer.load.i16.s %b[%[[E16]]] : !vm.buffer -> i32
// CHECK-NEXT:    %c12 = vm.const.{{i64|i32}} 12
// CHECK-NEXT:    %[[THREE:.*]] = vm.const.i64 3
// CHECK-NEXT:    %i32 = vm.buffer.load.i32 %b[%[[THREE]]] : !vm.buffer -> i32
// CHECK-NEXT:    %c8 = vm.const.{{i64|i32}} 8
// CHECK-NEXT:    %[[FOUR:.*]] = vm.const.i64 4
// CHECK-NEXT:    %u16 = vm.buffer.load.i16.u %b[%[[FOUR]]] : !vm.buffer -> i32
// CHECK-NEXT:    %c16 = vm.const.{{i64|i32}} 16
// CHECK-NEXT:    %i64 = vm.buffer.load.i64 %b[%[[TWO]]] : !vm.buffer -> i64
// CHECK-NEXT:    %f32 = vm.buffer.load.f32 %b[%[[FOUR]]] : !vm.buffer -> f32
// CHECK-NEXT:    %f64 = vm.buffer.load.f64 %b[%[[TWO]]] : !vm.buffer -> f64
// I64-NEXT:      %index = vm.buffer.load.i64 %b[%[[TWO]]] : !vm.buffer -> i64
// I32-NEXT:      %index = vm.buffer.load.i32 %b[%[[FOUR]]] : !vm.buffer -> i32
// CHECK-NEXT:    vm.return
func.func @loads(%b : !util.buffer, %off : index) {
  %size = util.buffer.size %b : !util.buffer
  %c1 = arith.constant 1 : index
  %i8 = util.buffer.load %b[%off for %c1] : !util.buffer{%size} -> i8
  %u8 = util.buffer.load %b[%off for %c1] : !util.buffer{%size} -> ui8
  %i1 = util.buffer.load %b[%off for %c1] : !util.buffer{%size} -> i1
  %i16 = util.buffer.load %b[%off for %c1] : !util.buffer{%size} -> i16
  %c12 = arith.constant 12 : index
  %i32 = util.buffer.load %b[%c12 for %c1] : !util.buffer{%size} -> i32
  %c8 = arith.constant 8 : index
  %u16 = util.buffer.load %b[%c8 for %c1] : !util.buffer{%size} -> ui16
  %c16 = arith.constant 16 : index
  %i64 = util.buffer.load %b[%c16 for %c1] : !util.buffer{%size} -> i64
  %f32 = util.buffer.load %b[%c16 for %c1] : !util.buffer{%size} -> f32
  %f64 = util.buffer.load %b[%c16 for %c1] : !util.buffer{%size} -> f64
  %index = util.buffer.load %b[%c16 for %c1] : !util.buffer{%size} -> index
  func.return
}

// -----

// CHECK-LABEL: vm.func private @stores(%b: !vm.buffer, %n: {{i64|i32}}, %v8: i32, %v32: i32, %v64: i64, %vf: f32, %vd: f64) {
// CHECK:         %[[E8:.*]] = vm.const.i64 24
// CHECK-NEXT:    vm.buffer.store.i8 %v8, %b[%[[E8]]] : i32 -> !vm.buffer
// CHECK-NEXT:    %[[E32:.*]] = vm.const.i64 6
// CHECK-NEXT:    vm.buffer.store.i32 %v32, %b[%[[E32]]] : i32 -> !vm.buffer
// CHECK-NEXT:    %[[E64:.*]] = vm.const.i64 3
// CHECK-NEXT:    vm.buffer.store.i64 %v64, %b[%[[E64]]] : i64 -> !vm.buffer
// CHECK-NEXT:    vm.buffer.store.f32 %vf, %b[%[[E32]]] : f32 -> !vm.buffer
// CHECK-NEXT:    vm.buffer.store.f64 %vd, %b[%[[E64]]] : f64 -> !vm.buffer
// CHECK-NEXT:    vm.return
func.func @stores(%b : !util.buffer, %n : index, %v8 : i8, %v32 : i32, %v64 : i64, %vf : f32, %vd : f64) {
  %c24 = arith.constant 24 : index
  util.buffer.store %v8, %b[%c24 for %n] : i8 -> !util.buffer{%n}
  util.buffer.store %v32, %b[%c24 for %n] : i32 -> !util.buffer{%n}
  util.buffer.store %v64, %b[%c24 for %n] : i64 -> !util.buffer{%n}
  util.buffer.store %vf, %b[%c24 for %n] : f32 -> !util.buffer{%n}
  util.buffer.store %vd, %b[%c24 for %n] : f64 -> !util.buffer{%n}
  func.return
}

// -----

// Allocation takes an i64 byte size and an i32 alignment (0 when unspecified); constant
// buffers become inline rodata; util.sizeof folds to the byte size (index: index-bits/8).

// CHECK-LABEL: vm.func private @buffers(%n: {{i64|i32}}) -> (!vm.buffer, !vm.buffer, !vm.buffer, {{i64|i32}}, {{i64|i32}}) {
// I32-NEXT:      %[[N64:.*]] = vm.ext.i32.i64.u %n : i32 -> i64
// CHECK-NEXT:    %[[ALIGN:.*]] = vm.const.i32 16
// I64-NEXT:      %aligned = vm.buffer.alloc %n, %[[ALIGN]] : !vm.buffer
// I32-NEXT:      %aligned = vm.buffer.alloc %[[N64]], %[[ALIGN]] : !vm.buffer
// I32-NEXT:      %[[N64_2:.*]] = vm.ext.i32.i64.u %n : i32 -> i64
// CHECK-NEXT:    %[[NONE:.*]] = vm.const.i32.zero
// I64-NEXT:      %plain = vm.buffer.alloc %n, %[[NONE]] : !vm.buffer
// I32-NEXT:      %plain = vm.buffer.alloc %[[N64_2]], %[[NONE]] : !vm.buffer
// CHECK-NEXT:    %data = vm.rodata.inline "weights" <alignment = 64, mime_type = "application/octet-stream"> : !vm.buffer = dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT:    %f32size = vm.const.{{i64|i32}} 4
// I64-NEXT:      %indexsize = vm.const.i64 8
// I64-NEXT:      vm.return %aligned, %plain, %data, %f32size, %indexsize
// I32-NEXT:      vm.return %aligned, %plain, %data, %f32size, %f32size
func.func @buffers(%n : index) -> (!util.buffer, !util.buffer, !util.buffer, index, index) {
  %aligned = util.buffer.alloc uninitialized {alignment = 16 : index} : !util.buffer{%n}
  %plain = util.buffer.alloc uninitialized : !util.buffer{%n}
  %data = util.buffer.constant "weights" {alignment = 64 : index, mime_type = "application/octet-stream"} : !util.buffer = dense<[1, 2, 3]> : tensor<3xi32>
  %f32size = util.sizeof f32
  %indexsize = util.sizeof index
  func.return %aligned, %plain, %data, %f32size, %indexsize : !util.buffer, !util.buffer, !util.buffer, index, index
}

// -----

// Bindings come from a list of buffers (the index is i32 in the VM); compiler hints vanish.

// CHECK-LABEL: vm.func private @list_and_hints(%bindings: !vm.list<!vm.buffer>, %i: {{i64|i32}}) -> {{i64|i32}} {
// I64-NEXT:      %[[IDX:.*]] = vm.trunc.i64.i32 %i : i64 -> i32
// I64-NEXT:      %buffer = vm.list.get.ref %bindings, %[[IDX]] : (!vm.list<!vm.buffer>, i32) -> !vm.buffer
// I32-NEXT:      %buffer = vm.list.get.ref %bindings, %i : (!vm.list<!vm.buffer>, i32) -> !vm.buffer
// CHECK-NEXT:    %[[LEN:.*]] = vm.buffer.length %buffer : !vm.buffer -> i64
// I64-NEXT:      vm.return %[[LEN]] : i64
// I32-NEXT:      %size = vm.trunc.i64.i32 %[[LEN]] : i64 -> i32
// I32-NEXT:      vm.return %size : i32
func.func @list_and_hints(%bindings : !util.list<!util.buffer>, %i : index) -> index {
  %buffer = util.list.get %bindings[%i] : !util.list<!util.buffer>
  %size = util.buffer.size %buffer : !util.buffer
  %assumed = util.assume.int %size<umin = 0, umax = 4096> : index
  %kept = util.optimization_barrier %assumed : index
  func.return %kept : index
}

// -----

// Globals keep name, visibility, mutability and initial value; loads and stores are typed.
// util.initializer becomes vm.initializer; util.func/util.call/util.return work like func.

// CHECK-LABEL: vm.module @module {
// CHECK-NEXT:    vm.global.ref private @data : !vm.buffer
// CHECK-NEXT:    vm.global.i32 private mutable @counter = 3 : i32
// CHECK-NEXT:    vm.global.i64 private @big = -1 : i64
// CHECK-NEXT:    vm.global.f32 private @scale = 2.500000e+00 : f32
// CHECK-NEXT:    vm.global.f64 private mutable @total : f64
// CHECK-NEXT:    vm.global.{{i64|i32}} private @count = 7 : {{i64|i32}}
// CHECK-NEXT:    vm.initializer {
// CHECK-NEXT:      %buffer = vm.rodata.inline : !vm.buffer = dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:      vm.global.store.ref %buffer, @data : !vm.buffer
// CHECK-NEXT:      vm.return
// CHECK-NEXT:    }
// CHECK-NEXT:    vm.func private @bump(%x: i32) -> i32 {
// CHECK-NEXT:      %old = vm.global.load.i32 @counter : i32
// CHECK-NEXT:      %new = vm.add.i32 %old, %x : i32
// CHECK-NEXT:      vm.global.store.i32 %new, @counter : i32
// CHECK-NEXT:      %scale = vm.global.load.f32 @scale : f32
// CHECK-NEXT:      %data = vm.global.load.ref @data : !vm.buffer
// CHECK-NEXT:      vm.return %new : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    vm.func private @main(%x: i32) -> i32 {
// CHECK-NEXT:      %r = vm.call @bump(%x) : (i32) -> i32
// CHECK-NEXT:      vm.return %r : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    vm.export @main
// CHECK-NEXT:  }
util.global private @data : !util.buffer
util.global private mutable @counter = 3 : i32
util.global private @big = -1 : i64
util.global private @scale = 2.5 : f32
util.global private mutable @total : f64
util.global private @count = 7 : index
util.initializer {
  %buffer = util.buffer.constant : !util.buffer = dense<1.0> : tensor<4xf32>
  util.global.store %buffer, @data : !util.buffer
  util.return
}
util.func private @bump(%x : i32) -> i32 {
  %old = util.global.load @counter : i32
  %new = arith.addi %old, %x : i32
  util.global.store %new, @counter : i32
  %scale = util.global.load @scale : f32
  %data = util.global.load @data : !util.buffer
  util.return %new : i32
}
util.func public @main(%x : i32) -> i32 {
  %r = util.call @bump(%x) : (i32) -> i32
  util.return %r : i32
}

// -----

// Discardable attributes survive, as in IREE: iree-vmvx-assign-constant-ordinals finds the
// ordinal globals by their constant key.
util.global private mutable @__constant_foo_ordinal {hal.executable.constant.key = "foo"} : i32
// CHECK-LABEL: vm.module @module
// CHECK: vm.global.i32 private mutable @__constant_foo_ordinal {hal.executable.constant.key = "foo"} : i32
