// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics -p iree-vmvx-lower-executable-target | filecheck %s

// CHECK: lower_executable_target_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op Unsupported pipeline on VMVX target.
func.func @cpu_pipeline() attributes {translation_info = #iree_codegen.translation_info<pipeline = CPUDefault>} {
  func.return
}

// -----

// CHECK: lower_executable_target_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op failed to build pass pipeline: transform dialect codegen pipelines are not supported
func.func @transform_dialect() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.transform_dialect_codegen codegen_spec = @spec>} {
  func.return
}

// -----

// CHECK: lower_executable_target_errors.mlir:[[# @LINE + 1]]:1: error: 'func.func' op failed to build custom pass pipeline: Unrecognized passes: ['no-such-pass']
func.func @bad_custom() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.pass_pipeline<"canonicalize,no-such-pass">>} {
  func.return
}

// -----

// CHECK: lower_executable_target_errors.mlir:[[# @LINE + 1]]:1: error: 'util.func' op unhandled function-like container during executable lowering
util.func public @util_function() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>} {
  util.return
}

