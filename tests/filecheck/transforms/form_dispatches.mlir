// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-form-dispatches,cse | filecheck %s

// A matmul on a zero-filled destination and a generic with a scalar operand: two
// dispatches in IREE's executable-sources form (the matmul's result is also returned, so
// the generic is not fused into its dispatch). The fill and the empty tensor are cloned
// into the matmul's dispatch; dynamic sizes (one value: the program's own tensor.dim) and
// the f32 scalar are push constants, the index ones also the workload.

// CHECK-LABEL: hal.executable.source private @main_dispatch_0 {
// CHECK-NEXT:    hal.executable.export public @main_dispatch_0_matmul ordinal(0) layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) count(%{{.*}}: !hal.device, %[[W0:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:      %[[X:.*]], %[[Y:.*]], %[[Z:.*]] = iree_tensor_ext.dispatch.workgroup_count_from_slice(%[[W0]])
// CHECK-NEXT:      hal.return %[[X]], %[[Y]], %[[Z]] : index, index, index
// CHECK:         func.func @main_dispatch_0_matmul() {
// CHECK-NEXT:      %[[C0:.*]] = hal.interface.constant.load layout({{.*}}) ordinal(0) : i32
// CHECK-NEXT:      %[[I0:.*]] = arith.index_castui %[[C0]] : i32 to index
// CHECK-NEXT:      %[[N0:.*]] = iree_tensor_ext.dispatch.workload.ordinal %[[I0]], 0 : index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[B0:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(0) alignment(64) offset(%[[ZERO]]) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%[[N0]]}
// CHECK-NEXT:      %[[A:.*]] = iree_tensor_ext.dispatch.tensor.load %[[B0]], offsets = [0, 0], sizes = [%[[N0]], 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%[[N0]]} -> tensor<?x4xf32>
// CHECK-NEXT:      %[[B1:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(1) alignment(64) offset(%[[ZERO]]) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x8xf32>>
// CHECK-NEXT:      %[[B:.*]] = iree_tensor_ext.dispatch.tensor.load %[[B1]], offsets = [0, 0], sizes = [4, 8], strides = [1, 1]
// CHECK-NEXT:      %[[CST:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[E:.*]] = tensor.empty(%[[N0]]) : tensor<?x8xf32>
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%[[CST]] : f32) outs(%[[E]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:      %[[M:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<?x4xf32>, tensor<4x8xf32>) outs(%[[F]] : tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT:      %[[B2:.*]] = hal.interface.binding.subspan layout({{.*}}) binding(2) alignment(64) offset(%[[ZERO]]) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%[[N0]]}
// CHECK-NEXT:      iree_tensor_ext.dispatch.tensor.store %[[M]], %[[B2]], offsets = [0, 0], sizes = [%[[N0]], 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%[[N0]]}
// CHECK-NEXT:      func.return

// CHECK-LABEL: hal.executable.source private @main_dispatch_1 {
// CHECK:         func.func @main_dispatch_1_generic() {
// CHECK:           %[[S:.*]] = hal.interface.constant.load layout({{.*}}) ordinal(1) : i32
// CHECK-NEXT:      %[[SF:.*]] = arith.bitcast %[[S]] : i32 to f32
// CHECK:           arith.mulf %{{.*}}, %[[SF]] : f32

// CHECK-LABEL: func.func @main(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: tensor<?x4xf32>, %[[B:[a-z0-9_]+]]: tensor<4x8xf32>, %[[S:[a-z0-9_]+]]: f32)
// CHECK:         %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x4xf32>
// CHECK-NEXT:    %[[M:.*]] = flow.dispatch @main_dispatch_0::@main_dispatch_0_matmul[%[[N]]](%[[A]], %[[B]], %[[N]]) : (tensor<?x4xf32>{%[[N]]}, tensor<4x8xf32>, index) -> tensor<?x8xf32>{%[[N]]}
// CHECK-NEXT:    %[[R:.*]] = flow.dispatch @main_dispatch_1::@main_dispatch_1_generic[%[[N]]](%[[M]], %[[N]], %[[S]]) : (tensor<?x8xf32>{%[[N]]}, index, f32) -> tensor<?x8xf32>{%[[N]]}
// CHECK-NEXT:    func.return %[[R]], %[[M]] : tensor<?x8xf32>, tensor<?x8xf32>
func.func @main(%a: tensor<?x4xf32>, %b: tensor<4x8xf32>, %s: f32) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x4xf32>, tensor<4x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e2 = tensor.empty(%n) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<?x8xf32>) outs(%e2 : tensor<?x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.mulf %x, %s : f32
    %w = arith.maximumf %z, %cst : f32
    linalg.yield %w : f32
  } -> tensor<?x8xf32>
  return %r, %m : tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// A pad's dynamic result size is computed on the host; a fill that is returned is a root of
// its own; a 64-bit scalar takes two push constants; reshapes stay on the host; a constant
// with more than 64 elements is a binding.

// CHECK-LABEL: func.func @pad_dispatch_2_generic() {
// CHECK-NEXT:    %[[LO:.*]] = hal.interface.constant.load layout({{.*}}) ordinal(0) : i32
// CHECK-NEXT:    %[[LO64:.*]] = arith.extui %[[LO]] : i32 to i64
// CHECK-NEXT:    %[[HI:.*]] = hal.interface.constant.load layout({{.*}}) ordinal(1) : i32
// CHECK-NEXT:    %[[HI64:.*]] = arith.extui %[[HI]] : i32 to i64
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : i64
// CHECK-NEXT:    %[[SH:.*]] = arith.shli %[[HI64]], %[[C32]] : i64
// CHECK-NEXT:    %[[V:.*]] = arith.ori %[[LO64]], %[[SH]] : i64
// CHECK:         arith.trunci %[[V]] : i64 to i32

// CHECK-LABEL: func.func @pad(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: tensor<?x3xf32>, %[[V:[a-z0-9_]+]]: i64)
// CHECK:         %[[N:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x3xf32>
// CHECK:         %[[BIG:.*]] = arith.constant dense<[0, 1, 2, {{.*}}, 99]> : tensor<100xi32>
// CHECK:         %[[N1:.*]] = arith.addi %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[PN:.*]] = arith.addi %[[N1]], %{{.*}} : index
// CHECK-NEXT:    %[[P:.*]] = flow.dispatch @pad_dispatch_0::@pad_dispatch_0_pad[%[[N]], %[[PN]]](%[[A]], %[[N]], %[[PN]]) : (tensor<?x3xf32>{%[[N]]}, index, index) -> tensor<?x6xf32>{%[[PN]]}
// CHECK-NEXT:    %[[F:.*]] = flow.dispatch @pad_dispatch_1::@pad_dispatch_1_fill() : () -> tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.*]] = tensor.collapse_shape %[[F]] {{.*}} : tensor<2x3xf32> into tensor<6xf32>
// CHECK-NEXT:    %[[G:.*]] = flow.dispatch @pad_dispatch_2::@pad_dispatch_2_generic(%[[BIG]], %[[V]]) : (tensor<100xi32>, i64) -> tensor<100xi32>
// CHECK-NEXT:    func.return %[[P]], %[[R]], %[[G]] : tensor<?x6xf32>, tensor<6xf32>, tensor<100xi32>
func.func @pad(%a: tensor<?x3xf32>, %v: i64) -> (tensor<?x6xf32>, tensor<6xf32>, tensor<100xi32>) {
  %cst = arith.constant 0.0 : f32
  %big = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi32>
  %p = tensor.pad %a low[1, 1] high[2, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x3xf32> to tensor<?x6xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = tensor.collapse_shape %f [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e2 = tensor.empty() : tensor<100xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%big : tensor<100xi32>) outs(%e2 : tensor<100xi32>) {
  ^bb0(%x: i32, %y: i32):
    %t = arith.trunci %v : i64 to i32
    %z = arith.addi %x, %t : i32
    linalg.yield %z : i32
  } -> tensor<100xi32>
  return %p, %r, %g : tensor<?x6xf32>, tensor<6xf32>, tensor<100xi32>
}

// -----

// A contiguous slice (leading rows, whole trailing axes) stays on the host as a view; a
// strided one is a dispatch. tensor.extract and the arithmetic on extracted elements are
// cloned into the dispatch that uses them; tensor.generate is a generic on linalg.index.

// CHECK-LABEL: func.func @slices_dispatch_1_from_elements() {
// CHECK:         %[[A:.*]] = iree_tensor_ext.dispatch.tensor.load %{{.*}} -> tensor<?x8xf32>
// CHECK:         %[[X:.*]] = tensor.extract %[[A]][%{{.*}}, %{{.*}}] : tensor<?x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = arith.negf %[[X]] : f32
// CHECK-NEXT:    %{{.*}} = tensor.from_elements %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-LABEL: func.func @slices_dispatch_2_generic() {
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%{{.*}} : tensor<3xindex>) {
// CHECK-NEXT:    ^bb0(%{{.*}}: index):
// CHECK-NEXT:      %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT:      linalg.yield %[[I]] : index
// CHECK-LABEL: func.func @slices(
// CHECK-SAME:      %[[A:[a-z0-9_]+]]: tensor<?x8xf32>)
// CHECK:         %[[ROWS:.*]] = tensor.extract_slice %[[A]][1, 0] [%{{.*}}, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK:         %[[COLS:.*]] = flow.dispatch @slices_dispatch_0::@slices_dispatch_0_extract_slice
// CHECK-NEXT:    %[[E:.*]] = flow.dispatch @slices_dispatch_1::@slices_dispatch_1_from_elements[%{{.*}}](%[[A]], %{{.*}}) : (tensor<?x8xf32>{%{{.*}}}, index) -> tensor<2xf32>
// CHECK-NEXT:    %[[G:.*]] = flow.dispatch @slices_dispatch_2::@slices_dispatch_2_generic() : () -> tensor<3xindex>
// CHECK-NEXT:    func.return %[[ROWS]], %[[COLS]], %[[E]], %[[G]]
func.func @slices(%a: tensor<?x8xf32>) -> (tensor<?x8xf32>, tensor<?x2xf32>, tensor<2xf32>, tensor<3xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %m = arith.subi %n, %c1 : index
  %rows = tensor.extract_slice %a[1, 0] [%m, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %cols = tensor.extract_slice %a[0, 2] [%n, 2] [1, 1] : tensor<?x8xf32> to tensor<?x2xf32>
  %x = tensor.extract %a[%c0, %c1] : tensor<?x8xf32>
  %y = arith.negf %x : f32
  %e = tensor.from_elements %x, %y : tensor<2xf32>
  %g = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<3xindex>
  return %rows, %cols, %e, %g : tensor<?x8xf32>, tensor<?x2xf32>, tensor<2xf32>, tensor<3xindex>
}
