// Multi-op elementwise bodies that pyvmvx lowers to one `vmvx.ex.*` call per body op under
// ukernels=all (pyvmvx-lower-elementwise-to-ex-ukernels), and to scalar loops under
// ukernels=none. Compared with numpy, and per-workgroup VM op counts with the size, by
// tests/e2e/test_fused_ukernels.py.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#perm4 = affine_map<(d0, d1, d2, d3) -> (d3, d1, d0, d2)>
#bc4 = affine_map<(d0, d1, d2, d3) -> (d1, d3)>

// exp(-relu(a * b + c)): five body ops, a constant broadcast as a stride-0 operand.
func.func @exp_chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %z : f32
    %q = arith.maximumf %s, %zero : f32
    %g = arith.negf %q : f32
    %h = math.exp %g : f32
    linalg.yield %h : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// relu(x + b): a broadcast bias row and a constant from outside the body.
func.func @bias_relu(%x: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    %y = arith.maximumf %s, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// where(x < y^T, x * 2, y^T) on f64, with the compare's i1 in a temporary; also the i1.
func.func @compare_select(%x: tensor<?x?xf64>, %y: tensor<?x?xf64>) -> (tensor<?x?xf64>, tensor<?x?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f64
  %n = tensor.dim %x, %c0 : tensor<?x?xf64>
  %m = tensor.dim %x, %c1 : tensor<?x?xf64>
  %e = tensor.empty(%n, %m) : tensor<?x?xf64>
  %e1 = tensor.empty(%n, %m) : tensor<?x?xi1>
  %r:2 = linalg.generic {indexing_maps = [#id, #tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<?x?xf64>, tensor<?x?xf64>) outs(%e, %e1 : tensor<?x?xf64>, tensor<?x?xi1>) {
  ^bb0(%v: f64, %w: f64, %o: f64, %o1: i1):
    %lt = arith.cmpf olt, %v, %w : f64
    %d = arith.mulf %v, %two : f64
    %s = arith.select %lt, %d, %w : f64
    linalg.yield %s, %lt : f64, i1
  } -> (tensor<?x?xf64>, tensor<?x?xi1>)
  return %r#0, %r#1 : tensor<?x?xf64>, tensor<?x?xi1>
}

// i8 -> f16 * 0.5 -> i16 (truncating) and an i64 chain: casts and integer ops.
func.func @casts_ints(%x: tensor<?x?xi8>, %y: tensor<?x?xi64>) -> (tensor<?x?xi16>, tensor<?x?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f16
  %three = arith.constant 3 : i64
  %n = tensor.dim %x, %c0 : tensor<?x?xi8>
  %m = tensor.dim %x, %c1 : tensor<?x?xi8>
  %e = tensor.empty(%n, %m) : tensor<?x?xi16>
  %e1 = tensor.empty(%n, %m) : tensor<?x?xi64>
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<?x?xi8>, tensor<?x?xi64>) outs(%e, %e1 : tensor<?x?xi16>, tensor<?x?xi64>) {
  ^bb0(%v: i8, %w: i64, %o: i16, %o1: i64):
    %f = arith.sitofp %v : i8 to f16
    %g = arith.mulf %f, %half : f16
    %i = arith.fptosi %g : f16 to i16
    %wide = arith.extsi %v : i8 to i64
    %p = arith.muli %w, %wide : i64
    %q = arith.shrsi %p, %three : i64
    %t = arith.maxsi %q, %w : i64
    linalg.yield %i, %t : i16, i64
  } -> (tensor<?x?xi16>, tensor<?x?xi64>)
  return %r#0, %r#1 : tensor<?x?xi16>, tensor<?x?xi64>
}

// A 4-D transposed operand plus a broadcast one, NaN-ignoring min: one call per op.
func.func @permute_4d(%x: tensor<?x?x?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d0 = tensor.dim %x, %c2 : tensor<?x?x?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %d2 = tensor.dim %x, %c3 : tensor<?x?x?x?xf32>
  %d3 = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %e = tensor.empty(%d0, %d1, %d2, %d3) : tensor<?x?x?x?xf32>
  %r = linalg.generic {indexing_maps = [#perm4, #bc4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %y : tensor<?x?x?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?x?x?xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.subf %v, %w : f32
    %t = arith.minnumf %s, %w : f32
    linalg.yield %t : f32
  } -> tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

// Temporaries reused once their last reader ran: (x*x)*(x*x) - x*x + x, x*x read twice.
func.func @reuse(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.mulf %v, %v : f32
    %b = arith.mulf %a, %a : f32
    %c = arith.subf %b, %a : f32
    %d = arith.addf %c, %v : f32
    linalg.yield %d : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
