// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s

// tensor.generate: the result's dynamic sizes, then a body yielding the element at each index.

// CHECK:      %g = tensor.generate %n {
// CHECK-NEXT: ^bb0(%i: index, %j: index):
// CHECK-NEXT:   %v = arith.index_cast %j : index to i32
// CHECK-NEXT:   tensor.yield %v : i32
// CHECK-NEXT: } : tensor<?x3xi32>
// CHECK:      %s = tensor.generate {
// CHECK-NEXT:   tensor.yield %c : f32
// CHECK-NEXT: } : tensor<f32>
func.func @generate(%n: index, %c: f32) -> (tensor<?x3xi32>, tensor<f32>) {
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i32
    tensor.yield %v : i32
  } : tensor<?x3xi32>
  %s = tensor.generate {
    tensor.yield %c : f32
  } : tensor<f32>
  func.return %g, %s : tensor<?x3xi32>, tensor<f32>
}
