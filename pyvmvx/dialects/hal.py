"""The subset of IREE's `hal` dialect that the VMVX path and IREE's VMVX tests touch.

Executables (`hal.executable`, `.variant`, `.source`, `.export`, `.constant.block`), the
dispatch-interface ops a codegen'd function reads its inputs with (`hal.interface.*`,
`hal.executable.constant.load`), the `!hal.device` type and the attributes describing layouts,
targets and devices (`#hal.device.target`). Parse-level host ops of IREE's linking tests:
`hal.devices.get`, `hal.command_buffer.create`/`.dispatch`, `hal.executable.lookup` and
`hal.executable.export.ordinal`, with `!hal.command_buffer`, `!hal.executable`, `!hal.buffer`.

Custom syntax and generic form follow IREE 3.13 (`HALOps.td`/`HALAttrs.td`, checked against
`iree-opt`): inherent attributes are properties, bit-enum properties are integers as IREE
stores them (`descriptor_flags = 3 : i32`), and attributes of a known kind print without their
`#hal.<mnemonic>` prefix where IREE's declarative syntax allows it
(`hal.interface.binding.subspan layout(<bindings = [...]>)`), the full form and aliases being
accepted on input. `hal.executable.export` has IREE 3.13's two regions (workgroup count, then
condition), prints its layout in full, then `condition(...) -> i1 {...} fallback(@e)`,
`count(...) {...}`, the `<...>` property dictionary and `attributes {...}`.

Deliberate differences from IREE: the `hal.interface.workgroup.*` verifier rejects dimensions
above 2 with the error IREE only raises when lowering to VMVX; `hal.executable.export` also
reads the older bare-region form and inherent attributes in `attributes {...}`;
`hal.executable.constant.block` does not take argument or result attributes.
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
    DenseArrayBase,
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
    SymbolRefAttr,
    i1,
    i32,
    i64,
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
    operand_def,
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

from pyvmvx.dialects.properties import (
    ATTRIBUTE_FORM,
    INDEX_FORM,
    PropertyForms,
    parse_optional_properties,
    print_properties,
    stripped_form,
)

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
class CommandBufferType(ParametrizedAttribute, TypeAttribute):
    """`!hal.command_buffer`: a recorded sequence of device commands (host side)."""

    name = "hal.command_buffer"


@irdl_attr_definition
class ExecutableType(ParametrizedAttribute, TypeAttribute):
    """`!hal.executable`: an executable loaded on a device (host side)."""

    name = "hal.executable"


@irdl_attr_definition
class BufferType(ParametrizedAttribute, TypeAttribute):
    """`!hal.buffer`: a device buffer (host side)."""

    name = "hal.buffer"


@irdl_attr_definition
class BufferViewType(ParametrizedAttribute, TypeAttribute):
    """`!hal.buffer_view`: a buffer with an element type, encoding and shape (host side)."""

    name = "hal.buffer_view"


@irdl_attr_definition
class AllocatorType(ParametrizedAttribute, TypeAttribute):
    """`!hal.allocator`: a device's buffer allocator (host side)."""

    name = "hal.allocator"


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


UINT32_LIMIT = 1 << 32
"""Counts and sizes the module file stores as 32-bit unsigned integers stay below this."""


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
        if not 0 <= self.constants.data < UINT32_LIMIT:
            raise VerifyException(
                f"pipeline layout constant count must be in [0, 2^32), got {self.constants.data}"
            )

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
class DeviceTargetAttr(ParametrizedAttribute):
    """`#hal.device.target<"local"(, {config})?(, [#hal.executable.target<...>, ...])?> :
    !hal.device`: a device and the executable targets it can run, as listed in a module's
    `hal.device.targets`. The `: !hal.device` suffix is optional on input and always printed,
    as IREE does; another type there is an error (IREE silently replaces it)."""

    name = "hal.device.target"

    device_id: StringAttr
    configuration: DictionaryAttr
    executable_targets: ArrayAttr[ExecutableTargetAttr]

    def __init__(
        self,
        device_id: str,
        executable_targets: Sequence[ExecutableTargetAttr] = (),
        configuration: Mapping[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            StringAttr(device_id),
            DictionaryAttr(dict(configuration or {})),
            ArrayAttr(executable_targets),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        config = DictionaryAttr({})
        targets: Attribute = ArrayAttr(())
        with parser.in_angle_brackets():
            device_id = parser.parse_str_literal(" for the device id")
            entries: list[tuple[int, Attribute]] = []
            while len(entries) < 2 and parser.parse_optional_punctuation(","):
                entries.append((parser.pos, parser.parse_attribute()))
            if entries and isinstance(first := entries[0][1], DictionaryAttr):
                config = first
                entries.pop(0)
            if entries:
                start, targets = entries.pop(0)
                if entries or not (
                    isinstance(targets, ArrayAttr)
                    and all(isinstance(t, ExecutableTargetAttr) for t in targets.data)
                ):
                    parser.raise_error(
                        "expected a list of #hal.executable.target attributes", start, parser.pos
                    )
        if parser.parse_optional_punctuation(":"):
            start = parser.pos
            if not isinstance(parser.parse_type(), DeviceType):
                parser.raise_error("expected !hal.device", start, parser.pos)
        return [StringAttr(device_id), config, targets]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string_literal(self.device_id.data)
            if self.configuration.data:
                printer.print_string(", ")
                printer.print_attribute(self.configuration)
            if self.executable_targets.data:
                printer.print_string(", ")
                printer.print_attribute(self.executable_targets)
        printer.print_string(" : !hal.device")


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
    PROPERTIES: ClassVar[PropertyForms] = {}
    """Properties outside the syntax, printed in IREE 3.13's `<...>` after the clauses (the
    older spelling in `attributes {...}` still parses)."""

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
        clauses |= parse_optional_properties(parser, cls.PROPERTIES)
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
        print_properties(printer, self, self.PROPERTIES)
        _print_attr_dict(
            printer,
            self,
            ("sym_name", "sym_visibility", *self.CLAUSE_PROPS, *self.PROPERTIES),
            keyword=True,
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


def executable_modules(op: Operation) -> list[ModuleOp]:
    """Where executable code lives: the inner `builtin.module` of every
    `hal.executable.source` and `hal.executable.variant` under `op`, or `[op]` itself when
    there is none (a bare module of functions, as pass tests write them). The one definition
    of an executable pipeline's anchor; host pipelines run on the rest."""
    inner = [
        module
        for container in op.walk()
        if isinstance(container, _ExecutableContentsOp)
        if (module := container.inner_module) is not None
    ]
    if inner or not isinstance(op, ModuleOp):
        return inner
    return [op]


def export_of(function: Operation) -> ExecutableExportOp | None:
    """The `hal.executable.export` of a function of an executable's inner module (the export
    of the same name), if any."""
    module = function.parent_op()
    container = None if module is None else module.parent_op()
    name = function.properties.get("sym_name")
    if not isinstance(container, _ExecutableContentsOp) or not isinstance(name, StringAttr):
        return None
    return next((e for e in container.exports if e.symbol == name.data), None)


@irdl_op_definition
class ExecutableSourceOp(_ExecutableContentsOp):
    """`hal.executable.source public @name (<objects = <{...}>>)? { ... }`: a
    target-independent executable, as in IREE's HAL CTS test data."""

    name = "hal.executable.source"

    objects = opt_prop_def(ExecutableObjectsAttr)
    PROPERTIES: ClassVar[PropertyForms] = {"objects": stripped_form(ExecutableObjectsAttr)}

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
    """`hal.executable.export public @name (ordinal(N))? layout(#hal.pipeline.layout<...>)
    (condition(%device: !hal.device, ...) -> i1 {...} fallback(@other))?
    (count(%device: !hal.device, %w: index...) -> (index, index, index) {...})?
    (<workgroup_size = [...], ...>)? (attributes {...})?`: an entry point, the computation of
    its workgroup count, and an optional condition selecting it over a fallback export.

    IREE 3.13's op has two regions in this order: the workgroup count, then the condition.
    """

    name = "hal.executable.export"

    sym_visibility = opt_prop_def(StringAttr)
    sym_name = prop_def(StringAttr)
    ordinal = opt_prop_def(IntegerAttr[IndexType])
    layout = prop_def(PipelineLayoutAttr)
    condition_fallback = opt_prop_def(SymbolRefAttr)
    workgroup_size = opt_prop_def(ArrayAttr[IntegerAttr[IndexType]])
    subgroup_size = opt_prop_def(IntegerAttr[IndexType])
    workgroup_local_memory = opt_prop_def(IntegerAttr[IndexType])
    source_locs = opt_prop_def(DictionaryAttr)
    workgroup_count = region_def()
    condition = region_def()

    traits = traits_def(
        IsolatedFromAbove(),
        HasParent(ExecutableSourceOp, ExecutableVariantOp),
        SymbolOpInterface(),
    )

    PROPERTIES: ClassVar[PropertyForms] = {
        "workgroup_size": ATTRIBUTE_FORM,
        "subgroup_size": INDEX_FORM,
        "workgroup_local_memory": INDEX_FORM,
        "source_locs": ATTRIBUTE_FORM,
    }
    """Properties IREE prints in the `<...>` dictionary, in declaration order."""

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
            regions=[Region() if workgroup_count is None else workgroup_count, Region()],
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
    def condition_block(self) -> Block | None:
        return self.condition.blocks.first

    @property
    def workgroup_local_memory_bytes(self) -> int | None:
        return _optional_int(self.workgroup_local_memory)

    def verify_(self) -> None:
        # Entry-point metadata is 32-bit in the module file; refuse here what the loader would.
        sizes = [] if self.workgroup_size is None else self.workgroup_size.data
        if len(sizes) > 3 or not all(0 < size.value.data < UINT32_LIMIT for size in sizes):
            raise VerifyException(
                "workgroup_size must be at most 3 sizes in [1, 2^32), got "
                f"{[size.value.data for size in sizes]}"
            )
        memory = self.workgroup_local_memory_bytes
        if memory is not None and not 0 <= memory < UINT32_LIMIT:
            raise VerifyException(f"workgroup_local_memory must be in [0, 2^32), got {memory}")
        for what, region in (
            ("workgroup_count", self.workgroup_count),
            ("condition region", self.condition),
        ):
            if (body := region.blocks.first) is None:
                continue
            if len(region.blocks) != 1:
                raise VerifyException(f"expected a single block in the {what}")
            if not _takes_device_and_workload(body):
                raise VerifyException(
                    f"expected {what} to take (%device: !hal.device, "
                    "%workload_0: index, %workload_1: index, ..."
                )
        if (count := self.workgroup_count_block) is not None:
            returned = _returned_types(count)
            if (
                returned is None
                or len(returned) != 3
                or not all(isinstance(t, IndexType) for t in returned)
            ):
                raise VerifyException(
                    "workgroup count region must return the XYZ dimension counts as `index` types"
                )
        if (condition := self.condition_block) is not None:
            if _returned_types(condition) != [i1]:
                raise VerifyException("condition region must return a boolean value")
            if self.condition_fallback is None:
                raise VerifyException("must have a fallback if a condition region is defined")
            self._verify_fallback(self.condition_fallback)
        elif self.condition_fallback is not None:
            raise VerifyException("fallback must only be present if a condition region is defined")

    def _verify_fallback(self, fallback: SymbolRefAttr) -> None:
        parent = self.parent_op()
        target = (
            None if parent is None else SymbolTable.lookup_symbol(parent, fallback.string_value())
        )
        if not isinstance(target, ExecutableExportOp):
            raise VerifyException(f"undefined fallback entry point: {fallback}")

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
        condition = Region()
        if parser.parse_optional_keyword("condition"):
            condition = _parse_function_region(
                parser, [i1], "condition region must return a boolean value"
            )
        if parser.parse_optional_keyword("fallback"):
            with parser.in_parens():
                entries["condition_fallback"] = parser.parse_attribute()
        if parser.parse_optional_keyword("count"):
            count = _parse_function_region(
                parser, [_INDEX] * 3, "workgroup count region must return the XYZ dimension counts"
            )
        else:
            count = parser.parse_optional_region() or Region()
        entries.update(parse_optional_properties(parser, cls.PROPERTIES))
        if (late := parser.parse_optional_attr_dict_with_keyword()) is not None:
            entries.update(late.data)
        props, attrs = _split_properties(cls, entries)
        props.update({"sym_name": sym_name, "layout": layout})
        if visibility is not None:
            props["sym_visibility"] = visibility
        if ordinal is not None:
            props["ordinal"] = _index_attr(ordinal)
        return cls.create(properties=props, attributes=attrs, regions=[count, condition])

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_visibility(self) or 'public'} ")
        printer.print_symbol_name(self.sym_name.data)
        if (ordinal := self.ordinal_index) is not None:
            printer.print_string(f" ordinal({ordinal})")
        printer.print_string(" layout(")
        printer.print_attribute(self.layout)
        printer.print_string(")")
        if self.condition_block is not None:
            printer.print_string(" condition")
            _print_function_region(printer, self.condition, [i1])
        if self.condition_fallback is not None:
            printer.print_string(" fallback(")
            printer.print_attribute(self.condition_fallback)
            printer.print_string(")")
        if self.workgroup_count_block is not None:
            printer.print_string(" count")
            _print_function_region(printer, self.workgroup_count, [_INDEX] * 3)
        print_properties(printer, self, self.PROPERTIES)
        skip = ("sym_name", "sym_visibility", "ordinal", "layout", "condition_fallback")
        _print_attr_dict(printer, self, (*skip, *self.PROPERTIES), keyword=True)


def _takes_device_and_workload(block: Block) -> bool:
    args = block.args
    return (
        bool(args)
        and isinstance(args[0].type, DeviceType)
        and all(isinstance(a.type, IndexType) for a in args[1:])
    )


def _returned_types(block: Block) -> list[Attribute] | None:
    terminator = block.last_op
    return [v.type for v in terminator.values] if isinstance(terminator, ReturnOp) else None


def _parse_function_region(parser: Parser, results: Sequence[Attribute], error: str) -> Region:
    """`(%device: !hal.device, %w: index, ...) -> (types) {...}` with the given result types."""
    args = parser.parse_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_argument)
    parser.parse_punctuation("->")
    start = parser.pos
    paren = parser.parse_optional_comma_separated_list(Parser.Delimiter.PAREN, parser.parse_type)
    types = [parser.parse_type()] if paren is None else paren
    if types != list(results):
        parser.raise_error(error, start, parser.pos)
    return parser.parse_region(args)


def _print_function_region(printer: Printer, region: Region, results: Sequence[Attribute]) -> None:
    body = region.blocks.first
    assert body is not None
    _print_region_arguments(printer, body)
    printer.print_string(" -> ")
    if len(results) == 1:
        printer.print_attribute(results[0])
    else:
        with printer.in_parens():
            printer.print_list(results, printer.print_attribute)
    printer.print_string(" ")
    printer.print_region(region, print_entry_block_args=False)


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


# ---------------------------------------------------------------------------------------------
# Host ops (parse-level: what IREE's host-side test inputs use)
# ---------------------------------------------------------------------------------------------


class CommandBufferModes(enum.IntFlag):
    """`HAL_CommandBufferModeBitfield` bits; member names are IREE's spellings."""

    OneShot = 1
    Nested = 2
    AllowInlineExecution = 16


class CommandCategories(enum.IntFlag):
    """`HAL_CommandCategoryBitfield` bits."""

    Transfer = 1
    Dispatch = 2


class DispatchFlags(enum.IntFlag):
    """`HAL_DispatchFlags` bits."""

    Reserved = 1


def _print_op_bit_enum(printer: Printer, value: enum.IntFlag) -> None:
    """A bit enum inside op syntax as MLIR prints it there: `"None"` quoted when empty."""
    if value:
        _print_bit_enum(printer, value)
    else:
        printer.print_string_literal("None")


def _parse_enum_clause(parser: Parser, keyword: str, enum_type: type[_FlagT]) -> _FlagT:
    parser.parse_keyword(keyword)
    with parser.in_parens():
        return _parse_bit_enum(parser, enum_type)


def _parse_typed_operand(parser: Parser) -> SSAValue:
    """`%v : type`."""
    operand = parser.parse_unresolved_operand()
    parser.parse_punctuation(":")
    return parser.resolve_operand(operand, parser.parse_type())


def _parse_typed_operand_clause(parser: Parser, keyword: str) -> SSAValue:
    """`keyword(%v : type)`."""
    parser.parse_keyword(keyword)
    with parser.in_parens():
        return _parse_typed_operand(parser)


def _print_typed_operand(printer: Printer, value: SSAValue) -> None:
    printer.print_operand(value)
    printer.print_string(" : ")
    printer.print_attribute(value.type)


@irdl_op_definition
class DevicesGetOp(IRDLOperation):
    """`hal.devices.get %index : !hal.device`: the device with the given index."""

    name = "hal.devices.get"

    index = operand_def(IndexType)
    result = result_def(DeviceType)

    traits = traits_def(Pure())

    assembly_format = "$index attr-dict `:` type($result)"

    def __init__(self, index: SSAValue) -> None:
        super().__init__(operands=[index], result_types=[DeviceType()])


@irdl_op_definition
class CommandBufferCreateOp(IRDLOperation):
    """`hal.command_buffer.create device(%d : !hal.device) mode(OneShot)
    categories("Transfer|Dispatch") affinity(%a) (bindings(%n))? : !hal.command_buffer`."""

    name = "hal.command_buffer.create"

    device = operand_def(DeviceType)
    queue_affinity = operand_def(i64)
    binding_capacity = opt_operand_def(IndexType)
    modes = prop_def(IntegerAttr[IntegerType])
    command_categories = prop_def(IntegerAttr[IntegerType])
    result = result_def(CommandBufferType)

    def __init__(
        self,
        device: SSAValue,
        queue_affinity: SSAValue,
        modes: CommandBufferModes,
        categories: CommandCategories,
        binding_capacity: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[
                device,
                queue_affinity,
                [] if binding_capacity is None else [binding_capacity],
            ],
            result_types=[CommandBufferType()],
            properties={
                "modes": IntegerAttr(int(modes), i32),
                "command_categories": IntegerAttr(int(categories), i32),
            },
        )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        device = _parse_typed_operand_clause(parser, "device")
        modes = _parse_enum_clause(parser, "mode", CommandBufferModes)
        categories = _parse_enum_clause(parser, "categories", CommandCategories)
        parser.parse_keyword("affinity")
        with parser.in_parens():
            affinity = parser.parse_operand(i64)
        capacity = None
        if parser.parse_optional_keyword("bindings"):
            with parser.in_parens():
                capacity = parser.parse_operand(IndexType())
        parser.parse_punctuation(":")
        start = parser.pos
        if not isinstance(parser.parse_type(), CommandBufferType):
            parser.raise_error("expected !hal.command_buffer", start, parser.pos)
        op = cls(device, affinity, modes, categories, capacity)
        _add_attr_dict(parser, op)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" device(")
        _print_typed_operand(printer, self.device)
        printer.print_string(") mode(")
        _print_op_bit_enum(printer, CommandBufferModes(self.modes.value.data))
        printer.print_string(") categories(")
        _print_op_bit_enum(printer, CommandCategories(self.command_categories.value.data))
        printer.print_string(") affinity(")
        printer.print_operand(self.queue_affinity)
        printer.print_string(")")
        if self.binding_capacity is not None:
            printer.print_string(" bindings(")
            printer.print_operand(self.binding_capacity)
            printer.print_string(")")
        printer.print_string(" : ")
        printer.print_attribute(self.result.type)
        _print_attr_dict(printer, self, ("modes", "command_categories"), keyword=True)


def _add_attr_dict(parser: Parser, op: Operation) -> None:
    """Parse `attributes {...}` into `op`'s properties (inherent names) and attributes."""
    attr_dict = parser.parse_optional_attr_dict_with_keyword()
    if attr_dict is not None:
        assert isinstance(op, IRDLOperation)
        props, attrs = _split_properties(type(op), attr_dict.data)
        op.properties.update(props)
        op.attributes.update(attrs)


@irdl_op_definition
class ExecutableLookupOp(IRDLOperation):
    """`hal.executable.lookup device(%d : !hal.device) executable(@exe) : !hal.executable`:
    the loaded form of an executable on a device."""

    name = "hal.executable.lookup"

    device = operand_def(DeviceType)
    executable = prop_def(SymbolRefAttr)
    result = result_def(ExecutableType)

    traits = traits_def(Pure())

    assembly_format = (
        "`device` `(` $device `:` type($device) `)` `executable` `(` $executable `)` "
        "`:` type($result) attr-dict-with-keyword"
    )

    def verify_(self) -> None:
        if self.executable.nested_references.data:
            raise VerifyException(f"expected a flat symbol reference, got {self.executable}")


@irdl_op_definition
class ExecutableExportOrdinalOp(IRDLOperation):
    """`hal.executable.export.ordinal target(@exe::@variant::@export) : index`: the ordinal
    an export gets once ordinals are assigned."""

    name = "hal.executable.export.ordinal"

    entry_point = prop_def(SymbolRefAttr)
    result = result_def(IndexType)

    traits = traits_def(Pure())

    assembly_format = "`target` `(` $entry_point `)` `:` type($result) attr-dict-with-keyword"


_BINDING_BUFFER = base(IndexType) | base(BufferType)


@irdl_op_definition
class CommandBufferDispatchOp(IRDLOperation):
    """`hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe :
    !hal.executable)[%ordinal] workgroups([%x, %y, %z]) (constants([...]))? bindings([
    (%buffer : !hal.buffer)[%offset, %length], ...]) flags(F)`: record a dispatch.

    A binding buffer is a `!hal.buffer` or an `index` slot of the binding table. IREE 3.13
    cannot read back its own print of an empty binding list (`bindings([\\n])`); pyvmvx
    prints `bindings([])`, which it reads.
    """

    name = "hal.command_buffer.dispatch"

    command_buffer = operand_def(CommandBufferType)
    executable = operand_def(ExecutableType)
    entry_point = operand_def(i64)
    workgroup_x = operand_def(IndexType)
    workgroup_y = operand_def(IndexType)
    workgroup_z = operand_def(IndexType)
    constants = var_operand_def(i32)
    binding_buffers = var_operand_def(_BINDING_BUFFER)
    binding_offsets = var_operand_def(IndexType)
    binding_lengths = var_operand_def(IndexType)
    flags = prop_def(IntegerAttr[IntegerType])

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def verify_(self) -> None:
        counts = {len(self.binding_buffers), len(self.binding_offsets), len(self.binding_lengths)}
        if len(counts) != 1:
            raise VerifyException(
                "requires that binding fields all have the same number of elements"
            )

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        with parser.in_angle_brackets():
            command_buffer = _parse_typed_operand(parser)
        executable = _parse_typed_operand_clause(parser, "target")
        with parser.in_square_brackets():
            entry_point = parser.parse_operand(i64)
        parser.parse_keyword("workgroups")
        with parser.in_parens():
            workgroups = parser.parse_comma_separated_list(
                Parser.Delimiter.SQUARE, lambda: parser.parse_operand(IndexType())
            )
        if len(workgroups) != 3:
            parser.raise_error("expected three workgroup counts (x, y, z)")
        constants: list[SSAValue] = []
        if parser.parse_optional_keyword("constants"):
            with parser.in_parens():
                constants = parser.parse_comma_separated_list(
                    Parser.Delimiter.SQUARE, lambda: parser.parse_operand(i32)
                )
        parser.parse_keyword("bindings")
        with parser.in_parens():
            bindings = parser.parse_comma_separated_list(
                Parser.Delimiter.SQUARE, lambda: cls._parse_binding(parser)
            )
        flags = _parse_enum_clause(parser, "flags", DispatchFlags)
        op = cls.create(
            operands=[
                command_buffer,
                executable,
                entry_point,
                *workgroups,
                *constants,
                *(b[0] for b in bindings),
                *(b[1] for b in bindings),
                *(b[2] for b in bindings),
            ],
            properties={
                "flags": IntegerAttr(int(flags), i64),
                "operandSegmentSizes": DenseArrayBase.from_list(
                    i32, [1, 1, 1, 1, 1, 1, len(constants), *([len(bindings)] * 3)]
                ),
            },
        )
        _add_attr_dict(parser, op)
        return op

    @staticmethod
    def _parse_binding(parser: Parser) -> tuple[SSAValue, SSAValue, SSAValue]:
        """`(%buffer : type)[%offset, %length]`."""
        with parser.in_parens():
            buffer = _parse_typed_operand(parser)
        with parser.in_square_brackets():
            offset = parser.parse_operand(IndexType())
            parser.parse_punctuation(",")
            length = parser.parse_operand(IndexType())
        return buffer, offset, length

    def print(self, printer: Printer) -> None:
        printer.print_string("<")
        _print_typed_operand(printer, self.command_buffer)
        printer.print_string("> target(")
        _print_typed_operand(printer, self.executable)
        printer.print_string(")[")
        printer.print_operand(self.entry_point)
        printer.print_string("] workgroups([")
        printer.print_list(
            (self.workgroup_x, self.workgroup_y, self.workgroup_z), printer.print_operand
        )
        printer.print_string("])")
        if self.constants:
            printer.print_string(" constants([")
            printer.print_list(self.constants, printer.print_operand)
            printer.print_string("])")
        printer.print_string(" bindings([")
        printer.print_list(
            zip(self.binding_buffers, self.binding_offsets, self.binding_lengths, strict=True),
            lambda binding: self._print_binding(printer, *binding),
        )
        printer.print_string("]) flags(")
        _print_op_bit_enum(printer, DispatchFlags(self.flags.value.data))
        printer.print_string(")")
        _print_attr_dict(printer, self, ("flags", "operandSegmentSizes"), keyword=True)

    @staticmethod
    def _print_binding(
        printer: Printer, buffer: SSAValue, offset: SSAValue, length: SSAValue
    ) -> None:
        printer.print_string("(")
        _print_typed_operand(printer, buffer)
        printer.print_string(")[")
        printer.print_list((offset, length), printer.print_operand)
        printer.print_string("]")


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
        DevicesGetOp,
        CommandBufferCreateOp,
        CommandBufferDispatchOp,
        ExecutableLookupOp,
        ExecutableExportOrdinalOp,
    ],
    [
        DeviceType,
        CommandBufferType,
        ExecutableType,
        BufferType,
        BufferViewType,
        AllocatorType,
        DeviceTargetAttr,
        DescriptorTypeAttr,
        PipelineBindingAttr,
        PipelineLayoutAttr,
        ExecutableTargetAttr,
        ExecutableObjectAttr,
        ExecutableObjectsAttr,
    ],
)
