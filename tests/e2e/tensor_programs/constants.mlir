// Host-side tensor constants (pyvmvx-lower-host-to-hal): weights as module data.
//
// A dense layer, relu(x @ w + b), with its weights as a list literal and as dense_resource
// blobs (torch-mlir's form); an int32 table as a hex string; splats on the host (a result)
// and cloned into a dispatch; one blob used by two functions and twice in one function;
// constants of size 0, rank 0 and i8 returned from the host.
// w[i, j] = ((8 i + j) % 7 - 3) / 4, b[j] = (j % 5 - 2) / 2, t[i] = 1000 i - 48000.

#row = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>

func.func @dense_list(%x: tensor<?x16xf32>) -> tensor<?x8xf32> {
  %w = arith.constant dense<[[-7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01], [-5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01], [-2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01], [0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00], [2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01], [5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01], [7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01], [-7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01], [-5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01], [-2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01], [0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00], [2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01], [5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01], [7.500000e-01, -7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01], [-7.500000e-01, -5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01], [-5.000000e-01, -2.500000e-01, 0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01, -7.500000e-01, -5.000000e-01]]> : tensor<16x8xf32>
  %b = arith.constant dense<[-1.000000e+00, -5.000000e-01, 0.000000e+00, 5.000000e-01, 1.000000e+00, -1.000000e+00, -5.000000e-01, 0.000000e+00]> : tensor<8xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x8xf32>) -> tensor<?x8xf32>
  %xw = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%init : tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = linalg.generic {indexing_maps = [#row, #bias, #row], iterator_types = ["parallel", "parallel"]} ins(%xw, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%empty : tensor<?x8xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %sum = arith.addf %v, %bias : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @dense_resource(%x: tensor<?x16xf32>) -> tensor<?x8xf32> {
  %w = arith.constant dense_resource<dense_w> : tensor<16x8xf32>
  %b = arith.constant dense_resource<dense_b> : tensor<8xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x8xf32>) -> tensor<?x8xf32>
  %xw = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%init : tensor<?x8xf32>) -> tensor<?x8xf32>
  %y = linalg.generic {indexing_maps = [#row, #bias, #row], iterator_types = ["parallel", "parallel"]} ins(%xw, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%empty : tensor<?x8xf32>) {
  ^bb0(%v: f32, %bias: f32, %out: f32):
    %sum = arith.addf %v, %bias : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @hex_table(%x: tensor<96xi32>) -> tensor<96xi32> {
  %t = arith.constant dense<"0x8044FFFF6848FFFF504CFFFF3850FFFF2054FFFF0858FFFFF05BFFFFD85FFFFFC063FFFFA867FFFF906BFFFF786FFFFF6073FFFF4877FFFF307BFFFF187FFFFF0083FFFFE886FFFFD08AFFFFB88EFFFFA092FFFF8896FFFF709AFFFF589EFFFF40A2FFFF28A6FFFF10AAFFFFF8ADFFFFE0B1FFFFC8B5FFFFB0B9FFFF98BDFFFF80C1FFFF68C5FFFF50C9FFFF38CDFFFF20D1FFFF08D5FFFFF0D8FFFFD8DCFFFFC0E0FFFFA8E4FFFF90E8FFFF78ECFFFF60F0FFFF48F4FFFF30F8FFFF18FCFFFF00000000E8030000D0070000B80B0000A00F00008813000070170000581B0000401F00002823000010270000F82A0000E02E0000C8320000B0360000983A0000803E00006842000050460000384A0000204E000008520000F0550000D8590000C05D0000A86100009065000078690000606D0000487100003075000018790000007D0000E8800000D0840000B8880000A08C0000889000007094000058980000409C000028A0000010A40000F8A70000E0AB0000C8AF0000B0B3000098B70000"> : tensor<96xi32>
  %empty = tensor.empty() : tensor<96xi32>
  %y = linalg.add ins(%x, %t : tensor<96xi32>, tensor<96xi32>) outs(%empty : tensor<96xi32>) -> tensor<96xi32>
  return %y : tensor<96xi32>
}

func.func @splats(%x: tensor<256xf32>) -> (tensor<256xf32>, tensor<1000000xf32>, tensor<2x3xi32>) {
  %half = arith.constant dense<0.5> : tensor<256xf32>
  %big = arith.constant dense<2.5> : tensor<1000000xf32>
  %ones = arith.constant dense<7> : tensor<6xi32>
  %empty = tensor.empty() : tensor<256xf32>
  %y = linalg.mul ins(%x, %half : tensor<256xf32>, tensor<256xf32>) outs(%empty : tensor<256xf32>) -> tensor<256xf32>
  %shaped = tensor.expand_shape %ones [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  return %y, %big, %shaped : tensor<256xf32>, tensor<1000000xf32>, tensor<2x3xi32>
}

func.func @shared(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %w = arith.constant dense_resource<dense_w> : tensor<16x8xf32>
  %again = arith.constant dense_resource<dense_w> : tensor<16x8xf32>
  %empty = tensor.empty() : tensor<16x8xf32>
  %once = linalg.add ins(%x, %w : tensor<16x8xf32>, tensor<16x8xf32>) outs(%empty : tensor<16x8xf32>) -> tensor<16x8xf32>
  %twice = linalg.add ins(%once, %again : tensor<16x8xf32>, tensor<16x8xf32>) outs(%empty : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %twice : tensor<16x8xf32>
}

func.func @edge_shapes() -> (tensor<0xf32>, tensor<f32>, tensor<2x2xi8>) {
  %empty = arith.constant dense<> : tensor<0xf32>
  %scalar = arith.constant dense<1.5> : tensor<f32>
  %small = arith.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi8>
  return %empty, %scalar, %small : tensor<0xf32>, tensor<f32>, tensor<2x2xi8>
}

{-#
  dialect_resources: {
    builtin: {
      dense_b: "0x04000000000080BF000000BF000000000000003F0000803F000080BF000000BF00000000",
      dense_w: "0x04000000000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF000080BE000000000000803E0000003F0000403F000040BF000000BF"
    }
  }
#-}
