// 3×3 convolution, stride 1, no padding: 1×56×56×64 input, 3×3×64×64 filter (HWCF).
func.func @main(%x: tensor<1x56x56x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x54x54x64xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1x54x54x64xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<1x54x54x64xf32>) -> tensor<1x54x54x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x56x56x64xf32>, tensor<3x3x64x64xf32>)
      outs(%acc : tensor<1x54x54x64xf32>) -> tensor<1x54x54x64xf32>
  return %r : tensor<1x54x54x64xf32>
}
