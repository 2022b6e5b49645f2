// RUN: pyvmvx-opt %s -p iree-vm-hoist-inlined-rodata | filecheck %s

// Inline rodata becomes module-level rodata before its function, named after the inline
// op or the function (unique within the module), keeping its alignment; uses read it with
// vm.const.ref.rodata.

vm.module @module {
  vm.rodata private @f_const "taken"
  vm.func private @f() -> (!vm.buffer, !vm.buffer, !vm.buffer) {
    %a = vm.rodata.inline : !vm.buffer = "message"
    %w = vm.rodata.inline "w" {alignment = 64 : i64} : !vm.buffer = dense<[1.0, 2.0]> : tensor<2xf32>
    %s = vm.rodata.inline : !vm.buffer = dense<0.5> : tensor<1000xf32>
    vm.return %a, %w, %s : !vm.buffer, !vm.buffer, !vm.buffer
  }
  vm.func private @g() -> !vm.buffer {
    %w = vm.rodata.inline "w" {alignment = 64 : i64} : !vm.buffer = dense<[1.0, 2.0]> : tensor<2xf32>
    vm.return %w : !vm.buffer
  }
}

// CHECK:      vm.module @module {
// CHECK-NEXT:   vm.rodata private @f_const "taken"
// CHECK-NEXT:   vm.rodata private @f_const_0 "message"
// CHECK-NEXT:   vm.rodata private @w <alignment = 64> dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:   vm.rodata private @f_const_1 dense<5.000000e-01> : tensor<1000xf32>
// CHECK-NEXT:   vm.func private @f() -> (!vm.buffer, !vm.buffer, !vm.buffer) {
// CHECK-NEXT:     %a = vm.const.ref.rodata @f_const_0 : !vm.buffer
// CHECK-NEXT:     %w = vm.const.ref.rodata @w : !vm.buffer
// CHECK-NEXT:     %s = vm.const.ref.rodata @f_const_1 : !vm.buffer
// CHECK-NEXT:     vm.return %a, %w, %s : !vm.buffer, !vm.buffer, !vm.buffer
// CHECK-NEXT:   }
// CHECK-NEXT:   vm.rodata private @w_0 <alignment = 64> dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:   vm.func private @g() -> !vm.buffer {
// CHECK-NEXT:     %w = vm.const.ref.rodata @w_0 : !vm.buffer
