// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-reconcile-translation-info | filecheck %s

// Workload ordinals are identities: each is replaced by its operand. Before, each export
// taking a workload records how its push constants give it (the runtime's index programs:
// `c<N>` is push constant N as uint32, `?` where no i32 push constant computation does).

#pl = #hal.pipeline.layout<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @entry layout(#pl) count(%device: !hal.device, %w0: index, %w1: index, %w2: index, %w3: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %w0, %c1, %c1 : index, index, index
  }
  hal.executable.export public @no_workload layout(#pl) count(%device: !hal.device) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry() {
      %c32_i64 = arith.constant 32 : i64
      %k0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#pl) ordinal(1) : i32
      %k2 = hal.interface.constant.load layout(#pl) ordinal(2) : i32
      %k3 = hal.interface.constant.load layout(#pl) ordinal(3) : index
      %i0 = arith.index_castui %k0 : i32 to index
      %lo = arith.extui %k1 : i32 to i64
      %hi = arith.extui %k2 : i32 to i64
      %high = arith.shli %hi, %c32_i64 : i64
      %wide = arith.ori %lo, %high : i64
      %i1 = arith.index_castui %wide : i64 to index
      %signed = arith.index_cast %k2 : i32 to index
      %c4 = arith.constant 4 : index
      %scaled = arith.muli %signed, %c4 : index
      %n0 = iree_tensor_ext.dispatch.workload.ordinal %i0, 0 : index
      %n1 = iree_tensor_ext.dispatch.workload.ordinal %i1, 1 : index
      %n2 = iree_tensor_ext.dispatch.workload.ordinal %scaled, 2 : index
      %n3 = iree_tensor_ext.dispatch.workload.ordinal %k3, 3 : index
      %out = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?x?x?x?xf32>{%n0, %n1, %n2, %n3}
      func.return
    }
    func.func @no_workload() {
      func.return
    }
  }
}
// CHECK-LABEL: hal.executable.export public @entry
// CHECK:         } attributes {pyvmvx.workload_from_constants = ["c0", "c1 c2 32 shl or", "c2 sext32 4 mul", "?"]}
// CHECK-LABEL: hal.executable.export public @no_workload
// CHECK-NOT:     pyvmvx.workload_from_constants
// CHECK-LABEL: func.func @entry()
// CHECK-NOT:     iree_tensor_ext.dispatch.workload.ordinal
// CHECK:         %[[I0:.*]] = arith.index_castui %k0 : i32 to index
// CHECK:         %[[I1:.*]] = arith.index_castui %{{.*}} : i64 to index
// CHECK:         %[[SCALED:.*]] = arith.muli
// CHECK-NEXT:    hal.interface.binding.subspan {{.*}} : memref<?x?x?x?xf32>{%[[I0]], %[[I1]], %[[SCALED]], %k3}
