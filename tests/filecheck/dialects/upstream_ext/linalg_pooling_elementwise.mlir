// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyvmvx-opt %s --split-input-file -p linalg-generalize-named-ops | filecheck %s --check-prefix=GENERAL

// MLIR's pooling ops and `linalg.elementwise` in MLIR's syntax, their implicit bodies (generic
// form) and, for pooling, the equivalent `linalg.generic` (MLIR's generalization: strides and
// dilations folded into the input map, the window a shape-only operand).

// CHECK-LABEL: func.func @pooling_nhwc_max(
func.func @pooling_nhwc_max(%input: tensor<1x4x16x1xf32>, %shape: tensor<2x2xf32>, %init: tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32> {
  %0 = linalg.pooling_nhwc_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 4]> : tensor<2xi64>}
    ins(%input, %shape : tensor<1x4x16x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32>
  func.return %0 : tensor<1x2x4x1xf32>
}
// CHECK-NEXT:   %0 = linalg.pooling_nhwc_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 4]> : tensor<2xi64>} ins(%input, %shape : tensor<1x4x16x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32>
// GENERIC:      "linalg.pooling_nhwc_max"(%input, %shape, %init) <{dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 4]> : tensor<2xi64>, operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%1: f32, %2: f32, %3: f32):
// GENERIC-NEXT:   %4 = "arith.maximumf"(%3, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC-NEXT:   "linalg.yield"(%4) : (f32) -> ()
// GENERIC-NEXT: }) : (tensor<1x4x16x1xf32>, tensor<2x2xf32>, tensor<1x2x4x1xf32>) -> tensor<1x2x4x1xf32>
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 * 2) + d4), ((d2 * 4) + (d5 * 2)), d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%input, %shape : tensor<1x4x16x1xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x4x1xf32>) {
// GENERAL-NEXT: ^bb0(%1: f32, %2: f32, %3: f32):
// GENERAL-NEXT:   %4 = arith.maximumf %3, %1 : f32
// GENERAL-NEXT:   linalg.yield %4 : f32
// GENERAL-NEXT: } -> tensor<1x2x4x1xf32>

// -----

// Without strides and dilations (both default to 1); on buffers; sum with a cast.
// CHECK-LABEL: func.func @pooling_nchw_sum(
func.func @pooling_nchw_sum(%input: memref<1x2x5x5xi8>, %shape: memref<3x3xi8>, %init: memref<1x2x3x3xi32>) {
  linalg.pooling_nchw_sum {lowering_config = 1 : i32} ins(%input, %shape : memref<1x2x5x5xi8>, memref<3x3xi8>) outs(%init : memref<1x2x3x3xi32>)
  func.return
}
// CHECK-NEXT:   linalg.pooling_nchw_sum {lowering_config = 1 : i32} ins(%input, %shape : memref<1x2x5x5xi8>, memref<3x3xi8>) outs(%init : memref<1x2x3x3xi32>){{$}}
// GENERIC:      "linalg.pooling_nchw_sum"(%input, %shape, %init) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%0: i8, %1: i8, %2: i32):
// GENERIC-NEXT:   %3 = "arith.extsi"(%0) : (i8) -> i32
// GENERIC-NEXT:   %4 = "arith.addi"(%2, %3)
// GENERIC-NEXT:   "linalg.yield"(%4) : (i32) -> ()
// GENERIC-NEXT: }) {lowering_config = 1 : i32} : (memref<1x2x5x5xi8>, memref<3x3xi8>, memref<1x2x3x3xi32>) -> ()
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, (d2 + d4), (d3 + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%input, %shape : memref<1x2x5x5xi8>, memref<3x3xi8>) outs(%init : memref<1x2x3x3xi32>) {

// -----

// The unsigned kinds zero-extend and compare unsigned; min of floats is minimumf.
// CHECK-LABEL: func.func @pooling_unsigned_and_min(
func.func @pooling_unsigned_and_min(%i8: memref<2x9x4xi8>, %w: memref<3xi8>, %i32: memref<2x3x4xi32>, %f: memref<2x9x4xf32>, %wf: memref<3xf32>, %of: memref<2x3x4xf32>) {
  linalg.pooling_nwc_max_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i8, %w : memref<2x9x4xi8>, memref<3xi8>) outs(%i32 : memref<2x3x4xi32>)
  linalg.pooling_nwc_min_unsigned ins(%i8, %w : memref<2x9x4xi8>, memref<3xi8>) outs(%i32 : memref<2x3x4xi32>)
  linalg.pooling_nwc_min {strides = dense<3> : tensor<1xi64>} ins(%f, %wf : memref<2x9x4xf32>, memref<3xf32>) outs(%of : memref<2x3x4xf32>)
  func.return
}
// CHECK-NEXT:   linalg.pooling_nwc_max_unsigned {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%i8, %w : memref<2x9x4xi8>, memref<3xi8>) outs(%i32 : memref<2x3x4xi32>)
// CHECK-NEXT:   linalg.pooling_nwc_min_unsigned ins(%i8, %w : memref<2x9x4xi8>, memref<3xi8>) outs(%i32 : memref<2x3x4xi32>)
// CHECK-NEXT:   linalg.pooling_nwc_min {strides = dense<3> : tensor<1xi64>} ins(%f, %wf : memref<2x9x4xf32>, memref<3xf32>) outs(%of : memref<2x3x4xf32>)
// GENERIC:        "arith.extui"(%{{.*}}) : (i8) -> i32
// GENERIC-NEXT:   "arith.maxui"
// GENERIC:        "arith.extui"(%{{.*}}) : (i8) -> i32
// GENERIC-NEXT:   "arith.minui"
// GENERIC:        "arith.minimumf"
// GENERAL:      affine_map<(d0, d1, d2, d3) -> (d0, (d1 + (d3 * 3)), d2)>
// GENERAL:      affine_map<(d0, d1, d2, d3) -> (d0, (d1 + d3), d2)>
// GENERAL:      affine_map<(d0, d1, d2, d3) -> (d0, ((d1 * 3) + d3), d2)>

// -----

// The remaining layouts: ncw and ndhwc, with loops (n, c, w, kw) and (n, d, h, w, c, kd, kh, kw).
// CHECK-LABEL: func.func @pooling_ncw_ndhwc(
func.func @pooling_ncw_ndhwc(%a: memref<1x2x8xf32>, %wa: memref<2xf32>, %oa: memref<1x2x4xf32>, %b: memref<1x4x4x4x2xf32>, %wb: memref<2x2x2xf32>, %ob: memref<1x2x2x2x2xf32>) {
  linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a, %wa : memref<1x2x8xf32>, memref<2xf32>) outs(%oa : memref<1x2x4xf32>)
  linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%b, %wb : memref<1x4x4x4x2xf32>, memref<2x2x2xf32>) outs(%ob : memref<1x2x2x2x2xf32>)
  func.return
}
// CHECK-NEXT:   linalg.pooling_ncw_max {dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>} ins(%a, %wa : memref<1x2x8xf32>, memref<2xf32>) outs(%oa : memref<1x2x4xf32>)
// CHECK-NEXT:   linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<2> : tensor<3xi64>} ins(%b, %wb : memref<1x4x4x4x2xf32>, memref<2x2x2xf32>) outs(%ob : memref<1x2x2x2x2xf32>)
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, ((d2 * 2) + d3))>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, ((d1 * 2) + d5), ((d2 * 2) + d6), ((d3 * 2) + d7), d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7)>, affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// GENERAL-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[OUT:.*]]: f32):
// GENERAL-NEXT:   %{{.*}} = arith.addf %[[OUT]], %[[IN]] : f32

// -----

#map = affine_map<(d0, d1) -> (d0, d1)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d1)>

// linalg.elementwise: unary, binary and ternary kinds; default maps are not printed.
// CHECK-LABEL: func.func @elementwise(
func.func @elementwise(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xi1>, %t: tensor<16x8xf32>, %r: tensor<16xf32>, %m: memref<8x16xi32>) -> tensor<8x16xf32> {
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<log> ins(%a : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [#map, #map, #map] ins(%0, %a : tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<select> ins(%c, %1, %a : tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  %3 = linalg.elementwise kind=#linalg.elementwise_kind<sub> indexing_maps = [#transposed, #row, #map] ins(%t, %r : tensor<16x8xf32>, tensor<16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
  linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned> {tag} ins(%m, %m : memref<8x16xi32>, memref<8x16xi32>) outs(%m : memref<8x16xi32>)
  %4 = linalg.elementwise kind=#linalg.elementwise_kind<reciprocal> ins(%3 : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
  func.return %4 : tensor<8x16xf32>
}
// CHECK-NEXT:   %0 = linalg.elementwise kind=#linalg.elementwise_kind<log> ins(%a : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:   %1 = linalg.elementwise kind=#linalg.elementwise_kind<add> ins(%0, %a : tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:   %2 = linalg.elementwise kind=#linalg.elementwise_kind<select> ins(%c, %1, %a : tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:   %3 = linalg.elementwise kind=#linalg.elementwise_kind<sub> indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%t, %r : tensor<16x8xf32>, tensor<16xf32>) outs(%2 : tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT:   linalg.elementwise kind=#linalg.elementwise_kind<div_unsigned> {tag} ins(%m, %m : memref<8x16xi32>, memref<8x16xi32>) outs(%m : memref<8x16xi32>){{$}}
// CHECK-NEXT:   %4 = linalg.elementwise kind=#linalg.elementwise_kind<reciprocal> ins(%3 : tensor<8x16xf32>) outs(%b : tensor<8x16xf32>) -> tensor<8x16xf32>
// GENERIC:      %0 = "linalg.elementwise"(%a, %b) <{kind = #linalg.elementwise_kind<log>, indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// GENERIC-NEXT:   %{{.*}} = "math.log"(%[[IN]])
// GENERIC:        "arith.addf"
// GENERIC:        "arith.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, f32, f32) -> f32
// GENERIC:        "arith.subf"
// GENERIC:        "arith.divui"
// GENERIC:        "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// GENERIC-NEXT:   "arith.divf"
