// RUN: pyvmvx-opt %s --split-input-file -p iree-codegen-vmvx-configuration-pipeline,iree-codegen-vmvx-lowering-pipeline | filecheck %s --check-prefix=CODEGEN
// RUN: pyvmvx-opt %s --split-input-file -p iree-vmvx-configuration-pipeline,iree-vmvx-transformation-pipeline | filecheck %s --check-prefix=VM
// RUN: not pyvmvx-opt %s --split-input-file -p 'iree-vmvx-configuration-pipeline{tile-policy=fast}' 2>&1 | filecheck %s --check-prefix=POLICY

// IREE's codegen pipelines by their names: with the variant's ukernels = "all", an i8 mmt4d
// becomes one mmt4d import call (the target's python tile policy leaves it undistributed); the transformation pipeline then gives a vm.module inside
// the variant. Host code outside executables is left alone.

#pl = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @mmt4d_i8 {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb", {ukernels = "all"}>) {
    hal.executable.export public @mmt4d_i8 ordinal(0) layout(#pl)
    builtin.module {
      func.func @mmt4d_i8() {
        %c0 = arith.constant 0 : index
        %lhs = hal.interface.binding.subspan layout(#pl) binding(0) offset(%c0) flags(ReadOnly) : memref<3x5x8x4xi8>
        %rhs = hal.interface.binding.subspan layout(#pl) binding(1) offset(%c0) flags(ReadOnly) : memref<7x5x8x4xi8>
        %out = hal.interface.binding.subspan layout(#pl) binding(2) offset(%c0) : memref<3x7x8x8xi32>
        linalg.mmt4d ins(%lhs, %rhs : memref<3x5x8x4xi8>, memref<7x5x8x4xi8>) outs(%out : memref<3x7x8x8xi32>)
        func.return
      }
    }
  }
}

// Host code outside executables is not touched by the codegen pipelines.
func.func @host(%n : index) -> index {
  func.return %n : index
}
// CODEGEN-LABEL: hal.executable.export public @mmt4d_i8
// CODEGEN:         func.func private @vmvx.mmt4d(
// CODEGEN-LABEL:   func.func @mmt4d_i8()
// CODEGEN-SAME:        translation_info = #iree_codegen.translation_info<pipeline = #iree_codegen.vmvx_pipeline>
// CODEGEN-NOT:       scf.for
// CODEGEN:             %flags = arith.constant 1794 : i32
// CODEGEN-NEXT:        func.call @vmvx.mmt4d(
// CODEGEN-NOT:       linalg.mmt4d
// CODEGEN:       func.func @host(%n: index) -> index {
// CODEGEN-NEXT:    func.return %n : index
// VM-LABEL:      hal.executable.variant public @vmvx_bytecode_fb
// VM:              builtin.module attributes {vm.toplevel} {
// VM-NEXT:           vm.module @module {
// VM-NEXT:             vm.func private @mmt4d_i8(
// VM:                    %flags = vm.const.i32 1794
// VM:                    vm.call @vmvx.mmt4d(
// VM:                  vm.export @mmt4d_i8
// VM-NEXT:             vm.import private @vmvx.mmt4d(
// VM:            func.func @host(%n: index) -> index {
// VM-NEXT:         func.return %n : index
// POLICY: error: iree-vmvx-select-lowering-strategy: unknown tile policy 'fast' (expected one of: iree, python)

// -----

// A bare module of dispatch functions (no executable, no target: no ukernels) also goes to
// VM code.

#pl = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @scale() {
  %c0 = arith.constant 0 : index
  %bits = hal.interface.constant.load layout(#pl) ordinal(0) : i32
  %factor = arith.bitcast %bits : i32 to f32
  %buf = hal.interface.binding.subspan layout(#pl) binding(0) offset(%c0) : memref<16xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%buf : memref<16xf32>) {
  ^bb0(%x: f32):
    %y = arith.mulf %x, %factor : f32
    linalg.yield %y : f32
  }
  func.return
}
// CODEGEN-LABEL: func.func @scale()
// CODEGEN:         scf.for
// CODEGEN:           scf.for
// CODEGEN:             memref.load
// CODEGEN-NEXT:        arith.mulf
// CODEGEN-NEXT:        memref.store
// VM:            vm.module @module {
// VM-NEXT:         vm.func private @scale(
// VM:                vm.buffer.load.i32 %constants
// VM:                %[[BUF:.*]] = vm.list.get.ref %bindings
// VM:                %x = vm.buffer.load.f32 %[[BUF]]
// VM-NEXT:           %y = vm.mul.f32 %x, %factor : f32
// VM:                vm.buffer.store.f32 %y, %[[BUF]]
// VM:              vm.export @scale
