// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// A stream executable as the HAL pipeline receives it: exports with and without a workgroups
// region or a renaming `as(...)`, and dispatch functions viewing their bindings, in a module
// carrying its device targets.

// CHECK:      builtin.module attributes {hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device]} {
// CHECK-NEXT:   stream.executable private @ex {
// CHECK-NEXT:     stream.executable.export public @add workgroups(%[[W:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:       %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[W]])
// CHECK-NEXT:       stream.return %x, %y, %z : index, index, index
// CHECK-NEXT:     }
// CHECK-NEXT:     stream.executable.export public @add as("add_again") workgroups() -> (index, index, index) {
// CHECK:          stream.executable.export private @bare{{$}}
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @add(%a: !stream.binding, %b: !stream.binding, %n: index) {
// CHECK-NEXT:         %c0 = arith.constant 0 : index
// CHECK-NEXT:         %{{.*}} = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
// CHECK-NEXT:         %{{.*}} = stream.binding.subspan %b[%c0] : !stream.binding -> memref<8xf32>{{$}}
// GENERIC:      "stream.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
// GENERIC:        "stream.executable.export"() <{sym_name = "add_again", function_ref = @add}> ({
// GENERIC:        "stream.binding.subspan"(%a, %c0, %n) : (!stream.binding, index, index) -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>
// GENERIC:        "stream.executable.end"() : () -> ()
module attributes {
  hal.device.targets = [
    #hal.device.target<"local", [
      #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
    ]> : !hal.device
  ]
} {
  stream.executable private @ex {
    stream.executable.export @add workgroups(%w : index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export @add as("add_again") workgroups() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      stream.return %c1, %c1, %c1 : index, index, index
    }
    stream.executable.export private @bare
    builtin.module {
      func.func @add(%a: !stream.binding, %b: !stream.binding, %n: index) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %1 = stream.binding.subspan %b[%c0] : !stream.binding -> memref<8xf32>
        func.return
      }
    }
  }
}
