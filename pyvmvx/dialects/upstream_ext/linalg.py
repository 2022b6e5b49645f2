"""`linalg` with the named contractions, pooling, elementwise and relayout ops IREE's codegen
uses.

Contractions (`C += cast_signed(C, A) * cast_signed(C, B)`), printed as
`linalg.mmt4d {attrs} ins(%a, %b : T, T) outs(%c : T) -> T` (no result on memrefs):
`mmt4d`, `batch_matmul`, `matvec`, `vecmat`, `dot`, and `matmul`, which replaces upstream's
so that mixed element types (i8 x i8 -> i32, f16 x f16 -> f32) get MLIR's casting body.
Like upstream's named ops, each carries its implicit body region (built from the element
types) and reports its indexing maps and iterator types (`get_indexing_maps`,
`get_iterator_types`), so generalization needs nothing op-specific. `matmul` and
`batch_matmul` keep their maps in an `indexing_maps` property, printed as MLIR does
(`linalg.matmul indexing_maps = [...] ins(...)`) when not the default.

Pooling: the 17 `linalg.pooling_<layout>_<kind>` ops of MLIR (layouts `nwc`, `ncw`, `nhwc`,
`nchw`, `ndhwc`; kinds `sum`, `max`, `min`, `max_unsigned`, `min_unsigned` where MLIR has
them), one definition parameterized by layout and kind: `{dilations = dense<..> : tensor<Nxi64>,
strides = ...}` (optional, default 1), `ins(%input, %window : ...) outs(%init : ...)`, where
the window is a shape-only operand, and MLIR's body `%out = max(%out, cast(%in))`.

`linalg.elementwise kind=#linalg.elementwise_kind<add> (indexing_maps = [...])? ins(...)
outs(...)`: MLIR's named elementwise op with its unary, binary and ternary kinds; its maps
default to identities over the output's rank (all loops parallel) and print only when not
the default.

Convolutions: MLIR's `conv_*` and `depthwise_conv_*` ops (`CONV_OPS`), one definition
parameterized by the loops indexing each operand, as OpDSL defines them:
`{dilations = dense<..> : tensor<Nxi64>, strides = ...}` (optional, default 1; `vector`
attributes too), `ins(%input, %kernel : ...)` (`_q`: and the two i32 zero points)
`outs(%init : ...)`, body `out + cast(in) * cast(kernel)`.

`linalg.map ins(...) outs(%init : T) (%a: E, ...) {...}` (or the short form
`linalg.map { arith.addf } ins(...) outs(...)`): the mapper takes the input elements only.
`linalg.generic` is upstream's, parsing `-> (T, U)` for several results.

Relayout ops: `linalg.pack` and `linalg.unpack` with `padding_value`, `outer_dims_perm`,
`inner_dims_pos`, static or dynamic `inner_tiles` and `into`, on tensors (one result) or
memrefs (no result), with MLIR's verifier.

Upstream ops replaced by subclasses: the named elementwise ops (`add`, `copy`, ...) take
scalar operands, broadcast as in MLIR (upstream asserted that every operand is shaped), and
`transpose`, `broadcast` and `reduce` keep their attribute dictionary, which upstream's syntax
dropped (`linalg.transpose ins(...) outs(...) permutation = [1, 0] {lowering_config = ...}`).
"""

from abc import ABC
from collections.abc import Callable, Mapping, Sequence
from enum import auto
from typing import ClassVar, NamedTuple, Self, cast

from xdsl.builder import Builder
from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AffineMapAttr,
    AnyFloat,
    AnyTensorType,
    ArrayAttr,
    DenseArrayBase,
    DenseIntElementsAttr,
    FloatAttr,
    IndexType,
    IntegerType,
    MemRefType,
    ShapedType,
    StringAttr,
    TensorType,
    i1,
    i64,
)
from xdsl.dialects.linalg import Linalg as UpstreamLinalg
from xdsl.dialects.linalg import ops as linalg_ops
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
    NamedOperation,
)
from xdsl.dialects.linalg.attrs import IteratorType, IteratorTypeAttr
from xdsl.dialects.utils import (
    EnumAttribute,
    get_dynamic_index_list,
    parse_dynamic_index_list_without_types,
    print_dynamic_index_list,
    split_dynamic_index_list,
    verify_dynamic_index_list,
)
from xdsl.ir import Attribute, Block, BlockArgument, Dialect, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    opt_result_def,
    prop_def,
    region_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser, Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ._utils import (
    DestinationStyleMemoryEffect,
    extend_dialect,
    i64_array,
    parse_int_list,
    print_int_list,
)

# --- contraction bodies -------------------------------------------------------------


def _element_type(value: SSAValue) -> Attribute:
    value_type = value.type
    element_type = (
        value_type.get_element_type() if isinstance(value_type, ShapedType) else value_type
    )
    if not isinstance(element_type, IntegerType | AnyFloat):
        raise ValueError(f"unsupported element type {element_type} in a linalg named op")
    return element_type


def _cast(value: SSAValue, to: Attribute, *, unsigned: bool = False) -> SSAValue:
    """MLIR's `cast_signed` (`cast_unsigned` with `unsigned`): extend (sign- or zero-) or
    truncate integers, extend/truncate floats, convert between the two as signed (unsigned)
    integers."""
    src = value.type
    if src == to:
        return value
    if isinstance(src, IntegerType) and isinstance(to, IntegerType):
        if to.width.data < src.width.data:
            return arith.TruncIOp(value, to).result
        return (arith.ExtUIOp(value, to) if unsigned else arith.ExtSIOp(value, to)).result
    if isinstance(src, AnyFloat) and isinstance(to, AnyFloat):
        wider = to.bitwidth > src.bitwidth
        return (arith.ExtFOp(value, to) if wider else arith.TruncFOp(value, to)).result
    if isinstance(src, IntegerType) and isinstance(to, AnyFloat):
        return (arith.UIToFPOp(value, to) if unsigned else arith.SIToFPOp(value, to)).result
    if isinstance(src, AnyFloat) and isinstance(to, IntegerType):
        return (arith.FPToUIOp(value, to) if unsigned else arith.FPToSIOp(value, to)).result
    raise ValueError(f"cannot cast {src} to {to} in a linalg named op")


_BinaryBuilder = Callable[[SSAValue, SSAValue], Operation]
_MaybeBinary = _BinaryBuilder | None

_BINARY_FNS: dict[str, tuple[_MaybeBinary, _MaybeBinary, _MaybeBinary]] = {
    "add": (arith.AddfOp, arith.AddiOp, arith.OrIOp),
    "sub": (arith.SubfOp, arith.SubiOp, None),
    "mul": (arith.MulfOp, arith.MuliOp, arith.AndIOp),
    "div": (arith.DivfOp, arith.DivSIOp, None),
    "div_unsigned": (None, arith.DivUIOp, None),
    "max_signed": (arith.MaximumfOp, arith.MaxSIOp, arith.MaxSIOp),
    "min_signed": (arith.MinimumfOp, arith.MinSIOp, arith.MinSIOp),
    "max_unsigned": (arith.MaximumfOp, arith.MaxUIOp, arith.MaxUIOp),
    "min_unsigned": (arith.MinimumfOp, arith.MinUIOp, arith.MinUIOp),
    "powf": (math.PowFOp, None, None),
}
"""MLIR's `BinaryFn`s: the op on floats, on integers and on i1 (None: unsupported)."""


def binary_fn(kind: str, lhs: SSAValue, rhs: SSAValue) -> SSAValue:
    """MLIR's `BinaryFn` `kind` of two floats or two integers (`add`/`mul` of i1 are
    `or`/`and`), built at the implicit builder's insertion point."""
    floats = isinstance(lhs.type, AnyFloat) and isinstance(rhs.type, AnyFloat)
    ints = isinstance(lhs.type, IntegerType) and isinstance(rhs.type, IntegerType)
    if not floats and not ints:
        raise ValueError(
            "Cannot build binary Linalg operation: expects allFloatingPoint or allInteger, "
            f"got {lhs.type} and {rhs.type}"
        )
    on_float, on_int, on_bool = _BINARY_FNS[kind]
    build = on_float if floats else on_bool if lhs.type == rhs.type == i1 else on_int
    if build is None:
        raise ValueError(f"unsupported operation: {kind} on {lhs.type}")
    return build(lhs, rhs).results[0]


def contraction_region(inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
    """`^bb0(%a, %b, %c): yield %c + cast(%a) * cast(%b)` over the operands' element types."""
    if len(inputs) != 2 or len(outputs) != 1:
        raise ValueError("a linalg contraction takes two inputs and one output")
    arg_types = [_element_type(v) for v in (*inputs, *outputs)]
    accumulator = arg_types[2]

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        product = binary_fn("mul", _cast(args[0], accumulator), _cast(args[1], accumulator))
        linalg_ops.YieldOp(binary_fn("add", args[2], product))

    return body


def _maps(*maps: Callable[..., tuple[object, ...]]) -> tuple[AffineMap, ...]:
    return tuple(AffineMap.from_callable(m) for m in maps)


def _iterators(kinds: str) -> tuple[IteratorTypeAttr, ...]:
    """`"ppr"` -> (parallel, parallel, reduction)."""
    return tuple(
        IteratorTypeAttr.parallel() if k == "p" else IteratorTypeAttr.reduction() for k in kinds
    )


# --- contraction ops ------------------------------------------------------------------


class _ContractionOp(NamedOperation, ABC):
    """A named contraction: casting multiply-accumulate body, fixed iterator types."""

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]]

    traits = traits_def(DestinationStyleMemoryEffect())

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        res: Sequence[Attribute] | None = None,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        result_types = (
            [o.type for o in outputs if isinstance(o.type, TensorType)] if res is None else res
        )
        super().__init__(
            ins=inputs,
            outs=outputs,
            result_types=[result_types],
            attributes=attributes,
            hidden_region=self.get_hidden_region(inputs, outputs),
        )

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return contraction_region(inputs, outputs)

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(self.ITERATOR_TYPES)


class _FixedMapsContractionOp(_ContractionOp, ABC):
    """A contraction whose indexing maps are fixed by the op (opdsl-style named ops)."""

    INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]]

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return self.INDEXING_MAPS


class _ExplicitMapsOp(NamedOperation, ABC):
    """Syntax of a named op with an `indexing_maps` property (`matmul`, `batch_matmul`).

    Non-default maps print before the attribute dictionary:
    `linalg.matmul indexing_maps = [...] {attrs} ins(...) outs(...)`.
    """

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return cast(ArrayAttr[AffineMapAttr], self.properties["indexing_maps"])

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        return tuple(m.data for m in self.get_indexing_maps())

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        maps: Attribute | None = None
        if parser.parse_optional_keyword("indexing_maps") is not None:
            parser.parse_punctuation("=")
            pos = parser.pos
            maps = parser.parse_attribute()
            if not isinstance(maps, ArrayAttr) or not all(
                isinstance(m, AffineMapAttr) for m in cast(ArrayAttr[Attribute], maps)
            ):
                parser.raise_error("expected an array of affine maps", pos, parser.pos)
        op = cast(Self, super().parse(parser))
        if maps is not None:
            op.properties["indexing_maps"] = maps
        return op

    def print(self, printer: Printer) -> None:
        default = self.get_irdl_definition().properties["indexing_maps"].default_value
        if self.get_indexing_maps() != default:
            printer.print_string(" indexing_maps = ")
            printer.print_attribute(self.get_indexing_maps())
        super().print(printer)


_MATMUL_MAPS = _maps(lambda m, n, k: (m, k), lambda m, n, k: (k, n), lambda m, n, k: (m, n))


@irdl_op_definition
class MatmulOp(_ExplicitMapsOp, linalg_ops.MatmulOp):
    """`linalg.matmul`: upstream's op with MLIR's casting body and `indexing_maps` syntax."""

    name = "linalg.matmul"

    inputs = var_operand_def()
    outputs = var_operand_def(ShapedType)
    res = var_result_def(TensorType)
    body = region_def("single_block")
    indexing_maps = prop_def(
        ArrayAttr[AffineMapAttr],
        default_value=ArrayAttr(AffineMapAttr(m) for m in _MATMUL_MAPS),
    )

    traits = traits_def(DestinationStyleMemoryEffect())

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        return contraction_region(inputs, outputs)


_BATCH_MATMUL_MAPS = _maps(
    lambda b, m, n, k: (b, m, k), lambda b, m, n, k: (b, k, n), lambda b, m, n, k: (b, m, n)
)


@irdl_op_definition
class BatchMatmulOp(_ExplicitMapsOp, _ContractionOp):
    """`linalg.batch_matmul`: `C[b, m, n] += A[b, m, k] * B[b, k, n]`."""

    name = "linalg.batch_matmul"

    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]] = _iterators("pppr")

    indexing_maps = prop_def(
        ArrayAttr[AffineMapAttr],
        default_value=ArrayAttr(AffineMapAttr(m) for m in _BATCH_MATMUL_MAPS),
    )


@irdl_op_definition
class Mmt4DOp(_FixedMapsContractionOp):
    """`linalg.mmt4d`: `C[m, n, m0, n0] += A[m, k, m0, k0] * B[n, k, n0, k0]`.

    Loops are (m, n, k, m0, n0, k0), as in MLIR.
    """

    name = "linalg.mmt4d"

    INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _maps(
        lambda m, n, k, m0, n0, k0: (m, k, m0, k0),
        lambda m, n, k, m0, n0, k0: (n, k, n0, k0),
        lambda m, n, k, m0, n0, k0: (m, n, m0, n0),
    )
    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]] = _iterators("pprppr")


@irdl_op_definition
class MatvecOp(_FixedMapsContractionOp):
    """`linalg.matvec`: `x[m] += A[m, n] * y[n]`."""

    name = "linalg.matvec"

    INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _maps(
        lambda m, n: (m, n), lambda m, n: (n,), lambda m, n: (m,)
    )
    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]] = _iterators("pr")


@irdl_op_definition
class VecmatOp(_FixedMapsContractionOp):
    """`linalg.vecmat`: `x[n] += y[m] * A[m, n]` (loops (n, m), as in MLIR)."""

    name = "linalg.vecmat"

    INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _maps(
        lambda n, m: (m,), lambda n, m: (m, n), lambda n, m: (n,)
    )
    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]] = _iterators("pr")


@irdl_op_definition
class DotOp(_FixedMapsContractionOp):
    """`linalg.dot`: `c[] += a[m] * b[m]`."""

    name = "linalg.dot"

    INDEXING_MAPS: ClassVar[tuple[AffineMap, ...]] = _maps(
        lambda m: (m,), lambda m: (m,), lambda m: ()
    )
    ITERATOR_TYPES: ClassVar[tuple[IteratorTypeAttr, ...]] = _iterators("r")


# --- elementwise ops ------------------------------------------------------------------


class _ScalarBroadcastMaps(ElementwiseOperation, ABC):
    """MLIR's maps for a rank-polymorphic elementwise op: identity over the loops (the
    rank of the first shaped operand, outputs first) for shaped operands, `() -> ()`-like
    (no results) for a scalar operand, which is broadcast.

    Upstream assumes every operand is shaped (an assertion); a shaped operand of another
    rank is left to the structured-op verifier, which reports the rank mismatch.
    """

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        types = self.operand_types
        shaped = [t for t in (*self.outputs.types, *self.inputs.types) if isinstance(t, ShapedType)]
        rank = len(shaped[0].get_shape()) if shaped else 0
        return tuple(
            AffineMap.identity(rank) if isinstance(t, ShapedType) else AffineMap(rank, 0, ())
            for t in types
        )


def _scalar_broadcasting(upstream: type[ElementwiseOperation]) -> type[ElementwiseOperation]:
    """`upstream` (e.g. `linalg.add`) accepting scalar operands, as MLIR's named ops do."""
    namespace: dict[str, object] = {
        "name": upstream.name,
        "__module__": __name__,
        "__qualname__": upstream.__name__,
        "__doc__": f"`{upstream.name}` with scalar operands broadcast (MLIR's maps).",
        # A subclass of a finalized op redeclares its fields.
        "inputs": var_operand_def(),
        "outputs": var_operand_def(ShapedType),
        "res": var_result_def(TensorType),
        "body": region_def("single_block"),
    }
    return irdl_op_definition(type(upstream.__name__, (_ScalarBroadcastMaps, upstream), namespace))


ELEMENTWISE_OPS = tuple(
    _scalar_broadcasting(op)
    for op in (
        linalg_ops.AddOp,
        linalg_ops.SubOp,
        linalg_ops.MulOp,
        linalg_ops.MaxOp,
        linalg_ops.MinOp,
        linalg_ops.SelectOp,
        linalg_ops.CopyOp,
        linalg_ops.ExpOp,
        linalg_ops.LogOp,
        linalg_ops.SqrtOp,
    )
)
"""Upstream's named elementwise ops, each replaced by a subclass with MLIR's maps."""


# --- pooling ops ----------------------------------------------------------------------

_POOLING_KINDS: dict[str, tuple[str, ...]] = {
    "nwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "ncw": ("sum", "max"),
    "nhwc": ("sum", "max", "max_unsigned", "min", "min_unsigned"),
    "nchw": ("sum", "max"),
    "ndhwc": ("sum", "max", "min"),
}
"""MLIR's pooling ops: the kinds of each input layout."""

_POOLING_FNS = {"sum": "add", "max": "max_signed", "min": "min_signed"}
"""The `BinaryFn` of each pooling kind (the unsigned kinds are their own)."""


class _PoolingOp(NamedOperation, ABC):
    """`linalg.pooling_<LAYOUT>_<KIND>`: each output element combines with its window of the
    input, `out[n, o.., c] = KIND(out[n, o.., c], cast(in[n, o * stride + k * dilation.., c]))`
    over the window positions `k..`, whose extents only the window operand gives.

    Loops are the output's dimensions in layout order, then the window's (reductions)."""

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    LAYOUT: ClassVar[str]
    KIND: ClassVar[str]

    dilations = opt_prop_def(DenseIntElementsAttr)
    strides = opt_prop_def(DenseIntElementsAttr)

    traits = traits_def(DestinationStyleMemoryEffect())

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        if len(inputs) != 2 or len(outputs) != 1:
            raise ValueError("expected op with 2 inputs and 1 output")
        arg_types = [_element_type(v) for v in (*inputs, *outputs)]
        unsigned = cls.KIND.endswith("_unsigned")
        combine = _POOLING_FNS.get(cls.KIND, cls.KIND)

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            value = _cast(args[0], arg_types[2], unsigned=unsigned)
            linalg_ops.YieldOp(binary_fn(combine, args[2], value))

        return body

    @classmethod
    def window_rank(cls) -> int:
        return len(cls.LAYOUT) - 2

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        outer = len(self.LAYOUT)
        loops = outer + self.window_rank()
        output = tuple(AffineDimExpr(d) for d in range(outer))
        window = tuple(AffineDimExpr(d) for d in range(outer, loops))
        rank = self.window_rank()
        strides = _window_values(self, "strides", rank)
        dilations = _window_values(self, "dilations", rank)
        factors = iter(zip(window, strides, dilations, strict=True))
        image: list[AffineExpr] = []
        for letter, dim in zip(self.LAYOUT, output, strict=True):
            if letter in "nc":
                image.append(dim)
            else:
                position, stride, dilation = next(factors)
                image.append(dim * stride + position * dilation)
        return tuple(AffineMap(loops, 0, results) for results in (tuple(image), window, output))

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(_iterators("p" * len(self.LAYOUT) + "r" * self.window_rank()))

    def verify_(self) -> None:
        if len(self.inputs) != 2 or len(self.outputs) != 1:
            raise VerifyException("expected op with 2 inputs and 1 output")
        _verify_window_attrs(self, self.window_rank())
        super().verify_()


def _pooling_op(layout: str, kind: str) -> type[_PoolingOp]:
    name = f"pooling_{layout}_{kind}"
    class_name = "".join(part.capitalize() for part in name.split("_")) + "Op"
    namespace: dict[str, object] = {
        "name": f"linalg.{name}",
        "LAYOUT": layout,
        "KIND": kind,
        "__annotations__": {"LAYOUT": ClassVar[str], "KIND": ClassVar[str]},
        "__module__": __name__,
        "__qualname__": class_name,
        "__doc__": f"`linalg.{name}`: {kind} pooling of an {layout.upper()} input.",
    }
    return irdl_op_definition(type(class_name, (_PoolingOp,), namespace))


POOLING_OPS = tuple(
    _pooling_op(layout, kind) for layout, kinds in _POOLING_KINDS.items() for kind in kinds
)
"""MLIR's pooling ops (upstream xDSL has only `pooling_nchw_max`, with a wrong body)."""


# --- convolutions ---------------------------------------------------------------------


class _ConvSpec(NamedTuple):
    """A convolution as MLIR's OpDSL defines it: its loops, in order, and the loops indexing
    each operand. In the input, a spatial letter `d`, `h` or `w` stands for
    `o<letter> * stride + k<letter> * dilation`; loops the output does not use reduce."""

    loops: str
    input: str
    kernel: str
    output: str
    quantized: bool = False


_CONV_SPECS = {
    "conv_1d_ncw_fcw": _ConvSpec("n f ow c kw", "n c w", "f c kw", "n f ow"),
    "conv_1d_nwc_wcf": _ConvSpec("n ow f kw c", "n w c", "kw c f", "n ow f"),
    "conv_2d_nchw_fchw": _ConvSpec("n f oh ow c kh kw", "n c h w", "f c kh kw", "n f oh ow"),
    "conv_2d_nchw_fchw_q": _ConvSpec(
        "n f oh ow c kh kw", "n c h w", "f c kh kw", "n f oh ow", quantized=True
    ),
    "conv_2d_nhwc_hwcf": _ConvSpec("n oh ow f kh kw c", "n h w c", "kh kw c f", "n oh ow f"),
    "conv_2d_nhwc_hwcf_q": _ConvSpec(
        "n oh ow f kh kw c", "n h w c", "kh kw c f", "n oh ow f", quantized=True
    ),
    "conv_2d_nhwc_fhwc": _ConvSpec("n oh ow f kh kw c", "n h w c", "f kh kw c", "n oh ow f"),
    "conv_2d_ngchw_gfchw": _ConvSpec(
        "n g fg oh ow c kh kw", "n g c h w", "g fg c kh kw", "n g fg oh ow"
    ),
    "conv_2d_ngchw_fgchw": _ConvSpec(
        "n g fg oh ow c kh kw", "n g c h w", "fg g c kh kw", "n g fg oh ow"
    ),
    "conv_2d_nhwgc_gfhwc": _ConvSpec(
        "n oh ow g fg kh kw c", "n h w g c", "g fg kh kw c", "n oh ow g fg"
    ),
    "conv_3d_ncdhw_fcdhw": _ConvSpec(
        "n od oh ow f kd kh kw c", "n c d h w", "f c kd kh kw", "n f od oh ow"
    ),
    "conv_3d_ndhwc_dhwcf": _ConvSpec(
        "n od oh ow f kd kh kw c", "n d h w c", "kd kh kw c f", "n od oh ow f"
    ),
    "depthwise_conv_1d_ncw_cw": _ConvSpec("n ow ic kw", "n ic w", "ic kw", "n ic ow"),
    "depthwise_conv_1d_nwc_wc": _ConvSpec("n ow ic kw", "n w ic", "kw ic", "n ow ic"),
    "depthwise_conv_2d_nchw_chw": _ConvSpec(
        "n oh ow ic kh kw", "n ic h w", "ic kh kw", "n ic oh ow"
    ),
    "depthwise_conv_2d_nhwc_hwc": _ConvSpec(
        "n oh ow ic kh kw", "n h w ic", "kh kw ic", "n oh ow ic"
    ),
    "conv_1d": _ConvSpec("ow kw", "w", "kw", "ow"),
    "conv_2d": _ConvSpec("oh ow kh kw", "h w", "kh kw", "oh ow"),
    "conv_3d": _ConvSpec("od oh ow kd kh kw", "d h w", "kd kh kw", "od oh ow"),
    "conv_2d_nhwc_fhwc_q": _ConvSpec(
        "n oh ow f kh kw c", "n h w c", "f kh kw c", "n oh ow f", quantized=True
    ),
    "conv_2d_nhwgc_gfhwc_q": _ConvSpec(
        "n oh ow g fg kh kw c", "n h w g c", "g fg kh kw c", "n oh ow g fg", quantized=True
    ),
    "conv_2d_ngchw_gfchw_q": _ConvSpec(
        "n g fg oh ow c kh kw", "n g c h w", "g fg c kh kw", "n g fg oh ow", quantized=True
    ),
    "conv_3d_ndhwc_dhwcf_q": _ConvSpec(
        "n od oh ow f kd kh kw c", "n d h w c", "kd kh kw c f", "n od oh ow f", quantized=True
    ),
    "depthwise_conv_1d_nwc_wcm": _ConvSpec("n ow ic cm kw", "n w ic", "kw ic cm", "n ow ic cm"),
    "depthwise_conv_2d_nhwc_hwc_q": _ConvSpec(
        "n oh ow ic kh kw", "n h w ic", "kh kw ic", "n oh ow ic", quantized=True
    ),
    "depthwise_conv_2d_nhwc_hwcm": _ConvSpec(
        "n oh ow ic cm kh kw", "n h w ic", "kh kw ic cm", "n oh ow ic cm"
    ),
    "depthwise_conv_2d_nhwc_hwcm_q": _ConvSpec(
        "n oh ow ic cm kh kw", "n h w ic", "kh kw ic cm", "n oh ow ic cm", quantized=True
    ),
    "depthwise_conv_3d_ndhwc_dhwc": _ConvSpec(
        "n od oh ow kd kh kw ic", "n d h w ic", "kd kh kw ic", "n od oh ow ic"
    ),
    "depthwise_conv_3d_ncdhw_cdhw": _ConvSpec(
        "n od oh ow kd kh kw ic", "n ic d h w", "ic kd kh kw", "n ic od oh ow"
    ),
}
"""MLIR's convolution ops (OpDSL's `core_named_ops.py`; not `depthwise_conv_3d_ndhwc_dhwcm`,
whose OpDSL output is one dimension short of its indexing)."""


def _window_values(op: Operation, name: str, rank: int) -> tuple[int, ...]:
    """The `strides` or `dilations` of a convolution or pooling op, 1 when absent (a splat
    may hold a single element)."""
    attr = cast(DenseIntElementsAttr | None, op.properties.get(name))
    values = (1,) if attr is None else attr.get_values()
    return values * rank if len(values) == 1 else values


def _verify_window_attrs(op: Operation, rank: int) -> None:
    for name in ("strides", "dilations"):
        attr = cast(DenseIntElementsAttr | None, op.properties.get(name))
        if attr is not None and (attr.get_element_type() != i64 or attr.get_shape() != (rank,)):
            raise VerifyException(
                f"attribute '{name}' failed to satisfy constraint: 64-bit signless int "
                f"elements attribute of shape [{rank}]"
            )


class _ConvOp(NamedOperation, ABC):
    """`linalg.conv_*`/`depthwise_conv_*`: `out += cast(in) * cast(kernel)` over the
    kernel window (`_q`: `(cast(in) - cast(in_zp)) * (cast(kernel) - cast(kernel_zp))`),
    with `{dilations = dense<..>, strides = dense<..>}` (optional, default 1)."""

    PRINT_ATTRS_IN_FRONT: ClassVar[bool] = True
    SPEC: ClassVar[_ConvSpec]

    dilations = opt_prop_def(DenseIntElementsAttr)
    strides = opt_prop_def(DenseIntElementsAttr)

    traits = traits_def(DestinationStyleMemoryEffect())

    @classmethod
    def get_hidden_region(cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]) -> Region:
        if not cls.SPEC.quantized:
            return contraction_region(inputs, outputs)
        if len(inputs) != 4 or len(outputs) != 1:
            raise ValueError("expected op with 4 inputs and 1 output")
        arg_types = [_element_type(v) for v in (*inputs, *outputs)]
        acc = arg_types[4]

        @Builder.implicit_region(arg_types)
        def body(args: tuple[BlockArgument, ...]) -> None:
            value = binary_fn("sub", _cast(args[0], acc), _cast(args[2], acc))
            weight = binary_fn("sub", _cast(args[1], acc), _cast(args[3], acc))
            linalg_ops.YieldOp(binary_fn("add", args[4], binary_fn("mul", value, weight)))

        return body

    @classmethod
    def window_rank(cls) -> int:
        return sum(1 for letter in cls.SPEC.input.split() if letter in ("d", "h", "w"))

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        spec = self.SPEC
        loops = spec.loops.split()
        dims = {name: AffineDimExpr(i) for i, name in enumerate(loops)}
        rank = self.window_rank()
        strides = iter(_window_values(self, "strides", rank))
        dilations = iter(_window_values(self, "dilations", rank))
        image = tuple(
            dims["o" + n] * next(strides) + dims["k" + n] * next(dilations)
            if n in ("d", "h", "w")
            else dims[n]
            for n in spec.input.split()
        )

        def plain(names: str) -> AffineMap:
            return AffineMap(len(loops), 0, tuple(dims[n] for n in names.split()))

        scalar = AffineMap(len(loops), 0, ())
        zero_points = (scalar, scalar) if spec.quantized else ()
        image_map = AffineMap(len(loops), 0, image)
        return (image_map, plain(spec.kernel), *zero_points, plain(spec.output))

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        output = self.SPEC.output.split()
        kinds = "".join("p" if n in output else "r" for n in self.SPEC.loops.split())
        return ArrayAttr(_iterators(kinds))

    def verify_(self) -> None:
        count = 4 if self.SPEC.quantized else 2
        if len(self.inputs) != count or len(self.outputs) != 1:
            raise VerifyException(f"expected op with {count} inputs and 1 output")
        _verify_window_attrs(self, self.window_rank())
        super().verify_()


def _conv_op(name: str) -> type[_ConvOp]:
    class_name = "".join(part.capitalize() for part in name.split("_")) + "Op"
    namespace: dict[str, object] = {
        "name": f"linalg.{name}",
        "SPEC": _CONV_SPECS[name],
        "__annotations__": {"SPEC": ClassVar[_ConvSpec]},
        "__module__": __name__,
        "__qualname__": class_name,
        "__doc__": f"`linalg.{name}`: MLIR's convolution of that layout.",
    }
    return irdl_op_definition(type(class_name, (_ConvOp,), namespace))


CONV_OPS = tuple(_conv_op(name) for name in _CONV_SPECS)
"""MLIR's convolutions (upstream xDSL has a few 2-D ones, which refuse `vector` strides)."""


# --- linalg.elementwise ---------------------------------------------------------------


class ElementwiseKind(StrEnum):
    """MLIR's `ElementwiseKind`: its unary, binary and ternary functions, in MLIR's order."""

    EXP = auto()
    LOG = auto()
    ABS = auto()
    CEIL = auto()
    FLOOR = auto()
    NEGF = auto()
    RECIPROCAL = auto()
    ROUND = auto()
    SQRT = auto()
    RSQRT = auto()
    SQUARE = auto()
    TANH = auto()
    ERF = auto()
    ADD = auto()
    SUB = auto()
    MUL = auto()
    DIV = auto()
    DIV_UNSIGNED = auto()
    MAX_SIGNED = auto()
    MIN_SIGNED = auto()
    MAX_UNSIGNED = auto()
    MIN_UNSIGNED = auto()
    POWF = auto()
    SELECT = auto()


@irdl_attr_definition
class ElementwiseKindAttr(EnumAttribute[ElementwiseKind]):
    """`#linalg.elementwise_kind<add>`."""

    name = "linalg.elementwise_kind"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> ElementwiseKind:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


_UnaryBuilder = Callable[[SSAValue], Operation]

_UNARY_FNS: dict[str, _UnaryBuilder] = {
    "exp": math.ExpOp,
    "log": math.LogOp,
    "abs": math.AbsFOp,
    "ceil": math.CeilOp,
    "floor": math.FloorOp,
    "negf": arith.NegfOp,
    "reciprocal": lambda x: arith.DivfOp(arith.ConstantOp(FloatAttr(1.0, x.type)), x),
    "round": math.RoundOp,
    "sqrt": math.SqrtOp,
    "rsqrt": math.RsqrtOp,
    "square": lambda x: arith.MulfOp(x, x),
    "tanh": math.TanhOp,
    "erf": math.ErfOp,
}
"""MLIR's `UnaryFn`s, on floats only."""


def _arity(kind: ElementwiseKind) -> int:
    return 1 if kind in _UNARY_FNS else 2 if kind in _BINARY_FNS else 3


def _elementwise_region(
    kind: ElementwiseKind, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
) -> Region:
    """MLIR's body of `linalg.elementwise` of `kind`: the function of the inputs, yielded
    (no cast to the output type)."""
    arg_types = [_element_type(v) for v in (*inputs, *outputs)]
    if len(arg_types) != _arity(kind) + 1:
        raise ValueError(
            f"[parseNamedStructuredOpRegion] ods-gen generated region expects "
            f"{_arity(kind) + 1} args, got {len(arg_types)}"
        )

    @Builder.implicit_region(arg_types)
    def body(args: tuple[BlockArgument, ...]) -> None:
        if kind == ElementwiseKind.SELECT:
            result = arith.SelectOp(args[0], args[1], args[2]).result
        elif kind in _UNARY_FNS:
            if not isinstance(args[0].type, AnyFloat):
                raise ValueError("unsupported non numeric type")
            result = _UNARY_FNS[kind](args[0]).results[0]
        else:
            result = binary_fn(kind, args[0], args[1])
        linalg_ops.YieldOp(result)

    return body


def _parse_operand_list(parser: Parser, keyword: str) -> list[SSAValue]:
    """`keyword(%a, %b : A, B)`, or nothing (no operands)."""
    if parser.parse_optional_characters(keyword) is None:
        return []
    pos = parser.pos
    parser.parse_punctuation("(")
    operands = parser.parse_comma_separated_list(
        Parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    parser.parse_punctuation(":")
    types = parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
    parser.parse_punctuation(")")
    return parser.resolve_operands(operands, types, pos)


def _print_operand_list(printer: Printer, keyword: str, values: Sequence[SSAValue]) -> None:
    if values:
        printer.print_string(f" {keyword}(")
        printer.print_list(values, printer.print_ssa_value)
        printer.print_string(" : ")
        printer.print_list((v.type for v in values), printer.print_attribute)
        printer.print_string(")")


@irdl_op_definition
class ElementwiseOp(LinalgStructuredOperation):
    """`linalg.elementwise kind=#linalg.elementwise_kind<K> (indexing_maps = [...])? {attrs}?
    ins(...) outs(...) (-> types)?`: one unary, binary or ternary function of the inputs per
    output element; all loops (the output's rank) are parallel."""

    name = "linalg.elementwise"

    kind = prop_def(ElementwiseKindAttr)
    indexing_maps = opt_prop_def(ArrayAttr[AffineMapAttr])

    traits = traits_def(DestinationStyleMemoryEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        kind: ElementwiseKind,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        indexing_maps: Sequence[AffineMap] | None = None,
        result_types: Sequence[Attribute] = (),
        attributes: Mapping[str, Attribute] | None = None,
    ):
        maps = _default_maps(kind, outputs) if indexing_maps is None else indexing_maps
        super().__init__(
            operands=[inputs, outputs],
            result_types=[result_types],
            properties={
                "kind": ElementwiseKindAttr(kind),
                "indexing_maps": ArrayAttr(AffineMapAttr(m) for m in maps),
            },
            attributes=attributes,
            regions=[_elementwise_region(kind, inputs, outputs)],
        )

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        return self.indexing_maps or ArrayAttr(())

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(_iterators("p" * _output_rank(self.outputs)))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parser.parse_keyword("kind")
        parser.parse_punctuation("=")
        pos = parser.pos
        kind = parser.parse_attribute()
        if not isinstance(kind, ElementwiseKindAttr):
            parser.raise_error("expected ElementwiseKind attribute", pos, parser.pos)
        maps: list[AffineMap] | None = None
        if parser.parse_optional_keyword("indexing_maps") is not None:
            parser.parse_punctuation("=")
            maps = parser.parse_comma_separated_list(
                Parser.Delimiter.SQUARE, lambda: _parse_affine_map(parser)
            )
        attributes = parser.parse_optional_attr_dict()
        pos = parser.pos
        inputs = _parse_operand_list(parser, "ins")
        outputs = _parse_operand_list(parser, "outs")
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            result_types = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            ) or [parser.parse_type()]
        try:
            return cls(kind.data, inputs, outputs, maps, result_types, attributes)
        except ValueError as err:
            parser.raise_error(str(err), pos, parser.pos)

    def print(self, printer: Printer) -> None:
        printer.print_string(" kind=")
        printer.print_attribute(self.kind)
        maps = self.get_indexing_maps()
        if [m.data for m in maps] != list(_default_maps(self.kind.data, self.outputs)):
            printer.print_string(" indexing_maps = ")
            printer.print_attribute(maps)
        printer.print_op_attributes(self.attributes)
        _print_operand_list(printer, "ins", self.inputs)
        _print_operand_list(printer, "outs", self.outputs)
        if self.res:
            printer.print_string(" -> ")
            printer.print_list(self.res.types, printer.print_attribute)

    def verify_(self) -> None:
        super().verify_()
        yielded = self.body.block.last_op
        element_type = _element_type(self.outputs[0])
        if isinstance(yielded, linalg_ops.YieldOp) and yielded.operands[0].type != element_type:
            raise VerifyException(
                f"'linalg.yield' op type of yield operand 1 ({yielded.operands[0].type}) "
                f"doesn't match the element type of the enclosing linalg.generic op "
                f"({element_type})"
            )


def _parse_affine_map(parser: Parser) -> AffineMap:
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, AffineMapAttr):
        parser.raise_error("expected affine map attribute", pos, parser.pos)
    return attr.data


def _output_rank(outputs: Sequence[SSAValue]) -> int:
    return cast(ShapedType, outputs[-1].type).get_num_dims() if outputs else 0


def _default_maps(kind: ElementwiseKind, outputs: Sequence[SSAValue]) -> tuple[AffineMap, ...]:
    """MLIR's default: one identity map over the output's rank per operand."""
    return (AffineMap.identity(_output_rank(outputs)),) * (_arity(kind) + 1)


# --- generic --------------------------------------------------------------------------


@irdl_op_definition
class GenericOp(linalg_ops.GenericOp):
    """`linalg.generic`: upstream's op, whose parser also reads several result types in
    parentheses, `-> (T, U)`, as MLIR (and upstream's printer) writes them."""

    name = "linalg.generic"

    inputs = var_operand_def()
    outputs = var_operand_def(ShapedType)
    res = var_result_def(TensorType)
    body = region_def("single_block")
    indexing_maps = prop_def(ArrayAttr[AffineMapAttr])
    iterator_types = prop_def(ArrayAttr[IteratorTypeAttr])
    doc = opt_prop_def(StringAttr)
    library_call = opt_prop_def(StringAttr)

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        pos = parser.pos
        attrs = dict(parser.parse_optional_attr_dict())
        maps, iterators = attrs.pop("indexing_maps", None), attrs.pop("iterator_types", None)
        if not isinstance(maps, ArrayAttr) or not isinstance(iterators, ArrayAttr):
            parser.raise_error(
                "expected indexing_maps and iterator_types for linalg.generic", pos, parser.pos
            )
        iterator_types = [
            IteratorTypeAttr(IteratorType(it.data)) if isinstance(it, StringAttr) else it
            for it in cast(ArrayAttr[Attribute], iterators)
        ]
        doc, library_call = attrs.pop("doc", None), attrs.pop("library_call", None)
        inputs = _parse_operand_list(parser, "ins")
        outputs = _parse_operand_list(parser, "outs")
        if parser.parse_optional_keyword("attrs") is not None:
            parser.parse_punctuation("=")
            attrs |= parser.expect(parser.parse_optional_attr_dict, "expected extra attributes")
        body = parser.parse_region()
        result_types: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            result_types = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            ) or parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_type)
        op = cls(
            inputs,
            outputs,
            body,
            cast(ArrayAttr[AffineMapAttr], maps),
            iterator_types,
            result_types,
            cast(StringAttr | None, doc),
            cast(StringAttr | None, library_call),
        )
        op.attributes |= attrs
        return op


# --- map ------------------------------------------------------------------------------


@irdl_op_definition
class MapOp(LinalgStructuredOperation):
    """`linalg.map ins(...) outs(%init : T) (%a: E, ...) {...}`, or the short form
    `linalg.map { arith.addf } ins(...) outs(...)`: MLIR's elementwise map, whose mapper
    takes the input elements only (no init element), all maps identities over the init.

    `generalize()` gives the equivalent `linalg.generic`, whose body also takes the init."""

    name = "linalg.map"

    inputs = var_operand_def(ShapedType)
    outputs = var_operand_def(ShapedType)
    res = var_result_def(TensorType)
    body = region_def("single_block")

    traits = traits_def(DestinationStyleMemoryEffect())
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        inputs: Sequence[SSAValue],
        init: SSAValue,
        body: Region,
        attributes: Mapping[str, Attribute] | None = None,
    ) -> None:
        result_types = [init.type] if isinstance(init.type, TensorType) else []
        super().__init__(
            operands=[inputs, [init]],
            result_types=[result_types],
            attributes=attributes,
            regions=[body],
        )

    def get_indexing_maps(self) -> ArrayAttr[AffineMapAttr]:
        rank = cast(ShapedType, self.outputs[0].type).get_num_dims()
        return ArrayAttr((AffineMapAttr(AffineMap.identity(rank)),) * len(self.operands))

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(_iterators("p" * cast(ShapedType, self.outputs[0].type).get_num_dims()))

    def generalize(self) -> linalg_ops.GenericOp:
        """The equivalent `linalg.generic` (the body gains an unused init argument)."""
        body = self.body.clone()
        body.block.insert_arg(_element_type(self.outputs[0]), len(body.block.args))
        return linalg_ops.GenericOp(
            self.inputs,
            self.outputs,
            body,
            self.get_indexing_maps(),
            self.get_iterator_types(),
            self.res.types,
        )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        payload = _parse_payload(parser)
        pos = parser.pos
        inputs = _parse_operand_list(parser, "ins")
        outputs = _parse_operand_list(parser, "outs")
        if len(outputs) != 1:
            parser.raise_error("expected one init operand", pos, parser.pos)
        (init,) = outputs
        attributes = parser.parse_optional_attr_dict()
        if payload is None:
            entry_args = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_argument
            )
            body = parser.parse_region(entry_args)
        else:
            arg_types = [_element_type(v) for v in inputs]
            body = _payload_region(*payload, arg_types, _element_type(init))
        return cls(inputs, init, body, attributes)

    def print(self, printer: Printer) -> None:
        _print_operand_list(printer, "ins", self.inputs)
        _print_operand_list(printer, "outs", self.outputs)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" ")
        with printer.in_parens():
            printer.print_list(self.body.block.args, printer.print_block_argument)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)

    def verify_(self) -> None:
        if len(self.outputs) != 1:
            raise VerifyException("expected one init operand")
        args = self.body.block.args
        if len(args) != len(self.inputs):
            raise VerifyException(
                "expects number of operands to match the arity of mapper, but got: "
                f"{len(self.inputs)} and {len(args)}"
            )
        shape = cast(ShapedType, self.outputs[0].type).get_shape()
        for arg, value in zip(args, self.inputs, strict=True):
            if arg.type != _element_type(value):
                raise VerifyException(
                    f"expected element type of input {_element_type(value)} to match bbArg "
                    f"type {arg.type}"
                )
            input_shape = cast(ShapedType, value.type).get_shape()
            if input_shape != shape:
                raise VerifyException(
                    f"expected shape of input ({', '.join(map(str, input_shape))}) to match "
                    f"shape of output ({', '.join(map(str, shape))})"
                )
        if len({isinstance(v.type, TensorType) for v in self.operands}) != 1:
            raise VerifyException("expected to have pure tensor or buffer semantics")


_Payload = tuple[type[Operation], dict[str, Attribute]]


def _parse_payload(parser: Parser) -> _Payload | None:
    """The short form's `{ payload.op {attrs} }`, if present."""
    if parser.parse_optional_punctuation("{") is None:
        return None
    pos = parser.pos
    name = parser.parse_identifier()
    op_type = parser.ctx.get_optional_op(name)
    if op_type is None:
        parser.raise_error(f"unregistered payload operation '{name}'", pos, parser.pos)
    attributes = dict(parser.parse_optional_attr_dict())
    parser.parse_punctuation("}")
    return op_type, attributes


def _payload_region(
    op_type: type[Operation],
    attributes: dict[str, Attribute],
    arg_types: Sequence[Attribute],
    result_type: Attribute,
    *,
    init_first: bool = False,
) -> Region:
    """The body of a short-form `{ payload.op {attrs} }`: the op on the block arguments
    (`init_first`: the last, the init's, first)."""
    block = Block(arg_types=arg_types)
    args = (block.args[-1], *block.args[:-1]) if init_first else block.args
    payload = op_type.create(operands=args, result_types=[result_type], properties=attributes)
    block.add_ops([payload, linalg_ops.YieldOp(*payload.results)])
    return Region(block)


# --- transpose, broadcast, reduce -----------------------------------------------------

_RankedTensorOrMemRef = base(MemRefType) | base(AnyTensorType)


def _parse_operand_group(parser: Parser, keyword: str) -> SSAValue:
    """`ins(%x : type)` / `outs(%x : type)` with a single operand."""
    parser.parse_characters(keyword)
    parser.parse_punctuation("(")
    operand = parser.parse_unresolved_operand()
    parser.parse_punctuation(":")
    value = parser.resolve_operand(operand, parser.parse_type())
    parser.parse_punctuation(")")
    return value


def _parse_ins_outs_list(
    parser: Parser, keyword: str
) -> tuple[SSAValue, SSAValue, DenseArrayBase[IntegerType], dict[str, Attribute]]:
    """`ins(%a : T) outs(%b : U) keyword = [0, 1] {attrs}?`: MLIR's syntax of
    `linalg.transpose`/`broadcast`/`reduce` up to the reduction body."""
    source = _parse_operand_group(parser, "ins")
    init = _parse_operand_group(parser, "outs")
    parser.parse_keyword(keyword)
    parser.parse_punctuation("=")
    values = i64_array(parse_int_list(parser))
    return source, init, values, parser.parse_optional_attr_dict()


@irdl_op_definition
class TransposeOp(linalg_ops.TransposeOp):
    """`linalg.transpose ins(...) outs(...) permutation = [...] {attrs}`: upstream's op,
    whose syntax dropped the discardable attributes (e.g. IREE's `lowering_config`)."""

    name = "linalg.transpose"

    inputs = var_operand_def(_RankedTensorOrMemRef)
    outputs = var_operand_def(_RankedTensorOrMemRef)
    res = var_result_def(AnyTensorType)
    body = region_def("single_block")
    permutation = prop_def(DenseArrayBase.constr(i64))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source, init, permutation, attributes = _parse_ins_outs_list(parser, "permutation")
        op = cls(source, init, permutation)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        super().print(printer)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class BroadcastOp(linalg_ops.BroadcastOp):
    """`linalg.broadcast ins(...) outs(...) dimensions = [...] {attrs}` (upstream's op, with
    its attribute dictionary kept)."""

    name = "linalg.broadcast"

    input = operand_def(_RankedTensorOrMemRef)
    init = operand_def(_RankedTensorOrMemRef)
    result = var_result_def(AnyTensorType)
    hidden_region = region_def("single_block")
    dimensions = prop_def(DenseArrayBase.constr(i64))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        source, init, dimensions, attributes = _parse_ins_outs_list(parser, "dimensions")
        op = cls(source, init, dimensions)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        super().print(printer)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class ReduceOp(linalg_ops.ReduceOp):
    """`linalg.reduce ins(...) outs(...) dimensions = [...] {attrs} (%in: T, %init: T) {...}`
    or the short form `linalg.reduce { arith.addf } ins(...) outs(...) dimensions = [...]`
    (upstream's op, with its attribute dictionary kept)."""

    name = "linalg.reduce"

    input = operand_def(_RankedTensorOrMemRef)
    init = operand_def(_RankedTensorOrMemRef)
    result = var_result_def(AnyTensorType)
    region = region_def("single_block")
    dimensions = prop_def(DenseArrayBase.constr(i64))

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        payload = _parse_payload(parser)
        source, init, dimensions, attributes = _parse_ins_outs_list(parser, "dimensions")
        if payload is None:
            entry_args = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_argument
            )
            body = parser.parse_region(entry_args)
        else:
            arg_types = [_element_type(source), _element_type(init)]
            body = _payload_region(*payload, arg_types, arg_types[1], init_first=True)
        op = cls(source, init, dimensions, body)
        op.attributes |= attributes
        return op

    def print(self, printer: Printer) -> None:
        for keyword, value in (("ins", self.input), ("outs", self.init)):
            printer.print_string(f" {keyword}(")
            printer.print_ssa_value(value)
            printer.print_string(":")
            printer.print_attribute(value.type)
            printer.print_string(")")
        printer.print_string(" dimensions = ")
        print_int_list(printer, self.dimensions.get_values())
        printer.print_op_attributes(self.attributes)
        printer.print_string("\n")
        with printer.in_parens():
            printer.print_list(self.region.block.args, printer.print_block_argument)
        printer.print_string(" ")
        printer.print_region(self.region, print_entry_block_args=False)


# --- pack / unpack --------------------------------------------------------------------

_RankedShaped = base(TensorType) | base(MemRefType)


def _is_dynamic(size: int) -> bool:
    return size < 0


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _invalid_positions(positions: Sequence[int], rank: int) -> bool:
    """MLIR's `isInvalidPackingPosSpecification`: too many, out of range or repeated."""
    return (
        len(positions) > rank
        or any(not 0 <= p < rank for p in positions)
        or len(set(positions)) != len(positions)
    )


def packed_shape(
    unpacked_shape: Sequence[int],
    inner_dims_pos: Sequence[int],
    inner_tiles: Sequence[int],
    outer_dims_perm: Sequence[int],
) -> tuple[int, ...]:
    """The smallest packed shape (MLIR's `inferPackedType`); -1 for unknown sizes.

    `inner_tiles` holds static sizes, DYNAMIC_INDEX for dynamic ones.
    """
    outer = [-1 if _is_dynamic(s) else s for s in unpacked_shape]
    for pos, tile in zip(inner_dims_pos, inner_tiles, strict=True):
        if tile == DYNAMIC_INDEX or _is_dynamic(outer[pos]):
            outer[pos] = -1
        else:
            outer[pos] = _ceil_div(outer[pos], tile)
    if outer_dims_perm:
        outer = [outer[i] for i in outer_dims_perm]
    tiles = [-1 if t == DYNAMIC_INDEX else t for t in inner_tiles]
    return (*outer, *tiles)


class _RelayoutOp(IRDLOperation, ABC):
    """Verifier and syntax shared by `linalg.pack` and `linalg.unpack`.

    Fields are declared by each op, in operand order. Accessed here: `source`, `dest`,
    `inner_tiles`, `result`, `outer_dims_perm`, `inner_dims_pos`, `static_inner_tiles`.
    """

    IS_PACK: ClassVar[bool]

    traits = traits_def(DestinationStyleMemoryEffect())

    def get_outer_dims_perm(self) -> tuple[int, ...]:
        perm = cast(DenseArrayBase[IntegerType] | None, self.properties.get("outer_dims_perm"))
        return () if perm is None else perm.get_values()

    def get_inner_dims_pos(self) -> tuple[int, ...]:
        return cast(DenseArrayBase[IntegerType], self.properties["inner_dims_pos"]).get_values()

    def get_static_inner_tiles(self) -> tuple[int, ...]:
        return cast(DenseArrayBase[IntegerType], self.properties["static_inner_tiles"]).get_values()

    def get_mixed_tiles(self) -> list[SSAValue | int]:
        """Each inner tile as a constant or the SSA value giving it."""
        return get_dynamic_index_list(
            self.get_static_inner_tiles(), self.inner_tiles, DYNAMIC_INDEX
        )

    def _unpacked_and_packed(self) -> tuple[ShapedType, ShapedType]:
        source = cast(ShapedType, self.source.type)
        dest = cast(ShapedType, self.dest.type)
        return (source, dest) if self.IS_PACK else (dest, source)

    def verify_(self) -> None:
        source, dest = self.source.type, self.dest.type
        results = self.results
        tensors = isinstance(source, TensorType) and isinstance(dest, TensorType)
        buffers = isinstance(source, MemRefType) and isinstance(dest, MemRefType)
        if not (tensors or buffers):
            raise VerifyException("mixing tensor and buffer semantics is not allowed")
        if tensors and len(results) != 1:
            raise VerifyException(f"expected 1 result, got {len(results)}")
        if buffers and results:
            raise VerifyException(f"expected 0 results, got {len(results)}")
        if tensors and results[0].type != dest:
            raise VerifyException(f"result type {results[0].type} must match dest type {dest}")

        tiles = self.get_static_inner_tiles()
        verify_dynamic_index_list(tiles, self.inner_tiles, DYNAMIC_INDEX)
        if 0 in tiles:
            raise VerifyException("invalid zero tile factor")
        unpacked, packed = self._unpacked_and_packed()
        unpacked_shape, packed_shape_ = unpacked.get_shape(), packed.get_shape()
        rank = len(unpacked_shape)
        inner_dims_pos, outer_dims_perm = self.get_inner_dims_pos(), self.get_outer_dims_perm()
        if _invalid_positions(inner_dims_pos, rank):
            raise VerifyException("invalid inner_dims_pos vector")
        if _invalid_positions(outer_dims_perm, rank):
            raise VerifyException("invalid outer_dims_perm vector")
        if outer_dims_perm and len(outer_dims_perm) != rank:
            raise VerifyException("outer_dims_perm must be a permutation or empty")
        if len(tiles) > rank:
            raise VerifyException(
                "tiling factors must be less than or equal to the input rank for pack or "
                "output rank for unpack"
            )
        if len(tiles) != len(inner_dims_pos):
            raise VerifyException("tiling factors must equal the number of dimensions to tile")
        if len(packed_shape_) != rank + len(tiles):
            raise VerifyException(
                f"packed rank != (unpacked rank + num tiling factors), got "
                f"{len(packed_shape_)} != {rank + len(tiles)}"
            )
        expected = packed_shape(unpacked_shape, inner_dims_pos, tiles, outer_dims_perm)
        if any(
            e >= 0 and not _is_dynamic(a) and a < e
            for e, a in zip(expected, packed_shape_, strict=True)
        ):
            shape = "x".join("?" if e < 0 else str(e) for e in expected)
            raise VerifyException(
                "the shape of output is not large enough to hold the packed data. Expected "
                f"at least {shape}, got {packed}"
            )
        for size, tile in zip(packed_shape_[rank:], tiles, strict=True):
            if (tile == DYNAMIC_INDEX) != _is_dynamic(size) or (
                tile != DYNAMIC_INDEX and size != tile
            ):
                raise VerifyException(
                    "mismatch in inner tile sizes specified and shaped of tiled dimension in "
                    "the packed type"
                )

    def _padding(self) -> SSAValue | None:
        return None

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_ssa_value(self.source)
        if (padding := self._padding()) is not None:
            printer.print_string(" padding_value(")
            printer.print_ssa_value(padding)
            printer.print_string(" : ")
            printer.print_attribute(padding.type)
            printer.print_string(")")
        if self.get_outer_dims_perm():
            printer.print_string(" outer_dims_perm = ")
            print_int_list(printer, self.get_outer_dims_perm())
        printer.print_string(" inner_dims_pos = ")
        print_int_list(printer, self.get_inner_dims_pos())
        printer.print_string(" inner_tiles = ")
        print_dynamic_index_list(
            printer,
            DYNAMIC_INDEX,
            self.inner_tiles,
            self.get_static_inner_tiles(),
        )
        printer.print_string(" into ")
        printer.print_ssa_value(self.dest)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.source.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.dest.type)


class _ParsedRelayout(NamedTuple):
    source: SSAValue
    dest: SSAValue
    inner_dims_pos: list[int]
    inner_tiles: list[SSAValue | int]
    outer_dims_perm: list[int] | None
    padding_value: SSAValue | None
    attributes: dict[str, Attribute]


def _parse_relayout(parser: Parser, *, with_padding: bool) -> _ParsedRelayout:
    """`%src (padding_value(%p : T))? (outer_dims_perm = [...])? inner_dims_pos = [...]
    inner_tiles = [...] into %dst attr-dict : T -> T`."""
    source = parser.parse_unresolved_operand()
    padding: tuple[UnresolvedOperand, Attribute] | None = None
    if with_padding and parser.parse_optional_keyword("padding_value") is not None:
        parser.parse_punctuation("(")
        padding_operand = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        padding = padding_operand, parser.parse_type()
        parser.parse_punctuation(")")
    outer_dims_perm: list[int] | None = None
    if parser.parse_optional_keyword("outer_dims_perm") is not None:
        parser.parse_punctuation("=")
        outer_dims_perm = parse_int_list(parser)
    parser.parse_keyword("inner_dims_pos")
    parser.parse_punctuation("=")
    inner_dims_pos = parse_int_list(parser)
    parser.parse_keyword("inner_tiles")
    parser.parse_punctuation("=")
    pos = parser.pos
    dynamic_tiles, static_tiles = parse_dynamic_index_list_without_types(parser, DYNAMIC_INDEX)
    parser.parse_keyword("into")
    dest = parser.parse_unresolved_operand()
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    source_type = parser.parse_type()
    parser.parse_punctuation("->")
    dest_type = parser.parse_type()
    tiles = parser.resolve_operands(dynamic_tiles, [IndexType()] * len(dynamic_tiles), pos)
    return _ParsedRelayout(
        parser.resolve_operand(source, source_type),
        parser.resolve_operand(dest, dest_type),
        inner_dims_pos,
        get_dynamic_index_list(static_tiles, tiles, DYNAMIC_INDEX),
        outer_dims_perm,
        None if padding is None else parser.resolve_operand(*padding),
        attributes,
    )


def _relayout_properties(
    inner_dims_pos: Sequence[int],
    inner_tiles: Sequence[SSAValue | int],
    outer_dims_perm: Sequence[int] | None,
) -> tuple[dict[str, Attribute | None], list[SSAValue]]:
    static_tiles, dynamic_tiles = split_dynamic_index_list(inner_tiles, DYNAMIC_INDEX)
    properties: dict[str, Attribute | None] = {
        "inner_dims_pos": i64_array(inner_dims_pos),
        "static_inner_tiles": i64_array(static_tiles),
        "outer_dims_perm": i64_array(outer_dims_perm) if outer_dims_perm else None,
    }
    return properties, dynamic_tiles


def _result_types(dest: SSAValue) -> list[Attribute]:
    return [dest.type] if isinstance(dest.type, TensorType) else []


@irdl_op_definition
class PackOp(_RelayoutOp):
    """`linalg.pack %src padding_value(%p : f32) outer_dims_perm = [1, 0]
    inner_dims_pos = [0, 1] inner_tiles = [%t, 8] into %dst : T -> T`."""

    name = "linalg.pack"

    IS_PACK: ClassVar[bool] = True

    source = operand_def(_RankedShaped)
    dest = operand_def(_RankedShaped)
    padding_value = opt_operand_def()
    inner_tiles = var_operand_def(IndexType)
    result = opt_result_def(TensorType)
    outer_dims_perm = opt_prop_def(DenseArrayBase.constr(i64))
    inner_dims_pos = prop_def(DenseArrayBase.constr(i64))
    static_inner_tiles = prop_def(DenseArrayBase.constr(i64))

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        dest: SSAValue,
        inner_dims_pos: Sequence[int],
        inner_tiles: Sequence[SSAValue | int],
        *,
        padding_value: SSAValue | None = None,
        outer_dims_perm: Sequence[int] | None = None,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        properties, dynamic_tiles = _relayout_properties(
            inner_dims_pos, inner_tiles, outer_dims_perm
        )
        super().__init__(
            operands=[
                source,
                dest,
                [] if padding_value is None else [padding_value],
                dynamic_tiles,
            ],
            result_types=[_result_types(dest)],
            properties=properties,
            attributes=attributes,
        )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parsed = _parse_relayout(parser, with_padding=True)
        return cls(
            parsed.source,
            parsed.dest,
            parsed.inner_dims_pos,
            parsed.inner_tiles,
            padding_value=parsed.padding_value,
            outer_dims_perm=parsed.outer_dims_perm,
            attributes=parsed.attributes,
        )

    def _padding(self) -> SSAValue | None:
        return self.padding_value

    def verify_(self) -> None:
        super().verify_()
        source = cast(ShapedType, self.source.type)
        element_type = source.get_element_type()
        if self.padding_value is not None and self.padding_value.type != element_type:
            raise VerifyException(
                f"expected padding_value has {element_type} but got: {self.padding_value.type}"
            )
        if self.padding_value is None and self._needs_padding():
            raise VerifyException(
                "invalid tile factor or output size provided. Only full tiles are supported "
                "when padding_value is not set"
            )

    def _needs_padding(self) -> bool:
        """A static tile that does not divide its static source dimension."""
        shape = cast(ShapedType, self.source.type).get_shape()
        return any(
            tile != DYNAMIC_INDEX and not _is_dynamic(shape[pos]) and shape[pos] % tile
            for pos, tile in zip(
                self.get_inner_dims_pos(), self.get_static_inner_tiles(), strict=True
            )
        )


@irdl_op_definition
class UnPackOp(_RelayoutOp):
    """`linalg.unpack %src outer_dims_perm = [1, 0] inner_dims_pos = [0, 1]
    inner_tiles = [8, %t] into %dst : T -> T`."""

    name = "linalg.unpack"

    IS_PACK: ClassVar[bool] = False

    source = operand_def(_RankedShaped)
    dest = operand_def(_RankedShaped)
    inner_tiles = var_operand_def(IndexType)
    result = opt_result_def(TensorType)
    outer_dims_perm = opt_prop_def(DenseArrayBase.constr(i64))
    inner_dims_pos = prop_def(DenseArrayBase.constr(i64))
    static_inner_tiles = prop_def(DenseArrayBase.constr(i64))

    def __init__(
        self,
        source: SSAValue,
        dest: SSAValue,
        inner_dims_pos: Sequence[int],
        inner_tiles: Sequence[SSAValue | int],
        *,
        outer_dims_perm: Sequence[int] | None = None,
        attributes: Mapping[str, Attribute] | None = None,
    ):
        properties, dynamic_tiles = _relayout_properties(
            inner_dims_pos, inner_tiles, outer_dims_perm
        )
        super().__init__(
            operands=[source, dest, dynamic_tiles],
            result_types=[_result_types(dest)],
            properties=properties,
            attributes=attributes,
        )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parsed = _parse_relayout(parser, with_padding=False)
        return cls(
            parsed.source,
            parsed.dest,
            parsed.inner_dims_pos,
            parsed.inner_tiles,
            outer_dims_perm=parsed.outer_dims_perm,
            attributes=parsed.attributes,
        )


Linalg: Dialect = extend_dialect(
    UpstreamLinalg,
    [
        MatmulOp,
        BatchMatmulOp,
        Mmt4DOp,
        MatvecOp,
        VecmatOp,
        DotOp,
        *ELEMENTWISE_OPS,
        *POOLING_OPS,
        *CONV_OPS,
        ElementwiseOp,
        GenericOp,
        MapOp,
        TransposeOp,
        BroadcastOp,
        ReduceOp,
        PackOp,
        UnPackOp,
    ],
    [ElementwiseKindAttr],
)
