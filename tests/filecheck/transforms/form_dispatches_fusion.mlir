// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-form-dispatches,cse | filecheck %s

// relu(x @ w + b) written as a matmul and two elementwise generics: the generics merge
// into one (elementwise op fusion), which joins the matmul's dispatch as its consumer. The
// dispatch is named after its root, the matmul, and stores the merged generic's result.

// CHECK-LABEL: hal.executable.source private @main_dispatch_0 {
// CHECK:         func.func @main_dispatch_0_matmul() {
// CHECK:           %[[B:.*]] = iree_tensor_ext.dispatch.tensor.load %{{.*}} -> tensor<8xf32>
// CHECK:           %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x8xf32>
// CHECK-NEXT:      %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x8xf32>)
// CHECK-NEXT:      %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x16xf32>, tensor<16x8xf32>) outs(%[[F]] : tensor<?x8xf32>)
// CHECK-NEXT:      %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[M]], %[[B]] : tensor<?x8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<?x8xf32>) {
// CHECK-NEXT:      ^bb0(%[[V:.*]]: f32, %[[BV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[V]], %[[BV]] : f32
// CHECK-NEXT:        %[[Y:.*]] = arith.maximumf %[[S]], %[[ZERO]] : f32
// CHECK-NEXT:        linalg.yield %[[Y]] : f32
// CHECK-NEXT:      } -> tensor<?x8xf32>
// CHECK:           iree_tensor_ext.dispatch.tensor.store %[[R]]
// CHECK-NOT:     hal.executable.source
// CHECK-LABEL: func.func @main(
// CHECK:         %[[D:.*]] = flow.dispatch @main_dispatch_0::@main_dispatch_0_matmul
// CHECK-NEXT:    func.return %[[D]] : tensor<?x8xf32>
func.func @main(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e1 = tensor.empty(%n) : tensor<?x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%e1 : tensor<?x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    linalg.yield %s : f32
  } -> tensor<?x8xf32>
  %d1 = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e2 = tensor.empty(%d1) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x8xf32>) outs(%e2 : tensor<?x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.maximumf %v, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// -----

// An elementwise producer used only as the matmul's destination (outs) is fused into the
// matmul's dispatch; its result size comes from the producer's destination.

// CHECK-LABEL: func.func @bias_dispatch_0_matmul() {
// CHECK:         %[[BB:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<8xf32>) outs(%{{.*}} : tensor<?x8xf32>)
// CHECK:         %[[M:.*]] = linalg.matmul ins({{.*}}) outs(%[[BB]] : tensor<?x8xf32>)
// CHECK:         iree_tensor_ext.dispatch.tensor.store %[[M]]
// CHECK-LABEL: func.func @bias(
// CHECK-SAME:      %[[X:[a-z0-9_]+]]: tensor<?x16xf32>, %[[W:[a-z0-9_]+]]: tensor<16x8xf32>, %[[B:[a-z0-9_]+]]: tensor<8xf32>)
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x16xf32>
// CHECK-NEXT:    %[[D:.*]] = flow.dispatch @bias_dispatch_0::@bias_dispatch_0_matmul[%[[N]]](%[[B]], %[[X]], %[[W]], %[[N]]) : (tensor<8xf32>, tensor<?x16xf32>{%[[N]]}, tensor<16x8xf32>, index) -> tensor<?x8xf32>{%[[N]]}
// CHECK-NEXT:    func.return %[[D]] : tensor<?x8xf32>
func.func @bias(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %bb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%bv: f32, %o: f32):
    linalg.yield %bv : f32
  } -> tensor<?x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%bb : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %m : tensor<?x8xf32>
}

// -----

// An elementwise generic merges into the row sum that reads it (maps composed through
// the producer's result map, here a transpose); the scaling after the sum has compatible
// outer parallel loops and joins its dispatch.

// CHECK-LABEL: func.func @rowsum_dispatch_0_generic() {
// CHECK:         %[[S:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
// CHECK-NEXT:    ^bb0(%[[X:.*]]: i32, %[[ACC:.*]]: i32):
// CHECK-NEXT:      %[[T:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:      %[[U:.*]] = arith.addi %[[T]], %[[ACC]] : i32
// CHECK-NEXT:      linalg.yield %[[U]] : i32
// CHECK:         %[[R:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<4xi32>)
// CHECK:         iree_tensor_ext.dispatch.tensor.store %[[R]]
// CHECK-NOT:     hal.executable.source
// CHECK-LABEL: func.func @rowsum(
// CHECK-NEXT:    %[[D:.*]] = flow.dispatch @rowsum_dispatch_0::@rowsum_dispatch_0_generic(%{{.*}}) : (tensor<5x4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    func.return %[[D]] : tensor<4xi32>
func.func @rowsum(%a: tensor<5x4xi32>) -> tensor<4xi32> {
  %e = tensor.empty() : tensor<4x5xi32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<5x4xi32>) outs(%e : tensor<4x5xi32>) {
  ^bb0(%x: i32, %o: i32):
    %t = arith.muli %x, %x : i32
    linalg.yield %t : i32
  } -> tensor<4x5xi32>
  %zero = arith.constant 0 : i32
  %es = tensor.empty() : tensor<4xi32>
  %fs = linalg.fill ins(%zero : i32) outs(%es : tensor<4xi32>) -> tensor<4xi32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%sq : tensor<4x5xi32>) outs(%fs : tensor<4xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %t = arith.addi %x, %acc : i32
    linalg.yield %t : i32
  } -> tensor<4xi32>
  %e2 = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%s : tensor<4xi32>) outs(%e2 : tensor<4xi32>) {
  ^bb0(%x: i32, %o: i32):
    %t = arith.addi %x, %x : i32
    linalg.yield %t : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// Not fused (IREE's rules without aggressive fusion): an elementwise producer of a matmul
// input, a generic whose result is also returned, and a consumer that transposes.

// CHECK-LABEL: func.func @unfused(
// CHECK:         %[[D:.*]] = flow.dispatch @unfused_dispatch_0::@unfused_dispatch_0_generic(
// CHECK-NEXT:    %[[M:.*]] = flow.dispatch @unfused_dispatch_1::@unfused_dispatch_1_matmul(%[[D]], %{{.*}})
// CHECK-NEXT:    %[[T:.*]] = flow.dispatch @unfused_dispatch_2::@unfused_dispatch_2_generic(%[[M]])
// CHECK-NEXT:    %[[N:.*]] = flow.dispatch @unfused_dispatch_3::@unfused_dispatch_3_generic(%[[T]])
// CHECK-NEXT:    func.return %[[N]], %[[T]], %[[D]]
func.func @unfused(%x: tensor<4x6xf32>, %w: tensor<6x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.addf %v, %v : f32
    linalg.yield %t : f32
  } -> tensor<4x6xf32>
  %em = tensor.empty() : tensor<4x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%em : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = linalg.matmul ins(%d, %w : tensor<4x6xf32>, tensor<6x3xf32>) outs(%f : tensor<4x3xf32>) -> tensor<4x3xf32>
  %et = tensor.empty() : tensor<3x4xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x3xf32>) outs(%et : tensor<3x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.negf %v : f32
    linalg.yield %y : f32
  } -> tensor<3x4xf32>
  %en = tensor.empty() : tensor<3x4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<3x4xf32>) outs(%en : tensor<3x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.mulf %v, %v : f32
    linalg.yield %y : f32
  } -> tensor<3x4xf32>
  return %n, %t, %d : tensor<3x4xf32>, tensor<3x4xf32>, tensor<4x6xf32>
}

// -----

// A producer computing from its indices (linalg.index, here a tensor.generate) merges into
// a consumer that reads it on the same loops, not into one that reads it transposed.

// CHECK-LABEL: func.func @indices(
// CHECK:         %[[G:.*]] = flow.dispatch @indices_dispatch_0::@indices_dispatch_0_generic() : () -> tensor<3x4xi32>
// CHECK-NEXT:    %[[T:.*]] = flow.dispatch @indices_dispatch_1::@indices_dispatch_1_generic(%[[G]])
// CHECK-NEXT:    %[[S:.*]] = flow.dispatch @indices_dispatch_2::@indices_dispatch_2_generic(%{{.*}}) : (tensor<3x4xi32>) -> tensor<3x4xi32>
// CHECK-NEXT:    func.return %[[T]], %[[S]]
func.func @indices(%a: tensor<3x4xi32>) -> (tensor<4x3xi32>, tensor<3x4xi32>) {
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i32
    tensor.yield %v : i32
  } : tensor<3x4xi32>
  %g2 = tensor.generate {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %i : index to i32
    tensor.yield %v : i32
  } : tensor<3x4xi32>
  %et = tensor.empty() : tensor<4x3xi32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<3x4xi32>) outs(%et : tensor<4x3xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<4x3xi32>
  %e = tensor.empty() : tensor<3x4xi32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g2, %a : tensor<3x4xi32>, tensor<3x4xi32>) outs(%e : tensor<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %z = arith.addi %x, %y : i32
    linalg.yield %z : i32
  } -> tensor<3x4xi32>
  return %t, %s : tensor<4x3xi32>, tensor<3x4xi32>
}
