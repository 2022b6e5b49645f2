// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics | filecheck %s

// CHECK: operand #0 must be floating-point-like, but got i32
func.func @integer_operand(%x: i32) {
  %0 = "math.isnan"(%x) : (i32) -> i1
  func.return
}

// -----

// CHECK: result type has i1 element type and same shape as operands, but got vector<2xi1>
func.func @wrong_shape(%x: vector<4xf32>) {
  %0 = "math.isinf"(%x) : (vector<4xf32>) -> vector<2xi1>
  func.return
}
