// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyvmvx-opt %s --split-input-file -p canonicalize | filecheck %s --check-prefix=EXPAND
// The ops the runtime's op table has besides the ones of the other tests (`vm.br_table`,
// `vm.import.resolved`, the ref casts) print in IREE's syntax, and `canonicalize` expands the
// compile-only pseudo-ops (`vm.check.*`, `vm.cmp.eq.<f>.near`) as IREE does.

vm.module @ops {
  vm.import private optional @host.f(%a : i32)
  vm.func @table(%i: i32, %a: i32, %b: !vm.buffer) -> i32 {
    // CHECK:      %resolved = vm.import.resolved @host.f : i32
    // GENERIC:    "vm.import.resolved"() <{import = @host.f}> : () -> i32
    %resolved = vm.import.resolved @host.f : i32
    // CHECK-NEXT: %any = vm.cast.ref.any %b : !vm.buffer -> !vm.ref<?>
    %any = vm.cast.ref.any %b : !vm.buffer -> !vm.ref<?>
    // CHECK-NEXT: %buffer = vm.cast.any.ref %any : !vm.ref<?> -> !vm.buffer
    %buffer = vm.cast.any.ref %any : !vm.ref<?> -> !vm.buffer
    // CHECK-NEXT: vm.br_table %i {
    // CHECK-NEXT:   default: ^bb1(%a : i32),
    // CHECK-NEXT:   0: ^bb1(%resolved : i32),
    // CHECK-NEXT:   1: ^bb2
    // CHECK-NEXT: }
    // GENERIC:    "vm.br_table"(%i, %a, %resolved) [^bb1, ^bb1, ^bb2] <{case_operand_segments = array<i32: 1, 0>, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
    vm.br_table %i {
      default: ^bb1(%a : i32),
      0: ^bb1(%resolved : i32),
      1: ^bb2
    }
  ^bb1(%v: i32):
    vm.return %v : i32
  ^bb2:
    %zero = vm.const.i32.zero
    vm.return %zero : i32
  }
}

// -----

vm.module @pseudo {
  // EXPAND-LABEL: vm.func @checks
  vm.func @checks(%a: i64, %b: i64, %x: f32, %r: !vm.buffer) {
    // EXPAND-NEXT:  %0 = vm.cmp.ne.i64 %a, %b : i64
    // EXPAND-NEXT:  %1 = vm.const.i32 1
    // EXPAND-NEXT:  %2 = vm.xor.i32 %0, %1 : i32
    // EXPAND-NEXT:  %3 = vm.const.i32 9
    // EXPAND-NEXT:  vm.cond_fail %2, %3, "a != b"
    vm.check.ne %a, %b, "a != b" : i64
    // EXPAND-NEXT:  %4 = vm.cmp.nz.f32.o %x : f32
    // EXPAND-NEXT:  %5 = vm.const.i32 1
    // EXPAND-NEXT:  %6 = vm.xor.i32 %4, %5 : i32
    // EXPAND-NEXT:  %7 = vm.const.i32 9
    // EXPAND-NEXT:  vm.cond_fail %6, %7{{$}}
    vm.check.nz %x : f32
    // EXPAND-NEXT:  %8 = vm.cmp.nz.ref %r : !vm.buffer
    // EXPAND:       vm.cond_fail %10, %11, "r"
    vm.check.nz %r, "r" : !vm.buffer
    // EXPAND-NEXT:  vm.return
    vm.return
  }
  // EXPAND-LABEL: vm.func @near
  vm.func @near(%x: f64, %y: f64) -> i32 {
    // EXPAND-NEXT:  %[[ZERO:.+]] = vm.const.f64.zero
    // EXPAND-NEXT:  %[[X_SIGN:.+]] = vm.cmp.gte.f64.o %x, %[[ZERO]] : f64
    // EXPAND-NEXT:  %[[Y_SIGN:.+]] = vm.cmp.gte.f64.o %y, %[[ZERO]] : f64
    // EXPAND-NEXT:  %[[SIGNS_DIFFER:.+]] = vm.cmp.ne.i32 %[[X_SIGN]], %[[Y_SIGN]] : i32
    // EXPAND-NEXT:  %[[EXACT:.+]] = vm.cmp.eq.f64.o %x, %y : f64
    // EXPAND-NEXT:  %[[X_BITS:.+]] = vm.bitcast.f64.i64 %x : f64 -> i64
    // EXPAND-NEXT:  %[[Y_BITS:.+]] = vm.bitcast.f64.i64 %y : f64 -> i64
    // EXPAND-NEXT:  %[[DIFFERENCE:.+]] = vm.sub.i64 %[[X_BITS]], %[[Y_BITS]] : i64
    // EXPAND-NEXT:  %[[DISTANCE:.+]] = vm.abs.i64 %[[DIFFERENCE]] : i64
    // EXPAND-NEXT:  %[[LIMIT:.+]] = vm.const.i64 100
    // EXPAND-NEXT:  %[[NEAR:.+]] = vm.cmp.lt.i64.s %[[DISTANCE]], %[[LIMIT]] : i64
    // EXPAND-NEXT:  %[[RESULT:.+]] = vm.select.i32 %[[SIGNS_DIFFER]], %[[EXACT]], %[[NEAR]] : i32
    // EXPAND-NEXT:  vm.return %[[RESULT]] : i32
    %c = vm.cmp.eq.f64.near %x, %y : f64
    vm.return %c : i32
  }
}
