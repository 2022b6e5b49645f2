// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p pyvmvx-lower-host-to-hal | filecheck %s

// Public functions take tensors (a scalar travels as a rank-0 tensor).
// CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op pyvmvx-lower-host-to-hal: argument of type f32 is not supported (public functions take tensors; pass a scalar as a rank-0 tensor)
func.func @scalar(%a: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  func.return %a : tensor<4xf32>
}

// -----

// Host ops on tensors other than dispatches, reshapes, casts and dims are not lowered yet.
func.func @extract(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  // CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:3: error: 'tensor.extract' op pyvmvx-lower-host-to-hal: tensor.extract on the host is not supported yet
  %v = tensor.extract %a[%c0] : tensor<4xf32>
  func.return %a : tensor<4xf32>
}

// -----

// CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op pyvmvx-lower-host-to-hal: host control flow is not supported yet
func.func @branches(%c: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^next
^next:
  func.return %a : tensor<4xf32>
}
