"""The subset of IREE's `hal` dialect that the VMVX path touches.

Executables (`hal.executable`, `.variant`, `.source`, `.export`, `.constant.block`), the
dispatch-interface ops a codegen'd function reads its inputs with (`hal.interface.*`,
`hal.executable.constant.load`), the `!hal.device` type and the attributes describing layouts
and targets. Custom syntax and generic form follow IREE's `HALOps.td`/`HALAttrs.td`: inherent
attributes are properties, bit-enum properties are stored as `i32` integers as IREE does
(`descriptor_flags = 3 : i32`), and attributes of a known kind print without their
`#hal.<mnemonic>` prefix inside op syntax (`layout(<bindings = [...]>)`) while the full form
and aliases are accepted on input.

Deliberate differences from IREE: the `hal.interface.workgroup.*` verifier rejects dimensions
above 2 with the error IREE only raises when lowering to VMVX; `hal.executable.export` prints
the current `count(...)` form with its attributes after the region and also reads the older
bare-region form and the `<workgroup_size = ...>` spelling; `hal.executable.constant.block`
does not take argument or result attributes.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, Self, TypeVar, cast

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloatConstr,
    ArrayAttr,
    ComplexType,
    DictionaryAttr,
    FunctionType,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    NoneAttr,
    ShapedType,
    SignlessIntegerConstraint,
    StringAttr,
    i32,
)
from xdsl.ir import (
    Attribute,
    Block,
    Data,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    lazy_traits_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import (
    HasParent,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    SingleBlockImplicitTerminator,
    SymbolOpInterface,
    SymbolTable,
    ensure_terminator,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

# ---------------------------------------------------------------------------------------------
# Enums
# ---------------------------------------------------------------------------------------------


class DescriptorType(StrEnum):
    """`HAL_DescriptorType`: what kind of buffer a pipeline binding is."""

    UNIFORM_BUFFER = "uniform_buffer"
    STORAGE_BUFFER = "storage_buffer"


class DescriptorFlags(enum.IntFlag):
    """`HAL_DescriptorFlags` bits; member names are IREE's spellings (0 prints as `None`)."""

    ReadOnly = 1
    Indirect = 2


class PipelineLayoutFlags(enum.IntFlag):
    """`HAL_PipelineLayoutFlags` bits; member names are IREE's spellings."""

    Indirect = 1


_FlagT = TypeVar("_FlagT", bound=enum.IntFlag)


def _parse_bit_enum(parser: AttrParser, enum_type: type[_FlagT]) -> _FlagT:
    """Parse an MLIR bit enum: a keyword (`ReadOnly`) or a string (`"ReadOnly|Indirect"`)."""
    start = parser.pos
    text = parser.parse_optional_identifier()
    if text is None:
        text = parser.parse_str_literal(f" or keyword for {enum_type.__name__}")
    value = enum_type(0)
    for part in text.split("|"):
        name = part.strip()
        if name == "None":
            continue
        if name not in enum_type.__members__:
            known = ", ".join(["None", *enum_type.__members__])
            parser.raise_error(
                f"unknown {enum_type.__name__} flag '{name}' (expected one of {known})",
                start,
                parser.pos,
            )
        value |= enum_type[name]
    return value


def _print_bit_enum(printer: Printer, value: enum.IntFlag) -> None:
    """Print a bit enum as MLIR does: `None`, `ReadOnly`, or `"ReadOnly|Indirect"`."""
    names = [m.name for m in type(value) if m in value and m.name is not None]
    printer.print_identifier_or_string_literal("|".join(names) if names else "None")


_AttrT = TypeVar("_AttrT", bound=ParametrizedAttribute)


def _parse_known_attr(parser: AttrParser, attr_type: type[_AttrT]) -> _AttrT:
    """Parse an attribute of a known kind: IREE's stripped `<...>` form, the full form, or an
    alias of either."""
    start = parser.pos
    attr = parser.parse_optional_attribute()
    if attr is None:
        return attr_type.new(attr_type.parse_parameters(parser))
    if not isinstance(attr, attr_type):
        parser.raise_error(f"expected #{attr_type.name} attribute", start, parser.pos)
    return attr


# ---------------------------------------------------------------------------------------------
# Types and attributes
# ---------------------------------------------------------------------------------------------


@irdl_attr_definition
class DeviceType(ParametrizedAttribute, TypeAttribute):
    """`!hal.device`: a logical device, the first argument of workgroup-count regions."""

    name = "hal.device"


@irdl_attr_definition
class DescriptorTypeAttr(Data[DescriptorType]):
    """`#hal.descriptor_type<storage_buffer>`; IREE also uses it as a memref memory space."""

    name = "hal.descriptor_type"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> DescriptorType:
        with parser.in_angle_brackets():
            return parser.parse_str_enum(DescriptorType)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.data.value)


@irdl_attr_definition
class PipelineBindingAttr(ParametrizedAttribute):
    """`#hal.pipeline.binding<storage_buffer(, flags)?>`: one binding slot of a layout."""

    name = "hal.pipeline.binding"

    descriptor_type: DescriptorTypeAttr
    flags: IntAttr

    def __init__(
        self,
        descriptor_type: DescriptorType = DescriptorType.STORAGE_BUFFER,
        flags: DescriptorFlags | None = None,
    ) -> None:
        super().__init__(DescriptorTypeAttr(descriptor_type), IntAttr(int(flags or 0)))

    @property
    def descriptor_flags(self) -> DescriptorFlags:
        return DescriptorFlags(self.flags.data)

    @property
    def read_only(self) -> bool:
        return DescriptorFlags.ReadOnly in self.descriptor_flags

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            kind = parser.parse_str_enum(DescriptorType)
            flags = DescriptorFlags(0)
            if parser.parse_optional_punctuation(","):
                flags = _parse_bit_enum(parser, DescriptorFlags)
        return [DescriptorTypeAttr(kind), IntAttr(int(flags))]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.descriptor_type.data.value)
            if self.descriptor_flags:
                printer.print_string(", ")
                _print_bit_enum(printer, self.descriptor_flags)


@irdl_attr_definition
class PipelineLayoutAttr(ParametrizedAttribute):
    """`#hal.pipeline.layout<(constants = N, )?bindings = [...](, flags = F)?>`.

    `constants` is the number of 32-bit push constants; `flags` is absent unless given.
    """

    name = "hal.pipeline.layout"

    bindings: ArrayAttr[PipelineBindingAttr]
    constants: IntAttr
    flags: IntAttr | NoneAttr

    def __init__(
        self,
        bindings: Sequence[PipelineBindingAttr],
        constants: int = 0,
        flags: PipelineLayoutFlags | None = None,
    ) -> None:
        super().__init__(
            ArrayAttr(bindings),
            IntAttr(constants),
            NoneAttr() if flags is None else IntAttr(int(flags)),
        )

    @property
    def constant_count(self) -> int:
        return self.constants.data

    @property
    def binding_attrs(self) -> tuple[PipelineBindingAttr, ...]:
        return self.bindings.data

    @property
    def layout_flags(self) -> PipelineLayoutFlags | None:
        return None if isinstance(self.flags, NoneAttr) else PipelineLayoutFlags(self.flags.data)

    def binding(self, ordinal: int) -> PipelineBindingAttr:
        """The binding at `ordinal`; IndexError when the layout has no such binding."""
        if not 0 <= ordinal < len(self.bindings.data):
            raise IndexError(f"binding ordinal {ordinal} out of bounds in layout {self}")
        return self.bindings.data[ordinal]

    def verify(self) -> None:
        if self.constants.data < 0:
            raise VerifyException("pipeline layout constant count must be non-negative")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            constants = 0
            if parser.parse_optional_keyword("constants"):
                parser.parse_punctuation("=")
                constants = parser.parse_integer(allow_boolean=False, allow_negative=False)
                parser.parse_punctuation(",")
            parser.parse_keyword("bindings")
            parser.parse_punctuation("=")
            bindings = parser.parse_comma_separated_list(
                Parser.Delimiter.SQUARE, lambda: _parse_known_attr(parser, PipelineBindingAttr)
            )
            flags: IntAttr | NoneAttr = NoneAttr()
            if parser.parse_optional_punctuation(","):
                parser.parse_keyword("flags")
                parser.parse_punctuation("=")
                flags = IntAttr(int(_parse_bit_enum(parser, PipelineLayoutFlags)))
        return [ArrayAttr(bindings), IntAttr(constants), flags]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            if self.constants.data:
                printer.print_string(f"constants = {self.constants.data}, ")
            printer.print_string("bindings = [")
            printer.print_list(self.bindings.data, printer.print_attribute)
            printer.print_string("]")
            if (flags := self.layout_flags) is not None:
                printer.print_string(", flags = ")
                _print_bit_enum(printer, flags)


@irdl_attr_definition
class ExecutableTargetAttr(ParametrizedAttribute):
    """`#hal.executable.target<"backend", "format"(, {config})?>`, e.g.
    `#hal.executable.target<"vmvx", "vmvx-bytecode-fb", {ukernels = "none"}>`."""

    name = "hal.executable.target"

    backend: StringAttr
    format: StringAttr
    configuration: DictionaryAttr

    def __init__(
        self,
        backend: str,
        format: str,
        configuration: Mapping[str, Attribute] | DictionaryAttr | None = None,
    ) -> None:
        config = (
            configuration
            if isinstance(configuration, DictionaryAttr)
            else DictionaryAttr(dict(configuration or {}))
        )
        super().__init__(StringAttr(backend), StringAttr(format), config)

    @property
    def backend_name(self) -> str:
        return self.backend.data

    @property
    def format_name(self) -> str:
        return self.format.data

    @property
    def config(self) -> Mapping[str, Attribute]:
        return self.configuration.data

    def get_config(self, key: str) -> Attribute | None:
        """The configuration entry `key`, or None."""
        return self.configuration.data.get(key)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            backend = parser.parse_str_literal(" for the executable target backend")
            parser.parse_punctuation(",")
            fmt = parser.parse_str_literal(" for the executable target format")
            config = DictionaryAttr({})
            if parser.parse_optional_punctuation(","):
                start = parser.pos
                attr = parser.parse_attribute()
                if not isinstance(attr, DictionaryAttr):
                    parser.raise_error("expected a configuration dictionary", start, parser.pos)
                config = attr
        return [StringAttr(backend), StringAttr(fmt), config]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.backend.data)
            printer.print_string(", ")
            printer.print_string_literal(self.format.data)
            if self.configuration.data:
                printer.print_string(", ")
                printer.print_attribute(self.configuration)


@irdl_attr_definition
class ExecutableObjectAttr(ParametrizedAttribute):
    """`#hal.executable.object<{path = "f.o"(, data = ...)?}>`: an object file to link."""

    name = "hal.executable.object"

    path: StringAttr
    data: Attribute

    def __init__(self, path: str, data: Attribute | None = None) -> None:
        super().__init__(StringAttr(path), NoneAttr() if data is None else data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            start = parser.pos
            entries = parser.parse_optional_dictionary_attr_dict()
            end = parser.pos
        path = entries.get("path")
        if not isinstance(path, StringAttr):
            parser.raise_error("executable object needs a string `path`", start, end)
        return [path, entries.get("data", NoneAttr())]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<{path = ")
        printer.print_attribute(self.path)
        if not isinstance(self.data, NoneAttr):
            printer.print_string(", data = ")
            printer.print_attribute(self.data)
        printer.print_string("}>")


@irdl_attr_definition
class ExecutableObjectsAttr(ParametrizedAttribute):
    """`#hal.executable.objects<{#hal.executable.target<...> = [objects], ...}>`."""

    name = "hal.executable.objects"

    targets: ArrayAttr[ExecutableTargetAttr]
    target_objects: ArrayAttr[ArrayAttr[ExecutableObjectAttr]]

    def verify(self) -> None:
        if len(self.targets.data) != len(self.target_objects.data):
            raise VerifyException("targets and objects must be 1:1")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        def parse_entry() -> tuple[Attribute, Attribute]:
            target = parser.parse_attribute()
            parser.parse_punctuation("=")
            return target, parser.parse_attribute()

        with parser.in_angle_brackets():
            entries = parser.parse_comma_separated_list(Parser.Delimiter.BRACES, parse_entry)
        return [ArrayAttr(t for t, _ in entries), ArrayAttr(o for _, o in entries)]

    def print_parameters(self, printer: Printer) -> None:
        def print_entry(entry: tuple[Attribute, Attribute]) -> None:
            printer.print_attribute(entry[0])
            printer.print_string(" = ")
            printer.print_attribute(entry[1])

        printer.print_string("<{")
        printer.print_list(
            zip(self.targets.data, self.target_objects.data, strict=False), print_entry
        )
        printer.print_string("}>")


# ---------------------------------------------------------------------------------------------
# Shared op syntax helpers
# ---------------------------------------------------------------------------------------------

_INDEX = IndexType()


def _index_attr(value: int) -> IntegerAttr[IndexType]:
    return IntegerAttr(value, _INDEX)


def _optional_int(attr: IntegerAttr | None) -> int | None:
    return None if attr is None else attr.value.data


def _parse_index_clause(parser: Parser, keyword: str) -> int | None:
    """`keyword(N)` if the keyword is present."""
    if parser.parse_optional_keyword(keyword) is None:
        return None
    with parser.in_parens():
        return parser.parse_integer(allow_boolean=False)


def _split_properties(
    op_type: type[IRDLOperation], attrs: Mapping[str, Attribute]
) -> tuple[dict[str, Attribute], dict[str, Attribute]]:
    """Move the entries of a parsed attribute dictionary that are properties of `op_type`
    into properties, as MLIR does for inherent attributes written in `attributes {...}`."""
    prop_names = op_type.get_irdl_definition().properties
    props = {k: v for k, v in attrs.items() if k in prop_names}
    return props, {k: v for k, v in attrs.items() if k not in prop_names}


def _print_attr_dict(
    printer: Printer, op: Operation, elided: Iterable[str], *, keyword: bool
) -> None:
    """Print unelided properties and attributes as one dictionary, as MLIR prints the inherent
    and discardable attributes of a properties-based op."""
    skip = set(elided)
    entries = {k: v for k, v in op.properties.items() if k not in skip}
    entries.update(op.attributes)
    printer.print_op_attributes(entries, print_keyword=keyword)


def _print_region_arguments(printer: Printer, block: Block) -> None:
    """`(%a: type, ...)` in MLIR's spelling."""

    def print_arg(arg: SSAValue) -> None:
        printer.print_ssa_value(arg)
        printer.print_string(": ")
        printer.print_attribute(arg.type)

    with printer.in_parens():
        printer.print_list(block.args, print_arg)


def _visibility(op: Operation) -> str | None:
    vis = op.properties.get("sym_visibility")
    return vis.data if isinstance(vis, StringAttr) else None


# ---------------------------------------------------------------------------------------------
# hal.interface.*
# ---------------------------------------------------------------------------------------------

_PRIMITIVE_TYPE = base(IndexType) | SignlessIntegerConstraint | AnyFloatConstr | base(ComplexType)


@irdl_op_definition
class InterfaceBindingSubspanOp(IRDLOperation):
    """`hal.interface.binding.subspan layout(L) binding(N) (alignment(A))? (offset(%o))?
    (flags(F))? : type ({dims})?`: a view of binding `N` starting `%o` bytes in."""

    name = "hal.interface.binding.subspan"

    layout = prop_def(PipelineLayoutAttr)
    binding = prop_def(IntegerAttr[IndexType])
    alignment = opt_prop_def(IntegerAttr[IndexType])
    descriptor_flags = opt_prop_def(IntegerAttr[IntegerType])
    byte_offset = opt_operand_def(IndexType)
    dynamic_dims = var_operand_def(IndexType)
    result = result_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(Pure())

    def __init__(
        self,
        result_type: Attribute,
        layout: PipelineLayoutAttr,
        binding: int,
        byte_offset: SSAValue | Operation | None = None,
        dynamic_dims: Sequence[SSAValue | Operation] = (),
        alignment: int | None = None,
        flags: DescriptorFlags | None = None,
    ) -> None:
        super().__init__(
            operands=[[] if byte_offset is None else [byte_offset], dynamic_dims],
            result_types=[result_type],
            properties={
                "layout": layout,
                "binding": _index_attr(binding),
                "alignment": None if alignment is None else _index_attr(alignment),
                "descriptor_flags": None if flags is None else IntegerAttr(int(flags), i32),
            },
        )

    @property
    def binding_index(self) -> int:
        return self.binding.value.data

    @property
    def alignment_bytes(self) -> int | None:
        return _optional_int(self.alignment)

    @property
    def flags(self) -> DescriptorFlags | None:
        flags = self.descriptor_flags
        return None if flags is None else DescriptorFlags(flags.value.data)

    @property
    def pipeline_binding(self) -> PipelineBindingAttr:
        return self.layout.binding(self.binding_index)

    @property
    def descriptor_type(self) -> DescriptorType:
        return self.pipeline_binding.descriptor_type.data

    def verify_(self) -> None:
        result_type = self.result.type
        if isinstance(result_type, ShapedType):
            expected = sum(1 for d in result_type.get_shape() if d == DYNAMIC_INDEX)
            if expected != len(self.dynamic_dims):
                raise VerifyException(
                    f"result type {result_type} has {expected} dynamic dimensions but "
                    f"{len(self.dynamic_dims)} associated dimension SSA values"
                )
        if not 0 <= self.binding_index < len(self.layout.bindings.data):
            raise VerifyException(
                f"binding ordinal {self.binding_index} out of bounds in layout {self.layout}"
            )
        flags = self.descriptor_flags
        if flags is not None and flags.type != i32:
            raise VerifyException(f"descriptor_flags must be an i32 integer, got {flags}")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parser.parse_keyword("layout")
        with parser.in_parens():
            layout = _parse_known_attr(parser, PipelineLayoutAttr)
        parser.parse_keyword("binding")
        with parser.in_parens():
            binding = parser.parse_integer(allow_boolean=False)
        alignment = _parse_index_clause(parser, "alignment")
        offset = None
        if parser.parse_optional_keyword("offset"):
            with parser.in_parens():
                offset = parser.parse_operand(IndexType())
        flags = None
        if parser.parse_optional_keyword("flags"):
            with parser.in_parens():
                flags = _parse_bit_enum(parser, DescriptorFlags)
        props, attrs = _split_properties(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        dims: list[SSAValue] = []
        if parser.parse_optional_punctuation("{"):
            dims = parser.parse_comma_separated_list(
                Parser.Delimiter.NONE, lambda: parser.parse_operand(IndexType())
            )
            parser.parse_punctuation("}")
        op = cls(
            result_type,
            layout,
            binding,
            offset,
            dims,
            alignment,
            flags,
        )
        op.properties.update(props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" layout(")
        self.layout.print_parameters(printer)
        printer.print_string(f") binding({self.binding_index})")
        if (alignment := self.alignment_bytes) is not None:
            printer.print_string(f" alignment({alignment})")
        if self.byte_offset is not None:
            printer.print_string(" offset(")
            printer.print_operand(self.byte_offset)
            printer.print_string(")")
        if (flags := self.flags) is not None:
            printer.print_string(" flags(")
            _print_bit_enum(printer, flags)
            printer.print_string(")")
        _print_attr_dict(
            printer,
            self,
            ("layout", "binding", "alignment", "descriptor_flags", "operandSegmentSizes"),
            keyword=False,
        )
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        if self.dynamic_dims:
            printer.print_string("{")
            printer.print_list(self.dynamic_dims, printer.print_operand)
            printer.print_string("}")


@irdl_op_definition
class InterfaceConstantLoadOp(IRDLOperation):
    """`hal.interface.constant.load layout(L) ordinal(N) (alignment(A))? (values([...]))? : T`:
    push constant `N` of the dispatch."""

    name = "hal.interface.constant.load"

    layout = prop_def(PipelineLayoutAttr)
    ordinal = prop_def(IntegerAttr[IndexType])
    alignment = opt_prop_def(IntegerAttr[IndexType])
    values = opt_prop_def(ArrayAttr)
    result = result_def(_PRIMITIVE_TYPE)

    traits = traits_def(Pure())

    def __init__(
        self,
        result_type: Attribute,
        layout: PipelineLayoutAttr,
        ordinal: int,
        alignment: int | None = None,
        values: Sequence[Attribute] | None = None,
    ) -> None:
        super().__init__(
            result_types=[result_type],
            properties={
                "layout": layout,
                "ordinal": _index_attr(ordinal),
                "alignment": None if alignment is None else _index_attr(alignment),
                "values": None if values is None else ArrayAttr(values),
            },
        )

    @property
    def ordinal_index(self) -> int:
        return self.ordinal.value.data

    @property
    def alignment_bytes(self) -> int | None:
        return _optional_int(self.alignment)

    def verify_(self) -> None:
        if not 0 <= self.ordinal_index < self.layout.constant_count:
            raise VerifyException("push constant ordinal out of bounds")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        parser.parse_keyword("layout")
        with parser.in_parens():
            layout = _parse_known_attr(parser, PipelineLayoutAttr)
        parser.parse_keyword("ordinal")
        with parser.in_parens():
            ordinal = parser.parse_integer(allow_boolean=False)
        alignment = _parse_index_clause(parser, "alignment")
        values = None
        if parser.parse_optional_keyword("values"):
            with parser.in_parens():
                start = parser.pos
                values = parser.parse_attribute()
                if not isinstance(values, ArrayAttr):
                    parser.raise_error("expected an array of values", start, parser.pos)
        props, attrs = _split_properties(cls, parser.parse_optional_attr_dict())
        parser.parse_punctuation(":")
        result_type = parser.parse_type()
        op = cls(
            result_type,
            layout,
            ordinal,
            alignment,
            None if values is None else values.data,
        )
        op.properties.update(props)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" layout(")
        self.layout.print_parameters(printer)
        printer.print_string(f") ordinal({self.ordinal_index})")
        if (alignment := self.alignment_bytes) is not None:
            printer.print_string(f" alignment({alignment})")
        if self.values is not None:
            printer.print_string(" values(")
            printer.print_attribute(self.values)
            printer.print_string(")")
        _print_attr_dict(printer, self, ("layout", "ordinal", "alignment", "values"), keyword=False)
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)


class _InterfaceWorkgroupOp(IRDLOperation):
    """`hal.interface.workgroup.<id|count|size>[D] (upper_bound N)? : index`, D in 0..2."""

    dimension = prop_def(IntegerAttr[IndexType])
    upper_bound = opt_prop_def(IntegerAttr[IndexType])
    result = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = (
        "`[` $dimension `]` (`upper_bound` $upper_bound^)? attr-dict `:` type($result)"
    )

    WHAT: ClassVar[str]
    """How IREE names the queried value in its out-of-bounds error."""

    def __init__(self, dimension: int, upper_bound: int | None = None) -> None:
        super().__init__(
            result_types=[_INDEX],
            properties={
                "dimension": _index_attr(dimension),
                "upper_bound": None if upper_bound is None else _index_attr(upper_bound),
            },
        )

    @property
    def dim(self) -> int:
        return self.dimension.value.data

    @property
    def upper_bound_value(self) -> int | None:
        return _optional_int(self.upper_bound)

    def verify_(self) -> None:
        if not 0 <= self.dim < 3:
            raise VerifyException(f"out of bounds workgroup {self.WHAT} dimension")


@irdl_op_definition
class InterfaceWorkgroupIDOp(_InterfaceWorkgroupOp):
    """The index of this workgroup in the grid along dimension D."""

    name = "hal.interface.workgroup.id"
    WHAT: ClassVar[str] = "ID"


@irdl_op_definition
class InterfaceWorkgroupCountOp(_InterfaceWorkgroupOp):
    """The number of workgroups in the grid along dimension D."""

    name = "hal.interface.workgroup.count"
    WHAT: ClassVar[str] = "count"


@irdl_op_definition
class InterfaceWorkgroupSizeOp(_InterfaceWorkgroupOp):
    """The number of invocations per workgroup along dimension D."""

    name = "hal.interface.workgroup.size"
    WHAT: ClassVar[str] = "size"


@irdl_op_definition
class ExecutableConstantLoadOp(IRDLOperation):
    """`hal.executable.constant.load "key" : T`: a value provided by a constant block."""

    name = "hal.executable.constant.load"

    key = prop_def(StringAttr)
    result = result_def(_PRIMITIVE_TYPE)

    traits = traits_def(Pure())

    assembly_format = "$key attr-dict `:` type($result)"

    def __init__(self, key: str, result_type: Attribute = i32) -> None:
        super().__init__(result_types=[result_type], properties={"key": StringAttr(key)})


# ---------------------------------------------------------------------------------------------
# Executables
# ---------------------------------------------------------------------------------------------


@irdl_op_definition
class ReturnOp(IRDLOperation):
    """`hal.return (%v : T)?`: ends workgroup-count and constant-block regions."""

    name = "hal.return"

    values = var_operand_def()

    traits = traits_def(IsTerminator())

    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue | Operation) -> None:
        super().__init__(operands=[values])

    def verify_(self) -> None:
        parent = self.parent_op()
        if not isinstance(parent, ExecutableConstantBlockOp):
            return
        expected = parent.function_type.outputs.data
        if len(self.values) != len(expected):
            raise VerifyException(
                "return must have the same number of operands as the parent result "
                f"signature (have {len(self.values)}, expected {len(expected)})"
            )
        for index, (value, want) in enumerate(zip(self.values, expected, strict=True)):
            if value.type != want:
                raise VerifyException(
                    f"parent expected result {index} to be {want} but returning {value.type}"
                )


class _EndOp(IRDLOperation):
    """Implicit terminator of a HAL symbol container (never printed in custom form)."""

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__()


@irdl_op_definition
class ExecutableSourceEndOp(_EndOp):
    name = "hal.executable.source_end"

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ExecutableSourceOp)))


@irdl_op_definition
class ExecutableEndOp(_EndOp):
    name = "hal.executable_end"

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ExecutableOp)))


@irdl_op_definition
class ExecutableVariantEndOp(_EndOp):
    name = "hal.executable.variant_end"

    traits = lazy_traits_def(lambda: (IsTerminator(), HasParent(ExecutableVariantOp)))


class _SymbolContainerOp(IRDLOperation):
    """Shared shape of `hal.executable`, `.source` and `.variant`: a visibility, a symbol name,
    op-specific clauses, `attributes {...}` and one block ended by an implicit terminator."""

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(StringAttr)
    body = region_def("single_block")

    CLAUSE_PROPS: ClassVar[tuple[str, ...]] = ()
    """Properties printed by `_print_clauses` rather than in the attribute dictionary."""

    @property
    def symbol(self) -> str:
        return self.sym_name.data

    def _init_container(
        self,
        sym_name: str,
        body: Region | Sequence[Operation],
        visibility: str | None,
        properties: Mapping[str, Attribute | None],
    ) -> None:
        region = body if isinstance(body, Region) else Region(Block(body))
        super().__init__(
            regions=[region],
            properties={
                "sym_name": StringAttr(sym_name),
                "sym_visibility": None if visibility is None else StringAttr(visibility),
                **properties,
            },
        )
        for trait in self.get_traits_of_type(SingleBlockImplicitTerminator):
            ensure_terminator(self, trait)

    @classmethod
    def _parse_clauses(cls, parser: Parser) -> dict[str, Attribute]:
        """Op-specific clauses between the symbol name and the attribute dictionary."""
        return {}

    def _print_clauses(self, printer: Printer) -> None:
        return

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        visibility = parser.parse_optional_visibility_keyword()
        sym_name = parser.parse_symbol_name()
        clauses = cls._parse_clauses(parser)
        attr_dict = parser.parse_optional_attr_dict_with_keyword()
        props, attrs = _split_properties(cls, {} if attr_dict is None else attr_dict.data)
        region = parser.parse_region()
        op = cls.create(
            properties={"sym_name": sym_name, **clauses, **props},
            attributes=attrs,
            regions=[region],
        )
        if visibility is not None:
            op.properties["sym_visibility"] = visibility
        for trait in op.get_traits_of_type(SingleBlockImplicitTerminator):
            ensure_terminator(op, trait)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_visibility(self) or 'public'} ")
        printer.print_symbol_name(self.sym_name.data)
        self._print_clauses(printer)
        _print_attr_dict(
            printer, self, ("sym_name", "sym_visibility", *self.CLAUSE_PROPS), keyword=True
        )
        printer.print_string(" ")
        printer.print_region(self.body, print_block_terminators=False)


class _ExecutableContentsOp(_SymbolContainerOp):
    """A container of exports, constant blocks and the inner `builtin.module` (a source or a
    variant)."""

    @property
    def inner_module(self) -> ModuleOp | None:
        """The nested `builtin.module` with the executable's code, if any."""
        return next((o for o in self.body.block.ops if isinstance(o, ModuleOp)), None)

    @property
    def exports(self) -> list[ExecutableExportOp]:
        return [o for o in self.body.block.ops if isinstance(o, ExecutableExportOp)]

    @property
    def constant_blocks(self) -> list[ExecutableConstantBlockOp]:
        return [o for o in self.body.block.ops if isinstance(o, ExecutableConstantBlockOp)]


@irdl_op_definition
class ExecutableSourceOp(_ExecutableContentsOp):
    """`hal.executable.source public @name (attributes {objects = ...})? { ... }`: a
    target-independent executable, as in IREE's HAL CTS test data."""

    name = "hal.executable.source"

    objects = opt_prop_def(ExecutableObjectsAttr)

    traits = traits_def(
        IsolatedFromAbove(),
        SingleBlockImplicitTerminator(ExecutableSourceEndOp),
        SymbolOpInterface(),
        SymbolTable(),
    )

    def __init__(
        self,
        sym_name: str,
        body: Region | Sequence[Operation],
        visibility: str | None = None,
        objects: ExecutableObjectsAttr | None = None,
    ) -> None:
        self._init_container(sym_name, body, visibility, {"objects": objects})


@irdl_op_definition
class ExecutableOp(_SymbolContainerOp):
    """`hal.executable (public|private)? @name { variants... }`."""

    name = "hal.executable"

    traits = traits_def(
        IsolatedFromAbove(),
        SingleBlockImplicitTerminator(ExecutableEndOp),
        SymbolOpInterface(),
        SymbolTable(),
    )

    def __init__(
        self,
        sym_name: str,
        body: Region | Sequence[Operation] = (),
        visibility: str | None = None,
    ) -> None:
        self._init_container(sym_name, body, visibility, {})

    @property
    def variants(self) -> list[ExecutableVariantOp]:
        return [o for o in self.body.block.ops if isinstance(o, ExecutableVariantOp)]


@irdl_op_definition
class ExecutableVariantOp(_ExecutableContentsOp):
    """`hal.executable.variant public @name target(<...>) (objects([...]))? (sources({...}))?
    { exports, constant blocks, builtin.module }`."""

    name = "hal.executable.variant"

    target = prop_def(ExecutableTargetAttr)
    objects = opt_prop_def(ArrayAttr[ExecutableObjectAttr])
    sources = opt_prop_def(DictionaryAttr)

    traits = traits_def(
        IsolatedFromAbove(),
        HasParent(ExecutableOp),
        SingleBlockImplicitTerminator(ExecutableVariantEndOp),
        SymbolOpInterface(),
        SymbolTable(),
    )

    CLAUSE_PROPS: ClassVar[tuple[str, ...]] = ("target", "objects", "sources")

    def __init__(
        self,
        sym_name: str,
        target: ExecutableTargetAttr,
        body: Region | Sequence[Operation] = (),
        visibility: str | None = None,
        objects: Sequence[ExecutableObjectAttr] | None = None,
    ) -> None:
        self._init_container(
            sym_name,
            body,
            visibility,
            {"target": target, "objects": None if objects is None else ArrayAttr(objects)},
        )

    def constant_ordinals(self) -> dict[str, int]:
        """Each constant-block key mapped to its ordinal in declaration order (a key seen
        twice keeps its first ordinal), as IREE's `gatherConstantOrdinals`."""
        ordinals: dict[str, int] = {}
        for block in self.constant_blocks:
            base_count = len(ordinals)
            for i, key in enumerate(block.key_names):
                ordinals.setdefault(key, base_count + i)
        return ordinals

    @classmethod
    def _parse_clauses(cls, parser: Parser) -> dict[str, Attribute]:
        props: dict[str, Attribute] = {}
        parser.parse_keyword("target")
        with parser.in_parens():
            props["target"] = _parse_known_attr(parser, ExecutableTargetAttr)
        for keyword, kind in (("objects", ArrayAttr), ("sources", DictionaryAttr)):
            if parser.parse_optional_keyword(keyword):
                with parser.in_parens():
                    start = parser.pos
                    attr = parser.parse_attribute()
                    if not isinstance(attr, kind):
                        parser.raise_error(f"expected {kind.name} for `{keyword}`", start)
                    props[keyword] = attr
        return props

    def _print_clauses(self, printer: Printer) -> None:
        printer.print_string(" target(")
        self.target.print_parameters(printer)
        printer.print_string(")")
        for keyword in ("objects", "sources"):
            if (attr := self.properties.get(keyword)) is not None:
                printer.print_string(f" {keyword}(")
                printer.print_attribute(attr)
                printer.print_string(")")


@irdl_op_definition
class ExecutableExportOp(IRDLOperation):
    """`hal.executable.export public @name (ordinal(N))? layout(L)
    (count(%device: !hal.device, %w: index...) -> (index, index, index) { ... })?
    (attributes {...})?`: an entry point and the computation of its workgroup count."""

    name = "hal.executable.export"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(StringAttr)
    ordinal = opt_prop_def(IntegerAttr[IndexType])
    layout = prop_def(PipelineLayoutAttr)
    workgroup_size = opt_prop_def(ArrayAttr[IntegerAttr[IndexType]])
    subgroup_size = opt_prop_def(IntegerAttr[IndexType])
    workgroup_local_memory = opt_prop_def(IntegerAttr[IndexType])
    source_locs = opt_prop_def(DictionaryAttr)
    workgroup_count = region_def()

    traits = traits_def(
        IsolatedFromAbove(),
        HasParent(ExecutableSourceOp, ExecutableVariantOp),
        SymbolOpInterface(),
    )

    def __init__(
        self,
        sym_name: str,
        layout: PipelineLayoutAttr,
        ordinal: int | None = None,
        workgroup_count: Region | None = None,
        visibility: str | None = None,
        workgroup_size: Sequence[int] | None = None,
    ) -> None:
        super().__init__(
            regions=[Region() if workgroup_count is None else workgroup_count],
            properties={
                "sym_name": StringAttr(sym_name),
                "sym_visibility": None if visibility is None else StringAttr(visibility),
                "ordinal": None if ordinal is None else _index_attr(ordinal),
                "layout": layout,
                "workgroup_size": (
                    None
                    if workgroup_size is None
                    else ArrayAttr(_index_attr(s) for s in workgroup_size)
                ),
            },
        )

    @property
    def symbol(self) -> str:
        return self.sym_name.data

    @property
    def ordinal_index(self) -> int | None:
        return _optional_int(self.ordinal)

    @property
    def workgroup_count_block(self) -> Block | None:
        return self.workgroup_count.blocks.first

    @property
    def workgroup_local_memory_bytes(self) -> int | None:
        return _optional_int(self.workgroup_local_memory)

    def verify_(self) -> None:
        body = self.workgroup_count_block
        if body is None:
            return
        if len(self.workgroup_count.blocks) != 1:
            raise VerifyException("expected a single region block")
        args = body.args
        if (
            not args
            or not isinstance(args[0].type, DeviceType)
            or any(not isinstance(a.type, IndexType) for a in args[1:])
        ):
            raise VerifyException(
                "expected workgroup_count to take (%device: !hal.device, "
                "%workload_0: index, %workload_1: index, ..."
            )
        terminator = body.last_op
        if not isinstance(terminator, ReturnOp) or len(terminator.values) != 3:
            raise VerifyException("expected operation to yield 3 values")
        if any(not isinstance(v.type, IndexType) for v in terminator.values):
            raise VerifyException("operands do not match expected region return types")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        visibility = parser.parse_optional_visibility_keyword()
        sym_name = parser.parse_symbol_name()
        ordinal = _parse_index_clause(parser, "ordinal")
        parser.parse_keyword("layout")
        with parser.in_parens():
            layout = _parse_known_attr(parser, PipelineLayoutAttr)
        entries: dict[str, Attribute] = {}
        if (early := parser.parse_optional_attr_dict_with_keyword()) is not None:
            entries.update(early.data)
        if parser.parse_optional_keyword("count"):
            region = cls._parse_count_region(parser)
        else:
            region = parser.parse_optional_region() or Region()
        if (late := parser.parse_optional_attr_dict_with_keyword()) is not None:
            entries.update(late.data)
        elif parser.parse_optional_punctuation("<"):
            entries.update(
                parser.parse_comma_separated_list(
                    Parser.Delimiter.NONE, lambda: cls._parse_named_attr(parser)
                )
            )
            parser.parse_punctuation(">")
        props, attrs = _split_properties(cls, entries)
        props.update({"sym_name": sym_name, "layout": layout})
        if visibility is not None:
            props["sym_visibility"] = visibility
        if ordinal is not None:
            props["ordinal"] = _index_attr(ordinal)
        return cls.create(properties=props, attributes=attrs, regions=[region])

    @staticmethod
    def _parse_named_attr(parser: Parser) -> tuple[str, Attribute]:
        name = parser.parse_identifier_or_str_literal()
        parser.parse_punctuation("=")
        return name, parser.parse_attribute()

    @staticmethod
    def _parse_count_region(parser: Parser) -> Region:
        args = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_argument)
        parser.parse_punctuation("->")
        start = parser.pos
        result_types = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
        if len(result_types) != 3 or any(not isinstance(t, IndexType) for t in result_types):
            parser.raise_error(
                "workgroup count region must return the XYZ dimension counts", start, parser.pos
            )
        return parser.parse_region(args)

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_visibility(self) or 'public'} ")
        printer.print_symbol_name(self.sym_name.data)
        if (ordinal := self.ordinal_index) is not None:
            printer.print_string(f" ordinal({ordinal})")
        printer.print_string(" layout(")
        self.layout.print_parameters(printer)
        printer.print_string(")")
        if (body := self.workgroup_count_block) is not None:
            printer.print_string(" count")
            _print_region_arguments(printer, body)
            printer.print_string(" -> (index, index, index) ")
            printer.print_region(self.workgroup_count, print_entry_block_args=False)
        _print_attr_dict(
            printer, self, ("sym_name", "sym_visibility", "ordinal", "layout"), keyword=True
        )


@irdl_op_definition
class ExecutableConstantBlockOp(IRDLOperation):
    """`hal.executable.constant.block(%device: !hal.device) -> (i32, ...) as ("k", ...) {...}`:
    host code computing the executable constants named by `keys`."""

    name = "hal.executable.constant.block"

    function_type = prop_def(FunctionType)
    keys = prop_def(ArrayAttr[StringAttr])
    body = region_def()

    traits = traits_def(
        IsolatedFromAbove(),
        HasParent(ExecutableSourceOp, ExecutableVariantOp),
    )

    def __init__(
        self,
        keys: Sequence[str],
        body: Region,
        takes_device: bool = True,
    ) -> None:
        inputs = [DeviceType()] if takes_device else []
        super().__init__(
            regions=[body],
            properties={
                "function_type": FunctionType.from_lists(inputs, [i32] * len(keys)),
                "keys": ArrayAttr(StringAttr(k) for k in keys),
            },
        )

    @property
    def key_names(self) -> tuple[str, ...]:
        return tuple(k.data for k in self.keys.data)

    def verify_(self) -> None:
        inputs = self.function_type.inputs.data
        if inputs and (len(inputs) > 1 or not isinstance(inputs[0], DeviceType)):
            raise VerifyException("initializer must take a !hal.device or nothing")
        for index, result_type in enumerate(self.function_type.outputs.data):
            if result_type != i32:
                raise VerifyException(
                    f"initializer must return only i32 values (result {index} is {result_type})"
                )
        if len(self.function_type.outputs.data) != len(self.keys.data):
            raise VerifyException("must have one key for every result")
        entry = self.body.blocks.first
        if entry is None:
            raise VerifyException("expected non-empty function body")
        if entry.arg_types != inputs:
            raise VerifyException("entry block arguments must match the function signature")

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        args = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_argument)
        results: list[Attribute] = []
        if parser.parse_optional_punctuation("->"):
            paren = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_type
            )
            results = [parser.parse_type()] if paren is None else list(paren)
        parser.parse_keyword("as")
        if len(results) == 1:
            keys = [parser.parse_str_literal()]
        else:
            paren_keys = parser.parse_optional_comma_separated_list(
                Parser.Delimiter.PAREN, parser.parse_str_literal
            )
            keys = (
                parser.parse_comma_separated_list(Parser.Delimiter.NONE, parser.parse_str_literal)
                if paren_keys is None
                else paren_keys
            )
        attr_dict = parser.parse_optional_attr_dict_with_keyword()
        props, attrs = _split_properties(cls, {} if attr_dict is None else attr_dict.data)
        start = parser.pos
        region = parser.parse_region(args)
        if (entry := region.blocks.first) is None or entry.first_op is None:
            parser.raise_error("expected non-empty function body", start, parser.pos)
        props["function_type"] = FunctionType.from_lists([a.type for a in args], results)
        props["keys"] = ArrayAttr(StringAttr(k) for k in keys)
        return cls.create(properties=props, attributes=attrs, regions=[region])

    def print(self, printer: Printer) -> None:
        entry = self.body.blocks.first
        if entry is not None:
            _print_region_arguments(printer, entry)
        else:
            printer.print_string("()")
        outputs = self.function_type.outputs.data
        if len(outputs) == 1 and not isinstance(outputs[0], FunctionType):
            printer.print_string(" -> ")
            printer.print_attribute(outputs[0])
        elif outputs:
            printer.print_string(" -> (")
            printer.print_list(outputs, printer.print_attribute)
            printer.print_string(")")
        printer.print_string(" as ")
        keys = cast(tuple[StringAttr, ...], self.keys.data)
        if len(outputs) == 1:
            printer.print_attribute(keys[0])
        else:
            with printer.in_parens():
                printer.print_list(keys, printer.print_attribute)
        _print_attr_dict(printer, self, ("function_type", "keys"), keyword=True)
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False)


HAL = Dialect(
    "hal",
    [
        InterfaceBindingSubspanOp,
        InterfaceConstantLoadOp,
        InterfaceWorkgroupIDOp,
        InterfaceWorkgroupCountOp,
        InterfaceWorkgroupSizeOp,
        ExecutableConstantLoadOp,
        ReturnOp,
        ExecutableSourceOp,
        ExecutableSourceEndOp,
        ExecutableOp,
        ExecutableEndOp,
        ExecutableVariantOp,
        ExecutableVariantEndOp,
        ExecutableExportOp,
        ExecutableConstantBlockOp,
    ],
    [
        DeviceType,
        DescriptorTypeAttr,
        PipelineBindingAttr,
        PipelineLayoutAttr,
        ExecutableTargetAttr,
        ExecutableObjectAttr,
        ExecutableObjectsAttr,
    ],
)
