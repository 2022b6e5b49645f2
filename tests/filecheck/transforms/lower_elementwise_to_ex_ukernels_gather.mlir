// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-elementwise-to-ex-ukernels | filecheck %s

// Bodies with linalg.index and loads at computed indices: each linalg.index is one
// vmvx.ex.iota call into an i64 temporary over its loop alone, index arithmetic runs as ex
// calls on i64 (index scalars stored as i64) over the loops its operands vary along, and each
// load is one vmvx.ex.gather (source buffer, offset, 4 strides, 4 sizes; one index operand per
// source dim, padded dims reading a stored zero; the output; the loop sizes).

// An iota with the tile's row offset: the row index is 1-D (dim 2 of the padded call), so are
// the offset and scale ops on it; only the sum of row and column is tile-sized.
// CHECK-LABEL: func.func @iota(
// CHECK-SAME:      %[[A:.*]]: memref<?x5xi32>, %[[OUT:.*]]: memref<?x5xi32>, %[[OFFSET:.*]]: index
// CHECK:         %{{.*}}, %{{.*}}, %[[N:.*]], %[[M:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[A]]
// CHECK:         %[[ROWS:.*]] = memref.alloca(%[[N]]) : memref<?xi64>
// CHECK:         %[[RB:.*]], %[[RO:.*]], %{{.*}}, %[[RS:.*]] = vmvx.get_buffer_descriptor %[[ROWS]]
// CHECK:         %[[DIM2:.*]] = arith.constant 2 : i32
// CHECK:         %[[I64:.*]] = arith.constant 8 : i32
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         func.call @vmvx.ex.iota(%[[DIM2]], %[[I64]], %[[RB]], %[[RO]], %[[C0]], %[[C0]], %[[RS]], %[[C0]], %[[C1]], %[[C1]], %[[N]], %[[C1]])
// CHECK:         %[[OFF64:.*]] = arith.index_cast %[[OFFSET]] : index to i64
// CHECK:         memref.store %[[OFF64]], %{{.*}}[%[[C0]]] : memref<1xi64>
// CHECK:         func.call @vmvx.ex.binary.4d(%{{.*}}, %{{.*}}, %[[RB]], %[[RO]], %[[C0]], %[[C0]], %[[RS]], %[[C0]], %{{.*}}, %{{.*}}, %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[RB]], %[[RO]], %[[C0]], %[[C0]], %[[RS]], %[[C0]], %[[C1]], %[[C1]], %[[N]], %[[C1]])
// CHECK:         %[[COLS:.*]] = memref.alloca() : memref<5xi64>
// CHECK:         func.call @vmvx.ex.iota(%{{.*}}, %{{.*}}, {{.*}}, %[[C1]], %[[C1]], %[[C1]], %[[M]])
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK:         memref.alloca(%[[N]]) : memref<?x5xi64>
// CHECK:         func.call @vmvx.ex.binary.4d({{.*}}, %[[C1]], %[[C1]], %[[N]], %[[M]])
// CHECK:         %[[TRUNCI:.*]] = arith.constant 103 : i32
// CHECK:         %[[TO_I32:.*]] = arith.constant 1800 : i32
// CHECK:         func.call @vmvx.ex.unary.4d(%[[TRUNCI]], %[[TO_I32]],
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK-NOT:     linalg.generic
func.func @iota(%a : memref<?x5xi32>, %out : memref<?x5xi32>, %offset : index) {
  %c100 = arith.constant 100 : index
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x5xi32>) outs(%out : memref<?x5xi32>) {
  ^bb0(%x : i32, %o : i32):
    %i = linalg.index 0 : index
    %row = arith.addi %i, %offset : index
    %j = linalg.index 1 : index
    %r = arith.muli %row, %c100 : index
    %ij = arith.addi %r, %j : index
    %v = arith.index_cast %ij : index to i32
    %s = arith.addi %v, %x : i32
    linalg.yield %s : i32
  }
  func.return
}

// -----

// An embedding lookup, out[i, j] = table[ids[i], j]: the i64 ids are copied to an index
// temporary (index_cast of equal widths), the column index is a 6-element iota, and the
// gather writes the output directly; the table's two padded dims read a stored zero.
// CHECK-LABEL: func.func @embedding(
// CHECK-SAME:      %[[IDS:.*]]: memref<?xi64>, %[[TABLE:.*]]: memref<?x6xf32>, %[[OUT:.*]]: memref<?x6xf32>
// CHECK:         %[[TB:.*]], %[[TO:.*]], %[[TN:.*]], %[[TM:.*]], %[[TS0:.*]], %[[TS1:.*]] = vmvx.get_buffer_descriptor %[[TABLE]]
// CHECK:         %[[OB:.*]], %[[OO:.*]], %{{.*}}, %[[OM:.*]], %[[OS0:.*]], %[[OS1:.*]] = vmvx.get_buffer_descriptor %[[OUT]]
// CHECK:         %{{.*}}, %{{.*}}, %[[N:.*]], %{{.*}} = vmvx.get_buffer_descriptor %[[IDS]]
// CHECK:         %[[ROWS:.*]] = memref.alloca(%[[N]]) : memref<?xi64>
// CHECK:         %[[RB:.*]], %[[RO:.*]], %{{.*}}, %[[RS:.*]] = vmvx.get_buffer_descriptor %[[ROWS]]
// CHECK:         %[[COPY:.*]] = arith.constant 94 : i32
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         func.call @vmvx.ex.unary.4d(%[[COPY]],
// CHECK:         %[[COLS:.*]] = memref.alloca() : memref<6xi64>
// CHECK:         %[[CB:.*]], %[[CO:.*]], %{{.*}}, %[[CS:.*]] = vmvx.get_buffer_descriptor %[[COLS]]
// CHECK:         func.call @vmvx.ex.iota(
// CHECK:         %[[ZERO:.*]] = arith.index_cast %[[C0]] : index to i64
// CHECK:         %[[Z:.*]] = memref.alloca() : memref<1xi64>
// CHECK:         %[[ZB:.*]], %[[ZO:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[Z]]
// CHECK:         memref.store %[[ZERO]], %[[Z]]
// CHECK:         %[[F32:.*]] = arith.constant 514 : i32
// CHECK:         func.call @vmvx.ex.gather(%[[F32]], %[[TB]], %[[TO]], %[[C0]], %[[C0]], %[[TS0]], %[[TS1]], %[[C1]], %[[C1]], %[[TN]], %[[TM]], %[[ZB]], %[[ZO]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[ZB]], %[[ZO]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[RB]], %[[RO]], %[[C0]], %[[C0]], %[[RS]], %[[C0]], %[[CB]], %[[CO]], %[[C0]], %[[C0]], %[[C0]], %[[CS]], %[[OB]], %[[OO]], %[[C0]], %[[C0]], %[[OS0]], %[[OS1]], %[[C1]], %[[C1]], %[[N]], %[[OM]])
// CHECK-NOT:     linalg.generic
func.func @embedding(%ids : memref<?xi64>, %table : memref<?x6xf32>, %out : memref<?x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ids : memref<?xi64>) outs(%out : memref<?x6xf32>) {
  ^bb0(%id : i64, %o : f32):
    %i = arith.index_cast %id : i64 to index
    %j = linalg.index 1 : index
    %v = memref.load %table[%i, %j] : memref<?x6xf32>
    linalg.yield %v : f32
  }
  func.return
}

// -----

// A reversal n - 1 - i, added to the output: n - 1 depends on no loop (a one-element
// temporary, sizes all 1); the gathered values go to a temporary, as the add reads the
// output after them.
// CHECK-LABEL: func.func @reverse(
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         func.call @vmvx.ex.iota(
// CHECK:         memref.store %{{.*}} : memref<1xi64>
// CHECK:         memref.store %{{.*}} : memref<1xi64>
// CHECK:         %[[LAST:.*]] = memref.alloca() : memref<1xi64>
// CHECK:         %[[LB:.*]], %[[LO:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %[[LAST]]
// CHECK:         %[[SUBI:.*]] = arith.constant 55 : i32
// CHECK:         func.call @vmvx.ex.binary.4d(%[[SUBI]], {{.*}}, %[[LB]], %[[LO]], %[[C0]], %[[C0]], %[[C0]], %[[C0]], %[[C1]], %[[C1]], %[[C1]], %[[C1]])
// CHECK:         func.call @vmvx.ex.binary.4d(%{{.*}}, %{{.*}}, %[[LB]], %[[LO]],
// CHECK:         %[[VALUES:.*]] = memref.alloca() : memref<8xf32>
// CHECK:         func.call @vmvx.ex.gather(
// CHECK:         func.call @vmvx.ex.binary.4d(
// CHECK-NOT:     linalg.generic
func.func @reverse(%a : memref<?xf32>, %out : memref<8xf32>, %n : index) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xf32>) {
  ^bb0(%o : f32):
    %c1 = arith.constant 1 : index
    %i = linalg.index 0 : index
    %last = arith.subi %n, %c1 : index
    %k = arith.subi %last, %i : index
    %v = memref.load %a[%k] : memref<?xf32>
    %w = arith.addf %v, %o : f32
    linalg.yield %w : f32
  }
  func.return
}

// -----

// Left for the scalar fallback: a load from the output's own buffer (the loop reads its own
// writes back), a source of more than 4 dims, a source of index elements, and a
// linalg.index of a loop merged into another (5 loops, the unit one dropped).
// CHECK-LABEL: func.func @own_output(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @rank5_source(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @index_source(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
// CHECK-LABEL: func.func @merged_index(
// CHECK-NOT:     func.call
// CHECK:         linalg.generic
func.func @own_output(%out : memref<8xf32>) {
  %c7 = arith.constant 7 : index
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xf32>) {
  ^bb0(%o : f32):
    %i = linalg.index 0 : index
    %k = arith.subi %c7, %i : index
    %v = memref.load %out[%k] : memref<8xf32>
    linalg.yield %v : f32
  }
  func.return
}
func.func @rank5_source(%a : memref<1x1x1x1x8xf32>, %out : memref<8xf32>) {
  %c0 = arith.constant 0 : index
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xf32>) {
  ^bb0(%o : f32):
    %i = linalg.index 0 : index
    %v = memref.load %a[%c0, %c0, %c0, %c0, %i] : memref<1x1x1x1x8xf32>
    linalg.yield %v : f32
  }
  func.return
}
func.func @index_source(%a : memref<8xindex>, %out : memref<8xi64>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%out : memref<8xi64>) {
  ^bb0(%o : i64):
    %i = linalg.index 0 : index
    %v = memref.load %a[%i] : memref<8xindex>
    %w = arith.index_cast %v : index to i64
    linalg.yield %w : i64
  }
  func.return
}
func.func @merged_index(%out : memref<2x3x1x4x5xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      outs(%out : memref<2x3x1x4x5xi32>) {
  ^bb0(%o : i32):
    %i = linalg.index 4 : index
    %v = arith.index_cast %i : index to i32
    linalg.yield %v : i32
  }
  func.return
}
