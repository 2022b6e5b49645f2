// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every vmvx op in IREE's custom syntax: custom -> custom, custom -> generic -> custom, and
// the generic form itself (properties opcode/element_type, flat SameVariadicOperandSize operands).

// CHECK-LABEL: func.func @binary_2d(
func.func @binary_2d(
    %lb : !util.buffer, %lo : index, %ls0 : index, %ls1 : index,
    %rb : !util.buffer, %ro : index, %rs0 : index, %rs1 : index,
    %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
    %m : index, %n : index) {
  // CHECK-NEXT: vmvx.binary op("add" : f32) lhs(%lb offset %lo strides[%ls0, %ls1] : !util.buffer) rhs(%rb offset %ro strides[%rs0, %rs1] : !util.buffer) out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  // GENERIC: "vmvx.binary"(%lb, %lo, %ls0, %ls1, %rb, %ro, %rs0, %rs1, %ob, %oo, %os0, %os1, %m, %n) <{opcode = "add", element_type = f32}> : (!util.buffer, index, index, index, !util.buffer, index, index, index, !util.buffer, index, index, index, index, index) -> ()
  vmvx.binary op("add" : f32)
      lhs(%lb offset %lo strides[%ls0, %ls1] : !util.buffer)
      rhs(%rb offset %ro strides[%rs0, %rs1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer)
      sizes(%m, %n)
  // CHECK-NEXT: vmvx.binary op("shrsi" : i64) lhs(%lb offset %lo strides[%ls0] : !util.buffer) rhs(%rb offset %ro strides[%rs0] : !util.buffer) out(%lb offset %lo strides[%ls0] : !util.buffer) sizes(%m) {tag = "in-place"}
  vmvx.binary op("shrsi" : i64) lhs(%lb offset %lo strides[%ls0] : !util.buffer) rhs(%rb offset %ro strides[%rs0] : !util.buffer) out(%lb offset %lo strides[%ls0] : !util.buffer) sizes(%m) {tag = "in-place"}
  // Rank 0: every stride and size group is empty.
  // CHECK-NEXT: vmvx.binary op("mul" : i8) lhs(%lb offset %lo strides[] : !util.buffer) rhs(%rb offset %ro strides[] : !util.buffer) out(%ob offset %oo strides[] : !util.buffer) sizes()
  // GENERIC: "vmvx.binary"(%lb, %lo, %rb, %ro, %ob, %oo) <{opcode = "mul", element_type = i8}>
  vmvx.binary op("mul" : i8) lhs(%lb offset %lo strides[] : !util.buffer) rhs(%rb offset %ro strides[] : !util.buffer) out(%ob offset %oo strides[] : !util.buffer) sizes()
  // CHECK-NEXT: func.return
  func.return
}

// -----

// CHECK-LABEL: func.func @unary_2d(
func.func @unary_2d(
    %ib : !util.buffer, %io : index, %is0 : index, %is1 : index,
    %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
    %m : index, %n : index) {
  // CHECK-NEXT: vmvx.unary op("abs" : f32) in(%ib offset %io strides[%is0, %is1] : !util.buffer) out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n)
  // GENERIC: "vmvx.unary"(%ib, %io, %is0, %is1, %ob, %oo, %os0, %os1, %m, %n) <{opcode = "abs", element_type = f32}> : (!util.buffer, index, index, index, !util.buffer, index, index, index, index, index) -> ()
  vmvx.unary op("abs" : f32)
      in(%ib offset %io strides[%is0, %is1] : !util.buffer)
      out(%ob offset %oo strides[%os0, %os1] : !util.buffer)
      sizes(%m, %n)
  // CHECK-NEXT: vmvx.unary op("rsqrt" : f64) in(%ib offset %io strides[%is0] : !util.buffer) out(%ob offset %oo strides[%os0] : !util.buffer) sizes(%m)
  vmvx.unary op("rsqrt" : f64) in(%ib offset %io strides[%is0] : !util.buffer) out(%ob offset %oo strides[%os0] : !util.buffer) sizes(%m)
  func.return
}

// -----

// The element type of vmvx.copy comes after the sizes.
// CHECK-LABEL: func.func @copy_2d(
func.func @copy_2d(
    %ib : !util.buffer, %io : index, %is0 : index, %is1 : index,
    %ob : !util.buffer, %oo : index, %os0 : index, %os1 : index,
    %m : index, %n : index) {
  // CHECK-NEXT: vmvx.copy in(%ib offset %io strides[%is0, %is1] : !util.buffer) out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%m, %n) : f32
  // GENERIC: "vmvx.copy"(%ib, %io, %is0, %is1, %ob, %oo, %os0, %os1, %m, %n) <{element_type = f32}> : (!util.buffer, index, index, index, !util.buffer, index, index, index, index, index) -> ()
  vmvx.copy in(%ib offset %io strides[%is0, %is1] : !util.buffer)
            out(%ob offset %oo strides[%os0, %os1] : !util.buffer)
            sizes(%m, %n) : f32
  // CHECK-NEXT: vmvx.copy in(%ib offset %io strides[%is1, %is0] : !util.buffer) out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%n, %m) : i16 {transposed}
  vmvx.copy in(%ib offset %io strides[%is1, %is0] : !util.buffer) out(%ob offset %oo strides[%os0, %os1] : !util.buffer) sizes(%n, %m) : i16 {transposed}
  func.return
}

// -----

// CHECK-LABEL: func.func @fill2d(
func.func @fill2d(%b : !util.buffer, %o : index, %rs : index, %m : index, %n : index, %f : f32, %i : i32) {
  // CHECK-NEXT: vmvx.fill2d scalar(%f : f32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  // GENERIC: "vmvx.fill2d"(%f, %b, %o, %rs, %m, %n) : (f32, !util.buffer, index, index, index, index) -> ()
  vmvx.fill2d scalar(%f : f32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  // CHECK-NEXT: vmvx.fill2d scalar(%i : i32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  vmvx.fill2d scalar(%i : i32) out(%b offset %o row_stride %rs : !util.buffer) sizes(%m, %n)
  func.return
}

// -----

// get_buffer_descriptor splits its variadic results evenly: rank sizes, then rank strides.
// CHECK-LABEL: func.func @buffer_descriptors(
func.func @buffer_descriptors(%a : memref<384x128xf32>, %s : memref<64x64xf32, strided<[128, 1], offset: ?>>,
                              %v : memref<?xi8>, %z : memref<f64>)
    -> (!util.buffer, index, index, index, index, index) {
  // CHECK-NEXT: %base_buffer, %offset, %sizes, %sizes_1, %strides, %strides_1 = vmvx.get_buffer_descriptor %a : memref<384x128xf32> -> !util.buffer, index, index, index, index, index
  // GENERIC: "vmvx.get_buffer_descriptor"(%a) : (memref<384x128xf32>) -> (!util.buffer, index, index, index, index, index)
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %a : memref<384x128xf32> -> !util.buffer, index, index, index, index, index
  // CHECK-NEXT: vmvx.get_buffer_descriptor %s : memref<64x64xf32, strided<[128, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  %0:6 = vmvx.get_buffer_descriptor %s : memref<64x64xf32, strided<[128, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  // CHECK-NEXT: vmvx.get_buffer_descriptor %v : memref<?xi8> -> !util.buffer, index, index, index
  %1:4 = vmvx.get_buffer_descriptor %v : memref<?xi8> -> !util.buffer, index, index, index
  // Rank 0: only the base buffer and the offset.
  // CHECK-NEXT: vmvx.get_buffer_descriptor %z : memref<f64> -> !util.buffer, index
  %2:2 = vmvx.get_buffer_descriptor %z : memref<f64> -> !util.buffer, index
  // CHECK-NEXT: func.return %base_buffer, %offset, %sizes, %sizes_1, %strides, %strides_1
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

#pipeline_layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: func.func @raw_binding_buffer(
func.func @raw_binding_buffer() -> !util.buffer {
  // CHECK-NEXT: %buf = vmvx.get_raw_interface_binding_buffer layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(1)
  // GENERIC: "vmvx.get_raw_interface_binding_buffer"() <{layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>, binding = 1 : index}> : () -> !util.buffer
  %buf = vmvx.get_raw_interface_binding_buffer layout(#pipeline_layout) binding(1)
  func.return %buf : !util.buffer
}
