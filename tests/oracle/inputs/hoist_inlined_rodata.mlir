// Differential input for iree-vm-hoist-inlined-rodata (pyvmvx vs iree-opt).

// Inline rodata of a string, a dense constant and a splat become module-level rodata named
// after the op (or the function), unique within the module.
vm.module @module {
  vm.rodata private @f_const "taken"
  vm.func private @f() -> (!vm.buffer, !vm.buffer, !vm.buffer) {
    %a = vm.rodata.inline : !vm.buffer = "message"
    %w = vm.rodata.inline "w" : !vm.buffer = dense<[1.0, 2.0]> : tensor<2xf32>
    %s = vm.rodata.inline : !vm.buffer = dense<0.5> : tensor<16xf32>
    vm.return %a, %w, %s : !vm.buffer, !vm.buffer, !vm.buffer
  }
}

// -----

// The same name in two functions: the second gets a fresh one.
vm.module @twice {
  vm.func private @g() -> !vm.buffer {
    %w = vm.rodata.inline "w" : !vm.buffer = dense<[1, 2]> : tensor<2xi32>
    vm.return %w : !vm.buffer
  }
  vm.func private @h() -> !vm.buffer {
    %w = vm.rodata.inline "w" : !vm.buffer = dense<[3, 4]> : tensor<2xi32>
    vm.return %w : !vm.buffer
  }
}
