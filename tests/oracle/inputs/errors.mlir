// Differential error cases: each section names the pass it runs (`// PASS: <flag>`), as the
// differential test runs that pass; both tools must reject it with the same message.

// PASS: iree-vm-conversion
// There is no 64-bit add import.
func.func @add_i64(%b: !util.buffer, %o: index, %s: index) {
  vmvx.binary op("add" : i64) lhs(%b offset %o strides[%s, %s] : !util.buffer) rhs(%b offset %o strides[%s, %s] : !util.buffer) out(%b offset %o strides[%s, %s] : !util.buffer) sizes(%s, %s)
  func.return
}

// -----

// PASS: iree-vm-conversion
// Fills exist for 32-bit patterns only.
func.func @fill_i16(%b: !util.buffer, %o: index, %s: index, %v: i16) {
  vmvx.fill2d scalar(%v : i16) out(%b offset %o row_stride %s : !util.buffer) sizes(%s, %s)
  func.return
}

// -----

// PASS: iree-vm-conversion
// Binary kernels exist for rank 2 only.
func.func @add_rank1(%b: !util.buffer, %o: index, %s: index) {
  vmvx.binary op("add" : f32) lhs(%b offset %o strides[%s] : !util.buffer) rhs(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer) sizes(%s)
  func.return
}

// -----

// PASS: iree-vmvx-resolve-buffer-descriptors
// A descriptor of a function argument cannot be resolved.
func.func @unresolvable(%m: memref<4x4xf32>) -> index {
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %m : memref<4x4xf32> -> !util.buffer, index, index, index, index, index
  return %o : index
}

// -----

// PASS: iree-vmvx-conversion
// A public function must start as () -> ().
func.func @takes_an_argument(%x: i32) {
  return
}

// -----

// PASS: iree-vmvx-assign-constant-ordinals
// A key no constant block provides.
hal.executable private @missing_key {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.constant.block(%d: !hal.device) -> i32 as "present" {
      %c = arith.constant 1 : i32
      hal.return %c : i32
    }
    builtin.module {
      vm.module @m {
        vm.global.i32 private mutable @ord {hal.executable.constant.key = "absent"} : i32
      }
    }
  }
}

// -----

// PASS: iree-vmvx-link-executables
// Two public symbols of the same name cannot be merged.
module @clash {
  hal.executable private @one {
    hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
      hal.executable.export public @e1 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
      builtin.module {
        vm.module @module {
          vm.rodata public @data dense<[1]> : tensor<1xi32>
        }
      }
    }
  }
  hal.executable private @two {
    hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
      hal.executable.export public @e2 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
      builtin.module {
        vm.module @module {
          vm.rodata public @data dense<[2]> : tensor<1xi32>
        }
      }
    }
  }
}
