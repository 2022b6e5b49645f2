// RUN: pyvmvx-opt %s --split-input-file -p iree-vm-conversion | filecheck %s --check-prefix=I64
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vm-conversion{index-bits=32}' | filecheck %s --check-prefix=I32

// Declarations tagged `vm.import.module = "vmvx"` are replaced by the vmvx imports of the
// same name; calls pass their arguments cast to the import signature: index (i64 or i32)
// becomes i64, i32 flags stay, and i64 results come back as index.

// I64-LABEL: vm.func private @ukernels(%b: !vm.buffer, %o: i64, %s: i64, %m0: i32, %flags: i32, %pad: i64) -> (i64, i64) {
// I64-NEXT:    vm.call @vmvx.mmt4d(%b, %o, %s, %b, %o, %s, %b, %o, %s, %s, %s, %s, %m0, %m0, %m0, %flags) : (!vm.buffer, i64, i64, !vm.buffer, i64, i64, !vm.buffer, i64, i64, i64, i64, i64, i32, i32, i32, i32) -> ()
// I64-NEXT:    vm.call @vmvx.pack(%b, %o, %s, %s, %b, %o, %s, %s, %s, %s, %s, %s, %s, %s, %pad, %flags) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i32) -> ()
// I64-NEXT:    vm.call @vmvx.unpack(%b, %o, %s, %s, %b, %o, %s, %s, %s, %s, %s, %s, %s, %s, %flags) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64, i64, i64, i64, i64, i32) -> ()
// I64-NEXT:    %[[T0:.*]], %[[T1:.*]] = vm.call @vmvx.query_tile_sizes.2d(%s, %s, %flags) : (i64, i64, i32) -> (i64, i64)
// I64-NEXT:    vm.return %[[T0]], %[[T1]] : i64, i64
// I64-NEXT:  }
// I64-NEXT:  vm.export @ukernels
// I64-NEXT:  vm.import private @vmvx.mmt4d(%lhs_buffer : !vm.buffer, %lhs_offset : i64, %lhs_row_stride : i64, %rhs_buffer : !vm.buffer, %rhs_offset : i64, %rhs_row_stride : i64, %out_buffer : !vm.buffer, %out_offset : i64, %out_row_stride : i64, %m : i64, %n : i64, %k : i64, %m0 : i32, %n0 : i32, %k0 : i32, %flags : i32)
// I64-NEXT:  vm.import private @vmvx.pack(
// I64-NEXT:  vm.import private @vmvx.unpack(
// I64-NEXT:  vm.import private @vmvx.query_tile_sizes.2d(%size0 : i64, %size1 : i64, %flags : i32) -> (i64, i64)
// I64-NEXT: }

// I32-LABEL: vm.func private @ukernels(%b: !vm.buffer, %o: i32, %s: i32, %m0: i32, %flags: i32, %pad: i64) -> (i32, i32) {
// I32-NEXT:    %[[O:.*]] = vm.ext.i32.i64.s %o : i32 -> i64
// I32-NEXT:    %[[S:.*]] = vm.ext.i32.i64.s %s : i32 -> i64
// I32:         vm.call @vmvx.mmt4d(%b, %[[O]], %[[S]], %b, {{.*}}, %m0, %m0, %m0, %flags) : (!vm.buffer, i64, i64, !vm.buffer, i64, i64, !vm.buffer, i64, i64, i64, i64, i64, i32, i32, i32, i32) -> ()
// I32:         vm.call @vmvx.pack({{.*}}, %pad, %flags)
// I32:         vm.call @vmvx.unpack(
// I32:         %[[S0:.*]] = vm.ext.i32.i64.s %s : i32 -> i64
// I32-NEXT:    %[[S1:.*]] = vm.ext.i32.i64.s %s : i32 -> i64
// I32-NEXT:    %[[T0:.*]], %[[T1:.*]] = vm.call @vmvx.query_tile_sizes.2d(%[[S0]], %[[S1]], %flags) : (i64, i64, i32) -> (i64, i64)
// I32-NEXT:    %[[R0:.*]] = vm.trunc.i64.i32 %[[T0]] : i64 -> i32
// I32-NEXT:    %[[R1:.*]] = vm.trunc.i64.i32 %[[T1]] : i64 -> i32
// I32-NEXT:    vm.return %[[R0]], %[[R1]] : i32, i32
func.func private @vmvx.mmt4d(!util.buffer, index, index, !util.buffer, index, index, !util.buffer, index, index, index, index, index, i32, i32, i32, i32) attributes {vm.import.module = "vmvx"}
func.func private @vmvx.pack(!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i64, i32) attributes {vm.import.module = "vmvx"}
func.func private @vmvx.unpack(!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i32) attributes {vm.import.module = "vmvx"}
func.func private @vmvx.query_tile_sizes.2d(index, index, i32) -> (index, index) attributes {vm.import.module = "vmvx"}
func.func @ukernels(%b : !util.buffer, %o : index, %s : index, %m0 : i32, %flags : i32, %pad : i64) -> (index, index) {
  func.call @vmvx.mmt4d(%b, %o, %s, %b, %o, %s, %b, %o, %s, %s, %s, %s, %m0, %m0, %m0, %flags) : (!util.buffer, index, index, !util.buffer, index, index, !util.buffer, index, index, index, index, index, i32, i32, i32, i32) -> ()
  func.call @vmvx.pack(%b, %o, %s, %s, %b, %o, %s, %s, %s, %s, %s, %s, %s, %s, %pad, %flags) : (!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i64, i32) -> ()
  func.call @vmvx.unpack(%b, %o, %s, %s, %b, %o, %s, %s, %s, %s, %s, %s, %s, %s, %flags) : (!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i32) -> ()
  %t:2 = func.call @vmvx.query_tile_sizes.2d(%s, %s, %flags) : (index, index, i32) -> (index, index)
  func.return %t#0, %t#1 : index, index
}

// -----

// With 32-bit indices every index operand of a vmvx op is sign-extended to the import's
// i64, as IREE's castToImportType does.

// I64-LABEL: vm.func private @add_i32_index(
// I64-NEXT:    vm.call @vmvx.add.2d.i32(%b, %o, %s0, %s1, %b, %o, %s0, %s1, %b, %o, %s0, %s1, %s0, %s1) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()

// I32-LABEL: vm.func private @add_i32_index(%b: !vm.buffer, %o: i32, %s0: i32, %s1: i32) {
// I32-NEXT:    %[[O:.*]] = vm.ext.i32.i64.s %o : i32 -> i64
// I32-NEXT:    %[[S0:.*]] = vm.ext.i32.i64.s %s0 : i32 -> i64
// I32-NEXT:    %[[S1:.*]] = vm.ext.i32.i64.s %s1 : i32 -> i64
// I32-COUNT-8: vm.ext.i32.i64.s
// I32-NEXT:    vm.call @vmvx.add.2d.i32(%b, %[[O]], %[[S0]], %[[S1]], %b, {{.*}}) : (!vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, !vm.buffer, i64, i64, i64, i64, i64) -> ()
func.func @add_i32_index(%b : !util.buffer, %o : index, %s0 : index, %s1 : index) {
  vmvx.binary op("add" : i32) lhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      rhs(%b offset %o strides[%s0, %s1] : !util.buffer)
      out(%b offset %o strides[%s0, %s1] : !util.buffer) sizes(%s0, %s1)
  func.return
}
