// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-tile-and-distribute-to-workgroups,canonicalize,cse | filecheck %s

// A static elementwise op whose extents the tiles divide: grid-stride loops over y (outer
// loop) and x (inner loop), static 64x64 subviews, and the ideal grid in the export. Only
// workgroups with z = 0 run the loops, so a taller grid does no duplicate work.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @ex {
  hal.executable.export public @add ordinal(0) layout(#pl)
  builtin.module {
    func.func @add() {
      %a = hal.interface.binding.subspan layout(#pl) binding(0) : memref<256x128xf32>
      %b = hal.interface.binding.subspan layout(#pl) binding(1) : memref<256x128xf32>
      %c = hal.interface.binding.subspan layout(#pl) binding(2) : memref<256x128xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<256x128xf32>, memref<256x128xf32>) outs(%c : memref<256x128xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>} {
      ^bb0(%x: f32, %y: f32, %z: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      }
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @add
// CHECK-SAME:      count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK-NEXT:      %[[X:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[Y:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[X]], %[[Y]], %[[Z]] : index, index, index
// CHECK:         func.func @add()
// CHECK:           %[[ID_Y:.*]] = hal.interface.workgroup.id[1] : index
// CHECK-NEXT:      %[[COUNT_Y:.*]] = hal.interface.workgroup.count[1] : index
// CHECK-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[START_Y:.*]] = arith.muli %[[ID_Y]], %[[C64]] : index
// CHECK-NEXT:      %[[STEP_Y:.*]] = arith.muli %[[COUNT_Y]], %[[C64]] : index
// CHECK-NEXT:      %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT:      %[[ID_X:.*]] = hal.interface.workgroup.id[0] : index
// CHECK-NEXT:      %[[COUNT_X:.*]] = hal.interface.workgroup.count[0] : index
// CHECK-NEXT:      %[[START_X:.*]] = arith.muli %[[ID_X]], %[[C64]] : index
// CHECK-NEXT:      %[[STEP_X:.*]] = arith.muli %[[COUNT_X]], %[[C64]] : index
// CHECK-NEXT:      %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT:      %[[ID_Z:.*]] = hal.interface.workgroup.id[2] : index
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[FIRST_Z:.*]] = arith.cmpi eq, %[[ID_Z]], %[[C0]] : index
// CHECK-NEXT:      scf.if %[[FIRST_Z]] {
// CHECK-NEXT:      scf.for %[[I:.*]] = %[[START_Y]] to %[[C256]] step %[[STEP_Y]] {
// CHECK-NEXT:        scf.for %[[J:.*]] = %[[START_X]] to %[[C128]] step %[[STEP_X]] {
// CHECK-NEXT:          %[[A:.*]] = memref.subview %a[%[[I]], %[[J]]] [64, 64] [1, 1] : memref<256x128xf32> to memref<64x64xf32, strided<[128, 1], offset: ?>>
// CHECK-NEXT:          %[[B:.*]] = memref.subview %b[%[[I]], %[[J]]] [64, 64] [1, 1]
// CHECK-NEXT:          %[[C:.*]] = memref.subview %c[%[[I]], %[[J]]] [64, 64] [1, 1]
// CHECK-NEXT:          linalg.generic
// CHECK-SAME:            ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] : {{.*}})
// CHECK:                 arith.addf
// CHECK:           func.return

// -----

// Partial tiles: min(T, N - iv) unless T divides a static N; the grid rounds up. The count
// region asks for the compiler's grid (workgroup_count_from_slice), so it gets it.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @copy ordinal(0) layout(#pl) count(%device: !hal.device, %w0: index, %w1: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0, %w1)
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @copy() {
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<100x70xi8>
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<100x70xi8>
      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [64, 35]>} ins(%in : memref<100x70xi8>) outs(%out : memref<100x70xi8>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @copy
// CHECK-SAME:      count(%{{.*}}: !hal.device, %{{.*}}: index, %{{.*}}: index) -> (index, index, index) {
// CHECK-NEXT:      %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[TWO]], %[[TWO]], %[[ONE]] : index, index, index
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[C100:.*]] = arith.constant 100 : index
// CHECK:         %[[C35:.*]] = arith.constant 35 : index
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %[[C100]] step %{{.*}} {
// CHECK-NEXT:      %[[REST:.*]] = arith.subi %[[C100]], %[[I]] : index
// CHECK-NEXT:      %[[SIZE:.*]] = arith.minsi %[[C64]], %[[REST]] : index
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[IN:.*]] = memref.subview %in[%[[I]], %[[J]]] [%[[SIZE]], 35] [1, 1] : memref<100x70xi8> to memref<?x35xi8, strided<[70, 1], offset: ?>>
// CHECK-NEXT:        %[[OUT:.*]] = memref.subview %out[%[[I]], %[[J]]] [%[[SIZE]], 35] [1, 1]
// CHECK-NEXT:        linalg.copy {{.*}} ins(%[[IN]] : {{.*}}) outs(%[[OUT]] : {{.*}})

// -----

// Dynamic extents come from memref.dim; the grid uses a fixed count for them.

#pl = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @neg ordinal(0) layout(#pl)
  builtin.module {
    func.func @neg() {
      %m = hal.interface.constant.load layout(#pl) ordinal(0) : index
      %n = hal.interface.constant.load layout(#pl) ordinal(1) : index
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?x?xf32>{%m, %n}
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<?x?xf32>{%m, %n}
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%in : memref<?x?xf32>) outs(%out : memref<?x?xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64, 0]>} {
      ^bb0(%x: f32, %y: f32):
        %r = arith.negf %x : f32
        linalg.yield %r : f32
      }
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @neg
// CHECK-NEXT:      %[[EIGHT:.*]] = arith.constant 8 : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[EIGHT]], %[[ONE]], %[[ONE]] : index, index, index
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[M:.*]] = memref.dim %in, %[[C0]] : memref<?x?xf32>
// CHECK-NEXT:    %[[ID_Y:.*]] = hal.interface.workgroup.id[1] : index
// CHECK-NEXT:    %[[FIRST_Y:.*]] = arith.cmpi eq, %[[ID_Y]], %[[C0]] : index
// CHECK-NEXT:    %[[ID_Z:.*]] = hal.interface.workgroup.id[2] : index
// CHECK-NEXT:    %[[FIRST_Z:.*]] = arith.cmpi eq, %[[ID_Z]], %[[C0]] : index
// CHECK-NEXT:    %[[FIRST_YZ:.*]] = arith.andi %[[FIRST_Y]], %[[FIRST_Z]] : i1
// CHECK-NEXT:    scf.if %[[FIRST_YZ]] {
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %{{.*}} to %[[M]] step %{{.*}} {
// CHECK-NEXT:      %[[REST:.*]] = arith.subi %[[M]], %[[I]] : index
// CHECK-NEXT:      %[[SIZE:.*]] = arith.minsi %[[C64]], %[[REST]] : index
// CHECK-NEXT:      %[[N_IN:.*]] = memref.dim %in, %[[C1]] : memref<?x?xf32>
// CHECK-NEXT:      %[[N_OUT:.*]] = memref.dim %out, %[[C1]] : memref<?x?xf32>
// CHECK-NEXT:      memref.subview %in[%[[I]], 0] [%[[SIZE]], %[[N_IN]]] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:      memref.subview %out[%[[I]], 0] [%[[SIZE]], %[[N_OUT]]] [1, 1]
// CHECK-NEXT:      linalg.generic

// -----

// mmt4d distributes M and N; the zero fill of its output is fused into each tile.

func.func @mmt4d(%lhs : memref<10x16x8x1xf32>, %rhs : memref<20x16x8x1xf32>, %out : memref<10x20x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<10x20x8x8xf32>)
  linalg.mmt4d {lowering_config = #iree_cpu.lowering_config<distribution = [4, 8, 0, 0, 0, 0]>} ins(%lhs, %rhs : memref<10x16x8x1xf32>, memref<20x16x8x1xf32>) outs(%out : memref<10x20x8x8xf32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      arith.subi
// CHECK-NEXT:      %[[M:.*]] = arith.minsi
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        arith.subi
// CHECK-NEXT:        %[[N:.*]] = arith.minsi
// CHECK-NEXT:        %[[LHS:.*]] = memref.subview %lhs[%[[I]], 0, 0, 0] [%[[M]], 16, 8, 1] [1, 1, 1, 1] : memref<10x16x8x1xf32> to memref<?x16x8x1xf32, strided<[128, 8, 1, 1], offset: ?>>
// CHECK-NEXT:        %[[RHS:.*]] = memref.subview %rhs[%[[J]], 0, 0, 0] [%[[N]], 16, 8, 1] [1, 1, 1, 1]
// CHECK-NEXT:        %[[OUT:.*]] = memref.subview %out[%[[I]], %[[J]], 0, 0] [%[[M]], %[[N]], 8, 8] [1, 1, 1, 1] : memref<10x20x8x8xf32> to memref<?x?x8x8xf32, strided<[1280, 64, 8, 1], offset: ?>>
// CHECK-NEXT:        linalg.fill ins(%zero : f32) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT:        linalg.mmt4d {{.*}} ins(%[[LHS]], %[[RHS]] : {{.*}}) outs(%[[OUT]] : {{.*}})
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return

// -----

// pack tiles its outer (destination) loops; the source slice is scaled by the inner tile
// and clipped to the source (padding fills the rest).

func.func @pack(%in : memref<100x30xf32>, %out : memref<13x4x8x8xf32>, %pad : f32) {
  linalg.pack %in padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out {lowering_config = #iree_cpu.lowering_config<distribution = [4, 2]>} : memref<100x30xf32> -> memref<13x4x8x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    arith.cmpi eq
// CHECK-NEXT:    scf.if
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[C100:.*]] = arith.constant 100 : index
// CHECK-NEXT:    %[[C30:.*]] = arith.constant 30 : index
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      %[[REST:.*]] = arith.subi %{{.*}}, %[[I]] : index
// CHECK-NEXT:      %[[TILES:.*]] = arith.minsi %[[C4]], %[[REST]] : index
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[C4]] step %{{.*}} {
// CHECK-NEXT:        %[[ROW:.*]] = arith.muli %[[I]], %[[C8]] : index
// CHECK-NEXT:        %[[LEFT:.*]] = arith.subi %[[C100]], %[[ROW]] : index
// CHECK-NEXT:        %[[LEFT0:.*]] = arith.maxsi %[[LEFT]], %[[C0]] : index
// CHECK-NEXT:        %[[ROWS_WANTED:.*]] = arith.muli %[[TILES]], %[[C8]] : index
// CHECK-NEXT:        %[[ROWS:.*]] = arith.minsi %[[ROWS_WANTED]], %[[LEFT0]] : index
// CHECK-NEXT:        %[[COL:.*]] = arith.muli %[[J]], %[[C8]] : index
// CHECK-NEXT:        %[[CLEFT:.*]] = arith.subi %[[C30]], %[[COL]] : index
// CHECK-NEXT:        %[[CLEFT0:.*]] = arith.maxsi %[[CLEFT]], %[[C0]] : index
// CHECK-NEXT:        %[[COLS:.*]] = arith.minsi %[[C16]], %[[CLEFT0]] : index
// CHECK-NEXT:        %[[IN:.*]] = memref.subview %in[%[[ROW]], %[[COL]]] [%[[ROWS]], %[[COLS]]] [1, 1] : memref<100x30xf32> to memref<?x?xf32, strided<[30, 1], offset: ?>>
// CHECK-NEXT:        %[[OUT:.*]] = memref.subview %out[%[[I]], %[[J]], 0, 0] [%[[TILES]], 2, 8, 8] [1, 1, 1, 1] : memref<13x4x8x8xf32> to memref<?x2x8x8xf32, strided<[256, 64, 8, 1], offset: ?>>
// CHECK-NEXT:        linalg.pack %[[IN]] padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %[[OUT]]

// -----

// unpack tiles the destination; a tile size is rounded up to whole inner tiles (64 -> 66 for
// a tile of 3) and the source slice covers ceildiv(size, tile) tiles. outer_dims_perm swaps
// which source dimension each destination dimension reads.

func.func @unpack(%in : memref<34x4x3x16xi32>, %out : memref<64x100xi32>) {
  linalg.unpack %in outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [3, 16] into %out {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>} : memref<34x4x3x16xi32> -> memref<64x100xi32>
  func.return
}
// CHECK-LABEL: func.func @unpack
// CHECK:         %[[C64:.*]] = arith.constant 64 : index
// CHECK:         %[[C66:.*]] = arith.constant 66 : index
// CHECK:         %[[C100:.*]] = arith.constant 100 : index
// CHECK:         scf.if
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %{{.*}} to %[[C64]] step %{{.*}} {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %[[C100]] step %{{.*}} {
// CHECK-NEXT:        %[[REST:.*]] = arith.subi %[[C100]], %[[J]] : index
// CHECK-NEXT:        %[[COLS:.*]] = arith.minsi %[[C66]], %[[REST]] : index
// CHECK-NEXT:        %[[TILE_I:.*]] = arith.divui %[[I]], %[[C16]] : index
// CHECK-NEXT:        %[[TILE_J:.*]] = arith.divui %[[J]], %[[C3]] : index
// CHECK-NEXT:        %[[TILES_J:.*]] = arith.ceildivui %[[COLS]], %[[C3]] : index
// CHECK-NEXT:        %[[IN:.*]] = memref.subview %in[%[[TILE_J]], %[[TILE_I]], 0, 0] [%[[TILES_J]], 4, 3, 16] [1, 1, 1, 1]
// CHECK-NEXT:        %[[OUT:.*]] = memref.subview %out[%[[I]], %[[J]]] [64, %[[COLS]]] [1, 1]
// CHECK-NEXT:        linalg.unpack %[[IN]] outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [3, 16] into %[[OUT]]

// -----

// linalg.index stays absolute: the tile offset is added back.

func.func @iota(%out : memref<1000xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%out : memref<1000xi32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [256]>} {
  ^bb0(%o: i32):
    %i = linalg.index 0 : index
    %v = arith.index_cast %i : index to i32
    linalg.yield %v : i32
  }
  func.return
}
// CHECK-LABEL: func.func @iota
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           linalg.generic
// CHECK-NEXT:      ^bb0(%o: i32):
// CHECK-NEXT:        %i = linalg.index 0 : index
// CHECK-NEXT:        %[[ABS:.*]] = arith.addi %i, %[[I]] : index
// CHECK-NEXT:        %v = arith.index_cast %[[ABS]] : index to i32

// -----

// A broadcast input is sliced only along the loops it uses.

func.func @broadcast(%in : memref<70xi32>, %out : memref<100x70xi32>) {
  "linalg.broadcast"(%in, %out) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  }) {lowering_config = #iree_cpu.lowering_config<distribution = [32, 32]>} : (memref<70xi32>, memref<100x70xi32>) -> ()
  func.return
}
// CHECK-LABEL: func.func @broadcast
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      arith.subi
// CHECK-NEXT:      %[[ROWS:.*]] = arith.minsi
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        arith.subi
// CHECK-NEXT:        %[[COLS:.*]] = arith.minsi
// CHECK-NEXT:        %[[IN:.*]] = memref.subview %in[%[[J]]] [%[[COLS]]] [1] : memref<70xi32> to memref<?xi32, strided<[1], offset: ?>>
// CHECK-NEXT:        %[[OUT:.*]] = memref.subview %out[%[[I]], %[[J]]] [%[[ROWS]], %[[COLS]]] [1, 1]
// CHECK-NEXT:        linalg.broadcast ins(%[[IN]]:{{.*}}) outs(%[[OUT]]:{{.*}}) dimensions = [0]

// -----

// Not distributed, grid 1x1x1: a producer writes what the root reads (every workgroup would
// run the producer whole, racing with the tiles that read it).

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @two_steps ordinal(0) layout(#pl)
  builtin.module {
    func.func @two_steps() {
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<128x128xf32>
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<128x128xf32>
      %tmp = memref.alloca() : memref<128x128xf32>
      linalg.copy ins(%in : memref<128x128xf32>) outs(%tmp : memref<128x128xf32>)
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%tmp : memref<128x128xf32>) outs(%out : memref<128x128xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>} {
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @two_steps
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[ONE]], %[[ONE]], %[[ONE]] : index, index, index
// CHECK:         func.func @two_steps()
// CHECK-NOT:       scf.for
// CHECK-NOT:       workgroup
// CHECK:           func.return

// -----

// Not distributed: an accumulating non-root op would run once per workgroup.

func.func @accumulate_twice(%a : memref<64x64xf32>, %b : memref<64x64xf32>, %c : memref<64x64xf32>, %d : memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.matmul {lowering_config = #iree_cpu.lowering_config<distribution = [32, 32, 0]>} ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%d : memref<64x64xf32>)
  func.return
}
// CHECK-LABEL: func.func @accumulate_twice
// CHECK-NEXT:    linalg.matmul ins
// CHECK-NEXT:    linalg.matmul {lowering_config
// CHECK-NEXT:    func.return

// -----

// A function that reads the workgroup id itself keeps its count region; no config, or only
// reduction/zero sizes, distribute nothing.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @manual ordinal(0) layout(#pl) count(%device: !hal.device) -> (index, index, index) {
    %c4 = arith.constant 4 : index
    hal.return %c4, %c4, %c4 : index, index, index
  }
  hal.executable.export public @reduction ordinal(1) layout(#pl)
  builtin.module {
    func.func @manual() {
      %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4xf32>
      %id = hal.interface.workgroup.id[0] : index
      %cst = arith.constant 1.0 : f32
      memref.store %cst, %buf[%id] : memref<4xf32>
      func.return
    }
    func.func @reduction() {
      %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4xf32>
      %acc = memref.alloca() : memref<f32>
      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%buf : memref<4xf32>) outs(%acc : memref<f32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64]>} {
      ^bb0(%x: f32, %y: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      }
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @manual
// CHECK-NEXT:      %c4 = arith.constant 4 : index
// CHECK-NEXT:      hal.return %c4, %c4, %c4 : index, index, index
// CHECK-LABEL: hal.executable.export public @reduction
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[ONE]], %[[ONE]], %[[ONE]] : index, index, index
// CHECK:         func.func @reduction()
// CHECK-NOT:       scf.for
// CHECK:           func.return

// -----

// A count region of the user's is kept, constant or computed from the workload (as IREE
// keeps it): the tiles are still distributed, by grid-stride loops correct for any grid.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @one ordinal(0) layout(#pl) count(%device: !hal.device) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %c1, %c1, %c1 : index, index, index
  }
  hal.executable.export public @workload ordinal(1) layout(#pl) count(%device: !hal.device, %w0: index, %w1: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %w1, %w0, %c1 : index, index, index
  }
  builtin.module {
    func.func @one() {
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<256x128xf32>
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<256x128xf32>
      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [128, 0]>} ins(%in : memref<256x128xf32>) outs(%out : memref<256x128xf32>)
      func.return
    }
    func.func @workload() {
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<256x128xf32>
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<256x128xf32>
      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>} ins(%in : memref<256x128xf32>) outs(%out : memref<256x128xf32>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @one
// CHECK-SAME:      count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      hal.return %c1, %c1, %c1 : index, index, index
// CHECK-LABEL: hal.executable.export public @workload
// CHECK-SAME:      count(%{{.*}}: !hal.device, %[[W0:.*]]: index, %[[W1:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[W1]], %[[W0]], %c1 : index, index, index
// CHECK:         func.func @one()
// CHECK:           %[[ID_X:.*]] = hal.interface.workgroup.id[0] : index
// CHECK-NEXT:      %[[COUNT_X:.*]] = hal.interface.workgroup.count[0] : index
// CHECK:           scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        memref.subview %in[%[[I]], 0] [128, 128] [1, 1]
// CHECK:         func.func @workload()
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               linalg.copy

// -----

// A body that cannot be distributed (a fill and a reduction into the same buffer) under a count
// region of the user's that asks for 2 workgroups: it runs in workgroup (0, 0, 0) only, so the
// other workgroup neither re-fills nor adds its rows a second time.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @rowsum ordinal(0) layout(#pl) count(%device: !hal.device) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    hal.return %c2, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @rowsum() {
      %zero = arith.constant 0.0 : f32
      %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<8x16xf32>
      %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<8xf32>
      %tmp = memref.alloca() : memref<8xf32>
      linalg.fill ins(%zero : f32) outs(%tmp : memref<8xf32>)
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                      iterator_types = ["parallel", "reduction"]}
          ins(%in : memref<8x16xf32>) outs(%tmp : memref<8xf32>)
          attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [4, 0]>} {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
      linalg.copy ins(%tmp : memref<8xf32>) outs(%out : memref<8xf32>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @rowsum
// CHECK:           hal.return %c2, %c1, %c1 : index, index, index
// CHECK:         func.func @rowsum()
// CHECK:           %[[X:.*]] = hal.interface.workgroup.id[0] : index
// CHECK:           %[[FIRST_X:.*]] = arith.cmpi eq, %[[X]], %{{.*}} : index
// CHECK:           %[[Y:.*]] = hal.interface.workgroup.id[1] : index
// CHECK:           %[[Z:.*]] = hal.interface.workgroup.id[2] : index
// CHECK:           scf.if %{{.*}} {
// CHECK-NOT:         scf.for
// CHECK:             linalg.fill
// CHECK:             linalg.generic
// CHECK:             linalg.copy
// CHECK-NEXT:      }
// CHECK-NEXT:      func.return
