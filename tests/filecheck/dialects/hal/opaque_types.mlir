// RUN: pyvmvx-opt %s --allow-unregistered-dialect | filecheck %s
// RUN: pyvmvx-opt %s --allow-unregistered-dialect --print-op-generic | pyvmvx-opt --allow-unregistered-dialect | filecheck %s

// Before bufferization IREE's subspans produce dispatch tensors of a dialect pyvmvx does not
// define; with --allow-unregistered-dialect they stay opaque (no dynamic-dim check) and the
// surrounding hal syntax round-trips, as do unregistered attributes on the function.

#layout = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">,
  #hal.pipeline.binding<storage_buffer, Indirect>
], flags = Indirect>

// CHECK-LABEL: func.func @tensor_dispatch(
// CHECK-SAME:  translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
func.func @tensor_dispatch(%n: index) attributes {translation_info = #iree_codegen.translation_info<pipeline = VMVXDefault>} {
  %c0 = arith.constant 0 : index
  // CHECK: hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%{{.*}}) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>{%{{.*}}}
  %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x16xf32>>{%n}
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(1) alignment(64) offset(%{{.*}}) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>{%{{.*}}}
  %out = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x16xf32>>{%n}
  func.return
}
