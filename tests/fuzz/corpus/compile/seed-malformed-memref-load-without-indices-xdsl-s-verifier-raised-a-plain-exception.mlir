// Found by fuzz_compile: xDSL's memref.load verifier raises a plain Exception, not a CompileError.
func.func @f(%m: memref<4xf32>) -> f32 {
  %x = memref.load %m[] : memref<4xf32>
  func.return %x : f32
}
