// Dynamic sizes in IREE's form: push constants mapped to the workload with
// `iree_tensor_ext.dispatch.workload.ordinal` (a 64-bit size from two 32-bit constants, as IREE
// passes index values), and export count regions built with
// `iree_tensor_ext.dispatch.workgroup_count_from_slice` over the workload. The 1-D entry is
// configured as IREE configures it (tiles of 64), the 2-D ones by pyvmvx's tile policy; the
// last is on dispatch tensors, as `iree-compile --compile-to=executable-sources` prints it.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#layout = #hal.pipeline.layout<constants = 2, bindings = [#ro, #ro, #rw]>
#unary = #hal.pipeline.layout<constants = 2, bindings = [#ro, #rw]>
hal.executable.source public @workload_ordinals {
  hal.executable.export public @add_1d ordinal(0) layout(#layout)
      count(%device: !hal.device, %w0: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0)
    hal.return %x, %y, %z : index, index, index
  }
  hal.executable.export public @mul_2d ordinal(1) layout(#layout)
      count(%device: !hal.device, %w0: index, %w1: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0, %w1)
    hal.return %x, %y, %z : index, index, index
  }
  hal.executable.export public @neg_2d_tensors ordinal(2) layout(#unary)
      count(%device: !hal.device, %w0: index, %w1: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0, %w1)
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @add_1d() attributes {
        translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
      %c0 = arith.constant 0 : index
      %c32_i64 = arith.constant 32 : i64
      %lo = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %hi = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %lo64 = arith.extui %lo : i32 to i64
      %hi64 = arith.extui %hi : i32 to i64
      %shifted = arith.shli %hi64, %c32_i64 : i64
      %n64 = arith.ori %lo64, %shifted : i64
      %size = arith.index_castui %n64 : i64 to index
      %n = iree_tensor_ext.dispatch.workload.ordinal %size, 0 : index
      %a = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<?xf32>{%n}
      %b = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : memref<?xf32>{%n}
      %out = hal.interface.binding.subspan layout(#layout) binding(2) alignment(64) offset(%c0) : memref<?xf32>{%n}
      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                      iterator_types = ["parallel"]}
          ins(%a, %b : memref<?xf32>, memref<?xf32>) outs(%out : memref<?xf32>)
          attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [64]>} {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %sum = arith.addf %x, %y : f32
        linalg.yield %sum : f32
      }
      return
    }
    func.func @mul_2d() {
      %c0 = arith.constant 0 : index
      %k0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
      %rows = arith.index_castui %k0 : i32 to index
      %cols = arith.index_castui %k1 : i32 to index
      %m = iree_tensor_ext.dispatch.workload.ordinal %rows, 0 : index
      %n = iree_tensor_ext.dispatch.workload.ordinal %cols, 1 : index
      %a = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<?x?xf32>{%m, %n}
      %b = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : memref<?x?xf32>{%m, %n}
      %out = hal.interface.binding.subspan layout(#layout) binding(2) alignment(64) offset(%c0) : memref<?x?xf32>{%m, %n}
      linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                      iterator_types = ["parallel", "parallel"]}
          ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%out : memref<?x?xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %product = arith.mulf %x, %y : f32
        linalg.yield %product : f32
      }
      return
    }
    func.func @neg_2d_tensors() {
      %c0 = arith.constant 0 : index
      %k0 = hal.interface.constant.load layout(#unary) ordinal(0) : i32
      %k1 = hal.interface.constant.load layout(#unary) ordinal(1) : i32
      %rows = arith.index_castui %k0 : i32 to index
      %cols = arith.index_castui %k1 : i32 to index
      %m = iree_tensor_ext.dispatch.workload.ordinal %rows, 0 : index
      %n = iree_tensor_ext.dispatch.workload.ordinal %cols, 1 : index
      %in = hal.interface.binding.subspan layout(#unary) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32>>{%m, %n}
      %out = hal.interface.binding.subspan layout(#unary) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32>>{%m, %n}
      %a = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0, 0], sizes = [%m, %n], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf32>>{%m, %n} -> tensor<?x?xf32>
      %init = tensor.empty(%m, %n) : tensor<?x?xf32>
      %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                             iterator_types = ["parallel", "parallel"]}
          ins(%a : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) {
      ^bb0(%x: f32, %o: f32):
        %v = arith.negf %x : f32
        linalg.yield %v : f32
      } -> tensor<?x?xf32>
      iree_tensor_ext.dispatch.tensor.store %neg, %out, offsets = [0, 0], sizes = [%m, %n], strides = [1, 1] : tensor<?x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?x?xf32>>{%m, %n}
      return
    }
  }
}
