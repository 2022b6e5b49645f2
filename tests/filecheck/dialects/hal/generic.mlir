// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | pyvmvx-opt --split-input-file | filecheck %s

// The generic form as iree-opt prints it: inherent attributes are properties (in any order),
// descriptor flags are an i32 bit set, the operand segments of the subspan are explicit and
// symbol containers end with their `*_end` terminator.

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>

"func.func"() <{function_type = (index, index) -> (), sym_name = "interface"}> ({
^bb0(%offset: index, %n: index):
  %0 = "hal.interface.binding.subspan"(%offset, %n) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #layout, operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32>
  %1 = "hal.interface.binding.subspan"() <{binding = 1 : index, layout = #layout, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xi32>
  %2 = "hal.interface.constant.load"() <{layout = #layout, ordinal = 0 : index}> : () -> i32
  %3 = "hal.interface.workgroup.id"() <{dimension = 1 : index, upper_bound = 8 : index}> : () -> index
  %4 = "hal.interface.workgroup.count"() <{dimension = 0 : index}> : () -> index
  %5 = "hal.interface.workgroup.size"() <{dimension = 2 : index}> : () -> index
  %6 = "hal.executable.constant.load"() <{key = "k"}> : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// CHECK-LABEL: func.func @interface(
// CHECK-NEXT:    hal.interface.binding.subspan layout(<{{.*}}>) binding(0) alignment(64) offset(%{{.*}}) flags("ReadOnly|Indirect") : memref<?xf32>{%{{.*}}}
// CHECK-NEXT:    hal.interface.binding.subspan layout(<{{.*}}>) binding(1) : memref<4xi32>
// CHECK-NEXT:    hal.interface.constant.load layout(<{{.*}}>) ordinal(0) : i32
// CHECK-NEXT:    hal.interface.workgroup.id[1] upper_bound 8 : index
// CHECK-NEXT:    hal.interface.workgroup.count[0] : index
// CHECK-NEXT:    hal.interface.workgroup.size[2] : index
// CHECK-NEXT:    hal.executable.constant.load "k" : i32

// GENERIC-LABEL: "func.func"
// GENERIC:      "hal.interface.binding.subspan"(%{{.*}}, %{{.*}}) <{alignment = 64 : index, binding = 0 : index, descriptor_flags = 3 : i32, layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>, operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32>
// GENERIC-NEXT: "hal.interface.binding.subspan"() <{binding = 1 : index, layout = #hal.pipeline.layout<{{.*}}>, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xi32>
// GENERIC-NEXT: "hal.interface.constant.load"() <{layout = #hal.pipeline.layout<{{.*}}>, ordinal = 0 : index}> : () -> i32
// GENERIC-NEXT: "hal.interface.workgroup.id"() <{dimension = 1 : index, upper_bound = 8 : index}> : () -> index
// GENERIC-NEXT: "hal.interface.workgroup.count"() <{dimension = 0 : index}> : () -> index
// GENERIC-NEXT: "hal.interface.workgroup.size"() <{dimension = 2 : index}> : () -> index
// GENERIC-NEXT: "hal.executable.constant.load"() <{key = "k"}> : () -> i32

// -----

"hal.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
  "hal.executable.variant"() <{sym_name = "vmvx", target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">}> ({
    "hal.executable.constant.block"() <{function_type = (!hal.device) -> i32, keys = ["c"]}> ({
    ^bb0(%device: !hal.device):
      %c = "arith.constant"() <{value = 3 : i32}> : () -> i32
      "hal.return"(%c) : (i32) -> ()
    }) : () -> ()
    "hal.executable.export"() <{layout = #hal.pipeline.layout<bindings = []>, ordinal = 0 : index, sym_name = "e", sym_visibility = "public", workgroup_size = [1 : index, 1 : index, 1 : index]}> ({
    ^bb0(%device: !hal.device, %w: index):
      "hal.return"(%w, %w, %w) : (index, index, index) -> ()
    }, {
    }) : () -> ()
    "builtin.module"() ({
    ^bb0:
    }) : () -> ()
    "hal.executable.variant_end"() : () -> ()
  }) : () -> ()
  "hal.executable_end"() : () -> ()
}) : () -> ()

// CHECK-LABEL: hal.executable private @ex {
// CHECK-NEXT:    hal.executable.variant public @vmvx target(<"vmvx", "vmvx-bytecode-fb">) {
// CHECK-NEXT:      hal.executable.constant.block(%{{.*}}: !hal.device) -> i32 as "c" {
// CHECK:           hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = []>) count(%{{.*}}: !hal.device, %[[W:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:        hal.return %[[W]], %[[W]], %[[W]] : index, index, index
// CHECK-NEXT:      } <workgroup_size = [1 : index, 1 : index, 1 : index]>{{$}}
// CHECK-NEXT:      builtin.module {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   _end

// GENERIC-LABEL: "hal.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
// GENERIC:         "hal.executable.constant.block"() <{function_type = (!hal.device) -> i32, keys = ["c"]}> ({
// GENERIC:         "hal.executable.export"() <{
// GENERIC-SAME:      workgroup_size = [1 : index, 1 : index, 1 : index]
// GENERIC:             "hal.return"
// GENERIC-NEXT:      }, {
// GENERIC-NEXT:      }) : () -> ()
// GENERIC:           "hal.executable.variant_end"() : () -> ()
// GENERIC-NEXT:    }) : () -> ()
// GENERIC-NEXT:    "hal.executable_end"() : () -> ()

// -----

// A custom-form source gets its terminator implicitly; the generic form shows it.

hal.executable.source @src {
}

// CHECK-LABEL: hal.executable.source public @src {
// CHECK-NEXT:  }
// GENERIC-LABEL: "hal.executable.source"() <{sym_name = "src"}> ({
// GENERIC-NEXT:    "hal.executable.source_end"() : () -> ()
// GENERIC-NEXT:  }) : () -> ()
