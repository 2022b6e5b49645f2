// A whole program written by hand: a host `vm.module` calling the runtime `hal` module (the
// imports of pyvmvx/dialects/hal_imports.mlir, IREE 3.13's syntax) and one memref-level
// executable. Host functions follow IREE's ABI: buffer views in and out, described by their
// `iree.abi.declaration`.
//
// @main(x: ?x4xf32, b: 4xf32) -> x + b: asserts its inputs as IREE's host code does,
//   allocates the result, dispatches @add_bias with the row count as a push constant and
//   returns a view of the result; more than 1000 rows fail with a vm.cond_fail.
// @assemble(x: 3xi32) -> ([7, 7, x0, x1, x2, 7, 100, 200], 3): fill, copy from the input and
//   from rodata imported in place, and a rank-0 result of the element count.
#layout = #hal.pipeline.layout<constants = 1, bindings = [
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer, ReadOnly>,
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @add_bias {
  hal.executable.export public @add_bias ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %one = arith.constant 1 : index
    hal.return %one, %one, %one : index, index, index
  } attributes {workgroup_size = [1 : index, 1 : index, 1 : index]}
  builtin.module {
    func.func @add_bias() {
      %n_i32 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
      %n = arith.index_castui %n_i32 : i32 to index
      %x = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?x4xf32>{%n}
      %b = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4xf32>
      %y = hal.interface.binding.subspan layout(#layout) binding(2) : memref<?x4xf32>{%n}
      linalg.generic {
          indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                           affine_map<(i, j) -> (i, j)>],
          iterator_types = ["parallel", "parallel"]}
          ins(%x, %b : memref<?x4xf32>, memref<4xf32>) outs(%y : memref<?x4xf32>) {
      ^bb0(%xe: f32, %be: f32, %ye: f32):
        %s = arith.addf %xe, %be : f32
        linalg.yield %s : f32
      }
      return
    }
  }
}

vm.module @program {
  vm.global.ref private mutable @executable : !vm.ref<!hal.executable>
  vm.rodata private @weights dense<[100, 200]> : tensor<2xi32>

  vm.initializer {
    %device = vm.call @hal.ex.shared_device() : () -> !vm.ref<!hal.device>
    %affinity = vm.const.i64 -1
    %format = vm.rodata.inline : !vm.buffer = "vmvx-bytecode-fb"
    %name = vm.rodata.inline : !vm.buffer = "add_bias"
    %no_constants = vm.const.ref.zero : !vm.buffer
    %executable = vm.call @hal.executable.create(%device, %affinity, %format, %name, %no_constants) : (!vm.ref<!hal.device>, i64, !vm.buffer, !vm.buffer, !vm.buffer) -> !vm.ref<!hal.executable>
    vm.global.store.ref %executable, @executable : !vm.ref<!hal.executable>
    vm.return
  }

  vm.func @main(%x: !vm.ref<!hal.buffer_view>, %b: !vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer_view>
      attributes {iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<?x4xf32>, %input1: tensor<4xf32>) -> (%output0: tensor<?x4xf32>)"}} {
    %zero = vm.const.i32.zero
    %one = vm.const.i32 1
    %f32 = vm.const.i32 553648160
    %c4 = vm.const.i64 4
    %c16 = vm.const.i64 16
    %rows = vm.call @hal.buffer_view.dim(%x, %zero) : (!vm.ref<!hal.buffer_view>, i32) -> i64
    %limit = vm.const.i64 1000
    %too_many = vm.cmp.lt.i64.s %limit, %rows : i64
    %status = vm.const.i32 3
    vm.cond_fail %too_many, %status, "main: more than 1000 rows"
    %x_name = vm.rodata.inline : !vm.buffer = "input0"
    vm.call.variadic @hal.buffer_view.assert(%x, %x_name, %f32, %one, [%rows, %c4]) : (!vm.ref<!hal.buffer_view>, !vm.buffer, i32, i32, i64 ...)
    %b_name = vm.rodata.inline : !vm.buffer = "input1"
    vm.call.variadic @hal.buffer_view.assert(%b, %b_name, %f32, %one, [%c4]) : (!vm.ref<!hal.buffer_view>, !vm.buffer, i32, i32, i64 ...)
    %x_buffer = vm.call @hal.buffer_view.buffer(%x) : (!vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer>
    %b_buffer = vm.call @hal.buffer_view.buffer(%b) : (!vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer>
    %size = vm.mul.i64 %rows, %c16 : i64
    %device = vm.call @hal.ex.shared_device() : () -> !vm.ref<!hal.device>
    %allocator = vm.call @hal.device.allocator(%device) : (!vm.ref<!hal.device>) -> !vm.ref<!hal.allocator>
    %affinity = vm.const.i64 -1
    %memory = vm.const.i32 48
    %usage = vm.const.i32 3075
    %y_buffer = vm.call @hal.allocator.allocate(%allocator, %affinity, %memory, %usage, %size) : (!vm.ref<!hal.allocator>, i64, i32, i32, i64) -> !vm.ref<!hal.buffer>
    %executable = vm.global.load.ref @executable : !vm.ref<!hal.executable>
    %entry_name = vm.rodata.inline : !vm.buffer = "add_bias"
    %entry = vm.call @hal.executable.lookup.function(%executable, %entry_name) : (!vm.ref<!hal.executable>, !vm.buffer) -> i64
    %modes = vm.const.i32 1
    %categories = vm.const.i32 3
    %commands = vm.call @hal.command_buffer.create(%device, %modes, %categories, %affinity, %zero) : (!vm.ref<!hal.device>, i32, i32, i64, i32) -> !vm.ref<!hal.command_buffer>
    %rows_i32 = vm.trunc.i64.i32 %rows : i64 -> i32
    %offset = vm.const.i64 0
    %flags = vm.const.i64 0
    vm.call.variadic @hal.command_buffer.dispatch(%commands, %executable, %entry, %one, %one, %one, %flags, [%rows_i32], [(%zero, %zero, %x_buffer, %offset, %size), (%zero, %zero, %b_buffer, %offset, %c16), (%zero, %zero, %y_buffer, %offset, %size)]) : (!vm.ref<!hal.command_buffer>, !vm.ref<!hal.executable>, i64, i32, i32, i32, i64, i32 ..., tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...)
    %source_stages = vm.const.i32 28
    %target_stages = vm.const.i32 13
    vm.call @hal.command_buffer.execution_barrier(%commands, %source_stages, %target_stages, %flags) : (!vm.ref<!hal.command_buffer>, i32, i32, i64) -> ()
    vm.call @hal.command_buffer.finalize(%commands) : (!vm.ref<!hal.command_buffer>) -> ()
    vm.call @hal.ex.submit_and_wait(%device, %commands) : (!vm.ref<!hal.device>, !vm.ref<!hal.command_buffer>) -> ()
    %y = vm.call.variadic @hal.buffer_view.create(%y_buffer, %offset, %size, %f32, %one, [%rows, %c4]) : (!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64 ...) -> !vm.ref<!hal.buffer_view>
    vm.return %y : !vm.ref<!hal.buffer_view>
  }
  vm.export @main

  vm.func @assemble(%x: !vm.ref<!hal.buffer_view>) -> (!vm.ref<!hal.buffer_view>, !vm.ref<!hal.buffer_view>)
      attributes {iree.reflection = {iree.abi.declaration = "sync func @assemble(%input0: tensor<3xi32>) -> (%output0: tensor<8xi32>, %output1: tensor<i32>)"}} {
    %zero = vm.const.i32.zero
    %one = vm.const.i32 1
    %c4 = vm.const.i32 4
    %i32 = vm.const.i32 268435488
    %c0 = vm.const.i64 0
    %c3 = vm.const.i64 3
    %c4_64 = vm.const.i64 4
    %c8 = vm.const.i64 8
    %c12 = vm.const.i64 12
    %c24 = vm.const.i64 24
    %c32 = vm.const.i64 32
    %x_name = vm.rodata.inline : !vm.buffer = "input0"
    vm.call.variadic @hal.buffer_view.assert(%x, %x_name, %i32, %one, [%c3]) : (!vm.ref<!hal.buffer_view>, !vm.buffer, i32, i32, i64 ...)
    %x_buffer = vm.call @hal.buffer_view.buffer(%x) : (!vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer>
    %device_count = vm.call @hal.devices.count() : () -> i32
    %last_device = vm.sub.i32 %device_count, %one : i32
    %device = vm.call @hal.devices.get(%last_device) : (i32) -> !vm.ref<!hal.device>
    %allocator = vm.call @hal.device.allocator(%device) : (!vm.ref<!hal.device>) -> !vm.ref<!hal.allocator>
    %memory = vm.const.i32 48
    %usage = vm.const.i32 3075
    %out = vm.call @hal.allocator.allocate(%allocator, %c0, %memory, %usage, %c32) : (!vm.ref<!hal.allocator>, i64, i32, i32, i64) -> !vm.ref<!hal.buffer>
    %count_buffer = vm.call @hal.allocator.allocate(%allocator, %c0, %memory, %usage, %c4_64) : (!vm.ref<!hal.allocator>, i64, i32, i32, i64) -> !vm.ref<!hal.buffer>
    %weights = vm.const.ref.rodata @weights : !vm.buffer
    %weights_buffer = vm.call @hal.allocator.import(%allocator, %one, %c0, %memory, %usage, %weights, %c0, %c8) : (!vm.ref<!hal.allocator>, i32, i64, i32, i32, !vm.buffer, i64, i64) -> !vm.ref<!hal.buffer>
    %x_bytes = vm.call @hal.buffer.length(%x_buffer) : (!vm.ref<!hal.buffer>) -> i64
    %x_count = vm.div.i64.s %x_bytes, %c4_64 : i64
    %tail = vm.call @hal.buffer.subspan(%out, %c24, %c8) : (!vm.ref<!hal.buffer>, i64, i64) -> !vm.ref<!hal.buffer>
    %commands = vm.call @hal.command_buffer.create(%device, %one, %one, %c0, %zero) : (!vm.ref<!hal.device>, i32, i32, i64, i32) -> !vm.ref<!hal.command_buffer>
    %seven = vm.const.i64 7
    vm.call @hal.command_buffer.fill_buffer(%commands, %out, %c0, %c32, %zero, %seven, %c4, %c0) : (!vm.ref<!hal.command_buffer>, !vm.ref<!hal.buffer>, i64, i64, i32, i64, i32, i64) -> ()
    vm.call @hal.command_buffer.fill_buffer(%commands, %count_buffer, %c0, %c4_64, %zero, %x_count, %c4, %c0) : (!vm.ref<!hal.command_buffer>, !vm.ref<!hal.buffer>, i64, i64, i32, i64, i32, i64) -> ()
    vm.call @hal.command_buffer.copy_buffer(%commands, %zero, %zero, %x_buffer, %c0, %out, %c8, %c12, %c0) : (!vm.ref<!hal.command_buffer>, i32, i32, !vm.ref<!hal.buffer>, i64, !vm.ref<!hal.buffer>, i64, i64, i64) -> ()
    vm.call @hal.command_buffer.copy_buffer(%commands, %zero, %zero, %weights_buffer, %c0, %tail, %c0, %c8, %c0) : (!vm.ref<!hal.command_buffer>, i32, i32, !vm.ref<!hal.buffer>, i64, !vm.ref<!hal.buffer>, i64, i64, i64) -> ()
    vm.call @hal.command_buffer.finalize(%commands) : (!vm.ref<!hal.command_buffer>) -> ()
    vm.call @hal.ex.submit_and_wait(%device, %commands) : (!vm.ref<!hal.device>, !vm.ref<!hal.command_buffer>) -> ()
    %y = vm.call.variadic @hal.buffer_view.create(%out, %c0, %c32, %i32, %one, [%c8]) : (!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64 ...) -> !vm.ref<!hal.buffer_view>
    %count = vm.call.variadic @hal.buffer_view.create(%count_buffer, %c0, %c4_64, %i32, %one, []) : (!vm.ref<!hal.buffer>, i64, i64, i32, i32, i64 ...) -> !vm.ref<!hal.buffer_view>
    vm.return %y, %count : !vm.ref<!hal.buffer_view>, !vm.ref<!hal.buffer_view>
  }
  vm.export @assemble

  vm.import private @hal.ex.shared_device() -> !vm.ref<!hal.device>
  vm.import private @hal.ex.submit_and_wait(%device : !vm.ref<!hal.device>, %command_buffer : !vm.ref<!hal.command_buffer>)
  vm.import private @hal.devices.count() -> i32
  vm.import private @hal.devices.get(%index : i32) -> !vm.ref<!hal.device>
  vm.import private @hal.device.allocator(%device : !vm.ref<!hal.device>) -> !vm.ref<!hal.allocator>
  vm.import private @hal.allocator.allocate(%allocator : !vm.ref<!hal.allocator>, %queue_affinity : i64, %memory_types : i32, %buffer_usage : i32, %allocation_size : i64) -> !vm.ref<!hal.buffer>
  vm.import private @hal.allocator.import(%allocator : !vm.ref<!hal.allocator>, %try : i32, %queue_affinity : i64, %memory_types : i32, %buffer_usage : i32, %source : !vm.buffer, %offset : i64, %length : i64) -> !vm.ref<!hal.buffer>
  vm.import private @hal.buffer.length(%buffer : !vm.ref<!hal.buffer>) -> i64
  vm.import private @hal.buffer.subspan(%source_buffer : !vm.ref<!hal.buffer>, %source_offset : i64, %length : i64) -> !vm.ref<!hal.buffer>
  vm.import private @hal.buffer_view.create(%buffer : !vm.ref<!hal.buffer>, %source_offset : i64, %source_length : i64, %element_type : i32, %encoding_type : i32, %shape : i64 ...) -> !vm.ref<!hal.buffer_view>
  vm.import private @hal.buffer_view.assert(%buffer_view : !vm.ref<!hal.buffer_view>, %message : !vm.buffer, %element_type : i32, %encoding_type : i32, %shape : i64 ...)
  vm.import private @hal.buffer_view.buffer(%buffer_view : !vm.ref<!hal.buffer_view>) -> !vm.ref<!hal.buffer>
  vm.import private @hal.buffer_view.dim(%buffer_view : !vm.ref<!hal.buffer_view>, %index : i32) -> i64
  vm.import private @hal.command_buffer.create(%device : !vm.ref<!hal.device>, %modes : i32, %command_categories : i32, %queue_affinity : i64, %binding_capacity : i32) -> !vm.ref<!hal.command_buffer>
  vm.import private @hal.command_buffer.finalize(%command_buffer : !vm.ref<!hal.command_buffer>)
  vm.import private @hal.command_buffer.execution_barrier(%command_buffer : !vm.ref<!hal.command_buffer>, %source_stage_mask : i32, %target_stage_mask : i32, %flags : i64)
  vm.import private @hal.command_buffer.fill_buffer(%command_buffer : !vm.ref<!hal.command_buffer>, %target_buffer : !vm.ref<!hal.buffer>, %target_offset : i64, %length : i64, %target_buffer_slot : i32, %pattern : i64, %pattern_length : i32, %flags : i64)
  vm.import private @hal.command_buffer.copy_buffer(%command_buffer : !vm.ref<!hal.command_buffer>, %source_buffer_slot : i32, %target_buffer_slot : i32, %source_buffer : !vm.ref<!hal.buffer>, %source_offset : i64, %target_buffer : !vm.ref<!hal.buffer>, %target_offset : i64, %length : i64, %flags : i64)
  vm.import private @hal.command_buffer.dispatch(%command_buffer : !vm.ref<!hal.command_buffer>, %executable : !vm.ref<!hal.executable>, %function_id : i64, %workgroup_x : i32, %workgroup_y : i32, %workgroup_z : i32, %flags : i64, %constants : i32 ..., %bindings : tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...)
  vm.import private @hal.executable.create(%device : !vm.ref<!hal.device>, %queue_affinity : i64, %executable_format : !vm.buffer, %executable_data : !vm.buffer, %constants : !vm.buffer) -> !vm.ref<!hal.executable>
  vm.import private @hal.executable.lookup.function(%executable : !vm.ref<!hal.executable>, %function_name : !vm.buffer) -> i64
}
