// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion,iree-vm-conversion | filecheck %s

// The module body moves into `vm.module` named after the module (default `module`);
// functions become private `vm.func`s, public ones also get a `vm.export`. Untagged
// declarations become `vm.import`s with the converted signature. A second run finds the
// `vm.module` and leaves it alone.

// CHECK-LABEL: builtin.module @named attributes {vm.toplevel} {
// CHECK-NEXT:    vm.module @named {
// CHECK-NEXT:      vm.func private @helper(%x: i64) -> i64 {
// CHECK-NEXT:        vm.return %x : i64
// CHECK-NEXT:      }
// CHECK-NEXT:      vm.import private @external(i64, !vm.buffer) -> i32
// CHECK-NEXT:      vm.func private @main(%x: i64, %b: !vm.buffer) -> (i64, i32) attributes {nosideeffects} {
// CHECK-NEXT:        %[[R0:.*]] = vm.call @helper(%x) : (i64) -> i64
// CHECK-NEXT:        %c = vm.const.i64 3
// CHECK-NEXT:        %[[R1:.*]] = vm.call @external(%c, %b) : (i64, !vm.buffer) -> i32
// CHECK-NEXT:        vm.return %[[R0]], %[[R1]] : i64, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      vm.export @main
// CHECK-NEXT:    }
// CHECK-NEXT:  }
builtin.module @named {
  func.func private @helper(%x : index) -> index {
    func.return %x : index
  }
  func.func private @external(i64, !util.buffer) -> i32
  func.func @main(%x : index, %b : !util.buffer) -> (index, i32) attributes {nosideeffects} {
    %0 = func.call @helper(%x) : (index) -> index
    %c = arith.constant 3 : i64
    %1 = func.call @external(%c, %b) : (i64, !util.buffer) -> i32
    func.return %0, %1 : index, i32
  }
}

// -----

// When the module's first op is a module, that inner module is the one converted.

// CHECK-LABEL: builtin.module attributes {vm.toplevel} {
// CHECK-NEXT:    vm.module @inner {
// CHECK-NEXT:      vm.func private @f() {
// CHECK-NEXT:        vm.return
// CHECK-NEXT:      }
// CHECK-NEXT:      vm.export @f
// CHECK-NEXT:    }
// CHECK-NEXT:  }
builtin.module {
  builtin.module @inner {
    func.func @f() {
      func.return
    }
  }
}

// -----

// Inside a HAL executable, each variant's inner module becomes `vm.module @module` (IREE's
// VMVX executable form, with the VMVX entry ABI arguments).

// CHECK-LABEL: hal.executable private @ex {
// CHECK:         hal.executable.export public @entry ordinal(0)
// CHECK-NEXT:    builtin.module attributes {vm.toplevel} {
// CHECK-NEXT:      vm.module @module {
// CHECK-NEXT:        vm.func private @entry(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %id_x: i32, %id_y: i32, %id_z: i32, %size_x: i32, %size_y: i32, %size_z: i32, %count_x: i32, %count_y: i32, %count_z: i32) {
// CHECK-NEXT:          %c0 = vm.const.i64.zero
// CHECK-NEXT:          %[[C0:.*]] = vm.const.i32.zero
// CHECK-NEXT:          %binding = vm.list.get.ref %bindings, %[[C0]] : (!vm.list<!vm.buffer>, i32) -> !vm.buffer
// CHECK-NEXT:          vm.return
// CHECK-NEXT:        }
// CHECK-NEXT:        vm.export @entry
// CHECK-NEXT:      }
// CHECK-NEXT:    }
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @entry ordinal(0) layout(#layout)
    builtin.module {
      func.func @entry(%local : !util.buffer, %constants : !util.buffer,
                       %bindings : !util.list<!util.buffer>,
                       %id_x : i32, %id_y : i32, %id_z : i32,
                       %size_x : i32, %size_y : i32, %size_z : i32,
                       %count_x : i32, %count_y : i32, %count_z : i32) {
        %c0 = arith.constant 0 : index
        %binding = util.list.get %bindings[%c0] : !util.list<!util.buffer>
        func.return
      }
    }
  }
}

// -----

// An empty module stays as it is.

// CHECK-LABEL: builtin.module {
// CHECK-NEXT:  }
builtin.module {
}

// -----

// `vm` ops already present are kept (with converted operands); `noinline` carries over.

// CHECK-LABEL: vm.module @module {
// CHECK-NEXT:    vm.import private @ext.twice(i64) -> i64
// CHECK-NEXT:    vm.func private @mixed(%x: i64) -> i64 attributes {noinline} {
// CHECK-NEXT:      %one = vm.const.i64 1
// CHECK-NEXT:      %sum = vm.add.i64 %x, %one : i64
// CHECK-NEXT:      %twice = vm.call @ext.twice(%sum) : (i64) -> i64
// CHECK-NEXT:      vm.return %twice : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    vm.export @mixed
// CHECK-NEXT:  }
vm.import private @ext.twice(i64) -> i64
func.func @mixed(%x : index) -> index attributes {noinline} {
  %x64 = arith.index_cast %x : index to i64
  %one = vm.const.i64 1
  %sum = vm.add.i64 %x64, %one : i64
  %twice = vm.call @ext.twice(%sum) : (i64) -> i64
  %r = arith.index_cast %twice : i64 to index
  func.return %r : index
}
