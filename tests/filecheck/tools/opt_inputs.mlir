// RUN: cat %s | pyvmvx-opt - | filecheck %s
// RUN: cp %s %t.txt && pyvmvx-opt %t.txt | filecheck %s
// RUN: not pyvmvx-opt %t.missing.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// `-` reads standard input and any extension is MLIR, as in mlir-opt; a missing file is a
// clear error.

func.func @f() {
  func.return
}
// CHECK: func.func @f()
// MISSING: error: could not open input file '{{.*}}.missing.mlir': No such file or directory
// MISSING-NOT: Traceback
