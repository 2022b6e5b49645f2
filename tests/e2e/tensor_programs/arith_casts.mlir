// arith casts between i1, i8, i16, i32, i64, index, f16, f32 and f64 inside linalg.generic bodies,
// many ops per generic (one dispatch each).
// Compared with numpy by tests/e2e/test_tensor_arith_math.py.
#map = affine_map<(d0) -> (d0)>

// sitofp, uitofp, extsi, extui, trunci, bitcast, index_cast(ui) from integers
func.func @from_ints(%b_t: tensor<?xi8>, %h_t: tensor<?xi16>, %k_t: tensor<?xi32>, %l_t: tensor<?xi64>) -> (tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi16>, tensor<?xi8>, tensor<?xi1>, tensor<?xf32>, tensor<?xf64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b_t, %c0 : tensor<?xi8>
  %e_f32 = tensor.empty(%n) : tensor<?xf32>
  %e_f64 = tensor.empty(%n) : tensor<?xf64>
  %e_f16 = tensor.empty(%n) : tensor<?xf16>
  %e_i32 = tensor.empty(%n) : tensor<?xi32>
  %e_i64 = tensor.empty(%n) : tensor<?xi64>
  %e_i16 = tensor.empty(%n) : tensor<?xi16>
  %e_i8 = tensor.empty(%n) : tensor<?xi8>
  %e_i1 = tensor.empty(%n) : tensor<?xi1>
  %r:33 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%b_t, %h_t, %k_t, %l_t : tensor<?xi8>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>) outs(%e_f32, %e_f64, %e_f32, %e_f64, %e_f32, %e_f64, %e_f16, %e_f32, %e_f32, %e_f64, %e_f32, %e_f64, %e_f16, %e_i32, %e_i64, %e_i64, %e_i16, %e_i32, %e_i64, %e_i64, %e_i16, %e_i32, %e_i8, %e_i16, %e_i8, %e_i1, %e_f32, %e_f64, %e_i64, %e_i64, %e_i32, %e_i8, %e_i64 : tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi16>, tensor<?xi8>, tensor<?xi1>, tensor<?xf32>, tensor<?xf64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>) {
  ^bb0(%b: i8, %h: i16, %k: i32, %l: i64, %o0: f32, %o1: f64, %o2: f32, %o3: f64, %o4: f32, %o5: f64, %o6: f16, %o7: f32, %o8: f32, %o9: f64, %o10: f32, %o11: f64, %o12: f16, %o13: i32, %o14: i64, %o15: i64, %o16: i16, %o17: i32, %o18: i64, %o19: i64, %o20: i16, %o21: i32, %o22: i8, %o23: i16, %o24: i8, %o25: i1, %o26: f32, %o27: f64, %o28: i64, %o29: i64, %o30: i32, %o31: i8, %o32: i64):
    %r0 = arith.sitofp %b : i8 to f32
    %r1 = arith.sitofp %h : i16 to f64
    %r2 = arith.sitofp %k : i32 to f32
    %r3 = arith.sitofp %k : i32 to f64
    %r4 = arith.sitofp %l : i64 to f32
    %r5 = arith.sitofp %l : i64 to f64
    %r6 = arith.sitofp %h : i16 to f16
    %r7 = arith.uitofp %b : i8 to f32
    %r8 = arith.uitofp %k : i32 to f32
    %r9 = arith.uitofp %k : i32 to f64
    %r10 = arith.uitofp %l : i64 to f32
    %r11 = arith.uitofp %l : i64 to f64
    %r12 = arith.uitofp %b : i8 to f16
    %r13 = arith.extsi %b : i8 to i32
    %r14 = arith.extsi %h : i16 to i64
    %r15 = arith.extsi %k : i32 to i64
    %r16 = arith.extsi %b : i8 to i16
    %r17 = arith.extui %b : i8 to i32
    %r18 = arith.extui %h : i16 to i64
    %r19 = arith.extui %k : i32 to i64
    %r20 = arith.extui %b : i8 to i16
    %r21 = arith.trunci %l : i64 to i32
    %r22 = arith.trunci %k : i32 to i8
    %r23 = arith.trunci %l : i64 to i16
    %r24 = arith.trunci %h : i16 to i8
    %r25 = arith.trunci %k : i32 to i1
    %r26 = arith.bitcast %k : i32 to f32
    %r27 = arith.bitcast %l : i64 to f64
    %ik = arith.index_cast %k : i32 to index
    %iu = arith.index_castui %k : i32 to index
    %il = arith.index_cast %l : i64 to index
    %ib = arith.index_castui %b : i8 to index
    %r28 = arith.index_cast %ik : index to i64
    %r29 = arith.index_cast %iu : index to i64
    %r30 = arith.index_castui %il : index to i32
    %r31 = arith.index_cast %il : index to i8
    %r32 = arith.index_castui %ib : index to i64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18, %r19, %r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27, %r28, %r29, %r30, %r31, %r32 : f32, f64, f32, f64, f32, f64, f16, f32, f32, f64, f32, f64, f16, i32, i64, i64, i16, i32, i64, i64, i16, i32, i8, i16, i8, i1, f32, f64, i64, i64, i32, i8, i64
  } -> (tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi16>, tensor<?xi8>, tensor<?xi1>, tensor<?xf32>, tensor<?xf64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23, %r#24, %r#25, %r#26, %r#27, %r#28, %r#29, %r#30, %r#31, %r#32 : tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xf32>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi16>, tensor<?xi8>, tensor<?xi1>, tensor<?xf32>, tensor<?xf64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>
}

// fptosi, fptoui (operands in the result's range: the others are poison), extf, truncf, bitcast
// from floats
func.func @from_floats(%x_t: tensor<?xf32>, %d_t: tensor<?xf64>, %hf_t: tensor<?xf16>) -> (tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi32>, tensor<?xi64>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf16>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x_t, %c0 : tensor<?xf32>
  %e_i32 = tensor.empty(%n) : tensor<?xi32>
  %e_i8 = tensor.empty(%n) : tensor<?xi8>
  %e_i64 = tensor.empty(%n) : tensor<?xi64>
  %e_i16 = tensor.empty(%n) : tensor<?xi16>
  %e_f64 = tensor.empty(%n) : tensor<?xf64>
  %e_f32 = tensor.empty(%n) : tensor<?xf32>
  %e_f16 = tensor.empty(%n) : tensor<?xf16>
  %r:19 = linalg.generic {indexing_maps = [#map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map, #map], iterator_types = ["parallel"]}
      ins(%x_t, %d_t, %hf_t : tensor<?xf32>, tensor<?xf64>, tensor<?xf16>) outs(%e_i32, %e_i8, %e_i64, %e_i64, %e_i32, %e_i16, %e_i32, %e_i8, %e_i64, %e_i32, %e_i64, %e_f64, %e_f32, %e_f64, %e_f32, %e_f16, %e_f16, %e_i32, %e_i64 : tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi32>, tensor<?xi64>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf16>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>) {
  ^bb0(%x: f32, %d: f64, %hf: f16, %o0: i32, %o1: i8, %o2: i64, %o3: i64, %o4: i32, %o5: i16, %o6: i32, %o7: i8, %o8: i64, %o9: i32, %o10: i64, %o11: f64, %o12: f32, %o13: f64, %o14: f32, %o15: f16, %o16: f16, %o17: i32, %o18: i64):
    %r0 = arith.fptosi %x : f32 to i32
    %r1 = arith.fptosi %x : f32 to i8
    %r2 = arith.fptosi %x : f32 to i64
    %r3 = arith.fptosi %d : f64 to i64
    %r4 = arith.fptosi %d : f64 to i32
    %r5 = arith.fptosi %hf : f16 to i16
    %r6 = arith.fptoui %x : f32 to i32
    %r7 = arith.fptoui %x : f32 to i8
    %r8 = arith.fptoui %d : f64 to i64
    %r9 = arith.fptoui %d : f64 to i32
    %r10 = arith.fptoui %x : f32 to i64
    %r11 = arith.extf %x : f32 to f64
    %r12 = arith.extf %hf : f16 to f32
    %r13 = arith.extf %hf : f16 to f64
    %r14 = arith.truncf %d : f64 to f32
    %r15 = arith.truncf %x : f32 to f16
    %r16 = arith.truncf %d : f64 to f16
    %r17 = arith.bitcast %x : f32 to i32
    %r18 = arith.bitcast %d : f64 to i64
    linalg.yield %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17, %r18 : i32, i8, i64, i64, i32, i16, i32, i8, i64, i32, i64, f64, f32, f64, f32, f16, f16, i32, i64
  } -> (tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi32>, tensor<?xi64>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf16>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>)
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18 : tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xi32>, tensor<?xi16>, tensor<?xi32>, tensor<?xi8>, tensor<?xi64>, tensor<?xi32>, tensor<?xi64>, tensor<?xf64>, tensor<?xf32>, tensor<?xf64>, tensor<?xf32>, tensor<?xf16>, tensor<?xf16>, tensor<?xi32>, tensor<?xi64>
}
