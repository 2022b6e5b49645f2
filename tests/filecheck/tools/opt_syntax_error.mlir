// RUN: not pyvmvx-opt %s 2>&1 | filecheck %s

func.func @f() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0 : i32
  func.return
}
// CHECK: opt_syntax_error.mlir:5:22: error: Expected ','
// CHECK-NEXT: %1 = arith.addi %0 : i32
// CHECK-NEXT: ^
// CHECK-NOT: Traceback
