// Programs whose elementwise ops IREE fuses into fewer dispatches (pyvmvx-form-dispatches):
// each must still compute what numpy computes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#sum = affine_map<(d0, d1) -> (d0)>
#id1 = affine_map<(d0) -> (d0)>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// relu(x @ w + b) with the bias and the relu as two generics: one dispatch.
func.func @dense(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  %e1 = tensor.empty(%n) : tensor<?x8xf32>
  %a = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%e1 : tensor<?x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    linalg.yield %s : f32
  } -> tensor<?x8xf32>
  %e2 = tensor.empty(%n) : tensor<?x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x8xf32>) outs(%e2 : tensor<?x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.maximumf %v, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// The bias broadcast into the matmul's destination (a producer fused as `outs`): x @ w + b.
func.func @bias_init(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %bb = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<?x8xf32>) {
  ^bb0(%bv: f32, %o: f32):
    linalg.yield %bv : f32
  } -> tensor<?x8xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x8xf32>) outs(%bb : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %m : tensor<?x8xf32>
}

// An elementwise chain merged into a row sum, and a scaling after it: one dispatch,
// mean(a * b + c, axis=1) * 2 (the sum's loops are as parallel as the scaling's).
func.func @chain(%a: tensor<?x5xi32>, %b: tensor<?x5xi32>, %c: tensor<5xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x5xi32>
  %e = tensor.empty(%n) : tensor<?x5xi32>
  %p = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<?x5xi32>, tensor<?x5xi32>) outs(%e : tensor<?x5xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %t = arith.muli %x, %y : i32
    linalg.yield %t : i32
  } -> tensor<?x5xi32>
  %e1 = tensor.empty(%n) : tensor<?x5xi32>
  %q = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %c : tensor<?x5xi32>, tensor<5xi32>) outs(%e1 : tensor<?x5xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %t = arith.addi %x, %y : i32
    linalg.yield %t : i32
  } -> tensor<?x5xi32>
  %zero = arith.constant 0 : i32
  %es = tensor.empty(%n) : tensor<?xi32>
  %fs = linalg.fill ins(%zero : i32) outs(%es : tensor<?xi32>) -> tensor<?xi32>
  %s = linalg.generic {indexing_maps = [#id, #sum], iterator_types = ["parallel", "reduction"]}
      ins(%q : tensor<?x5xi32>) outs(%fs : tensor<?xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %t = arith.addi %x, %acc : i32
    linalg.yield %t : i32
  } -> tensor<?xi32>
  %two = arith.constant 2 : i32
  %e2 = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%s : tensor<?xi32>) outs(%e2 : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    %t = arith.muli %x, %two : i32
    linalg.yield %t : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// Not fused: a producer of a matmul input, a result used twice, a transposing consumer.
func.func @unfused(%x: tensor<4x6xf32>, %w: tensor<6x3xf32>) -> (tensor<3x4xf32>, tensor<4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %d = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x6xf32>) outs(%e : tensor<4x6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.addf %v, %v : f32
    linalg.yield %t : f32
  } -> tensor<4x6xf32>
  %em = tensor.empty() : tensor<4x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%em : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = linalg.matmul ins(%d, %w : tensor<4x6xf32>, tensor<6x3xf32>) outs(%f : tensor<4x3xf32>) -> tensor<4x3xf32>
  %et = tensor.empty() : tensor<3x4xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<4x3xf32>) outs(%et : tensor<3x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %y = arith.negf %v : f32
    linalg.yield %y : f32
  } -> tensor<3x4xf32>
  return %t, %d : tensor<3x4xf32>, tensor<4x6xf32>
}
