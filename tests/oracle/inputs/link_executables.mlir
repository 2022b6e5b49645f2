// Differential input for iree-vmvx-link-executables (pyvmvx vs iree-opt, run with
// --allow-unregistered-dialect for the `test.*` ops that hold symbol references). Each
// section is a named module, which names the linked executable `@<module>_linked_vmvx`.

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

module @program {
  // Three executables link into one: constant blocks move, exports are renumbered, the
  // vm.modules merge, and references to executables, variants and exports are redirected.
  hal.executable private @ex_a {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.constant.block(%d: !hal.device) -> i32 as "ka" {
        %c = arith.constant 10 : i32
        hal.return %c : i32
      }
      hal.executable.export public @run_a ordinal(0) layout(#layout) count(%d: !hal.device) -> (index, index, index) {
        %c1 = arith.constant 1 : index
        hal.return %c1, %c1, %c1 : index, index, index
      }
      builtin.module {
        vm.module @module {
          vm.func @run_a() {
            vm.return
          }
          vm.export @run_a
        }
      }
    }
  }
  hal.executable private @ex_b {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.constant.block(%d: !hal.device) -> i32 as "kb" {
        %c = arith.constant 20 : i32
        hal.return %c : i32
      }
      hal.executable.export public @run_b ordinal(0) layout(#layout) count(%d: !hal.device) -> (index, index, index) {
        %c2 = arith.constant 2 : index
        hal.return %c2, %c2, %c2 : index, index, index
      }
      builtin.module {
        vm.module @module {
          vm.func @run_b() {
            vm.return
          }
          vm.export @run_b
        }
      }
    }
  }
  hal.executable private @ex_c {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.export public @run_c ordinal(0) layout(#layout) count(%d: !hal.device) -> (index, index, index) {
        %c3 = arith.constant 3 : index
        hal.return %c3, %c3, %c3 : index, index, index
      }
      builtin.module {
        vm.module @module {
          vm.func @run_c() {
            vm.return
          }
          vm.export @run_c
        }
      }
    }
  }
  func.func @host() attributes {test.exe = @ex_a, test.variant = @ex_b::@vmvx, test.export = @ex_c::@vmvx::@run_c} {
    "test.dispatch"() {target = @ex_a::@vmvx::@run_a} : () -> ()
    "test.dispatch"() {target = @ex_b::@vmvx::@run_b} : () -> ()
    "test.dispatch"() {target = [@ex_c::@vmvx::@run_c, @ex_a]} : () -> ()
    return
  }
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

module @clashes {
  // Symbol clashes between the merged vm.modules: public names stay, private ones are
  // renamed to the first free `<name>_<i>`, and their uses follow.
  hal.executable private @ex_0 {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.export public @f0 ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.rodata public @shared_pub dense<[1, 2]> : tensor<2xi32>
          vm.rodata private @dup dense<[3]> : tensor<1xi32>
          vm.rodata private @dup_0 dense<[4]> : tensor<1xi32>
          vm.rodata private @loser dense<[5]> : tensor<1xi32>
          vm.func public @f0() {
            %a = vm.const.ref.rodata @shared_pub : !vm.buffer
            %b = vm.const.ref.rodata @dup : !vm.buffer
            %c = vm.const.ref.rodata @dup_0 : !vm.buffer
            %d = vm.const.ref.rodata @loser : !vm.buffer
            vm.return
          }
          vm.export @f0
        }
      }
    }
  }
  hal.executable private @ex_1 {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.export public @f1 ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.rodata private @dup dense<[6]> : tensor<1xi32>
          vm.rodata public @loser dense<[7]> : tensor<1xi32>
          vm.rodata public @fresh dense<[8]> : tensor<1xi32>
          vm.func public @f1() {
            %b = vm.const.ref.rodata @dup : !vm.buffer
            %d = vm.const.ref.rodata @loser : !vm.buffer
            %e = vm.const.ref.rodata @fresh : !vm.buffer
            vm.return
          }
          vm.export @f1
        }
      }
    }
  }
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

module @single {
  // A single executable is left as it is.
  hal.executable private @alone {
    hal.executable.variant public @vmvx target(#target) {
      hal.executable.export public @only ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.func @only() {
            vm.return
          }
          vm.export @only
        }
      }
    }
  }
}
