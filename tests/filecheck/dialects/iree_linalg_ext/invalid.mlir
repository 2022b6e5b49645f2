// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics | filecheck %s

// The checks of iree_linalg_ext.fft: a coefficient pair, and destination-style results.

func.func @one_coefficient(%re: tensor<16xf32>, %im: tensor<16xf32>, %w: tensor<4xf32>, %s: index) {
  %0:2 = "iree_linalg_ext.fft"(%s, %w, %re, %im) <{operandSegmentSizes = array<i32: 1, 1, 0, 1, 1>}> : (index, tensor<4xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
  func.return
}
// CHECK: expected both real and imaginary coefficients, or neither

// -----

func.func @missing_results(%re: tensor<16xf32>, %im: tensor<16xf32>, %s: index) {
  iree_linalg_ext.fft ins(%s : index) outs(%re, %im : tensor<16xf32>, tensor<16xf32>)
  func.return
}
// CHECK: expected the number of tensor results (0) to be equal to the number of output tensors (2)

// -----

func.func @result_type(%re: tensor<16xf32>, %im: tensor<16xf32>, %s: index) {
  %0:2 = iree_linalg_ext.fft ins(%s : index) outs(%re, %im : tensor<16xf32>, tensor<16xf32>) : tensor<16xf32>, tensor<8xf32>
  func.return
}
// CHECK: expected type of output #1 (tensor<16xf32>) to match type of corresponding result (tensor<8xf32>)

// -----

func.func @buffer_results(%re: memref<16xf32>, %im: memref<16xf32>, %s: index) {
  %0:2 = iree_linalg_ext.fft ins(%s : index) outs(%re, %im : memref<16xf32>, memref<16xf32>) : tensor<16xf32>, tensor<16xf32>
  func.return
}
// CHECK: expected the number of tensor results (2) to be equal to the number of output tensors (0)
