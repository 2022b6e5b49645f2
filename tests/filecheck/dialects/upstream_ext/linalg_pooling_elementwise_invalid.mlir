// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier and parser errors of the pooling ops and of linalg.elementwise (MLIR's messages,
// MLIR's test cases where MLIR has them).

func.func @pooling_strides_rank(%input: memref<1x4x16x1xf32>, %shape: memref<2x2xf32>, %init: memref<1x2x4x1xf32>) {
  linalg.pooling_nhwc_max {strides = dense<2> : tensor<3xi64>} ins(%input, %shape : memref<1x4x16x1xf32>, memref<2x2xf32>) outs(%init : memref<1x2x4x1xf32>)
  func.return
}
// CHECK: 'linalg.pooling_nhwc_max' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [2]

// -----

func.func @pooling_dilations_type(%input: memref<1x4x16xf32>, %shape: memref<2xf32>, %init: memref<1x4x4xf32>) {
  linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi32>} ins(%input, %shape : memref<1x4x16xf32>, memref<2xf32>) outs(%init : memref<1x4x4xf32>)
  func.return
}
// CHECK: 'linalg.pooling_ncw_sum' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [1]

// -----

func.func @pooling_input_too_small(%input: memref<1x8x8x2xf32>, %shape: memref<3x3xf32>, %init: memref<1x4x3x2xf32>) {
  linalg.pooling_nhwc_min {strides = dense<2> : tensor<2xi64>} ins(%input, %shape : memref<1x8x8x2xf32>, memref<3x3xf32>) outs(%init : memref<1x4x3x2xf32>)
  func.return
}
// CHECK: 'linalg.pooling_nhwc_min' op inferred input/output operand #0 has shape's dimension #1 to be greater than or equal to 9, but found 8

// -----

func.func @pooling_window_rank(%input: memref<1x8x8x2xf32>, %shape: memref<3xf32>, %init: memref<1x6x6x2xf32>) {
  linalg.pooling_nhwc_sum ins(%input, %shape : memref<1x8x8x2xf32>, memref<3xf32>) outs(%init : memref<1x6x6x2xf32>)
  func.return
}
// CHECK: 'linalg.pooling_nhwc_sum' op expected operand #1 of rank 1 to match the result count of indexing_map #1, 2

// -----

func.func @pooling_one_input(%input: memref<1x8x8x2xf32>, %init: memref<1x6x6x2xf32>) {
  linalg.pooling_nhwc_sum ins(%input : memref<1x8x8x2xf32>) outs(%init : memref<1x6x6x2xf32>)
  func.return
}
// CHECK: Could not build linalg op

// -----

func.func @misspelt_op_div(%A : memref<16x8xf32>, %B: memref<16x8xf32>, %C: memref<16x8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<dive> ins(%A, %B: memref<16x8xf32>, memref<16x8xf32>) outs(%C: memref<16x8xf32>)
  return
}
// CHECK: Expected `exp`, `log`, `abs`, `ceil`, `floor`, `negf`, `reciprocal`, `round`, `sqrt`, `rsqrt`, `square`, `tanh`, `erf`, `add`, `sub`, `mul`, `div`, `div_unsigned`, `max_signed`, `min_signed`, `max_unsigned`, `min_unsigned`, `powf`, or `select`.

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @missing_indexing_map(%A : memref<16x8xf32>, %B: memref<16x8xf32>, %C: memref<16x8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<div> indexing_maps = [#map, #map] ins(%A, %B: memref<16x8xf32>, memref<16x8xf32>) outs(%C: memref<16x8xf32>)
  return
}
// CHECK: 'linalg.elementwise' op expected the number of indexing_map (2) to be equal to the number of input/output operands (3)

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @identity_map_when_transpose_expected(%A : memref<8x16xf32>, %B: memref<16x8xf32>, %C: memref<16x8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<div> indexing_maps = [#map, #map, #map] ins(%A, %B: memref<8x16xf32>, memref<16x8xf32>) outs(%C: memref<16x8xf32>)
  return
}
// CHECK: 'linalg.elementwise' op inferred input/output operand #1 has shape's dimension #0 to be 8, but found 16

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @incorrect_result_rank(%A : memref<8x16xf32>, %B: memref<8x16xf32>, %C: memref<8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<div> indexing_maps = [#map, #map, #map1] ins(%A, %B: memref<8x16xf32>, memref<8x16xf32>) outs(%C: memref<8xf32>)
  return
}
// CHECK: 'linalg.elementwise' op expected indexing_map #0 to have 1 dim(s) to match the number of loops

// -----

func.func @unary_too_many_args(%A : memref<8x16x32xf32>, %B: memref<8x16x32xf32>, %C:  memref<8x16x32xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%A, %B : memref<8x16x32xf32>,  memref<8x16x32xf32>) outs(%C: memref<8x16x32xf32>)
  return
}
// CHECK: [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3

// -----

func.func @binary_too_few_args(%A : memref<8x16x32xf32>, %B: memref<8x16x32xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%A : memref<8x16x32xf32>) outs(%B: memref<8x16x32xf32>)
  return
}
// CHECK: [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2

// -----

func.func @unary_of_integers(%A : memref<8xi32>, %B: memref<8xi32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%A : memref<8xi32>) outs(%B: memref<8xi32>)
  return
}
// CHECK: unsupported non numeric type

// -----

func.func @unsigned_div_of_floats(%A : memref<8xf32>, %B: memref<8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned> ins(%A, %A : memref<8xf32>, memref<8xf32>) outs(%B: memref<8xf32>)
  return
}
// CHECK: unsupported operation: div_unsigned on f32

// -----

func.func @mixed_classes(%A : memref<8xf32>, %B: memref<8xi32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%A, %B : memref<8xf32>, memref<8xi32>) outs(%A: memref<8xf32>)
  return
}
// CHECK: Cannot build binary Linalg operation: expects allFloatingPoint or allInteger, got f32 and i32

// -----

func.func @no_cast_to_the_output(%A : memref<8xi32>, %B: memref<8xf32>) {
  linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%A, %A : memref<8xi32>, memref<8xi32>) outs(%B: memref<8xf32>)
  return
}
// CHECK: 'linalg.elementwise' op 'linalg.yield' op type of yield operand 1 (i32) doesn't match the element type of the enclosing linalg.generic op (f32)
