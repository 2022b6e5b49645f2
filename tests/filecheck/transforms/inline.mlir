// RUN: pyvmvx-opt %s --split-input-file -p inline | filecheck %s

// Calls to private helpers are replaced by their bodies, nested calls too; the helpers,
// left without callers, are erased.

// CHECK-LABEL: builtin.module {
// CHECK-NOT:     @twice
// CHECK-LABEL:   func.func @main(
// CHECK-SAME:        %[[A:[a-z0-9_]+]]: tensor<4xf32>)
// CHECK-NEXT:      %[[E:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:      %[[S:.*]] = linalg.add ins(%[[A]], %[[A]] : {{.*}}) outs(%[[E]] : tensor<4xf32>)
// CHECK-NEXT:      %[[E2:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT:      %[[S2:.*]] = linalg.add ins(%[[S]], %[[S]] : {{.*}}) outs(%[[E2]] : tensor<4xf32>)
// CHECK-NEXT:      func.return %[[S2]] : tensor<4xf32>
// CHECK-NOT:     @double
func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @twice(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @double(%0) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
func.func private @double(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// IREE's input form: util.func and util.call. Public functions stay, even when called.

// CHECK-LABEL: util.func public @callee(
// CHECK-LABEL: util.func public @caller(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: i32)
// CHECK-NEXT:      %[[Y:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      util.return %[[Y]] : i32
util.func public @callee(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  util.return %y : i32
}
util.func public @caller(%x: i32) -> i32 {
  %y = util.call @callee(%x) : (i32) -> i32
  util.return %y : i32
}
