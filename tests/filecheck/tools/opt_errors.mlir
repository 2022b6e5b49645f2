// RUN: not pyvmvx-opt %s --split-input-file 2>&1 | filecheck %s
// Malformed input: a diagnostic with file, line and column; exit code 1; no traceback.

func.func @undefined_value() {
  %0 = arith.constant 1 : i32
  %1 = arith.addi %0, %2 : i32
  func.return
}
// CHECK: opt_errors.mlir:6:3: error: 'arith.addi' op use of undeclared SSA value %2
// CHECK-NOT: Traceback
