// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s

// CHECK-LABEL: vm.func private @branches(%c: i32, %a: i32, %b: i32) -> i32 {
// CHECK-NEXT:    vm.cond_br %c, ^[[THEN:.*]](%a : i32), ^[[ELSE:.*]]
// CHECK-NEXT:  ^[[THEN]](%x: i32):
// CHECK-NEXT:    vm.br ^[[EXIT:.*]](%x : i32)
// CHECK-NEXT:  ^[[ELSE]]:
// CHECK-NEXT:    vm.br ^[[EXIT]](%b : i32)
// CHECK-NEXT:  ^[[EXIT]](%r: i32):
// CHECK-NEXT:    vm.return %r : i32
func.func @branches(%c : i1, %a : i32, %b : i32) -> i32 {
  cf.cond_br %c, ^then(%a : i32), ^else
^then(%x : i32):
  cf.br ^exit(%x : i32)
^else:
  cf.br ^exit(%b : i32)
^exit(%r : i32):
  func.return %r : i32
}

// -----

// Blocks are converted in dominance order, so a block listed before its dominator works.

// CHECK-LABEL: vm.func private @out_of_order(%a: i32) -> i32 {
// CHECK-NEXT:    vm.br ^[[DEF:.*]]
// CHECK-NEXT:  ^[[USE:.*]]:
// CHECK-NEXT:    vm.return %sum : i32
// CHECK-NEXT:  ^[[DEF]]:
// CHECK-NEXT:    %sum = vm.add.i32 %a, %a : i32
// CHECK-NEXT:    vm.br ^[[USE]]
func.func @out_of_order(%a : i32) -> i32 {
  cf.br ^def
^use:
  func.return %sum : i32
^def:
  %sum = arith.addi %a, %a : i32
  cf.br ^use
}

// -----

// cf.assert fails with FAILED_PRECONDITION (9) when the condition is false.

// CHECK-LABEL: vm.func private @assert(%a: i32) -> i32 {
// CHECK-NEXT:    %zero = vm.const.i32.zero
// CHECK-NEXT:    %ok = vm.cmp.ne.i32 %a, %zero : i32
// CHECK-NEXT:    %[[STATUS:.*]] = vm.const.i32 9
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[FAILED:.*]] = vm.xor.i32 %ok, %[[ONE]] : i32
// CHECK-NEXT:    vm.cond_fail %[[FAILED]], %[[STATUS]], "a must not be zero"
// CHECK-NEXT:    vm.return %a : i32
func.func @assert(%a : i32) -> i32 {
  %zero = arith.constant 0 : i32
  %ok = arith.cmpi ne, %a, %zero : i32
  cf.assert %ok, "a must not be zero"
  func.return %a : i32
}

// -----

// cf.switch tests each case in order and falls through to the default destination.

// CHECK-LABEL: vm.func private @switch(%flag: i32, %a: i32, %b: i32) -> i32 {
// CHECK-NEXT:    %[[C7:.*]] = vm.const.i32 7
// CHECK-NEXT:    %[[IS7:.*]] = vm.cmp.eq.i32 %flag, %[[C7]] : i32
// CHECK-NEXT:    vm.cond_br %[[IS7]], ^[[BODY:.*]](%b : i32), ^[[NEXT:.*]]
// CHECK-NEXT:  ^[[NEXT]]:
// CHECK-NEXT:    %[[C3:.*]] = vm.const.i32 3
// CHECK-NEXT:    %[[IS3:.*]] = vm.cmp.eq.i32 %flag, %[[C3]] : i32
// CHECK-NEXT:    vm.cond_br %[[IS3]], ^[[OTHER:.*]], ^[[DEFAULT:.*]]
// CHECK-NEXT:  ^[[DEFAULT]]:
// CHECK-NEXT:    vm.br ^[[BODY]](%a : i32)
// CHECK-NEXT:  ^[[BODY]](%x: i32):
// CHECK-NEXT:    vm.return %x : i32
// CHECK-NEXT:  ^[[OTHER]]:
// CHECK-NEXT:    vm.return %a : i32
func.func @switch(%flag : i32, %a : i32, %b : i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    7: ^bb1(%b : i32),
    3: ^bb2
  ]
^bb1(%x : i32):
  func.return %x : i32
^bb2:
  func.return %a : i32
}

// -----

// scf.for becomes a loop of blocks (xDSL's convert-scf-to-cf), with index as i64.

// CHECK-LABEL: vm.func private @sum(%n: i64) -> f32 {
// CHECK-NEXT:    %c0 = vm.const.i64.zero
// CHECK-NEXT:    %c1 = vm.const.i64 1
// CHECK-NEXT:    %zero = vm.const.f32.zero
// CHECK-NEXT:    vm.br ^[[HEADER:.*]](%c0, %zero : i64, f32)
// CHECK-NEXT:  ^[[HEADER]](%i: i64, %acc: f32):
// CHECK-NEXT:    %[[MORE:.*]] = vm.cmp.lt.i64.s %i, %n : i64
// CHECK-NEXT:    vm.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK-NEXT:  ^[[BODY]]:
// CHECK-NEXT:    %[[I32:.*]] = vm.trunc.i64.i32 %i : i64 -> i32
// CHECK-NEXT:    %[[F:.*]] = vm.cast.si32.f32 %[[I32]] : i32 -> f32
// CHECK-NEXT:    %next = vm.add.f32 %acc, %[[F]] : f32
// CHECK-NEXT:    %[[STEP:.*]] = vm.add.i64 %i, %c1 : i64
// CHECK-NEXT:    vm.br ^[[HEADER]](%[[STEP]], %next : i64, f32)
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK-NEXT:    vm.return %acc : f32
func.func @sum(%n : index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    %next = arith.addf %acc, %f : f32
    scf.yield %next : f32
  }
  func.return %total : f32
}

// -----

// scf.if and scf.index_switch also go through cf first.

// CHECK-LABEL: vm.func private @if_switch(%c: i32, %i: i64) -> i32 {
// CHECK-NEXT:    vm.cond_br %c, ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK-NEXT:  ^[[THEN]]:
// CHECK-NEXT:    %one = vm.const.i32 1
// CHECK-NEXT:    vm.br ^[[JOIN:.*]](%one : i32)
// CHECK-NEXT:  ^[[ELSE]]:
// CHECK-NEXT:    %two = vm.const.i32 2
// CHECK-NEXT:    vm.br ^[[JOIN]](%two : i32)
// CHECK-NEXT:  ^[[JOIN]](%r: i32):
// CHECK-NEXT:    vm.br ^[[REST:.*]]
// CHECK-NEXT:  ^[[REST]]:
// CHECK-NEXT:    %[[CASE:.*]] = vm.trunc.i64.i32 %i : i64 -> i32
// CHECK-NEXT:    %[[C4:.*]] = vm.const.i32 4
// CHECK-NEXT:    %[[IS4:.*]] = vm.cmp.eq.i32 %[[CASE]], %[[C4]] : i32
// CHECK-NEXT:    vm.cond_br %[[IS4]], ^[[CASE4:.*]], ^[[NOT4:.*]]
// CHECK-NEXT:  ^[[NOT4]]:
// CHECK-NEXT:    vm.br ^[[DEFAULT:.*]]
// CHECK-NEXT:  ^[[CASE4]]:
// CHECK-NEXT:    vm.br ^[[DONE:.*]](%r : i32)
// CHECK-NEXT:  ^[[DEFAULT]]:
// CHECK-NEXT:    %zero = vm.const.i32.zero
// CHECK-NEXT:    vm.br ^[[DONE]](%zero : i32)
// CHECK-NEXT:  ^[[DONE]](%s: i32):
// CHECK-NEXT:    vm.return %s : i32
func.func @if_switch(%c : i1, %i : index) -> i32 {
  %r = scf.if %c -> (i32) {
    %one = arith.constant 1 : i32
    scf.yield %one : i32
  } else {
    %two = arith.constant 2 : i32
    scf.yield %two : i32
  }
  %s = scf.index_switch %i -> i32
  case 4 {
    scf.yield %r : i32
  }
  default {
    %zero = arith.constant 0 : i32
    scf.yield %zero : i32
  }
  func.return %s : i32
}
