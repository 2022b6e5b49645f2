// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier and parser errors of linalg.map, the convolutions and linalg.generic (MLIR's
// messages where MLIR has them).

func.func @map_arity(%a: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.map ins(%a : tensor<4xf32>) outs(%init : tensor<4xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  func.return %0 : tensor<4xf32>
}
// CHECK: 'linalg.map' op expects number of operands to match the arity of mapper, but got: 1 and 2

// -----

func.func @map_shape(%a: tensor<5xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.map ins(%a : tensor<5xf32>) outs(%init : tensor<4xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  func.return %0 : tensor<4xf32>
}
// CHECK: 'linalg.map' op expected shape of input (5) to match shape of output (4)

// -----

func.func @map_two_inits(%a: tensor<4xf32>, %init: tensor<4xf32>) {
  %0 = linalg.map { arith.negf } ins(%a : tensor<4xf32>) outs(%init, %init : tensor<4xf32>, tensor<4xf32>)
  func.return
}
// CHECK: expected one init operand

// -----

func.func @map_unknown_payload(%a: tensor<4xf32>, %init: tensor<4xf32>) {
  %0 = linalg.map { arith.nonsense } ins(%a : tensor<4xf32>) outs(%init : tensor<4xf32>)
  func.return
}
// CHECK: unregistered payload operation 'arith.nonsense'

// -----

func.func @conv_strides(%x: memref<1x3x9xf32>, %k: memref<4x3x3xf32>, %init: memref<1x4x7xf32>) {
  linalg.conv_1d_ncw_fcw {strides = dense<1> : tensor<2xi64>} ins(%x, %k : memref<1x3x9xf32>, memref<4x3x3xf32>) outs(%init : memref<1x4x7xf32>)
  func.return
}
// CHECK: 'linalg.conv_1d_ncw_fcw' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [1]

// -----

func.func @conv_q_operands(%x: memref<1x3x6x6xi8>, %k: memref<4x3x3x3xi8>, %init: memref<1x4x4x4xi32>) {
  linalg.conv_2d_nchw_fchw_q ins(%x, %k : memref<1x3x6x6xi8>, memref<4x3x3x3xi8>) outs(%init : memref<1x4x4x4xi32>)
  func.return
}
// CHECK: Could not build linalg op

// -----

func.func @generic_no_maps(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {iterator_types = ["parallel"]} outs(%a : tensor<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
// CHECK: expected indexing_maps and iterator_types for linalg.generic
