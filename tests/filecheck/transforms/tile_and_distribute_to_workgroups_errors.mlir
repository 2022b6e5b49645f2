// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-codegen-tile-and-distribute-to-workgroups | filecheck %s

// Tiling happens on buffers: a root on tensors is an error, as is a lowering config whose
// distribution does not have one size per loop.

// CHECK: tile_and_distribute_to_workgroups_errors.mlir:[[# @LINE + 2]]:3: error: 'linalg.generic' op tile and distribute needs buffer (memref) operands
func.func @tensors(%t : tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%t : tensor<64xf32>) attrs = {lowering_config = #iree_cpu.lowering_config<distribution = [16]>} {
  ^bb0(%x: f32):
    linalg.yield %x : f32
  } -> tensor<64xf32>
  func.return %r : tensor<64xf32>
}

// -----

// CHECK: tile_and_distribute_to_workgroups_errors.mlir:[[# @LINE + 2]]:3: error: 'linalg.copy' op lowering_config has 1 distribution tile sizes for 2 loops
func.func @wrong_rank(%a : memref<8x8xf32>, %b : memref<8x8xf32>) {
  linalg.copy {lowering_config = #iree_cpu.lowering_config<distribution = [4]>} ins(%a : memref<8x8xf32>) outs(%b : memref<8x8xf32>)
  func.return
}

// -----

// A workload ordinal beyond the workload of a `workgroup_count_from_slice` (IREE's message).
#pl = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source public @ex {
  hal.executable.export public @fill layout(#pl) count(%device: !hal.device, %w0: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0)
    hal.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @fill() {
      %k0 = hal.interface.constant.load layout(#pl) ordinal(0) : i32
      %i0 = arith.index_castui %k0 : i32 to index
      // CHECK: tile_and_distribute_to_workgroups_errors.mlir:[[# @LINE + 1]]:7: error: 'iree_tensor_ext.dispatch.workload.ordinal' op ordinal number is higher than the number of workloads captured in the workgroup count region
      %n = iree_tensor_ext.dispatch.workload.ordinal %i0, 1 : index
      %out = hal.interface.binding.subspan layout(#pl) binding(0) : memref<?xf32>{%n}
      %zero = arith.constant 0.0 : f32
      linalg.fill ins(%zero : f32) outs(%out : memref<?xf32>)
      func.return
    }
  }
}
