// linalg's convolutions on tensors as torch-mlir and MLIR print them: a zero-filled
// destination, strides and dilations (`tensor` or `vector` attributes), dynamic batches.

func.func @conv_1d_ncw_fcw(%x: tensor<?x3x150xf32>, %k: tensor<4x3x3xf32>) -> tensor<?x4x73xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x150xf32>
  %e = tensor.empty(%n) : tensor<?x4x73xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x73xf32>) -> tensor<?x4x73xf32>
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}
      ins(%x, %k : tensor<?x3x150xf32>, tensor<4x3x3xf32>) outs(%f : tensor<?x4x73xf32>) -> tensor<?x4x73xf32>
  return %r : tensor<?x4x73xf32>
}

func.func @conv_2d_nchw_fchw(%x: tensor<?x3x9x10xf32>, %k: tensor<4x3x3x2xf32>) -> tensor<?x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x9x10xf32>
  %e = tensor.empty(%n) : tensor<?x4x4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x4x8xf32>) -> tensor<?x4x4x8xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %k : tensor<?x3x9x10xf32>, tensor<4x3x3x2xf32>) outs(%f : tensor<?x4x4x8xf32>) -> tensor<?x4x4x8xf32>
  return %r : tensor<?x4x4x8xf32>
}

func.func @conv_2d_nchw_fchw_vector_attrs(%x: tensor<1x2x5x5xf32>, %k: tensor<3x2x2x2xf32>) -> tensor<1x3x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %k : tensor<1x2x5x5xf32>, tensor<3x2x2x2xf32>) outs(%f : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  return %r : tensor<1x3x4x4xf32>
}

func.func @conv_2d_nhwc_hwcf(%x: tensor<?x9x10x3xf32>, %k: tensor<3x2x3x4xf32>) -> tensor<?x4x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x10x3xf32>
  %e = tensor.empty(%n) : tensor<?x4x8x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x8x4xf32>) -> tensor<?x4x8x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %k : tensor<?x9x10x3xf32>, tensor<3x2x3x4xf32>) outs(%f : tensor<?x4x8x4xf32>) -> tensor<?x4x8x4xf32>
  return %r : tensor<?x4x8x4xf32>
}

func.func @conv_2d_ngchw_gfchw(%x: tensor<?x2x3x7x7xf32>, %k: tensor<2x4x3x3x3xf32>) -> tensor<?x2x4x5x5xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2x3x7x7xf32>
  %e = tensor.empty(%n) : tensor<?x2x4x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2x4x5x5xf32>) -> tensor<?x2x4x5x5xf32>
  %r = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<?x2x3x7x7xf32>, tensor<2x4x3x3x3xf32>) outs(%f : tensor<?x2x4x5x5xf32>) -> tensor<?x2x4x5x5xf32>
  return %r : tensor<?x2x4x5x5xf32>
}

func.func @conv_3d_ncdhw_fcdhw(%x: tensor<?x2x5x6x7xf32>, %k: tensor<3x2x2x3x2xf32>) -> tensor<?x3x3x2x6xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x2x5x6x7xf32>
  %e = tensor.empty(%n) : tensor<?x3x3x2x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3x3x2x6xf32>) -> tensor<?x3x3x2x6xf32>
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[2, 1, 1]> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>}
      ins(%x, %k : tensor<?x2x5x6x7xf32>, tensor<3x2x2x3x2xf32>) outs(%f : tensor<?x3x3x2x6xf32>) -> tensor<?x3x3x2x6xf32>
  return %r : tensor<?x3x3x2x6xf32>
}

func.func @depthwise_conv_2d_nchw_chw(%x: tensor<?x3x9x10xf32>, %k: tensor<3x3x2xf32>) -> tensor<?x3x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x9x10xf32>
  %e = tensor.empty(%n) : tensor<?x3x4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x3x4x8xf32>) -> tensor<?x3x4x8xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %k : tensor<?x3x9x10xf32>, tensor<3x3x2xf32>) outs(%f : tensor<?x3x4x8xf32>) -> tensor<?x3x4x8xf32>
  return %r : tensor<?x3x4x8xf32>
}

func.func @depthwise_conv_2d_nhwc_hwc(%x: tensor<?x9x10x3xf32>, %k: tensor<3x2x3xf32>) -> tensor<?x4x8x3xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x10x3xf32>
  %e = tensor.empty(%n) : tensor<?x4x8x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x8x3xf32>) -> tensor<?x4x8x3xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %k : tensor<?x9x10x3xf32>, tensor<3x2x3xf32>) outs(%f : tensor<?x4x8x3xf32>) -> tensor<?x4x8x3xf32>
  return %r : tensor<?x4x8x3xf32>
}

// The quantized convolution: i8 input and kernel with i32 zero points, an i32 result.
func.func @conv_2d_nchw_fchw_q(%x: tensor<?x3x6x6xi8>, %k: tensor<4x3x3x3xi8>) -> tensor<?x4x4x4xi32> {
  %zero = arith.constant 0 : i32
  %xzp = arith.constant -3 : i32
  %kzp = arith.constant 5 : i32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x6x6xi8>
  %e = tensor.empty(%n) : tensor<?x4x4x4xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<?x4x4x4xi32>) -> tensor<?x4x4x4xi32>
  %r = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k, %xzp, %kzp : tensor<?x3x6x6xi8>, tensor<4x3x3x3xi8>, i32, i32) outs(%f : tensor<?x4x4x4xi32>) -> tensor<?x4x4x4xi32>
  return %r : tensor<?x4x4x4xi32>
}
