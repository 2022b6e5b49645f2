// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// Structural and control-flow vm ops print back in IREE's syntax, also after a trip
// through the generic form.

// CHECK-LABEL: vm.module @empty {
// CHECK-NEXT: }
vm.module @empty {
}

// -----

// An explicit `public` is kept, as IREE keeps it (IREE also prints `public` for a module
// without visibility; pyvmvx prints nothing there).
// The older spelling of a property in the attribute dictionary prints as IREE 3.13's.
// CHECK-LABEL: vm.module public @attributed <version = 3> attributes {vm.toplevel} {
// GENERIC-LABEL: sym_name = "attributed"
// GENERIC-SAME: sym_visibility = "public"
vm.module public @attributed attributes {vm.toplevel, version = 3 : i32} {
  // CHECK-NEXT: vm.func private @declared(i32) -> i64
  vm.func private @declared(i32) -> i64
}

// -----

// CHECK-LABEL: vm.module @imports {
vm.module @imports {
  // CHECK-NEXT: vm.import private @mod.empty()
  vm.import private @mod.empty()
  // CHECK-NEXT: vm.import public @mod.unnamed(i32, !vm.buffer) -> i32
  vm.import public @mod.unnamed(i32, !vm.buffer) -> i32
  // CHECK-NEXT: vm.import private @mod.named(%lhs : !vm.buffer, %strides : tuple<i64, i64>) -> (i64, i64)
  vm.import private @mod.named(%lhs : !vm.buffer, %strides : tuple<i64, i64>) -> (i64, i64)
  // CHECK-NEXT: vm.import private optional @mod.opt(%device : !vm.ref<!hal.device>) -> !vm.ref<?> attributes {nosideeffects, minimum_version = 2 : i32}
  vm.import private optional @mod.opt(%device : !vm.ref<!hal.device>) -> !vm.ref<?> attributes {nosideeffects, minimum_version = 2 : i32}
  // CHECK-NEXT: vm.import @mod.varargs(%n : i32, %values : i64 ...)
  vm.import @mod.varargs(%n : i32, %values : i64 ...)
}

// -----

// CHECK-LABEL: vm.module @functions {
vm.module @functions {
  // CHECK-NEXT: vm.import private @vmvx.fill.2d.x32(%fill_value : i32, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %size_m : i64, %size_n : i64)
  vm.import private @vmvx.fill.2d.x32(%fill_value : i32, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %size_m : i64, %size_n : i64)
  // CHECK-NEXT: vm.import private @mod.pair(%p : tuple<i64, i64>, %flags : i32) -> (i64, i64)
  vm.import private @mod.pair(%p : tuple<i64, i64>, %flags : i32) -> (i64, i64)

  // CHECK-NEXT: vm.func private @entry(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %x: i32) -> i32 attributes {iree.reflection = {binding_count = "1", constant_count = "2"}} {
  vm.func private @entry(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %x: i32) -> i32 attributes {iree.reflection = {binding_count = "1", constant_count = "2"}} {
    // CHECK-NEXT: %zero = vm.const.i64.zero
    %zero = vm.const.i64.zero
    // CHECK-NEXT: %bits = vm.const.i32 0
    %bits = vm.const.i32 0
    // CHECK-NEXT: vm.call @vmvx.fill.2d.x32(%bits, %local, %zero, %zero, %zero, %zero) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
    vm.call @vmvx.fill.2d.x32(%bits, %local, %zero, %zero, %zero, %zero) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
    // CHECK-NEXT: %m, %n = vm.call @mod.pair(%zero, %zero, %bits) : (i64, i64, i32) -> (i64, i64)
    %m, %n = vm.call @mod.pair(%zero, %zero, %bits) : (i64, i64, i32) -> (i64, i64)
    // CHECK-NEXT: %y = vm.call @helper(%x) : (i32) -> i32
    %y = vm.call @helper(%x) : (i32) -> i32
    // CHECK-NEXT: vm.check.eq %x, %y, "helper is the identity" : i32
    vm.check.eq %x, %y, "helper is the identity" : i32
    // CHECK-NEXT: vm.check.ne %m, %n : i64
    vm.check.ne %m, %n : i64
    // CHECK-NEXT: vm.check.nearly_eq %x, %y, "close" : i32
    vm.check.nearly_eq %x, %y, "close" : i32
    // CHECK-NEXT: vm.check.nz %local, "!null" : !vm.buffer
    vm.check.nz %local, "!null" : !vm.buffer
    // CHECK-NEXT: vm.cond_br %x, ^bb1(%y : i32), ^bb2
    vm.cond_br %x, ^bb1(%y : i32), ^bb2
  // CHECK-NEXT: ^bb1(%v: i32):
  ^bb1(%v: i32):
    // CHECK-NEXT: vm.br ^bb3(%v, %m : i32, i64)
    vm.br ^bb3(%v, %m : i32, i64)
  // CHECK-NEXT: ^bb2:
  ^bb2:
    // CHECK-NEXT: %code = vm.const.i32 9
    %code = vm.const.i32 9
    // CHECK-NEXT: vm.cond_fail %x, %code, "x was nonzero"
    vm.cond_fail %x, %code, "x was nonzero"
    // CHECK-NEXT: vm.cond_fail %code
    vm.cond_fail %code
    // CHECK-NEXT: vm.fail %code, "unreachable"
    vm.fail %code, "unreachable"
  // CHECK-NEXT: ^bb3(%r: i32, %unused: i64):
  ^bb3(%r: i32, %unused: i64):
    // CHECK-NEXT: vm.return %r : i32
    vm.return %r : i32
  // CHECK-NEXT: }
  }
  // CHECK-NEXT: vm.export @entry
  vm.export @entry
  // CHECK-NEXT: vm.export @entry as("main") attributes {iree.abi.model = "coarse"}
  vm.export @entry as("main") attributes {iree.abi.model = "coarse"}

  // CHECK-NEXT: vm.func @helper(%a: i32) -> i32 attributes {noinline} {
  vm.func @helper(%a: i32) -> i32 attributes {noinline} {
    // CHECK-NEXT: vm.return %a : i32
    vm.return %a : i32
  }
  // CHECK: vm.initializer attributes {init.order = 1 : i32} {
  vm.initializer attributes {init.order = 1 : i32} {
    // CHECK-NEXT: vm.br ^bb1
    vm.br ^bb1
  // CHECK-NEXT: ^bb1:
  ^bb1:
    // CHECK-NEXT: vm.return
    vm.return
  }
}

// -----

// IREE 3.13's generic form: inherent attributes are properties (`vm.func`'s `sym_name` and
// `sym_visibility` too), `noinline` is discardable; in the custom form the properties outside
// the syntax print where IREE 3.13 prints them: in `<...>` (module, global, rodata) or in the
// attribute dictionary (import, func, export).

// CHECK-LABEL: vm.module @generic_form <version = 2> {
// CHECK-NEXT: vm.import private optional @ext.op(i32) -> i32 attributes {nosideeffects, ordinal = 0 : i32, minimum_version = 1 : i32}
// CHECK-NEXT: vm.func private @callee(%{{.*}}: i32) -> i32 attributes {noinline, ordinal = 1 : i32, inlining_policy = #util.inline.never} {
// CHECK:      vm.export @callee as("run") attributes {ordinal = 0 : i32}
// CHECK-NEXT: vm.global.i32 private mutable @state <ordinal = 0> : i32
// CHECK-NEXT: vm.rodata private @data <alignment = 16, ordinal = 0, mime_type = "text/plain"> "xyz"

// GENERIC-LABEL: sym_name = "generic_form"
// GENERIC: "vm.func"() <{
// GENERIC-SAME: sym_name = "callee"
// GENERIC-SAME: sym_visibility = "private"
// GENERIC: }) {noinline} : () -> ()
"vm.module"() <{sym_name = "generic_form", version = 2 : i32}> ({
  "vm.import"() <{function_type = (i32) -> i32, is_optional, minimum_version = 1 : i32, ordinal = 0 : i32, sym_name = "ext.op", sym_visibility = "private"}> ({
  }) {nosideeffects} : () -> ()
  "vm.func"() <{function_type = (i32) -> i32, inlining_policy = #util.inline.never, ordinal = 1 : i32, sym_name = "callee", sym_visibility = "private"}> ({
  ^bb0(%x: i32):
    %y = "vm.call"(%x) <{callee = @ext.op}> : (i32) -> i32
    "vm.return"(%y) : (i32) -> ()
  }) {noinline} : () -> ()
  "vm.export"() <{export_name = "run", function_ref = @callee, ordinal = 0 : i32}> : () -> ()
  "vm.global.i32"() <{is_mutable, ordinal = 0 : i32, sym_name = "state", sym_visibility = "private", type = i32}> : () -> ()
  "vm.rodata"() <{alignment = 16 : i64, mime_type = "text/plain", ordinal = 0 : i32, sym_name = "data", sym_visibility = "private", value = "xyz"}> : () -> ()
  "vm.module_terminator"() : () -> ()
}) : () -> ()

// -----

// IREE 3.13 writes properties outside an op's syntax as `<name = value, ...>` (values in
// their short form, in any order) or `<{...}>`; both print in IREE's order and short form.

// CHECK-LABEL: vm.module public @property_dicts <version = 4> attributes {vm.toplevel} {
// CHECK-NEXT: vm.global.i64 private @short <ordinal = 3> = 7 : i64
// CHECK-NEXT: vm.global.ref private mutable @generic <ordinal = 1> : !vm.buffer
// CHECK-NEXT: vm.rodata public @table <alignment = 64, ordinal = 2, mime_type = "application/octet-stream"> dense<[1, 2]> : tensor<2xi8>
// CHECK-NEXT: vm.rodata private @plain dense<1> : tensor<1xi8>
vm.module public @property_dicts <version = 4> attributes {vm.toplevel} {
  vm.global.i64 private @short <ordinal = 3> = 7 : i64
  vm.global.ref private mutable @generic <{ordinal = 1 : i32}> : !vm.buffer
  vm.rodata public @table <mime_type = "application/octet-stream", alignment = 64, ordinal = 2> dense<[1, 2]> : tensor<2xi8>
  vm.rodata private @plain <> dense<1> : tensor<1xi8>
}

// -----

// `ordinal_counts` (set by IREE's ordinal allocation) is a `#vm.ordinal_counts<...>`,
// written without its prefix inside `<...>`, in full in the older attribute dictionary.

// CHECK-LABEL: vm.module public @counted <ordinal_counts = <import_funcs = 1, export_funcs = 2, internal_funcs = 3, global_bytes = 4, global_refs = 5, rodatas = 6, rwdatas = 0>> {
// GENERIC-LABEL: "vm.module"() <{ordinal_counts = #vm.ordinal_counts<import_funcs = 1, export_funcs = 2, internal_funcs = 3, global_bytes = 4, global_refs = 5, rodatas = 6, rwdatas = 0>, sym_name = "counted"
vm.module public @counted <ordinal_counts = <rwdatas = 0, import_funcs = 1, export_funcs = 2, internal_funcs = 3, global_bytes = 4, global_refs = 5, rodatas = 6>> {
}

// -----

// CHECK-LABEL: vm.module @counted_old <ordinal_counts = <import_funcs = 0, export_funcs = 1, internal_funcs = 1, global_bytes = 0, global_refs = 0, rodatas = 0, rwdatas = 0>, version = 1> attributes {vm.toplevel} {
// GENERIC-LABEL: sym_name = "counted_old"
vm.module @counted_old attributes {vm.toplevel, version = 1 : i32, ordinal_counts = #vm.ordinal_counts<import_funcs = 0, export_funcs = 1, internal_funcs = 1, global_bytes = 0, global_refs = 0, rodatas = 0, rwdatas = 0>} {
}

// -----

// vm.call.variadic: IREE's syntax, a bracketed list per variadic argument (parenthesized
// tuples for a tuple argument); generic form with IREE's segment_sizes/segment_types.

// CHECK-LABEL: vm.module @variadic {
// GENERIC-LABEL: sym_name = "variadic"
vm.module @variadic {
  vm.import private @hal.buffer_view.create(%buffer : !vm.ref<!hal.buffer>, %source_offset : i64, %source_length : i64, %element_type : i32, %encoding_type : i32, %shape : i64 ...) -> !vm.ref<!hal.buffer_view>
  vm.import private @hal.command_buffer.dispatch(%command_buffer : !vm.ref<!hal.command_buffer>, %executable : !vm.ref<!hal.executable>, %function_id : i64, %workgroup_x : i32, %workgroup_y : i32, %workgroup_z : i32, %flags : i64, %constants : i32 ..., %bindings : tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...)
  vm.func @f(%b: !vm.ref<!hal.buffer>, %o: i64, %e: i32, %cb: !vm.ref<!hal.command_buffer>, %x: !vm.ref<!hal.executable>) -> !vm.ref<!hal.buffer_view> {
    // CHECK: %r = vm.call.variadic @hal.buffer_view.create(%b, %o, %o, %e, %e, [%o, %o]) {nosideeffects} : (!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64 ...) -> !vm.ref<!hal.buffer_view>
    // GENERIC: "vm.call.variadic"(%{{.*}}) <{callee = @hal.buffer_view.create, segment_sizes = dense<[-1, -1, -1, -1, -1, 2]> : vector<6xi16>, segment_types = [!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64]}> {nosideeffects}
    %r = vm.call.variadic @hal.buffer_view.create(%b, %o, %o, %e, %e, [%o, %o]) {nosideeffects} : (!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64 ...) -> !vm.ref<!hal.buffer_view>
    // CHECK-NEXT: vm.call.variadic @hal.command_buffer.dispatch(%cb, %x, %o, %e, %e, %e, %o, [], [(%e, %e, %b, %o, %o), (%e, %e, %b, %o, %o)]) : (!vm.ref<!hal.command_buffer>, !vm.ref<!hal.executable>, i64, i32, i32, i32, i64, i32 ..., tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...)
    // GENERIC: segment_sizes = dense<[-1, -1, -1, -1, -1, -1, -1, 0, 2]> : vector<9xi16>
    vm.call.variadic @hal.command_buffer.dispatch(%cb, %x, %o, %e, %e, %e, %o, [], [(%e, %e, %b, %o, %o), (%e, %e, %b, %o, %o)]) : (!vm.ref<!hal.command_buffer>, !vm.ref<!hal.executable>, i64, i32, i32, i32, i64, i32 ..., tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...)
    vm.return %r : !vm.ref<!hal.buffer_view>
  }
}
