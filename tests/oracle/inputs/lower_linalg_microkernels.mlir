// Differential input for iree-vmvx-lower-linalg-microkernels (pyvmvx vs iree-opt).
// Sections are split with --split-input-file; the test compares each function.

// Plain 2-D copy between two subviews with dynamic offsets.
func.func @copy_between_subviews(%dst: memref<96x40xf32>, %src: memref<40x96xf32>, %i: index, %j: index) {
  %d = memref.subview %dst[%i, %j] [16, 8] [1, 1] : memref<96x40xf32> to memref<16x8xf32, strided<[40, 1], offset: ?>>
  %s = memref.subview %src[%j, %i] [16, 8] [1, 1] : memref<40x96xf32> to memref<16x8xf32, strided<[96, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<16x8xf32, strided<[96, 1], offset: ?>>)
      outs(%d : memref<16x8xf32, strided<[40, 1], offset: ?>>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Square transpose read through the input map: swapped input strides.
func.func @copy_transposed_input(%dst: memref<12x12xi32>, %src: memref<12x12xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (b, a)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<12x12xi32>) outs(%dst : memref<12x12xi32>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  }
  return
}

// -----

// Non-square transpose written through the output map: IREE passes the output's sizes
// unpermuted (its documented quirk); pyvmvx passes loop-order sizes.
func.func @copy_transposed_output(%dst: memref<6x10xf32>, %src: memref<10x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (b, a)>], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<10x6xf32>) outs(%dst : memref<6x10xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}

// -----

// Copies of every VMVX element width: i8, i16, i64 and f64 (rank 1, padded to 2).
func.func @copy_widths(%a8: memref<7xi8>, %b8: memref<7xi8>, %a16: memref<7xi16>, %b16: memref<7xi16>,
                       %a64: memref<3x5xi64>, %b64: memref<3x5xi64>, %af: memref<4xf64>, %bf: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a8 : memref<7xi8>) outs(%b8 : memref<7xi8>) {
  ^bb0(%x: i8, %y: i8):
    linalg.yield %x : i8
  }
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a16 : memref<7xi16>) outs(%b16 : memref<7xi16>) {
  ^bb0(%x: i16, %y: i16):
    linalg.yield %x : i16
  }
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a64 : memref<3x5xi64>) outs(%b64 : memref<3x5xi64>) {
  ^bb0(%x: i64, %y: i64):
    linalg.yield %x : i64
  }
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%af : memref<4xf64>) outs(%bf : memref<4xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  return
}

// -----

// linalg.fill of 32-bit scalars on rank-2 buffers: a plain buffer and a strided subview.
func.func @fills(%buf: memref<20x30xf32>, %v: f32, %ibuf: memref<50x9xi32>, %w: i32, %k: index) {
  linalg.fill ins(%v : f32) outs(%buf : memref<20x30xf32>)
  %sub = memref.subview %ibuf[%k, 2] [5, 4] [1, 1] : memref<50x9xi32> to memref<5x4xi32, strided<[9, 1], offset: ?>>
  linalg.fill ins(%w : i32) outs(%sub : memref<5x4xi32, strided<[9, 1], offset: ?>>)
  return
}

// -----

// Row broadcast (rank 1 into rank 2) and scalar broadcast (rank 0 into rank 1).
func.func @broadcast_add_row(%acc: memref<8x16xf32>, %row: memref<16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%row : memref<16xf32>) outs(%acc : memref<8x16xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}

func.func @broadcast_add_scalar(%acc: memref<5xi32>, %s: memref<i32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> ()>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%s : memref<i32>) outs(%acc : memref<5xi32>) {
  ^bb0(%x: i32, %y: i32):
    %r = arith.addi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// Three distinct buffers, column broadcast on the right-hand side.
func.func @binary_three_buffers(%lhs: memref<4x6xf32>, %rhs: memref<4xf32>, %out: memref<4x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%lhs, %rhs : memref<4x6xf32>, memref<4xf32>) outs(%out : memref<4x6xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = arith.subf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Every binary opcode on i32.
func.func @addi(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.addi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @andi(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.andi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @divsi(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.divsi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @divui(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.divui %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @muli(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.muli %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @ori(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.ori %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @shli(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.shli %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @shrsi(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.shrsi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @shrui(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.shrui %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @xori(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.xori %x, %y : i32
    linalg.yield %r : i32
  }
  return
}
func.func @subi(%o: memref<3x4xi32>, %a: memref<3x4xi32>, %b: memref<3x4xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<3x4xi32>, memref<3x4xi32>) outs(%o : memref<3x4xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %r = arith.subi %x, %y : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// Every binary opcode on f32; the right operand is the accumulator (outs argument).
func.func @addf(%o: memref<2x5xf32>, %a: memref<2x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x5xf32>) outs(%o : memref<2x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}
func.func @divf(%o: memref<2x5xf32>, %a: memref<2x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x5xf32>) outs(%o : memref<2x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.divf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}
func.func @mulf(%o: memref<2x5xf32>, %a: memref<2x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x5xf32>) outs(%o : memref<2x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.mulf %y, %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @subf(%o: memref<2x5xf32>, %a: memref<2x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<2x5xf32>) outs(%o : memref<2x5xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.subf %x, %x : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// Every unary opcode (f32, and ctlz on i32).
func.func @absf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.absf %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @ceilf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.ceil %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @expf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.exp %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @floorf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.floor %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @logf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.log %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @negf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.negf %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @rsqrtf(%o: memref<9xf32>, %a: memref<9xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xf32>) outs(%o : memref<9xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = math.rsqrt %x : f32
    linalg.yield %r : f32
  }
  return
}
func.func @ctlzi(%o: memref<9xi32>, %a: memref<9xi32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<9xi32>) outs(%o : memref<9xi32>) {
  ^bb0(%x: i32, %y: i32):
    %r = math.ctlz %x : i32
    linalg.yield %r : i32
  }
  return
}

// -----

// Left alone by both: rank 3, a reduction, a 64-bit add, a fill of a 64-bit scalar,
// a two-op body and a non-permutation map.
func.func @rank3_copy(%o: memref<2x3x4xf32>, %a: memref<2x3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a : memref<2x3x4xf32>) outs(%o : memref<2x3x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
func.func @row_sum(%o: memref<6xf32>, %a: memref<6x7xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<6x7xf32>) outs(%o : memref<6xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}
func.func @add_i64(%o: memref<4xi64>, %a: memref<4xi64>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<4xi64>) outs(%o : memref<4xi64>) {
  ^bb0(%x: i64, %y: i64):
    %r = arith.addi %x, %y : i64
    linalg.yield %r : i64
  }
  return
}
func.func @fill_i64(%o: memref<4x4xi64>, %v: i64) {
  linalg.fill ins(%v : i64) outs(%o : memref<4x4xi64>)
  return
}
func.func @two_op_body(%o: memref<4xf32>, %a: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<4xf32>) outs(%o : memref<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %x : f32
    %r = arith.addf %s, %y : f32
    linalg.yield %r : f32
  }
  return
}
func.func @diagonal_read(%o: memref<5xf32>, %a: memref<5x5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(a) -> (a, a)>, affine_map<(a) -> (a)>], iterator_types = ["parallel"]}
      ins(%a : memref<5x5xf32>) outs(%o : memref<5xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  return
}
