// RUN: pyvmvx-opt %s -p pyvmvx-lower-host-to-hal,canonicalize,cse | filecheck %s

// Host control flow, scalars and host reads. scf is lowered to cf first; a tensor crossing
// blocks is its buffer and its dynamic sizes (block arguments); scalar arguments and
// results stay plain values in the function type and the ABI declaration; tensor.extract
// is a hal.buffer.load of the element's storage width at its row-major byte offset;
// tensor.dim with an index known only at run time selects among the sizes; cf.assert
// stays (the VM conversion makes it a vm.cond_fail); a select of tensors selects buffers
// and sizes; dead temporaries of straight-line code give their buffers to later results.

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
hal.executable @ex {
  hal.executable.variant public @vmvx_bytecode_fb target(<"vmvx", "vmvx-bytecode-fb">) {
    hal.executable.export public @step ordinal(0) layout(#layout) count(%device: !hal.device, %w: index) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %w, %one, %one : index, index, index
    }
    builtin.module {
    }
  }
}

func.func @loop(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> (tensor<?xf32>) {
    %s = flow.dispatch @ex::@step[%d](%t, %d) : (tensor<?xf32>{%d}, index) -> tensor<?xf32>{%d}
    scf.yield %s : tensor<?xf32>
  }
  func.return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @loop(
// CHECK-SAME:      %{{.*}}: !hal.buffer_view, %[[N:.*]]: index) -> !hal.buffer_view
// CHECK-SAME:      iree.abi.declaration = "sync func @loop(%input0: tensor<?xf32>, %input1: index) -> (%output0: tensor<?xf32>)"
// CHECK:         %[[D:.*]] = hal.buffer_view.dim
// CHECK:         %[[A:.*]] = hal.buffer_view.buffer
// CHECK:         cf.br ^[[HEAD:.*]](%{{.*}}, %[[A]], %[[D]] : index, !hal.buffer, index)
// CHECK-NEXT:  ^[[HEAD]](%[[I:.*]]: index, %[[T:.*]]: !hal.buffer, %[[TD:.*]]: index):
// CHECK-NEXT:    %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[MORE]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK-NEXT:  ^[[EXIT]]:
// CHECK:         hal.buffer_view.create buffer(%[[T]] : !hal.buffer){{.*}} shape([%[[TD]]])
// CHECK-NEXT:    func.return
// CHECK-NEXT:  ^[[BODY]]:
// CHECK:         %[[S:.*]] = hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[T]] : !hal.buffer)[{{.*}}], (%[[S]] : !hal.buffer)[{{.*}}]])
// CHECK:         hal.ex.submit_and_wait
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK-NEXT:    cf.br ^[[HEAD]](%[[NEXT]], %[[S]], %[[D]] : index, !hal.buffer, index)

func.func @reads(%m: tensor<2xi1>, %h: tensor<2x3xf32>, %i: index, %j: index) -> (i1, f32) {
  %c1 = arith.constant 1 : index
  %b = tensor.extract %m[%c1] : tensor<2xi1>
  %v = tensor.extract %h[%i, %j] : tensor<2x3xf32>
  func.return %b, %v : i1, f32
}

// CHECK-LABEL: func.func @reads(
// CHECK-SAME:      %{{.*}}: !hal.buffer_view, %{{.*}}: !hal.buffer_view, %[[I:.*]]: index, %[[J:.*]]: index) -> (i1, f32)
// CHECK-SAME:      "sync func @reads(%input0: tensor<2xi1>, %input1: tensor<2x3xf32>, %input2: index, %input3: index) -> (%output0: i1, %output1: f32)"
// CHECK:         %[[MASK:.*]] = hal.buffer_view.buffer<%0
// CHECK:         %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[H:.*]] = hal.buffer_view.buffer<%1
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[BYTE:.*]] = hal.buffer.load<%[[MASK]] : !hal.buffer>[%[[C1]]] : i8
// CHECK-NEXT:    %[[B:.*]] = arith.trunci %[[BYTE]] : i8 to i1
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli %[[I]], %[[C3]] : index
// CHECK-NEXT:    %[[AT:.*]] = arith.addi %[[ROW]], %[[J]] : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[OFFSET:.*]] = arith.muli %[[AT]], %[[C4]] : index
// CHECK-NEXT:    %[[WORD:.*]] = hal.buffer.load<%[[H]] : !hal.buffer>[%[[OFFSET]]] : i32
// CHECK-NEXT:    %[[V:.*]] = arith.bitcast %[[WORD]] : i32 to f32
// CHECK-NEXT:    func.return %[[B]], %[[V]] : i1, f32

func.func @checked(%a: tensor<?x?xf32>, %axis: index) -> index {
  %size = tensor.dim %a, %axis : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %nonzero = arith.cmpi ne, %size, %c0 : index
  cf.assert %nonzero, "empty"
  func.return %size : index
}

// CHECK-LABEL: func.func @checked(
// CHECK-SAME:      %{{.*}}: !hal.buffer_view, %[[AXIS:.*]]: index) -> index
// CHECK:         %[[D0:.*]] = hal.buffer_view.dim<%{{.*}} : !hal.buffer_view>[0] : index
// CHECK-NEXT:    %[[D1:.*]] = hal.buffer_view.dim<%{{.*}} : !hal.buffer_view>[1] : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[IS1:.*]] = arith.cmpi eq, %[[AXIS]], %[[C1]] : index
// CHECK-NEXT:    %[[SIZE:.*]] = arith.select %[[IS1]], %[[D1]], %[[D0]] : index
// CHECK:         cf.assert %{{.*}}, "empty"
// CHECK-NEXT:    func.return %[[SIZE]] : index

func.func @wait(%a: tensor<4xf32>, %limit: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.while (%t = %a) : (tensor<4xf32>) -> tensor<4xf32> {
    %v = tensor.extract %t[%c0] : tensor<4xf32>
    %small = arith.cmpf olt, %v, %limit : f32
    scf.condition(%small) %t : tensor<4xf32>
  } do {
  ^bb0(%t: tensor<4xf32>):
    %c4 = arith.constant 4 : index
    %s = flow.dispatch @ex::@step[%c4](%t, %c4) : (tensor<4xf32>, index) -> tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @wait(
// CHECK-SAME:      %{{.*}}: !hal.buffer_view, %[[LIMIT:.*]]: f32) -> !hal.buffer_view
// CHECK:         %[[A:.*]] = hal.buffer_view.buffer
// CHECK-NEXT:    cf.br ^[[BEFORE:.*]](%[[A]] : !hal.buffer)
// CHECK-NEXT:  ^[[BEFORE]](%[[T:.*]]: !hal.buffer):
// CHECK:         %[[WORD:.*]] = hal.buffer.load<%[[T]] : !hal.buffer>[%{{.*}}] : i32
// CHECK-NEXT:    %[[V:.*]] = arith.bitcast %[[WORD]] : i32 to f32
// CHECK-NEXT:    %[[SMALL:.*]] = arith.cmpf olt, %[[V]], %[[LIMIT]] : f32
// CHECK-NEXT:    cf.cond_br %[[SMALL]], ^[[AFTER:.*]](%[[T]] : !hal.buffer), ^[[EXIT:.*]](%[[T]] : !hal.buffer)
// CHECK-NEXT:  ^[[EXIT]](%[[R:.*]]: !hal.buffer):
// CHECK:         hal.buffer_view.create buffer(%[[R]] : !hal.buffer)
// CHECK:       ^[[AFTER]](%[[U:.*]]: !hal.buffer):
// CHECK:         %[[S:.*]] = hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[U]] : !hal.buffer)[{{.*}}], (%[[S]] : !hal.buffer)[{{.*}}]])
// CHECK:         cf.br ^[[BEFORE]](%[[S]] : !hal.buffer)

// Temporaries of straight-line code share buffers: t1 is dead after the dispatch computing
// t2, so t3 is written into it, and the result into t2's.
func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %t1 = flow.dispatch @ex::@step[%c4](%a, %c4) : (tensor<4xf32>, index) -> tensor<4xf32>
  %t2 = flow.dispatch @ex::@step[%c4](%t1, %c4) : (tensor<4xf32>, index) -> tensor<4xf32>
  %t3 = flow.dispatch @ex::@step[%c4](%t2, %c4) : (tensor<4xf32>, index) -> tensor<4xf32>
  %r = flow.dispatch @ex::@step[%c4](%t3, %c4) : (tensor<4xf32>, index) -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @chain(
// CHECK:         %[[A:.*]] = hal.buffer_view.buffer
// CHECK:         %[[T1:.*]] = hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[A]] : !hal.buffer)[{{.*}}], (%[[T1]] : !hal.buffer)[{{.*}}]])
// CHECK:         %[[T2:.*]] = hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[T1]] : !hal.buffer)[{{.*}}], (%[[T2]] : !hal.buffer)[{{.*}}]])
// CHECK-NOT:     hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[T2]] : !hal.buffer)[{{.*}}], (%[[T1]] : !hal.buffer)[{{.*}}]])
// CHECK-NOT:     hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[T1]] : !hal.buffer)[{{.*}}], (%[[T2]] : !hal.buffer)[{{.*}}]])
// CHECK:         hal.buffer_view.create buffer(%[[T2]] : !hal.buffer)

// A select of tensors selects their buffers and dynamic sizes.
func.func @pick(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  func.return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @pick(
// CHECK-SAME:      %[[C:.*]]: i1, %{{.*}}: !hal.buffer_view, %{{.*}}: !hal.buffer_view) -> !hal.buffer_view
// CHECK:         %[[DA:.*]] = hal.buffer_view.dim
// CHECK:         %[[A:.*]] = hal.buffer_view.buffer
// CHECK:         %[[DB:.*]] = hal.buffer_view.dim
// CHECK:         %[[B:.*]] = hal.buffer_view.buffer
// CHECK-NEXT:    %[[D:.*]] = arith.select %[[C]], %[[DA]], %[[DB]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.select %[[C]], %[[A]], %[[B]] : !hal.buffer
// CHECK:         hal.buffer_view.create buffer(%[[R]] : !hal.buffer){{.*}} shape([%[[D]]])

// cf.switch passes tensors to its successors as their buffers and dynamic sizes, like
// cf.br and cf.cond_br.
func.func @switch(%i: i32, %a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  cf.switch %i : i32, [
    default: ^done(%a : tensor<?xf32>),
    3: ^step
  ]
^step:
  %s = flow.dispatch @ex::@step[%d](%a, %d) : (tensor<?xf32>{%d}, index) -> tensor<?xf32>{%d}
  cf.br ^done(%s : tensor<?xf32>)
^done(%r: tensor<?xf32>):
  func.return %r : tensor<?xf32>
}

// CHECK-LABEL: func.func @switch(
// CHECK-SAME:      %[[I:.*]]: i32, %{{.*}}: !hal.buffer_view) -> !hal.buffer_view
// CHECK:         %[[D:.*]] = hal.buffer_view.dim
// CHECK:         %[[A:.*]] = hal.buffer_view.buffer
// CHECK:         cf.switch %[[I]] : i32, [
// CHECK-NEXT:      default: ^[[DONE:.*]](%[[A]], %[[D]] : !hal.buffer, index),
// CHECK-NEXT:      3: ^[[STEP:.*]]
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^[[STEP]]:
// CHECK:         %[[S:.*]] = hal.allocator.allocate
// CHECK:         hal.command_buffer.dispatch{{.*}} bindings([(%[[A]] : !hal.buffer)[{{.*}}], (%[[S]] : !hal.buffer)[{{.*}}]])
// CHECK:         cf.br ^[[DONE]](%[[S]], %[[D]] : !hal.buffer, index)
// CHECK-NEXT:  ^[[DONE]](%[[R:.*]]: !hal.buffer, %[[RD:.*]]: index):
// CHECK:         hal.buffer_view.create buffer(%[[R]] : !hal.buffer){{.*}} shape([%[[RD]]])

// A tensor.empty left on the host (here passed to another block) is an uninitialized
// allocation of its size; an unused one allocates nothing.
func.func @empty(%n: index) -> tensor<?x3xf32> {
  %unused = tensor.empty() : tensor<8xf32>
  %e = tensor.empty(%n) : tensor<?x3xf32>
  cf.br ^done(%e : tensor<?x3xf32>)
^done(%r: tensor<?x3xf32>):
  func.return %r : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @empty(
// CHECK-SAME:      %[[N:.*]]: index) -> !hal.buffer_view
// CHECK:         %[[ROW:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK-NEXT:    %[[SIZE:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK-NEXT:    %[[E:.*]] = hal.allocator.allocate<%{{.*}} : !hal.allocator> affinity(%{{[^)]*}}) type(%{{[^)]*}}) usage(%{{[^)]*}}) : !hal.buffer{%[[SIZE]]}
// CHECK-NOT:     hal.allocator.allocate
// CHECK:         hal.buffer_view.create buffer(%[[E]] : !hal.buffer)[%{{.*}}, %[[SIZE]]] shape([%[[N]], %{{.*}}])
