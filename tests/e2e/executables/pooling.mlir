// MLIR's 17 pooling ops on buffers, each with strides and dilations above 1, a window that is
// a shape-only `memref.alloca`, and an input one larger than the windows reach in every
// spatial dimension. f32 for the signed kinds, i8 inputs into i32 for the unsigned ones.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #rw]>
hal.executable.source public @pooling {
  hal.executable.export public @pooling_nwc_sum ordinal(0) layout(#layout)
  hal.executable.export public @pooling_nwc_max ordinal(1) layout(#layout)
  hal.executable.export public @pooling_nwc_max_unsigned ordinal(2) layout(#layout)
  hal.executable.export public @pooling_nwc_min ordinal(3) layout(#layout)
  hal.executable.export public @pooling_nwc_min_unsigned ordinal(4) layout(#layout)
  hal.executable.export public @pooling_ncw_sum ordinal(5) layout(#layout)
  hal.executable.export public @pooling_ncw_max ordinal(6) layout(#layout)
  hal.executable.export public @pooling_nhwc_sum ordinal(7) layout(#layout)
  hal.executable.export public @pooling_nhwc_max ordinal(8) layout(#layout)
  hal.executable.export public @pooling_nhwc_max_unsigned ordinal(9) layout(#layout)
  hal.executable.export public @pooling_nhwc_min ordinal(10) layout(#layout)
  hal.executable.export public @pooling_nhwc_min_unsigned ordinal(11) layout(#layout)
  hal.executable.export public @pooling_nchw_sum ordinal(12) layout(#layout)
  hal.executable.export public @pooling_nchw_max ordinal(13) layout(#layout)
  hal.executable.export public @pooling_ndhwc_sum ordinal(14) layout(#layout)
  hal.executable.export public @pooling_ndhwc_max ordinal(15) layout(#layout)
  hal.executable.export public @pooling_ndhwc_min ordinal(16) layout(#layout)
  builtin.module {
    func.func @pooling_nwc_sum() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x14x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x5x3xf32>
      %window = memref.alloca() : memref<3xf32>
      linalg.pooling_nwc_sum {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x14x3xf32>, memref<3xf32>) outs(%out : memref<2x5x3xf32>)
      return
    }
    func.func @pooling_nwc_max() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x14x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x5x3xf32>
      %window = memref.alloca() : memref<3xf32>
      linalg.pooling_nwc_max {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x14x3xf32>, memref<3xf32>) outs(%out : memref<2x5x3xf32>)
      return
    }
    func.func @pooling_nwc_max_unsigned() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x14x3xi8>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x5x3xi32>
      %window = memref.alloca() : memref<3xi8>
      linalg.pooling_nwc_max_unsigned {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x14x3xi8>, memref<3xi8>) outs(%out : memref<2x5x3xi32>)
      return
    }
    func.func @pooling_nwc_min() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x14x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x5x3xf32>
      %window = memref.alloca() : memref<3xf32>
      linalg.pooling_nwc_min {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x14x3xf32>, memref<3xf32>) outs(%out : memref<2x5x3xf32>)
      return
    }
    func.func @pooling_nwc_min_unsigned() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x14x3xi8>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x5x3xi32>
      %window = memref.alloca() : memref<3xi8>
      linalg.pooling_nwc_min_unsigned {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x14x3xi8>, memref<3xi8>) outs(%out : memref<2x5x3xi32>)
      return
    }
    func.func @pooling_ncw_sum() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x3x14xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x3x5xf32>
      %window = memref.alloca() : memref<3xf32>
      linalg.pooling_ncw_sum {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x3x14xf32>, memref<3xf32>) outs(%out : memref<2x3x5xf32>)
      return
    }
    func.func @pooling_ncw_max() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x3x14xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x3x5xf32>
      %window = memref.alloca() : memref<3xf32>
      linalg.pooling_ncw_max {dilations = dense<[2]> : tensor<1xi64>, strides = dense<[2]> : tensor<1xi64>}
          ins(%in, %window : memref<2x3x14xf32>, memref<3xf32>) outs(%out : memref<2x3x5xf32>)
      return
    }
    func.func @pooling_nhwc_sum() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x12x10x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x4x3x3xf32>
      %window = memref.alloca() : memref<3x2xf32>
      linalg.pooling_nhwc_sum {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x12x10x3xf32>, memref<3x2xf32>) outs(%out : memref<2x4x3x3xf32>)
      return
    }
    func.func @pooling_nhwc_max() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x12x10x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x4x3x3xf32>
      %window = memref.alloca() : memref<3x2xf32>
      linalg.pooling_nhwc_max {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x12x10x3xf32>, memref<3x2xf32>) outs(%out : memref<2x4x3x3xf32>)
      return
    }
    func.func @pooling_nhwc_max_unsigned() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x12x10x3xi8>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x4x3x3xi32>
      %window = memref.alloca() : memref<3x2xi8>
      linalg.pooling_nhwc_max_unsigned {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x12x10x3xi8>, memref<3x2xi8>) outs(%out : memref<2x4x3x3xi32>)
      return
    }
    func.func @pooling_nhwc_min() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x12x10x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x4x3x3xf32>
      %window = memref.alloca() : memref<3x2xf32>
      linalg.pooling_nhwc_min {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x12x10x3xf32>, memref<3x2xf32>) outs(%out : memref<2x4x3x3xf32>)
      return
    }
    func.func @pooling_nhwc_min_unsigned() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x12x10x3xi8>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x4x3x3xi32>
      %window = memref.alloca() : memref<3x2xi8>
      linalg.pooling_nhwc_min_unsigned {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x12x10x3xi8>, memref<3x2xi8>) outs(%out : memref<2x4x3x3xi32>)
      return
    }
    func.func @pooling_nchw_sum() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x3x12x10xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x3x4x3xf32>
      %window = memref.alloca() : memref<3x2xf32>
      linalg.pooling_nchw_sum {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x3x12x10xf32>, memref<3x2xf32>) outs(%out : memref<2x3x4x3xf32>)
      return
    }
    func.func @pooling_nchw_max() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x3x12x10xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x3x4x3xf32>
      %window = memref.alloca() : memref<3x2xf32>
      linalg.pooling_nchw_max {dilations = dense<[2, 2]> : tensor<2xi64>, strides = dense<[2, 3]> : tensor<2xi64>}
          ins(%in, %window : memref<2x3x12x10xf32>, memref<3x2xf32>) outs(%out : memref<2x3x4x3xf32>)
      return
    }
    func.func @pooling_ndhwc_sum() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x6x9x7x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x2x3x2x3xf32>
      %window = memref.alloca() : memref<2x2x2xf32>
      linalg.pooling_ndhwc_sum {dilations = dense<[2, 3, 2]> : tensor<3xi64>, strides = dense<[2, 2, 3]> : tensor<3xi64>}
          ins(%in, %window : memref<2x6x9x7x3xf32>, memref<2x2x2xf32>) outs(%out : memref<2x2x3x2x3xf32>)
      return
    }
    func.func @pooling_ndhwc_max() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x6x9x7x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x2x3x2x3xf32>
      %window = memref.alloca() : memref<2x2x2xf32>
      linalg.pooling_ndhwc_max {dilations = dense<[2, 3, 2]> : tensor<3xi64>, strides = dense<[2, 2, 3]> : tensor<3xi64>}
          ins(%in, %window : memref<2x6x9x7x3xf32>, memref<2x2x2xf32>) outs(%out : memref<2x2x3x2x3xf32>)
      return
    }
    func.func @pooling_ndhwc_min() {
      %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x6x9x7x3xf32>
      %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<2x2x3x2x3xf32>
      %window = memref.alloca() : memref<2x2x2xf32>
      linalg.pooling_ndhwc_min {dilations = dense<[2, 3, 2]> : tensor<3xi64>, strides = dense<[2, 2, 3]> : tensor<3xi64>}
          ins(%in, %window : memref<2x6x9x7x3xf32>, memref<2x2x2xf32>) outs(%out : memref<2x2x3x2x3xf32>)
      return
    }
  }
}
