// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-pooling-to-ex-pool | filecheck %s

// 1-D and 2-D pooling ops on buffers become one `vmvx.ex.pool` call: op (the body's combining
// op as an `ex` elementwise code), types (f32 2, i32 7: input | output << 8 | unsigned cast
// << 16), then (buffer,
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

func.func @casting_nhwc_sum(%x : memref<1x4x4x2xi8>, %k : memref<2x2xi8>, %o : memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_sum ins(%x, %k : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xi32>)
  func.return
}
// An input cast to the output's type (`arith.extsi`, i8 summed into i32): types i8 | i32 << 8.
// CHECK-LABEL: func.func @casting_nhwc_sum
// CHECK:         %[[TYPES:.*]] = arith.constant 1797 : i32
// CHECK:         func.call @vmvx.ex.pool(%{{.*}}, %[[TYPES]],
// CHECK-NOT:     linalg

// -----

func.func @casting_unsigned(%x : memref<1x4x4x2xi8>, %k : memref<2x2xi8>, %o : memref<1x3x3x2xf32>) {
  linalg.pooling_nhwc_max_unsigned ins(%x, %k : memref<1x4x4x2xi8>, memref<2x2xi8>) outs(%o : memref<1x3x3x2xf32>)
  func.return
}
// The `_unsigned` kinds cast with `cast_unsigned` (here `arith.uitofp`): bit 16 of types,
// i8 | f32 << 8 | 1 << 16 = 66053.
// CHECK-LABEL: func.func @casting_unsigned
// CHECK:         %[[TYPES:.*]] = arith.constant 66053 : i32
// CHECK:         func.call @vmvx.ex.pool(%{{.*}}, %[[TYPES]],
// CHECK-NOT:     linalg

// -----

func.func @max_ndhwc(%x : memref<2x5x7x7x3xf16>, %k : memref<2x2x3xf16>, %o : memref<2x4x3x5x3xf16>) {
  linalg.pooling_ndhwc_max {dilations = dense<[1, 2, 1]> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>} ins(%x, %k : memref<2x5x7x7x3xf16>, memref<2x2x3xf16>) outs(%o : memref<2x4x3x5x3xf16>)
  func.return
}
// 3-D pooling ops call `ex.pool.3d`: strides n/c/d/h/w of the input, n/c/od/oh/ow of the
// output, sizes n, c, od, oh, ow, kd, kh, kw, strides d/h/w, dilations d/h/w (f16 1).
// CHECK:       func.func private @vmvx.ex.pool.3d(i32, i32, !util.buffer, index, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @max_ndhwc
// CHECK-NEXT:    %{{.*}}, %{{.*}}, %[[KD:.*]], %[[KH:.*]], %[[KW:.*]], %{{.*}}, %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %k
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %[[N:.*]], %[[OD:.*]], %[[OH:.*]], %[[OW:.*]], %[[C:.*]], %[[OS0:.*]], %[[OS1:.*]], %[[OS2:.*]], %[[OS3:.*]], %[[OS4:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]], %[[XS3:.*]], %[[XS4:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 257 : i32
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    func.call @vmvx.ex.pool.3d(%[[OP]], %[[TYPES]], %[[X]], %[[XO]], %[[XS0]], %[[XS4]], %[[XS1]], %[[XS2]], %[[XS3]], %[[O]], %[[OO]], %[[OS0]], %[[OS4]], %[[OS1]], %[[OS2]], %[[OS3]], %[[N]], %[[C]], %[[OD]], %[[OH]], %[[OW]], %[[KD]], %[[KH]], %[[KW]], %[[ONE]], %[[TWO]], %[[ONE]], %[[ONE]], %[[TWO]], %[[ONE]])
// CHECK-NOT:     linalg

// -----

func.func @i1_left(%x : memref<1x4x4x2xi1>, %k : memref<2x2xi1>, %o : memref<1x3x3x2xi32>) {
  linalg.pooling_nhwc_sum ins(%x, %k : memref<1x4x4x2xi1>, memref<2x2xi1>) outs(%o : memref<1x3x3x2xi32>)
  func.return
}
// An i1 input is left to the scalar fallback (`ex.pool` takes floats and i8 to i64).
// CHECK-LABEL: func.func @i1_left
// CHECK-NEXT:    linalg.pooling_nhwc_sum
