// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s

// HAL attributes in their full form (as op or function attributes) print back in IREE's
// spelling; optional parts are printed only when they differ from IREE's defaults.

// CHECK-LABEL: func.func @layouts()
// CHECK-SAME: plain = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK-SAME: empty = #hal.pipeline.layout<bindings = []>
// CHECK-SAME: zero_constants = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<uniform_buffer>]>
// CHECK-SAME: full = #hal.pipeline.layout<constants = 5, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<uniform_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">], flags = Indirect>
// CHECK-SAME: none_flags = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>], flags = None>
func.func @layouts() attributes {
  plain = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>,
  empty = #hal.pipeline.layout<bindings = []>,
  zero_constants = #hal.pipeline.layout<constants = 0, bindings = [
    #hal.pipeline.binding<uniform_buffer, None>
  ]>,
  full = #hal.pipeline.layout<constants = 5, bindings = [
    #hal.pipeline.binding<storage_buffer, ReadOnly>,
    #hal.pipeline.binding<uniform_buffer, Indirect>,
    #hal.pipeline.binding<storage_buffer, "Indirect | ReadOnly">
  ], flags = Indirect>,
  none_flags = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>], flags = None>
} {
  func.return
}

// -----

// Aliases and the stripped `<...>` form are both accepted for bindings inside a layout.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>

// CHECK-LABEL: func.func @binding_spellings()
// CHECK-SAME: layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<uniform_buffer>]>
func.func @binding_spellings() attributes {
  layout = #hal.pipeline.layout<bindings = [#ro, <uniform_buffer>]>
} {
  func.return
}

// -----

// CHECK-LABEL: func.func @targets()
// CHECK-SAME: bare = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-SAME: empty_config = #hal.executable.target<"vmvx-inline", "vmvx-ir">
// CHECK-SAME: config = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>
// CHECK-SAME: nested = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "host", native_vector_size = 16 : index, ukernels = true}>
func.func @targets() attributes {
  bare = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">,
  empty_config = #hal.executable.target<"vmvx-inline", "vmvx-ir", {}>,
  config = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>,
  nested = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {
    cpu = "host", native_vector_size = 16 : index, ukernels = true
  }>
} {
  func.return
}

// -----

// CHECK-LABEL: func.func @descriptor_types(
// CHECK-SAME: %{{.*}}: memref<16xf32, #hal.descriptor_type<storage_buffer>>
// CHECK-SAME: %{{.*}}: memref<4xi32, #hal.descriptor_type<uniform_buffer>>
// CHECK-SAME: kind = #hal.descriptor_type<storage_buffer>
func.func @descriptor_types(
    %a: memref<16xf32, #hal.descriptor_type<storage_buffer>>,
    %b: memref<4xi32, #hal.descriptor_type<uniform_buffer>>)
    attributes {kind = #hal.descriptor_type<storage_buffer>} {
  func.return
}

// -----

// CHECK-LABEL: func.func @objects()
// CHECK-SAME: one = #hal.executable.object<{path = "kernels/add.o"}>
// CHECK-SAME: with_data = #hal.executable.object<{path = "blob.bin", data = dense<[1, 2, 3]> : vector<3xi8>}>
// CHECK-SAME: per_target = #hal.executable.objects<{#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>], #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64"> = [#hal.executable.object<{path = "b.o"}>, #hal.executable.object<{path = "c.o"}>]}>
func.func @objects() attributes {
  one = #hal.executable.object<{path = "kernels/add.o"}>,
  with_data = #hal.executable.object<{path = "blob.bin", data = dense<[1, 2, 3]> : vector<3xi8>}>,
  per_target = #hal.executable.objects<{
    #hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>],
    #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64"> = [
      #hal.executable.object<{path = "b.o"}>,
      #hal.executable.object<{path = "c.o"}>
    ]
  }>
} {
  func.return
}

// -----

// CHECK-LABEL: func.func @device_type(
// CHECK-SAME: %{{.*}}: !hal.device) -> !hal.device
func.func @device_type(%device: !hal.device) -> !hal.device {
  func.return %device : !hal.device
}
