// RUN: pyvmvx-opt %s --split-input-file -p canonicalize | filecheck %s

// util.sizeof folds for integer and float types (bytes, rounded up); index stays symbolic.
// CHECK-LABEL: func.func @sizeof(
// CHECK-NEXT:    %0 = arith.constant 4 : index
// CHECK-NEXT:    %1 = arith.constant 1 : index
// CHECK-NEXT:    %2 = arith.constant 1 : index
// CHECK-NEXT:    %3 = arith.constant 8 : index
// CHECK-NEXT:    %4 = arith.constant 2 : index
// CHECK-NEXT:    %5 = arith.constant 4 : index
// CHECK-NEXT:    %6 = util.sizeof index
// CHECK-NEXT:    func.return %0, %1, %2, %3, %4, %5, %6
func.func @sizeof() -> (index, index, index, index, index, index, index) {
  %0 = util.sizeof i32
  %1 = util.sizeof i1
  %2 = util.sizeof i8
  %3 = util.sizeof f64
  %4 = util.sizeof bf16
  %5 = util.sizeof i31
  %6 = util.sizeof index
  func.return %0, %1, %2, %3, %4, %5, %6 : index, index, index, index, index, index, index
}

// -----

// Loads and stores through a subspan address its source at the summed byte offset; the
// subspan itself then has no users and is removed.
// CHECK-LABEL: func.func @subspan_into_load_store(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: !util.buffer, %[[BSZ:[a-z0-9]+]]: index, %[[OFF:[a-z0-9]+]]: index, %[[SZ:[a-z0-9]+]]: index, %[[I:[a-z0-9]+]]: index, %[[V:[a-z0-9]+]]: f32)
// CHECK-NOT:     util.buffer.subspan
// CHECK:         %[[C4:.+]] = arith.constant 4 : index
// CHECK:         %[[LOFF:.+]] = arith.addi %[[OFF]], %[[I]] : index
// CHECK:         %[[X:.+]] = util.buffer.load %[[B]][%[[LOFF]] for %[[C4]]] : !util.buffer{%[[BSZ]]} -> f32
// CHECK:         %[[SOFF:.+]] = arith.addi %[[OFF]], %[[I]] : index
// CHECK:         util.buffer.store %[[V]], %[[B]][%[[SOFF]] for %[[C4]]] : f32 -> !util.buffer{%[[BSZ]]}
// CHECK:         func.return %[[X]], %[[SZ]]
func.func @subspan_into_load_store(%b: !util.buffer, %bsz: index, %off: index, %sz: index, %i: index, %v: f32) -> (f32, index) {
  %c4 = arith.constant 4 : index
  %span = util.buffer.subspan %b[%off] : !util.buffer{%bsz} -> !util.buffer{%sz}
  %x = util.buffer.load %span[%i for %c4] : !util.buffer{%sz} -> f32
  util.buffer.store %v, %span[%i for %c4] : f32 -> !util.buffer{%sz}
  %size = util.buffer.size %span : !util.buffer
  func.return %x, %size : f32, index
}

// -----

// A subspan of a subspan is one subspan; offset 0 adds nothing.
// CHECK-LABEL: func.func @subspan_of_subspan(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: !util.buffer, %[[BSZ:[a-z0-9]+]]: index, %[[O1:[a-z0-9]+]]: index, %[[O2:[a-z0-9]+]]: index, %[[S1:[a-z0-9]+]]: index, %[[S2:[a-z0-9]+]]: index)
// CHECK:         %[[OFF:.+]] = arith.addi %[[O1]], %[[O2]] : index
// CHECK-NEXT:    %[[SPAN:.+]] = util.buffer.subspan %[[B]][%[[OFF]]] : !util.buffer{%[[BSZ]]} -> !util.buffer{%[[S2]]}
// CHECK-NEXT:    %[[SPAN0:.+]] = util.buffer.subspan %[[B]][%[[O1]]] : !util.buffer{%[[BSZ]]} -> !util.buffer{%[[S2]]}
// CHECK-NEXT:    func.return %[[SPAN]], %[[SPAN0]]
func.func @subspan_of_subspan(%b: !util.buffer, %bsz: index, %o1: index, %o2: index, %s1: index, %s2: index) -> (!util.buffer, !util.buffer) {
  %c0 = arith.constant 0 : index
  %outer = util.buffer.subspan %b[%o1] : !util.buffer{%bsz} -> !util.buffer{%s1}
  %inner = util.buffer.subspan %outer[%o2] : !util.buffer{%s1} -> !util.buffer{%s2}
  %inner0 = util.buffer.subspan %outer[%c0] : !util.buffer{%s1} -> !util.buffer{%s2}
  func.return %inner, %inner0 : !util.buffer, !util.buffer
}

// -----

// A subspan of the whole source at offset 0 is the source; one at another offset or size stays.
// CHECK-LABEL: func.func @identity_subspan(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: !util.buffer, %[[BSZ:[a-z0-9]+]]: index, %[[O:[a-z0-9]+]]: index)
// CHECK-NEXT:    %[[KEEP:.+]] = util.buffer.subspan %[[B]][%[[O]]] : !util.buffer{%[[BSZ]]} -> !util.buffer{%[[BSZ]]}
// CHECK-NEXT:    func.return %[[B]], %[[KEEP]]
func.func @identity_subspan(%b: !util.buffer, %bsz: index, %o: index) -> (!util.buffer, !util.buffer) {
  %c0 = arith.constant 0 : index
  %whole = util.buffer.subspan %b[%c0] : !util.buffer{%bsz} -> !util.buffer{%bsz}
  %shifted = util.buffer.subspan %b[%o] : !util.buffer{%bsz} -> !util.buffer{%bsz}
  func.return %whole, %shifted : !util.buffer, !util.buffer
}

// -----

// util.buffer.size of an allocation is its requested size (and the unused allocation
// goes); of an argument it stays.
// CHECK-LABEL: func.func @buffer_size(
// CHECK-SAME:      %[[B:[a-z0-9]+]]: !util.buffer, %[[N:[a-z0-9]+]]: index)
// CHECK-NOT:     util.buffer.alloc
// CHECK:         %[[SIZE:.+]] = util.buffer.size %[[B]] : !util.buffer
// CHECK-NEXT:    func.return %[[N]], %[[SIZE]]
func.func @buffer_size(%b: !util.buffer, %n: index) -> (index, index) {
  %a = util.buffer.alloc uninitialized : !util.buffer{%n}
  %0 = util.buffer.size %a : !util.buffer
  %1 = util.buffer.size %b : !util.buffer
  func.return %0, %1 : index, index
}

// -----

// A used allocation stays.
// CHECK-LABEL: func.func @used_alloc(
// CHECK:         util.buffer.alloc uninitialized : !util.buffer{%n}
func.func @used_alloc(%n: index) -> !util.buffer {
  %a = util.buffer.alloc uninitialized : !util.buffer{%n}
  func.return %a : !util.buffer
}
