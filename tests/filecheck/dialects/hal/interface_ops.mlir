// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s

// The dispatch-interface ops a codegen'd function reads its inputs with. Inside op syntax the
// layout prints without its `#hal.pipeline.layout` prefix, as IREE prints it.

#io = #hal.pipeline.layout<constants = 3, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<uniform_buffer, "ReadOnly|Indirect">
], flags = Indirect>

// CHECK-LABEL: func.func @subspans(
// CHECK-SAME: %[[M:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index, %[[OFF:[a-z0-9]+]]: index)
func.func @subspans(%m: index, %n: index, %off: index) {
  // Only the required parts.
  // CHECK: hal.interface.binding.subspan layout(<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<uniform_buffer, "ReadOnly|Indirect">], flags = Indirect>) binding(1) : memref<128xf32>
  %plain = hal.interface.binding.subspan layout(#io) binding(1) : memref<128xf32>

  // Every optional part, in IREE's order, with dynamic dims on a strided memref.
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(0) alignment(64) offset(%[[OFF]]) flags(ReadOnly) : memref<?x?xf32, strided<[?, 1], offset: ?>>{%[[M]], %[[N]]}
  %full = hal.interface.binding.subspan layout(#io) binding(0) alignment(64) offset(%off) flags(ReadOnly) : memref<?x?xf32, strided<[?, 1], offset: ?>>{%m, %n}

  // The stripped layout spelling, a multi-flag set, a memory space and an affine-map layout.
  // CHECK: hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(1) flags("ReadOnly|Indirect") : memref<4x?xi8, #hal.descriptor_type<storage_buffer>>{%[[N]]}
  %spaced = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>, <storage_buffer>]>) binding(1) flags("Indirect|ReadOnly") : memref<4x?xi8, #hal.descriptor_type<storage_buffer>>{%n}
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(2) alignment(16) : memref<8x8xi32, affine_map<(d0, d1) -> {{.*}}d0 * 8{{.*}}>>
  %mapped = hal.interface.binding.subspan layout(#io) binding(2) alignment(16) : memref<8x8xi32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>

  // An explicit `None` flag set is kept; discardable attributes go before the type.
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(1) flags(None) {tag = "x"} : memref<f64>
  %none = hal.interface.binding.subspan layout(#io) binding(1) flags(None) {tag = "x"} : memref<f64>

  // Rank-0, unranked and tensor results.
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(1) : memref<*xf32>
  %unranked = hal.interface.binding.subspan layout(#io) binding(1) : memref<*xf32>
  // CHECK: hal.interface.binding.subspan layout(<{{.*}}>) binding(0) offset(%[[OFF]]) : tensor<?xi16>{%[[M]]}
  %tensor = hal.interface.binding.subspan layout(#io) binding(0) offset(%off) : tensor<?xi16>{%m}
  func.return
}

// -----

#consts = #hal.pipeline.layout<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer>]>

// CHECK-LABEL: func.func @constant_loads()
func.func @constant_loads() {
  // CHECK: %{{.*}} = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(0) : i32
  %a = hal.interface.constant.load layout(#consts) ordinal(0) : i32
  // CHECK: hal.interface.constant.load layout(<{{.*}}>) ordinal(1) : f32
  %b = hal.interface.constant.load layout(#consts) ordinal(1) : f32
  // CHECK: hal.interface.constant.load layout(<{{.*}}>) ordinal(2) alignment(64) : index
  %c = hal.interface.constant.load layout(#consts) ordinal(2) alignment(64) : index
  // CHECK: hal.interface.constant.load layout(<{{.*}}>) ordinal(3) alignment(4) values([0 : i32, 4096 : i32]) : i32
  %d = hal.interface.constant.load layout(#consts) ordinal(3) alignment(4) values([0 : i32, 4096 : i32]) : i32
  // CHECK: hal.interface.constant.load layout(<{{.*}}>) ordinal(3) values([7 : index]) {note = 1 : i64} : i64
  %e = hal.interface.constant.load layout(#consts) ordinal(3) values([7 : index]) {note = 1 : i64} : i64
  func.return
}

// -----

// CHECK-LABEL: func.func @workgroups()
func.func @workgroups() {
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.id[0] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.id[1] upper_bound 16 : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.id[2] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.count[0] upper_bound 1024 : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.count[1] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.count[2] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.size[0] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.size[1] : index
  // CHECK-NEXT: %{{.*}} = hal.interface.workgroup.size[2] upper_bound 4 : index
  %id_x = hal.interface.workgroup.id[0] : index
  %id_y = hal.interface.workgroup.id[1] upper_bound 16 : index
  %id_z = hal.interface.workgroup.id[2] : index
  %count_x = hal.interface.workgroup.count[0] upper_bound 1024 : index
  %count_y = hal.interface.workgroup.count[1] : index
  %count_z = hal.interface.workgroup.count[2] : index
  %size_x = hal.interface.workgroup.size[0] : index
  %size_y = hal.interface.workgroup.size[1] : index
  %size_z = hal.interface.workgroup.size[2] upper_bound 4 : index
  func.return
}

// -----

// CHECK-LABEL: func.func @executable_constants()
func.func @executable_constants() {
  // CHECK-NEXT: %{{.*}} = hal.executable.constant.load "tile_m" : i32
  // CHECK-NEXT: %{{.*}} = hal.executable.constant.load "feature.bits" : i64
  // CHECK-NEXT: %{{.*}} = hal.executable.constant.load "scale" {hint} : f32
  %m = hal.executable.constant.load "tile_m" : i32
  %bits = hal.executable.constant.load "feature.bits" : i64
  %scale = hal.executable.constant.load "scale" {hint} : f32
  func.return
}
