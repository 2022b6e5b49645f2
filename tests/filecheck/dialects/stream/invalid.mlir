// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// The checks of the stream ops, with IREE's messages.

stream.executable @ex {
  stream.executable.export @f workgroups() -> (index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1 : index, index
  }
}
// CHECK: workgroup count region must return the XYZ dimension counts

// -----

func.func @missing_dims(%b: !stream.binding, %o: index) {
  %0 = stream.binding.subspan %b[%o] : !stream.binding -> memref<?xf32>
  func.return
}
// CHECK: type set has 1 dynamic dimensions but only 0 dimension values are attached

// -----

func.func @orphan_export() {
  stream.executable.export @f
  func.return
}
// CHECK: 'stream.executable.export' expects parent op 'stream.executable'
