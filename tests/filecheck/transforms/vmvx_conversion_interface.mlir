// RUN: pyvmvx-opt %s -p iree-vmvx-conversion,canonicalize,cse | filecheck %s

// The constructs of IREE's HALToVMVX interface_ops test: a constant memref.global, binding
// subspans, workgroup id/size/count, affine index math and scf loops over memref loads and
// stores become the VMVX entry ABI over !util.buffer values.

#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK:      util.global private @lookup_table : !util.buffer
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[CST:.*]] = util.buffer.constant : !util.buffer = dense<[7, 0, -3, 12, 1]> : tensor<5xi32>
// CHECK-NEXT:   util.global.store %[[CST]], @lookup_table : !util.buffer
// CHECK-NEXT:   util.return
// CHECK-NEXT: }
memref.global "private" constant @lookup_table : memref<5xi32> = dense<[7, 0, -3, 12, 1]>

// CHECK-LABEL: func.func @select_by_zero(
// CHECK-SAME:      %[[LOCAL:[a-z_]+]]: !util.buffer, %[[CONSTANTS:[a-z_]+]]: !util.buffer,
// CHECK-SAME:      %[[BINDINGS:[a-z_]+]]: !util.list<!util.buffer>,
// CHECK-SAME:      %[[ID_X:[a-z_]+]]: i32, %[[ID_Y:[a-z_]+]]: i32, %[[ID_Z:[a-z_]+]]: i32,
// CHECK-SAME:      %[[SIZE_X:[a-z_]+]]: i32, %[[SIZE_Y:[a-z_]+]]: i32, %[[SIZE_Z:[a-z_]+]]: i32,
// CHECK-SAME:      %[[COUNT_X:[a-z_]+]]: i32, %[[COUNT_Y:[a-z_]+]]: i32, %[[COUNT_Z:[a-z_]+]]: i32) {
func.func @select_by_zero() {
  %zero = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
  // CHECK-DAG: %[[TABLE:.*]] = util.global.load @lookup_table : !util.buffer
  %table = memref.get_global @lookup_table : memref<5xi32>
  // CHECK-DAG: %[[IN:.*]] = util.list.get %[[BINDINGS]][%[[C0]]] : !util.list<!util.buffer>
  %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<5xf32>
  // CHECK-DAG: %[[OUT:.*]] = util.list.get %[[BINDINGS]][%[[C1]]] : !util.list<!util.buffer>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<5xi32>
  // CHECK-DAG: %[[WG_SIZE:.*]] = arith.index_cast %[[SIZE_X]] : i32 to index
  // CHECK-DAG: %[[WG_ID:.*]] = arith.index_cast %[[ID_X]] : i32 to index
  // CHECK-DAG: %[[WG_COUNT:.*]] = arith.index_cast %[[COUNT_X]] : i32 to index
  %wg_size = hal.interface.workgroup.size[0] : index
  %wg_id = hal.interface.workgroup.id[0] : index
  %wg_count = hal.interface.workgroup.count[0] : index
  // CHECK: %[[LB:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 * s1))> ()[%[[WG_ID]], %[[WG_SIZE]]]
  %lb = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%wg_id, %wg_size]
  // CHECK: %[[STEP:.*]] = affine.apply affine_map<()[s0, s1] -> ((s0 * s1))> ()[%[[WG_COUNT]], %[[WG_SIZE]]]
  %step = affine.apply affine_map<()[s0, s1] -> (s0 * s1)>()[%wg_count, %wg_size]
  // CHECK: %[[C4:.*]] = arith.constant 4 : index
  // CHECK: scf.for %[[TILE:.*]] = %[[LB]] to %{{.*}} step %[[STEP]] {
  scf.for %tile = %lb to %c5 step %step {
    // CHECK: %[[N:.*]] = affine.min {{.*}}(%[[TILE]])[%[[WG_SIZE]]]
    %n = affine.min affine_map<(d0)[s0] -> (s0, -d0 + 5)>(%tile)[%wg_size]
    // CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %[[C1]] {
    scf.for %k = %c0 to %n step %c1 {
      // CHECK: %[[I:.*]] = affine.apply {{.*}}(%[[K]])[%[[TILE]]]
      %i = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%k)[%tile]
      // CHECK: %[[IN_SIZE:.*]] = util.buffer.size %[[IN]] : !util.buffer
      // CHECK: %[[OFFSET:.*]] = arith.muli %[[I]], %[[C4]] : index
      // CHECK: %[[X:.*]] = util.buffer.load %[[IN]][%[[OFFSET]] for %[[C4]]] : !util.buffer{%[[IN_SIZE]]} -> f32
      %x = memref.load %in[%i] : memref<5xf32>
      // CHECK: %[[TABLE_SIZE:.*]] = util.buffer.size %[[TABLE]] : !util.buffer
      // CHECK: %[[Y:.*]] = util.buffer.load %[[TABLE]][%[[OFFSET]] for %[[C4]]] : !util.buffer{%[[TABLE_SIZE]]} -> i32
      %y = memref.load %table[%i] : memref<5xi32>
      // CHECK: %[[IS_ZERO:.*]] = arith.cmpf oeq, %[[X]], %{{.*}} : f32
      // CHECK: %[[MASK:.*]] = arith.extui %[[IS_ZERO]] : i1 to i32
      // CHECK: %[[R:.*]] = arith.muli %[[MASK]], %[[Y]] : i32
      %is_zero = arith.cmpf oeq, %x, %zero : f32
      %mask = arith.extui %is_zero : i1 to i32
      %r = arith.muli %mask, %y : i32
      // CHECK: %[[OUT_SIZE:.*]] = util.buffer.size %[[OUT]] : !util.buffer
      // CHECK: util.buffer.store %[[R]], %[[OUT]][%[[OFFSET]] for %[[C4]]] : i32 -> !util.buffer{%[[OUT_SIZE]]}
      memref.store %r, %out[%i] : memref<5xi32>
    }
  }
  // CHECK: func.return
  return
}
// CHECK-NOT: memref.
// CHECK-NOT: hal.
