// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Each check of #iree_encoding.encoding and set/unset_encoding, with IREE's message.

#e = #iree_encoding.encoding<operand_index = 0, op_type = gemm, element_types = [f32]>
// CHECK: expected op_type to be one of: matmul, scaled_matmul, conv

// -----

#e = #iree_encoding.encoding<operand_index = 0, operand_index = 1, op_type = matmul, element_types = [f32]>
// CHECK: duplicate or unknown struct parameter name: operand_index

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], layouts = []>
// CHECK: duplicate or unknown struct parameter name: layouts

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul>
// CHECK: struct is missing required parameter: element_types

// -----

#e = #iree_encoding.encoding<operand_index = "0", op_type = matmul, element_types = [f32]>
// CHECK: expected an integer

// -----

func.func @sizes_without_maps(%t: tensor<4xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], iteration_sizes = [4]>>) {
  func.return
}
// CHECK: found `iteration_sizes` without any corresponding `user_indexing_maps`

// -----

#m = affine_map<(d0) -> (d0)>
func.func @not_composable(%t: tensor<4xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], user_indexing_maps = [#m, 3]>>) {
  func.return
}
// CHECK: found a non-composable attribute in `user_indexing_maps` at index: 1

// -----

#m = affine_map<(d0) -> (d0)>
func.func @operand_out_of_range(%t: tensor<4xf32, #iree_encoding.encoding<operand_index = 2, op_type = matmul, element_types = [f32], user_indexing_maps = [#m, #m]>>) {
  func.return
}
// CHECK: `operandIndex` exceeds the size of `user_indexing_maps`

// -----

#m = affine_map<(d0, d1) -> (d0)>
func.func @size_count(%t: tensor<4xf32, #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], user_indexing_maps = [#m], iteration_sizes = [4]>>) {
  func.return
}
// CHECK: found an encoding with 1 iteration sizes, but expected 2 based on the user indexing maps

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32]>
func.func @source_encoded(%t: tensor<4xf32, #e>) {
  %0 = iree_encoding.set_encoding %t : tensor<4xf32, #e> -> tensor<4xf32, #e>
  func.return
}
// CHECK: source of set_encoding op cannot have a tensor encoding

// -----

func.func @result_not_encoded(%t: tensor<4xf32>) {
  %0 = iree_encoding.set_encoding %t : tensor<4xf32> -> tensor<4xf32>
  func.return
}
// CHECK: result of set_encoding op expected to have a valid tensor encoding

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32]>
func.func @rank_change(%t: tensor<4xf32>) {
  %0 = iree_encoding.set_encoding %t : tensor<4xf32> -> tensor<4x1xf32, #e>
  func.return
}
// CHECK: cannot change the rank of the tensor

// -----

#m = affine_map<(d0) -> (d0)>
#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32], user_indexing_maps = [#m], iteration_sizes = [?]>
func.func @missing_encoding_dims(%t: tensor<?xf32>) {
  %0 = iree_encoding.set_encoding %t : tensor<?xf32> -> tensor<?xf32, #e>
  func.return
}
// CHECK: encoding expects 1 dynamic encoding dimension(s), but 0 provided

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32]>
func.func @unset_result_encoded(%t: tensor<4xf32, #e>) {
  %0 = iree_encoding.unset_encoding %t : tensor<4xf32, #e> -> tensor<4xf32, #e>
  func.return
}
// CHECK: result of unset_encoding op cannot have a tensor encoding

// -----

#e = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32]>
func.func @unset_result_dims(%t: tensor<?xf32, #e>, %n: index) {
  %0 = iree_encoding.unset_encoding %t : tensor<?xf32, #e> -> tensor<?xf32>{%n, %n}
  func.return
}
// CHECK: result type set has 1 dynamic dimensions but only 2 dimension values are attached
