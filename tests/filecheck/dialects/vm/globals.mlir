// RUN: pyvmvx-opt %s | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// Globals, their loads and stores, and read-only data print back in IREE's syntax, also
// after a trip through the generic form. Properties outside the syntax print in IREE 3.13's
// `<...>`; the older attribute-dictionary spelling (`{alignment = 64 : i64}`) still reads.

// CHECK-LABEL: vm.module @state {
vm.module @state {
  // CHECK-NEXT: vm.global.i32 private mutable @ordinal {hal.executable.constant.key = "foo"} : i32
  vm.global.i32 private mutable @ordinal {hal.executable.constant.key = "foo"} : i32
  // CHECK-NEXT: vm.global.i32 private @assigned = 1 : i32
  vm.global.i32 private @assigned = 1 : i32
  // CHECK-NEXT: vm.global.i64 public mutable @counter = -5 : i64
  vm.global.i64 public mutable @counter = -5 : i64
  // CHECK-NEXT: vm.global.f32 private @scale = 2.500000e-01 : f32
  vm.global.f32 private @scale = 0.25 : f32
  // CHECK-NEXT: vm.global.f64 @zero_f64 : f64
  vm.global.f64 @zero_f64 : f64
  // CHECK-NEXT: vm.global.ref private mutable @cache : !vm.buffer
  vm.global.ref private mutable @cache : !vm.buffer
  // CHECK-NEXT: vm.global.ref private @device : !vm.ref<?>
  vm.global.ref private @device : !vm.ref<?>
  // CHECK-NEXT: vm.global.i32 private mutable @policy <inlining_policy = #util.inline.never, ordinal = 2> {tag} = 3 : i32
  vm.global.i32 private mutable @policy <ordinal = 2, inlining_policy = #util.inline.never> {tag} = 3 : i32
  // CHECK-NEXT: vm.global.i32 private @old <inlining_policy = #util.inline.never, ordinal = 1> : i32
  vm.global.i32 private @old {ordinal = 1 : i32, inlining_policy = #util.inline.never} : i32
  // CHECK-NEXT: vm.rodata private @table <alignment = 64, mime_type = "application/octet-stream"> dense<[1, 2, 3]> : tensor<3xi32>
  vm.rodata private @table {alignment = 64 : i64, mime_type = "application/octet-stream"} dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK-NEXT: vm.rodata private @table2 <alignment = 64, ordinal = 1, mime_type = "text/plain"> {tag} "t"
  vm.rodata private @table2 <alignment = 64, ordinal = 1, mime_type = "text/plain"> {tag} "t"
  // CHECK-NEXT: vm.rodata @text "hello"
  vm.rodata @text "hello"

  // CHECK-NEXT: vm.func @access(%v: i32, %b: !vm.buffer) {
  vm.func @access(%v: i32, %b: !vm.buffer) {
    // CHECK-NEXT: %ordinal = vm.global.load.i32 @ordinal : i32
    %ordinal = vm.global.load.i32 @ordinal : i32
    // CHECK-NEXT: vm.global.store.i32 %v, @ordinal : i32
    vm.global.store.i32 %v, @ordinal : i32
    // CHECK-NEXT: %counter = vm.global.load.i64 @counter : i64
    %counter = vm.global.load.i64 @counter : i64
    // CHECK-NEXT: vm.global.store.i64 %counter, @counter : i64
    vm.global.store.i64 %counter, @counter : i64
    // CHECK-NEXT: %scale = vm.global.load.f32 @scale : f32
    %scale = vm.global.load.f32 @scale : f32
    // CHECK-NEXT: vm.global.store.f32 %scale, @scale : f32
    vm.global.store.f32 %scale, @scale : f32
    // CHECK-NEXT: %zero_f64 = vm.global.load.f64 @zero_f64 : f64
    %zero_f64 = vm.global.load.f64 @zero_f64 : f64
    // CHECK-NEXT: vm.global.store.f64 %zero_f64, @zero_f64 : f64
    vm.global.store.f64 %zero_f64, @zero_f64 : f64
    // CHECK-NEXT: %cache = vm.global.load.ref @cache : !vm.buffer
    %cache = vm.global.load.ref @cache : !vm.buffer
    // CHECK-NEXT: vm.global.store.ref %b, @cache : !vm.buffer
    vm.global.store.ref %b, @cache : !vm.buffer
    // CHECK-NEXT: %table = vm.const.ref.rodata @table : !vm.buffer
    %table = vm.const.ref.rodata @table : !vm.buffer
    // CHECK-NEXT: %inline = vm.rodata.inline : !vm.buffer = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
    %inline = vm.rodata.inline : !vm.buffer = dense<[1.0, 2.0]> : tensor<2xf32>
    // CHECK-NEXT: %named = vm.rodata.inline "name" <alignment = 64, mime_type = "text/plain"> : !vm.buffer = "abc"
    %named = vm.rodata.inline "name" {alignment = 64 : i64, mime_type = "text/plain"} : !vm.buffer = "abc"
    // An unnamed op's attribute dictionary is not taken for its name.
    // CHECK-NEXT: %unnamed = vm.rodata.inline <alignment = 8> : !vm.buffer = dense<[1, 2]> : tensor<2xi64>
    %unnamed = vm.rodata.inline {alignment = 8 : i64} : !vm.buffer = dense<[1, 2]> : tensor<2xi64>
    // CHECK-NEXT: %tagged = vm.rodata.inline {tag} : !vm.buffer = dense<0> : tensor<4xi8>
    %tagged = vm.rodata.inline {tag} : !vm.buffer = dense<0> : tensor<4xi8>
    // IREE 3.13's property dictionary, short and generic.
    // CHECK-NEXT: %short = vm.rodata.inline "short" <alignment = 16, mime_type = "text/plain"> {tag} : !vm.buffer = "s"
    %short = vm.rodata.inline "short" <mime_type = "text/plain", alignment = 16> {tag} : !vm.buffer = "s"
    // CHECK-NEXT: %generic = vm.rodata.inline <alignment = 32> : !vm.buffer = "g"
    %generic = vm.rodata.inline <{alignment = 32 : i64}> : !vm.buffer = "g"
    // CHECK-NEXT: vm.return
    vm.return
  }
}
