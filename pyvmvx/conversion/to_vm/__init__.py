"""Conversion of VMVX-level IR (func/arith/math/scf/cf/util/vmvx) to IREE's `vm` dialect.

`convert_to_vm` is the body of the `iree-vm-conversion` pass; one module per source
dialect holds its patterns (`arith`, `control_flow`, `functions`, `util`, `vmvx`).
"""

from pyvmvx.conversion.to_vm.module import convert_to_vm

__all__ = ["convert_to_vm"]
