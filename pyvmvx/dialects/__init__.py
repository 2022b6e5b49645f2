"""Dialects of the VMVX path.

`get_iree_dialects` holds the IREE dialects that xDSL lacks (new names, safe to expose through
the `xdsl.universe` entry point). `get_upstream_overrides` holds extended copies of upstream
dialects (memref, linalg, scf, arith, ...) with the ops and syntax IREE-produced IR needs;
they replace the upstream ones in `pyvmvx-opt` only, because a universe may not re-register
an existing dialect name.
"""

from collections.abc import Callable

from xdsl.ir import Dialect


def get_iree_dialects() -> dict[str, Callable[[], Dialect]]:
    """Factories for the IREE dialects defined by pyvmvx, keyed by dialect name."""

    def get_vmvx() -> Dialect:
        from pyvmvx.dialects.vmvx import VMVX

        return VMVX

    def get_util() -> Dialect:
        from pyvmvx.dialects.util import Util

        return Util

    def get_hal() -> Dialect:
        from pyvmvx.dialects.hal import HAL
        from pyvmvx.dialects.hal_host_ops import HOST_OPS

        return Dialect("hal", [*HAL.operations, *HOST_OPS], list(HAL.attributes))

    def get_vm() -> Dialect:
        from pyvmvx.dialects.vm import VM

        return VM

    def get_flow() -> Dialect:
        from pyvmvx.dialects.flow import Flow

        return Flow

    def get_iree_codegen() -> Dialect:
        from pyvmvx.dialects.iree_codegen import IREECodegen

        return IREECodegen

    def get_iree_cpu() -> Dialect:
        from pyvmvx.dialects.iree_codegen import IREECPU

        return IREECPU

    def get_iree_encoding() -> Dialect:
        from pyvmvx.dialects.iree_encoding import IREEEncoding

        return IREEEncoding

    def get_iree_linalg_ext() -> Dialect:
        from pyvmvx.dialects.iree_linalg_ext import IREELinalgExt

        return IREELinalgExt

    def get_iree_tensor_ext() -> Dialect:
        from pyvmvx.dialects.iree_tensor_ext import IREETensorExt

        return IREETensorExt

    def get_stream() -> Dialect:
        from pyvmvx.dialects.stream import Stream

        return Stream

    return {
        "vmvx": get_vmvx,
        "util": get_util,
        "hal": get_hal,
        "vm": get_vm,
        "flow": get_flow,
        "iree_codegen": get_iree_codegen,
        "iree_cpu": get_iree_cpu,
        "iree_encoding": get_iree_encoding,
        "iree_linalg_ext": get_iree_linalg_ext,
        "iree_tensor_ext": get_iree_tensor_ext,
        "stream": get_stream,
    }


def get_upstream_overrides() -> dict[str, Callable[[], Dialect]]:
    """Factories for extended upstream dialects, keyed by the dialect name they replace."""
    from pyvmvx.dialects import upstream_ext

    return upstream_ext.get_overrides()
