// Gathers and index arithmetic on vmvx.ex.gather / vmvx.ex.iota (tests/e2e/test_gather_ukernel.py).

// torch.gather along dim 1: out[i, j] = x[i, idx[i, j]] (the row index an iota, the column
// index varying along both loops).
func.func @take_along_axis(%x: tensor<?x7xf16>, %idx: tensor<?x5xi64>) -> tensor<?x5xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %idx, %c0 : tensor<?x5xi64>
  %e = tensor.empty(%n) : tensor<?x5xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%idx : tensor<?x5xi64>) outs(%e : tensor<?x5xf16>) {
  ^bb0(%k: i64, %o: f16):
    %i = linalg.index 0 : index
    %j = arith.index_cast %k : i64 to index
    %v = tensor.extract %x[%i, %j] : tensor<?x7xf16>
    linalg.yield %v : f16
  } -> tensor<?x5xf16>
  return %r : tensor<?x5xf16>
}

// A fixed row of a boolean table, negated: out[j] = !t[2, j].
func.func @fixed_row(%t: tensor<4x?xi1>) -> tensor<?xi1> {
  %c1 = arith.constant 1 : index
  %m = tensor.dim %t, %c1 : tensor<4x?xi1>
  %e = tensor.empty(%m) : tensor<?xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<?xi1>) {
  ^bb0(%o: i1):
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    %j = linalg.index 0 : index
    %v = tensor.extract %t[%c2, %j] : tensor<4x?xi1>
    %w = arith.xori %v, %true : i1
    linalg.yield %w : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}

// A causal mask from two iotas, as a transformer builds it: 0 on and below the diagonal,
// -inf above.
func.func @causal_mask(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %above = arith.cmpi sgt, %j, %i : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %mask = arith.select %above, %ninf, %zero : f32
    %s = arith.addf %x, %mask : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
