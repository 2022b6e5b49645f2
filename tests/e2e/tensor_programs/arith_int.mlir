// arith integer ops (i1, i8, i16, i32, i64, index) inside linalg.generic bodies, many ops per
// generic (one dispatch each).
// Compared with numpy by tests/e2e/test_tensor_arith_math.py.
#map = affine_map<(d0) -> (d0)>

// addi subi muli divsi divui remsi remui minsi maxsi minui maxui andi ori xori shli shrsi shrui
// floordivsi ceildivsi ceildivui (divisors y|1, shift amounts y&(bits-1)), absi, ipowi x^(y&7),
// ipowi x^y, select(slt)
func.func @binary_i8(%x_t: tensor<?xi8>, %y_t: tensor<?xi8>) -> (tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi8>
  %e_i8 = tensor.empty(%n) : tensor<?xi8>
  %r:24 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi8>, tensor<?xi8>) outs(%e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8, %e_i8 : tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>) {
  ^bb0(%x: i8, %y: i8, %o0: i8, %o1: i8, %o2: i8, %o3: i8, %o4: i8, %o5: i8, %o6: i8, %o7: i8, %o8: i8, %o9: i8, %o10: i8, %o11: i8, %o12: i8, %o13: i8, %o14: i8, %o15: i8, %o16: i8, %o17: i8, %o18: i8, %o19: i8, %o20: i8, %o21: i8, %o22: i8, %o23: i8):
    %one = arith.constant 1 : i8
    %d = arith.ori %y, %one : i8
    %mask = arith.constant 7 : i8
    %s = arith.andi %y, %mask : i8
    %seven = arith.constant 7 : i8
    %p = arith.andi %y, %seven : i8
    %r0 = arith.addi %x, %y : i8
    %r1 = arith.subi %x, %y : i8
    %r2 = arith.muli %x, %y : i8
    %r3 = arith.divsi %x, %d : i8
    %r4 = arith.divui %x, %d : i8
    %r5 = arith.remsi %x, %d : i8
    %r6 = arith.remui %x, %d : i8
    %r7 = arith.minsi %x, %y : i8
    %r8 = arith.maxsi %x, %y : i8
    %r9 = arith.minui %x, %y : i8
    %r10 = arith.maxui %x, %y : i8
    %r11 = arith.andi %x, %y : i8
    %r12 = arith.ori %x, %y : i8
    %r13 = arith.xori %x, %y : i8
    %r14 = arith.shli %x, %s : i8
    %r15 = arith.shrsi %x, %s : i8
    %r16 = arith.shrui %x, %s : i8
    %r17 = arith.floordivsi %x, %d : i8
    %r18 = arith.ceildivsi %x, %d : i8
    %r19 = arith.ceildivui %x, %d : i8
    %r20 = math.absi %x : i8
    %r21 = math.ipowi %x, %p : i8
    %r22 = math.ipowi %x, %y : i8
    %lt = arith.cmpi slt, %x, %y : i8
    %r23 = arith.select %lt, %y, %x : i8
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 : i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8
  } -> (tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23 : tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>, tensor<?xi8>
}

// cmpi, every predicate
func.func @cmpi_i8(%x_t: tensor<?xi8>, %y_t: tensor<?xi8>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi8>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:10 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi8>, tensor<?xi8>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: i8, %y: i8, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1):
    %r0 = arith.cmpi eq, %x, %y : i8
    %r1 = arith.cmpi ne, %x, %y : i8
    %r2 = arith.cmpi slt, %x, %y : i8
    %r3 = arith.cmpi sle, %x, %y : i8
    %r4 = arith.cmpi sgt, %x, %y : i8
    %r5 = arith.cmpi sge, %x, %y : i8
    %r6 = arith.cmpi ult, %x, %y : i8
    %r7 = arith.cmpi ule, %x, %y : i8
    %r8 = arith.cmpi ugt, %x, %y : i8
    %r9 = arith.cmpi uge, %x, %y : i8
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// addi subi muli divsi divui remsi remui minsi maxsi minui maxui andi ori xori shli shrsi shrui
// floordivsi ceildivsi ceildivui (divisors y|1, shift amounts y&(bits-1)), absi, ipowi x^(y&7),
// ipowi x^y, select(slt)
func.func @binary_i16(%x_t: tensor<?xi16>, %y_t: tensor<?xi16>) -> (tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi16>
  %e_i16 = tensor.empty(%n) : tensor<?xi16>
  %r:24 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi16>, tensor<?xi16>) outs(%e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16, %e_i16 : tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>) {
  ^bb0(%x: i16, %y: i16, %o0: i16, %o1: i16, %o2: i16, %o3: i16, %o4: i16, %o5: i16, %o6: i16, %o7: i16, %o8: i16, %o9: i16, %o10: i16, %o11: i16, %o12: i16, %o13: i16, %o14: i16, %o15: i16, %o16: i16, %o17: i16, %o18: i16, %o19: i16, %o20: i16, %o21: i16, %o22: i16, %o23: i16):
    %one = arith.constant 1 : i16
    %d = arith.ori %y, %one : i16
    %mask = arith.constant 15 : i16
    %s = arith.andi %y, %mask : i16
    %seven = arith.constant 7 : i16
    %p = arith.andi %y, %seven : i16
    %r0 = arith.addi %x, %y : i16
    %r1 = arith.subi %x, %y : i16
    %r2 = arith.muli %x, %y : i16
    %r3 = arith.divsi %x, %d : i16
    %r4 = arith.divui %x, %d : i16
    %r5 = arith.remsi %x, %d : i16
    %r6 = arith.remui %x, %d : i16
    %r7 = arith.minsi %x, %y : i16
    %r8 = arith.maxsi %x, %y : i16
    %r9 = arith.minui %x, %y : i16
    %r10 = arith.maxui %x, %y : i16
    %r11 = arith.andi %x, %y : i16
    %r12 = arith.ori %x, %y : i16
    %r13 = arith.xori %x, %y : i16
    %r14 = arith.shli %x, %s : i16
    %r15 = arith.shrsi %x, %s : i16
    %r16 = arith.shrui %x, %s : i16
    %r17 = arith.floordivsi %x, %d : i16
    %r18 = arith.ceildivsi %x, %d : i16
    %r19 = arith.ceildivui %x, %d : i16
    %r20 = math.absi %x : i16
    %r21 = math.ipowi %x, %p : i16
    %r22 = math.ipowi %x, %y : i16
    %lt = arith.cmpi slt, %x, %y : i16
    %r23 = arith.select %lt, %y, %x : i16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 : i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16, i16
  } -> (tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23 : tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>, tensor<?xi16>
}

// cmpi, every predicate
func.func @cmpi_i16(%x_t: tensor<?xi16>, %y_t: tensor<?xi16>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi16>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:10 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi16>, tensor<?xi16>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: i16, %y: i16, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1):
    %r0 = arith.cmpi eq, %x, %y : i16
    %r1 = arith.cmpi ne, %x, %y : i16
    %r2 = arith.cmpi slt, %x, %y : i16
    %r3 = arith.cmpi sle, %x, %y : i16
    %r4 = arith.cmpi sgt, %x, %y : i16
    %r5 = arith.cmpi sge, %x, %y : i16
    %r6 = arith.cmpi ult, %x, %y : i16
    %r7 = arith.cmpi ule, %x, %y : i16
    %r8 = arith.cmpi ugt, %x, %y : i16
    %r9 = arith.cmpi uge, %x, %y : i16
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// addi subi muli divsi divui remsi remui minsi maxsi minui maxui andi ori xori shli shrsi shrui
// floordivsi ceildivsi ceildivui (divisors y|1, shift amounts y&(bits-1)), absi, ipowi x^(y&7),
// ipowi x^y, select(slt)
func.func @binary_i32(%x_t: tensor<?xi32>, %y_t: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi32>
  %e_i32 = tensor.empty(%n) : tensor<?xi32>
  %r:24 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi32>, tensor<?xi32>) outs(%e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32, %e_i32 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %o0: i32, %o1: i32, %o2: i32, %o3: i32, %o4: i32, %o5: i32, %o6: i32, %o7: i32, %o8: i32, %o9: i32, %o10: i32, %o11: i32, %o12: i32, %o13: i32, %o14: i32, %o15: i32, %o16: i32, %o17: i32, %o18: i32, %o19: i32, %o20: i32, %o21: i32, %o22: i32, %o23: i32):
    %one = arith.constant 1 : i32
    %d = arith.ori %y, %one : i32
    %mask = arith.constant 31 : i32
    %s = arith.andi %y, %mask : i32
    %seven = arith.constant 7 : i32
    %p = arith.andi %y, %seven : i32
    %r0 = arith.addi %x, %y : i32
    %r1 = arith.subi %x, %y : i32
    %r2 = arith.muli %x, %y : i32
    %r3 = arith.divsi %x, %d : i32
    %r4 = arith.divui %x, %d : i32
    %r5 = arith.remsi %x, %d : i32
    %r6 = arith.remui %x, %d : i32
    %r7 = arith.minsi %x, %y : i32
    %r8 = arith.maxsi %x, %y : i32
    %r9 = arith.minui %x, %y : i32
    %r10 = arith.maxui %x, %y : i32
    %r11 = arith.andi %x, %y : i32
    %r12 = arith.ori %x, %y : i32
    %r13 = arith.xori %x, %y : i32
    %r14 = arith.shli %x, %s : i32
    %r15 = arith.shrsi %x, %s : i32
    %r16 = arith.shrui %x, %s : i32
    %r17 = arith.floordivsi %x, %d : i32
    %r18 = arith.ceildivsi %x, %d : i32
    %r19 = arith.ceildivui %x, %d : i32
    %r20 = math.absi %x : i32
    %r21 = math.ipowi %x, %p : i32
    %r22 = math.ipowi %x, %y : i32
    %lt = arith.cmpi slt, %x, %y : i32
    %r23 = arith.select %lt, %y, %x : i32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  } -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23 : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>
}

// cmpi, every predicate
func.func @cmpi_i32(%x_t: tensor<?xi32>, %y_t: tensor<?xi32>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi32>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:10 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi32>, tensor<?xi32>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: i32, %y: i32, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1):
    %r0 = arith.cmpi eq, %x, %y : i32
    %r1 = arith.cmpi ne, %x, %y : i32
    %r2 = arith.cmpi slt, %x, %y : i32
    %r3 = arith.cmpi sle, %x, %y : i32
    %r4 = arith.cmpi sgt, %x, %y : i32
    %r5 = arith.cmpi sge, %x, %y : i32
    %r6 = arith.cmpi ult, %x, %y : i32
    %r7 = arith.cmpi ule, %x, %y : i32
    %r8 = arith.cmpi ugt, %x, %y : i32
    %r9 = arith.cmpi uge, %x, %y : i32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// addi subi muli divsi divui remsi remui minsi maxsi minui maxui andi ori xori shli shrsi shrui
// floordivsi ceildivsi ceildivui (divisors y|1, shift amounts y&(bits-1)), absi, ipowi x^(y&7),
// ipowi x^y, select(slt)
func.func @binary_i64(%x_t: tensor<?xi64>, %y_t: tensor<?xi64>) -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi64>
  %e_i64 = tensor.empty(%n) : tensor<?xi64>
  %r:24 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi64>, tensor<?xi64>) outs(%e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  ^bb0(%x: i64, %y: i64, %o0: i64, %o1: i64, %o2: i64, %o3: i64, %o4: i64, %o5: i64, %o6: i64, %o7: i64, %o8: i64, %o9: i64, %o10: i64, %o11: i64, %o12: i64, %o13: i64, %o14: i64, %o15: i64, %o16: i64, %o17: i64, %o18: i64, %o19: i64, %o20: i64, %o21: i64, %o22: i64, %o23: i64):
    %one = arith.constant 1 : i64
    %d = arith.ori %y, %one : i64
    %mask = arith.constant 63 : i64
    %s = arith.andi %y, %mask : i64
    %seven = arith.constant 7 : i64
    %p = arith.andi %y, %seven : i64
    %r0 = arith.addi %x, %y : i64
    %r1 = arith.subi %x, %y : i64
    %r2 = arith.muli %x, %y : i64
    %r3 = arith.divsi %x, %d : i64
    %r4 = arith.divui %x, %d : i64
    %r5 = arith.remsi %x, %d : i64
    %r6 = arith.remui %x, %d : i64
    %r7 = arith.minsi %x, %y : i64
    %r8 = arith.maxsi %x, %y : i64
    %r9 = arith.minui %x, %y : i64
    %r10 = arith.maxui %x, %y : i64
    %r11 = arith.andi %x, %y : i64
    %r12 = arith.ori %x, %y : i64
    %r13 = arith.xori %x, %y : i64
    %r14 = arith.shli %x, %s : i64
    %r15 = arith.shrsi %x, %s : i64
    %r16 = arith.shrui %x, %s : i64
    %r17 = arith.floordivsi %x, %d : i64
    %r18 = arith.ceildivsi %x, %d : i64
    %r19 = arith.ceildivui %x, %d : i64
    %r20 = math.absi %x : i64
    %r21 = math.ipowi %x, %p : i64
    %r22 = math.ipowi %x, %y : i64
    %lt = arith.cmpi slt, %x, %y : i64
    %r23 = arith.select %lt, %y, %x : i64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
  } -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}

// cmpi, every predicate
func.func @cmpi_i64(%x_t: tensor<?xi64>, %y_t: tensor<?xi64>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xi64>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:10 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %y_t : tensor<?xi64>, tensor<?xi64>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>) {
  ^bb0(%x: i64, %y: i64, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1):
    %r0 = arith.cmpi eq, %x, %y : i64
    %r1 = arith.cmpi ne, %x, %y : i64
    %r2 = arith.cmpi slt, %x, %y : i64
    %r3 = arith.cmpi sle, %x, %y : i64
    %r4 = arith.cmpi sgt, %x, %y : i64
    %r5 = arith.cmpi sge, %x, %y : i64
    %r6 = arith.cmpi ult, %x, %y : i64
    %r7 = arith.cmpi ule, %x, %y : i64
    %r8 = arith.cmpi ugt, %x, %y : i64
    %r9 = arith.cmpi uge, %x, %y : i64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>
}

// the i64 ops on index (index_cast in, index_castui in, index_cast out)
func.func @binary_index(%xi_t: tensor<?xi64>, %yi_t: tensor<?xi64>) -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %xi_t, %c0 : tensor<?xi64>
  %e_i64 = tensor.empty(%n) : tensor<?xi64>
  %r:24 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%xi_t, %yi_t : tensor<?xi64>, tensor<?xi64>) outs(%e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64, %e_i64 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  ^bb0(%xi: i64, %yi: i64, %o0: i64, %o1: i64, %o2: i64, %o3: i64, %o4: i64, %o5: i64, %o6: i64, %o7: i64, %o8: i64, %o9: i64, %o10: i64, %o11: i64, %o12: i64, %o13: i64, %o14: i64, %o15: i64, %o16: i64, %o17: i64, %o18: i64, %o19: i64, %o20: i64, %o21: i64, %o22: i64, %o23: i64):
    %x = arith.index_cast %xi : i64 to index
    %y = arith.index_castui %yi : i64 to index
    %one = arith.constant 1 : index
    %d = arith.ori %y, %one : index
    %mask = arith.constant 63 : index
    %s = arith.andi %y, %mask : index
    %seven = arith.constant 7 : index
    %p = arith.andi %y, %seven : index
    %q0 = arith.addi %x, %y : index
    %q1 = arith.subi %x, %y : index
    %q2 = arith.muli %x, %y : index
    %q3 = arith.divsi %x, %d : index
    %q4 = arith.divui %x, %d : index
    %q5 = arith.remsi %x, %d : index
    %q6 = arith.remui %x, %d : index
    %q7 = arith.minsi %x, %y : index
    %q8 = arith.maxsi %x, %y : index
    %q9 = arith.minui %x, %y : index
    %q10 = arith.maxui %x, %y : index
    %q11 = arith.andi %x, %y : index
    %q12 = arith.ori %x, %y : index
    %q13 = arith.xori %x, %y : index
    %q14 = arith.shli %x, %s : index
    %q15 = arith.shrsi %x, %s : index
    %q16 = arith.shrui %x, %s : index
    %q17 = arith.floordivsi %x, %d : index
    %q18 = arith.ceildivsi %x, %d : index
    %q19 = arith.ceildivui %x, %d : index
    %q20 = math.absi %x : index
    %q21 = math.ipowi %x, %p : index
    %q22 = math.ipowi %x, %y : index
    %lt = arith.cmpi slt, %x, %y : index
    %q23 = arith.select %lt, %y, %x : index
    %r0 = arith.index_cast %q0 : index to i64
    %r1 = arith.index_cast %q1 : index to i64
    %r2 = arith.index_cast %q2 : index to i64
    %r3 = arith.index_cast %q3 : index to i64
    %r4 = arith.index_cast %q4 : index to i64
    %r5 = arith.index_cast %q5 : index to i64
    %r6 = arith.index_cast %q6 : index to i64
    %r7 = arith.index_cast %q7 : index to i64
    %r8 = arith.index_cast %q8 : index to i64
    %r9 = arith.index_cast %q9 : index to i64
    %r10 = arith.index_cast %q10 : index to i64
    %r11 = arith.index_cast %q11 : index to i64
    %r12 = arith.index_cast %q12 : index to i64
    %r13 = arith.index_cast %q13 : index to i64
    %r14 = arith.index_cast %q14 : index to i64
    %r15 = arith.index_cast %q15 : index to i64
    %r16 = arith.index_cast %q16 : index to i64
    %r17 = arith.index_cast %q17 : index to i64
    %r18 = arith.index_cast %q18 : index to i64
    %r19 = arith.index_cast %q19 : index to i64
    %r20 = arith.index_cast %q20 : index to i64
    %r21 = arith.index_cast %q21 : index to i64
    %r22 = arith.index_cast %q22 : index to i64
    %r23 = arith.index_cast %q23 : index to i64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
  } -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}

// addi subi muli andi ori xori minsi maxsi minui maxui cmpi(slt ult sgt eq) on i1 (trunci of i8
// inputs), select, extsi, extui, uitofp, sitofp
func.func @ops_i1(%xi_t: tensor<?xi8>, %yi_t: tensor<?xi8>) -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %xi_t, %c0 : tensor<?xi8>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %e_i8 = tensor.empty(%n) : tensor<?xi8>
  %e_i32 = tensor.empty(%n) : tensor<?xi32>
  %e_f32 = tensor.empty(%n) : tensor<?xf32>
  %r:19 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%xi_t, %yi_t : tensor<?xi8>, tensor<?xi8>) outs(%e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i1, %e_i8, %e_i8, %e_i32, %e_f32, %e_f32 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%xi: i8, %yi: i8, %o0: i1, %o1: i1, %o2: i1, %o3: i1, %o4: i1, %o5: i1, %o6: i1, %o7: i1, %o8: i1, %o9: i1, %o10: i1, %o11: i1, %o12: i1, %o13: i1, %o14: i8, %o15: i8, %o16: i32, %o17: f32, %o18: f32):
    %x = arith.trunci %xi : i8 to i1
    %y = arith.trunci %yi : i8 to i1
    %r0 = arith.addi %x, %y : i1
    %r1 = arith.subi %x, %y : i1
    %r2 = arith.muli %x, %y : i1
    %r3 = arith.andi %x, %y : i1
    %r4 = arith.ori %x, %y : i1
    %r5 = arith.xori %x, %y : i1
    %r6 = arith.minsi %x, %y : i1
    %r7 = arith.maxsi %x, %y : i1
    %r8 = arith.minui %x, %y : i1
    %r9 = arith.maxui %x, %y : i1
    %r10 = arith.cmpi slt, %x, %y : i1
    %r11 = arith.cmpi ult, %x, %y : i1
    %r12 = arith.cmpi sgt, %x, %y : i1
    %r13 = arith.cmpi eq, %x, %y : i1
    %r14 = arith.select %x, %xi, %yi : i8
    %r15 = arith.extsi %x : i1 to i8
    %r16 = arith.extui %x : i1 to i32
    %r17 = arith.uitofp %x : i1 to f32
    %r18 = arith.sitofp %x : i1 to f32
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i8, i8, i32, f32, f32
  } -> (tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18 : tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi1>, tensor<?xi8>, tensor<?xi8>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>
}
