// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// iree_linalg_ext.fft on tensors (with and without twiddle coefficients) and on buffers.

// CHECK-LABEL: func.func @fft(
func.func @fft(%re: tensor<16xf32>, %im: tensor<16xf32>, %mre: memref<16xf32>, %mim: memref<16xf32>, %wre: tensor<4xf32>, %wim: tensor<4xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %stage = arith.constant 3 : index
  %a:2 = iree_linalg_ext.fft ins(%stage, %wre, %wim : index, tensor<4xf32>, tensor<4xf32>) outs(%re, %im : tensor<16xf32>, tensor<16xf32>) : tensor<16xf32>, tensor<16xf32>
  %b:2 = iree_linalg_ext.fft {note = "no coefficients"} ins(%stage : index) outs(%a#0, %a#1 : tensor<16xf32>, tensor<16xf32>) : tensor<16xf32>, tensor<16xf32>
  iree_linalg_ext.fft ins(%stage : index) outs(%mre, %mim : memref<16xf32>, memref<16xf32>)
  func.return %b#0, %b#1 : tensor<16xf32>, tensor<16xf32>
}
// CHECK:      %[[A:.*]], %[[B:.*]] = iree_linalg_ext.fft ins(%stage, %wre, %wim : index, tensor<4xf32>, tensor<4xf32>) outs(%re, %im : tensor<16xf32>, tensor<16xf32>) : tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT: %{{.*}}, %{{.*}} = iree_linalg_ext.fft {note = "no coefficients"} ins(%stage : index) outs(%[[A]], %[[B]] : tensor<16xf32>, tensor<16xf32>) : tensor<16xf32>, tensor<16xf32>
// CHECK-NEXT: iree_linalg_ext.fft ins(%stage : index) outs(%mre, %mim : memref<16xf32>, memref<16xf32>){{$}}
// GENERIC:    "iree_linalg_ext.fft"(%stage, %wre, %wim, %re, %im) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (index, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// GENERIC:    "iree_linalg_ext.fft"(%stage, %mre, %mim) <{operandSegmentSizes = array<i32: 1, 0, 0, 1, 1>}> : (index, memref<16xf32>, memref<16xf32>) -> ()
