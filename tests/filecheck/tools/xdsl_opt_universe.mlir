// RUN: xdsl-opt %s | filecheck %s
// RUN: xdsl-opt %s -p iree-vm-conversion | filecheck %s --check-prefix=VM
// Plain xdsl-opt sees pyvmvx's IREE dialects and passes through the xdsl.universe entry point.

func.func @copy(%b: !util.buffer, %o: index, %s: index) {
  vmvx.copy in(%b offset %o strides[%s, %s] : !util.buffer) out(%b offset %o strides[%s, %s] : !util.buffer) sizes(%s, %s) : f32
  func.return
}
// CHECK: vmvx.copy in(%b offset %o strides[%s, %s] : !util.buffer) out(%b offset %o strides[%s, %s] : !util.buffer) sizes(%s, %s) : f32

// VM: vm.module @module
// VM: vm.call @vmvx.copy.2d.x32(%b, %o, %s, %s, %b, %o, %s, %s, %s, %s)
// VM: vm.import private @vmvx.copy.2d.x32(
