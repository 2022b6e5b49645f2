// Convolutions that `ukernels=all` lowers to one `vmvx.ex.conv` call per workgroup tile
// (tests/e2e/test_conv_ukernel.py); `ukernels=none` runs them as scalar loops.

// NHWC/HWCF, f32, dynamic batch, on a zero-filled destination (the call does not accumulate).
func.func @conv_nhwc(%x: tensor<?x9x10x5xf32>, %w: tensor<3x3x5x7xf32>) -> tensor<?x7x8x7xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x9x10x5xf32>
  %e = tensor.empty(%n) : tensor<?x7x8x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x7x8x7xf32>) -> tensor<?x7x8x7xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<?x9x10x5xf32>, tensor<3x3x5x7xf32>) outs(%f : tensor<?x7x8x7xf32>) -> tensor<?x7x8x7xf32>
  return %r : tensor<?x7x8x7xf32>
}

// NCHW/FCHW with strides and dilations, accumulating into a given destination.
func.func @conv_nchw(%x: tensor<1x3x11x12xf32>, %w: tensor<4x3x2x3xf32>, %b: tensor<1x4x5x4xf32>) -> tensor<1x4x5x4xf32> {
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x11x12xf32>, tensor<4x3x2x3xf32>) outs(%b : tensor<1x4x5x4xf32>) -> tensor<1x4x5x4xf32>
  return %r : tensor<1x4x5x4xf32>
}

// 1-D NCW/FCW.
func.func @conv_1d(%x: tensor<2x3x20xf32>, %w: tensor<5x3x4xf32>) -> tensor<2x5x17xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x5x17xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x17xf32>) -> tensor<2x5x17xf32>
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %w : tensor<2x3x20xf32>, tensor<5x3x4xf32>) outs(%f : tensor<2x5x17xf32>) -> tensor<2x5x17xf32>
  return %r : tensor<2x5x17xf32>
}

// i8 x i8 -> i32.
func.func @conv_i8(%x: tensor<1x6x6x4xi8>, %w: tensor<3x3x4x3xi8>) -> tensor<1x4x4x3xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x4x4x3xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x6x6x4xi8>, tensor<3x3x4x3xi8>) outs(%f : tensor<1x4x4x3xi32>) -> tensor<1x4x4x3xi32>
  return %r : tensor<1x4x4x3xi32>
}

// Grouped NGCHW/GFCHW.
func.func @conv_grouped(%x: tensor<1x2x3x6x6xf32>, %w: tensor<2x4x3x3x3xf32>) -> tensor<1x2x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%f : tensor<1x2x4x4x4xf32>) -> tensor<1x2x4x4x4xf32>
  return %r : tensor<1x2x4x4x4xf32>
}

// Depthwise NHWC/HWC.
func.func @conv_depthwise(%x: tensor<1x7x7x6xf32>, %w: tensor<3x3x6xf32>) -> tensor<1x5x5x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x5x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x5x6xf32>) -> tensor<1x5x5x6xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x7x7x6xf32>, tensor<3x3x6xf32>) outs(%f : tensor<1x5x5x6xf32>) -> tensor<1x5x5x6xf32>
  return %r : tensor<1x5x5x6xf32>
}

// Max pooling NCHW from -inf, 3x3 window, stride 2 (`vmvx.ex.pool`).
func.func @pool_max_nchw(%x: tensor<2x3x9x9xf32>) -> tensor<2x3x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x3x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  %k = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<2x3x9x9xf32>, tensor<3x3xf32>) outs(%f : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %r : tensor<2x3x4x4xf32>
}

// Sum pooling NWC of i32, accumulating into a given destination.
func.func @pool_sum_nwc(%x: tensor<2x10x3xi32>, %b: tensor<2x4x3xi32>) -> tensor<2x4x3xi32> {
  %k = tensor.empty() : tensor<3xi32>
  %r = linalg.pooling_nwc_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x, %k : tensor<2x10x3xi32>, tensor<3xi32>) outs(%b : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
  return %r : tensor<2x4x3xi32>
}
