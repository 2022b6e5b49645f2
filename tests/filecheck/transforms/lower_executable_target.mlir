// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-lower-executable-target | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vmvx-lower-executable-target{ukernels=none}' | filecheck %s --check-prefix=NONE

// A custom pipeline runs on the function: canonicalize folds the addition of zero.

func.func @custom_pipeline(%arg0: index) -> index attributes {
  translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.pass_pipeline<"canonicalize">>
} {
  %c0 = arith.constant 0 : index
  %0 = arith.addi %arg0, %c0 : index
  func.return %0 : index
}

// No pipeline, the older `None`, or no translation info: nothing happens.

func.func @no_pipeline(%a : memref<4xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>} {
  linalg.copy ins(%a : memref<4xf32>) outs(%a : memref<4xf32>)
  func.return
}
func.func @none(%a : memref<4xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = None>} {
  linalg.copy ins(%a : memref<4xf32>) outs(%a : memref<4xf32>)
  func.return
}
func.func @unconfigured(%a : memref<4xf32>) {
  linalg.copy ins(%a : memref<4xf32>) outs(%a : memref<4xf32>)
  func.return
}
// CHECK-LABEL: func.func @custom_pipeline(%arg0: index) -> index
// CHECK-NEXT:    func.return %arg0 : index
// CHECK-LABEL: func.func @no_pipeline
// CHECK-NEXT:    linalg.copy
// CHECK-LABEL: func.func @none
// CHECK-NEXT:    linalg.copy
// CHECK-LABEL: func.func @unconfigured
// CHECK-NEXT:    linalg.copy

// -----

// The VMVX pipeline with the variant's ukernels = "all": the root op is distributed, then
// lowered to a vmvx microkernel op; mmt4d becomes an import call.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable private @ex {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
    hal.executable.export public @add layout(#pl)
    hal.executable.export public @mmt4d layout(#pl)
    builtin.module {
      func.func @add() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
        %a = hal.interface.binding.subspan layout(#pl) binding(0) : memref<128x128xf32>
        %b = hal.interface.binding.subspan layout(#pl) binding(1) : memref<128x128xf32>
        %c = hal.interface.binding.subspan layout(#pl) binding(2) : memref<128x128xf32>
        linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<128x128xf32>, memref<128x128xf32>) outs(%c : memref<128x128xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64, 64]>} {
        ^bb0(%x: f32, %y: f32, %z: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        }
        func.return
      }
      func.func @mmt4d() attributes {translation_info = #iree_codegen.translation_info<pipeline = VMVXDefault>} {
        %zero = arith.constant 0.0 : f32
        %lhs = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4x8x8x1xf32>
        %rhs = hal.interface.binding.subspan layout(#pl) binding(1) : memref<6x8x8x1xf32>
        %out = hal.interface.binding.subspan layout(#pl) binding(2) : memref<4x6x8x8xf32>
        linalg.fill ins(%zero : f32) outs(%out : memref<4x6x8x8xf32>)
        linalg.mmt4d {lowering_config = #iree_cpu.lowering_config<distribution = [2, 2, 0, 0, 0, 0]>} ins(%lhs, %rhs : memref<4x8x8x1xf32>, memref<6x8x8x1xf32>) outs(%out : memref<4x6x8x8xf32>)
        func.return
      }
    }
  }
}
// CHECK-LABEL: hal.executable.export public @add
// CHECK:         func.func private @vmvx.mmt4d({{.*}}) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL:   func.func @add()
// CHECK:           scf.for
// CHECK-NEXT:        scf.for
// CHECK-NEXT:          %[[A:.*]] = memref.subview %a
// CHECK-NEXT:          vmvx.get_buffer_descriptor %[[A]]
// CHECK:               vmvx.binary op("add" : f32)
// CHECK-NOT:       linalg.
// CHECK-LABEL:   func.func @mmt4d()
// CHECK-NOT:       linalg.fill
// CHECK:           scf.for
// CHECK-NEXT:        scf.for
// CHECK:               %flags = arith.constant 1537 : i32
// CHECK-NEXT:          func.call @vmvx.mmt4d
// CHECK-NOT:       linalg.
// NONE-LABEL:    func.func @add()
// NONE-NOT:        vmvx.
// NONE:            scf.for
// NONE-NEXT:         scf.for
// NONE:                scf.for
// NONE-NEXT:             scf.for
// NONE-NEXT:               memref.load
// NONE-NEXT:               memref.load
// NONE-NEXT:               arith.addf
// NONE-NEXT:               memref.store
// NONE-LABEL:    func.func @mmt4d()
// NONE-NOT:        func.call
// NONE:            arith.mulf

// -----

// Without ukernels (no target here) everything becomes scalar loops; named ops that
// convert-linalg-to-loops does not know (broadcast, reduce) are generalized first.

func.func @fallback(%in : memref<8xf32>, %wide : memref<4x8xf32>, %sum : memref<4xf32>) attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  linalg.broadcast ins(%in : memref<8xf32>) outs(%wide : memref<4x8xf32>) dimensions = [0]
  linalg.reduce ins(%wide : memref<4x8xf32>) outs(%sum : memref<4xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  func.return
}
// CHECK-LABEL: func.func @fallback
// CHECK-NOT:     linalg.
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %[[V:.*]] = memref.load %in[%[[J]]] : memref<8xf32>
// CHECK-NEXT:        memref.store %[[V]], %wide[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:      scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:        %x = memref.load %wide[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT:        %y = memref.load %sum[%[[I]]] : memref<4xf32>
// CHECK-NEXT:        %s = arith.addf %x, %y : f32
// CHECK-NEXT:        memref.store %s, %sum[%[[I]]] : memref<4xf32>
// CHECK-NOT:     linalg.

// -----

// Without ukernels a pack (here tiled to 2x2 destination tiles) becomes scalar loops too.

func.func @pack(%in : memref<10x16xf32>, %out : memref<2x2x8x8xf32>, %pad : f32) attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  linalg.pack %in padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out {lowering_config = #iree_cpu.lowering_config<distribution = [1, 1]>} : memref<10x16xf32> -> memref<2x2x8x8xf32>
  func.return
}
// CHECK-LABEL: func.func @pack
// CHECK-NOT:     linalg.pack
// CHECK:         scf.for
// CHECK:           %[[SRC:.*]] = memref.subview %in
// CHECK:           %[[DST:.*]] = memref.subview %out
// CHECK:           scf.if
// CHECK:             memref.load %[[SRC]]
// CHECK:             scf.yield %pad : f32
// CHECK:           memref.store %{{.*}}, %[[DST]]
// CHECK-NOT:     linalg.
