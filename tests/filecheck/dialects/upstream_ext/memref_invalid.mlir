// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier and parser errors of memref.global, memref.copy and memref.cast.

memref.global "private" @dynamic : memref<?xf32>
// CHECK: type should be static shaped memref, but got memref<?xf32>

// -----

memref.global "private" @bad_elements : memref<2xf32> = dense<[1, 2]> : tensor<2xi32>
// CHECK: the initial value takes the memref's type: omit its type

// -----

"memref.global"() <{sym_name = "wrong_element", type = memref<2xf32>, initial_value = dense<[1, 2]> : tensor<2xi32>}> : () -> ()
// CHECK: initial value element expected to be of type f32, but was of type i32

// -----

"memref.global"() <{sym_name = "wrong_shape", type = memref<2xf32>, initial_value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}> : () -> ()
// CHECK: initial value shape expected to be [2] but was [3]

// -----

memref.global "private" @misaligned : memref<2xf32> = uninitialized {alignment = 48 : i64}
// CHECK: alignment attribute value 48 is not a power of 2

// -----

memref.global "private" @not_memref : tensor<2xf32>
// CHECK: memref_invalid.mlir:{{[0-9]+}}:39
// CHECK: expected a memref type, got tensor<2xf32>

// -----

memref.global "private" @bad_initializer : memref<2xf32> = 3.0
// CHECK: expected 'uninitialized', 'dense' or 'dense_resource' initial value

// -----

func.func @copy_element_type(%a: memref<4xf32>, %b: memref<4xi32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  func.return
}
// CHECK: Expected source and destination to have the same element type.

// -----

func.func @copy_shape(%a: memref<4xf32>, %b: memref<5xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  func.return
}
// CHECK: Expected source and destination to have compatible shapes.

// -----

func.func @cast_shape(%a: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<5xf32>
  func.return
}
// CHECK: operand type memref<4xf32> and result type memref<5xf32> are cast incompatible

// -----

func.func @cast_rank(%a: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<4x1xf32>
  func.return
}
// CHECK: operand type memref<4xf32> and result type memref<4x1xf32> are cast incompatible

// -----

func.func @cast_two_unranked(%a: memref<*xf32>) {
  %0 = memref.cast %a : memref<*xf32> to memref<*xf32>
  func.return
}
// CHECK: operand type memref<*xf32> and result type memref<*xf32> are cast incompatible

// -----

func.func @cast_element(%a: memref<4xf32>) {
  %0 = memref.cast %a : memref<4xf32> to memref<?xi32>
  func.return
}
// CHECK: operand type memref<4xf32> and result type memref<?xi32> are cast incompatible

// -----

func.func @cast_strides(%a: memref<4x8xf32, strided<[8, 1]>>) {
  %0 = memref.cast %a : memref<4x8xf32, strided<[8, 1]>> to memref<4x8xf32, strided<[16, 1]>>
  func.return
}
// CHECK: are cast incompatible

// -----

func.func @cast_offset(%a: memref<4x8xf32, strided<[8, 1], offset: 3>>) {
  %0 = memref.cast %a : memref<4x8xf32, strided<[8, 1], offset: 3>> to memref<4x8xf32, strided<[8, 1], offset: 4>>
  func.return
}
// CHECK: are cast incompatible
