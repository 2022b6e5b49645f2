// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// Verifier and parser errors of scf.forall, scf.forall.in_parallel and
// tensor.parallel_insert_slice.

func.func @bound_count(%n: index) {
  scf.forall (%i, %j) in (%n) {
  }
  func.return
}
// CHECK: expected 2 values in each bound list, one per induction variable

// -----

func.func @result_count(%t: tensor<4xf32>) {
  %r:2 = "scf.forall"(%t) <{staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index, %o: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb1:
    }) : () -> ()
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return
}
// CHECK: produces 2 results, but has only 1 outputs

// -----

func.func @block_arguments(%t: tensor<4xf32>) {
  %r = "scf.forall"(%t) <{staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb1:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: region expects 1 arguments

// -----

func.func @index_argument(%t: tensor<4xf32>) {
  %r = "scf.forall"(%t) <{staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 0, 0, 1>}> ({
  ^bb0(%i: i32, %o: tensor<4xf32>):
    "scf.forall.in_parallel"() ({
    ^bb1:
    }) : () -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
// CHECK: expects 0-th block argument to be an index

// -----

func.func @mapping_size() {
  scf.forall (%i, %j) in (4, 4) {
  } {mapping = ["x"]}
  func.return
}
// CHECK: mapping attribute size must match op rank

// -----

func.func @dynamic_markers(%n: index) {
  "scf.forall"() <{staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: -9223372036854775808>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0(%i: index):
    "scf.forall.in_parallel"() ({
    ^bb1:
    }) : () -> ()
  }) : () -> ()
  func.return
}
// CHECK: does not match the number of dynamic position markers (1) in the upper bound list.

// -----

func.func @missing_terminator() {
  "scf.forall"() <{staticLowerBound = array<i64: 0>, staticUpperBound = array<i64: 4>, staticStep = array<i64: 1>, operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
  ^bb0(%i: index):
    %c = arith.constant 0 : index
  }) : () -> ()
  func.return
}
// CHECK: 'scf.forall' terminates with operation arith.constant instead of scf.forall.in_parallel

// -----

// The terminator of a function body here, so that only the parent is wrong.
func.func @in_parallel_parent() {
  scf.forall.in_parallel {
  }
}
// CHECK: 'scf.forall.in_parallel' expects parent op 'scf.forall'

// -----

func.func @in_parallel_op(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      %c = arith.constant 0 : index
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK: expected only parallel combining ops (such as tensor.parallel_insert_slice), got arith.constant

// -----

func.func @insert_not_into_output(%t: tensor<4xf32>, %other: tensor<4xf32>, %x: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %other[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK: 'tensor.parallel_insert_slice' may only insert into an output block argument

// -----

func.func @insert_outside(%t: tensor<4xf32>, %x: tensor<1xf32>) {
  tensor.parallel_insert_slice %x into %t[0] [1] [1] : tensor<1xf32> into tensor<4xf32>
  func.return
}
// CHECK: 'tensor.parallel_insert_slice' expects parent op 'scf.forall.in_parallel'

// -----

func.func @insert_rank(%t: tensor<4x4xf32>, %x: tensor<1xf32>) -> tensor<4x4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i] [1] [1] : tensor<1xf32> into tensor<4x4xf32>
    }
  }
  func.return %r : tensor<4x4xf32>
}
// CHECK: expected 2 offset values, got 1

// -----

func.func @insert_shape(%t: tensor<4x4xf32>, %x: tensor<2xf32>) -> tensor<4x4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4x4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i, 0] [2, 2] [1, 1] : tensor<2xf32> into tensor<4x4xf32>
    }
  }
  func.return %r : tensor<4x4xf32>
}
// CHECK: expected source type tensor<2xf32> to be the slice shape 2x2 or a rank-reduced version of it (only unit dimensions dropped)

// -----

func.func @insert_element_type(%t: tensor<4xf32>, %x: tensor<1xi32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %x into %o[%i] [1] [1] : tensor<1xi32> into tensor<4xf32>
    }
  }
  func.return %r : tensor<4xf32>
}
// CHECK: expected source element type i32 to match the destination element type f32
