// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-iree-comprehensive-bufferize | filecheck %s

// Whole-binding loads are the bindings themselves; the result of an op on a tensor.empty that
// is stored goes straight into the store's binding, so the store disappears.

// CHECK-LABEL: func.func @add_dynamic()
// CHECK:         %[[N:.*]] = arith.index_castui
// CHECK-NEXT:    %[[A:.*]] = hal.interface.binding.subspan {{.*}} binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<?xf32>{%[[N]]}
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} binding(1) {{.*}} : memref<?xf32>{%[[N]]}
// CHECK-NEXT:    %[[C:.*]] = hal.interface.binding.subspan {{.*}} binding(2) {{.*}} : memref<?xf32>{%[[N]]}
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[A]], %[[B]] : memref<?xf32>, memref<?xf32>) outs(%[[C]] : memref<?xf32>) {
// CHECK:         }
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 1, bindings = [#ro, #ro, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @add_dynamic() {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %n = arith.index_castui %0 : i32 to index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
  %b = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
  %c = hal.interface.binding.subspan layout(#layout) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
  %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
  %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
  return
}

// -----

// fill + matmul on a tensor.empty: both write the output binding in place.

// CHECK-LABEL: func.func @matmul()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} binding(0) {{.*}} : memref<37x29xf32>
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} binding(1) {{.*}} : memref<29x41xf32>
// CHECK-NEXT:    %[[C:.*]] = hal.interface.binding.subspan {{.*}} binding(2) {{.*}} : memref<37x41xf32>
// CHECK-NEXT:    linalg.fill ins(%cst : f32) outs(%[[C]] : memref<37x41xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %[[B]] : memref<37x29xf32>, memref<29x41xf32>) outs(%[[C]] : memref<37x41xf32>)
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
func.func @matmul() {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<37x29xf32>>
  %1 = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<29x41xf32>>
  %2 = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<37x41xf32>>
  %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [37, 29], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<37x29xf32>> -> tensor<37x29xf32>
  %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [29, 41], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<29x41xf32>> -> tensor<29x41xf32>
  %5 = tensor.empty() : tensor<37x41xf32>
  %6 = linalg.fill ins(%cst : f32) outs(%5 : tensor<37x41xf32>) -> tensor<37x41xf32>
  %7 = linalg.matmul ins(%3, %4 : tensor<37x29xf32>, tensor<29x41xf32>) outs(%6 : tensor<37x41xf32>) -> tensor<37x41xf32>
  iree_tensor_ext.dispatch.tensor.store %7, %2, offsets = [0, 0], sizes = [37, 41], strides = [1, 1] : tensor<37x41xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<37x41xf32>>
  return
}

// -----

// Slices: a dynamic, a static rank-reducing load and a store into a slice of the output.

// CHECK-LABEL: func.func @slices()
// CHECK:         %[[O:.*]] = arith.index_castui
// CHECK-NEXT:    %[[IN:.*]] = hal.interface.binding.subspan {{.*}} : memref<8x16xf32>
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan {{.*}} : memref<4x32xf32>
// CHECK-NEXT:    %[[ROW:.*]] = memref.subview %[[IN]][3, %[[O]]] [1, 8] [1, 1] : memref<8x16xf32> to memref<8xf32, strided<[1], offset: ?>>
// CHECK-NEXT:    %[[DST:.*]] = memref.subview %[[OUT]][2, 4] [1, 8] [1, 2] : memref<4x32xf32> to memref<8xf32, strided<[2], offset: 68>>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[ROW]] : {{.*}}) outs(%[[DST]] : {{.*}}) {
// CHECK:         }
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 1, bindings = [#ro, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @slices() {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %o = arith.index_castui %0 : i32 to index
  %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
  %row = iree_tensor_ext.dispatch.tensor.load %in, offsets = [3, %o], sizes = [1, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x16xf32>> -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%row : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  iree_tensor_ext.dispatch.tensor.store %neg, %out, offsets = [2, 4], sizes = [1, 8], strides = [1, 2] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x32xf32>>
  return
}

// -----

// An accumulator read from a readwrite binding is updated in place; one read from a
// read-only binding is copied into the output binding first.

// CHECK-LABEL: func.func @accumulate()
// CHECK:         %[[X:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[ACC_IN:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    %[[ACC:.*]] = hal.interface.binding.subspan {{.*}} binding(2)
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan {{.*}} binding(3)
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<16xf32>) outs(%[[ACC]] : memref<16xf32>) {
// CHECK:           arith.addf
// CHECK:         }
// CHECK-NEXT:    linalg.copy ins(%[[ACC_IN]] : memref<16xf32>) outs(%[[OUT]] : memref<16xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[X]] : memref<16xf32>) outs(%[[OUT]] : memref<16xf32>) {
// CHECK:           arith.mulf
// CHECK:         }
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #ro, #rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @accumulate() {
  %c0 = arith.constant 0 : index
  %x = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>
  %acc_in = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>>
  %acc = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(3) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  %tx = iree_tensor_ext.dispatch.tensor.load %x, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
  %t1 = iree_tensor_ext.dispatch.tensor.load %acc, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>> -> tensor<16xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%tx : tensor<16xf32>) outs(%t1 : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %r1, %acc, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %t2 = iree_tensor_ext.dispatch.tensor.load %acc_in, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32>> -> tensor<16xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%tx : tensor<16xf32>) outs(%t2 : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %r2, %out, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  return
}

// -----

// A readwrite binding is only written where the program stores: an update of a value loaded
// from it and stored elsewhere is computed in the other binding.

// CHECK-LABEL: func.func @not_stored_back()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<16xf32>) outs(%[[B]] : memref<16xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[B]] : memref<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @not_stored_back() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>> -> tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%t : tensor<16xf32>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %r, %b, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  return
}

// -----

// A result is not built early in the slice it is stored to when that slice is loaded in
// between (the load sees the memory as it was).

// CHECK-LABEL: func.func @load_in_between()
// CHECK:         %[[B0:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[B1:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    %[[V:.*]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[B1]] : memref<8xf32>) outs(%[[V]] : memref<8xf32>) {
// CHECK:         }
// CHECK-NEXT:    linalg.copy ins(%[[B0]] : memref<8xf32>) outs(%[[B1]] : memref<8xf32>)
// CHECK-NEXT:    linalg.copy ins(%[[V]] : memref<8xf32>) outs(%[[B0]] : memref<8xf32>)
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @load_in_between() {
  %c0 = arith.constant 0 : index
  %b0 = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>>
  %b1 = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>>
  %a = iree_tensor_ext.dispatch.tensor.load %b1, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>> -> tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %v = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<8xf32>
  %w = iree_tensor_ext.dispatch.tensor.load %b0, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>> -> tensor<8xf32>
  iree_tensor_ext.dispatch.tensor.store %w, %b1, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>>
  iree_tensor_ext.dispatch.tensor.store %v, %b0, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<8xf32>>
  return
}

// -----

// Writing in place would clobber a value read later: the write goes to a new buffer (a copy
// of the destination, which the op reads), and the store copies it out.

// CHECK-LABEL: func.func @clobber()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    %[[SQ:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<16xf32>) outs(%[[SQ]] : memref<16xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[SQ]] : memref<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[SQ]], %[[A]] : memref<16xf32>, memref<16xf32>) outs(%[[B]] : memref<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    linalg.copy ins(%[[SQ]] : memref<16xf32>) outs(%[[A]] : memref<16xf32>)
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @clobber() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>> -> tensor<16xf32>
  %sq = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%t : tensor<16xf32>) {
  ^bb0(%x: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %e = tensor.empty() : tensor<16xf32>
  %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%sq, %t : tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.subf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %d, %b, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32>>
  iree_tensor_ext.dispatch.tensor.store %sq, %a, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  return
}

// -----

// A store overwriting memory a loaded value is still read from: the value is copied away
// where it was loaded (and is then updated in its copy).

// CHECK-LABEL: func.func @store_conflicts()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    %[[TA:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<16xf32>) outs(%[[TA]] : memref<16xf32>)
// CHECK-NEXT:    linalg.copy ins(%[[B]] : memref<16xf32>) outs(%[[A]] : memref<16xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[TA]] : memref<16xf32>) {
// CHECK:         }
// CHECK-NEXT:    linalg.copy ins(%[[TA]] : memref<16xf32>) outs(%[[B]] : memref<16xf32>)
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @store_conflicts() {
  %c0 = arith.constant 0 : index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>> -> tensor<16xf32>
  %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [16], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>> -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %tb, %a, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  %neg = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%ta : tensor<16xf32>) {
  ^bb0(%x: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<16xf32>
  iree_tensor_ext.dispatch.tensor.store %neg, %b, offsets = [0], sizes = [16], strides = [1] : tensor<16xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
  return
}

// -----

// A tensor constant is a private constant memref.global (one per value); as a destination it
// is read-only, so the op's result goes to the output binding, copied from it first.

// CHECK:       memref.global "private" constant @__constant_2x3xf32 : memref<2x3xf32> = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]>
// CHECK-NOT:   memref.global
// CHECK-LABEL: func.func @constant()
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %[[K:.*]] = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
// CHECK-NEXT:    %[[K2:.*]] = memref.get_global @__constant_2x3xf32 : memref<2x3xf32>
// CHECK-NEXT:    %[[IN:.*]] = hal.interface.binding.subspan
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan
// CHECK-NEXT:    linalg.copy ins(%[[K]] : memref<2x3xf32>) outs(%[[OUT]] : memref<2x3xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[IN]], %[[K2]] : memref<2x3xf32>, memref<2x3xf32>) outs(%[[OUT]] : memref<2x3xf32>) {

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #rw]>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @constant() {
  %c0 = arith.constant 0 : index
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %cst2 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x3xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [2, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>> -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%t, %cst2 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%cst : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %u = arith.mulf %s, %o : f32
    linalg.yield %u : f32
  } -> tensor<2x3xf32>
  iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0, 0], sizes = [2, 3], strides = [1, 1] : tensor<2x3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x3xf32>>
  return
}

// -----

// Views and reads: a strided load is reshaped through a row-major copy; extract_slice is a
// (rank-reducing) subview, extract a load, dim its size; insert_slice and insert write a copy
// of their read-only destination; casts are memref casts; the store copies into the output.

// CHECK-LABEL: func.func @tensor_ops()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} : memref<?x8xf32>{%n}
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} : memref<2x6xf32>
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan {{.*}} : memref<?x8xf32>{%n}
// CHECK-NEXT:    %[[TB:.*]] = memref.subview %[[B]][0, 1] [2, 4] [1, 1] : memref<2x6xf32> to memref<2x4xf32, strided<[6, 1], offset: 1>>
// CHECK-NEXT:    %[[ROWMAJOR:.*]] = memref.alloca() : memref<2x4xf32>
// CHECK-NEXT:    linalg.copy ins(%[[TB]] : {{.*}}) outs(%[[ROWMAJOR]] : memref<2x4xf32>)
// CHECK-NEXT:    %[[FLAT:.*]] = memref.collapse_shape %[[ROWMAJOR]] {{\[\[}}0 : i64, 1 : i64]] : memref<2x4xf32> into memref<8xf32>
// CHECK-NEXT:    %[[ROW:.*]] = memref.expand_shape %[[FLAT]] {{\[\[}}0 : i64, 1 : i64]] output_shape [1, 8] : memref<8xf32> into memref<1x8xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.subview %[[A]][1, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<8xf32, strided<[1], offset: 8>>
// CHECK-NEXT:    %x = memref.load %[[S]][%c1] : memref<8xf32, strided<[1], offset: 8>>
// CHECK-NEXT:    %d = memref.dim %[[A]], %c0 : memref<?x8xf32>
// CHECK:         %[[ROWS:.*]] = memref.dim %[[A]]
// CHECK-NEXT:    %[[I:.*]] = memref.alloca(%[[ROWS]]) : memref<?x8xf32>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<?x8xf32>) outs(%[[I]] : memref<?x8xf32>)
// CHECK-NEXT:    %[[INTO:.*]] = memref.subview %[[I]][0, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<1x8xf32, strided<[8, 1]>>
// CHECK-NEXT:    linalg.copy ins(%[[ROW]] : memref<1x8xf32>) outs(%[[INTO]] : memref<1x8xf32, strided<[8, 1]>>)
// CHECK-NEXT:    memref.store %x, %[[I]][%c1, %c1] : memref<?x8xf32>
// CHECK-NEXT:    %[[K:.*]] = memref.cast %[[I]] : memref<?x8xf32> to memref<?x?xf32>
// CHECK-NEXT:    %[[L:.*]] = memref.cast %[[K]] : memref<?x?xf32> to memref<?x8xf32>
// CHECK-NEXT:    %[[DST:.*]] = memref.subview %[[OUT]][0, 0] [%d, 8] [1, 1] : memref<?x8xf32> to memref<?x8xf32, strided<[8, 1]>>
// CHECK-NEXT:    linalg.copy ins(%[[L]] : memref<?x8xf32>) outs(%[[DST]] : memref<?x8xf32, strided<[8, 1]>>)
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 1, bindings = [#ro, #ro, #rw]>
func.func @tensor_ops() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %n = arith.index_castui %0 : i32 to index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n}
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%n}
  %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [%n, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8xf32>>{%n} -> tensor<?x8xf32>
  %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 1], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x6xf32>> -> tensor<2x4xf32>
  %flat = tensor.collapse_shape %tb [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  %row = tensor.expand_shape %flat [[0, 1]] output_shape [1, 8] : tensor<8xf32> into tensor<1x8xf32>
  %s = tensor.extract_slice %ta[1, 0] [1, 8] [1, 1] : tensor<?x8xf32> to tensor<8xf32>
  %x = tensor.extract %s[%c1] : tensor<8xf32>
  %d = tensor.dim %ta, %c0 : tensor<?x8xf32>
  %i = tensor.insert_slice %row into %ta[0, 0] [1, 8] [1, 1] : tensor<1x8xf32> into tensor<?x8xf32>
  %j = tensor.insert %x into %i[%c1, %c1] : tensor<?x8xf32>
  %k = tensor.cast %j : tensor<?x8xf32> to tensor<?x?xf32>
  %l = tensor.cast %k : tensor<?x?xf32> to tensor<?x8xf32>
  iree_tensor_ext.dispatch.tensor.store %l, %out, offsets = [0, 0], sizes = [%d, 8], strides = [1, 1] : tensor<?x8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x8xf32>>{%n}
  return
}

// -----

// pad (fill + copy into a subview) and concat (copies into subviews) build their results in
// the bindings they are stored to.

// CHECK-LABEL: func.func @new_tensors()
// CHECK:         %[[A:.*]] = hal.interface.binding.subspan {{.*}} : memref<?x3xf32>{%n}
// CHECK-NEXT:    %[[B:.*]] = hal.interface.binding.subspan {{.*}} : memref<2x3xf32>
// CHECK-NEXT:    %[[PADDED:.*]] = hal.interface.binding.subspan {{.*}} : memref<?x6xf32>{%n}
// CHECK-NEXT:    %[[JOINED:.*]] = hal.interface.binding.subspan {{.*}} : memref<?x3xf32>{%n}
// CHECK:         %[[ROWS:.*]] = memref.dim %[[A]]
// CHECK-NEXT:    linalg.fill ins(%cst : f32) outs(%[[PADDED]] : memref<?x6xf32>)
// CHECK-NEXT:    %[[INNER:.*]] = memref.subview %[[PADDED]][0, 1] [%[[ROWS]], 3] [1, 1] : memref<?x6xf32> to memref<?x3xf32, strided<[6, 1], offset: 1>>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<?x3xf32>) outs(%[[INNER]] : {{.*}})
// CHECK:         %[[ROWS2:.*]] = memref.dim %[[A]]
// CHECK:         %[[FIRST:.*]] = memref.subview %[[JOINED]][0, 0] [2, 3] [1, 1] : memref<?x3xf32> to memref<2x3xf32, strided<[3, 1]>>
// CHECK-NEXT:    linalg.copy ins(%[[B]] : memref<2x3xf32>) outs(%[[FIRST]] : {{.*}})
// CHECK-NEXT:    %[[SECOND:.*]] = memref.subview %[[JOINED]][2, 0] [%[[ROWS2]], 3] [1, 1] : memref<?x3xf32> to memref<?x3xf32, strided<[3, 1], offset: 6>>
// CHECK-NEXT:    linalg.copy ins(%[[A]] : memref<?x3xf32>) outs(%[[SECOND]] : {{.*}})
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 1, bindings = [#ro, #ro, #rw, #rw]>
func.func @new_tensors() {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.5 : f32
  %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %n = arith.index_castui %0 : i32 to index
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x3xf32>>{%n}
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>>
  %padded = hal.interface.binding.subspan layout(#layout) binding(2) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x6xf32>>{%n}
  %joined = hal.interface.binding.subspan layout(#layout) binding(3) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x3xf32>>{%n}
  %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [%n, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x3xf32>>{%n} -> tensor<?x3xf32>
  %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [2, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3xf32>> -> tensor<2x3xf32>
  %p = tensor.pad %ta low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x3xf32> to tensor<?x6xf32>
  iree_tensor_ext.dispatch.tensor.store %p, %padded, offsets = [0, 0], sizes = [%n, 6], strides = [1, 1] : tensor<?x6xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x6xf32>>{%n}
  %cat = tensor.concat dim(0) %tb, %ta : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  iree_tensor_ext.dispatch.tensor.store %cat, %joined, offsets = [0, 0], sizes = [%n, 3], strides = [1, 1] : tensor<?x3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x3xf32>>{%n}
  return
}

// -----

// from_elements is stores, splat a fill, both into the bindings they are stored to.

// CHECK-LABEL: func.func @elements()
// CHECK:         %[[X:.*]] = hal.interface.binding.subspan {{.*}} : memref<2x2xf32>
// CHECK-NEXT:    %[[Y:.*]] = hal.interface.binding.subspan {{.*}} : memref<4xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    memref.store %f, %[[X]][%[[C0]], %[[C0]]] : memref<2x2xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    memref.store %g, %[[X]][%[[C0]], %[[C1]]] : memref<2x2xf32>
// CHECK-NEXT:    memref.store %g, %[[X]][%[[C1]], %[[C0]]] : memref<2x2xf32>
// CHECK-NEXT:    memref.store %f, %[[X]][%[[C1]], %[[C1]]] : memref<2x2xf32>
// CHECK-NEXT:    linalg.fill ins(%g : f32) outs(%[[Y]] : memref<4xf32>)
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw]>
func.func @elements() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 2.0 : f32
  %g = arith.constant 3.0 : f32
  %x = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x2xf32>>
  %y = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
  %e = tensor.from_elements %f, %g, %g, %f : tensor<2x2xf32>
  iree_tensor_ext.dispatch.tensor.store %e, %x, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x2xf32>>
  %s = tensor.splat %g : tensor<4xf32>
  iree_tensor_ext.dispatch.tensor.store %s, %y, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
  return
}

// -----

// linalg.pack (any op with a tiling model) writes its destination like linalg ops.

// CHECK-LABEL: func.func @pack()
// CHECK:         %[[IN:.*]] = hal.interface.binding.subspan {{.*}} : memref<30x21xf32>
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan {{.*}} : memref<4x6x8x4xf32>
// CHECK-NEXT:    linalg.pack %[[IN]] padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %[[OUT]] : memref<30x21xf32> -> memref<4x6x8x4xf32>
// CHECK-NEXT:    func.return

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #rw]>
func.func @pack() {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<30x21xf32>>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x6x8x4xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [30, 21], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<30x21xf32>> -> tensor<30x21xf32>
  %e = tensor.empty() : tensor<4x6x8x4xf32>
  %p = linalg.pack %t padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<30x21xf32> -> tensor<4x6x8x4xf32>
  iree_tensor_ext.dispatch.tensor.store %p, %out, offsets = [0, 0, 0, 0], sizes = [4, 6, 8, 4], strides = [1, 1, 1, 1] : tensor<4x6x8x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x6x8x4xf32>>
  return
}

// -----

// A value stored to one binding and then updated for another: the update is computed in the
// other binding, the stored slice keeps the value.

// CHECK-LABEL: func.func @stored_then_updated()
// CHECK:         %[[X:.*]] = hal.interface.binding.subspan {{.*}} binding(0)
// CHECK-NEXT:    %[[Y:.*]] = hal.interface.binding.subspan {{.*}} binding(1)
// CHECK-NEXT:    linalg.fill ins(%cst : f32) outs(%[[X]] : memref<8xf32>)
// CHECK-NEXT:    linalg.copy ins(%[[X]] : memref<8xf32>) outs(%[[Y]] : memref<8xf32>)
// CHECK-NEXT:    linalg.generic {{.*}} outs(%[[Y]] : memref<8xf32>) {
// CHECK:         }
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw, #rw]>
#id = affine_map<(d0) -> (d0)>
func.func @stored_then_updated() {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 1.0 : f32
  %x = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  %y = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  iree_tensor_ext.dispatch.tensor.store %f, %x, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  %g = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%f : tensor<8xf32>) {
  ^bb0(%o: f32):
    %d = arith.addf %o, %o : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  iree_tensor_ext.dispatch.tensor.store %g, %y, offsets = [0], sizes = [8], strides = [1] : tensor<8xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
  return
}

// -----

// A function on buffers is left alone.

// CHECK-LABEL: func.func @buffers_unchanged()
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %out = hal.interface.binding.subspan {{.*}} binding(0) : memref<8xf32>
// CHECK-NEXT:    linalg.fill ins(%cst : f32) outs(%out : memref<8xf32>)
// CHECK-NEXT:    func.return

#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#rw]>
func.func @buffers_unchanged() {
  %cst = arith.constant 1.0 : f32
  %out = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8xf32>
  linalg.fill ins(%cst : f32) outs(%out : memref<8xf32>)
  return
}

// -----

// The result is built in the binding it is stored to even when that binding's subspan comes
// after the op (as pyvmvx's dispatch formation emits it); functions outside executables
// (host code) are left alone.

// CHECK-LABEL: func.func @late_subspan()
// CHECK:         %[[IN:.*]] = hal.interface.binding.subspan {{.*}} binding(0) offset(%c0) : memref<4xf32>
// CHECK-NEXT:    %[[OUT:.*]] = hal.interface.binding.subspan {{.*}} binding(1) offset(%c0) : memref<4xf32>
// CHECK-NEXT:    linalg.mul ins(%[[IN]], %cst : memref<4xf32>, f32) outs(%[[OUT]] : memref<4xf32>)
// CHECK-NEXT:    func.return
// CHECK:       func.func @host(%t: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    func.return %t : tensor<4xf32>

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #rw]>
hal.executable.source public @late {
  hal.executable.export public @late_subspan ordinal(0) layout(#layout)
  builtin.module {
    func.func @late_subspan() {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 2.0 : f32
      %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
      %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.mul ins(%t, %cst : tensor<4xf32>, f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
      iree_tensor_ext.dispatch.tensor.store %r, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
      return
    }
  }
}
func.func @host(%t: tensor<4xf32>) -> tensor<4xf32> {
  return %t : tensor<4xf32>
}
