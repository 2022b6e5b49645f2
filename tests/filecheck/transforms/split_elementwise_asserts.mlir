// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-split-elementwise-asserts | filecheck %s

// torch-mlir's batch-norm scale: the assert in the body becomes `extui` of its condition,
// yielded to a tile-sized i8 output (dynamic sizes from `memref.dim`); after the op, `minui`
// over the flags into a one-element alloca set to 1, then one scalar assert of it.
// CHECK-LABEL: func.func @bn_scale
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[N:.*]] = memref.dim %var, %[[C0]] : memref<?xf32>
// CHECK-NEXT:    %[[FLAGS:.*]] = memref.alloca(%[[N]]) : memref<?xi8>
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : memref<?xf32>) outs(%out, %[[FLAGS]] : memref<?xf32>, memref<?xi8>) {
// CHECK-NEXT:    ^bb0(%v: f32, %o: f32, %[[F:.*]]: i8):
// CHECK:           %ok = arith.cmpf one, %s, %zero : f32
// CHECK-NEXT:      %[[FLAG:.*]] = arith.extui %ok : i1 to i8
// CHECK-NEXT:      %r = arith.divf %one, %s : f32
// CHECK-NEXT:      linalg.yield %r, %[[FLAG]] : f32, i8
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i8
// CHECK-NEXT:    %[[ALL:.*]] = memref.alloca() : memref<i8>
// CHECK-NEXT:    memref.store %[[ONE]], %[[ALL]][] : memref<i8>
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%[[FLAGS]] : memref<?xi8>) outs(%[[ALL]] : memref<i8>) {
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: i8, %[[B:.*]]: i8):
// CHECK-NEXT:      %[[MIN:.*]] = arith.minui %[[A]], %[[B]] : i8
// CHECK-NEXT:      linalg.yield %[[MIN]] : i8
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[ALL]][] : memref<i8>
// CHECK-NEXT:    %[[OK:.*]] = arith.trunci %[[V]] : i8 to i1
// CHECK-NEXT:    cf.assert %[[OK]], "unimplemented: tensor with zero element"
// CHECK-NEXT:    func.return
func.func @bn_scale(%var : memref<?xf32>, %out : memref<?xf32>) {
  %eps = arith.constant 1.0e-05 : f64
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : memref<?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%v : f32, %o : f32):
    %e = arith.truncf %eps : f64 to f32
    %a = arith.addf %v, %e : f32
    %s = math.sqrt %a : f32
    %ok = arith.cmpf one, %s, %zero : f32
    cf.assert %ok, "unimplemented: tensor with zero element"
    %r = arith.divf %one, %s : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// Two asserts: two flag outputs (static tile shape), each checked after the op in order.
// CHECK-LABEL: func.func @two_asserts
// CHECK:         %[[F1:.*]] = memref.alloca() : memref<2x3xi8>
// CHECK-NEXT:    %[[F2:.*]] = memref.alloca() : memref<2x3xi8>
// CHECK-NEXT:    linalg.generic {{.*}} outs(%out, %[[F1]], %[[F2]] : memref<2x3xi32>, memref<2x3xi8>, memref<2x3xi8>)
// CHECK:         cf.assert %{{.*}}, "positive"
// CHECK:         cf.assert %{{.*}}, "small"
// CHECK-NOT:     cf.assert
func.func @two_asserts(%x : memref<2x3xi32>, %out : memref<2x3xi32>) {
  %zero = arith.constant 0 : i32
  %big = arith.constant 100 : i32
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<2x3xi32>) outs(%out : memref<2x3xi32>) {
  ^bb0(%v : i32, %o : i32):
    %p = arith.cmpi sgt, %v, %zero : i32
    cf.assert %p, "positive"
    %q = arith.cmpi slt, %v, %big : i32
    cf.assert %q, "small"
    linalg.yield %v : i32
  }
  func.return
}

// -----

// A reduction, or more loops than `ex.reduce` takes, is left as it is.
// CHECK-LABEL: func.func @left
// CHECK-NOT:     memref.alloca
// CHECK:         linalg.generic
// CHECK:           cf.assert
// CHECK:         linalg.generic
// CHECK:           cf.assert
func.func @left(%x : memref<4xi32>, %s : memref<i32>, %y : memref<1x1x1x1x2xi32>) {
  %zero = arith.constant 0 : i32
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : memref<4xi32>) outs(%s : memref<i32>) {
  ^bb0(%v : i32, %o : i32):
    %p = arith.cmpi sgt, %v, %zero : i32
    cf.assert %p, "positive"
    %t = arith.addi %v, %o : i32
    linalg.yield %t : i32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      outs(%y : memref<1x1x1x1x2xi32>) {
  ^bb0(%o : i32):
    %p = arith.cmpi sgt, %o, %zero : i32
    cf.assert %p, "positive"
    linalg.yield %o : i32
  }
  func.return
}
