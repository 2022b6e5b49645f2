// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-lower-linalg-microkernels,canonicalize,cse | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vmvx-lower-linalg-microkernels,iree-vmvx-resolve-buffer-descriptors{allow-unresolved=true},canonicalize,cse' | filecheck %s --check-prefix=PIPE

// Elementwise linalg on buffers becomes vmvx.get_buffer_descriptor + vmvx.binary/unary/copy/fill2d.
// Descriptor results print as %N: `[[B:%[0-9]+]]` etc. capture base, offset, sizes, strides.

// A plain 2-D copy between two subviews: strides in loop order, sizes from the output.
// CHECK-LABEL: func.func @copy_subviews(
// CHECK-DAG:     %[[DST:.*]] = memref.subview %dst
// CHECK-DAG:     %[[SRC:.*]] = memref.subview %src
// CHECK-DAG:     [[DB:%[0-9]+]], [[DO:%[0-9]+]], [[DM:%[0-9]+]], [[DN:%[0-9]+]], [[DS0:%[0-9]+]], [[DS1:%[0-9]+]] = vmvx.get_buffer_descriptor %[[DST]]
// CHECK-DAG:     [[SB:%[0-9]+]], [[SO:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, [[SS0:%[0-9]+]], [[SS1:%[0-9]+]] = vmvx.get_buffer_descriptor %[[SRC]]
// CHECK:         vmvx.copy in([[SB]] offset [[SO]] strides[[[SS0]], [[SS1]]] : !util.buffer) out([[DB]] offset [[DO]] strides[[[DS0]], [[DS1]]] : !util.buffer) sizes([[DM]], [[DN]]) : f32
// CHECK-NOT:     linalg.generic
func.func @copy_subviews(%dst : memref<96x48xf32>, %src : memref<48x96xf32>, %i : index, %j : index) {
  %d = memref.subview %dst[%i, %j] [16, 32] [1, 1] : memref<96x48xf32> to memref<16x32xf32, strided<[48, 1], offset: ?>>
  %s = memref.subview %src[%j, %i] [16, 32] [1, 1] : memref<48x96xf32> to memref<16x32xf32, strided<[96, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<16x32xf32, strided<[96, 1], offset: ?>>)
      outs(%d : memref<16x32xf32, strided<[48, 1], offset: ?>>) {
  ^bb0(%in : f32, %out : f32):
    linalg.yield %in : f32
  }
  func.return
}

// -----

// A transposed input (affine-map layouts, as IREE's tiling produces): its strides swap.
// CHECK-LABEL: func.func @copy_transposed_input(
// CHECK-DAG:     {{%[0-9]+}}, {{%[0-9]+}}, [[M:%[0-9]+]], [[N:%[0-9]+]], [[DS0:%[0-9]+]], [[DS1:%[0-9]+]] = vmvx.get_buffer_descriptor %dst
// CHECK-DAG:     {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, [[SS0:%[0-9]+]], [[SS1:%[0-9]+]] = vmvx.get_buffer_descriptor %s :
// CHECK:         vmvx.copy in({{%[0-9]+}} offset {{%[0-9]+}} strides[[[SS1]], [[SS0]]] : !util.buffer) out({{%[0-9]+}} offset {{%[0-9]+}} strides[[[DS0]], [[DS1]]] : !util.buffer) sizes([[M]], [[N]]) : f32
func.func @copy_transposed_input(%dst : memref<24x24xf32>, %src : memref<100x100xf32>, %i : index) {
  %s = memref.subview %src[%i, 0] [24, 24] [1, 1] : memref<100x100xf32> to memref<24x24xf32, affine_map<(d0, d1)[s0] -> (d0 * 100 + s0 + d1)>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%s : memref<24x24xf32, affine_map<(d0, d1)[s0] -> (d0 * 100 + s0 + d1)>>) outs(%dst : memref<24x24xf32>) {
  ^bb0(%in : f32, %out : f32):
    linalg.yield %in : f32
  }
  func.return
}

// -----

// A transposed output of a non-square shape: sizes follow the loops (4 then 8), taken from
// the output's dims 1 and 0; IREE would pass the output's sizes (8, 4) unpermuted.
// CHECK-LABEL: func.func @copy_transposed_output(
// CHECK-DAG:     [[IB:%[0-9]+]], [[IO:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, [[IS0:%[0-9]+]], [[IS1:%[0-9]+]] = vmvx.get_buffer_descriptor %in
// CHECK-DAG:     [[OB:%[0-9]+]], [[OO:%[0-9]+]], [[O8:%[0-9]+]], [[O4:%[0-9]+]], [[OS0:%[0-9]+]], [[OS1:%[0-9]+]] = vmvx.get_buffer_descriptor %out
// CHECK:         vmvx.copy in([[IB]] offset [[IO]] strides[[[IS0]], [[IS1]]] : !util.buffer) out([[OB]] offset [[OO]] strides[[[OS1]], [[OS0]]] : !util.buffer) sizes([[O4]], [[O8]]) : i16
func.func @copy_transposed_output(%in : memref<4x8xi16>, %out : memref<8x4xi16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%in : memref<4x8xi16>) outs(%out : memref<8x4xi16>) {
  ^bb0(%a : i16, %b : i16):
    linalg.yield %a : i16
  }
  func.return
}

// -----

// A copy for every VMVX element type; other element types stay linalg.
// CHECK-LABEL: func.func @copy_element_types(
// CHECK:         vmvx.copy {{.*}} : i8
// CHECK:         vmvx.copy {{.*}} : i64
// CHECK:         vmvx.copy {{.*}} : f64
// CHECK:         linalg.generic
// CHECK-SAME:      memref<5xf16>
// CHECK:         linalg.generic
// CHECK-SAME:      memref<5xi1>
func.func @copy_element_types(%a : memref<5xi8>, %b : memref<5xi64>, %c : memref<5xf64>, %d : memref<5xf16>, %e : memref<5xi1>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : memref<5xi8>) outs(%a : memref<5xi8>) {
  ^bb0(%x : i8, %y : i8):
    linalg.yield %x : i8
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%b : memref<5xi64>) outs(%b : memref<5xi64>) {
  ^bb0(%x : i64, %y : i64):
    linalg.yield %x : i64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%c : memref<5xf64>) outs(%c : memref<5xf64>) {
  ^bb0(%x : f64, %y : f64):
    linalg.yield %x : f64
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%d : memref<5xf16>) outs(%d : memref<5xf16>) {
  ^bb0(%x : f16, %y : f16):
    linalg.yield %x : f16
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%e : memref<5xi1>) outs(%e : memref<5xi1>) {
  ^bb0(%x : i1, %y : i1):
    linalg.yield %x : i1
  }
  func.return
}

// -----

// Two results: one copy each; the second copies an `outs` argument into the other output.
// Rank 1 pads strides with 0 and sizes with 1.
// CHECK-LABEL: func.func @copy_two_outputs(
// CHECK-DAG:     [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-DAG:     [[C1:%[0-9]+]] = arith.constant 1 : index
// CHECK-DAG:     [[AB:%[0-9]+]], [[AO:%[0-9]+]], {{%[0-9]+}}, [[AS:%[0-9]+]] = vmvx.get_buffer_descriptor %a
// CHECK-DAG:     [[BB:%[0-9]+]], [[BO:%[0-9]+]], [[BN:%[0-9]+]], [[BS:%[0-9]+]] = vmvx.get_buffer_descriptor %b
// CHECK-DAG:     [[CB:%[0-9]+]], [[CO:%[0-9]+]], {{%[0-9]+}}, [[CS:%[0-9]+]] = vmvx.get_buffer_descriptor %c
// CHECK:         vmvx.copy in([[AB]] offset [[AO]] strides[[[C0]], [[AS]]] : !util.buffer) out([[BB]] offset [[BO]] strides[[[C0]], [[BS]]] : !util.buffer) sizes([[C1]], [[BN]]) : f32
// CHECK-NEXT:    vmvx.copy in([[BB]] offset [[BO]] strides[[[C0]], [[BS]]] : !util.buffer) out([[CB]] offset [[CO]] strides[[[C0]], [[CS]]] : !util.buffer) sizes([[C1]], [[BN]]) : f32
func.func @copy_two_outputs(%a : memref<7xf32>, %b : memref<7xf32>, %c : memref<7xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : memref<7xf32>) outs(%b, %c : memref<7xf32>, memref<7xf32>) {
  ^bb0(%x : f32, %y : f32, %z : f32):
    linalg.yield %x, %y : f32, f32
  }
  func.return
}

// -----

// linalg.fill of a rank-2 buffer with unit inner stride and a 32-bit scalar: fill2d with
// the outer stride as row stride.
// CHECK-LABEL: func.func @fill2d(
// CHECK:         [[B:%[0-9]+]], [[O:%[0-9]+]], [[M:%[0-9]+]], [[N:%[0-9]+]], [[S0:%[0-9]+]], {{%[0-9]+}} = vmvx.get_buffer_descriptor %buf
// CHECK:         vmvx.fill2d scalar(%v : f32) out([[B]] offset [[O]] row_stride [[S0]] : !util.buffer) sizes([[M]], [[N]])
// CHECK:         %[[SV:.*]] = memref.subview %ints
// CHECK:         [[IB:%[0-9]+]], [[IO:%[0-9]+]], [[IM:%[0-9]+]], [[IN:%[0-9]+]], [[IS0:%[0-9]+]], {{%[0-9]+}} = vmvx.get_buffer_descriptor %[[SV]]
// CHECK:         vmvx.fill2d scalar(%k : i32) out([[IB]] offset [[IO]] row_stride [[IS0]] : !util.buffer) sizes([[IM]], [[IN]])
// CHECK-NOT:     linalg.fill
func.func @fill2d(%buf : memref<40x30xf32>, %v : f32, %ints : memref<?x?xi32>, %k : i32, %n : index) {
  linalg.fill ins(%v : f32) outs(%buf : memref<40x30xf32>)
  %sv = memref.subview %ints[1, 2] [%n, 5] [2, 1] : memref<?x?xi32> to memref<?x5xi32, strided<[?, 1], offset: ?>>
  linalg.fill ins(%k : i32) outs(%sv : memref<?x5xi32, strided<[?, 1], offset: ?>>)
  func.return
}

// -----

// Fills IREE leaves to scalar loops: not rank 2, a non-unit inner stride, not 32 bits.
// CHECK-LABEL: func.func @fill_not_lowered(
// CHECK-NOT:     vmvx
// CHECK-COUNT-5: linalg.fill
func.func @fill_not_lowered(%r1 : memref<16xf32>, %r3 : memref<2x3x4xf32>, %cols : memref<8x8xf32, strided<[1, 8]>>, %w : memref<8x8xf64>, %h : memref<8x8xi16>, %f : f32, %d : f64, %s : i16) {
  linalg.fill ins(%f : f32) outs(%r1 : memref<16xf32>)
  linalg.fill ins(%f : f32) outs(%r3 : memref<2x3x4xf32>)
  linalg.fill ins(%f : f32) outs(%cols : memref<8x8xf32, strided<[1, 8]>>)
  linalg.fill ins(%d : f64) outs(%w : memref<8x8xf64>)
  linalg.fill ins(%s : i16) outs(%h : memref<8x8xi16>)
  func.return
}

// -----

// Broadcast of a row across rank 2: the missing loop dim gets stride 0.
// CHECK-LABEL: func.func @add_broadcast_row(
// CHECK-DAG:     [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-DAG:     [[RB:%[0-9]+]], [[RO:%[0-9]+]], {{%[0-9]+}}, [[RS:%[0-9]+]] = vmvx.get_buffer_descriptor %row
// CHECK-DAG:     [[MB:%[0-9]+]], [[MO:%[0-9]+]], [[M:%[0-9]+]], [[N:%[0-9]+]], [[MS0:%[0-9]+]], [[MS1:%[0-9]+]] = vmvx.get_buffer_descriptor %mat
// CHECK:         vmvx.binary op("add" : f32) lhs([[RB]] offset [[RO]] strides[[[C0]], [[RS]]] : !util.buffer) rhs([[MB]] offset [[MO]] strides[[[MS0]], [[MS1]]] : !util.buffer) out([[MB]] offset [[MO]] strides[[[MS0]], [[MS1]]] : !util.buffer) sizes([[M]], [[N]])
func.func @add_broadcast_row(%mat : memref<12x20xf32>, %row : memref<20xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%row : memref<20xf32>) outs(%mat : memref<12x20xf32>) {
  ^bb0(%r : f32, %m : f32):
    %s = arith.addf %r, %m : f32
    linalg.yield %s : f32
  }
  func.return
}

// -----

// A column broadcast (d0 only) and an operand order that follows the body op, not ins/outs:
// out - in puts the `outs` buffer on the left.
// CHECK-LABEL: func.func @sub_broadcast_column(
// CHECK-DAG:     [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-DAG:     [[CB:%[0-9]+]], [[CO:%[0-9]+]], {{%[0-9]+}}, [[CS:%[0-9]+]] = vmvx.get_buffer_descriptor %col
// CHECK-DAG:     [[MB:%[0-9]+]], [[MO:%[0-9]+]], [[M:%[0-9]+]], [[N:%[0-9]+]], [[MS0:%[0-9]+]], [[MS1:%[0-9]+]] = vmvx.get_buffer_descriptor %mat
// CHECK:         vmvx.binary op("sub" : i32) lhs([[MB]] offset [[MO]] strides[[[MS0]], [[MS1]]] : !util.buffer) rhs([[CB]] offset [[CO]] strides[[[CS]], [[C0]]] : !util.buffer) out([[MB]] offset [[MO]] strides[[[MS0]], [[MS1]]] : !util.buffer) sizes([[M]], [[N]])
func.func @sub_broadcast_column(%mat : memref<12x20xi32>, %col : memref<12xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%col : memref<12xi32>) outs(%mat : memref<12x20xi32>) {
  ^bb0(%c : i32, %m : i32):
    %s = arith.subi %m, %c : i32
    linalg.yield %s : i32
  }
  func.return
}

// -----

// A rank-0 operand broadcast over rank 1: strides (0, 0) and (0, s), sizes (1, n).
// CHECK-LABEL: func.func @mul_scalar_buffer(
// CHECK-DAG:     [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-DAG:     [[C1:%[0-9]+]] = arith.constant 1 : index
// CHECK-DAG:     [[SB:%[0-9]+]], [[SO:%[0-9]+]] = vmvx.get_buffer_descriptor %scale
// CHECK-DAG:     [[VB:%[0-9]+]], [[VO:%[0-9]+]], [[N:%[0-9]+]], [[VS:%[0-9]+]] = vmvx.get_buffer_descriptor %vec
// CHECK:         vmvx.binary op("mul" : f32) lhs([[SB]] offset [[SO]] strides[[[C0]], [[C0]]] : !util.buffer) rhs([[VB]] offset [[VO]] strides[[[C0]], [[VS]]] : !util.buffer) out([[VB]] offset [[VO]] strides[[[C0]], [[VS]]] : !util.buffer) sizes([[C1]], [[N]])
func.func @mul_scalar_buffer(%vec : memref<9xf32>, %scale : memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%scale : memref<f32>) outs(%vec : memref<9xf32>) {
  ^bb0(%s : f32, %v : f32):
    %p = arith.mulf %s, %v : f32
    linalg.yield %p : f32
  }
  func.return
}

// -----

// The same block argument on both sides (x * x), into a distinct output; each buffer gets
// one descriptor.
// CHECK-LABEL: func.func @square(
// CHECK-COUNT-2: vmvx.get_buffer_descriptor
// CHECK-NOT:     vmvx.get_buffer_descriptor
// CHECK:         vmvx.binary op("mul" : i32) lhs([[B:%[0-9]+]] offset [[O:%[0-9]+]] strides[[[S0:%[0-9]+]], [[S1:%[0-9]+]]] : !util.buffer) rhs([[B]] offset [[O]] strides[[[S0]], [[S1]]] : !util.buffer) out(
func.func @square(%x : memref<3x3xi32>, %y : memref<3x3xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<3x3xi32>) outs(%y : memref<3x3xi32>) {
  ^bb0(%a : i32, %b : i32):
    %p = arith.muli %a, %a : i32
    linalg.yield %p : i32
  }
  func.return
}

// -----

// Every binary arith op IREE maps (14 ops, 11 opcodes).
// CHECK-LABEL: func.func @binary_opcodes(
// CHECK: vmvx.binary op("add" : f32)
// CHECK: vmvx.binary op("add" : i32)
// CHECK: vmvx.binary op("and" : i32)
// CHECK: vmvx.binary op("div" : f32)
// CHECK: vmvx.binary op("divs" : i32)
// CHECK: vmvx.binary op("divu" : i32)
// CHECK: vmvx.binary op("mul" : f32)
// CHECK: vmvx.binary op("mul" : i32)
// CHECK: vmvx.binary op("or" : i32)
// CHECK: vmvx.binary op("shl" : i32)
// CHECK: vmvx.binary op("shrs" : i32)
// CHECK: vmvx.binary op("xor" : i32)
// CHECK: vmvx.binary op("sub" : f32)
// CHECK: vmvx.binary op("sub" : i32)
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @binary_opcodes(%f : memref<6x10xf32>, %i : memref<6x10xi32>) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%f, %f : memref<6x10xf32>, memref<6x10xf32>) outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32, %b : f32, %c : f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.addi %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.andi %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%f, %f : memref<6x10xf32>, memref<6x10xf32>) outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32, %b : f32, %c : f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.divsi %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.divui %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%f, %f : memref<6x10xf32>, memref<6x10xf32>) outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32, %b : f32, %c : f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.muli %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.ori %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.shli %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.shrsi %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.xori %a, %b : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%f, %f : memref<6x10xf32>, memref<6x10xf32>) outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32, %b : f32, %c : f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%i, %i : memref<6x10xi32>, memref<6x10xi32>) outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32, %b : i32, %c : i32):
    %r = arith.subi %a, %b : i32
    linalg.yield %r : i32
  }
  func.return
}

// -----

// Every unary op IREE maps (8), reading an `outs` argument in place.
// CHECK-LABEL: func.func @unary_opcodes(
// CHECK: vmvx.unary op("abs" : f32) in([[B:%[0-9]+]] offset [[O:%[0-9]+]] strides[[[S0:%[0-9]+]], [[S1:%[0-9]+]]] : !util.buffer) out([[B]] offset [[O]] strides[[[S0]], [[S1]]] : !util.buffer)
// CHECK: vmvx.unary op("ceil" : f32)
// CHECK: vmvx.unary op("ctlz" : i32)
// CHECK: vmvx.unary op("exp" : f32)
// CHECK: vmvx.unary op("floor" : f32)
// CHECK: vmvx.unary op("log" : f32)
// CHECK: vmvx.unary op("neg" : f32)
// CHECK: vmvx.unary op("rsqrt" : f32)
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @unary_opcodes(%f : memref<6x10xf32>, %i : memref<6x10xi32>) {
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.absf %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.ceil %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%i : memref<6x10xi32>) {
  ^bb0(%a : i32):
    %r = math.ctlz %a : i32
    linalg.yield %r : i32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.floor %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.log %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%f : memref<6x10xf32>) {
  ^bb0(%a : f32):
    %r = math.rsqrt %a : f32
    linalg.yield %r : f32
  }
  func.return
}

// -----

// Left as linalg: an unmapped op (shrui, maxnumf), a 64-bit op, a captured (non block
// argument) operand, a body of two ops, a reduction, rank 3, a non-projected-permutation
// map, tensor semantics.
// CHECK-LABEL: func.func @not_lowered(
// CHECK-NOT:     vmvx
// CHECK-COUNT-8: linalg.generic
// CHECK-NOT:     vmvx
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_lowered(%i : memref<4x4xi32>, %f : memref<4x4xf32>, %d : memref<4x4xf64>, %r : memref<4xf32>, %c : memref<2x2x2xf32>, %t : tensor<4x4xf32>, %k : f32) -> tensor<4x4xf32> {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i : memref<4x4xi32>) outs(%i : memref<4x4xi32>) {
  ^bb0(%a : i32, %b : i32):
    %x = arith.shrui %a, %b : i32
    linalg.yield %x : i32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%f : memref<4x4xf32>) outs(%f : memref<4x4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.maxnumf %a, %b : f32
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%d : memref<4x4xf64>) outs(%d : memref<4x4xf64>) {
  ^bb0(%a : f64, %b : f64):
    %x = arith.addf %a, %b : f64
    linalg.yield %x : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%f : memref<4x4xf32>) outs(%f : memref<4x4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %k : f32
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%f : memref<4x4xf32>) outs(%f : memref<4x4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %b : f32
    %y = arith.mulf %x, %b : f32
    linalg.yield %y : f32
  }
  linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%f : memref<4x4xf32>) outs(%r : memref<4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %b : f32
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c : memref<2x2x2xf32>) outs(%c : memref<2x2x2xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %b : f32
    linalg.yield %x : f32
  }
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x4xf32>) outs(%t : tensor<4x4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %b : f32
    linalg.yield %x : f32
  } -> tensor<4x4xf32>
  func.return %0 : tensor<4x4xf32>
}

// -----

// A map that is not a projected permutation (d0 + d1) stays linalg.
// CHECK-LABEL: func.func @not_projected_permutation(
// CHECK-NOT:     vmvx
// CHECK:         linalg.generic
#diag = affine_map<(d0, d1) -> (d0 + d1)>
func.func @not_projected_permutation(%v : memref<7xf32>, %m : memref<4x4xf32>) {
  linalg.generic {indexing_maps = [#diag, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%v : memref<7xf32>) outs(%m : memref<4x4xf32>) {
  ^bb0(%a : f32, %b : f32):
    %x = arith.addf %a, %b : f32
    linalg.yield %x : f32
  }
  func.return
}

// -----

// Beyond IREE: named ops lower without generalization, by the same rules.
// CHECK-LABEL: func.func @named_ops(
// CHECK-DAG:     [[VB:%[0-9]+]], [[VO:%[0-9]+]], {{%[0-9]+}}, [[VS:%[0-9]+]] = vmvx.get_buffer_descriptor %v
// CHECK-DAG:     [[AB:%[0-9]+]], [[AO:%[0-9]+]], [[AM:%[0-9]+]], [[AN:%[0-9]+]], [[AS0:%[0-9]+]], [[AS1:%[0-9]+]] = vmvx.get_buffer_descriptor %a
// CHECK-DAG:     [[BB:%[0-9]+]], [[BO:%[0-9]+]], [[BM:%[0-9]+]], [[BN:%[0-9]+]], [[BS0:%[0-9]+]], [[BS1:%[0-9]+]] = vmvx.get_buffer_descriptor %b
// CHECK-DAG:     [[TB:%[0-9]+]], [[TO:%[0-9]+]], [[TM:%[0-9]+]], [[TN:%[0-9]+]], [[TS0:%[0-9]+]], [[TS1:%[0-9]+]] = vmvx.get_buffer_descriptor %t
// CHECK:         vmvx.binary op("add" : f32) lhs([[AB]] offset [[AO]] strides[[[AS0]], [[AS1]]] : !util.buffer) rhs([[BB]] offset [[BO]] strides[[[BS0]], [[BS1]]] : !util.buffer) out([[BB]] offset [[BO]] strides[[[BS0]], [[BS1]]] : !util.buffer) sizes([[BM]], [[BN]])
// CHECK-NEXT:    vmvx.binary op("sub" : f32)
// CHECK-NEXT:    vmvx.binary op("mul" : f32)
// CHECK-NEXT:    vmvx.unary op("exp" : f32) in([[AB]] offset [[AO]] strides[[[AS0]], [[AS1]]] : !util.buffer) out([[BB]]
// CHECK-NEXT:    vmvx.unary op("log" : f32)
// CHECK-NEXT:    vmvx.copy in([[BB]] offset [[BO]] strides[[[BS0]], [[BS1]]] : !util.buffer) out([[AB]] offset [[AO]] strides[[[AS0]], [[AS1]]] : !util.buffer) sizes([[AM]], [[AN]]) : f32
// CHECK-NEXT:    vmvx.copy in([[AB]] offset [[AO]] strides[[[AS1]], [[AS0]]] : !util.buffer) out([[TB]] offset [[TO]] strides[[[TS0]], [[TS1]]] : !util.buffer) sizes([[TM]], [[TN]]) : f32
// CHECK-NEXT:    [[C0:%[0-9]+]] = arith.constant 0 : index
// CHECK-NEXT:    vmvx.copy in([[VB]] offset [[VO]] strides[[[C0]], [[VS]]] : !util.buffer) out([[AB]] offset [[AO]] strides[[[AS0]], [[AS1]]] : !util.buffer) sizes([[AM]], [[AN]]) : f32
// CHECK-NEXT:    linalg.sqrt
// CHECK-NEXT:    linalg.add ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%c : memref<4x8xf64>)
func.func @named_ops(%a : memref<4x8xf32>, %b : memref<4x8xf32>, %t : memref<8x4xf32>, %v : memref<8xf32>, %c : memref<4x8xf64>) {
  linalg.add ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.sub ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.mul ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.exp ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.log ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.copy ins(%b : memref<4x8xf32>) outs(%a : memref<4x8xf32>)
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0]
  linalg.broadcast ins(%v : memref<8xf32>) outs(%a : memref<4x8xf32>) dimensions = [0]
  // No vmvx opcode for sqrt; mixed element types imply a cast the xDSL body does not show.
  linalg.sqrt ins(%a : memref<4x8xf32>) outs(%b : memref<4x8xf32>)
  linalg.add ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%c : memref<4x8xf64>)
  func.return
}

// -----

// Descriptors go right after the buffer's definition: at the function's start for an
// argument (hoisted out of the loop), inside the loop for a subview defined there.
// CHECK-LABEL: func.func @descriptor_placement(
// CHECK-NEXT:    {{.*}} = vmvx.get_buffer_descriptor %col
// CHECK:         scf.for
// CHECK-NEXT:      %[[SV:.*]] = memref.subview %buf
// CHECK-NEXT:      {{.*}} = vmvx.get_buffer_descriptor %[[SV]]
// CHECK:           vmvx.copy
func.func @descriptor_placement(%buf : memref<8x8xf32>, %col : memref<8x1xf32>, %n : index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %iv = %c0 to %n step %c1 {
    %sv = memref.subview %buf[%iv, 0] [1, 8] [1, 1] : memref<8x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
        ins(%sv : memref<1x8xf32, strided<[8, 1], offset: ?>>) outs(%col : memref<8x1xf32>) {
    ^bb0(%a : f32, %b : f32):
      linalg.yield %a : f32
    }
  }
  func.return
}

// -----

// With iree-vmvx-resolve-buffer-descriptors after it (the PIPE run), a dispatch-like body
// on binding subspans ends with static strides and sizes, and offsets computed from the
// workgroup id. Maps: a transposed input and output (sizes in loop order: 40, 8) and a
// broadcast vector (stride 0 for d1).
// CHECK-LABEL: func.func @dispatch(
// CHECK:         vmvx.binary op("mul" : f32)
// PIPE-LABEL:  func.func @dispatch(
// PIPE-NEXT:     %wg = hal.interface.workgroup.id[0] : index
// PIPE-NEXT:     [[IN:%[0-9]+]] = vmvx.get_raw_interface_binding_buffer layout({{.*}}) binding(0)
// PIPE-NEXT:     [[C40:%[0-9]+]] = arith.constant 40 : index
// PIPE-NEXT:     [[OFF:%[0-9]+]] = arith.muli %wg, [[C40]] : index
// PIPE-NEXT:     [[C1:%[0-9]+]] = arith.constant 1 : index
// PIPE-NEXT:     [[C0:%[0-9]+]] = arith.constant 0 : index
// PIPE-NEXT:     [[OUT:%[0-9]+]] = vmvx.get_raw_interface_binding_buffer layout({{.*}}) binding(1)
// PIPE-NEXT:     [[C8:%[0-9]+]] = arith.constant 8 : index
// PIPE-NEXT:     [[OUTOFF:%[0-9]+]] = arith.addi [[OFF]], [[C8]] : index
// PIPE-NEXT:     vmvx.binary op("mul" : f32) lhs([[IN]] offset [[OFF]] strides[[[C1]], [[C40]]] : !util.buffer) rhs([[IN]] offset [[C0]] strides[[[C1]], [[C0]]] : !util.buffer) out([[OUT]] offset [[OUTOFF]] strides[[[C1]], [[C40]]] : !util.buffer) sizes([[C40]], [[C8]])
// PIPE-NEXT:     func.return
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @dispatch() {
  %c32 = arith.constant 32 : index
  %in = hal.interface.binding.subspan layout(#pl) binding(0) alignment(64) : memref<64x40xf32>
  %out = hal.interface.binding.subspan layout(#pl) binding(1) alignment(64) offset(%c32) : memref<64x40xf32>
  %wg = hal.interface.workgroup.id[0] : index
  %a = memref.subview %in[%wg, 0] [8, 40] [1, 1] : memref<64x40xf32> to memref<8x40xf32, strided<[40, 1], offset: ?>>
  %b = memref.subview %in[0, 0] [1, 40] [1, 1] : memref<64x40xf32> to memref<40xf32, strided<[1]>>
  %c = memref.subview %out[%wg, 0] [8, 40] [1, 1] : memref<64x40xf32> to memref<8x40xf32, strided<[40, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<8x40xf32, strided<[40, 1], offset: ?>>, memref<40xf32, strided<[1]>>)
      outs(%c : memref<8x40xf32, strided<[40, 1], offset: ?>>) {
  ^bb0(%x : f32, %y : f32, %z : f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  }
  func.return
}
