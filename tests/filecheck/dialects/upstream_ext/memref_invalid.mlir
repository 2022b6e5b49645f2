// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier and parser errors of memref.global, copy, cast, load, store and alloca.

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

memref.global "private" @misaligned_new_spelling : memref<2xf32> alignment = 12
// CHECK: alignment attribute value 12 is not a power of 2

// -----

func.func @misaligned_load(%m: memref<4xf32>, %i: index) {
  %0 = memref.load %m[%i] alignment(3) : memref<4xf32>
  func.return
}
// CHECK: 'memref.load' op alignment 3 is not a positive power of two

// -----

func.func @store_index_count(%m: memref<4x4xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i] : memref<4x4xf32>
  func.return
}
// CHECK: 'memref.store' op incorrect number of indices for store, expected 2 but got 1

// -----

func.func @misaligned_alloca() {
  %0 = memref.alloca() alignment = 0 : memref<4xf32>
  func.return
}
// CHECK: Alignment attribute must be positive, got 0

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

// -----

// memref.collapse_shape and memref.expand_shape: MLIR's checks of ranks, reassociation
// groups, sizes, dynamic dims, result layout and output_shape.

func.func @collapse_to_higher_rank(%m: memref<24xf32>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<24xf32> into memref<4x6xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op has source rank 1 and result rank 2. This is not a collapse (1 < 2).

// -----

func.func @group_count(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<24xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op invalid number of reassociation groups: found 2, expected 1

// -----

func.func @uncovered_dims(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3x4xf32> into memref<6xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)

// -----

func.func @non_contiguous_group(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 2], [1]] : memref<2x3x4xf32> into memref<8x3xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op reassociation indices must be contiguous

// -----

func.func @index_out_of_bounds(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2, 3]] : memref<2x3x4xf32> into memref<6x4xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op reassociation index 3 is out of bounds

// -----

func.func @empty_group(%m: memref<2x3x4xf32>) {
  %0 = "memref.collapse_shape"(%m) <{reassociation = [[0, 1, 2], []]}> : (memref<2x3x4xf32>) -> memref<24x1xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op reassociation indices must not be empty

// -----

func.func @group_size(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<7x4xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op collapsed dim size (7) must equal reassociation group size (6)

// -----

func.func @dynamic_to_static(%m: memref<?x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<?x4xf32> into memref<8xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op collapsed dim (0) must be dynamic if and only if reassociation group is dynamic

// -----

func.func @rank_zero(%m: memref<6x4xf32>) {
  %0 = memref.collapse_shape %m [] : memref<6x4xf32> into memref<f32>
  func.return
}
// CHECK: 'memref.collapse_shape' op rank 0 memrefs can only be extended/collapsed with/from ones

// -----

func.func @element_type(%m: memref<2x3x4xf32>) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<2x3x4xf32> into memref<6x4xi32>
  func.return
}
// CHECK: 'memref.collapse_shape' op expected collapsed type to be 'memref<6x4xf32>' but found 'memref<6x4xi32>'

// -----

func.func @non_contiguous_dims(%m: memref<2x3xf32, strided<[6, 1]>>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, strided<[6, 1]>> into memref<6xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims

// -----

func.func @collapsed_layout(%m: memref<2x3xf32, strided<[3, 1], offset: 5>>) {
  %0 = memref.collapse_shape %m [[0, 1]] : memref<2x3xf32, strided<[3, 1], offset: 5>> into memref<6xf32>
  func.return
}
// CHECK: 'memref.collapse_shape' op expected collapsed type to be 'memref<6xf32, strided<[1], offset: 5>>' but found 'memref<6xf32>'

// -----

func.func @expand_to_lower_rank(%m: memref<2x3x4xf32>) {
  %0 = memref.expand_shape %m [[0, 1, 2]] output_shape [24] : memref<2x3x4xf32> into memref<24xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op has source rank 3 and result rank 1. This is not an expansion (3 > 1).

// -----

func.func @expand_size(%m: memref<24xf32>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [5, 4] : memref<24xf32> into memref<5x4xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op collapsed dim size (24) must equal reassociation group size (20)

// -----

func.func @expanded_layout(%m: memref<6xf32, strided<[2], offset: 3>>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32, strided<[2], offset: 3>> into memref<2x3xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op expected expanded type to be 'memref<2x3xf32, strided<[6, 2], offset: 3>>' but found 'memref<2x3xf32>'

// -----

// A dim-linear affine-map layout is read as strides, as MLIR does.
func.func @expanded_affine_layout(%m: memref<6xf32, affine_map<(d0) -> (d0 * 2)>>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32, affine_map<(d0) -> (d0 * 2)>> into memref<2x3xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op expected expanded type to be 'memref<2x3xf32, strided<[6, 2]>>' but found 'memref<2x3xf32>'

// -----

func.func @static_bounds(%m: memref<24xf32>) {
  %0 = "memref.expand_shape"(%m) <{reassociation = [[0, 1]], static_output_shape = array<i64: 4, 6, 1>}> : (memref<24xf32>) -> memref<4x6xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (2) but found 3 inputs instead

// -----

func.func @output_shape_values(%m: memref<?xf32>, %n: index) {
  %0 = "memref.expand_shape"(%m, %n, %n) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (memref<?xf32>, index, index) -> memref<?x4xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 1 dynamic dims while output_shape has 2 values

// -----

func.func @dynamic_size_count(%m: memref<?xf32>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [2, 4] : memref<?xf32> into memref<?x4xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op incorrect number of dynamic sizes, has 0, expected 1

// -----

func.func @output_shape_position(%m: memref<24xf32>) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 6] : memref<24xf32> into memref<6x4xf32>
  func.return
}
// CHECK: 'memref.expand_shape' op invalid output shape provided at pos 0
