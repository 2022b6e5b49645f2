// RUN: pyvmvx-opt %s -p pyvmvx-lower-host-to-hal | filecheck %s

// Tensor constants on the host are module data: a `util.buffer.constant` (named by its
// resource key) imported as a read-only buffer over that data, of the tensor's byte size.
// A dense_resource weight reaches the dispatch as a binding; a splat stays a splat; a
// list literal is kept as it is; the blobs stay in the output's resources.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
hal.executable @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @ex_add ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    builtin.module {
    }
  }
}

// CHECK-LABEL: func.func @weights(
// CHECK:         %[[ALLOCATOR:.*]] = hal.device.allocator
// CHECK:         %[[AFFINITY:.*]] = arith.constant -1 : i64
// CHECK-NEXT:    %[[MEMORY:.*]] = hal.memory_type<"DeviceVisible|DeviceLocal"> : i32
// CHECK-NEXT:    %[[IMMUTABLE:.*]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage|SharingImmutable"> : i32
// CHECK-NEXT:    %[[USAGE:.*]] = hal.buffer_usage<"TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage"> : i32
// CHECK:         %[[INPUT:.*]] = hal.buffer_view.buffer
// CHECK:         %[[DATA:.*]] = util.buffer.constant "w" <alignment = 64> : !util.buffer = dense_resource<w> : tensor<2x4xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %{{.*}}, %[[W:.*]] = hal.allocator.import<%[[ALLOCATOR]] : !hal.allocator> source(%[[DATA]] : !util.buffer)[%[[C0]], %[[C32]]] affinity(%[[AFFINITY]]) type(%[[MEMORY]]) usage(%[[IMMUTABLE]]) : i1, !hal.buffer
// CHECK:         hal.command_buffer.dispatch<{{.*}}> target({{.*}})[{{.*}}] workgroups({{.*}}) bindings([(%[[INPUT]] : !hal.buffer)[{{.*}}], (%[[W]] : !hal.buffer)[{{.*}}], ({{.*}} : !hal.buffer)[{{.*}}]]) flags("None")
func.func @weights(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %w = arith.constant dense_resource<w> : tensor<2x4xf32>
  %y = flow.dispatch @ex::@ex_add(%x, %w) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @splat_and_list(
// CHECK:         %[[SPLAT:.*]] = util.buffer.constant "constant" <alignment = 64> : !util.buffer = dense<2.500000e+00> : tensor<1000x1000xf32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BYTES:.*]] = arith.constant 4000000 : index
// CHECK-NEXT:    %{{.*}}, %[[S:.*]] = hal.allocator.import<%{{.*}} : !hal.allocator> source(%[[SPLAT]] : !util.buffer)[%[[C0]], %[[BYTES]]] affinity(%{{[^)]*}}) type(%{{[^)]*}}) usage(%{{[^)]*}}) : i1, !hal.buffer
// CHECK-NEXT:    %[[ROWS:.*]] = arith.constant 1000 : index
// CHECK-NEXT:    %[[COLS:.*]] = arith.constant 1000 : index
// CHECK:         %[[LIST:.*]] = util.buffer.constant "constant" <alignment = 64> : !util.buffer = dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    %{{.*}} = arith.constant 0 : index
// CHECK-NEXT:    %{{.*}} = arith.constant 3 : index
// CHECK-NEXT:    %{{.*}}, %[[L:.*]] = hal.allocator.import<%{{.*}} : !hal.allocator> source(%[[LIST]] : !util.buffer)
// CHECK:         hal.buffer_view.create buffer(%[[S]] : !hal.buffer)[{{.*}}] shape([%[[ROWS]], %[[COLS]]])
// CHECK:         hal.buffer_view.create buffer(%[[L]] : !hal.buffer)
func.func @splat_and_list() -> (tensor<1000x1000xf32>, tensor<3xi1>) {
  %s = arith.constant dense<2.5> : tensor<1000x1000xf32>
  %l = arith.constant dense<[true, false, true]> : tensor<3xi1>
  return %s, %l : tensor<1000x1000xf32>, tensor<3xi1>
}

// An unused constant is dropped: its data is not written to the module file.

// CHECK-LABEL: func.func @unused(
// CHECK-NOT:     util.buffer.constant
// CHECK:         func.return
func.func @unused(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<7.0> : tensor<1000xf32>
  return %x : tensor<4xf32>
}

// CHECK:      dialect_resources: {
// CHECK-NEXT:   builtin: {
// CHECK-NEXT:     w: "0x040000000000803F000000400000404000008040000080BF000000C0000040C0000080C0"
{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F000000400000404000008040000080BF000000C0000040C0000080C0"
    }
  }
#-}
