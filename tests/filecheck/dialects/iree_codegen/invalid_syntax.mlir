// RUN: pyvmvx-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// Malformed iree_codegen/iree_cpu attributes are reported at the offending token.

#bad = #iree_codegen.translation_info<pipeline = VMVXFast>
// CHECK: unknown dispatch lowering pass pipeline 'VMVXFast'

// -----

#bad = #iree_codegen.translation_info<workgroup_size = [1, 1, 1]>
// CHECK: Expected 'pipeline'

// -----

#bad = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline, [1]>
// CHECK: expected a configuration dictionary

// -----

#bad = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline codegen_spec = "spec">
// CHECK: expected a symbol reference

// -----

#bad = #iree_codegen.pass_pipeline<canonicalize>
// CHECK: string literal expected for the pass pipeline

// -----

#bad = #iree_cpu.lowering_config<distribution [64]>
// CHECK: Expected '='

// -----

#bad = #iree_codegen.lowering_config<tile_sizes = [64, 64]>
// CHECK: '[' expected

// -----

#bad = #iree_cpu.lowering_config<distribution = ["a"]>
// CHECK: distribution must be a list of integers, got ["a"]
