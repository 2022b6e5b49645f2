// RUN: pyvmvx-opt %s | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// Every scalar vm op (constants, arithmetic, compares, selects, conversions) prints back
// in IREE's syntax, also after a trip through the generic form.

// CHECK-LABEL: vm.module @scalar {
vm.module @scalar {
  // CHECK-NEXT: vm.func @i32_ops(%a: i32, %b: i32, %c: i32, %amount: i32, %cond: i32) {
  vm.func @i32_ops(%a: i32, %b: i32, %c: i32, %amount: i32, %cond: i32) {
    %k0 = vm.const.i32 42
    // CHECK-NEXT: %k0 = vm.const.i32 42
    %k1 = vm.const.i32 -1
    // CHECK-NEXT: %k1 = vm.const.i32 -1
    %k2 = vm.const.i32 0xCAFE
    // CHECK-NEXT: %k2 = vm.const.i32 51966
    %zero = vm.const.i32.zero
    // CHECK-NEXT: %zero = vm.const.i32.zero
    %add = vm.add.i32 %a, %b : i32
    // CHECK-NEXT: %add = vm.add.i32 %a, %b : i32
    %sub = vm.sub.i32 %a, %b : i32
    // CHECK-NEXT: %sub = vm.sub.i32 %a, %b : i32
    %mul = vm.mul.i32 %a, %b : i32
    // CHECK-NEXT: %mul = vm.mul.i32 %a, %b : i32
    %div_s = vm.div.i32.s %a, %b : i32
    // CHECK-NEXT: %div_s = vm.div.i32.s %a, %b : i32
    %div_u = vm.div.i32.u %a, %b : i32
    // CHECK-NEXT: %div_u = vm.div.i32.u %a, %b : i32
    %rem_s = vm.rem.i32.s %a, %b : i32
    // CHECK-NEXT: %rem_s = vm.rem.i32.s %a, %b : i32
    %rem_u = vm.rem.i32.u %a, %b : i32
    // CHECK-NEXT: %rem_u = vm.rem.i32.u %a, %b : i32
    %fma = vm.fma.i32 %a, %b, %c : i32
    // CHECK-NEXT: %fma = vm.fma.i32 %a, %b, %c : i32
    %abs = vm.abs.i32 %a : i32
    // CHECK-NEXT: %abs = vm.abs.i32 %a : i32
    %min_s = vm.min.i32.s %a, %b : i32
    // CHECK-NEXT: %min_s = vm.min.i32.s %a, %b : i32
    %min_u = vm.min.i32.u %a, %b : i32
    // CHECK-NEXT: %min_u = vm.min.i32.u %a, %b : i32
    %max_s = vm.max.i32.s %a, %b : i32
    // CHECK-NEXT: %max_s = vm.max.i32.s %a, %b : i32
    %max_u = vm.max.i32.u %a, %b : i32
    // CHECK-NEXT: %max_u = vm.max.i32.u %a, %b : i32
    %not = vm.not.i32 %a : i32
    // CHECK-NEXT: %not = vm.not.i32 %a : i32
    %and = vm.and.i32 %a, %b : i32
    // CHECK-NEXT: %and = vm.and.i32 %a, %b : i32
    %or = vm.or.i32 %a, %b : i32
    // CHECK-NEXT: %or = vm.or.i32 %a, %b : i32
    %xor = vm.xor.i32 %a, %b : i32
    // CHECK-NEXT: %xor = vm.xor.i32 %a, %b : i32
    %ctlz = vm.ctlz.i32 %a : i32
    // CHECK-NEXT: %ctlz = vm.ctlz.i32 %a : i32
    %shl = vm.shl.i32 %a, %amount : i32
    // CHECK-NEXT: %shl = vm.shl.i32 %a, %amount : i32
    %shr_s = vm.shr.i32.s %a, %amount : i32
    // CHECK-NEXT: %shr_s = vm.shr.i32.s %a, %amount : i32
    %shr_u = vm.shr.i32.u %a, %amount : i32
    // CHECK-NEXT: %shr_u = vm.shr.i32.u %a, %amount : i32
    %cmp_eq = vm.cmp.eq.i32 %a, %b : i32
    // CHECK-NEXT: %cmp_eq = vm.cmp.eq.i32 %a, %b : i32
    %cmp_ne = vm.cmp.ne.i32 %a, %b : i32
    // CHECK-NEXT: %cmp_ne = vm.cmp.ne.i32 %a, %b : i32
    %cmp_lt_s = vm.cmp.lt.i32.s %a, %b : i32
    // CHECK-NEXT: %cmp_lt_s = vm.cmp.lt.i32.s %a, %b : i32
    %cmp_lt_u = vm.cmp.lt.i32.u %a, %b : i32
    // CHECK-NEXT: %cmp_lt_u = vm.cmp.lt.i32.u %a, %b : i32
    %cmp_lte_s = vm.cmp.lte.i32.s %a, %b : i32
    // CHECK-NEXT: %cmp_lte_s = vm.cmp.lte.i32.s %a, %b : i32
    %cmp_lte_u = vm.cmp.lte.i32.u %a, %b : i32
    // CHECK-NEXT: %cmp_lte_u = vm.cmp.lte.i32.u %a, %b : i32
    %cmp_gt_s = vm.cmp.gt.i32.s %a, %b : i32
    // CHECK-NEXT: %cmp_gt_s = vm.cmp.gt.i32.s %a, %b : i32
    %cmp_gt_u = vm.cmp.gt.i32.u %a, %b : i32
    // CHECK-NEXT: %cmp_gt_u = vm.cmp.gt.i32.u %a, %b : i32
    %cmp_gte_s = vm.cmp.gte.i32.s %a, %b : i32
    // CHECK-NEXT: %cmp_gte_s = vm.cmp.gte.i32.s %a, %b : i32
    %cmp_gte_u = vm.cmp.gte.i32.u %a, %b : i32
    // CHECK-NEXT: %cmp_gte_u = vm.cmp.gte.i32.u %a, %b : i32
    %cmp_nz = vm.cmp.nz.i32 %a : i32
    // CHECK-NEXT: %cmp_nz = vm.cmp.nz.i32 %a : i32
    %select = vm.select.i32 %cond, %a, %b : i32
    // CHECK-NEXT: %select = vm.select.i32 %cond, %a, %b : i32
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @i64_ops(%a: i64, %b: i64, %c: i64, %amount: i32, %cond: i32) {
  vm.func @i64_ops(%a: i64, %b: i64, %c: i64, %amount: i32, %cond: i32) {
    %k0 = vm.const.i64 4294967296
    // CHECK-NEXT: %k0 = vm.const.i64 4294967296
    %k1 = vm.const.i64 -9223372036854775808
    // CHECK-NEXT: %k1 = vm.const.i64 -9223372036854775808
    %zero = vm.const.i64.zero
    // CHECK-NEXT: %zero = vm.const.i64.zero
    %add = vm.add.i64 %a, %b : i64
    // CHECK-NEXT: %add = vm.add.i64 %a, %b : i64
    %sub = vm.sub.i64 %a, %b : i64
    // CHECK-NEXT: %sub = vm.sub.i64 %a, %b : i64
    %mul = vm.mul.i64 %a, %b : i64
    // CHECK-NEXT: %mul = vm.mul.i64 %a, %b : i64
    %div_s = vm.div.i64.s %a, %b : i64
    // CHECK-NEXT: %div_s = vm.div.i64.s %a, %b : i64
    %div_u = vm.div.i64.u %a, %b : i64
    // CHECK-NEXT: %div_u = vm.div.i64.u %a, %b : i64
    %rem_s = vm.rem.i64.s %a, %b : i64
    // CHECK-NEXT: %rem_s = vm.rem.i64.s %a, %b : i64
    %rem_u = vm.rem.i64.u %a, %b : i64
    // CHECK-NEXT: %rem_u = vm.rem.i64.u %a, %b : i64
    %fma = vm.fma.i64 %a, %b, %c : i64
    // CHECK-NEXT: %fma = vm.fma.i64 %a, %b, %c : i64
    %abs = vm.abs.i64 %a : i64
    // CHECK-NEXT: %abs = vm.abs.i64 %a : i64
    %min_s = vm.min.i64.s %a, %b : i64
    // CHECK-NEXT: %min_s = vm.min.i64.s %a, %b : i64
    %min_u = vm.min.i64.u %a, %b : i64
    // CHECK-NEXT: %min_u = vm.min.i64.u %a, %b : i64
    %max_s = vm.max.i64.s %a, %b : i64
    // CHECK-NEXT: %max_s = vm.max.i64.s %a, %b : i64
    %max_u = vm.max.i64.u %a, %b : i64
    // CHECK-NEXT: %max_u = vm.max.i64.u %a, %b : i64
    %not = vm.not.i64 %a : i64
    // CHECK-NEXT: %not = vm.not.i64 %a : i64
    %and = vm.and.i64 %a, %b : i64
    // CHECK-NEXT: %and = vm.and.i64 %a, %b : i64
    %or = vm.or.i64 %a, %b : i64
    // CHECK-NEXT: %or = vm.or.i64 %a, %b : i64
    %xor = vm.xor.i64 %a, %b : i64
    // CHECK-NEXT: %xor = vm.xor.i64 %a, %b : i64
    %ctlz = vm.ctlz.i64 %a : i64
    // CHECK-NEXT: %ctlz = vm.ctlz.i64 %a : i64
    %shl = vm.shl.i64 %a, %amount : i64
    // CHECK-NEXT: %shl = vm.shl.i64 %a, %amount : i64
    %shr_s = vm.shr.i64.s %a, %amount : i64
    // CHECK-NEXT: %shr_s = vm.shr.i64.s %a, %amount : i64
    %shr_u = vm.shr.i64.u %a, %amount : i64
    // CHECK-NEXT: %shr_u = vm.shr.i64.u %a, %amount : i64
    %cmp_eq = vm.cmp.eq.i64 %a, %b : i64
    // CHECK-NEXT: %cmp_eq = vm.cmp.eq.i64 %a, %b : i64
    %cmp_ne = vm.cmp.ne.i64 %a, %b : i64
    // CHECK-NEXT: %cmp_ne = vm.cmp.ne.i64 %a, %b : i64
    %cmp_lt_s = vm.cmp.lt.i64.s %a, %b : i64
    // CHECK-NEXT: %cmp_lt_s = vm.cmp.lt.i64.s %a, %b : i64
    %cmp_lt_u = vm.cmp.lt.i64.u %a, %b : i64
    // CHECK-NEXT: %cmp_lt_u = vm.cmp.lt.i64.u %a, %b : i64
    %cmp_lte_s = vm.cmp.lte.i64.s %a, %b : i64
    // CHECK-NEXT: %cmp_lte_s = vm.cmp.lte.i64.s %a, %b : i64
    %cmp_lte_u = vm.cmp.lte.i64.u %a, %b : i64
    // CHECK-NEXT: %cmp_lte_u = vm.cmp.lte.i64.u %a, %b : i64
    %cmp_gt_s = vm.cmp.gt.i64.s %a, %b : i64
    // CHECK-NEXT: %cmp_gt_s = vm.cmp.gt.i64.s %a, %b : i64
    %cmp_gt_u = vm.cmp.gt.i64.u %a, %b : i64
    // CHECK-NEXT: %cmp_gt_u = vm.cmp.gt.i64.u %a, %b : i64
    %cmp_gte_s = vm.cmp.gte.i64.s %a, %b : i64
    // CHECK-NEXT: %cmp_gte_s = vm.cmp.gte.i64.s %a, %b : i64
    %cmp_gte_u = vm.cmp.gte.i64.u %a, %b : i64
    // CHECK-NEXT: %cmp_gte_u = vm.cmp.gte.i64.u %a, %b : i64
    %cmp_nz = vm.cmp.nz.i64 %a : i64
    // CHECK-NEXT: %cmp_nz = vm.cmp.nz.i64 %a : i64
    %select = vm.select.i64 %cond, %a, %b : i64
    // CHECK-NEXT: %select = vm.select.i64 %cond, %a, %b : i64
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @f32_ops(%a: f32, %b: f32, %c: f32, %amount: i32, %cond: i32) {
  vm.func @f32_ops(%a: f32, %b: f32, %c: f32, %amount: i32, %cond: i32) {
    %k0 = vm.const.f32 42.0
    // CHECK-NEXT: %k0 = vm.const.f32 4.200000e+01
    %k1 = vm.const.f32 -0.5
    // CHECK-NEXT: %k1 = vm.const.f32 -5.000000e-01
    %zero = vm.const.f32.zero
    // CHECK-NEXT: %zero = vm.const.f32.zero
    %add = vm.add.f32 %a, %b : f32
    // CHECK-NEXT: %add = vm.add.f32 %a, %b : f32
    %sub = vm.sub.f32 %a, %b : f32
    // CHECK-NEXT: %sub = vm.sub.f32 %a, %b : f32
    %mul = vm.mul.f32 %a, %b : f32
    // CHECK-NEXT: %mul = vm.mul.f32 %a, %b : f32
    %div = vm.div.f32 %a, %b : f32
    // CHECK-NEXT: %div = vm.div.f32 %a, %b : f32
    %rem = vm.rem.f32 %a, %b : f32
    // CHECK-NEXT: %rem = vm.rem.f32 %a, %b : f32
    %min = vm.min.f32 %a, %b : f32
    // CHECK-NEXT: %min = vm.min.f32 %a, %b : f32
    %max = vm.max.f32 %a, %b : f32
    // CHECK-NEXT: %max = vm.max.f32 %a, %b : f32
    %atan2 = vm.atan2.f32 %a, %b : f32
    // CHECK-NEXT: %atan2 = vm.atan2.f32 %a, %b : f32
    %pow = vm.pow.f32 %a, %b : f32
    // CHECK-NEXT: %pow = vm.pow.f32 %a, %b : f32
    %fma = vm.fma.f32 %a, %b, %c : f32
    // CHECK-NEXT: %fma = vm.fma.f32 %a, %b, %c : f32
    %abs = vm.abs.f32 %a : f32
    // CHECK-NEXT: %abs = vm.abs.f32 %a : f32
    %neg = vm.neg.f32 %a : f32
    // CHECK-NEXT: %neg = vm.neg.f32 %a : f32
    %ceil = vm.ceil.f32 %a : f32
    // CHECK-NEXT: %ceil = vm.ceil.f32 %a : f32
    %floor = vm.floor.f32 %a : f32
    // CHECK-NEXT: %floor = vm.floor.f32 %a : f32
    %round = vm.round.f32 %a : f32
    // CHECK-NEXT: %round = vm.round.f32 %a : f32
    %atan = vm.atan.f32 %a : f32
    // CHECK-NEXT: %atan = vm.atan.f32 %a : f32
    %cos = vm.cos.f32 %a : f32
    // CHECK-NEXT: %cos = vm.cos.f32 %a : f32
    %sin = vm.sin.f32 %a : f32
    // CHECK-NEXT: %sin = vm.sin.f32 %a : f32
    %exp = vm.exp.f32 %a : f32
    // CHECK-NEXT: %exp = vm.exp.f32 %a : f32
    %exp2 = vm.exp2.f32 %a : f32
    // CHECK-NEXT: %exp2 = vm.exp2.f32 %a : f32
    %expm1 = vm.expm1.f32 %a : f32
    // CHECK-NEXT: %expm1 = vm.expm1.f32 %a : f32
    %log = vm.log.f32 %a : f32
    // CHECK-NEXT: %log = vm.log.f32 %a : f32
    %log10 = vm.log10.f32 %a : f32
    // CHECK-NEXT: %log10 = vm.log10.f32 %a : f32
    %log1p = vm.log1p.f32 %a : f32
    // CHECK-NEXT: %log1p = vm.log1p.f32 %a : f32
    %log2 = vm.log2.f32 %a : f32
    // CHECK-NEXT: %log2 = vm.log2.f32 %a : f32
    %rsqrt = vm.rsqrt.f32 %a : f32
    // CHECK-NEXT: %rsqrt = vm.rsqrt.f32 %a : f32
    %sqrt = vm.sqrt.f32 %a : f32
    // CHECK-NEXT: %sqrt = vm.sqrt.f32 %a : f32
    %tanh = vm.tanh.f32 %a : f32
    // CHECK-NEXT: %tanh = vm.tanh.f32 %a : f32
    %erf = vm.erf.f32 %a : f32
    // CHECK-NEXT: %erf = vm.erf.f32 %a : f32
    %round_even = vm.round.f32.even %a : f32
    // CHECK-NEXT: %round_even = vm.round.f32.even %a : f32
    %cmp_eq_o = vm.cmp.eq.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_eq_o = vm.cmp.eq.f32.o %a, %b : f32
    %cmp_eq_u = vm.cmp.eq.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_eq_u = vm.cmp.eq.f32.u %a, %b : f32
    %cmp_ne_o = vm.cmp.ne.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_ne_o = vm.cmp.ne.f32.o %a, %b : f32
    %cmp_ne_u = vm.cmp.ne.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_ne_u = vm.cmp.ne.f32.u %a, %b : f32
    %cmp_lt_o = vm.cmp.lt.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_lt_o = vm.cmp.lt.f32.o %a, %b : f32
    %cmp_lt_u = vm.cmp.lt.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_lt_u = vm.cmp.lt.f32.u %a, %b : f32
    %cmp_lte_o = vm.cmp.lte.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_lte_o = vm.cmp.lte.f32.o %a, %b : f32
    %cmp_lte_u = vm.cmp.lte.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_lte_u = vm.cmp.lte.f32.u %a, %b : f32
    %cmp_gt_o = vm.cmp.gt.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_gt_o = vm.cmp.gt.f32.o %a, %b : f32
    %cmp_gt_u = vm.cmp.gt.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_gt_u = vm.cmp.gt.f32.u %a, %b : f32
    %cmp_gte_o = vm.cmp.gte.f32.o %a, %b : f32
    // CHECK-NEXT: %cmp_gte_o = vm.cmp.gte.f32.o %a, %b : f32
    %cmp_gte_u = vm.cmp.gte.f32.u %a, %b : f32
    // CHECK-NEXT: %cmp_gte_u = vm.cmp.gte.f32.u %a, %b : f32
    %cmp_eq_near = vm.cmp.eq.f32.near %a, %b : f32
    // CHECK-NEXT: %cmp_eq_near = vm.cmp.eq.f32.near %a, %b : f32
    %cmp_nz_o = vm.cmp.nz.f32.o %a : f32
    // CHECK-NEXT: %cmp_nz_o = vm.cmp.nz.f32.o %a : f32
    %cmp_nz_u = vm.cmp.nz.f32.u %a : f32
    // CHECK-NEXT: %cmp_nz_u = vm.cmp.nz.f32.u %a : f32
    %cmp_nan = vm.cmp.nan.f32 %a : f32
    // CHECK-NEXT: %cmp_nan = vm.cmp.nan.f32 %a : f32
    %select = vm.select.f32 %cond, %a, %b : f32
    // CHECK-NEXT: %select = vm.select.f32 %cond, %a, %b : f32
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @f64_ops(%a: f64, %b: f64, %c: f64, %amount: i32, %cond: i32) {
  vm.func @f64_ops(%a: f64, %b: f64, %c: f64, %amount: i32, %cond: i32) {
    %k0 = vm.const.f64 1.0e+100
    // CHECK-NEXT: %k0 = vm.const.f64 1.000000e+100
    %zero = vm.const.f64.zero
    // CHECK-NEXT: %zero = vm.const.f64.zero
    %add = vm.add.f64 %a, %b : f64
    // CHECK-NEXT: %add = vm.add.f64 %a, %b : f64
    %sub = vm.sub.f64 %a, %b : f64
    // CHECK-NEXT: %sub = vm.sub.f64 %a, %b : f64
    %mul = vm.mul.f64 %a, %b : f64
    // CHECK-NEXT: %mul = vm.mul.f64 %a, %b : f64
    %div = vm.div.f64 %a, %b : f64
    // CHECK-NEXT: %div = vm.div.f64 %a, %b : f64
    %rem = vm.rem.f64 %a, %b : f64
    // CHECK-NEXT: %rem = vm.rem.f64 %a, %b : f64
    %min = vm.min.f64 %a, %b : f64
    // CHECK-NEXT: %min = vm.min.f64 %a, %b : f64
    %max = vm.max.f64 %a, %b : f64
    // CHECK-NEXT: %max = vm.max.f64 %a, %b : f64
    %atan2 = vm.atan2.f64 %a, %b : f64
    // CHECK-NEXT: %atan2 = vm.atan2.f64 %a, %b : f64
    %pow = vm.pow.f64 %a, %b : f64
    // CHECK-NEXT: %pow = vm.pow.f64 %a, %b : f64
    %fma = vm.fma.f64 %a, %b, %c : f64
    // CHECK-NEXT: %fma = vm.fma.f64 %a, %b, %c : f64
    %abs = vm.abs.f64 %a : f64
    // CHECK-NEXT: %abs = vm.abs.f64 %a : f64
    %neg = vm.neg.f64 %a : f64
    // CHECK-NEXT: %neg = vm.neg.f64 %a : f64
    %ceil = vm.ceil.f64 %a : f64
    // CHECK-NEXT: %ceil = vm.ceil.f64 %a : f64
    %floor = vm.floor.f64 %a : f64
    // CHECK-NEXT: %floor = vm.floor.f64 %a : f64
    %round = vm.round.f64 %a : f64
    // CHECK-NEXT: %round = vm.round.f64 %a : f64
    %atan = vm.atan.f64 %a : f64
    // CHECK-NEXT: %atan = vm.atan.f64 %a : f64
    %cos = vm.cos.f64 %a : f64
    // CHECK-NEXT: %cos = vm.cos.f64 %a : f64
    %sin = vm.sin.f64 %a : f64
    // CHECK-NEXT: %sin = vm.sin.f64 %a : f64
    %exp = vm.exp.f64 %a : f64
    // CHECK-NEXT: %exp = vm.exp.f64 %a : f64
    %exp2 = vm.exp2.f64 %a : f64
    // CHECK-NEXT: %exp2 = vm.exp2.f64 %a : f64
    %expm1 = vm.expm1.f64 %a : f64
    // CHECK-NEXT: %expm1 = vm.expm1.f64 %a : f64
    %log = vm.log.f64 %a : f64
    // CHECK-NEXT: %log = vm.log.f64 %a : f64
    %log10 = vm.log10.f64 %a : f64
    // CHECK-NEXT: %log10 = vm.log10.f64 %a : f64
    %log1p = vm.log1p.f64 %a : f64
    // CHECK-NEXT: %log1p = vm.log1p.f64 %a : f64
    %log2 = vm.log2.f64 %a : f64
    // CHECK-NEXT: %log2 = vm.log2.f64 %a : f64
    %rsqrt = vm.rsqrt.f64 %a : f64
    // CHECK-NEXT: %rsqrt = vm.rsqrt.f64 %a : f64
    %sqrt = vm.sqrt.f64 %a : f64
    // CHECK-NEXT: %sqrt = vm.sqrt.f64 %a : f64
    %tanh = vm.tanh.f64 %a : f64
    // CHECK-NEXT: %tanh = vm.tanh.f64 %a : f64
    %erf = vm.erf.f64 %a : f64
    // CHECK-NEXT: %erf = vm.erf.f64 %a : f64
    %round_even = vm.round.f64.even %a : f64
    // CHECK-NEXT: %round_even = vm.round.f64.even %a : f64
    %cmp_eq_o = vm.cmp.eq.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_eq_o = vm.cmp.eq.f64.o %a, %b : f64
    %cmp_eq_u = vm.cmp.eq.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_eq_u = vm.cmp.eq.f64.u %a, %b : f64
    %cmp_ne_o = vm.cmp.ne.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_ne_o = vm.cmp.ne.f64.o %a, %b : f64
    %cmp_ne_u = vm.cmp.ne.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_ne_u = vm.cmp.ne.f64.u %a, %b : f64
    %cmp_lt_o = vm.cmp.lt.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_lt_o = vm.cmp.lt.f64.o %a, %b : f64
    %cmp_lt_u = vm.cmp.lt.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_lt_u = vm.cmp.lt.f64.u %a, %b : f64
    %cmp_lte_o = vm.cmp.lte.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_lte_o = vm.cmp.lte.f64.o %a, %b : f64
    %cmp_lte_u = vm.cmp.lte.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_lte_u = vm.cmp.lte.f64.u %a, %b : f64
    %cmp_gt_o = vm.cmp.gt.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_gt_o = vm.cmp.gt.f64.o %a, %b : f64
    %cmp_gt_u = vm.cmp.gt.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_gt_u = vm.cmp.gt.f64.u %a, %b : f64
    %cmp_gte_o = vm.cmp.gte.f64.o %a, %b : f64
    // CHECK-NEXT: %cmp_gte_o = vm.cmp.gte.f64.o %a, %b : f64
    %cmp_gte_u = vm.cmp.gte.f64.u %a, %b : f64
    // CHECK-NEXT: %cmp_gte_u = vm.cmp.gte.f64.u %a, %b : f64
    %cmp_eq_near = vm.cmp.eq.f64.near %a, %b : f64
    // CHECK-NEXT: %cmp_eq_near = vm.cmp.eq.f64.near %a, %b : f64
    %cmp_nz_o = vm.cmp.nz.f64.o %a : f64
    // CHECK-NEXT: %cmp_nz_o = vm.cmp.nz.f64.o %a : f64
    %cmp_nz_u = vm.cmp.nz.f64.u %a : f64
    // CHECK-NEXT: %cmp_nz_u = vm.cmp.nz.f64.u %a : f64
    %cmp_nan = vm.cmp.nan.f64 %a : f64
    // CHECK-NEXT: %cmp_nan = vm.cmp.nan.f64 %a : f64
    %select = vm.select.f64 %cond, %a, %b : f64
    // CHECK-NEXT: %select = vm.select.f64 %cond, %a, %b : f64
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @ref_ops(%a: !vm.ref<?>, %b: !vm.ref<?>, %cond: i32) {
  vm.func @ref_ops(%a: !vm.ref<?>, %b: !vm.ref<?>, %cond: i32) {
    %null = vm.const.ref.zero : !vm.ref<?>
    // CHECK-NEXT: %null = vm.const.ref.zero : !vm.ref<?>
    %null_buffer = vm.const.ref.zero : !vm.buffer
    // CHECK-NEXT: %null_buffer = vm.const.ref.zero : !vm.buffer
    %null_list = vm.const.ref.zero : !vm.list<i32>
    // CHECK-NEXT: %null_list = vm.const.ref.zero : !vm.list<i32>
    %cmp_eq = vm.cmp.eq.ref %a, %b : !vm.ref<?>
    // CHECK-NEXT: %cmp_eq = vm.cmp.eq.ref %a, %b : !vm.ref<?>
    %cmp_ne = vm.cmp.ne.ref %a, %b : !vm.ref<?>
    // CHECK-NEXT: %cmp_ne = vm.cmp.ne.ref %a, %b : !vm.ref<?>
    %cmp_nz = vm.cmp.nz.ref %a : !vm.ref<?>
    // CHECK-NEXT: %cmp_nz = vm.cmp.nz.ref %a : !vm.ref<?>
    %select = vm.select.ref %cond, %a, %b : !vm.ref<?>
    // CHECK-NEXT: %select = vm.select.ref %cond, %a, %b : !vm.ref<?>
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }

  // CHECK-NEXT: vm.func @conversions(%i32: i32, %i64: i64, %f32: f32, %f64: f64) {
  vm.func @conversions(%i32: i32, %i64: i64, %f32: f32, %f64: f64) {
    %trunc_i16_i8 = vm.trunc.i16.i8 %i32 : i32 -> i32
    // CHECK-NEXT: %trunc_i16_i8 = vm.trunc.i16.i8 %i32 : i32 -> i32
    %trunc_i32_i8 = vm.trunc.i32.i8 %i32 : i32 -> i32
    // CHECK-NEXT: %trunc_i32_i8 = vm.trunc.i32.i8 %i32 : i32 -> i32
    %trunc_i32_i16 = vm.trunc.i32.i16 %i32 : i32 -> i32
    // CHECK-NEXT: %trunc_i32_i16 = vm.trunc.i32.i16 %i32 : i32 -> i32
    %trunc_i64_i8 = vm.trunc.i64.i8 %i64 : i64 -> i32
    // CHECK-NEXT: %trunc_i64_i8 = vm.trunc.i64.i8 %i64 : i64 -> i32
    %trunc_i64_i16 = vm.trunc.i64.i16 %i64 : i64 -> i32
    // CHECK-NEXT: %trunc_i64_i16 = vm.trunc.i64.i16 %i64 : i64 -> i32
    %trunc_i64_i32 = vm.trunc.i64.i32 %i64 : i64 -> i32
    // CHECK-NEXT: %trunc_i64_i32 = vm.trunc.i64.i32 %i64 : i64 -> i32
    %trunc_f64_f32 = vm.trunc.f64.f32 %f64 : f64 -> f32
    // CHECK-NEXT: %trunc_f64_f32 = vm.trunc.f64.f32 %f64 : f64 -> f32
    %ext_i8_i32_s = vm.ext.i8.i32.s %i32 : i32 -> i32
    // CHECK-NEXT: %ext_i8_i32_s = vm.ext.i8.i32.s %i32 : i32 -> i32
    %ext_i8_i32_u = vm.ext.i8.i32.u %i32 : i32 -> i32
    // CHECK-NEXT: %ext_i8_i32_u = vm.ext.i8.i32.u %i32 : i32 -> i32
    %ext_i16_i32_s = vm.ext.i16.i32.s %i32 : i32 -> i32
    // CHECK-NEXT: %ext_i16_i32_s = vm.ext.i16.i32.s %i32 : i32 -> i32
    %ext_i16_i32_u = vm.ext.i16.i32.u %i32 : i32 -> i32
    // CHECK-NEXT: %ext_i16_i32_u = vm.ext.i16.i32.u %i32 : i32 -> i32
    %ext_i8_i64_s = vm.ext.i8.i64.s %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i8_i64_s = vm.ext.i8.i64.s %i32 : i32 -> i64
    %ext_i8_i64_u = vm.ext.i8.i64.u %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i8_i64_u = vm.ext.i8.i64.u %i32 : i32 -> i64
    %ext_i16_i64_s = vm.ext.i16.i64.s %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i16_i64_s = vm.ext.i16.i64.s %i32 : i32 -> i64
    %ext_i16_i64_u = vm.ext.i16.i64.u %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i16_i64_u = vm.ext.i16.i64.u %i32 : i32 -> i64
    %ext_i32_i64_s = vm.ext.i32.i64.s %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i32_i64_s = vm.ext.i32.i64.s %i32 : i32 -> i64
    %ext_i32_i64_u = vm.ext.i32.i64.u %i32 : i32 -> i64
    // CHECK-NEXT: %ext_i32_i64_u = vm.ext.i32.i64.u %i32 : i32 -> i64
    %ext_f32_f64 = vm.ext.f32.f64 %f32 : f32 -> f64
    // CHECK-NEXT: %ext_f32_f64 = vm.ext.f32.f64 %f32 : f32 -> f64
    %cast_si32_f32 = vm.cast.si32.f32 %i32 : i32 -> f32
    // CHECK-NEXT: %cast_si32_f32 = vm.cast.si32.f32 %i32 : i32 -> f32
    %cast_ui32_f32 = vm.cast.ui32.f32 %i32 : i32 -> f32
    // CHECK-NEXT: %cast_ui32_f32 = vm.cast.ui32.f32 %i32 : i32 -> f32
    %cast_f32_si32 = vm.cast.f32.si32 %f32 : f32 -> i32
    // CHECK-NEXT: %cast_f32_si32 = vm.cast.f32.si32 %f32 : f32 -> i32
    %cast_f32_ui32 = vm.cast.f32.ui32 %f32 : f32 -> i32
    // CHECK-NEXT: %cast_f32_ui32 = vm.cast.f32.ui32 %f32 : f32 -> i32
    %cast_si64_f32 = vm.cast.si64.f32 %i64 : i64 -> f32
    // CHECK-NEXT: %cast_si64_f32 = vm.cast.si64.f32 %i64 : i64 -> f32
    %cast_ui64_f32 = vm.cast.ui64.f32 %i64 : i64 -> f32
    // CHECK-NEXT: %cast_ui64_f32 = vm.cast.ui64.f32 %i64 : i64 -> f32
    %cast_f32_si64 = vm.cast.f32.si64 %f32 : f32 -> i64
    // CHECK-NEXT: %cast_f32_si64 = vm.cast.f32.si64 %f32 : f32 -> i64
    %cast_f32_ui64 = vm.cast.f32.ui64 %f32 : f32 -> i64
    // CHECK-NEXT: %cast_f32_ui64 = vm.cast.f32.ui64 %f32 : f32 -> i64
    %cast_si64_f64 = vm.cast.si64.f64 %i64 : i64 -> f64
    // CHECK-NEXT: %cast_si64_f64 = vm.cast.si64.f64 %i64 : i64 -> f64
    %cast_ui64_f64 = vm.cast.ui64.f64 %i64 : i64 -> f64
    // CHECK-NEXT: %cast_ui64_f64 = vm.cast.ui64.f64 %i64 : i64 -> f64
    %cast_f64_si64 = vm.cast.f64.si64 %f64 : f64 -> i64
    // CHECK-NEXT: %cast_f64_si64 = vm.cast.f64.si64 %f64 : f64 -> i64
    %cast_f64_ui64 = vm.cast.f64.ui64 %f64 : f64 -> i64
    // CHECK-NEXT: %cast_f64_ui64 = vm.cast.f64.ui64 %f64 : f64 -> i64
    %bitcast_i32_f32 = vm.bitcast.i32.f32 %i32 : i32 -> f32
    // CHECK-NEXT: %bitcast_i32_f32 = vm.bitcast.i32.f32 %i32 : i32 -> f32
    %bitcast_f32_i32 = vm.bitcast.f32.i32 %f32 : f32 -> i32
    // CHECK-NEXT: %bitcast_f32_i32 = vm.bitcast.f32.i32 %f32 : f32 -> i32
    %bitcast_i64_f64 = vm.bitcast.i64.f64 %i64 : i64 -> f64
    // CHECK-NEXT: %bitcast_i64_f64 = vm.bitcast.i64.f64 %i64 : i64 -> f64
    %bitcast_f64_i64 = vm.bitcast.f64.i64 %f64 : f64 -> i64
    // CHECK-NEXT: %bitcast_f64_i64 = vm.bitcast.f64.i64 %f64 : f64 -> i64
    vm.return
    // CHECK-NEXT: vm.return
  // CHECK-NEXT: }
  }
}
