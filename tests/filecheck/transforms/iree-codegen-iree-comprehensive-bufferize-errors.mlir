// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-codegen-iree-comprehensive-bufferize | filecheck %s

// What the pass cannot bufferize is a located error naming the op and the pass: tensor
// arguments, ops without a rule, a padding value computed per element, and control flow
// carrying tensors.

// CHECK: iree-codegen-iree-comprehensive-bufferize-errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op cannot be bufferized by iree-codegen-iree-comprehensive-bufferize: it has tensor arguments
func.func @argument(%t: tensor<4xf32>) {
  return
}

// -----

// CHECK: iree-codegen-iree-comprehensive-bufferize-errors.mlir:[[# @LINE + 5]]:3: error: 'tensor.reshape' op cannot be bufferized by iree-codegen-iree-comprehensive-bufferize: no bufferization rule for this op
func.func @reshape() {
  %c0 = arith.constant 0 : index
  %shape = arith.constant dense<[4]> : tensor<1xindex>
  %e = tensor.empty() : tensor<2x2xf32>
  %r = tensor.reshape %e(%shape) : (tensor<2x2xf32>, tensor<1xindex>) -> tensor<4xf32>
  return
}

// -----

#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<bindings = [#ro, #rw]>
// CHECK: iree-codegen-iree-comprehensive-bufferize-errors.mlir:[[# @LINE + 5]]:3: error: 'tensor.pad' op cannot be bufferized by iree-codegen-iree-comprehensive-bufferize: its padding value is computed per element
func.func @pad_per_element() {
  %c0 = arith.constant 0 : index
  %in = hal.interface.binding.subspan layout(#layout) binding(0) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
  %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
  %p = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<4xf32> to tensor<6xf32>
  return
}

// -----

// CHECK: iree-codegen-iree-comprehensive-bufferize-errors.mlir:[[# @LINE + 5]]:3: error: 'scf.for' op cannot be bufferized by iree-codegen-iree-comprehensive-bufferize: no bufferization rule for this op
func.func @loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<4xf32>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %e) -> (tensor<4xf32>) {
    scf.yield %t : tensor<4xf32>
  }
  return
}
