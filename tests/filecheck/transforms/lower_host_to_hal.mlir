// RUN: pyvmvx-opt %s -p pyvmvx-lower-host-to-hal,canonicalize,cse | filecheck %s

// A function on tensors becomes host code on buffer views in the nested host module: its
// argument is asserted and its buffer taken; the dispatch's result is allocated, its grid
// is the export's count region evaluated on the workload, the push constants are the
// index operands as i32, the bindings are the argument's and the result's buffers; a
// reshape is a view; the result is a new buffer view with IREE's reflection.

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
hal.executable @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @ex_generic ordinal(0) layout(#layout) count(%device: !hal.device, %w: index) -> (index, index, index) {
      %c64 = arith.constant 64 : index
      %x = arith.ceildivui %w, %c64 : index
      %one = arith.constant 1 : index
      hal.return %x, %one, %one : index, index, index
    }
    builtin.module {
    }
  }
}

// CHECK-LABEL: builtin.module @module {
// CHECK-NEXT:    func.func @main(%[[VIEW:.*]]: !hal.buffer_view) -> !hal.buffer_view attributes {iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<?x4xf32>) -> (%output0: tensor<?x2xf32>)"}} {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[DEVICE:.*]] = hal.devices.get %[[C0]] : !hal.device
// CHECK-NEXT:      %[[ALLOCATOR:.*]] = hal.device.allocator<%[[DEVICE]] : !hal.device> : !hal.allocator
// CHECK-NEXT:      %[[AFFINITY:.*]] = arith.constant -1 : i64
// CHECK-NEXT:      %[[MEMORY:.*]] = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
// CHECK-NEXT:      %[[USAGE:.*]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
// CHECK-NEXT:      %[[N:.*]] = hal.buffer_view.dim<%[[VIEW]] : !hal.buffer_view>[0] : index
// CHECK-NEXT:      %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:      %[[F32:.*]] = arith.constant 553648160 : i32
// CHECK-NEXT:      %[[DENSE:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      hal.buffer_view.assert<%[[VIEW]] : !hal.buffer_view> message("input0") shape([%[[N]], %[[C4]]]) type(%[[F32]]) encoding(%[[DENSE]])
// CHECK-NEXT:      %[[BUFFER:.*]] = hal.buffer_view.buffer<%[[VIEW]] : !hal.buffer_view> : !hal.buffer
// CHECK-NEXT:      %[[ROW:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK-NEXT:      %[[SIZE:.*]] = arith.muli %[[ROW]], %[[C4]] : index
// CHECK-NEXT:      %[[RESULT:.*]] = hal.allocator.allocate<%[[ALLOCATOR]] : !hal.allocator> affinity(%[[AFFINITY]]) type(%[[MEMORY]]) usage(%[[USAGE]]) : !hal.buffer{%[[SIZE]]}
// CHECK-NEXT:      %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT:      %[[X:.*]] = arith.ceildivui %[[N]], %[[C64]] : index
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:      %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK-NEXT:      %[[CMD:.*]] = hal.command_buffer.create device(%[[DEVICE]] : !hal.device) mode(OneShot) categories(Dispatch) affinity(%[[AFFINITY]]) : !hal.command_buffer
// CHECK-NEXT:      %[[EXE:.*]] = hal.executable.lookup device(%[[DEVICE]] : !hal.device) executable(@ex) : !hal.executable
// CHECK-NEXT:      %[[ORDINAL:.*]] = arith.constant 0 : i64
// CHECK-NEXT:      hal.command_buffer.dispatch<%[[CMD]] : !hal.command_buffer> target(%[[EXE]] : !hal.executable)[%[[ORDINAL]]] workgroups([%[[X]], %[[ONE]], %[[ONE]]]) constants([%[[N32]]]) bindings([(%[[BUFFER]] : !hal.buffer)[%[[C0]], %[[SIZE]]], (%[[RESULT]] : !hal.buffer)[%[[C0]], %[[SIZE]]]]) flags("None")
// CHECK-NEXT:      hal.command_buffer.finalize<%[[CMD]] : !hal.command_buffer>
// CHECK-NEXT:      hal.ex.submit_and_wait %[[DEVICE]], %[[CMD]]
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[ROWS:.*]] = arith.muli %[[N]], %[[C2]] : index
// CHECK-NEXT:      %[[B0:.*]] = arith.muli %[[ROWS]], %[[C4]] : index
// CHECK-NEXT:      %[[BYTES:.*]] = arith.muli %[[B0]], %[[C2]] : index
// CHECK-NEXT:      %[[OUT:.*]] = hal.buffer_view.create buffer(%[[RESULT]] : !hal.buffer)[%[[C0]], %[[BYTES]]] shape([%[[ROWS]], %[[C2]]]) type(%[[F32]]) encoding(%[[DENSE]]) : !hal.buffer_view
// CHECK-NEXT:      func.return %[[OUT]] : !hal.buffer_view
func.func @main(%a: tensor<?x4xf32>) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %r = flow.dispatch @ex::@ex_generic[%n](%a, %n) : (tensor<?x4xf32>{%n}, index) -> tensor<?x4xf32>{%n}
  %v = tensor.expand_shape %r [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  %c2 = arith.constant 2 : index
  %w = tensor.collapse_shape %v [[0, 1], [2]] : tensor<?x2x2xf32> into tensor<?x2xf32>
  func.return %w : tensor<?x2xf32>
}
