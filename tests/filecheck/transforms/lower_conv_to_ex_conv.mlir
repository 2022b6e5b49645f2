// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-conv-to-ex-conv | filecheck %s

// 1-D and 2-D convolutions on buffers become one `vmvx.ex.conv` call: types (input | output
// << 8, in the `ex` codes f32 2, f64 3), flags (ACCUMULATE 1 unless the output was just
// zero-filled, the fill then dropped), then (buffer, offset, strides n/g/h/w/c) of the input,
// (g/kh/kw/c/f) of the filter, (n/g/oh/ow/f) of the output, sizes n, g, oh, ow, f, kh, kw, c
// and strides h/w, dilations h/w. A dimension the op lacks has stride 0 and size 1.

func.func @conv_nhwc_fill(%x : memref<1x9x10x5xf32>, %w : memref<3x3x5x7xf32>, %o : memref<1x4x8x7xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%o : memref<1x4x8x7xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %w : memref<1x9x10x5xf32>, memref<3x3x5x7xf32>) outs(%o : memref<1x4x8x7xf32>)
  func.return
}

// CHECK:       func.func private @vmvx.ex.conv(i32, i32, !util.buffer, index, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @conv_nhwc_fill
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[OH:.*]], %[[OW:.*]], %[[F:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]], %[[OS3:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[W:.*]], %[[WO:.*]], %[[KH:.*]], %[[KW:.*]], %[[C:.*]], %{{.*}}, %[[WS0:.*]], %[[WS1:.*]], %[[WS2:.*]], %[[WS3:.*]] = vmvx.get_buffer_descriptor %w
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]], %[[XS3:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    func.call @vmvx.ex.conv(%[[TYPES]], %[[FLAGS]], %[[X]], %[[XO]], %[[XS0]], %[[ZERO]], %[[XS1]], %[[XS2]], %[[XS3]], %[[W]], %[[WO]], %[[ZERO]], %[[WS0]], %[[WS1]], %[[WS2]], %[[WS3]], %[[O]], %[[OO]], %[[OS0]], %[[ZERO]], %[[OS1]], %[[OS2]], %[[OS3]], %[[N]], %[[ONE]], %[[OH]], %[[OW]], %[[F]], %[[KH]], %[[KW]], %[[C]], %[[TWO]], %[[ONE]], %[[ONE]], %[[ONE]])
// CHECK-NOT:     linalg

// -----

func.func @depthwise_1d(%x : memref<2x10x3xf64>, %w : memref<3x3xf64>, %o : memref<2x4x3xf64>) {
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>} ins(%x, %w : memref<2x10x3xf64>, memref<3x3xf64>) outs(%o : memref<2x4x3xf64>)
  func.return
}

// Depthwise 1-D NWC/WC: the channel is the group (c = f = 1), h is absent; no fill: ACCUMULATE.
// CHECK-LABEL: func.func @depthwise_1d
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[OW:.*]], %[[G:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[W:.*]], %[[WO:.*]], %[[KW:.*]], %{{.*}}, %[[WS0:.*]], %[[WS1:.*]] = vmvx.get_buffer_descriptor %w
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 771 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[THREE:.*]] = arith.constant 3 : index
// CHECK-NEXT:    func.call @vmvx.ex.conv(%[[TYPES]], %[[FLAGS]], %[[X]], %[[XO]], %[[XS0]], %[[XS2]], %[[ZERO]], %[[XS1]], %[[ZERO]], %[[W]], %[[WO]], %[[WS1]], %[[ZERO]], %[[WS0]], %[[ZERO]], %[[ZERO]], %[[O]], %[[OO]], %[[OS0]], %[[OS2]], %[[ZERO]], %[[OS1]], %[[ZERO]], %[[N]], %[[G]], %[[ONE]], %[[OW]], %[[ONE]], %[[ONE]], %[[KW]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]], %[[THREE]])

// -----

func.func @conv_3d(%x : memref<1x2x4x5x6xf32>, %w : memref<3x2x2x2x3xf32>, %o : memref<1x3x3x2x4xf32>) {
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[1, 2, 1]> : tensor<3xi64>, strides = dense<[1, 1, 1]> : tensor<3xi64>} ins(%x, %w : memref<1x2x4x5x6xf32>, memref<3x2x2x2x3xf32>) outs(%o : memref<1x3x3x2x4xf32>)
  func.return
}

// 3-D convolutions call `ex.conv.3d`: strides n/g/d/h/w/c, g/kd/kh/kw/c/f, n/g/od/oh/ow/f,
// sizes n, g, od, oh, ow, f, kd, kh, kw, c, strides d/h/w, dilations d/h/w, then the zero
// points (i64 0 without them).
// CHECK:       func.func private @vmvx.ex.conv.3d(i32, i32, !util.buffer, index, index, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, i64, i64) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @conv_3d
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[F:.*]], %[[OD:.*]], %[[OH:.*]], %[[OW:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]], %[[OS3:.*]], %[[OS4:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[W:.*]], %[[WO:.*]], %{{.*}}, %[[C:.*]], %[[KD:.*]], %[[KH:.*]], %[[KW:.*]], %[[WS0:.*]], %[[WS1:.*]], %[[WS2:.*]], %[[WS3:.*]], %[[WS4:.*]] = vmvx.get_buffer_descriptor %w
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]], %[[XS3:.*]], %[[XS4:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[ZP:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    func.call @vmvx.ex.conv.3d(%[[TYPES]], %[[FLAGS]], %[[X]], %[[XO]], %[[XS0]], %[[ZERO]], %[[XS2]], %[[XS3]], %[[XS4]], %[[XS1]], %[[W]], %[[WO]], %[[ZERO]], %[[WS2]], %[[WS3]], %[[WS4]], %[[WS1]], %[[WS0]], %[[O]], %[[OO]], %[[OS0]], %[[ZERO]], %[[OS2]], %[[OS3]], %[[OS4]], %[[OS1]], %[[N]], %[[ONE]], %[[OD]], %[[OH]], %[[OW]], %[[F]], %[[KD]], %[[KH]], %[[KW]], %[[C]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]], %[[TWO]], %[[ONE]], %[[ZP]], %[[ZP]])
// CHECK-NOT:     linalg

// -----

func.func @conv_q(%x : memref<1x5x5x3xi8>, %w : memref<2x2x3x4xi8>, %izp : i8, %wzp : i32, %o : memref<1x4x4x4xi32>) {
  %zero = arith.constant 0 : i32
  linalg.fill ins(%zero : i32) outs(%o : memref<1x4x4x4xi32>)
  linalg.conv_2d_nhwc_hwcf_q ins(%x, %w, %izp, %wzp : memref<1x5x5x3xi8>, memref<2x2x3x4xi8>, i8, i32) outs(%o : memref<1x4x4x4xi32>)
  func.return
}

// Quantized convolutions call `ex.conv.3d` (d of size 1, stride 0) with the zero points
// sign-extended to i64; i8 | i32 << 8 = 1797.
// CHECK-LABEL: func.func @conv_q
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[OH:.*]], %[[OW:.*]], %[[F:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]], %[[OS3:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[W:.*]], %[[WO:.*]], %[[KH:.*]], %[[KW:.*]], %[[C:.*]], %{{.*}}, %[[WS0:.*]], %[[WS1:.*]], %[[WS2:.*]], %[[WS3:.*]] = vmvx.get_buffer_descriptor %w
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]], %[[XS3:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NOT:     linalg.fill
// CHECK:         %[[TYPES:.*]] = arith.constant 1797 : i32
// CHECK-NEXT:    %[[FLAGS:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[IZP:.*]] = arith.extsi %izp : i8 to i64
// CHECK-NEXT:    %[[WZP:.*]] = arith.extsi %wzp : i32 to i64
// CHECK-NEXT:    func.call @vmvx.ex.conv.3d(%[[TYPES]], %[[FLAGS]], %[[X]], %[[XO]], %[[XS0]], %[[ZERO]], %[[ZERO]], %[[XS1]], %[[XS2]], %[[XS3]], %[[W]], %[[WO]], %[[ZERO]], %[[ZERO]], %[[WS0]], %[[WS1]], %[[WS2]], %[[WS3]], %[[O]], %[[OO]], %[[OS0]], %[[ZERO]], %[[ZERO]], %[[OS1]], %[[OS2]], %[[OS3]], %[[N]], %[[ONE]], %[[ONE]], %[[OH]], %[[OW]], %[[F]], %[[ONE]], %[[KH]], %[[KW]], %[[C]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]], %[[IZP]], %[[WZP]])
// CHECK-NOT:     linalg

// -----

func.func @mixed_inputs(%x : memref<1x4x4x1xi8>, %w : memref<2x2x1x1xi16>, %o : memref<1x3x3x1xi32>) {
  linalg.conv_2d_nhwc_hwcf ins(%x, %w : memref<1x4x4x1xi8>, memref<2x2x1x1xi16>) outs(%o : memref<1x3x3x1xi32>)
  func.return
}
// An input and a filter of different element types are left to the scalar fallback.
// CHECK-LABEL: func.func @mixed_inputs
// CHECK-NEXT:    linalg.conv_2d_nhwc_hwcf
