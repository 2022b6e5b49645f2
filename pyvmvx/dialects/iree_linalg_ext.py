"""The `iree_linalg_ext.fft` op of IREE's LinalgExt dialect, parse-level.

`iree_linalg_ext.fft ins(%stage(, %real_coeff, %imag_coeff)? : types) outs(%real, %imag :
types) (: result types)?` is one stage of a radix-2 FFT over a pair of real/imaginary buffers
(IREE's `LinalgExtOps.td`). pyvmvx reads, verifies and prints it; no pass lowers it.
Deliberately stricter than IREE 3.13: a single coefficient operand (expressible only in
generic form, which IREE's verifier lets through) is rejected.

`verify_destination_style` is the destination-passing check IREE's structured ops share
(also used by `iree_codegen.ukernel.generic`).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType, TensorType
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException


def verify_destination_style(outputs: Sequence[SSAValue], results: Sequence[SSAValue]) -> None:
    """Outputs are tensors or memrefs, and there is one result per tensor output, of that
    output's type, as MLIR's destination-style interface requires (results past the tensor
    ones are not constrained)."""
    for index, output in enumerate(outputs):
        if not isinstance(output.type, TensorType | MemRefType):
            raise VerifyException(
                f"expected output #{index} to be a ranked tensor or memref, got {output.type}"
            )
    tensor_outputs = [(i, o) for i, o in enumerate(outputs) if isinstance(o.type, TensorType)]
    tensor_results = [r for r in results if isinstance(r.type, TensorType)]
    if len(tensor_results) != len(tensor_outputs):
        raise VerifyException(
            f"expected the number of tensor results ({len(tensor_results)}) to be equal to the "
            f"number of output tensors ({len(tensor_outputs)})"
        )
    for (index, output), result in zip(tensor_outputs, tensor_results, strict=True):
        if output.type != result.type:
            raise VerifyException(
                f"expected type of output #{index} ({output.type}) to match type of "
                f"corresponding result ({result.type})"
            )


@irdl_op_definition
class FftOp(IRDLOperation):
    """`iree_linalg_ext.fft`: one FFT stage, in place on `outs(%real, %imag)`.

    `stage` is the stage number; the optional coefficient pair holds the twiddle factors.
    """

    name = "iree_linalg_ext.fft"

    stage = operand_def(base(IndexType) | base(IntegerType))
    real_coeff = opt_operand_def(TensorType)
    imag_coeff = opt_operand_def(TensorType)
    real = operand_def()
    imag = operand_def()
    tensor_results = var_result_def(TensorType)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    assembly_format = (
        "attr-dict `ins` `(` $stage (`,` $real_coeff^ `,` $imag_coeff)? `:` type($stage) "
        "(`,` type($real_coeff)^ `,` type($imag_coeff))? `)` "
        "`outs` `(` $real `,` $imag `:` type($real) `,` type($imag) `)` "
        "(`:` type($tensor_results)^)?"
    )

    def __init__(
        self,
        stage: SSAValue,
        real: SSAValue,
        imag: SSAValue,
        coefficients: tuple[SSAValue, SSAValue] | None = None,
    ) -> None:
        result_types: list[Attribute] = [
            o.type for o in (real, imag) if isinstance(o.type, TensorType)
        ]
        coeffs: list[list[SSAValue]] = [[], []]
        if coefficients is not None:
            coeffs = [[coefficients[0]], [coefficients[1]]]
        super().__init__(
            operands=[[stage], *coeffs, [real], [imag]],
            result_types=[result_types],
        )

    def verify_(self) -> None:
        if (self.real_coeff is None) != (self.imag_coeff is None):
            raise VerifyException("expected both real and imaginary coefficients, or neither")
        verify_destination_style((self.real, self.imag), self.tensor_results)


IREELinalgExt = Dialect("iree_linalg_ext", [FftOp], [])
