// Reductions that `ukernels=all` lowers to one `vmvx.ex.reduce` call per workgroup tile
// (tests/e2e/test_reduce_ukernel.py); `ukernels=none` runs them as scalar loops.

// Row sums, f32, dynamic rows, on a zero-filled destination.
func.func @row_sum(%a: tensor<?x64xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%a : tensor<?x64xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%x: f32, %s: f32) {
      %t = arith.addf %x, %s : f32
      linalg.yield %t : f32
    }
  return %r : tensor<?xf32>
}

// Column maxima with NaN propagation (maximumf), from -inf.
func.func @col_max(%a: tensor<6x7xf32>) -> tensor<7xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<7xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<7xf32>) -> tensor<7xf32>
  %r = linalg.reduce ins(%a : tensor<6x7xf32>) outs(%f : tensor<7xf32>) dimensions = [0]
    (%x: f32, %s: f32) {
      %t = arith.maximumf %x, %s : f32
      linalg.yield %t : f32
    }
  return %r : tensor<7xf32>
}

// maxnumf (NaN ignored) over the rows of an f64 matrix, into a given destination.
func.func @row_maxnum(%a: tensor<4x9xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %r = linalg.reduce ins(%a : tensor<4x9xf64>) outs(%b : tensor<4xf64>) dimensions = [1]
    (%x: f64, %s: f64) {
      %t = arith.maxnumf %x, %s : f64
      linalg.yield %t : f64
    }
  return %r : tensor<4xf64>
}

// An i8 sum over the first and last dims of a 3-D tensor by a generic (op(out, in)),
// accumulating into a given destination and wrapping.
#in = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#out = affine_map<(d0, d1, d2) -> (d0)>
func.func @sum_i8(%a: tensor<5x3x4xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%a : tensor<5x3x4xi8>) outs(%b : tensor<3xi8>) {
  ^bb0(%x: i8, %s: i8):
    %t = arith.addi %s, %x : i8
    linalg.yield %t : i8
  } -> tensor<3xi8>
  return %r : tensor<3xi8>
}

// Unsigned i16 minima over two axes.
func.func @min_u16(%a: tensor<3x4x5xi16>, %b: tensor<4xi16>) -> tensor<4xi16> {
  %r = linalg.reduce ins(%a : tensor<3x4x5xi16>) outs(%b : tensor<4xi16>) dimensions = [0, 2]
    (%x: i16, %s: i16) {
      %t = arith.minui %x, %s : i16
      linalg.yield %t : i16
    }
  return %r : tensor<4xi16>
}

// i64 products of rows (wrapping).
func.func @prod_i64(%a: tensor<3x8xi64>, %b: tensor<3xi64>) -> tensor<3xi64> {
  %r = linalg.reduce ins(%a : tensor<3x8xi64>) outs(%b : tensor<3xi64>) dimensions = [1]
    (%x: i64, %s: i64) {
      %t = arith.muli %x, %s : i64
      linalg.yield %t : i64
    }
  return %r : tensor<3xi64>
}

// A keepdim f64 sum (constant 0 in the output map), as torch's `sum(-1, keepdim=True)`.
#x3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @sum_keepdim(%a: tensor<2x8x32xf64>) -> tensor<2x8x1xf64> {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<2x8x1xf64>
  %f = linalg.fill ins(%zero : f64) outs(%e : tensor<2x8x1xf64>) -> tensor<2x8x1xf64>
  %r = linalg.generic {indexing_maps = [#x3, #keep], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : tensor<2x8x32xf64>) outs(%f : tensor<2x8x1xf64>) {
  ^bb0(%x: f64, %s: f64):
    %t = arith.addf %x, %s : f64
    linalg.yield %t : f64
  } -> tensor<2x8x1xf64>
  return %r : tensor<2x8x1xf64>
}

// argmax of |x| with an i32 index, written the other way round (`maximumf(out, |x|)`,
// `cmpf olt, out, |x|`): the absolute value is the elementwise prefix of ex.argreduce.
#xr = affine_map<(d0, d1) -> (d0, d1)>
#rr = affine_map<(d0, d1) -> (d0)>
func.func @argmax_abs(%a: tensor<?x9xf32>) -> (tensor<?xf32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x9xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %z = arith.constant 0 : i32
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %fi = linalg.fill ins(%z : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
  %r:2 = linalg.generic {indexing_maps = [#xr, #rr, #rr], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x9xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%in: f32, %out: f32, %idx: i32):
    %i = linalg.index 1 : index
    %c = arith.index_cast %i : index to i32
    %abs = math.absf %in : f32
    %m = arith.maximumf %out, %abs : f32
    %g = arith.cmpf olt, %out, %abs : f32
    %s = arith.select %g, %c, %idx : i32
    linalg.yield %m, %s : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xi32>
}

// Two outputs of one pass: a count (`acc + 1.0`, a constant prefix) and a sum of the input
// scaled by a scalar operand (`acc + x * s`).
func.func @count_and_scaled_sum(%a: tensor<?x9xf32>, %s: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x9xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r:2 = linalg.generic {indexing_maps = [#xr, affine_map<(d0, d1) -> ()>, #rr, #rr], iterator_types = ["parallel", "reduction"]}
      ins(%a, %s : tensor<?x9xf32>, f32) outs(%f, %f : tensor<?xf32>, tensor<?xf32>) {
  ^bb0(%in: f32, %sc: f32, %cnt: f32, %acc: f32):
    %t = arith.addf %cnt, %one : f32
    %p = arith.mulf %in, %sc : f32
    %u = arith.addf %p, %acc : f32
    linalg.yield %t, %u : f32, f32
  } -> (tensor<?xf32>, tensor<?xf32>)
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}
