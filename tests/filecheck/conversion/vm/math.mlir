// RUN: pyvmvx-opt %s -p iree-vm-conversion | filecheck %s

// The math ops the VM has map one to one, in f32 and f64 (ctlz/absi on integers).

// CHECK-LABEL: vm.func private @math_f32(%f: f32, %g: f32, %a: i32, %x: i64) {
// CHECK-NEXT:    %abs = vm.abs.f32 %f : f32
// CHECK-NEXT:    %ceil = vm.ceil.f32 %f : f32
// CHECK-NEXT:    %floor = vm.floor.f32 %f : f32
// CHECK-NEXT:    %round = vm.round.f32 %f : f32
// CHECK-NEXT:    %roundeven = vm.round.f32.even %f : f32
// CHECK-NEXT:    %exp = vm.exp.f32 %f : f32
// CHECK-NEXT:    %exp2 = vm.exp2.f32 %f : f32
// CHECK-NEXT:    %expm1 = vm.expm1.f32 %f : f32
// CHECK-NEXT:    %log = vm.log.f32 %f : f32
// CHECK-NEXT:    %log10 = vm.log10.f32 %f : f32
// CHECK-NEXT:    %log1p = vm.log1p.f32 %f : f32
// CHECK-NEXT:    %log2 = vm.log2.f32 %f : f32
// CHECK-NEXT:    %pow = vm.pow.f32 %f, %g : f32
// CHECK-NEXT:    %rsqrt = vm.rsqrt.f32 %f : f32
// CHECK-NEXT:    %sqrt = vm.sqrt.f32 %f : f32
// CHECK-NEXT:    %tanh = vm.tanh.f32 %f : f32
// CHECK-NEXT:    %atan = vm.atan.f32 %f : f32
// CHECK-NEXT:    %atan2 = vm.atan2.f32 %f, %g : f32
// CHECK-NEXT:    %cos = vm.cos.f32 %f : f32
// CHECK-NEXT:    %sin = vm.sin.f32 %f : f32
// CHECK-NEXT:    %erf = vm.erf.f32 %f : f32
// CHECK-NEXT:    %fma = vm.fma.f32 %f, %g, %f : f32
// CHECK-NEXT:    %ctlz = vm.ctlz.i32 %a : i32
// CHECK-NEXT:    %ctlz64 = vm.ctlz.i64 %x : i64
// CHECK-NEXT:    %absi = vm.abs.i64 %x : i64
// CHECK-NEXT:    vm.return
func.func @math_f32(%f : f32, %g : f32, %a : i32, %x : i64) {
  %abs = math.absf %f : f32
  %ceil = math.ceil %f : f32
  %floor = math.floor %f : f32
  %round = math.round %f : f32
  %roundeven = math.roundeven %f : f32
  %exp = math.exp %f : f32
  %exp2 = math.exp2 %f : f32
  %expm1 = math.expm1 %f : f32
  %log = math.log %f : f32
  %log10 = math.log10 %f : f32
  %log1p = math.log1p %f : f32
  %log2 = math.log2 %f : f32
  %pow = math.powf %f, %g : f32
  %rsqrt = math.rsqrt %f : f32
  %sqrt = math.sqrt %f : f32
  %tanh = math.tanh %f : f32
  %atan = math.atan %f : f32
  %atan2 = math.atan2 %f, %g : f32
  %cos = math.cos %f : f32
  %sin = math.sin %f : f32
  %erf = math.erf %f : f32
  %fma = math.fma %f, %g, %f : f32
  %ctlz = math.ctlz %a : i32
  %ctlz64 = math.ctlz %x : i64
  %absi = math.absi %x : i64
  func.return
}

// CHECK-LABEL: vm.func private @math_f64(%d: f64) {
// CHECK-NEXT:    %exp = vm.exp.f64 %d : f64
// CHECK-NEXT:    %sqrt = vm.sqrt.f64 %d : f64
// CHECK-NEXT:    %pow = vm.pow.f64 %d, %d : f64
// CHECK-NEXT:    %fma = vm.fma.f64 %d, %d, %d : f64
// CHECK-NEXT:    vm.return
func.func @math_f64(%d : f64) {
  %exp = math.exp %d : f64
  %sqrt = math.sqrt %d : f64
  %pow = math.powf %d, %d : f64
  %fma = math.fma %d, %d, %d : f64
  func.return
}

// The math ops the VM has no instruction for. tan, asin, acos, sinh, cosh compute in f64 (an
// f32 operand widened, the result rounded once): tan = sin / cos, sinh from expm1 without
// cancellation (exp(|x| / 2) squared where exp(|x|) would overflow), with the operand's sign.
// copysign, isnan/isinf/isfinite/isnormal and trunc are bit operations, compares of |x| and
// ceil/floor by sign; fpowi is pow of the exponent converted to f64.

// CHECK-LABEL: vm.func private @expanded(%f: f32, %g: f32, %d: f64, %n: i32, %h: f32) {
// CHECK-NEXT:    %[[WIDE:.*]] = vm.ext.f32.f64 %f : f32 -> f64
// CHECK-NEXT:    %[[SIN:.*]] = vm.sin.f64 %[[WIDE]] : f64
// CHECK-NEXT:    %[[COS:.*]] = vm.cos.f64 %[[WIDE]] : f64
// CHECK-NEXT:    %[[TAN:.*]] = vm.div.f64 %[[SIN]], %[[COS]] : f64
// CHECK-NEXT:    %tan = vm.trunc.f64.f32 %[[TAN]] : f64 -> f32
// CHECK-NEXT:    %[[ABS:.*]] = vm.abs.f64 %d : f64
// CHECK-NEXT:    %[[UP:.*]] = vm.expm1.f64 %[[ABS]] : f64
// CHECK-NEXT:    %[[NEG:.*]] = vm.neg.f64 %[[ABS]] : f64
// CHECK-NEXT:    %[[DOWN:.*]] = vm.expm1.f64 %[[NEG]] : f64
// CHECK-NEXT:    %[[DIFF:.*]] = vm.sub.f64 %[[UP]], %[[DOWN]] : f64
// CHECK:         %[[BIG:.*]] = vm.cmp.gt.f64.o %[[ABS]], %{{.*}} : f64
// CHECK-NEXT:    %[[MAGNITUDE:.*]] = vm.select.f64 %[[BIG]], %{{.*}}, %{{.*}} : f64
// CHECK:         %sinh = vm.bitcast.i64.f64 %{{.*}} : i64 -> f64
// CHECK:         %[[FBITS:.*]] = vm.bitcast.f32.i32 %f : f32 -> i32
// CHECK-NEXT:    %[[GBITS:.*]] = vm.bitcast.f32.i32 %g : f32 -> i32
// CHECK-NEXT:    %[[KEPT:.*]] = vm.and.i32 %[[FBITS]], %{{.*}} : i32
// CHECK-NEXT:    %[[SIGN:.*]] = vm.and.i32 %[[GBITS]], %{{.*}} : i32
// CHECK-NEXT:    %[[BITS:.*]] = vm.or.i32 %[[KEPT]], %[[SIGN]] : i32
// CHECK-NEXT:    %copysign = vm.bitcast.i32.f32 %[[BITS]] : i32 -> f32
// CHECK-NEXT:    %isnan = vm.cmp.nan.f64 %d : f64
// CHECK-NEXT:    %[[FABS:.*]] = vm.abs.f32 %f : f32
// CHECK-NEXT:    %[[INF:.*]] = vm.const.f32 0x7f800000
// CHECK-NEXT:    %isinf = vm.cmp.eq.f32.o %[[FABS]], %[[INF]] : f32
// CHECK-NEXT:    %[[HABS:.*]] = vm.abs.f32 %h : f32
// CHECK-NEXT:    %[[FINITE:.*]] = vm.cmp.lt.f32.o %[[HABS]], %[[INF]] : f32
// CHECK-NEXT:    %[[F16_MIN:.*]] = vm.const.f32 6.10351562e-05
// CHECK-NEXT:    %[[NORMAL:.*]] = vm.cmp.gte.f32.o %[[HABS]], %[[F16_MIN]] : f32
// CHECK-NEXT:    %isnormal = vm.and.i32 %[[FINITE]], %[[NORMAL]] : i32
// CHECK:         %trunc = vm.select.f64
// CHECK-NEXT:    %[[N64:.*]] = vm.ext.i32.i64.s %n : i32 -> i64
// CHECK-NEXT:    %[[NF:.*]] = vm.cast.si64.f64 %[[N64]] : i64 -> f64
// CHECK-NEXT:    %[[FW:.*]] = vm.ext.f32.f64 %f : f32 -> f64
// CHECK-NEXT:    %[[POW:.*]] = vm.pow.f64 %[[FW]], %[[NF]] : f64
// CHECK-NEXT:    %fpowi = vm.trunc.f64.f32 %[[POW]] : f64 -> f32
func.func @expanded(%f : f32, %g : f32, %d : f64, %n : i32, %h : f16) {
  %tan = math.tan %f : f32
  %sinh = math.sinh %d : f64
  %copysign = math.copysign %f, %g : f32
  %isnan = math.isnan %d : f64
  %isinf = math.isinf %f : f32
  %isnormal = math.isnormal %h : f16
  %trunc = math.trunc %d : f64
  %fpowi = math.fpowi %f, %n : f32, i32
  func.return
}

// ipowi, unrolled over the exponent's bits below the sign (square and multiply), then the
// negative exponents: 1 for a base of 1, +-1 for -1 (by the exponent's parity), else 0.

// CHECK-LABEL: vm.func private @ipowi(%b: i32, %e: i32) -> i32 {
// CHECK-NEXT:    %[[ONE:.*]] = vm.const.i32 1
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.i32.zero
// CHECK-NEXT:    %[[LOW:.*]] = vm.and.i32 %e, %[[ONE]] : i32
// CHECK-NEXT:    %[[ODD:.*]] = vm.cmp.ne.i32 %[[LOW]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[TIMES:.*]] = vm.mul.i32 %[[ONE]], %b : i32
// CHECK-NEXT:    %[[R0:.*]] = vm.select.i32 %[[ODD]], %[[TIMES]], %[[ONE]] : i32
// CHECK-NEXT:    %[[SQUARE:.*]] = vm.mul.i32 %b, %b : i32
// CHECK-COUNT-5: vm.select.i32
// CHECK:         %[[POSITIVE:.*]] = vm.select.i32
// CHECK-NEXT:    %[[MINUS_ONE:.*]] = vm.const.i32 -1
// CHECK-NEXT:    %[[PARITY:.*]] = vm.select.i32 %[[ODD]], %[[MINUS_ONE]], %[[ONE]] : i32
// CHECK-NEXT:    %[[IS_MINUS_ONE:.*]] = vm.cmp.eq.i32 %b, %[[MINUS_ONE]] : i32
// CHECK-NEXT:    %[[INVERSE:.*]] = vm.select.i32 %[[IS_MINUS_ONE]], %[[PARITY]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[IS_ONE:.*]] = vm.cmp.eq.i32 %b, %[[ONE]] : i32
// CHECK-NEXT:    %[[INVERSE1:.*]] = vm.select.i32 %[[IS_ONE]], %[[ONE]], %[[INVERSE]] : i32
// CHECK-NEXT:    %[[NEGATIVE:.*]] = vm.cmp.lt.i32.s %e, %[[ZERO]] : i32
// CHECK-NEXT:    %[[R:.*]] = vm.select.i32 %[[NEGATIVE]], %[[INVERSE1]], %[[POSITIVE]] : i32
// CHECK-NEXT:    %r = vm.ext.i8.i32.s %[[R]] : i32 -> i32
// CHECK-NEXT:    vm.return %r : i32
func.func @ipowi(%b : i8, %e : i8) -> i8 {
  %r = math.ipowi %b, %e : i8
  func.return %r : i8
}

// asinh, acosh and atanh compute in f64 too, through log1p (exact near 0 and 1), with log(2|x|)
// where x * x would overflow; asinh and atanh take the operand's sign.

// CHECK-LABEL: vm.func private @inverse_hyperbolic(%f: f32, %d: f64) {
// CHECK-NEXT:    %[[WIDE:.*]] = vm.ext.f32.f64 %f : f32 -> f64
// CHECK-NEXT:    %[[ABS:.*]] = vm.abs.f64 %[[WIDE]] : f64
// CHECK:         %[[SMALL:.*]] = vm.log1p.f64 %{{.*}} : f64
// CHECK:         %[[LOG:.*]] = vm.log.f64 %[[ABS]] : f64
// CHECK:         %[[HUGE:.*]] = vm.cmp.gt.f64.o %[[ABS]], %{{.*}} : f64
// CHECK-NEXT:    %{{.*}} = vm.select.f64 %[[HUGE]], %{{.*}}, %[[SMALL]] : f64
// CHECK:         %asinh = vm.trunc.f64.f32 %{{.*}} : f64 -> f32
// CHECK:         %[[T:.*]] = vm.sub.f64 %d, %{{.*}} : f64
// CHECK-NEXT:    %[[ROOT_T:.*]] = vm.sqrt.f64 %[[T]] : f64
// CHECK:         %acosh = vm.select.f64
// CHECK:         %[[M:.*]] = vm.abs.f64 %d : f64
// CHECK:         vm.log1p.f64
// CHECK:         %atanh = vm.bitcast.i64.f64 %{{.*}} : i64 -> f64
func.func @inverse_hyperbolic(%f : f32, %d : f64) {
  %asinh = math.asinh %f : f32
  %acosh = math.acosh %d : f64
  %atanh = math.atanh %d : f64
  func.return
}
