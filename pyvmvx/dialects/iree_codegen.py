"""The `iree_codegen` and `iree_cpu` attributes that drive VMVX codegen.

A minimal subset of IREE's `IREECodegenAttrs.td` and `IREECPUAttrs.td`, with IREE's syntax:

- `#iree_codegen.translation_info<pipeline = P (codegen_spec = @s)? (workgroup_size = [..])?
  (subgroup_size = N)? (, {config})?>` on a function: which pipeline lowers it. `P` is a
  pipeline attribute (`#iree_codegen.vmvx_pipeline`, `#iree_codegen.no_pipeline`,
  `#iree_codegen.pass_pipeline<"...">`, `#iree_codegen.transform_dialect_codegen`) or, in the
  older spelling, a bare `DispatchLoweringPassPipeline` name (`VMVXDefault`, `None`, ...).
  IREE 3.13 reads only the attributes: a bare name that has one is read as it (and so printed
  as IREE prints it); the others stay bare.
- `#iree_cpu.lowering_config<distribution = [64, 64, 0], ...>` on the root compute op: the
  workgroup (distribution) tile sizes; other tiling levels are kept and printed, not used.
- `#iree_codegen.lowering_config<tile_sizes = [[64, 64, 0], ...]>`, IREE's older form whose
  first level is the distribution level.

`translation_info` and `lowering_config` are discardable attributes under those names, as in
IREE; `get_translation_info`/`get_lowering_config` read them.

Parse-level pieces other IREE inputs carry (read, verified and printed with IREE's syntax; no
pass gives them meaning):

- `#iree_codegen.workgroup_mapping<x|y|z(:N)?>`: an `scf.forall` mapping to workgroup ids
  (`N`, only for `z`, delinearizes extra dimensions into z).
- `#iree_cpu.vmvx_encoding_resolver<(configuration = {...})?>`: the VMVX encoding resolver.
- `iree_codegen.query_tile_sizes tensor<..., #encoding> -> index, ...`: the data-tiling tile
  sizes chosen for an encoded tensor type.
- `iree_codegen.ukernel.generic "fn" (ins(...))? (outs(...))? ((...))? (fn_def_attrs {...})?
  (strided_dims([[...], ...]))? (-> types)?`: a call to a microkernel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    NoneAttr,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    i64,
)
from xdsl.ir import Attribute, Data, Dialect, Operation, ParametrizedAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.declarative_assembly_format import (
    AttributeVariable,
    CustomDirective,
    ParsingState,
    PrintingState,
    irdl_custom_directive,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pyvmvx.dialects.iree_linalg_ext import verify_destination_style

TRANSLATION_INFO = "translation_info"
LOWERING_CONFIG = "lowering_config"

# IREE's `DispatchLoweringPassPipeline` enum cases (older translation_info spelling).
DISPATCH_LOWERING_PIPELINES = (
    "CPUDefault",
    "CPUDoubleTilingExpert",
    "CPUConvTileAndDecomposeExpert",
    "Mmt4dTilingExpert",
    "CPUBufferOpsTileAndVectorize",
    "CPUDataTiling",
    "CPULinalgExtTileAndVectorize",
    "LLVMGPUDefault",
    "LLVMGPUBaseLowering",
    "LLVMGPUDistribute",
    "LLVMGPUVectorize",
    "LLVMGPUMatmulTensorCore",
    "LLVMGPUTransposeSharedMem",
    "LLVMGPUWarpReduction",
    "LLVMGPUMatmulTensorCoreMmaSync",
    "LLVMGPUVectorDistribute",
    "LLVMGPUWinogradVectorize",
    "LLVMGPUTileAndFuse",
    "SPIRVBaseLowering",
    "SPIRVBaseDistribute",
    "SPIRVBaseVectorize",
    "SPIRVSubgroupReduce",
    "SPIRVMatmulPromoteVectorize",
    "SPIRVCooperativeMatrixVectorize",
    "SPIRVWinogradVectorize",
    "VMVXDefault",
    "TransformDialectCodegen",
    "Custom",
    "None",
)


# --- pipeline selectors ---------------------------------------------------------------


@irdl_attr_definition
class VMVXPipelineAttr(ParametrizedAttribute):
    """`#iree_codegen.vmvx_pipeline`: IREE's default VMVX codegen pipeline."""

    name = "iree_codegen.vmvx_pipeline"


@irdl_attr_definition
class NoPipelineAttr(ParametrizedAttribute):
    """`#iree_codegen.no_pipeline`: the function needs no lowering."""

    name = "iree_codegen.no_pipeline"


@irdl_attr_definition
class TransformDialectCodegenAttr(ParametrizedAttribute):
    """`#iree_codegen.transform_dialect_codegen`: a transform-dialect strategy (unsupported)."""

    name = "iree_codegen.transform_dialect_codegen"


@irdl_attr_definition
class PassPipelineAttr(ParametrizedAttribute):
    """`#iree_codegen.pass_pipeline<"canonicalize,cse">`: a textual pass pipeline to run."""

    name = "iree_codegen.pass_pipeline"

    pipeline: StringAttr

    def __init__(self, pipeline: str) -> None:
        super().__init__(StringAttr(pipeline))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            return [StringAttr(parser.parse_str_literal(" for the pass pipeline"))]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.pipeline.data)


@irdl_attr_definition
class DispatchLoweringPassPipelineAttr(Data[str]):
    """A `DispatchLoweringPassPipeline` case (`VMVXDefault`, `None`, ...); printed bare inside
    `translation_info`, as `#iree_codegen.dispatch_lowering_pass_pipeline<VMVXDefault>`
    alone."""

    name = "iree_codegen.dispatch_lowering_pass_pipeline"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> str:
        with parser.in_angle_brackets():
            return _parse_pipeline_case(parser)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data)

    def verify(self) -> None:
        if self.data not in DISPATCH_LOWERING_PIPELINES:
            raise VerifyException(f"unknown dispatch lowering pass pipeline '{self.data}'")


def _parse_pipeline_case(parser: AttrParser) -> str:
    start = parser.pos
    name = parser.parse_identifier()
    if name not in DISPATCH_LOWERING_PIPELINES:
        parser.raise_error(f"unknown dispatch lowering pass pipeline '{name}'", start, parser.pos)
    return name


_PIPELINE_OF_CASE: dict[str, Attribute] = {
    "VMVXDefault": VMVXPipelineAttr(),
    "None": NoPipelineAttr(),
    "TransformDialectCodegen": TransformDialectCodegenAttr(),
}
"""The pipeline attribute IREE 3.13 spells each older bare pipeline name with."""


# --- translation_info -------------------------------------------------------------------


@irdl_attr_definition
class TranslationInfoAttr(ParametrizedAttribute):
    """`#iree_codegen.translation_info<pipeline = P ...>`: how to lower a function."""

    name = "iree_codegen.translation_info"

    pipeline: Attribute
    codegen_spec: SymbolRefAttr | NoneAttr
    workgroup_size: ArrayAttr[IntAttr]
    subgroup_size: IntAttr | NoneAttr
    configuration: DictionaryAttr | NoneAttr

    def __init__(
        self,
        pipeline: Attribute,
        workgroup_size: Sequence[int] = (),
        subgroup_size: int | None = None,
        codegen_spec: SymbolRefAttr | None = None,
        configuration: DictionaryAttr | None = None,
    ) -> None:
        super().__init__(
            pipeline,
            NoneAttr() if codegen_spec is None else codegen_spec,
            ArrayAttr(IntAttr(s) for s in workgroup_size),
            NoneAttr() if subgroup_size is None else IntAttr(subgroup_size),
            NoneAttr() if configuration is None else configuration,
        )

    @property
    def workgroup_sizes(self) -> tuple[int, ...]:
        return tuple(s.data for s in self.workgroup_size.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            parser.parse_keyword("pipeline")
            parser.parse_punctuation("=")
            pipeline = parser.parse_optional_attribute()
            if pipeline is None:
                case = _parse_pipeline_case(parser)
                pipeline = _PIPELINE_OF_CASE.get(case, DispatchLoweringPassPipelineAttr(case))
            spec: Attribute = NoneAttr()
            if parser.parse_optional_keyword("codegen_spec"):
                parser.parse_punctuation("=")
                start = parser.pos
                spec = parser.parse_attribute()
                if not isinstance(spec, SymbolRefAttr):
                    parser.raise_error("expected a symbol reference", start, parser.pos)
            sizes: list[IntAttr] = []
            if parser.parse_optional_keyword("workgroup_size"):
                parser.parse_punctuation("=")
                sizes = parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, lambda: IntAttr(parser.parse_integer())
                )
            subgroup: Attribute = NoneAttr()
            if parser.parse_optional_keyword("subgroup_size"):
                parser.parse_punctuation("=")
                subgroup = IntAttr(parser.parse_integer())
            config: Attribute = NoneAttr()
            if parser.parse_optional_punctuation(","):
                start = parser.pos
                config = parser.parse_attribute()
                if not isinstance(config, DictionaryAttr):
                    parser.raise_error("expected a configuration dictionary", start, parser.pos)
        return [pipeline, spec, ArrayAttr(sizes), subgroup, config]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string("pipeline = ")
            if isinstance(self.pipeline, DispatchLoweringPassPipelineAttr):
                printer.print_string(self.pipeline.data)
            else:
                printer.print_attribute(self.pipeline)
            if isinstance(self.codegen_spec, SymbolRefAttr):
                printer.print_string(" codegen_spec = ")
                printer.print_attribute(self.codegen_spec)
            if self.workgroup_sizes:
                printer.print_string(" workgroup_size = ")
                _print_int_list(printer, self.workgroup_sizes)
            if isinstance(self.subgroup_size, IntAttr):
                printer.print_string(f" subgroup_size = {self.subgroup_size.data}")
            if isinstance(self.configuration, DictionaryAttr):
                printer.print_string(", ")
                printer.print_attribute(self.configuration)


# --- lowering configs -------------------------------------------------------------------


@runtime_checkable
class LoweringConfig(Protocol):
    """What codegen reads from a lowering config: the distribution (workgroup) tile sizes."""

    def workgroup_tile_sizes(self) -> tuple[int, ...]: ...


def _print_int_list(printer: Printer, values: Sequence[int]) -> None:
    printer.print_string("[" + ", ".join(str(v) for v in values) + "]")


def _print_config_value(printer: Printer, value: Attribute) -> None:
    """Integer lists print bare (`[64, [8], 0]`), as IREE prints `DenseI64ArrayAttr`-like
    levels; anything else prints as an attribute."""
    if isinstance(value, IntegerAttr):
        printer.print_string(str(value.value.data))
    elif isinstance(value, ArrayAttr):
        printer.print_string("[")
        printer.print_list(value.data, lambda v: _print_config_value(printer, v))
        printer.print_string("]")
    else:
        printer.print_attribute(value)


def _int_list(value: Attribute, what: str) -> tuple[int, ...]:
    if not isinstance(value, ArrayAttr) or not all(isinstance(v, IntegerAttr) for v in value.data):
        raise VerifyException(f"{what} must be a list of integers, got {value}")
    return tuple(v.value.data for v in value.data if isinstance(v, IntegerAttr))


def int_array(values: Sequence[int]) -> ArrayAttr[IntegerAttr]:
    """A list of tile sizes as a lowering-config value."""
    return ArrayAttr(IntegerAttr(v, 64) for v in values)


@irdl_attr_definition
class CPULoweringConfigAttr(ParametrizedAttribute):
    """`#iree_cpu.lowering_config<distribution = [64, 64, 0](, level = [...])*>`."""

    name = "iree_cpu.lowering_config"

    levels: DictionaryAttr

    def __init__(self, levels: Mapping[str, Attribute]) -> None:
        super().__init__(DictionaryAttr(dict(levels)))

    @staticmethod
    def from_distribution(sizes: Sequence[int]) -> CPULoweringConfigAttr:
        return CPULoweringConfigAttr({"distribution": int_array(sizes)})

    def workgroup_tile_sizes(self) -> tuple[int, ...]:
        value = self.levels.data.get("distribution")
        return () if value is None else _int_list(value, "distribution")

    def verify(self) -> None:
        if (value := self.levels.data.get("distribution")) is not None:
            _int_list(value, "distribution")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        def entry() -> tuple[str, Attribute]:
            key = parser.parse_identifier()
            parser.parse_punctuation("=")
            start = parser.pos
            value = parser.parse_attribute()
            if key == "distribution":
                try:
                    _int_list(value, key)
                except VerifyException as err:
                    parser.raise_error(str(err), start, parser.pos)
            return key, value

        with parser.in_angle_brackets():
            entries = parser.parse_comma_separated_list(Parser.Delimiter.NONE, entry)
        return [DictionaryAttr(dict(entries))]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            for i, (key, value) in enumerate(self.levels.data.items()):
                printer.print_string(f"{', ' if i else ''}{key} = ")
                _print_config_value(printer, value)


@irdl_attr_definition
class CodegenLoweringConfigAttr(ParametrizedAttribute):
    """`#iree_codegen.lowering_config<tile_sizes = [[64, 64, 0], ...]>`; level 0 is the
    distribution level."""

    name = "iree_codegen.lowering_config"

    tile_sizes: ArrayAttr[ArrayAttr[IntAttr]]

    def __init__(self, tile_sizes: Sequence[Sequence[int]]) -> None:
        super().__init__(ArrayAttr(ArrayAttr(IntAttr(s) for s in level) for level in tile_sizes))

    def workgroup_tile_sizes(self) -> tuple[int, ...]:
        if not self.tile_sizes.data:
            return ()
        return tuple(s.data for s in self.tile_sizes.data[0].data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        def level() -> ArrayAttr[IntAttr]:
            return ArrayAttr(
                parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, lambda: IntAttr(parser.parse_integer())
                )
            )

        with parser.in_angle_brackets():
            parser.parse_keyword("tile_sizes")
            parser.parse_punctuation("=")
            levels = parser.parse_comma_separated_list(Parser.Delimiter.SQUARE, level)
        return [ArrayAttr(levels)]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string("tile_sizes = [")
            printer.print_list(
                self.tile_sizes.data,
                lambda level: _print_int_list(printer, [s.data for s in level.data]),
            )
            printer.print_string("]")


# --- parse-level attributes and ops -----------------------------------------------------

WORKGROUP_IDS = ("x", "y", "z")


@irdl_attr_definition
class WorkgroupMappingAttr(ParametrizedAttribute):
    """`#iree_codegen.workgroup_mapping<x>`, `<z:1>`: an `scf.forall` loop distributed over a
    workgroup id; `:N` (z only) is the delinearization dimension, printed when non-zero."""

    name = "iree_codegen.workgroup_mapping"

    id: StringAttr
    delinearization_dim: IntAttr

    def __init__(self, id: str, delinearization_dim: int = 0) -> None:
        super().__init__(StringAttr(id), IntAttr(delinearization_dim))

    def verify(self) -> None:
        if self.id.data not in WORKGROUP_IDS:
            raise VerifyException(f"expected WorkgroupId to be one of: {', '.join(WORKGROUP_IDS)}")
        if self.delinearization_dim.data and self.id.data != "z":
            raise VerifyException(f"illegal to use `delinearizationDim` for {self.id.data}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            start = parser.pos
            id = parser.parse_identifier()
            if id not in WORKGROUP_IDS:
                parser.raise_error(
                    f"expected WorkgroupId to be one of: {', '.join(WORKGROUP_IDS)}", start
                )
            dim = 0
            if parser.parse_optional_punctuation(":"):
                dim = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return [StringAttr(id), IntAttr(dim)]

    def print_parameters(self, printer: Printer) -> None:
        dim = self.delinearization_dim.data
        printer.print_string(f"<{self.id.data}{f':{dim}' if dim else ''}>")


@irdl_attr_definition
class VMVXEncodingResolverAttr(ParametrizedAttribute):
    """`#iree_cpu.vmvx_encoding_resolver<>` or `<configuration = {...}>` (an explicit empty
    configuration is kept apart from none, as IREE does)."""

    name = "iree_cpu.vmvx_encoding_resolver"

    configuration: DictionaryAttr | NoneAttr

    def __init__(self, configuration: DictionaryAttr | None = None) -> None:
        super().__init__(NoneAttr() if configuration is None else configuration)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        config: Attribute = NoneAttr()
        with parser.in_angle_brackets():
            if parser.parse_optional_keyword("configuration"):
                parser.parse_punctuation("=")
                config = DictionaryAttr(parser.parse_optional_dictionary_attr_dict())
        return [config]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            if isinstance(self.configuration, DictionaryAttr):
                printer.print_string("configuration = ")
                printer.print_attribute(self.configuration)


@irdl_op_definition
class QueryTileSizesOp(IRDLOperation):
    """`iree_codegen.query_tile_sizes tensor<?x?xf32, #enc> -> index, index`."""

    name = "iree_codegen.query_tile_sizes"

    tensor_type = prop_def(TensorType)
    tile_sizes = var_result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "attr-dict $tensor_type `->` type($tile_sizes)"

    def __init__(self, tensor_type: TensorType, count: int) -> None:
        super().__init__(
            properties={"tensor_type": tensor_type}, result_types=[[IndexType()] * count]
        )


@irdl_custom_directive
class IntListList(CustomDirective):
    """`[[0, 1], []]`: a list of integer lists, printed without `: i64` as MLIR does."""

    lists: AttributeVariable

    def is_anchorable(self) -> bool:
        return True

    def is_present(self, op: IRDLOperation) -> bool:
        return self.lists.is_present(op)

    def parse(self, parser: Parser, state: ParsingState) -> bool:
        def int_list() -> ArrayAttr[IntegerAttr]:
            return ArrayAttr(
                IntegerAttr(v, i64)
                for v in parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, parser.parse_integer
                )
            )

        self.lists.set(
            state, ArrayAttr(parser.parse_comma_separated_list(Parser.Delimiter.SQUARE, int_list))
        )
        return True

    def print(self, printer: Printer, state: PrintingState, op: IRDLOperation) -> None:
        lists = self.lists.get(op)
        assert isinstance(lists, ArrayAttr)
        state.print_whitespace(printer)
        _print_config_value(printer, lists)


@irdl_op_definition
class UKernelGenericOp(IRDLOperation):
    """`iree_codegen.ukernel.generic "fn" ins(...) outs(...) (...) ...`: a microkernel call on
    destination-style outputs plus extra scalar operands."""

    name = "iree_codegen.ukernel.generic"

    u_kernel_fn_name = prop_def(StringAttr)
    inputs = var_operand_def()
    outputs = var_operand_def()
    other_operands = var_operand_def()
    fn_def_attrs = opt_prop_def(DictionaryAttr)
    strided_dims = opt_prop_def(ArrayAttr[ArrayAttr[IntegerAttr]])
    ukernel_results = var_result_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    assembly_format = (
        "attr-dict $u_kernel_fn_name (`ins` `(` $inputs^ `:` type($inputs) `)`)? "
        "(`outs` `(` $outputs^ `:` type($outputs) `)`)? "
        "(`(` $other_operands^ `:` type($other_operands) `)`)? "
        "(`fn_def_attrs` $fn_def_attrs^)? "
        "(`strided_dims` `(` custom<IntListList>($strided_dims)^ `)`)? "
        "(`->` type($ukernel_results)^)?"
    )

    custom_directives = (IntListList,)

    def __init__(
        self,
        fn_name: str,
        inputs: Sequence[SSAValue],
        outputs: Sequence[SSAValue],
        other_operands: Sequence[SSAValue] = (),
        result_types: Sequence[Attribute] = (),
    ) -> None:
        super().__init__(
            operands=[inputs, outputs, other_operands],
            result_types=[result_types],
            properties={"u_kernel_fn_name": StringAttr(fn_name)},
        )

    def verify_(self) -> None:
        verify_destination_style(self.outputs, self.ukernel_results)


# --- accessors --------------------------------------------------------------------------


def get_translation_info(op: Operation) -> TranslationInfoAttr | None:
    attr = op.attributes.get(TRANSLATION_INFO)
    return attr if isinstance(attr, TranslationInfoAttr) else None


def get_lowering_config(op: Operation) -> LoweringConfig | None:
    attr = op.attributes.get(LOWERING_CONFIG)
    return attr if isinstance(attr, LoweringConfig) else None


IREECodegen = Dialect(
    "iree_codegen",
    [QueryTileSizesOp, UKernelGenericOp],
    [
        WorkgroupMappingAttr,
        VMVXPipelineAttr,
        NoPipelineAttr,
        TransformDialectCodegenAttr,
        PassPipelineAttr,
        DispatchLoweringPassPipelineAttr,
        TranslationInfoAttr,
        CodegenLoweringConfigAttr,
    ],
)

IREECPU = Dialect("iree_cpu", [], [CPULoweringConfigAttr, VMVXEncodingResolverAttr])
