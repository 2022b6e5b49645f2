// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK: must have as many index operands as dynamic extents
func.func @extents(%n: index) -> tensor<4xi32> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    tensor.yield %v : i32
  } : tensor<4xi32>
  func.return %g : tensor<4xi32>
}

// -----

// CHECK: must have one index argument per dimension of the result
func.func @arguments(%n: index) -> tensor<?x2xi32> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    tensor.yield %v : i32
  } : tensor<?x2xi32>
  func.return %g : tensor<?x2xi32>
}

// -----

// CHECK: body must yield one value of the element type
func.func @yield(%n: index) -> tensor<?xf32> {
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    tensor.yield %v : i32
  } : tensor<?xf32>
  func.return %g : tensor<?xf32>
}
