// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-cpu-lower-to-ukernels | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file -p 'iree-codegen-cpu-lower-to-ukernels{skip-intermediate-roundings=false}' | filecheck %s --check-prefix=NOSKIP

// mmt4d on buffers becomes a call of the mmt4d import: (buffer, offset, row stride) per
// operand, M/N/K as index, M0/N0/K0/flags as i32. Without a zero fill the call accumulates:
// f32f32f32 (1) | ACCUMULATE (0x100) | ALLOW_GENERIC_FALLBACK (0x200) | SKIP_INTERMEDIATE_ROUNDINGS (0x400).

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @mmt4d_f32(%lhs : memref<?x?x16x1xf32>, %rhs : memref<?x?x16x1xf32>, %out : memref<?x?x16x16xf32>) attributes {hal.executable.target = #vmvx} {
  linalg.mmt4d ins(%lhs, %rhs : memref<?x?x16x1xf32>, memref<?x?x16x1xf32>) outs(%out : memref<?x?x16x16xf32>)
  func.return
}
// CHECK:       func.func private @vmvx.mmt4d(!util.buffer, index, index, !util.buffer, index, index, !util.buffer, index, index, index, index, index, i32, i32, i32, i32) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @mmt4d_f32
// CHECK-NEXT:    %lhs_buffer, %lhs_offset, %lhs_size0, %{{.*}}, %{{.*}}, %{{.*}}, %lhs_stride0, %{{.*}} = vmvx.get_buffer_descriptor %lhs : memref<?x?x16x1xf32> -> !util.buffer, index, index, index, index, index, index, index, index, index
// CHECK-NEXT:    %rhs_buffer, %rhs_offset, %rhs_size0, %rhs_size1, %{{.*}}, %{{.*}}, %rhs_stride0, %{{.*}} = vmvx.get_buffer_descriptor %rhs
// CHECK-NEXT:    %out_buffer, %out_offset, %{{.*}}, %out_stride0, %{{.*}} = vmvx.get_buffer_descriptor %out
// CHECK-NEXT:    %[[M0:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[N0:.*]] = arith.constant 16 : i32
// CHECK-NEXT:    %[[K0:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %flags = arith.constant 1793 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d(%lhs_buffer, %lhs_offset, %lhs_stride0, %rhs_buffer, %rhs_offset, %rhs_stride0, %out_buffer, %out_offset, %out_stride0, %lhs_size0, %rhs_size0, %rhs_size1, %[[M0]], %[[N0]], %[[K0]], %flags)
// CHECK-NOT:     linalg.mmt4d
// NOSKIP-LABEL: func.func @mmt4d_f32
// NOSKIP:         %flags = arith.constant 769 : i32

// -----

// A zero fill of the output is dropped and the call does not accumulate (0x601).

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @mmt4d_fill(%lhs : memref<4x8x8x1xf32>, %rhs : memref<6x8x8x1xf32>, %out : memref<4x6x8x8xf32>) attributes {hal.executable.target = #vmvx} {
  %zero = arith.constant -0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<4x6x8x8xf32>)
  linalg.mmt4d ins(%lhs, %rhs : memref<4x8x8x1xf32>, memref<6x8x8x1xf32>) outs(%out : memref<4x6x8x8xf32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d_fill
// CHECK-NOT:     linalg.fill
// CHECK:         %[[M:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[N:.*]] = arith.constant 6 : index
// CHECK-NEXT:    %[[K:.*]] = arith.constant 8 : index
// CHECK:         %flags = arith.constant 1537 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d(%lhs_buffer, %lhs_offset, %lhs_stride0, %rhs_buffer, %rhs_offset, %rhs_stride0, %out_buffer, %out_offset, %out_stride0, %[[M]], %[[N]], %[[K]],
// CHECK-NOT:     linalg.fill
// NOSKIP-LABEL: func.func @mmt4d_fill
// NOSKIP:         %flags = arith.constant 513 : i32

// -----

// A non-zero fill, or one whose buffer is read in between, stays; the call accumulates.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @mmt4d_kept_fills(%lhs : memref<4x8x8x1xf32>, %rhs : memref<6x8x8x1xf32>, %out : memref<4x6x8x8xf32>, %copy : memref<4x6x8x8xf32>) attributes {hal.executable.target = #vmvx} {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%one : f32) outs(%out : memref<4x6x8x8xf32>)
  linalg.mmt4d ins(%lhs, %rhs : memref<4x8x8x1xf32>, memref<6x8x8x1xf32>) outs(%out : memref<4x6x8x8xf32>)
  linalg.fill ins(%zero : f32) outs(%out : memref<4x6x8x8xf32>)
  linalg.copy ins(%out : memref<4x6x8x8xf32>) outs(%copy : memref<4x6x8x8xf32>)
  linalg.mmt4d ins(%lhs, %rhs : memref<4x8x8x1xf32>, memref<6x8x8x1xf32>) outs(%out : memref<4x6x8x8xf32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d_kept_fills
// CHECK:         linalg.fill ins(%one : f32)
// CHECK:         %flags = arith.constant 1793 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d
// CHECK-NEXT:    linalg.fill ins(%zero : f32)
// CHECK-NEXT:    linalg.copy
// CHECK:         %flags_1 = arith.constant 1793 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d

// -----

// i8 x i8 -> i32 (type 2); dynamic inner tile sizes are index-cast to i32.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @mmt4d_i8(%lhs : memref<?x?x?x?xi8>, %rhs : memref<?x?x?x?xi8>, %out : memref<?x?x?x?xi32>) attributes {hal.executable.target = #vmvx} {
  linalg.mmt4d ins(%lhs, %rhs : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>) outs(%out : memref<?x?x?x?xi32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d_i8
// CHECK:         %[[M0:.*]] = arith.index_cast %lhs_size2 : index to i32
// CHECK-NEXT:    %[[N0:.*]] = arith.index_cast %rhs_size2 : index to i32
// CHECK-NEXT:    %[[K0:.*]] = arith.index_cast %rhs_size3 : index to i32
// CHECK-NEXT:    %flags = arith.constant 1794 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d(%lhs_buffer, %lhs_offset, %lhs_stride0, %rhs_buffer, %rhs_offset, %rhs_stride0, %out_buffer, %out_offset, %out_stride0, %lhs_size0, %rhs_size0, %rhs_size1, %[[M0]], %[[N0]], %[[K0]], %flags)

// -----

// i32 operands sign-extended from i8 just before are read from the i8 buffers; the
// extensions into local allocations are erased.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @mmt4d_extsi(%lhs8 : memref<2x3x8x4xi8>, %rhs8 : memref<5x3x8x4xi8>, %out : memref<2x5x8x8xi32>) attributes {hal.executable.target = #vmvx} {
  %lhs = memref.alloca() : memref<2x3x8x4xi32>
  %rhs = memref.alloca() : memref<5x3x8x4xi32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%lhs8 : memref<2x3x8x4xi8>) outs(%lhs : memref<2x3x8x4xi32>) {
  ^bb0(%a: i8, %b: i32):
    %e = arith.extsi %a : i8 to i32
    linalg.yield %e : i32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%rhs8 : memref<5x3x8x4xi8>) outs(%rhs : memref<5x3x8x4xi32>) {
  ^bb0(%a: i8, %b: i32):
    %e = arith.extsi %a : i8 to i32
    linalg.yield %e : i32
  }
  linalg.mmt4d ins(%lhs, %rhs : memref<2x3x8x4xi32>, memref<5x3x8x4xi32>) outs(%out : memref<2x5x8x8xi32>)
  func.return
}
// CHECK-LABEL: func.func @mmt4d_extsi
// CHECK-NOT:     linalg.generic
// CHECK:         vmvx.get_buffer_descriptor %lhs8 : memref<2x3x8x4xi8>
// CHECK-NEXT:    vmvx.get_buffer_descriptor %rhs8 : memref<5x3x8x4xi8>
// CHECK:         %flags = arith.constant 1794 : i32
// CHECK-NEXT:    func.call @vmvx.mmt4d
// CHECK-NOT:     linalg.generic

// -----

// pack 2-D -> 4-D: (buffer, offset, two strides) per operand, the sizes, the padding
// bit pattern zero-extended to i64, flags = type | TRANSPOSE_INNER 0x100 | TRANSPOSE_OUTER 0x200.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @pack_i8(%in : memref<?x?xi8>, %out : memref<?x?x7x8xi8>, %pad : i8) attributes {hal.executable.target = #vmvx} {
  linalg.pack %in padding_value(%pad : i8) inner_dims_pos = [0, 1] inner_tiles = [7, 8] into %out : memref<?x?xi8> -> memref<?x?x7x8xi8>
  func.return
}
func.func @pack_i32_transpose_inner(%in : memref<?x?xi32>, %out : memref<?x?x7x8xi32>, %pad : i32) attributes {hal.executable.target = #vmvx} {
  linalg.pack %in padding_value(%pad : i32) inner_dims_pos = [1, 0] inner_tiles = [7, 8] into %out : memref<?x?xi32> -> memref<?x?x7x8xi32>
  func.return
}
func.func @pack_f32_transpose_both(%in : memref<?x?xf32>, %out : memref<?x?x7x8xf32>, %pad : f32) attributes {hal.executable.target = #vmvx} {
  linalg.pack %in padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [7, 8] into %out : memref<?x?xf32> -> memref<?x?x7x8xf32>
  func.return
}
func.func @pack_no_padding(%in : memref<16x24xf32>, %out : memref<2x3x8x8xf32>) attributes {hal.executable.target = #vmvx} {
  linalg.pack %in inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %out : memref<16x24xf32> -> memref<2x3x8x8xf32>
  func.return
}
// CHECK:       func.func private @vmvx.pack(!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i64, i32) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @pack_i8
// CHECK-NEXT:    %in_buffer, %in_offset, %in_size0, %in_size1, %in_stride0, %in_stride1 = vmvx.get_buffer_descriptor %in : memref<?x?xi8> -> !util.buffer, index, index, index, index, index
// CHECK-NEXT:    %out_buffer, %out_offset, %out_size0, %out_size1, %{{.*}}, %{{.*}}, %out_stride0, %out_stride1, %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %out
// CHECK-NEXT:    %[[T0:.*]] = arith.constant 7 : index
// CHECK-NEXT:    %[[T1:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[PAD:.*]] = arith.extui %pad : i8 to i64
// CHECK-NEXT:    %flags = arith.constant 2 : i32
// CHECK-NEXT:    func.call @vmvx.pack(%in_buffer, %in_offset, %in_stride0, %in_stride1, %out_buffer, %out_offset, %out_stride0, %out_stride1, %in_size0, %in_size1, %out_size0, %out_size1, %[[T0]], %[[T1]], %[[PAD]], %flags)
// CHECK-LABEL: func.func @pack_i32_transpose_inner
// CHECK:         %[[PAD:.*]] = arith.extui %pad : i32 to i64
// CHECK-NEXT:    %flags = arith.constant 259 : i32
// CHECK-LABEL: func.func @pack_f32_transpose_both
// CHECK:         %[[BITS:.*]] = arith.bitcast %pad : f32 to i32
// CHECK-NEXT:    %[[PAD:.*]] = arith.extui %[[BITS]] : i32 to i64
// CHECK-NEXT:    %flags = arith.constant 769 : i32
// CHECK-NEXT:    func.call @vmvx.pack({{.*}}, %[[PAD]], %flags)
// CHECK-LABEL: func.func @pack_no_padding
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %flags = arith.constant 1 : i32
// CHECK-NEXT:    func.call @vmvx.pack({{.*}}, %[[ZERO]], %flags)
// CHECK-NOT:     linalg.pack

// -----

// unpack 4-D -> 2-D: f32 and i32.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @unpack_f32(%in : memref<?x?x7x8xf32>, %out : memref<?x?xf32>) attributes {hal.executable.target = #vmvx} {
  linalg.unpack %in inner_dims_pos = [0, 1] inner_tiles = [7, 8] into %out : memref<?x?x7x8xf32> -> memref<?x?xf32>
  func.return
}
func.func @unpack_i32_transpose_both(%in : memref<3x4x7x8xi32>, %out : memref<30x20xi32>) attributes {hal.executable.target = #vmvx} {
  linalg.unpack %in outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [7, 8] into %out : memref<3x4x7x8xi32> -> memref<30x20xi32>
  func.return
}
// CHECK:       func.func private @vmvx.unpack(!util.buffer, index, index, index, !util.buffer, index, index, index, index, index, index, index, index, index, i32) -> () attributes {vm.import.module = "vmvx"}
// CHECK-LABEL: func.func @unpack_f32
// CHECK-NEXT:    %in_buffer, %in_offset, %in_size0, %in_size1, %{{.*}}, %{{.*}}, %in_stride0, %in_stride1, %{{.*}}, %{{.*}} = vmvx.get_buffer_descriptor %in
// CHECK-NEXT:    %out_buffer, %out_offset, %out_size0, %out_size1, %out_stride0, %out_stride1 = vmvx.get_buffer_descriptor %out
// CHECK-NEXT:    %[[T0:.*]] = arith.constant 7 : index
// CHECK-NEXT:    %[[T1:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %flags = arith.constant 1 : i32
// CHECK-NEXT:    func.call @vmvx.unpack(%in_buffer, %in_offset, %in_stride0, %in_stride1, %out_buffer, %out_offset, %out_stride0, %out_stride1, %in_size0, %in_size1, %[[T0]], %[[T1]], %out_size0, %out_size1, %flags)
// CHECK-LABEL: func.func @unpack_i32_transpose_both
// CHECK:         %flags = arith.constant 771 : i32
// CHECK-NOT:     linalg.unpack

// -----

// Left alone: element types the VMVX runtime has no ukernel for, ranks other than
// 2-D <-> 4-D, and packed tiles whose inner dimensions are not contiguous.

#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>
func.func @unsupported(%a : memref<?x?x16x1xf16>, %b : memref<?x?x16x16xf16>, %p : memref<?x?xf16>, %pp : memref<?x?x7x8xf16>, %u8 : memref<?x?x7x8xi8>, %o8 : memref<?x?xi8>, %c : memref<4x4x4xf32>, %cp : memref<1x1x4x4x4xf32>, %s : memref<?x?x7x8xf32, strided<[?, ?, 16, 1]>>, %t : memref<?x?xf32>) attributes {hal.executable.target = #vmvx} {
  linalg.mmt4d ins(%a, %a : memref<?x?x16x1xf16>, memref<?x?x16x1xf16>) outs(%b : memref<?x?x16x16xf16>)
  linalg.pack %p inner_dims_pos = [0, 1] inner_tiles = [7, 8] into %pp : memref<?x?xf16> -> memref<?x?x7x8xf16>
  linalg.unpack %u8 inner_dims_pos = [0, 1] inner_tiles = [7, 8] into %o8 : memref<?x?x7x8xi8> -> memref<?x?xi8>
  linalg.pack %c inner_dims_pos = [0, 1] inner_tiles = [4, 4] into %cp : memref<4x4x4xf32> -> memref<1x1x4x4x4xf32>
  linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [7, 8] into %t : memref<?x?x7x8xf32, strided<[?, ?, 16, 1]>> -> memref<?x?xf32>
  func.return
}
// CHECK-LABEL: func.func @unsupported
// CHECK-NEXT:    linalg.mmt4d
// CHECK-NEXT:    linalg.pack
// CHECK-NEXT:    linalg.unpack
// CHECK-NEXT:    linalg.pack
// CHECK-NEXT:    linalg.unpack
// CHECK-NEXT:    func.return

// -----

// Which ukernels: the target's `ukernels` ("all", "none", or a list of names); a missing or
// non-string value means none; non-VMVX targets are left alone.

func.func @only_mmt4d(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>, %in : memref<8x8xf32>, %packed : memref<1x1x8x8xf32>) attributes {hal.executable.target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "foo,mmt4d"}>} {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  linalg.pack %in inner_dims_pos = [0, 1] inner_tiles = [8, 8] into %packed : memref<8x8xf32> -> memref<1x1x8x8xf32>
  func.return
}
func.func @none(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) attributes {hal.executable.target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>} {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  func.return
}
func.func @default(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) attributes {hal.executable.target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = true}>} {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  func.return
}
func.func @llvm_cpu(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) attributes {hal.executable.target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {ukernels = "all"}>} {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  func.return
}
func.func @no_target(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) {
  linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
  func.return
}
// CHECK-LABEL: func.func @only_mmt4d
// CHECK:         func.call @vmvx.mmt4d
// CHECK-NEXT:    linalg.pack
// CHECK-LABEL: func.func @none
// CHECK-NEXT:    linalg.mmt4d
// CHECK-LABEL: func.func @default
// CHECK-NEXT:    linalg.mmt4d
// CHECK-LABEL: func.func @llvm_cpu
// CHECK-NEXT:    linalg.mmt4d
// CHECK-LABEL: func.func @no_target
// CHECK-NEXT:    linalg.mmt4d

// -----

// Inside an executable variant the variant's target decides; one declaration per module.

hal.executable private @ex {
  hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
    hal.executable.export public @two layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    builtin.module {
      func.func @two(%lhs : memref<1x1x8x1xf32>, %out : memref<1x1x8x8xf32>) {
        linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
        linalg.mmt4d ins(%lhs, %lhs : memref<1x1x8x1xf32>, memref<1x1x8x1xf32>) outs(%out : memref<1x1x8x8xf32>)
        func.return
      }
    }
  }
}
// CHECK-LABEL: hal.executable.variant public @vmvx
// CHECK:         builtin.module {
// CHECK-NEXT:      func.func private @vmvx.mmt4d(
// CHECK-NEXT:      func.func @two
// CHECK-COUNT-2:     func.call @vmvx.mmt4d
// CHECK-NOT:       func.func private @vmvx.mmt4d
