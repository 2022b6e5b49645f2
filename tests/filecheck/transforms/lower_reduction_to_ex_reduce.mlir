// RUN: pyvmvx-opt %s --split-input-file -p pyvmvx-lower-reduction-to-ex-reduce | filecheck %s

// Reductions on buffers whose body is one combining op become one `vmvx.ex.reduce` call: op
// (an `ex` elementwise code), types (input | output << 8), the reduced-axes bitmask of the
// loops left-padded to 4, then (buffer, offset, 4 strides) of the input and of the output
// (stride 0 on reduced and padding loops) and the 4 loop sizes (1 for padding). A combined
// value computed from the inputs goes to a temporary first; several outputs are one call
// each; torch-mlir's argmax/argmin bodies become `vmvx.ex.argreduce`.

func.func @row_sum(%x : memref<4x8xf32, strided<[?, 1], offset: ?>>, %o : memref<4xf32, strided<[1], offset: ?>>) {
  linalg.reduce ins(%x : memref<4x8xf32, strided<[?, 1], offset: ?>>) outs(%o : memref<4xf32, strided<[1], offset: ?>>) dimensions = [1]
    (%a: f32, %s: f32) {
      %t = arith.addf %a, %s : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK:       func.func private @vmvx.ex.reduce(i32, i32, i32, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @row_sum
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %[[OS:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[M:.*]], %[[N:.*]], %[[XS0:.*]], %[[XS1:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[Z]], %[[XS0]], %[[XS1]], %[[O]], %[[OO]], %[[Z]], %[[Z]], %[[OS]], %[[Z]], %[[ONE]], %[[ONE]], %[[M]], %[[N]])
// CHECK-NOT:     linalg

// -----

// A generic with a permuted input and `op(out, in)` of a commutative op.
#in = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#out = affine_map<(d0, d1, d2) -> (d0)>
func.func @max_generic_i8(%x : memref<5x2x3xi8>, %o : memref<2xi8>) {
  linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "reduction"]} ins(%x : memref<5x2x3xi8>) outs(%o : memref<2xi8>) {
  ^bb0(%a: i8, %s: i8):
    %t = arith.maxsi %s, %a : i8
    linalg.yield %t : i8
  }
  func.return
}

// CHECK-LABEL: func.func @max_generic_i8
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %[[OS:.*]] = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 1285 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[XS1]], %[[XS2]], %[[XS0]], %[[O]], %[[OO]], %[[Z]], %[[OS]], %[[Z]], %[[Z]], %[[ONE]], %[[S1]], %[[S2]], %[[S0]])
// CHECK-NOT:     linalg

// -----

// maxnumf only as op(in, out): op(out, in) stays.
func.func @maxnumf_swapped(%x : memref<4x8xf32>, %o : memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x8xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%a: f32, %s: f32) {
      %t = arith.maxnumf %s, %a : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK-LABEL: func.func @maxnumf_swapped
// CHECK-NEXT:    linalg.reduce

// -----

// Sum of squares, acc + x * x: the square is computed first into a tile-sized temporary (its
// dynamic size from the input's descriptor) by an all-parallel generic of the body ops it
// needs (the `ex` elementwise lowering takes it later), then reduced from there.
func.func @sum_squares(%x : memref<4x?xf32>, %o : memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x?xf32>) outs(%o : memref<4xf32>) dimensions = [1]
    (%a: f32, %s: f32) {
      %q = arith.mulf %a, %a : f32
      %t = arith.addf %q, %s : f32
      linalg.yield %t : f32
    }
  func.return
}

// CHECK-LABEL: func.func @sum_squares
// CHECK:         %[[O:.*]], %[[OO:.*]], %{{.*}}, %[[OS:.*]] = vmvx.get_buffer_descriptor %o
// CHECK:         %{{.*}}, %{{.*}}, %[[M:.*]], %[[N:.*]], %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[T:.*]] = memref.alloca(%[[N]]) : memref<4x?xf32>
// CHECK-NEXT:    %[[TB:.*]], %[[TO:.*]], %{{.*}}, %{{.*}}, %[[TS0:.*]], %[[TS1:.*]] = vmvx.get_buffer_descriptor %[[T]]
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : memref<4x?xf32>) outs(%[[T]] : memref<4x?xf32>) {
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[Q:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK-NEXT:      linalg.yield %[[Q]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[OP:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[TB]], %[[TO]], %[[Z]], %[[Z]], %[[TS0]], %[[TS1]], %[[O]], %[[OO]], %[[Z]], %[[Z]], %[[OS]], %[[Z]], %[[ONE]], %[[ONE]], %[[M]], %[[N]])
// CHECK-NOT:     linalg

// -----

// Two outputs with their own combiners (a sum and a max of one pass, the input transposed):
// one call each, both reading the input itself.
#in = affine_map<(d0, d1) -> (d1, d0)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @sum_and_max(%x : memref<8x4xf32>, %s : memref<4xf32>, %m : memref<4xf32>) {
  linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]} ins(%x : memref<8x4xf32>) outs(%s, %m : memref<4xf32>, memref<4xf32>) {
  ^bb0(%a: f32, %acc: f32, %big: f32):
    %t = arith.addf %a, %acc : f32
    %u = arith.maximumf %a, %big : f32
    linalg.yield %t, %u : f32, f32
  }
  func.return
}

// CHECK-LABEL: func.func @sum_and_max
// CHECK-NEXT:    %[[MB:.*]], %[[MO:.*]], %{{.*}}, %[[MS:.*]] = vmvx.get_buffer_descriptor %m
// CHECK-NEXT:    %[[SB:.*]], %[[SO:.*]], %{{.*}}, %[[SS:.*]] = vmvx.get_buffer_descriptor %s
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[R:.*]], %[[C:.*]], %[[XS0:.*]], %[[XS1:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[ADD:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[F32:.*]] = arith.constant 514 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[ADD]], %[[F32]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[Z]], %[[XS1]], %[[XS0]], %[[SB]], %[[SO]], %[[Z]], %[[Z]], %[[SS]], %[[Z]], %[[ONE]], %[[ONE]], %[[C]], %[[R]])
// CHECK-NEXT:    %[[MAX:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %{{.*}} = arith.constant 514 : i32
// CHECK-NEXT:    %{{.*}} = arith.constant 8 : i32
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[MAX]], %{{.*}}, %{{.*}}, %[[X]], %[[XO]], %[[Z]], %[[Z]], %[[XS1]], %[[XS0]], %[[MB]], %[[MO]], %[[Z]], %[[Z]], %[[MS]], %[[Z]], %[[ONE]], %[[ONE]], %[[C]], %[[R]])
// CHECK-NOT:     linalg

// -----

// torch-mlir's argmax (`torch.argmax(x, 1)`): a max and the index where the input first
// exceeded it, one `vmvx.ex.argreduce` call: op (maximumf), types (f32 | i64 << 8), the
// reduced loop left-padded to 4 (3), then the input, the value and the index outputs.
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @argmax(%x : memref<3x5xf32>, %v : memref<3xf32>, %i : memref<3xi64>) {
  linalg.generic {indexing_maps = [#x, #r, #r], iterator_types = ["parallel", "reduction"]} ins(%x : memref<3x5xf32>) outs(%v, %i : memref<3xf32>, memref<3xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.maximumf %in, %out : f32
    %10 = arith.cmpf ogt, %in, %out : f32
    %11 = arith.select %10, %8, %out_1 : i64
    linalg.yield %9, %11 : f32, i64
  }
  func.return
}

// CHECK:       func.func private @vmvx.ex.argreduce(i32, i32, i32, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @argmax
// CHECK-NEXT:    %[[I:.*]], %[[IO:.*]], %{{.*}}, %[[IS:.*]] = vmvx.get_buffer_descriptor %i
// CHECK-NEXT:    %[[V:.*]], %[[VO:.*]], %{{.*}}, %[[VS:.*]] = vmvx.get_buffer_descriptor %v
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[M:.*]], %[[N:.*]], %[[XS0:.*]], %[[XS1:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant {{[0-9]+}} : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 2050 : i32
// CHECK-NEXT:    %[[AXIS:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.argreduce(%[[OP]], %[[TYPES]], %[[AXIS]], %[[X]], %[[XO]], %[[Z]], %[[Z]], %[[XS0]], %[[XS1]], %[[V]], %[[VO]], %[[Z]], %[[Z]], %[[VS]], %[[Z]], %[[I]], %[[IO]], %[[Z]], %[[Z]], %[[IS]], %[[Z]], %[[ONE]], %[[ONE]], %[[M]], %[[N]])
// CHECK-NOT:     linalg

// -----

// argmin of i16 with an i32 index (types 6 | 7 << 8), the compare written (out, in) and the
// min (out, in); keepdim outputs (constant 0), a transposed input.
#x = affine_map<(d0, d1) -> (d1, d0)>
#r = affine_map<(d0, d1) -> (0, d0)>
func.func @argmin_i16(%x : memref<5x3xi16>, %v : memref<1x3xi16>, %i : memref<1x3xi32>) {
  linalg.generic {indexing_maps = [#x, #r, #r], iterator_types = ["parallel", "reduction"]} ins(%x : memref<5x3xi16>) outs(%v, %i : memref<1x3xi16>, memref<1x3xi32>) {
  ^bb0(%in: i16, %out: i16, %idx: i32):
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i32
    %9 = arith.minsi %out, %in : i16
    %10 = arith.cmpi sgt, %out, %in : i16
    %11 = arith.select %10, %8, %idx : i32
    linalg.yield %9, %11 : i16, i32
  }
  func.return
}

// CHECK-LABEL: func.func @argmin_i16
// CHECK:         %[[TYPES:.*]] = arith.constant 1798 : i32
// CHECK-NEXT:    %[[AXIS:.*]] = arith.constant 3 : i32
// CHECK:         func.call @vmvx.ex.argreduce(%{{.*}}, %[[TYPES]], %[[AXIS]],
// CHECK-NOT:     linalg

// -----

// An all-reduction of i1 (torch's "every element is -inf" mask): the compare goes to an i1
// temporary (one byte per element), reduced with andi (types 4 | 4 << 8).
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0, 0)>
func.func @all_ninf(%x : memref<4x8xf32>, %o : memref<4x1xi1>) {
  %cst = arith.constant 0xfff0000000000000 : f64
  linalg.generic {indexing_maps = [#x, #r], iterator_types = ["parallel", "reduction"]} ins(%x : memref<4x8xf32>) outs(%o : memref<4x1xi1>) {
  ^bb0(%a: f32, %acc: i1):
    %e = arith.extf %a : f32 to f64
    %c = arith.cmpf oeq, %e, %cst : f64
    %t = arith.andi %c, %acc : i1
    linalg.yield %t : i1
  }
  func.return
}

// CHECK-LABEL: func.func @all_ninf
// CHECK:         %[[T:.*]] = memref.alloca() : memref<4x8xi1>
// CHECK:         linalg.generic {{.*}} ins(%x : memref<4x8xf32>) outs(%[[T]] : memref<4x8xi1>)
// CHECK:           arith.extf
// CHECK-NEXT:      %[[C:.*]] = arith.cmpf oeq
// CHECK-NEXT:      linalg.yield %[[C]] : i1
// CHECK:         arith.constant 1028 : i32
// CHECK:         func.call @vmvx.ex.reduce(
// CHECK-NOT:     linalg

// -----

// Not lowered: the combined value reads the accumulator; the last index of the max (oge); an
// argmax over two reduced loops.
#x = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @not_lowered(%x : memref<3x5xf32>, %v : memref<3xf32>, %i : memref<3xi64>, %y : memref<2x3x5xf32>) {
  linalg.reduce ins(%x : memref<3x5xf32>) outs(%v : memref<3xf32>) dimensions = [1]
    (%a: f32, %s: f32) {
      %q = arith.mulf %a, %s : f32
      %t = arith.addf %q, %s : f32
      linalg.yield %t : f32
    }
  linalg.generic {indexing_maps = [#x, #r, #r], iterator_types = ["parallel", "reduction"]} ins(%x : memref<3x5xf32>) outs(%v, %i : memref<3xf32>, memref<3xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %7 = linalg.index 1 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.maximumf %in, %out : f32
    %10 = arith.cmpf oge, %in, %out : f32
    %11 = arith.select %10, %8, %out_1 : i64
    linalg.yield %9, %11 : f32, i64
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%y : memref<2x3x5xf32>) outs(%v, %i : memref<3xf32>, memref<3xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %7 = linalg.index 2 : index
    %8 = arith.index_cast %7 : index to i64
    %9 = arith.maximumf %in, %out : f32
    %10 = arith.cmpf ogt, %in, %out : f32
    %11 = arith.select %10, %8, %out_1 : i64
    linalg.yield %9, %11 : f32, i64
  }
  func.return
}

// CHECK-LABEL: func.func @not_lowered
// CHECK-NOT:     func.call
// CHECK:         linalg.reduce
// CHECK:         arith.cmpf oge
// CHECK:         linalg.generic
// CHECK-NOT:     func.call

// -----


// A kept unit dim (constant 0 in the output map), as torch's keepdim sums give.
#in3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#keep = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
func.func @sum_keepdim(%x : memref<2x8x32xf64>, %o : memref<2x8x1xf64>) {
  linalg.generic {indexing_maps = [#in3, #keep], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : memref<2x8x32xf64>) outs(%o : memref<2x8x1xf64>) {
  ^bb0(%a: f64, %s: f64):
    %t = arith.addf %a, %s : f64
    linalg.yield %t : f64
  }
  func.return
}

// CHECK-LABEL: func.func @sum_keepdim
// CHECK-NEXT:    %[[O:.*]], %[[OO:.*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[OS0:.*]], %[[OS1:.*]], %{{.*}} = vmvx.get_buffer_descriptor %o
// CHECK-NEXT:    %[[X:.*]], %[[XO:.*]], %[[S0:.*]], %[[S1:.*]], %[[S2:.*]], %[[XS0:.*]], %[[XS1:.*]], %[[XS2:.*]] = vmvx.get_buffer_descriptor %x
// CHECK-NEXT:    %[[OP:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TYPES:.*]] = arith.constant 771 : i32
// CHECK-NEXT:    %[[AXES:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    func.call @vmvx.ex.reduce(%[[OP]], %[[TYPES]], %[[AXES]], %[[X]], %[[XO]], %[[Z]], %[[XS0]], %[[XS1]], %[[XS2]], %[[O]], %[[OO]], %[[Z]], %[[OS0]], %[[OS1]], %[[Z]], %[[ONE]], %[[S0]], %[[S1]], %[[S2]])
// CHECK-NOT:     linalg
