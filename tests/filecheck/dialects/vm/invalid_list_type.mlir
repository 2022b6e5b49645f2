// RUN: not pyvmvx-opt %s 2>&1 | filecheck %s
// List elements must be `?`, a VM primitive (i8/i16/i32/i64/f16/f32/f64) or a reference.

vm.module @m {
  vm.func private @f(!vm.list<i1>)
}
// CHECK: invalid_list_type.mlir:5:31: error: !vm.list element type must be '?', a primitive or a ref, got i1
