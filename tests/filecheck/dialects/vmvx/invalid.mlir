// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Each constraint of IREE's VMVX ops, in custom and generic form.

func.func @binary_f16(%b : !util.buffer, %o : index, %s : index) {
  vmvx.binary op("add" : f16) lhs(%b offset %o strides[%s] : !util.buffer) rhs(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer) sizes(%s)
  func.return
}
// CHECK: invalid.mlir:6:3
// CHECK: element type must be a VMVX element type (i8, i16, i32, i64, f32, f64), got f16

// -----

func.func @unary_i1(%b : !util.buffer, %o : index, %s : index) {
  vmvx.unary op("not" : i1) in(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer) sizes(%s)
  func.return
}
// CHECK: element type must be a VMVX element type (i8, i16, i32, i64, f32, f64), got i1

// -----

// Signed and unsigned integers are not VMVX element types, only signless ones.
func.func @copy_ui8(%b : !util.buffer, %o : index, %s : index) {
  vmvx.copy in(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer) sizes(%s) : ui8
  func.return
}
// CHECK: element type must be a VMVX element type (i8, i16, i32, i64, f32, f64), got ui8

// -----

func.func @copy_bf16_generic(%b : !util.buffer, %o : index, %s : index) {
  "vmvx.copy"(%b, %o, %s, %b, %o, %s, %s) <{element_type = bf16}> : (!util.buffer, index, index, !util.buffer, index, index, index) -> ()
  func.return
}
// CHECK: invalid.mlir:{{[0-9]+}}:3: error: 'vmvx.copy' op element type must be a VMVX element type (i8, i16, i32, i64, f32, f64), got bf16

// -----

func.func @fill2d_f16(%b : !util.buffer, %o : index, %s : index, %h : f16) {
  vmvx.fill2d scalar(%h : f16) out(%b offset %o row_stride %s : !util.buffer) sizes(%s, %s)
  func.return
}
// CHECK: invalid.mlir:{{[0-9]+}}:3
// CHECK: scalar type must be a VMVX element type (i8, i16, i32, i64, f32, f64), got f16

// -----

func.func @binary_unequal_groups(%b : !util.buffer, %o : index, %s : index) {
  vmvx.binary op("add" : f32) lhs(%b offset %o strides[%s, %s] : !util.buffer) rhs(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s, %s] : !util.buffer) sizes(%s, %s)
  func.return
}
// CHECK: invalid.mlir:{{[0-9]+}}:3
// CHECK: vmvx.binary: the stride and size groups must all have the same length (the rank), but lhs_strides has 2, rhs_strides has 1, out_strides has 2, sizes has 2

// -----

// Equal counts in total (8 = 4 groups of 2) do not hide unequal groups in custom form.
func.func @unary_unequal_sizes(%b : !util.buffer, %o : index, %s : index) {
  vmvx.unary op("abs" : f32) in(%b offset %o strides[%s, %s] : !util.buffer) out(%b offset %o strides[%s, %s] : !util.buffer) sizes(%s, %s, %s)
  func.return
}
// CHECK: vmvx.unary: the stride and size groups must all have the same length (the rank), but in_strides has 2, out_strides has 2, sizes has 3

// -----

func.func @copy_unequal_groups(%b : !util.buffer, %o : index, %s : index) {
  vmvx.copy in(%b offset %o strides[] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer) sizes(%s) : i32
  func.return
}
// CHECK: vmvx.copy: the stride and size groups must all have the same length (the rank), but in_strides has 0, out_strides has 1, sizes has 1

// -----

// In generic form the groups are one flat list, which must split evenly.
func.func @copy_uneven_generic(%b : !util.buffer, %o : index, %s : index) {
  "vmvx.copy"(%b, %o, %s, %s, %b, %o, %s, %s, %s) <{element_type = f32}> : (!util.buffer, index, index, index, !util.buffer, index, index, index, index) -> ()
  func.return
}
// CHECK: error: 'vmvx.copy' op Operation has 5 operands for 3 variadic operands marked as having the same size.

// -----

func.func @descriptor_uneven_results(%m : memref<4x4xf32>) {
  %0:5 = vmvx.get_buffer_descriptor %m : memref<4x4xf32> -> !util.buffer, index, index, index, index
  func.return
}
// CHECK: Operation has 3 result types for 2 variadic results marked as having the same size.

// -----

func.func @descriptor_of_tensor(%t : tensor<4xf32>) {
  %0:4 = vmvx.get_buffer_descriptor %t : tensor<4xf32> -> !util.buffer, index, index, index
  func.return
}
// CHECK: tensor<4xf32> should be of base attribute memref

// -----

func.func @descriptor_bad_result(%m : memref<4xf32>) {
  %0:4 = "vmvx.get_buffer_descriptor"(%m) : (memref<4xf32>) -> (!util.buffer, index, i64, index)
  func.return
}
// CHECK: error: 'vmvx.get_buffer_descriptor' op result 'sizes' at position 2 does not verify:
// CHECK-NEXT: i64 should be of base attribute index

// -----

// Buffers must be !util.buffer, not memrefs.
func.func @binary_memref_buffer(%m : memref<4xf32>, %o : index, %s : index) {
  vmvx.binary op("add" : f32) lhs(%m offset %o strides[%s] : memref<4xf32>) rhs(%m offset %o strides[%s] : memref<4xf32>) out(%m offset %o strides[%s] : memref<4xf32>) sizes(%s)
  func.return
}
// CHECK: memref<4xf32> should be of base attribute util.buffer

// -----

// Offsets, strides and sizes are index values.
func.func @fill2d_i32_offset(%b : !util.buffer, %o : i32, %s : index, %f : f32) {
  "vmvx.fill2d"(%f, %b, %o, %s, %s, %s) : (f32, !util.buffer, i32, index, index, index) -> ()
  func.return
}
// CHECK: error: 'vmvx.fill2d' op operand 'out_offset' at position 2 does not verify:
// CHECK-NEXT: i32 should be of base attribute index

// -----

func.func @raw_binding_missing_layout() -> !util.buffer {
  %0 = "vmvx.get_raw_interface_binding_buffer"() <{binding = 0 : index}> : () -> !util.buffer
  func.return %0 : !util.buffer
}
// CHECK: error: 'vmvx.get_raw_interface_binding_buffer' op property 'layout' expected in operation 'vmvx.get_raw_interface_binding_buffer'
