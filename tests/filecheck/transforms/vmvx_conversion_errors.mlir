// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vmvx-conversion | filecheck %s
// RUN: not pyvmvx-opt %s --split-input-file -p iree-vmvx-conversion 2>&1 | filecheck %s --check-prefix=EXIT

// Every failure is a located diagnostic naming the op; pyvmvx-opt exits with 1, no traceback.

// EXIT: vmvx_conversion_errors.mlir:[[# @LINE + 5]]:1: error: 'func.func' op exported functions must have no I/O
// EXIT-NOT: Traceback

// An entry point receives everything through the ABI arguments.
// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op exported functions must have no I/O
func.func @takes_an_argument(%x: index) {
  func.return
}

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op exported functions must have no I/O
func.func @returns_a_value() -> i32 {
  %c = arith.constant 0 : i32
  func.return %c : i32
}

// -----

// Only the constant setter may be public with I/O, and only under its own name and type.
// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op a function marked vmvx.set_constants must be @__set_constants(!util.buffer) -> ()
func.func @set_them(%constants: !util.buffer) attributes {vmvx.set_constants} {
  func.return
}

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op a function marked vmvx.set_constants must be @__set_constants(!util.buffer) -> ()
func.func @__set_constants(%constants: !util.buffer, %n: i32) attributes {vmvx.set_constants} {
  func.return
}

// -----

// N-D memrefs must have been flattened (iree-codegen-flatten-memref-subspan); the subspan
// itself converts, its N-D user cannot.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @unflattened() {
  %c0 = arith.constant 0 : index
  %m = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4x4xf32>
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.load' op conversion to the VMVX dialect failed: only memrefs of rank 0 or 1 with an identity layout become !util.buffer; run iree-codegen-flatten-memref-subspan first
  %v = memref.load %m[%c0, %c0] : memref<4x4xf32>
  func.return
}

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op conversion to the VMVX dialect failed: memref<4x2xf32> has no conversion: only memrefs of rank 0 or 1 with an identity layout become !util.buffer; run iree-codegen-flatten-memref-subspan first
func.func private @rank_2_argument(%m: memref<4x2xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i, %i] : memref<4x2xf32>
  func.return %v : f32
}

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op conversion to the VMVX dialect failed: memref<4xf32, strided<[2]>> has no conversion: only memrefs of rank 0 or 1 with an identity layout become !util.buffer; run iree-codegen-flatten-memref-subspan first
func.func private @strided(%m: memref<4xf32, strided<[2]>>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32, strided<[2]>>
  func.return %v : f32
}

// -----

// Views must have been folded into their loads and stores (fold-memref-alias-ops).
func.func private @subview(%m: memref<8xf32>, %i: index) -> f32 {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.subview' op conversion to the VMVX dialect failed: failed to legalize operation 'memref.subview'
  %s = memref.subview %m[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %v = memref.load %s[%i] : memref<4xf32, strided<[2]>>
  func.return %v : f32
}

// -----

// Ops without a pattern are illegal: memref.copy, memref.alloc, tensor ops.
func.func private @copy(%a: memref<4xf32>, %b: memref<4xf32>) {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.copy' op conversion to the VMVX dialect failed: failed to legalize operation 'memref.copy'
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  func.return
}

// -----

func.func private @alloc() {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.alloc' op conversion to the VMVX dialect failed: failed to legalize operation 'memref.alloc'
  %a = memref.alloc() : memref<4xf32>
  func.return
}

// -----

func.func private @tensor() {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'tensor.empty' op conversion to the VMVX dialect failed: failed to legalize operation 'tensor.empty'
  %t = tensor.empty() : tensor<4xf32>
  func.return
}

// -----

// A buffer-typed memref used by an op that no pattern converts.
func.func private @unconverted_user(%a: memref<4xf32>) -> i32 {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'util.optimization_barrier' op conversion to the VMVX dialect failed: no pattern converts its memref<4xf32> value to !util.buffer
  %b = util.optimization_barrier %a : memref<4xf32>
  %c = arith.constant 0 : i32
  func.return %c : i32
}

// -----

// The interface ops need the ABI arguments of an entry point.
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func private @not_an_entry_point() -> index {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'hal.interface.workgroup.id' op conversion to the VMVX dialect failed: is only valid in an exported (public) dispatch function
  %i = hal.interface.workgroup.id[0] : index
  func.return %i : index
}

// -----

// Only constant globals with a dense value become util.globals.
// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'memref.global' op conversion to the VMVX dialect failed: only constant memref globals are supported (mutable ones are not)
memref.global "private" @mutable : memref<2xf32> = dense<0.0>

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:1: error: 'memref.global' op conversion to the VMVX dialect failed: a constant memref global needs a dense initial value
memref.global "private" constant @uninitialized : memref<2xf32> = uninitialized

// -----

// A reinterpret_cast that moves the base cannot be a plain buffer.
func.func private @offset_view(%m: memref<8xf32>) -> f32 {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'memref.reinterpret_cast' op conversion to the VMVX dialect failed: only a reinterpret_cast with a static zero offset passes through
  %v = memref.reinterpret_cast %m to offset: [4], sizes: [], strides: [] : memref<8xf32> to memref<f32, strided<[], offset: 4>>
  %x = memref.load %v[] : memref<f32, strided<[], offset: 4>>
  func.return %x : f32
}

// -----

// A cast that changes the converted type is no identity.
func.func private @real_cast(%m: memref<4xf32>) -> i32 {
  // CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 1]]:3: error: 'builtin.unrealized_conversion_cast' op conversion to the VMVX dialect failed: the converted input !util.buffer is not of the result type
  %v = builtin.unrealized_conversion_cast %m : memref<4xf32> to i32
  func.return %v : i32
}

// -----

// tosa.apply_scale: only signless integers lower to arith, and a scalable vector has no lanes to
// unroll.
// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 2]]:3: error: 'tosa.apply_scale' op conversion to the VMVX dialect failed: tosa.apply_scale on ui32: only signless integers (and vectors of them) lower to arith
func.func private @unsigned_multiplier(%v: i32, %m: ui32, %s: i8) -> i32 {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, ui32, i8) -> i32
  func.return %r : i32
}

// -----

// CHECK: vmvx_conversion_errors.mlir:[[# @LINE + 2]]:3: error: 'tosa.apply_scale' op conversion to the VMVX dialect failed: tosa.apply_scale on vector<[4]xi32>: scalable vectors have no lanes to unroll
func.func private @scalable(%v: vector<[4]xi32>, %s: vector<[4]xi8>) -> vector<[4]xi32> {
  %r = tosa.apply_scale %v, %v, %s rounding_mode<SINGLE_ROUND> : (vector<[4]xi32>, vector<[4]xi32>, vector<[4]xi8>) -> vector<[4]xi32>
  func.return %r : vector<[4]xi32>
}
