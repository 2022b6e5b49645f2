// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyvmvx-opt %s --split-input-file -p linalg-generalize-named-ops | filecheck %s --check-prefix=GENERAL

// Named contractions and pack/unpack in MLIR's syntax, their implicit bodies (generic form)
// and their indexing maps (upstream xDSL's generalization reads them).

// CHECK-LABEL: func.func @mmt4d_tensor(
func.func @mmt4d_tensor(%lhs: tensor<?x?x16x1xf32>, %rhs: tensor<?x?x16x1xf32>, %acc: tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32> {
  %0 = linalg.mmt4d ins(%lhs, %rhs : tensor<?x?x16x1xf32>, tensor<?x?x16x1xf32>)
      outs(%acc : tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32>
  func.return %0 : tensor<?x?x16x16xf32>
}
// CHECK-NEXT: %0 = linalg.mmt4d ins(%lhs, %rhs : tensor<?x?x16x1xf32>, tensor<?x?x16x1xf32>) outs(%acc : tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32>
// GENERIC:      "linalg.mmt4d"(%lhs, %rhs, %acc) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%1: f32, %2: f32, %3: f32):
// GENERIC-NEXT:   %4 = "arith.mulf"(%1, %2)
// GENERIC-NEXT:   %5 = "arith.addf"(%3, %4)
// GENERIC-NEXT:   "linalg.yield"(%5) : (f32) -> ()
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d3, d4)>], iterator_types = ["parallel", "parallel", "reduction", "parallel", "parallel", "reduction"]}

// -----

// Mixed element types: the body sign-extends the operands to the accumulator type.
// CHECK-LABEL: func.func @mmt4d_i8i8i32_memref(
func.func @mmt4d_i8i8i32_memref(%lhs: memref<2x3x4x2xi8>, %rhs: memref<5x3x8x2xi8>, %acc: memref<2x5x4x8xi32>) {
  linalg.mmt4d {my.config = 3 : i32} ins(%lhs, %rhs : memref<2x3x4x2xi8>, memref<5x3x8x2xi8>) outs(%acc : memref<2x5x4x8xi32>)
  func.return
}
// CHECK-NEXT: linalg.mmt4d {my.config = 3 : i32} ins(%lhs, %rhs : memref<2x3x4x2xi8>, memref<5x3x8x2xi8>) outs(%acc : memref<2x5x4x8xi32>)
// CHECK-NEXT: func.return
// GENERIC:      ^bb0(%0: i8, %1: i8, %2: i32):
// GENERIC-NEXT:   %3 = "arith.extsi"(%0) : (i8) -> i32
// GENERIC-NEXT:   %4 = "arith.extsi"(%1) : (i8) -> i32
// GENERIC-NEXT:   %5 = "arith.muli"(%3, %4)
// GENERIC-NEXT:   %6 = "arith.addi"(%2, %5)

// -----

// linalg.matmul replaces upstream's: i8 x i8 -> i32 verifies, and non-default maps print.
// CHECK-LABEL: func.func @matmul(
func.func @matmul(%a: tensor<4x8xi8>, %b: tensor<8x2xi8>, %bt: tensor<2x8xi8>, %c: tensor<4x2xi32>) -> (tensor<4x2xi32>, tensor<4x2xi32>) {
  %0 = linalg.matmul {lowering_config = "tiles"} ins(%a, %b : tensor<4x8xi8>, tensor<8x2xi8>) outs(%c : tensor<4x2xi32>) -> tensor<4x2xi32>
  %1 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %bt : tensor<4x8xi8>, tensor<2x8xi8>) outs(%c : tensor<4x2xi32>) -> tensor<4x2xi32>
  func.return %0, %1 : tensor<4x2xi32>, tensor<4x2xi32>
}
// CHECK-NEXT: %0 = linalg.matmul {lowering_config = "tiles"} ins(%a, %b : tensor<4x8xi8>, tensor<8x2xi8>) outs(%c : tensor<4x2xi32>) -> tensor<4x2xi32>
// CHECK-NEXT: %1 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %bt : tensor<4x8xi8>, tensor<2x8xi8>) outs(%c : tensor<4x2xi32>) -> tensor<4x2xi32>
// GENERIC: "arith.extsi"({{%[0-9]+}}) : (i8) -> i32
// GENERAL: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}

// -----

// CHECK-LABEL: func.func @batch_matmul_f16f16f32(
func.func @batch_matmul_f16f16f32(%a: tensor<3x4x8xf16>, %b: tensor<3x8x2xf16>, %c: tensor<3x4x2xf32>) -> tensor<3x4x2xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<3x4x8xf16>, tensor<3x8x2xf16>) outs(%c : tensor<3x4x2xf32>) -> tensor<3x4x2xf32>
  func.return %0 : tensor<3x4x2xf32>
}
// CHECK-NEXT: %0 = linalg.batch_matmul ins(%a, %b : tensor<3x4x8xf16>, tensor<3x8x2xf16>) outs(%c : tensor<3x4x2xf32>) -> tensor<3x4x2xf32>
// GENERIC: "arith.extf"(%1) : (f16) -> f32
// GENERAL: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}

// -----

// CHECK-LABEL: func.func @vector_contractions(
func.func @vector_contractions(%m: memref<4x8xf32>, %x: memref<8xf32>, %y: memref<4xf32>, %z: memref<8xf32>, %d: memref<f32>, %i: memref<8xi1>, %o: memref<i1>) {
  linalg.matvec ins(%m, %x : memref<4x8xf32>, memref<8xf32>) outs(%y : memref<4xf32>)
  linalg.vecmat ins(%y, %m : memref<4xf32>, memref<4x8xf32>) outs(%z : memref<8xf32>)
  linalg.dot ins(%x, %z : memref<8xf32>, memref<8xf32>) outs(%d : memref<f32>)
  linalg.dot ins(%i, %i : memref<8xi1>, memref<8xi1>) outs(%o : memref<i1>)
  func.return
}
// CHECK-NEXT: linalg.matvec ins(%m, %x : memref<4x8xf32>, memref<8xf32>) outs(%y : memref<4xf32>)
// CHECK-NEXT: linalg.vecmat ins(%y, %m : memref<4xf32>, memref<4x8xf32>) outs(%z : memref<8xf32>)
// CHECK-NEXT: linalg.dot ins(%x, %z : memref<8xf32>, memref<8xf32>) outs(%d : memref<f32>)
// CHECK-NEXT: linalg.dot ins(%i, %i : memref<8xi1>, memref<8xi1>) outs(%o : memref<i1>)
// i1 contractions multiply with `and` and accumulate with `or`, as MLIR's.
// GENERIC:      ^bb0(%{{.*}}: i1, %{{.*}}: i1, %{{.*}}: i1):
// GENERIC-NEXT:   "arith.andi"
// GENERIC-NEXT:   "arith.ori"
// GENERAL: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
// GENERAL: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
// GENERAL: linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}

// -----

// CHECK-LABEL: func.func @pack_unpack_tensors(
func.func @pack_unpack_tensors(%src: tensor<?x?xf32>, %dst: tensor<?x?x7x8xf32>, %pad: f32, %tile: index,
                               %packed: tensor<?x?x?x8xi32>, %out: tensor<?x?xi32>) -> (tensor<?x?x7x8xf32>, tensor<?x?xi32>) {
  %0 = linalg.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [7, 8] into %dst
      : tensor<?x?xf32> -> tensor<?x?x7x8xf32>
  %1 = linalg.unpack %packed inner_dims_pos = [0, 1] inner_tiles = [%tile, 8] into %out {my.tag} : tensor<?x?x?x8xi32> -> tensor<?x?xi32>
  func.return %0, %1 : tensor<?x?x7x8xf32>, tensor<?x?xi32>
}
// CHECK-NEXT: %0 = linalg.pack %src padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [7, 8] into %dst : tensor<?x?xf32> -> tensor<?x?x7x8xf32>
// CHECK-NEXT: %1 = linalg.unpack %packed inner_dims_pos = [0, 1] inner_tiles = [%tile, 8] into %out {my.tag} : tensor<?x?x?x8xi32> -> tensor<?x?xi32>
// GENERIC: %0 = "linalg.pack"(%src, %dst, %pad) <{inner_dims_pos = array<i64: 1, 0>, static_inner_tiles = array<i64: 7, 8>, outer_dims_perm = array<i64: 1, 0>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (tensor<?x?xf32>, tensor<?x?x7x8xf32>, f32) -> tensor<?x?x7x8xf32>
// GENERIC: %1 = "linalg.unpack"(%packed, %out, %tile) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: -9223372036854775808, 8>}> {my.tag} : (tensor<?x?x?x8xi32>, tensor<?x?xi32>, index) -> tensor<?x?xi32>

// -----

// A partial tile is allowed with a padding value; memrefs give no result.
// CHECK-LABEL: func.func @pack_unpack_memrefs(
func.func @pack_unpack_memrefs(%src: memref<13x15xi8>, %dst: memref<2x2x8x8xi8>, %pad: i8, %full: memref<16x16xi8>) {
  linalg.pack %src padding_value(%pad : i8) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : memref<13x15xi8> -> memref<2x2x8x8xi8>
  linalg.unpack %dst outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %full : memref<2x2x8x8xi8> -> memref<16x16xi8>
  func.return
}
// CHECK-NEXT: linalg.pack %src padding_value(%pad : i8) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %dst : memref<13x15xi8> -> memref<2x2x8x8xi8>
// CHECK-NEXT: linalg.unpack %dst outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %full : memref<2x2x8x8xi8> -> memref<16x16xi8>
// GENERIC: "linalg.pack"(%src, %dst, %pad) <{{.*}}operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (memref<13x15xi8>, memref<2x2x8x8xi8>, i8) -> ()

// -----

// A packed dimension not tiled (rank 3 -> 4) and a larger-than-needed packed shape.
// CHECK-LABEL: func.func @pack_partial_rank(
func.func @pack_partial_rank(%src: tensor<5x16x3xf32>, %dst: tensor<3x8x5x2xf32>) -> tensor<3x8x5x2xf32> {
  %0 = linalg.pack %src outer_dims_perm = [2, 1, 0] inner_dims_pos = [1] inner_tiles = [2] into %dst : tensor<5x16x3xf32> -> tensor<3x8x5x2xf32>
  func.return %0 : tensor<3x8x5x2xf32>
}
// CHECK-NEXT: %0 = linalg.pack %src outer_dims_perm = [2, 1, 0] inner_dims_pos = [1] inner_tiles = [2] into %dst : tensor<5x16x3xf32> -> tensor<3x8x5x2xf32>

// -----

// Data tiling as IREE emits it: tile sizes known at run time, outer sizes from a semi-affine
// ceildiv, a padded pack into a fully dynamic 4-D tensor, then narrow-type mmt4d variants.
// CHECK-LABEL: func.func @dynamic_data_tiling(
func.func @dynamic_data_tiling(%src: tensor<1000x2048xf32>, %t0: index, %t1: index, %pad: f32,
    %l8: tensor<?x?x?x?xi8>, %r4: tensor<?x?x?x?xi4>, %a32: tensor<?x?x?x?xi32>,
    %lb: tensor<?x?x16x2xbf16>, %rb: tensor<?x?x16x2xbf16>, %af: tensor<?x?x16x16xf32>)
    -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x16x16xf32>) {
  %m = affine.apply affine_map<()[s0] -> (1000 ceildiv s0)>()[%t0]
  %k = affine.apply affine_map<()[s0] -> (2048 ceildiv s0)>()[%t1]
  %empty = tensor.empty(%m, %k, %t0, %t1) : tensor<?x?x?x?xf32>
  %packed = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [%t0, %t1] into %empty
      : tensor<1000x2048xf32> -> tensor<?x?x?x?xf32>
  %0 = linalg.mmt4d ins(%l8, %r4 : tensor<?x?x?x?xi8>, tensor<?x?x?x?xi4>) outs(%a32 : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  %1 = linalg.mmt4d ins(%lb, %rb : tensor<?x?x16x2xbf16>, tensor<?x?x16x2xbf16>) outs(%af : tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32>
  func.return %packed, %0, %1 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xi32>, tensor<?x?x16x16xf32>
}
// CHECK-NEXT: %m = affine.apply affine_map<()[s0] -> ((1000 ceildiv s0))> ()[%t0]
// CHECK-NEXT: %k = affine.apply affine_map<()[s0] -> ((2048 ceildiv s0))> ()[%t1]
// CHECK-NEXT: %empty = tensor.empty(%m, %k, %t0, %t1) : tensor<?x?x?x?xf32>
// CHECK-NEXT: %packed = linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [%t0, %t1] into %empty : tensor<1000x2048xf32> -> tensor<?x?x?x?xf32>
// CHECK-NEXT: %0 = linalg.mmt4d ins(%l8, %r4 : tensor<?x?x?x?xi8>, tensor<?x?x?x?xi4>) outs(%a32 : tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
// CHECK-NEXT: %1 = linalg.mmt4d ins(%lb, %rb : tensor<?x?x16x2xbf16>, tensor<?x?x16x2xbf16>) outs(%af : tensor<?x?x16x16xf32>) -> tensor<?x?x16x16xf32>
// GENERIC:      ^bb0(%{{.*}}: i8, %{{.*}}: i4, %{{.*}}: i32):
// GENERIC-NEXT:   "arith.extsi"(%{{.*}}) : (i8) -> i32
// GENERIC-NEXT:   "arith.extsi"(%{{.*}}) : (i4) -> i32
// GENERIC:      ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// GENERIC-NEXT:   "arith.extf"(%{{.*}}) : (bf16) -> f32

// -----

// Named elementwise ops take scalar operands, broadcast over the loops as in MLIR.
// CHECK-LABEL: func.func @elementwise_scalars(
func.func @elementwise_scalars(%a: memref<4x8xf32>, %s: f32, %o: memref<4x8xf32>, %t: tensor<8xi32>, %i: i32) -> tensor<8xi32> {
  linalg.add ins(%a, %s : memref<4x8xf32>, f32) outs(%o : memref<4x8xf32>)
  linalg.copy ins(%s : f32) outs(%o : memref<4x8xf32>)
  %0 = linalg.mul ins(%i, %t : i32, tensor<8xi32>) outs(%t : tensor<8xi32>) -> tensor<8xi32>
  func.return %0 : tensor<8xi32>
}
// CHECK-NEXT: linalg.add ins(%a, %s : memref<4x8xf32>, f32) outs(%o : memref<4x8xf32>)
// CHECK-NEXT: linalg.copy ins(%s : f32) outs(%o : memref<4x8xf32>)
// CHECK-NEXT: %0 = linalg.mul ins(%i, %t : i32, tensor<8xi32>) outs(%t : tensor<8xi32>) -> tensor<8xi32>
// GENERAL-LABEL: func.func @elementwise_scalars(
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ()>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
// GENERAL:      linalg.generic {indexing_maps = [affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
// GENERAL-NEXT: ^bb0(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32):
// GENERAL-NEXT:   arith.muli

// -----

// transpose, broadcast and reduce keep their discardable attributes (IREE's lowering_config).
// CHECK-LABEL: func.func @relayout_attributes(
func.func @relayout_attributes(%a: memref<4x8xf32>, %t: memref<8x4xf32>, %b: memref<4x8x2xf32>, %r: memref<4xf32>) {
  linalg.transpose ins(%a : memref<4x8xf32>) outs(%t : memref<8x4xf32>) permutation = [1, 0] {lowering_config = #iree_cpu.lowering_config<distribution = [4, 4]>}
  linalg.broadcast ins(%a : memref<4x8xf32>) outs(%b : memref<4x8x2xf32>) dimensions = [2]  {tag}
  linalg.reduce ins(%a : memref<4x8xf32>) outs(%r : memref<4xf32>) dimensions = [1] {lowering_config = #iree_cpu.lowering_config<distribution = [2, 0]>}
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  linalg.transpose ins(%t : memref<8x4xf32>) outs(%a : memref<4x8xf32>) permutation = [1, 0]
  func.return
}
// CHECK-NEXT: linalg.transpose ins(%a:memref<4x8xf32>) outs(%t:memref<8x4xf32>) permutation = [1, 0] {lowering_config = #iree_cpu.lowering_config<distribution = [4, 4]>}
// CHECK-NEXT: linalg.broadcast ins(%a:memref<4x8xf32>) outs(%b:memref<4x8x2xf32>) dimensions = [2] {tag}
// CHECK-NEXT: linalg.reduce ins(%a:memref<4x8xf32>) outs(%r:memref<4xf32>) dimensions = [1] {lowering_config = #iree_cpu.lowering_config<distribution = [2, 0]>}
// CHECK-NEXT: (%in: f32, %acc: f32) {
// CHECK-NEXT:   %s = arith.addf %in, %acc : f32
// CHECK-NEXT:   linalg.yield %s : f32
// CHECK-NEXT: }
// CHECK-NEXT: linalg.transpose ins(%t:memref<8x4xf32>) outs(%a:memref<4x8xf32>) permutation = [1, 0]{{$}}
// GENERIC-LABEL: sym_name = "relayout_attributes"
// GENERIC: "linalg.transpose"(%a, %t) <{permutation = array<i64: 1, 0>}> ({
// GENERIC: }) {lowering_config = #iree_cpu.lowering_config<distribution = [4, 4]>} : (memref<4x8xf32>, memref<8x4xf32>) -> ()
