// RUN: pyvmvx-opt %s | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// VM types: `!vm.buffer`, `!vm.list<T>` (T = `?`, a primitive or a ref) and `!vm.ref<T>`
// (T = `?` or any runtime object type) print back unchanged.

vm.module @types {
  // CHECK: vm.func private @sig(!vm.buffer, !vm.ref<?>, !vm.ref<!hal.device>, !vm.list<?>, !vm.list<i8>, !vm.list<f64>, !vm.list<!vm.buffer>, !vm.list<!vm.ref<?>>, !vm.list<!vm.list<i32>>) -> !vm.list<!vm.ref<!hal.device>>
  vm.func private @sig(!vm.buffer, !vm.ref<?>, !vm.ref<!hal.device>, !vm.list<?>, !vm.list<i8>, !vm.list<f64>, !vm.list<!vm.buffer>, !vm.list<!vm.ref<?>>, !vm.list<!vm.list<i32>>) -> !vm.list<!vm.ref<!hal.device>>
}
