// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p pyvmvx-lower-host-to-hal | filecheck %s

// Scalar arguments and results are VM values: integers of up to 64 bits, index, f16/f32/f64.
// CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op pyvmvx-lower-host-to-hal: argument of type i128 is not supported
func.func @scalar(%a: tensor<4xf32>, %s: i128) -> tensor<4xf32> {
  func.return %a : tensor<4xf32>
}

// -----

// CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op pyvmvx-lower-host-to-hal: result of type i128 is not supported
func.func @wide() -> i128 {
  %c = arith.constant 0 : i128
  func.return %c : i128
}

// -----

// Host ops on tensors other than dispatches, reshapes, casts, slices, dims, extracts, selects,
// constants and empties are not lowered yet.
func.func @insert(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  // CHECK: lower_host_to_hal_errors.mlir:[[# @LINE + 1]]:3: error: 'tensor.insert' op pyvmvx-lower-host-to-hal: tensor.insert on the host is not supported yet
  %b = tensor.insert %v into %a[%c0] : tensor<4xf32>
  func.return %b : tensor<4xf32>
}
