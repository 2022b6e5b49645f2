// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics | filecheck %s
// The vm verifiers reject wrong types, unknown symbols and mismatched signatures with a
// message naming the op and the offending type or symbol.

vm.module @m {
  vm.func @f(%a: f32) {
    %0 = vm.add.i32 %a, %a : f32
    vm.return
  }
}
// CHECK: 'vm.add.i32' op value type f32 is invalid: Expected attribute i32 but got f32

// -----

vm.module @m {
  vm.func @f(%a: i64, %b: i32) {
    %0 = "vm.add.i64"(%a, %b) : (i64, i32) -> i64
    vm.return
  }
}
// CHECK: 'vm.add.i64' op operand 'rhs' at position 1 does not verify

// -----

vm.module @m {
  vm.func @f(%a: i64) {
    %0 = vm.ext.i32.i64.s %a : i64 -> i64
    vm.return
  }
}
// CHECK: 'vm.ext.i32.i64.s' op operand type i64 is invalid: Expected attribute i32 but got i64

// -----

vm.module @m {
  vm.func @f(%a: i32) {
    %0 = vm.cmp.eq.ref %a, %a : i32
    vm.return
  }
}
// CHECK: 'vm.cmp.eq.ref' op value type i32 is invalid

// -----

vm.module @m {
  vm.func @f(%b: !vm.buffer, %i: i64) {
    %0 = vm.buffer.load.i32 %b[%i] : !vm.buffer -> f32
    vm.return
  }
}
// CHECK: 'vm.buffer.load.i32' op result type f32 is invalid

// -----

vm.module @m {
  vm.func @f(%b: !vm.buffer, %i: i64) {
    vm.buffer.fill.i8 %b, %i, %i, %i : i64 -> !vm.buffer
    vm.return
  }
}
// CHECK: 'vm.buffer.fill.i8' op value type i64 is invalid

// -----

vm.module @m {
  vm.func @f(%b: !vm.ref<?>, %i: i64) {
    %0 = "vm.buffer.load.i32"(%b, %i) : (!vm.ref<?>, i64) -> i32
    vm.return
  }
}
// CHECK: 'vm.buffer.load.i32' op operand 'source_buffer' at position 0 does not verify:
// CHECK-NEXT: !vm.ref<?> should be of base attribute vm.buffer

// -----

vm.module @m {
  vm.func @f(%l: !vm.list<!vm.buffer>, %i: i32) {
    %0 = vm.list.get.i32 %l, %i : (!vm.list<!vm.buffer>, i32) -> i32
    vm.return
  }
}
// CHECK: 'vm.list.get.i32' op requires a list of primitive elements or '?', got !vm.list<!vm.buffer>

// -----

vm.module @m {
  vm.func @f(%l: !vm.list<i32>, %i: i32) {
    %0 = vm.list.get.ref %l, %i : (!vm.list<i32>, i32) -> !vm.buffer
    vm.return
  }
}
// CHECK: 'vm.list.get.ref' op requires a list of ref elements or '?', got !vm.list<i32>

// -----

vm.module @m {
  vm.global.i32 private @g = 1 : i64
}
// CHECK: 'vm.global.i32' op global type i64 is invalid: Expected attribute i32 but got i64

// -----

vm.module @m {
  vm.global.ref private @g = 1 : i32
}
// CHECK: 'vm.global.ref' op global type i32 is invalid

// -----

vm.module @m {
  vm.global.i64 private @g : i64
  vm.func @f() {
    %0 = vm.global.load.i32 @g : i32
    vm.return
  }
}
// CHECK: 'vm.global.load.i32' op global @g is a vm.global.i64

// -----

vm.module @m {
  vm.func @f(%v: i32) {
    vm.global.store.i32 %v, @missing : i32
    vm.return
  }
}
// CHECK: 'vm.global.store.i32' op global @missing not found

// -----

vm.module @m {
  vm.global.ref private @g : !vm.buffer
  vm.func @f() {
    %0 = vm.global.load.ref @g : !vm.list<i32>
    vm.return
  }
}
// CHECK: 'vm.global.load.ref' op type !vm.list<i32> does not match global @g of type !vm.buffer

// -----

vm.module @m {
  vm.func @f() {
    %0 = vm.const.ref.rodata @missing : !vm.buffer
    vm.return
  }
}
// CHECK: 'vm.const.ref.rodata' op vm.rodata @missing not found

// -----

vm.module @m {
  vm.export @missing
}
// CHECK: 'vm.export' op vm.func op named 'missing' not found for export

// -----

vm.module @m {
  vm.import private @mod.f(%sizes : tuple<i64, i64>, %flags : i32)
  vm.func @f(%a: i64, %c: i32) {
    vm.call @mod.f(%a, %c) : (i64, i32) -> ()
    vm.return
  }
}
// CHECK: 'vm.call' op type (i64, i32) -> () does not match callee @mod.f of type (i64, i64, i32) -> () (tuple arguments are passed flattened)

// -----

vm.module @m {
  vm.func @f() {
    vm.call @nowhere() : () -> ()
    vm.return
  }
}
// CHECK: 'vm.call' op callee @nowhere is not a vm.func or vm.import

// -----

vm.module @m {
  vm.import private @mod.v(%n : i32 ...)
  vm.func @f(%n: i32) {
    vm.call @mod.v(%n) : (i32) -> ()
    vm.return
  }
}
// CHECK: 'vm.call' op callee @mod.v is variadic

// -----

vm.module @m {
  vm.func @f(%a: i32) -> i64 {
    vm.return %a : i32
  }
}
// CHECK: 'vm.return' op returns (i32) but the enclosing function returns (i64)

// -----

vm.module @m {
  vm.func @f(%a: i32) {
    vm.br ^bb1(%a : i32)
  ^bb1(%b: i64):
    vm.return
  }
}
// CHECK: 'vm.br' op passes (i32) to its successor whose arguments are (i64)

// -----

vm.module @m {
  vm.func @f(%a: i32) {
    vm.cond_br %a, ^bb1, ^bb1(%a : i32)
  ^bb1:
    vm.return
  }
}
// CHECK: 'vm.cond_br' op passes (i32) to the false successor whose arguments are ()

// -----

vm.module @m {
  "vm.func"() <{function_type = (i32) -> ()}> ({
  ^bb0(%a: i64):
    vm.return
  }) {sym_name = "f"} : () -> ()
}
// CHECK: 'vm.func' op entry block arguments (i64) do not match the function inputs (i32)

// -----

vm.module @m {
  vm.func @f(%a: i32, %b: i64) {
    "vm.check.eq"(%a, %b) : (i32, i64) -> ()
    vm.return
  }
}
// CHECK: 'vm.check.eq' op operand 'rhs' at position 1 does not verify

// -----

vm.module @m {
  vm.func @f() {
    %0 = vm.rodata.inline {alignment = 8 : i32} : !vm.buffer = "ab"
    vm.return
  }
}
// CHECK: 'vm.rodata.inline' op Expected attribute i64 but got i32

// -----

vm.module @m {
  vm.func private @g(%n : i64) {
    vm.return
  }
  vm.func @f(%n: i64) {
    vm.call.variadic @g([%n]) : (i64 ...) -> ()
    vm.return
  }
}
// CHECK: 'vm.call.variadic' op callee @g is not a vm.import

// -----

vm.module @m {
  vm.import private @mod.v(%a : i32, %n : i64 ...)
  vm.func @f(%a: i32, %n: i64) {
    vm.call.variadic @mod.v([%a], [%n]) : (i32 ..., i64 ...) -> ()
    vm.return
  }
}
// CHECK: 'vm.call.variadic' op segment size 1 of argument 0 is invalid

// -----

vm.module @m {
  vm.import private @mod.v(%a : i32, %n : i64 ...)
  vm.func @f(%a: i32, %n: i64) {
    "vm.call.variadic"(%a, %n) <{callee = @mod.v, segment_sizes = dense<[-1, 2]> : vector<2xi16>, segment_types = [i32, i64]}> : (i32, i64) -> ()
    vm.return
  }
}
// CHECK: 'vm.call.variadic' op type (i32, i64) -> () does not match the segments of callee @mod.v: (i32, i64, i64) -> ()
