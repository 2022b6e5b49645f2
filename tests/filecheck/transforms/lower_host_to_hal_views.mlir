// RUN: pyvmvx-opt %s -p pyvmvx-lower-host-to-hal,canonicalize,cse | filecheck %s

// A contiguous slice (rows %i to %i + 2 of a ?x8 tensor, the form pyvmvx-form-dispatches
// leaves on the host) is a hal.buffer.subspan of the argument's buffer: byte offset
// %i * 8 * 4, length 2 * 8 * 4.

// CHECK-LABEL: func.func @rows(
// CHECK:         %[[BUFFER:.*]] = hal.buffer_view.buffer<%{{.*}} : !hal.buffer_view> : !hal.buffer
// CHECK:         %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK:         %[[START:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK:         %[[VIEW:.*]] = hal.buffer.subspan<%[[BUFFER]] : !hal.buffer>[%[[START]], %{{.*}}] : !hal.buffer
// CHECK:         hal.buffer_view.create buffer(%[[VIEW]] : !hal.buffer)
func.func @rows(%a: tensor<?x8xf32>, %i: tensor<i32>) -> tensor<2x8xf32> {
  %k = tensor.extract %i[] : tensor<i32>
  %o = arith.index_cast %k : i32 to index
  %s = tensor.extract_slice %a[%o, 0] [2, 8] [1, 1] : tensor<?x8xf32> to tensor<2x8xf32>
  func.return %s : tensor<2x8xf32>
}
