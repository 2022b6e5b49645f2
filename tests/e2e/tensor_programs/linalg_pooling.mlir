// linalg's pooling ops on tensors as torch-mlir writes them: a filled destination (-inf
// for max, 0 for sum), an empty window tensor, strides and dilations, dynamic batches.

func.func @pooling_nchw_max(%x: tensor<?x3x9x70xf32>) -> tensor<?x3x4x68xf32> {
  %init = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x9x70xf32>
  %e = tensor.empty(%n) : tensor<?x3x4x68xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x4x68xf32>) -> tensor<?x3x4x68xf32>
  %w = tensor.empty() : tensor<3x2xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w : tensor<?x3x9x70xf32>, tensor<3x2xf32>) outs(%f : tensor<?x3x4x68xf32>) -> tensor<?x3x4x68xf32>
  return %r : tensor<?x3x4x68xf32>
}

func.func @pooling_nchw_sum(%x: tensor<?x3x9x10xf32>) -> tensor<?x3x4x5xf32> {
  %init = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x9x10xf32>
  %e = tensor.empty(%n) : tensor<?x3x4x5xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x4x5xf32>) -> tensor<?x3x4x5xf32>
  %w = tensor.empty() : tensor<3x2xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>}
      ins(%x, %w : tensor<?x3x9x10xf32>, tensor<3x2xf32>) outs(%f : tensor<?x3x4x5xf32>) -> tensor<?x3x4x5xf32>
  return %r : tensor<?x3x4x5xf32>
}

func.func @pooling_nhwc_max(%x: tensor<?x9x10x3xf32>) -> tensor<?x4x8x3xf32> {
  %init = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x10x3xf32>
  %e = tensor.empty(%n) : tensor<?x4x8x3xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x4x8x3xf32>) -> tensor<?x4x8x3xf32>
  %w = tensor.empty() : tensor<3x2xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w : tensor<?x9x10x3xf32>, tensor<3x2xf32>) outs(%f : tensor<?x4x8x3xf32>) -> tensor<?x4x8x3xf32>
  return %r : tensor<?x4x8x3xf32>
}

func.func @pooling_nhwc_sum(%x: tensor<?x9x10x3xi32>) -> tensor<?x4x8x3xi32> {
  %init = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x10x3xi32>
  %e = tensor.empty(%n) : tensor<?x4x8x3xi32>
  %f = linalg.fill ins(%init : i32) outs(%e : tensor<?x4x8x3xi32>) -> tensor<?x4x8x3xi32>
  %w = tensor.empty() : tensor<3x2xi32>
  %r = linalg.pooling_nhwc_sum {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w : tensor<?x9x10x3xi32>, tensor<3x2xi32>) outs(%f : tensor<?x4x8x3xi32>) -> tensor<?x4x8x3xi32>
  return %r : tensor<?x4x8x3xi32>
}

func.func @pooling_ncw_max(%x: tensor<?x3x20xf32>) -> tensor<?x3x6xf32> {
  %init = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x20xf32>
  %e = tensor.empty(%n) : tensor<?x3x6xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x6xf32>) -> tensor<?x3x6xf32>
  %w = tensor.empty() : tensor<3xf32>
  %r = linalg.pooling_ncw_max {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
      ins(%x, %w : tensor<?x3x20xf32>, tensor<3xf32>) outs(%f : tensor<?x3x6xf32>) -> tensor<?x3x6xf32>
  return %r : tensor<?x3x6xf32>
}

func.func @pooling_ncw_sum(%x: tensor<?x3x20xf32>) -> tensor<?x3x6xf32> {
  %init = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x20xf32>
  %e = tensor.empty(%n) : tensor<?x3x6xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x6xf32>) -> tensor<?x3x6xf32>
  %w = tensor.empty() : tensor<3xf32>
  %r = linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
      ins(%x, %w : tensor<?x3x20xf32>, tensor<3xf32>) outs(%f : tensor<?x3x6xf32>) -> tensor<?x3x6xf32>
  return %r : tensor<?x3x6xf32>
}

func.func @pooling_ndhwc_max(%x: tensor<?x4x7x6x2xf32>) -> tensor<?x3x3x4x2xf32> {
  %init = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x7x6x2xf32>
  %e = tensor.empty(%n) : tensor<?x3x3x4x2xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x3x4x2xf32>) -> tensor<?x3x3x4x2xf32>
  %w = tensor.empty() : tensor<2x3x2xf32>
  %r = linalg.pooling_ndhwc_max {dilations = dense<[1, 1, 2]> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>}
      ins(%x, %w : tensor<?x4x7x6x2xf32>, tensor<2x3x2xf32>) outs(%f : tensor<?x3x3x4x2xf32>) -> tensor<?x3x3x4x2xf32>
  return %r : tensor<?x3x3x4x2xf32>
}

func.func @pooling_ndhwc_sum(%x: tensor<?x4x7x6x2xf32>) -> tensor<?x3x3x4x2xf32> {
  %init = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x7x6x2xf32>
  %e = tensor.empty(%n) : tensor<?x3x3x4x2xf32>
  %f = linalg.fill ins(%init : f32) outs(%e : tensor<?x3x3x4x2xf32>) -> tensor<?x3x3x4x2xf32>
  %w = tensor.empty() : tensor<2x3x2xf32>
  %r = linalg.pooling_ndhwc_sum {dilations = dense<[1, 1, 2]> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>}
      ins(%x, %w : tensor<?x4x7x6x2xf32>, tensor<2x3x2xf32>) outs(%f : tensor<?x3x3x4x2xf32>) -> tensor<?x3x3x4x2xf32>
  return %r : tensor<?x3x3x4x2xf32>
}
