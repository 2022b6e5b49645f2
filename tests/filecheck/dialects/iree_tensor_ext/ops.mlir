// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// Dispatch tensors of every access, loads and stores with mixed static/dynamic slices (also
// rank-reducing and rank-0), workload ordinals and the workgroup count of an export.

#layout = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @dispatch(
func.func @dispatch(%off: index) {
  %c0 = arith.constant 0 : index
  %n_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %dim = arith.index_castui %n_i32 : i32 to index
  %n = iree_tensor_ext.dispatch.workload.ordinal %dim, 0 : index
  %in = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n}
  %out = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32>>{%n}
  %scalar = hal.interface.binding.subspan layout(#layout) binding(1) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<f32>>
  %tile = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%off, 0], sizes = [4, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<4x8xf32>
  %row = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%off, 2], sizes = [1, %off], strides = [1, %off] {note} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<?xf32>
  iree_tensor_ext.dispatch.tensor.store %tile, %out, offsets = [%off, 0], sizes = [4, 8], strides = [1, 1] : tensor<4x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32>>{%n}
  %zero = arith.constant dense<0.0> : tensor<f32>
  iree_tensor_ext.dispatch.tensor.store %zero, %scalar, offsets = [], sizes = [], strides = [] : tensor<f32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<f32>>
  func.return
}
// CHECK:       %n = iree_tensor_ext.dispatch.workload.ordinal %dim, 0 : index
// CHECK:       hal.interface.binding.subspan {{.*}} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n}
// CHECK:       hal.interface.binding.subspan {{.*}} : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32>>{%n}
// CHECK:       hal.interface.binding.subspan {{.*}} : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<f32>>{{$}}
// CHECK-NEXT:  %tile = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%off, 0], sizes = [4, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<4x8xf32>
// CHECK-NEXT:  %row = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%off, 2], sizes = [1, %off], strides = [1, %off] {note} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<?xf32>
// CHECK-NEXT:  iree_tensor_ext.dispatch.tensor.store %tile, %out, offsets = [%off, 0], sizes = [4, 8], strides = [1, 1] : tensor<4x8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32>>{%n}
// CHECK:       iree_tensor_ext.dispatch.tensor.store %zero, %scalar, offsets = [], sizes = [], strides = [] : tensor<f32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<f32>>{{$}}
// GENERIC:     "iree_tensor_ext.dispatch.workload.ordinal"(%dim) <{ordinal = 0 : index}> : (index) -> index
// GENERIC:     "iree_tensor_ext.dispatch.tensor.load"(%in, %n, %off, %off, %off) <{static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: 1, -9223372036854775808>, static_strides = array<i64: 1, -9223372036854775808>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> {note}
// GENERIC:     "iree_tensor_ext.dispatch.tensor.store"(%tile, %out, %n, %off) <{static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}>

// -----

// CHECK-LABEL: hal.executable.source public @counts {
// CHECK-NEXT:    hal.executable.export public @none layout({{.*}}) count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK-NEXT:      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(){{$}}
// CHECK:         hal.executable.export public @two layout({{.*}}) count(%{{.*}}: !hal.device, %[[A:.*]]: index, %[[B:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:      %{{.*}}, %{{.*}}, %{{.*}} = iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[A]], %[[B]]){{$}}
// GENERIC:       "iree_tensor_ext.dispatch.workgroup_count_from_slice"() : () -> (index, index, index)
hal.executable.source @counts {
  hal.executable.export @none layout(#hal.pipeline.layout<bindings = []>) count(%device: !hal.device) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    hal.return %x, %y, %z : index, index, index
  }
  hal.executable.export @two layout(#hal.pipeline.layout<bindings = []>) count(%device: !hal.device, %a: index, %b: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%a, %b)
    hal.return %x, %y, %z : index, index, index
  }
}
