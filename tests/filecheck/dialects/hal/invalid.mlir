// RUN: pyvmvx-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Each verifier of the hal ops, with IREE's message.

#one = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @too_few_dims(%n: index) {
  %0 = hal.interface.binding.subspan layout(#one) binding(0) : memref<?x4x?xf32>{%n}
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op result type memref<?x4x?xf32> has 2 dynamic dimensions but 1 associated dimension SSA values

// -----

#one = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @dims_on_static_type(%n: index) {
  %0 = hal.interface.binding.subspan layout(#one) binding(0) : memref<8xf32, strided<[2], offset: ?>>{%n}
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op result type memref<8xf32, strided<[2], offset: ?>> has 0 dynamic dimensions but 1 associated dimension SSA values

// -----

#one = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @binding_out_of_layout() {
  %0 = hal.interface.binding.subspan layout(#one) binding(1) : memref<4xf32>
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op binding ordinal 1 out of bounds in layout #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

// -----

func.func @negative_binding() {
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(-1) : memref<4xf32>
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op binding ordinal -1 out of bounds in layout

// -----

func.func @offset_not_index(%off: i32) {
  %0 = "hal.interface.binding.subspan"(%off) <{binding = 0 : index, layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>, operandSegmentSizes = array<i32: 1, 0>}> : (i32) -> memref<4xf32>
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op operand 'byte_offset' at position 0 does not verify

// -----

func.func @flags_not_i32() {
  %0 = "hal.interface.binding.subspan"() <{binding = 0 : index, descriptor_flags = 1 : i8, layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  func.return
}
// CHECK: 'hal.interface.binding.subspan' op descriptor_flags must be an i32 integer, got 1 : i8

// -----

#one = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @constant_out_of_layout() {
  %0 = hal.interface.constant.load layout(#one) ordinal(1) : i32
  func.return
}
// CHECK: 'hal.interface.constant.load' op push constant ordinal out of bounds

// -----

func.func @constant_without_constants() {
  %0 = hal.interface.constant.load layout(<bindings = []>) ordinal(0) : i32
  func.return
}
// CHECK: 'hal.interface.constant.load' op push constant ordinal out of bounds

// -----

func.func @negative_constant_ordinal() {
  %0 = hal.interface.constant.load layout(<constants = 2, bindings = []>) ordinal(-1) : i32
  func.return
}
// CHECK: 'hal.interface.constant.load' op push constant ordinal out of bounds

// -----

func.func @constant_not_primitive() {
  %0 = hal.interface.constant.load layout(<constants = 1, bindings = []>) ordinal(0) : vector<4xi32>
  func.return
}
// CHECK: 'hal.interface.constant.load' op result 'result' at position 0 does not verify

// -----

func.func @workgroup_id_dim() {
  %0 = hal.interface.workgroup.id[3] : index
  func.return
}
// CHECK: 'hal.interface.workgroup.id' op out of bounds workgroup ID dimension

// -----

func.func @workgroup_count_dim() {
  %0 = hal.interface.workgroup.count[4] : index
  func.return
}
// CHECK: 'hal.interface.workgroup.count' op out of bounds workgroup count dimension

// -----

func.func @workgroup_size_dim() {
  %0 = hal.interface.workgroup.size[9] upper_bound 2 : index
  func.return
}
// CHECK: 'hal.interface.workgroup.size' op out of bounds workgroup size dimension

// -----

func.func @workgroup_not_index() {
  %0 = "hal.interface.workgroup.id"() <{dimension = 0 : index}> : () -> i32
  func.return
}
// CHECK: 'hal.interface.workgroup.id' op result 'result' at position 0 does not verify

// -----

hal.executable.source @block_takes_index {
  hal.executable.constant.block(%n: index) -> i32 as "a" {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}
// CHECK: 'hal.executable.constant.block' op initializer must take a !hal.device or nothing

// -----

hal.executable.source @block_takes_two_devices {
  hal.executable.constant.block(%a: !hal.device, %b: !hal.device) -> i32 as "a" {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}
// CHECK: 'hal.executable.constant.block' op initializer must take a !hal.device or nothing

// -----

hal.executable.source @block_returns_f32 {
  hal.executable.constant.block() -> (i32, f32) as ("a", "b") {
    %c = arith.constant 1 : i32
    %f = arith.constant 1.0 : f32
    hal.return %c, %f : i32, f32
  }
}
// CHECK: 'hal.executable.constant.block' op initializer must return only i32 values (result 1 is f32)

// -----

hal.executable.source @block_key_count {
  hal.executable.constant.block() -> (i32, i32) as ("only_one") {
    %c = arith.constant 1 : i32
    hal.return %c, %c : i32, i32
  }
}
// CHECK: 'hal.executable.constant.block' op must have one key for every result

// -----

hal.executable.source @block_without_body {
  "hal.executable.constant.block"() <{function_type = () -> i32, keys = ["a"]}> ({
  }) : () -> ()
}
// CHECK: 'hal.executable.constant.block' op expected non-empty function body

// -----

hal.executable.source @return_count {
  hal.executable.constant.block() -> (i32, i32) as ("a", "b") {
    %c = arith.constant 1 : i32
    hal.return %c : i32
  }
}
// CHECK: 'hal.return' op return must have the same number of operands as the parent result signature (have 1, expected 2)

// -----

hal.executable.source @return_type {
  hal.executable.constant.block() -> i32 as "a" {
    %c = arith.constant 1 : i64
    hal.return %c : i64
  }
}
// CHECK: 'hal.return' op parent expected result 0 to be i32 but returning i64

// -----

hal.executable.source @count_without_device {
  hal.executable.export @e layout(<bindings = []>) count(%w: index) -> (index, index, index) {
    hal.return %w, %w, %w : index, index, index
  }
}
// CHECK: 'hal.executable.export' op expected workgroup_count to take (%device: !hal.device, %workload_0: index, %workload_1: index, ...

// -----

hal.executable.source @count_workload_not_index {
  hal.executable.export @e layout(<bindings = []>) {
  ^bb0(%device: !hal.device, %w: i32):
    %c = arith.constant 1 : index
    hal.return %c, %c, %c : index, index, index
  }
}
// CHECK: 'hal.executable.export' op expected workgroup_count to take (%device: !hal.device, %workload_0: index, %workload_1: index, ...

// -----

hal.executable.source @count_yields_two {
  hal.executable.export @e layout(<bindings = []>) count(%device: !hal.device, %w: index) -> (index, index, index) {
    hal.return %w, %w : index, index
  }
}
// CHECK: 'hal.executable.export' op workgroup count region must return the XYZ dimension counts as `index` types

// -----

hal.executable.source @count_yields_i32 {
  hal.executable.export @e layout(<bindings = []>) {
  ^bb0(%device: !hal.device):
    %c = arith.constant 1 : i32
    hal.return %c, %c, %c : i32, i32, i32
  }
}
// CHECK: 'hal.executable.export' op workgroup count region must return the XYZ dimension counts as `index` types

// -----

hal.executable.variant @orphan_variant target(<"vmvx", "vmvx-bytecode-fb">) {
}
// CHECK: 'hal.executable.variant' op 'hal.executable.variant' expects parent op 'hal.executable'

// -----

func.func @orphan_export() {
  hal.executable.export @e layout(<bindings = []>)
  func.return
}
// CHECK: 'hal.executable.export' op 'hal.executable.export' expects parent op to be one of 'hal.executable.source', 'hal.executable.variant'

// -----

hal.executable @duplicate_variants {
  hal.executable.variant @v target(<"vmvx", "vmvx-bytecode-fb">) {
  }
  hal.executable.variant @v target(<"vmvx", "vmvx-bytecode-fb">) {
  }
}
// CHECK: Redefinition of symbol "v"

// -----

"hal.executable"() <{sym_name = "missing_end"}> ({
  "hal.executable.variant"() <{sym_name = "v", target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">}> ({
    "hal.executable.variant_end"() : () -> ()
  }) : () -> ()
}) : () -> ()
// CHECK: 'hal.executable' op {{.*}}terminates with operation hal.executable.variant instead of hal.executable_end

// -----

"hal.executable.source"() <{sym_name = "condition_returns_index"}> ({
  "hal.executable.export"() <{sym_name = "a", layout = #hal.pipeline.layout<bindings = []>, condition_fallback = @b}> ({
  }, {
  ^bb0(%device: !hal.device):
    %c = "arith.constant"() <{value = 1 : index}> : () -> index
    "hal.return"(%c) : (index) -> ()
  }) : () -> ()
  "hal.executable.export"() <{sym_name = "b", layout = #hal.pipeline.layout<bindings = []>}> ({}, {}) : () -> ()
  "hal.executable.source_end"() : () -> ()
}) : () -> ()
// CHECK: 'hal.executable.export' op condition region must return a boolean value

// -----

hal.executable.source @condition_args {
  hal.executable.export @a layout(<bindings = []>) condition(%n: index) -> i1 {
    %t = arith.constant true
    hal.return %t : i1
  } fallback(@b)
  hal.executable.export @b layout(<bindings = []>)
}
// CHECK: 'hal.executable.export' op expected condition region to take (%device: !hal.device, %workload_0: index, %workload_1: index, ...

// -----

hal.executable.source @condition_without_fallback {
  hal.executable.export @a layout(<bindings = []>) condition(%device: !hal.device) -> i1 {
    %t = arith.constant true
    hal.return %t : i1
  }
}
// CHECK: 'hal.executable.export' op must have a fallback if a condition region is defined

// -----

hal.executable.source @fallback_without_condition {
  hal.executable.export @a layout(<bindings = []>) fallback(@b)
  hal.executable.export @b layout(<bindings = []>)
}
// CHECK: 'hal.executable.export' op fallback must only be present if a condition region is defined

// -----

hal.executable.source @undefined_fallback {
  hal.executable.export @a layout(<bindings = []>) condition(%device: !hal.device) -> i1 {
    %t = arith.constant true
    hal.return %t : i1
  } fallback(@missing)
}
// CHECK: 'hal.executable.export' op undefined fallback entry point: @missing

// -----

func.func @binding_fields(%cmd: !hal.command_buffer, %exe: !hal.executable, %o: i64, %i: index) {
  "hal.command_buffer.dispatch"(%cmd, %exe, %o, %i, %i, %i, %i, %i) <{flags = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 1, 1, 0>}> : (!hal.command_buffer, !hal.executable, i64, index, index, index, index, index) -> ()
  func.return
}
// CHECK: 'hal.command_buffer.dispatch' op requires that binding fields all have the same number of elements

// -----

func.func @nested_lookup(%device: !hal.device) {
  %0 = hal.executable.lookup device(%device : !hal.device) executable(@exe::@vmvx) : !hal.executable
  func.return
}
// CHECK: 'hal.executable.lookup' op expected a flat symbol reference, got @exe::@vmvx

// -----

// Entry-point metadata the module file stores as uint32: refused at compile time, as the
// loader would refuse it.

hal.executable.source public @negative_workgroup_size {
  hal.executable.export public @f ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {workgroup_size = [-1 : index, 1 : index, 1 : index]}
  builtin.module {
  }
}
// CHECK: 'hal.executable.export' op workgroup_size must be at most 3 sizes in [1, 2^32), got [-1, 1, 1]

// -----

hal.executable.source public @huge_workgroup_size {
  hal.executable.export public @f ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {workgroup_size = [4294967296 : index, 1 : index, 1 : index]}
  builtin.module {
  }
}
// CHECK: 'hal.executable.export' op workgroup_size must be at most 3 sizes in [1, 2^32), got [4294967296, 1, 1]

// -----

hal.executable.source public @huge_local_memory {
  hal.executable.export public @f ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) attributes {workgroup_local_memory = 4294967296 : index}
  builtin.module {
  }
}
// CHECK: 'hal.executable.export' op workgroup_local_memory must be in [0, 2^32), got 4294967296


// -----

func.func @memory_types_without_usage(%a: !hal.allocator, %q: i64, %t: i32, %size: index) {
  %0 = "hal.allocator.allocate"(%a, %q, %t, %size) : (!hal.allocator, i64, i32, index) -> !hal.buffer
  func.return
}
// CHECK: 'hal.allocator.allocate' op hal.allocator.allocate takes both memory types and usage or neither

// -----

func.func @unknown_memory_type_bits() {
  %0 = "hal.memory_type"() <{type = 64 : i32}> : () -> i32
  func.return
}
// CHECK: 'hal.memory_type' op hal.memory_type: 64 is not a union of MemoryTypes
