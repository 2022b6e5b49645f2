// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-tile-and-distribute-to-workgroups | filecheck %s

// `iree_tensor_ext.dispatch.workgroup_count_from_slice` resolved during distribution (IREE's
// `lowerWorkgroupCountFromSliceOp`): each distributed extent is recomputed in the count region
// from the workload (its `workload.ordinal`s become the region's workload operands) and
// divided by the tile size, rounding up; the rest of the region is kept.

#pl = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @ex {
  hal.executable.export public @copy layout(#pl) count(%device: !hal.device, %w0: index, %w1: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0, %w1)
    %c2 = arith.constant 2 : index
    %twice = arith.muli %z, %c2 : index
    hal.return %x, %y, %twice : index, index, index
  }
  builtin.module {
    func.func @copy() {
      %k0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#pl) ordinal(1) : i32
      %i0 = arith.index_castui %k0 : i32 to index
      %i1 = arith.index_castui %k1 : i32 to index
      %m = iree_tensor_ext.dispatch.workload.ordinal %i0, 0 : index
      %n = iree_tensor_ext.dispatch.workload.ordinal %i1, 1 : index
      %rows = arith.addi %m, %m : index
      %a = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?x8x?xf32>{%rows, %n}
      %b = hal.interface.binding.subspan layout(#pl) binding(1) : memref<?x8x?xf32>{%rows, %n}
      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [16, 0, 32]>} ins(%a : memref<?x8x?xf32>) outs(%b : memref<?x8x?xf32>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @copy
// CHECK-SAME:      count(%{{.*}}: !hal.device, %[[W0:.*]]: index, %[[W1:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:      %[[ROWS:.*]] = arith.addi %[[W0]], %[[W0]] : index
// CHECK-NEXT:      %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %[[Y:.*]] = arith.ceildivui %[[ROWS]], %[[C16]] : index
// CHECK-NEXT:      %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:      %[[X:.*]] = arith.ceildivui %[[W1]], %[[C32]] : index
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[TWICE:.*]] = arith.muli %[[Z]], %[[C2]] : index
// CHECK-NEXT:      hal.return %[[X]], %[[Y]], %[[TWICE]] : index, index, index
// CHECK:         func.func @copy()
// CHECK:           iree_tensor_ext.dispatch.workload.ordinal %{{.*}}, 0 : index
// CHECK:           scf.for
// CHECK:             scf.for

// -----

// Static extents give constants; an extent that is no function of the workload (a size
// loaded from a push constant without a workload ordinal) gets pyvmvx's dynamic count.
#pl = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @copy layout(#pl) count(%device: !hal.device) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @copy() {
      %k0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
      %n = arith.index_castui %k0 : i32 to index
      %a = hal.interface.binding.subspan layout(#pl) binding(0) : memref<100x?xf32>{%n}
      %b = hal.interface.binding.subspan layout(#pl) binding(1) : memref<100x?xf32>{%n}
      linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [30, 64]>} ins(%a : memref<100x?xf32>) outs(%b : memref<100x?xf32>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @copy
// CHECK-SAME:      count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK-NEXT:      %[[X:.*]] = arith.constant 8 : index
// CHECK-NEXT:      %[[Y:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[X]], %[[Y]], %[[Z]] : index, index, index

// -----

// Nothing distributed (no lowering config): one workgroup, as IREE resolves it.
#pl = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @fill layout(#pl) count(%device: !hal.device, %w0: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0)
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @fill() {
      %k0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
      %i0 = arith.index_castui %k0 : i32 to index
      %n = iree_tensor_ext.dispatch.workload.ordinal %i0, 0 : index
      %out = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?xf32>{%n}
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @fill
// CHECK-NEXT:      %[[X:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[Y:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 1 : index
// CHECK-NEXT:      hal.return %[[X]], %[[Y]], %[[Z]] : index, index, index
