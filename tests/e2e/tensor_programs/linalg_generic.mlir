// linalg.generic on tensors as torch-mlir and MLIR print it: permuted and broadcasting maps,
// several results, parallel + reduction iterators, linalg.index, and gathers
// (tensor.extract with computed indices in the body).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
#scalar2 = affine_map<(d0, d1) -> ()>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#perm3 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#red3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#id0 = affine_map<() -> ()>

// out = a^T * col-broadcast b + scalar c; and a second result: max(a^T, 0).
func.func @permute_broadcast(%a: tensor<?x5xf32>, %b: tensor<?xf32>, %c: tensor<f32>) -> (tensor<5x?xf32>, tensor<5x?xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x5xf32>
  %e = tensor.empty(%n) : tensor<5x?xf32>
  %r:2 = linalg.generic {indexing_maps = [#tr2, #col, #scalar2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : tensor<?x5xf32>, tensor<?xf32>, tensor<f32>) outs(%e, %e : tensor<5x?xf32>, tensor<5x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o0: f32, %o1: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %m, %z : f32
    %p = arith.maximumf %x, %zero : f32
    linalg.yield %s, %p : f32, f32
  } -> (tensor<5x?xf32>, tensor<5x?xf32>)
  return %r#0, %r#1 : tensor<5x?xf32>, tensor<5x?xf32>
}

// A 3-D permutation (d2, d0, d1) and a reduction over d1 with two results (sum and max).
func.func @permute_reduce(%a: tensor<?x4x70xf32>) -> (tensor<70x?x4xf32>, tensor<?x70xf32>, tensor<?x70xf32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = tensor.dim %a, %c0 : tensor<?x4x70xf32>
  %et = tensor.empty(%n) : tensor<70x?x4xf32>
  %t = linalg.generic {indexing_maps = [#id3, #perm3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : tensor<?x4x70xf32>) outs(%et : tensor<70x?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<70x?x4xf32>
  %er = tensor.empty(%n) : tensor<?x70xf32>
  %fs = linalg.fill ins(%zero : f32) outs(%er : tensor<?x70xf32>) -> tensor<?x70xf32>
  %fm = linalg.fill ins(%ninf : f32) outs(%er : tensor<?x70xf32>) -> tensor<?x70xf32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, #red3, #red3], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : tensor<?x4x70xf32>) outs(%fs, %fm : tensor<?x70xf32>, tensor<?x70xf32>) {
  ^bb0(%x: f32, %s: f32, %m: f32):
    %s2 = arith.addf %x, %s : f32
    %m2 = arith.maximumf %x, %m : f32
    linalg.yield %s2, %m2 : f32, f32
  } -> (tensor<?x70xf32>, tensor<?x70xf32>)
  return %t, %r#0, %r#1 : tensor<70x?x4xf32>, tensor<?x70xf32>, tensor<?x70xf32>
}

// linalg.index in the body: out[i, j] = i * 100 + j + a[i, j] (i32), and a lower-triangular mask.
func.func @iota(%a: tensor<?x?xi32>) -> (tensor<?x?xi32>, tensor<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xi32>
  %m = tensor.dim %a, %c1 : tensor<?x?xi32>
  %e = tensor.empty(%n, %m) : tensor<?x?xi32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xi32>) outs(%e, %e : tensor<?x?xi32>, tensor<?x?xi32>) {
  ^bb0(%x: i32, %o0: i32, %o1: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i100 = arith.muli %i, %c100 : index
    %ij = arith.addi %i100, %j : index
    %v = arith.index_cast %ij : index to i32
    %s = arith.addi %v, %x : i32
    %le = arith.cmpi ule, %j, %i : index
    %zero = arith.constant 0 : i32
    %t = arith.select %le, %x, %zero : i32
    linalg.yield %s, %t : i32, i32
  } -> (tensor<?x?xi32>, tensor<?x?xi32>)
  return %r#0, %r#1 : tensor<?x?xi32>, tensor<?x?xi32>
}

// An embedding lookup as torch-mlir writes it: out[i, j] = table[ids[i], j].
func.func @embedding(%table: tensor<?x6xf32>, %ids: tensor<?xi64>) -> tensor<?x6xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi64>
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %r = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<?xi64>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%id: i64, %o: f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%i, %j] : tensor<?x6xf32>
    linalg.yield %v : f32
  } -> tensor<?x6xf32>
  return %r : tensor<?x6xf32>
}

// The same gather from a constant table (module data, reshaped on the host): out[i, j] =
// arange(120).reshape(20, 6)[ids[i], j].
func.func @embedding_constant(%ids: tensor<?xi32>) -> tensor<?x6xf32> {
  %table = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0]> : tensor<120xf32>
  %t = tensor.expand_shape %table [[0, 1]] output_shape [20, 6] : tensor<120xf32> into tensor<20x6xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %ids, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %r = linalg.generic {indexing_maps = [#row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<?xi32>) outs(%e : tensor<?x6xf32>) {
  ^bb0(%id: i32, %o: f32):
    %i = arith.index_cast %id : i32 to index
    %j = linalg.index 1 : index
    %v = tensor.extract %t[%i, %j] : tensor<20x6xf32>
    linalg.yield %v : f32
  } -> tensor<?x6xf32>
  return %r : tensor<?x6xf32>
}

// A gather with computed indices: out[i] = a[n - 1 - i] (a reversal).
func.func @reverse(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %last = arith.subi %n, %c1 : index
    %k = arith.subi %last, %i : index
    %v = tensor.extract %a[%k] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// Rank 0: a scalar tensor op.
func.func @rank0(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  %r = linalg.generic {indexing_maps = [#id0, #id0, #id0], iterator_types = []}
      ins(%a, %b : tensor<f32>, tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
