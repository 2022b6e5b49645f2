"""Conversion of VMVX-level IR (func/arith/math/scf/cf/util/vmvx) to IREE's `vm` dialect.

`convert_to_vm` is the body of the `iree-vm-conversion` pass; one module per source
dialect holds its pattern table (`affine`, `arith`, `control_flow`, `functions`, `util`,
`vmvx`), combined in `module` (see `pyvmvx.conversion.framework`).
"""

from pyvmvx.conversion.to_vm.module import convert_to_vm

__all__ = ["convert_to_vm"]
