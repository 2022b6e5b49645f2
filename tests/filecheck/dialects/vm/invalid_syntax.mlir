// RUN: pyvmvx-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// Malformed property dictionaries (IREE 3.13's `<name = value, ...>` after an op's syntax)
// are reported at the offending token.

vm.module @m {
  vm.func @f() {
    %0 = vm.rodata.inline <alignment = 8, size = 2> : !vm.buffer = "ab"
    vm.return
  }
}
// CHECK: duplicate or unknown property in properties dictionary: size

// -----

vm.module @m {
  vm.func @f() {
    %0 = vm.rodata.inline <alignment = 8, alignment = 16> : !vm.buffer = "ab"
    vm.return
  }
}
// CHECK: duplicate or unknown property in properties dictionary: alignment

// -----

// A short-form value carries no type.
vm.module @m {
  vm.rodata @r <alignment = 8 : i64> "ab"
}
// CHECK: Expected '>'

// -----

vm.module @m <{version = 1 : i32, ordinal = 0 : i32}> {
}
// CHECK: duplicate or unknown property in properties dictionary: ordinal

// -----

vm.module @m {
  vm.global.i32 @g <ordinal = 1> {ordinal = 2 : i32} : i32
}
// CHECK: property 'ordinal' given twice

// -----

vm.module @m <ordinal_counts = <import_funcs = 1, export_funcs = 1>> {
}
// CHECK: missing ordinal count 'internal_funcs'

// -----

vm.module @m <ordinal_counts = <import_funcs = 1, import_funcs = 2>> {
}
// CHECK: duplicate or unknown ordinal count 'import_funcs'
