// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every util op and type in IREE's custom syntax: custom -> custom, custom -> generic ->
// custom, and the generic form's property names.

// CHECK:      util.global private @constant_data : !util.buffer
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %cst = util.buffer.constant : !util.buffer = dense<[7, 8, 9]> : tensor<3xi32>
// CHECK-NEXT:   util.global.store %cst, @constant_data : !util.buffer
// CHECK-NEXT:   util.return
// CHECK-NEXT: }
// GENERIC:      "util.global"() <{sym_visibility = "private", sym_name = "constant_data", type = !util.buffer}> : () -> ()
// GENERIC-NEXT: "util.initializer"() <{function_type = () -> ()}> ({
// GENERIC-NEXT:   %cst = "util.buffer.constant"() <{value = dense<[7, 8, 9]> : tensor<3xi32>}> : () -> !util.buffer
// GENERIC-NEXT:   "util.global.store"(%cst) <{global = @constant_data}> : (!util.buffer) -> ()
// GENERIC-NEXT:   "util.return"() : () -> ()
util.global private @constant_data : !util.buffer
util.initializer {
  %cst = util.buffer.constant : !util.buffer = dense<[7, 8, 9]> : tensor<3xi32>
  util.global.store %cst, @constant_data : !util.buffer
  util.return
}

// -----

// Globals: visibility, `mutable`, discardable attributes before the type, initial values
// with and without an explicit type.
// CHECK:      util.global private mutable @ordinal {hal.executable.constant.key = "foo"} : i32
// CHECK-NEXT: util.global private @seven = 7 : i32
// CHECK-NEXT: util.global @splat = dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: util.global private mutable @counter = 0 : index
// CHECK-NEXT: util.global private @never <inlining_policy = #util.inline.never> {tag} : i32
// CHECK-NEXT: util.global private @never_old <inlining_policy = #util.inline.never> : i32
// CHECK-NEXT: util.initializer attributes {init.order = 1 : i64} {
// GENERIC: "util.global"() <{sym_visibility = "private", is_mutable, sym_name = "ordinal", type = i32}> {hal.executable.constant.key = "foo"} : () -> ()
// GENERIC: "util.global"() <{sym_visibility = "private", sym_name = "seven", initial_value = 7 : i32, type = i32}> : () -> ()
util.global private mutable @ordinal {hal.executable.constant.key = "foo"} : i32
util.global private @seven = 7 : i32
util.global @splat = dense<1.0> : tensor<4xf32>
util.global private mutable @counter : index = 0 : index
util.global private @never <inlining_policy = #util.inline.never> {tag} : i32
util.global private @never_old {inlining_policy = #util.inline.never} : i32
util.initializer attributes {init.order = 1} {
  %c0 = arith.constant 0 : i32
  util.global.store %c0, @ordinal : i32
  util.return
}

// CHECK-LABEL: util.func private @use_globals() -> (i32, i32, index) {
// CHECK-NEXT:    %0 = util.global.load @ordinal : i32
// CHECK-NEXT:    %1 = util.global.load immutable @seven : i32
// CHECK-NEXT:    %2 = util.global.load @counter : index
// CHECK-NEXT:    util.global.store %2, @counter : index
// CHECK-NEXT:    util.return %0, %1, %2 : i32, i32, index
// GENERIC: "util.global.load"() <{global = @ordinal}> : () -> i32
// GENERIC: "util.global.load"() <{is_immutable, global = @seven}> : () -> i32
util.func private @use_globals() -> (i32, i32, index) {
  %0 = util.global.load @ordinal : i32
  %1 = util.global.load immutable @seven : i32
  %2 = util.global.load @counter : index
  util.global.store %2, @counter : index
  util.return %0, %1, %2 : i32, i32, index
}

// -----

// Functions as IREE's --compile-to=input prints them, declarations, calls and tied results.
// CHECK:      util.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {iree.abi.name = "rhs"}) -> (tensor<4xf32> {iree.abi.name = "out"}) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main"}} {
// CHECK-NEXT:   %0 = util.call @add(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %1 = util.call @inplace(%0) : (tensor<4xf32>) -> %0
// CHECK-NEXT:   util.call @sink(%1) {note = "side effect"} : (tensor<4xf32>) -> ()
// CHECK-NEXT:   %2, %3 = util.call @pair() : () -> (i32, index)
// CHECK-NEXT:   %4 = util.call @inplace(%1) <arg_attrs = [{iree.abi.name = "x"}], res_attrs = [{}]> {note} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %5 = util.call @inplace(%4) <arg_attrs = [{}]> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   util.return %1 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: util.func private @add(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
// CHECK:      util.func private @inplace(%arg0: tensor<4xf32>) -> %arg0 {
// CHECK:      util.func private @reshape(%arg0: tensor<4xf32>, %arg1: i32) -> (%arg0 as tensor<2x2xf32>, i32) {
// CHECK:      util.func private @sink(%arg0: tensor<4xf32>)
// CHECK-NEXT: util.func private @pair() -> (i32, index)
// CHECK-NEXT: util.func @default_visibility() {
// CHECK:      util.func private @never_inlined(%arg0: i32) -> i32 attributes {inlining_policy = #util.inline.never} {
// GENERIC: "util.func"() <{sym_visibility = "public", sym_name = "main", function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, arg_attrs = [{}, {iree.abi.name = "rhs"}], res_attrs = [{iree.abi.name = "out"}]}> ({
// GENERIC: "util.call"(%0) <{callee = @inplace, tied_operands = [0 : index]}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "util.func"() <{sym_visibility = "private", sym_name = "reshape", function_type = (tensor<4xf32>, i32) -> (tensor<2x2xf32>, i32), tied_operands = [0 : index, -1 : index]}> ({
// GENERIC: "util.func"() <{sym_visibility = "private", sym_name = "never_inlined", function_type = (i32) -> i32, inlining_policy = #util.inline.never}> ({
util.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32> {iree.abi.name = "rhs"}) -> (tensor<4xf32> {iree.abi.name = "out"}) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main"}} {
  %0 = util.call @add(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = util.call @inplace(%0) : (tensor<4xf32>) -> %0
  util.call @sink(%1) {note = "side effect"} : (tensor<4xf32>) -> ()
  %2:2 = util.call @pair() : () -> (i32, index)
  // Properties outside the syntax: IREE 3.13's `<...>`, and the older attribute dictionary.
  %4 = util.call @inplace(%1) <res_attrs = [{}], arg_attrs = [{iree.abi.name = "x"}]> {note} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = util.call @inplace(%4) {arg_attrs = [{}]} : (tensor<4xf32>) -> tensor<4xf32>
  util.return %1 : tensor<4xf32>
}
util.func private @add(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %arg0, %arg1 : tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
util.func private @inplace(%arg0: tensor<4xf32>) -> %arg0 {
  util.return %arg0 : tensor<4xf32>
}
util.func private @reshape(%arg0: tensor<4xf32>, %arg1: i32) -> (%arg0 as tensor<2x2xf32>, i32) {
  %shape = arith.constant dense<2> : tensor<2xindex>
  %0 = tensor.reshape %arg0(%shape) : (tensor<4xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  util.return %0, %arg1 : tensor<2x2xf32>, i32
}
util.func private @sink(%arg0: tensor<4xf32>)
util.func private @pair() -> (i32, index)
util.func @default_visibility() {
  util.return
}
util.func private @never_inlined(%arg0: i32) -> i32 attributes {inlining_policy = #util.inline.never} {
  util.return %arg0 : i32
}

// -----

// Buffers and lists as the VMVX ABI uses them: bindings from a !util.list, byte-offset
// loads and stores on sized buffers, subspans, scratch allocations and type sizes.
// CHECK-LABEL: util.func private @buffers(%bindings: !util.list<!util.buffer>, %any: !util.list<?>, %i: index, %n: index) -> i32 {
// CHECK-NEXT:    %b = util.list.get %bindings[%i] : !util.list<!util.buffer>
// CHECK-NEXT:    %v = util.list.get %any[%i] : !util.list<?> -> !util.buffer
// CHECK-NEXT:    %size = util.buffer.size %b : !util.buffer
// CHECK-NEXT:    %span = util.buffer.subspan %b[%i] : !util.buffer{%size} -> !util.buffer{%n}
// CHECK-NEXT:    %c4 = arith.constant 4 : index
// CHECK-NEXT:    %x = util.buffer.load %span[%i for %c4] : !util.buffer{%n} -> i32
// CHECK-NEXT:    util.buffer.store %x, %span[%i for %c4] : i32 -> !util.buffer{%n}
// CHECK-NEXT:    %f = util.buffer.load %b[%i for %c4] : !util.buffer{%size} -> f32
// CHECK-NEXT:    util.buffer.store %i, %b[%c4 for %c4] : index -> !util.buffer{%size}
// CHECK-NEXT:    %scratch = util.buffer.alloc uninitialized : !util.buffer{%n}
// CHECK-NEXT:    %aligned = util.buffer.alloc uninitialized <alignment = 64> : !util.buffer{%n}
// CHECK-NEXT:    %named = util.buffer.constant "blob" <alignment = 16> : !util.buffer = "hello"
// CHECK-NEXT:    %tagged = util.buffer.alloc uninitialized <alignment = 16> {tag} : !util.buffer{%n}
// CHECK-NEXT:    %text = util.buffer.constant <alignment = 8, mime_type = "text/plain"> {tag} : !util.buffer = "t"
// CHECK-NEXT:    %isize = util.sizeof index
// CHECK-NEXT:    %fsize = util.sizeof f32 attributes {note}
// CHECK-NEXT:    util.return %x : i32
// GENERIC: "util.list.get"(%bindings, %i) : (!util.list<!util.buffer>, index) -> !util.buffer
// GENERIC: "util.buffer.subspan"(%b, %size, %i, %n) : (!util.buffer, index, index, index) -> !util.buffer
// GENERIC: "util.buffer.load"(%span, %n, %i, %c4) : (!util.buffer, index, index, index) -> i32
// GENERIC: "util.buffer.store"(%x, %span, %n, %i, %c4) : (i32, !util.buffer, index, index, index) -> ()
// GENERIC: "util.buffer.alloc"(%n) <{alignment = 64 : index}> : (index) -> !util.buffer
// GENERIC: "util.buffer.constant"() <{name = "blob", alignment = 16 : index, value = "hello"}> : () -> !util.buffer
// GENERIC: "util.sizeof"() <{sizedType = index}> : () -> index
util.func private @buffers(%bindings: !util.list<!util.buffer>, %any: !util.list<?>, %i: index, %n: index) -> i32 {
  %b = util.list.get %bindings[%i] : !util.list<!util.buffer>
  %v = util.list.get %any[%i] : !util.list<?> -> !util.buffer
  %size = util.buffer.size %b : !util.buffer
  %span = util.buffer.subspan %b[%i] : !util.buffer{%size} -> !util.buffer{%n}
  %c4 = arith.constant 4 : index
  %x = util.buffer.load %span[%i for %c4] : !util.buffer{%n} -> i32
  util.buffer.store %x, %span[%i for %c4] : i32 -> !util.buffer{%n}
  %f = util.buffer.load %b[%i for %c4] : !util.buffer{%size} -> f32
  util.buffer.store %i, %b[%c4 for %c4] : index -> !util.buffer{%size}
  %scratch = util.buffer.alloc uninitialized : !util.buffer{%n}
  // The older attribute-dictionary spelling of properties prints as IREE 3.13's `<...>`.
  %aligned = util.buffer.alloc uninitialized {alignment = 64 : index} : !util.buffer{%n}
  %named = util.buffer.constant "blob" {alignment = 16 : index} : !util.buffer = "hello"
  %tagged = util.buffer.alloc uninitialized <alignment = 16> {tag} : !util.buffer{%n}
  %text = util.buffer.constant <mime_type = "text/plain", alignment = 8> {tag} : !util.buffer = "t"
  %isize = util.sizeof index
  %fsize = util.sizeof f32 attributes {note}
  util.return %x : i32
}

// -----

// !util.list<!util.variant> is the same type as !util.list<?>.
// CHECK: util.func private @variant_list(%arg0: !util.list<?>, %arg1: !util.list<!util.list<i32>>)
util.func private @variant_list(%l: !util.list<!util.variant>, %m: !util.list<!util.list<i32>>)

// -----

// A declaration reads with or without argument names and prints IREE's `%argN` names.
// CHECK: util.func private @unnamed(%arg0: i32 {iree.abi.foo}, %arg1: index) -> (i32, f32)
util.func private @unnamed(i32 {iree.abi.foo}, index) -> (i32, f32)

// -----

// Compiler hints.
// CHECK-LABEL: util.func private @hints(%a: index, %b: i32) -> (index, i32) {
// CHECK-NEXT:    %0, %1 = util.optimization_barrier %a, %b : index, i32
// CHECK-NEXT:    %2 = util.optimization_barrier {note} %b : i32
// CHECK-NEXT:    %3 = util.assume.int %a<umin = 0, umax = 10, udiv = 2> : index
// CHECK-NEXT:    %4 = util.assume.int %a[<umin = 0>, <udiv = 5>] : index
// CHECK-NEXT:    %5, %6 = util.assume.int %a[<umin = 0>, <udiv = 5>], %b[<umax = 10>, <udiv = 6>] : index, i32
// CHECK-NEXT:    %7 = util.assume.int %b<> : i32
// CHECK-NEXT:    util.return %3, %6 : index, i32
// GENERIC: "util.optimization_barrier"(%a, %b) : (index, i32) -> (index, i32)
// GENERIC: "util.assume.int"(%a) <{assumptions = {{\[\[}}#util.int.assumption<umin = 0, umax = 10, udiv = 2>{{\]\]}}}> : (index) -> index
// GENERIC: "util.assume.int"(%a, %b) <{assumptions = {{\[\[}}#util.int.assumption<umin = 0>, #util.int.assumption<udiv = 5>], [#util.int.assumption<umax = 10>, #util.int.assumption<udiv = 6>{{\]\]}}}> : (index, i32) -> (index, i32)
util.func private @hints(%a: index, %b: i32) -> (index, i32) {
  %0:2 = util.optimization_barrier %a, %b : index, i32
  %1 = util.optimization_barrier {note} %b : i32
  %2 = util.assume.int %a<umin=0, udiv=2, umax=10> : index
  %3 = util.assume.int %a[<umin = 0>, <udiv = 5>] : index
  %4:2 = util.assume.int %a[<umin = 0>, <udiv = 5>], %b[<umax = 10>, <udiv = 6>] : index, i32
  %5 = util.assume.int %b<> : i32
  util.return %2, %4#1 : index, i32
}
