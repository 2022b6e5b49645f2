// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect --verify-diagnostics -p iree-vmvx-link-executables | filecheck %s
// RUN: not pyvmvx-opt %s --split-input-file --allow-unregistered-dialect -p iree-vmvx-link-executables 2>&1 | filecheck %s --check-prefix=EXIT

// Three VMVX executables become one, named after this file (the module has no name). Constant
// blocks move and exports are renumbered in source order; every vm.module is merged into
// @linked_module; references from host code are redirected wherever they sit: attributes and
// properties, nested arrays and dictionaries, registered and unregistered ops, functions and
// initializers, attribute parameters. A reference to something that is not an export, the
// text of an unregistered attribute (opaque, as in MLIR), a reference inside a nested
// symbol table and an executable for another backend are left alone.

// CHECK-NOT:   hal.executable private @scale_dispatch
// CHECK-LABEL: hal.executable private @link_executables_linked_vmvx {
// CHECK-NEXT:    hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
// CHECK-NEXT:      hal.executable.constant.block(%device: !hal.device) -> i32 as "gain" {
// CHECK-NEXT:        %c3 = arith.constant 3 : i32
// CHECK-NEXT:        hal.return %c3 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      hal.executable.export public @scale_dispatch ordinal(0) layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device, %n: index) -> (index, index, index) {
// CHECK-NEXT:        %c1 = arith.constant 1 : index
// CHECK-NEXT:        hal.return %n, %c1, %c1 : index, index, index
// CHECK-NEXT:      } attributes {testing.tag = "scale"}
// CHECK-NEXT:      hal.executable.constant.block() -> (i32, i32) as ("bias", "shift") {
// CHECK:           hal.executable.export public @shift_dispatch ordinal(1) layout(
// CHECK:           hal.executable.export public @fill_dispatch ordinal(2) layout(
// CHECK:           builtin.module {
// CHECK-NEXT:        vm.module @linked_module {
// CHECK-NEXT:          vm.global.i32 private mutable @__constant_gain_ordinal {hal.executable.constant.key = "gain"} : i32
// CHECK-NEXT:          vm.func @scale_dispatch() {
// CHECK-NEXT:            vm.return
// CHECK-NEXT:          }
// CHECK-NEXT:          vm.export @scale_dispatch
// CHECK-NEXT:          vm.global.i32 private mutable @__constant_bias_ordinal {hal.executable.constant.key = "bias"} : i32
// CHECK-NEXT:          vm.func @shift_dispatch() {
// CHECK-NEXT:            vm.return
// CHECK-NEXT:          }
// CHECK-NEXT:          vm.export @shift_dispatch
// CHECK-NEXT:          vm.func @fill_dispatch() {
// CHECK-NEXT:            vm.return
// CHECK-NEXT:          }
// CHECK-NEXT:          vm.export @fill_dispatch
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   hal.executable private @shift_dispatch
// CHECK-NOT:   hal.executable private @fill_dispatch
// CHECK:       hal.executable private @cpu_only {
// CHECK-NEXT:    hal.executable.variant public @cpu target(<"llvm-cpu", "embedded-elf-x86_64">) {
// CHECK:       func.func @host() attributes {executable = @link_executables_linked_vmvx, variant = @link_executables_linked_vmvx::@vmvx_bytecode_fb, entry = @link_executables_linked_vmvx::@vmvx_bytecode_fb::@scale_dispatch, nested = [@link_executables_linked_vmvx, {deep = [@link_executables_linked_vmvx::@vmvx_bytecode_fb::@shift_dispatch]}], cpu = @cpu_only::@cpu::@cpu_dispatch} {
// CHECK-NEXT:    "host.dispatch"() <{entry_point = @link_executables_linked_vmvx::@vmvx_bytecode_fb::@scale_dispatch}> {all = [@link_executables_linked_vmvx::@vmvx_bytecode_fb::@shift_dispatch, @link_executables_linked_vmvx::@vmvx_bytecode_fb::@fill_dispatch]} : () -> ()
// CHECK-NEXT:    "test.op"() {entry_point = @link_executables_linked_vmvx::@vmvx_bytecode_fb::@fill_dispatch, not_an_export = @fill_dispatch::@vmvx::@helper, object = #hal.executable.object<{path = "fill.o", data = [@link_executables_linked_vmvx::@vmvx_bytecode_fb]}>, opaque = #host.wrap<@fill_dispatch::@vmvx>} : () -> ()
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK-NEXT:  util.initializer {
// CHECK-NEXT:    "host.dispatch"() <{entry_point = @link_executables_linked_vmvx::@vmvx_bytecode_fb::@shift_dispatch}> : () -> ()
// CHECK-NEXT:    util.return
// CHECK-NEXT:  }
// CHECK-NEXT:  builtin.module @scope {
// CHECK-NEXT:    "test.op"() {inner = @scale_dispatch::@vmvx::@scale_dispatch} : () -> ()
// CHECK-NEXT:  }

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @scale_dispatch {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.constant.block(%device: !hal.device) -> i32 as "gain" {
      %c3 = arith.constant 3 : i32
      hal.return %c3 : i32
    }
    hal.executable.export public @scale_dispatch ordinal(0) layout(#layout) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %n, %c1, %c1 : index, index, index
    } attributes {testing.tag = "scale"}
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_gain_ordinal {hal.executable.constant.key = "gain"} : i32
        vm.func @scale_dispatch() {
          vm.return
        }
        vm.export @scale_dispatch
      }
    }
  }
}
hal.executable private @shift_dispatch {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.constant.block() -> (i32, i32) as ("bias", "shift") {
      %c0 = arith.constant 0 : i32
      hal.return %c0, %c0 : i32, i32
    }
    hal.executable.export public @shift_dispatch ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private mutable @__constant_bias_ordinal {hal.executable.constant.key = "bias"} : i32
        vm.func @shift_dispatch() {
          vm.return
        }
        vm.export @shift_dispatch
      }
    }
  }
}
hal.executable private @cpu_only {
  hal.executable.variant public @cpu target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @cpu_dispatch ordinal(0) layout(#layout)
    builtin.module {
    }
  }
}
hal.executable private @fill_dispatch {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @fill_dispatch ordinal(7) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func @fill_dispatch() {
          vm.return
        }
        vm.export @fill_dispatch
      }
    }
  }
}
func.func @host() attributes {
  executable = @scale_dispatch,
  variant = @scale_dispatch::@vmvx,
  entry = @scale_dispatch::@vmvx::@scale_dispatch,
  nested = [@shift_dispatch, {deep = [@shift_dispatch::@vmvx::@shift_dispatch]}],
  cpu = @cpu_only::@cpu::@cpu_dispatch
} {
  "host.dispatch"() <{entry_point = @scale_dispatch::@vmvx::@scale_dispatch}> {all = [@shift_dispatch::@vmvx::@shift_dispatch, @fill_dispatch::@vmvx::@fill_dispatch]} : () -> ()
  "test.op"() {entry_point = @fill_dispatch::@vmvx::@fill_dispatch, not_an_export = @fill_dispatch::@vmvx::@helper, object = #hal.executable.object<{path = "fill.o", data = [@fill_dispatch::@vmvx]}>, opaque = #host.wrap<@fill_dispatch::@vmvx>} : () -> ()
  func.return
}
util.initializer {
  "host.dispatch"() <{entry_point = @shift_dispatch::@vmvx::@shift_dispatch}> : () -> ()
  util.return
}
builtin.module @scope {
  "test.op"() {inner = @scale_dispatch::@vmvx::@scale_dispatch} : () -> ()
}

// -----

// Symbol clashes while merging: public symbols keep their names; a clashing private
// newcomer takes the first free `_<i>` suffix (@rodata_b -> @rodata_b_1 since @rodata_b_0
// exists, @rodata_b_0 -> @rodata_b_0_0); a public newcomer renames the private symbol already
// linked (@rodata_e -> @rodata_e_0); an identical duplicate (@shared) is linked once. Uses
// follow the renames.

// CHECK-LABEL: hal.executable private @link_executables_linked_vmvx {
// CHECK:         vm.module @linked_module {
// CHECK-NEXT:      vm.rodata public @rodata_a dense<10> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata public @rodata_b dense<11> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata public @rodata_b_0 dense<12> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata public @rodata_c dense<13> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata private @rodata_d dense<14> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata private @rodata_e_0 dense<15> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata private @shared dense<16> : tensor<1xi32>
// CHECK-NEXT:      vm.func public @lhs() {
// CHECK-NEXT:        %a = vm.const.ref.rodata @rodata_a : !vm.buffer
// CHECK-NEXT:        %b = vm.const.ref.rodata @rodata_b : !vm.buffer
// CHECK-NEXT:        %b0 = vm.const.ref.rodata @rodata_b_0 : !vm.buffer
// CHECK-NEXT:        %c = vm.const.ref.rodata @rodata_c : !vm.buffer
// CHECK-NEXT:        %d = vm.const.ref.rodata @rodata_d : !vm.buffer
// CHECK-NEXT:        %e = vm.const.ref.rodata @rodata_e_0 : !vm.buffer
// CHECK-NEXT:        %s = vm.const.ref.rodata @shared : !vm.buffer
// CHECK-NEXT:        vm.return
// CHECK-NEXT:      }
// CHECK-NEXT:      vm.rodata private @rodata_b_1 dense<21> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata private @rodata_b_0_0 dense<22> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata private @rodata_d_0 dense<24> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata public @rodata_e dense<25> : tensor<1xi32>
// CHECK-NEXT:      vm.rodata public @rodata_f dense<26> : tensor<1xi32>
// CHECK-NEXT:      vm.func public @rhs() {
// CHECK-NEXT:        %b = vm.const.ref.rodata @rodata_b_1 : !vm.buffer
// CHECK-NEXT:        %b0 = vm.const.ref.rodata @rodata_b_0_0 : !vm.buffer
// CHECK-NEXT:        %d = vm.const.ref.rodata @rodata_d_0 : !vm.buffer
// CHECK-NEXT:        %e = vm.const.ref.rodata @rodata_e : !vm.buffer
// CHECK-NEXT:        %f = vm.const.ref.rodata @rodata_f : !vm.buffer
// CHECK-NEXT:        %s = vm.const.ref.rodata @shared : !vm.buffer
// CHECK-NEXT:        vm.return
// CHECK-NEXT:      }
// CHECK-NEXT:    }

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @lhs {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @lhs ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.rodata public @rodata_a dense<[10]> : tensor<1xi32>
        vm.rodata public @rodata_b dense<[11]> : tensor<1xi32>
        vm.rodata public @rodata_b_0 dense<[12]> : tensor<1xi32>
        vm.rodata public @rodata_c dense<[13]> : tensor<1xi32>
        vm.rodata private @rodata_d dense<[14]> : tensor<1xi32>
        vm.rodata private @rodata_e dense<[15]> : tensor<1xi32>
        vm.rodata private @shared dense<[16]> : tensor<1xi32>
        vm.func public @lhs() {
          %a = vm.const.ref.rodata @rodata_a : !vm.buffer
          %b = vm.const.ref.rodata @rodata_b : !vm.buffer
          %b0 = vm.const.ref.rodata @rodata_b_0 : !vm.buffer
          %c = vm.const.ref.rodata @rodata_c : !vm.buffer
          %d = vm.const.ref.rodata @rodata_d : !vm.buffer
          %e = vm.const.ref.rodata @rodata_e : !vm.buffer
          %s = vm.const.ref.rodata @shared : !vm.buffer
          vm.return
        }
      }
    }
  }
}
hal.executable private @rhs {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @rhs ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.rodata private @rodata_b dense<[21]> : tensor<1xi32>
        vm.rodata private @rodata_b_0 dense<[22]> : tensor<1xi32>
        vm.rodata private @rodata_d dense<[24]> : tensor<1xi32>
        vm.rodata public @rodata_e dense<[25]> : tensor<1xi32>
        vm.rodata public @rodata_f dense<[26]> : tensor<1xi32>
        vm.rodata private @shared dense<[16]> : tensor<1xi32>
        vm.func public @rhs() {
          %b = vm.const.ref.rodata @rodata_b : !vm.buffer
          %b0 = vm.const.ref.rodata @rodata_b_0 : !vm.buffer
          %d = vm.const.ref.rodata @rodata_d : !vm.buffer
          %e = vm.const.ref.rodata @rodata_e : !vm.buffer
          %f = vm.const.ref.rodata @rodata_f : !vm.buffer
          %s = vm.const.ref.rodata @shared : !vm.buffer
          vm.return
        }
      }
    }
  }
}

// -----

// A name renamed in the linked module stays taken: @k (private, from @one) is renamed to @k_0
// when @two brings a public @k, so @three's private @k_0 must become @k_0_0.

// CHECK-LABEL: hal.executable private @link_executables_linked_vmvx {
// CHECK:         vm.module @linked_module {
// CHECK-NEXT:    vm.global.i32 private @k_0 = 1 : i32
// CHECK-NEXT:    vm.func public @one() {
// CHECK-NEXT:      %{{.*}} = vm.global.load.i32 @k_0 : i32
// CHECK:         vm.global.i32 public @k = 2 : i32
// CHECK:         vm.global.i32 private @k_0_0 = 3 : i32
// CHECK-NEXT:    vm.func public @three() {
// CHECK-NEXT:      %{{.*}} = vm.global.load.i32 @k_0_0 : i32

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @one {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @one ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private @k = 1 : i32
        vm.func public @one() {
          %v = vm.global.load.i32 @k : i32
          vm.return
        }
      }
    }
  }
}
hal.executable private @two {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @two ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 public @k = 2 : i32
        vm.func public @two() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @three {
  hal.executable.variant public @vmvx target(#vmvx) {
    hal.executable.export public @three ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.global.i32 private @k_0 = 3 : i32
        vm.func public @three() {
          %v = vm.global.load.i32 @k_0 : i32
          vm.return
        }
      }
    }
  }
}

// -----

// Several VMVX targets: one linked variant each, suffixed with its index, ordinals counted
// per variant. The named module gives the linked executable its name, the first source its
// visibility. Object files of the linked variants are merged without duplicates.

// CHECK-LABEL: builtin.module @prog {
// CHECK-NEXT:    hal.executable public @prog_linked_vmvx {
// CHECK-NEXT:      hal.executable.variant public @vmvx_bytecode_fb_0 target(<"vmvx", "vmvx-bytecode-fb">) objects([#hal.executable.object<{path = "a.o"}>, #hal.executable.object<{path = "b.o"}>]) {
// CHECK-NEXT:        hal.executable.export public @x ordinal(0)
// CHECK-NEXT:        hal.executable.export public @y ordinal(1)
// CHECK-NEXT:        builtin.module {
// CHECK-NEXT:          vm.module @linked_module {
// CHECK-NEXT:            vm.func @x() {
// CHECK:                 vm.func @y() {
// CHECK:           hal.executable.variant public @vmvx_bytecode_fb_1 target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
// CHECK-NEXT:        hal.executable.export public @x_ukernels ordinal(0)
// CHECK-NEXT:        builtin.module {
// CHECK-NEXT:          vm.module @linked_module {
// CHECK-NEXT:            vm.func @x_ukernels() {
// CHECK-NOT:     hal.executable
// CHECK:         func.func private @refs() -> () attributes {exe = @prog_linked_vmvx, ukernel_entry = @prog_linked_vmvx::@vmvx_bytecode_fb_1::@x_ukernels, plain_entry = @prog_linked_vmvx::@vmvx_bytecode_fb_0::@y}

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
builtin.module @prog {
  hal.executable public @x {
    hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) objects([#hal.executable.object<{path = "a.o"}>]) {
      hal.executable.export public @x ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.func @x() {
            vm.return
          }
        }
      }
    }
    hal.executable.variant public @vmvx_ukernels target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
      hal.executable.export public @x_ukernels ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.func @x_ukernels() {
            vm.return
          }
        }
      }
    }
  }
  hal.executable private @y {
    hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) objects([#hal.executable.object<{path = "b.o"}>, #hal.executable.object<{path = "a.o"}>]) {
      hal.executable.export public @y ordinal(0) layout(#layout)
      builtin.module {
        vm.module @module {
          vm.func @y() {
            vm.return
          }
        }
      }
    }
  }
  func.func private @refs() attributes {exe = @x, ukernel_entry = @x::@vmvx_ukernels::@x_ukernels, plain_entry = @y::@vmvx::@y}
}

// -----

// Where IREE 3.13 crashes or drops executables: the VMVX variant of an executable that also
// targets another backend is linked and the other variant stays in its executable, whose bare
// references are redirected as IREE redirects them; an executable with an external variant
// (no inner module) is not linked at all.

// CHECK-LABEL: hal.executable private @link_executables_linked_vmvx {
// CHECK:           hal.executable.export public @mixed ordinal(0)
// CHECK-NEXT:      hal.executable.export public @plain ordinal(1)
// CHECK-NOT:       hal.executable.export
// CHECK:         hal.executable private @mixed {
// CHECK-NEXT:      hal.executable.variant public @cpu target(<"llvm-cpu", "embedded-elf-x86_64">) {
// CHECK:         hal.executable private @prebuilt {
// CHECK-NEXT:      hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
// CHECK:             vm.func @prebuilt() {
// CHECK:           hal.executable.variant public @cpu target(<"llvm-cpu", "embedded-elf-x86_64">) {
// CHECK:         func.func private @refs() -> () attributes {exe = @link_executables_linked_vmvx, cpu = @mixed::@cpu::@mixed, vmvx = @link_executables_linked_vmvx::@vmvx_bytecode_fb::@mixed, skipped = @prebuilt::@vmvx::@prebuilt}
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @mixed {
  hal.executable.variant public @cpu target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @mixed ordinal(0) layout(#layout)
    builtin.module {
      func.func @mixed() {
        func.return
      }
    }
  }
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @mixed ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func @mixed() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @plain {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @plain ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func @plain() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @prebuilt {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @prebuilt ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func @prebuilt() {
          vm.return
        }
      }
    }
  }
  hal.executable.variant public @cpu target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @prebuilt ordinal(0) layout(#layout)
  }
}
func.func private @refs() attributes {exe = @mixed, cpu = @mixed::@cpu::@mixed, vmvx = @mixed::@vmvx::@mixed, skipped = @prebuilt::@vmvx::@prebuilt}

// -----

// Fewer than two VMVX executables: nothing to link.

// CHECK-LABEL: hal.executable private @alone {
// CHECK-NEXT:    hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
// CHECK:       hal.executable private @elsewhere {
// CHECK-NOT:   linked
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @alone {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @alone ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
      }
    }
  }
}
hal.executable private @elsewhere {
  hal.executable.variant public @cpu target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @elsewhere ordinal(0) layout(#layout)
  }
}

// -----

// The linked executable's name is made unique in the module.

// CHECK-LABEL: hal.executable private @link_executables_linked_vmvx_0 {
// CHECK:       func.func private @link_executables_linked_vmvx() -> ()
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @p {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @p ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
      }
    }
  }
}
hal.executable private @q {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @q ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
      }
    }
  }
}
func.func private @link_executables_linked_vmvx()

// -----

// Executables without exports link into a variant that IREE then drops, taking the sources'
// contents with it; the linked executable stays, empty.

// CHECK:       {{^// -{5}$}}
// CHECK-NEXT:  builtin.module {
// CHECK-NEXT:    hal.executable private @link_executables_linked_vmvx {
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @after() -> ()
// CHECK-NEXT:  }
hal.executable private @no_exports_a {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      vm.module @module {
        vm.func @a() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @no_exports_b {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      vm.module @module {
      }
    }
  }
}
func.func private @after()

// -----

// Two public symbols with one name cannot be linked.

// CHECK: link_executables.mlir:[[# @LINE + 21]]:9: error: 'vm.func' op multiple public symbols with the name: main
// EXIT:  link_executables.mlir:[[# @LINE + 20]]:9: error: 'vm.func' op multiple public symbols with the name: main
// EXIT-NOT: Traceback
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @first_main {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @first_main ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func public @main() {
          vm.return
        }
      }
    }
  }
}
hal.executable private @second_main {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @second_main ordinal(0) layout(#layout)
    builtin.module {
      vm.module @module {
        vm.func public @main() {
          %c1 = vm.const.i32 1
          vm.return
        }
      }
    }
  }
}

// -----

// A VMVX variant must hold its code in a vm.module (IREE crashes here).

// CHECK: link_executables.mlir:[[# @LINE + 10]]:3: error: 'hal.executable.variant' op cannot link a variant without a builtin.module holding a vm.module
hal.executable private @good {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      vm.module @module {
      }
    }
  }
}
hal.executable private @not_yet_vm {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    builtin.module {
      func.func @f() {
        func.return
      }
    }
  }
}
