// Host control flow, scalars and host reads of tensors (issue 11): loops, branches and
// asserts around dispatches, scalar arguments and results, tensor.extract and i1 tensors.
#map = affine_map<(d0) -> (d0)>
#map0 = affine_map<(d0) -> ()>

// a * 2**n: a dispatch applied n times by an scf.for carrying the tensor.
func.func @repeat(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<?xf32>) {
    %e = tensor.empty(%d) : tensor<?xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%acc : tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%x: f32, %out: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
    } -> tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  func.return %r : tensor<?xf32>
}

// a + 1 if the first element of a is positive, else a - 1 (an scf.if on a host read).
func.func @branch(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %first = tensor.extract %a[%c0] : tensor<4xf32>
  %positive = arith.cmpf ogt, %first, %zero : f32
  %r = scf.if %positive -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  } else {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %y = arith.subf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// Doubles a until its sum reaches limit (an scf.while whose condition reads a reduction
// computed by a dispatch); returns the tensor and the number of steps.
func.func @grow(%a: tensor<?xf32>, %limit: f32) -> (tensor<?xf32>, i32) {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %r:2 = scf.while (%t = %a, %k = %c0_i32) : (tensor<?xf32>, i32) -> (tensor<?xf32>, i32) {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [#map, #map0], iterator_types = ["reduction"]}
        ins(%t : tensor<?xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%x: f32, %out: f32):
      %y = arith.addf %x, %out : f32
      linalg.yield %y : f32
    } -> tensor<f32>
    %s = tensor.extract %sum[] : tensor<f32>
    %small = arith.cmpf olt, %s, %limit : f32
    scf.condition(%small) %t, %k : tensor<?xf32>, i32
  } do {
  ^bb0(%t: tensor<?xf32>, %k: i32):
    %e = tensor.empty(%d) : tensor<?xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%x: f32, %out: f32):
      %y = arith.addf %x, %x : f32
      linalg.yield %y : f32
    } -> tensor<?xf32>
    %k1 = arith.addi %k, %c1_i32 : i32
    scf.yield %s, %k1 : tensor<?xf32>, i32
  }
  func.return %r#0, %r#1 : tensor<?xf32>, i32
}

// max(a, b) elementwise when flag, else a, with cf branches; asserts the sizes agree.
func.func @blocks(%flag: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %da = tensor.dim %a, %c0 : tensor<?xf32>
  %db = tensor.dim %b, %c0 : tensor<?xf32>
  %same = arith.cmpi eq, %da, %db : index
  cf.assert %same, "a and b must have the same size"
  cf.cond_br %flag, ^max, ^done(%a : tensor<?xf32>)
^max:
  %e = tensor.empty(%da) : tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %z = arith.maximumf %x, %y : f32
    linalg.yield %z : f32
  } -> tensor<?xf32>
  cf.br ^done(%m : tensor<?xf32>)
^done(%r: tensor<?xf32>):
  func.return %r : tensor<?xf32>
}

// Scalars in and out: the element of a at (i, j) scaled by s, and whether it is negative;
// the index, its size and an i1 tensor of the signs.
func.func @scalars(%a: tensor<?x3xf64>, %i: index, %j: index, %s: f64)
    -> (f64, i1, index, tensor<?x3xi1>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %v = tensor.extract %a[%i, %j] : tensor<?x3xf64>
  %scaled = arith.mulf %v, %s : f64
  %negative = arith.cmpf olt, %v, %zero : f64
  %n = tensor.dim %a, %c0 : tensor<?x3xf64>
  %e = tensor.empty(%n) : tensor<?x3xi1>
  %signs = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x3xf64>) outs(%e : tensor<?x3xi1>) {
  ^bb0(%x: f64, %out: i1):
    %y = arith.cmpf olt, %x, %zero : f64
    linalg.yield %y : i1
  } -> tensor<?x3xi1>
  func.return %scaled, %negative, %n, %signs : f64, i1, index, tensor<?x3xi1>
}

// Narrow and wide integers on the host: the i1 tensor's first element selects between the
// i8 and i64 elements read from the other tensors; a dynamic tensor.dim index.
func.func @integers(%m: tensor<2xi1>, %b: tensor<3xi8>, %w: tensor<2xi64>, %axis: index,
    %c: tensor<?x?xi32>) -> (i64, i16, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %first = tensor.extract %m[%c0] : tensor<2xi1>
  %byte = tensor.extract %b[%c1] : tensor<3xi8>
  %wide = tensor.extract %w[%c1] : tensor<2xi64>
  %byte64 = arith.extsi %byte : i8 to i64
  %pick = arith.select %first, %byte64, %wide : i64
  %half = arith.extsi %byte : i8 to i16
  %size = tensor.dim %c, %axis : tensor<?x?xi32>
  func.return %pick, %half, %size : i64, i16, index
}

// f16 on the host: an element read from the tensor plus a scalar argument.
func.func @half(%a: tensor<3xf16>, %s: f16) -> f16 {
  %c2 = arith.constant 2 : index
  %v = tensor.extract %a[%c2] : tensor<3xf16>
  %r = arith.addf %v, %s : f16
  func.return %r : f16
}

// a**4 by three matmuls: the first product's buffer is dead after the second matmul and
// the third one's result reuses it.
func.func @power(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %a2 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %a3 = linalg.matmul ins(%a2, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %a4 = linalg.matmul ins(%a3, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %a4 : tensor<4x4xf32>
}

// Rank-0 tensor arguments (Python scalars through pyvmvx.load): one read on the host, one
// returned as it is.
func.func @rank0(%t: tensor<i32>, %b: tensor<i1>) -> (i32, tensor<i1>) {
  %v = tensor.extract %t[] : tensor<i32>
  func.return %v, %b : i32, tensor<i1>
}

// scf.index_switch with a tensor result: a + 1 for 0, a * 3 for 1, a otherwise.
func.func @switch(%a: tensor<4xf32>, %k: index) -> tensor<4xf32> {
  %r = scf.index_switch %k -> tensor<4xf32>
  case 0 {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  case 1 {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%x: f32, %out: f32):
      %three = arith.constant 3.0 : f32
      %y = arith.mulf %x, %three : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  default {
    scf.yield %a : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// cf.switch passing tensors to its successors: a + b for 1, max(a, b) for 2, a otherwise.
func.func @cf_switch(%k: i32, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  cf.switch %k : i32, [
    default: ^done(%a : tensor<?xf32>),
    1: ^add(%e : tensor<?xf32>),
    2: ^max
  ]
^add(%init: tensor<?xf32>):
  %s = linalg.add ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  cf.br ^done(%s : tensor<?xf32>)
^max:
  %m = linalg.max ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  cf.br ^done(%m : tensor<?xf32>)
^done(%r: tensor<?xf32>):
  func.return %r : tensor<?xf32>
}

// arith.select of two tensors on a scalar condition: a choice of buffers and sizes.
func.func @pick(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  func.return %r : tensor<?xf32>
}
