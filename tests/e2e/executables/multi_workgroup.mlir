// The HAL CTS "multi workgroup" case, in 3-D: each workgroup writes its linear id and its
// (x, y, z) ids and counts to its own slots.
#layout = #hal.pipeline.layout<bindings = [
  #hal.pipeline.binding<storage_buffer>
]>
hal.executable.source public @workgroups {
  hal.executable.export public @write_ids ordinal(0) layout(#layout)
      count(%device: !hal.device) -> (index, index, index) {
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    hal.return %c4, %c3, %c2 : index, index, index
  }
  builtin.module {
    func.func @write_ids() {
      %x = hal.interface.workgroup.id[0] : index
      %y = hal.interface.workgroup.id[1] : index
      %z = hal.interface.workgroup.id[2] : index
      %nx = hal.interface.workgroup.count[0] : index
      %ny = hal.interface.workgroup.count[1] : index
      %nz = hal.interface.workgroup.count[2] : index
      %total_xy = arith.muli %nx, %ny : index
      %total = arith.muli %total_xy, %nz : index
      %out = hal.interface.binding.subspan layout(#layout) binding(0)
          : memref<?x4xi32>{%total}
      %zy = arith.muli %z, %ny : index
      %row_y = arith.addi %zy, %y : index
      %row_x = arith.muli %row_y, %nx : index
      %row = arith.addi %row_x, %x : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %row_i32 = arith.index_cast %row : index to i32
      %x_i32 = arith.index_cast %x : index to i32
      %y_i32 = arith.index_cast %y : index to i32
      %z_i32 = arith.index_cast %z : index to i32
      memref.store %row_i32, %out[%row, %c0] : memref<?x4xi32>
      memref.store %x_i32, %out[%row, %c1] : memref<?x4xi32>
      memref.store %y_i32, %out[%row, %c2] : memref<?x4xi32>
      memref.store %z_i32, %out[%row, %c3] : memref<?x4xi32>
      return
    }
  }
}
