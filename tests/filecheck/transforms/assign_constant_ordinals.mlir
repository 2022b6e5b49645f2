// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vmvx-assign-constant-ordinals | filecheck %s
// RUN: not pyvmvx-opt %s --split-input-file -p iree-vmvx-assign-constant-ordinals 2>&1 | filecheck %s --check-prefix=EXIT

// Keys are numbered in declaration order over all constant blocks: "alpha" = 0, "beta" = 1;
// two placeholders of the same key get the same ordinal. Untagged and non-i32 globals stay.

// CHECK-LABEL: hal.executable private @consts
// CHECK:       vm.module @consts_module {
// CHECK-NEXT:    vm.global.i32 private @__constant_alpha_ordinal = 0 : i32
// CHECK-NEXT:    vm.global.i32 private @__constant_alpha_ordinal_again = 0 : i32
// CHECK-NEXT:    vm.global.i32 private @__constant_beta_ordinal = 1 : i32
// CHECK-NEXT:    vm.global.i32 private mutable @__constant_alpha : i32
// CHECK-NEXT:    vm.global.i64 private mutable @wide {hal.executable.constant.key = "alpha"} : i64
// CHECK-NEXT:  }
hal.executable private @consts {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%device: !hal.device) -> i32 as "alpha" {
      %c7 = arith.constant 7 : i32
      hal.return %c7 : i32
    }
    hal.executable.constant.block(%device: !hal.device) -> i32 as "beta" {
      %c9 = arith.constant 9 : i32
      hal.return %c9 : i32
    }
    builtin.module {
      vm.module @consts_module {
        vm.global.i32 private mutable @__constant_alpha_ordinal {hal.executable.constant.key = "alpha"} : i32
        vm.global.i32 private mutable @__constant_alpha_ordinal_again {hal.executable.constant.key = "alpha"} : i32
        vm.global.i32 private mutable @__constant_beta_ordinal {hal.executable.constant.key = "beta"} : i32
        vm.global.i32 private mutable @__constant_alpha : i32
        vm.global.i64 private mutable @wide {hal.executable.constant.key = "alpha"} : i64
      }
    }
  }
}

// -----

// A block providing several keys numbers them in order; a later block's keys are numbered
// from the count of distinct keys before it, and a repeated key keeps its first ordinal (so
// "z" is 3, as in IREE). Every vm.module of the inner module is updated.

// CHECK-LABEL: hal.executable private @multi
// CHECK:       vm.module @first {
// CHECK-NEXT:    vm.global.i32 private @x = 0 : i32
// CHECK-NEXT:    vm.global.i32 private @z = 3 : i32
// CHECK:       vm.module @second {
// CHECK-NEXT:    vm.global.i32 private @y = 1 : i32
hal.executable private @multi {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> (i32, i32) as ("x", "y") {
      %c1 = arith.constant 1 : i32
      hal.return %c1, %c1 : i32, i32
    }
    hal.executable.constant.block() -> (i32, i32) as ("x", "z") {
      %c2 = arith.constant 2 : i32
      hal.return %c2, %c2 : i32, i32
    }
    builtin.module {
      vm.module @first {
        vm.global.i32 private mutable @x {hal.executable.constant.key = "x"} : i32
        vm.global.i32 private mutable @z {hal.executable.constant.key = "z"} : i32
      }
      vm.module @second {
        vm.global.i32 private mutable @y {hal.executable.constant.key = "y"} : i32
      }
    }
  }
}

// -----

// Only backend "vmvx" is handled; other variants, and VMVX variants without constant blocks
// (whatever their tags say), are left as they are.

// CHECK-LABEL: hal.executable private @others
// CHECK:       vm.global.i32 private mutable @other_backend {hal.executable.constant.key = "k"} : i32
// CHECK:       vm.global.i32 private mutable @no_blocks {hal.executable.constant.key = "k"} : i32
hal.executable private @others {
  hal.executable.variant public @cpu target(<"vmvx-inline", "vmvx-ir">) {
    hal.executable.constant.block() -> i32 as "k" {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @other_backend {hal.executable.constant.key = "k"} : i32
      }
    }
  }
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @no_blocks {hal.executable.constant.key = "k"} : i32
      }
    }
  }
}

// -----

// A key that no constant block provides is a located error (IREE prints the key attribute).

// CHECK: assign_constant_ordinals.mlir:[[# @LINE + 11]]:9: error: 'vm.global.i32' op no constant block providing key '"missing"'
// EXIT: assign_constant_ordinals.mlir:[[# @LINE + 10]]:9: error: 'vm.global.i32' op no constant block providing key '"missing"'
// EXIT-NOT: Traceback
hal.executable private @unknown_key {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> i32 as "present" {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @missing {hal.executable.constant.key = "missing"} : i32
      }
    }
  }
}

// -----

// A key attribute that is not a string matches no block either.

// CHECK: assign_constant_ordinals.mlir:[[# @LINE + 9]]:9: error: 'vm.global.i32' op no constant block providing key '0 : i32'
hal.executable private @non_string_key {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block() -> i32 as "0" {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @g {hal.executable.constant.key = 0 : i32} : i32
      }
    }
  }
}
