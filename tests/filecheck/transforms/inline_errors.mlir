// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p inline | filecheck %s

// The host program makes no calls at run time: what cannot be inlined is an error.

func.func private @external(%x: i32) -> i32
func.func @main(%x: i32) -> i32 {
  // CHECK: inline_errors.mlir:[[# @LINE + 1]]:3: error: 'func.call' op inline: cannot inline a call to declaration @external
  %y = func.call @external(%x) : (i32) -> i32
  func.return %y : i32
}

// -----

func.func @loop(%x: i32) -> i32 {
  // CHECK: inline_errors.mlir:[[# @LINE + 1]]:3: error: 'func.call' op inline: recursive call to @loop
  %y = func.call @loop(%x) : (i32) -> i32
  func.return %y : i32
}

// -----

func.func private @branches(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  func.return %x : i32
^b:
  func.return %x : i32
}
func.func @main(%c: i1, %x: i32) -> i32 {
  // CHECK: inline_errors.mlir:[[# @LINE + 1]]:3: error: 'func.call' op inline: callee @branches has 3 blocks; only single-block functions can be inlined
  %y = func.call @branches(%c, %x) : (i1, i32) -> i32
  func.return %y : i32
}
