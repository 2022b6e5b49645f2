// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vmvx-resolve-buffer-descriptors | filecheck %s
// RUN: not pyvmvx-opt %s -p iree-vmvx-resolve-buffer-descriptors 2>&1 | filecheck %s --check-prefix=EXIT

// A descriptor left unresolved is IREE's error at the enclosing function, with a note at
// each remaining descriptor; pyvmvx-opt exits with 1 and prints no traceback.

// EXIT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 13]]:1: error: Unable to resolve all strided buffer descriptors:
// EXIT-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 13]]:3: note: remaining live use
// EXIT-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 13]]:3: note: remaining live use
// EXIT-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 24]]:1: error: Unable to resolve all strided buffer descriptors:
// EXIT-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 25]]:3: note: remaining live use
// EXIT-NOT: Traceback
// EXIT-NOT: builtin.module

// Function arguments are never resolved; resolved descriptors are not reported.
// CHECK: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 4]]:1: error: Unable to resolve all strided buffer descriptors:
// CHECK-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 4]]:3: note: remaining live use
// CHECK-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 4]]:3: note: remaining live use
// CHECK-NOT: note
func.func @arguments(%arg : memref<8xf32>, %m : memref<8xf32>) -> (index, index, index) {
  %a, %o, %s, %t = vmvx.get_buffer_descriptor %arg : memref<8xf32> -> !util.buffer, index, index, index
  %b, %p, %u, %v = vmvx.get_buffer_descriptor %m : memref<8xf32> -> !util.buffer, index, index, index
  %g = memref.alloca() : memref<8xf32>
  %c, %q, %w, %x = vmvx.get_buffer_descriptor %g : memref<8xf32> -> !util.buffer, index, index, index
  func.return %o, %p, %q : index, index, index
}

// -----

// One error per function holding unresolved descriptors (here: a subview of an argument,
// whose source descriptor stays).
// CHECK: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 2]]:1: error: Unable to resolve all strided buffer descriptors:
// CHECK-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 3]]:3: note: remaining live use
func.func @subview_of_argument(%arg : memref<8x8xf32>, %i : index) -> index {
  %sv = memref.subview %arg[%i, 0] [2, 8] [1, 1] : memref<8x8xf32> to memref<2x8xf32, strided<[8, 1], offset: ?>>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %sv : memref<2x8xf32, strided<[8, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  func.return %o : index
}

// -----

// A descriptor whose results do not match its memref's rank is not resolved.
// CHECK: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 2]]:1: error: Unable to resolve all strided buffer descriptors:
// CHECK-NEXT: resolve_buffer_descriptors_errors.mlir:[[# @LINE + 3]]:3: note: remaining live use
func.func @rank_mismatch() -> index {
  %a = memref.alloca() : memref<4x4xf32>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %a : memref<4x4xf32> -> !util.buffer, index, index, index
  func.return %o : index
}
