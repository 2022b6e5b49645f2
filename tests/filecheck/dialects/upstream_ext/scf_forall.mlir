// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect | pyvmvx-opt --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect --print-op-generic | pyvmvx-opt --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --allow-unregistered-dialect --print-op-generic | filecheck %s --check-prefix=GENERIC

// scf.forall in both bound forms, with shared_outs, scf.forall.in_parallel,
// tensor.parallel_insert_slice and a mapping attribute (IREE's tiling output).

// CHECK-LABEL: func.func @tiled(
func.func @tiled(%init: tensor<?x64xf32>, %n: index, %src: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %r = scf.forall (%i, %j) in (%n, 4) shared_outs(%out = %init) -> (tensor<?x64xf32>) {
    %col = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
    %tile = tensor.extract_slice %src[%i, %col] [1, 16] [1, 1] : tensor<?x64xf32> to tensor<16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %tile into %out[%i, %col] [1, 16] [1, 1] : tensor<16xf32> into tensor<?x64xf32>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  func.return %r : tensor<?x64xf32>
}
// CHECK-NEXT: %r = scf.forall (%i, %j) in (%n, 4) shared_outs(%out = %init) -> (tensor<?x64xf32>) {
// CHECK-NEXT:   %col = affine.apply
// CHECK-NEXT:   %tile = tensor.extract_slice
// CHECK-NEXT:   scf.forall.in_parallel {
// CHECK-NEXT:     tensor.parallel_insert_slice %tile into %out[%i, %col] [1, 16] [1, 1] : tensor<16xf32> into tensor<?x64xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
// GENERIC: "scf.forall"(%n, %init) <{staticLowerBound = array<i64: 0, 0>, staticUpperBound = array<i64: -9223372036854775808, 4>, staticStep = array<i64: 1, 1>, mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>], operandSegmentSizes = array<i32: 0, 1, 0, 1>}> ({
// GENERIC: "tensor.parallel_insert_slice"(%tile, %out, %i, %col) <{static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 1, 16>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 2, 0, 0>}> : (tensor<16xf32>, tensor<?x64xf32>, index, index) -> ()

// -----

// Without shared_outs the empty terminator is left out of the text, and added on parsing.
// CHECK-LABEL: func.func @bounds(
func.func @bounds(%lb: index, %ub: index, %buf: memref<128xf32>, %v: f32) {
  scf.forall (%k) = (%lb) to (128) step (4) {
    memref.store %v, %buf[%k] : memref<128xf32>
  }
  scf.forall (%a, %b) = (0, 2) to (%ub, 10) step (1, %lb) {
  }
  scf.forall (%c) in (8) {
  }
  func.return
}
// CHECK-NEXT: scf.forall (%k) = (%lb) to (128) step (4) {
// CHECK-NEXT:   memref.store %v, %buf[%k] : memref<128xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%a, %b) = (0, 2) to (%ub, 10) step (1, %lb) {
// CHECK-NEXT: }
// CHECK-NEXT: scf.forall (%c) in (8) {
// CHECK-NEXT: }
// CHECK-NEXT: func.return
// GENERIC: "scf.forall"(%lb) <{staticLowerBound = array<i64: -9223372036854775808>, staticUpperBound = array<i64: 128>, staticStep = array<i64: 4>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
// GENERIC: "scf.forall.in_parallel"() ({

// -----

// Two shared outputs; one is not written.
// CHECK-LABEL: func.func @two_outputs(
func.func @two_outputs(%a: tensor<8xf32>, %b: tensor<8xi32>, %x: tensor<1xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %r:2 = scf.forall (%i) in (8) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8xi32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %oa[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  func.return %r#0, %r#1 : tensor<8xf32>, tensor<8xi32>
}
// CHECK-NEXT: %r, %r_1 = scf.forall (%i) in (8) shared_outs(%oa = %a, %ob = %b) -> (tensor<8xf32>, tensor<8xi32>) {
// CHECK-NEXT:   scf.forall.in_parallel {
// CHECK-NEXT:     tensor.parallel_insert_slice %x into %oa[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
