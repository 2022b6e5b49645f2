// RUN: not pyvmvx-opt %s 2>&1 | filecheck %s
// A buffer reference has one spelling, `!vm.buffer`; the long form is rejected with a hint.

vm.module @m {
  vm.func private @f(!vm.ref<!vm.buffer>)
}
// CHECK: invalid_ref_type.mlir:5:30: error: write '!vm.buffer' instead of '!vm.ref<!vm.buffer>'
