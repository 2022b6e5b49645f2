// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vm-conversion{index-bits=64}' | filecheck %s

// Each vmvx op becomes a vm.call to the import named after opcode, rank and element type;
// stride/size groups are flattened (tuple<i64, i64> import arguments) and the import is
// added once, after the functions, from the imports file (in the file's order).

// CHECK-LABEL: vm.module @module {
// CHECK-NEXT:    vm.func private @add(%lb: !vm.buffer, %lo: i64, %ls0: i64, %ls1: i64, %rb: !vm.buffer, %ro: i64, %rs0: i64, %rs1: i64, %ob: !vm.buffer, %oo: i64, %os0: i64, %os1: i64, %m: i64, %n: i64) {
// CHECK-NEXT:      vm.call @vmvx.add.2d.f32(%lb, %lo, %ls0, %ls1, %rb, %ro, %rs0, %rs1, %ob, %oo, %os0, %os1, %m, %n) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:      vm.call @vmvx.add.2d.f32(%rb, %ro, %rs0, %rs1, %lb, %lo, %ls0, %ls1, %ob, %oo, %os0, %os1, %m, %n)
// CHECK-NEXT:      vm.return
// CHECK-NEXT:    }
// CHECK-NEXT:    vm.export @add
// CHECK-NEXT:    vm.import private @vmvx.add.2d.f32(%lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_strides : tuple<i64, i64>, %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_strides : tuple<i64, i64>, %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>, %sizes : tuple<i64, i64>)
// CHECK-NEXT:  }
func.func @add(%lb : !util.buffer, %lo : index, %ls0 : index, %ls1 : index,
               %rb : !util.buffer, %ro : index, %rs0 : index, %rs1 : index,
               %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
               %m : index, %n : index) {
  vmvx.binary op("add" : f32) lhs(%lb offset %lo strides[%ls0, %ls1] : !util.buffer)
      rhs(%rb offset %ro strides[%rs0, %rs1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  vmvx.binary op("add" : f32) lhs(%rb offset %ro strides[%rs0, %rs1] : !util.buffer)
      rhs(%lb offset %lo strides[%ls0, %ls1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  func.return
}

// -----

// Integer opcodes keep their own names (`shrs`, `divu`); the type is `i32`.

// CHECK-LABEL: vm.func private @int_ops(
// CHECK:         vm.call @vmvx.shrs.2d.i32(%b, %o, %s0, %s1, %b, %o, %s0, %s1, %b, %o, %s0, %s1, %s0, %s1)
// CHECK-NEXT:    vm.call @vmvx.divu.2d.i32(
// CHECK:         vm.import private @vmvx.divu.2d.i32(
// CHECK-NEXT:    vm.import private @vmvx.shrs.2d.i32(
func.func @int_ops(%b : !util.buffer, %o : index, %s0 : index, %s1 : index) {
  vmvx.binary op("shrs" : i32) lhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      rhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  vmvx.binary op("divu" : i32) lhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      rhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  func.return
}

// -----

// Copies are named by bit width only: f32 -> x32, i8 -> x8, f64 -> x64.

// CHECK-LABEL: vm.func private @copy(
// CHECK-NEXT:    vm.call @vmvx.copy.2d.x32(%ib, %io, %is0, %is1, %ob, %oo, %os0, %os1, %m, %n) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:    vm.call @vmvx.copy.2d.x8(
// CHECK-NEXT:    vm.call @vmvx.copy.2d.x64(
// CHECK:         vm.import private @vmvx.copy.2d.x8(
// CHECK-NEXT:    vm.import private @vmvx.copy.2d.x32(%in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>, %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>, %sizes : tuple<i64, i64>)
// CHECK-NEXT:    vm.import private @vmvx.copy.2d.x64(
func.func @copy(%ib : !util.buffer, %io : index, %is0 : index, %is1 : index,
                %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
                %m : index, %n : index) {
  vmvx.copy in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n) : f32
  vmvx.copy in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n) : i8
  vmvx.copy in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n) : f64
  func.return
}

// -----

// An f32 fill value reaches the untyped fill.2d.x32 import through vm.bitcast.f32.i32;
// an i32 value is passed as is.

// CHECK-LABEL: vm.func private @fill2d_f32(%b: !vm.buffer, %o: i64, %rs: i64, %m: i64, %n: i64, %v: f32) {
// CHECK-NEXT:    %[[BITS:.*]] = vm.bitcast.f32.i32 %v : f32 -> i32
// CHECK-NEXT:    vm.call @vmvx.fill.2d.x32(%[[BITS]], %b, %o, %rs, %m, %n) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
// CHECK-LABEL: vm.func private @fill2d_i32(%b: !vm.buffer, %o: i64, %rs: i64, %m: i64, %n: i64, %v: i32) {
// CHECK-NEXT:    vm.call @vmvx.fill.2d.x32(%v, %b, %o, %rs, %m, %n) : (i32, !vm.buffer, i64, i64, i64, i64) -> ()
// CHECK:         vm.import private @vmvx.fill.2d.x32(%fill_value : i32, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %size_m : i64, %size_n : i64)
// CHECK-NOT:     vm.import
func.func @fill2d_f32(%b : !util.buffer, %o : index, %rs : index, %m : index, %n : index, %v : f32) {
  vmvx.fill2d scalar(%v : f32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  func.return
}
func.func @fill2d_i32(%b : !util.buffer, %o : index, %rs : index, %m : index, %n : index, %v : i32) {
  vmvx.fill2d scalar(%v : i32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  func.return
}

// -----

// CHECK-LABEL: vm.func private @abs_2d_f32(
// CHECK-NEXT:    vm.call @vmvx.abs.2d.f32(%ib, %io, %is0, %is1, %ob, %oo, %os0, %os1, %m, %n) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()
// CHECK-NEXT:    vm.call @vmvx.ctlz.2d.i32(
// CHECK:         vm.import private @vmvx.abs.2d.f32(%in_buffer : !vm.buffer, %in_offset : i64, %in_strides : tuple<i64, i64>, %out_buffer : !vm.buffer, %out_offset : i64, %out_strides : tuple<i64, i64>, %sizes : tuple<i64, i64>)
// CHECK-NEXT:    vm.import private @vmvx.ctlz.2d.i32(
func.func @abs_2d_f32(%ib : !util.buffer, %io : index, %is0 : index, %is1 : index,
                      %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
                      %m : index, %n : index) {
  vmvx.unary op("abs" : f32) in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  vmvx.unary op("ctlz" : i32) in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  func.return
}

// -----

// A symbol with an import's name is replaced by the import from the file.

// CHECK-LABEL: vm.module @module {
// CHECK-NEXT:    vm.func private @replaced(
// CHECK:         vm.import private @vmvx.abs.2d.f32(%in_buffer : !vm.buffer,
// CHECK-NOT:     vm.import
func.func private @vmvx.abs.2d.f32(i32)
func.func @replaced(%ib : !util.buffer, %io : index, %is0 : index, %is1 : index) {
  vmvx.unary op("abs" : f32) in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ib offset %io strides[%is0, %is1] : !util.buffer) sizes(%is0, %is1)
  func.return
}
