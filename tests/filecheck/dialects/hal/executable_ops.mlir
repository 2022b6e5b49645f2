// RUN: pyvmvx-opt %s --split-input-file | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file | pyvmvx-opt --split-input-file | filecheck %s
// RUN: %pyvmvx-roundtrip | filecheck %s
// RUN: pyvmvx-opt %s --split-input-file --print-op-generic | filecheck %s --check-prefix=GENERIC

// A compiled-for-VMVX executable: a variant with a target, constant blocks, exports in every
// spelling IREE accepts, and the inner module. Exports always print as IREE 3.13 does: the full
// `#hal.pipeline.layout`, `condition`/`fallback`, the `count(...)` form, then the `<...>` property
// dictionary and `attributes {...}`; the implicit `*_end` terminators never print.

#layout = #hal.pipeline.layout<constants = 2, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
#vmvx = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>

// CHECK-LABEL: hal.executable private @saxpy {
// CHECK-NEXT:    hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>) {
// CHECK-NEXT:      hal.executable.constant.block(%[[DEV:.*]]: !hal.device) -> (i32, i32) as ("tile", "unroll") {
// CHECK-NEXT:        %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:        hal.return %[[C4]], %[[C4]] : i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      hal.executable.constant.block() -> i32 as "lanes" attributes {origin = "host"} {
// CHECK-NEXT:        %{{.*}} = arith.constant 8 : i32
// CHECK-NEXT:        hal.return %{{.*}} : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      hal.executable.constant.block(%{{.*}}: !hal.device) as () {
// CHECK-NEXT:        hal.return
// CHECK-NEXT:      }
// CHECK-NEXT:      hal.executable.export public @saxpy ordinal(0) layout(#hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) count(%[[D:.*]]: !hal.device, %[[W:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:        %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:        hal.return %[[W]], %[[ONE]], %[[ONE]] : index, index, index
// CHECK-NEXT:      } <workgroup_size = [1 : index, 1 : index, 1 : index], workgroup_local_memory = 8192>{{$}}
// CHECK-NEXT:      hal.executable.export public @bare_region ordinal(1) layout(#hal.pipeline.layout<{{.*}}>) count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK-NEXT:        %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:        hal.return %[[TWO]], %[[TWO]], %[[TWO]] : index, index, index
// CHECK-NEXT:      } <subgroup_size = 1>{{$}}
// CHECK-NEXT:      hal.executable.export public @angle_attrs ordinal(2) layout(#hal.pipeline.layout<{{.*}}>) count(%{{.*}}: !hal.device, %{{.*}}: index, %{{.*}}: index) -> (index, index, index) {
// CHECK:         } <workgroup_size = [4 : index, 1 : index, 1 : index]> attributes {tag = "mixed"}
// CHECK-NEXT:      hal.executable.export public @no_count ordinal(3) layout(#hal.pipeline.layout<{{.*}}>){{$}}
// CHECK-NEXT:      hal.executable.export private @plain layout(#hal.pipeline.layout<{{.*}}>) attributes {tag = "kept"}{{$}}
// CHECK-NEXT:      builtin.module {
// CHECK-NEXT:        func.func @saxpy() {
// CHECK-NEXT:          %{{.*}} = hal.interface.constant.load layout(<{{.*}}>) ordinal(0) : f32
// CHECK-NEXT:          %{{.*}} = hal.interface.constant.load layout(<{{.*}}>) ordinal(1) : index
// CHECK-NEXT:          %{{.*}} = hal.executable.constant.load "tile" : i32
// CHECK:               %{{.*}} = hal.interface.binding.subspan layout(<{{.*}}>) binding(0) alignment(64) flags(ReadOnly) : memref<?xf32>{%{{.*}}}
// CHECK-NEXT:          %{{.*}} = hal.interface.binding.subspan layout(<{{.*}}>) binding(1) alignment(64) : memref<?xf32>{%{{.*}}}
// CHECK:               func.return
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
hal.executable private @saxpy {
  hal.executable.variant public @vmvx_bytecode_fb target(#vmvx) {
    hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("tile", "unroll") {
      %c4 = arith.constant 4 : i32
      hal.return %c4, %c4 : i32, i32
    }
    hal.executable.constant.block() -> i32 as "lanes" attributes {origin = "host"} {
      %c8 = arith.constant 8 : i32
      hal.return %c8 : i32
    }
    hal.executable.constant.block(%device: !hal.device) as () {
      hal.return
    }
    hal.executable.export public @saxpy ordinal(0) layout(#layout) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %n, %c1, %c1 : index, index, index
    } attributes {workgroup_size = [1 : index, 1 : index, 1 : index], workgroup_local_memory = 8192 : index}
    // The older spelling: attributes before a region with an explicit entry block.
    hal.executable.export @bare_region ordinal(1) layout(#layout) attributes {subgroup_size = 1 : index} {
    ^bb0(%device: !hal.device):
      %c2 = arith.constant 2 : index
      hal.return %c2, %c2, %c2 : index, index, index
    }
    // The newest spelling of the inherent attributes.
    hal.executable.export public @angle_attrs ordinal(2) layout(#layout) count(%device: !hal.device, %x: index, %y: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %x, %y, %c1 : index, index, index
    } <workgroup_size = [4 : index, 1 : index, 1 : index]> attributes {tag = "mixed"}
    hal.executable.export @no_count ordinal(3) layout(#layout)
    hal.executable.export private @plain layout(#layout) attributes {tag = "kept"}
    builtin.module {
      func.func @saxpy() {
        %a = hal.interface.constant.load layout(#layout) ordinal(0) : f32
        %n = hal.interface.constant.load layout(#layout) ordinal(1) : index
        %tile = hal.executable.constant.load "tile" : i32
        %c0 = arith.constant 0 : index
        %x = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) flags(ReadOnly) : memref<?xf32>{%n}
        %y = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) : memref<?xf32>{%n}
        %id = hal.interface.workgroup.id[0] : index
        %xv = memref.load %x[%id] : memref<?xf32>
        %yv = memref.load %y[%id] : memref<?xf32>
        %ax = arith.mulf %a, %xv : f32
        %r = arith.addf %ax, %yv : f32
        memref.store %r, %y[%id] : memref<?xf32>
        func.return
      }
    }
  }
}

// -----

// Target-independent sources in the style of IREE's HAL conformance tests: push constants and
// bindings, two entry points, and a grid of workgroups that each write their id.

#two = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer>,
  #hal.pipeline.binding<storage_buffer>
]>

// CHECK-LABEL: hal.executable.source public @offsets {
// CHECK-NEXT:    hal.executable.export public @add_offset ordinal(0) layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>) count(%{{.*}}: !hal.device) -> (index, index, index) {
// CHECK:         } <workgroup_size = [1 : index, 1 : index, 1 : index]>{{$}}
// CHECK-NEXT:    hal.executable.export public @write_ids ordinal(1) layout(#hal.pipeline.layout<{{.*}}>) count(%{{.*}}: !hal.device, %{{.*}}: index) -> (index, index, index) {
// CHECK:         builtin.module {
// CHECK-NEXT:      func.func @add_offset() {
// CHECK-NEXT:        %{{.*}} = hal.interface.constant.load layout(<{{.*}}>) ordinal(0) : i32
// CHECK-NEXT:        %{{.*}} = hal.interface.binding.subspan layout(<{{.*}}>) binding(0) : memref<8xi32>
// CHECK-NEXT:        %{{.*}} = hal.interface.binding.subspan layout(<{{.*}}>) binding(1) : memref<8xi32>
// CHECK:           func.func @write_ids() {
// CHECK-NEXT:        %{{.*}} = hal.interface.binding.subspan layout(<{{.*}}>) binding(1) : memref<16xi32>
// CHECK-NEXT:        %{{.*}} = hal.interface.workgroup.id[0] : index
// CHECK-NEXT:        %{{.*}} = hal.interface.workgroup.count[0] : index
hal.executable.source public @offsets {
  hal.executable.export public @add_offset ordinal(0) layout(#two) count(%device: !hal.device) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %c1, %c1, %c1 : index, index, index
  } attributes {workgroup_size = [1 : index, 1 : index, 1 : index]}
  hal.executable.export public @write_ids ordinal(1) layout(#two) count(%device: !hal.device, %groups: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    hal.return %groups, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @add_offset() {
      %offset = hal.interface.constant.load layout(#two) ordinal(0) : i32
      %in = hal.interface.binding.subspan layout(#two) binding(0) : memref<8xi32>
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<8xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        %v = memref.load %in[%i] : memref<8xi32>
        %r = arith.addi %v, %offset : i32
        memref.store %r, %out[%i] : memref<8xi32>
      }
      func.return
    }
    func.func @write_ids() {
      %out = hal.interface.binding.subspan layout(#two) binding(1) : memref<16xi32>
      %id = hal.interface.workgroup.id[0] : index
      %count = hal.interface.workgroup.count[0] : index
      %id_i32 = arith.index_cast %id : index to i32
      memref.store %id_i32, %out[%id] : memref<16xi32>
      func.return
    }
  }
}

// -----

// Visibility spellings, linked objects and sources on variants, and objects on sources (a
// property, IREE 3.13's `<objects = <{...}>>`; the older attribute-dictionary spelling reads).

// CHECK-LABEL: hal.executable public @linked {
// CHECK-NEXT:    hal.executable.variant public @a target(<"vmvx", "vmvx-bytecode-fb">) objects([#hal.executable.object<{path = "ukernels.o"}>, #hal.executable.object<{path = "extra.o"}>]) sources({"src/lib.c" = "int f(void);"}) {
// CHECK-NEXT:    }
// CHECK-NEXT:    hal.executable.variant nested @b target(<"vmvx-inline", "vmvx-ir">) attributes {note = "second"} {
// CHECK-NEXT:      builtin.module {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  hal.executable.source private @with_objects <objects = <{#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "ukernels.o"}>]}>> {
// CHECK-NEXT:  }
// CHECK-NEXT:  hal.executable.source private @short_objects <objects = <{#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>]}>> attributes {note} {
// CHECK-NEXT:  }
hal.executable @linked {
  hal.executable.variant @a target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) objects([
    #hal.executable.object<{path = "ukernels.o"}>,
    #hal.executable.object<{path = "extra.o"}>
  ]) sources({"src/lib.c" = "int f(void);"}) {
  }
  hal.executable.variant nested @b target(<"vmvx-inline", "vmvx-ir">) attributes {note = "second"} {
    builtin.module {
    }
  }
}
hal.executable.source private @with_objects attributes {
  objects = #hal.executable.objects<{
    #hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "ukernels.o"}>]
  }>
} {
}
hal.executable.source private @short_objects <objects = <{#hal.executable.target<"vmvx", "vmvx-bytecode-fb"> = [#hal.executable.object<{path = "a.o"}>]}>> attributes {note} {
}

// -----

// IREE 3.13's conditional exports: a `condition` region over the device and workload picks the
// export, `fallback` names the one used otherwise. The generic form has both regions, count
// first.

// CHECK-LABEL: hal.executable.source public @conditional {
// CHECK-NEXT:    hal.executable.export public @fast ordinal(0) layout(#hal.pipeline.layout<bindings = []>) condition(%{{.*}}: !hal.device, %[[N:.*]]: index) -> i1 {
// CHECK-NEXT:      %{{.*}} = arith.constant 64 : index
// CHECK-NEXT:      %[[OK:.*]] = arith.cmpi uge, %[[N]], %{{.*}} : index
// CHECK-NEXT:      hal.return %[[OK]] : i1
// CHECK-NEXT:    } fallback(@slow) count(%{{.*}}: !hal.device, %[[W:.*]]: index) -> (index, index, index) {
// CHECK-NEXT:      hal.return %[[W]], %[[W]], %[[W]] : index, index, index
// CHECK-NEXT:    }
// CHECK-NEXT:    hal.executable.export public @slow ordinal(1) layout(#hal.pipeline.layout<bindings = []>){{$}}
// GENERIC:       "hal.executable.export"() <{{{.*}}condition_fallback = @slow{{.*}}}> ({
// GENERIC-NEXT:  ^{{.*}}(%{{.*}}: !hal.device, %{{.*}}: index):
// GENERIC-NEXT:    "hal.return"
// GENERIC-NEXT:  }, {
// GENERIC-NEXT:  ^{{.*}}(%{{.*}}: !hal.device, %{{.*}}: index):
// GENERIC:         "arith.cmpi"
hal.executable.source @conditional {
  hal.executable.export @fast ordinal(0) layout(#hal.pipeline.layout<bindings = []>) condition(%device: !hal.device, %n: index) -> i1 {
    %c64 = arith.constant 64 : index
    %ok = arith.cmpi uge, %n, %c64 : index
    hal.return %ok : i1
  } fallback(@slow) count(%device: !hal.device, %w: index) -> (index, index, index) {
    hal.return %w, %w, %w : index, index, index
  }
  hal.executable.export @slow ordinal(1) layout(#hal.pipeline.layout<bindings = []>)
}
