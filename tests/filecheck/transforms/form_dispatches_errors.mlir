// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p pyvmvx-form-dispatches | filecheck %s

// Push constants carry integers of up to 64 bits and floats; a wider scalar cannot enter a
// dispatch.
func.func @wide(%a: tensor<4xi32>, %v: i128) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4xi32>
  // CHECK: form_dispatches_errors.mlir:[[# @LINE + 1]]:3: error: 'linalg.generic' op pyvmvx-form-dispatches: cannot pass a value of type i128 into a dispatch
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%x: i32, %y: i32):
    %t = arith.trunci %v : i128 to i32
    %z = arith.addi %x, %t : i32
    linalg.yield %z : i32
  } -> tensor<4xi32>
  func.return %g : tensor<4xi32>
}
