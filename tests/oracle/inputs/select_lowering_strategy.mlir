// Differential input for iree-vmvx-select-lowering-strategy (pyvmvx with its default `iree`
// tile policy vs iree-opt).

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// A static matmul after a fill: the matmul (it has a reduction loop) is the root.
func.func @matmul_static() attributes {hal.executable.target = #target} {
  %zero = arith.constant 0.0 : f32
  %lhs = hal.interface.binding.subspan layout(#layout) binding(0) : memref<96x128xf32>
  %rhs = hal.interface.binding.subspan layout(#layout) binding(1) : memref<128x80xf32>
  %out = hal.interface.binding.subspan layout(#layout) binding(2) : memref<96x80xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<96x80xf32>)
  linalg.matmul ins(%lhs, %rhs : memref<96x128xf32>, memref<128x80xf32>) outs(%out : memref<96x80xf32>)
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// A dynamic 2-D copy into a subview.
func.func @copy_dynamic() attributes {hal.executable.target = #target} {
  %d0 = hal.interface.constant.load layout(#layout) ordinal(0) : index
  %d1 = hal.interface.constant.load layout(#layout) ordinal(1) : index
  %o0 = hal.interface.constant.load layout(#layout) ordinal(2) : index
  %o1 = hal.interface.constant.load layout(#layout) ordinal(3) : index
  %src = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?x?xi32>{%d0, %d1}
  %dst = hal.interface.binding.subspan layout(#layout) binding(1) : memref<?x?xi32>{%d1, %d0}
  %view = memref.subview %dst[%o0, %o1] [%d0, %d1] [1, 1] : memref<?x?xi32> to memref<?x?xi32, strided<[?, 1], offset: ?>>
  linalg.generic {indexing_maps = [affine_map<(a, b) -> (a, b)>, affine_map<(a, b) -> (a, b)>], iterator_types = ["parallel", "parallel"]}
      ins(%src : memref<?x?xi32>) outs(%view : memref<?x?xi32, strided<[?, 1], offset: ?>>) {
  ^bb0(%x: i32, %y: i32):
    linalg.yield %x : i32
  }
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// 1-D and 3-D elementwise ops: the last linalg op is the root.
func.func @elementwise_ranks() attributes {hal.executable.target = #target} {
  %a = hal.interface.binding.subspan layout(#layout) binding(0) : memref<1000xf32>
  %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4x5x6xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : memref<1000xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%b : memref<4x5x6xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>

// A row reduction (parallel, reduction) is the root even before a later elementwise op.
func.func @reduction_root() attributes {hal.executable.target = #target} {
  %in = hal.interface.binding.subspan layout(#layout) binding(0) : memref<32x300xf32>
  %out = hal.interface.binding.subspan layout(#layout) binding(1) : memref<32xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%in : memref<32x300xf32>) outs(%out : memref<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%out : memref<32xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  }
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// No compute op: only the translation info is set.
func.func @no_compute() attributes {hal.executable.target = #target} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1.0 : f32
  %buf = hal.interface.binding.subspan layout(#layout) binding(0) : memref<8xf32>
  memref.store %v, %buf[%c0] : memref<8xf32>
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// A linalg op already inside a loop distributed over workgroups: IREE 3.13 still
// distributes it (64); pyvmvx gives 0 (see the test's expected failures).
func.func @inside_distributed_loop() attributes {hal.executable.target = #target} {
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %buf = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4096xf32>
  %id = hal.interface.workgroup.id[0] : index
  %count = hal.interface.workgroup.count[0] : index
  %lb = arith.muli %id, %c64 : index
  %step = arith.muli %count, %c64 : index
  scf.for %i = %lb to %c4096 step %step {
    %tile = memref.subview %buf[%i] [64] [1] : memref<4096xf32> to memref<64xf32, strided<[1], offset: ?>>
    linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%tile : memref<64xf32, strided<[1], offset: ?>>) {
    ^bb0(%x: f32):
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
  }
  return
}

// -----

#target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>

// Unit-extent loops are not partitionable: their distribution size is 0.
func.func @unit_extents() attributes {hal.executable.target = #target} {
  %buf = hal.interface.binding.subspan layout(#layout) binding(0) : memref<1x48x1xf32>
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%buf : memref<1x48x1xf32>) {
  ^bb0(%x: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  }
  return
}
