// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics -p iree-codegen-vmvx-linking-pipeline | filecheck %s

// Two executables with materialized constant placeholders are linked. The canonicalizer,
// which runs inside executables only, merges their constant blocks into one (dropping the
// unused %device) and folds its arithmetic, but leaves the host function alone. The keys are
// numbered in the merged block ("scale" = 0, "bias" = 1, "shift" = 2) and every placeholder
// gets its final ordinal.

// CHECK-LABEL: hal.executable private @linking_linked_vmvx {
// CHECK-NEXT:    hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
// CHECK-NEXT:      hal.executable.constant.block() -> (i32, i32, i32) as ("scale", "bias", "shift") {
// CHECK-NEXT:        %[[SIX:.*]] = arith.constant 6 : i32
// CHECK-NEXT:        %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:        hal.return %[[SIX]], %[[ONE]], %[[ONE]] : i32, i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      hal.executable.export public @scale ordinal(0)
// CHECK-NEXT:      hal.executable.export public @shift ordinal(1)
// CHECK-NEXT:      builtin.module {
// CHECK-NEXT:        vm.module @linked_module {
// CHECK-NEXT:          vm.global.i32 private @__constant_scale_ordinal = 0 : i32
// CHECK-NEXT:          vm.func @scale() {
// CHECK:               vm.global.i32 private @__constant_bias_ordinal = 1 : i32
// CHECK-NEXT:          vm.global.i32 private @__constant_shift_ordinal = 2 : i32
// CHECK-NEXT:          vm.func @shift() {
// CHECK:         func.func @host() -> i32 attributes {entry = @linking_linked_vmvx::@vmvx_bytecode_fb::@shift} {
// CHECK-NEXT:      %two = arith.constant 2 : i32
// CHECK-NEXT:      %sum = arith.addi %two, %two : i32
// CHECK-NEXT:      func.return %sum : i32

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @scale {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%device: !hal.device) -> i32 as "scale" {
      %c2 = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %sum = arith.addi %c2, %c4 : i32
      hal.return %sum : i32
    }
    hal.executable.export public @scale ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_scale_ordinal {hal.executable.constant.key = "scale"} : i32
        vm.func @scale() {
          vm.return
        }
        vm.export @scale
      }
    }
  }
}
hal.executable private @shift {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> (i32, i32) as ("bias", "shift") {
      %c1 = arith.constant 1 : i32
      hal.return %c1, %c1 : i32, i32
    }
    hal.executable.export public @shift ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_bias_ordinal {hal.executable.constant.key = "bias"} : i32
        vm.global.i32 private mutable @__constant_shift_ordinal {hal.executable.constant.key = "shift"} : i32
        vm.func @shift() {
          vm.return
        }
        vm.export @shift
      }
    }
  }
}
func.func @host() -> i32 attributes {entry = @shift::@vmvx::@shift} {
  %two = arith.constant 2 : i32
  %sum = arith.addi %two, %two : i32
  func.return %sum : i32
}

// -----

// A key given by several blocks keeps its first value, so later keys move up: "extra" is 2
// (it would be 3 before deduplication). A block that uses %device keeps it, and a block with
// several returns is merged through one exit block.

// CHECK-LABEL: hal.executable private @linking_linked_vmvx {
// CHECK:           hal.executable.constant.block(%device: !hal.device) -> (i32, i32, i32) as ("shared", "mode", "extra") {
// CHECK-NEXT:        %ok, %value = "host.query"(%device) : (!hal.device) -> (i1, i32)
// CHECK-NEXT:        %c3 = arith.constant 3 : i32
// CHECK-NEXT:        cf.cond_br %ok, ^[[EXIT:.*]](%c3, %value : i32, i32), ^[[NO:.*]]
// CHECK-NEXT:      ^[[NO]]:
// CHECK-NEXT:        %c0 = arith.constant 0 : i32
// CHECK-NEXT:        cf.br ^[[EXIT]](%c3, %c0 : i32, i32)
// CHECK-NEXT:      ^[[EXIT]](%[[SHARED:.*]]: i32, %[[MODE:.*]]: i32):
// CHECK-NEXT:        %c9 = arith.constant 9 : i32
// CHECK-NEXT:        hal.return %[[SHARED]], %[[MODE]], %c9 : i32, i32, i32
// CHECK-NEXT:      }
// CHECK:           vm.global.i32 private @__constant_mode_ordinal = 1 : i32
// CHECK:           vm.global.i32 private @__constant_shared_ordinal = 0 : i32
// CHECK-NEXT:      vm.global.i32 private @__constant_extra_ordinal = 2 : i32

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @with_device {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("shared", "mode") {
      %ok, %value = "host.query"(%device) : (!hal.device) -> (i1, i32)
      %c3 = arith.constant 3 : i32
      cf.cond_br %ok, ^yes, ^no
    ^yes:
      hal.return %c3, %value : i32, i32
    ^no:
      %c0 = arith.constant 0 : i32
      hal.return %c3, %c0 : i32, i32
    }
    hal.executable.export public @with_device ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_mode_ordinal {hal.executable.constant.key = "mode"} : i32
        vm.func @with_device() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @shares_a_key {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> (i32, i32) as ("shared", "extra") {
      %c4 = arith.constant 4 : i32
      %c9 = arith.constant 9 : i32
      hal.return %c4, %c9 : i32, i32
    }
    hal.executable.export public @shares_a_key ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_shared_ordinal {hal.executable.constant.key = "shared"} : i32
        vm.global.i32 private mutable @__constant_extra_ordinal {hal.executable.constant.key = "extra"} : i32
        vm.func @shares_a_key() {
          vm.return
        }
      }
    }
  }
}

// -----

// A single executable is not linked, but its ordinals are still assigned.

// CHECK-LABEL: hal.executable private @only {
// CHECK:         vm.global.i32 private @__constant_k_ordinal = 0 : i32
hal.executable private @only {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> i32 as "k" {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_k_ordinal {hal.executable.constant.key = "k"} : i32
      }
    }
  }
}

// -----

// An error stops the pipeline with its diagnostic.

// CHECK: linking.mlir:[[# @LINE + 9]]:9: error: 'vm.global.i32' op no constant block providing key '"lost"'
hal.executable private @orphan {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> i32 as "k" {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @g {hal.executable.constant.key = "lost"} : i32
      }
    }
  }
}
