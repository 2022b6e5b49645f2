// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// MLIR's float classification ops, on scalars, vectors and tensors (i1 results of the
// operand's shape), with and without fastmath flags (MLIR's spelling; the older one in the
// attribute dictionary still reads).

// CHECK-LABEL: func.func @classify(
func.func @classify(%x: f32, %d: f64, %h: f16, %v: vector<4xf32>, %t: tensor<2x?xf64>) {
  %0 = math.isnan %x : f32
  %1 = math.isinf %d {fastmath = #arith.fastmath<ninf>} : f64
  %2 = math.isfinite %h : f16
  %3 = math.isnormal %v : vector<4xf32>
  %4 = math.isnan %t : tensor<2x?xf64>
  %6 = math.isnan %x fastmath<nnan,ninf> {my.tag} : f32
  %5 = arith.select %0, %x, %x : f32
  func.return
}
// CHECK-NEXT: %0 = math.isnan %x : f32
// CHECK-NEXT: %1 = math.isinf %d fastmath<ninf> : f64
// CHECK-NEXT: %2 = math.isfinite %h : f16
// CHECK-NEXT: %3 = math.isnormal %v : vector<4xf32>
// CHECK-NEXT: %4 = math.isnan %t : tensor<2x?xf64>
// CHECK-NEXT: %5 = math.isnan %x fastmath<nnan,ninf> {my.tag} : f32
// CHECK-NEXT: %6 = arith.select %0, %x, %x : f32
// GENERIC: %0 = "math.isnan"(%x) : (f32) -> i1
// GENERIC: %1 = "math.isinf"(%d) <{fastmath = #arith.fastmath<ninf>}> : (f64) -> i1
// GENERIC: %3 = "math.isnormal"(%v) : (vector<4xf32>) -> vector<4xi1>
// GENERIC: %4 = "math.isnan"(%t) : (tensor<2x?xf64>) -> tensor<2x?xi1>
