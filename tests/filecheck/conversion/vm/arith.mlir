// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s

// Integer arithmetic picks the .i32/.i64 op from the operand type; shift amounts are i32.

// CHECK-LABEL: vm.func private @int_ops(%a: i32, %b: i32, %x: i64, %y: i64) {
// CHECK-NEXT:    %add = vm.add.i32 %a, %b : i32
// CHECK-NEXT:    %sub = vm.sub.i64 %x, %y : i64
// CHECK-NEXT:    %mul = vm.mul.i32 %a, %b : i32
// CHECK-NEXT:    %divs = vm.div.i32.s %a, %b : i32
// CHECK-NEXT:    %divu = vm.div.i64.u %x, %y : i64
// CHECK-NEXT:    %rems = vm.rem.i32.s %a, %b : i32
// CHECK-NEXT:    %remu = vm.rem.i64.u %x, %y : i64
// CHECK-NEXT:    %and = vm.and.i32 %a, %b : i32
// CHECK-NEXT:    %or = vm.or.i64 %x, %y : i64
// CHECK-NEXT:    %xor = vm.xor.i32 %a, %b : i32
// CHECK-NEXT:    %mins = vm.min.i32.s %a, %b : i32
// CHECK-NEXT:    %maxu = vm.max.i64.u %x, %y : i64
// CHECK-NEXT:    %shl = vm.shl.i32 %a, %b : i32
// CHECK-NEXT:    %[[AMOUNT:.*]] = vm.trunc.i64.i32 %y : i64 -> i32
// CHECK-NEXT:    %shrs = vm.shr.i64.s %x, %[[AMOUNT]] : i64
// CHECK-NEXT:    %shru = vm.shr.i32.u %a, %b : i32
// CHECK-NEXT:    %abs = vm.abs.i32 %a : i32
// CHECK-NEXT:    vm.return
func.func @int_ops(%a : i32, %b : i32, %x : i64, %y : i64) {
  %add = arith.addi %a, %b : i32
  %sub = arith.subi %x, %y : i64
  %mul = arith.muli %a, %b : i32
  %divs = arith.divsi %a, %b : i32
  %divu = arith.divui %x, %y : i64
  %rems = arith.remsi %a, %b : i32
  %remu = arith.remui %x, %y : i64
  %and = arith.andi %a, %b : i32
  %or = arith.ori %x, %y : i64
  %xor = arith.xori %a, %b : i32
  %mins = arith.minsi %a, %b : i32
  %maxu = arith.maxui %x, %y : i64
  %shl = arith.shli %a, %b : i32
  %shrs = arith.shrsi %x, %y : i64
  %shru = arith.shrui %a, %b : i32
  %abs = math.absi %a : i32
  func.return
}

// -----

// i8/i16/i1 values live in i32 registers in canonical form (i1 as 0/1, wider types
// sign-extended) and use the i32 ops. Results that may wrap are sign-extended again; unsigned
// division, index_castui and ctlz read zero-extended operands; signed ops on i1 read true as
// -1. and/or/xor, unsigned compares and signed ops on wider types take the form as it is.

// CHECK-LABEL: vm.func private @narrow(%a: i32, %b: i32, %c: i32, %d: i32, %h: i32) -> i32 {
// CHECK-NEXT:    %[[SUM:.*]] = vm.add.i32 %a, %b : i32
// CHECK-NEXT:    %add = vm.ext.i8.i32.s %[[SUM]] : i32 -> i32
// CHECK-NEXT:    %both = vm.and.i32 %c, %d : i32
// CHECK-NEXT:    %max = vm.max.i32.s %a, %b : i32
// CHECK-NEXT:    %ult = vm.cmp.lt.i32.u %a, %b : i32
// CHECK-NEXT:    %[[UA:.*]] = vm.ext.i8.i32.u %a : i32 -> i32
// CHECK-NEXT:    %[[UB:.*]] = vm.ext.i8.i32.u %b : i32 -> i32
// CHECK-NEXT:    %[[QUOTIENT:.*]] = vm.div.i32.u %[[UA]], %[[UB]] : i32
// CHECK-NEXT:    %divu = vm.ext.i8.i32.s %[[QUOTIENT]] : i32 -> i32
// CHECK-NEXT:    %[[SHIFTED:.*]] = vm.shl.i32 %h, %h : i32
// CHECK-NEXT:    %shl = vm.ext.i16.i32.s %[[SHIFTED]] : i32 -> i32
// CHECK-NEXT:    %[[ONES:.*]] = vm.const.i32 -1
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.i32.zero
// CHECK-NEXT:    %[[SC:.*]] = vm.select.i32 %c, %[[ONES]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[SD:.*]] = vm.select.i32 %d, %[[ONES]], %[[ZERO]] : i32
// CHECK-NEXT:    %slt = vm.cmp.lt.i32.s %[[SC]], %[[SD]] : i32
// CHECK-NEXT:    %[[SC2:.*]] = vm.select.i32 %c, %[[ONES]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[SD2:.*]] = vm.select.i32 %d, %[[ONES]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[MIN:.*]] = vm.min.i32.s %[[SC2]], %[[SD2]] : i32
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %min = vm.and.i32 %[[MIN]], %[[ONE]] : i32
// CHECK-NEXT:    %[[UA2:.*]] = vm.ext.i8.i32.u %a : i32 -> i32
// CHECK-NEXT:    %idx = vm.ext.i32.i64.u %[[UA2]] : i32 -> i64
// CHECK-NEXT:    %[[LOW:.*]] = vm.trunc.i64.i32 %idx : i64 -> i32
// CHECK-NEXT:    %back = vm.ext.i16.i32.s %[[LOW]] : i32 -> i32
// CHECK-NEXT:    %[[UA3:.*]] = vm.ext.i8.i32.u %a : i32 -> i32
// CHECK-NEXT:    %[[CTLZ32:.*]] = vm.ctlz.i32 %[[UA3]] : i32
// CHECK-NEXT:    %[[ABOVE:.*]] = vm.const.i32 24
// CHECK-NEXT:    %[[CTLZ8:.*]] = vm.sub.i32 %[[CTLZ32]], %[[ABOVE]] : i32
// CHECK-NEXT:    %ctlz = vm.ext.i8.i32.s %[[CTLZ8]] : i32 -> i32
// CHECK-NEXT:    vm.return %add : i32
func.func @narrow(%a : i8, %b : i8, %c : i1, %d : i1, %h : i16) -> i8 {
  %add = arith.addi %a, %b : i8
  %both = arith.andi %c, %d : i1
  %max = arith.maxsi %a, %b : i8
  %ult = arith.cmpi ult, %a, %b : i8
  %divu = arith.divui %a, %b : i8
  %shl = arith.shli %h, %h : i16
  %slt = arith.cmpi slt, %c, %d : i1
  %min = arith.minsi %c, %d : i1
  %idx = arith.index_castui %a : i8 to index
  %back = arith.index_cast %idx : index to i16
  %ctlz = math.ctlz %a : i8
  func.return %add : i8
}

// -----

// CHECK-LABEL: vm.func private @float_ops(%f: f32, %g: f32, %d: f64) {
// CHECK-NEXT:    %add = vm.add.f32 %f, %g : f32
// CHECK-NEXT:    %sub = vm.sub.f64 %d, %d : f64
// CHECK-NEXT:    %mul = vm.mul.f32 %f, %g : f32
// CHECK-NEXT:    %div = vm.div.f32 %f, %g : f32
// CHECK-NEXT:    %neg = vm.neg.f32 %f : f32
// CHECK-NEXT:    vm.return
func.func @float_ops(%f : f32, %g : f32, %d : f64) {
  %add = arith.addf %f, %g : f32
  %sub = arith.subf %d, %d : f64
  %mul = arith.mulf %f, %g : f32
  %div = arith.divf %f, %g : f32
  %neg = arith.negf %f : f32
  func.return
}

// -----

// remf is fmod (MLIR): the IEEE remainder of `vm.rem` plus the divisor's magnitude, with
// the dividend's sign, where the remainder is non-zero and of the other sign.

// CHECK-LABEL: vm.func private @remf(%a: f64, %b: f64) {
// CHECK-NEXT:    %[[IEEE:.*]] = vm.rem.f64 %a, %b : f64
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.f64.zero
// CHECK-NEXT:    %[[A_NEG:.*]] = vm.cmp.lt.f64.o %a, %[[ZERO]] : f64
// CHECK-NEXT:    %[[POS:.*]] = vm.cmp.gt.f64.o %[[IEEE]], %[[ZERO]] : f64
// CHECK-NEXT:    %[[NEG:.*]] = vm.cmp.lt.f64.o %[[IEEE]], %[[ZERO]] : f64
// CHECK-NEXT:    %[[WRONG:.*]] = vm.select.i32 %[[A_NEG]], %[[POS]], %[[NEG]] : i32
// CHECK-NEXT:    %[[MAG:.*]] = vm.abs.f64 %b : f64
// CHECK-NEXT:    %[[NEG_MAG:.*]] = vm.neg.f64 %[[MAG]] : f64
// CHECK-NEXT:    %[[STEP:.*]] = vm.select.f64 %[[A_NEG]], %[[NEG_MAG]], %[[MAG]] : f64
// CHECK-NEXT:    %[[FIXED:.*]] = vm.add.f64 %[[IEEE]], %[[STEP]] : f64
// CHECK-NEXT:    %rem = vm.select.f64 %[[WRONG]], %[[FIXED]], %[[IEEE]] : f64
// CHECK-NEXT:    vm.return
func.func @remf(%a : f64, %b : f64) {
  %rem = arith.remf %a, %b : f64
  func.return
}

// -----

// Constants of every width; i1 true is 1, narrow integers are sign-extended to i32.

// CHECK-LABEL: vm.func private @constants() {
// CHECK-NEXT:    %t = vm.const.i32 1
// CHECK-NEXT:    %m1 = vm.const.i32 -1
// CHECK-NEXT:    %big = vm.const.i32 -32768
// CHECK-NEXT:    %z32 = vm.const.i32.zero
// CHECK-NEXT:    %i64 = vm.const.i64 -5
// CHECK-NEXT:    %idx = vm.const.i64 42
// CHECK-NEXT:    %z64 = vm.const.i64.zero
// CHECK-NEXT:    %f = vm.const.f32 1.500000e+00
// CHECK-NEXT:    %negzero = vm.const.f32 -0.000000e+00
// CHECK-NEXT:    %fz = vm.const.f32.zero
// CHECK-NEXT:    %d = vm.const.f64 2.500000e-01
// CHECK-NEXT:    %h = vm.const.f32 2.000000e+00
// CHECK-NEXT:    vm.return
func.func @constants() {
  %t = arith.constant true
  %m1 = arith.constant 255 : i8
  %big = arith.constant -32768 : i16
  %z32 = arith.constant 0 : i32
  %i64 = arith.constant -5 : i64
  %idx = arith.constant 42 : index
  %z64 = arith.constant 0 : index
  %f = arith.constant 1.5 : f32
  %negzero = arith.constant -0.0 : f32
  %fz = arith.constant 0.0 : f32
  %d = arith.constant 0.25 : f64
  %h = arith.constant 2.0 : f16
  func.return
}

// -----

// Equal constants in one block share one vm.const.

// CHECK-LABEL: vm.func private @shared_constants() -> (i32, i32) {
// CHECK-NEXT:    %a = vm.const.i32 7
// CHECK-NEXT:    vm.return %a, %a : i32, i32
func.func @shared_constants() -> (i32, i32) {
  %a = arith.constant 7 : i32
  %b = arith.constant 7 : i32
  func.return %a, %b : i32, i32
}

// -----

// Compares produce i32 0/1; selects take the i32 condition. `uno`/`ord` test both operands
// for NaN (ord is the negation; `true` reuses the block's constant 1).

// CHECK-LABEL: vm.func private @compares(%a: i32, %b: i32, %x: i64, %f: f32, %d: f64, %r: !vm.buffer) {
// CHECK-NEXT:    %d2 = vm.const.f32 5.000000e-01
// CHECK-NEXT:    %eq = vm.cmp.eq.i32 %a, %b : i32
// CHECK-NEXT:    %ne = vm.cmp.ne.i64 %x, %x : i64
// CHECK-NEXT:    %slt = vm.cmp.lt.i32.s %a, %b : i32
// CHECK-NEXT:    %sle = vm.cmp.lte.i32.s %a, %b : i32
// CHECK-NEXT:    %sgt = vm.cmp.gt.i64.s %x, %x : i64
// CHECK-NEXT:    %sge = vm.cmp.gte.i32.s %a, %b : i32
// CHECK-NEXT:    %ult = vm.cmp.lt.i32.u %a, %b : i32
// CHECK-NEXT:    %ule = vm.cmp.lte.i64.u %x, %x : i64
// CHECK-NEXT:    %ugt = vm.cmp.gt.i32.u %a, %b : i32
// CHECK-NEXT:    %uge = vm.cmp.gte.i32.u %a, %b : i32
// CHECK-NEXT:    %oeq = vm.cmp.eq.f32.o %f, %f : f32
// CHECK-NEXT:    %ogt = vm.cmp.gt.f64.o %d, %d : f64
// CHECK-NEXT:    %oge = vm.cmp.gte.f32.o %f, %f : f32
// CHECK-NEXT:    %olt = vm.cmp.lt.f32.o %f, %f : f32
// CHECK-NEXT:    %ole = vm.cmp.lte.f32.o %f, %f : f32
// CHECK-NEXT:    %one = vm.cmp.ne.f32.o %f, %f : f32
// CHECK-NEXT:    %ueq = vm.cmp.eq.f32.u %f, %f : f32
// CHECK-NEXT:    %ugtf = vm.cmp.gt.f32.u %f, %f : f32
// CHECK-NEXT:    %ugef = vm.cmp.gte.f32.u %f, %f : f32
// CHECK-NEXT:    %ultf = vm.cmp.lt.f32.u %f, %f : f32
// CHECK-NEXT:    %ulef = vm.cmp.lte.f64.u %d, %d : f64
// CHECK-NEXT:    %une = vm.cmp.ne.f32.u %f, %f : f32
// CHECK-NEXT:    %[[NAN_F:.*]] = vm.cmp.nan.f32 %f : f32
// CHECK-NEXT:    %[[NAN_D:.*]] = vm.cmp.nan.f32 %d2 : f32
// CHECK-NEXT:    %uno = vm.or.i32 %[[NAN_F]], %[[NAN_D]] : i32
// CHECK-NEXT:    %[[NAN_F2:.*]] = vm.cmp.nan.f32 %f : f32
// CHECK-NEXT:    %[[NAN_D2:.*]] = vm.cmp.nan.f32 %d2 : f32
// CHECK-NEXT:    %[[EITHER:.*]] = vm.or.i32 %[[NAN_F2]], %[[NAN_D2]] : i32
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %ord = vm.xor.i32 %[[EITHER]], %[[ONE]] : i32
// CHECK-NEXT:    %false = vm.const.i32.zero
// CHECK-NEXT:    %seli = vm.select.i32 %eq, %a, %b : i32
// CHECK-NEXT:    %sell = vm.select.i64 %ne, %x, %x : i64
// CHECK-NEXT:    %self = vm.select.f32 %slt, %f, %f : f32
// CHECK-NEXT:    %seld = vm.select.f64 %sle, %d, %d : f64
// CHECK-NEXT:    %selr = vm.select.ref %sgt, %r, %r : !vm.buffer
func.func @compares(%a : i32, %b : i32, %x : i64, %f : f32, %d : f64, %r : !util.buffer) {
  %d2 = arith.constant 0.5 : f32
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %x, %x : i64
  %slt = arith.cmpi slt, %a, %b : i32
  %sle = arith.cmpi sle, %a, %b : i32
  %sgt = arith.cmpi sgt, %x, %x : i64
  %sge = arith.cmpi sge, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %ule = arith.cmpi ule, %x, %x : i64
  %ugt = arith.cmpi ugt, %a, %b : i32
  %uge = arith.cmpi uge, %a, %b : i32
  %oeq = arith.cmpf oeq, %f, %f : f32
  %ogt = arith.cmpf ogt, %d, %d : f64
  %oge = arith.cmpf oge, %f, %f : f32
  %olt = arith.cmpf olt, %f, %f : f32
  %ole = arith.cmpf ole, %f, %f : f32
  %one = arith.cmpf one, %f, %f : f32
  %ueq = arith.cmpf ueq, %f, %f : f32
  %ugtf = arith.cmpf ugt, %f, %f : f32
  %ugef = arith.cmpf uge, %f, %f : f32
  %ultf = arith.cmpf ult, %f, %f : f32
  %ulef = arith.cmpf ule, %d, %d : f64
  %une = arith.cmpf une, %f, %f : f32
  %uno = arith.cmpf uno, %f, %d2 : f32
  %ord = arith.cmpf ord, %f, %d2 : f32
  %false = arith.cmpf false, %f, %f : f32
  %true = arith.cmpf true, %f, %f : f32
  %seli = arith.select %eq, %a, %b : i32
  %sell = arith.select %ne, %x, %x : i64
  %self = arith.select %slt, %f, %f : f32
  %seld = arith.select %sle, %d, %d : f64
  %selr = arith.select %sgt, %r, %r : !util.buffer
  func.return
}

// -----

// maximumf/minimumf propagate NaN and order -0.0 below +0.0 (equal operands: AND/OR of the
// bits), maxnumf/minnumf ignore NaN (MLIR's arith-expand form).

// CHECK-LABEL: vm.func private @min_max(%f: f32, %g: f32) {
// CHECK-NEXT:    %[[GT:.*]] = vm.cmp.gt.f32.u %f, %g : f32
// CHECK-NEXT:    %[[MAX:.*]] = vm.select.f32 %[[GT]], %f, %g : f32
// CHECK-NEXT:    %[[EQ:.*]] = vm.cmp.eq.f32.o %f, %g : f32
// CHECK-NEXT:    %[[F_BITS:.*]] = vm.bitcast.f32.i32 %f : f32 -> i32
// CHECK-NEXT:    %[[G_BITS:.*]] = vm.bitcast.f32.i32 %g : f32 -> i32
// CHECK-NEXT:    %[[AND:.*]] = vm.and.i32 %[[F_BITS]], %[[G_BITS]] : i32
// CHECK-NEXT:    %[[PLUS_ZERO:.*]] = vm.bitcast.i32.f32 %[[AND]] : i32 -> f32
// CHECK-NEXT:    %[[MAX0:.*]] = vm.select.f32 %[[EQ]], %[[PLUS_ZERO]], %[[MAX]] : f32
// CHECK-NEXT:    %[[G_NAN:.*]] = vm.cmp.nan.f32 %g : f32
// CHECK-NEXT:    %maximum = vm.select.f32 %[[G_NAN]], %g, %[[MAX0]] : f32
// CHECK-NEXT:    %[[LT:.*]] = vm.cmp.lt.f32.u %f, %g : f32
// CHECK-NEXT:    %[[MIN:.*]] = vm.select.f32 %[[LT]], %f, %g : f32
// CHECK-NEXT:    %[[EQ2:.*]] = vm.cmp.eq.f32.o %f, %g : f32
// CHECK-NEXT:    %[[F_BITS2:.*]] = vm.bitcast.f32.i32 %f : f32 -> i32
// CHECK-NEXT:    %[[G_BITS2:.*]] = vm.bitcast.f32.i32 %g : f32 -> i32
// CHECK-NEXT:    %[[OR:.*]] = vm.or.i32 %[[F_BITS2]], %[[G_BITS2]] : i32
// CHECK-NEXT:    %[[MINUS_ZERO:.*]] = vm.bitcast.i32.f32 %[[OR]] : i32 -> f32
// CHECK-NEXT:    %[[MIN0:.*]] = vm.select.f32 %[[EQ2]], %[[MINUS_ZERO]], %[[MIN]] : f32
// CHECK-NEXT:    %[[G_NAN2:.*]] = vm.cmp.nan.f32 %g : f32
// CHECK-NEXT:    %minimum = vm.select.f32 %[[G_NAN2]], %g, %[[MIN0]] : f32
// CHECK-NEXT:    %[[GT2:.*]] = vm.cmp.gt.f32.u %f, %g : f32
// CHECK-NEXT:    %[[MAX2:.*]] = vm.select.f32 %[[GT2]], %f, %g : f32
// CHECK-NEXT:    %[[F_NAN:.*]] = vm.cmp.nan.f32 %f : f32
// CHECK-NEXT:    %maxnum = vm.select.f32 %[[F_NAN]], %g, %[[MAX2]] : f32
// CHECK-NEXT:    %[[LT2:.*]] = vm.cmp.lt.f32.u %f, %g : f32
// CHECK-NEXT:    %[[MIN2:.*]] = vm.select.f32 %[[LT2]], %f, %g : f32
// CHECK-NEXT:    %[[F_NAN2:.*]] = vm.cmp.nan.f32 %f : f32
// CHECK-NEXT:    %minnum = vm.select.f32 %[[F_NAN2]], %g, %[[MIN2]] : f32
// CHECK-NEXT:    vm.return
func.func @min_max(%f : f32, %g : f32) {
  %maximum = arith.maximumf %f, %g : f32
  %minimum = arith.minimumf %f, %g : f32
  %maxnum = arith.maxnumf %f, %g : f32
  %minnum = arith.minnumf %f, %g : f32
  func.return
}

// -----

// floordivsi/ceildivsi: the truncating quotient, adjusted by one when the division is
// inexact and the operand signs differ (floor) or agree (ceil). ceildivui guards a == 0.

// CHECK-LABEL: vm.func private @rounding_divisions(%a: i32, %b: i32, %x: i64, %y: i64) {
// CHECK-NEXT:    %[[Q:.*]] = vm.div.i32.s %a, %b : i32
// CHECK-NEXT:    %[[P:.*]] = vm.mul.i32 %[[Q]], %b : i32
// CHECK-NEXT:    %[[INEXACT:.*]] = vm.cmp.ne.i32 %a, %[[P]] : i32
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.i32.zero
// CHECK-NEXT:    %[[A_NEG:.*]] = vm.cmp.lt.i32.s %a, %[[ZERO]] : i32
// CHECK-NEXT:    %[[B_NEG:.*]] = vm.cmp.lt.i32.s %b, %[[ZERO]] : i32
// CHECK-NEXT:    %[[DIFFER:.*]] = vm.xor.i32 %[[A_NEG]], %[[B_NEG]] : i32
// CHECK-NEXT:    %[[ADJUST:.*]] = vm.and.i32 %[[INEXACT]], %[[DIFFER]] : i32
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[QM1:.*]] = vm.sub.i32 %[[Q]], %[[ONE]] : i32
// CHECK-NEXT:    %floor = vm.select.i32 %[[ADJUST]], %[[QM1]], %[[Q]] : i32
// CHECK-NEXT:    %[[Q64:.*]] = vm.div.i64.s %x, %y : i64
// CHECK-NEXT:    %[[P64:.*]] = vm.mul.i64 %[[Q64]], %y : i64
// CHECK-NEXT:    %[[INEXACT64:.*]] = vm.cmp.ne.i64 %x, %[[P64]] : i64
// CHECK-NEXT:    %[[ZERO64:.*]] = vm.const.i64.zero
// CHECK-NEXT:    %[[X_NEG:.*]] = vm.cmp.lt.i64.s %x, %[[ZERO64]] : i64
// CHECK-NEXT:    %[[Y_NEG:.*]] = vm.cmp.lt.i64.s %y, %[[ZERO64]] : i64
// CHECK-NEXT:    %[[DIFFER64:.*]] = vm.xor.i32 %[[X_NEG]], %[[Y_NEG]] : i32
// CHECK-NEXT:    %[[AGREE:.*]] = vm.xor.i32 %[[DIFFER64]], %[[ONE]] : i32
// CHECK-NEXT:    %[[ADJUST64:.*]] = vm.and.i32 %[[INEXACT64]], %[[AGREE]] : i32
// CHECK-NEXT:    %[[ONE64:.*]] = vm.const.i64 1
// CHECK-NEXT:    %[[QP1:.*]] = vm.add.i64 %[[Q64]], %[[ONE64]] : i64
// CHECK-NEXT:    %ceil = vm.select.i64 %[[ADJUST64]], %[[QP1]], %[[Q64]] : i64
// CHECK-NEXT:    %[[AM1:.*]] = vm.sub.i32 %a, %[[ONE]] : i32
// CHECK-NEXT:    %[[QU:.*]] = vm.div.i32.u %[[AM1]], %b : i32
// CHECK-NEXT:    %[[IS_ZERO:.*]] = vm.cmp.eq.i32 %a, %[[ZERO]] : i32
// CHECK-NEXT:    %[[QU1:.*]] = vm.add.i32 %[[QU]], %[[ONE]] : i32
// CHECK-NEXT:    %ceilu = vm.select.i32 %[[IS_ZERO]], %[[ZERO]], %[[QU1]] : i32
// CHECK-NEXT:    vm.return
func.func @rounding_divisions(%a : i32, %b : i32, %x : index, %y : index) {
  %floor = arith.floordivsi %a, %b : i32
  %ceil = arith.ceildivsi %x, %y : index
  %ceilu = arith.ceildivui %a, %b : i32
  func.return
}

// -----

// A constant rhs drops the selects it makes needless: relu's max with +0.0 needs neither the
// NaN nor the zero select; min with +0.0 keeps the zero select, max with NaN the NaN select.

// CHECK-LABEL: vm.func private @min_max_constant(%f: f32) {
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.f32.zero
// CHECK-NEXT:    %[[GT:.*]] = vm.cmp.gt.f32.u %f, %[[ZERO]] : f32
// CHECK-NEXT:    %relu = vm.select.f32 %[[GT]], %f, %[[ZERO]] : f32
// CHECK-NEXT:    %[[LT:.*]] = vm.cmp.lt.f32.u %f, %[[ZERO]] : f32
// CHECK-NEXT:    %[[MIN:.*]] = vm.select.f32 %[[LT]], %f, %[[ZERO]] : f32
// CHECK-NEXT:    %[[EQ:.*]] = vm.cmp.eq.f32.o %f, %[[ZERO]] : f32
// CHECK:         %low = vm.select.f32 %[[EQ]], %{{.*}}, %[[MIN]] : f32
// CHECK-NEXT:    %nan = vm.const.f32 0x7fc00000
// CHECK-NEXT:    %[[GT2:.*]] = vm.cmp.gt.f32.u %f, %nan : f32
// CHECK-NEXT:    %[[MAX:.*]] = vm.select.f32 %[[GT2]], %f, %nan : f32
// CHECK-NEXT:    %[[IS_NAN:.*]] = vm.cmp.nan.f32 %nan : f32
// CHECK-NEXT:    %high = vm.select.f32 %[[IS_NAN]], %nan, %[[MAX]] : f32
// CHECK-NEXT:    vm.return
func.func @min_max_constant(%f : f32) {
  %zero = arith.constant 0.0 : f32
  %relu = arith.maximumf %f, %zero : f32
  %low = arith.minimumf %f, %zero : f32
  %nan = arith.constant 0x7FC00000 : f32
  %high = arith.maximumf %f, %nan : f32
  func.return
}
