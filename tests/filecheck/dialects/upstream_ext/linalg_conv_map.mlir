// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p linalg-generalize-named-ops | filecheck %s --check-prefix=GENERAL

// MLIR's convolutions (strides and dilations as `tensor` or `vector` attributes, the
// quantized form with its zero points), `linalg.map` (long and short forms), the short form
// of `linalg.reduce` (the init first in the payload) and a `linalg.generic` with several
// results, in MLIR's syntax; the convolutions' maps as `linalg.generic` shows them (strides
// and dilations folded into the input map).

func.func @conv_vector_attrs(%x: tensor<1x2x5x5xf32>, %k: tensor<3x2x2x2xf32>, %init: tensor<1x3x2x4xf32>) -> tensor<1x3x2x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>}
    ins(%x, %k : tensor<1x2x5x5xf32>, tensor<3x2x2x2xf32>) outs(%init : tensor<1x3x2x4xf32>) -> tensor<1x3x2x4xf32>
  func.return %0 : tensor<1x3x2x4xf32>
}
// CHECK-LABEL: func.func @conv_vector_attrs(
// CHECK-NEXT:    %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%x, %k : tensor<1x2x5x5xf32>, tensor<3x2x2x2xf32>) outs(%init : tensor<1x3x2x4xf32>) -> tensor<1x3x2x4xf32>
// GENERAL:       linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, ((d2 * 2) + d5), (d3 + d6))>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// GENERAL-NEXT:  ^bb0(%1: f32, %2: f32, %3: f32):
// GENERAL-NEXT:    %4 = arith.mulf %1, %2 : f32
// GENERAL-NEXT:    %5 = arith.addf %3, %4 : f32

// -----

func.func @conv_q(%x: memref<1x3x6x6xi8>, %k: memref<4x3x3x3xi8>, %xzp: i32, %kzp: i32, %init: memref<1x4x4x4xi32>) {
  linalg.conv_2d_nchw_fchw_q ins(%x, %k, %xzp, %kzp : memref<1x3x6x6xi8>, memref<4x3x3x3xi8>, i32, i32) outs(%init : memref<1x4x4x4xi32>)
  func.return
}
// CHECK-LABEL: func.func @conv_q(
// CHECK-NEXT:    linalg.conv_2d_nchw_fchw_q ins(%x, %k, %xzp, %kzp : memref<1x3x6x6xi8>, memref<4x3x3x3xi8>, i32, i32) outs(%init : memref<1x4x4x4xi32>)
// GENERAL:       linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, (d2 + d5), (d3 + d6))>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ()>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> ()>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>]
// GENERAL-NEXT:  ^bb0(%0: i8, %1: i8, %2: i32, %3: i32, %4: i32):
// GENERAL-NEXT:    %5 = arith.extsi %0 : i8 to i32
// GENERAL-NEXT:    %6 = arith.subi %5, %2 : i32
// GENERAL-NEXT:    %7 = arith.extsi %1 : i8 to i32
// GENERAL-NEXT:    %8 = arith.subi %7, %3 : i32
// GENERAL-NEXT:    %9 = arith.muli %6, %8 : i32
// GENERAL-NEXT:    %10 = arith.addi %4, %9 : i32

// -----

func.func @depthwise(%x: tensor<1x9x10x3xf32>, %k: tensor<3x2x3xf32>, %init: tensor<1x4x8x3xf32>) -> tensor<1x4x8x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%x, %k : tensor<1x9x10x3xf32>, tensor<3x2x3xf32>) outs(%init : tensor<1x4x8x3xf32>) -> tensor<1x4x8x3xf32>
  func.return %0 : tensor<1x4x8x3xf32>
}
// CHECK-LABEL: func.func @depthwise(
// CHECK-NEXT:    %0 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %k : tensor<1x9x10x3xf32>, tensor<3x2x3xf32>) outs(%init : tensor<1x4x8x3xf32>) -> tensor<1x4x8x3xf32>
// GENERAL:       linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, ((d1 * 2) + d4), (d2 + (d5 * 2)), d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}

// -----

func.func @map(%a: tensor<4xf32>, %b: tensor<4xf32>, %init: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = linalg.map ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>)
    (%x: f32, %y: f32) {
      %s = arith.mulf %x, %y : f32
      linalg.yield %s : f32
    }
  %1 = linalg.map { arith.addf } ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>)
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
// CHECK-LABEL: func.func @map(
// CHECK-NEXT:    %0 = linalg.map ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>) (%x: f32, %y: f32) {
// CHECK-NEXT:      %s = arith.mulf %x, %y : f32
// CHECK-NEXT:      linalg.yield %s : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = linalg.map ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%init : tensor<4xf32>) (%2: f32, %3: f32) {
// CHECK-NEXT:      %4 = arith.addf %2, %3 : f32
// CHECK-NEXT:      linalg.yield %4 : f32
// CHECK-NEXT:    }

// -----

func.func @generic_two_results(%a: tensor<4xf32>, %init: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%init, %init : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %o0: f32, %o1: f32):
    %n = arith.negf %x : f32
    linalg.yield %x, %n : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  func.return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
// CHECK-LABEL: func.func @generic_two_results(
// CHECK-NEXT:    %0, %1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%init, %init : tensor<4xf32>, tensor<4xf32>) {
// CHECK:         } -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    func.return %0, %1 : tensor<4xf32>, tensor<4xf32>

// -----

func.func @reduce_short(%a: tensor<4x5xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce { arith.subf } ins(%a : tensor<4x5xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
  func.return %0 : tensor<4xf32>
}
// CHECK-LABEL: func.func @reduce_short(
// CHECK-NEXT:    %0 = linalg.reduce ins(%a:tensor<4x5xf32>) outs(%init:tensor<4xf32>) dimensions = [1]
// CHECK-NEXT:    (%1: f32, %2: f32) {
// CHECK-NEXT:      %3 = arith.subf %2, %1 : f32
// CHECK-NEXT:      linalg.yield %3 : f32
// CHECK-NEXT:    }

// -----

func.func @depthwise_multiplier(%x: memref<1x6x6x3xf32>, %k: memref<2x3x3x2xf32>, %init: memref<1x5x2x3x2xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%x, %k : memref<1x6x6x3xf32>, memref<2x3x3x2xf32>) outs(%init : memref<1x5x2x3x2xf32>)
  func.return
}
// The channel multiplier `cm`: loops n, oh, ow, ic, cm, kh, kw (OpDSL's domain).
// CHECK-LABEL: func.func @depthwise_multiplier(
// CHECK-NEXT:    linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%x, %k : memref<1x6x6x3xf32>, memref<2x3x3x2xf32>) outs(%init : memref<1x5x2x3x2xf32>)
// GENERAL:       linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 + d5), ((d2 * 2) + d6), d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d3, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}

// -----

func.func @conv_3d_batchless(%x: memref<4x5x6xf32>, %k: memref<2x2x3xf32>, %init: memref<3x4x4xf32>) {
  linalg.conv_3d ins(%x, %k : memref<4x5x6xf32>, memref<2x2x3xf32>) outs(%init : memref<3x4x4xf32>)
  func.return
}
// `conv_1d`/`conv_2d`/`conv_3d`: spatial dimensions only.
// CHECK-LABEL: func.func @conv_3d_batchless(
// CHECK-NEXT:    linalg.conv_3d ins(%x, %k : memref<4x5x6xf32>, memref<2x2x3xf32>) outs(%init : memref<3x4x4xf32>)
// GENERAL:       linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> ((d0 + d3), (d1 + d4), (d2 + d5))>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
