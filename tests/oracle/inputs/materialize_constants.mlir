// Differential input for iree-vmvx-materialize-constants (pyvmvx vs iree-opt).

// No executable constants: nothing is added.
func.func private @plain(%x: i32) -> i32 {
  return %x : i32
}

// -----

// Two keys, one loaded twice in two functions: one global pair per key, in first-seen
// order, and one setter reading 4-byte slots of an 8-byte buffer.
func.func private @first_user() -> i32 {
  %a = hal.executable.constant.load "alpha" : i32
  %b = hal.executable.constant.load "beta" : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}
func.func private @second_user() -> i32 {
  %b = hal.executable.constant.load "beta" : i32
  %k = util.optimization_barrier %b : i32
  return %k : i32
}

// -----

// Three keys used in one function.
func.func @dispatch() {
  %x = hal.executable.constant.load "x" : i32
  %y = hal.executable.constant.load "y" : i32
  %z = hal.executable.constant.load "z" : i32
  %0 = util.optimization_barrier %x : i32
  %1 = util.optimization_barrier %y : i32
  %2 = util.optimization_barrier %z : i32
  return
}
