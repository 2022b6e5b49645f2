// Differential input for iree-vmvx-assign-constant-ordinals (pyvmvx vs iree-opt, which
// anchors the pass on hal.executable.variant).

// Ordinals follow the declaration order of the constant blocks; two globals may share a
// key; an untagged global is left alone.
hal.executable private @exe {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%d: !hal.device) -> i32 as "gamma" {
      %c = arith.constant 7 : i32
      hal.return %c : i32
    }
    hal.executable.constant.block(%d: !hal.device) -> (i32, i32) as ("alpha", "beta") {
      %c = arith.constant 8 : i32
      hal.return %c, %c : i32, i32
    }
    builtin.module {
      vm.module @inner {
        vm.global.i32 private mutable @ord_beta {hal.executable.constant.key = "beta"} : i32
        vm.global.i32 private mutable @ord_gamma {hal.executable.constant.key = "gamma"} : i32
        vm.global.i32 private mutable @ord_alpha {hal.executable.constant.key = "alpha"} : i32
        vm.global.i32 private mutable @ord_beta_again {hal.executable.constant.key = "beta"} : i32
        vm.global.i32 private mutable @plain : i32
      }
    }
  }
}

// -----

// Without constant blocks a variant is left unchanged.
hal.executable private @no_blocks {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      vm.module @inner {
        vm.global.i32 private mutable @ord {hal.executable.constant.key = "k"} : i32
      }
    }
  }
}

// -----

// Two executables are resolved independently.
hal.executable private @first {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%d: !hal.device) -> i32 as "a" {
      %c = arith.constant 1 : i32
      hal.return %c : i32
    }
    hal.executable.constant.block(%d: !hal.device) -> i32 as "b" {
      %c = arith.constant 2 : i32
      hal.return %c : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @ord_b {hal.executable.constant.key = "b"} : i32
      }
    }
  }
}
hal.executable private @second {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%d: !hal.device) -> i32 as "b" {
      %c = arith.constant 3 : i32
      hal.return %c : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @ord_b {hal.executable.constant.key = "b"} : i32
      }
    }
  }
}
