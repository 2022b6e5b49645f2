// tensor.extract_slice and insert_slice: static and dynamic offsets and sizes, strides,
// rank-reducing slices; leading-dimension slices are contiguous (host views).
func.func @extract(%a: tensor<6x8xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<8xf32>, tensor<2x8xf32>, tensor<0x8xf32>) {
  %s = tensor.extract_slice %a[1, 2] [2, 3] [1, 1] : tensor<6x8xf32> to tensor<2x3xf32>
  %t = tensor.extract_slice %a[0, 1] [3, 2] [2, 3] : tensor<6x8xf32> to tensor<3x2xf32>
  %row = tensor.extract_slice %a[4, 0] [1, 8] [1, 1] : tensor<6x8xf32> to tensor<8xf32>
  %rows = tensor.extract_slice %a[2, 0] [2, 8] [1, 1] : tensor<6x8xf32> to tensor<2x8xf32>
  %none = tensor.extract_slice %a[3, 0] [0, 8] [1, 1] : tensor<6x8xf32> to tensor<0x8xf32>
  return %s, %t, %row, %rows, %none : tensor<2x3xf32>, tensor<3x2xf32>, tensor<8xf32>, tensor<2x8xf32>, tensor<0x8xf32>
}

// Dynamic slices: the last half of the rows (a view) and a dynamic window of columns.
func.func @extract_dynamic(%a: tensor<?x?xi32>) -> (tensor<?x?xi32>, tensor<?x2xi32>, tensor<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xi32>
  %m = tensor.dim %a, %c1 : tensor<?x?xi32>
  %half = arith.divui %n, %c2 : index
  %rest = arith.subi %n, %half : index
  %tail = tensor.extract_slice %a[%half, 0] [%rest, %m] [1, 1] : tensor<?x?xi32> to tensor<?x?xi32>
  %cols = tensor.extract_slice %a[0, %c1] [%n, 2] [1, 1] : tensor<?x?xi32> to tensor<?x2xi32>
  %col = tensor.extract_slice %a[0, 0] [%n, 1] [1, 1] : tensor<?x?xi32> to tensor<?xi32>
  return %tail, %cols, %col : tensor<?x?xi32>, tensor<?x2xi32>, tensor<?xi32>
}

func.func @insert(%a: tensor<6x8xf32>, %b: tensor<2x3xf32>, %r: tensor<8xf32>) -> (tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>) {
  %s = tensor.insert_slice %b into %a[1, 2] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<6x8xf32>
  %t = tensor.insert_slice %b into %a[0, 1] [2, 3] [3, 2] : tensor<2x3xf32> into tensor<6x8xf32>
  %u = tensor.insert_slice %r into %a[5, 0] [1, 8] [1, 1] : tensor<8xf32> into tensor<6x8xf32>
  return %s, %t, %u : tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>
}

func.func @insert_dynamic(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %k = tensor.dim %b, %c0 : tensor<?x4xf32>
  %at = arith.subi %n, %k : index
  %s = tensor.insert_slice %b into %a[%at, 0] [%k, 4] [1, 1] : tensor<?x4xf32> into tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}
