// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-select-lowering-strategy | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vmvx-select-lowering-strategy{tile-policy=python}' | filecheck %s --check-prefix=PY

// IREE's policy distributes each partitionable loop by 64; the root of fill + matmul is the
// matmul (it has a reduction loop). The python policy leaves contractions undistributed
// (BLAS threads itself).

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @matmul_static() {
  %zero = arith.constant 0.0 : f32
  %lhs = hal.interface.binding.subspan layout(#pl) binding(0) : memref<384x512xf32>
  %rhs = hal.interface.binding.subspan layout(#pl) binding(1) : memref<512x128xf32>
  %out = hal.interface.binding.subspan layout(#pl) binding(2) : memref<384x128xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<384x128xf32>)
  linalg.matmul ins(%lhs, %rhs : memref<384x512xf32>, memref<512x128xf32>) outs(%out : memref<384x128xf32>)
  func.return
}
// CHECK-LABEL: func.func @matmul_static()
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK:         linalg.fill ins
// CHECK:         linalg.matmul {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64, 0]>}
// PY:            linalg.matmul {lowering_config = #iree_cpu.lowering_config<distribution = [0, 0, 0]>}

// -----

// A dynamic 2-D copy into a subview: both loops partitionable (dynamic trip counts).

#pl = #hal.pipeline.layout<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @copy_op_dynamic() {
  %d0 = hal.interface.constant.load layout(#pl) ordinal(0) : index
  %d1 = hal.interface.constant.load layout(#pl) ordinal(1) : index
  %d2 = hal.interface.constant.load layout(#pl) ordinal(2) : index
  %d3 = hal.interface.constant.load layout(#pl) ordinal(3) : index
  %o0 = hal.interface.constant.load layout(#pl) ordinal(4) : index
  %o1 = hal.interface.constant.load layout(#pl) ordinal(5) : index
  %src = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?x?xi32>{%d0, %d1}
  %dst = hal.interface.binding.subspan layout(#pl) binding(1) : memref<?x?xi32>{%d2, %d3}
  %view = memref.subview %dst[%o0, %o1] [%d0, %d1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%src : memref<?x?xi32>) outs(%view : memref<?x?xi32, strided<[?, 1], offset: ?>>) {
  ^bb0(%in: i32, %o: i32):
    linalg.yield %in : i32
  }
  func.return
}
// CHECK-LABEL: func.func @copy_op_dynamic()
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK:         linalg.generic {{{.*}}lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>
// The python policy distributes the outer dynamic loop by 2^20 / 1024 (the inner extent
// assumed) = 1024 rows per workgroup; the grid comes from the workload at run time.
// PY:            lowering_config = #iree_cpu.lowering_config<distribution = [1024, 0]>

// -----

// unpack with dynamic outer dims: both (all-parallel) loops partitionable.

#pl = #hal.pipeline.layout<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @unpack_outer_dynamic() {
  %c0 = arith.constant 0 : index
  %c131072 = arith.constant 131072 : index
  %0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
  %1 = hal.interface.constant.load layout(#pl) ordinal(1) : i32
  %2 = hal.interface.constant.load layout(#pl) ordinal(2) : i32
  %3 = hal.interface.constant.load layout(#pl) ordinal(3) : i32
  %4 = arith.index_castui %0 : i32 to index
  %5 = arith.index_castui %1 : i32 to index
  %6 = arith.index_castui %2 : i32 to index
  %7 = arith.index_castui %3 : i32 to index
  %in = hal.interface.binding.subspan layout(#pl) binding(0) alignment(64) offset(%c0) : memref<?x?x32x16xi32>{%4, %5}
  %out = hal.interface.binding.subspan layout(#pl) binding(1) alignment(64) offset(%c131072) : memref<?x?xi32>{%6, %7}
  linalg.unpack %in inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %out : memref<?x?x32x16xi32> -> memref<?x?xi32>
  func.return
}
// CHECK-LABEL: func.func @unpack_outer_dynamic()
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK:         linalg.unpack %{{.*}} inner_dims_pos = [0, 1] inner_tiles = [32, 16] into %{{.*}} {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>}

// -----

// An op already inside loops distributed over the workgroup grid gets only zeros.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @already_distributed() {
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %in = hal.interface.binding.subspan layout(#pl) binding(0) : memref<1024xf32>
  %out = hal.interface.binding.subspan layout(#pl) binding(1) : memref<1024xf32>
  %id = hal.interface.workgroup.id[0] : index
  %count = hal.interface.workgroup.count[0] : index
  %start = arith.muli %id, %c64 : index
  %step = arith.muli %count, %c64 : index
  scf.for %i = %start to %c1024 step %step {
    %a = memref.subview %in[%i] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1], offset: ?>>
    %b = memref.subview %out[%i] [64] [1] : memref<1024xf32> to memref<64xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<64xf32, strided<[1], offset: ?>>) outs(%b : memref<64xf32, strided<[1], offset: ?>>) {
    ^bb0(%x: f32, %y: f32):
      %n = arith.negf %x : f32
      linalg.yield %n : f32
    }
  }
  func.return
}
// CHECK-LABEL: func.func @already_distributed()
// CHECK:         linalg.generic {{{.*}}lowering_config = #iree_cpu.lowering_config<distribution = [0]>

// -----

// mmt4d partitions only its outer M and N loops; an elementwise op partitions its innermost
// three parallel loops, skipping static unit trip counts.

func.func @mmt4d(%lhs : memref<?x?x8x1xf32>, %rhs : memref<?x?x8x1xf32>, %out : memref<?x?x8x8xf32>) {
  linalg.mmt4d ins(%lhs, %rhs : memref<?x?x8x1xf32>, memref<?x?x8x1xf32>) outs(%out : memref<?x?x8x8xf32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d
// CHECK:         linalg.mmt4d {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64, 0, 0, 0, 0]>}

func.func @elementwise_4d(%a : memref<1x4x8x16xf32>, %b : memref<2x3x4x5x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%a : memref<1x4x8x16xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  func.return
}
// CHECK-LABEL: func.func @elementwise_4d
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [0, 64, 64, 64]>

func.func @elementwise_5d(%b : memref<2x3x4x5x6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} outs(%b : memref<2x3x4x5x6xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  func.return
}
// CHECK-LABEL: func.func @elementwise_5d
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [0, 0, 64, 64, 64]>

// A loop's trip count is static if any operand gives it statically (here a unit dim).
func.func @static_from_output(%a : memref<?x8xf32>, %b : memref<1x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<?x8xf32>) outs(%b : memref<1x8xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  func.return
}
// CHECK-LABEL: func.func @static_from_output
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [0, 64]>

// -----

// The root is the last op with a reduction loop, even before an elementwise consumer;
// without one, the last linalg op; pack/unpack only when nothing else is there.

func.func @root_choice(%in : memref<64x32xf32>, %acc : memref<64xf32>, %out : memref<64xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%in : memref<64x32xf32>) outs(%acc : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%acc : memref<64xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  }
  func.return
}
// CHECK-LABEL: func.func @root_choice
// CHECK:         linalg.generic {{{.*}}"reduction"]{{.*}}lowering_config = #iree_cpu.lowering_config<distribution = [64, 0]>
// CHECK:         linalg.generic {indexing_maps
// CHECK-NOT:     lowering_config

func.func @pack_and_copy(%in : memref<16x16xf32>, %tmp : memref<16x16xf32>, %out : memref<2x2x8x8xf32>) {
  linalg.copy ins(%in : memref<16x16xf32>) outs(%tmp : memref<16x16xf32>)
  linalg.pack %tmp inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : memref<16x16xf32> -> memref<2x2x8x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_and_copy
// CHECK:         linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>}
// CHECK-NOT:     lowering_config

func.func @pack_only(%in : memref<16x16xf32>, %out : memref<2x2x8x8xf32>) {
  linalg.pack %in inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : memref<16x16xf32> -> memref<2x2x8x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack_only
// CHECK:         linalg.pack {{.*}} {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>}

// -----

// No compute op: translation info only. A function that has translation info, and a
// declaration, are left alone; an existing lowering config is kept.

func.func @scalar_only(%x : i32) -> i32 {
  func.return %x : i32
}
// CHECK-LABEL: func.func @scalar_only(%x: i32) -> i32 attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>}

func.func @configured(%a : memref<4xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>} {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  func.return
}
// CHECK-LABEL: func.func @configured
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>
// CHECK-NOT:     lowering_config

func.func private @declared(memref<4xf32>)
// CHECK:       func.func private @declared(memref<4xf32>) -> (){{$}}

func.func @user_config(%a : memref<128xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%a : memref<128xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [16]>} {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  }
  func.return
}
// CHECK-LABEL: func.func @user_config
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [16]>

// -----

// Functions inside HAL executables are configured too.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @neg ordinal(0) layout(#pl)
  builtin.module {
    func.func @neg() {
      %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4096xf32>
      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%buf : memref<4096xf32>) {
      ^bb0(%x: f32):
        %n = arith.negf %x : f32
        linalg.yield %n : f32
      }
      func.return
    }
  }
}
// CHECK-LABEL: func.func @neg()
// CHECK-SAME:      translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [64]>
// 4096 points are too few for two python workgroups.
// PY:            lowering_config = #iree_cpu.lowering_config<distribution = [0]>

// -----

// The executable target chooses the policy: `ukernels = "all"` gets the python policy (a
// 2048x1024 body of two ops is 2^22 body-op evaluations: two workgroups, the outer loop
// halved), `ukernels = "none"` IREE's 64s.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable @targets {
  hal.executable.variant public @all target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
    hal.executable.export public @f ordinal(0) layout(#pl)
    builtin.module {
      func.func @f() {
        %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<2048x1024xf32>
        linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%buf : memref<2048x1024xf32>) {
        ^bb0(%x: f32):
          %n = arith.negf %x : f32
          %e = math.exp %n : f32
          linalg.yield %e : f32
        }
        func.return
      }
    }
  }
  hal.executable.variant public @none target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>) {
    hal.executable.export public @f ordinal(0) layout(#pl)
    builtin.module {
      func.func @f() {
        %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<2048x1024xf32>
        linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%buf : memref<2048x1024xf32>) {
        ^bb0(%x: f32):
          %n = arith.negf %x : f32
          %e = math.exp %n : f32
          linalg.yield %e : f32
        }
        func.return
      }
    }
  }
}
// CHECK-LABEL: hal.executable.variant public @all
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [1024, 0]>
// CHECK-LABEL: hal.executable.variant public @none
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>

// -----

// Python policy, local-memory budget: 4096x4096 points of two f64 results are 256 MiB of
// tile-sized temporaries, so 8 workgroups of 512 rows keep each within 32 MiB.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable @budget {
  hal.executable.variant public @all target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
    hal.executable.export public @f ordinal(0) layout(#pl)
    builtin.module {
      func.func @f() {
        %buf = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4096x4096xf64>
        linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%buf : memref<4096x4096xf64>) {
        ^bb0(%x: f64):
          %n = arith.negf %x : f64
          %e = math.exp %n : f64
          linalg.yield %e : f64
        }
        func.return
      }
    }
  }
}
// CHECK-LABEL: hal.executable.variant public @all
// CHECK:         lowering_config = #iree_cpu.lowering_config<distribution = [512, 0]>
