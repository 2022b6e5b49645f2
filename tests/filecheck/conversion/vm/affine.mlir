// RUN: pyvmvx-opt %s -p iree-vm-conversion | filecheck %s

// affine.apply/min/max are evaluated with index-typed VM ops; `mod` is the non-negative
// remainder, floordiv/ceildiv round toward -inf/+inf, min/max are signed.

// CHECK-LABEL: vm.func private @affine(%i: i64, %j: i64, %s: i64) -> (i64, i64, i64, i64) {
// CHECK-NEXT:    %[[C4:.*]] = vm.const.i64 4
// CHECK-NEXT:    %[[I4:.*]] = vm.mul.i64 %i, %[[C4]] : i64
// CHECK-NEXT:    %[[SUM:.*]] = vm.add.i64 %[[I4]], %j : i64
// CHECK-NEXT:    %linear = vm.add.i64 %[[SUM]], %s : i64
// CHECK-NEXT:    %[[C8:.*]] = vm.const.i64 8
// CHECK-NEXT:    %[[REM:.*]] = vm.rem.i64.s %i, %[[C8]] : i64
// CHECK-NEXT:    %[[ZERO:.*]] = vm.const.i64.zero
// CHECK-NEXT:    %[[NEG:.*]] = vm.cmp.lt.i64.s %[[REM]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[WRAP:.*]] = vm.add.i64 %[[REM]], %[[C8]] : i64
// CHECK-NEXT:    %mod = vm.select.i64 %[[NEG]], %[[WRAP]], %[[REM]] : i64
// CHECK-NEXT:    %[[C64:.*]] = vm.const.i64 64
// CHECK-NEXT:    %[[M1:.*]] = vm.const.i64 -1
// CHECK-NEXT:    %[[NEG_I:.*]] = vm.mul.i64 %i, %[[M1]] : i64
// CHECK-NEXT:    %[[REST:.*]] = vm.add.i64 %s, %[[NEG_I]] : i64
// CHECK-NEXT:    %tile = vm.min.i64.s %[[C64]], %[[REST]] : i64
// CHECK:         %[[Q:.*]] = vm.div.i64.s %i, %[[C2:.*]] : i64
// CHECK:         %[[FLOOR:.*]] = vm.select.i64 %{{.*}}, %{{.*}}, %[[Q]] : i64
// CHECK-NEXT:    %[[HALF_MAX:.*]] = vm.max.i64.s %[[ZERO]], %[[FLOOR]] : i64
// CHECK-NEXT:    vm.return %linear, %mod, %tile, %[[HALF_MAX]] : i64, i64, i64, i64
func.func @affine(%i : index, %j : index, %s : index) -> (index, index, index, index) {
  %linear = affine.apply affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>(%i, %j)[%s]
  %mod = affine.apply affine_map<(d0) -> (d0 mod 8)>(%i)
  %tile = affine.min affine_map<(d0)[s0] -> (64, s0 - d0)>(%i)[%s]
  %half = affine.max affine_map<(d0) -> (0, d0 floordiv 2)>(%i)
  func.return %linear, %mod, %tile, %half : index, index, index, index
}
