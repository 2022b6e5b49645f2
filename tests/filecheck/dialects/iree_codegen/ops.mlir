// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// The parse-level iree_codegen ops and attributes: query_tile_sizes on encoded types,
// ukernel.generic in all its clause combinations, workgroup mappings of scf.forall and the
// VMVX encoding resolver.

#enc = #iree_encoding.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>

// CHECK-LABEL: func.func @query(
// CHECK-NEXT:    %{{.*}}, %{{.*}} = iree_codegen.query_tile_sizes tensor<?x?xf32, #iree_encoding.encoding<{{.*}}>> -> index, index
// CHECK-NEXT:    %{{.*}} = iree_codegen.query_tile_sizes {note} tensor<16xi8> -> index
// GENERIC:       "iree_codegen.query_tile_sizes"() <{tensor_type = tensor<?x?xf32, #iree_encoding.encoding<{{.*}}>>}> : () -> (index, index)
func.func @query() -> (index, index, index) {
  %0:2 = iree_codegen.query_tile_sizes tensor<?x?xf32, #enc> -> index, index
  %1 = iree_codegen.query_tile_sizes {note} tensor<16xi8> -> index
  func.return %0#0, %0#1, %1 : index, index, index
}

// -----

// CHECK-LABEL: func.func @ukernels(
// CHECK-NEXT:    iree_codegen.ukernel.generic "scalar_fn" ins(%i, %f : i32, f64) outs(%buf : memref<f32>){{$}}
// CHECK-NEXT:    iree_codegen.ukernel.generic {note = 1 : i64} "vmvx.mmt4d.f32f32f32" ins(%lhs, %rhs : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%acc : memref<?x?x?x?xf32>) (%n, %i : index, i32) fn_def_attrs {hal.import.bitcode = true} strided_dims({{\[}}[0], [0, 1], []]){{$}}
// CHECK-NEXT:    %{{.*}}, %{{.*}} = iree_codegen.ukernel.generic "on_tensors" outs(%t : tensor<?xf32>) -> tensor<?xf32>, i32
// CHECK-NEXT:    iree_codegen.ukernel.generic "nothing"{{$}}
// GENERIC:       "iree_codegen.ukernel.generic"(%lhs, %rhs, %acc, %n, %i) <{u_kernel_fn_name = "vmvx.mmt4d.f32f32f32", fn_def_attrs = {hal.import.bitcode = true}, strided_dims = {{\[}}[0 : i64], [0 : i64, 1 : i64], []], operandSegmentSizes = array<i32: 2, 1, 2>}> {note = 1 : i64}
func.func @ukernels(%i: i32, %f: f64, %n: index, %buf: memref<f32>, %lhs: memref<?x?x?x?xf32>, %rhs: memref<?x?x?x?xf32>, %acc: memref<?x?x?x?xf32>, %t: tensor<?xf32>) -> tensor<?xf32> {
  iree_codegen.ukernel.generic "scalar_fn" ins(%i, %f : i32, f64) outs(%buf : memref<f32>)
  iree_codegen.ukernel.generic {note = 1} "vmvx.mmt4d.f32f32f32" ins(%lhs, %rhs : memref<?x?x?x?xf32>, memref<?x?x?x?xf32>) outs(%acc : memref<?x?x?x?xf32>) (%n, %i : index, i32) fn_def_attrs {hal.import.bitcode = true} strided_dims([[0], [0, 1], []])
  %r:2 = iree_codegen.ukernel.generic "on_tensors" outs(%t : tensor<?xf32>) -> tensor<?xf32>, i32
  iree_codegen.ukernel.generic "nothing"
  func.return %r#0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @mappings(
// CHECK-SAME:    resolver = #iree_cpu.vmvx_encoding_resolver<>
// CHECK-SAME:    configured = #iree_cpu.vmvx_encoding_resolver<configuration = {}>
// CHECK:         } {mapping = [#iree_codegen.workgroup_mapping<z:1>, #iree_codegen.workgroup_mapping<z>, #iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
func.func @mappings(%n: index, %buf: memref<?xf32>, %v: f32) attributes {resolver = #iree_cpu.vmvx_encoding_resolver<>, configured = #iree_cpu.vmvx_encoding_resolver<configuration = {}>} {
  scf.forall (%a, %b, %c, %d) in (2, 2, %n, %n) {
    memref.store %v, %buf[%d] : memref<?xf32>
  } {mapping = [#iree_codegen.workgroup_mapping<z:1>, #iree_codegen.workgroup_mapping<z:0>, #iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  func.return
}
