// RUN: pyvmvx-opt %s --split-input-file -p iree-linalg-ext-to-loops,canonicalize,cse | filecheck %s

// Pack with padding: tiles [4, 8] do not divide 6x13, so both source indices are compared
// with the source sizes and an out-of-bounds element is the padding value, never a load.

func.func @pack_padded(%src : memref<6x13xf32>, %dst : memref<2x2x4x8xf32>) {
  %pad = arith.constant -1.0 : f32
  linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 8]
      into %dst : memref<6x13xf32> -> memref<2x2x4x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_padded
// CHECK-DAG:     %[[PAD:.*]] = arith.constant -1.000000e+00 : f32
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG:     %[[C13:.*]] = arith.constant 13 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT:        scf.for %[[K:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:          scf.for %[[L:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:            %[[IK:.*]] = arith.muli %[[I]], %[[C4]] : index
// CHECK-NEXT:            %[[ROW:.*]] = arith.addi %[[IK]], %[[K]] : index
// CHECK-NEXT:            %[[JL:.*]] = arith.muli %[[J]], %[[C8]] : index
// CHECK-NEXT:            %[[COL:.*]] = arith.addi %[[JL]], %[[L]] : index
// CHECK-NEXT:            %[[IN0:.*]] = arith.cmpi slt, %[[ROW]], %[[C6]] : index
// CHECK-NEXT:            %[[IN1:.*]] = arith.cmpi slt, %[[COL]], %[[C13]] : index
// CHECK-NEXT:            %[[IN:.*]] = arith.andi %[[IN0]], %[[IN1]] : i1
// CHECK-NEXT:            %[[V:.*]] = scf.if %[[IN]] -> (f32) {
// CHECK-NEXT:              %[[X:.*]] = memref.load %src[%[[ROW]], %[[COL]]] : memref<6x13xf32>
// CHECK-NEXT:              scf.yield %[[X]] : f32
// CHECK-NEXT:            } else {
// CHECK-NEXT:              scf.yield %[[PAD]] : f32
// CHECK-NEXT:            }
// CHECK-NEXT:            memref.store %[[V]], %dst[%[[I]], %[[J]], %[[K]], %[[L]]] : memref<2x2x4x8xf32>
// CHECK-NOT:     linalg.pack

// -----

// Full tiles need no bounds check, whether or not there is a padding value.

func.func @pack_full_tiles(%src : memref<8x12xi32>, %dst : memref<2x3x4x4xi32>,
                           %dst2 : memref<2x3x4x4xi32>) {
  %pad = arith.constant 0 : i32
  linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [4, 4]
      into %dst : memref<8x12xi32> -> memref<2x3x4x4xi32>
  linalg.pack %src padding_value(%pad : i32) inner_dims_pos = [0, 1] inner_tiles = [4, 4]
      into %dst2 : memref<8x12xi32> -> memref<2x3x4x4xi32>
  func.return
}
// CHECK-LABEL: func.func @pack_full_tiles
// CHECK-NOT:     scf.if
// CHECK-COUNT-2: memref.load %src[%{{.*}}, %{{.*}}] : memref<8x12xi32>
// CHECK-NOT:     scf.if

// -----

// outer_dims_perm and inner_dims_pos both swap: destination (i, j, k, l) holds source
// (j * 2 + l, i * 4 + k).

func.func @pack_transposed(%src : memref<8x12xf32>, %dst : memref<3x4x4x2xf32>) {
  linalg.pack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 2]
      into %dst : memref<8x12xf32> -> memref<3x4x4x2xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_transposed
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C3]]
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[C4]]
// CHECK-NEXT:        scf.for %[[K:.*]] = %{{.*}} to %[[C4]]
// CHECK-NEXT:          scf.for %[[L:.*]] = %{{.*}} to %[[C2]]
// CHECK-NEXT:            %[[J2:.*]] = arith.muli %[[J]], %[[C2]] : index
// CHECK-NEXT:            %[[ROW:.*]] = arith.addi %[[J2]], %[[L]] : index
// CHECK-NEXT:            %[[I4:.*]] = arith.muli %[[I]], %[[C4]] : index
// CHECK-NEXT:            %[[COL:.*]] = arith.addi %[[I4]], %[[K]] : index
// CHECK-NEXT:            %[[X:.*]] = memref.load %src[%[[ROW]], %[[COL]]] : memref<8x12xf32>
// CHECK-NEXT:            memref.store %[[X]], %dst[%[[I]], %[[J]], %[[K]], %[[L]]] : memref<3x4x4x2xf32>

// -----

// Rank 3 with one tiled dimension and permuted outer dimensions: only the tiled dimension
// can leave the source, so only it is checked.

func.func @pack_3d(%src : memref<3x10x5xi8>, %dst : memref<5x3x3x4xi8>) {
  %pad = arith.constant 7 : i8
  linalg.pack %src padding_value(%pad : i8) outer_dims_perm = [2, 0, 1] inner_dims_pos = [1]
      inner_tiles = [4] into %dst : memref<3x10x5xi8> -> memref<5x3x3x4xi8>
  func.return
}
// CHECK-LABEL: func.func @pack_3d
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK:         scf.for %[[I:[^ ]*]] =
// CHECK-NEXT:      scf.for %[[J:[^ ]*]] =
// CHECK-NEXT:        scf.for %[[K:[^ ]*]] =
// CHECK-NEXT:          scf.for %[[L:[^ ]*]] =
// CHECK-NEXT:            %[[K4:.*]] = arith.muli %[[K]], %[[C4]] : index
// CHECK-NEXT:            %[[MID:.*]] = arith.addi %[[K4]], %[[L]] : index
// CHECK-NEXT:            %[[IN:.*]] = arith.cmpi slt, %[[MID]], %[[C10]] : index
// CHECK-NEXT:            %[[V:.*]] = scf.if %[[IN]] -> (i8) {
// CHECK-NEXT:              memref.load %src[%[[J]], %[[MID]], %[[I]]] : memref<3x10x5xi8>
// CHECK:                 memref.store %[[V]], %dst[%[[I]], %[[J]], %[[K]], %[[L]]] : memref<5x3x3x4xi8>

// -----

// Unpack iterates over the (smaller than the tiles) destination and reads the tile element.

func.func @unpack_transposed(%src : memref<3x4x4x2xf32>, %dst : memref<7x11xf32>) {
  linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 2]
      into %dst : memref<3x4x4x2xf32> -> memref<7x11xf32>
  func.return
}
// CHECK-LABEL: func.func @unpack_transposed
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C11:.*]] = arith.constant 11 : index
// CHECK-NOT:     cf.assert
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C7]]
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[C11]]
// CHECK-NEXT:        %[[IQ:.*]] = arith.divui %[[I]], %[[C2]] : index
// CHECK-NEXT:        %[[IR:.*]] = arith.remui %[[I]], %[[C2]] : index
// CHECK-NEXT:        %[[JQ:.*]] = arith.divui %[[J]], %[[C4]] : index
// CHECK-NEXT:        %[[JR:.*]] = arith.remui %[[J]], %[[C4]] : index
// CHECK-NEXT:        %[[X:.*]] = memref.load %src[%[[JQ]], %[[IQ]], %[[JR]], %[[IR]]] : memref<3x4x4x2xf32>
// CHECK-NEXT:        memref.store %[[X]], %dst[%[[I]], %[[J]]] : memref<7x11xf32>

// -----

// Dynamic sizes and a dynamic tile: loop bounds from memref.dim and the tile, the padding
// check against the source's dims, and an assert that the tile matches the packed buffer.

func.func @pack_dynamic(%src : memref<?x?xf32>, %dst : memref<?x?x?x8xf32>, %t : index) {
  %pad = arith.constant 0.0 : f32
  linalg.pack %src padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [%t, 8]
      into %dst : memref<?x?xf32> -> memref<?x?x?x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_dynamic
// CHECK:         %[[D2:.*]] = memref.dim %dst, %{{.*}} : memref<?x?x?x8xf32>
// CHECK-NEXT:    %[[SAME:.*]] = arith.cmpi eq, %[[D2]], %t : index
// CHECK-NEXT:    cf.assert %[[SAME]], "'linalg.pack' op inner tile 0 differs from the size of packed dimension 2"
// CHECK:         %[[O0:.*]] = memref.dim %dst, %[[C0:.*]] : memref<?x?x?x8xf32>
// CHECK:         %[[O1:.*]] = memref.dim %dst, %[[C1:.*]] : memref<?x?x?x8xf32>
// CHECK-NEXT:    %[[S0:.*]] = memref.dim %src, %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    %[[S1:.*]] = memref.dim %src, %[[C1]] : memref<?x?xf32>
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[O0]] step %[[C1]]
// CHECK-NEXT:      scf.for %{{.*}} = %[[C0]] to %[[O1]] step %[[C1]]
// CHECK-NEXT:        scf.for %[[K:.*]] = %[[C0]] to %t step %[[C1]]
// CHECK-NEXT:          scf.for
// CHECK-NEXT:            %[[IT:.*]] = arith.muli %[[I]], %t : index
// CHECK-NEXT:            %[[ROW:.*]] = arith.addi %[[IT]], %[[K]] : index
// CHECK-NEXT:            arith.muli
// CHECK-NEXT:            %[[COL:.*]] = arith.addi
// CHECK-NEXT:            arith.cmpi slt, %[[ROW]], %[[S0]] : index
// CHECK-NEXT:            arith.cmpi slt, %[[COL]], %[[S1]] : index
// CHECK:                 scf.if

// -----

// Without padding, a dynamic source must hold every tile the destination has: asserted
// once, before the loops, instead of loading past the source.

func.func @pack_dynamic_unpadded(%src : memref<?x16xf32>, %dst : memref<?x2x4x8xf32>) {
  linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [4, 8]
      into %dst : memref<?x16xf32> -> memref<?x2x4x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_dynamic_unpadded
// CHECK:         %[[O0:.*]] = memref.dim %dst, %[[C0:.*]] : memref<?x2x4x8xf32>
// CHECK-NEXT:    %[[S0:.*]] = memref.dim %src, %[[C0]] : memref<?x16xf32>
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[ROWS:.*]] = arith.muli %[[O0]], %[[C4]] : index
// CHECK-NEXT:    %[[FITS:.*]] = arith.cmpi sle, %[[ROWS]], %[[S0]] : index
// CHECK-NEXT:    cf.assert %[[FITS]], "'linalg.pack' op source dimension 0 is smaller than its tiles cover and has no padding"
// CHECK-NOT:     cf.assert
// CHECK-NOT:     scf.if
// CHECK:         memref.load %src

// -----

// Unpack with dynamic sizes: the tile and the coverage of each destination dimension are
// asserted, the tile indices come from division by the dynamic tile.

func.func @unpack_dynamic(%src : memref<?x?x?x4xf32>, %dst : memref<?x?xf32>, %t : index) {
  linalg.unpack %src inner_dims_pos = [0, 1] inner_tiles = [%t, 4]
      into %dst : memref<?x?x?x4xf32> -> memref<?x?xf32>
  func.return
}
// CHECK-LABEL: func.func @unpack_dynamic
// CHECK:         cf.assert %{{.*}}, "'linalg.unpack' op inner tile 0 differs from the size of packed dimension 2"
// CHECK:         %[[N0:.*]] = memref.dim %dst, %[[C0:.*]] : memref<?x?xf32>
// CHECK:         %[[N1:.*]] = memref.dim %dst, %[[C1:.*]] : memref<?x?xf32>
// CHECK-NEXT:    %[[P0:.*]] = memref.dim %src, %[[C0]] : memref<?x?x?x4xf32>
// CHECK-NEXT:    %[[R0:.*]] = arith.muli %[[P0]], %t : index
// CHECK-NEXT:    %[[FITS0:.*]] = arith.cmpi sle, %[[N0]], %[[R0]] : index
// CHECK-NEXT:    cf.assert %[[FITS0]], "'linalg.unpack' op destination dimension 0 is larger than its packed source covers"
// CHECK:         cf.assert %{{.*}}, "'linalg.unpack' op destination dimension 1 is larger than its packed source covers"
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N0]] step %[[C1]]
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[C0]] to %[[N1]] step %[[C1]]
// CHECK-NEXT:        %[[IQ:.*]] = arith.divui %[[I]], %t : index
// CHECK-NEXT:        %[[IR:.*]] = arith.remui %[[I]], %t : index
// CHECK-NEXT:        %[[JQ:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK-NEXT:        %[[JR:.*]] = arith.remui %[[J]], %{{.*}} : index
// CHECK-NEXT:        memref.load %src[%[[IQ]], %[[JQ]], %[[IR]], %[[JR]]] : memref<?x?x?x4xf32>

// -----

// Rank 1 on strided views (as tiling leaves them); a unit tile (canonicalize drops its
// single-trip loop).

func.func @rank1_views(%src : memref<5xf32, strided<[2], offset: ?>>,
                       %dst : memref<5x1xf32, strided<[3, 1]>>) {
  linalg.pack %src inner_dims_pos = [0] inner_tiles = [1]
      into %dst : memref<5xf32, strided<[2], offset: ?>> -> memref<5x1xf32, strided<[3, 1]>>
  linalg.unpack %dst inner_dims_pos = [0] inner_tiles = [1]
      into %src : memref<5x1xf32, strided<[3, 1]>> -> memref<5xf32, strided<[2], offset: ?>>
  func.return
}
// CHECK-LABEL: func.func @rank1_views
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %{{.*}} step
// CHECK-NEXT:      %[[X:.*]] = memref.load %src[%[[I]]]
// CHECK-NEXT:      memref.store %[[X]], %dst[%[[I]], %[[C0]]]
// CHECK:         scf.for %[[J:.*]] = %[[C0]] to %{{.*}} step
// CHECK-NEXT:      %[[Y:.*]] = memref.load %dst[%[[J]], %[[C0]]]
// CHECK-NEXT:      memref.store %[[Y]], %src[%[[J]]]

// -----

// Ops on tensors are left alone, as IREE's pass does.

func.func @tensors(%src : tensor<8x8xf32>, %dst : tensor<2x2x4x4xf32>) -> tensor<2x2x4x4xf32> {
  %0 = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [4, 4]
      into %dst : tensor<8x8xf32> -> tensor<2x2x4x4xf32>
  func.return %0 : tensor<2x2x4x4xf32>
}
// CHECK-LABEL: func.func @tensors
// CHECK-NEXT:    %{{.*}} = linalg.pack %src inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %dst
// CHECK-NOT:     scf.for
