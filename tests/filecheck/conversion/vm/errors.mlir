// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vm-conversion | filecheck %s
// RUN: not pyvmvx-opt %s -p iree-vm-conversion 2>&1 | filecheck %s --check-prefix=EXIT
// RUN: not pyvmvx-opt %s -p 'iree-vm-conversion{index-bits=16}' 2>&1 | filecheck %s --check-prefix=BITS

// Every failure is a located diagnostic; pyvmvx-opt exits with 1 and prints no traceback.

// EXIT: errors.mlir:[[# @LINE + 9]]:3: error: 'vmvx.binary' op failed to resolve VM function import for vmvx.add.2d.i64
// EXIT-NOT: Traceback
// BITS: error: iree-vm-conversion: index-bits must be 32 or 64, got 16
// BITS-NOT: Traceback

// Binary kernels exist only for 32-bit element types.
// CHECK: errors.mlir:[[# @LINE + 3]]:3: error: 'vmvx.binary' op failed to resolve VM function import for vmvx.add.2d.i64
// CHECK-NOT: vm.module
func.func @add_i64(%b : !util.buffer, %o : index, %s0 : index, %s1 : index) {
  vmvx.binary op("add" : i64) lhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      rhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  func.return
}

// -----

// Every kernel is rank 2.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.binary' op failed to resolve VM function import for vmvx.add.1d.f32
func.func @add_1d(%b : !util.buffer, %o : index, %s : index) {
  vmvx.binary op("add" : f32) lhs(%b offset %o strides[%s] : !util.buffer)
      rhs(%b offset %o strides[%s] : !util.buffer) out(%b offset %o strides[%s] : !util.buffer)
      sizes(%s)
  func.return
}

// -----

// Integer division has only the signed/unsigned kernels `divs` and `divu`.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.binary' op failed to resolve VM function import for vmvx.div.2d.i32
func.func @div_i32(%b : !util.buffer, %o : index, %s0 : index, %s1 : index) {
  vmvx.binary op("div" : i32) lhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      rhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.unary' op failed to resolve VM function import for vmvx.neg.2d.i32
func.func @neg_i32(%b : !util.buffer, %o : index, %s0 : index, %s1 : index) {
  vmvx.unary op("neg" : i32) in(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.copy' op failed to resolve VM function import for vmvx.copy.3d.x32
func.func @copy_3d(%b : !util.buffer, %o : index, %s : index) {
  vmvx.copy in(%b offset %o strides[%s, %s, %s] : !util.buffer)
      out(%b offset %o strides[%s, %s, %s] : !util.buffer) sizes(%s, %s, %s) : i32
  func.return
}

// -----

// Fills exist only for 32-bit values.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.fill2d' op failed to resolve VM function import for vmvx.fill.2d.x64
func.func @fill_x64(%b : !util.buffer, %o : index, %v : i64) {
  vmvx.fill2d scalar(%v : i64) out(%b offset %o row_stride %o : !util.buffer) sizes(%o, %o)
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'vmvx.fill2d' op failed to resolve VM function import for vmvx.fill.2d.x8
func.func @fill_x8(%b : !util.buffer, %o : index, %v : i8) {
  vmvx.fill2d scalar(%v : i8) out(%b offset %o row_stride %o : !util.buffer) sizes(%o, %o)
  func.return
}

// -----

// A declaration bound to the vmvx module must name one of its imports.
// CHECK: errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op failed to resolve VM function import for vmvx.nope
func.func private @vmvx.nope(index) attributes {vm.import.module = "vmvx"}

// -----

// Tensors and memrefs must be gone before the VM conversion.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'tensor.empty' op iree-vm-conversion: failed to legalize operation 'tensor.empty'
func.func @tensor_left() {
  %0 = tensor.empty() : tensor<4xf32>
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'memref.alloca' op iree-vm-conversion: failed to legalize operation 'memref.alloca'
func.func @memref_left() {
  %0 = memref.alloca() : memref<4xf32>
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op iree-vm-conversion: type memref<4xf32> has no VM equivalent
func.func @memref_argument(%m : memref<4xf32>) {
  func.return
}

// -----

// Buffer subspans must have been folded into their users.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'util.buffer.subspan' op iree-vm-conversion: failed to legalize operation 'util.buffer.subspan'
func.func @subspan(%b : !util.buffer, %n : index) {
  %s = util.buffer.subspan %b[%n] : !util.buffer{%n} -> !util.buffer{%n}
  func.return
}

// -----

// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'hal.interface.workgroup.id' op iree-vm-conversion: failed to legalize operation 'hal.interface.workgroup.id'
func.func @hal_left() {
  %0 = hal.interface.workgroup.id[0] : index
  func.return
}

// -----

// scf.while has no cf lowering here.
// CHECK: errors.mlir:[[# @LINE + 3]]:3: error: 'scf.while' op iree-vm-conversion: failed to legalize operation 'scf.while'
func.func @while_left(%n : i32) {
  %c0 = arith.constant 0 : i32
  scf.while (%i = %c0) : (i32) -> () {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt)
  } do {
    scf.yield %c0 : i32
  }
  func.return
}

// -----

// Module-level ops must be functions, globals, initializers or already `vm`.
// CHECK: errors.mlir:[[# @LINE + 1]]:1: error: 'arith.constant' op iree-vm-conversion: failed to legalize operation 'arith.constant'
"arith.constant"() <{value = 1 : i32}> : () -> i32

// -----

// The f8 types have no VM form (f16 and bf16 live in f32 registers).
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'arith.truncf' op iree-vm-conversion: unsupported float truncation to f8E4M3FN
func.func @truncf_f8(%x : f32) {
  %0 = arith.truncf %x : f32 to f8E4M3FN
  func.return
}

// -----

// f16 bits do not survive the widening to an f32 register.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'arith.bitcast' op iree-vm-conversion: unsupported bitcast from f16 to i16
func.func @bitcast_f16(%h : f16) {
  %0 = arith.bitcast %h : f16 to i16
  func.return
}

// -----

// math ops the VM has no instruction for are left illegal, as in IREE.
// CHECK: errors.mlir:[[# @LINE + 2]]:3: error: 'math.cbrt' op iree-vm-conversion: failed to legalize operation 'math.cbrt'
func.func @cbrt(%x : f32) {
  %0 = math.cbrt %x : f32
  func.return
}
