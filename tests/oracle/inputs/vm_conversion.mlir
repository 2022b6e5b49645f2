// Differential input for iree-vm-conversion (index bits 64; pyvmvx vs iree-opt).

// vmvx.binary on f32 and i32: import name from opcode, rank and element type; operand
// groups flattened in import order.
func.func @binaries(%b0: !util.buffer, %b1: !util.buffer, %b2: !util.buffer, %o: index, %s0: index, %s1: index, %m: index, %n: index) {
  vmvx.binary op("mul" : f32) lhs(%b0 offset %o strides[%s0, %s1] : !util.buffer) rhs(%b1 offset %o strides[%s1, %s0] : !util.buffer) out(%b2 offset %m strides[%s0, %s1] : !util.buffer) sizes(%m, %n)
  vmvx.binary op("shru" : i32) lhs(%b1 offset %n strides[%s0, %s1] : !util.buffer) rhs(%b1 offset %o strides[%s0, %s1] : !util.buffer) out(%b0 offset %o strides[%s0, %s1] : !util.buffer) sizes(%n, %m)
  vmvx.binary op("divs" : i32) lhs(%b0 offset %o strides[%s0, %s1] : !util.buffer) rhs(%b1 offset %o strides[%s0, %s1] : !util.buffer) out(%b2 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n)
  func.return
}

// vmvx.unary on f32 and ctlz on i32.
func.func @unaries(%b0: !util.buffer, %b1: !util.buffer, %o: index, %s0: index, %s1: index, %m: index, %n: index) {
  vmvx.unary op("rsqrt" : f32) in(%b0 offset %o strides[%s0, %s1] : !util.buffer) out(%b1 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n)
  vmvx.unary op("ctlz" : i32) in(%b1 offset %m strides[%s1, %s0] : !util.buffer) out(%b0 offset %n strides[%s0, %s1] : !util.buffer) sizes(%n, %m)
  func.return
}

// vmvx.copy of every width (f64 copies as x64) and vmvx.fill2d of i32 and f32.
func.func @copies_and_fills(%b0: !util.buffer, %b1: !util.buffer, %o: index, %s0: index, %s1: index, %m: index, %n: index, %fi: i32, %ff: f32) {
  vmvx.copy in(%b0 offset %o strides[%s0, %s1] : !util.buffer) out(%b1 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n) : i8
  vmvx.copy in(%b0 offset %o strides[%s0, %s1] : !util.buffer) out(%b1 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n) : i16
  vmvx.copy in(%b0 offset %o strides[%s0, %s1] : !util.buffer) out(%b1 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n) : f32
  vmvx.copy in(%b0 offset %o strides[%s0, %s1] : !util.buffer) out(%b1 offset %o strides[%s0, %s1] : !util.buffer) sizes(%m, %n) : f64
  vmvx.fill2d scalar(%fi : i32) out(%b0 offset %o row_stride %s0 : !util.buffer) sizes(%m, %n)
  vmvx.fill2d scalar(%ff : f32) out(%b1 offset %m row_stride %s1 : !util.buffer) sizes(%n, %m)
  func.return
}

// -----

// Microkernel calls through func declarations tagged with vm.import.module = "vmvx".
func.func private @vmvx.mmt4d(!util.buffer, index, index, !util.buffer, index, index, !util.buffer, index, index, index, index, index, i32, i32, i32, i32) attributes {vm.import.module = "vmvx"}
func.func private @vmvx.query_tile_sizes.2d(index, index, i32) -> (index, index) attributes {vm.import.module = "vmvx"}

func.func @ukernels(%l: !util.buffer, %r: !util.buffer, %o: !util.buffer, %off: index, %stride: index, %m: index, %n: index, %k: index) -> index {
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %flags = arith.constant 1793 : i32
  func.call @vmvx.mmt4d(%l, %off, %stride, %r, %off, %stride, %o, %off, %stride, %m, %n, %k, %c4, %c4, %c1, %flags) : (!util.buffer, index, index, !util.buffer, index, index, !util.buffer, index, index, index, index, index, i32, i32, i32, i32) -> ()
  %t0, %t1 = func.call @vmvx.query_tile_sizes.2d(%m, %n, %flags) : (index, index, i32) -> (index, index)
  %s = arith.addi %t0, %t1 : index
  return %s : index
}

// -----

// Scalar code as the non-ukernel path produces it once loops are in cf form: the VMVX
// entry ABI, a binding from the list, byte-offset loads and stores, index casts, compare
// and select, branches with block arguments.
func.func @scalar_loop(%local: !util.buffer, %consts: !util.buffer, %bindings: !util.list<!util.buffer>,
                       %x: i32, %y: i32, %z: i32, %sx: i32, %sy: i32, %sz: i32, %cx: i32, %cy: i32, %cz: i32) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %buf = util.list.get %bindings[%c1] : !util.list<!util.buffer>
  %size = util.buffer.size %buf : !util.buffer
  %start = arith.index_cast %x : i32 to index
  cf.br ^loop(%start : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %c64 : index
  cf.cond_br %more, ^body, ^exit
^body:
  %byte = arith.muli %i, %c4 : index
  %v = util.buffer.load %buf[%byte for %c4] : !util.buffer{%size} -> f32
  %neg = arith.cmpf olt, %v, %zero : f32
  %r = arith.select %neg, %zero, %v : f32
  util.buffer.store %r, %buf[%byte for %c4] : f32 -> !util.buffer{%size}
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next : index)
^exit:
  return
}

// -----

// Globals and an initializer, a private helper and a call.
util.global private mutable @counter : i32
util.initializer {
  %c5 = arith.constant 5 : i32
  util.global.store %c5, @counter : i32
  util.return
}
func.func private @bump(%d: i32) -> i32 {
  %v = util.global.load @counter : i32
  %w = arith.addi %v, %d : i32
  util.global.store %w, @counter : i32
  return %w : i32
}
func.func @caller(%d: i32) -> i32 {
  %r = func.call @bump(%d) : (i32) -> i32
  %s = arith.shli %r, %d : i32
  return %s : i32
}
