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

func.func @not_3d(%x : memref<1x1x4x4x4xf32>, %w : memref<1x1x2x2x2xf32>, %o : memref<1x1x3x3x3xf32>) {
  linalg.conv_3d_ncdhw_fcdhw ins(%x, %w : memref<1x1x4x4x4xf32>, memref<1x1x2x2x2xf32>) outs(%o : memref<1x1x3x3x3xf32>)
  func.return
}
// 3-D convolutions are left to the scalar fallback.
// CHECK-LABEL: func.func @not_3d
// CHECK-NEXT:    linalg.conv_3d_ncdhw_fcdhw
