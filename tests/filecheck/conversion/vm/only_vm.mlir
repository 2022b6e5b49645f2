// RUN: pyvmvx-opt %s -p iree-vm-conversion | filecheck %s

// A dispatch as `iree-vmvx-conversion` leaves it (VMVX entry ABI, util buffers, scf loops,
// arith/affine index math, vmvx kernels, an assert) converts to `vm` ops only.

// CHECK:      vm.module @module {
// CHECK-NOT:  {{^ *(%[^ ]* = )?"?(arith|math|func|util|vmvx|scf|cf|affine|memref|hal|tensor|builtin)\.}}
// CHECK:      vm.func private @dispatch(%local: !vm.buffer, %constants: !vm.buffer, %bindings: !vm.list<!vm.buffer>, %id_x: i32, %id_y: i32, %id_z: i32, %size_x: i32, %size_y: i32, %size_z: i32, %count_x: i32, %count_y: i32, %count_z: i32) {
// CHECK-NOT:  {{^ *(%[^ ]* = )?"?(arith|math|func|util|vmvx|scf|cf|affine|memref|hal|tensor|builtin)\.}}
// CHECK:      vm.call @vmvx.add.2d.f32(
// CHECK-NOT:  {{^ *(%[^ ]* = )?"?(arith|math|func|util|vmvx|scf|cf|affine|memref|hal|tensor|builtin)\.}}
// CHECK:      vm.export @dispatch
// CHECK-NEXT: vm.import private @vmvx.add.2d.f32(
// CHECK-NEXT: }
func.func @dispatch(%local : !util.buffer, %constants : !util.buffer,
                    %bindings : !util.list<!util.buffer>,
                    %id_x : i32, %id_y : i32, %id_z : i32,
                    %size_x : i32, %size_y : i32, %size_z : i32,
                    %count_x : i32, %count_y : i32, %count_z : i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %csize = util.buffer.size %constants : !util.buffer
  %n_i32 = util.buffer.load %constants[%c0 for %c4] : !util.buffer{%csize} -> i32
  %n = arith.index_castui %n_i32 : i32 to index
  %in = util.list.get %bindings[%c0] : !util.list<!util.buffer>
  %out = util.list.get %bindings[%c1] : !util.list<!util.buffer>
  %wg = arith.index_cast %id_x : i32 to index
  %base = affine.apply affine_map<()[s0] -> (s0 * 64)>()[%wg]
  %rows = affine.min affine_map<()[s0, s1] -> (64, s1 - s0)>()[%base, %n]
  %positive = arith.cmpi sgt, %rows, %c0 : index
  cf.assert %positive, "empty tile"
  vmvx.binary op("add" : f32) lhs(%in offset %base strides[%c64, %c1] : !util.buffer)
      rhs(%in offset %base strides[%c64, %c1] : !util.buffer)
      out(%out offset %base strides[%c64, %c1] : !util.buffer) sizes(%rows, %c64)
  %osize = util.buffer.size %out : !util.buffer
  scf.for %i = %c0 to %rows step %c1 {
    %off = arith.muli %i, %c4 : index
    %v = util.buffer.load %out[%off for %c4] : !util.buffer{%osize} -> f32
    %r = math.sqrt %v : f32
    util.buffer.store %r, %out[%off for %c4] : f32 -> !util.buffer{%osize}
  }
  func.return
}
