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

// 3-D NDHWC/DHWCF, f32, dynamic batch, strides and dilations (`vmvx.ex.conv.3d`).
func.func @conv_3d(%x: tensor<?x6x7x8x3xf32>, %w: tensor<2x3x2x3x4xf32>) -> tensor<?x5x3x7x4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x6x7x8x3xf32>
  %e = tensor.empty(%n) : tensor<?x5x3x7x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x5x3x7x4xf32>) -> tensor<?x5x3x7x4xf32>
  %r = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[1, 1, 1]> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>}
      ins(%x, %w : tensor<?x6x7x8x3xf32>, tensor<2x3x2x3x4xf32>) outs(%f : tensor<?x5x3x7x4xf32>) -> tensor<?x5x3x7x4xf32>
  return %r : tensor<?x5x3x7x4xf32>
}

// 3-D NCDHW/FCDHW with a dilation, accumulating into a given destination.
func.func @conv_3d_ncdhw(%x: tensor<1x2x5x6x5xf32>, %w: tensor<3x2x2x2x2xf32>, %b: tensor<1x3x3x5x4xf32>) -> tensor<1x3x3x5x4xf32> {
  %r = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[2, 1, 1]> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x2x5x6x5xf32>, tensor<3x2x2x2x2xf32>) outs(%b : tensor<1x3x3x5x4xf32>) -> tensor<1x3x3x5x4xf32>
  return %r : tensor<1x3x3x5x4xf32>
}

// Quantized NCHW/FCHW: i8 x i8 -> i32 with i32 zero points, dynamic batch.
func.func @conv_q(%x: tensor<?x4x9x8xi8>, %w: tensor<5x4x3x3xi8>, %izp: i32, %wzp: i32) -> tensor<?x5x7x6xi32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %n = tensor.dim %x, %c0 : tensor<?x4x9x8xi8>
  %e = tensor.empty(%n) : tensor<?x5x7x6xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<?x5x7x6xi32>) -> tensor<?x5x7x6xi32>
  %r = linalg.conv_2d_nchw_fchw_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w, %izp, %wzp : tensor<?x4x9x8xi8>, tensor<5x4x3x3xi8>, i32, i32) outs(%f : tensor<?x5x7x6xi32>) -> tensor<?x5x7x6xi32>
  return %r : tensor<?x5x7x6xi32>
}

// Quantized NHWC/HWCF with i8 zero points (sign-extended), strides, accumulating into a
// given destination (wrapping).
func.func @conv_q_nhwc(%x: tensor<2x9x9x3xi8>, %w: tensor<3x2x3x4xi8>, %izp: i8, %wzp: i8, %b: tensor<2x4x8x4xi32>) -> tensor<2x4x8x4xi32> {
  %r = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w, %izp, %wzp : tensor<2x9x9x3xi8>, tensor<3x2x3x4xi8>, i8, i8) outs(%b : tensor<2x4x8x4xi32>) -> tensor<2x4x8x4xi32>
  return %r : tensor<2x4x8x4xi32>
}

// 3-D max and sum pooling NDHWC, dynamic batch (`vmvx.ex.pool.3d`).
func.func @pool_3d(%x: tensor<?x5x6x7x3xf32>) -> (tensor<?x4x3x3x3xf32>, tensor<?x4x3x3x3xf32>) {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x5x6x7x3xf32>
  %e = tensor.empty(%n) : tensor<?x4x3x3x3xf32>
  %k = tensor.empty() : tensor<2x2x3xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<?x4x3x3x3xf32>) -> tensor<?x4x3x3x3xf32>
  %max = linalg.pooling_ndhwc_max {dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>}
      ins(%x, %k : tensor<?x5x6x7x3xf32>, tensor<2x2x3xf32>) outs(%fm : tensor<?x4x3x3x3xf32>) -> tensor<?x4x3x3x3xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x3x3x3xf32>) -> tensor<?x4x3x3x3xf32>
  %sum = linalg.pooling_ndhwc_sum {dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 2]> : tensor<3xi64>}
      ins(%x, %k : tensor<?x5x6x7x3xf32>, tensor<2x2x3xf32>) outs(%fs : tensor<?x4x3x3x3xf32>) -> tensor<?x4x3x3x3xf32>
  return %max, %sum : tensor<?x4x3x3x3xf32>, tensor<?x4x3x3x3xf32>
}

// 3-D min pooling NDHWC of i32, accumulating into a given destination.
func.func @pool_min_3d(%x: tensor<2x4x4x4x2xi32>, %b: tensor<2x3x2x3x2xi32>) -> tensor<2x3x2x3x2xi32> {
  %k = tensor.empty() : tensor<2x2x2xi32>
  %r = linalg.pooling_ndhwc_min {dilations = dense<[1, 2, 1]> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %k : tensor<2x4x4x4x2xi32>, tensor<2x2x2xi32>) outs(%b : tensor<2x3x2x3x2xi32>) -> tensor<2x3x2x3x2xi32>
  return %r : tensor<2x3x2x3x2xi32>
}

// Casting pools: i8 summed into i32 (`arith.extsi`), f16 max into f32 (`arith.extf`), i8
// unsigned max into f32 (`arith.uitofp`), dynamic batch.
func.func @pool_cast(%x: tensor<?x7x7x3xi8>, %h: tensor<?x7x7x3xf16>) -> (tensor<?x3x3x3xi32>, tensor<?x3x3x3xf32>, tensor<?x3x3x3xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %ninf = arith.constant 0xFF800000 : f32
  %fzero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x7x7x3xi8>
  %k = tensor.empty() : tensor<3x3xi8>
  %ei = tensor.empty(%n) : tensor<?x3x3x3xi32>
  %fi = linalg.fill ins(%zero : i32) outs(%ei : tensor<?x3x3x3xi32>) -> tensor<?x3x3x3xi32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<?x7x7x3xi8>, tensor<3x3xi8>) outs(%fi : tensor<?x3x3x3xi32>) -> tensor<?x3x3x3xi32>
  %ef = tensor.empty(%n) : tensor<?x3x3x3xf32>
  %ff = linalg.fill ins(%ninf : f32) outs(%ef : tensor<?x3x3x3xf32>) -> tensor<?x3x3x3xf32>
  %kh = tensor.empty() : tensor<3x3xf16>
  %max = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%h, %kh : tensor<?x7x7x3xf16>, tensor<3x3xf16>) outs(%ff : tensor<?x3x3x3xf32>) -> tensor<?x3x3x3xf32>
  %fu = linalg.fill ins(%fzero : f32) outs(%ef : tensor<?x3x3x3xf32>) -> tensor<?x3x3x3xf32>
  %umax = linalg.pooling_nhwc_max_unsigned {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<?x7x7x3xi8>, tensor<3x3xi8>) outs(%fu : tensor<?x3x3x3xf32>) -> tensor<?x3x3x3xf32>
  return %sum, %max, %umax : tensor<?x3x3x3xi32>, tensor<?x3x3x3xf32>, tensor<?x3x3x3xf32>
}

// A convolution with a bias broadcast into its destination and, in the same dispatch, the
// batch-norm + relu epilogue torch-mlir exports (`examples/cnn.mlir`): per-channel
// parameters of shape 4x1x1 indexed `(d1, 0, 0)`; dynamic batch.
func.func @conv_bn_relu(%x: tensor<?x3x10x10xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<4xf32>,
                        %mean: tensor<4x1x1xf32>, %scale: tensor<4x1x1xf32>, %gamma: tensor<4x1x1xf32>,
                        %beta: tensor<4x1x1xf32>) -> tensor<?x4x8x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x3x10x10xf32>
  %e = tensor.empty(%n) : tensor<?x4x8x8xf32>
  %b = linalg.broadcast ins(%bias : tensor<4xf32>) outs(%e : tensor<?x4x8x8xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}
      ins(%x, %w : tensor<?x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%b : tensor<?x4x8x8xf32>) -> tensor<?x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %mean, %scale, %gamma, %beta : tensor<?x4x8x8xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>, tensor<4x1x1xf32>) outs(%e : tensor<?x4x8x8xf32>) {
  ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %bt: f32, %o: f32):
    %d = arith.subf %v, %m : f32
    %t = arith.mulf %d, %s : f32
    %u = arith.mulf %t, %g : f32
    %a = arith.addf %u, %bt : f32
    %p = arith.cmpf ugt, %a, %zero : f32
    %y = arith.select %p, %a, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x4x8x8xf32>
  return %r : tensor<?x4x8x8xf32>
}

// torch-mlir's batch-norm scale 1 / sqrt(var + eps), asserting on each element inside the
// body (`pyvmvx-split-elementwise-asserts` makes it a flag output and one reduction).
func.func @bn_scale(%var: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %eps = arith.constant 1.0e-05 : f64
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %n = tensor.dim %var, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.truncf %eps : f64 to f32
    %a = arith.addf %v, %t : f32
    %s = math.sqrt %a : f32
    %ok = arith.cmpf one, %s, %zero : f32
    cf.assert %ok, "unimplemented: tensor with zero element"
    %y = arith.divf %one, %s : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Depthwise forms: quantized NHWC/HWC (`ex.conv.3d`, the channel as the group), with a
// channel multiplier NHWC/HWCM (the multiplier as the output feature), 3-D NDHWC/DHWC; and
// the batchless `conv_2d`.
func.func @depthwise_q(%x: tensor<2x6x7x4xi8>, %w: tensor<3x3x4xi8>, %izp: i32, %wzp: i32) -> tensor<2x4x5x4xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x4x5x4xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<2x4x5x4xi32>) -> tensor<2x4x5x4xi32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w, %izp, %wzp : tensor<2x6x7x4xi8>, tensor<3x3x4xi8>, i32, i32) outs(%f : tensor<2x4x5x4xi32>) -> tensor<2x4x5x4xi32>
  return %r : tensor<2x4x5x4xi32>
}

func.func @depthwise_multiplier(%x: tensor<1x6x6x3xf32>, %w: tensor<2x3x3x2xf32>) -> tensor<1x5x2x3x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x2x3x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x2x3x2xf32>) -> tensor<1x5x2x3x2xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}
      ins(%x, %w : tensor<1x6x6x3xf32>, tensor<2x3x3x2xf32>) outs(%f : tensor<1x5x2x3x2xf32>) -> tensor<1x5x2x3x2xf32>
  return %r : tensor<1x5x2x3x2xf32>
}

func.func @depthwise_3d(%x: tensor<1x4x5x6x3xf32>, %w: tensor<2x2x3x3xf32>) -> tensor<1x3x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x4x4x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x4x4x3xf32>) -> tensor<1x3x4x4x3xf32>
  %r = linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w : tensor<1x4x5x6x3xf32>, tensor<2x2x3x3xf32>) outs(%f : tensor<1x3x4x4x3xf32>) -> tensor<1x3x4x4x3xf32>
  return %r : tensor<1x3x4x4x3xf32>
}

func.func @conv_2d_plain(%x: tensor<9x8xf32>, %w: tensor<3x2xf32>) -> tensor<7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<7x7xf32>) -> tensor<7x7xf32>
  %r = linalg.conv_2d ins(%x, %w : tensor<9x8xf32>, tensor<3x2xf32>) outs(%f : tensor<7x7xf32>) -> tensor<7x7xf32>
  return %r : tensor<7x7xf32>
}

// Quantized 3-D NDHWC/DHWCF with i32 zero points, accumulating into a given destination.
func.func @conv_3d_q(%x: tensor<1x4x5x5x3xi8>, %w: tensor<2x2x3x3x2xi8>, %izp: i32, %wzp: i32, %b: tensor<1x3x4x3x2xi32>) -> tensor<1x3x4x3x2xi32> {
  %r = linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
      ins(%x, %w, %izp, %wzp : tensor<1x4x5x5x3xi8>, tensor<2x2x3x3x2xi8>, i32, i32) outs(%b : tensor<1x3x4x3x2xi32>) -> tensor<1x3x4x3x2xi32>
  return %r : tensor<1x3x4x3x2xi32>
}
