// RUN: pyvmvx-opt %s -p 'iree-vmvx-configuration-pipeline,iree-vmvx-transformation-pipeline{ukernels=all}' | filecheck %s
// RUN: pyvmvx-opt %s -p 'iree-vmvx-configuration-pipeline,iree-vmvx-transformation-pipeline{ukernels=all}' | sed -n '/vm.module/,$p' | filecheck %s --check-prefix=ONLY-VM
// RUN: pyvmvx-opt %s -p 'iree-vmvx-configuration-pipeline,iree-vmvx-transformation-pipeline{ukernels=none}' | filecheck %s --check-prefix=LOOPS
// RUN: pyvmvx-opt %s -p 'iree-vmvx-configuration-pipeline,iree-vmvx-transformation-pipeline{ukernels=none}' | sed -n '/vm.module/,$p' | filecheck %s --check-prefix=ONLY-VM
// RUN: pyvmvx-opt %s -p 'iree-vmvx-configuration-pipeline{tile-policy=python},iree-vmvx-transformation-pipeline{ukernels=all}' | filecheck %s --check-prefix=PY

// Buffer-level linalg in a hal.executable.source (elementwise, fill, copy, transpose,
// broadcast, mmt4d, pack, unpack) becomes one vm.module of VM ops: calls to the vmvx imports with
// ukernels, scalar VM loops without. Workgroup counts are set on the exports.

#pl1 = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
#pl2 = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
#pl3 = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
#id = affine_map<(d0, d1) -> (d0, d1)>
hal.executable.source public @executable {
  hal.executable.export public @mul ordinal(0) layout(#pl3)
  hal.executable.export public @fill ordinal(1) layout(#pl1)
  hal.executable.export public @copy ordinal(2) layout(#pl2)
  hal.executable.export public @transpose ordinal(3) layout(#pl2)
  hal.executable.export public @broadcast ordinal(4) layout(#pl2)
  hal.executable.export public @mmt4d ordinal(5) layout(#pl3)
  hal.executable.export public @pack ordinal(6) layout(#pl2)
  hal.executable.export public @unpack ordinal(7) layout(#pl2)
  builtin.module {
    func.func @mul() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#pl3) binding(0) offset(%c0) flags(ReadOnly) : memref<512x256xf32>
      %b = hal.interface.binding.subspan layout(#pl3) binding(1) offset(%c0) flags(ReadOnly) : memref<512x256xf32>
      %c = hal.interface.binding.subspan layout(#pl3) binding(2) offset(%c0) : memref<512x256xf32>
      linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<512x256xf32>, memref<512x256xf32>) outs(%c : memref<512x256xf32>) {
      ^bb0(%x: f32, %y: f32, %z: f32):
        %p = arith.mulf %x, %y : f32
        linalg.yield %p : f32
      }
      func.return
    }
    func.func @fill() {
      %c0 = arith.constant 0 : index
      %v = arith.constant 7 : i32
      %out = hal.interface.binding.subspan layout(#pl1) binding(0) offset(%c0) : memref<100x70xi32>
      linalg.fill ins(%v : i32) outs(%out : memref<100x70xi32>)
      func.return
    }
    func.func @copy() {
      %c0 = arith.constant 0 : index
      %in = hal.interface.binding.subspan layout(#pl2) binding(0) offset(%c0) flags(ReadOnly) : memref<100x70xi8>
      %out = hal.interface.binding.subspan layout(#pl2) binding(1) offset(%c0) : memref<100x70xi8>
      linalg.copy ins(%in : memref<100x70xi8>) outs(%out : memref<100x70xi8>)
      func.return
    }
    func.func @transpose() {
      %c0 = arith.constant 0 : index
      %in = hal.interface.binding.subspan layout(#pl2) binding(0) offset(%c0) flags(ReadOnly) : memref<70x100xf32>
      %out = hal.interface.binding.subspan layout(#pl2) binding(1) offset(%c0) : memref<100x70xf32>
      linalg.transpose ins(%in : memref<70x100xf32>) outs(%out : memref<100x70xf32>) permutation = [1, 0]
      func.return
    }
    func.func @broadcast() {
      %c0 = arith.constant 0 : index
      %in = hal.interface.binding.subspan layout(#pl2) binding(0) offset(%c0) flags(ReadOnly) : memref<70xf32>
      %out = hal.interface.binding.subspan layout(#pl2) binding(1) offset(%c0) : memref<100x70xf32>
      linalg.broadcast ins(%in : memref<70xf32>) outs(%out : memref<100x70xf32>) dimensions = [0]
      func.return
    }
    func.func @mmt4d() {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %lhs = hal.interface.binding.subspan layout(#pl3) binding(0) offset(%c0) flags(ReadOnly) : memref<10x16x8x1xf32>
      %rhs = hal.interface.binding.subspan layout(#pl3) binding(1) offset(%c0) flags(ReadOnly) : memref<20x16x8x1xf32>
      %out = hal.interface.binding.subspan layout(#pl3) binding(2) offset(%c0) : memref<10x20x8x8xf32>
      linalg.fill ins(%zero : f32) outs(%out : memref<10x20x8x8xf32>)
      linalg.mmt4d ins(%lhs, %rhs : memref<10x16x8x1xf32>, memref<20x16x8x1xf32>) outs(%out : memref<10x20x8x8xf32>)
      func.return
    }
    func.func @pack() {
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0 : i32
      %in = hal.interface.binding.subspan layout(#pl2) binding(0) offset(%c0) flags(ReadOnly) : memref<100x30xi32>
      %out = hal.interface.binding.subspan layout(#pl2) binding(1) offset(%c0) : memref<4x13x8x8xi32>
      linalg.pack %in padding_value(%pad : i32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : memref<100x30xi32> -> memref<4x13x8x8xi32>
      func.return
    }
    func.func @unpack() {
      %c0 = arith.constant 0 : index
      %in = hal.interface.binding.subspan layout(#pl2) binding(0) offset(%c0) flags(ReadOnly) : memref<13x4x8x8xf32>
      %out = hal.interface.binding.subspan layout(#pl2) binding(1) offset(%c0) : memref<100x30xf32>
      linalg.unpack %in inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : memref<13x4x8x8xf32> -> memref<100x30xf32>
      func.return
    }
  }
}

// CHECK-LABEL: hal.executable.export public @mul ordinal(0)
// CHECK:         %[[X:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[Y:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 1 : index
// CHECK-NEXT:    hal.return %[[X]], %[[Y]], %[[Z]] : index, index, index
// CHECK:       vm.module @module {
// CHECK:         vm.func private @mul(%local_memory: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %workgroup_id_x: i32, %workgroup_id_y: i32, %workgroup_id_z: i32,
// CHECK:           vm.list.get.ref %bindings
// CHECK:           vm.call @vmvx.mul.2d.f32(
// CHECK:         vm.export @mul
// CHECK:         vm.func private @fill(
// CHECK:           vm.call @vmvx.fill.2d.x32(
// CHECK:         vm.export @fill
// CHECK:         vm.func private @copy(
// CHECK:           vm.call @vmvx.copy.2d.x8(
// CHECK:         vm.export @copy
// CHECK:         vm.func private @transpose(
// CHECK:           vm.call @vmvx.copy.2d.x32(
// CHECK:         vm.export @transpose
// CHECK:         vm.func private @broadcast(
// CHECK:           vm.call @vmvx.copy.2d.x32(
// CHECK:         vm.export @broadcast
// CHECK:         vm.func private @mmt4d(
// CHECK:           %flags = vm.const.i32 1537
// CHECK:           vm.call @vmvx.mmt4d({{.*}}, %flags) : (!vm.buffer, i64, i64, !vm.buffer, i64, i64, !vm.buffer, i64, i64, i64, i64, i64, i32, i32, i32, i32) -> ()
// CHECK:         vm.export @mmt4d
// CHECK:         vm.func private @pack(
// CHECK:           vm.call @vmvx.pack(
// CHECK:         vm.export @pack
// CHECK:         vm.func private @unpack(
// CHECK:           vm.call @vmvx.unpack(
// CHECK:         vm.export @unpack
// CHECK-DAG:     vm.import private @vmvx.mul.2d.f32(
// CHECK-DAG:     vm.import private @vmvx.fill.2d.x32(
// CHECK-DAG:     vm.import private @vmvx.copy.2d.x8(
// CHECK-DAG:     vm.import private @vmvx.copy.2d.x32(
// CHECK-DAG:     vm.import private @vmvx.mmt4d(
// CHECK-DAG:     vm.import private @vmvx.pack(
// CHECK-DAG:     vm.import private @vmvx.unpack(

// Inside the vm.module, only VM ops remain.
// ONLY-VM:     vm.module @module {
// ONLY-VM-NOT: {{(arith|scf|cf|memref|linalg|func|util|vmvx|hal|affine|math)\.[a-z_.0-9]+ }}

// LOOPS:       vm.module @module {
// LOOPS:         vm.func private @mul(
// LOOPS:           vm.buffer.load.f32
// LOOPS:           vm.mul.f32
// LOOPS:           vm.buffer.store.f32
// LOOPS:         vm.func private @mmt4d(
// LOOPS:           vm.buffer.store.f32
// LOOPS:           vm.mul.f32
// LOOPS:           vm.add.f32
// LOOPS:         vm.func private @pack(
// LOOPS:           vm.buffer.load.i32
// LOOPS:           vm.buffer.store.i32
// LOOPS:         vm.func private @unpack(
// LOOPS:           vm.buffer.load.f32
// LOOPS:           vm.buffer.store.f32
// LOOPS-NOT:     vm.call @vmvx.
// LOOPS-NOT:     vm.import

// The python policy keeps @mul (131072 points of one body op, below 2^20) in one
// workgroup.
// PY-LABEL:    hal.executable.export public @mul ordinal(0)
// PY:            %[[ONE:.*]] = arith.constant 1 : index
// PY-NEXT:       %[[ONE_1:.*]] = arith.constant 1 : index
// PY-NEXT:       %[[ONE_2:.*]] = arith.constant 1 : index
// PY-NEXT:       hal.return %[[ONE]], %[[ONE_1]], %[[ONE_2]] : index, index, index
// PY:          vm.call @vmvx.mul.2d.f32(
