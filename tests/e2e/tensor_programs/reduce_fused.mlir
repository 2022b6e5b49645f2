// Reductions whose body is more than one combining op, as torch-mlir 20261001 exports them
// (`fx.export_and_import(..., output_type="linalg-on-tensors")`, rows dynamic where the
// function takes ?): under `ukernels=all` each is `vmvx.ex.reduce`/`ex.argreduce` calls with
// an elementwise prefix on `ex` calls (tests/e2e/test_reduce_fused_ukernel.py).

// torch.softmax(x, -1): a max with an index (torch-mlir's argmax body), exp(x - max), a sum, a division.
func.func @softmax(%arg0: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %dim = tensor.dim %arg0, %c0 : tensor<?x8xf32>
  %0 = tensor.empty(%dim) : tensor<?xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<?xi64>) -> tensor<?xi64>
  %2 = tensor.empty(%dim) : tensor<?xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<?xf32>) -> tensor<?xf32>
  %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x8xf32>) outs(%3, %1 : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %12 = linalg.index 1 : index
    %13 = arith.index_cast %12 : index to i64
    %14 = arith.maximumf %in, %out : f32
    %15 = arith.cmpf ogt, %in, %out : f32
    %16 = arith.select %15, %13, %out_1 : i64
    linalg.yield %14, %16 : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  %expanded = tensor.expand_shape %4#0 [[0, 1]] output_shape [%dim, 1] : tensor<?xf32> into tensor<?x1xf32>
  %5 = tensor.empty(%dim) : tensor<?x8xf32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %expanded : tensor<?x8xf32>, tensor<?x1xf32>) outs(%5 : tensor<?x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.subf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<?x8xf32>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6 : tensor<?x8xf32>) outs(%5 : tensor<?x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = math.exp %in : f32
    linalg.yield %12 : f32
  } -> tensor<?x8xf32>
  %8 = tensor.empty(%dim) : tensor<?x1xf32>
  %9 = linalg.fill ins(%cst_0 : f32) outs(%8 : tensor<?x1xf32>) -> tensor<?x1xf32>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<?x8xf32>) outs(%9 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %12 = arith.addf %in, %out : f32
    linalg.yield %12 : f32
  } -> tensor<?x1xf32>
  %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<?x8xf32>, tensor<?x1xf32>) outs(%5 : tensor<?x8xf32>) {
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %12 = arith.divf %in, %in_1 : f32
    linalg.yield %12 : f32
  } -> tensor<?x8xf32>
  return %11 : tensor<?x8xf32>
}

// torch.nn.functional.layer_norm(x, (16,), w, b): f64 mean and variance (sum of squares of x - mean), an f32 mean, rsqrt.
func.func @layer_norm(%arg0: tensor<?x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 1.000000e-05 : f64
  %cst_2 = arith.constant 1.600000e+01 : f64
  %cst_3 = arith.constant 1.600000e+01 : f32
  %dim = tensor.dim %arg0, %c0 : tensor<?x16xf32>
  %0 = tensor.empty(%dim) : tensor<?x16xf64>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x16xf32>) outs(%0 : tensor<?x16xf64>) {
  ^bb0(%in: f32, %out: f64):
    %22 = arith.extf %in : f32 to f64
    linalg.yield %22 : f64
  } -> tensor<?x16xf64>
  %2 = tensor.empty(%dim) : tensor<?x1xf64>
  %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<?x1xf64>) -> tensor<?x1xf64>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<?x16xf64>) outs(%3 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<?x1xf64>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<?x1xf64>) outs(%2 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<?x1xf64>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<?x16xf64>, tensor<?x1xf64>) outs(%0 : tensor<?x16xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.subf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<?x16xf64>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<?x16xf64>, tensor<?x16xf64>) outs(%0 : tensor<?x16xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %22 = arith.mulf %in, %in_4 : f64
    linalg.yield %22 : f64
  } -> tensor<?x16xf64>
  %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<?x16xf64>) outs(%3 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.addf %in, %out : f64
    linalg.yield %22 : f64
  } -> tensor<?x1xf64>
  %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<?x1xf64>) outs(%2 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %22 = arith.divf %in, %cst_2 : f64
    linalg.yield %22 : f64
  } -> tensor<?x1xf64>
  %10 = tensor.empty(%dim) : tensor<?x1xf32>
  %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<?x1xf64>) outs(%10 : tensor<?x1xf32>) {
  ^bb0(%in: f64, %out: f32):
    %22 = arith.truncf %in : f64 to f32
    linalg.yield %22 : f32
  } -> tensor<?x1xf32>
  %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<?x1xf32>) -> tensor<?x1xf32>
  %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x16xf32>) outs(%12 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.addf %in, %out : f32
    linalg.yield %22 : f32
  } -> tensor<?x1xf32>
  %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<?x1xf32>) outs(%10 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.divf %in, %cst_3 : f32
    linalg.yield %22 : f32
  } -> tensor<?x1xf32>
  %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<?x1xf32>) outs(%10 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = arith.truncf %cst_1 : f64 to f32
    %23 = arith.addf %in, %22 : f32
    linalg.yield %23 : f32
  } -> tensor<?x1xf32>
  %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<?x1xf32>) outs(%10 : tensor<?x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %22 = math.rsqrt %in : f32
    linalg.yield %22 : f32
  } -> tensor<?x1xf32>
  %17 = tensor.empty(%dim) : tensor<?x16xf32>
  %18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %14 : tensor<?x16xf32>, tensor<?x1xf32>) outs(%17 : tensor<?x16xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.subf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<?x16xf32>
  %19 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%18, %16 : tensor<?x16xf32>, tensor<?x1xf32>) outs(%17 : tensor<?x16xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<?x16xf32>
  %20 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%19, %arg1 : tensor<?x16xf32>, tensor<16xf32>) outs(%17 : tensor<?x16xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.mulf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<?x16xf32>
  %21 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%20, %arg2 : tensor<?x16xf32>, tensor<16xf32>) outs(%17 : tensor<?x16xf32>) {
  ^bb0(%in: f32, %in_4: f32, %out: f32):
    %22 = arith.addf %in, %in_4 : f32
    linalg.yield %22 : f32
  } -> tensor<?x16xf32>
  return %21 : tensor<?x16xf32>
}

// torch.argmax(x, 1) and torch.argmin(x, -1) of f32 rows (first index of the max/min; a NaN stops the index).
func.func @argmax(%arg0: tensor<?x7xf32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %cst = arith.constant 0xFF800000 : f32
  %cst_0 = arith.constant 0x7F800000 : f32
  %dim = tensor.dim %arg0, %c0 : tensor<?x7xf32>
  %0 = tensor.empty(%dim) : tensor<?xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<?xi64>) -> tensor<?xi64>
  %2 = tensor.empty(%dim) : tensor<?xf32>
  %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<?xf32>) -> tensor<?xf32>
  %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x7xf32>) outs(%3, %1 : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.maximumf %in, %out : f32
    %10 = arith.cmpf ogt, %in, %out : f32
    %11 = arith.select %10, %8, %out_1 : i64
    linalg.yield %9, %11 : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  %5 = linalg.fill ins(%cst_0 : f32) outs(%2 : tensor<?xf32>) -> tensor<?xf32>
  %6:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x7xf32>) outs(%5, %1 : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.minimumf %in, %out : f32
    %10 = arith.cmpf olt, %in, %out : f32
    %11 = arith.select %10, %8, %out_1 : i64
    linalg.yield %9, %11 : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  return %4#1, %6#1 : tensor<?xi64>, tensor<?xi64>
}

// torch.argmax(x, 0) of i32 columns (the reduced loop first) and torch.max(x, 1) of the rows (value and index).
func.func @argmax_int(%arg0: tensor<6x7xi32>) -> (tensor<7xi64>, tensor<6xi32>, tensor<6xi64>) {
  %c0_i64 = arith.constant 0 : i64
  %c-2147483648_i32 = arith.constant -2147483648 : i32
  %0 = tensor.empty() : tensor<7xi64>
  %1 = linalg.fill ins(%c0_i64 : i64) outs(%0 : tensor<7xi64>) -> tensor<7xi64>
  %2 = tensor.empty() : tensor<7xi32>
  %3 = linalg.fill ins(%c-2147483648_i32 : i32) outs(%2 : tensor<7xi32>) -> tensor<7xi32>
  %4:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<6x7xi32>) outs(%3, %1 : tensor<7xi32>, tensor<7xi64>) {
  ^bb0(%in: i32, %out: i32, %out_0: i64):
    %10 = linalg.index 0 : index
    %11 = arith.index_cast %10 : index to i64
    %12 = arith.maxsi %in, %out : i32
    %13 = arith.cmpi sgt, %in, %out : i32
    %14 = arith.select %13, %11, %out_0 : i64
    linalg.yield %12, %14 : i32, i64
  } -> (tensor<7xi32>, tensor<7xi64>)
  %5 = tensor.empty() : tensor<6xi64>
  %6 = linalg.fill ins(%c0_i64 : i64) outs(%5 : tensor<6xi64>) -> tensor<6xi64>
  %7 = tensor.empty() : tensor<6xi32>
  %8 = linalg.fill ins(%c-2147483648_i32 : i32) outs(%7 : tensor<6xi32>) -> tensor<6xi32>
  %9:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<6x7xi32>) outs(%8, %6 : tensor<6xi32>, tensor<6xi64>) {
  ^bb0(%in: i32, %out: i32, %out_0: i64):
    %10 = linalg.index 1 : index
    %11 = arith.index_cast %10 : index to i64
    %12 = arith.maxsi %in, %out : i32
    %13 = arith.cmpi sgt, %in, %out : i32
    %14 = arith.select %13, %11, %out_0 : i64
    linalg.yield %12, %14 : i32, i64
  } -> (tensor<6xi32>, tensor<6xi64>)
  return %4#1, %9#0, %9#1 : tensor<7xi64>, tensor<6xi32>, tensor<6xi64>
}

// torch.var(x, -1) (f64 accumulation), x.sum(-1) and x.amax(-1).
func.func @var(%arg0: tensor<?x9xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.000000e+00 : f64
  %cst_0 = arith.constant 0.000000e+00 : f32
  %c0_i64 = arith.constant 0 : i64
  %cst_1 = arith.constant 0xFF800000 : f32
  %cst_2 = arith.constant 8.000000e+00 : f64
  %cst_3 = arith.constant 9.000000e+00 : f64
  %dim = tensor.dim %arg0, %c0 : tensor<?x9xf32>
  %0 = tensor.empty(%dim) : tensor<?x9xf64>
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x9xf32>) outs(%0 : tensor<?x9xf64>) {
  ^bb0(%in: f32, %out: f64):
    %20 = arith.extf %in : f32 to f64
    linalg.yield %20 : f64
  } -> tensor<?x9xf64>
  %2 = tensor.empty(%dim) : tensor<?x1xf64>
  %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<?x1xf64>) -> tensor<?x1xf64>
  %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<?x9xf64>) outs(%3 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.addf %in, %out : f64
    linalg.yield %20 : f64
  } -> tensor<?x1xf64>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<?x1xf64>) outs(%2 : tensor<?x1xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.divf %in, %cst_3 : f64
    linalg.yield %20 : f64
  } -> tensor<?x1xf64>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %5 : tensor<?x9xf64>, tensor<?x1xf64>) outs(%0 : tensor<?x9xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %20 = arith.subf %in, %in_4 : f64
    linalg.yield %20 : f64
  } -> tensor<?x9xf64>
  %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%6, %6 : tensor<?x9xf64>, tensor<?x9xf64>) outs(%0 : tensor<?x9xf64>) {
  ^bb0(%in: f64, %in_4: f64, %out: f64):
    %20 = arith.mulf %in, %in_4 : f64
    linalg.yield %20 : f64
  } -> tensor<?x9xf64>
  %8 = tensor.empty(%dim) : tensor<?xf64>
  %9 = linalg.fill ins(%cst : f64) outs(%8 : tensor<?xf64>) -> tensor<?xf64>
  %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<?x9xf64>) outs(%9 : tensor<?xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.addf %in, %out : f64
    linalg.yield %20 : f64
  } -> tensor<?xf64>
  %11 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%10 : tensor<?xf64>) outs(%8 : tensor<?xf64>) {
  ^bb0(%in: f64, %out: f64):
    %20 = arith.divf %in, %cst_2 : f64
    linalg.yield %20 : f64
  } -> tensor<?xf64>
  %12 = tensor.empty(%dim) : tensor<?xf32>
  %13 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%11 : tensor<?xf64>) outs(%12 : tensor<?xf32>) {
  ^bb0(%in: f64, %out: f32):
    %20 = arith.truncf %in : f64 to f32
    linalg.yield %20 : f32
  } -> tensor<?xf32>
  %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<?xf32>) -> tensor<?xf32>
  %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x9xf32>) outs(%14 : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %20 = arith.addf %in, %out : f32
    linalg.yield %20 : f32
  } -> tensor<?xf32>
  %16 = tensor.empty(%dim) : tensor<?xi64>
  %17 = linalg.fill ins(%c0_i64 : i64) outs(%16 : tensor<?xi64>) -> tensor<?xi64>
  %18 = linalg.fill ins(%cst_1 : f32) outs(%12 : tensor<?xf32>) -> tensor<?xf32>
  %19:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<?x9xf32>) outs(%18, %17 : tensor<?xf32>, tensor<?xi64>) {
  ^bb0(%in: f32, %out: f32, %out_4: i64):
    %20 = linalg.index 1 : index
    %21 = arith.index_cast %20 : index to i64
    %22 = arith.maximumf %in, %out : f32
    %23 = arith.cmpf ogt, %in, %out : f32
    %24 = arith.select %23, %21, %out_4 : i64
    linalg.yield %22, %24 : f32, i64
  } -> (tensor<?xf32>, tensor<?xi64>)
  return %13, %15, %19#0 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
