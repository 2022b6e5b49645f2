// RUN: not pyvmvx-opt %s 2>&1 | filecheck %s
// Malformed input: a diagnostic with a location, exit code 1, no traceback.

func.func @f() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %2 : i32
  func.return
}

// CHECK: error: {{.*}}opt_errors.mlir:{{[0-9]+}}:{{[0-9]+}}
// CHECK: values used but not defined: [%2]
// CHECK-NOT: Traceback
