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
