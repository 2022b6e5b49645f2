// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vmvx-materialize-constants | filecheck %s

// Executable constants are 32-bit slots.
func.func private @wide() -> i64 {
  // CHECK: materialize_constants_errors.mlir:[[# @LINE + 1]]:3: error: 'hal.executable.constant.load' op executable constants are 32-bit: expected i32 or f32
  %v = hal.executable.constant.load "wide" : i64
  func.return %v : i64
}

// -----

// One key has one type.
func.func private @mixed() -> (i32, f32) {
  %a = hal.executable.constant.load "k" : i32
  // CHECK: materialize_constants_errors.mlir:[[# @LINE + 1]]:3: error: 'hal.executable.constant.load' op constant "k" is also loaded as i32
  %b = hal.executable.constant.load "k" : f32
  func.return %a, %b : i32, f32
}

// -----

// The pass's symbols may not already exist.
// CHECK: materialize_constants_errors.mlir:[[# @LINE + 1]]:1: error: 'util.global' op symbol @__constant_k is reserved by iree-vmvx-materialize-constants
util.global private @__constant_k : i32
func.func private @user() -> i32 {
  %a = hal.executable.constant.load "k" : i32
  func.return %a : i32
}
