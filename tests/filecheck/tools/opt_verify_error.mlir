// RUN: not pyvmvx-opt %s --split-input-file 2>&1 | filecheck %s
// A verifier failure names the op and where it is, also in a later split chunk.

func.func @ok() {
  func.return
}

// -----

func.func @bad() -> i32 {
  func.return
}
// CHECK: opt_verify_error.mlir:11:3: error: 'func.return' op Expected arguments to have the same types as the function output types
// CHECK-NOT: Traceback
