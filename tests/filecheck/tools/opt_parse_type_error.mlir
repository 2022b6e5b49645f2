// RUN: not pyvmvx-opt %s 2>&1 | filecheck %s
// A type constraint violated inside an op's custom syntax is located at the op.

func.func @f(%b : i32) {
  %0 = arith.addf %b, %b : i32
  func.return
}
// CHECK: opt_parse_type_error.mlir:5:3: error: {{.*}}i32
// CHECK-NOT: Traceback
