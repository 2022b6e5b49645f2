// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-materialize-constants | filecheck %s

// No executable constants: nothing is added.

// CHECK-NOT: __set_constants
// CHECK-NOT: util.global
// CHECK:     func.func private @no_constants() {
func.func private @no_constants() {
  func.return
}

// -----

// Two keys (first-seen order): an ordinal and a value global each, the loads read the value
// globals, and the setter reads slot `ordinal` (4 bytes each) of an 8-byte buffer.

// CHECK:      util.global private mutable @__constant_tile_ordinal {hal.executable.constant.key = "tile"} : i32
// CHECK-NEXT: util.global private mutable @__constant_tile : i32
// CHECK-NEXT: util.global private mutable @__constant_scale_ordinal {hal.executable.constant.key = "scale"} : i32
// CHECK-NEXT: util.global private mutable @__constant_scale : f32
// CHECK-NEXT: func.func @__set_constants(%[[BUFFER:.*]]: !util.buffer) attributes {vmvx.set_constants} {
// CHECK-NEXT:   %[[SIZE:.*]] = arith.constant 8 : index
// CHECK-NEXT:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:   %[[LENGTH:.*]] = arith.constant 4 : index
// CHECK-NEXT:   %[[TILE_ORDINAL:.*]] = util.global.load @__constant_tile_ordinal : i32
// CHECK-NEXT:   %[[TILE_BYTES:.*]] = arith.muli %[[TILE_ORDINAL]], %[[C4]] : i32
// CHECK-NEXT:   %[[TILE_OFFSET:.*]] = arith.index_cast %[[TILE_BYTES]] : i32 to index
// CHECK-NEXT:   %[[TILE:.*]] = util.buffer.load %[[BUFFER]][%[[TILE_OFFSET]] for %[[LENGTH]]] : !util.buffer{%[[SIZE]]} -> i32
// CHECK-NEXT:   util.global.store %[[TILE]], @__constant_tile : i32
// CHECK-NEXT:   %[[SCALE_ORDINAL:.*]] = util.global.load @__constant_scale_ordinal : i32
// CHECK-NEXT:   %[[SCALE_BYTES:.*]] = arith.muli %[[SCALE_ORDINAL]], %[[C4]] : i32
// CHECK-NEXT:   %[[SCALE_OFFSET:.*]] = arith.index_cast %[[SCALE_BYTES]] : i32 to index
// CHECK-NEXT:   %[[SCALE:.*]] = util.buffer.load %[[BUFFER]][%[[SCALE_OFFSET]] for %[[LENGTH]]] : !util.buffer{%[[SIZE]]} -> f32
// CHECK-NEXT:   util.global.store %[[SCALE]], @__constant_scale : f32
// CHECK-NEXT:   func.return
// CHECK-NEXT: }

// CHECK-LABEL: func.func private @constant_user() -> (i32, f32) {
func.func private @constant_user() -> (i32, f32) {
  // CHECK-NEXT: %[[T0:.*]] = util.global.load @__constant_tile : i32
  // CHECK-NEXT: util.optimization_barrier %[[T0]] : i32
  %t0 = hal.executable.constant.load "tile" : i32
  %kept = util.optimization_barrier %t0 : i32
  // CHECK-NEXT: %[[S:.*]] = util.global.load @__constant_scale : f32
  %s = hal.executable.constant.load "scale" : f32
  // CHECK-NEXT: %[[T1:.*]] = util.global.load @__constant_tile : i32
  %t1 = hal.executable.constant.load "tile" : i32
  // CHECK-NEXT: func.return %[[T1]], %[[S]] : i32, f32
  func.return %t1, %s : i32, f32
}

// -----

// In a HAL executable, each variant's module gets its own constants.

// CHECK-LABEL: hal.executable private @ex {
// CHECK:         builtin.module {
// CHECK-NEXT:      util.global private mutable @__constant_lanes_ordinal {hal.executable.constant.key = "lanes"} : i32
// CHECK-NEXT:      util.global private mutable @__constant_lanes : i32
// CHECK-NEXT:      func.func @__set_constants(
// CHECK:           %{{.*}} = arith.constant 4 : index
// CHECK:           func.func @dispatch() {
// CHECK-NEXT:        %{{.*}} = util.global.load @__constant_lanes : i32
hal.executable private @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> i32 as "lanes" {
      %c8 = arith.constant 8 : i32
      hal.return %c8 : i32
    }
    builtin.module {
      func.func @dispatch() {
        %lanes = hal.executable.constant.load "lanes" : i32
        %kept = util.optimization_barrier %lanes : i32
        func.return
      }
    }
  }
}
