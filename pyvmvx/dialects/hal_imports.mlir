// pyvmvx's `hal` runtime module imports for host programs, in IREE's `vm.import` syntax.
//
// Names, argument order and types are IREE 3.13's (`hal.imports.mlir`) for the synchronous
// subset pyvmvx runs; `ex.shared_device` and `ex.submit_and_wait` are IREE's former
// experimental exports, which replace 3.13's queues and fences here. The runtime's `hal`
// module (`pyvmvx/runtime/modules/hal_host.py`) implements one export per import, and
// tests/unit/test_import_registry.py checks that both agree in names and calling conventions.
// What the runtime does differently from IREE (one device, ignored memory types and flags,
// executables named by symbol, no binding tables) is listed in hal_host.py's docstring.
vm.module @hal {

// Experimental: the local device, and a blocking submission of a finalized command buffer.
vm.import private @ex.shared_device() -> !vm.ref<!hal.device>
attributes {nosideeffects}

vm.import private @ex.submit_and_wait(
  %device : !vm.ref<!hal.device>,
  %command_buffer : !vm.ref<!hal.command_buffer>
)

// iree_hal_allocator_t: a zero-filled buffer; a `!vm.buffer` range used in place.
vm.import private @allocator.allocate(
  %allocator : !vm.ref<!hal.allocator>,
  %queue_affinity : i64,
  %memory_types : i32,
  %buffer_usage : i32,
  %allocation_size : i64
) -> !vm.ref<!hal.buffer>

vm.import private @allocator.import(
  %allocator : !vm.ref<!hal.allocator>,
  %try : i32,
  %queue_affinity : i64,
  %memory_types : i32,
  %buffer_usage : i32,
  %source : !vm.buffer,
  %offset : i64,
  %length : i64
) -> !vm.ref<!hal.buffer>

// iree_hal_buffer_t
vm.import private @buffer.assert(
  %buffer : !vm.ref<!hal.buffer>,
  %message : !vm.buffer,
  %allocator : !vm.ref<!hal.allocator>,
  %minimum_length : i64,
  %memory_types : i32,
  %buffer_usage : i32
)

vm.import private @buffer.subspan(
  %source_buffer : !vm.ref<!hal.buffer>,
  %source_offset : i64,
  %length : i64
) -> !vm.ref<!hal.buffer>
attributes {nosideeffects}

vm.import private @buffer.length(
  %buffer : !vm.ref<!hal.buffer>
) -> i64
attributes {nosideeffects}

vm.import private @buffer.load(
  %source_buffer : !vm.ref<!hal.buffer>,
  %source_offset : i64,
  %length : i32
) -> i32

vm.import private @buffer.store(
  %value : i32,
  %target_buffer : !vm.ref<!hal.buffer>,
  %target_offset : i64,
  %length : i32
)

// iree_hal_buffer_view_t
vm.import private @buffer_view.create(
  %buffer : !vm.ref<!hal.buffer>,
  %source_offset : i64,
  %source_length : i64,
  %element_type : i32,
  %encoding_type : i32,
  %shape : i64 ...
) -> !vm.ref<!hal.buffer_view>
attributes {nosideeffects}

vm.import private @buffer_view.assert(
  %buffer_view : !vm.ref<!hal.buffer_view>,
  %message : !vm.buffer,
  %element_type : i32,
  %encoding_type : i32,
  %shape : i64 ...
)

vm.import private @buffer_view.buffer(
  %buffer_view : !vm.ref<!hal.buffer_view>
) -> !vm.ref<!hal.buffer>
attributes {nosideeffects}

vm.import private @buffer_view.element_type(
  %buffer_view : !vm.ref<!hal.buffer_view>
) -> i32
attributes {nosideeffects}

vm.import private @buffer_view.encoding_type(
  %buffer_view : !vm.ref<!hal.buffer_view>
) -> i32
attributes {nosideeffects}

vm.import private @buffer_view.rank(
  %buffer_view : !vm.ref<!hal.buffer_view>
) -> i32
attributes {nosideeffects}

vm.import private @buffer_view.dim(
  %buffer_view : !vm.ref<!hal.buffer_view>,
  %index : i32
) -> i64
attributes {nosideeffects}

// iree_hal_command_buffer_t: commands are recorded, and run by ex.submit_and_wait.
vm.import private @command_buffer.create(
  %device : !vm.ref<!hal.device>,
  %modes : i32,
  %command_categories : i32,
  %queue_affinity : i64,
  %binding_capacity : i32
) -> !vm.ref<!hal.command_buffer>

vm.import private @command_buffer.finalize(
  %command_buffer : !vm.ref<!hal.command_buffer>
)

vm.import private @command_buffer.execution_barrier(
  %command_buffer : !vm.ref<!hal.command_buffer>,
  %source_stage_mask : i32,
  %target_stage_mask : i32,
  %flags : i64
)

vm.import private @command_buffer.fill_buffer(
  %command_buffer : !vm.ref<!hal.command_buffer>,
  %target_buffer : !vm.ref<!hal.buffer>,
  %target_offset : i64,
  %length : i64,
  %target_buffer_slot : i32,
  %pattern : i64,
  %pattern_length : i32,
  %flags : i64
)

vm.import private @command_buffer.copy_buffer(
  %command_buffer : !vm.ref<!hal.command_buffer>,
  %source_buffer_slot : i32,
  %target_buffer_slot : i32,
  %source_buffer : !vm.ref<!hal.buffer>,
  %source_offset : i64,
  %target_buffer : !vm.ref<!hal.buffer>,
  %target_offset : i64,
  %length : i64,
  %flags : i64
)

vm.import private @command_buffer.dispatch(
  %command_buffer : !vm.ref<!hal.command_buffer>,
  %executable : !vm.ref<!hal.executable>,
  %function_id : i64,
  %workgroup_x : i32,
  %workgroup_y : i32,
  %workgroup_z : i32,
  %flags : i64,
  %constants : i32 ...,
  // <reserved, slot, buffer, offset, length>
  %bindings : tuple<i32, i32, !vm.ref<!hal.buffer>, i64, i64> ...
)

// iree_hal_device_t
vm.import private @device.allocator(
  %device : !vm.ref<!hal.device>
) -> !vm.ref<!hal.allocator>
attributes {nosideeffects}

vm.import private @devices.count() -> i32
attributes {nosideeffects}

vm.import private @devices.get(%index : i32) -> !vm.ref<!hal.device>
attributes {nosideeffects}

// iree_hal_executable_t: the data is the symbol name of an executable of the module file.
vm.import private @executable.create(
  %device : !vm.ref<!hal.device>,
  %queue_affinity : i64,
  %executable_format : !vm.buffer,
  %executable_data : !vm.buffer,
  %constants : !vm.buffer
) -> !vm.ref<!hal.executable>
attributes {nosideeffects}

vm.import private @executable.lookup.function(
  %executable : !vm.ref<!hal.executable>,
  %function_name : !vm.buffer
) -> i64
attributes {nosideeffects}

}
