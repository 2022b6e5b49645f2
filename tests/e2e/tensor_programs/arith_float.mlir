// arith float ops (f16, f32, f64) inside linalg.generic bodies, many ops per generic (one dispatch
// each).
// Compared with numpy by tests/e2e/test_tensor_arith_math.py.
#map = affine_map<(d0) -> (d0)>

// addf subf mulf divf remf maximumf minimumf maxnumf minnumf negf select(olt)
func.func @binary_f16(%x_t: tensor<?xf16>, %y_t: tensor<?xf16>) -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf16>
  %e_f16 = tensor.empty(%n) : tensor<?xf16>
  %r:11 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf16>, tensor<?xf16>) outs(%e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16, %e_f16 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>) {
  ^bb0(%x: f16, %y: f16, %o0: f16, %o1: f16, %o2: f16, %o3: f16, %o4: f16, %o5: f16, %o6: f16, %o7: f16, %o8: f16, %o9: f16, %o10: f16):
    %r0 = arith.addf %x, %y : f16
    %r1 = arith.subf %x, %y : f16
    %r2 = arith.mulf %x, %y : f16
    %r3 = arith.divf %x, %y : f16
    %r4 = arith.remf %x, %y : f16
    %r5 = arith.maximumf %x, %y : f16
    %r6 = arith.minimumf %x, %y : f16
    %r7 = arith.maxnumf %x, %y : f16
    %r8 = arith.minnumf %x, %y : f16
    %r9 = arith.negf %x : f16
    %lt = arith.cmpf olt, %x, %y : f16
    %r10 = arith.select %lt, %x, %y : f16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : f16, f16, f16, f16, f16, f16, f16, f16, f16, f16, f16
  } -> (tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10 : tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>, tensor<?xf16>
}

// cmpf, every predicate
func.func @cmpf_f16(%x_t: tensor<?xf16>, %y_t: tensor<?xf16>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf16>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:16 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf16>, tensor<?xf16>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: f16, %y: f16, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1, %o10: i1, %o11: i1, %o12: i1, %o13: i1, %o14: i1, %o15: i1):
    %r0 = arith.cmpf false, %x, %y : f16
    %r1 = arith.cmpf oeq, %x, %y : f16
    %r2 = arith.cmpf ogt, %x, %y : f16
    %r3 = arith.cmpf oge, %x, %y : f16
    %r4 = arith.cmpf olt, %x, %y : f16
    %r5 = arith.cmpf ole, %x, %y : f16
    %r6 = arith.cmpf one, %x, %y : f16
    %r7 = arith.cmpf ord, %x, %y : f16
    %r8 = arith.cmpf ueq, %x, %y : f16
    %r9 = arith.cmpf ugt, %x, %y : f16
    %r10 = arith.cmpf uge, %x, %y : f16
    %r11 = arith.cmpf ult, %x, %y : f16
    %r12 = arith.cmpf ule, %x, %y : f16
    %r13 = arith.cmpf une, %x, %y : f16
    %r14 = arith.cmpf uno, %x, %y : f16
    %r15 = arith.cmpf true, %x, %y : f16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// addf subf mulf divf remf maximumf minimumf maxnumf minnumf negf select(olt)
func.func @binary_f32(%x_t: tensor<?xf32>, %y_t: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf32>
  %e_f32 = tensor.empty(%n) : tensor<?xf32>
  %r:11 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf32>, tensor<?xf32>) outs(%e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32, %e_f32 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %o0: f32, %o1: f32, %o2: f32, %o3: f32, %o4: f32, %o5: f32, %o6: f32, %o7: f32, %o8: f32, %o9: f32, %o10: f32):
    %r0 = arith.addf %x, %y : f32
    %r1 = arith.subf %x, %y : f32
    %r2 = arith.mulf %x, %y : f32
    %r3 = arith.divf %x, %y : f32
    %r4 = arith.remf %x, %y : f32
    %r5 = arith.maximumf %x, %y : f32
    %r6 = arith.minimumf %x, %y : f32
    %r7 = arith.maxnumf %x, %y : f32
    %r8 = arith.minnumf %x, %y : f32
    %r9 = arith.negf %x : f32
    %lt = arith.cmpf olt, %x, %y : f32
    %r10 = arith.select %lt, %x, %y : f32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// cmpf, every predicate
func.func @cmpf_f32(%x_t: tensor<?xf32>, %y_t: tensor<?xf32>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf32>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:16 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf32>, tensor<?xf32>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: f32, %y: f32, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1, %o10: i1, %o11: i1, %o12: i1, %o13: i1, %o14: i1, %o15: i1):
    %r0 = arith.cmpf false, %x, %y : f32
    %r1 = arith.cmpf oeq, %x, %y : f32
    %r2 = arith.cmpf ogt, %x, %y : f32
    %r3 = arith.cmpf oge, %x, %y : f32
    %r4 = arith.cmpf olt, %x, %y : f32
    %r5 = arith.cmpf ole, %x, %y : f32
    %r6 = arith.cmpf one, %x, %y : f32
    %r7 = arith.cmpf ord, %x, %y : f32
    %r8 = arith.cmpf ueq, %x, %y : f32
    %r9 = arith.cmpf ugt, %x, %y : f32
    %r10 = arith.cmpf uge, %x, %y : f32
    %r11 = arith.cmpf ult, %x, %y : f32
    %r12 = arith.cmpf ule, %x, %y : f32
    %r13 = arith.cmpf une, %x, %y : f32
    %r14 = arith.cmpf uno, %x, %y : f32
    %r15 = arith.cmpf true, %x, %y : f32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// addf subf mulf divf remf maximumf minimumf maxnumf minnumf negf select(olt)
func.func @binary_f64(%x_t: tensor<?xf64>, %y_t: tensor<?xf64>) -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf64>
  %e_f64 = tensor.empty(%n) : tensor<?xf64>
  %r:11 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf64>, tensor<?xf64>) outs(%e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64, %e_f64 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>) {
  ^bb0(%x: f64, %y: f64, %o0: f64, %o1: f64, %o2: f64, %o3: f64, %o4: f64, %o5: f64, %o6: f64, %o7: f64, %o8: f64, %o9: f64, %o10: f64):
    %r0 = arith.addf %x, %y : f64
    %r1 = arith.subf %x, %y : f64
    %r2 = arith.mulf %x, %y : f64
    %r3 = arith.divf %x, %y : f64
    %r4 = arith.remf %x, %y : f64
    %r5 = arith.maximumf %x, %y : f64
    %r6 = arith.minimumf %x, %y : f64
    %r7 = arith.maxnumf %x, %y : f64
    %r8 = arith.minnumf %x, %y : f64
    %r9 = arith.negf %x : f64
    %lt = arith.cmpf olt, %x, %y : f64
    %r10 = arith.select %lt, %x, %y : f64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
  } -> (tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10 : tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>, tensor<?xf64>
}

// cmpf, every predicate
func.func @cmpf_f64(%x_t: tensor<?xf64>, %y_t: tensor<?xf64>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf64>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:16 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xf64>, tensor<?xf64>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: f64, %y: f64, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1, %o10: i1, %o11: i1, %o12: i1, %o13: i1, %o14: i1, %o15: i1):
    %r0 = arith.cmpf false, %x, %y : f64
    %r1 = arith.cmpf oeq, %x, %y : f64
    %r2 = arith.cmpf ogt, %x, %y : f64
    %r3 = arith.cmpf oge, %x, %y : f64
    %r4 = arith.cmpf olt, %x, %y : f64
    %r5 = arith.cmpf ole, %x, %y : f64
    %r6 = arith.cmpf one, %x, %y : f64
    %r7 = arith.cmpf ord, %x, %y : f64
    %r8 = arith.cmpf ueq, %x, %y : f64
    %r9 = arith.cmpf ugt, %x, %y : f64
    %r10 = arith.cmpf uge, %x, %y : f64
    %r11 = arith.cmpf ult, %x, %y : f64
    %r12 = arith.cmpf ule, %x, %y : f64
    %r13 = arith.cmpf une, %x, %y : f64
    %r14 = arith.cmpf uno, %x, %y : f64
    %r15 = arith.cmpf true, %x, %y : f64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}
