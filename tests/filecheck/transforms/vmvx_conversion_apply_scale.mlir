// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-conversion | filecheck %s

// tosa.apply_scale -> arith in iree-vmvx-conversion: MLIR's 64-bit TosaToArith rescale
// (`ApplyScaleGenericOpConverter`, the only one IREE's VMVX conversion adds): value and
// multiplier sign-extended to i64, the shift zero-extended, rounding by (1 << shift) >> 1,
// DOUBLE_ROUND's extra +-(1 << 30) when the shift exceeds 31, an arithmetic shift right and a
// truncation to the result type.

// CHECK-LABEL: func.func private @single_i32(
// CHECK-SAME:      %[[V:.*]]: i32, %[[M:.*]]: i32, %[[S:.*]]: i8) -> i32 {
// CHECK-NEXT:    %[[S32:.*]] = arith.extui %[[S]] : i8 to i32
// CHECK-NEXT:    %[[S64:.*]] = arith.extui %[[S32]] : i32 to i64
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[V64:.*]] = arith.extsi %[[V]] : i32 to i64
// CHECK-NEXT:    %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-NEXT:    %[[PRODUCT:.*]] = arith.muli %[[V64]], %[[M64]] : i64
// CHECK-NEXT:    %[[BIT:.*]] = arith.shli %[[ONE]], %[[S64]] : i64
// CHECK-NEXT:    %[[HALF:.*]] = arith.shrui %[[BIT]], %[[ONE]] : i64
// CHECK-NEXT:    %[[ROUNDED:.*]] = arith.addi %[[PRODUCT]], %[[HALF]] : i64
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.shrsi %[[ROUNDED]], %[[S64]] : i64
// CHECK-NEXT:    %[[R:.*]] = arith.trunci %[[SHIFTED]] : i64 to i32
// CHECK-NEXT:    func.return %[[R]] : i32
func.func private @single_i32(%v: i32, %m: i32, %s: i8) -> i32 {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<SINGLE_ROUND> : (i32, i32, i8) -> i32
  return %r : i32
}

// -----

// An i64 value needs no extension; DOUBLE_ROUND adds +-(1 << 30) by the value's sign.
// CHECK-LABEL: func.func private @double_i64(
// CHECK-SAME:      %[[V:.*]]: i64, %[[M:.*]]: i32, %[[S:.*]]: i8) -> i32 {
// CHECK-NEXT:    %[[S32:.*]] = arith.extui %[[S]] : i8 to i32
// CHECK-NEXT:    %[[S64:.*]] = arith.extui %[[S32]] : i32 to i64
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK-NEXT:    %[[PRODUCT:.*]] = arith.muli %[[V]], %[[M64]] : i64
// CHECK-NEXT:    %[[BIT:.*]] = arith.shli %[[ONE]], %[[S64]] : i64
// CHECK-NEXT:    %[[HALF:.*]] = arith.shrui %[[BIT]], %[[ONE]] : i64
// CHECK-NEXT:    %[[ROUNDED:.*]] = arith.addi %[[PRODUCT]], %[[HALF]] : i64
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[POSITIVE:.*]] = arith.cmpi sge, %[[V]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[UP:.*]] = arith.constant 1073741824 : i64
// CHECK-NEXT:    %[[DOWN:.*]] = arith.constant -1073741824 : i64
// CHECK-NEXT:    %[[DIRECTION:.*]] = arith.select %[[POSITIVE]], %[[UP]], %[[DOWN]] : i64
// CHECK-NEXT:    %[[DOUBLED:.*]] = arith.addi %[[DIRECTION]], %[[ROUNDED]] : i64
// CHECK-NEXT:    %[[C31:.*]] = arith.constant 31 : i32
// CHECK-NEXT:    %[[LARGE:.*]] = arith.cmpi sgt, %[[S32]], %[[C31]] : i32
// CHECK-NEXT:    %[[PICKED:.*]] = arith.select %[[LARGE]], %[[DOUBLED]], %[[ROUNDED]] : i64
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.shrsi %[[PICKED]], %[[S64]] : i64
// CHECK-NEXT:    %[[R:.*]] = arith.trunci %[[SHIFTED]] : i64 to i32
// CHECK-NEXT:    func.return %[[R]] : i32
func.func private @double_i64(%v: i64, %m: i32, %s: i8) -> i32 {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<DOUBLE_ROUND> : (i64, i32, i8) -> i32
  return %r : i32
}

// -----

// Vectors lane by lane: each lane extracted, scaled as a scalar and inserted.
// CHECK-LABEL: func.func private @vector(
// CHECK-SAME:      %[[V:.*]]: vector<2xi32>, %[[M:.*]]: vector<2xi32>, %[[S:.*]]: vector<2xi8>) -> vector<2xi32> {
// CHECK-NEXT:    %[[ZEROS:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[V0:.*]] = vector.extract %[[V]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[M0:.*]] = vector.extract %[[M]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[S0:.*]] = vector.extract %[[S]][0] : i8 from vector<2xi8>
// CHECK:         %[[SHIFTED0:.*]] = arith.shrsi
// CHECK-NEXT:    %[[R0:.*]] = arith.trunci %[[SHIFTED0]] : i64 to i32
// CHECK-NEXT:    %[[PARTIAL:.*]] = vector.insert %[[R0]], %[[ZEROS]] [0] : i32 into vector<2xi32>
// CHECK-NEXT:    %[[V1:.*]] = vector.extract %[[V]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[M1:.*]] = vector.extract %[[M]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[S1:.*]] = vector.extract %[[S]][1] : i8 from vector<2xi8>
// CHECK:         %[[POSITIVE:.*]] = arith.cmpi sge, %[[V1]], %{{.*}} : i32
// CHECK:         %[[SHIFTED1:.*]] = arith.shrsi
// CHECK-NEXT:    %[[R1:.*]] = arith.trunci %[[SHIFTED1]] : i64 to i32
// CHECK-NEXT:    %[[R:.*]] = vector.insert %[[R1]], %[[PARTIAL]] [1] : i32 into vector<2xi32>
// CHECK-NEXT:    func.return %[[R]] : vector<2xi32>
func.func private @vector(%v: vector<2xi32>, %m: vector<2xi32>, %s: vector<2xi8>) -> vector<2xi32> {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<DOUBLE_ROUND> : (vector<2xi32>, vector<2xi32>, vector<2xi8>) -> vector<2xi32>
  return %r : vector<2xi32>
}

// -----

// INEXACT_ROUND rounds once; an i64 result keeps the 64-bit value; an i16 multiplier
// (TOSA's apply_scale_16) is sign-extended.
// CHECK-LABEL: func.func private @i64_result(
// CHECK-SAME:      %[[V:.*]]: i64, %[[M:.*]]: i16, %[[S:.*]]: i8) -> i64 {
// CHECK:         %[[M64:.*]] = arith.extsi %[[M]] : i16 to i64
// CHECK-NEXT:    %[[PRODUCT:.*]] = arith.muli %[[V]], %[[M64]] : i64
// CHECK-NOT:     arith.select
// CHECK:         %[[R:.*]] = arith.shrsi %{{.*}}, %{{.*}} : i64
// CHECK-NEXT:    func.return %[[R]] : i64
func.func private @i64_result(%v: i64, %m: i16, %s: i8) -> i64 {
  %r = tosa.apply_scale %v, %m, %s rounding_mode<INEXACT_ROUND> : (i64, i16, i8) -> i64
  return %r : i64
}
