// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s
// Malformed `vm.br_table`s and `vm.import.resolved`s of the runtime table's ops.

vm.module @errors {
  vm.func @out_of_order(%i: i32) {
    // CHECK: expected case 0, got 1
    vm.br_table %i {
      default: ^bb1,
      1: ^bb1
    }
  ^bb1:
    vm.return
  }
}

// -----

vm.module @errors {
  vm.func @types(%i: i32, %a: i64) {
    // CHECK: 'vm.br_table' op passes (i64) to the case 0 successor whose arguments are (i32)
    "vm.br_table"(%i, %i, %a) [^bb1, ^bb1] <{case_operand_segments = array<i32: 1>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i64) -> ()
  ^bb1(%v: i32):
    vm.return
  }
}

// -----

vm.module @errors {
  vm.func @missing() -> i32 {
    // CHECK: 'vm.import.resolved' op vm.import @nowhere.f not found
    %r = vm.import.resolved @nowhere.f : i32
    vm.return %r : i32
  }
}
