// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-conversion | filecheck %s

// What each HALToVMVX, StandardToVMVX and MemRefToUtil pattern emits (no canonicalization),
// the structural type conversion, and which functions get the entry ABI.

#layout = #hal.pipeline.layout<constants = 3, bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @abi(
// CHECK-SAME:      %[[LOCAL:[a-z_]+]]: !util.buffer, %[[CONSTANTS:[a-z_]+]]: !util.buffer, %[[BINDINGS:[a-z_]+]]: !util.list<!util.buffer>,
// CHECK-SAME:      %workgroup_id_x: i32, %[[ID_Y:[a-z_]+]]: i32, %workgroup_id_z: i32, %workgroup_size_x: i32, %workgroup_size_y: i32, %[[SIZE_Z:[a-z_]+]]: i32,
// CHECK-SAME:      %workgroup_count_x: i32, %[[COUNT_Y:[a-z_]+]]: i32, %workgroup_count_z: i32) {
func.func @abi() {
  %c0 = arith.constant 0 : index
  // Push constants: `sizeof(T)` bytes at `sizeof(T) * ordinal` (IREE's slot stride is the
  // result size, so `index` is only symbolic here).
  // CHECK:      %[[SIZE0:.*]] = util.buffer.size %[[CONSTANTS]] : !util.buffer
  // CHECK-NEXT: %[[SZ_INDEX:.*]] = util.sizeof index
  // CHECK-NEXT: %[[ORD0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[OFF0:.*]] = arith.muli %[[SZ_INDEX]], %[[ORD0]] : index
  // CHECK-NEXT: %[[LEN0:.*]] = util.sizeof index
  // CHECK-NEXT: %[[OFF:.*]] = util.buffer.load %[[CONSTANTS]][%[[OFF0]] for %[[LEN0]]] : !util.buffer{%[[SIZE0]]} -> index
  %off = hal.interface.constant.load layout(#layout) ordinal(0) : index
  // CHECK-NEXT: %[[SIZE2:.*]] = util.buffer.size %[[CONSTANTS]] : !util.buffer
  // CHECK-NEXT: %[[OFF2:.*]] = arith.constant 8 : index
  // CHECK-NEXT: %[[LEN2:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[N:.*]] = util.buffer.load %[[CONSTANTS]][%[[OFF2]] for %[[LEN2]]] : !util.buffer{%[[SIZE2]]} -> i32
  %n = hal.interface.constant.load layout(#layout) ordinal(2) : i32
  // CHECK:      %[[F:.*]] = util.buffer.load %[[CONSTANTS]][%{{.*}} for %{{.*}}] : !util.buffer{%{{.*}}} -> f32
  %f = hal.interface.constant.load layout(#layout) ordinal(1) : f32
  %dim = arith.index_castui %n : i32 to index
  // An offset subspan is a util.buffer.subspan of `sizeof(elem) * prod(dims)` bytes.
  // CHECK:      %[[B0_INDEX:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[B0:.*]] = util.list.get %[[BINDINGS]][%[[B0_INDEX]]] : !util.list<!util.buffer>
  // CHECK-NEXT: %[[B0_SIZE:.*]] = util.buffer.size %[[B0]] : !util.buffer
  // CHECK-NEXT: %[[ELEM:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[A_SIZE:.*]] = arith.muli %[[ELEM]], %[[DIM:.*]] : index
  // CHECK-NEXT: %[[A:.*]] = util.buffer.subspan %[[B0]][%[[OFF]]] : !util.buffer{%[[B0_SIZE]]} -> !util.buffer{%[[A_SIZE]]}
  %a = hal.interface.binding.subspan layout(#layout) binding(0) offset(%off) : memref<?xf32>{%dim}
  // A constant zero offset is the binding itself.
  // CHECK-NEXT: %[[B1_INDEX:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[B:.*]] = util.list.get %[[BINDINGS]][%[[B1_INDEX]]] : !util.list<!util.buffer>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<8xf32>
  // CHECK-NEXT: arith.constant 1 : index
  // CHECK-NEXT: %[[B1:.*]] = util.list.get %[[BINDINGS]]
  // CHECK-NEXT: %[[B1_SIZE:.*]] = util.buffer.size %[[B1]] : !util.buffer
  // CHECK-NEXT: %[[S_SIZE:.*]] = arith.constant 8 : index
  // CHECK-NEXT: %[[S:.*]] = util.buffer.subspan %[[B1]][%[[OFF]]] : !util.buffer{%[[B1_SIZE]]} -> !util.buffer{%[[S_SIZE]]}
  %s = hal.interface.binding.subspan layout(#layout) binding(1) offset(%off) : memref<i64>
  // CHECK-NEXT: %[[RAW_INDEX:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[RAW:.*]] = util.list.get %[[BINDINGS]][%[[RAW_INDEX]]] : !util.list<!util.buffer>
  %raw = vmvx.get_raw_interface_binding_buffer layout(#layout) binding(1)
  // CHECK-NEXT: %[[Y:.*]] = arith.index_cast %[[ID_Y]] : i32 to index
  // CHECK-NEXT: %[[Z:.*]] = arith.index_cast %[[SIZE_Z]] : i32 to index
  // CHECK-NEXT: %[[W:.*]] = arith.index_cast %[[COUNT_Y]] : i32 to index
  %y = hal.interface.workgroup.id[1] : index
  %z = hal.interface.workgroup.size[2] : index
  %w = hal.interface.workgroup.count[1] : index
  // Loads and stores address bytes: index * sizeof(elem), rank 0 at offset 0.
  // CHECK-NEXT: %[[A_LEN:.*]] = util.buffer.size %[[A]] : !util.buffer
  // CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[A_OFF:.*]] = arith.muli %[[Y]], %[[FOUR]] : index
  // CHECK-NEXT: %[[FOUR2:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[V:.*]] = util.buffer.load %[[A]][%[[A_OFF]] for %[[FOUR2]]] : !util.buffer{%[[A_LEN]]} -> f32
  %v = memref.load %a[%y] : memref<?xf32>
  // CHECK-NEXT: %[[B_LEN:.*]] = util.buffer.size %[[B]] : !util.buffer
  // CHECK-NEXT: arith.constant 4 : index
  // CHECK-NEXT: %[[B_OFF:.*]] = arith.muli %[[Z]], %{{.*}} : index
  // CHECK-NEXT: arith.constant 4 : index
  // CHECK-NEXT: util.buffer.store %[[F]], %[[B]][%[[B_OFF]] for %{{.*}}] : f32 -> !util.buffer{%[[B_LEN]]}
  memref.store %f, %b[%z] : memref<8xf32>
  // CHECK-NEXT: %[[S_LEN:.*]] = util.buffer.size %[[S]] : !util.buffer
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[EIGHT:.*]] = arith.constant 8 : index
  // CHECK-NEXT: %[[T:.*]] = util.buffer.load %[[S]][%[[ZERO]] for %[[EIGHT]]] : !util.buffer{%[[S_LEN]]} -> i64
  %t = memref.load %s[] : memref<i64>
  // CHECK-NEXT: util.optimization_barrier %[[RAW]], %[[W]], %[[T]], %[[V]] : !util.buffer, index, i64, f32
  %u:4 = util.optimization_barrier %raw, %w, %t, %v : !util.buffer, index, i64, f32
  func.return
}

// -----

// Private functions keep their signatures except that rank-0/1 memrefs become buffers, in
// declarations (ukernel imports), calls, returns and scf regions alike.

// CHECK: func.func private @ukernel(!util.buffer, index, !util.buffer) -> !util.buffer attributes {vm.import.module = "vmvx"}
func.func private @ukernel(memref<f32>, index, memref<?xi16>) -> memref<4xi8> attributes {vm.import.module = "vmvx"}

// CHECK-LABEL: func.func private @helper(
// CHECK-SAME:      %[[M:[a-z_]+]]: !util.buffer, %[[I:[a-z_]+]]: index, %[[VALUE:[a-z_]+]]: i16, %[[COND:[a-z_]+]]: i1) -> (!util.buffer, index, !util.buffer, !util.buffer) {
func.func private @helper(%m: memref<?xi16>, %i: index, %value: i16, %cond: i1) -> (memref<?xi16>, index, memref<4xi8>, memref<1xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK:      %[[M_SIZE:.*]] = util.buffer.size %[[M]] : !util.buffer
  // CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[M_OFF:.*]] = arith.muli %[[I]], %[[TWO]] : index
  // CHECK-NEXT: %[[TWO2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: util.buffer.store %[[VALUE]], %[[M]][%[[M_OFF]] for %[[TWO2]]] : i16 -> !util.buffer{%[[M_SIZE]]}
  memref.store %value, %m[%i] : memref<?xi16>
  // memref.dim is the byte size over the element size.
  // CHECK:      %[[BYTES:.*]] = util.buffer.size %[[M]] : !util.buffer
  // CHECK-NEXT: %[[ELEM:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[D:.*]] = arith.floordivsi %[[BYTES]], %[[ELEM]] : index
  %d = memref.dim %m, %c0 : memref<?xi16>
  // Allocas are uninitialized buffers of `sizeof(elem) * size` bytes.
  // CHECK-NEXT: %[[F64:.*]] = arith.constant 8 : index
  // CHECK-NEXT: %[[A_SIZE:.*]] = arith.muli %[[I]], %[[F64]] : index
  // CHECK-NEXT: util.buffer.alloc uninitialized <alignment = 64> : !util.buffer{%[[A_SIZE]]}
  %a = memref.alloca(%i) {alignment = 64 : i64} : memref<?xf64>
  // CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
  // CHECK-NEXT: %[[THREE:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[B_SIZE:.*]] = arith.muli %[[THREE]], %[[ONE]] : index
  // CHECK-NEXT: %[[B:.*]] = util.buffer.alloc uninitialized : !util.buffer{%[[B_SIZE]]}
  %b = memref.alloca() : memref<3xi8>
  // CHECK-NEXT: %[[R_SIZE:.*]] = util.sizeof index
  // CHECK-NEXT: %[[R:.*]] = util.buffer.alloc uninitialized : !util.buffer{%[[R_SIZE]]}
  %r = memref.alloca() : memref<index>
  // CHECK:      %[[K:.*]] = util.buffer.load %[[R]][%{{.*}} for %{{.*}}] : !util.buffer{%{{.*}}} -> index
  %k = memref.load %r[] : memref<index>
  // Alignment hints, casts and reshapes between buffers are the buffer itself.
  %aligned = memref.assume_alignment %m, 16 : memref<?xi16>
  %static = memref.cast %aligned : memref<?xi16> to memref<8xi16>
  // CHECK:      %[[B1:.*]] = util.buffer.alloc uninitialized : !util.buffer{%{{.*}}}
  %b1 = memref.alloca() : memref<1xi8>
  %scalar = memref.collapse_shape %b1 [] : memref<1xi8> into memref<i8>
  %one = memref.expand_shape %scalar [] output_shape [1] : memref<i8> into memref<1xi8>
  %base = memref.reinterpret_cast %static to offset: [0], sizes: [], strides: [] : memref<8xi16> to memref<i16>
  // A cast whose converted input already has the result type goes away.
  %u = builtin.unrealized_conversion_cast %base : memref<i16> to !util.buffer
  // CHECK:      %[[LOOP:.*]] = scf.for %{{.*}} = %{{.*}} to %[[D]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[M]]) -> (!util.buffer) {
  // CHECK-NEXT:   %[[NEXT:.*]] = scf.if %[[COND]] -> (!util.buffer) {
  // CHECK-NEXT:     scf.yield %[[ACC]] : !util.buffer
  // CHECK-NEXT:   } else {
  // CHECK-NEXT:     scf.yield %[[M]] : !util.buffer
  // CHECK-NEXT:   }
  // CHECK-NEXT:   scf.yield %[[NEXT]] : !util.buffer
  // CHECK-NEXT: }
  %loop = scf.for %iv = %c0 to %d step %c1 iter_args(%acc = %m) -> (memref<?xi16>) {
    %next = scf.if %cond -> (memref<?xi16>) {
      scf.yield %acc : memref<?xi16>
    } else {
      %dynamic = memref.cast %static : memref<8xi16> to memref<?xi16>
      scf.yield %dynamic : memref<?xi16>
    }
    scf.yield %next : memref<?xi16>
  }
  // CHECK-NEXT: %[[G_SIZE:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[G:.*]] = util.buffer.alloc uninitialized : !util.buffer{%[[G_SIZE]]}
  %g = memref.alloca() : memref<f32>
  // CHECK-NEXT: %[[RES:.*]] = func.call @ukernel(%[[G]], %[[K]], %[[LOOP]]) : (!util.buffer, index, !util.buffer) -> !util.buffer
  %res = func.call @ukernel(%g, %k, %loop) : (memref<f32>, index, memref<?xi16>) -> memref<4xi8>
  // CHECK-NEXT: util.optimization_barrier %[[M]] : !util.buffer
  %kept = util.optimization_barrier %u : !util.buffer
  // CHECK-NEXT: func.return %[[LOOP]], %[[K]], %[[RES]], %[[B1]] : !util.buffer, index, !util.buffer, !util.buffer
  func.return %loop, %k, %res, %one : memref<?xi16>, index, memref<4xi8>, memref<1xi8>
}
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: memref.

// -----

// As in IREE, an N-D binding subspan converts; used only through a reshape to rank 1, it
// needs no flattening.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// CHECK-LABEL: func.func @reshaped_subspan(
// CHECK-SAME:      %[[BINDINGS:[a-z_]+]]: !util.list<!util.buffer>
func.func @reshaped_subspan() {
  %c5 = arith.constant 5 : index
  // CHECK:      %[[B0:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[M:.*]] = util.list.get %[[BINDINGS]][%[[B0]]] : !util.list<!util.buffer>
  // CHECK-NEXT: %[[SIZE:.*]] = util.buffer.size %[[M]] : !util.buffer
  // CHECK:      util.buffer.load %[[M]][%{{.*}} for %{{.*}}] : !util.buffer{%[[SIZE]]} -> f32
  %m = hal.interface.binding.subspan layout(#layout) binding(0) : memref<2x8xf32>
  %flat = memref.collapse_shape %m [[0, 1]] : memref<2x8xf32> into memref<16xf32>
  %v = memref.load %flat[%c5] : memref<16xf32>
  %kept = util.optimization_barrier %v : f32
  func.return
}
// CHECK-NOT: memref

// -----

// A dynamic subspan at offset 0 (none or a constant 0) keeps its declared size: it is a
// util.buffer.subspan, so memref.dim reads the push-constant size, not the binding's length.

#layout = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @dynamic_subspan_at_zero(
// CHECK-SAME:      %[[BINDINGS:[a-z_]+]]: !util.list<!util.buffer>
func.func @dynamic_subspan_at_zero() {
  %c0 = arith.constant 0 : index
  // CHECK:      %[[N:.*]] = arith.index_castui %{{.*}} : i32 to index
  %n_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
  %n = arith.index_castui %n_i32 : i32 to index
  // CHECK-NEXT: %[[B0_INDEX:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[B0:.*]] = util.list.get %[[BINDINGS]][%[[B0_INDEX]]] : !util.list<!util.buffer>
  // CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
  // CHECK-NEXT: %[[B0_SIZE:.*]] = util.buffer.size %[[B0]] : !util.buffer
  // CHECK-NEXT: %[[ELEM:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[A_SIZE:.*]] = arith.muli %[[ELEM]], %[[N]] : index
  // CHECK-NEXT: %[[A:.*]] = util.buffer.subspan %[[B0]][%[[ZERO]]] : !util.buffer{%[[B0_SIZE]]} -> !util.buffer{%[[A_SIZE]]}
  %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?xf32>{%n}
  // CHECK:      %[[B1:.*]] = util.list.get %[[BINDINGS]]
  // CHECK-NEXT: %[[B1_SIZE:.*]] = util.buffer.size %[[B1]] : !util.buffer
  // CHECK-NEXT: %[[ELEM2:.*]] = arith.constant 2 : index
  // CHECK-NEXT: %[[ROWS:.*]] = arith.constant 3 : index
  // CHECK-NEXT: %[[ROW_SIZE:.*]] = arith.muli %[[ELEM2]], %[[ROWS]] : index
  // CHECK-NEXT: %[[C_SIZE:.*]] = arith.muli %[[ROW_SIZE]], %[[N]] : index
  // CHECK-NEXT: %[[C:.*]] = util.buffer.subspan %[[B1]][%{{.*}}] : !util.buffer{%[[B1_SIZE]]} -> !util.buffer{%[[C_SIZE]]}
  %c = hal.interface.binding.subspan layout(#layout) binding(1) offset(%c0) : memref<3x?xi16>{%n}
  // CHECK:      util.buffer.load %[[C]]
  %flat = memref.collapse_shape %c [[0, 1]] : memref<3x?xi16> into memref<?xi16>
  %v = memref.load %flat[%c0] : memref<?xi16>
  // CHECK:      %[[BYTES:.*]] = util.buffer.size %[[A]] : !util.buffer
  // CHECK-NEXT: %[[FOUR:.*]] = arith.constant 4 : index
  // CHECK-NEXT: %[[D:.*]] = arith.floordivsi %[[BYTES]], %[[FOUR]] : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  // CHECK-NEXT: util.optimization_barrier %[[D]]
  %kept:2 = util.optimization_barrier %d, %v : index, i16
  func.return
}

// -----

// Inside HAL executables only the variants' inner modules are converted; the executable-
// constant setter keeps its signature.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// CHECK-LABEL: hal.executable private @ex {
// CHECK:           builtin.module {
// CHECK-NEXT:        func.func @__set_constants(%{{.*}}: !util.buffer) attributes {vmvx.set_constants} {
// CHECK:             func.func @dispatch(%{{.*}}: !util.buffer, %{{.*}}: !util.buffer, %[[BINDINGS:[a-z_]+]]: !util.list<!util.buffer>, %{{.*}}: i32,
// CHECK:               util.list.get %[[BINDINGS]]
hal.executable private @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @dispatch ordinal(0) layout(#layout)
    builtin.module {
      func.func @__set_constants(%constants: !util.buffer) attributes {vmvx.set_constants} {
        func.return
      }
      func.func @dispatch() {
        %c0 = arith.constant 0 : index
        %x = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xf32>
        %v = memref.load %x[%c0] : memref<4xf32>
        memref.store %v, %x[%c0] : memref<4xf32>
        func.return
      }
    }
  }
}
// Host code outside the executables is left alone, tensors included.
// CHECK-LABEL: func.func @host(%{{.*}}: tensor<4xf32>) -> tensor<4xf32> {
func.func @host(%t: tensor<4xf32>) -> tensor<4xf32> {
  func.return %t : tensor<4xf32>
}
