// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Each util constraint and verifier rule.

func.func @list_get_wrong_type(%l : !util.list<i32>, %i : index) {
  %0 = util.list.get %l[%i] : !util.list<i32> -> f32
  func.return
}
// CHECK: invalid.mlir:6:3: error: 'util.list.get' op list contains i32 and cannot be accessed as f32

// -----

func.func @list_get_not_a_list(%l : !util.buffer, %i : index) {
  %0 = util.list.get %l[%i] : !util.buffer
  func.return
}
// CHECK: expected !util.list<T> type, got !util.buffer

// -----

func.func @load_tensor(%b : !util.buffer, %s : index) {
  %0 = util.buffer.load %b[%s for %s] : !util.buffer{%s} -> tensor<4xf32>
  func.return
}
// CHECK: invalid.mlir:{{[0-9]+}}:3
// CHECK: Unexpected attribute tensor<4xf32>

// -----

func.func @subspan_of_memref(%m : memref<4xi8>, %s : index) {
  %0 = "util.buffer.subspan"(%m, %s, %s, %s) : (memref<4xi8>, index, index, index) -> !util.buffer
  func.return
}
// CHECK: error: 'util.buffer.subspan' op operand 'source' at position 0 does not verify:
// CHECK-NEXT: memref<4xi8> should be of base attribute util.buffer

// -----

func.func @alloc_alignment(%s : index) {
  %0 = util.buffer.alloc uninitialized {alignment = 3 : index} : !util.buffer{%s}
  func.return
}
// CHECK: error: 'util.buffer.alloc' op alignment must be a power of two, got 3

// -----

func.func @constant_not_serializable() {
  %0 = util.buffer.constant : !util.buffer = 5 : i32
  func.return
}
// CHECK: error: 'util.buffer.constant' op value must be serializable (dense elements, dense_resource or a string), got 5 : i32

// -----

util.global private @g : tensor<2xi32> = dense<0> : tensor<2xi64>
// CHECK: error: 'util.global' op initial value type tensor<2xi64> does not match global type tensor<2xi32>

// -----

util.global private @g = @h
// CHECK: expected a type with the untyped value @h

// -----

util.global private @g : i32
func.func @load_type_mismatch() {
  %0 = util.global.load @g : i64
  func.return
}
// CHECK: error: 'util.global.load' op global type mismatch; global @g is i32 but load is i64

// -----

func.func @load_undefined() {
  %0 = util.global.load @nowhere : i32
  func.return
}
// CHECK: error: 'util.global.load' op undefined global: @nowhere

// -----

util.global private mutable @g : i32
func.func @immutable_load_of_mutable() {
  %0 = util.global.load immutable @g : i32
  func.return
}
// CHECK: error: 'util.global.load' op global @g is mutable but the load is marked immutable

// -----

util.global private @g : i32
func.func @store_immutable(%v : i32) {
  util.global.store %v, @g : i32
  func.return
}
// CHECK: error: 'util.global.store' op global @g is immutable and may only be stored in a util.initializer

// -----

util.global private mutable @g : i32
func.func @store_type_mismatch(%v : i64) {
  util.global.store %v, @g : i64
  func.return
}
// CHECK: error: 'util.global.store' op global type mismatch; global @g is i32 but store is i64

// -----

util.func private @return_mismatch(%a : i32) -> i64 {
  util.return %a : i32
}
// CHECK: error: 'util.return' op return types (i32) must match the enclosing function's result types (i64)

// -----

util.initializer {
  %c = arith.constant 0 : i32
  util.return %c : i32
}
// CHECK: error: 'util.return' op return types (i32) must match the enclosing function's result types ()

// -----

func.func @return_outside(%a : i32) {
  util.return
}
// CHECK: error: 'util.return' op 'util.return' expects parent op to be one of 'util.func', 'util.initializer'

// -----

"util.func"() <{sym_name = "entry_block_mismatch", function_type = (i32) -> ()}> ({
^bb0(%b : i64):
  "util.return"() : () -> ()
}) : () -> ()
// CHECK: error: 'util.func' op entry block argument types must match the function input types

// -----

util.func private @tied_unknown(%a : i32) -> %b {
  util.return %a : i32
}
// CHECK: tied result %b does not name an argument

// -----

"util.func"() <{sym_name = "tied_out_of_range", function_type = (i32) -> i32, tied_operands = [3 : index]}> ({
}) : () -> ()
// CHECK: error: 'util.func' op tied operand index 3 is out of range

// -----

util.func private @callee(%a : i32) -> i32 {
  util.return %a : i32
}
util.func private @call_result_mismatch(%a : i32) {
  %0 = util.call @callee(%a) : (i32) -> i64
  util.return
}
// CHECK: error: 'util.call' op result types (i64) do not match the callee's result types (i32)

// -----

util.func private @callee(%a : i32) -> i32 {
  util.return %a : i32
}
util.func private @call_operand_mismatch(%a : index) {
  %0 = util.call @callee(%a) : (index) -> i32
  util.return
}
// CHECK: error: 'util.call' op operand types (index) do not match the callee's argument types (i32)

// -----

util.func private @call_missing(%a : i32) {
  util.call @missing(%a) : (i32) -> ()
  util.return
}
// CHECK: error: 'util.call' op @missing does not reference a valid function

// -----

util.func private @call_operand_count(%a : i32) {
  util.call @f(%a, %a) : (i32) -> ()
  util.return
}
// CHECK: 2 operands but 1 operand types

// -----

func.func @barrier_types(%a : i32) {
  %0 = "util.optimization_barrier"(%a) : (i32) -> i64
  func.return
}
// CHECK: error: 'util.optimization_barrier' op result types (i64) must equal the operand types (i32)

// -----

func.func @assume_float(%a : f32) {
  %0 = util.assume.int %a<umin = 0> : f32
  func.return
}
// CHECK: error: 'util.assume.int' op operand 'operands_' at position 0 does not verify:
// CHECK-NEXT: Unexpected attribute f32

// -----

func.func @assume_ragged(%a : index, %b : index) {
  %0:2 = util.assume.int %a<umin = 0>, %b[<umin = 0>, <umax = 1>] : index, index
  func.return
}
// CHECK: error: 'util.assume.int' op expected operand #1 to have 1 assumptions but it has 2

// -----

func.func @assume_count(%a : index) {
  %0 = "util.assume.int"(%a) <{assumptions = []}> : (index) -> index
  func.return
}
// CHECK: error: 'util.assume.int' op expected 1 assumption lists (one per operand), got 0

// -----

func.func @assume_duplicate_field(%a : index) {
  %0 = util.assume.int %a<umin = 0, umin = 1> : index
  func.return
}
// CHECK: duplicate int assumption field 'umin'

// -----

func.func @assume_unknown_field(%a : index) {
  %0 = util.assume.int %a<smin = 0> : index
  func.return
}
// CHECK: Expected one of 'udiv', 'umax', 'umin'

// -----

func.func @list_of_non_type(%l : !util.list<5>) {
  func.return
}
// CHECK: type expected

// -----

// `name` is in the syntax, not a property written in `<...>`.
util.func @f() {
  %0 = util.buffer.constant <alignment = 16, name = "x"> : !util.buffer = "ab"
  util.return
}
// CHECK: duplicate or unknown property in properties dictionary: name
