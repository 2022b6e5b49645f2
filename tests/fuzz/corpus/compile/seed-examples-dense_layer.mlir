// A dense layer, relu(x @ w + b), in the data-tiled form IREE gives matmuls on VMVX with
// microkernels: both operands are packed into 8x4 tiles, one mmt4d multiplies the tiles, the
// result is unpacked, and an elementwise dispatch adds the bias and applies relu.
//   x: 64x128 f32, w: 128x96 f32, b: 96 f32  ->  y: 64x96 f32
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#two = #hal.pipeline.layout<bindings = [#ro, #rw]>
#three = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#map_row = affine_map<(d0, d1) -> (d1)>
#map_id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @dense_layer {
  hal.executable.export public @pack_lhs ordinal(0) layout(#two)
  hal.executable.export public @pack_rhs ordinal(1) layout(#two)
  hal.executable.export public @matmul ordinal(2) layout(#three)
  hal.executable.export public @unpack ordinal(3) layout(#two)
  hal.executable.export public @bias_relu ordinal(4) layout(#two)
  builtin.module {
    // x (M x K) -> M/8 x K/4 tiles of 8x4.
    func.func @pack_lhs() {
      %x = hal.interface.binding.subspan layout(#two) binding(0) : memref<64x128xf32>
      %lhs = hal.interface.binding.subspan layout(#two) binding(1) : memref<8x32x8x4xf32>
      linalg.pack %x inner_dims_pos = [0, 1] inner_tiles = [8, 4]
          into %lhs : memref<64x128xf32> -> memref<8x32x8x4xf32>
      return
    }
    // w (K x N) -> N/8 x K/4 tiles of 8x4: the transposed layout mmt4d wants for its rhs.
    func.func @pack_rhs() {
      %w = hal.interface.binding.subspan layout(#two) binding(0) : memref<128x96xf32>
      %rhs = hal.interface.binding.subspan layout(#two) binding(1) : memref<12x32x8x4xf32>
      linalg.pack %w outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4]
          into %rhs : memref<128x96xf32> -> memref<12x32x8x4xf32>
      return
    }
    // acc = lhs * rhs^T over the tiles, from a zero accumulator.
    func.func @matmul() {
      %lhs = hal.interface.binding.subspan layout(#three) binding(0) : memref<8x32x8x4xf32>
      %rhs = hal.interface.binding.subspan layout(#three) binding(1) : memref<12x32x8x4xf32>
      %acc = hal.interface.binding.subspan layout(#three) binding(2) : memref<8x12x8x8xf32>
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%acc : memref<8x12x8x8xf32>)
      linalg.mmt4d ins(%lhs, %rhs : memref<8x32x8x4xf32>, memref<12x32x8x4xf32>)
          outs(%acc : memref<8x12x8x8xf32>)
      return
    }
    func.func @unpack() {
      %acc = hal.interface.binding.subspan layout(#two) binding(0) : memref<8x12x8x8xf32>
      %y = hal.interface.binding.subspan layout(#two) binding(1) : memref<64x96xf32>
      linalg.unpack %acc inner_dims_pos = [0, 1] inner_tiles = [8, 8]
          into %y : memref<8x12x8x8xf32> -> memref<64x96xf32>
      return
    }
    // y = max(y + b, 0), the bias broadcast along the rows.
    func.func @bias_relu() {
      %b = hal.interface.binding.subspan layout(#two) binding(0) : memref<96xf32>
      %y = hal.interface.binding.subspan layout(#two) binding(1) : memref<64x96xf32>
      linalg.generic {indexing_maps = [#map_row, #map_id],
                      iterator_types = ["parallel", "parallel"]}
          ins(%b : memref<96xf32>) outs(%y : memref<64x96xf32>) {
      ^bb0(%bias: f32, %acc: f32):
        %sum = arith.addf %acc, %bias : f32
        linalg.yield %sum : f32
      }
      %zero = arith.constant 0.0 : f32
      linalg.generic {indexing_maps = [#map_id], iterator_types = ["parallel", "parallel"]}
          outs(%y : memref<64x96xf32>) {
      ^bb0(%v: f32):
        %relu = arith.maximumf %v, %zero : f32
        linalg.yield %relu : f32
      }
      return
    }
  }
}
