// RUN: pyvmvx-opt %s --split-input-file -p 'iree-vmvx-resolve-buffer-descriptors{allow-unresolved=true},canonicalize,cse' | filecheck %s

// vmvx.get_buffer_descriptor is resolved through the memref's producer. Index math is arith
// on index, folded: static cases end as constants. Descriptors of function arguments stay
// (allowed here by allow-unresolved).

// A subview of an argument: a descriptor of the argument, offset = base offset + sum of
// subview offset * source stride; sizes from the subview; strides = source strides.
// CHECK-LABEL: func.func @subview(
// CHECK-SAME:    %src: memref<200x50xf32>, %i: index, %j: index)
// CHECK-NEXT:    %base_buffer, [[OFF:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, %strides, %strides_1 = vmvx.get_buffer_descriptor %src : memref<200x50xf32> -> !util.buffer, index, index, index, index, index
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli %i, %strides : index
// CHECK-NEXT:    [[B:%[0-9]+]] = arith.muli %j, %strides_1 : index
// CHECK-NEXT:    [[C:%[0-9]+]] = arith.addi [[OFF]], [[A]] : index
// CHECK-NEXT:    %offset = arith.addi [[C]], [[B]] : index
// CHECK-NEXT:    %sizes = arith.constant 10 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 20 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %strides, %strides_1
func.func @subview(%src : memref<200x50xf32>, %i : index, %j : index) -> (!util.buffer, index, index, index, index, index) {
  %0 = memref.subview %src[%i, %j] [10, 20] [1, 1] : memref<200x50xf32> to memref<10x20xf32, affine_map<(d0, d1)[s0] -> (d0 * 50 + s0 + d1)>>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<10x20xf32, affine_map<(d0, d1)[s0] -> (d0 * 50 + s0 + d1)>> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Rank-reducing subview dropping the last dim: it still adds its offset.
// CHECK-LABEL: func.func @subview_drop_last(
// CHECK-NEXT:    %base_buffer, [[OFF:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, %stride, [[S1:%[0-9]+]] = vmvx.get_buffer_descriptor %src
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli %i, %stride : index
// CHECK-NEXT:    [[B:%[0-9]+]] = arith.muli %j, [[S1]] : index
// CHECK-NEXT:    [[C:%[0-9]+]] = arith.addi [[OFF]], [[A]] : index
// CHECK-NEXT:    %offset = arith.addi [[C]], [[B]] : index
// CHECK-NEXT:    %size = arith.constant 30 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %size, %stride
func.func @subview_drop_last(%src : memref<200x50xf32>, %i : index, %j : index) -> (!util.buffer, index, index, index) {
  %0 = memref.subview %src[%i, %j] [30, 1] [1, 1] : memref<200x50xf32> to memref<30xf32, strided<[50], offset: ?>>
  %base_buffer, %offset, %size, %stride = vmvx.get_buffer_descriptor %0 : memref<30xf32, strided<[50], offset: ?>> -> !util.buffer, index, index, index
  func.return %base_buffer, %offset, %size, %stride : !util.buffer, index, index, index
}

// -----

// Rank-reducing subview dropping a leading dim; the static 0 offset of the last dim folds.
// CHECK-LABEL: func.func @subview_drop_first(
// CHECK-NEXT:    %base_buffer, [[OFF:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, [[S0:%[0-9]+]], %strides, %strides_1 = vmvx.get_buffer_descriptor %src : memref<5x9x7xi32>
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli %i, [[S0]] : index
// CHECK-NEXT:    [[B:%[0-9]+]] = arith.muli %j, %strides : index
// CHECK-NEXT:    [[C:%[0-9]+]] = arith.addi [[OFF]], [[A]] : index
// CHECK-NEXT:    %offset = arith.addi [[C]], [[B]] : index
// CHECK-NEXT:    %sizes = arith.constant 4 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 2 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %strides, %strides_1
func.func @subview_drop_first(%src : memref<5x9x7xi32>, %i : index, %j : index) -> (!util.buffer, index, index, index, index, index) {
  %0 = memref.subview %src[%i, %j, 0] [1, 4, 2] [1, 1, 1] : memref<5x9x7xi32> to memref<4x2xi32, strided<[7, 1], offset: ?>>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<4x2xi32, strided<[7, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Non-unit subview strides multiply the source strides; the offset uses the source strides
// (IREE would multiply the offset by the composed stride).
// CHECK-LABEL: func.func @subview_strided(
// CHECK-NEXT:    %base_buffer, [[OFF:%[0-9]+]], {{%[0-9]+}}, {{%[0-9]+}} = vmvx.get_buffer_descriptor %src
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli %i, [[S:%[0-9]+]] : index
// CHECK-NEXT:    [[C3:%[0-9]+]] = arith.constant 3 : index
// CHECK-NEXT:    %stride = arith.muli [[S]], [[C3]] : index
// CHECK-NEXT:    %offset = arith.addi [[OFF]], [[A]] : index
// CHECK-NEXT:    %size = arith.constant 5 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %size, %stride
func.func @subview_strided(%src : memref<64xf32>, %i : index) -> (!util.buffer, index, index, index) {
  %0 = memref.subview %src[%i] [5] [3] : memref<64xf32> to memref<5xf32, strided<[3], offset: ?>>
  %base_buffer, %offset, %size, %stride = vmvx.get_buffer_descriptor %0 : memref<5xf32, strided<[3], offset: ?>> -> !util.buffer, index, index, index
  func.return %base_buffer, %offset, %size, %stride : !util.buffer, index, index, index
}

// -----

// A binding subspan with a constant zero byte offset: everything is static.
// CHECK-LABEL: func.func @subspan_zero_offset(
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) binding(1)
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %sizes = arith.constant 300 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 70 : index
// CHECK-NEXT:    %strides = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %sizes_1, %strides
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
func.func @subspan_zero_offset() -> (!util.buffer, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(#pl) binding(1) alignment(64) offset(%c0) : memref<300x70xf32>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<300x70xf32> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// An `index` element type: the byte offset is divided by `util.sizeof index`.
// CHECK-LABEL: func.func @subspan_index_elements(
// CHECK-NEXT:    [[SZ:%[0-9]+]] = util.sizeof index
// CHECK-NEXT:    %offset = arith.floordivsi %bytes, [[SZ]] : index
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer layout({{.*}}) binding(0)
// CHECK-NEXT:    %sizes = arith.constant 12 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 34 : index
// CHECK-NEXT:    %strides = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %sizes_1, %strides
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @subspan_index_elements(%bytes : index) -> (!util.buffer, index, index, index, index, index) {
  %0 = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<12x34xindex>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<12x34xindex> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Dynamic dims: sizes are the subspan's dim operands, the outer stride is the inner size.
// CHECK-LABEL: func.func @subspan_dynamic_dims(
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %strides = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %m, %n, %n, %strides
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @subspan_dynamic_dims(%m : index, %n : index) -> (!util.buffer, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(#pl) binding(0) offset(%c0) : memref<?x?xindex>{%m, %n}
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<?x?xindex> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Three dims, the middle one dynamic: strides (n * 8, 8, 1).
// CHECK-LABEL: func.func @subspan_dynamic_middle(
// CHECK-NEXT:    %sizes = arith.constant 8 : index
// CHECK-NEXT:    %strides = arith.muli %n, %sizes : index
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 2 : index
// CHECK-NEXT:    %strides_1 = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes_1, %n, %sizes, %strides, %sizes, %strides_1
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @subspan_dynamic_middle(%n : index) -> (!util.buffer, index, index, index, index, index, index, index) {
  %0 = hal.interface.binding.subspan layout(#pl) binding(0) : memref<2x?x8xf32>{%n}
  %base_buffer, %offset, %sizes:3, %strides:3 = vmvx.get_buffer_descriptor %0 : memref<2x?x8xf32> -> !util.buffer, index, index, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %sizes#2, %strides#0, %strides#1, %strides#2 : !util.buffer, index, index, index, index, index, index, index
}

// -----

// Byte offsets per element width: floordiv by the byte size, times 2 for i4, a complex
// element counts both parts; a static byte offset folds.
// CHECK-LABEL: func.func @subspan_element_widths(
// CHECK-NEXT:    [[C8:%[0-9]+]] = arith.constant 8 : index
// CHECK-NEXT:    %ao = arith.floordivsi %bytes, [[C8]] : index
// CHECK-NEXT:    [[C2:%[0-9]+]] = arith.constant 2 : index
// CHECK-NEXT:    %co = arith.muli %bytes, [[C2]] : index
// CHECK-NEXT:    %eo = arith.constant 6 : index
// CHECK-NEXT:    func.return %ao, %bytes, %co, %ao, %eo
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @subspan_element_widths(%bytes : index) -> (index, index, index, index, index) {
  %c24 = arith.constant 24 : index
  %a = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<4xi64>
  %b = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<4xi8>
  %c = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<4xi4>
  %d = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<4xcomplex<f32>>
  %e = hal.interface.binding.subspan layout(#pl) binding(0) offset(%c24) : memref<4xf32>
  %ab, %ao, %as, %at = vmvx.get_buffer_descriptor %a : memref<4xi64> -> !util.buffer, index, index, index
  %bb, %bo, %bs, %bt = vmvx.get_buffer_descriptor %b : memref<4xi8> -> !util.buffer, index, index, index
  %cb, %co, %cs, %ct = vmvx.get_buffer_descriptor %c : memref<4xi4> -> !util.buffer, index, index, index
  %db, %do, %ds, %dt = vmvx.get_buffer_descriptor %d : memref<4xcomplex<f32>> -> !util.buffer, index, index, index
  %eb, %eo, %es, %et = vmvx.get_buffer_descriptor %e : memref<4xf32> -> !util.buffer, index, index, index
  func.return %ao, %bo, %co, %do, %eo : index, index, index, index, index
}

// -----

// memref.assume_alignment over a subspan resolves like the subspan (IREE), and over
// anything else keeps its source's descriptor (beyond IREE).
// CHECK-LABEL: func.func @assume_alignment(
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer layout({{.*}}) binding(0)
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %size = arith.constant 16 : index
// CHECK-NEXT:    %stride = arith.constant 1 : index
// CHECK-NEXT:    %b, %o, %n, %s = vmvx.get_buffer_descriptor %arg : memref<16xf32>
// CHECK-NEXT:    func.return %base_buffer, %offset, %size, %stride, %b, %o, %n, %s
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @assume_alignment(%arg : memref<16xf32>) -> (!util.buffer, index, index, index, !util.buffer, index, index, index) {
  %0 = hal.interface.binding.subspan layout(#pl) binding(0) : memref<16xf32>
  %1 = memref.assume_alignment %0, 64 : memref<16xf32>
  %base_buffer, %offset, %size, %stride = vmvx.get_buffer_descriptor %1 : memref<16xf32> -> !util.buffer, index, index, index
  %2 = memref.assume_alignment %arg, 64 : memref<16xf32>
  %b, %o, %n, %s = vmvx.get_buffer_descriptor %2 : memref<16xf32> -> !util.buffer, index, index, index
  func.return %base_buffer, %offset, %size, %stride, %b, %o, %n, %s : !util.buffer, index, index, index, !util.buffer, index, index, index
}

// -----

// memref.alloca with identity layout, static and dynamic: base through a cast.
// CHECK-LABEL: func.func @alloca(
// CHECK-NEXT:    [[A:%[0-9]+]] = memref.alloca() : memref<6x5xi16>
// CHECK-NEXT:    %base_buffer = builtin.unrealized_conversion_cast [[A]] : memref<6x5xi16> to !util.buffer
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %sizes = arith.constant 6 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 5 : index
// CHECK-NEXT:    %strides = arith.constant 1 : index
// CHECK-NEXT:    [[D:%[0-9]+]] = memref.alloca(%n) : memref<?x5xi16>
// CHECK-NEXT:    %b = builtin.unrealized_conversion_cast [[D]] : memref<?x5xi16> to !util.buffer
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %sizes_1, %strides, %b, %n
func.func @alloca(%n : index) -> (!util.buffer, index, index, index, index, index, !util.buffer, index) {
  %0 = memref.alloca() : memref<6x5xi16>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<6x5xi16> -> !util.buffer, index, index, index, index, index
  %1 = memref.alloca(%n) : memref<?x5xi16>
  %b, %o, %s:2, %t:2 = vmvx.get_buffer_descriptor %1 : memref<?x5xi16> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1, %b, %s#0 : !util.buffer, index, index, index, index, index, !util.buffer, index
}

// -----

// memref.get_global (identity layout, static): offset 0, row-major, base through a cast.
// CHECK-LABEL: func.func @global(
// CHECK-NEXT:    [[G:%[0-9]+]] = memref.get_global @table : memref<3x4x5xf32>
// CHECK-NEXT:    %base_buffer = builtin.unrealized_conversion_cast [[G]] : memref<3x4x5xf32> to !util.buffer
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %sizes = arith.constant 3 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 4 : index
// CHECK-NEXT:    %sizes_2 = arith.constant 5 : index
// CHECK-NEXT:    %strides = arith.constant 20 : index
// CHECK-NEXT:    %strides_1 = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %sizes_2, %strides, %sizes_2, %strides_1
memref.global "private" constant @table : memref<3x4x5xf32> = dense<1.0>
func.func @global() -> (!util.buffer, index, index, index, index, index, index, index) {
  %0 = memref.get_global @table : memref<3x4x5xf32>
  %base_buffer, %offset, %sizes:3, %strides:3 = vmvx.get_buffer_descriptor %0 : memref<3x4x5xf32> -> !util.buffer, index, index, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %sizes#2, %strides#0, %strides#1, %strides#2 : !util.buffer, index, index, index, index, index, index, index
}

// -----

// A chain: subview of a subview of a binding subspan at a dynamic byte offset. The chain
// resolves in one step, so its static parts fold together (2 + 10 * 100 + 4 = 1006).
// CHECK-LABEL: func.func @chain(
// CHECK-NEXT:    [[C4:%[0-9]+]] = arith.constant 4 : index
// CHECK-NEXT:    [[E:%[0-9]+]] = arith.floordivsi %bytes, [[C4]] : index
// CHECK-NEXT:    %base_buffer = vmvx.get_raw_interface_binding_buffer
// CHECK-NEXT:    [[C100:%[0-9]+]] = arith.constant 100 : index
// CHECK-NEXT:    [[A:%[0-9]+]] = arith.muli %i, [[C100]] : index
// CHECK-NEXT:    [[B:%[0-9]+]] = arith.addi [[E]], [[A]] : index
// CHECK-NEXT:    [[C:%[0-9]+]] = arith.constant 1006 : index
// CHECK-NEXT:    %offset = arith.addi [[B]], [[C]] : index
// CHECK-NEXT:    %size = arith.constant 3 : index
// CHECK-NEXT:    %stride = arith.constant 200 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %size, %stride
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @chain(%bytes : index, %i : index) -> (!util.buffer, index, index, index) {
  %0 = hal.interface.binding.subspan layout(#pl) binding(0) offset(%bytes) : memref<50x100xf32>
  %1 = memref.subview %0[%i, 2] [20, 30] [1, 1] : memref<50x100xf32> to memref<20x30xf32, strided<[100, 1], offset: ?>>
  %2 = memref.subview %1[10, 4] [3, 1] [2, 1] : memref<20x30xf32, strided<[100, 1], offset: ?>> to memref<3xf32, strided<[200], offset: ?>>
  %base_buffer, %offset, %size, %stride = vmvx.get_buffer_descriptor %2 : memref<3xf32, strided<[200], offset: ?>> -> !util.buffer, index, index, index
  func.return %base_buffer, %offset, %size, %stride : !util.buffer, index, index, index
}

// -----

// Beyond IREE: memref.cast keeps the source's values.
// CHECK-LABEL: func.func @cast(
// CHECK-NEXT:    [[A:%[0-9]+]] = memref.alloca() : memref<7x3xf32>
// CHECK-NEXT:    %base_buffer = builtin.unrealized_conversion_cast [[A]]
// CHECK-NEXT:    %offset = arith.constant 0 : index
// CHECK-NEXT:    %sizes = arith.constant 7 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 3 : index
// CHECK-NEXT:    %strides = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %sizes_1, %strides
func.func @cast() -> (!util.buffer, index, index, index, index, index) {
  %0 = memref.alloca() : memref<7x3xf32>
  %1 = memref.cast %0 : memref<7x3xf32> to memref<?x?xf32>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %1 : memref<?x?xf32> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Beyond IREE: memref.reinterpret_cast has its own offset, sizes and strides over its
// source's base buffer (the source's offset does not apply).
// CHECK-LABEL: func.func @reinterpret_cast(
// CHECK-NEXT:    %base_buffer, {{.*}} = vmvx.get_buffer_descriptor %src : memref<100xf32>
// CHECK-NEXT:    %sizes = arith.constant 4 : index
// CHECK-NEXT:    %strides = arith.constant 10 : index
// CHECK-NEXT:    %strides_1 = arith.constant 1 : index
// CHECK-NEXT:    func.return %base_buffer, %off, %sizes, %n, %strides, %strides_1
func.func @reinterpret_cast(%src : memref<100xf32>, %off : index, %n : index) -> (!util.buffer, index, index, index, index, index) {
  %0 = memref.reinterpret_cast %src to offset: [%off], sizes: [4, %n], strides: [10, 1] : memref<100xf32> to memref<4x?xf32, strided<[10, 1], offset: ?>>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<4x?xf32, strided<[10, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : !util.buffer, index, index, index, index, index
}

// -----

// Beyond IREE: collapse_shape of a source with static strides: (3, 2, 4) with strides
// (32, 4, 1) collapsed as [[0], [1, 2]] is (3, 8) with strides (32, 1). A group's stride is
// the smallest stride of its dims not of size 1: (5, 1) with strides (1, 7) collapses to
// stride 1, not 7.
// CHECK-LABEL: func.func @collapse_shape(
// CHECK-NEXT:    %base_buffer, %offset, {{.*}} = vmvx.get_buffer_descriptor %src : memref<3x2x4xf32, strided<[32, 4, 1], offset: ?>>
// CHECK-NEXT:    %sizes = arith.constant 3 : index
// CHECK-NEXT:    %sizes_1 = arith.constant 8 : index
// CHECK-NEXT:    %strides = arith.constant 32 : index
// CHECK-NEXT:    %strides_1 = arith.constant 1 : index
// CHECK-NEXT:    %s = arith.constant 5 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes, %sizes_1, %strides, %strides_1, %s, %strides_1
func.func @collapse_shape(%src : memref<3x2x4xf32, strided<[32, 4, 1], offset: ?>>, %unit : memref<5x1xf32, strided<[1, 7]>>) -> (!util.buffer, index, index, index, index, index, index, index) {
  %0 = memref.collapse_shape %src [[0], [1, 2]] : memref<3x2x4xf32, strided<[32, 4, 1], offset: ?>> into memref<3x8xf32, strided<[32, 1], offset: ?>>
  %base_buffer, %offset, %sizes:2, %strides:2 = vmvx.get_buffer_descriptor %0 : memref<3x8xf32, strided<[32, 1], offset: ?>> -> !util.buffer, index, index, index, index, index
  %1 = memref.collapse_shape %unit [[0, 1]] : memref<5x1xf32, strided<[1, 7]>> into memref<5xf32, strided<[1]>>
  %b, %o, %s, %t = vmvx.get_buffer_descriptor %1 : memref<5xf32, strided<[1]>> -> !util.buffer, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1, %s, %t : !util.buffer, index, index, index, index, index, index, index
}

// -----

// Beyond IREE: expand_shape splits each source stride row-major over its group, also with
// a dynamic output size and a dynamic source stride.
// CHECK-LABEL: func.func @expand_shape(
// CHECK-NEXT:    %base_buffer, %offset, {{%[0-9]+}}, %strides = vmvx.get_buffer_descriptor %src : memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    %sizes = arith.constant 4 : index
// CHECK-NEXT:    [[NC4:%[0-9]+]] = arith.muli %n, %sizes : index
// CHECK-NEXT:    %strides_1 = arith.muli %strides, [[NC4]] : index
// CHECK-NEXT:    %strides_2 = arith.muli %strides, %sizes : index
// CHECK-NEXT:    %sizes_1 = arith.constant 2 : index
// CHECK-NEXT:    func.return %base_buffer, %offset, %sizes_1, %n, %sizes, %strides_1, %strides_2, %strides
func.func @expand_shape(%src : memref<?xf32, strided<[?], offset: ?>>, %n : index) -> (!util.buffer, index, index, index, index, index, index, index) {
  %0 = memref.expand_shape %src [[0, 1, 2]] output_shape [2, %n, 4] : memref<?xf32, strided<[?], offset: ?>> into memref<2x?x4xf32, strided<[?, ?, ?], offset: ?>>
  %base_buffer, %offset, %sizes:3, %strides:3 = vmvx.get_buffer_descriptor %0 : memref<2x?x4xf32, strided<[?, ?, ?], offset: ?>> -> !util.buffer, index, index, index, index, index, index, index
  func.return %base_buffer, %offset, %sizes#0, %sizes#1, %sizes#2, %strides#0, %strides#1, %strides#2 : !util.buffer, index, index, index, index, index, index, index
}

// -----

// Left unresolved (IREE and here): memref.alloc, a non-identity alloca, a subspan whose
// layout is not row-major, collapse_shape of a source with dynamic strides, function
// arguments.
// CHECK-LABEL: func.func @unresolved(
// CHECK-COUNT-5: vmvx.get_buffer_descriptor
// CHECK-NOT:     vmvx.get_buffer_descriptor
#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @unresolved(%arg : memref<?x?xf32>) -> (index, index, index, index, index) {
  %0 = memref.alloc() : memref<4xf32>
  %1 = memref.alloca() : memref<4x4xf32, strided<[1, 4]>>
  %2 = hal.interface.binding.subspan layout(#pl) binding(0) : memref<4x4xf32, strided<[1, 4]>>
  %3 = memref.collapse_shape %arg [[0, 1]] : memref<?x?xf32> into memref<?xf32>
  %ab, %ao, %as, %at = vmvx.get_buffer_descriptor %0 : memref<4xf32> -> !util.buffer, index, index, index
  %bb, %bo, %bs:2, %bt:2 = vmvx.get_buffer_descriptor %1 : memref<4x4xf32, strided<[1, 4]>> -> !util.buffer, index, index, index, index, index
  %cb, %co, %cs:2, %ct:2 = vmvx.get_buffer_descriptor %2 : memref<4x4xf32, strided<[1, 4]>> -> !util.buffer, index, index, index, index, index
  %db, %do, %ds, %dt = vmvx.get_buffer_descriptor %3 : memref<?xf32> -> !util.buffer, index, index, index
  %eb, %eo, %es:2, %et:2 = vmvx.get_buffer_descriptor %arg : memref<?x?xf32> -> !util.buffer, index, index, index, index, index
  func.return %ao, %bo, %co, %do, %eo : index, index, index, index, index
}
