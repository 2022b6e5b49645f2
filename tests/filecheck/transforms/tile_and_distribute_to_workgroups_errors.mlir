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
