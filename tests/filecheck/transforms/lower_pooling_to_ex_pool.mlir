// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-pooling-to-ex-pool | filecheck %s

// 1-D and 2-D pooling ops on buffers become one `vmvx.ex.pool` call: op (the body's combining
// op as an `ex` elementwise code), types (f32 2, i32 7: input | output << 8), then (buffer,
// offset, strides n/c/h/w) of the input and (n/c/oh/ow) of the output, sizes n, c, oh, ow
// and the window operand's kh, kw, then strides h/w and dilations h/w. A dimension the op
// lacks (h of a 1-D pooling) has stride 0 and size 1.

func.func @max_nchw(%x : memref<1x3x9x9xf32>, %k : memref<3x2xf32>, %o : memref<1x3x4x8xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %k : memref<1x3x9x9xf32>, memref<3x2xf32>) outs(%o : memref<1x3x4x8xf32>)
  func.return
}

// CHECK:       func.func private @vmvx.ex.pool(i32, i32, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @max_nchw
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[KH:.*]], %[[KW:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %k
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[C:.*]], %[[OH:.*]], %[[OW:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]], %[[OS3:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]], %[[XS3:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    func.call @vmvx.ex.pool(%[[OP]], %[[TYPES]], %[[X]], %[[XO]], %[[XS0]], %[[XS1]], %[[XS2]], %[[XS3]], %[[O]], %[[OO]], %[[OS0]], %[[OS1]], %[[OS2]], %[[OS3]], %[[N]], %[[C]], %[[OH]], %[[OW]], %[[KH]], %[[KW]], %[[TWO]], %[[ONE]], %[[ONE]], %[[ONE]])
// CHECK-NOT:     linalg

// -----

func.func @sum_nwc_i32(%x : memref<2x10x3xi32>, %k : memref<3xi32>, %o : memref<2x8x3xi32>) {
  linalg.pooling_nwc_sum ins(%x, %k : memref<2x10x3xi32>, memref<3xi32>) outs(%o : memref<2x8x3xi32>)
  func.return
}

// 1-D channels-last: c is the innermost dimension, h absent.
// CHECK-LABEL: func.func @sum_nwc_i32
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[KW:.*]], %{{.*}} = vmvx.get_buffer_descriptor %k
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[OW:.*]], %[[C:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 1799 : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.pool(%[[OP]], %[[TYPES]], %[[X]], %[[XO]], %[[XS0]], %[[XS2]], %[[ZERO]], %[[XS1]], %[[O]], %[[OO]], %[[OS0]], %[[OS2]], %[[ZERO]], %[[OS1]], %[[N]], %[[C]], %[[ONE]], %[[OW]], %[[ONE]], %[[KW]], %[[ONE]], %[[ONE]], %[[ONE]], %[[ONE]])

// -----

func.func @casting_left(%x : memref<1x4x4x2xi8>, %k : memref<2x2xi8>, %o : memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_sum ins(%x, %k : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xi32>)
  func.return
}
// An input cast to a wider output (i8 summed into i32) is left to the scalar fallback.
// CHECK-LABEL: func.func @casting_left
// CHECK-NEXT:    linalg.pooling_nhwc_sum
