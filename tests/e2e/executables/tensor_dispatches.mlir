// Executables in IREE's tensor form (`iree-compile --compile-to=executable-sources`): bindings
// are `!iree_tensor_ext.dispatch.tensor`s read and written with `dispatch.tensor.load/store`,
// bufferized by `iree-codegen-iree-comprehensive-bufferize`. Dynamic sizes come from push
// constants; their count regions return a constant grid (the distributed loops stride over
// any grid), except `add_workload`, in IREE's exact form (workload ordinals and
// `workgroup_count_from_slice`). `square_in_place` and `swap` need copies to be correct.
#ro = #hal.pipeline.binding<storage_buffer, ReadOnly>
#rw = #hal.pipeline.binding<storage_buffer>
#one_in = #hal.pipeline.layout<bindings = [#ro, #rw]>
#two_in = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#dynamic = #hal.pipeline.layout<constants = 1, bindings = [#ro, #ro, #rw]>
#accumulate = #hal.pipeline.layout<bindings = [#ro, #ro, #rw]>
#reduce = #hal.pipeline.layout<constants = 1, bindings = [#ro, #rw]>
#two_rw = #hal.pipeline.layout<bindings = [#rw, #rw]>
#workload = #hal.pipeline.layout<constants = 2, bindings = [#ro, #ro, #rw]>
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
hal.executable.source public @tensor_dispatches {
  hal.executable.export public @add_static ordinal(0) layout(#two_in)
  hal.executable.export public @add_dynamic ordinal(1) layout(#dynamic)
      count(%device: !hal.device) -> (index, index, index) {
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    hal.return %c3, %c1, %c1 : index, index, index
  }
  hal.executable.export public @matmul ordinal(2) layout(#two_in)
  hal.executable.export public @rowsum ordinal(3) layout(#reduce)
      count(%device: !hal.device) -> (index, index, index) {
    %c2 = arith.constant 2 : index
    %c1 = arith.constant 1 : index
    hal.return %c2, %c1, %c1 : index, index, index
  }
  hal.executable.export public @transpose ordinal(4) layout(#one_in)
  hal.executable.export public @pad ordinal(5) layout(#one_in)
  hal.executable.export public @slices ordinal(6) layout(#two_in)
  hal.executable.export public @accumulate ordinal(7) layout(#accumulate)
  hal.executable.export public @scale_by_constant ordinal(8) layout(#one_in)
  hal.executable.export public @add_workload ordinal(9) layout(#workload)
      count(%device: !hal.device, %w0: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%w0)
    hal.return %x, %y, %z : index, index, index
  }
  hal.executable.export public @square_in_place ordinal(10) layout(#two_rw)
  hal.executable.export public @swap ordinal(11) layout(#two_rw)
  builtin.module {
    func.func @add_static() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#two_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<300x200xf32>>
      %b = hal.interface.binding.subspan layout(#two_in) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<300x200xf32>>
      %c = hal.interface.binding.subspan layout(#two_in) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<300x200xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [300, 200], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<300x200xf32>> -> tensor<300x200xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [300, 200], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<300x200xf32>> -> tensor<300x200xf32>
      %e = tensor.empty() : tensor<300x200xf32>
      %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
          ins(%ta, %tb : tensor<300x200xf32>, tensor<300x200xf32>) outs(%e : tensor<300x200xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<300x200xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0, 0], sizes = [300, 200], strides = [1, 1] : tensor<300x200xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<300x200xf32>>
      return
    }
    func.func @add_dynamic() {
      %c0 = arith.constant 0 : index
      %k = hal.interface.constant.load layout(#dynamic) ordinal(0) : i32
      %n = arith.index_castui %k : i32 to index
      %a = hal.interface.binding.subspan layout(#dynamic) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %b = hal.interface.binding.subspan layout(#dynamic) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %c = hal.interface.binding.subspan layout(#dynamic) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %e = tensor.empty(%n) : tensor<?xf32>
      %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
          ins(%ta, %tb : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      return
    }
    func.func @matmul() {
      %cst = arith.constant 0.000000e+00 : f32
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#two_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<67x45xf32>>
      %b = hal.interface.binding.subspan layout(#two_in) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<45x53xf32>>
      %c = hal.interface.binding.subspan layout(#two_in) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<67x53xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [67, 45], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<67x45xf32>> -> tensor<67x45xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [45, 53], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<45x53xf32>> -> tensor<45x53xf32>
      %e = tensor.empty() : tensor<67x53xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<67x53xf32>) -> tensor<67x53xf32>
      %m = linalg.matmul ins(%ta, %tb : tensor<67x45xf32>, tensor<45x53xf32>) outs(%f : tensor<67x53xf32>) -> tensor<67x53xf32>
      iree_tensor_ext.dispatch.tensor.store %m, %c, offsets = [0, 0], sizes = [67, 53], strides = [1, 1] : tensor<67x53xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<67x53xf32>>
      return
    }
    func.func @rowsum() {
      %cst = arith.constant 0.000000e+00 : f32
      %c0 = arith.constant 0 : index
      %k = hal.interface.constant.load layout(#reduce) ordinal(0) : i32
      %n = arith.index_castui %k : i32 to index
      %a = hal.interface.binding.subspan layout(#reduce) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x40xf32>>{%n}
      %c = hal.interface.binding.subspan layout(#reduce) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [%n, 40], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x40xf32>>{%n} -> tensor<?x40xf32>
      %e = tensor.empty(%n) : tensor<?xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
      %r = linalg.generic {indexing_maps = [#id2, #rows], iterator_types = ["parallel", "reduction"]}
          ins(%ta : tensor<?x40xf32>) outs(%f : tensor<?xf32>) {
      ^bb0(%x: f32, %o: f32):
        %s = arith.addf %x, %o : f32
        linalg.yield %s : f32
      } -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      return
    }
    func.func @transpose() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#one_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<70x130xf32>>
      %c = hal.interface.binding.subspan layout(#one_in) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<130x70xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [70, 130], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<70x130xf32>> -> tensor<70x130xf32>
      %e = tensor.empty() : tensor<130x70xf32>
      %t = linalg.transpose ins(%ta : tensor<70x130xf32>) outs(%e : tensor<130x70xf32>) permutation = [1, 0]
      iree_tensor_ext.dispatch.tensor.store %t, %c, offsets = [0, 0], sizes = [130, 70], strides = [1, 1] : tensor<130x70xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<130x70xf32>>
      return
    }
    func.func @pad() {
      %c0 = arith.constant 0 : index
      %cst = arith.constant -2.500000e+00 : f32
      %a = hal.interface.binding.subspan layout(#one_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<33x20xf32>>
      %c = hal.interface.binding.subspan layout(#one_in) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<37x26xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [33, 20], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<33x20xf32>> -> tensor<33x20xf32>
      %p = tensor.pad %ta low[1, 2] high[3, 4] {
      ^bb0(%i: index, %j: index):
        tensor.yield %cst : f32
      } : tensor<33x20xf32> to tensor<37x26xf32>
      iree_tensor_ext.dispatch.tensor.store %p, %c, offsets = [0, 0], sizes = [37, 26], strides = [1, 1] : tensor<37x26xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<37x26xf32>>
      return
    }
    // out = b with rows 2..5, columns 3..9 replaced by 2 * a[10..13, 0..6].
    func.func @slices() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#two_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<20x10xf32>>
      %b = hal.interface.binding.subspan layout(#two_in) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x12xf32>>
      %c = hal.interface.binding.subspan layout(#two_in) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x12xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [20, 10], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<20x10xf32>> -> tensor<20x10xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [8, 12], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x12xf32>> -> tensor<8x12xf32>
      %s = tensor.extract_slice %ta[10, 0] [3, 6] [1, 1] : tensor<20x10xf32> to tensor<3x6xf32>
      %e = tensor.empty() : tensor<3x6xf32>
      %d = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
          ins(%s : tensor<3x6xf32>) outs(%e : tensor<3x6xf32>) {
      ^bb0(%x: f32, %o: f32):
        %twice = arith.addf %x, %x : f32
        linalg.yield %twice : f32
      } -> tensor<3x6xf32>
      %r = tensor.insert_slice %d into %tb[2, 3] [3, 6] [1, 1] : tensor<3x6xf32> into tensor<8x12xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0, 0], sizes = [8, 12], strides = [1, 1] : tensor<8x12xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x12xf32>>
      return
    }
    // acc += a * b, the accumulator read and written through a readwrite binding.
    func.func @accumulate() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#accumulate) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<50x60xf32>>
      %b = hal.interface.binding.subspan layout(#accumulate) binding(1) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<60xf32>>
      %acc = hal.interface.binding.subspan layout(#accumulate) binding(2) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<50x60xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [50, 60], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<50x60xf32>> -> tensor<50x60xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [60], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<60xf32>> -> tensor<60xf32>
      %tacc = iree_tensor_ext.dispatch.tensor.load %acc, offsets = [0, 0], sizes = [50, 60], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<50x60xf32>> -> tensor<50x60xf32>
      %r = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d1)>, #id2], iterator_types = ["parallel", "parallel"]}
          ins(%ta, %tb : tensor<50x60xf32>, tensor<60xf32>) outs(%tacc : tensor<50x60xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %o, %p : f32
        linalg.yield %s : f32
      } -> tensor<50x60xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %acc, offsets = [0, 0], sizes = [50, 60], strides = [1, 1] : tensor<50x60xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<50x60xf32>>
      return
    }
    func.func @scale_by_constant() {
      %c0 = arith.constant 0 : index
      %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.5, 2.5, -3.5]]> : tensor<4x3xf32>
      %a = hal.interface.binding.subspan layout(#one_in) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x3xf32>>
      %c = hal.interface.binding.subspan layout(#one_in) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x3xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [4, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x3xf32>> -> tensor<4x3xf32>
      %e = tensor.empty() : tensor<4x3xf32>
      %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
          ins(%ta, %cst : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e : tensor<4x3xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %p = arith.mulf %x, %y : f32
        linalg.yield %p : f32
      } -> tensor<4x3xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0, 0], sizes = [4, 3], strides = [1, 1] : tensor<4x3xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x3xf32>>
      return
    }
    func.func @add_workload() {
      %c0 = arith.constant 0 : index
      %c32_i64 = arith.constant 32 : i64
      %lo = hal.interface.constant.load layout(#workload) ordinal(0) : i32
      %hi = hal.interface.constant.load layout(#workload) ordinal(1) : i32
      %lo64 = arith.extui %lo : i32 to i64
      %hi64 = arith.extui %hi : i32 to i64
      %shifted = arith.shli %hi64, %c32_i64 : i64
      %n64 = arith.ori %lo64, %shifted : i64
      %size = arith.index_castui %n64 : i64 to index
      %n = iree_tensor_ext.dispatch.workload.ordinal %size, 0 : index
      %a = hal.interface.binding.subspan layout(#workload) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %b = hal.interface.binding.subspan layout(#workload) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %c = hal.interface.binding.subspan layout(#workload) binding(2) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %e = tensor.empty(%n) : tensor<?xf32>
      %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
          ins(%ta, %tb : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<?xf32>
      iree_tensor_ext.dispatch.tensor.store %r, %c, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
      return
    }
    // a = a * a and b = a * a - a: squaring `a` in place would clobber the `a` read after.
    func.func @square_in_place() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#two_rw) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      %b = hal.interface.binding.subspan layout(#two_rw) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<40x30xf32>>
      %t = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>> -> tensor<40x30xf32>
      %sq = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%t : tensor<40x30xf32>) {
      ^bb0(%x: f32):
        %m = arith.mulf %x, %x : f32
        linalg.yield %m : f32
      } -> tensor<40x30xf32>
      %e = tensor.empty() : tensor<40x30xf32>
      %d = linalg.sub ins(%sq, %t : tensor<40x30xf32>, tensor<40x30xf32>) outs(%e : tensor<40x30xf32>) -> tensor<40x30xf32>
      iree_tensor_ext.dispatch.tensor.store %d, %b, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : tensor<40x30xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<40x30xf32>>
      iree_tensor_ext.dispatch.tensor.store %sq, %a, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : tensor<40x30xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      return
    }
    // a, b = b, -a: the store into `a` overwrites memory the loaded `a` is still read from.
    func.func @swap() {
      %c0 = arith.constant 0 : index
      %a = hal.interface.binding.subspan layout(#two_rw) binding(0) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      %b = hal.interface.binding.subspan layout(#two_rw) binding(1) alignment(64) offset(%c0) : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>> -> tensor<40x30xf32>
      %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>> -> tensor<40x30xf32>
      iree_tensor_ext.dispatch.tensor.store %tb, %a, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : tensor<40x30xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      %neg = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]} outs(%ta : tensor<40x30xf32>) {
      ^bb0(%x: f32):
        %n = arith.negf %x : f32
        linalg.yield %n : f32
      } -> tensor<40x30xf32>
      iree_tensor_ext.dispatch.tensor.store %neg, %b, offsets = [0, 0], sizes = [40, 30], strides = [1, 1] : tensor<40x30xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<40x30xf32>>
      return
    }
  }
}
