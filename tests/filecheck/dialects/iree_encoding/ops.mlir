// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// Encodings in IREE 3.13's struct syntax (any parameter order in, declaration order out,
// `?` for a dynamic iteration size), resolved layouts, and set/unset_encoding with their
// encoding_dims.

#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
#a = #iree_encoding.encoding<op_type = matmul, operand_index = 0, element_types = [i8, i8, i32], user_indexing_maps = [#lhs, #rhs, #out], iteration_sizes = [?, 16, ?]>
#b = #iree_encoding.encoding<operand_index = 1 : index, op_type =  conv, element_types = [f32, f32, f32]>
#c = #iree_encoding.encoding<operand_index = 2, op_type = scaled_matmul, element_types = [f32, f32, f32], user_indexing_maps = [#lhs, [#rhs, #out], #out]>
#l = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {tile = [8, 4]}>]>

// CHECK-LABEL: func.func @encodings(
// CHECK-SAME:    %{{.*}}: tensor<?x?xi8, #iree_encoding.encoding<operand_index = 0 : i64, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iteration_sizes = [?, 16, ?]>>
// CHECK-SAME:    %{{.*}}: tensor<4xf32, #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32]>>
// CHECK-SAME:    %{{.*}}: tensor<4x4xf32, #iree_encoding.encoding<operand_index = 2 : i64, op_type = scaled_matmul, element_types = [f32, f32, f32], user_indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], affine_map<(d0, d1, d2) -> (d0, d1)>]>>
// CHECK-SAME:    %{{.*}}: tensor<?x?xf32, #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {tile = [8 : i64, 4 : i64]}>]>>
func.func @encodings(%a: tensor<?x?xi8, #a>, %b: tensor<4xf32, #b>, %c: tensor<4x4xf32, #c>, %l: tensor<?x?xf32, #l>) {
  func.return
}

// -----

#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out = affine_map<(m, n, k) -> (m, n)>
#enc = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#lhs, #rhs, #out], iteration_sizes = [?, 8, ?]>
#static = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

// CHECK-LABEL: func.func @set_unset(
// CHECK:         %{{.*}} = iree_encoding.set_encoding %t encoding_dims{%m, %k} : tensor<?x?xf32> -> tensor<?x?xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK-NEXT:    %{{.*}} = iree_encoding.set_encoding {note = "static"} %s : tensor<2x3xf32> -> tensor<2x3xf32, #iree_encoding.encoding<{{.*}}>>
// CHECK-NEXT:    %{{.*}} = iree_encoding.unset_encoding %e encoding_dims{%m, %k} : tensor<?x?xf32, #iree_encoding.encoding<{{.*}}>> -> tensor<?x?xf32>{%m, %k}
// CHECK-NEXT:    %{{.*}} = iree_encoding.unset_encoding %{{.*}} : tensor<2x3xf32, #iree_encoding.encoding<{{.*}}>> -> tensor<2x3xf32>
// GENERIC-LABEL: "func.func"() <{sym_name = "set_unset"
// GENERIC:       "iree_encoding.set_encoding"(%t, %m, %k) : (tensor<?x?xf32>, index, index) -> tensor<?x?xf32, #iree_encoding.encoding<{{.*}}>>
// GENERIC:       "iree_encoding.set_encoding"(%s) {note = "static"} : (tensor<2x3xf32>)
// GENERIC:       "iree_encoding.unset_encoding"(%e, %m, %k, %m, %k) <{operandSegmentSizes = array<i32: 1, 2, 2>}>
func.func @set_unset(%t: tensor<?x?xf32>, %s: tensor<2x3xf32>, %e: tensor<?x?xf32, #enc>, %m: index, %k: index) {
  %0 = iree_encoding.set_encoding %t encoding_dims{%m, %k} : tensor<?x?xf32> -> tensor<?x?xf32, #enc>
  %1 = iree_encoding.set_encoding {note = "static"} %s : tensor<2x3xf32> -> tensor<2x3xf32, #static>
  %2 = iree_encoding.unset_encoding %e encoding_dims{%m, %k} : tensor<?x?xf32, #enc> -> tensor<?x?xf32>{%m, %k}
  %3 = iree_encoding.unset_encoding %1 : tensor<2x3xf32, #static> -> tensor<2x3xf32>
  func.return
}
