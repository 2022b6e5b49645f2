// RUN: pyvmvx-opt %s | filecheck %s
// RUN: pyvmvx-opt %s | pyvmvx-opt | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s

// translation_info with each pipeline selector and the optional clauses, IREE's older bare
// pipeline names, and the lowering configs, print back in IREE's syntax. A bare name that has
// a pipeline attribute prints as that attribute (IREE 3.13 reads no bare name); others stay.

// CHECK-LABEL: func.func private @translation_infos()
// CHECK-SAME:    vmvx = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CHECK-SAME:    none = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>
// CHECK-SAME:    custom = #iree_codegen.translation_info<pipeline = #iree_codegen.pass_pipeline<"canonicalize,cse">>
// CHECK-SAME:    td = #iree_codegen.translation_info<pipeline = #iree_codegen.transform_dialect_codegen codegen_spec = @__kernel_config workgroup_size = [64, 1, 1] subgroup_size = 32>
// CHECK-SAME:    legacy = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline workgroup_size = [1, 1, 1], {enable_loop_peeling}>
// CHECK-SAME:    legacy_none = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>
// CHECK-SAME:    legacy_td = #iree_codegen.translation_info<pipeline = #iree_codegen.transform_dialect_codegen>
// CHECK-SAME:    legacy_cpu = #iree_codegen.translation_info<pipeline = CPUDefault>
// CHECK-SAME:    cpu = #iree_cpu.lowering_config<distribution = [64, 64, 0], vector_common_parallel = [8, [8], 0], vector_reduction = [0, 0, 4]>
// CHECK-SAME:    older = #iree_codegen.lowering_config<tile_sizes = [[64, 64, 0], [8, 8, 0]]>
func.func private @translation_infos() attributes {
  vmvx = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>,
  none = #iree_codegen.translation_info<pipeline = #iree_codegen.no_pipeline>,
  custom = #iree_codegen.translation_info<pipeline = #iree_codegen.pass_pipeline<"canonicalize,cse">>,
  td = #iree_codegen.translation_info<pipeline = #iree_codegen.transform_dialect_codegen codegen_spec = @__kernel_config workgroup_size = [64, 1, 1] subgroup_size = 32>,
  legacy = #iree_codegen.translation_info<pipeline = VMVXDefault workgroup_size = [1, 1, 1], {enable_loop_peeling}>,
  legacy_none = #iree_codegen.translation_info<pipeline = None>,
  legacy_td = #iree_codegen.translation_info<pipeline = TransformDialectCodegen>,
  legacy_cpu = #iree_codegen.translation_info<pipeline = CPUDefault>,
  cpu = #iree_cpu.lowering_config<distribution = [64, 64, 0], vector_common_parallel = [8, [8], 0], vector_reduction = [0, 0, 4]>,
  older = #iree_codegen.lowering_config<tile_sizes = [[64, 64, 0], [8, 8, 0]]>
}

// CHECK-LABEL: func.func private @standalone()
// CHECK-SAME:    a = #iree_codegen.vmvx_pipeline
// CHECK-SAME:    b = #iree_codegen.pass_pipeline<"iree-codegen-tile-and-distribute-to-workgroups">
// CHECK-SAME:    c = #iree_codegen.dispatch_lowering_pass_pipeline<CPUDefault>
func.func private @standalone() attributes {
  a = #iree_codegen.vmvx_pipeline,
  b = #iree_codegen.pass_pipeline<"iree-codegen-tile-and-distribute-to-workgroups">,
  c = #iree_codegen.dispatch_lowering_pass_pipeline<CPUDefault>
}
